"""moves.reach remembers recent answers (#9: the frame applying an AI's move searched the same
position's reach three times, 20-40 ms): every answer it gives is the search's own."""
from __future__ import annotations

from game.engine.ai.runner import example_match
from game.engine.match import Match
from game.engine.systems.gu_masters import moves
from tests.randomplay import positions


def _searched_anew(state, c, budget):
    """The search with nothing remembered: no reach answer, no board step table."""
    kept = moves._walks_of
    moves._walks_of = lambda _board: moves._Walks()
    try:
        return moves._search_reach(state, c, budget)
    finally:
        moves._walks_of = kept


def test_every_remembered_reach_is_what_a_new_search_finds():
    served = checked = 0
    for m in positions("gu_masters", 4, 400):
        state = m.state
        for c in state.living():
            budget = moves.movement_now(state, c)
            if budget <= 0:
                assert moves.reach(state, c) == {}
                continue
            first = moves.reach(state, c)
            served += moves.reach(state, c) is first
            assert first == _searched_anew(state, c, budget), (len(m.log), c.id)
            checked += 1
    assert checked > 100 and served == checked        # the second ask is the first's answer
    assert len(moves._walks_of(m.state.board).reached) <= moves.REACHED_KEPT


def test_the_memo_keeps_its_newest_answers_within_its_bound(monkeypatch):
    monkeypatch.setattr(moves, "REACHED_KEPT", 4)
    m = Match.new(example_match("gu_masters", 5, None, ("random", "random")))
    state = m.state
    reached = moves._walks_of(state.board).reached
    reached.clear()
    c = next(c for c in state.living() if moves.movement_now(state, c) > 2)
    answers = [moves.reach(state, c, b) for b in range(1, 7)]
    assert len(reached) == 4
    assert [k[3] for k in reached] == [3, 4, 5, 6]          # budgets: the oldest went
    assert moves.reach(state, c, 6) is answers[-1]

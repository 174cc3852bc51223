"""moves.reach keeps recent answers per map (#9: the frame applying an AI's move searched up to
nine walks, 20 ms): every answer it gives is the search's own."""
from __future__ import annotations

from game.engine.ai.runner import example_match
from game.engine.match import Match
from game.engine.systems.rpgstuck import arith, moves
from tests.randomplay import positions


def test_every_remembered_reach_is_what_a_new_search_finds():
    checked = served = 0
    for m in positions("rpgstuck", 4, 400):
        state = m.state
        for c in state.creatures.values():
            if not c.up:
                continue
            blocked = arith._others(state, c, "", known_only=True)
            args = (arith.field(state), (c.x, c.y), 30, arith.move_rules(state, c), blocked)
            first = moves.reach(*args)
            served += moves.reach(*args) is first
            assert first == moves._reach(*args), (len(m.log), c.id)
            checked += 1
    assert checked > 100 and served == checked
    assert len(arith.field(m.state).cache["reach"]) <= moves.REACHES_KEPT


def test_the_field_keeps_its_newest_answers_within_the_bound(monkeypatch):
    monkeypatch.setattr(moves, "REACHES_KEPT", 3)
    m = Match.new(example_match("rpgstuck", 5, None, ("random", "random")))
    state = m.state
    c = next(c for c in state.creatures.values() if c.up)
    f = arith.field(state)
    f.cache.pop("reach", None)
    answers = [moves.reach(f, (c.x, c.y), b, arith.move_rules(state, c)) for b in (5, 10, 15, 20)]
    assert [k[1] for k in f.cache["reach"]] == [10, 15, 20]          # the oldest went
    assert moves.reach(f, (c.x, c.y), 20, arith.move_rules(state, c)) is answers[-1]

"""What bindings derives from a board once and remembers (movement tables, reach, sight) gives
the answers worked out from nothing: the speed-ups change no rule (BND-51..57 paths, BND-84..93
sight)."""
from __future__ import annotations

import copy

import pytest

from game.engine.ai.base import playable
from game.engine.ai.runner import example_match
from game.engine.match import Match
from game.engine.rng import Rng
from game.engine.systems.bindings import movement
from game.engine.systems.bindings.boardcache import forget
from game.engine.systems.bindings.sight import Viewer, can_see, sight
from game.engine.tactics.reach import hex_reach

MAPS = ["bindings_pass.tmx", "bindings_grove.tmx", "hex_crossing.tmx", None]


def _positions(map_name: str | None, seed: int, actions: int):
    """Positions of a random-legal game (the match itself, after each action)."""
    m = Match.new(example_match("bindings", seed, map_name, ("random", "random")))
    pick = Rng.from_seed(seed)
    for _ in range(actions):
        if m.over:
            return
        yield m
        legal = playable(m.legal_actions())
        m.submit(legal[pick.randint(0, len(legal) - 1)])


@pytest.mark.rule("BND-51")
@pytest.mark.parametrize("map_name", MAPS)
def test_the_movement_search_finds_the_paths_hex_reach_finds(map_name):
    """movement._search reads per-board tables but must settle ties exactly as hex_reach does,
    or a MoveTo would walk another (equally cheap) path than the recorded games."""
    m = Match.new(example_match("bindings", 3, map_name, ("random", "random")))
    state = m.state
    board = state.board
    terrain = movement._terrain(state)
    for kinds in ((False, True), (True, False), (True, True)):
        price = terrain.price[kinds]
        shut = {(c.x, c.y) for c in state.combatants.values() if c.side == 1}
        starts = [h for h in board.coords() if price[h] is not None and h not in shut][::7]
        for start in starts:
            for allowance in (1, 4, 9):
                costs, parents = movement._search(terrain.neighbours, price, shut, start,
                                                  allowance)
                trails = movement._Reach(dict.fromkeys(costs), parents)

                def cost(_a, b):
                    return None if b in shut else price[b]
                want = hex_reach(movement.layout(state), start, allowance, cost, board.width,
                                 board.height)
                assert costs == want.costs
                assert list(costs) == list(want.costs)          # the same discovery order
                assert {h: trails[h] for h in costs} == \
                    {h: tuple(want.path_to(h)[1:]) for h in want.costs}
                assert trails[start] == () and len(trails) == len(costs)


@pytest.mark.rule("BND-51")
@pytest.mark.rule("BND-84")
@pytest.mark.parametrize("map_name", MAPS)
def test_remembered_reach_and_sight_equal_answers_worked_out_afresh(map_name):
    for m in _positions(map_name, 11, 120):
        state = m.state
        legal = m.legal_actions()
        cid = state.acting
        remembered_reach = {}
        if cid is not None and not state.pending:
            for mode in (*movement.MODES, None):
                remembered_reach[mode] = dict(movement.reachable(state, cid, mode))
        hexes = [(c.x, c.y) for c in state.combatants.values()]
        remembered_sight = {(a, b): (sight(state, a, b), can_see(state, a, b))
                            for a in hexes for b in hexes}
        forget(state.board)
        assert state.board is not None
        fresh = Viewer(state)
        for (a, b), (s, seen) in remembered_sight.items():
            assert s == fresh.sight(a, b)
            assert seen == s.can_see
        for mode, got in remembered_reach.items():
            assert got == movement.reachable(state, cid, mode)
        m.edited()
        assert m.legal_actions() == legal


def test_forget_drops_what_was_read_from_an_edited_board():
    m = Match.new(example_match("bindings", 2, None, ("random", "random")))
    state = m.state
    state.board = copy.deepcopy(state.board)     # loaded maps are shared: edit a copy
    a, b = [(c.x, c.y) for c in state.combatants.values()][:2]
    before = sight(state, a, b)
    assert before.can_see
    lay = movement.layout(state)
    assert lay.distance(a, b) >= 2
    # wall the target in: a hand edit the remembered board data cannot notice by itself
    for h in lay.neighbours(*b):
        if state.board.in_bounds(*h):
            state.board.cells[h[1]][h[0]]["solid"] = True
    assert sight(state, a, b) == before                   # still the remembered answer
    forget(state.board)
    assert not sight(state, a, b).can_see
    assert sight(state, a, b) == Viewer(state).sight(a, b)

"""What one legal listing reads once and shares between its parts (issue #9): the movement Ground
shared by every mode's reach, the modes checked together, the lines a veil-only Viewer takes from
the bare board's, and the place targets and actions kept per board. Each shared answer is checked
against the answer worked out on its own, along seeded random games and with veils and walls
standing."""
from __future__ import annotations

import pytest

from game import paths
from game.engine.ai.base import playable
from game.engine.ai.runner import example_match
from game.engine.boards.hex import HexLayout
from game.engine.boards.tmx import load_board
from game.engine.match import Match
from game.engine.rng import Rng
from game.engine.systems.bindings import combat, movement, rules
from game.engine.systems.bindings.actions import StartMovement
from game.engine.systems.bindings import sight as S
from game.engine.systems.bindings.boardcache import forget
from game.engine.systems.bindings.state import BindingsState, Feature

MAPS = ("bindings_pass.tmx", "bindings_grove.tmx")


def _positions(map_name: str, seed: int, actions: int):
    """The acting positions of a seeded random-legal game (the engine benchmark's games)."""
    m = Match.new(example_match("bindings", seed, map_name, ("random", "random")))
    pick = Rng.from_seed(seed)
    while not m.over and len(m.log) < actions:
        if not m.state.pending and m.state.opening is None and m.state.acting is not None:
            yield m
        pool = playable(m.legal_actions())
        m.submit(pool[pick.randint(0, len(pool) - 1)])


@pytest.mark.rule("BND-07")
@pytest.mark.rule("BND-51")
@pytest.mark.rule("BND-56")
@pytest.mark.parametrize("map_name", MAPS)
def test_a_listing_reads_the_position_once_and_lists_what_each_mode_reaches_on_its_own(map_name):
    checked = 0
    for m in _positions(map_name, 3, 80):
        s, cid = m.state, m.state.acting
        c = s.combatants[cid]
        # the modes a listing starts are those can_start allows one by one
        assert movement.startable_modes(s, c) == [
            mode for mode in movement.MODES if movement.can_start(s, c, mode)]
        ground = movement.Ground(s, cid)
        shared = {mode: dict(movement.reachable(s, cid, mode, ground))
                  for mode in (*movement.MODES, None)}
        forget(s.board)                # nothing remembered: every mode searched on its own
        for mode, got in shared.items():
            assert got == movement.reachable(s, cid, mode), (mode, cid)
        listed = [(a.mode, a.to) for a in rules.turn_actions(s, cid)
                  if isinstance(a, StartMovement)]
        for mode in movement.startable_modes(s, c):
            ends = sorted(movement.reachable(s, cid, mode))
            assert [to for md, to in listed if md == mode] == (
                ends if mode == "step" else [(c.x, c.y)] + ends)
        checked += 1
    assert checked > 15


@pytest.mark.rule("BND-84")
@pytest.mark.parametrize("map_name", MAPS)
def test_with_only_veils_standing_lines_are_the_bare_boards_and_walls_take_them_away(map_name):
    board = load_board(paths.maps_dir() / map_name)
    forget(board)
    lay = HexLayout.from_board(board)
    cells = [c for c in board.coords() if not board.prop(*c, "solid", False)]
    centre = cells[len(cells) // 2]
    veil = Feature("v", "veil", "x", "m", cells=[list(h) for h in lay.area(centre, 1)
                                                 if board.in_bounds(*h)], conceal=1, until=-1)
    # a wall all round one hex: no line reaches it from outside
    inner = cells[len(cells) // 3]
    wall_hexes = [h for h in lay.ring(inner, 1) if board.in_bounds(*h)]
    wall = Feature("w", "wall", "x", "m", cells=[list(h) for h in wall_hexes], until=-1)
    state = BindingsState(combatants={}, order=[], house={}, board=board)
    pairs = [(cells[i], cells[j]) for i in range(0, len(cells), 7)
             for j in range(3, len(cells), 11) if i != j]
    pairs += [(inner, h) for h in cells[::5] if h != inner and h not in wall_hexes]
    for features, shares in (([veil], True), ([veil, wall], False)):
        state.features = features
        shared = S.viewer(state)
        assert (shared._lines is not None) == shares
        own = S.Viewer(state)                     # a Viewer of its own: every line worked out
        for a, b in pairs:
            assert shared.can_see(a, b) == own.can_see(a, b) == own.sight(a, b).can_see, (a, b)
        if not shares:
            # the wall stops some line the veil alone leaves open
            bare = S.Viewer(BindingsState(combatants={}, order=[], house={}, board=board))
            assert any(bare.can_see(a, b) and not own.can_see(a, b) for a, b in pairs)


@pytest.mark.rule("BND-82")
def test_place_targets_kept_per_board_are_the_open_hexes_in_range():
    placed = [mid for mid, md in combat.content_mod.content_of(
        next(_positions(MAPS[0], 5, 10)).state).moves.items() if md.kind in ("structure", "area")]
    assert placed
    checked = 0
    for m in _positions(MAPS[0], 5, 60):
        s, c = m.state, m.state.combatants[m.state.acting]
        lay = HexLayout.from_board(s.board)
        for mid in placed:
            md = combat.move_of(s, mid)
            want = [h for h in lay.area((c.x, c.y), md.range_ft // combat.FT_PER_HEX)
                    if s.board.in_bounds(*h) and not s.board.prop(*h, "solid", False)]
            got = combat.place_targets(s, c, md)
            assert got == want
            got.append((-1, -1))                 # the caller's list is its own to change
            assert combat.place_targets(s, c, md) == want
            checked += 1
    assert checked


@pytest.mark.parametrize("map_name", MAPS)
def test_the_seat_a_listing_names_is_the_deciding_seat(map_name):
    """legal_actions asks only who decides (rules.deciding_seat), not the whole Decision with its
    prompt: along a random game, openings, stages and turns included, both name the same seat,
    and the listing's Concede is that seat's."""
    m = Match.new(example_match("bindings", 3, map_name, ("random", "random")))
    pick = Rng.from_seed(3)
    kinds = set()
    while not m.over and len(m.log) < 3000:
        d = rules.decision(m.state)
        assert rules.deciding_seat(m.state) == (d.seat if d is not None else None)
        legal = m.legal_actions()
        assert legal[-1].seat == d.seat
        kinds.add("pending" if m.state.pending else "opening" if m.state.opening else "turn")
        pool = playable(legal)
        m.submit(pool[pick.randint(0, len(pool) - 1)])
    assert kinds >= {"pending", "turn"}


@pytest.mark.parametrize("map_name", MAPS)
def test_a_remembered_search_holds_nothing_the_garbage_collector_must_walk(map_name):
    # a young collection walks every watched container made since the last one: the searches
    # and reaches a listing remembers are made of the board's hex tuples and numbers, which
    # need no watching once a pass has looked at them, unless a new tuple for the mover's hex
    # starts them (then each one was walked by every young and middle pass)
    import gc
    from game.engine.systems.bindings.movement import _terrain

    m = Match.new(example_match("bindings", 2, map_name, ("random", "random")))
    gc.collect()                   # as runtime.settle does: the board's tuples stop being watched
    s = m.state
    cid = next(c.id for c in s.combatants.values() if not c.down)
    terrain = _terrain(s)
    terrain.searches.clear()
    terrain.reach.clear()
    ground = movement.Ground(s, cid)
    assert ground.start == (s.combatants[cid].x, s.combatants[cid].y)
    assert not gc.is_tracked(ground.start)
    reach = movement.reachable(s, cid, "move", ground)
    assert len(reach) > 0
    assert terrain.searches, "the move's search is remembered"
    for _allowance, costs, parents in terrain.searches.values():
        assert len(costs) > 1 and not gc.is_tracked(costs)
        assert not gc.is_tracked(parents)

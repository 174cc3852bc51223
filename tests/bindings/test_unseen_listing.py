"""The fast listing of guessable hexes (BND-91, BND-93) against sight() hex by hex: the same hexes
in the same order (ring by ring, as cube_area walks them: the legal list, and so every seeded
game, depends on the order), with walls and veils that come and go, and with reaches that span
the whole map. Also the bounds of what the listing remembers."""
from __future__ import annotations

import pytest

from game import paths
from game.engine.boards.hex import HexLayout, cube_area, cube_distance, cube_ring
from game.engine.boards.tmx import load_board
from game.engine.tactics import hexsight as hs
from game.engine.systems.bindings import sight as S
from game.engine.systems.bindings.boardcache import forget
from game.engine.systems.bindings.state import BindingsState, Feature

MAPS = sorted(paths.maps_dir().glob("bindings_*.tmx"))


def test_ring_index_is_the_place_in_cube_ring():
    origin = (0, 0, 0)
    for radius in range(0, 13):
        for i, c in enumerate(cube_ring(origin, radius)):
            assert S._ring_index(c[0], c[1], radius) == i, (radius, c)


def _want(view: S.Viewer, lay: HexLayout, board, src, reach: int, walls: set) -> list:
    """What sight() says, hex by hex, in cube_area's order."""
    out = []
    for c in cube_area(lay.to_cube(*src), reach):
        h = lay.from_cube(c)
        if h == src or not board.in_bounds(*h) or board.prop(*h, "solid", False) or h in walls:
            continue
        s = view.sight(src, h)
        if s.can_see and s.concealment >= S.TOTAL_CONCEALMENT:
            out.append(h)
    return out


@pytest.mark.rule("BND-91")
@pytest.mark.rule("BND-93")
@pytest.mark.rule("BND-GM-19")
@pytest.mark.rule("BND-GM-23")
@pytest.mark.parametrize("house", [{}, {"graze_blocks": True, "concealment_line": "centre"},
                                   {"concealment_line": "centre"}],
                         ids=["defaults", "grazes-block-centre-line", "centre-line"])
@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_the_listing_is_sights_answer_in_ring_order_as_walls_and_veils_come_and_go(path, house):
    board = load_board(path)
    forget(board)
    lay = HexLayout.from_board(board)
    state = BindingsState(combatants={}, order=[], house=dict(house), board=board)
    cells = [c for c in board.coords() if not board.prop(*c, "solid", False)]
    reach_all = board.width + board.height           # further than any two hexes are apart
    hidden = 0
    for k, src in enumerate(cells[::23]):
        # a different veil and wall each time (the bare board's answers are reused), and
        # sometimes none at all
        centre = cells[(k * 31) % len(cells)]
        wall = cells[(k * 17 + 5) % len(cells)]
        state.features = [] if k % 4 == 3 else [
            Feature("v1", "veil", "x", "m", cells=[list(h) for h in lay.area(centre, 1)],
                    conceal=1 + k % 2, until=-1),
            Feature("w1", "wall", "x", "m", cells=[list(wall)], until=-1)]
        walls = {tuple(wall)} if state.features else set()
        view = S.Viewer(state)
        for reach in (3, 8, reach_all):
            want = _want(view, lay, board, src, reach, walls)
            assert list(S.unseen(state, src, reach)) == want, (path.name, src, reach)
            assert list(S.Viewer(state).unseen(src, reach)) == want, (path.name, src, reach)
            hidden += len(want)
    assert hidden > 0                        # the map's thickets and dark hollows hide hexes


# ---------------------------------------------------------------- random boards, long reaches
from hypothesis import given, settings                     # noqa: E402
from hypothesis import strategies as st                    # noqa: E402

from tests.bindings.test_sight import SHAPES, Map           # noqa: E402

spot = st.tuples(st.integers(-5, 5), st.integers(-5, 5)).map(lambda t: (t[0], t[1], -t[0] - t[1]))
terrain = st.dictionaries(spot, st.sampled_from(["solid", "smoke", "smoke2", "dark"]), max_size=24)


@pytest.mark.rule("BND-91")
@pytest.mark.rule("BND-93")
@settings(deadline=None, max_examples=30)
@given(st.sampled_from(SHAPES), terrain, st.lists(spot, max_size=4), st.lists(spot, max_size=3),
       st.integers(1, 2), st.booleans(), st.booleans(), st.lists(spot, min_size=1, max_size=3))
def test_long_reaches_with_veils_and_walls_list_what_sight_cannot_see_into(
        shape, cells, veil, wall, thick, graze, centre_mode, sources):
    """A long reach is listed from the bare board's answers where no wall or veil is near a
    pair's lines, and from its witnesses where only veils are: the result must still be sight's,
    hex by hex and in order."""
    m = Map(*shape)
    for c, kind in cells.items():
        m.set(c, **{"solid": {"solid": True}, "smoke": {"conceal": 1}, "smoke2": {"conceal": 2},
                    "dark": {"dark": True}}[kind])
    m.state.house.update(graze_blocks=graze, concealment_line="centre" if centre_mode else "best")
    lay = m.lay
    walls = {m.at(c) for c in wall if not m.board.prop(*m.at(c), "solid", False)}
    for src in sources:
        a = m.at(src)
        if m.board.prop(*a, "solid", False) or a in walls:
            continue
        m.state.features = []
        S.unseen(m.state, a, 12)                 # the bare board's answers, remembered
        m.state.features = [
            Feature("v", "veil", "x", "m", cells=[list(m.at(c)) for c in veil], conceal=thick,
                    until=-1),
            Feature("w", "wall", "x", "m", cells=[list(h) for h in walls], until=-1)]
        want = _want(S.Viewer(m.state), lay, m.board, a, 12, walls)
        assert list(S.unseen(m.state, a, 12)) == want


def test_what_the_listing_remembers_stays_bounded(monkeypatch):
    """A long match meets many positions and feature sets; every table the listing fills is
    capped (issue: client memory stays flat), here with the cap lowered so a test reaches it.
    No shipped table is read here (its entries are one per open hex of the board:
    test_sighttable checks those)."""
    from game.engine.systems.bindings import sighttable
    from game.engine.systems.bindings.boardcache import per_board
    limit = 64
    monkeypatch.setattr(S, "_MEMO_LIMIT", limit)
    monkeypatch.setattr(S, "_UNSEEN_KEPT", limit // 4)
    monkeypatch.setattr(sighttable, "load", lambda _board: None)
    board = load_board(MAPS[0])
    forget(board)
    lay = HexLayout.from_board(board)
    state = BindingsState(combatants={}, order=[], house={}, board=board)
    cells = [c for c in board.coords() if not board.prop(*c, "solid", False)]
    for k, src in enumerate(cells):
        centre = cells[(k * 7) % len(cells)]
        state.features = [] if k % 5 == 0 else [
            Feature("v", "veil", "x", "m", cells=[list(h) for h in lay.area(centre, 1)],
                    conceal=1, until=-1)]
        S.unseen(state, src, 30)
        S.unseen(state, src, 2)
    bare = S._bare(board, False, "best")
    assert len(bare._pairs) <= limit
    assert len(bare._everywhere) <= len(cells)                # one entry per hex at most
    shared = per_board("sight", board, lambda _b: {})
    assert 0 < len(shared) <= S._VIEWERS_PER_BOARD
    for view in [bare, *shared.values()]:
        assert len(view._unseen) <= limit // 16 and len(view._unseen_rings) <= len(cells)
        assert len(view._sights) <= limit and len(view._visible) <= limit
        assert len(view._pairs) <= limit
    kept = per_board("unseen", board, lambda _b: {})
    assert len(kept) == limit // 4                            # full, never over
    # the oldest listings went first: what stays is the last ones asked, each still the answer
    assert [k[:2] for k in kept][-2:] == [(cells[-1], 30), (cells[-1], 2)]
    last = kept[list(kept)[-1]]
    kept.clear()
    assert S.unseen(state, cells[-1], 2) == last
    # the grid's templates: one per offset between two hexes of the board, never more
    grid = per_board("sight grid", board, S._Grid)
    cubes = [lay.to_cube(*h) for h in cells]
    offsets = {(b[0] - a[0], b[1] - a[1]) for a in cubes for b in cubes}
    assert grid.templates and set(grid.templates) <= offsets
    assert set(grid.centres) <= offsets
    assert len(grid._orders) <= len(cells)                    # one walk order per hex at most


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_the_kept_walk_is_every_open_hex_with_its_distance_and_template(path):
    """The listing walks each hex's kept rows (_Grid.order_from) instead of measuring the board
    again: every open hex, each with its distance, offset and templates (the hex itself with
    an entry no reach takes in); a short reach's rows are those within it, whether the hex's
    whole walk is kept or not (stepping over the rest of the board cost more). A row's offset
    entry is the one entry kept for its offset, shared by every hex looked from, so a hex's
    rows cost a reference each."""
    from game.engine.systems.bindings.boardcache import per_board
    board = load_board(path)
    forget(board)
    lay = HexLayout.from_board(board)
    grid = per_board("sight grid", board, S._Grid)
    drawn = S._Grid(board)                  # templates drawn anew, to hold the kept ones to
    open_cubes = {lay.to_cube(*c) for c in board.coords() if not board.prop(*c, "solid", False)}
    by_offset: dict = {}
    for src in sorted(open_cubes)[::17]:
        forget(board)                       # a short reach before any whole-board walk
        fresh = per_board("sight grid", board, S._Grid)
        near = list(fresh.order_near(src, 3))
        rows = list(grid.order_from(src))
        assert sorted(walk[2] for walk, _ in rows) == sorted(open_cubes)
        for (q, r, c, h), entry in rows:
            dist, dq, dr, t, tc, ok = entry
            if c == src:
                assert entry is S._ITSELF and dist > 10 ** 6
                continue
            assert (q, r) == c[:2] and h == lay.from_cube(c)
            assert (dq, dr) == (c[0] - src[0], c[1] - src[1])
            assert dist == cube_distance(src, c) and t == drawn.template(dq, dr)
            assert tc == drawn.centre(dq, dr) and ok == dr * S._OFFSET_ROW + dq
            assert by_offset.setdefault((dq, dr), entry) is entry
        assert sorted(near) == sorted(row for row in rows if row[1][0] <= 3)
        assert sorted(grid.order_near(src, 3)) == sorted(near)      # kept walk or not


def test_the_grids_bit_layout_runs_both_ways():
    """The listing turns bits of its bit boards back into hexes with _Grid.cube_at: it must be
    the inverse of _Grid.bit over the whole padded layout."""
    from game.engine.systems.bindings.boardcache import per_board
    board = load_board(MAPS[0])
    grid = per_board("sight grid", board, S._Grid)
    assert len(grid.cube_at) == grid.off
    for i, c in enumerate(grid.cube_at):
        assert grid.bit(c) == i and sum(c) == 0


@pytest.mark.rule("BND-84")
@pytest.mark.parametrize("graze", [False, True], ids=["grazes-pass", "grazes-block"])
@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_can_see_from_the_bit_boards_is_the_region_walks_answer(path, graze):
    """Viewer.can_see reads the solid hexes near a pair from the bit boards through the pair's
    template; it must answer as hexsight.clear_line_exists asking every hex of the pair's
    region, with and without a wall standing."""
    board = load_board(path)
    forget(board)
    lay = HexLayout.from_board(board)
    cells = list(board.coords())
    for walls in ([], [cells[len(cells) // 3], cells[len(cells) // 3 + 1]]):
        state = BindingsState(combatants={}, order=[], house={"graze_blocks": graze}, board=board)
        state.features = [Feature("w", "wall", "x", "m", cells=[list(h) for h in walls],
                                  until=-1)] if walls else []
        view = S.viewer(state)
        for a in cells[::11]:
            for b in cells[::5]:
                want = a == b or hs.clear_line_exists(lay.to_cube(*a), lay.to_cube(*b),
                                                      view._solid.__contains__, graze)
                assert view.can_see(a, b) == want, (a, b, walls)


# Pairs whose deciding sample lines run exactly along the edge between two hexes (found by a
# search over random walls and veils around such pairs: few positions of a match meet one)
SEAM_CASES = {
    # two wall hexes side by side shut the lines along their shared edge
    "walls": ((-4, 2, 2), [("wall", [(-3, 1, 2), (-3, 2, 1)], 0), ("veil", [(-2, 1, 1)], 3),
                           ("veil", [(-1, 1, 0)], 1), ("veil", [(1, -1, 0)], 1),
                           ("veil", [(-1, 0, 1)], 3), ("veil", [(-5, 2, 3)], 3),
                           ("wall", [(0, -1, 1)], 0), ("veil", [(-4, 3, 1)], 2),
                           ("veil", [(0, 0, 0)], 2)]),
    # a line along the edge of two veiled hexes counts the lighter of the two
    "veils": ((-4, 2, 2), [("veil", [(-3, 1, 2)], 2), ("veil", [(-3, 2, 1)], 3),
                           ("veil", [(-1, 0, 1)], 1), ("wall", [(-1, 1, 0)], 0),
                           ("wall", [(-2, 2, 0)], 0)]),
}


@pytest.mark.rule("BND-84")
@pytest.mark.rule("BND-91")
@pytest.mark.rule("BND-GM-23")
@pytest.mark.parametrize("case", sorted(SEAM_CASES))
@pytest.mark.parametrize("shape", [("y", "odd"), ("x", "even")], ids=["y-odd", "x-even"])
def test_lines_along_a_seam_are_summed_and_shut_as_sight_does(case, shape):
    """The listing's sums under walls and veils where a seam decides: sight() hex by hex says
    what the listing must."""
    from tests.bindings.test_sight import Map
    m = Map(*shape)
    target, setup = SEAM_CASES[case]
    m.state.features = [
        Feature(f"f{k}", kind, "x", "m", cells=[list(m.at(c)) for c in cells], conceal=w,
                until=-1)
        for k, (kind, cells, w) in enumerate(setup)]
    walls = {m.at(c) for kind, cells, _ in setup if kind == "wall" for c in cells}
    a = m.at((0, 0, 0))
    want = _want(S.Viewer(m.state), m.lay, m.board, a, 4, walls)
    assert list(S.unseen(m.state, a, 4)) == want, m.at(target)
    # again with a new Viewer: an offset's first pair is summed by crossings_witness, the
    # next ones from the offset's table (hexsight.pair_cell)
    assert list(S.Viewer(m.state).unseen(a, 4)) == want, m.at(target)


def test_the_quick_lines_count_every_hex_they_cross_or_run_beside():
    """The two lines the sums try first are kept as masks of template bits: the hexes a line
    enters and both hexes of any seam it runs along (a seam's lighter weight is at most the two
    counted, and either hex solid may shut it), the pair's ends counted but never blocking.
    The shipped lines never run along a seam, so the seam part is held here on a made table."""
    from tests.bindings.test_sight import Map
    m = Map()
    grid = S._Grid(m.board)
    d = (4, -2, -2)
    first, second = S._QUICK_LINES
    end_a, end_b = grid.off, d[1] * grid.stride + d[0] + grid.off
    entered, beside, other, idle = end_a + 1, end_a + 2, end_a + grid.stride, end_a + 3
    plan = {-1: None,
            end_a: (hs.ALL_LINES, ()), end_b: (hs.ALL_LINES, ()),
            entered: (1 << first, ((beside, 1 << first),)), beside: (0, ()),
            other: (1 << second, ()), idle: (1 << 7, ())}
    quick = grid.quick_lines(plan, [(v, e) for v, e in plan.items() if v >= 0], d)
    ends = (1 << end_a) | (1 << end_b)
    assert quick == (((1 << entered) | (1 << beside), (1 << entered) | (1 << beside) | ends),
                     (1 << other, (1 << other) | ends))
    assert plan[-2] is quick                       # kept with the offset's table


def test_offset_numbers_never_collide_on_a_board_the_loader_accepts():
    """dr * _OFFSET_ROW + dq names one offset while |dq| stays under half of _OFFSET_ROW; no
    board the loader accepts is that wide (its cell limit bounds every side)."""
    from game.engine.boards import tmx
    assert S._OFFSET_ROW // 2 > tmx.MAX_CELLS
    seen = {}
    for dq in (-tmx.MAX_CELLS, -1, 0, 1, tmx.MAX_CELLS):
        for dr in (-2, -1, 0, 1, 2):
            assert seen.setdefault(dr * S._OFFSET_ROW + dq, (dq, dr)) == (dq, dr)


def test_a_long_reach_is_kept_under_every_wall_and_veil_and_a_short_one_under_those_near():
    """The per-board memo keys short reaches by the features near the hex (a veil across the
    map changes nothing near); near a long reach lie nearly all of them, so it is kept under
    the whole reading, with no reading of the features near it; the answers the same."""
    from game.engine.systems.bindings.boardcache import per_board
    board = load_board(MAPS[0])
    forget(board)
    lay = HexLayout.from_board(board)
    cells = [c for c in board.coords() if not board.prop(*c, "solid", False)]
    src, far = cells[0], cells[-1]
    state = BindingsState(combatants={}, order=[], house={}, board=board)
    state.features = [Feature("v", "veil", "x", "m", cells=[list(h) for h in lay.area(far, 1)],
                              conceal=1, until=-1)]
    long_ = S.unseen(state, src, 30)
    short = S.unseen(state, src, 2)
    shared = per_board("unseen", board, lambda _b: {})
    view = S.viewer(state)
    assert {k[:3] for k in shared} == {(src, 30, view.reading), (src, 2, False)}
    assert shared[(src, 30, view.reading)] == long_ == view._unseen[(src, 30)]
    forget(board)
    assert S.viewer(state).unseen(src, 30) == long_ and S.viewer(state).unseen(src, 2) == short

"""Bindings sight on real hex boards: targeting lines (BND-84), cover (BND-85/86, the constructed
examples BND-T-19 a-d), concealment levels (BND-88..91, 93) and the table options for the
concealment line (BND-GM-19) and grazing lines (BND-GM-23).

Positions are written relative to the attacker in cube steps, so each example runs on both
stagger axes and both stagger indices."""
from __future__ import annotations

import pytest

from game.engine.boards.board import Board
from game.engine.boards.hex import Cube, HexLayout, cube_add
from game.engine.systems.bindings.boardcache import forget
from game.engine.systems.bindings.sight import sight, sight_of
from game.engine.systems.bindings.state import BindingsState, Combatant, Feature

SIZE = 17
CENTRE = (8, 8)
SHAPES = [("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even")]

# The attacker at the origin; the rest in cube steps from it (found on a pointy-top map: the
# target three hexes away, up a "staircase" so that the centre line and corner lines differ).
TARGET: Cube = (1, -3, 2)
ON_CENTRE_FAR: Cube = (1, -2, 1)       # on the centre line, two hexes from the attacker
ON_CENTRE_NEAR: Cube = (0, -1, 1)      # on the centre line, next to the attacker
FAR_ROW_TARGET: Cube = (6, 0, -6)      # six hexes straight along a row


class Map:
    """A hex board built in the test, with cells written by relative cube position."""

    def __init__(self, axis: str = "y", index: str = "odd") -> None:
        self.board = Board(SIZE, SIZE, "hexagonal", 28, 32, axis, index, 16,
                           [[{} for _ in range(SIZE)] for _ in range(SIZE)])
        self.lay = HexLayout.from_board(self.board)
        self.origin = self.lay.to_cube(*CENTRE)
        self.state = BindingsState(combatants={}, order=[], house={}, board=self.board)

    def at(self, rel: Cube) -> tuple[int, int]:
        x, y = self.lay.from_cube(cube_add(self.origin, rel))
        assert self.board.in_bounds(x, y), rel
        return x, y

    def set(self, rel: Cube, **props) -> "Map":
        x, y = self.at(rel)
        self.board.cells[y][x].update(props)
        forget(self.board)          # sight remembers what it read from the cells
        return self

    def look(self, target: Cube = TARGET, attacker: Cube = (0, 0, 0)):
        return sight(self.state, self.at(attacker), self.at(target))


@pytest.fixture(params=SHAPES, ids=["-".join(s) for s in SHAPES])
def m(request) -> Map:
    return Map(*request.param)


# ---------------------------------------------------------------- targeting and cover
@pytest.mark.rule("BND-84")
@pytest.mark.rule("BND-87")
def test_open_ground_is_targetable_without_cover_T19d(m):
    s = m.look()
    assert s.can_see and s.targetable and not s.cover
    assert s.concealment == 0 and s.miss_chance == 0 and s.blocked_by == ()
    # BND-T-19 (d): obstacles beside the centre line, not on it, give no cover.
    m.set((1, -1, 0), solid=True).set((0, -2, 2), solid=True)
    s = m.look()
    assert s.can_see and not s.cover


@pytest.mark.rule("BND-84")
@pytest.mark.rule("BND-85")
@pytest.mark.rule("BND-87")
def test_wall_on_the_centre_line_gives_cover_when_a_corner_line_is_clear_T19a(m):
    m.set(ON_CENTRE_FAR, solid=True)
    s = m.look()
    assert s.can_see and s.targetable       # some corner-to-corner line passes
    assert s.cover                          # the centre line does not: disadvantage
    assert s.blocked_by == (m.at(ON_CENTRE_FAR),)
    assert len(s.lines) == 2 and s.lines[0] != s.lines[1]   # centre line, then a clear one


@pytest.mark.rule("BND-86")
@pytest.mark.rule("BND-87")
def test_wall_next_to_the_attacker_gives_no_cover_T19b(m):
    m.set(ON_CENTRE_NEAR, solid=True)
    s = m.look()
    assert s.can_see and not s.cover and s.blocked_by == ()
    # Seen from the target the same wall is two hexes away, so the attacker there gets cover.
    back = m.look(target=(0, 0, 0), attacker=TARGET)
    assert back.can_see and back.cover


@pytest.mark.rule("BND-84")
@pytest.mark.rule("BND-87")
def test_a_wall_across_every_line_forbids_targeting_T19c(m):
    for rel in ((0, -1, 1), (1, -2, 1), (1, -1, 0), (0, -2, 2), (-1, -1, 2), (2, -2, 0)):
        m.set(rel, solid=True)
    s = m.look()
    assert not s.can_see and not s.targetable and not s.cover
    assert s.blocked_by                     # the client can show what is in the way


@pytest.mark.rule("BND-84")
def test_one_solid_hex_in_a_straight_row_hides_what_is_behind_it(m):
    # Every sample line between two hexes of one row crosses each hex between them.
    m.set((3, 0, -3), solid=True)
    assert not m.look(FAR_ROW_TARGET).can_see
    assert m.look((2, 0, -2)).can_see       # in front of it
    assert m.look((3, 0, -3)).can_see       # the end hexes never obstruct


@pytest.mark.rule("BND-84")
@pytest.mark.rule("BND-85")
def test_low_cover_never_stops_targeting_but_gives_cover(m):
    for rel in ((3, -1, -2), (3, 0, -3), (3, 1, -4), (3, -2, -1), (3, 2, -5)):
        m.set(rel, cover=True)
    s = m.look(FAR_ROW_TARGET)
    assert s.can_see and s.targetable and s.cover
    assert s.blocked_by == (m.at((3, 0, -3)),)


@pytest.mark.rule("BND-84")
@pytest.mark.rule("BND-85")
def test_wall_features_block_while_active(m):
    wall = Feature("f1", "wall", owner="x", move="stone_wall", cells=[m.at(ON_CENTRE_FAR)],
                   until=3)
    m.state.features.append(wall)
    assert m.look().cover                    # tick 0: the wall stands
    m.state.round = 2                        # tick 3: it is gone
    assert not m.look().cover
    m.state.round = 1
    m.state.features.append(Feature("f2", "wall", owner="x", move="stone_wall",
                                    cells=[m.at((3, 0, -3))]))
    assert not m.look(FAR_ROW_TARGET).can_see


@pytest.mark.rule("BND-84")
def test_sight_is_symmetric_for_targeting_on_a_busy_map(m):
    for rel in ((1, -2, 1), (2, 0, -2), (-1, 2, -1), (0, 3, -3), (-2, 0, 2)):
        m.set(rel, solid=True)
    others = [(a, b, -a - b) for a in range(-4, 5) for b in range(-4, 5) if abs(a + b) <= 4]
    for rel in others:
        assert m.look(rel).can_see == m.look((0, 0, 0), attacker=rel).can_see, rel


# ---------------------------------------------------------------- concealment
@pytest.mark.rule("BND-88")
@pytest.mark.rule("BND-89")
@pytest.mark.rule("BND-90")
@pytest.mark.rule("BND-91")
def test_each_concealing_hex_on_the_line_adds_a_level(m):
    row = [(k, 0, -k) for k in range(1, 6)]
    expected = [(1, 1 / 6, True), (2, 2 / 6, True), (3, 3 / 6, False), (3, 3 / 6, False),
                (3, 3 / 6, False)]
    assert m.look(FAR_ROW_TARGET).concealment == 0
    for placed, (level, miss, targetable) in zip(row, expected, strict=True):
        m.set(placed, conceal=1)
        s = m.look(FAR_ROW_TARGET)
        # BND-88: concealment never stops the line; BND-91 caps at total (3).
        assert s.can_see and not s.cover
        assert (s.concealment, s.miss_chance, s.targetable) == (level, miss, targetable)
    assert set(m.look(FAR_ROW_TARGET).concealed_by) == {m.at(r) for r in row}


@pytest.mark.rule("BND-88")
def test_standing_in_smoke_conceals_and_veils_add_levels(m):
    m.set(FAR_ROW_TARGET, conceal=1)
    assert m.look(FAR_ROW_TARGET).concealment == 1
    m.state.features.append(Feature("v1", "veil", owner="x", move="smoke", conceal=1,
                                    cells=[m.at((2, 0, -2)), m.at((3, 0, -3))], until=6))
    assert m.look(FAR_ROW_TARGET).concealment == 3
    m.state.round = 3                        # tick 6: the veil has lifted
    assert m.look(FAR_ROW_TARGET).concealment == 1
    # Our reading: every sample line starts inside the attacker's own hex too, so smoke there
    # counts as well (the line crosses it).
    m.set((0, 0, 0), conceal=1)
    assert m.look(FAR_ROW_TARGET).concealment == 2


@pytest.mark.rule("BND-88")
@pytest.mark.rule("BND-GM-19")
def test_best_line_avoids_smoke_the_centre_line_crosses(m):
    m.set(ON_CENTRE_FAR, conceal=2)
    best = m.look()
    assert best.concealment == 0 and best.targetable
    m.state.house["concealment_line"] = "centre"
    centre = m.look()
    assert centre.concealment == 2 and centre.miss_chance == 2 / 6
    assert centre.concealed_by == (m.at(ON_CENTRE_FAR),)


@pytest.mark.rule("BND-GM-19")
def test_best_line_is_counted_among_lines_that_are_not_blocked(m):
    # A wall takes away the lines that would dodge the smoke: what remains crosses it.
    m.set(ON_CENTRE_FAR, conceal=1)
    assert m.look().concealment == 0
    m.set((0, -2, 2), solid=True)
    s = m.look()
    assert s.can_see and not s.cover and s.concealment == 1
    assert s.concealed_by == (m.at(ON_CENTRE_FAR),)


@pytest.mark.rule("BND-93")
@pytest.mark.rule("BND-91")
def test_a_target_in_darkness_has_total_concealment_even_next_to_you(m):
    m.set((1, 0, -1), dark=True)
    s = m.look((1, 0, -1))
    assert s.dark and s.can_see and s.concealment == 3 and s.miss_chance == 0.5
    assert not s.targetable                 # BND-91: only the hex may be attacked
    # Darkness where the attacker stands does not hide the target.
    m.set((0, 0, 0), dark=True)
    assert m.look((-1, 0, 1)).concealment == 0


# ---------------------------------------------------------------- grazing lines
@pytest.mark.rule("BND-GM-23")
def test_a_centre_line_along_an_edge_grazes_unless_the_table_says_otherwise(m):
    # Towards (4,-2,-2) the centre line runs exactly along the edge between (1,-1,0) and
    # (1,0,-1), through the centre of (2,-1,-1), then along the edge between (3,-2,-1) and
    # (3,-1,-2). A low wall on one side of the far edge is only grazed.
    target = (4, -2, -2)
    m.set((3, -2, -1), cover=True)
    assert not m.look(target).cover
    m.state.house["graze_blocks"] = True
    g = m.look(target)
    assert g.cover and g.blocked_by == (m.at((3, -2, -1)),)


@pytest.mark.rule("BND-GM-23")
def test_a_seam_between_two_obstacles_is_never_a_graze(m):
    m.set((1, -1, 0), solid=True).set((1, 0, -1), solid=True)
    assert not m.look((2, -1, -1)).can_see   # no line slips through a solid wall's seam
    m2 = Map(m.board.stagger_axis, m.board.stagger_index)
    m2.set((3, -2, -1), cover=True).set((3, -1, -2), cover=True)
    s2 = m2.look((4, -2, -2))                # low walls beyond the attacker's neighbours
    assert s2.can_see and s2.cover
    assert set(s2.blocked_by) == {m2.at((3, -2, -1)), m2.at((3, -1, -2))}


# ---------------------------------------------------------------- helpers the callers use
def test_sight_of_reads_the_combatants_hexes_and_needs_a_board(m):
    m.set(ON_CENTRE_FAR, solid=True)
    ax, ay = m.at((0, 0, 0))
    tx, ty = m.at(TARGET)
    m.state.combatants = {"a": Combatant("a", "A", "s", 0, ax, ay),
                          "b": Combatant("b", "B", "s", 1, tx, ty)}
    assert sight_of(m.state, "a", "b") == m.look()
    m.state.board = None
    with pytest.raises(ValueError, match="board"):
        sight_of(m.state, "a", "b")


def test_lines_are_in_map_pixels_from_centre_to_centre(m):
    s = m.look(FAR_ROW_TARGET)
    (x0, y0), (x1, y1) = s.lines[0]
    assert (x0, y0) == pytest.approx(m.lay.center(*m.at((0, 0, 0))))
    assert (x1, y1) == pytest.approx(m.lay.center(*m.at(FAR_ROW_TARGET)))


@pytest.mark.rule("BND-84")
def test_on_a_bundled_map_a_viewer_agrees_with_sight_and_targeting_is_mutual():
    from game import paths
    from game.engine.boards.tmx import load_board
    from game.engine.systems.bindings.sight import Viewer
    maps = sorted(paths.maps_dir().glob("bindings_*.tmx"))
    assert maps, "no bindings maps bundled"
    board = load_board(maps[0])
    state = BindingsState(combatants={}, order=[], house={}, board=board)
    viewer = Viewer(state)
    cells = list(board.coords())
    src = cells[len(cells) // 3]
    seen = 0
    for c in cells:
        s = viewer.sight(src, c)
        assert s == sight(state, src, c)
        assert s.can_see == viewer.sight(c, src).can_see, c
        if board.prop(*c, "solid", False) is False and s.can_see:
            seen += 1
    assert 0 < seen < len(cells)            # the map's walls hide something, not everything
    overlay = viewer.sight_map(src)
    assert list(overlay) == cells and overlay[cells[0]] == viewer.sight(src, cells[0])


# ---------------------------------------------------------------- invariants on random boards
from hypothesis import given, settings                     # noqa: E402
from hypothesis import strategies as st                    # noqa: E402

rel = st.tuples(st.integers(-3, 3), st.integers(-3, 3)).map(lambda t: (t[0], t[1], -t[0] - t[1]))
terrain = st.dictionaries(rel, st.sampled_from(["solid", "cover", "smoke", "dark"]), max_size=12)


@pytest.mark.rule("BND-84")
@pytest.mark.rule("BND-85")
@pytest.mark.rule("BND-88")
@settings(deadline=None, max_examples=40)
@given(st.sampled_from(SHAPES), terrain, rel, st.booleans(), st.booleans())
def test_sight_invariants_on_random_boards(shape, cells, target, graze, centre_mode):
    m = Map(*shape)
    for c, kind in cells.items():
        m.set(c, **{"solid": {"solid": True}, "cover": {"cover": True},
                    "smoke": {"conceal": 1}, "dark": {"dark": True}}[kind])
    m.state.house.update(graze_blocks=graze, concealment_line="centre" if centre_mode else "best")
    s = m.look(target)
    back = m.look((0, 0, 0), attacker=target)
    assert s.can_see == back.can_see                        # targeting lines are mutual
    assert not s.cover or s.can_see                          # cover only on a visible target
    assert 0 <= s.concealment <= 3 and s.miss_chance == s.concealment / 6
    assert s.targetable == (s.can_see and s.concealment < 3)
    assert s.dark == (cells.get(target) == "dark")
    if s.dark:
        assert s.concealment == 3                            # BND-93
    if s.cover:
        assert s.blocked_by and all(m.lay.distance(h, m.at((0, 0, 0))) > 1 for h in s.blocked_by)
    # Low cover and smoke never decide whether a target can be seen.
    m2 = Map(*shape)
    for c, kind in cells.items():
        if kind == "solid":
            m2.set(c, solid=True)
    m2.state.house.update(m.state.house)
    assert m2.look(target).can_see == s.can_see
    if not graze:
        # A graze never blocks more than the table option that counts grazes.
        m.state.house["graze_blocks"] = True
        g = m.look(target)
        assert s.can_see or not g.can_see


smoke_or_solid = st.dictionaries(rel, st.sampled_from(["solid", "smoke", "smoke2", "dark"]),
                                 max_size=16)


@pytest.mark.rule("BND-91")
@pytest.mark.rule("BND-93")
@settings(deadline=None, max_examples=40)
@given(st.sampled_from(SHAPES), smoke_or_solid, st.booleans(), st.booleans(), st.integers(1, 4))
def test_the_unseen_hexes_are_exactly_those_sight_says_cannot_be_seen_into(
        shape, cells, graze, centre_mode, reach):
    """The fast listing of guessable hexes (bit-board bound, 49 lines summed at once) gives the
    same hexes as asking sight about each one."""
    from game.engine.systems.bindings.sight import Viewer, unseen
    m = Map(*shape)
    for c, kind in cells.items():
        m.set(c, **{"solid": {"solid": True}, "smoke": {"conceal": 1}, "smoke2": {"conceal": 2},
                    "dark": {"dark": True}}[kind])
    m.state.house.update(graze_blocks=graze, concealment_line="centre" if centre_mode else "best")
    a = m.at((0, 0, 0))
    fresh = Viewer(m.state)
    want = []
    for h in m.lay.area(a, reach):
        if h == a or not m.board.in_bounds(*h) or m.board.prop(*h, "solid", False):
            continue
        s = fresh.sight(a, h)
        if s.can_see and s.concealment >= 3:
            want.append(h)
    assert sorted(unseen(m.state, a, reach)) == sorted(want)
    assert sorted(Viewer(m.state).unseen(a, reach)) == sorted(want)


@pytest.mark.rule("BND-91")
def test_on_the_bundled_maps_the_unseen_hexes_agree_with_sight_with_veils_and_walls():
    from game import paths
    from game.engine.boards.tmx import load_board
    from game.engine.systems.bindings.sight import Viewer, unseen
    for path in sorted(paths.maps_dir().glob("bindings_*.tmx")):
        board = load_board(path)
        state = BindingsState(combatants={}, order=[], house={}, board=board)
        cells = [c for c in board.coords() if not board.prop(*c, "solid", False)]
        lay = HexLayout.from_board(board)
        centre = cells[len(cells) // 2]
        state.features = [Feature("v1", "veil", "x", "m", cells=[list(h) for h in lay.area(centre, 1)],
                                  conceal=1, until=-1),
                          Feature("w1", "wall", "x", "m", cells=[list(cells[len(cells) // 3])], until=-1)]
        total = 0
        for src in cells[::37]:
            view = Viewer(state)
            want = sorted(h for h in lay.area(src, 8) if h != src and board.in_bounds(*h)
                          and not board.prop(*h, "solid", False)
                          and h != tuple(cells[len(cells) // 3])
                          and (s := view.sight(src, h)).can_see and s.concealment >= 3)
            assert sorted(unseen(state, src, 8)) == want, (path.name, src)
            total += len(want)
        assert total > 0, path.name           # the map's thickets and dark hollows hide hexes


@pytest.mark.rule("BND-84")
@pytest.mark.rule("BND-85")
@pytest.mark.rule("BND-88")
@pytest.mark.parametrize("house", [{}, {"graze_blocks": True, "concealment_line": "centre"}],
                         ids=["defaults", "grazes-block-centre-line"])
def test_sight_from_the_bit_boards_is_sight_asked_hex_by_hex(house, monkeypatch):
    """A pair on the board reads its solid, obstacle and concealing hexes from the Viewer's bit
    boards (Viewer._near_pair); asked hex by hex over the region instead, every answer is the
    same (the hexes named for concealment in any order), with walls, veils and cover around."""
    from game import paths
    from game.engine.boards.tmx import load_board
    from game.engine.systems.bindings.sight import Viewer
    for path in sorted(paths.maps_dir().glob("bindings_*.tmx")):
        board = load_board(path)
        state = BindingsState(combatants={}, order=[], house=dict(house), board=board)
        lay = HexLayout.from_board(board)
        cells = [c for c in board.coords() if not board.prop(*c, "solid", False)]
        state.features = [
            Feature("v1", "veil", "x", "m", cells=[list(h) for h in lay.area(cells[len(cells) // 2], 1)],
                    conceal=1, until=-1),
            Feature("w1", "wall", "x", "m", cells=[list(cells[len(cells) // 3]),
                                                   list(cells[len(cells) // 3 + 1])], until=-1)]
        fast, slow = Viewer(state), Viewer(state)
        monkeypatch.setattr(slow, "_near_pair", lambda *_a: None)
        compared = covered = 0
        for a in cells[::29]:
            for b in cells[::7]:
                got, want = fast.sight(a, b), slow.sight(a, b)
                assert (got.can_see, got.cover, got.concealment, got.targetable, got.dark,
                        got.lines, got.blocked_by) == \
                    (want.can_see, want.cover, want.concealment, want.targetable, want.dark,
                     want.lines, want.blocked_by), (path.name, a, b)
                assert sorted(got.concealed_by) == sorted(want.concealed_by), (path.name, a, b)
                compared += 1
                covered += got.cover
        assert compared > 100 and covered > 0, path.name

"""Grid geometry: square and hex cells (boards) and the toolkit's paths, lines of sight and
blocks (tactics), as property tests."""
from __future__ import annotations

import itertools
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.boards import hex as hx
from game.engine.boards import square
from game.engine.tactics import footprint, forced, lines
from game.engine.tactics import reach as reach_mod

coord = st.integers(-40, 40)
cell = st.tuples(coord, coord)
small = st.integers(0, 6)
LAYOUTS = [hx.HexLayout(axis, index, w, h, side)
           for axis, index in itertools.product("xy", ("odd", "even"))
           for (w, h, side) in ((28, 32, 16), (32, 28, 16), (30, 34, 12), (24, 24, 12))]
layout = st.sampled_from(LAYOUTS)
pos = st.tuples(st.integers(0, 30), st.integers(0, 30))


# ---------------------------------------------------------------- square
@settings(deadline=None)
@given(cell, small)
def test_ring_has_8r_cells_all_at_distance_r(c, r):
    ring = square.ring(c, r)
    assert len(ring) == (8 * r if r else 1)
    assert len(set(ring)) == len(ring)
    assert all(square.chebyshev(c, x) == r for x in ring)


@settings(deadline=None)
@given(cell, small)
def test_square_area_is_union_of_rings(c, r):
    area = set(square.square(c, r))
    assert len(area) == (2 * r + 1) ** 2
    assert area == set().union(*(square.ring(c, k) for k in range(r + 1)))


@settings(deadline=None)
@given(cell)
def test_neighbours8_are_exactly_distance_one(c):
    nb = square.neighbours8(*c)
    assert len(set(nb)) == 8 and all(square.chebyshev(c, n) == 1 for n in nb)
    assert set(square.neighbours4(*c)) <= set(nb)


@settings(deadline=None)
@given(cell, cell)
def test_bresenham_is_a_connected_8_path_of_chebyshev_length(a, b):
    line = lines.bresenham(a, b)
    assert line[0] == a and line[-1] == b
    assert len(line) == square.chebyshev(a, b) + 1
    assert all(square.chebyshev(p, q) == 1 for p, q in zip(line, line[1:]))


@settings(deadline=None)
@given(cell, cell)
def test_supercover_is_4_connected_and_covers_the_thin_line(a, b):
    line = lines.supercover(a, b)
    assert line[0] == a and line[-1] == b
    # Each step moves one axis, except at exact corners where both side cells are listed.
    assert all(square.chebyshev(p, q) == 1 for p, q in zip(line, line[1:]))
    assert set(lines.supercover(b, a)) == set(line)   # symmetric
    # Every cell lies within half a cell of the segment between the two centres.
    (x0, y0), (x1, y1) = a, b
    length2 = (x1 - x0) ** 2 + (y1 - y0) ** 2
    for x, y in line:
        if length2 == 0:
            continue
        cross = abs((x1 - x0) * (y - y0) - (y1 - y0) * (x - x0))
        assert cross <= (abs(x1 - x0) + abs(y1 - y0)) / 2 + 1e-9


def test_supercover_includes_both_cells_at_an_exact_corner():
    assert lines.supercover((0, 0), (2, 2)) == [(0, 0), (1, 0), (0, 1), (1, 1), (2, 1), (1, 2),
                                                 (2, 2)]


@settings(deadline=None)
@given(cell, st.integers(1, 4), st.integers(0, 3))
def test_block_rings_tile_the_block_area(anchor, size, radius):
    area = footprint.area_cells(anchor, size, radius)
    cells = [c for r in range(radius + 1) for a in footprint.block_ring(anchor, size, r)
             for c in footprint.block(a, size)]
    assert sorted(cells) == sorted(area)
    assert len(area) == ((2 * radius + 1) * size) ** 2


@pytest.mark.rule("GEM-39")
def test_aoe_rings_for_size_one_and_two_match_the_worked_examples():
    # Size 1 at (10, 10): ring 1 has 8 cells, ring 2 adds 16 (25 cumulative with the centre).
    assert len(square.ring((10, 10), 1)) == 8 and len(square.ring((10, 10), 2)) == 16
    assert len(square.square((10, 10), 2)) == 25
    # Size 2 at (10..11, 10..11): ring 1 is 8 blocks = 32 base cells spanning 8..13.
    ring = [c for a in footprint.block_ring((10, 10), 2, 1) for c in footprint.block(a, 2)]
    assert len(ring) == 32
    assert {c[0] for c in ring} == set(range(8, 14)) == {c[1] for c in ring}


@settings(deadline=None)
@given(cell, cell, st.integers(1, 3))
def test_block_distance_counts_whole_blocks(a, b, size):
    d = footprint.block_distance(a, b, size)
    assert d == 0 if a == b else d >= 1
    assert d * size >= square.chebyshev(a, b) > (d - 1) * size


@settings(deadline=None)
@given(st.floats(-10, 10), st.floats(-10, 10))
def test_snap8_returns_a_unit_direction(dx, dy):
    d = forced.snap8(dx, dy)
    if dx == 0 and dy == 0:
        assert d is None                    # the zero vector has no direction
    else:
        assert d in square.DIRECTIONS8.values()


# ---------------------------------------------------------------- hex
@settings(deadline=None)
@given(layout, pos)
def test_offset_cube_round_trip(lay, p):
    c = lay.to_cube(*p)
    assert sum(c) == 0
    assert lay.from_cube(c) == p


@settings(deadline=None)
@given(layout, pos)
def test_hex_neighbours_are_six_at_distance_one_and_mutual(lay, p):
    nb = lay.neighbours(*p)
    assert len(set(nb)) == 6
    assert all(lay.distance(p, n) == 1 for n in nb)
    assert all(p in lay.neighbours(*n) for n in nb)


@settings(deadline=None)
@given(layout, pos, small)
def test_hex_rings_and_areas_have_the_right_sizes(lay, p, r):
    ring = lay.ring(p, r)
    assert len(set(ring)) == (6 * r if r else 1)
    assert all(lay.distance(p, x) == r for x in ring)
    assert len(set(lay.area(p, r))) == 3 * r * (r + 1) + 1


@settings(deadline=None)
@given(layout, pos, pos)
def test_hex_distance_is_a_metric_and_lines_walk_it(lay, a, b):
    d = lay.distance(a, b)
    assert d == lay.distance(b, a) and (d == 0) == (a == b)
    line = lay.line(a, b)
    assert line[0] == a and line[-1] == b and len(line) == d + 1
    assert all(lay.distance(p, q) == 1 for p, q in zip(line, line[1:]))


def _bfs_distance(lay: hx.HexLayout, a, b) -> int:
    seen, q = {a: 0}, deque([a])
    while q:
        c = q.popleft()
        if c == b:
            return seen[c]
        for n in lay.neighbours(*c):
            if n not in seen and abs(n[0]) < 40 and abs(n[1]) < 40:
                seen[n] = seen[c] + 1
                q.append(n)
    raise AssertionError("unreachable")


@settings(deadline=None, max_examples=30)
@given(layout, st.tuples(st.integers(0, 8), st.integers(0, 8)),
       st.tuples(st.integers(0, 8), st.integers(0, 8)))
def test_hex_distance_equals_steps_between_neighbours(lay, a, b):
    assert lay.distance(a, b) == _bfs_distance(lay, a, b)


@settings(deadline=None)
@given(layout, pos)
def test_hex_neighbours_touch_on_screen(lay, p):
    """Neighbours in cube space are the cells whose centres are nearest on screen."""
    cx, cy = lay.center(*p)
    dists = sorted(((lay.center(*n)[0] - cx) ** 2 + (lay.center(*n)[1] - cy) ** 2, n)
                   for n in lay.neighbours(*p))
    far = [(x, y) for x in range(p[0] - 3, p[0] + 4) for y in range(p[1] - 3, p[1] + 4)
           if (x, y) != p and (x, y) not in lay.neighbours(*p)]
    nearest_other = min((lay.center(*f)[0] - cx) ** 2 + (lay.center(*f)[1] - cy) ** 2
                        for f in far)
    assert dists[-1][0] < nearest_other


@settings(deadline=None)
@given(layout, pos)
def test_pixel_picking_finds_the_cell_at_its_centre(lay, p):
    cx, cy = lay.center(*p)
    assert lay.pixel_to_offset(cx, cy) == p


@settings(deadline=None, max_examples=40)
@given(layout, st.tuples(st.integers(0, 6), st.integers(0, 6)), st.data())
def test_pixel_picking_matches_the_drawn_hexagon(lay, p, data):
    """Any point well inside the hexagon Tiled draws for a cell picks that cell."""
    corners = lay.corners(*p)
    cx, cy = lay.center(*p)
    t = data.draw(st.floats(0.0, 0.8))
    k = data.draw(st.integers(0, 5))
    # A point on the segment from the centre towards a corner or an edge midpoint.
    ax, ay = corners[k]
    bx, by = corners[(k + 1) % 6]
    tx, ty = (ax, ay) if data.draw(st.booleans()) else ((ax + bx) / 2, (ay + by) / 2)
    px, py = cx + (tx - cx) * t, cy + (ty - cy) * t
    assert lay.pixel_to_offset(px, py) == p


def test_pixel_picking_on_staggered_row_edges():
    """The zig-zag top edge of a pointy-top map: pixels in the gaps belong to the row above
    (-1), exactly as Tiled's picking reports them."""
    lay = hx.HexLayout("y", "odd", 28, 32, 16)
    assert lay.pixel_to_offset(1, 1) == (-1, -1)      # the corner gap above cell (0, 0)
    assert lay.pixel_to_offset(14, 1) == (0, 0)       # the tip of cell (0, 0)
    assert lay.pixel_to_offset(14, 30) == (0, 0)
    assert lay.pixel_to_offset(28, 30) == (0, 1)      # odd rows are shifted right
    even = hx.HexLayout("y", "even", 28, 32, 16)
    assert even.pixel_to_offset(28, 12) == (0, 0)
    assert even.center(0, 0) == (28.0, 16.0)          # even rows are shifted instead


@pytest.mark.parametrize("lay", LAYOUTS[:4])
def test_map_pixel_size_holds_every_cell(lay):
    w, h = lay.map_pixel_size(7, 5)
    for x in range(7):
        for y in range(5):
            ox, oy = lay.tile_origin(x, y)
            assert 0 <= ox and ox + lay.tw <= w and 0 <= oy and oy + lay.th <= h


# ---------------------------------------------------------------- reach (tactics)
def _grid(walls: set[tuple[int, int]], n: int = 8):
    def nbrs(c):
        return [x for x in square.neighbours8(*c) if 0 <= x[0] < n and 0 <= x[1] < n]

    def cost(a, b):
        return None if b in walls else 1
    return nbrs, cost


walls_st = st.sets(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=20)


@settings(deadline=None)
@given(walls_st)
def test_dijkstra_with_unit_costs_equals_breadth_first_search(walls):
    walls.discard((0, 0))
    nbrs, cost = _grid(walls)
    reach = reach_mod.dijkstra((0, 0), nbrs, cost)
    seen, q = {(0, 0): 0}, deque([(0, 0)])
    while q:
        c = q.popleft()
        for n in nbrs(c):
            if n not in seen and n not in walls:
                seen[n] = seen[c] + 1
                q.append(n)
    assert reach.costs == seen
    for target, d in seen.items():
        path = reach.path_to(target)
        assert path[0] == (0, 0) and path[-1] == target and len(path) == d + 1
        assert not set(path) & walls


@settings(deadline=None)
@given(walls_st, st.tuples(st.integers(0, 7), st.integers(0, 7)))
def test_astar_finds_a_path_as_cheap_as_dijkstra(walls, goal):
    walls.discard((0, 0))
    walls.discard(goal)
    nbrs, cost = _grid(walls)
    reach = reach_mod.dijkstra((0, 0), nbrs, cost)
    found = reach_mod.astar((0, 0), goal, nbrs, cost, heuristic=lambda c: square.chebyshev(c, goal))
    if goal in reach:
        assert found is not None and found[1] == reach.costs[goal]
        assert found[0][0] == (0, 0) and found[0][-1] == goal
    else:
        assert found is None


def test_dijkstra_respects_max_cost_and_rejects_negative_costs():
    nbrs, cost = _grid(set())
    assert set(reach_mod.dijkstra((0, 0), nbrs, cost, max_cost=1).costs) == {
        (0, 0), (1, 0), (0, 1), (1, 1)}
    with pytest.raises(ValueError):
        reach_mod.dijkstra((0, 0), nbrs, lambda a, b: -1)


def test_paths_are_deterministic():
    nbrs, cost = _grid(set())
    first = reach_mod.astar((0, 0), (5, 3), nbrs, cost)
    assert all(reach_mod.astar((0, 0), (5, 3), nbrs, cost) == first for _ in range(5))


# ---------------------------------------------------------------- line of sight
@settings(deadline=None)
@given(cell, cell, st.sets(st.tuples(st.integers(-5, 5), st.integers(-5, 5)), max_size=25))
def test_square_line_of_sight_is_symmetric(a, b, walls):
    a = (a[0] % 11 - 5, a[1] % 11 - 5)
    b = (b[0] % 11 - 5, b[1] % 11 - 5)
    blocks = walls.__contains__
    assert lines.line_of_sight(a, b, blocks) == lines.line_of_sight(b, a, blocks)


def test_square_line_of_sight_cases():
    wall = {(1, 0)}.__contains__
    assert lines.line_of_sight((0, 0), (2, 0), wall) is False
    assert lines.first_blocker((0, 0), (3, 0), wall) == (1, 0)
    # Grazing one corner is allowed; squeezing between two diagonal walls is not.
    assert lines.line_of_sight((0, 0), (2, 2), wall) is True
    assert lines.line_of_sight((0, 0), (2, 2), {(1, 0), (0, 1)}.__contains__) is False
    # The end cells never block.
    assert lines.line_of_sight((0, 0), (1, 0), wall) is True
    assert lines.visible_from((0, 0), [(2, 0), (0, 2)], wall) == {(0, 2)}


@settings(deadline=None)
@given(layout, st.tuples(st.integers(0, 8), st.integers(0, 8)),
       st.tuples(st.integers(0, 8), st.integers(0, 8)),
       st.sets(st.tuples(st.integers(0, 8), st.integers(0, 8)), max_size=15))
def test_hex_line_of_sight_is_symmetric(lay, a, b, walls):
    blocks = walls.__contains__
    assert lines.hex_line_of_sight(lay, a, b, blocks) == lines.hex_line_of_sight(lay, b, a, blocks)


def test_hex_line_of_sight_blocked_by_a_hex_on_the_line():
    lay = hx.HexLayout("y", "odd", 28, 32, 16)
    line = lay.line((0, 0), (4, 0))
    mid = line[2]
    assert lines.hex_line_of_sight(lay, (0, 0), (4, 0), {mid}.__contains__) is False
    assert lines.hex_first_blocker(lay, (0, 0), (4, 0), {mid}.__contains__) == mid
    assert lines.hex_line_of_sight(lay, (0, 0), (4, 0), set().__contains__) is True

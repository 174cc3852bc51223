"""The toolkit's line walks and what is built on them: each named variant, the corner and edge
rules, line of sight and cover on squares and hexes."""
from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.boards.hex import HexLayout
from game.engine.boards.square import chebyshev
from game.engine.tactics import hexsight, lines

cell = st.tuples(st.integers(-12, 12), st.integers(-12, 12))
near = st.tuples(st.integers(-5, 5), st.integers(-5, 5))
walls_st = st.sets(near, max_size=20)
LAYOUTS = [HexLayout(axis, index, 28, 32, 16) for axis, index in
           itertools.product("xy", ("odd", "even"))]
hex_pos = st.tuples(st.integers(0, 8), st.integers(0, 8))


# ---------------------------------------------------------------- squares
@settings(deadline=None)
@given(cell, cell)
def test_bresenham_ends_at_both_cells_and_steps_to_neighbours(a, b):
    line = lines.bresenham(a, b)
    assert line[0] == a and line[-1] == b
    assert len(line) == chebyshev(a, b) + 1
    assert all(chebyshev(p, q) == 1 for p, q in zip(line, line[1:]))


def test_bresenham_known_lines():
    assert lines.bresenham((0, 0), (4, 2)) == [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2)]
    assert lines.bresenham((0, 0), (-3, 0)) == [(0, 0), (-1, 0), (-2, 0), (-3, 0)]
    assert lines.bresenham((2, 2), (2, 2)) == [(2, 2)]


@settings(deadline=None)
@given(cell, cell)
def test_supercover_steps_flatten_to_the_supercover_and_mirror(a, b):
    steps = lines.supercover_steps(a, b)
    assert steps[0] == (a,) and steps[-1] == (b,)
    assert [c for s in steps for c in s] == lines.supercover(a, b)
    back = lines.supercover_steps(b, a)
    assert [frozenset(s) for s in reversed(back)] == [frozenset(s) for s in steps]
    # a single cell step moves to an edge neighbour; a corner pair sits beside a diagonal
    for s in steps:
        assert len(s) in (1, 2)
        if len(s) == 2:
            assert abs(s[0][0] - s[1][0]) == 1 and abs(s[0][1] - s[1][1]) == 1


def test_supercover_corner_pairs_on_an_exact_diagonal():
    assert lines.supercover_steps((0, 0), (2, 2)) == [
        ((0, 0),), ((1, 0), (0, 1)), ((1, 1),), ((2, 1), (1, 2)), ((2, 2),)]
    # a 2:1 slope crosses cell edges at their middles, never a corner: no pairs
    assert all(len(s) == 1 for s in lines.supercover_steps((0, 0), (4, 2)))
    # a 3:1 slope passes exactly through the corner at (1.5, 0.5)
    assert ((2, 0), (1, 1)) in lines.supercover_steps((0, 0), (3, 1))


@settings(deadline=None)
@given(near, near, walls_st)
def test_square_sight_and_cover_are_symmetric(a, b, walls):
    blocks = walls.__contains__
    assert lines.line_of_sight(a, b, blocks) == lines.line_of_sight(b, a, blocks)
    weight = lambda c: 2.0 if c in walls else 0.0      # noqa: E731
    assert lines.cover(a, b, weight) == lines.cover(b, a, weight)
    # full cover on the line is exactly what blocks sight
    assert (lines.cover(a, b, weight) == 2.0) == (not lines.line_of_sight(a, b, blocks))


def test_square_corner_rule_for_sight_and_cover():
    one = {(1, 0)}.__contains__
    both = {(1, 0), (0, 1)}.__contains__
    assert lines.line_of_sight((0, 0), (2, 2), one)          # grazing one corner
    assert not lines.line_of_sight((0, 0), (2, 2), both)     # not between two
    assert lines.first_blocker((0, 0), (2, 2), both) == (1, 0)
    assert lines.line_of_sight((0, 0), (1, 0), one)          # the ends never block
    assert lines.visible_from((0, 0), [(2, 0), (0, 2)], one) == {(0, 2)}
    light = {(1, 0): 1.0, (0, 1): 3.0, (1, 1): 0.5}.get
    # the corner pair gives the lesser of its two; the cell after it its own
    assert lines.cover((0, 0), (2, 2), lambda c: light(c, 0.0)) == 1.0
    assert lines.cover((0, 0), (3, 0), lambda c: light(c, 0.0)) == 1.0
    assert lines.cover((0, 0), (0, 3), lambda c: 0.0) == 0.0


# ---------------------------------------------------------------- hexes
@settings(deadline=None, max_examples=60)
@given(st.sampled_from(LAYOUTS), hex_pos, hex_pos)
def test_hex_lines_end_at_both_cells_and_step_to_neighbours(lay, a, b):
    for line in (lines.hex_line(lay, a, b), *lines.hex_line_sides(lay, a, b)):
        assert line[0] == a and line[-1] == b
        assert len(line) == lay.distance(a, b) + 1
        assert all(lay.distance(p, q) == 1 for p, q in zip(line, line[1:]))


@settings(deadline=None, max_examples=60)
@given(st.sampled_from(LAYOUTS), hex_pos, hex_pos)
def test_cube_path_is_the_hex_line_in_cubes_and_stepping_walks_it(lay, a, b):
    ca, cb = lay.to_cube(*a), lay.to_cube(*b)
    path = lines.cube_path(ca, cb)
    assert [lay.from_cube(c) for c in path] == lines.hex_line(lay, a, b)
    # re-aiming after every step from where the flight is now reaches b in as many steps
    cur, walked = ca, [ca]
    while cur != cb:
        cur = lines.cube_step(cur, cb)
        walked.append(cur)
        assert len(walked) <= len(path)
    assert len(walked) == len(path)


def test_a_step_along_an_edge_line_takes_the_default_side():
    a, b = (0, 0, 0), (1, 1, -2)            # runs exactly along a hex edge
    assert lines.cube_step(a, b) == lines.cube_path(a, b)[1] == (0, 1, -1)   # never (1, 0, -1)


def test_hex_line_sides_split_only_on_an_exact_edge():
    lay = HexLayout("y", "odd", 28, 32, 16)
    a, b = lay.from_cube((0, 0, 0)), lay.from_cube((1, 1, -2))    # runs along an edge
    left, right = lines.hex_line_sides(lay, a, b)
    assert left != right
    assert {left[1], right[1]} == {lay.from_cube((1, 0, -1)), lay.from_cube((0, 1, -1))}
    # sight is clear if either side is; blocked when both are
    assert lines.hex_line_of_sight(lay, a, b, {left[1]}.__contains__)
    assert not lines.hex_line_of_sight(lay, a, b, {left[1], right[1]}.__contains__)
    # a line through hex centres has one side only
    c = lay.from_cube((3, 0, -3))
    assert lines.hex_line_sides(lay, a, c)[0] == lines.hex_line_sides(lay, a, c)[1]


@settings(deadline=None, max_examples=60)
@given(st.sampled_from(LAYOUTS), hex_pos, hex_pos, st.sets(hex_pos, max_size=15))
def test_hex_sight_and_cover_are_symmetric(lay, a, b, walls):
    blocks = walls.__contains__
    assert lines.hex_line_of_sight(lay, a, b, blocks) == lines.hex_line_of_sight(lay, b, a,
                                                                                  blocks)
    weight = lambda c: 1.0 if c in walls else 0.0      # noqa: E731
    assert lines.hex_cover(lay, a, b, weight) == lines.hex_cover(lay, b, a, weight)
    seen = lines.hex_line_of_sight(lay, a, b, blocks)
    assert seen == (lines.hex_cover(lay, a, b, weight) == 0.0)
    assert (lines.hex_first_blocker(lay, a, b, blocks) is None) == seen


def test_any_point_sight_sees_past_a_hex_the_centre_line_crosses():
    """The seven-point lines (hexsight) see round an obstacle the centre line runs into; a hex
    square on a straight row blocks every line."""
    a, b = (0, 0, 0), (2, -3, 1)
    blocks = {(1, -1, 0)}.__contains__
    assert hexsight.centre_line_blocked(a, b, blocks)
    assert hexsight.clear_line_exists(a, b, blocks)
    row = {(2, 0, -2)}.__contains__
    assert hexsight.centre_line_blocked((0, 0, 0), (4, 0, -4), row)
    assert not hexsight.clear_line_exists((0, 0, 0), (4, 0, -4), row)


@settings(deadline=None)
@given(st.sampled_from(LAYOUTS), hex_pos, hex_pos, st.integers(-1, 20))
def test_one_hex_of_the_cube_path_is_that_hex_of_the_walked_path(lay, a, b, i):
    ca, cb = lay.to_cube(*a), lay.to_cube(*b)
    path = lines.cube_path(ca, cb)
    assert lines.cube_path_at(ca, cb, i) == (path[i] if 0 <= i < len(path) else None)

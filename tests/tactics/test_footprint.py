"""Footprints of Size 1-3 creatures: block cells, distances, rings and areas, block lines."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.boards.square import chebyshev
from game.engine.tactics import footprint as fp
from game.engine.tactics.lines import bresenham

cell = st.tuples(st.integers(-20, 20), st.integers(-20, 20))
size_st = st.integers(1, 3)


@pytest.mark.parametrize("size", [1, 2, 3])
def test_block_cells_in_reading_order(size):
    cells = fp.block((4, 7), size)
    assert len(cells) == size * size and cells[0] == (4, 7)
    assert cells == sorted(cells, key=lambda c: (c[1], c[0]))
    assert cells[-1] == (4 + size - 1, 7 + size - 1)
    assert fp.block_at(4, 7, size) == cells


@pytest.mark.parametrize("size", [1, 2, 3])
def test_touching_blocks_are_one_apart(size):
    me = fp.block((0, 0), size)
    assert fp.cells_distance(me, me) == 0
    assert fp.cells_distance(me, fp.block((size, size), size)) == 1     # corner to corner
    assert fp.cells_distance(me, fp.block((size + 1, 0), 1)) == 2
    assert fp.block_distance((0, 0), (size, 0), size) == 1
    assert fp.block_distance((0, 0), (size + 1, 0), size) == 2


@settings(deadline=None)
@given(cell, cell, size_st)
def test_block_distance_counts_whole_blocks(a, b, size):
    d = fp.block_distance(a, b, size)
    assert d * size >= chebyshev(a, b) > (d - 1) * size
    assert d == fp.block_distance(b, a, size)


@settings(deadline=None)
@given(cell, size_st, st.integers(0, 3))
def test_rings_tile_the_area_of_a_block(anchor, size, n):
    area = fp.area_cells(anchor, size, n)
    assert len(area) == len(set(area)) == ((2 * n + 1) * size) ** 2
    assert area == sorted(area, key=lambda c: (c[1], c[0]))
    rings = [c for k in range(n + 1) for c in fp.ring_cells(anchor, size, k)]
    assert sorted(rings) == sorted(area)
    if n:
        assert len(fp.ring_cells(anchor, size, n)) == 8 * n * size * size
        outer = set(fp.area_cells(anchor, size, n, "ring"))
        assert outer == set(fp.ring_cells(anchor, size, n)) | set(fp.block(anchor, size))


@pytest.mark.parametrize("size", [1, 2, 3])
def test_ring_one_of_a_block_surrounds_it(size):
    ring = fp.ring_cells((10, 10), size, 1)
    xs = {c[0] for c in ring}
    assert xs == set(range(10 - size, 10 + 2 * size)) == {c[1] for c in ring}
    assert not set(ring) & set(fp.block((10, 10), size))
    assert len(fp.block_ring((10, 10), size, 1)) == 8


def test_area_offsets_shapes():
    assert fp.area_offsets(0) == [(0, 0)]
    assert len(fp.area_offsets(2)) == 25 and fp.area_offsets(2)[0] == (0, 0)
    assert len(fp.area_offsets(2, "ring")) == 17
    with pytest.raises(ValueError):
        fp.area_offsets(1, "star")


@settings(deadline=None)
@given(st.integers(-6, 6), st.integers(-6, 6))
def test_block_line_is_bresenham_in_blocks(i, j):
    line = fp.block_line(i, j)
    assert line == bresenham((0, 0), (i, j))[1:]
    if (i, j) != (0, 0):
        assert line[-1] == (i, j) and len(line) == max(abs(i), abs(j))
        assert chebyshev((0, 0), line[0]) == 1


def test_block_offsets_and_anchors():
    offs = fp.block_offsets(1)
    assert offs[0] == (0, 0) and len(offs) == 9
    assert offs[1:] == [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]
    assert fp.block_anchor((3, 3), 2, -1, 1) == (1, 5)
    assert fp.centre2(3, 3, 2) == (8, 8) and fp.centre2(3, 3, 1) == (7, 7)


@settings(max_examples=80, deadline=None)
@given(a=st.lists(st.tuples(st.integers(-6, 6), st.integers(-6, 6)), min_size=1, max_size=6),
       b=st.lists(st.tuples(st.integers(-6, 6), st.integers(-6, 6)), min_size=1, max_size=6))
def test_cells_distance_is_the_least_chebyshev_distance(a, b):
    assert fp.cells_distance(a, iter(b)) == min(chebyshev(p, q) for p in a for q in b)


def test_cells_distance_of_nothing_is_refused():
    with pytest.raises(ValueError):
        fp.cells_distance([], [(0, 0)])


@settings(max_examples=80, deadline=None)
@given(origin=cell, size=size_st, reach=st.integers(0, 4),
       cells=st.lists(st.tuples(st.integers(-12, 12), st.integers(-12, 12)), max_size=8))
def test_offsets_holding_filters_block_offsets(origin, size, reach, cells):
    want = [o for o in fp.block_offsets(reach)
            if set(fp.block(fp.block_anchor(origin, size, *o), size)) & set(cells)]
    assert fp.offsets_holding(origin, size, cells, reach) == want


def test_layer_gap_counts_layers_between_bodies():
    assert fp.layer_gap(0, 1, 0, 1) == 0            # side by side on the ground
    assert fp.layer_gap(0, 1, 1, 1) == 1            # one layer up: touching, as adjacent squares
    assert fp.layer_gap(0, 1, 3, 1) == 3
    assert fp.layer_gap(3, 1, 0, 2) == 2            # above a body two layers tall
    assert fp.layer_gap(0, 2, 1, 1) == 0            # beside the upper half of a tall body


@given(cell, st.integers(0, 6), size_st, cell, st.integers(0, 6), size_st)
@settings(max_examples=60, deadline=None)
def test_distance3_is_never_less_than_flat_and_symmetric(a, za, sa, b, zb, sb):
    ca, cb = fp.block(a, sa), fp.block(b, sb)
    d = fp.cells_distance3(ca, za, sa, cb, zb, sb)
    assert d >= fp.cells_distance(ca, cb)
    assert d == fp.cells_distance3(cb, zb, sb, ca, za, sa)
    assert fp.cells_distance3(ca, za, sa, cb, za, sb) == fp.cells_distance(ca, cb)

"""Footprints of big creatures on a square grid: Size x Size blocks anchored at their top-left.

Owns: the cells of a block, distances between blocks and between any two sets of cells (flat,
or in three dimensions with a gap between heights for fliers), the
grid of blocks aligned with a creature (block offsets, nearest first), rings and areas of blocks
around a block (area effects of a big attacker), straight lines in block units (an attack as
wide as its attacker), and block centres in half cells (`centre2`) so directions between
blocks of different sizes stay in integers.

Every list of cells here is in reading order (row by row, left to right) unless it says
otherwise; rules depend on that order for ties.

Must not: know any rule system, look at board contents or bounds, or import pygame.
"""
from __future__ import annotations

from typing import Iterable

from game.engine.boards.square import Cell

from .lines import bresenham


def block_at(x: int, y: int, size: int) -> list[Cell]:
    """The size x size cells of the block whose top-left cell is (x, y)."""
    return [(x + dx, y + dy) for dy in range(size) for dx in range(size)]


def block(anchor: Cell, size: int) -> list[Cell]:
    """The size x size cells of the block whose top-left cell is `anchor`."""
    return block_at(anchor[0], anchor[1], size)


def cells_distance(a: Iterable[Cell], b: Iterable[Cell]) -> int:
    """Smallest Chebyshev distance between any cell of `a` and any cell of `b` (0: overlap,
    1: touching, edges or corners)."""
    bl = list(b)
    best = -1
    for px, py in a:            # chebyshev written out: this runs for every pair of gems
        for qx, qy in bl:
            dx, dy = abs(px - qx), abs(py - qy)
            d = dx if dx > dy else dy
            if best < 0 or d < best:
                best = d
    if best < 0:
        raise ValueError("cells_distance() needs at least one cell on each side")
    return best


def layer_gap(low_a: int, tall_a: int, low_b: int, tall_b: int) -> int:
    """The vertical gap, in layers of one cell's height, between two bodies whose lowest layer
    is `low_*` and that stand `tall_*` layers (at least 1): 0 when they share a layer, 1 when
    one stands on the layer just above the other's top (as `cells_distance` counts squares)."""
    top_a, top_b = low_a + max(1, tall_a) - 1, low_b + max(1, tall_b) - 1
    return max(0, low_b - top_a, low_a - top_b)


def cells_distance3(a: Iterable[Cell], low_a: int, tall_a: int,
                    b: Iterable[Cell], low_b: int, tall_b: int) -> int:
    """Chebyshev distance in three dimensions between two bodies: the larger of the flat
    `cells_distance` of their footprints and their `layer_gap` (heights in cell units)."""
    return max(cells_distance(a, b), layer_gap(low_a, tall_a, low_b, tall_b))


def block_distance(a: Cell, b: Cell, size: int) -> int:
    """Chebyshev distance between two block anchors, counted in blocks of `size` cells.

    Blocks need not be aligned to a size-grid: the gap is measured between the anchors and
    rounded up to whole blocks, so adjacent blocks are at distance 1."""
    def axis(p: int, q: int) -> int:
        return -(-abs(p - q) // size)
    return max(axis(a[0], b[0]), axis(a[1], b[1]))


def block_anchor(origin: Cell, size: int, i: int, j: int) -> Cell:
    """Top-left of the block `i`, `j` blocks away from the block at `origin`."""
    return (origin[0] + i * size, origin[1] + j * size)


def offset_order(o: Cell) -> tuple[int, int, int]:
    """The sort key of block offsets: nearest first (in blocks), then reading order."""
    return (max(abs(o[0]), abs(o[1])), o[1], o[0])


def block_offsets(reach: int) -> list[Cell]:
    """Block offsets within Chebyshev distance `reach`, nearest first, then reading order."""
    out = [(i, j) for j in range(-reach, reach + 1) for i in range(-reach, reach + 1)]
    out.sort(key=offset_order)
    return out


def offsets_holding(origin: Cell, size: int, cells: Iterable[Cell], reach: int) -> list[Cell]:
    """The offsets of `block_offsets(reach)` whose block (on the grid of size x size blocks
    aligned with the block at `origin`) holds at least one of `cells`, in the same order: the
    blocks worth looking at when only those cells matter."""
    ox, oy = origin
    found = {((x - ox) // size, (y - oy) // size) for x, y in cells}
    out = [o for o in found if max(abs(o[0]), abs(o[1])) <= reach]
    out.sort(key=offset_order)
    return out


def block_line(i: int, j: int) -> list[Cell]:
    """Block offsets a line from block (0, 0) to block (i, j) passes through, start excluded,
    end included: the Bresenham line in block units, so the line is as wide as the block."""
    return bresenham((0, 0), (i, j))[1:]


def area_offsets(n: int, shape: str = "filled") -> list[Cell]:
    """Block offsets an area of radius n covers around its centre block (offset (0, 0)), nearest
    first: "filled" is the centre and every ring up to n; "ring" the centre and ring n only."""
    if shape not in ("filled", "ring"):
        raise ValueError(f"area shape must be 'filled' or 'ring', not {shape!r}")
    if n <= 0:
        return [(0, 0)]
    return [o for o in block_offsets(n)
            if shape == "filled" or max(abs(o[0]), abs(o[1])) in (0, n)]


def block_ring(anchor: Cell, size: int, radius: int) -> list[Cell]:
    """Anchors of the blocks at exactly `radius` blocks from the block at `anchor`, on the grid
    of blocks aligned with it, nearest-first reading order."""
    return [block_anchor(anchor, size, i, j) for i, j in block_offsets(radius)
            if max(abs(i), abs(j)) == radius]


def ring_cells(anchor: Cell, size: int, k: int) -> list[Cell]:
    """Cells of ring k alone around the block at `anchor`, in reading order."""
    cells = [c for a in block_ring(anchor, size, k) for c in block(a, size)]
    return sorted(cells, key=lambda t: (t[1], t[0]))


def area_cells(anchor: Cell, size: int, n: int, shape: str = "filled") -> list[Cell]:
    """Every cell an area of radius n (in blocks) covers around the block at `anchor`, the
    centre block included, in reading order."""
    cells = [c for i, j in area_offsets(n, shape)
             for c in block(block_anchor(anchor, size, i, j), size)]
    return sorted(cells, key=lambda t: (t[1], t[0]))


def centre2(x: int, y: int, size: int) -> Cell:
    """Twice the centre of the size x size block at (x, y): whole numbers for every size."""
    return (2 * x + size, 2 * y + size)

"""Square grid geometry: neighbours, distances, rings and areas, straight lines, Size blocks.

Owns: pure functions over (x, y) cells with 8-way adjacency and Chebyshev distance, lines of
cells between two cells (Bresenham and supercover), and Size x Size blocks anchored at their
top-left cell, so rules about large creatures measure in blocks.

Must not: know any rule system, look at board contents or import pygame. Callers filter cells
by bounds or terrain themselves.
"""
from __future__ import annotations

from typing import Iterator

Cell = tuple[int, int]

# Clockwise from north; the order is part of the contract (pathing tie-breaks depend on it).
DIRECTIONS8: dict[str, Cell] = {
    "N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1),
    "S": (0, 1), "SW": (-1, 1), "W": (-1, 0), "NW": (-1, -1),
}
ORTHOGONAL: tuple[Cell, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
# The 8 steps in reading order (row above left to right, then the row, then the row below): the
# order gems' searches were recorded with, so its ties depend on it.
READING8: tuple[Cell, ...] = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0),
                              (-1, 1), (0, 1), (1, 1))


def neighbours8(x: int, y: int) -> list[Cell]:
    return [(x + dx, y + dy) for dx, dy in DIRECTIONS8.values()]


def neighbours4(x: int, y: int) -> list[Cell]:
    return [(x + dx, y + dy) for dx, dy in ORTHOGONAL]


def chebyshev(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def manhattan(a: Cell, b: Cell) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def ring(center: Cell, radius: int) -> list[Cell]:
    """Cells at exactly Chebyshev distance `radius` (8 * radius cells; the centre for 0)."""
    cx, cy = center
    if radius < 0:
        return []
    if radius == 0:
        return [center]
    out = []
    for x in range(cx - radius, cx + radius + 1):
        out.append((x, cy - radius))
    for y in range(cy - radius + 1, cy + radius + 1):
        out.append((cx + radius, y))
    for x in range(cx + radius - 1, cx - radius - 1, -1):
        out.append((x, cy + radius))
    for y in range(cy + radius - 1, cy - radius, -1):
        out.append((cx - radius, y))
    return out


def square(center: Cell, radius: int) -> list[Cell]:
    """Every cell within Chebyshev distance `radius`, row by row."""
    cx, cy = center
    return [(x, y) for y in range(cy - radius, cy + radius + 1)
            for x in range(cx - radius, cx + radius + 1)]


def direction_to(a: Cell, b: Cell) -> Cell:
    """The 8-way step from a towards b: each axis is the sign of the difference."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    return (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)


def snap8(dx: float, dy: float) -> Cell:
    """A vector snapped to the nearest of the 8 directions ((0, 0) for a zero vector)."""
    if dx == 0 and dy == 0:
        return (0, 0)
    import math
    octant = round(math.atan2(dy, dx) / (math.pi / 4)) % 8
    return [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)][octant]


def bresenham(a: Cell, b: Cell) -> list[Cell]:
    """The thin line from a to b: one cell per step along the longer axis, both ends included."""
    x0, y0 = a
    x1, y1 = b
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx = 1 if x0 < x1 else -1
    sy = 1 if y0 < y1 else -1
    err = dx + dy
    out = []
    while True:
        out.append((x0, y0))
        if (x0, y0) == (x1, y1):
            return out
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy


def supercover(a: Cell, b: Cell) -> list[Cell]:
    """Every cell the segment between the two cell centres touches, in order from a to b.

    Where the segment passes exactly through a grid corner, both side cells are included, so a
    line of sight cannot slip diagonally between two blocking cells."""
    x0, y0 = a
    x1, y1 = b
    dx, dy = x1 - x0, y1 - y0
    nx, ny = abs(dx), abs(dy)
    sx = 1 if dx > 0 else -1
    sy = 1 if dy > 0 else -1
    x, y = x0, y0
    out = [(x, y)]
    ix = iy = 0
    while ix < nx or iy < ny:
        # Compare (0.5 + ix) / nx with (0.5 + iy) / ny without floats.
        lhs = (1 + 2 * ix) * ny
        rhs = (1 + 2 * iy) * nx
        if lhs == rhs:
            out.append((x + sx, y))
            out.append((x, y + sy))
            x += sx
            y += sy
            ix += 1
            iy += 1
        elif lhs < rhs:
            x += sx
            ix += 1
        else:
            y += sy
            iy += 1
        out.append((x, y))
    return out


# -- Size blocks -----------------------------------------------------------------------------
def block(anchor: Cell, size: int) -> list[Cell]:
    """The size x size cells of a block whose top-left cell is `anchor`."""
    ax, ay = anchor
    return [(ax + dx, ay + dy) for dy in range(size) for dx in range(size)]


def block_distance(a: Cell, b: Cell, size: int) -> int:
    """Chebyshev distance between two block anchors, counted in blocks of `size` cells.

    Blocks need not be aligned to a size-grid: the gap is measured between the nearest edges
    and rounded up to whole blocks, so adjacent blocks are at distance 1."""
    def axis(p: int, q: int) -> int:
        gap = abs(p - q)
        return -(-gap // size)
    return max(axis(a[0], b[0]), axis(a[1], b[1]))


def block_ring(anchor: Cell, size: int, radius: int) -> list[Cell]:
    """Anchors of the blocks forming ring `radius` around the block at `anchor`, on the grid of
    blocks aligned with it (the AoE rings of a Size-`size` attacker)."""
    ax, ay = anchor
    return [(ax + bx * size, ay + by * size) for bx, by in ring((0, 0), radius)]


def block_area(anchor: Cell, size: int, radius: int) -> list[Cell]:
    """Every cell covered by the block at `anchor` and its rings up to `radius`."""
    ax, ay = anchor
    lo_x, lo_y = ax - radius * size, ay - radius * size
    span = (2 * radius + 1) * size
    return [(x, y) for y in range(lo_y, lo_y + span) for x in range(lo_x, lo_x + span)]


def block_line(a: Cell, b: Cell, size: int) -> list[list[Cell]]:
    """A straight line as wide as `size`: the block slid along the supercover line between the
    two block anchors, one block (list of cells) per step, from a to b."""
    return [block(anchor, size) for anchor in supercover(a, b)]


def iter_cells(width: int, height: int) -> Iterator[Cell]:
    for y in range(height):
        for x in range(width):
            yield x, y

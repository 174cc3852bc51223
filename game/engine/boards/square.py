"""Square grid coordinates: directions, neighbours, distances, rings and areas.

Owns: pure functions over (x, y) cells with 8-way adjacency and Chebyshev distance. Lines,
searches, Size blocks and forced movement built on them are in game/engine/tactics (lines.py,
reach.py, footprint.py, forced.py).

Must not: know any rule system, look at board contents or import pygame. Callers filter cells
by bounds or terrain themselves.
"""
from __future__ import annotations

Cell = tuple[int, int]

# Clockwise from north; the order is part of the contract (search tie-breaks depend on it).
DIRECTIONS8: dict[str, Cell] = {
    "N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1),
    "S": (0, 1), "SW": (-1, 1), "W": (-1, 0), "NW": (-1, -1),
}
ORTHOGONAL: tuple[Cell, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
# The 8 steps in reading order (row above left to right, then the row, then the row below): the
# order the first square-grid system's searches were recorded with, so its ties depend on it.
READING8: tuple[Cell, ...] = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0),
                              (-1, 1), (0, 1), (1, 1))


def neighbours8(x: int, y: int) -> list[Cell]:
    return [(x + dx, y + dy) for dx, dy in DIRECTIONS8.values()]


def neighbours4(x: int, y: int) -> list[Cell]:
    return [(x + dx, y + dy) for dx, dy in ORTHOGONAL]


def chebyshev(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


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

"""Line of sight over grid cells, with what blocks decided by a callback.

Owns: whether a straight line between two cells is clear (square grids use the supercover line
between centres; hex grids the cube line between centres), the first blocking cell along a
line (for projectiles), and the set of cells visible from an origin.

Corner rule (a house default, documented in docs/maps.md): where a square-grid line passes
exactly through a grid corner it is blocked only if BOTH cells beside the corner block; on hex
grids a line running exactly along an edge is clear if either side is. This keeps sight
symmetric: a sees b exactly when b sees a.

Must not: know any rule system or read a Board directly; the end cells never block.
"""
from __future__ import annotations

from typing import Callable, Iterable

from .hex import HexLayout, cube_distance, cube_round
from .square import Cell

Blocks = Callable[[Cell], bool]


def square_steps(a: Cell, b: Cell) -> list[tuple[Cell, ...]]:
    """The supercover line from a to b as steps; a step is one cell, or the two cells beside a
    grid corner the line passes exactly through (the diagonal cell after them is its own step)."""
    x0, y0 = a
    x1, y1 = b
    nx, ny = abs(x1 - x0), abs(y1 - y0)
    sx = 1 if x1 > x0 else -1
    sy = 1 if y1 > y0 else -1
    x, y = x0, y0
    out: list[tuple[Cell, ...]] = [(a,)]
    ix = iy = 0
    while ix < nx or iy < ny:
        lhs = (1 + 2 * ix) * ny
        rhs = (1 + 2 * iy) * nx
        if lhs == rhs:
            out.append(((x + sx, y), (x, y + sy)))
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
        out.append(((x, y),))
    return out


def _blocked(steps: list[tuple[Cell, ...]], blocks: Blocks) -> Cell | None:
    for step in steps[1:-1]:
        if all(blocks(c) for c in step):
            return step[0]
    return None


def first_blocker(a: Cell, b: Cell, blocks: Blocks) -> Cell | None:
    """The first cell strictly between a and b that stops a square-grid line, or None."""
    return _blocked(square_steps(a, b), blocks)


def line_of_sight(a: Cell, b: Cell, blocks: Blocks) -> bool:
    """Whether a sees b on a square grid (the cells a and b themselves never block)."""
    return first_blocker(a, b, blocks) is None


def visible_from(origin: Cell, cells: Iterable[Cell], blocks: Blocks) -> set[Cell]:
    return {c for c in cells if line_of_sight(origin, c, blocks)}


def _hex_line(layout: HexLayout, a: Cell, b: Cell, nudge: float) -> list[Cell]:
    ca, cb = layout.to_cube(*a), layout.to_cube(*b)
    n = cube_distance(ca, cb)
    if n == 0:
        return [a]
    out = []
    for i in range(n + 1):
        t = i / n
        out.append(layout.from_cube(cube_round(ca[0] + (cb[0] - ca[0]) * t + nudge,
                                               ca[1] + (cb[1] - ca[1]) * t + nudge,
                                               ca[2] + (cb[2] - ca[2]) * t - 2 * nudge)))
    return out


def hex_line_of_sight(layout: HexLayout, a: Cell, b: Cell, blocks: Blocks) -> bool:
    """Whether a sees b on a hex grid: clear along either side of an exact edge line."""
    for nudge in (1e-6, -1e-6):
        line = _hex_line(layout, a, b, nudge)
        if not any(blocks(c) for c in line[1:-1]):
            return True
    return False


def hex_first_blocker(layout: HexLayout, a: Cell, b: Cell, blocks: Blocks) -> Cell | None:
    """The first blocking hex strictly between a and b on the clearer of the two edge lines."""
    best: Cell | None = None
    best_i = -1
    for nudge in (1e-6, -1e-6):
        line = _hex_line(layout, a, b, nudge)
        hit = next((i for i, c in enumerate(line[1:-1], 1) if blocks(c)), None)
        if hit is None:
            return None
        if hit > best_i:
            best_i, best = hit, line[hit]
    return best

"""Straight lines over grid cells, and the line of sight and cover built on them.

Owns the one line walk of each geometry, with its variants named:
  squares  `bresenham` (the thin line: one cell per step along the longer axis) and
           `supercover_steps` (every cell the segment between centres touches; where it passes
           exactly through a grid corner, the two cells beside the corner form one step);
           `supercover` is the same walk flattened to cells;
  hexes    the cube line between centres (`game.engine.boards.hex.cube_line`) with a nudge:
           `hex_line` uses the layout's default nudge, `hex_line_sides` the two lines nudged to
           either side of an exact edge; `cube_path` is the default line in cube coordinates and
           `cube_step` its first step (a straight flight, one hex at a time); `cube_path_at`
           one hex of that line without walking the rest; the any-point sample lines are in
           hexsight.py.
On these: `line_of_sight`, `first_blocker`, `visible_from` and `cover` on squares, and
`corner_lines_blocked` (the corner-to-corner count of grid cover rules: from the corner of one
square that sees most, how many of the lines to the other square's 4 corners are blocked, over
`corner_segment_steps`, the walk of a segment between two grid corners);
`hex_line_of_sight`, `hex_first_blocker` and `hex_cover` on hexes.

Corner rule (a house default, documented in docs/maps.md): where a square-grid line passes
exactly through a grid corner it is blocked only if BOTH cells beside the corner block (and a
corner pair gives the lesser cover of the two); on hex grids a line running exactly along an
edge is clear if either side is. This keeps sight symmetric: a sees b exactly when b sees a.

Must not: know any rule system or read a Board directly; the end cells never block.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable, Iterable

from game.engine.boards.hex import LINE_NUDGE, Cube, HexLayout, cube_distance, cube_line, cube_round
from game.engine.boards.square import Cell

Blocks = Callable[[Cell], bool]
Weight = Callable[[Cell], float]

HEX_SIDE_NUDGE = 1e-6      # how far hex_line_sides pushes a line off an exact edge


# -- squares -------------------------------------------------------------------------------------
def bresenham(a: Cell, b: Cell) -> list[Cell]:
    """The thin line from a to b: one cell per step along the longer axis, both ends included.
    Every step is to an 8-neighbour, so the line has Chebyshev distance + 1 cells."""
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


def supercover_steps(a: Cell, b: Cell) -> list[tuple[Cell, ...]]:
    """The supercover line from a to b as steps; a step is one cell, or the two cells beside a
    grid corner the line passes exactly through (the diagonal cell after them is its own step).
    The first step is (a,), the last (b,)."""
    x0, y0 = a
    x1, y1 = b
    nx, ny = abs(x1 - x0), abs(y1 - y0)
    sx = 1 if x1 > x0 else -1
    sy = 1 if y1 > y0 else -1
    x, y = x0, y0
    out: list[tuple[Cell, ...]] = [(a,)]
    ix = iy = 0
    while ix < nx or iy < ny:
        # Compare (0.5 + ix) / nx with (0.5 + iy) / ny without floats.
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


def supercover(a: Cell, b: Cell) -> list[Cell]:
    """Every cell the segment between the two cell centres touches, in order from a to b; at an
    exact corner both side cells are listed, so a line cannot slip between two diagonal cells."""
    return [c for step in supercover_steps(a, b) for c in step]


def _blocked(steps: list[tuple[Cell, ...]], blocks: Blocks) -> Cell | None:
    for step in steps[1:-1]:
        if all(blocks(c) for c in step):
            return step[0]
    return None


def first_blocker(a: Cell, b: Cell, blocks: Blocks) -> Cell | None:
    """The first cell strictly between a and b that stops a square-grid line, or None (at a
    corner pair, the first of the pair when both block)."""
    return _blocked(supercover_steps(a, b), blocks)


def line_of_sight(a: Cell, b: Cell, blocks: Blocks) -> bool:
    """Whether a sees b on a square grid (the cells a and b themselves never block)."""
    return first_blocker(a, b, blocks) is None


def visible_from(origin: Cell, cells: Iterable[Cell], blocks: Blocks) -> set[Cell]:
    return {c for c in cells if line_of_sight(origin, c, blocks)}


def cover(a: Cell, b: Cell, weight: Weight) -> float:
    """The best cover between a and b on a square grid: the largest weight among the cells
    strictly between them (a corner pair counts as the lesser of its two cells, the corner
    rule); 0 with nothing in between. Symmetric, like sight."""
    best = 0.0
    for step in supercover_steps(a, b)[1:-1]:
        best = max(best, min(weight(c) for c in step))
    return best


def corner_segment_steps(p: Cell, q: Cell) -> list[tuple[Cell, ...]]:
    """The cells the segment between grid corners p and q passes, in order from p; corner
    (x, y) is the top-left corner of cell (x, y). A step is one cell whose inside the segment
    crosses, or two cells: the pair on either side of a stretch running exactly along a grid
    line, or the pair beside a grid corner the segment passes exactly through (the corner rule:
    such a step blocks only when both cells do). Touching a cell only at p or q is no step."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    return [tuple((p[0] + x, p[1] + y) for x, y in step) for step in _lattice_steps(dx, dy)]


@lru_cache(maxsize=None)
def _lattice_steps(dx: int, dy: int) -> tuple[tuple[Cell, ...], ...]:
    """`corner_segment_steps` from corner (0, 0) to (dx, dy): the same for every start, so it is
    worked out once per offset, in whole numbers (t counted in 1 / (|dx| |dy|) of the segment, so
    every grid-line crossing is exact and a line through a corner is seen as one)."""
    if dx == 0 and dy == 0:
        return ()
    if dx == 0 or dy == 0:              # along a grid line: the two cells on either side
        n = abs(dx) + abs(dy)
        s = 1 if dx + dy > 0 else -1
        out = []
        for k in range(n):
            lo = k if s > 0 else -k - 1  # the cell row (or column) of the k-th unit stretch
            out.append(((-1, lo), (0, lo)) if dx == 0 else ((lo, -1), (lo, 0)))
        return tuple(out)
    ax, ay = abs(dx), abs(dy)
    span = ax * ay
    ts = sorted(set(range(0, span + 1, ay)) | set(range(0, span + 1, ax)))
    sx = 1 if dx > 0 else -1
    sy = 1 if dy > 0 else -1
    steps: list[tuple[Cell, ...]] = []
    for i in range(len(ts) - 1):
        t0, t1 = ts[i], ts[i + 1]
        if i > 0 and t0 % ay == 0 and t0 % ax == 0:
            # exactly through the grid corner (x, y): the two cells beside it
            x, y = dx * t0 // span, dy * t0 // span
            bx, by = (x - 1 if sx > 0 else x), (y - 1 if sy > 0 else y)    # the cell before
            ax_, ay_ = (x if sx > 0 else x - 1), (y if sy > 0 else y - 1)  # the cell after
            steps.append(((ax_, by), (bx, ay_)))
        # the cell holding the middle of this stretch (floor division rounds toward -inf)
        steps.append(((dx * (t0 + t1) // (2 * span), dy * (t0 + t1) // (2 * span)),))
    return tuple(steps)


def corner_lines_blocked(a: Cell, b: Cell, blocks: Blocks) -> int:
    """Grid cover geometry: for each of the 4 corners of square a, the number of segments from it
    to the 4 corners of square b that a blocking cell stops (`corner_segment_steps`, corner
    rule); the least of the four counts (0..4). The cells a and b themselves never block."""
    def stop(c: Cell) -> bool:
        return c != a and c != b and blocks(c)
    ax, ay = a
    bx, by = b
    best = 4
    for px, py in ((ax, ay), (ax + 1, ay), (ax, ay + 1), (ax + 1, ay + 1)):
        n = 0
        for qx, qy in ((bx, by), (bx + 1, by), (bx, by + 1), (bx + 1, by + 1)):
            for step in _lattice_steps(qx - px, qy - py):
                if all(stop((px + cx, py + cy)) for cx, cy in step):
                    n += 1
                    break
            if n >= best:
                break
        if n < best:
            best = n
            if best == 0:
                break
    return best


# -- hexes ---------------------------------------------------------------------------------------
def hex_line(layout: HexLayout, a: Cell, b: Cell) -> list[Cell]:
    """Hexes crossed by the line between the two centres, both ends included (the layout's
    default nudge picks one side of a line running exactly along an edge)."""
    return layout.line(a, b)


def cube_path(a: Cube, b: Cube) -> list[Cube]:
    """The hexes (cube coordinates) on the default centre line from a to b, both ends included:
    `hex_line` before the layout turns cubes into cells."""
    return cube_line(a, b)


def cube_path_at(a: Cube, b: Cube, i: int) -> Cube | None:
    """`cube_path(a, b)[i]` (None past its end) without walking the other hexes: the same
    arithmetic as cube_line's i-th point, so the very same hex. A caller that wants only the
    lines passing one hex (a strict Dash's rest, BND-53) tests that hex first."""
    n = cube_distance(a, b)
    if i < 0 or i > n:
        return None
    if n == 0:
        return a
    t = i / n
    nudge = LINE_NUDGE
    return cube_round(a[0] + (b[0] - a[0]) * t + nudge[0],
                      a[1] + (b[1] - a[1]) * t + nudge[1],
                      a[2] + (b[2] - a[2]) * t + nudge[2])


def cube_step(a: Cube, b: Cube) -> Cube:
    """The hex after `a` on the default centre line toward `b` (a != b): where something flying
    straight from a at b goes next, re-aimed from wherever it is now."""
    return cube_line(a, b)[1]


def hex_line_sides(layout: HexLayout, a: Cell, b: Cell) -> tuple[list[Cell], list[Cell]]:
    """The centre line nudged to one side and to the other: the same hexes unless the line runs
    exactly along an edge, where each takes the hexes on its side."""
    ca, cb = layout.to_cube(*a), layout.to_cube(*b)
    n = HEX_SIDE_NUDGE
    return tuple(  # type: ignore[return-value]
        [layout.from_cube(c) for c in cube_line(ca, cb, (k, k, -2 * k))] for k in (n, -n))


def hex_line_of_sight(layout: HexLayout, a: Cell, b: Cell, blocks: Blocks) -> bool:
    """Whether a sees b on a hex grid: clear along either side of an exact edge line."""
    return any(not any(blocks(c) for c in line[1:-1]) for line in hex_line_sides(layout, a, b))


def hex_first_blocker(layout: HexLayout, a: Cell, b: Cell, blocks: Blocks) -> Cell | None:
    """The first blocking hex strictly between a and b on the clearer of the two edge lines."""
    best: Cell | None = None
    best_i = -1
    for line in hex_line_sides(layout, a, b):
        hit = next((i for i, c in enumerate(line[1:-1], 1) if blocks(c)), None)
        if hit is None:
            return None
        if hit > best_i:
            best_i, best = hit, line[hit]
    return best


def hex_cover(layout: HexLayout, a: Cell, b: Cell, weight: Weight) -> float:
    """The best cover between a and b on a hex grid: the largest weight among the hexes strictly
    between them, on the side of an exact edge line that gives less (the edge rule)."""
    return min(max((weight(c) for c in line[1:-1]), default=0.0)
               for line in hex_line_sides(layout, a, b))

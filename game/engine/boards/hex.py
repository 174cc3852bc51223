"""Hex grid geometry for Tiled's staggered hexagonal maps.

Owns: converting Tiled's offset coordinates (column x, row y, for stagger axis x or y and stagger
index odd or even) to and from cube coordinates; distance, neighbours, rings, areas and lines in
cube space; and the pixel layout exactly as Tiled computes it (the corner of each cell, its
centre, and which cell a pixel falls in, including the zig-zag edges of staggered rows). The cube
line here is the one hex line walk; searches, lines of sight and sight lines over it live in
game/engine/tactics (reach.py, lines.py, hexsight.py).

Must not: import pygame or know any rule system. Pixel values here are map pixels at scale 1;
the client scales and pans them.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterator

Offset = tuple[int, int]
Cube = tuple[int, int, int]

CUBE_DIRECTIONS: tuple[Cube, ...] = (
    (1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1), (0, -1, 1),
)


@dataclass(frozen=True, slots=True)
class HexLayout:
    """One hex map's shape. Sizes are the map's tilewidth/tileheight/hexsidelength in pixels."""

    stagger_axis: str = "y"          # "y": rows are shifted (pointy tops); "x": columns (flat tops)
    stagger_index: str = "odd"       # which rows/columns are shifted: "odd" or "even"
    tile_width: int = 32
    tile_height: int = 32
    side_length: int = 16

    @classmethod
    def from_board(cls, board: Any) -> "HexLayout":
        """The layout of a hexagonal Board (as loaded from a Tiled map)."""
        if board.orientation != "hexagonal":
            raise ValueError(f"{board.source}: a {board.orientation} board has no hex layout")
        return cls(board.stagger_axis or "y", board.stagger_index or "odd", board.tile_width,
                   board.tile_height, board.hex_side_length)

    def __post_init__(self) -> None:
        if self.stagger_axis not in ("x", "y"):
            raise ValueError(f"stagger axis must be 'x' or 'y', not {self.stagger_axis!r}")
        if self.stagger_index not in ("odd", "even"):
            raise ValueError(f"stagger index must be 'odd' or 'even', not {self.stagger_index!r}")

    # -- Tiled's render parameters (HexagonalRenderer::RenderParams) --------------------------
    @property
    def tw(self) -> int:
        return self.tile_width & ~1      # Tiled rounds tile sizes down to even for hex maps

    @property
    def th(self) -> int:
        return self.tile_height & ~1

    @property
    def side_x(self) -> int:
        return self.side_length if self.stagger_axis == "x" else 0

    @property
    def side_y(self) -> int:
        return self.side_length if self.stagger_axis == "y" else 0

    @property
    def side_offset_x(self) -> int:
        return (self.tw - self.side_x) // 2

    @property
    def side_offset_y(self) -> int:
        return (self.th - self.side_y) // 2

    @property
    def column_width(self) -> int:
        return self.side_offset_x + self.side_x

    @property
    def row_height(self) -> int:
        return self.side_offset_y + self.side_y

    def staggered(self, x: int, y: int) -> bool:
        """Whether this cell's row (axis y) or column (axis x) is the shifted one."""
        even = self.stagger_index == "even"
        i = x if self.stagger_axis == "x" else y
        return bool((i & 1) ^ even)

    # -- pixels --------------------------------------------------------------------------------
    def tile_origin(self, x: int, y: int) -> tuple[int, int]:
        """Top-left pixel of the cell's bounding box (Tiled's tileToScreenCoords)."""
        if self.stagger_axis == "x":
            py = y * (self.th + self.side_y)
            if self.staggered(x, y):
                py += self.row_height
            return x * self.column_width, py
        px = x * (self.tw + self.side_x)
        if self.staggered(x, y):
            px += self.column_width
        return px, y * self.row_height

    def center(self, x: int, y: int) -> tuple[float, float]:
        ox, oy = self.tile_origin(x, y)
        return ox + self.tw / 2, oy + self.th / 2

    def corners(self, x: int, y: int) -> list[tuple[int, int]]:
        """The hexagon's six corners clockwise from the left/top-left (as Tiled draws the grid)."""
        ox, oy = self.tile_origin(x, y)
        tw, th, sx, sy = self.tw, self.th, self.side_offset_x, self.side_offset_y
        if self.stagger_axis == "x":
            pts = [(0, th // 2), (sx, 0), (tw - sx, 0), (tw, th // 2), (tw - sx, th), (sx, th)]
        else:
            pts = [(0, sy), (tw // 2, 0), (tw, sy), (tw, th - sy), (tw // 2, th), (0, th - sy)]
        return [(ox + px, oy + py) for px, py in pts]

    def pixel_to_offset(self, px: float, py: float) -> Offset:
        """The cell containing a map pixel, exactly as Tiled's screenToTileCoords picks it."""
        cw2, rh2 = self.column_width * 2, self.row_height * 2
        even = self.stagger_index == "even"
        if self.stagger_axis == "x":
            px -= self.tw if even else self.side_offset_x
        else:
            py -= self.th if even else self.side_offset_y
        rx, ry = math.floor(px / cw2), math.floor(py / rh2)
        relx, rely = px - rx * cw2, py - ry * rh2
        if self.stagger_axis == "x":
            rx = rx * 2 + (1 if even else 0)
            left = self.side_x // 2
            cx = left + self.column_width
            cy = self.th // 2
            centers = [(left, cy), (cx, cy - self.row_height), (cx, cy + self.row_height),
                       (cx + self.column_width, cy)]
            offsets = [(0, 0), (1, -1), (1, 0), (2, 0)]
        else:
            ry = ry * 2 + (1 if even else 0)
            top = self.side_y // 2
            cx = self.tw // 2
            cy = top + self.row_height
            centers = [(cx, top), (cx - self.column_width, cy), (cx + self.column_width, cy),
                       (cx, cy + self.row_height)]
            offsets = [(0, 0), (-1, 1), (0, 1), (0, 2)]
        best, best_d = 0, math.inf
        for i, (ccx, ccy) in enumerate(centers):
            # Tiled compares in single precision (QVector2D); strict < keeps its tie-break order.
            d = (ccx - relx) ** 2 + (ccy - rely) ** 2
            if d < best_d:
                best, best_d = i, d
        return rx + offsets[best][0], ry + offsets[best][1]

    def map_pixel_size(self, width: int, height: int) -> tuple[int, int]:
        """The map's pixel size (Tiled's mapBoundingRect)."""
        if self.stagger_axis == "x":
            w = width * self.column_width + self.side_offset_x
            h = height * (self.th + self.side_y)
            if width > 1:
                h += self.row_height
            return w, h
        w = width * (self.tw + self.side_x)
        h = height * self.row_height + self.side_offset_y
        if height > 1:
            w += self.column_width
        return w, h

    # -- offset <-> cube -------------------------------------------------------------------------
    def to_cube(self, x: int, y: int) -> Cube:
        if self.stagger_axis == "y":
            shift = (y + (y & 1)) // 2 if self.stagger_index == "even" else (y - (y & 1)) // 2
            q, r = x - shift, y
        else:
            shift = (x + (x & 1)) // 2 if self.stagger_index == "even" else (x - (x & 1)) // 2
            q, r = x, y - shift
        return q, r, -q - r

    def from_cube(self, c: Cube) -> Offset:
        q, r, _ = c
        if self.stagger_axis == "y":
            y = r
            shift = (y + (y & 1)) // 2 if self.stagger_index == "even" else (y - (y & 1)) // 2
            return q + shift, y
        x = q
        shift = (x + (x & 1)) // 2 if self.stagger_index == "even" else (x - (x & 1)) // 2
        return x, r + shift

    # -- grid operations in offset coordinates -----------------------------------------------
    def distance(self, a: Offset, b: Offset) -> int:
        return cube_distance(self.to_cube(*a), self.to_cube(*b))

    def neighbours(self, x: int, y: int) -> list[Offset]:
        c = self.to_cube(x, y)
        return [self.from_cube(cube_add(c, d)) for d in CUBE_DIRECTIONS]

    def ring(self, center: Offset, radius: int) -> list[Offset]:
        return [self.from_cube(c) for c in cube_ring(self.to_cube(*center), radius)]

    def area(self, center: Offset, radius: int) -> list[Offset]:
        """Every cell within `radius` (the centre first, then ring by ring)."""
        return [self.from_cube(c) for c in cube_area(self.to_cube(*center), radius)]

    def line(self, a: Offset, b: Offset) -> list[Offset]:
        """Cells crossed by the straight line between the two centres, both ends included."""
        return [self.from_cube(c) for c in cube_line(self.to_cube(*a), self.to_cube(*b))]

    def neighbours_in(self, x: int, y: int, width: int, height: int) -> list[Offset]:
        """The neighbours that lie on a width x height map, in cube direction order."""
        return [(nx, ny) for nx, ny in self.neighbours(x, y) if 0 <= nx < width and 0 <= ny < height]


# -- cube coordinate functions ---------------------------------------------------------------
def cube_add(a: Cube, b: Cube) -> Cube:
    return a[0] + b[0], a[1] + b[1], a[2] + b[2]


def cube_distance(a: Cube, b: Cube) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


def cube_neighbours(c: Cube) -> list[Cube]:
    return [cube_add(c, d) for d in CUBE_DIRECTIONS]


def cube_ring(center: Cube, radius: int) -> list[Cube]:
    if radius < 0:
        return []
    if radius == 0:
        return [center]
    out: list[Cube] = []
    d4 = CUBE_DIRECTIONS[4]
    c = (center[0] + d4[0] * radius, center[1] + d4[1] * radius, center[2] + d4[2] * radius)
    for i in range(6):
        for _ in range(radius):
            out.append(c)
            c = cube_add(c, CUBE_DIRECTIONS[i])
    return out


def cube_area(center: Cube, radius: int) -> list[Cube]:
    out: list[Cube] = []
    for r in range(radius + 1):
        out.extend(cube_ring(center, r))
    return out


def cube_round(q: float, r: float, s: float) -> Cube:
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    else:
        rs = -rq - rr
    return int(rq), int(rr), int(rs)


LINE_NUDGE = (1e-6, 2e-6, -3e-6)


def cube_line(a: Cube, b: Cube,
              nudge: tuple[float, float, float] = LINE_NUDGE) -> list[Cube]:
    """Hexes on the segment between centres: the one hex line walk. A tiny nudge (summing to 0)
    makes lines that run exactly along a hex edge pick one side consistently instead of
    alternating; tactics.lines names the variants (default, and either side of an edge)."""
    q, r, s = a
    if nudge == LINE_NUDGE:
        steps = _line_from_origin((b[0] - q, b[1] - r, b[2] - s))
        return [(q + dq, r + dr, s + ds) for dq, dr, ds in steps]
    return _line_in_place(a, b, nudge)


def _line_in_place(a: Cube, b: Cube, nudge: tuple[float, float, float]) -> list[Cube]:
    n = cube_distance(a, b)
    if n == 0:
        return [a]
    out = []
    for i in range(n + 1):
        t = i / n
        out.append(cube_round(a[0] + (b[0] - a[0]) * t + nudge[0],
                              a[1] + (b[1] - a[1]) * t + nudge[1],
                              a[2] + (b[2] - a[2]) * t + nudge[2]))
    return out


@lru_cache(maxsize=65536)
def _line_from_origin(d: Cube) -> tuple[Cube, ...]:
    """`cube_line((0, 0, 0), d)` with the default nudge, worked out once per offset: moved by
    whole hexes, such a line crosses the same hexes moved alike (rounding a point reads its
    fraction alone, and the default nudge's three different parts keep the three roundings
    from ever tying; a test compares lines from many starts with lines worked out in place).
    A nudge with two equal parts can tie, and a tie falls by the start's own rounding: those
    lines are worked out where they lie."""
    return tuple(_line_in_place((0, 0, 0), d, LINE_NUDGE))


def iter_offsets(width: int, height: int) -> Iterator[Offset]:
    for y in range(height):
        for x in range(width):
            yield x, y

"""Terrain art for boards without Tiled tile layers (inline grids of tests, scenarios and
quick matches), drawn by code in the same style as the tokens.

Owns: one cached Surface per board showing ground, water, walls and elevation: higher ground is
lighter, every drop to a lower neighbour shows a shaded cliff face on its lower/right edge
(light from the upper left), water carries ripples and a current arrow, and walls are raised
stone blocks. Variation comes from a hash of the cell, so the same board always looks the same.

Must not: know any rule system or read state beyond the board's cell properties.
"""
from __future__ import annotations

import math

import pygame

from .sprites import OUTLINE, shade

GROUND = (86, 112, 70)
GROUND_HI = (120, 142, 84)
SAND = (168, 150, 104)
WATER = (40, 92, 140)
WALL = (104, 100, 108)
HIGHLAND = (150, 146, 100)

_DIRS = {"N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1), "S": (0, 1), "SW": (-1, 1),
         "W": (-1, 0), "NW": (-1, -1)}


def _h(x: int, y: int, k: int = 0) -> float:
    """A stable pseudo-random value in [0, 1) for a cell (no random module: pictures repeat)."""
    n = (x * 374761393 + y * 668265263 + k * 2147483647) & 0xFFFFFFFF
    n = ((n ^ (n >> 13)) * 1274126177) & 0xFFFFFFFF
    return ((n ^ (n >> 16)) & 0xFFFF) / 65536.0


def render_board(board, tile: int = 64) -> pygame.Surface:
    """The whole board at `tile` pixels per cell."""
    w, h = board.width, board.height
    surf = pygame.Surface((w * tile, h * tile))
    max_e = max([int(board.prop(x, y, "elevation", 0) or 0) for x, y in board.coords()] + [1])

    def elev(x: int, y: int) -> int:
        return int(board.prop(x, y, "elevation", 0) or 0)

    def solid(x: int, y: int) -> bool:
        # a square that cannot be entered, under either name the map property contracts use
        return bool(board.prop(x, y, "solid", False) or board.prop(x, y, "wall", False))

    for y in range(h):
        for x in range(w):
            r = pygame.Rect(x * tile, y * tile, tile, tile)
            e = elev(x, y)
            lift = 0.42 * e / max(max_e, 1)
            terrain = str(board.prop(x, y, "terrain", "") or "").lower()
            if solid(x, y):
                _wall(surf, r, x, y, tile)
                continue
            if board.prop(x, y, "water", False):
                _water(surf, r, x, y, tile, board.prop(x, y, "current_dir", None),
                       bool(board.prop(x, y, "water_penalty", 0)))
                continue
            base = SAND if terrain in ("sand", "beach") else GROUND
            # higher ground turns from meadow towards dry upland and gets lighter
            f = e / max(max_e, 1)
            base = tuple(int(a + (b - a) * 0.55 * f) for a, b in zip(base, HIGHLAND))
            base = shade(base, lift * 0.6 + (_h(x, y) - 0.5) * 0.07)
            surf.fill(base, r)
            # a soft lit corner (upper left) and shaded corner (lower right) per tile
            pygame.draw.line(surf, shade(base, 0.08), (r.x + 1, r.y + 1), (r.right - 2, r.y + 1))
            pygame.draw.line(surf, shade(base, -0.08), (r.x + 1, r.bottom - 2), (r.right - 2, r.bottom - 2))
            # grass tufts and pebbles for texture
            for k in range(5):
                px = r.x + int(_h(x, y, k + 1) * (tile - 10)) + 5
                py = r.y + int(_h(x, y, k + 7) * (tile - 10)) + 5
                if k < 3:
                    col = shade(base, 0.2) if k % 2 == 0 else shade(base, -0.18)
                    pygame.draw.line(surf, col, (px, py), (px + max(2, tile // 16), py - max(2, tile // 12)), 2)
                    pygame.draw.line(surf, col, (px, py), (px - max(1, tile // 24), py - max(2, tile // 14)), 2)
                else:
                    pygame.draw.circle(surf, shade(base, -0.22), (px, py), max(1, tile // 30))
    # cliff faces: wherever the neighbour below/right is lower, shade its near edge; where the
    # neighbour above/left is lower, lighten ours (a lit rim).
    for y in range(h):
        for x in range(w):
            if solid(x, y):
                continue
            e = elev(x, y)
            r = pygame.Rect(x * tile, y * tile, tile, tile)
            band = max(3, tile // 9)
            if y + 1 < h and elev(x, y + 1) < e and not solid(x, y + 1):
                drop = min(3, e - elev(x, y + 1))
                face = pygame.Rect(r.x, r.bottom - band * drop, tile, band * drop)
                surf.fill(shade(surf.get_at(r.center)[:3], -0.45), face)
                pygame.draw.line(surf, OUTLINE, face.topleft, face.topright, 2)
            if x + 1 < w and elev(x + 1, y) < e and not solid(x + 1, y):
                pygame.draw.rect(surf, shade(surf.get_at(r.center)[:3], -0.35),
                                 (r.right - band, r.y, band, tile))
                pygame.draw.line(surf, OUTLINE, (r.right - band, r.y), (r.right - band, r.bottom), 2)
            if y > 0 and elev(x, y - 1) < e:
                pygame.draw.line(surf, shade(surf.get_at(r.center)[:3], 0.3), r.topleft, r.topright, 2)
            if x > 0 and elev(x - 1, y) < e:
                pygame.draw.line(surf, shade(surf.get_at(r.center)[:3], 0.3), r.topleft, r.bottomleft, 2)
    # a faint grid so cells are countable
    grid = pygame.Surface((w * tile, h * tile), pygame.SRCALPHA)
    for x in range(w + 1):
        pygame.draw.line(grid, (0, 0, 0, 46), (x * tile, 0), (x * tile, h * tile))
    for y in range(h + 1):
        pygame.draw.line(grid, (0, 0, 0, 46), (0, y * tile), (w * tile, y * tile))
    surf.blit(grid, (0, 0))
    return surf


def _wall(surf: pygame.Surface, r: pygame.Rect, x: int, y: int, tile: int) -> None:
    surf.fill(shade(WALL, -0.5), r)
    top = r.inflate(-tile // 8, -tile // 8).move(-tile // 16, -tile // 16)
    pygame.draw.rect(surf, shade(WALL, (_h(x, y) - 0.5) * 0.12), top, border_radius=max(2, tile // 12))
    pygame.draw.line(surf, shade(WALL, 0.35), top.topleft, top.topright, 2)
    pygame.draw.line(surf, shade(WALL, 0.35), top.topleft, top.bottomleft, 2)
    pygame.draw.rect(surf, OUTLINE, top, 2, border_radius=max(2, tile // 12))
    # masonry seams
    mid = top.y + top.h // 2
    pygame.draw.line(surf, shade(WALL, -0.3), (top.x + 3, mid), (top.right - 3, mid), 2)
    off = top.x + int(top.w * (0.3 + 0.4 * _h(x, y, 3)))
    pygame.draw.line(surf, shade(WALL, -0.3), (off, top.y + 3), (off, mid), 2)


def _water(surf: pygame.Surface, r: pygame.Rect, x: int, y: int, tile: int,
           current: str | None, deep: bool) -> None:
    base = shade(WATER, -0.25 if deep else 0.0)
    surf.fill(base, r)
    for k in range(2):
        wy = r.y + int(tile * (0.3 + 0.4 * k + 0.1 * _h(x, y, k)))
        wx = r.x + int(tile * 0.15 + _h(x, y, k + 4) * tile * 0.3)
        pts = [(wx + i * tile * 0.1, wy + math.sin(i * 1.4) * tile * 0.04) for i in range(5)]
        pygame.draw.lines(surf, shade(base, 0.35), False, pts, 2)
    if current and current.upper() in _DIRS:
        dx, dy = _DIRS[current.upper()]
        cx, cy = r.center
        ln = tile * 0.28
        ex, ey = cx + dx * ln / math.hypot(dx, dy), cy + dy * ln / math.hypot(dx, dy)
        sx, sy = cx - (ex - cx), cy - (ey - cy)
        col = shade(base, 0.5)
        pygame.draw.line(surf, col, (sx, sy), (ex, ey), 2)
        ang = math.atan2(ey - sy, ex - sx)
        for s in (-1, 1):
            pygame.draw.line(surf, col, (ex, ey), (ex - math.cos(ang + s * 0.5) * tile * 0.12,
                                                   ey - math.sin(ang + s * 0.5) * tile * 0.12), 2)

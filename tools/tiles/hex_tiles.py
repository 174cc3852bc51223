"""Generate the hex tilesets: maps/tilesets/hex_pointy.{png,tsx} (rows staggered, stagger axis y,
28x32, side 16) and hex_flat.{png,tsx} (columns staggered, stagger axis x, 32x28, side 16).

Owns: the look of hex terrain in the shared palette, lit from the top-left, and the tile
properties hex maps start from (`terrain`, `move_cost`, `solid`, `water`). Tile ids are a
contract with every hex map: append, never reorder.

Must not: be imported by the game. Run: `.venv/bin/python tools/tiles/hex_tiles.py`.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import (P, clip_to_mask, outline, polygon_mask, rng_for, shaded_ellipse,  # noqa: E402
                    speckle, surface, write_tileset)
import pygame  # noqa: E402

SIDE = 16

TERRAINS: list[tuple[str, str, dict[str, Any]]] = [
    ("grass", "grass", {"terrain": "grass", "move_cost": 1}),
    ("forest", "grass", {"terrain": "forest", "move_cost": 2}),
    ("hills", "dirt", {"terrain": "hills", "move_cost": 2}),
    ("water", "water", {"terrain": "water", "water": True, "move_cost": 3}),
    ("sand", "sand", {"terrain": "sand", "move_cost": 1}),
    ("stone", "stone", {"terrain": "stone_floor", "move_cost": 1}),
    ("mountain", "rock", {"terrain": "mountain", "solid": True}),
    ("marsh", "marsh", {"terrain": "marsh", "move_cost": 2}),
    ("deep", "deep", {"terrain": "deep_water", "water": True, "solid": True}),
    ("wall", "stone", {"terrain": "wall", "solid": True}),
]


def hex_points(w: int, h: int, pointy: bool) -> list[tuple[float, float]]:
    """The hexagon as Tiled lays it out for this tile size (see boards/hex.py corners)."""
    if pointy:
        so = (h - SIDE) // 2
        return [(0, so), (w / 2, 0), (w, so), (w, h - so), (w / 2, h), (0, h - so)]
    so = (w - SIDE) // 2
    return [(0, h / 2), (so, 0), (w - so, 0), (w, h / 2), (w - so, h), (so, h)]


def base_key(key: str) -> tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]:
    if key == "marsh":
        return P["marsh"], P["grass_lo"], (70, 96, 110)
    return P[key], P.get(key + "_hi", P[key]), P.get(key + "_lo", P[key])


def hex_tile(name: str, key: str, w: int, h: int, pointy: bool) -> pygame.Surface:
    pts = hex_points(w, h, pointy)
    # Draw one pixel short of the right/bottom so neighbouring hexes share edges without overlap.
    inner = [(min(x, w - 1), min(y, h - 1)) for x, y in pts]
    mask = polygon_mask(w, h, inner)
    base, hi, lo = base_key(key)
    s = surface(w, h)
    s.fill(base)
    r = rng_for(f"hex_{name}_{w}x{h}")
    speckle(s, s.get_rect(), [hi, lo], w * h // 8, r)
    cx, cy = w // 2, h // 2
    if name == "forest":
        for (ox, oy) in [(-6, -4), (5, -5), (0, 4), (-7, 6), (7, 5)]:
            shaded_ellipse(s, pygame.Rect(cx + ox - 5, cy + oy - 5, 10, 9), P["leaf"],
                           P["leaf_hi"], P["leaf_lo"])
    elif name == "hills":
        for (ox, oy) in [(-5, 2), (5, -3)]:
            pygame.draw.arc(s, P["dirt_hi"], (cx + ox - 7, cy + oy - 3, 14, 10), 0.4, 2.7, 2)
            pygame.draw.arc(s, P["dirt_lo"], (cx + ox - 7, cy + oy - 1, 14, 10), 0.4, 1.6, 1)
    elif name in ("water", "deep"):
        wave = P["water_hi"] if name == "water" else P["deep_hi"]
        for (ox, oy) in [(-6, -5), (3, 0), (-3, 6)]:
            pygame.draw.arc(s, wave, (cx + ox - 4, cy + oy - 2, 9, 4), 0.3, 2.8)
    elif name == "mountain":
        pygame.draw.polygon(s, P["rock_lo"], [(cx - 10, cy + 7), (cx, cy - 9), (cx + 10, cy + 7)])
        pygame.draw.polygon(s, P["rock_hi"], [(cx - 10, cy + 7), (cx, cy - 9), (cx - 1, cy + 7)])
        pygame.draw.polygon(s, P["snow"], [(cx - 3, cy - 4), (cx, cy - 9), (cx + 3, cy - 4)])
    elif name == "marsh":
        for (ox, oy) in [(-6, -3), (4, 4), (5, -6)]:
            pygame.draw.ellipse(s, (70, 96, 110), (cx + ox - 3, cy + oy - 1, 7, 3))
            pygame.draw.line(s, P["leaf_hi"], (cx + ox, cy + oy - 1), (cx + ox, cy + oy - 5))
    elif name == "stone":
        pygame.draw.line(s, P["mortar"], (0, cy), (w, cy))
        pygame.draw.line(s, P["mortar"], (cx, 0), (cx, cy))
        pygame.draw.line(s, P["mortar"], (cx // 2, cy), (cx // 2, h))
        pygame.draw.line(s, P["mortar"], (cx + cx // 2, cy), (cx + cx // 2, h))
    elif name == "wall":
        s.fill(P["stone_hi"], (0, 0, w, h // 3))
        for y in range(h // 3, h, 6):
            pygame.draw.line(s, P["mortar"], (0, y), (w, y))
    clip_to_mask(s, mask)
    # Rim light on the top-left edges, shade on the bottom-right ones, then a dark outline.
    n = len(inner)
    for i in range(n):
        a, b = inner[i], inner[(i + 1) % n]
        mx, my = (a[0] + b[0]) / 2 - cx, (a[1] + b[1]) / 2 - cy
        col = hi if (mx + my) < 0 else lo
        pygame.draw.line(s, col, a, b)
    pygame.draw.lines(s, P["outline"], True, inner)
    return s


def main() -> int:
    for name, (w, h, pointy) in {"hex_pointy": (28, 32, True), "hex_flat": (32, 28, False)}.items():
        tiles = [hex_tile(n, key, w, h, pointy) for n, key, _ in TERRAINS]
        props = [dict(p) for _, _, p in TERRAINS]
        write_tileset(name, tiles, props, w, h, 5, tile_class="terrain")
        print(f"wrote {name} ({len(tiles)} tiles, {w}x{h})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

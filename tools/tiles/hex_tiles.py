"""Generate the hex tilesets: maps/tilesets/hex_pointy.{png,tsx} (rows staggered, stagger axis y,
28x32, side 16) and hex_flat.{png,tsx} (columns staggered, stagger axis x, 32x28, side 16).

Owns: the look of hex terrain in the shared palette, lit from the top-left, and the tile
properties hex maps start from (`terrain`, `move_cost`, `solid`, `water`, and for bindings
`cover`, `conceal`, `dark`). Tile ids are a contract with every hex map: append, never reorder.

Ids 0-9 are full ground hexes. From id 10 on come the bindings tiles: features drawn with clear
surroundings for a layer above the ground (boulder, low wall, thicket, rubble, tree, bridge),
translucent overlays for a top layer (mist, darkness), and more ground (shallows, dirt). Every
feature pixel is either fully opaque or part of a soft shadow/veil laid over opaque ground, so
our renderer and Tiled's agree pixel for pixel.

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
    # --- appended for bindings (ids 10+). Features go on a layer above the ground: their
    # properties override the ground's; what they do not name stays as the ground set it.
    ("boulder", "feature", {"terrain": "boulders", "cover": True}),
    ("low_wall", "feature", {"terrain": "low_wall", "cover": True}),
    ("thicket", "feature", {"terrain": "thicket", "conceal": 1, "move_cost": 2}),
    ("mist", "overlay", {"conceal": 1}),
    # Darkness keeps the ground's terrain name: it is light, not ground.
    ("darkness", "overlay", {"dark": True}),
    ("rubble", "feature", {"terrain": "rubble", "move_cost": 2}),
    ("shallows", "shallows", {"terrain": "shallows", "water": True, "move_cost": 2}),
    ("tree", "feature", {"terrain": "tree", "solid": True}),
    # A bridge lifts the crossing out of the water below it.
    ("bridge", "feature", {"terrain": "bridge", "water": False, "move_cost": 1}),
    ("dirt", "dirt", {"terrain": "dirt", "move_cost": 1}),
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
    if key in ("feature", "overlay"):
        return feature_tile(name, w, h, pointy)
    if key == "shallows":
        return shallows_tile(w, h, pointy)
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
    elif name == "dirt":
        for (ox, oy, d) in [(-6, -5, 3), (5, -2, 2), (-2, 6, 3), (7, 7, 2)]:
            pygame.draw.ellipse(s, P["dirt_lo"], (cx + ox, cy + oy, d + 1, d))
            s.set_at((cx + ox, cy + oy), P["dirt_hi"])
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


# ---------------------------------------------------------------------------- bindings tiles
THICKET = ((66, 104, 50), (96, 140, 66), (44, 74, 40))
SHALLOWS = ((92, 146, 188), (136, 186, 220), (70, 118, 166))


def _hex_outline(s: pygame.Surface, w: int, h: int, pointy: bool) -> None:
    inner = [(min(x, w - 1), min(y, h - 1)) for x, y in hex_points(w, h, pointy)]
    pygame.draw.lines(s, P["outline"], True, inner)


def _hex_mask(w: int, h: int, pointy: bool) -> pygame.mask.Mask:
    return polygon_mask(w, h, [(min(x, w - 1), min(y, h - 1)) for x, y in hex_points(w, h, pointy)])


def _with_shadow(body: pygame.Surface, alpha: int = 80) -> pygame.Surface:
    """Outline the opaque body, then lay it over its own silhouette shifted to the bottom-right
    (the light comes from the top-left) as a soft contact shadow."""
    outline(body)
    w, h = body.get_size()
    out = surface(w, h)
    sil = pygame.mask.from_surface(body, 127).to_surface(setcolor=(*P["shadow"], alpha),
                                                         unsetcolor=(0, 0, 0, 0))
    out.blit(sil, (2, 2))
    out.blit(body, (0, 0))
    return out


def _rock(s: pygame.Surface, rect: pygame.Rect) -> None:
    shaded_ellipse(s, rect, P["rock"], P["rock_hi"], P["rock_lo"])
    # A crack so the stone reads as rock, not a blob.
    pygame.draw.line(s, P["rock_lo"], (rect.centerx, rect.top + rect.h // 3),
                     (rect.centerx + rect.w // 5, rect.bottom - rect.h // 3))


def feature_tile(name: str, w: int, h: int, pointy: bool) -> pygame.Surface:
    """A bindings feature or overlay, clipped to the hex so it never spills on a neighbour."""
    cx, cy = w // 2, h // 2
    r = rng_for(f"hexfeat_{name}_{w}x{h}")
    s = surface(w, h)
    if name == "boulder":
        body = surface(w, h)
        _rock(body, pygame.Rect(cx - 9, cy - 6, 14, 12))
        _rock(body, pygame.Rect(cx + 2, cy + 1, 9, 8))
        _rock(body, pygame.Rect(cx - 8, cy + 4, 6, 5))
        s = _with_shadow(body)
    elif name == "low_wall":
        body = surface(w, h)
        top, front = pygame.Rect(1, cy - 6, w - 2, 4), pygame.Rect(1, cy - 2, w - 2, 7)
        body.fill(P["stone_hi"], top)
        body.fill(P["stone"], front)
        # Dry-stone courses: staggered joints, lit tops, shaded undersides.
        for row, y in enumerate((front.top, front.top + 4)):
            x = 1 + (row * 3)
            while x < w - 2:
                bw = r.randint(4, 6)
                pygame.draw.line(body, P["mortar"], (x, y), (x, y + 3))
                body.fill(P["stone_lo"], (x + 1, y + 3, bw - 1, 1))
                x += bw
        pygame.draw.line(body, P["stone_lo"], (1, front.bottom - 1), (w - 2, front.bottom - 1))
        s = _with_shadow(body, 90)
    elif name == "thicket":
        base, hi, lo = THICKET
        body = surface(w, h)
        blobs = [(-8, -7, 9), (1, -9, 8), (7, -3, 9), (-9, 2, 9), (-1, -1, 10), (6, 6, 8),
                 (-4, 8, 8), (9, 4 if pointy else -8, 6), (-10, -1 if pointy else 6, 6)]
        for ox, oy, d in blobs:
            shaded_ellipse(body, pygame.Rect(cx + ox - d // 2, cy + oy - d // 2, d, d - 1),
                           base, hi, lo)
        # Brambles and a few berries, so it reads as a tangle, not as the forest tile.
        for _ in range(6):
            x0, y0 = cx + r.randint(-9, 9), cy + r.randint(-9, 9)
            pygame.draw.line(body, P["bark"], (x0, y0), (x0 + r.randint(-3, 3), y0 + r.randint(2, 4)))
        for _ in range(5):
            body.set_at((cx + r.randint(-8, 8), cy + r.randint(-8, 8)), (168, 52, 60))
        s = _with_shadow(body, 70)
    elif name == "rubble":
        body = surface(w, h)
        spots = [(-7, -6, 6), (2, -8, 5), (6, -2, 7), (-3, 0, 5), (-9, 4, 5), (1, 6, 6),
                 (8, 7, 4), (-4, 9, 4)]
        for ox, oy, d in spots:
            _rock(body, pygame.Rect(cx + ox - d // 2, cy + oy - d // 2, d, d - 1))
        for _ in range(8):
            body.fill(P["stone_lo"], (cx + r.randint(-10, 9), cy + r.randint(-10, 9), 2, 1))
        s = _with_shadow(body, 70)
    elif name == "tree":
        body = surface(w, h)
        body.fill(P["bark"], (cx - 2, cy + 3, 4, 8))
        pygame.draw.line(body, P["wood_lo"], (cx + 1, cy + 3), (cx + 1, cy + 10))
        shaded_ellipse(body, pygame.Rect(cx - 11, cy - 12, 22, 18), P["leaf"], P["leaf_hi"],
                       P["leaf_lo"])
        for ox, oy in ((-5, -6), (4, -4), (-1, 0)):
            pygame.draw.arc(body, P["leaf_lo"], (cx + ox - 3, cy + oy - 2, 7, 5), 3.6, 6.0)
        s = _with_shadow(body, 90)
    elif name == "bridge":
        mask = _hex_mask(w, h, pointy)
        s.fill(P["wood"])
        # Planks run across the way over the water; gaps are dark, tops lit.
        step = 4
        for i in range(0, w if pointy else h, step):
            if pointy:
                pygame.draw.line(s, P["wood_lo"], (i, 0), (i, h))
                pygame.draw.line(s, P["wood_hi"], (i + 1, 0), (i + 1, h))
            else:
                pygame.draw.line(s, P["wood_lo"], (0, i), (w, i))
                pygame.draw.line(s, P["wood_hi"], (0, i + 1), (w, i + 1))
        speckle(s, s.get_rect(), [P["wood_lo"], P["bark"]], w * h // 14, r)
        clip_to_mask(s, mask)
        _hex_outline(s, w, h, pointy)
        return s
    elif name == "mist":
        for ox, oy, ew, eh, a in ((-4, -7, 18, 6, 70), (3, -1, 20, 7, 90), (-5, 5, 18, 6, 80),
                                  (4, 10, 14, 5, 60)):
            wisp = surface(w, h)
            pygame.draw.ellipse(wisp, (222, 232, 240, a), (cx + ox - ew // 2, cy + oy - eh // 2,
                                                             ew, eh))
            s.blit(wisp, (0, 0))
        base = surface(w, h)
        base.fill((206, 220, 232, 60))
        base.blit(s, (0, 0))
        s = base
    elif name == "darkness":
        s.fill((12, 10, 22, 176))
        core = surface(w, h)
        pygame.draw.ellipse(core, (6, 4, 12, 60), (3, 3, w - 6, h - 6))
        s.blit(core, (0, 0))
        for _ in range(3):   # a few faint motes, so it reads as shadow with depth, not a hole
            s.set_at((cx + r.randint(-7, 7), cy + r.randint(-7, 7)), (90, 86, 130, 200))
    clip_to_mask(s, _hex_mask(w, h, pointy))
    return s


def shallows_tile(w: int, h: int, pointy: bool) -> pygame.Surface:
    """Wadeable-looking water over a sandy bed: lighter than `water`, pebbles showing through."""
    base, hi, lo = SHALLOWS
    s = surface(w, h)
    s.fill(base)
    r = rng_for(f"hex_shallows_{w}x{h}")
    speckle(s, s.get_rect(), [hi, lo, P["sand_lo"]], w * h // 9, r)
    cx, cy = w // 2, h // 2
    for (ox, oy) in [(-6, -6), (4, -1), (-2, 7)]:
        pygame.draw.arc(s, P["foam"], (cx + ox - 4, cy + oy - 2, 9, 4), 0.3, 2.8)
    for (ox, oy) in [(6, 6), (-7, 2)]:
        pygame.draw.ellipse(s, P["sand_lo"], (cx + ox - 2, cy + oy - 1, 4, 3))
    clip_to_mask(s, _hex_mask(w, h, pointy))
    inner = [(min(x, w - 1), min(y, h - 1)) for x, y in hex_points(w, h, pointy)]
    for i in range(len(inner)):
        a, b = inner[i], inner[(i + 1) % len(inner)]
        mx, my = (a[0] + b[0]) / 2 - cx, (a[1] + b[1]) / 2 - cy
        pygame.draw.line(s, hi if (mx + my) < 0 else lo, a, b)
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

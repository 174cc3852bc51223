"""Generate the gu_masters tileset: maps/tilesets/gu_terrain.{png,tsx}.

Owns: the look of gu_masters squares (1 m each: mountain and marsh ground, water, raised rock and
wooden platforms by height, rock walls, cover objects, hiding plants, climbable faces, and the
brink marks drawn over a square that drops away) and the tile properties that carry the
gu_masters map contract (docs/maps.md): `wall`, `cover`, `terrain`, `elevation_m`,
`climbable`, `climb_test_mod`, `hide`, plus `label` (the square's name in the hover panel).
Tile ids are a contract with every map: append new tiles at the end, never reorder.

Heights read at a glance three ways: every height has its own hue (rock runs from warm earth at
1 m to pale stone at 10 m; platforms are planks), its number in metres in the corner, and a
heavy dark brink along any side that drops more than 1 m (the `edges` tiles, placed by the map
script).

Must not: be imported by the game. Run: `.venv/bin/python tools/tiles/gu_tiles.py`.
"""
from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import (P, drop_shadow, edge_marks, height_label, iter_masks,  # noqa: E402
                    outline, rng_for, shaded_ellipse, speckle, surface, write_tileset)
from gems_tiles import boulder, dirt, grass, log, water  # noqa: E402
from rpgstuck_tiles import crate, scree  # noqa: E402
import pygame  # noqa: E402

T = 32
COLUMNS = 8
NAME = "gu_terrain"
# The Tiled enum each string property picks its value from (maps/propertytypes.json).
ENUMS = {"cover": "gu_cover", "terrain": "gu_terrain"}
MAX_ROCK_M = 10
MAX_PLATFORM_M = 4

MARSH = {"mud": (92, 78, 56), "mud_hi": (120, 104, 76), "mud_lo": (66, 54, 40),
         "reed": (150, 156, 78), "reed_hi": (196, 198, 112), "reed_lo": (96, 104, 52),
         "bamboo": (118, 160, 74), "bamboo_hi": (170, 204, 110), "bamboo_lo": (70, 108, 48),
         "thatch": (176, 146, 86), "thatch_lo": (128, 100, 58)}


def mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


# ---------------------------------------------------------------- ground
def rock_floor(name: str) -> pygame.Surface:
    s = surface(T, T)
    s.fill(P["rock"])
    r = rng_for(name)
    speckle(s, s.get_rect(), [P["rock_hi"], P["rock_lo"], P["cliff_lo"]], 90, r)
    for _ in range(3):
        x, y = r.randrange(2, T - 10), r.randrange(2, T - 6)
        pygame.draw.line(s, P["rock_lo"], (x, y), (x + r.randrange(4, 9), y + r.randrange(1, 4)))
    return s


def mud(name: str) -> pygame.Surface:
    s = surface(T, T)
    s.fill(MARSH["mud"])
    r = rng_for(name)
    speckle(s, s.get_rect(), [MARSH["mud_hi"], MARSH["mud_lo"]], 90, r)
    for _ in range(4):
        x, y = r.randrange(2, T - 12), r.randrange(3, T - 7)
        pygame.draw.ellipse(s, MARSH["mud_lo"], (x, y, 10, 5))
        pygame.draw.arc(s, (120, 130, 140), (x + 2, y + 1, 6, 3), 0.2, math.pi - 0.2)
    return s


def pool(name: str) -> pygame.Surface:
    """The pool under the falls: open water with rings of foam."""
    s = water(name)
    r = rng_for(name + "rings")
    for _ in range(2):
        x, y = r.randrange(3, T - 15), r.randrange(4, T - 9)
        pygame.draw.ellipse(s, P["foam"], (x, y, 12, 6), 1)
    return s


def waterfall(name: str) -> pygame.Surface:
    """Falling water: white streaks over blue, running down the screen."""
    s = surface(T, T)
    s.fill(P["water_hi"])
    r = rng_for(name)
    for x in range(0, T, 2):
        y = r.randrange(-8, 4)
        while y < T:
            length = r.randrange(5, 11)
            pygame.draw.line(s, r.choice([P["foam"], (236, 244, 250), P["water"]]),
                             (x, y), (x, y + length))
            y += length + r.randrange(2, 6)
    return s


def boardwalk(name: str) -> pygame.Surface:
    s = planks(name, horizontal=True)
    pygame.draw.rect(s, P["wood_lo"], s.get_rect(), 1)
    return s


def planks(name: str, horizontal: bool = True) -> pygame.Surface:
    s = surface(T, T)
    s.fill(P["wood_lo"])
    r = rng_for(name)
    for i in range(4):
        rect = pygame.Rect(0, i * 8, T, 7) if horizontal else pygame.Rect(i * 8, 0, 7, T)
        shade = r.choice([P["wood"], P["wood_hi"], mix(P["wood"], P["wood_hi"], 0.5)])
        s.fill(shade, rect)
        speckle(s, rect, [P["wood_lo"]], 6, r)
        nail = (rect.left + 2, rect.top + 3) if horizontal else (rect.left + 3, rect.top + 2)
        s.set_at(nail, P["outline"])
    return s


# ---------------------------------------------------------------- heights
def rock_colors(m: int) -> tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]:
    """Raised rock by height: warm earth at 1 m through ochre to pale cold stone at 10 m."""
    stops = [(1, (150, 124, 84)), (3, (188, 150, 96)), (6, (146, 146, 150)),
             (10, (226, 228, 236))]
    for (m0, c0), (m1, c1) in zip(stops, stops[1:]):
        if m0 <= m <= m1:
            base = mix(c0, c1, (m - m0) / (m1 - m0))
            break
    return base, mix(base, (255, 255, 255), 0.3), mix(base, (0, 0, 0), 0.25)


def rock_top(name: str, m: int) -> pygame.Surface:
    base, hi, lo = rock_colors(m)
    s = surface(T, T)
    s.fill(base)
    r = rng_for(name)
    speckle(s, s.get_rect(), [hi, lo], 70, r)
    pygame.draw.line(s, hi, (0, 0), (T - 1, 0))
    pygame.draw.line(s, hi, (0, 0), (0, T - 1))
    pygame.draw.line(s, lo, (0, T - 1), (T - 1, T - 1))
    pygame.draw.line(s, lo, (T - 1, 0), (T - 1, T - 1))
    height_label(s, str(m))
    return s


def platform(name: str, m: int) -> pygame.Surface:
    """A stilt hut's floor: planks, a darker frame the higher it stands, and its height."""
    s = planks(name, horizontal=m % 2 == 0)
    frame = mix(P["wood_lo"], P["outline"], min(1.0, m / MAX_PLATFORM_M))
    pygame.draw.line(s, frame, (0, T - 1), (T - 1, T - 1))
    pygame.draw.line(s, frame, (T - 1, 0), (T - 1, T - 1))
    height_label(s, str(m), color=(255, 236, 170))
    return s


# ---------------------------------------------------------------- walls
def rock_wall(name: str) -> pygame.Surface:
    """Solid mountain rock: dark stacked boulders with no holds; nothing passes."""
    s = surface(T, T)
    s.fill(P["shadow"])
    r = rng_for(name)
    for _ in range(10):
        w, h = r.randrange(8, 15), r.randrange(7, 12)
        x, y = r.randrange(-3, T - w + 3), r.randrange(-3, T - h + 3)
        shaded_ellipse(s, pygame.Rect(x, y, w, h), P["cliff_lo"], P["cliff"], P["shadow"])
    pygame.draw.rect(s, P["outline"], s.get_rect(), 1)
    return s


# ---------------------------------------------------------------- cover objects
def spire(name: str) -> pygame.Surface:
    """A rock spire taller than a person: full cover."""
    s = surface(T, T)
    body = surface(T, T)
    pygame.draw.polygon(body, P["rock_lo"], [(16, 1), (5, 29), (27, 29)])
    pygame.draw.polygon(body, P["rock"], [(16, 1), (8, 27), (17, 27)])
    pygame.draw.polygon(body, P["rock_hi"], [(16, 2), (11, 18), (15, 18)])
    pygame.draw.line(body, P["shadow"], (18, 8), (22, 24))
    outline(body)
    drop_shadow(s, pygame.Rect(8, 18, 24, 13), 110)
    s.blit(body, (0, 0))
    return s


def fence(name: str, horizontal: bool) -> pygame.Surface:
    """A wattle fence across the square: waist high, partial cover."""
    s = surface(T, T)
    body = surface(T, T)
    if horizontal:
        for x in (3, 15, 27):
            body.fill(P["wood_lo"], (x, 9, 3, 16))
        for y in (12, 18):
            body.fill(P["wood"], (0, y, T, 3))
            pygame.draw.line(body, P["wood_hi"], (0, y), (T - 1, y))
    else:
        for y in (3, 15, 27):
            body.fill(P["wood_lo"], (13, y, 6, 3))
        for x in (13, 18):
            body.fill(P["wood"], (x, 0, 3, T))
            pygame.draw.line(body, P["wood_hi"], (x, 0), (x, T - 1))
    outline(body)
    s.blit(body, (0, 0))
    return s


def hut_wall(name: str) -> pygame.Surface:
    """A stilt hut's wall under its thatch eaves: dark timber and straw, heavily outlined so a
    hut reads as solid at a glance (full cover)."""
    s = surface(T, T)
    s.fill(P["bark"])
    r = rng_for(name)
    for x in range(-T, T, 4):
        pygame.draw.line(s, MARSH["thatch"], (x, T - 1), (x + T // 2, 0))
        pygame.draw.line(s, MARSH["thatch_lo"], (x + 2, T - 1), (x + 2 + T // 2, 0))
    speckle(s, s.get_rect(), [MARSH["reed_hi"], P["shadow"]], 30, r)
    s.fill(P["wood_lo"], (0, 13, T, 5))
    pygame.draw.line(s, P["wood_hi"], (0, 13), (T - 1, 13))
    pygame.draw.rect(s, P["outline"], s.get_rect(), 3)
    return s


# ---------------------------------------------------------------- plants to hide in
def bamboo(name: str) -> pygame.Surface:
    """A bamboo thicket over whatever ground is below: dense stalks with leaves."""
    s = surface(T, T)
    r = rng_for(name)
    for i in range(9):
        x = 1 + i * 3 + r.randrange(0, 2)
        top = r.randrange(0, 6)
        pygame.draw.line(s, MARSH["bamboo_lo"], (x + 1, top), (x + 1, T - 1))
        pygame.draw.line(s, MARSH["bamboo"], (x, top), (x, T - 1))
        for y in range(top + 4, T, 7):
            s.set_at((x, y), MARSH["bamboo_hi"])
            s.set_at((x + 1, y), P["outline"])
    for _ in range(12):
        x, y = r.randrange(0, T - 6), r.randrange(0, T - 3)
        pygame.draw.line(s, MARSH["bamboo_hi"], (x, y), (x + 5, y + r.randrange(-2, 3)))
    return s


def reeds(name: str) -> pygame.Surface:
    """A reed bed over the ground below: tall stalks with brown heads."""
    s = surface(T, T)
    r = rng_for(name)
    for _ in range(22):
        x = r.randrange(1, T - 1)
        base = r.randrange(T - 8, T)
        top = r.randrange(2, 12)
        lean = r.randrange(-3, 4)
        pygame.draw.line(s, r.choice([MARSH["reed"], MARSH["reed_lo"]]), (x, base),
                         (x + lean, top))
        s.fill(MARSH["thatch_lo"], (x + lean, top, 2, 4))
    return s


def ferns(name: str) -> pygame.Surface:
    """Undergrowth: low ferns to crouch in (hiding, no slower going)."""
    s = surface(T, T)
    r = rng_for(name)
    for _ in range(6):
        cx, cy = r.randrange(5, T - 5), r.randrange(6, T - 4)
        for k in range(5):
            a = math.pi * (1.1 + 0.2 * k)
            pygame.draw.line(s, P["leaf"], (cx, cy),
                             (cx + round(math.cos(a) * 7), cy + round(math.sin(a) * 6)), 2)
        s.set_at((cx, cy), P["leaf_hi"])
    return s


def loose_stones(name: str) -> pygame.Surface:
    """Scree over raised rock: loose stones that slow the going (difficult), the rock's own
    colour and height still showing between them."""
    s = surface(T, T)
    r = rng_for(name)
    for _ in range(18):
        w, h = r.randrange(3, 7), r.randrange(2, 5)
        x, y = r.randrange(0, T - w), r.randrange(0, T - h)
        shaded_ellipse(s, pygame.Rect(x, y, w, h), P["rock_lo"], P["rock"], P["shadow"])
    return s


# ---------------------------------------------------------------- climbable faces
def climb_mark(name: str, kind: str) -> pygame.Surface:
    """Drawn over the foot of a face that can be climbed: a ladder (no test), a knotted rope
    (no test), chalked hand-holds (an Athletics test) or bare stilt posts (a test); the corner
    chevrons show the test at a glance: none, one or two."""
    s = surface(T, T)
    body = surface(T, T)
    if kind == "ladder":
        for x in (9, 21):
            body.fill(P["wood_lo"], (x, 1, 3, T - 2))
        for y in range(4, T - 2, 6):
            body.fill(P["wood_hi"], (9, y, 15, 2))
    elif kind == "rope":
        for y in range(0, T, 2):
            body.set_at((16 + round(math.sin(y / 3)), y), P["sand_hi"])
            body.set_at((17 + round(math.sin(y / 3)), y), P["sand_lo"])
        for y in range(5, T, 8):
            pygame.draw.circle(body, P["sand_hi"], (16 + round(math.sin(y / 3)), y), 2)
    elif kind == "posts":
        for x in (5, 15, 25):
            body.fill(P["wood_lo"], (x, 0, 4, T))
            body.fill(P["wood"], (x, 0, 2, T))
        pygame.draw.line(body, P["wood_hi"], (5, 6), (28, 24), 2)
    else:   # holds, sheer
        r = rng_for(name)
        for _ in range(9):
            x, y = r.randrange(3, T - 7), r.randrange(3, T - 4)
            body.fill(P["snow"], (x, y, 4, 2))
            body.fill(P["outline"], (x, y + 2, 4, 1))
    if body.get_bounding_rect().w:
        outline(body)
    s.blit(body, (0, 0))
    tests = {"ladder": 0, "rope": 0, "holds": 1, "posts": 1, "sheer": 2}[kind]
    arrow = (250, 230, 90) if tests == 0 else (250, 150, 60) if tests == 1 else (236, 80, 64)
    for i in range(max(1, tests)):
        y = 3 + i * 5
        pygame.draw.lines(s, P["outline"], False, [(1, y + 5), (5, y), (9, y + 5)], 3)
        pygame.draw.lines(s, arrow, False, [(1, y + 5), (5, y), (9, y + 5)], 1)
    return s


def sheer(name: str) -> pygame.Surface:
    s = climb_mark(name, "sheer")
    r = rng_for(name + "cracks")
    for _ in range(2):
        x = r.randrange(8, T - 8)
        pygame.draw.lines(s, P["outline"], False,
                          [(x, 2), (x + 3, 10), (x - 2, 18), (x + 2, 28)], 1)
    return s


# ---------------------------------------------------------------- brinks
def brink(mask: int) -> pygame.Surface:
    """Over a square whose sides named by `mask` drop away by more than 1 m."""
    return edge_marks(mask, T, P["outline"], 3, rim=(250, 244, 220))


# ---------------------------------------------------------------- the tileset
Tile = tuple[str, Callable[[str], pygame.Surface], dict[str, Any]]

TILES: list[Tile] = [
    # ground (layer `ground`): one on every square; heights are ground tiles too
    ("grass", grass, {"label": "grass", "terrain": "normal"}),                              # 0
    ("meadow", lambda n: grass(n, flowers=True), {"label": "meadow", "terrain": "normal"}),
    ("path", dirt, {"label": "path", "terrain": "normal"}),                                 # 2
    ("rock_floor", rock_floor, {"label": "bare rock", "terrain": "normal"}),                # 3
    ("scree", scree, {"label": "scree", "terrain": "difficult"}),                           # 4
    ("mud", mud, {"label": "mud", "terrain": "difficult"}),                                 # 5
    ("pool", pool, {"label": "pool", "terrain": "water"}),                                  # 6
    ("channel", lambda n: water(n, deep=True), {"label": "deep channel", "terrain": "water"}),
    ("waterfall", waterfall, {"label": "waterfall", "terrain": "water"}),                   # 8
    ("boardwalk", boardwalk, {"label": "boardwalk", "terrain": "normal"}),                  # 9
]
TILES += [(f"rock{m}", (lambda m: lambda n: rock_top(n, m))(m),
           {"label": f"rock ({m} m)", "terrain": "normal", "elevation_m": m})
          for m in range(1, MAX_ROCK_M + 1)]                                                # 10-19
TILES += [(f"platform{m}", (lambda m: lambda n: platform(n, m))(m),
           {"label": f"platform ({m} m)", "terrain": "normal", "elevation_m": m})
          for m in range(1, MAX_PLATFORM_M + 1)]                                            # 20-23
TILES += [
    # walls (layer `walls`)
    ("rock_wall", rock_wall, {"label": "rock wall", "wall": True}),                         # 24
    # cover objects (layer `objects`): each fills its square
    ("boulder", boulder, {"label": "boulder", "cover": "partial"}),                         # 25
    ("spire", spire, {"label": "rock spire", "cover": "full"}),                             # 26
    ("crate", lambda n: crate(n, False), {"label": "crate", "cover": "partial"}),           # 27
    ("crates", lambda n: crate(n, True), {"label": "stacked crates", "cover": "partial"}),  # 28
    ("fence_h", lambda n: fence(n, True), {"label": "fence", "cover": "partial"}),          # 29
    ("fence_v", lambda n: fence(n, False), {"label": "fence", "cover": "partial"}),         # 30
    ("hut_wall", hut_wall, {"label": "hut wall", "cover": "full"}),                         # 31
    ("log", log, {"label": "fallen log", "cover": "partial"}),                              # 32
    # plants to hide in and loose scree (layer `overlays`), drawn over the ground below
    ("bamboo", bamboo, {"label": "bamboo thicket", "terrain": "difficult", "hide": True}),  # 33
    ("reeds", reeds, {"label": "reed bed", "terrain": "difficult", "hide": True}),          # 34
    ("ferns", ferns, {"label": "undergrowth", "hide": True}),                               # 35
    ("loose_scree", loose_stones, {"label": "loose scree", "terrain": "difficult"}),        # 36
    # climbable faces (layer `faces`), at the foot of a higher square
    ("ladder", lambda n: climb_mark(n, "ladder"),
     {"label": "ladder", "climbable": True, "climb_test_mod": 0}),                          # 37
    ("rope", lambda n: climb_mark(n, "rope"),
     {"label": "rope", "climbable": True, "climb_test_mod": 0}),                            # 38
    ("holds", lambda n: climb_mark(n, "holds"),
     {"label": "rough face (+10)", "climbable": True, "climb_test_mod": 10}),               # 39
    ("sheer", sheer, {"label": "sheer face (+20)", "climbable": True, "climb_test_mod": 20}),
    ("posts", lambda n: climb_mark(n, "posts"),
     {"label": "stilt posts (+10)", "climbable": True, "climb_test_mod": 10}),              # 41
]
EDGE_FIRST = len(TILES)                                                                     # 42
TILES += [(f"brink{m}", (lambda m: lambda n: brink(m))(m), {})
          for m in iter_masks() if m]                                                       # 42-56

ID = {name: i for i, (name, _draw, _props) in enumerate(TILES)}


def brink_id(mask: int) -> int:
    """The tile id of the brink marks for `mask` (1..15; bit 1 north, 2 east, 4 south, 8 west)."""
    return EDGE_FIRST + mask - 1


def tiles() -> tuple[list[pygame.Surface], list[dict[str, Any]]]:
    surfaces = [draw(name) for name, draw, _props in TILES]
    return surfaces, [dict(props) for _name, _draw, props in TILES]


def main() -> int:
    surfaces, props = tiles()
    write_tileset(NAME, surfaces, props, T, T, COLUMNS, tile_class="gu_square", enums=ENUMS)
    print(f"wrote {NAME} ({len(surfaces)} tiles)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

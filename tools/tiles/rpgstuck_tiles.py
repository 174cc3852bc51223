"""Generate the rpgstuck tileset: maps/tilesets/rpgstuck_terrain.{png,tsx}.

Owns: the look of rpgstuck squares (dungeon and outdoor ground, walls, water to swim in, pits,
climbable faces, raised ground by height, cover objects, light overlays, torch decorations) and
the tile properties that carry the rpgstuck map contract (docs/maps.md, checklist B-24): `wall`,
`cover`, `terrain`, `light`, `elevation_ft`, `pit_depth_ft`, plus `label` (the square's name in
the hover panel). Tile ids are a contract with every map: append new tiles at the end, never
reorder.

Must not: be imported by the game. Run: `.venv/bin/python tools/tiles/rpgstuck_tiles.py`.
"""
from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import (LEVEL_TOP, P, drop_shadow, outline, rng_for, shaded_ellipse,  # noqa: E402
                    speckle, surface, write_tileset)
from gems_tiles import (boulder, bush, dirt, flagstones, grass, log, pillar,  # noqa: E402
                        rubble, tree, wall, water)
import pygame  # noqa: E402

T = 32
COLUMNS = 8
NAME = "rpgstuck_terrain"
# The Tiled enum each string property picks its value from (maps/propertytypes.json).
ENUMS = {"cover": "rs_cover", "terrain": "rs_terrain", "light": "rs_light"}

# Crypt colours: cold blue-grey stone, murky green flood water, old gold for the dais.
CRYPT = {"stone": (104, 108, 122), "stone_hi": (136, 140, 154), "stone_lo": (76, 78, 92),
         "flood": (40, 74, 70), "flood_hi": (74, 112, 100), "flood_lo": (26, 52, 50),
         "gold": (206, 168, 76), "ivy": (70, 120, 60), "ivy_hi": (110, 160, 82)}


# ---------------------------------------------------------------- helpers
def pips(s: pygame.Surface, count: int, color: tuple[int, int, int]) -> None:
    """Height marks in the top-right corner: one pip per 10 ft (5 ft: a half pip)."""
    for i in range(count):
        rect = pygame.Rect(T - 7 - i * 6, 2, 5, 5)
        pygame.draw.rect(s, P["outline"], rect)
        s.fill(color, rect.inflate(-2, -2))


def crypt_floor(name: str, cracked: bool = False) -> pygame.Surface:
    s = flagstones(name, cracked)
    tint = surface(T, T)
    tint.fill((*CRYPT["stone_lo"], 90))
    s.blit(tint, (0, 0))
    return s


# ---------------------------------------------------------------- ground
def scree(name: str) -> pygame.Surface:
    s = surface(T, T)
    s.fill(P["rock_lo"])
    r = rng_for(name)
    speckle(s, s.get_rect(), [P["dirt_lo"], P["rock"]], 120, r)
    for _ in range(16):
        w, h = r.randrange(3, 6), r.randrange(2, 5)
        x, y = r.randrange(0, T - w), r.randrange(0, T - h)
        shaded_ellipse(s, pygame.Rect(x, y, w, h), P["rock"], P["rock_hi"], P["rock_lo"])
    return s


def shallows(name: str) -> pygame.Surface:
    s = surface(T, T)
    s.fill(P["sand_lo"])
    r = rng_for(name)
    speckle(s, s.get_rect(), [P["sand"]], 50, r)
    film = surface(T, T)
    film.fill((*P["water_hi"], 150))
    s.blit(film, (0, 0))
    for _ in range(3):
        x, y = r.randrange(2, T - 10), r.randrange(3, T - 3)
        pygame.draw.arc(s, P["foam"], (x, y, 8, 4), 0.3, math.pi - 0.3)
    return s


def flooded(name: str) -> pygame.Surface:
    """Deep murky water over a sunken floor: the flagstones show faintly under it."""
    s = surface(T, T)
    s.fill(CRYPT["flood"])
    for (x, y, w, h) in [(0, 0, 16, 16), (16, 0, 16, 10), (16, 10, 16, 22), (0, 16, 16, 16)]:
        pygame.draw.rect(s, CRYPT["flood_lo"], (x, y, w, h), 1)
    r = rng_for(name)
    speckle(s, s.get_rect(), [CRYPT["flood_lo"]], 40, r)
    for _ in range(3):
        x, y = r.randrange(2, T - 10), r.randrange(3, T - 3)
        pygame.draw.arc(s, CRYPT["flood_hi"], (x, y, 9, 4), 0.3, math.pi - 0.3)
    return s


def forest_floor(name: str) -> pygame.Surface:
    s = grass(name)
    r = rng_for(name + "leaves")
    speckle(s, s.get_rect(), [P["bark"], P["wood_lo"], P["leaf_lo"]], 60, r, size=2)
    return s


def cave_floor(name: str) -> pygame.Surface:
    s = surface(T, T)
    s.fill(P["rock_lo"])
    r = rng_for(name)
    speckle(s, s.get_rect(), [P["dirt_lo"], P["cliff_lo"], P["rock"]], 90, r)
    return s


def high_ground(name: str, level: int, feet: int) -> pygame.Surface:
    """Raised rock by height: each height its own hue (as on the gems maps), pips count 10 ft."""
    top, hi, lo, _face = LEVEL_TOP[level]
    s = surface(T, T)
    s.fill(top)
    r = rng_for(name)
    speckle(s, s.get_rect(), [hi, lo], 70, r)
    pygame.draw.line(s, hi, (0, 0), (T - 1, 0))
    pygame.draw.line(s, hi, (0, 0), (0, T - 1))
    pygame.draw.line(s, lo, (0, T - 1), (T - 1, T - 1))
    pygame.draw.line(s, lo, (T - 1, 0), (T - 1, T - 1))
    pips(s, feet // 10, P["snow"])
    return s


def dais(name: str, feet: int) -> pygame.Surface:
    s = surface(T, T)
    s.fill(CRYPT["stone_hi"])
    r = rng_for(name)
    speckle(s, s.get_rect(), [P["stone_hi"], CRYPT["stone"]], 40, r)
    pygame.draw.rect(s, CRYPT["gold"], s.get_rect(), 2)
    pygame.draw.rect(s, P["outline"], s.get_rect().inflate(-8, -8), 1)
    if feet >= 10:
        pips(s, feet // 10, CRYPT["gold"])
    else:
        pygame.draw.rect(s, P["outline"], (T - 7, 2, 5, 3))
        s.fill(CRYPT["gold"], (T - 6, 3, 3, 1))
    return s


# ---------------------------------------------------------------- walls, faces, drops
def crypt_wall(name: str) -> pygame.Surface:
    s = wall(name)
    tint = surface(T, T)
    tint.fill((*CRYPT["stone_lo"], 110))
    s.blit(tint, (0, 0))
    return s


def cliff(name: str) -> pygame.Surface:
    """Solid rock: a mass of dark boulders, nothing to hold on to."""
    s = surface(T, T)
    s.fill(P["cliff_lo"])
    r = rng_for(name)
    for _ in range(9):
        w, h = r.randrange(8, 15), r.randrange(7, 12)
        x, y = r.randrange(-3, T - w + 3), r.randrange(-3, T - h + 3)
        shaded_ellipse(s, pygame.Rect(x, y, w, h), P["cliff"], P["cliff_hi"], P["shadow"])
    pygame.draw.rect(s, P["outline"], s.get_rect(), 1)
    return s


def climb_face(name: str, outdoor: bool) -> pygame.Surface:
    """A face one can climb: stone courses (or rock) with ivy and hand-holds, crossed by rungs of
    light so it never reads as a plain wall."""
    s = surface(T, T)
    base = P["cliff"] if outdoor else CRYPT["stone"]
    lo = P["cliff_lo"] if outdoor else CRYPT["stone_lo"]
    s.fill(base)
    r = rng_for(name)
    speckle(s, s.get_rect(), [lo], 50, r)
    for y in range(4, T, 8):
        pygame.draw.line(s, lo, (0, y), (T - 1, y))
    for y in range(8, T, 8):                    # hand-holds: lit ledges every course
        for x in (6, 18) if (y // 8) % 2 else (12, 24):
            pygame.draw.line(s, P["sand_hi"], (x - 2, y - 1), (x + 2, y - 1))
            pygame.draw.line(s, P["outline"], (x - 2, y), (x + 2, y))
    x = 3
    while x < T:                                  # a vine down the face
        for y in range(0, T, 2):
            xx = x + round(math.sin(y / 4 + x) * 2)
            s.set_at((max(0, min(T - 1, xx)), y), CRYPT["ivy"])
        x += 13
    for _ in range(10):
        lx, ly = r.randrange(1, T - 3), r.randrange(1, T - 3)
        s.fill(CRYPT["ivy_hi"], (lx, ly, 2, 2))
    pygame.draw.rect(s, P["outline"], s.get_rect(), 1)
    return s


def pit(name: str, outdoor: bool) -> pygame.Surface:
    """A drop: a dark shaft with a lit rim on the far side, so the depth reads."""
    s = surface(T, T)
    rim = P["cliff"] if outdoor else CRYPT["stone"]
    s.fill(rim)
    hole = pygame.Rect(3, 3, T - 6, T - 6)
    for i in range(6):
        shade = tuple(max(0, c - 30 * (i + 1)) for c in rim)
        pygame.draw.rect(s, shade, hole.inflate(-2 * i, -2 * i).move(i // 2, i // 2),
                         border_radius=4)
    s.fill((6, 6, 10), hole.inflate(-14, -14).move(3, 3))
    pygame.draw.rect(s, P["outline"], hole, 1, border_radius=4)
    r = rng_for(name)
    speckle(s, pygame.Rect(0, 0, T, 3), [P["stone_hi"]], 10, r)
    return s


# ---------------------------------------------------------------- cover objects
def crate(name: str, stacked: bool) -> pygame.Surface:
    s = surface(T, T)
    body = surface(T, T)
    boxes = [pygame.Rect(5, 11, 18, 16)] if not stacked else \
        [pygame.Rect(3, 13, 16, 15), pygame.Rect(14, 10, 15, 15), pygame.Rect(8, 2, 16, 14)]
    for box in boxes:
        body.fill(P["wood"], box)
        pygame.draw.line(body, P["wood_lo"], box.topleft, box.bottomright, 2)
        pygame.draw.line(body, P["wood_lo"], box.topright, box.bottomleft, 2)
        pygame.draw.rect(body, P["wood_hi"], box, 2)
        pygame.draw.rect(body, P["outline"], box, 1)
    outline(body)
    drop_shadow(s, pygame.Rect(6, 14, 24, 16), 90)
    s.blit(body, (0, 0))
    return s


def masonry(name: str) -> pygame.Surface:
    """A heap of fallen blocks: waist high (half cover)."""
    s = surface(T, T)
    body = surface(T, T)
    r = rng_for(name)
    for (x, y, w, h) in [(3, 16, 12, 9), (14, 14, 14, 11), (8, 9, 13, 9), (18, 21, 9, 7)]:
        body.fill(CRYPT["stone"], (x, y, w, h))
        body.fill(CRYPT["stone_hi"], (x, y, w, 2))
        body.fill(CRYPT["stone_lo"], (x, y + h - 2, w, 2))
    speckle(body, pygame.Rect(3, 9, 25, 19), [CRYPT["stone_lo"]], 20, r,
            mask=pygame.mask.from_surface(body, 127))
    outline(body)
    drop_shadow(s, pygame.Rect(4, 14, 26, 16), 90)
    s.blit(body, (0, 0))
    return s


def sarcophagus(name: str) -> pygame.Surface:
    s = surface(T, T)
    body = surface(T, T)
    box = pygame.Rect(4, 8, 24, 17)
    body.fill(CRYPT["stone"], box)
    body.fill(CRYPT["stone_hi"], box.inflate(-4, -4))
    pygame.draw.rect(body, CRYPT["gold"], box.inflate(-8, -8), 1)
    pygame.draw.line(body, CRYPT["gold"], (16, 11), (16, 21))
    pygame.draw.line(body, CRYPT["gold"], (12, 14), (20, 14))
    outline(body)
    drop_shadow(s, pygame.Rect(5, 12, 25, 16), 90)
    s.blit(body, (0, 0))
    return s


def statue(name: str) -> pygame.Surface:
    """A robed figure on a plinth: taller than a person (three-quarter cover)."""
    s = surface(T, T)
    body = surface(T, T)
    body.fill(CRYPT["stone_lo"], (7, 23, 18, 6))
    pygame.draw.polygon(body, CRYPT["stone"], [(16, 6), (9, 24), (23, 24)])
    pygame.draw.polygon(body, CRYPT["stone_hi"], [(16, 6), (10, 23), (15, 23)])
    pygame.draw.circle(body, CRYPT["stone_hi"], (16, 6), 4)
    outline(body)
    drop_shadow(s, pygame.Rect(8, 16, 22, 14), 90)
    s.blit(body, (0, 0))
    return s


# ---------------------------------------------------------------- light
def light_overlay(level: str) -> pygame.Surface:
    """See-through shade over whatever is below: dim light a blue veil with sparse dots, darkness
    a deep veil with a denser dot screen, so the two read apart even side by side."""
    s = surface(T, T)
    if level == "dim":
        s.fill((18, 22, 60, 96))
        step, dot = 8, (10, 12, 40, 150)
    else:
        s.fill((4, 4, 14, 176))
        step, dot = 4, (0, 0, 0, 215)
    for y in range(0, T, step):
        for x in range((y // step) % 2 * (step // 2), T, step):
            s.set_at((x, y), dot)
    return s


def torch(name: str) -> pygame.Surface:
    """A wall torch: a bracket, a flame and a warm halo (decoration; light objects do the rule)."""
    s = surface(T, T)
    for radius, alpha in ((14, 40), (10, 60), (6, 90)):
        halo = surface(T, T)
        pygame.draw.circle(halo, (255, 190, 90, alpha), (16, 12), radius)
        s.blit(halo, (0, 0))
    pygame.draw.rect(s, P["wood_lo"], (14, 14, 4, 12))
    pygame.draw.rect(s, P["metal"], (12, 13, 8, 3))
    pygame.draw.polygon(s, (250, 140, 40), [(16, 3), (11, 13), (21, 13)])
    pygame.draw.polygon(s, (255, 230, 120), [(16, 7), (14, 13), (18, 13)])
    return s


def brazier(name: str) -> pygame.Surface:
    s = surface(T, T)
    for radius, alpha in ((15, 40), (10, 70)):
        halo = surface(T, T)
        pygame.draw.circle(halo, (255, 190, 90, alpha), (16, 14), radius)
        s.blit(halo, (0, 0))
    body = surface(T, T)
    pygame.draw.line(body, P["metal"], (10, 28), (14, 20), 2)
    pygame.draw.line(body, P["metal"], (22, 28), (18, 20), 2)
    pygame.draw.ellipse(body, P["metal_hi"], (8, 15, 16, 8))
    pygame.draw.ellipse(body, (230, 110, 30), (10, 16, 12, 5))
    pygame.draw.polygon(body, (255, 210, 100), [(16, 6), (12, 17), (20, 17)])
    outline(body)
    s.blit(body, (0, 0))
    return s


# ---------------------------------------------------------------- the tileset
Tile = tuple[str, Callable[[str], pygame.Surface], dict[str, Any]]

TILES: list[Tile] = [
    # ground: one on every square (layer `ground`)
    ("crypt_floor", crypt_floor, {"label": "flagstones", "terrain": "normal"}),           # 0
    ("crypt_floor_cracked", lambda n: crypt_floor(n, True),
     {"label": "cracked flagstones", "terrain": "normal"}),                                # 1
    ("rubble", rubble, {"label": "rubble", "terrain": "difficult"}),                        # 2
    ("dais", lambda n: dais(n, 5), {"label": "dais (5 ft)", "elevation_ft": 5}),            # 3
    ("gallery", lambda n: dais(n, 10), {"label": "gallery (10 ft)", "elevation_ft": 10}),   # 4
    ("shallows", shallows, {"label": "shallows", "terrain": "difficult"}),                  # 5
    ("deep_water", lambda n: water(n, deep=True), {"label": "deep water", "terrain": "swim"}),  # 6
    ("flooded", flooded, {"label": "flooded floor", "terrain": "swim"}),                    # 7
    ("grass", grass, {"label": "grass", "terrain": "normal"}),                              # 8
    ("path", lambda n: dirt(n), {"label": "path", "terrain": "normal"}),                    # 9
    ("scree", scree, {"label": "scree", "terrain": "difficult"}),                           # 10
    ("forest_floor", forest_floor, {"label": "forest floor", "terrain": "normal"}),         # 11
    ("cave_floor", cave_floor, {"label": "cave floor", "terrain": "normal"}),               # 12
    ("ledge10", lambda n: high_ground(n, 2, 10), {"label": "ledge (10 ft)", "elevation_ft": 10}),
    ("ledge20", lambda n: high_ground(n, 3, 20), {"label": "ledge (20 ft)", "elevation_ft": 20}),
    ("ledge30", lambda n: high_ground(n, 4, 30), {"label": "clifftop (30 ft)", "elevation_ft": 30}),
    # walls, climbable faces and drops: whole squares (layer `walls`)
    ("crypt_wall", crypt_wall, {"label": "wall", "wall": True}),                            # 16
    ("cliff", cliff, {"label": "cliff", "wall": True}),                                     # 17
    ("climb_wall", lambda n: climb_face(n, False), {"label": "climbable wall", "terrain": "climb"}),
    ("climb_cliff", lambda n: climb_face(n, True), {"label": "cliff face", "terrain": "climb"}),
    ("pit", lambda n: pit(n, False), {"label": "pit (20 ft)", "pit_depth_ft": 20}),         # 20
    ("crevasse", lambda n: pit(n, True), {"label": "crevasse (30 ft)", "pit_depth_ft": 30}),
    # cover objects with clear surroundings (layer `objects`)
    ("pillar", pillar, {"label": "pillar", "cover": "full"}),                               # 22
    ("crate", lambda n: crate(n, False), {"label": "crate", "cover": "half"}),              # 23
    ("crates", lambda n: crate(n, True), {"label": "stacked crates", "cover": "threequarter"}),
    ("masonry", masonry, {"label": "fallen masonry", "cover": "half"}),                     # 25
    ("sarcophagus", sarcophagus, {"label": "sarcophagus", "cover": "half"}),                # 26
    ("statue", statue, {"label": "statue", "cover": "threequarter"}),                       # 27
    ("boulder", boulder, {"label": "boulder", "cover": "threequarter"}),                    # 28
    ("log", log, {"label": "fallen log", "cover": "half"}),                                 # 29
    ("tree", tree, {"label": "tree", "cover": "full"}),                                     # 30
    ("bush", bush, {"label": "bushes", "terrain": "difficult"}),                            # 31
    # light overlays, see-through (layer `light`)
    ("dim", lambda n: light_overlay("dim"), {"light": "dim"}),                              # 32
    ("dark", lambda n: light_overlay("dark"), {"light": "dark"}),                           # 33
    # decorations without properties (layer `decor`): light objects carry the rule
    ("torch", torch, {}),                                                                   # 34
    ("brazier", brazier, {}),                                                               # 35
]

ID = {name: i for i, (name, _draw, _props) in enumerate(TILES)}


def tiles() -> tuple[list[pygame.Surface], list[dict[str, Any]]]:
    surfaces = [draw(name) for name, draw, _props in TILES]
    return surfaces, [dict(props) for _name, _draw, props in TILES]


def main() -> int:
    surfaces, props = tiles()
    write_tileset(NAME, surfaces, props, T, T, COLUMNS, tile_class="rs_square", enums=ENUMS)
    print(f"wrote {NAME} ({len(surfaces)} tiles)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

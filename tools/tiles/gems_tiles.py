"""Generate the gems tilesets: maps/tilesets/gems_terrain.{png,tsx} and gems_items.{png,tsx}.

Owns: the look of square-grid terrain and item sprites, and the tile properties that carry the
gems map contract (docs/maps.md). Tile ids are a contract with every map: append new tiles at
the end, never reorder.

Must not: be imported by the game. Run: `.venv/bin/python tools/tiles/gems_tiles.py`.
"""
from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import (LEVEL_TOP, P, arrow_streak, drop_shadow, outline, rng_for,  # noqa: E402
                    shaded_ellipse, speckle, surface, write_tileset)
import pygame  # noqa: E402

T = 32
COLUMNS = 16
MAX_LEVEL = 5
DIRS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
# Screen angle (radians) for each compass direction; north is up.
DIR_ANGLE = {d: math.radians(-90 + 45 * i) for i, d in enumerate(DIRS)}

WATER = {"water": True, "water_penalty": 3}
CURRENT_THRESHOLD = 12


# ---------------------------------------------------------------- ground
def ground(name: str, base: str, hi: str, lo: str, specks: int = 60) -> pygame.Surface:
    s = surface(T, T)
    s.fill(P[base])
    r = rng_for(name)
    speckle(s, s.get_rect(), [P[hi]], specks // 2, r)
    speckle(s, s.get_rect(), [P[lo]], specks // 2, r)
    return s


def grass(name: str, flowers: bool = False, tall: bool = False) -> pygame.Surface:
    s = ground(name, "grass", "grass_hi", "grass_lo", 70)
    r = rng_for(name + "blades")
    for _ in range(10 if not tall else 26):
        x, y = r.randrange(1, T - 1), r.randrange(3, T - 1)
        h = 2 if not tall else r.randrange(3, 6)
        pygame.draw.line(s, P["grass_lo"], (x, y), (x, y - h))
        s.set_at((x - 1 if x > 0 else x, y - h), P["grass_hi"])
    if flowers:
        for _ in range(6):
            x, y = r.randrange(2, T - 2), r.randrange(2, T - 2)
            c = r.choice([(236, 216, 96), (236, 236, 240), (214, 120, 170)])
            s.set_at((x, y), c)
            s.set_at((x + 1, y + 1), P["grass_lo"])
    return s


def dirt(name: str, mud: bool = False) -> pygame.Surface:
    s = ground(name, "dirt", "dirt_hi", "dirt_lo", 80)
    r = rng_for(name + "pebbles")
    for _ in range(5):
        x, y = r.randrange(2, T - 3), r.randrange(2, T - 3)
        s.fill(P["stone_lo"], (x + 1, y + 1, 2, 2))
        s.fill(P["stone_hi"], (x, y, 2, 2))
    if mud:
        for _ in range(3):
            x, y = r.randrange(3, T - 12), r.randrange(4, T - 8)
            pygame.draw.ellipse(s, P["dirt_lo"], (x, y, 10, 5))
            pygame.draw.ellipse(s, (90, 96, 110), (x + 2, y + 1, 6, 2))
    return s


def sand(name: str) -> pygame.Surface:
    s = ground(name, "sand", "sand_hi", "sand_lo", 50)
    r = rng_for(name + "ripple")
    for i in range(4):
        y = 5 + i * 7 + r.randrange(0, 3)
        for x in range(2, T - 2):
            yy = y + round(math.sin((x + i * 3) / 3.0))
            s.set_at((x, yy), P["sand_lo"])
            s.set_at((x, yy - 1), P["sand_hi"])
    return s


def flagstones(name: str, cracked: bool = False) -> pygame.Surface:
    s = surface(T, T)
    s.fill(P["mortar"])
    r = rng_for(name)
    for (x, y, w, h) in [(0, 0, 16, 16), (16, 0, 16, 10), (16, 10, 16, 22), (0, 16, 16, 16)]:
        rect = pygame.Rect(x + 1, y + 1, w - 2, h - 2)
        s.fill(P["stone"], rect)
        speckle(s, rect, [P["stone_hi"], P["stone_lo"]], 12, r)
        pygame.draw.line(s, P["stone_hi"], rect.topleft, rect.topright)
        pygame.draw.line(s, P["stone_hi"], rect.topleft, rect.bottomleft)
        pygame.draw.line(s, P["stone_lo"], rect.bottomleft, rect.bottomright)
        pygame.draw.line(s, P["stone_lo"], rect.topright, rect.bottomright)
    if cracked:
        pts = [(4, 6), (9, 11), (8, 16), (14, 22), (20, 21), (25, 28)]
        pygame.draw.lines(s, P["mortar"], False, pts)
    return s


def rubble(name: str) -> pygame.Surface:
    s = dirt(name + "base")
    r = rng_for(name)
    for _ in range(7):
        w, h = r.randrange(4, 8), r.randrange(3, 6)
        x, y = r.randrange(1, T - w - 1), r.randrange(1, T - h - 1)
        shaded_ellipse(s, pygame.Rect(x, y, w, h), P["rock"], P["rock_hi"], P["rock_lo"])
    return s


# ---------------------------------------------------------------- water
def water(name: str, deep: bool = False, direction: str | None = None) -> pygame.Surface:
    key = "deep" if deep else "water"
    s = surface(T, T)
    s.fill(P[key])
    r = rng_for(name)
    speckle(s, s.get_rect(), [P[key + "_lo"]], 40, r)
    if direction is None:
        for _ in range(4):
            x, y = r.randrange(2, T - 10), r.randrange(3, T - 3)
            pygame.draw.arc(s, P[key + "_hi"], (x, y, 8, 4), 0.3, math.pi - 0.3)
    else:
        ang = DIR_ANGLE[direction]
        # Three streaks spread over the tile, each a wavy line ending in a chevron: the
        # direction reads at a glance and neighbouring tiles join into one flow.
        colour = P["foam"] if not deep else P["water_hi"]
        for (cx, cy) in [(9, 9), (23, 13), (13, 24)]:
            dx, dy = math.cos(ang), math.sin(ang)
            px, py = -dy, dx
            pts = []
            for i in range(7):
                t = (i - 3) / 3 * 5
                # Straight shafts on diagonals (pixel stairs already look busy there).
                wob = 0.0 if len(direction) == 2 else math.sin(i * 1.3) * 1.2
                pts.append((round(cx + dx * t + px * wob), round(cy + dy * t + py * wob)))
            pygame.draw.lines(s, P[key + "_lo"], False, [(x + 1, y + 1) for x, y in pts])
            pygame.draw.lines(s, colour, False, pts)
            hx, hy = cx + dx * 6, cy + dy * 6
            for side in (-1, 1):
                a = ang + math.pi + side * 0.75
                pygame.draw.line(s, colour, (round(hx), round(hy)),
                                 (round(hx + math.cos(a) * 4), round(hy + math.sin(a) * 4)))
    return s


# ---------------------------------------------------------------- solids
def wall(name: str, cracked: bool = False) -> pygame.Surface:
    s = surface(T, T)
    s.fill(P["stone_lo"])
    r = rng_for(name)
    # Top face (lit), then the front face in two brick courses (in shadow).
    s.fill(P["stone_hi"], (0, 0, T, 10))
    speckle(s, pygame.Rect(0, 0, T, 10), [P["stone"]], 20, r)
    for row, y in enumerate((11, 21)):
        off = 0 if row == 0 else 8
        for x in range(-off, T, 16):
            rect = pygame.Rect(x + 1, y, 14, 9).clip(s.get_rect())
            s.fill(P["stone"], rect)
            pygame.draw.line(s, P["stone_hi"], rect.topleft, rect.topright)
    pygame.draw.line(s, P["outline"], (0, 10), (T - 1, 10))
    pygame.draw.rect(s, P["outline"], s.get_rect(), 1)
    if cracked:
        pygame.draw.lines(s, P["outline"], False, [(20, 11), (17, 16), (21, 22), (18, 30)])
    return s


def boulder(name: str) -> pygame.Surface:
    s = surface(T, T)
    body = surface(T, T)
    shaded_ellipse(body, pygame.Rect(4, 6, 24, 20), P["rock"], P["rock_hi"], P["rock_lo"])
    pygame.draw.line(body, P["rock_lo"], (12, 14), (16, 19))
    outline(body)
    drop_shadow(s, pygame.Rect(5, 12, 24, 16), 90)
    s.blit(body, (0, 0))
    return s


def tree(name: str, pine: bool = False) -> pygame.Surface:
    s = surface(T, T)
    body = surface(T, T)
    pygame.draw.rect(body, P["bark"], (14, 20, 5, 9))
    if pine:
        for i, (w, y) in enumerate([(12, 2), (18, 8), (24, 14)]):
            pts = [(16, y), (16 - w // 2, y + 10), (16 + w // 2, y + 10)]
            pygame.draw.polygon(body, P["leaf_lo"], pts)
            pygame.draw.polygon(body, P["leaf"], [(16, y + 1), (16 - w // 2 + 2, y + 9), (16, y + 9)])
            pygame.draw.line(body, P["leaf_hi"], (16, y + 1), (16 - w // 2 + 3, y + 8))
    else:
        shaded_ellipse(body, pygame.Rect(3, 2, 26, 22), P["leaf"], P["leaf_hi"], P["leaf_lo"])
        r = rng_for(name)
        speckle(body, pygame.Rect(6, 5, 20, 16), [P["leaf_lo"], P["leaf_hi"]], 24, r,
                mask=pygame.mask.from_surface(body, 127))
    outline(body)
    drop_shadow(s, pygame.Rect(6, 14, 26, 16), 90)
    s.blit(body, (0, 0))
    return s


def log(name: str) -> pygame.Surface:
    s = surface(T, T)
    body = surface(T, T)
    pygame.draw.rect(body, P["wood"], (3, 12, 26, 9), border_radius=3)
    pygame.draw.line(body, P["wood_hi"], (5, 13), (26, 13))
    pygame.draw.line(body, P["wood_lo"], (5, 19), (26, 19))
    pygame.draw.ellipse(body, P["wood_hi"], (24, 12, 6, 9))
    pygame.draw.ellipse(body, P["wood_lo"], (26, 14, 3, 5))
    outline(body)
    drop_shadow(s, pygame.Rect(4, 15, 26, 9), 80)
    s.blit(body, (0, 0))
    return s


def bush(name: str) -> pygame.Surface:
    s = surface(T, T)
    body = surface(T, T)
    for rect in [(4, 12, 14, 12), (13, 9, 15, 14), (9, 16, 16, 11)]:
        shaded_ellipse(body, pygame.Rect(rect), P["leaf"], P["leaf_hi"], P["leaf_lo"])
    outline(body)
    s.blit(body, (0, 0))
    return s


def pillar(name: str) -> pygame.Surface:
    s = surface(T, T)
    body = surface(T, T)
    body.fill(P["stone"], (9, 4, 14, 24))
    body.fill(P["stone_hi"], (9, 4, 4, 24))
    body.fill(P["stone_lo"], (19, 4, 4, 24))
    body.fill(P["stone_hi"], (7, 2, 18, 4))
    body.fill(P["stone_lo"], (7, 26, 18, 4))
    outline(body)
    drop_shadow(s, pygame.Rect(10, 18, 20, 12), 90)
    s.blit(body, (0, 0))
    return s


def bridge(name: str, vertical: bool) -> pygame.Surface:
    # Drawn over the water layer, so only the deck is opaque.
    s = surface(T, T)
    deck = surface(T, T)
    for i in range(0, T, 6):
        plank = pygame.Rect(i, 3, 5, 26) if not vertical else pygame.Rect(3, i, 26, 5)
        deck.fill(P["wood"], plank)
        if not vertical:
            pygame.draw.line(deck, P["wood_hi"], plank.topleft, plank.bottomleft)
        else:
            pygame.draw.line(deck, P["wood_hi"], plank.topleft, plank.topright)
    rail = [pygame.Rect(0, 2, T, 2), pygame.Rect(0, 28, T, 2)] if not vertical else \
        [pygame.Rect(2, 0, 2, T), pygame.Rect(28, 0, 2, T)]
    for rr in rail:
        deck.fill(P["wood_lo"], rr)
    s.blit(deck, (0, 0))
    return s


# ---------------------------------------------------------------- elevation
def face_height(level: int) -> int:
    """The cliff face shown on a plateau's south edge grows with its level."""
    return 4 + 2 * level


def plateau(level: int, mask: int) -> pygame.Surface:
    """Raised ground at `level`. `mask` bits mark lower neighbours: 1 N, 2 E, 4 S, 8 W."""
    top, hi, lo, face_col = LEVEL_TOP[level]
    s = surface(T, T)
    s.fill(top)
    r = rng_for(f"plateau{level}")
    speckle(s, s.get_rect(), [hi, lo], 60, r)
    # Grass tufts on the lower levels, loose stones higher up: a second cue for height.
    if level <= 2:
        speckle(s, s.get_rect(), [P["grass"], P["grass_lo"]], 26 - 8 * level, r, size=2)
    else:
        for _ in range(3):
            x, y = r.randrange(3, T - 6), r.randrange(3, T - 10)
            s.fill(lo, (x + 1, y + 1, 3, 2))
            s.fill(hi, (x, y, 3, 2))
    rim = 2
    if mask & 1:
        s.fill(hi, (0, 0, T, rim + 1))
        pygame.draw.line(s, P["outline"], (0, 0), (T - 1, 0))
    if mask & 8:
        s.fill(hi, (0, 0, rim + 1, T))
        pygame.draw.line(s, P["outline"], (0, 0), (0, T - 1))
    if mask & 2:
        s.fill(lo, (T - rim - 1, 0, rim + 1, T))
        pygame.draw.line(s, P["outline"], (T - 1, 0), (T - 1, T - 1))
    if mask & 4:
        fh = face_height(level)
        y0 = T - fh
        s.fill(face_col, (0, y0, T, fh))
        dark = tuple(max(0, c - 30) for c in face_col)
        light = tuple(min(255, c + 24) for c in face_col)
        # One stratum band per level, so a player can count the height.
        for i in range(level):
            y = y0 + 3 + i * 2
            pygame.draw.line(s, dark, (0, y), (T - 1, y))
        for x in range(4, T, 7):
            pygame.draw.line(s, light, (x, y0 + 1), (x, T - 2))
            pygame.draw.line(s, dark, (x + 1, y0 + 1), (x + 1, T - 2))
        pygame.draw.line(s, P["outline"], (0, y0 - 1), (T - 1, y0 - 1))
        pygame.draw.line(s, P["outline"], (0, T - 1), (T - 1, T - 1))
        if mask & 8:
            pygame.draw.line(s, P["outline"], (0, y0), (0, T - 1))
        if mask & 2:
            pygame.draw.line(s, P["outline"], (T - 1, y0), (T - 1, T - 1))
    # Level pips in the top-left corner: an exact readout that does not rely on colour.
    for i in range(level):
        x = 4 + (i % 3) * 3
        y = 4 + (i // 3) * 3
        s.fill(P["outline"], (x, y, 2, 2))
    return s


SHADOWS = ["N", "W", "NW", "corner"]


def shadow(kind: str) -> pygame.Surface:
    """Shade cast by higher ground onto a lower cell (the light comes from the top-left)."""
    s = surface(T, T)
    c = (*P["shadow"], 80)
    width = 7
    if kind in ("N", "NW"):
        s.fill(c, (0, 0, T, width))
    if kind == "W":
        s.fill(c, (0, 0, width, T))
    if kind == "NW":
        s.fill(c, (0, width, width, T - width))
    if kind == "corner":
        s.fill(c, (0, 0, width, width))
    return s


# ---------------------------------------------------------------- items
def item_rock() -> pygame.Surface:
    s = surface(T, T)
    shaded_ellipse(s, pygame.Rect(9, 12, 14, 11), P["rock"], P["rock_hi"], P["rock_lo"])
    outline(s)
    return s


def item_crate() -> pygame.Surface:
    s = surface(T, T)
    box = pygame.Rect(7, 7, 18, 18)
    s.fill(P["wood"], box)
    pygame.draw.line(s, P["wood_lo"], box.topleft, box.bottomright, 2)
    pygame.draw.line(s, P["wood_lo"], box.topright, box.bottomleft, 2)
    pygame.draw.rect(s, P["wood_hi"], box, 2)
    pygame.draw.line(s, P["wood_lo"], (box.left, box.bottom - 1), (box.right - 1, box.bottom - 1), 2)
    pygame.draw.line(s, P["wood_lo"], (box.right - 1, box.top), (box.right - 1, box.bottom - 1), 2)
    outline(s)
    return s


def item_barrel() -> pygame.Surface:
    s = surface(T, T)
    pygame.draw.ellipse(s, P["wood_lo"], (9, 6, 14, 22))
    pygame.draw.ellipse(s, P["wood"], (10, 6, 11, 20))
    pygame.draw.line(s, P["wood_hi"], (13, 9), (13, 24))
    for y in (10, 21):
        pygame.draw.line(s, P["metal"], (10, y), (21, y), 2)
    outline(s)
    return s


def item_spear() -> pygame.Surface:
    s = surface(T, T)
    pygame.draw.line(s, P["hard_lo"], (6, 27), (24, 9), 3)
    pygame.draw.line(s, P["hard_hi"], (6, 26), (23, 9), 1)
    pygame.draw.polygon(s, P["hard"], [(22, 6), (28, 4), (26, 10)])
    pygame.draw.polygon(s, P["hard_hi"], [(23, 6), (27, 5), (25, 8)])
    outline(s, P["hard_lo"])
    return s


def item_sword() -> pygame.Surface:
    s = surface(T, T)
    pygame.draw.polygon(s, P["hard"], [(12, 19), (24, 5), (27, 5), (27, 8), (14, 21)])
    pygame.draw.line(s, P["hard_hi"], (13, 19), (25, 6))
    pygame.draw.line(s, P["hard_lo"], (9, 16), (17, 24), 3)
    pygame.draw.line(s, P["wood_lo"], (12, 21), (6, 27), 3)
    outline(s)
    return s


def item_shard() -> pygame.Surface:
    s = surface(T, T)
    pygame.draw.polygon(s, P["gem"], [(16, 5), (23, 14), (18, 27), (11, 20), (10, 12)])
    pygame.draw.polygon(s, P["gem_hi"], [(16, 5), (10, 12), (15, 15)])
    pygame.draw.polygon(s, P["gem_lo"], [(23, 14), (18, 27), (16, 17)])
    outline(s)
    return s


def item_gemstone() -> pygame.Surface:
    s = surface(T, T)
    pygame.draw.polygon(s, (230, 190, 80), [(10, 12), (16, 8), (22, 12), (16, 24)])
    pygame.draw.polygon(s, (252, 230, 150), [(10, 12), (16, 8), (16, 14)])
    pygame.draw.polygon(s, (170, 120, 40), [(22, 12), (16, 24), (16, 14)])
    outline(s)
    return s


def spawn_marker(color: tuple[int, int, int], square: bool) -> pygame.Surface:
    s = surface(T, T)
    if square:
        pygame.draw.rect(s, color, (6, 6, 20, 20), 3)
    else:
        pygame.draw.circle(s, color, (16, 16), 11, 3)
    outline(s)
    return s


# ---------------------------------------------------------------- assembly
def terrain_tiles() -> tuple[list[pygame.Surface], list[dict[str, Any]]]:
    grass_p = {"terrain": "grass"}
    solid = {"solid": True}
    spec: list[tuple[Callable[[], pygame.Surface], dict[str, Any]]] = [
        (lambda: grass("grass"), grass_p),
        (lambda: grass("grass_b"), grass_p),
        (lambda: grass("grass_f", flowers=True), grass_p),
        (lambda: grass("grass_t", tall=True), {"terrain": "tall_grass"}),
        (lambda: dirt("dirt"), {"terrain": "dirt"}),
        (lambda: dirt("dirt_b"), {"terrain": "dirt"}),
        (lambda: dirt("mud", mud=True), {"terrain": "mud"}),
        (lambda: sand("sand"), {"terrain": "sand"}),
        (lambda: sand("sand_b"), {"terrain": "sand"}),
        (lambda: flagstones("floor"), {"terrain": "stone_floor"}),
        (lambda: flagstones("floor_c", cracked=True), {"terrain": "stone_floor"}),
        (lambda: rubble("rubble"), {"terrain": "rubble"}),
        (lambda: wall("wall"), {"terrain": "wall", **solid}),
        (lambda: boulder("boulder"), {"terrain": "boulder", **solid}),
        (lambda: tree("tree"), {"terrain": "tree", **solid}),
        (lambda: tree("pine", pine=True), {"terrain": "tree", **solid}),
        (lambda: water("water"), {"terrain": "water", **WATER}),
    ]
    for d in DIRS:
        spec.append((lambda d=d: water(f"current_{d}", direction=d),
                     {"terrain": "water", **WATER, "current_dir": d,
                      "current_threshold": CURRENT_THRESHOLD}))
    spec += [
        (lambda: water("deep", deep=True),
         {"terrain": "deep_water", "water": True, "water_penalty": 4}),
        (lambda: bridge("bridge_h", False), {"terrain": "bridge", "water": False}),
        (lambda: bridge("bridge_v", True), {"terrain": "bridge", "water": False}),
        (lambda: log("log"), {"terrain": "log", **solid}),
        (lambda: bush("bush"), {"terrain": "bush"}),
        (lambda: wall("wall_c", cracked=True), {"terrain": "wall", **solid}),
        (lambda: pillar("pillar"), {"terrain": "pillar", **solid}),
    ]
    assert len(spec) == 32, len(spec)
    tiles = [f() for f, _ in spec]
    props = [dict(p) for _, p in spec]
    for level in range(1, MAX_LEVEL + 1):
        for mask in range(16):
            tiles.append(plateau(level, mask))
            props.append({"terrain": "plateau", "elevation": level})
    for kind in SHADOWS:          # ids 112..115: pure decoration, no properties
        tiles.append(shadow(kind))
        props.append({})
    return tiles, props


def shadow_gid_offset(kind: str) -> int:
    return 32 + MAX_LEVEL * 16 + SHADOWS.index(kind)


def plateau_gid_offset(level: int, mask: int) -> int:
    """Tile id (0-based, within gems_terrain) of the plateau tile for `level` and `mask`."""
    return 32 + (level - 1) * 16 + mask


ITEM_KINDS = ["rock", "crate", "hardlight_spear", "hardlight_sword", "gem_shard", "barrel",
              "gemstone"]


def item_tiles() -> tuple[list[pygame.Surface], list[dict[str, Any]]]:
    makers = [item_rock, item_crate, item_spear, item_sword, item_shard, item_barrel,
              item_gemstone]
    tiles = [m() for m in makers]
    props: list[dict[str, Any]] = [{"kind": k} for k in ITEM_KINDS]
    tiles.append(spawn_marker((220, 70, 60), square=False))
    props.append({"marker": "spawn_side_0"})
    tiles.append(spawn_marker((70, 120, 230), square=True))
    props.append({"marker": "spawn_side_1"})
    return tiles, props


LEVEL_COLOURS = ["#7a9450", "#a49a60", "#b2926a", "#9c9a96", "#cccac6"]


def wangsets() -> str:
    """One edge terrain set per level, so Tiled's terrain brush picks the right cliff edges:
    an edge is "plateau" where the neighbour is as high or higher, empty where it is lower.
    Paint each level on its own layer (plateau1, plateau2...) for a perfect match."""
    out = [" <wangsets>"]
    for level in range(1, MAX_LEVEL + 1):
        out.append(f'  <wangset name="Elevation {level}" type="edge" tile="'
                   f'{plateau_gid_offset(level, 0)}">')
        out.append(f'   <wangcolor name="Level {level}" color="{LEVEL_COLOURS[level - 1]}" '
                   f'tile="{plateau_gid_offset(level, 0)}" probability="1"/>')
        for mask in range(16):
            edges = [0 if mask & 1 else 1, 0, 0 if mask & 2 else 1, 0,
                     0 if mask & 4 else 1, 0, 0 if mask & 8 else 1, 0]
            out.append(f'   <wangtile tileid="{plateau_gid_offset(level, mask)}" '
                       f'wangid="{",".join(map(str, edges))}"/>')
        out.append("  </wangset>")
    out.append(" </wangsets>")
    return "\n".join(out)


def main() -> int:
    tiles, props = terrain_tiles()
    write_tileset("gems_terrain", tiles, props, T, T, COLUMNS, tile_class="terrain",
                  tail=wangsets())
    items, iprops = item_tiles()
    write_tileset("gems_items", items, iprops, T, T, len(items))
    print(f"wrote gems_terrain ({len(tiles)} tiles) and gems_items ({len(items)} tiles)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

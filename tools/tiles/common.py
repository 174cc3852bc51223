"""Shared palette and drawing helpers for our generated tilesets.

Owns: the one palette every tileset uses, the light direction (from the top-left), outline and
shading helpers, deterministic texture noise, and writing a tileset PNG plus its .tsx.

Must not: be imported by the game. These are authoring tools; the game only reads the PNG and
.tsx files they write into maps/tilesets/.
"""
from __future__ import annotations

import math
import os
import random
from pathlib import Path
from typing import Any, Iterable
from xml.sax.saxutils import quoteattr

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
TILESETS = ROOT / "maps" / "tilesets"

Color = tuple[int, int, int] | tuple[int, int, int, int]

# One palette for everything: earthy ground, cool water, warm stone, hardlight cyan.
P: dict[str, tuple[int, int, int]] = {
    "outline": (27, 24, 34),
    "shadow": (20, 18, 28),
    "grass": (86, 140, 62), "grass_hi": (116, 170, 78), "grass_lo": (63, 108, 50),
    "dirt": (138, 104, 70), "dirt_hi": (166, 130, 92), "dirt_lo": (104, 78, 54),
    "sand": (214, 192, 136), "sand_hi": (234, 216, 164), "sand_lo": (186, 160, 108),
    "stone": (142, 138, 130), "stone_hi": (176, 172, 162), "stone_lo": (104, 100, 96),
    "mortar": (84, 80, 78),
    "water": (58, 110, 176), "water_hi": (104, 156, 214), "water_lo": (42, 84, 146),
    "deep": (30, 58, 118), "deep_hi": (52, 88, 150), "deep_lo": (20, 40, 88),
    "foam": (200, 226, 244),
    "wood": (150, 100, 58), "wood_hi": (186, 134, 82), "wood_lo": (104, 66, 38),
    "leaf": (52, 112, 56), "leaf_hi": (92, 154, 74), "leaf_lo": (34, 78, 44),
    "bark": (92, 62, 40),
    "rock": (128, 122, 118), "rock_hi": (170, 164, 156), "rock_lo": (86, 80, 80),
    "cliff": (112, 90, 68), "cliff_hi": (140, 114, 86), "cliff_lo": (74, 58, 46),
    "hard": (90, 226, 240), "hard_hi": (200, 252, 255), "hard_lo": (36, 150, 190),
    "gem": (214, 72, 168), "gem_hi": (250, 160, 220), "gem_lo": (140, 36, 110),
    "metal": (120, 128, 140), "metal_hi": (196, 204, 214),
    "marsh": (84, 112, 74), "snow": (232, 236, 240),
}

# Raised ground by elevation level: (top, highlight, shade, cliff face). Each level has its own
# hue, from grassy highland up to pale bare stone, so heights read at a glance.
LEVEL_TOP = {
    1: ((122, 148, 80), (150, 176, 100), (98, 122, 64), (104, 88, 64)),
    2: ((164, 154, 96), (190, 180, 120), (136, 126, 76), (118, 96, 68)),
    3: ((178, 146, 106), (204, 174, 132), (150, 120, 86), (128, 100, 74)),
    4: ((156, 154, 150), (188, 186, 180), (126, 124, 122), (98, 94, 96)),
    5: ((204, 202, 198), (232, 230, 226), (170, 168, 166), (120, 116, 118)),
}


def rng_for(name: str) -> random.Random:
    """A texture noise stream per tile name, so regenerating gives identical PNGs."""
    return random.Random(sum((i + 1) * ord(c) for i, c in enumerate(name)) * 7919)


def surface(w: int, h: int) -> pygame.Surface:
    return pygame.Surface((w, h), pygame.SRCALPHA, 32)


def speckle(s: pygame.Surface, rect: pygame.Rect, colors: list[Color], count: int,
            rng: random.Random, size: int = 1, mask: pygame.mask.Mask | None = None) -> None:
    for _ in range(count):
        x = rng.randrange(rect.left, rect.right - size + 1)
        y = rng.randrange(rect.top, rect.bottom - size + 1)
        if mask is not None and not mask.get_at((x, y)):
            continue
        s.fill(rng.choice(colors), (x, y, size, size))


def outline(s: pygame.Surface, color: Color = P["outline"]) -> None:
    """A 1px outline around every opaque shape, drawn outside it (light-independent)."""
    mask = pygame.mask.from_surface(s, 127)
    w, h = s.get_size()
    edge: list[tuple[int, int]] = []
    for y in range(h):
        for x in range(w):
            if mask.get_at((x, y)):
                continue
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                nx, ny = x + dx, y + dy
                if 0 <= nx < w and 0 <= ny < h and mask.get_at((nx, ny)):
                    edge.append((x, y))
                    break
    for p in edge:
        s.set_at(p, color)


def shaded_ellipse(s: pygame.Surface, rect: pygame.Rect, base: Color, hi: Color, lo: Color) -> None:
    """A rounded body lit from the top-left: dark rim bottom-right, highlight top-left."""
    pygame.draw.ellipse(s, lo, rect)
    inner = rect.inflate(-2, -2).move(-1, -1)
    pygame.draw.ellipse(s, base, inner)
    hl = pygame.Rect(0, 0, max(2, rect.w // 3), max(2, rect.h // 3))
    hl.topleft = (rect.left + rect.w // 5, rect.top + rect.h // 6)
    pygame.draw.ellipse(s, hi, hl)


def drop_shadow(s: pygame.Surface, rect: pygame.Rect, alpha: int = 70) -> None:
    """A soft contact shadow offset to the bottom-right (the light comes from the top-left)."""
    sh = surface(rect.w, rect.h)
    pygame.draw.ellipse(sh, (*P["shadow"], alpha), sh.get_rect())
    s.blit(sh, rect.move(2, 2))


def polygon_mask(w: int, h: int, points: list[tuple[float, float]]) -> pygame.mask.Mask:
    tmp = surface(w, h)
    pygame.draw.polygon(tmp, (255, 255, 255, 255), points)
    return pygame.mask.from_surface(tmp, 127)


def clip_to_mask(s: pygame.Surface, mask: pygame.mask.Mask) -> None:
    w, h = s.get_size()
    for y in range(h):
        for x in range(w):
            if not mask.get_at((x, y)):
                s.set_at((x, y), (0, 0, 0, 0))


def arrow_streak(s: pygame.Surface, cx: float, cy: float, angle: float, length: float,
                 color: Color, width: int = 1) -> None:
    """A short streak with a chevron head pointing along `angle` (radians, screen axes)."""
    dx, dy = math.cos(angle), math.sin(angle)
    x0, y0 = cx - dx * length / 2, cy - dy * length / 2
    x1, y1 = cx + dx * length / 2, cy + dy * length / 2
    pygame.draw.line(s, color, (round(x0), round(y0)), (round(x1), round(y1)), width)
    for side in (-1, 1):
        a = angle + math.pi + side * 0.6
        hx, hy = x1 + math.cos(a) * length * 0.35, y1 + math.sin(a) * length * 0.35
        pygame.draw.line(s, color, (round(x1), round(y1)), (round(hx), round(hy)), width)


def prop_xml(name: str, value: Any, enum: str | None = None) -> str:
    if isinstance(value, bool):
        typ, text = "bool", "true" if value else "false"
    elif isinstance(value, int):
        typ, text = "int", str(value)
    elif isinstance(value, float):
        typ, text = "float", repr(value)
    else:
        typ, text = "string", str(value)
    extra = f" propertytype={quoteattr(enum)}" if enum else ""
    return f'   <property name={quoteattr(name)} type="{typ}"{extra} value={quoteattr(text)}/>'


ENUM_PROPS = {"current_dir": "current_dir"}


def write_tileset(name: str, tiles: list[pygame.Surface], tile_props: list[dict[str, Any]],
                  tile_w: int, tile_h: int, columns: int, tile_class: str = "",
                  extra: str = "", out_dir: Path = TILESETS, tail: str = "",
                  enums: dict[str, str] | None = None) -> Path:
    """Write `name`.png (tiles packed row-major, no margin or spacing) and `name`.tsx.
    `enums` names the Tiled enum of each string property (default: ENUM_PROPS)."""
    enums = ENUM_PROPS if enums is None else enums
    out_dir.mkdir(parents=True, exist_ok=True)
    rows = math.ceil(len(tiles) / columns)
    sheet = surface(columns * tile_w, rows * tile_h)
    for i, t in enumerate(tiles):
        sheet.blit(t, ((i % columns) * tile_w, (i // columns) * tile_h))
    png = out_dir / f"{name}.png"
    pygame.image.save(sheet, str(png))
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.8" tiledversion="1.8.2" name="{name}" tilewidth="{tile_w}" '
        f'tileheight="{tile_h}" tilecount="{len(tiles)}" columns="{columns}">',
    ]
    if extra:
        lines.append(extra)
    lines.append(f' <image source="{name}.png" width="{sheet.get_width()}" height="{sheet.get_height()}"/>')
    for i, props in enumerate(tile_props):
        if not props:
            continue
        cls = f' type="{tile_class}"' if tile_class else ""
        lines.append(f' <tile id="{i}"{cls}>')
        lines.append("  <properties>")
        for k, v in props.items():
            lines.append(prop_xml(k, v, enums.get(k)))
        lines.append("  </properties>")
        lines.append(" </tile>")
    if tail:
        lines.append(tail)
    lines.append("</tileset>")
    tsx = out_dir / f"{name}.tsx"
    tsx.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return tsx


def iter_masks() -> Iterable[int]:
    """Edge masks for plateau tiles: bit 1 north, 2 east, 4 south, 8 west (a lower neighbour)."""
    return range(16)


def height_label(s: pygame.Surface, text: str, color: Color = (250, 250, 244),
                 corner: str = "topright", size: int = 14) -> None:
    """A small number in a corner of a tile, dark-edged so it reads on any ground: how high a
    square stands, on maps where heights are many."""
    pygame.font.init()
    font = pygame.font.Font(None, size)
    ink = font.render(text, False, color)
    edge = font.render(text, False, P["outline"])
    w, h = s.get_size()
    box = ink.get_rect()
    setattr(box, corner, {"topright": (w - 2, 1), "topleft": (2, 1),
                          "bottomright": (w - 2, h - 1), "bottomleft": (2, h - 1)}[corner])
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (1, 1)):
        s.blit(edge, box.move(dx, dy))
    s.blit(ink, box)


def edge_marks(mask: int, size: int, color: Color = P["outline"], width: int = 3,
               rim: Color | None = None) -> pygame.Surface:
    """A see-through tile with a heavy line along each side named by `mask` (bit 1 north, 2 east,
    4 south, 8 west; `iter_masks`), and an optional lit rim just inside it: the brink of a drop,
    drawn over the higher square."""
    s = surface(size, size)
    sides = {1: (0, 0, size, width), 2: (size - width, 0, width, size),
             4: (0, size - width, size, width), 8: (0, 0, width, size)}
    inner = {1: (0, width, size, 1), 2: (size - width - 1, 0, 1, size),
             4: (0, size - width - 1, size, 1), 8: (width, 0, 1, size)}
    for bit, rect in sides.items():
        if mask & bit:
            if rim is not None:
                s.fill(rim, inner[bit])
            s.fill(color, rect)
    return s

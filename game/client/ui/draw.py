"""Drawing helpers for the table look: the background, dimming, text with shadow, ornaments.

Owns: procedural backdrops (cached per size) and small text helpers on top of the bundled font.
The colours come from the palette in game.client.app (the same as assets/theme.json).

Must not: build pygame-gui elements or keep state beyond caches.
"""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.client import resources

BG = (21, 25, 31)
BG_LIGHT = (31, 37, 46)
WARM = (232, 163, 61)
WARM_DIM = (138, 100, 48)
COOL = (79, 163, 199)
DANGER = (217, 83, 79)
TEXT = (232, 226, 212)
TEXT_DIM = (154, 164, 176)


@lru_cache(maxsize=8)
def _table(size: tuple[int, int], hue: tuple[int, int, int]) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size)
    surf.fill(hue)
    # a faint hex lattice, like a battle mat seen in low light
    lattice = pygame.Surface(size, pygame.SRCALPHA)
    r = max(18, h // 22)
    dx, dy = r * math.sqrt(3), r * 1.5
    rows, cols = int(h / dy) + 2, int(w / dx) + 2
    for row in range(rows):
        for col in range(cols):
            cx = col * dx + (dx / 2 if row % 2 else 0)
            cy = row * dy
            pts = [(cx + r * math.cos(math.radians(60 * k + 30)),
                    cy + r * math.sin(math.radians(60 * k + 30))) for k in range(6)]
            pygame.draw.polygon(lattice, (255, 255, 255, 9), pts, 1)
    surf.blit(lattice, (0, 0))
    # a warm pool of lamp light from above and a dark vignette at the edges
    small = pygame.Surface((64, 36), pygame.SRCALPHA)
    for y in range(36):
        for x in range(64):
            nx, ny = (x - 31.5) / 32, (y - 12) / 24
            d = math.sqrt(nx * nx + ny * ny)
            dark = int(max(0.0, min(1.0, (d - 0.35) / 0.9)) * 200)
            small.set_at((x, y), (0, 0, 0, dark))
    vignette = pygame.transform.smoothscale(small, size)
    glow_small = pygame.Surface((64, 36), pygame.SRCALPHA)
    for y in range(36):
        for x in range(64):
            nx, ny = (x - 31.5) / 26, (y - 6) / 20
            g = max(0.0, 1.0 - math.sqrt(nx * nx + ny * ny))
            glow_small.set_at((x, y), (255, 190, 110, int(g * g * 28)))
    glow = pygame.transform.smoothscale(glow_small, size)
    surf.blit(glow, (0, 0))
    surf.blit(vignette, (0, 0))
    return surf.convert() if pygame.display.get_surface() is not None else surf


def table_background(surface: pygame.Surface, hue: tuple[int, int, int] = BG) -> None:
    surface.blit(_table(surface.get_size(), hue), (0, 0))


def dim(surface: pygame.Surface, alpha: int = 170, colour: tuple[int, int, int] = (6, 8, 11)) -> None:
    surface.blit(_veil(surface.get_size(), (*colour, alpha)), (0, 0))


@lru_cache(maxsize=4)
def _veil(size: tuple[int, int], rgba: tuple[int, int, int, int]) -> pygame.Surface:
    """A screen-sized tint, made once per size and colour: a dimmed screen draws it every frame
    (the card table's attack show), and a new one each time was a few ms of a frame."""
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill(rgba)
    return veil


@lru_cache(maxsize=256)
def _line(font: pygame.font.Font, s: str, colour: tuple[int, int, int]) -> pygame.Surface:
    """One rendered line, kept: the same words are drawn frame after frame (the attack show's
    sums, titles, labels), and rendering large type anew each frame cost several ms."""
    return font.render(s, True, colour)


@lru_cache(maxsize=256)
def _shadow(font: pygame.font.Font, s: str) -> pygame.Surface:
    sh = font.render(s, True, (0, 0, 0))
    sh.set_alpha(150)
    return sh


def text(surface: pygame.Surface, s: str, pos: tuple[int, int], size: int,
         colour: tuple[int, int, int] = TEXT, *, bold: bool = False, anchor: str = "topleft",
         shadow: bool = True) -> pygame.Rect:
    """Draw one line; `anchor` is any pygame.Rect position name. Returns the drawn rect."""
    font = resources.font(size, bold)
    img = _line(font, s, tuple(colour))
    rect = img.get_rect(**{anchor: pos})
    if shadow:
        off = max(1, size // 16)
        surface.blit(_shadow(font, s), rect.move(off, off))
    surface.blit(img, rect)
    return rect


def fitted(s: str, size: int, width: int, *, bold: bool = False,
           smallest: int = 0) -> tuple[str, int]:
    """`s` and a font size at which it fits `width` pixels: `size` if it fits, else smaller, down
    to `smallest` (default two thirds of `size`), then cut with an ellipsis at that size."""
    smallest = smallest or max(8, size * 2 // 3)
    while size > smallest and resources.font(size, bold).size(s)[0] > width:
        size -= 1
    font = resources.font(size, bold)
    if font.size(s)[0] <= width:
        return s, size
    while len(s) > 1 and font.size(s + "…")[0] > width:
        s = s[:-1]
    return s.rstrip() + "…", size


def spaced_title(surface: pygame.Surface, s: str, center: tuple[int, int], size: int,
                 colour: tuple[int, int, int] = TEXT, spacing: float = 0.12) -> pygame.Rect:
    """Big letter-spaced caps for titles, with a soft dark halo so they sit on any backdrop."""
    font = resources.font(size, True)
    glyphs = [font.render(ch, True, colour) for ch in s]
    gap = int(size * spacing)
    width = sum(g.get_width() for g in glyphs) + gap * (len(glyphs) - 1)
    height = font.get_height()
    out = pygame.Surface((width + size, height + size), pygame.SRCALPHA)
    halo = pygame.Surface(out.get_size(), pygame.SRCALPHA)
    x = size // 2
    for ch, g in zip(s, glyphs):
        dark = font.render(ch, True, (0, 0, 0))
        for ox, oy in ((-2, 0), (2, 0), (0, -2), (0, 3), (3, 3)):
            halo.blit(dark, (x + ox * size // 48, size // 2 + oy * size // 48))
        x += g.get_width() + gap
    halo.set_alpha(170)
    out.blit(halo, (0, 0))
    x = size // 2
    for g in glyphs:
        out.blit(g, (x, size // 2))
        x += g.get_width() + gap
    rect = out.get_rect(center=center)
    surface.blit(out, rect)
    return rect


def ornament(surface: pygame.Surface, center: tuple[int, int], half_width: int,
             colour: tuple[int, int, int] = WARM_DIM) -> None:
    """A thin rule with a diamond in the middle, to separate a heading from what follows."""
    cx, cy = center
    s = max(3, half_width // 40)
    pygame.draw.line(surface, colour, (cx - half_width, cy), (cx - 3 * s, cy), 1)
    pygame.draw.line(surface, colour, (cx + 3 * s, cy), (cx + half_width, cy), 1)
    pygame.draw.polygon(surface, WARM, [(cx, cy - s), (cx + s * 2, cy), (cx, cy + s),
                                        (cx - s * 2, cy)])


def panel(surface: pygame.Surface, rect: pygame.Rect, *, border: tuple[int, int, int] = (47, 56, 69),
          fill: tuple[int, int, int, int] = (26, 31, 38, 235), radius: int = 10,
          width: int = 1) -> None:
    """A rounded translucent panel drawn straight on a surface (for scenes that draw by hand)."""
    box = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(box, fill, box.get_rect(), border_radius=radius)
    pygame.draw.rect(box, border, box.get_rect(), width, border_radius=radius)
    surface.blit(box, rect)


def emblem(surface: pygame.Surface, center: tuple[int, int], radius: int,
           glow: float = 1.0) -> None:
    """The Strife Table mark: a hex tile holding a twenty-sided die's face, in warm gold.
    `glow` (0..1.5) scales the lamp-light halo behind it."""
    cx, cy = center
    hexagon = [(cx + radius * math.cos(math.radians(60 * k - 90)),
                cy + radius * math.sin(math.radians(60 * k - 90))) for k in range(6)]
    halo = pygame.Surface((radius * 4, radius * 4), pygame.SRCALPHA)
    for i in range(12, 0, -1):
        pygame.draw.circle(halo, (232, 163, 61, max(0, min(255, int(4 * glow)))),
                           (radius * 2, radius * 2), int(radius * (1 + i / 8)))
    surface.blit(halo, (cx - radius * 2, cy - radius * 2))
    pygame.draw.polygon(surface, (30, 26, 20), hexagon)
    pygame.draw.polygon(surface, WARM, hexagon, max(2, radius // 14))
    r2 = radius * 0.62
    tri = [(cx + r2 * math.cos(math.radians(120 * k - 90)),
            cy + r2 * math.sin(math.radians(120 * k - 90))) for k in range(3)]
    pygame.draw.polygon(surface, (58, 44, 26), tri)
    pygame.draw.polygon(surface, WARM, tri, max(1, radius // 20))
    for p in tri:   # facets of the die: each corner joined to the hexagon's nearest corners
        for q in hexagon:
            if math.dist(p, q) < radius * 0.75:
                pygame.draw.line(surface, WARM_DIM, p, q, max(1, radius // 28))
    label = resources.font(max(8, int(radius * 0.42)), True).render("20", True, WARM)
    surface.blit(label, label.get_rect(center=(cx, cy + radius * 0.1)))


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split `s` into lines no wider than `width` pixels at font `size` (words kept whole)."""
    font = resources.font(size, bold)
    out: list[str] = []
    for para in s.splitlines() or [""]:
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


def text_height(s: str, size: int, width: int, spacing: float = 1.25) -> int:
    """Pixel height a pygame-gui text box needs for `s` (its line spacing is about 1.25)."""
    lines = wrap(s, size, width)
    return int(len(lines) * resources.font(size).get_linesize() * spacing) + 8

"""Card faces and card backs for the Gemwielders table, drawn by code in one style.

Owns: turning a `CardFace` record (game.client.systems.gemwielders.presenter) into a surface at any
size: a frame coloured by kind, the name band, the sword or shield badge, the gem requirement as
coloured faceted pips, a small emblem "art" panel, the kind line and the effect text. The text
may carry the symbols ⚡n (a power cost), ⚔, 🛡 and ⚙; the bundled font has no glyphs for them,
so they are drawn as small icons inline. Also card backs, gem tokens, the used (sideways) turn
and the dimmed look of a card that cannot be taken. Everything is cached per (card, size, look).

The light comes from the top left everywhere (highlights up-left, shadows down-right), outlines
are dark and one pixel per 100 px of card width, and the palette is the table's.

Must not: know any rule, read a match or decide what a player may see: it draws the record it is
given (a hidden card arrives as a record with `hidden=True` and is drawn as a back).
"""
from __future__ import annotations

import math
import re
from functools import lru_cache

import pygame

from game.client import resources
# the records drawn here belong to the presenter; this module only draws them
from game.client.systems.gemwielders.presenter import CardFace

# -- palette --------------------------------------------------------------------------------------
#: gem letter -> (main colour, light facet, dark facet); the presenter may override from
#: assets/gemwielders (presentation data keyed by gem id)
GEM_COLOURS: dict[str, tuple[int, int, int]] = {
    "R": (214, 52, 64),      # ruby
    "S": (58, 110, 222),     # sapphire
    "E": (46, 170, 96),      # emerald
    "T": (236, 176, 48),     # topaz
    "A": (160, 88, 206),     # amethyst
    "*": (196, 200, 208),    # any gem
}

#: kind -> frame colour
KIND_COLOURS: dict[str, tuple[int, int, int]] = {
    "attack": (178, 64, 52),
    "defense": (64, 112, 170),
    "skill": (52, 146, 132),
    "modification": (184, 128, 56),
    "source": (214, 180, 76),
    "gembearer": (150, 150, 176),
}
KIND_LABELS = {"attack": "Attack", "defense": "Defense", "skill": "Skill",
               "modification": "Modification", "source": "Source", "gembearer": "Gembearer"}

INK = (30, 24, 20)
PARCHMENT = (236, 226, 204)
PARCHMENT_DARK = (212, 198, 170)
OUTLINE = (12, 10, 12)
GOLD = (232, 196, 110)
TEXT_LIGHT = (246, 240, 226)

CARD_RATIO = 1.4     # height / width


def card_size(width: int) -> tuple[int, int]:
    return width, int(round(width * CARD_RATIO))


_loaded = False


def load_gem_colours() -> None:
    """Take the gem colours from assets/gemwielders/gems.toml (presentation data keyed by gem
    letter) when it is there; the built-in palette stays for anything it lacks."""
    global _loaded
    _loaded = True
    try:
        import tomllib
        path = resources.asset_path("gemwielders/gems.toml")
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return
    for letter, entry in data.items():
        colour = entry.get("colour") if isinstance(entry, dict) else None
        if isinstance(colour, str) and len(colour) == 7 and colour.startswith("#"):
            try:
                GEM_COLOURS[letter] = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
            except ValueError:
                pass


def gem_colour(letter: str) -> tuple[int, int, int]:
    if not _loaded:
        load_gem_colours()
    return GEM_COLOURS.get(letter, GEM_COLOURS["*"])


def _hex(value: object) -> tuple[int, int, int] | None:
    if isinstance(value, str) and len(value) == 7 and value.startswith("#"):
        try:
            return tuple(int(value[i:i + 2], 16) for i in (1, 3, 5))   # type: ignore[return-value]
        except ValueError:
            return None
    return None


_kinds_loaded = False


def kind_colour(kind: str) -> tuple[int, int, int]:
    """The frame colour of a card kind: the `accent` of assets/gemwielders/frames.toml (the
    presentation data keyed by kind) when it is there, else the built-in palette."""
    global _kinds_loaded
    if not _kinds_loaded:
        _kinds_loaded = True
        try:
            import tomllib
            data = tomllib.loads(resources.asset_path("gemwielders/frames.toml")
                                 .read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = {}
        for k, entry in data.items():
            got = _hex(entry.get("accent")) if isinstance(entry, dict) else None
            if got is not None:
                KIND_COLOURS[k] = got
    return KIND_COLOURS.get(kind, (130, 130, 140))


def _mix(a, b, t: float) -> tuple[int, int, int]:
    # written out, not a generator over the channels: a card face mixes about 70 colours
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t),
            int(a[2] + (b[2] - a[2]) * t))


def _lighter(c, t: float = 0.35):
    return _mix(c, (255, 255, 255), t)


def _darker(c, t: float = 0.45):
    return _mix(c, (0, 0, 0), t)


def _font(size: int, bold: bool = False) -> pygame.font.Font:
    return resources.font(max(6, int(size)), bold)


# -- icons ------------------------------------------------------------------------------------------
def draw_gem(surface: pygame.Surface, center: tuple[float, float], r: float, letter: str,
             *, outline: bool = True, empty: bool = False) -> None:
    """A faceted gem seen from above: an octagon with a lighter table and shaded lower facets.
    `empty` draws an empty socket ring instead."""
    cx, cy = center
    if empty:
        pygame.draw.circle(surface, (20, 22, 28), (int(cx), int(cy)), int(r))
        pygame.draw.circle(surface, (90, 96, 108), (int(cx), int(cy)), int(r), max(1, int(r / 5)))
        return
    base = gem_colour(letter)
    pts = [(cx + r * math.cos(math.radians(45 * k + 22.5)),
            cy + r * math.sin(math.radians(45 * k + 22.5))) for k in range(8)]
    body, facets = _gem_shades(base)
    pygame.draw.polygon(surface, body, pts)
    # lower-right facets darker, upper-left lighter (light from the top left)
    for k in range(8):
        pygame.draw.polygon(surface, facets[k], [pts[k], pts[(k + 1) % 8], (cx, cy)])
    inner = [(cx + r * 0.52 * math.cos(math.radians(45 * k + 22.5)),
              cy + r * 0.52 * math.sin(math.radians(45 * k + 22.5))) for k in range(8)]
    pygame.draw.polygon(surface, base, inner)
    pygame.draw.circle(surface, _lighter(base, 0.75), (int(cx - r * 0.28), int(cy - r * 0.3)),
                       max(1, int(r * 0.18)))
    if outline:
        pygame.draw.polygon(surface, OUTLINE, pts, max(1, int(r / 6)))
    if letter == "*":
        f = _font(int(r * 1.3), True)
        img = f.render("?", True, (60, 64, 72))
        surface.blit(img, img.get_rect(center=(cx, cy + r * 0.05)))


@lru_cache(maxsize=16)
def _gem_shades(base: tuple[int, int, int]
                ) -> tuple[tuple[int, int, int], tuple[tuple[int, int, int], ...]]:
    """A gem's body colour and its eight facets' colours (a table shows dozens of gems)."""
    facets = []
    for k in range(8):
        ang = math.radians(45 * k + 45)
        shade = (math.cos(ang - math.radians(225)) + 1) / 2       # 1 toward the top left
        facets.append(_mix(_darker(base, 0.4), _lighter(base, 0.35), shade))
    return _darker(base, 0.35), tuple(facets)


def draw_bolt(surface: pygame.Surface, rect: pygame.Rect, colour=(250, 208, 64)) -> None:
    """A lightning bolt (power) filling `rect`."""
    x, y, w, h = rect
    pts = [(x + w * 0.62, y), (x + w * 0.12, y + h * 0.58), (x + w * 0.46, y + h * 0.58),
           (x + w * 0.3, y + h), (x + w * 0.9, y + h * 0.36), (x + w * 0.54, y + h * 0.36),
           (x + w * 0.78, y)]
    pygame.draw.polygon(surface, colour, pts)
    pygame.draw.polygon(surface, _darker(colour, 0.6), pts, 1)


def draw_sword(surface: pygame.Surface, rect: pygame.Rect, colour=(226, 230, 236)) -> None:
    """A sword pointing up-right: a two-tone blade (lit edge up-left), a brass guard, a leather
    grip and a pommel. `colour` is the blade's; a dark colour draws a silhouette (shadows)."""
    x, y, w, h = rect
    s = int(min(w, h))
    if s < 4:
        return
    n = s * 2                      # drawn upright at double size, then turned and shrunk
    img = pygame.Surface((n // 3, n), pygame.SRCALPHA)
    cx = img.get_width() / 2
    bw = n * 0.055                 # half the blade's width
    tip, guard = n * 0.02, n * 0.64
    silhouette = sum(colour) < 120
    light = colour if silhouette else _lighter(colour, 0.25)
    shade = colour if silhouette else _darker(colour, 0.25)
    brass = colour if silhouette else (206, 160, 72)
    leather = colour if silhouette else (92, 58, 36)
    pygame.draw.polygon(img, light, [(cx, tip), (cx - bw, tip + bw * 2.2), (cx - bw, guard), (cx, guard)])
    pygame.draw.polygon(img, shade, [(cx, tip), (cx + bw, tip + bw * 2.2), (cx + bw, guard), (cx, guard)])
    if not silhouette:
        pygame.draw.line(img, _darker(colour, 0.4), (cx, tip + bw * 3), (cx, guard - bw), max(1, n // 90))
    pygame.draw.rect(img, brass, pygame.Rect(cx - bw * 3.2, guard, bw * 6.4, bw * 1.4),
                     border_radius=max(1, int(bw // 2)))
    pygame.draw.rect(img, leather, pygame.Rect(cx - bw * 0.75, guard + bw * 1.4, bw * 1.5, n * 0.2))
    pygame.draw.circle(img, brass, (int(cx), int(guard + bw * 1.4 + n * 0.2 + bw * 0.6)),
                       max(1, int(bw * 1.1)))
    if not silhouette:
        pygame.draw.polygon(img, OUTLINE, [(cx, tip), (cx - bw, tip + bw * 2.2), (cx - bw, guard),
                                           (cx + bw, guard), (cx + bw, tip + bw * 2.2)], 1)
    turned = pygame.transform.rotozoom(img, -45, 0.68)
    surface.blit(turned, turned.get_rect(center=(x + w / 2, y + h / 2)))


def shield_points(rect: pygame.Rect) -> list[tuple[float, float]]:
    x, y, w, h = rect
    return [(x, y + h * 0.08), (x + w / 2, y), (x + w, y + h * 0.08), (x + w, y + h * 0.45),
            (x + w / 2, y + h), (x, y + h * 0.45)]


def draw_shield(surface: pygame.Surface, rect: pygame.Rect, colour=(150, 186, 226)) -> None:
    pts = shield_points(rect)
    pygame.draw.polygon(surface, colour, pts)
    pygame.draw.polygon(surface, _darker(colour, 0.6), pts, max(1, rect.w // 10))


def draw_gear(surface: pygame.Surface, center: tuple[float, float], r: float,
              colour=(214, 190, 140)) -> None:
    cx, cy = center
    pts = []
    for k in range(16):
        rr = r if k % 2 == 0 else r * 0.72
        a = math.radians(22.5 * k)
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    pygame.draw.polygon(surface, colour, pts)
    pygame.draw.polygon(surface, _darker(colour, 0.6), pts, 1)
    pygame.draw.circle(surface, _darker(colour, 0.55), (int(cx), int(cy)), max(1, int(r * 0.32)))


# -- inline text with icons --------------------------------------------------------------------------
_TOKEN = re.compile(r"(⚡\d*|⚔|🛡|⚙)")


def _tokens(line: str) -> list[tuple[str, str]]:
    """Split a line into ("word", text) / ("icon", symbol) / ("space", " ") tokens."""
    out: list[tuple[str, str]] = []
    for part in _TOKEN.split(line):
        if not part:
            continue
        if _TOKEN.fullmatch(part):
            out.append(("icon", part))
            continue
        for i, word in enumerate(part.split(" ")):
            if i:
                out.append(("space", " "))
            if word:
                out.append(("word", word))
    return out


def _icon_width(sym: str, size: int) -> int:
    if sym.startswith("⚡"):
        n = sym[1:]
        return int(size * 0.62) + (_font(size, True).size(n)[0] if n else 0)
    return int(size * 0.9)


def _draw_icon(surface: pygame.Surface, sym: str, x: int, y: int, size: int, colour) -> None:
    box = pygame.Rect(x, y + int(size * 0.12), int(size * 0.6), int(size * 0.92))
    if sym.startswith("⚡"):
        draw_bolt(surface, box, (226, 160, 20))
        n = sym[1:]
        if n:
            img = _font(size, True).render(n, True, colour)
            surface.blit(img, (box.right, y))
    elif sym == "⚔":
        draw_sword(surface, pygame.Rect(x, y + int(size * 0.2), int(size * 0.85), int(size * 0.85)),
                   (90, 96, 108))
    elif sym == "🛡":
        draw_shield(surface, pygame.Rect(x + 1, y + int(size * 0.18), int(size * 0.7),
                                         int(size * 0.85)), (80, 120, 170))
    elif sym == "⚙":
        draw_gear(surface, (x + size * 0.42, y + size * 0.62), size * 0.4, (130, 100, 60))


def _ellipsis_row(size: int) -> tuple[str, str, int]:
    return ("word", "…", _font(size).size("…")[0])


def _ellipsised(row: list[tuple[str, str, int]], size: int, width: int
                ) -> list[tuple[str, str, int]]:
    """A laid-out row with "…" at its end, dropping tokens from the end until it fits."""
    dots = _ellipsis_row(size)
    row = list(row)
    while row and sum(w for _, _, w in row) + dots[2] > width:
        row.pop()
    return row + [dots]


def _label_len(line: str) -> int:
    """How many characters of `line` are its trigger label ("Hit:", "When you attack:",
    "⚙ ⚡1:"), drawn bold and dark red; 0 when the line has none."""
    i = line.find(":")
    if 0 < i <= 26 and "." not in line[:i] and not line[:i].strip().startswith("⚡"):
        return i + 1
    return 0


def layout_text(lines: list[str], size: int, width: int) -> list[list[tuple[str, str, int]]]:
    """Word-wrap lines of effect text with inline icons: rows of (kind, text, width); a word of
    a trigger label comes as kind "label"."""
    font = _font(size)
    bold = _font(size, True)
    rows: list[list[tuple[str, str, int]]] = []
    space = font.size(" ")[0]
    for line in lines:
        row: list[tuple[str, str, int]] = []
        used = 0
        label = _label_len(line)
        seen = 0
        for kind, tok in _tokens(line):
            in_label = seen < label
            seen += len(tok)
            if kind == "word" and in_label:
                kind = "label"
            if kind == "space":
                if row:
                    row.append(("space", " ", space))
                    used += space
                continue
            if kind == "icon":
                w = _icon_width(tok, size)
            else:
                w = (bold if kind == "label" else font).size(tok)[0]
            if used + w > width and row:
                while row and row[-1][0] == "space":
                    used -= row.pop()[2]
                rows.append(row)
                row, used = [], 0
            row.append((kind, tok, w))
            used += w
        rows.append(row)
    return rows


#: the smallest effect text a card shows: below it a small card cuts its text with an ellipsis
#: (the zoomed card has it whole) rather than print letters nobody can read
MIN_TEXT = 10


def draw_text_block(surface: pygame.Surface, rect: pygame.Rect, lines: list[str], size: int,
                    colour=INK, *, center: bool = False, min_size: int = MIN_TEXT) -> int:
    """Draw wrapped effect text with icons into `rect`, shrinking the font until it fits but
    not below `min_size`; rows that still do not fit are left out and the last one shown ends
    in an ellipsis. Returns the font size used."""
    size = max(size, min_size)
    while True:
        rows = layout_text(lines, size, rect.w)
        lh = _font(size).get_linesize()
        if len(rows) * lh <= rect.h or size <= min_size:
            break
        size -= 1
    lh = _font(size).get_linesize()
    fits = max(1, (rect.h + lh // 3) // lh)
    cut = len(rows) > fits
    rows = rows[:fits]
    y = rect.y + (max(0, (rect.h - len(rows) * lh) // 2) if center else 0)
    for n, row in enumerate(rows):
        if cut and n == len(rows) - 1:
            row = _ellipsised(row, size, rect.w)
        total = sum(w for _, _, w in row)
        x = rect.x + ((rect.w - total) // 2 if center else 0)
        for kind, tok, w in row:
            if kind == "icon":
                _draw_icon(surface, tok, x, y, size, colour)
            elif kind in ("word", "label"):
                is_kw = kind == "label"
                f = _font(size, is_kw)
                img = f.render(tok, True, (120, 40, 30) if is_kw else colour)
                surface.blit(img, (x, y))
            x += w
        y += lh
    return size


# -- the art panel ------------------------------------------------------------------------------------
def _weapon(surface: pygame.Surface, rect: pygame.Rect, art_id: str) -> None:
    """A Gembearer's weapon, drawn from its id (hammer, twin blades, bow, staff), with a socket
    gem set in it; anything else gets a gem in a silver ring."""
    cx, cy = rect.center
    s = min(rect.w, rect.h)
    t = max(2, s // 14)
    steel, dark, wood = (214, 218, 228), (20, 20, 26), (138, 94, 52)

    def both(fn):
        fn(dark, 2)
        fn(None, 0)

    if "hammer" in art_id:
        def f(col, o):
            pygame.draw.line(surface, col or wood, (cx - s * 0.28 + o, cy + s * 0.34 + o),
                             (cx + s * 0.12 + o, cy - s * 0.1 + o), t)
            head = [(cx + s * 0.02, cy - s * 0.34), (cx + s * 0.36, cy - s * 0.02),
                    (cx + s * 0.22, cy + s * 0.12), (cx - s * 0.12, cy - s * 0.2)]
            pygame.draw.polygon(surface, col or steel, [(x + o, y + o) for x, y in head])
        both(f)
        draw_gem(surface, (cx + s * 0.12, cy - s * 0.11), s * 0.07, "R")
    elif "twin" in art_id:
        for flip in (1, -1):
            box = pygame.Rect(0, 0, int(s * 0.6), int(s * 0.6))
            box.center = (cx, cy)
            img = pygame.Surface(box.size, pygame.SRCALPHA)
            draw_sword(img, pygame.Rect(2, 2, box.w - 2, box.h - 2), dark)
            draw_sword(img, pygame.Rect(0, 0, box.w - 2, box.h - 2), steel)
            if flip < 0:
                img = pygame.transform.flip(img, True, False)
            surface.blit(img, box)
        draw_gem(surface, (cx, cy + s * 0.16), s * 0.07, "S")
    elif "bow" in art_id:
        arc = pygame.Rect(0, 0, int(s * 0.5), int(s * 0.8))
        arc.center = (cx - s * 0.05, cy)
        pygame.draw.arc(surface, dark, arc.move(2, 2), -math.pi / 2, math.pi / 2, t)
        pygame.draw.arc(surface, wood, arc, -math.pi / 2, math.pi / 2, t)
        pygame.draw.line(surface, (230, 230, 220), arc.midtop, arc.midbottom, 1)
        pygame.draw.line(surface, steel, (cx - s * 0.3, cy), (cx + s * 0.32, cy), max(1, t // 2))
        pygame.draw.polygon(surface, steel, [(cx + s * 0.36, cy), (cx + s * 0.28, cy - s * 0.05),
                                             (cx + s * 0.28, cy + s * 0.05)])
        draw_gem(surface, (arc.right - t, cy), s * 0.07, "E")
    elif "staff" in art_id:
        pygame.draw.line(surface, dark, (cx - s * 0.2 + 2, cy + s * 0.38 + 2),
                         (cx + s * 0.14 + 2, cy - s * 0.26 + 2), t)
        pygame.draw.line(surface, wood, (cx - s * 0.2, cy + s * 0.38), (cx + s * 0.14, cy - s * 0.26), t)
        glow = pygame.Surface((int(s * 0.5), int(s * 0.5)), pygame.SRCALPHA)
        for k in range(6, 0, -1):
            pygame.draw.circle(glow, (180, 120, 255, 22), (glow.get_width() // 2,) * 2, int(s * 0.04 * k))
        surface.blit(glow, glow.get_rect(center=(cx + s * 0.16, cy - s * 0.3)))
        draw_gem(surface, (cx + s * 0.16, cy - s * 0.3), s * 0.1, "A")
    else:
        pygame.draw.circle(surface, dark, (cx + 2, cy + 2), int(s * 0.3))
        pygame.draw.circle(surface, (196, 198, 214), (cx, cy), int(s * 0.3))
        draw_gem(surface, (cx, cy), s * 0.16, "A")


@lru_cache(maxsize=64)
def _gradient(top: tuple[int, int, int], bottom: tuple[int, int, int],
              size: tuple[int, int]) -> pygame.Surface:
    """An art panel's backdrop, `top` to `bottom` a row at a time (kept per colours and size:
    a face drew its rows one line each)."""
    w, h = size
    out = pygame.Surface((w, h))
    for i in range(h):
        t = i / max(1, h - 1)
        pygame.draw.line(out, _mix(top, bottom, t), (0, i), (w - 1, i))
    return out


def _art(surface: pygame.Surface, rect: pygame.Rect, kind: str, seed: int,
         gems: tuple[str, ...], art_id: str = "") -> None:
    """An emblem on a lit gradient: what kind of card it is at a glance, without words."""
    base = kind_colour(kind)
    tint = gem_colour(gems[0]) if gems and gems[0] != "*" else base
    top, bottom = _mix(_lighter(base, 0.15), tint, 0.25), _darker(base, 0.55)
    surface.blit(_gradient(top, bottom, rect.size), rect)
    # a soft pool of light up left
    glow = pygame.Surface(rect.size, pygame.SRCALPHA)
    for k in range(8, 0, -1):
        pygame.draw.circle(glow, (255, 240, 210, 10), (int(rect.w * 0.3), int(rect.h * 0.25)),
                           int(rect.w * 0.12 * k))
    surface.blit(glow, rect)
    # faint facets in the background, placed from the card's seed
    rng = (seed * 2654435761) & 0xFFFFFFFF
    lines = pygame.Surface(rect.size, pygame.SRCALPHA)
    for _ in range(6):
        rng = (rng * 1103515245 + 12345) & 0x7FFFFFFF
        x0 = rng % max(1, rect.w)
        rng = (rng * 1103515245 + 12345) & 0x7FFFFFFF
        x1 = rng % max(1, rect.w)
        pygame.draw.line(lines, (255, 255, 255, 22), (x0, 0), (x1, rect.h), 1)
    surface.blit(lines, rect)
    cx, cy = rect.center
    s = min(rect.w, rect.h)
    emblem = pygame.Rect(0, 0, int(s * 0.62), int(s * 0.62))
    emblem.center = (cx, cy)
    sh = emblem.move(max(1, s // 40), max(1, s // 40))
    if kind == "attack":
        draw_sword(surface, sh, (0, 0, 0))
        draw_sword(surface, emblem, (232, 234, 240))
    elif kind == "defense":
        draw_shield(surface, sh.inflate(-s // 6, 0), (10, 12, 16))
        draw_shield(surface, emblem.inflate(-s // 6, 0), (168, 196, 228))
    elif kind == "modification":
        draw_gear(surface, (sh.centerx, sh.centery), s * 0.28, (10, 10, 10))
        draw_gear(surface, emblem.center, s * 0.28, (226, 196, 140))
    elif kind == "source":
        draw_bolt(surface, sh.inflate(-s // 5, 0), (20, 16, 8))
        draw_bolt(surface, emblem.inflate(-s // 5, 0), (255, 220, 96))
    elif kind == "gembearer":
        _weapon(surface, rect, art_id)
    else:   # skill: a four-point star of insight
        pts = []
        for k in range(8):
            rr = s * (0.3 if k % 2 == 0 else 0.09)
            a = math.radians(45 * k - 90)
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        pygame.draw.polygon(surface, (10, 12, 16), [(x + 2, y + 2) for x, y in pts])
        pygame.draw.polygon(surface, (220, 246, 236), pts)


# -- faces ------------------------------------------------------------------------------------------------
def _seed_of(card_id: str) -> int:
    return sum((i + 1) * ord(c) for i, c in enumerate(card_id))


def _value_badge(surface: pygame.Surface, center: tuple[int, int], r: int, kind: str,
                 value: int, base: int | None) -> None:
    """The sword or shield value in the top-right corner; a changed value is coloured."""
    cx, cy = center
    if kind == "attack":
        pygame.draw.circle(surface, OUTLINE, (cx + 1, cy + 1), r + 1)
        pygame.draw.circle(surface, (120, 36, 30), (cx, cy), r)
        pygame.draw.circle(surface, (232, 140, 110), (cx, cy), r, max(1, r // 7))
    else:
        box = pygame.Rect(0, 0, int(r * 2), int(r * 2.2))
        box.center = (cx, cy + r // 8)
        pygame.draw.polygon(surface, OUTLINE, [(x + 1, y + 1) for x, y in shield_points(box)])
        pygame.draw.polygon(surface, (38, 70, 116), shield_points(box))
        pygame.draw.polygon(surface, (150, 190, 236), shield_points(box), max(1, r // 7))
    colour = TEXT_LIGHT
    if base is not None and value > base:
        colour = (150, 240, 140)
    elif base is not None and value < base:
        colour = (255, 140, 120)
    f = _font(int(r * 1.25), True)
    img = f.render(str(value), True, colour)
    sh = f.render(str(value), True, OUTLINE)
    rect = img.get_rect(center=(cx, cy + (0 if kind == "attack" else r // 8)))
    surface.blit(sh, rect.move(1, 1))
    surface.blit(img, rect)


def _band_height(w: int) -> int:
    """The name band's height on a card `w` pixels wide."""
    return max(10, int(w * 0.17))


def _kind_height(w: int) -> int:
    """The kind line's height on a card `w` pixels wide."""
    return max(9, int(w * 0.11))


def _text_size(w: int) -> int:
    """The effect text's starting font size on a card `w` pixels wide (it may shrink)."""
    return max(7, int(w * 0.085))


def _pip_radius(w: int) -> int:
    """A requirement pip's radius on a card `w` pixels wide."""
    return max(3, int(w * 0.055))


def face_fonts(w: int) -> set[tuple[int, bool]]:
    """Every (size, bold) `_face` may draw in on a card `w` pixels wide: the name from its
    band's size down to the smallest, the kind line, the value badge, the effect text from its
    size down to MIN_TEXT (labels and power costs in bold)."""
    band_h = _band_height(w)
    top = int(band_h * 0.62)
    out = {(s, True) for s in range(min(7, top), top + 1)}
    out.add((int(_kind_height(w) * 0.78), True))
    out.add((int(int(band_h * 0.78) * 1.25), True))
    out.add((int(_pip_radius(w) * 1.3), True))             # an any-gem pip's "?"
    for s in range(MIN_TEXT, max(_text_size(w), MIN_TEXT) + 1):
        out.update({(s, False), (s, True)})
    return {(max(6, s), bold) for s, bold in out}


def _face(card: "CardFace", w: int) -> pygame.Surface:
    h = int(round(w * CARD_RATIO))
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    kind = card.kind
    frame = kind_colour(kind)
    rad = max(3, w // 14)
    edge = max(1, w // 100)
    # body: the frame colour, bevelled (light top-left, dark bottom-right)
    pygame.draw.rect(surf, OUTLINE, surf.get_rect(), border_radius=rad)
    body = surf.get_rect().inflate(-2 * edge, -2 * edge)
    pygame.draw.rect(surf, _darker(frame, 0.25), body, border_radius=rad)
    pygame.draw.rect(surf, frame, body.inflate(-edge * 2, -edge * 2).move(-edge, -edge),
                     border_radius=rad)
    pad = max(3, w // 18)
    inner = body.inflate(-2 * pad + edge, -2 * pad + edge)
    # name band
    band_h = _band_height(w)
    band = pygame.Rect(inner.x, inner.y, inner.w, band_h)
    pygame.draw.rect(surf, _darker(frame, 0.55), band, border_radius=max(2, rad // 2))
    pygame.draw.line(surf, _lighter(frame, 0.3), band.bottomleft, band.bottomright, edge)
    has_value = card.sword is not None or card.shield is not None
    badge_r = int(band_h * 0.78)
    name_w = band.w - int(band_h * 0.4) - (badge_r * 2 if has_value else 0)
    size = int(band_h * 0.62)
    f = _font(size, True)
    while f.size(card.name)[0] > name_w and size > 7:
        size -= 1
        f = _font(size, True)
    name = card.name
    while f.size(name)[0] > name_w and len(name) > 2:
        name = name[:-2] + "…"
    img = f.render(name, True, TEXT_LIGHT)
    surf.blit(f.render(name, True, OUTLINE), (band.x + band_h * 0.28 + 1,
                                              band.centery - img.get_height() // 2 + 1))
    surf.blit(img, (band.x + band_h * 0.28, band.centery - img.get_height() // 2))
    # art: a small card gives most of its art's room to its text (MIN_TEXT)
    art_h = int(inner.h * (0.36 if w * 0.085 >= MIN_TEXT else 0.22))
    art = pygame.Rect(inner.x, band.bottom + pad // 2, inner.w, art_h)
    _art(surf, art, kind, _seed_of(card.id), tuple(card.req), card.id)
    pygame.draw.rect(surf, OUTLINE, art, edge)
    # requirement pips over the art's top-left corner, like gems set in the frame
    pip_r = _pip_radius(w)
    gx = art.x + pip_r + pad // 2
    for letter in card.req:
        draw_gem(surf, (gx, art.y + pip_r + pad // 2), pip_r, letter)
        gx += int(pip_r * 2.1)
    # kind line
    kl = pygame.Rect(inner.x, art.bottom + pad // 3, inner.w, _kind_height(w))
    kind_text = KIND_LABELS.get(kind, kind.title())
    if card.subtitle:
        kind_text = f"{kind_text} · {card.subtitle}"
    kf = _font(int(kl.h * 0.78), True)
    kimg = kf.render(kind_text.upper(), True, _lighter(frame, 0.6))
    if kimg.get_width() > kl.w:
        kimg = pygame.transform.smoothscale(kimg, (kl.w, kimg.get_height()))
    surf.blit(kimg, (kl.x + (kl.w - kimg.get_width()) // 2, kl.y))
    # text box: parchment with a darker rule
    tb = pygame.Rect(inner.x, kl.bottom + pad // 3, inner.w, inner.bottom - kl.bottom - pad // 3)
    pygame.draw.rect(surf, PARCHMENT, tb, border_radius=max(2, rad // 2))
    pygame.draw.rect(surf, PARCHMENT_DARK, tb, edge, border_radius=max(2, rad // 2))
    text_lines = list(card.text) or ([card.flavour] if card.flavour else [])
    if text_lines:
        draw_text_block(surf, tb.inflate(-pad, -pad // 2 - edge * 2), text_lines,
                        _text_size(w), INK, center=len(" ".join(text_lines)) < 40)
    if has_value:
        value = card.sword if card.sword is not None else card.shield
        vkind = "attack" if card.sword is not None else "defense"
        _value_badge(surf, (band.right - badge_r + pad // 2, band.centery + pad // 3), badge_r,
                     vkind, int(value), card.base_value)
    return surf


def _back(w: int, accent: tuple[int, int, int] = (200, 160, 80)) -> pygame.Surface:
    """The card back every deck card shares: deep blue, a gold lattice and the gem rosette."""
    h = int(round(w * CARD_RATIO))
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rad = max(3, w // 14)
    edge = max(1, w // 100)
    pygame.draw.rect(surf, OUTLINE, surf.get_rect(), border_radius=rad)
    body = surf.get_rect().inflate(-2 * edge, -2 * edge)
    pygame.draw.rect(surf, (34, 40, 70), body, border_radius=rad)
    inner = body.inflate(-w // 8, -w // 8)
    pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
    pattern.fill((26, 30, 56))
    step = max(6, w // 8)
    for i in range(-inner.h // step - 2, inner.w // step + inner.h // step + 2):
        x = i * step
        pygame.draw.line(pattern, (*accent, 40), (x, 0), (x + inner.h, inner.h), 1)
        pygame.draw.line(pattern, (*accent, 40), (x, 0), (x - inner.h, inner.h), 1)
    surf.blit(pattern, inner)
    pygame.draw.rect(surf, accent, inner, max(1, w // 60), border_radius=max(2, rad // 2))
    cx, cy = inner.center
    r = w * 0.2
    diamond = [(cx, cy - r * 1.5), (cx + r, cy), (cx, cy + r * 1.5), (cx - r, cy)]
    pygame.draw.polygon(surf, (20, 22, 40), diamond)
    pygame.draw.polygon(surf, accent, diamond, max(1, w // 50))
    for k, letter in enumerate("RSETA"):
        a = math.radians(72 * k - 90)
        draw_gem(surf, (cx + r * 0.62 * math.cos(a), cy + r * 0.62 * math.sin(a) * 1.25),
                 max(2, r * 0.28), letter, outline=True)
    return surf


# -- cached entry points --------------------------------------------------------------------------------
def _card_key(card: "CardFace") -> tuple:
    return (card.id, card.name, card.kind, tuple(card.req), card.sword, card.shield,
            card.base_value, tuple(card.text), card.subtitle, card.flavour)


_face_cache: dict[tuple, pygame.Surface] = {}


def face(card: "CardFace", width: int) -> pygame.Surface:
    """The card's face at `width` pixels (height = width × 1.4), or its back when hidden."""
    if card.hidden:
        return back(width)
    key = (_card_key(card), int(width))
    got = _face_cache.get(key)
    if got is None:
        if len(_face_cache) > 600:
            _face_cache.clear()
        got = _face(card, int(width))
        _face_cache[key] = got
    return got


@lru_cache(maxsize=32)
def back(width: int) -> pygame.Surface:
    return _back(int(width))


def draw_card(surface: pygame.Surface, card: "CardFace", rect: pygame.Rect, *,
              used: bool = False, dim: bool = False, glow: tuple[int, int, int] | None = None,
              shadow: bool = True) -> pygame.Rect:
    """Blit `card` into `rect` (its width decides the size). `used` turns it sideways (the
    rect's centre stays), `dim` greys it (cannot be taken), `glow` rings it (can act / target).
    Returns the rectangle actually covered."""
    img = face(card, rect.w)
    if used:
        img = pygame.transform.rotate(img, -90)
    if dim:
        img = img.copy()
        veil = pygame.Surface(img.get_size(), pygame.SRCALPHA)
        veil.fill((10, 12, 16, 150))
        img.blit(veil, (0, 0), special_flags=0)
    out = img.get_rect(center=rect.center)
    if shadow:
        sh = pygame.Surface(out.size, pygame.SRCALPHA)
        pygame.draw.rect(sh, (0, 0, 0, 90), sh.get_rect(), border_radius=max(3, out.w // 14))
        off = max(2, rect.w // 30)
        surface.blit(sh, out.move(off, off + 1))
    if glow is not None:
        g = out.inflate(max(4, rect.w // 14), max(4, rect.w // 14))
        halo = pygame.Surface(g.size, pygame.SRCALPHA)
        pygame.draw.rect(halo, (*glow, 70), halo.get_rect(), border_radius=max(4, g.w // 12))
        surface.blit(halo, g)
        pygame.draw.rect(surface, glow, out.inflate(4, 4), max(2, rect.w // 45),
                         border_radius=max(3, out.w // 13))
    surface.blit(img, out)
    return out


def draw_gem_token(surface: pygame.Surface, center: tuple[int, int], r: int, letter: str) -> None:
    """A gem as a token on the table (pool, sockets): a gem with a soft shadow. Each (size,
    letter) is drawn once and kept: a table shows dozens of gems and their facets are ~20
    polygons each."""
    r = int(r)
    key = (r, letter)
    got = _token_cache.get(key)
    if got is None:
        # the shadow sits down-right of the gem: the picture spans both, the gem's centre at
        # `at` inside it
        dx, dy = max(1, r // 5), r // 3
        at = (r * 3 // 2 + 1, r * 3 // 2 + 1)
        img = pygame.Surface((r * 3 + dx + 2, r * 3 + dy + 2), pygame.SRCALPHA)
        sh = pygame.Surface((r * 3, r * 3), pygame.SRCALPHA)
        pygame.draw.ellipse(sh, (0, 0, 0, 80), pygame.Rect(r // 2, r, r * 2 + 2, r * 2 - r // 2))
        img.blit(sh, (at[0] - r * 3 // 2 + dx, at[1] - r * 3 // 2 + dy))
        draw_gem(img, at, r, letter)
        if len(_token_cache) > 256:
            _token_cache.clear()
        got = _token_cache[key] = (img, at)
    img, at = got
    surface.blit(img, (int(center[0]) - at[0], int(center[1]) - at[1]))


_token_cache: dict[tuple[int, str], tuple[pygame.Surface, tuple[int, int]]] = {}

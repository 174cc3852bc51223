"""The battle screen's widgets: initiative bar, unit sidebar, hovered-tile panel, action bar,
combat log with roll-breakdown tooltips, forecast tooltip, toasts, prompt panel and pop-up menus.

Owns: drawing these from presenter records, and hit-testing them (yes/no questions use the
framework's ConfirmDialog in game.client.ui.dialogs). They are drawn directly (not
pygame-gui elements) so each is one cheap blit per frame from cached text surfaces: the combat
log renders each line once when it is appended and never rebuilds; hover and click answer in the
same frame. Colours follow the one palette of assets/theme.json (dark table, warm = you can act,
cool = information, red = danger) and the bundled font family.

Must not: know any rule system or call the engine. Buttons carry presenter `ActionButton`s and
prompt options back to the scene, which submits them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame

from game.client import resources
from game.client.presenters import (ActionButton, InitiativeEntry, LogLine, PanelLine, TilePanel,
                                    UnitPanel)

BG = (20, 23, 29)
PANEL = (31, 36, 44)
PANEL_HI = (40, 47, 57)
BORDER = (58, 68, 82)
TEXT = (232, 226, 212)
DIM = (128, 134, 144)
WARM = (232, 163, 61)
WARM_HI = (255, 212, 138)
COOL = (111, 194, 228)
DANGER = (232, 80, 64)
SHADOW = (0, 0, 0)


class RegionCache:
    """The last picture of one opaque screen region and the key it was drawn for.

    A widget that fills its whole rect draws as before the first time and whenever its key
    (everything its picture depends on: the records it shows, the hovered part, its rect) has
    changed, and keeps a copy of the region; while the key holds, a frame is one blit. Hit
    regions a widget records while drawing (tooltips, slots) stay valid with the picture."""

    def __init__(self) -> None:
        self.key: Any = None
        self.picture: pygame.Surface | None = None
        self.draws = 0                  # how many times the region was really drawn (tests)

    def reuse(self, surface: pygame.Surface, rect: pygame.Rect, key: Any) -> bool:
        """Blit the kept picture if `key` still holds (True); else forget it (False: draw,
        then call `keep`)."""
        full = (key, tuple(rect), surface.get_size())
        if self.picture is not None and full == self.key:
            surface.blit(self.picture, rect)
            return True
        self.key, self.picture = full, None
        return False

    def keep(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.draws += 1
        if rect.w > 0 and rect.h > 0 and surface.get_rect().contains(rect):
            self.picture = surface.subsurface(rect).copy()


class Text:
    """Rendered-text cache: every label is rendered once per (text, size, bold, colour).

    Bounded by the pixels it holds (`budget` bytes), not only by count: a long match shows
    thousands of different sentences (forecasts, tooltips), and a wide line is tens of
    kilobytes. Past the budget the cache starts again (labels in use are re-rendered once)."""

    budget = 8 * 2**20

    def __init__(self, scale: float = 1.0):
        self.scale = scale
        self._cache: dict[tuple, pygame.Surface] = {}
        self.bytes = 0                  # pixel bytes held by the cache

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        return resources.font(int(round(size * self.scale)), bold)

    def render(self, text: str, size: int, colour=TEXT, bold: bool = False) -> pygame.Surface:
        key = (text, size, colour, bold)
        got = self._cache.get(key)
        if got is None:
            got = self.font(size, bold).render(text, True, colour)
            size_b = got.get_width() * got.get_height() * got.get_bytesize()
            if len(self._cache) > 3000 or self.bytes + size_b > self.budget:
                self._cache.clear()
                self.bytes = 0
            self._cache[key] = got
            self.bytes += size_b
        return got

    def render_once(self, text: str, size: int, colour=TEXT, bold: bool = False) -> pygame.Surface:
        """Rendered text that the caller keeps itself (a log line): not cached here, since it
        is never asked for again and would only fill the cache."""
        return self.font(size, bold).render(text, True, colour)

    def fit(self, text: str, size: int, width: int, colour=TEXT, bold: bool = False) -> pygame.Surface:
        """Rendered text cut with an ellipsis to `width` pixels."""
        surf = self.render(text, size, colour, bold)
        if surf.get_width() <= width or len(text) < 2:
            return surf
        lo, hi = 0, len(text)
        font = self.font(size, bold)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if font.size(text[:mid] + "…")[0] <= width:
                lo = mid
            else:
                hi = mid - 1
        return self.render(text[:lo] + "…", size, colour, bold)

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        font = self.font(size, bold)
        out: list[str] = []
        for para in text.split("\n"):
            words = para.split(" ")
            line = ""
            for w in words:
                trial = (line + " " + w).strip()
                if font.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    out.append(line)
                    line = w
            out.append(line)
        return out


def panel(surface: pygame.Surface, rect: pygame.Rect, colour=PANEL, border=BORDER, radius: int = 6) -> None:
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    pygame.draw.rect(surface, border, rect, 1, border_radius=radius)


# -- tooltip ---------------------------------------------------------------------------------------

def draw_tooltip(surface: pygame.Surface, text: Text, pos: tuple[int, int], title: str,
                 lines: list[tuple[str, str]] | list[str], accent=COOL, max_w: int = 380,
                 avoid: list[pygame.Rect] | None = None,
                 within: pygame.Rect | None = None) -> pygame.Rect:
    """A floating box near `pos`, kept on screen. `lines` are text, or (label, value) pairs
    drawn as a two-column table (roll terms). With `avoid` (boxes that must stay readable, such
    as the map's captions), the box takes the first corner round `pos` that covers none of
    them and stays `within` its area (the map, say), else the one that does least of either."""
    pad = int(8 * text.scale)
    rows: list[tuple[pygame.Surface, pygame.Surface | None]] = []
    if title:
        for t in text.wrap(title, 15, max_w, bold=True):
            rows.append((text.render(t, 15, accent, True), None))
    for ln in lines:
        if isinstance(ln, tuple):
            rows.append((text.render(str(ln[0]), 14, DIM), text.render(str(ln[1]), 14, TEXT, True)))
        else:
            for t in text.wrap(str(ln), 14, max_w):
                rows.append((text.render(t, 14, TEXT), None))
    left_w = max([a.get_width() for a, b in rows if b is not None] + [0])
    w = max([a.get_width() if b is None else left_w + 16 + b.get_width() for a, b in rows] + [40])
    lh = text.font(14).get_linesize()
    h = sum(max(a.get_height(), lh) for a, _ in rows)
    box = pygame.Rect(0, 0, w + 2 * pad, h + 2 * pad)
    box.topleft = (pos[0] + 18, pos[1] + 20)
    screen = surface.get_rect()
    if box.right > screen.right - 4:
        box.right = pos[0] - 10
    if box.bottom > screen.bottom - 4:
        box.bottom = pos[1] - 10
    box.clamp_ip(screen)
    if avoid:
        box = _clear_spot(box, pos, screen, avoid, within)
    shadow = pygame.Surface(box.size, pygame.SRCALPHA)
    shadow.fill((0, 0, 0, 110))
    surface.blit(shadow, box.move(3, 4))
    panel(surface, box, (26, 30, 38), accent, 6)
    y = box.y + pad
    for a, b in rows:
        surface.blit(a, (box.x + pad, y))
        if b is not None:
            surface.blit(b, (box.x + pad + left_w + 16, y))
        y += max(a.get_height(), lh)
    return box


def _clear_spot(box: pygame.Rect, pos: tuple[int, int], screen: pygame.Rect,
                avoid: list[pygame.Rect], within: pygame.Rect | None = None) -> pygame.Rect:
    """`box` (already on screen) or, when it covers something in `avoid` or leaves `within`,
    the corner round `pos` doing least of that (below right, above right, below left, above
    left; the first on a tie), each kept on screen. Covering what must be read counts four
    times what spills out of `within` (another panel, which the box only overlays briefly)."""
    def hidden(r: pygame.Rect) -> int:
        out = 4 * sum(r.clip(a).w * r.clip(a).h for a in avoid)
        if within is not None:
            inside = r.clip(within)
            out += r.w * r.h - inside.w * inside.h
        return out

    if hidden(box) == 0:
        return box
    spots = [box]
    for x, y in ((pos[0] + 18, pos[1] + 20), (pos[0] + 18, pos[1] - 10 - box.h),
                 (pos[0] - 10 - box.w, pos[1] + 20), (pos[0] - 10 - box.w, pos[1] - 10 - box.h)):
        spots.append(pygame.Rect((x, y), box.size).clamp(screen))
    return min(spots, key=hidden)


# -- initiative bar --------------------------------------------------------------------------------

class InitiativeBar:
    """The top bar: the round and the units in turn order. A system's own top bar (see
    ClientSystem.battle_extras) offers the same attributes and methods."""

    #: the bar shows who decides now (else the battle scene puts it in a chip on the map)
    shows_status = True

    def __init__(self, text: Text):
        self.text = text
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.slots: list[tuple[pygame.Rect, str]] = []
        #: the unit under the pointer on the map (a bar may light it)
        self.hover: str | None = None
        self._cache = RegionCache()

    def tip_at(self, pos) -> tuple[str, list[str]] | None:
        """A tooltip of the bar's own at `pos` (title, lines); the plain bar has none."""
        return None

    def draw(self, surface: pygame.Surface, entries: list[InitiativeEntry], round_no: int,
             portrait: Callable[[InitiativeEntry, int], pygame.Surface], status: str = "") -> None:
        key = (tuple(entries), round_no, status, self.text.scale)
        if not self._cache.reuse(surface, self.rect, key):
            self._draw(surface, entries, round_no, portrait, status)
            self._cache.keep(surface, self.rect)
        # the border's left half lies on the row below the bar (on the map): drawn every frame
        r = self.rect
        pygame.draw.line(surface, BORDER, r.bottomleft, (r.right, r.bottom - 1))

    def _draw(self, surface: pygame.Surface, entries: list[InitiativeEntry], round_no: int,
              portrait: Callable[[InitiativeEntry, int], pygame.Surface], status: str) -> None:
        r = self.rect
        pygame.draw.rect(surface, (24, 28, 35), r)
        s = self.text.scale
        label = self.text.render(f"Round {round_no}", 18, WARM_HI, True)
        surface.blit(label, (r.x + int(14 * s), r.centery - label.get_height() // 2))
        x = r.x + int(28 * s) + label.get_width()
        ph = r.h - int(16 * s)
        self.slots = []
        for i, e in enumerate(entries):
            cur = e.current
            size = ph if cur else int(ph * 0.82)
            box = pygame.Rect(x, r.centery - size // 2, size, size)
            if cur:
                glow = box.inflate(int(10 * s), int(10 * s))
                pygame.draw.rect(surface, (60, 46, 26), glow, border_radius=8)
                pygame.draw.rect(surface, WARM, glow, 2, border_radius=8)
            img = portrait(e, size)
            if e.down:
                img = img.copy()
                img.set_alpha(110)
            surface.blit(img, box)
            self.slots.append((box, e.id))
            x += size + int(12 * s)
            if i < len(entries) - 1:
                pygame.draw.polygon(surface, BORDER, [(x - int(9 * s), r.centery - 4),
                                                       (x - int(5 * s), r.centery),
                                                       (x - int(9 * s), r.centery + 4)])
        if status:
            st = self.text.render(status, 16, TEXT, True)
            surface.blit(st, (r.right - st.get_width() - int(16 * s), r.centery - st.get_height() // 2))

    def unit_at(self, pos) -> str | None:
        for box, uid in self.slots:
            if box.collidepoint(pos):
                return uid
        return None


# -- sidebar ---------------------------------------------------------------------------------------

class Sidebar:
    """Selected unit on top, hovered tile below."""

    def __init__(self, text: Text):
        self.text = text
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.tips: list[tuple[pygame.Rect, str, str]] = []   # hover regions: (rect, title, text)
        self.said: list[tuple[pygame.Rect, tuple[str, ...]]] = []   # every line: (rect, words)
        self.keys: tuple[str, ...] = self.KEYS   # the key hints (a presenter may name its own)
        self.tile_hint = "Hover a tile for its terrain."
        self._cache = RegionCache()

    #: the keys nobody finds by themselves, shown small under the tile panel
    KEYS = ("E heights · T attack style · Tab find her", "Wheel zoom · drag or WASD to pan")

    def draw(self, surface: pygame.Surface, unit: UnitPanel | None, tile: TilePanel | None,
             portrait: Callable[[UnitPanel, int], pygame.Surface], hint: str = "") -> None:
        # the panels are compared by value: a new record with the same lines reuses the picture
        key = (unit, tile, hint, self.keys, self.tile_hint, self.text.scale)
        if self._cache.reuse(surface, self.rect, key):
            return
        self._draw(surface, unit, tile, portrait, hint)
        self._cache.keep(surface, self.rect)

    def _draw(self, surface: pygame.Surface, unit: UnitPanel | None, tile: TilePanel | None,
              portrait: Callable[[UnitPanel, int], pygame.Surface], hint: str) -> None:
        r = self.rect
        s = self.text.scale
        pygame.draw.rect(surface, (24, 28, 35), r)
        pygame.draw.line(surface, BORDER, r.topleft, r.bottomleft)
        self.tips = []
        self.said = []
        pad = int(12 * s)
        x0 = r.x + pad
        w = r.w - 2 * pad
        y = r.y + pad
        tile_h = min(int(170 * s), int(r.h * 0.38))
        unit_box = pygame.Rect(r.x + pad // 2, y - pad // 2, r.w - pad, r.h - tile_h - pad)
        panel(surface, unit_box, PANEL)
        if unit is None:
            msg = self.text.wrap(hint or "Click a piece to see its sheet.", 15, w - pad)
            for ln in msg:
                surface.blit(self.text.render(ln, 15, DIM), (x0 + 4, y + 6))
                y += self.text.font(15).get_linesize()
        else:
            ps = int(64 * s)
            surface.blit(portrait(unit, ps), (x0, y))
            tx = x0 + ps + int(10 * s)
            surface.blit(self.text.fit(unit.name, 20, r.right - tx - pad, TEXT, True), (tx, y))
            surface.blit(self.text.fit(unit.subtitle, 13, r.right - tx - pad, DIM), (tx, y + int(28 * s)))
            # HP bar
            bar = pygame.Rect(tx, y + int(48 * s), r.right - tx - pad - 4, int(14 * s))
            pygame.draw.rect(surface, (50, 24, 24), bar, border_radius=4)
            frac = max(0.0, min(1.0, unit.hp / unit.max_hp)) if unit.max_hp else 0
            col = (110, 210, 110) if frac > 0.5 else (236, 196, 70) if frac > 0.25 else DANGER
            if frac:
                pygame.draw.rect(surface, col, (bar.x, bar.y, int(bar.w * frac), bar.h), border_radius=4)
            pygame.draw.rect(surface, SHADOW, bar, 1, border_radius=4)
            hp = self.text.render(f"{unit.hp} / {unit.max_hp} HP", 12, (255, 255, 255), True)
            surface.blit(hp, (bar.centerx - hp.get_width() // 2, bar.centery - hp.get_height() // 2))
            y += ps + int(10 * s)
            # stats as chips
            cx = x0
            for label, value, tip in unit.stats:
                a = self.text.render(label, 12, DIM, True)
                b = self.text.render(value, 15, TEXT, True)
                cw = max(a.get_width(), b.get_width()) + int(14 * s)
                if cx + cw > r.right - pad:
                    cx = x0
                    y += int(44 * s)
                chip = pygame.Rect(cx, y, cw, int(40 * s))
                panel(surface, chip, PANEL_HI, BORDER, 5)
                surface.blit(a, (chip.centerx - a.get_width() // 2, chip.y + 2))
                surface.blit(b, (chip.centerx - b.get_width() // 2, chip.y + int(17 * s)))
                self.tips.append((chip, label, tip))
                cx += cw + int(6 * s)
            y += int(48 * s)
            if unit.slots is not None:
                lab = self.text.render("Action Slots", 13, DIM, True)
                surface.blit(lab, (x0, y))
                px = x0 + lab.get_width() + int(10 * s)
                for i in range(unit.max_slots or 2):
                    on = i < unit.slots
                    c = (px + i * int(22 * s) + int(8 * s), y + lab.get_height() // 2)
                    pygame.draw.circle(surface, WARM if on else (50, 56, 66), c, int(8 * s))
                    pygame.draw.circle(surface, SHADOW, c, int(8 * s), 1)
                y += int(24 * s)
            lh = self.text.font(14).get_linesize()
            groups = unit.sections or [("Arms", unit.arms), ("Status", unit.statuses)]
            for title, lines in groups:
                if not lines:
                    continue
                if y + lh * 2 > unit_box.bottom:
                    break
                surface.blit(self.text.render(title.upper(), 11, COOL, True), (x0, y + 2))
                y += int(18 * s)
                for ln in lines:
                    if y + lh > unit_box.bottom - 4:
                        break
                    y = self._line(surface, ln, x0, y, w, 14, unit_box.bottom - 4)
                y += int(6 * s)
        # hovered tile
        tb = pygame.Rect(r.x + pad // 2, r.bottom - tile_h, r.w - pad, tile_h - pad // 2)
        panel(surface, tb, PANEL)
        ty = tb.y + int(8 * s)
        ky = tb.bottom - int(6 * s)
        for line in reversed(self.keys if tb.h > int(150 * s) else ()):
            keys = self.text.fit(line, 11, w, (104, 110, 120))
            ky -= keys.get_height()
            surface.blit(keys, (x0, ky))
        if tile is None:
            # wrapped to the panel: the gu hint ran past its right edge ("... and cov")
            for part in self.text.wrap(self.tile_hint, 14, w):
                surface.blit(self.text.render(part, 14, DIM), (x0, ty))
                ty += self.text.font(14).get_linesize()
        else:
            surface.blit(self.text.render(tile.title, 15, COOL, True), (x0, ty))
            ty += int(24 * s)
            room = tb.bottom - (int(56 * s) if tb.h > int(150 * s) else int(20 * s))
            for ln in tile.lines:
                if ty > room:
                    break
                ty = self._line(surface, ln, x0, ty, w, 14, room + self.text.font(14).get_linesize())

    #: a panel line too long for its row goes on over this many rows, the last cut with "…"
    LINE_ROWS = 2

    def _line(self, surface, ln: PanelLine, x: int, y: int, w: int, size: int,
              bottom: int | None = None) -> int:
        """One labelled line at `y`; returns the next row's y. A body wider than the panel
        wraps under itself (up to LINE_ROWS rows, and no row past `bottom`), the last row cut
        with an ellipsis: it never runs out of the panel."""
        colour = ln.colour or (DIM if ln.dim else TEXT)
        start = x
        if ln.label:
            lab = self.text.fit(ln.label, size - 1, w // 2, DIM, True)
            surface.blit(lab, (x, y + 1))
            x += max(lab.get_width() + 8, int(62 * self.text.scale))
        lh = self.text.font(size).get_linesize()
        room = w - (x - start)
        rows = [ln.text]
        if self.text.font(size).size(ln.text)[0] > room:
            most = self.LINE_ROWS if bottom is None else max(1, min(self.LINE_ROWS, (bottom - y) // lh))
            rows = self.text.wrap(ln.text, size, room) or [ln.text]
            if len(rows) > most:
                rows = rows[:most - 1] + [" ".join(rows[most - 1:])]
        top = y
        for row in rows:
            body = self.text.fit(row, size, room, colour)
            if ln.dim:
                body = body.copy()
                body.set_alpha(140)
            surface.blit(body, (x, y))
            y += lh
        where = pygame.Rect(start, top, w, y - top)
        if ln.tooltip:
            self.tips.append((where, ln.label or ln.text, ln.tooltip))
        # what the line is about for F1: its text (the item, the status), else its label
        self.said.append((where, tuple(filter(None, (ln.text, ln.label)))))
        return y

    def words_at(self, pos) -> tuple[str, ...] | None:
        """The words of the panel line at `pos`, its text then its label (the rules reference
        looks up the first that names something)."""
        for rect, words in self.said:
            if rect.collidepoint(pos):
                return words
        return None

    def tip_at(self, pos) -> tuple[str, str] | None:
        for rect, title, tip in self.tips:
            if rect.collidepoint(pos) and tip:
                return title, tip
        return None


# -- buttons ---------------------------------------------------------------------------------------

@dataclass
class Button:
    rect: pygame.Rect
    label: str
    hotkey: str = ""
    enabled: bool = True
    primary: bool = False
    active: bool = False
    tooltip: str = ""
    payload: Any = None


def draw_button(surface: pygame.Surface, text: Text, b: Button, hovered: bool) -> None:
    if not b.enabled:
        bg, fg, br = (28, 32, 39), (96, 102, 112), (44, 50, 60)
    elif b.primary:
        bg = (214, 139, 44) if hovered else (194, 122, 34)
        fg, br = (26, 18, 6), WARM_HI
    elif b.active:
        bg, fg, br = (70, 54, 30), WARM_HI, WARM
    else:
        bg = (49, 58, 70) if hovered else (38, 45, 55)
        fg, br = TEXT, WARM if hovered else BORDER
    pygame.draw.rect(surface, bg, b.rect, border_radius=6)
    pygame.draw.rect(surface, br, b.rect, 1, border_radius=6)
    left, width = b.rect.x + 5, b.rect.w - 10
    if b.hotkey:
        key = text.render(b.hotkey, 11, (70, 44, 10) if b.primary else (WARM if b.enabled else fg), True)
        surface.blit(key, (b.rect.x + 8, b.rect.y + 3))
    size, rows = button_lines(text, b.label, width, b.rect.h - 4)
    if len(rows) > 1 and b.hotkey:      # two rows reach the top corner: keep clear of the key
        left = b.rect.x + 8 + key.get_width() + 2
        width = b.rect.right - 5 - left
        size, rows = button_lines(text, b.label, width, b.rect.h - 4)
    imgs = [text.fit(row, size, width, fg, True) for row in rows]
    y = b.rect.centery - sum(i.get_height() for i in imgs) // 2 + 1
    for img in imgs:
        surface.blit(img, (left + (width - img.get_width()) // 2, y))
        y += img.get_height()


def button_lines(text: Text, label: str, width: int, height: int) -> tuple[int, list[str]]:
    """The font size and rows a button label is drawn in: one row, shrunk a little (15 down to
    12 px); a label of several words that still does not fit goes on two rows (so "Shield Bash"
    reads whole in a narrow bar); only then is it shrunk to 10 px and cut with an ellipsis."""
    def fits(row: str, size: int) -> bool:
        return text.font(size, True).size(row)[0] <= width

    for size in range(15, 11, -1):
        if fits(label, size):
            return size, [label]
    words = label.split()
    if len(words) > 1:
        splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
        for size in range(14, 10, -1):
            if 2 * text.font(size, True).get_linesize() > height:
                continue
            good = [rows for rows in splits if fits(rows[0], size) and fits(rows[1], size)]
            if good:
                best = min(good, key=lambda rows: abs(len(rows[0]) - len(rows[1])))
                return size, list(best)
    size = 12
    while size > 10 and not fits(label, size):
        size -= 1
    return size, [label]


class ActionBar:
    """A row of buttons from presenter ActionButtons; rebuilt only when they change."""

    def __init__(self, text: Text):
        self.text = text
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[Button] = []
        self._key: Any = None
        self.mode: str | None = None
        self.extra: list[Button] = []       # Undo, etc. (right-aligned)
        self._cache = RegionCache()

    def set(self, specs: list[ActionButton], mode: str | None, extra: list[tuple[str, str, bool, Any]]) -> None:
        key = (tuple((b.id, b.label, b.enabled, b.hotkey, b.primary, b.mode) for b in specs), mode,
               tuple(extra), tuple(self.rect))
        if key == self._key:
            # keep the live payloads (actions) current without re-layout
            for b, spec in zip(self.buttons, specs):
                b.payload = spec
            return
        self._key = key
        s = self.text.scale
        pad = int(6 * s)
        h = self.rect.h - 2 * pad
        n = len(specs)
        extra_w, end_w = int(96 * s), int(130 * s)
        avail = self.rect.w - 2 * pad - len(extra) * (extra_w + pad)
        bw = (avail - end_w - pad * n) // max(1, n - 1)
        if bw < int(100 * s):       # narrow: the fixed buttons give up some room first
            extra_w, end_w = int(80 * s), int(112 * s)
            avail = self.rect.w - 2 * pad - len(extra) * (extra_w + pad)
            bw = (avail - end_w - pad * n) // max(1, n - 1)
        bw = max(60, min(int(124 * s), bw))
        x = self.rect.x + pad
        self.buttons = []
        for spec in specs:
            w = end_w if spec.id == "end_turn" else bw
            if spec.id == "end_turn":
                x = max(x, self.rect.x + pad + avail - end_w)
            self.buttons.append(Button(pygame.Rect(x, self.rect.y + pad, w, h), spec.label,
                                       spec.hotkey,
                                       spec.enabled, spec.primary, spec.mode is not None and spec.mode == mode,
                                       spec.tooltip, spec))
            x += w + pad
        self.extra = []
        ex = self.rect.right - pad - len(extra) * (extra_w + pad) + pad
        for label, hotkey, enabled, payload in extra:
            self.extra.append(Button(pygame.Rect(ex, self.rect.y + pad, extra_w, h), label, hotkey,
                                     enabled, False, False, "", payload))
            ex += extra_w + pad

    def draw(self, surface: pygame.Surface, mouse) -> None:
        lit = [b.rect.collidepoint(mouse) and b.enabled for b in self.buttons + self.extra]
        if self._cache.reuse(surface, self.rect, (self._key, tuple(lit), self.text.scale)):
            return
        pygame.draw.rect(surface, (24, 28, 35), self.rect)
        pygame.draw.line(surface, BORDER, self.rect.topleft, self.rect.topright)
        for b, hovered in zip(self.buttons + self.extra, lit):
            draw_button(surface, self.text, b, hovered)
        self._cache.keep(surface, self.rect)

    def at(self, pos) -> Button | None:
        for b in self.buttons + self.extra:
            if b.rect.collidepoint(pos):
                return b
        return None

    def find(self, ident: str) -> Button | None:
        for b in self.buttons:
            if isinstance(b.payload, ActionButton) and b.payload.id == ident:
                return b
        for b in self.extra:
            if b.payload == ident:
                return b
        return None


# -- combat log ------------------------------------------------------------------------------------

class CombatLog:
    """Append-only log. Each line is wrapped once when appended; a row is rendered when it first
    shows and kept while it may show again; drawing blits the visible ones. Wheel scrolls;
    hovering a roll line shows its terms.

    Rows are kept as text, not as pictures: 500 rendered rows held about 23 MB at 1080p, and
    the allocator kept what old rows left behind as the log rolled on."""

    #: rendered rows kept (the most recently shown): a tall log shows about 40
    ROWS_KEPT = 160

    def __init__(self, text: Text, limit: int = 500):
        self.text = text
        self.rect = pygame.Rect(0, 0, 0, 0)
        #: the rows shown: each LogLine wrapped to the log's width, one row of text each
        self.lines: list[tuple[LogLine, str]] = []
        #: the lines as appended, so rows can be wrapped again for a new width
        self.entries: list[LogLine] = []
        self.limit = limit
        self.scroll = 0              # lines scrolled up from the bottom
        self.renders = 0             # how many row pictures were ever made (tests check reuse)
        self.added = 0               # how many rows were ever made: names the log's content
        self._pictures: dict[tuple[str, Any, float], pygame.Surface] = {}
        self._cache = RegionCache()
        self._wrapped = (0, 0.0)     # the (text width, scale) the rows were wrapped for

    def _width(self) -> int:
        """The text width a row may take (0 before the log has a size: no wrapping yet)."""
        return self.rect.w - 24 if self.rect.w > 120 else 0

    def _rows(self, ln: LogLine, width: int) -> int:
        parts = self.text.wrap(ln.text, 14, width) if width else [ln.text]
        for part in parts or [ln.text]:
            self.lines.append((ln, part))
            self.added += 1
        return len(parts or [ln.text])

    def picture(self, row: tuple[LogLine, str]) -> pygame.Surface:
        """The rendered row, made the first time it shows (rows of the same text and colour
        share one picture)."""
        ln, part = row
        key = (part, ln.colour, self.text.scale)
        got = self._pictures.pop(key, None)
        if got is None:
            got = self.text.render_once(part, 14, ln.colour)
            self.renders += 1
            if len(self._pictures) >= self.ROWS_KEPT:
                del self._pictures[next(iter(self._pictures))]   # the longest unshown
        self._pictures[key] = got                                # most recently shown last
        return got

    def append(self, lines: list[LogLine]) -> None:
        """Render each line once; a line wider than the log is wrapped into several rows that
        share its LogLine, so nothing is cut off at the right edge. Lines appended before the
        log had its size (a battle's set-up) are wrapped again once it has (see `rewrap`)."""
        self.rewrap()
        added = 0
        width = self._width()
        for ln in lines:
            self.entries.append(ln)
            added += self._rows(ln, width)
        if len(self.entries) > self.limit:
            del self.entries[: len(self.entries) - self.limit]
        if len(self.lines) > self.limit:
            del self.lines[: len(self.lines) - self.limit]
        if self.scroll:
            self.scroll += added

    def rewrap(self) -> None:
        """Wrap every row again when the log's width or the text scale changed since the rows
        were made (set-up lines come before the layout; a window may be resized)."""
        want = (self._width(), self.text.scale)
        if want == self._wrapped:
            return
        self._wrapped = want
        if not self.entries:
            return
        self.lines = []
        for ln in self.entries:
            self._rows(ln, want[0])
        if len(self.lines) > self.limit:
            del self.lines[: len(self.lines) - self.limit]
        self.scroll = min(self.scroll, max(0, len(self.lines) - 1))

    def line_h(self) -> int:
        return self.text.font(14).get_linesize()

    def visible(self) -> list[tuple[int, tuple[LogLine, str]]]:
        # while scrolled up, the bottom row holds the "newer lines below" note
        n = max(1, (self.rect.h - 8) // self.line_h() - (1 if self.scroll else 0))
        end = len(self.lines) - self.scroll
        start = max(0, end - n)
        return list(enumerate(self.lines[start:end], start))

    def draw(self, surface: pygame.Surface, mouse) -> None:
        self.rewrap()
        hover = self.line_at(mouse)
        key = (self.added, self.scroll, hover[0] if hover else None, self.text.scale)
        if self._cache.reuse(surface, self.rect, key):
            return
        self._draw(surface, hover)
        self._cache.keep(surface, self.rect)

    def _draw(self, surface: pygame.Surface, hover: tuple[int, LogLine] | None) -> None:
        r = self.rect
        pygame.draw.rect(surface, (18, 21, 26), r)
        pygame.draw.line(surface, BORDER, r.topleft, r.topright)
        lh = self.line_h()
        prev = surface.get_clip()
        surface.set_clip(r)
        for y, i, row in self.placed_rows():
            ln = row[0]
            surf = self.picture(row)
            if hover is not None and hover[1] is ln:
                pygame.draw.rect(surface, (36, 42, 52), (r.x + 4, y, r.w - 8, lh), border_radius=3)
            x = r.x + 12
            first = i == 0 or self.lines[i - 1][0] is not ln      # not a wrapped continuation
            if ln.terms and first:
                pygame.draw.circle(surface, COOL, (r.x + 7, y + lh // 2), 2)
            surface.blit(surf, (x, y))
        note = self.scroll_note_rect()
        if note is not None:
            surface.blit(self._scroll_note(), note)
        surface.set_clip(prev)

    def _scroll_note(self) -> pygame.Surface:
        return self.text.render(f"{self.scroll} newer lines below", 11, WARM, True)

    def placed_rows(self) -> list[tuple[int, int, tuple[LogLine, str]]]:
        """The shown rows with the y each is drawn at: (y, index in lines, row)."""
        vis = self.visible()
        top, lh = self._top(len(vis)), self.line_h()
        return [(top + k * lh, i, row) for k, (i, row) in enumerate(vis)]

    def _top(self, rows: int) -> int:
        """The y of the first shown row: rows sit on the bottom, above the note's row if any."""
        below = 1 if self.scroll else 0
        return self.rect.bottom - 4 - self.line_h() * (rows + below)

    def scroll_note_rect(self) -> pygame.Rect | None:
        """Where the "N newer lines below" note goes while the log is scrolled up (the bottom
        row, where those lines would show), else None."""
        if not self.scroll:
            return None
        more = self._scroll_note()
        lh = self.line_h()
        y = self.rect.bottom - 4 - lh + (lh - more.get_height()) // 2
        return pygame.Rect(self.rect.right - more.get_width() - 10, y,
                           more.get_width(), more.get_height())

    def line_at(self, pos) -> tuple[int, LogLine] | None:
        if not self.rect.collidepoint(pos):
            return None
        lh = self.line_h()
        vis = self.visible()
        top = self._top(len(vis))
        k = (pos[1] - top) // lh
        if 0 <= k < len(vis):
            i, (ln, _s) = vis[k]
            return i, ln
        return None

    def on_wheel(self, dy: int) -> None:
        n = max(1, (self.rect.h - 8) // self.line_h())
        self.scroll = max(0, min(max(0, len(self.lines) - n), self.scroll + dy * 2))


# -- toast -----------------------------------------------------------------------------------------

@dataclass
class Toast:
    text: str
    colour: tuple[int, int, int] = DANGER
    age: float = 0.0
    life: float = 3.0


def draw_toasts(surface: pygame.Surface, text: Text, toasts: list[Toast], anchor: pygame.Rect) -> None:
    y = anchor.y + 12
    for t in toasts:
        body = text.render(t.text, 15, TEXT, True)
        box = pygame.Rect(0, 0, body.get_width() + 28, body.get_height() + 14)
        box.midtop = (anchor.centerx, y)
        fade = 1.0 if t.age < t.life - 0.4 else max(0.0, (t.life - t.age) / 0.4)
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (30, 24, 26, 235), layer.get_rect(), border_radius=8)
        pygame.draw.rect(layer, t.colour, layer.get_rect(), 2, border_radius=8)
        layer.blit(body, (14, 7))
        layer.set_alpha(int(255 * fade))
        surface.blit(layer, box)
        y += box.h + 6


# -- modal pieces: prompt, menu, confirm -----------------------------------------------------------

class ChoicePanel:
    """A titled box of option buttons: pending-stage prompts (over the map) and pop-up menus
    (above an action-bar button)."""

    def __init__(self, text: Text, title: str, body: str, options: list[tuple[str, Any, str]],
                 accent=WARM):
        self.text = text
        self.title = title
        self.body = body
        self.options = options
        self.accent = accent
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[Button] = []

    def size_for(self, anchor: pygame.Rect) -> tuple[int, int]:
        """The panel's size when laid out in `anchor` (for callers choosing where it goes)."""
        self.layout(anchor, "center")
        return self.rect.size

    def layout(self, anchor: pygame.Rect, where: "str | tuple[int, int]" = "center") -> None:
        s = self.text.scale
        pad = int(12 * s)
        bh = int(34 * s)
        widths = [self.text.render(o[0], 15, TEXT, True).get_width() + int(64 * s) for o in self.options]
        w = max([int(380 * s)] + widths + [self.text.render(self.title, 18, TEXT, True).get_width() + 2 * pad])
        # a prompt fits inside its anchor (the map); a menu over a button may be wider than it
        screen = (pygame.display.get_surface().get_rect() if pygame.display.get_surface()
                  else pygame.Rect(0, 0, 4000, 4000))
        w = min(w, int((anchor.w if where in ("center", "bottom") or isinstance(where, tuple)
                        else screen.w) * 0.9))
        body_lines = self.text.wrap(self.body, 14, w - 2 * pad) if self.body else []
        head = int(30 * s) + len(body_lines) * self.text.font(14).get_linesize()
        h = pad * 2 + head + len(self.options) * (bh + int(6 * s))
        self.rect = pygame.Rect(0, 0, w, h)
        if isinstance(where, tuple):        # an exact top-left chosen by the caller
            self.rect.topleft = where
        elif where == "center":
            self.rect.midtop = (anchor.centerx, anchor.y + int(40 * s))
        elif where == "bottom":     # low in the anchor (the map), clear of what is up top
            self.rect.midbottom = (anchor.centerx, anchor.bottom - int(16 * s))
        else:       # above the anchor (a button)
            self.rect.midbottom = (anchor.centerx, anchor.y - 6)
        self.rect.clamp_ip(pygame.display.get_surface().get_rect() if pygame.display.get_surface()
                           else pygame.Rect(0, 0, 4000, 4000))
        self._body = body_lines
        y = self.rect.y + pad + head
        self.buttons = []
        for i, (label, payload, tip) in enumerate(self.options):
            hk = str(i + 1) if i < 9 else ""
            self.buttons.append(Button(pygame.Rect(self.rect.x + pad, y, w - 2 * pad, bh), label, hk,
                                       True, False, False, tip, payload))
            y += bh + int(6 * s)

    def draw(self, surface: pygame.Surface, mouse) -> None:
        shadow = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 120))
        surface.blit(shadow, self.rect.move(4, 5))
        panel(surface, self.rect, (28, 33, 41), self.accent, 8)
        s = self.text.scale
        pad = int(12 * s)
        surface.blit(self.text.render(self.title, 18, WARM_HI, True), (self.rect.x + pad, self.rect.y + pad - 2))
        y = self.rect.y + pad + int(28 * s)
        for ln in self._body:
            surface.blit(self.text.render(ln, 14, TEXT), (self.rect.x + pad, y))
            y += self.text.font(14).get_linesize()
        for b in self.buttons:
            draw_button(surface, self.text, b, b.rect.collidepoint(mouse))

    def at(self, pos) -> Button | None:
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                return b
        return None

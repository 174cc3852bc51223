"""Widgets of the Gemwielders card table, drawn straight on the screen surface.

Owns: the fanned hand (layout, hover, the card that rises and zooms), the phase tracker
(Draft › Main › Attack › Draw with the hint of what is still possible), counters (life with its
cap, power), gem sockets and the gem pool, piles with their counts, the pile viewer, the game log
whose card names show the card on hover, the zoomed-card preview, and simple buttons. Each
widget remembers the rectangles it drew so the scene can hit-test clicks and hovers in the same
frame.

Must not: know the rules or the match. Widgets draw the presenter's records
(game.client.systems.gemwielders.presenter) and hand back what was under the pointer.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from game.client.systems.gemwielders.presenter import CardFace, LogEntry
from game.client.systems.gemwielders import cards as R
from game.client.ui.battle_widgets import (BORDER, COOL, DANGER, DIM, TEXT, WARM, WARM_HI,
                                           RegionCache, Text, panel)

FELT = (24, 40, 38)
FELT_EDGE = (14, 24, 23)
GOLD = (232, 196, 110)


# -- small pieces -----------------------------------------------------------------------------------
def label(surface: pygame.Surface, text: Text, s: str, pos, size: int = 13, colour=DIM,
          bold: bool = True, anchor: str = "topleft") -> pygame.Rect:
    img = text.render(s, size, colour, bold)
    r = img.get_rect(**{anchor: pos})
    surface.blit(img, r)
    return r


def zone_frame(surface: pygame.Surface, rect: pygame.Rect, title: str, text: Text, *,
               highlight: tuple[int, int, int] | None = None) -> None:
    """A faint inset area on the felt with a small caps title; a drop zone glows."""
    box = pygame.Surface(rect.size, pygame.SRCALPHA)
    fill = (0, 0, 0, 46) if highlight is None else (*highlight, 40)
    pygame.draw.rect(box, fill, box.get_rect(), border_radius=max(4, rect.h // 16))
    edge = (255, 255, 255, 22) if highlight is None else (*highlight, 220)
    pygame.draw.rect(box, edge, box.get_rect(), 1 if highlight is None else 2,
                     border_radius=max(4, rect.h // 16))
    surface.blit(box, rect)
    if title:
        label(surface, text, title, (rect.x + int(6 * text.scale), rect.y + int(2 * text.scale)),
              10, (150, 160, 150) if highlight is None else highlight)


def counter(surface: pygame.Surface, text: Text, rect: pygame.Rect, kind: str, value: int,
            cap: int | None = None, flash: float = 0.0) -> None:
    """Life (a red drop, "value / cap") or power (a bolt); `flash` (0..1) pulses a change."""
    s = text.scale
    bg = (34, 24, 26) if kind == "life" else (36, 32, 20)
    pygame.draw.rect(surface, bg, rect, border_radius=int(8 * s))
    edge = (150, 60, 56) if kind == "life" else (170, 140, 60)
    if flash > 0:
        edge = tuple(min(255, int(c + (255 - c) * flash)) for c in edge)
    pygame.draw.rect(surface, edge, rect, max(1, int(2 * s)), border_radius=int(8 * s))
    icon = pygame.Rect(rect.x + int(6 * s), rect.y + int(5 * s), rect.h - int(10 * s),
                       rect.h - int(10 * s))
    if kind == "life":
        cx, cy, r = icon.centerx, icon.centery + icon.h // 8, icon.w * 0.36
        pygame.draw.circle(surface, (214, 60, 60), (cx, int(cy)), int(r))
        pygame.draw.polygon(surface, (214, 60, 60), [(cx - r * 0.95, cy - r * 0.3),
                                                     (cx, icon.y), (cx + r * 0.95, cy - r * 0.3)])
        pygame.draw.circle(surface, (255, 170, 160), (int(cx - r * 0.35), int(cy - r * 0.1)),
                           max(1, int(r * 0.25)))
    else:
        R.draw_bolt(surface, icon.inflate(-icon.w // 4, 0))
    colour = TEXT
    if kind == "life" and value <= 10:
        colour = DANGER
    big = text.render(str(value), 20, colour, True)
    surface.blit(big, (icon.right + int(6 * s), rect.centery - big.get_height() // 2))
    if cap is not None:
        small = text.render(f"/ {cap}", 12, DIM, True)
        surface.blit(small, (icon.right + int(10 * s) + big.get_width(),
                             rect.centery - small.get_height() // 2 + int(3 * s)))


def sockets(surface: pygame.Surface, center_x: int, top: int, r: int, gems: tuple[str, ...],
            n: int, gap: int, vertical: bool = True) -> list[pygame.Rect]:
    """The Gembearer's sockets: filled with its gems, the rest empty rings."""
    out = []
    for i in range(n):
        c = (center_x, top + r + i * (2 * r + gap)) if vertical else (center_x + i * (2 * r + gap), top + r)
        if i < len(gems):
            R.draw_gem_token(surface, c, r, gems[i])
        else:
            R.draw_gem(surface, c, r, "*", empty=True)
        out.append(pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r))
    return out


def pile(surface: pygame.Surface, text: Text, rect: pygame.Rect, top: CardFace | None, count: int,
         title: str, *, back: bool = False, glow=None) -> pygame.Rect:
    """A pile: a few stacked edges, the top card (or a back), the count on a badge."""
    s = text.scale
    depth = min(4, max(0, count - 1))
    for i in range(depth, 0, -1):
        r = rect.move(i * max(1, int(1.5 * s)), i * max(1, int(1.5 * s)))
        pygame.draw.rect(surface, (18, 18, 24), r, border_radius=max(3, rect.w // 14))
        pygame.draw.rect(surface, (70, 74, 90), r, 1, border_radius=max(3, rect.w // 14))
    if count == 0:
        pygame.draw.rect(surface, (255, 255, 255), rect, 1, border_radius=max(3, rect.w // 14))
        box = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(box, (0, 0, 0, 60), box.get_rect(), border_radius=max(3, rect.w // 14))
        surface.blit(box, rect)
        label(surface, text, "empty", rect.center, 11, DIM, anchor="center")
    elif back or top is None:
        R.draw_card(surface, R_back_face(), rect, glow=glow)
    else:
        R.draw_card(surface, top, rect, glow=glow)
    badge = text.render(str(count), 14, TEXT, True)
    b = pygame.Rect(0, 0, max(badge.get_width() + int(12 * s), int(24 * s)), int(22 * s))
    b.center = (rect.right - int(2 * s), rect.bottom - int(4 * s))
    pygame.draw.rect(surface, (20, 22, 28), b, border_radius=b.h // 2)
    pygame.draw.rect(surface, GOLD, b, 1, border_radius=b.h // 2)
    surface.blit(badge, badge.get_rect(center=b.center))
    label(surface, text, title, (rect.centerx, rect.bottom + int(4 * s)), 11, (170, 176, 170),
          anchor="midtop")
    return rect


def R_back_face() -> CardFace:
    return CardFace("hidden", "Face-down card", "hidden", hidden=True)


# -- buttons ---------------------------------------------------------------------------------------
@dataclass
class Btn:
    rect: pygame.Rect
    label: str
    payload: Any
    primary: bool = False
    enabled: bool = True
    hotkey: str = ""
    tooltip: str = ""


def draw_btn(surface: pygame.Surface, text: Text, b: Btn, hovered: bool) -> None:
    s = text.scale
    if not b.enabled:
        fill, edge, col = (28, 31, 37), (44, 49, 58), (100, 106, 116)
    elif b.primary:
        fill = (92, 62, 24) if not hovered else (128, 88, 34)
        edge, col = WARM, WARM_HI
    else:
        fill = (38, 44, 54) if not hovered else (50, 58, 70)
        edge, col = (COOL if hovered else BORDER), TEXT
    pygame.draw.rect(surface, fill, b.rect, border_radius=int(7 * s))
    pygame.draw.rect(surface, edge, b.rect, max(1, int(1.5 * s)), border_radius=int(7 * s))
    img = text.fit(b.label, 15, b.rect.w - int(16 * s), col, True)
    surface.blit(img, img.get_rect(center=b.rect.center))
    if b.hotkey:
        hk = text.render(b.hotkey, 10, DIM, True)
        surface.blit(hk, (b.rect.right - hk.get_width() - int(5 * s), b.rect.y + int(2 * s)))


# -- phase tracker ------------------------------------------------------------------------------------
PHASES = ("draft", "main", "attack", "draw")


def phase_tracker(surface: pygame.Surface, text: Text, rect: pygame.Rect, turn: int, who: str,
                  phase: str, hint: str, skipped: tuple[str, ...] = ()) -> None:
    s = text.scale
    pygame.draw.rect(surface, (22, 26, 33), rect)
    pygame.draw.line(surface, BORDER, rect.bottomleft, (rect.right, rect.bottom - 1))
    x = rect.x + int(14 * s)
    t = text.render(f"Turn {turn}" if turn else "Set-up", 17, WARM_HI, True)
    surface.blit(t, (x, rect.centery - t.get_height() // 2))
    x += t.get_width() + int(10 * s)
    w = text.render(who, 15, TEXT, True)
    surface.blit(w, (x, rect.centery - w.get_height() // 2))
    x += w.get_width() + int(22 * s)
    for i, ph in enumerate(PHASES):
        cur = ph == phase
        done = phase in PHASES and PHASES.index(phase) > i
        name = ph.capitalize()
        col = WARM_HI if cur else (DIM if ph in skipped else (150, 160, 170) if done else (200, 204, 210))
        img = text.render(name, 15, col, cur)
        pill = pygame.Rect(x, rect.centery - int(13 * s), img.get_width() + int(20 * s), int(26 * s))
        if cur:
            pygame.draw.rect(surface, (78, 54, 22), pill, border_radius=pill.h // 2)
            pygame.draw.rect(surface, WARM, pill, max(1, int(1.5 * s)), border_radius=pill.h // 2)
        if ph in skipped:
            pygame.draw.line(surface, DIM, (pill.x + int(8 * s), pill.centery),
                             (pill.right - int(8 * s), pill.centery), 1)
        surface.blit(img, img.get_rect(center=pill.center))
        x = pill.right + int(4 * s)
        if i < len(PHASES) - 1:
            chev = text.render("›", 18, DIM, True)
            surface.blit(chev, (x, rect.centery - chev.get_height() // 2 - int(1 * s)))
            x += chev.get_width() + int(4 * s)
    x += int(14 * s)
    room = rect.right - x - int(200 * s)
    if hint and room > 40:
        img = text.fit(hint, 14, room, COOL, False)
        surface.blit(img, (x, rect.centery - img.get_height() // 2))


# -- the hand ---------------------------------------------------------------------------------------
@dataclass
class HandSlot:
    card: CardFace
    rect: pygame.Rect          # resting position (unrotated bounding box)
    angle: float
    playable: bool = False


class Hand:
    """Cards fanned along a shallow arc at the bottom; the hovered one rises and grows."""

    def __init__(self, text: Text):
        self.text = text
        self.area = pygame.Rect(0, 0, 0, 0)
        self.slots: list[HandSlot] = []
        self.hover: int | None = None
        self.selected: set[str] = set()
        self._turned: dict[tuple, tuple[pygame.Surface, pygame.Surface]] = {}   # see _draw_slot

    def layout(self, cards: list[CardFace], playable: set[str], card_w: int) -> None:
        n = len(cards)
        self.slots = []
        if n == 0:
            return
        a = self.area
        card_h = int(card_w * R.CARD_RATIO)
        step = min(int(card_w * 0.86), (a.w - card_w) // max(1, n - 1)) if n > 1 else 0
        total = card_w + step * (n - 1)
        x0 = a.centerx - total // 2
        for i, c in enumerate(cards):
            t = (i - (n - 1) / 2)
            lift = int(abs(t) ** 2 * card_w * 0.035)
            angle = -t * min(5.0, 20.0 / max(1, n))
            r = pygame.Rect(x0 + i * step, a.y + int(card_w * 0.12) + lift, card_w, card_h)
            self.slots.append(HandSlot(c, r, angle, bool(c.uid and c.uid in playable)))

    def at(self, pos) -> int | None:
        """Index of the card under `pos` (the rightmost drawn on top wins; hover grows)."""
        if self.hover is not None and self.hover < len(self.slots):
            if self._raised(self.hover).collidepoint(pos):
                return self.hover
        for i in range(len(self.slots) - 1, -1, -1):
            if self.slots[i].rect.collidepoint(pos):
                return i
        return None

    def _raised(self, i: int) -> pygame.Rect:
        r = self.slots[i].rect
        w = int(r.w * 1.8)
        h = int(w * R.CARD_RATIO)
        big = pygame.Rect(0, 0, w, h)
        big.midbottom = (r.centerx, self.area.bottom - int(4 * self.text.scale))
        big.clamp_ip(pygame.Rect(0, 0, 10_000, self.area.bottom))
        if big.x < 0:
            big.x = 0
        return big

    def draw(self, surface: pygame.Surface, dragging: str | None = None) -> None:
        for i, sl in enumerate(self.slots):
            if i == self.hover or sl.card.uid == dragging:
                continue
            self._draw_slot(surface, sl)
        if self.hover is not None and self.hover < len(self.slots):
            sl = self.slots[self.hover]
            if sl.card.uid != dragging:
                big = self._raised(self.hover)
                glow = WARM if sl.playable else None
                if sl.card.uid in self.selected:
                    glow = (255, 120, 90)
                R.draw_card(surface, sl.card, big, glow=glow)

    def _draw_slot(self, surface: pygame.Surface, sl: HandSlot) -> None:
        glow = WARM if sl.playable else None
        r = sl.rect
        if sl.card.uid in self.selected:
            r = r.move(0, -int(r.h * 0.18))
            glow = (255, 120, 90)
        face = R.face(sl.card, r.w)
        # a fanned card is turned once per (face, angle, glow), not every frame
        key = (id(face), r.w, sl.angle, glow)
        got = self._turned.get(key)
        if got is None or got[0] is not face:
            if glow is not None:
                frame = pygame.Surface((r.w + 8, r.h + 8), pygame.SRCALPHA)
                pygame.draw.rect(frame, (*glow, 255), frame.get_rect(), 3, border_radius=r.w // 12)
                frame.blit(face, (4, 4))
                img = frame
            else:
                img = face
            if len(self._turned) > 64:
                self._turned.clear()
            got = self._turned[key] = (face, pygame.transform.rotozoom(img, sl.angle, 1.0))
        rot = got[1]
        surface.blit(rot, rot.get_rect(center=r.center))


# -- game log ------------------------------------------------------------------------------------------
class GameLog:
    """Log lines, newest at the bottom, wheel to scroll; card names are coloured and hovering one
    shows the card."""

    def __init__(self, text: Text):
        self.text = text
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.entries: list[LogEntry] = []
        self.scroll = 0
        self.names: list[tuple[pygame.Rect, CardFace]] = []
        self.shown: list[tuple[pygame.Rect, LogEntry]] = []     # each drawn row and its entry
        self._rows: list[tuple[list[tuple[str, CardFace | None]], tuple, LogEntry]] = []
        self._width = 0
        self._cache = RegionCache()

    def set(self, entries: list[LogEntry]) -> None:
        if entries is not self.entries:
            self.entries = entries
            self._rows = []

    def _wrap(self, width: int) -> list:
        """Rows of segments (text, card or None) with the line colour."""
        rows = []
        font = self.text.font(13)
        bold = self.text.font(13, True)
        for e in self.entries:
            segs: list[tuple[str, CardFace | None]] = []
            rest = e.text
            for face in e.cards:
                i = rest.find(face.name)
                if i < 0:
                    continue
                if i:
                    segs.append((rest[:i], None))
                segs.append((face.name, face))
                rest = rest[i + len(face.name):]
            if rest:
                segs.append((rest, None))
            # wrap word by word, keeping card names whole
            row: list[tuple[str, CardFace | None]] = []
            used = 0
            for txt, face in segs:
                parts = [txt] if face is not None else txt.split(" ")
                for j, part in enumerate(parts):
                    if face is None and j < len(parts) - 1:
                        part = part + " "
                    if not part:
                        continue
                    w = (bold if face is not None else font).size(part)[0]
                    if used + w > width and row:
                        rows.append((row, e.colour, e))
                        row, used = [], int(10 * self.text.scale)
                        row.append(("", None))
                    row.append((part, face))
                    used += w
            rows.append((row, e.colour, e))
        return rows

    def draw(self, surface: pygame.Surface) -> None:
        # kept as a picture (with the card names' hit boxes) while the entries and the scroll
        # stay the same; the entries are compared by value
        if self._cache.reuse(surface, self.rect, (self.entries, self.scroll, self.text.scale)):
            return
        self._draw(surface)
        self._cache.keep(surface, self.rect)

    def _draw(self, surface: pygame.Surface) -> None:
        s = self.text.scale
        r = self.rect
        panel(surface, r, (20, 24, 30), BORDER, int(8 * s))
        label(surface, self.text, "GAME LOG", (r.x + int(10 * s), r.y + int(6 * s)), 11, WARM)
        inner = r.inflate(-int(16 * s), -int(30 * s)).move(0, int(8 * s))
        if not self._rows or self._width != inner.w:
            self._rows = self._wrap(inner.w)
            self._width = inner.w
        lh = self.text.font(13).get_linesize()
        fit = max(1, inner.h // lh)
        self.scroll = max(0, min(self.scroll, len(self._rows) - fit))
        end = len(self._rows) - self.scroll
        shown = self._rows[max(0, end - fit):end]
        y = inner.bottom - len(shown) * lh
        self.names = []
        self.shown = []
        clip = surface.get_clip()
        surface.set_clip(inner)
        for row, colour, entry in shown:
            self.shown.append((pygame.Rect(inner.x, y, inner.w, lh), entry))
            x = inner.x
            for part, face in row:
                if not part:
                    x += int(10 * s)
                    continue
                col = COOL if face is not None else colour
                img = self.text.render(part, 13, col, face is not None)
                surface.blit(img, (x, y))
                if face is not None:
                    rr = pygame.Rect(x, y, img.get_width(), lh)
                    pygame.draw.line(surface, (60, 110, 140), rr.bottomleft, (rr.right, rr.bottom - 1))
                    self.names.append((rr, face))
                x += img.get_width()
            y += lh
        surface.set_clip(clip)
        if self.scroll:
            label(surface, self.text, f"↓ {self.scroll} newer", (r.right - int(10 * s), r.y + int(6 * s)),
                  11, DIM, anchor="topright")

    def card_at(self, pos) -> CardFace | None:
        for rr, face in self.names:
            if rr.collidepoint(pos):
                return face
        return None

    def entry_at(self, pos) -> LogEntry | None:
        """The log line drawn at `pos` (any of its rows), or None."""
        for rr, entry in self.shown:
            if rr.collidepoint(pos):
                return entry
        return None

    def on_wheel(self, dy: int) -> None:
        self.scroll = max(0, self.scroll + dy * 3)


# -- pile viewer ---------------------------------------------------------------------------------------
class PileViewer:
    """A modal grid of the cards of a public pile (or a note when the pile is private)."""

    def __init__(self, text: Text, title: str, cards: list[CardFace], note: str = ""):
        self.text = text
        self.title = title
        self.cards = cards
        self.note = note
        self.rects: list[tuple[pygame.Rect, CardFace]] = []
        self.box = pygame.Rect(0, 0, 0, 0)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.text.scale
        sw, sh = surface.get_size()
        veil = pygame.Surface((sw, sh), pygame.SRCALPHA)
        veil.fill((6, 8, 11, 190))
        surface.blit(veil, (0, 0))
        cw = int(112 * s)
        ch = int(cw * R.CARD_RATIO)
        gap = int(12 * s)
        per_row = max(1, min(8, (sw - int(120 * s)) // (cw + gap)))
        rows = max(1, math.ceil(len(self.cards) / per_row))
        visible_rows = max(1, (sh - int(170 * s)) // (ch + gap))
        w = per_row * (cw + gap) + gap if self.cards else int(520 * s)
        h = int(70 * s) + min(rows, visible_rows) * (ch + gap) + (0 if self.cards else int(40 * s))
        self.box = pygame.Rect(0, 0, max(w, int(420 * s)), h + int(30 * s))
        self.box.center = (sw // 2, sh // 2)
        panel(surface, self.box, (26, 30, 38), COOL, int(10 * s))
        label(surface, self.text, self.title, (self.box.x + int(16 * s), self.box.y + int(12 * s)),
              18, WARM_HI)
        label(surface, self.text, "Click anywhere or press Esc to close",
              (self.box.right - int(16 * s), self.box.y + int(16 * s)), 12, DIM, False,
              anchor="topright")
        self.rects = []
        y0 = self.box.y + int(50 * s)
        if not self.cards:
            label(surface, self.text, self.note or "No cards", (self.box.centerx, y0 + int(20 * s)),
                  15, TEXT, False, anchor="midtop")
            return
        for i, c in enumerate(self.cards[: per_row * visible_rows]):
            row, col = divmod(i, per_row)
            r = pygame.Rect(self.box.x + gap + col * (cw + gap), y0 + row * (ch + gap), cw, ch)
            R.draw_card(surface, c, r)
            self.rects.append((r, c))
        if len(self.cards) > per_row * visible_rows:
            label(surface, self.text, f"and {len(self.cards) - per_row * visible_rows} more",
                  (self.box.centerx, self.box.bottom - int(20 * s)), 12, DIM, anchor="midtop")

    def card_at(self, pos) -> CardFace | None:
        for r, c in self.rects:
            if r.collidepoint(pos):
                return c
        return None


def zoom(surface: pygame.Surface, card: CardFace, near: pygame.Rect, scale: float,
         width: int = 230) -> pygame.Rect:
    """The big readable copy of a hovered card beside `near`, kept on screen."""
    w = int(width * scale)
    h = int(w * R.CARD_RATIO)
    r = pygame.Rect(0, 0, w, h)
    sw, sh = surface.get_size()
    r.midleft = (near.right + int(12 * scale), near.centery)
    if r.right > sw - 4:
        r.midright = (near.x - int(12 * scale), near.centery)
    r.clamp_ip(surface.get_rect())
    R.draw_card(surface, card, r)
    return r

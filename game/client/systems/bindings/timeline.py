"""The bindings segment timeline: the battle screen's top bar, where time can be read at a glance.

Owns: drawing a `TimelineView` (game.client.systems.bindings.timing): the round, the three
segments S1 S2 S3 (the current one lit, past ones narrow and dimmed) and the next round's S1 (where
leads from BND-29 go first); in each segment the turns in order as tokens (the acting one lit,
done ones dimmed, round-1 delayed ones marked with the segment they may start in, down ones crossed
out, leads crowned); under each token of the current segment the round budget left (two halves,
joined while a Full is still possible, letters S/M for what each half can still be, BND-36) and two
Swift pips (BND-37), a tick when its slot is used this segment, a clock when a move is cooling down
(BND-101); under any turn what happens on it (an attack flying on or landing, a pushback, a
movement, a wall growing). Hover: `tip_at(pos)` -> (title, lines) for battle_widgets.draw_tooltip.
Each column is at least as wide as its name and corner note ("R2 S1 · next round"); when even
the smallest tokens leave no room the note shortens ("next"), then goes, so words never overlap.

Caching: the bar is rendered once per (view, size, scale) onto a Surface and blitted each frame;
the view records are frozen and hashable, so an unchanged state costs one comparison.

How K1's battle scene calls it:
    self.timeline = Timeline(self.text)             # battle_widgets.Text (carries the UI scale)
    self.timeline.rect = pygame.Rect(0, 0, W, self.timeline.preferred_height())
    self.timeline.draw(surface, timing.timeline_view(state), portrait=None)
    cid = self.timeline.at(pos)                     # combatant under the pointer (or None)
    tip = self.timeline.tip_at(pos)                 # (title, lines) or None
    if tip: battle_widgets.draw_tooltip(surface, self.text, pos, *tip)
`portrait(ct, px)` may return the Surface the board uses for that combatant; None draws a token.

Must not: know the rules or read match state; it draws the presenter's records only.
"""
from __future__ import annotations

import math
from typing import Any, Callable

import pygame

from game.client.systems.bindings.timing import CombatantTime, Mark, Segment, TimelineView, Turn
from game.client.render import sprites
from game.client.render.canvas import canvas
from game.client.ui.battle_widgets import (BORDER, COOL, DANGER, DIM, PANEL, TEXT, WARM, WARM_HI,
                                           Text)

BAR_BG = (24, 28, 35)
NOW_BG = (46, 40, 30)
PAST_BG = (28, 31, 37)
NEXT_BG = (27, 32, 40)
PIP_OFF = (52, 58, 68)
SWIFT = (111, 194, 228)
GOLD = (240, 200, 90)

Portrait = Callable[[CombatantTime, int], pygame.Surface]

#: the corner note of a column by its time, longest first: a narrow column uses the next entry
NOTES: tuple[dict[str, str], ...] = (
    {"past": "done", "current": "now", "next": "next round"},
    {"past": "done", "current": "now", "next": "next"},
    {},
)


class Timeline:
    """See the module docstring. `rect` is set by the scene; `text.scale` is the UI scale."""

    BASE_HEIGHT = 94

    def __init__(self, text: Text | None = None):
        self.text = text or Text(1.0)
        self.rect = pygame.Rect(0, 0, 1280, self.preferred_height())
        self._key: Any = None
        self._surf: pygame.Surface | None = None
        self._tokens: dict[tuple, pygame.Surface] = {}
        #: hit regions from the last render, in bar-local pixels: (rect, cid, mark or None)
        self._hits: list[tuple[pygame.Rect, str, Mark | None]] = []
        #: the last pointer asked about, the picture's hit list and the rect it held, and the
        #: answer: a frame asks up to three times for the same pointer (ring, hover, tooltip)
        self._last_hit: tuple[Any, Any, Any, Any] = (None, None, None, None)
        self._view: TimelineView | None = None
        #: each column's (label, header rect, corner note rect or None, column rect), bar-local,
        #: from the last render (tests check the words never overlap)
        self._labels: list[tuple[str, pygame.Rect, pygame.Rect | None, pygame.Rect]] = []
        self.renders = 0                      # how many times the bar was re-rendered (tests)

    def preferred_height(self, scale: float | None = None) -> int:
        return int(round(self.BASE_HEIGHT * (self.text.scale if scale is None else scale)))

    # -- public -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, view: TimelineView,
             portrait: Portrait | None = None, hover: str | None = None) -> None:
        """Blit the bar (re-rendered only when the view, size or scale changed); `hover` lights
        the combatant under the pointer in every column."""
        key = (view, self.rect.size, self.text.scale, portrait is None)
        if key != self._key or self._surf is None:
            self._surf = self._render(view, portrait)
            self._key = key
            self._view = view
            self.renders += 1
        surface.blit(self._surf, self.rect.topleft)
        if hover:
            for r, cid, mark in self._hits:
                if cid == hover and mark is None:
                    pygame.draw.circle(surface, (255, 246, 224),
                                       r.move(self.rect.topleft).center, r.w // 2 + 2, 2)

    def at(self, pos: tuple[int, int]) -> str | None:
        """The combatant whose token (or mark) is under `pos` (screen pixels)."""
        hit = self._hit(pos)
        return hit[1] if hit else None

    def tip_at(self, pos: tuple[int, int]) -> tuple[str, list] | None:
        """(title, lines) for the tooltip under `pos`: a mark's sentence, or the combatant's
        sheet of time (budget, slot, what it has under way, cooldowns, conditions)."""
        hit = self._hit(pos)
        if hit is None or self._view is None:
            return None
        _r, cid, mark = hit
        ct = self._view.combatant(cid)
        if mark is not None:
            return (ct.name if ct else cid), [mark.tip]
        return ct.tooltip() if ct is not None else None

    def token_rect(self, cid: str, column: int = 0) -> pygame.Rect | None:
        """Screen rect of `cid`'s token in the `column`-th column it appears in (0 = the first
        drawn), from the last render; None when it is not drawn."""
        found = [r for r, c, mark in self._hits if c == cid and mark is None]
        if column >= len(found):
            return None
        return found[column].move(self.rect.topleft)

    def _hit(self, pos: tuple[int, int]) -> tuple[pygame.Rect, str, Mark | None] | None:
        last_pos, last_hits, last_rect, answer = self._last_hit
        if last_hits is self._hits and last_pos == pos and last_rect == self.rect:
            return answer
        answer = None
        if self.rect.collidepoint(pos):
            local = (pos[0] - self.rect.x, pos[1] - self.rect.y)
            for entry in reversed(self._hits):       # marks are added after tokens: they win
                if entry[0].collidepoint(local):
                    answer = entry
                    break
        # a new render makes a new hit list, so an answer never outlives its picture
        self._last_hit = (tuple(pos), self._hits, pygame.Rect(self.rect), answer)
        return answer

    # -- rendering ----------------------------------------------------------------------------------
    def _render(self, view: TimelineView, portrait: Portrait | None) -> pygame.Surface:
        s = self.text.scale
        px = lambda v: max(1, int(round(v * s)))  # noqa: E731
        w, h = self.rect.size
        surf = canvas(self._surf, (w, h))            # the last picture, painted over
        surf.fill(BAR_BG)
        pygame.draw.line(surf, BORDER, (0, h - 1), (w, h - 1))
        self._hits = []
        # the round block
        x = px(12)
        cap = self.text.render("ROUND", 11, DIM, True)
        num = self.text.render(str(view.round) if view.round >= 1 else "–", 30, WARM_HI, True)
        block_w = max(cap.get_width(), num.get_width())
        surf.blit(cap, (x + (block_w - cap.get_width()) // 2, px(10)))
        surf.blit(num, (x + (block_w - num.get_width()) // 2, px(24)))
        sub = ("over" if view.over else "opening" if view.opening else f"segment {view.segment}")
        st = self.text.render(sub, 11, DIM)
        surf.blit(st, (x + block_w // 2 - st.get_width() // 2, h - st.get_height() - px(8)))
        x += max(block_w, st.get_width()) + px(14)
        # columns: the token size shrinks until every column fits, its label included
        gap, col_pad = px(6), px(8)
        col_gap = px(6)
        small = 0.72
        segs = list(view.segments)
        avail = w - x - px(10)
        top = px(20)
        # the tallest token the bar's height allows (budget row and marks row below it)
        token = max(px(20), int((h - top - px(26)) / 1.26))
        min_token = px(18)
        headers = [self.text.render(sg.label, 13, WARM_HI if sg.when == "current" else
                                    TEXT if sg.when == "future" else DIM, True) for sg in segs]
        label_gap = px(8)

        def notes_for(level: int) -> list[pygame.Surface | None]:
            """Each column's corner note: full words (level 0), short (1) or none (2). The
            header already names the segment, so the note is the first thing to give way."""
            out: list[pygame.Surface | None] = []
            for sg in segs:
                words = NOTES[min(level, len(NOTES) - 1)].get(sg.when, "")
                out.append(self.text.render(words, 11, WARM if sg.when == "current" else DIM,
                                            True) if words else None)
            return out

        def label_w(i: int, notes: list[pygame.Surface | None]) -> int:
            n = notes[i]
            return headers[i].get_width() + col_pad * 2 + (label_gap + n.get_width() if n else 0)

        def widths(t: int, g: int, notes: list[pygame.Surface | None]) -> list[int]:
            out = []
            for i, sg in enumerate(segs):
                k = 1.0 if sg.when in ("current", "future") else small
                tt = max(8, int(t * k))
                tokens_w = max(1, len(sg.turns)) * (tt + g) - g + col_pad * 2
                out.append(max(tokens_w, label_w(i, notes)))
            return out

        def total(t: int, g: int, notes: list[pygame.Surface | None]) -> int:
            return sum(widths(t, g, notes)) + col_gap * (len(segs) - 1)

        level = 0
        notes = notes_for(level)
        while True:
            while token > min_token and total(token, gap, notes) > avail:
                token -= 1
            if total(token, gap, notes) <= avail or level >= len(NOTES) - 1:
                break
            level += 1
            notes = notes_for(level)
        # room to spare: a key to the symbols at the right end, then wider gaps
        legend_w = px(196)
        show_legend = avail - total(token, gap, notes) >= legend_w + px(20)
        if show_legend:
            avail -= legend_w
        n_turns = sum(max(1, len(sg.turns)) for sg in segs)
        spare = avail - total(token, gap, notes)
        if spare > 0:
            gap += min(px(16), int(spare / max(1, n_turns)))
        self._labels = []
        for i, (sg, cw) in enumerate(zip(segs, widths(token, gap, notes))):
            k = 1.0 if sg.when in ("current", "future") else small
            t = max(8, int(token * k))
            col = pygame.Rect(x, px(4), cw, h - px(8))
            self._column(surf, col, sg, headers[i], notes[i], t, gap, col_pad, view, portrait,
                         top)
            x = col.right + col_gap
        if show_legend:
            self._legend(surf, pygame.Rect(w - legend_w - px(6), px(4), legend_w, h - px(8)))
        return surf.convert_alpha() if pygame.display.get_surface() is not None else surf

    def _column(self, surf: pygame.Surface, col: pygame.Rect, sg: Segment,
                header: pygame.Surface, note: pygame.Surface | None, t: int, gap: int,
                pad: int, view: TimelineView, portrait: Portrait | None, top: int) -> None:
        s = self.text.scale
        px = lambda v: max(1, int(round(v * s)))  # noqa: E731
        bg = {"current": NOW_BG, "past": PAST_BG, "next": NEXT_BG}.get(sg.when, PANEL)
        pygame.draw.rect(surf, bg, col, border_radius=px(6))
        edge = WARM if sg.when == "current" else BORDER
        pygame.draw.rect(surf, edge, col, 2 if sg.when == "current" else 1, border_radius=px(6))
        head_rect = surf.blit(header, (col.x + pad, col.y + px(2)))
        note_rect = None
        if note is not None:
            note_rect = surf.blit(note, (col.right - pad - note.get_width(), col.y + px(4)))
        self._labels.append((sg.label, head_rect, note_rect, col.copy()))
        x = col.x + pad
        ty = col.y + top
        for turn in sg.turns:
            ct = view.combatant(turn.cid)
            if ct is None:
                continue
            box = pygame.Rect(x, ty, t, t)
            self._token(surf, box, ct, turn, sg, portrait)
            self._hits.append((box.copy(), ct.id, None))
            below = box.bottom + px(3)
            if sg.when == "current" and turn.status != "down":
                below = self._budget(surf, box, ct, below) + px(2)
            if turn.marks:
                self._marks(surf, box, ct, turn.marks, below, col.bottom - px(2))
            x += t + gap

    def _legend(self, surf: pygame.Surface, r: pygame.Rect) -> None:
        """A key to the small symbols, in two columns."""
        s = self.text.scale
        px = lambda v: max(1, int(round(v * s)))  # noqa: E731
        rows = [("budget", "budget left"), ("swift", "Swifts left"),
                ("slot", "slot used"), ("clock", "cooling down"),
                ("hit", "attack lands"), ("hold", "held back")]
        size = px(12)
        lh = (r.h - px(4)) // 3
        colw = r.w // 2
        for i, (icon, label) in enumerate(rows):
            x = r.x + (i // 3) * colw
            y = r.y + px(2) + (i % 3) * lh
            c = (x + size // 2 + px(2), y + lh // 2)
            if icon == "budget":
                pygame.draw.rect(surf, WARM, (c[0] - size // 2, c[1] - size // 3, size // 2 - 1,
                                              size * 2 // 3), border_radius=2)
                pygame.draw.rect(surf, WARM, (c[0] + 1, c[1] - size // 3, size // 2 - 1,
                                              size * 2 // 3), border_radius=2)
            elif icon == "swift":
                q = size // 3
                for dx in (-q, q):
                    pygame.draw.polygon(surf, SWIFT, [(c[0] + dx, c[1] - q), (c[0] + dx + q, c[1]),
                                                      (c[0] + dx, c[1] + q), (c[0] + dx - q, c[1])])
            elif icon == "slot":
                pygame.draw.circle(surf, (60, 150, 90), c, size // 2)
                pygame.draw.lines(surf, (240, 255, 240), False,
                                  [(c[0] - size * 0.25, c[1]), (c[0] - size * 0.05, c[1] + size * 0.2),
                                   (c[0] + size * 0.25, c[1] - size * 0.2)], max(1, size // 8))
            elif icon == "clock":
                pygame.draw.circle(surf, (210, 214, 224), c, size // 2)
                pygame.draw.line(surf, sprites.OUTLINE, c, (c[0], c[1] - size * 0.35), 1)
                pygame.draw.line(surf, sprites.OUTLINE, c, (c[0] + size * 0.25, c[1]), 1)
            elif icon == "hit":
                pts = []
                for k in range(12):
                    rad = size / 2 if k % 2 == 0 else size / 3.2
                    a = math.pi * 2 * k / 12
                    pts.append((c[0] + rad * math.cos(a), c[1] + rad * math.sin(a)))
                pygame.draw.polygon(surf, DANGER, pts)
            else:
                lab = self.text.render("S2", 9, (255, 255, 255), True)
                box = lab.get_rect(center=c)
                pygame.draw.rect(surf, (70, 70, 96), box.inflate(px(4), 0), border_radius=3)
                surf.blit(lab, box)
            t = self.text.fit(label, 11, colw - size - px(8), DIM)
            surf.blit(t, (x + size + px(6), c[1] - t.get_height() // 2))

    # -- pieces ---------------------------------------------------------------------------------------
    def _token_img(self, ct: CombatantTime, t: int) -> pygame.Surface:
        key = (ct.id, ct.colour, ct.outline, ct.glyph, ct.side, t)
        got = self._tokens.get(key)
        if got is None:
            k = 2
            big = pygame.Surface((t * k, t * k), pygame.SRCALPHA)
            c = t * k / 2
            side = (88, 150, 230) if ct.side % 2 == 0 else (226, 96, 78)
            plate = sprites.side_shape_points(ct.side, c, c, c * 0.92)
            pygame.draw.polygon(big, sprites.OUTLINE, plate)
            inner = sprites.side_shape_points(ct.side, c, c, c * 0.80)
            pygame.draw.polygon(big, side, inner)
            pygame.draw.circle(big, sprites.OUTLINE, (c, c), c * 0.64)
            pygame.draw.circle(big, ct.colour, (c, c), c * 0.58)
            pygame.draw.circle(big, sprites.shade(ct.colour, 0.35), (c - c * 0.18, c - c * 0.2),
                               c * 0.2)
            g = self.text.font(max(8, int(t * 0.42 / self.text.scale)), True)
            img = g.render(ct.glyph, True, (16, 18, 22))
            img = pygame.transform.smoothscale(img, (img.get_width() * k, img.get_height() * k))
            big.blit(img, img.get_rect(center=(c, c + c * 0.02)))
            got = pygame.transform.smoothscale(big, (t, t))
            self._tokens[key] = got
        return got

    def _token(self, surf: pygame.Surface, box: pygame.Rect, ct: CombatantTime, turn: Turn,
               sg: Segment, portrait: Portrait | None) -> None:
        s = self.text.scale
        t = box.w
        if turn.status == "acting":
            glow = box.inflate(int(8 * s), int(8 * s))
            pygame.draw.circle(surf, (90, 66, 30), glow.center, glow.w // 2)
            pygame.draw.circle(surf, WARM, glow.center, glow.w // 2, max(2, int(2 * s)))
        img = portrait(ct, t) if portrait is not None else self._token_img(ct, t)
        dim = turn.status in ("done", "down") or sg.when == "past"
        if turn.status == "delayed":
            dim = True
        if dim:
            img = img.copy()
            img.set_alpha(95 if turn.status == "down" else 120)
        surf.blit(img, box)
        if turn.status == "down":
            m = max(2, t // 7)
            pygame.draw.line(surf, DANGER, (box.x + m, box.y + m), (box.right - m, box.bottom - m),
                             max(2, t // 10))
            pygame.draw.line(surf, DANGER, (box.right - m, box.y + m), (box.x + m, box.bottom - m),
                             max(2, t // 10))
        elif turn.status == "delayed" and ct.delayed_until:
            # the segment it may first start an action in (BND-19..21)
            if sg.when != "past":       # small past tokens keep just the hourglass
                lab = self.text.render(f"S{ct.delayed_until}", 10, (255, 255, 255), True)
                r = lab.get_rect(center=(box.centerx, box.bottom - lab.get_height() // 2))
                pygame.draw.rect(surf, (70, 70, 96), r.inflate(int(6 * s), 0), border_radius=4)
                surf.blit(lab, r)
            # an hourglass on the token's upper right
            hx, hy, hs = box.right - t // 6, box.y + t // 6, max(3, t // 7)
            pts = [(hx - hs, hy - hs), (hx + hs, hy - hs), (hx - hs, hy + hs), (hx + hs, hy + hs)]
            pygame.draw.polygon(surf, (210, 210, 240), pts)
            pygame.draw.polygon(surf, sprites.OUTLINE, pts, 1)
        if turn.lead:
            # a small crown: first in this S1 (BND-29)
            cw = max(8, t // 3)
            cx, cy = box.x + cw // 2 - 1, box.y + 1
            crown = [(cx - cw // 2, cy + cw // 2), (cx - cw // 2, cy), (cx - cw // 4, cy + cw // 4),
                     (cx, cy - 1), (cx + cw // 4, cy + cw // 4), (cx + cw // 2, cy),
                     (cx + cw // 2, cy + cw // 2)]
            pygame.draw.polygon(surf, GOLD, crown)
            pygame.draw.polygon(surf, sprites.OUTLINE, crown, 1)
        if sg.when == "current" and turn.slot_used and turn.status != "down":
            # this segment's slot is taken: a tick in a disc on the lower right
            r = max(5, t // 6)
            c = (box.right - r + 2, box.bottom - r + 2)
            pygame.draw.circle(surf, (60, 150, 90), c, r)
            pygame.draw.circle(surf, sprites.OUTLINE, c, r, 1)
            pygame.draw.lines(surf, (240, 255, 240), False,
                              [(c[0] - r * 0.5, c[1]), (c[0] - r * 0.1, c[1] + r * 0.4),
                               (c[0] + r * 0.5, c[1] - r * 0.4)], max(1, r // 3))
        if sg.when == "current" and ct.cooldowns and turn.status != "down":
            # a clock: something is cooling down (ready round in the tooltip)
            r = max(4, t // 7)
            c = (box.right - r + 1, box.y + r - 1)
            pygame.draw.circle(surf, (210, 214, 224), c, r)
            pygame.draw.circle(surf, sprites.OUTLINE, c, r, 1)
            pygame.draw.line(surf, sprites.OUTLINE, c, (c[0], c[1] - r * 0.7), 1)
            pygame.draw.line(surf, sprites.OUTLINE, c, (c[0] + r * 0.5, c[1]), 1)

    def _budget(self, surf: pygame.Surface, box: pygame.Rect, ct: CombatantTime, y: int) -> int:
        """Two budget halves and two Swift pips under the token; returns the row's bottom."""
        s = self.text.scale
        b = ct.budget
        t = box.w
        ph = max(7, int(t * 0.26))
        half = max(5, int(t * 0.30))
        sw = max(2, int(t * 0.085))              # a Swift diamond's half-width
        total = half * 2 + 1 + max(2, t // 16) + sw * 4 + 2
        x = box.centerx - total // 2
        font = self.text.font(max(6, int(ph * 0.95 / s)), True)
        letters = list(b.best) + [""] * (2 - len(b.best))
        for i in range(2):
            r = pygame.Rect(x + i * (half + 1), y, half, ph)
            on = i < b.halves
            pygame.draw.rect(surf, WARM if on else PIP_OFF, r, border_radius=2)
            if on and letters[i] and half >= 8:
                g = font.render(letters[i][0].upper(), True, (40, 26, 8))
                surf.blit(g, g.get_rect(center=r.center))
        if b.full:
            # joined: together they can still make a Full action
            pygame.draw.rect(surf, GOLD, (x - 1, y - 1, half * 2 + 3, ph + 2), 1, border_radius=3)
        x += half * 2 + 1 + max(2, t // 16)
        for i in range(b.swifts_max):
            c = (x + sw + i * (sw * 2 + 2), y + ph // 2)
            pts = [(c[0], c[1] - sw), (c[0] + sw, c[1]), (c[0], c[1] + sw), (c[0] - sw, c[1])]
            pygame.draw.polygon(surf, SWIFT if i < b.swifts_left else PIP_OFF, pts)
        return y + ph

    def _marks(self, surf: pygame.Surface, box: pygame.Rect, ct: CombatantTime,
               marks: tuple[Mark, ...], y: int, bottom: int) -> None:
        s = self.text.scale
        size = max(10, min(int(15 * s), bottom - y))
        shown = marks[:3]
        total = len(shown) * (size + 1) - 1
        x = box.centerx - total // 2
        font = self.text.font(max(6, int(size * 0.62 / s)), True)
        for m in shown:
            r = pygame.Rect(x, y, size, size)
            if m.kind == "contact" or m.kind == "resolve":
                # the moment of impact: a red burst
                pts = []
                for i in range(12):
                    rad = size / 2 if i % 2 == 0 else size / 3.2
                    a = math.pi * 2 * i / 12
                    pts.append((r.centerx + rad * math.cos(a), r.centery + rad * math.sin(a)))
                pygame.draw.polygon(surf, DANGER, pts)
                pygame.draw.polygon(surf, sprites.OUTLINE, pts, 1)
                g = font.render("!", True, (255, 255, 255))
            elif m.kind == "stop":
                pygame.draw.circle(surf, (96, 100, 110), r.center, size // 2)
                pygame.draw.circle(surf, sprites.OUTLINE, r.center, size // 2, 1)
                g = font.render("×", True, (240, 240, 240))
            elif m.kind == "advance":
                pygame.draw.circle(surf, m.colour, r.center, size // 2)
                pygame.draw.circle(surf, sprites.OUTLINE, r.center, size // 2, 1)
                g = font.render(m.glyph[:1], True, (16, 18, 22))
            elif m.kind == "move":
                pygame.draw.rect(surf, (70, 150, 96), r, border_radius=3)
                pygame.draw.rect(surf, sprites.OUTLINE, r, 1, border_radius=3)
                g = font.render(m.text, True, (240, 255, 240))
            elif m.kind == "push":
                pygame.draw.rect(surf, (200, 160, 50), r, border_radius=3)
                pygame.draw.rect(surf, sprites.OUTLINE, r, 1, border_radius=3)
                g = font.render(m.text, True, (30, 24, 8))
            else:   # "grow"
                pygame.draw.rect(surf, m.colour, r)
                pygame.draw.rect(surf, sprites.OUTLINE, r, 1)
                g = font.render(m.glyph[:1], True, (16, 18, 22))
            surf.blit(g, g.get_rect(center=r.center))
            self._hits.append((r.copy(), ct.id, m))
            x += size + 1
        if len(marks) > 3:
            more = self.text.render(f"+{len(marks) - 3}", 10, COOL, True)
            surf.blit(more, (x + 1, y))

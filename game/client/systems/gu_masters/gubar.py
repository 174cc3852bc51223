"""The Gu bar of the gu_masters battle screen: a row under the map with one card per Gu and
killer move of the selected creature, or of the deciding one while a prompt waits (cost,
reach, kept up or not), the creature's essence and the activations it has left at its left
end. Pressing a card enters its targeting mode, or acts at once (a Gu on itself, Release for
one kept up); hovering it shows what it does, its cost and the forecast of its best aim.

Owns: laying out and drawing the cards, and answering the battle scene's widget questions
(`rect`, `draw`, `at`, `tip_at`; see BattleScene.widgets).

Must not: decide a rule or read the match: every card, its words and what it does come from
the presenter's `gu_bar` (which asks the engine and the legal list).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.client.presenters import ActionButton
from game.client.ui import battle_widgets as W

if TYPE_CHECKING:
    from game.client.scenes.battle import BattleScene
    from game.client.systems.gu_masters.presenter import GuSlot

KILLER = (186, 120, 230)           # a killer move's stripe: apart from the Gu's warm edge
BACK = (24, 28, 36)
BACK_ON = (58, 46, 26)             # the card whose targeting mode is on


class GuBar:
    """See the module docstring. A row of its own under the map (`reserve`, placed by the
    battle scene); laid out again only when its cards, its row or the mode change."""

    reserve = 52                       # design pixels of the row kept under the map

    def __init__(self, scene: "BattleScene"):
        self.scene = scene
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.head = ""
        self.cards: list[tuple[pygame.Rect, "GuSlot"]] = []
        self.who: str | None = None          # the creature whose Gu the row shows
        self._key: Any = None
        self._look: Any = None
        self._pic: pygame.Surface | None = None

    def place(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self._key = None

    def _slots(self) -> tuple[str, list["GuSlot"]]:
        sc = self.scene
        self.who = None
        if sc.match.over:
            return "", []
        # while a prompt waits, the bar of the one deciding (its shield Gu, its essence)
        d = sc.decision
        uid = d.actor if d is not None and d.stage not in sc.board_stages and d.actor \
            else sc.selected
        if uid is None:
            return "", []
        self.who = uid
        return sc.ask(sc.presenter.gu_bar, uid, sc.human_turn())

    def _head_w(self) -> int:
        return int(168 * self.scene.text.scale)

    def refresh(self) -> None:
        sc = self.scene
        head, slots = self._slots()
        key = (head, tuple((s.id, s.line, s.spec.enabled, s.kept) for s in slots),
               tuple(self.rect), sc.text.scale, self.who)
        if key == self._key:
            self.cards = [(r, s) for (r, _), s in zip(self.cards, slots)]
            return
        self._key, self.head = key, head
        self.cards = []
        if not slots:
            return
        k = sc.text.scale
        pad, gap = int(5 * k), int(4 * k)
        left = self.rect.x + self._head_w()
        room = self.rect.right - pad - left
        w = max(int(72 * k), min(int(150 * k), (room - gap * (len(slots) - 1)) // len(slots)))
        h = self.rect.h - 2 * pad
        x = left
        for s in slots:
            self.cards.append((pygame.Rect(x, self.rect.y + pad, w, h), s))
            x += w + gap

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int]) -> None:
        """The row, drawn once per look (cards, pointed card, mode, whose turn) and then
        blitted: a frame does not set its text again."""
        if not self.rect.h:
            return
        self.refresh()
        sc = self.scene
        lit = next((i for i, (r, _s) in enumerate(self.cards) if r.collidepoint(mouse)), -1)
        look = (self._key, lit, sc.effective_mode(), sc.human_turn())
        if look != self._look or self._pic is None:
            pic = pygame.Surface(self.rect.size)
            self._paint(pic, (mouse[0] - self.rect.x, mouse[1] - self.rect.y))
            self._pic, self._look = pic, look
        surface.blit(self._pic, self.rect)

    def _paint(self, surface: pygame.Surface, mouse: tuple[int, int]) -> None:
        """Draw the row on `surface`, a picture of the row's own size (origin at its corner)."""
        sc = self.scene
        k = sc.text.scale
        # the cards' rectangles are in screen space: move them onto the picture
        dx, dy = -self.rect.x, -self.rect.y
        area = surface.get_rect()
        pygame.draw.rect(surface, (22, 26, 33), area)
        pygame.draw.line(surface, W.BORDER, area.topleft, area.topright)
        pad = int(8 * k)
        room = self._head_w() - 2 * pad
        if not self.cards:
            # said only of a creature shown: an empty row with nobody selected or once the
            # battle is over (the results read "a beast" under a fallen Gu Master)
            if self.who is not None:
                surface.blit(sc.text.fit("No Gu: a beast fights with what it has", 13,
                                         area.w - 2 * pad, W.DIM),
                             (pad, area.centery - int(8 * k)))
            return
        essence, _, rest = self.head.partition(" · ")
        surface.blit(sc.text.fit(f"Gu · {essence}", 13, room, W.COOL, True), (pad, int(7 * k)))
        surface.blit(sc.text.fit(rest, 12, room, W.TEXT), (pad, int(28 * k)))
        mode = sc.effective_mode()
        for r, s in self.cards:
            r = r.move(dx, dy)
            self._card(surface, r, s, r.collidepoint(mouse), s.spec.mode is not None
                       and s.spec.mode == mode)

    def _card(self, surface: pygame.Surface, r: pygame.Rect, s: "GuSlot", hovered: bool,
              on: bool) -> None:
        sc = self.scene
        k = sc.text.scale
        on_turn = s.spec.enabled and sc.human_turn()
        edge = (W.WARM_HI if on else W.WARM) if on_turn else W.COOL if s.kept else W.BORDER
        pygame.draw.rect(surface, BACK_ON if on else (34, 40, 50) if hovered else BACK, r,
                         border_radius=5)
        pygame.draw.rect(surface, edge, r, 2 if on or (hovered and on_turn) else 1,
                         border_radius=5)
        if s.killer:
            pygame.draw.rect(surface, KILLER, (r.x + 2, r.y + 4, max(2, int(3 * k)), r.h - 8))
        inner = r.w - int(14 * k)
        name = s.name[:-3] if s.name.endswith(" Gu") else s.name     # the card says it is one
        fg = W.TEXT if s.spec.enabled else W.DIM
        surface.blit(sc.text.fit(name, 14, inner, fg, True), (r.x + int(8 * k), r.y + int(4 * k)))
        small = W.COOL if s.kept else KILLER if s.killer else W.DIM
        surface.blit(sc.text.fit(s.line, 12, inner, small),
                     (r.x + int(8 * k), r.y + int(23 * k)))

    def at(self, pos: tuple[int, int]) -> ActionButton | None:
        for r, s in self.cards:
            if r.collidepoint(pos):
                return s.spec
        return None

    def tip_at(self, pos: tuple[int, int]) -> tuple[str, list[str]] | None:
        if not self.rect.collidepoint(pos):
            return None
        for r, s in self.cards:
            if r.collidepoint(pos):
                tip = list(s.tip)
                if s.spec.enabled and s.spec.mode:
                    best = self.scene.ask(self.scene.presenter.best_aim, s.spec.mode)
                    if best:
                        tip.insert(len(tip) - 1, best)
                return s.name, tip
        if self.head and pos[0] < self.rect.x + self._head_w():
            return "Gu", [self.head,
                          "Essence pays for each Gu; a Gu Master's Activations cap how many Gu "
                          "it activates in its one combat action"]
        return None

    def card_pos(self, ident: str) -> tuple[int, int] | None:
        """The centre of the card of the Gu (or killer move) `ident` (tests click there)."""
        self.refresh()
        return next((r.center for r, s in self.cards if s.id == ident), None)

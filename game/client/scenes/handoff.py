"""The hotseat hand-off curtain: "<seat>, your turn", full screen, click or key to reveal.

Owns: hiding the table between two human seats. The scene is opaque (not an overlay), so the
scene below is NOT drawn: nothing private can show before the click. A short recap of what
the other side did (lines given by the battle scene, already filtered to what this seat may
see) is shown on the curtain. Input is ignored for a brief moment so a click meant for the
previous turn does not lift the curtain by accident.

Pops `DialogResult("handoff", True)` when lifted.

Must not: draw anything from the match itself.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Iterable

import pygame

from game.client.scene import Scene, Transition, pop, push
from game.client.ui import draw
from game.client.ui.dialogs import DialogResult

if TYPE_CHECKING:
    from game.client.app import App

ARM_DELAY = 0.35     # seconds before input lifts the curtain
MAX_RECAP = 8


class HandoffScene(Scene):
    overlay = False

    def __init__(self, app: "App", seat_name: str, recap: Iterable[str] = (),
                 subtitle: str = "", first: bool = False):
        super().__init__(app)
        # the recap's heading: a seat's first look at the table has no "last turn" to speak of
        self.heading = "SO FAR" if first else "SINCE YOUR LAST TURN"
        self.seat_name = seat_name
        self.recap = [str(line) for line in recap][-MAX_RECAP:]
        self.subtitle = subtitle
        self.age = 0.0
        self.title_rect = pygame.Rect(0, 0, 0, 0)      # where the title was last drawn (tests)
        self.hint_rect = pygame.Rect(0, 0, 0, 0)       # the "click to reveal" line, last drawn
        self.recap_rect = pygame.Rect(0, 0, 0, 0)      # the recap box, last drawn
        self.shown_recap: list[str] = []               # the recap lines that fit

    @property
    def armed(self) -> bool:
        return self.age >= ARM_DELAY

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        if not self.armed:
            return None
        if event.type == pygame.MOUSEBUTTONUP or (
                event.type == pygame.KEYDOWN and event.key not in (pygame.K_LALT, pygame.K_RALT,
                                                                   pygame.K_LSHIFT, pygame.K_RSHIFT,
                                                                   pygame.K_LCTRL, pygame.K_RCTRL)):
            return pop(DialogResult("handoff", True))
        return None

    def update(self, dt: float) -> Transition | None:
        self.age += dt
        return None

    def draw(self, surface: pygame.Surface) -> None:
        px = self.app.px
        draw.table_background(surface, (14, 16, 21))
        sw, sh = surface.get_size()
        cy = int(sh * 0.36) if self.recap else sh // 2 - px(30)
        draw.emblem(surface, (sw // 2, cy - px(120)), px(34))
        title, size = draw.fitted(f"{self.seat_name}, your turn", px(54), sw - px(80), bold=True,
                                  smallest=px(30))
        self.title_rect = draw.text(surface, title, (sw // 2, cy), size, draw.TEXT, bold=True,
                                    anchor="center")
        draw.ornament(surface, (sw // 2, cy + px(48)), px(220))
        if self.subtitle:
            draw.text(surface, self.subtitle, (sw // 2, cy + px(70)), px(18), draw.TEXT_DIM,
                      anchor="midtop")
        pulse = 0.6 + 0.4 * math.sin(self.age * 3.0) if self.armed else 0.35
        hint = tuple(int(c * pulse) for c in draw.WARM)
        self.hint_rect = draw.text(surface, "Click or press any key to reveal the table",
                                   (sw // 2, sh - px(70)), px(20), hint, anchor="center")
        if self.recap:
            line_h = px(28)
            top = cy + px(110)
            # as many of the latest lines as fit above the hint (it says how to go on)
            room = max(1, (self.hint_rect.top - px(12) - top - px(56)) // line_h)
            self.shown_recap = self.recap[-room:]
            h = px(56) + line_h * len(self.shown_recap)
            box = pygame.Rect(0, 0, min(sw - px(120), px(760)), h)
            box.midtop = (sw // 2, top)
            self.recap_rect = box
            draw.panel(surface, box, radius=px(10))
            draw.text(surface, self.heading, (box.x + px(24), box.y + px(16)), px(15),
                      draw.WARM, bold=True)
            y = box.y + px(46)
            for line in self.shown_recap:
                draw.text(surface, _clip(line, 90), (box.x + px(24), y), px(17), draw.TEXT,
                          shadow=False)
                y += line_h


def _clip(s: str, n: int) -> str:
    return s if len(s) <= n else s[: n - 1] + "…"


def hand_off(app: "App", seat_name: str, recap: Iterable[str] = (), subtitle: str = "",
             first: bool = False) -> Transition:
    """The push that raises the curtain (`first`: the seat has not seen the table yet); the
    scene below gets DialogResult("handoff", True)."""
    return push(HandoffScene(app, seat_name, recap, subtitle, first))

"""Modal dialogs drawn over the scene below: confirm (with "don't ask again") and error.

Owns:
- `DialogResult(tag, ok, value)`, what a dialog hands back through `pop` to the scene below's
  `resumed(result)`;
- `ConfirmDialog` and the `confirm(...)` helper that skips the dialog when the player ticked
  "don't ask again" for that prompt (the flag is kept in the settings file);
- `ErrorDialog`, which names the problem (file and reason) and offers Close and/or Back to menu.

Usage from any scene (e.g. ending a turn with slots unused):
    t = confirm(app, "end_turn_unused", "End turn?", "Two units can still act.", tag="end_turn")
    if t is None:        # the player asked never to be asked: go ahead
        ...end the turn...
    else:
        return t         # later: resumed(DialogResult(tag="end_turn", ok=True/False))

Must not: change a match or any file except the settings' don't-ask flags.
"""
from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

import pygame

from game.client.scene import Transition, pop, push, reset
from game.client import resources
from game.client.ui import draw
from game.client.ui.base import UIScene

if TYPE_CHECKING:
    from game.client.app import App


@dataclass(frozen=True, slots=True)
class DialogResult:
    tag: str
    ok: bool
    value: Any = None


def html_lines(text: str) -> str:
    return "<br>".join(escape(line) for line in text.splitlines())


class Dialog(UIScene):
    """A centred box over a dimmed copy of the scene below. Subclasses fill `buttons()`."""

    overlay = True
    width = 560
    danger = False

    def __init__(self, app: "App", title: str, message: str, detail: str = ""):
        super().__init__(app)
        self.box_width = self.width
        self.title = title
        self.message = message
        self.detail = detail

    def draw(self, surface: pygame.Surface) -> None:
        draw.dim(surface, 175)

    def body_height(self) -> int:
        """Design-pixel height of the message area, measured with the real font."""
        text = self.message + ("\n" + self.detail if self.detail else "")
        scale = self.app.scale
        needed = draw.text_height(text, self.px(18), self.px(self.box_width - 48)) / scale
        return int(min(360, needed + 6))

    def extra_height(self) -> int:
        return 0

    def build(self) -> None:
        labels = self.buttons()
        gap = 12
        # wide enough for the label in the big bold face the primary button uses
        face = resources.font(self.px(24), True)
        widths = [max(170, int(face.size(text)[0] / self.app.scale) + 44) for text, _, _ in labels]
        # the box grows to hold its buttons (a long answer such as an action's name pushed
        # Cancel out of it), never past the window
        need = sum(widths) + (len(labels) - 1) * gap + 48
        w = max(self.width, min(need, int(self.app.size[0] / self.app.scale) - 40))
        self.box_width = w                 # the width laid out now (design pixels)
        body = self.body_height()
        h = 62 + body + self.extra_height() + 76
        sw, sh = self.app.size
        box = pygame.Rect(0, 0, self.px(w), self.px(h))
        box.center = (sw // 2, sh // 2)
        self.box = self.panel(box, "#dialog_danger" if self.danger else "#dialog")
        self.label(self.rect(24, 14, w - 48, 40), self.title, "#heading", container=self.box)
        html = html_lines(self.message)
        if self.detail:
            html += f"<br><font color='#9aa4b0'>{html_lines(self.detail)}</font>"
        self.textbox(self.rect(20, 58, w - 40, body), html, container=self.box)
        self.build_extra(62 + body)
        x = w - 24 - sum(widths) - (len(labels) - 1) * gap
        for (text, action, object_id), bw in zip(labels, widths):
            self.button(self.rect(x, h - 64, bw, 44), text, action, object_id=object_id,
                        container=self.box)
            x += bw + gap

    def build_extra(self, y: int) -> None:
        """Widgets between the message and the buttons (design pixel `y` inside the box)."""

    def buttons(self) -> list[tuple[str, Any, str | None]]:
        return [("Close", lambda: pop(None), None)]


class MessageDialog(Dialog):
    """Something the player should know, with one OK. Pops DialogResult(tag, True)."""

    def __init__(self, app: "App", title: str, message: str, *, tag: str = "message",
                 detail: str = ""):
        super().__init__(app, title, message, detail)
        self.tag = tag

    def buttons(self):
        return [("OK", lambda: pop(DialogResult(self.tag, True)), "#primary")]

    def on_back(self) -> Transition:
        return pop(DialogResult(self.tag, True))

    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.on_back()
        return None


class ConfirmDialog(Dialog):
    """Yes/no, with an optional "don't ask again" box. Pops `DialogResult(tag, ok)`."""

    def __init__(self, app: "App", title: str, message: str, *, tag: str = "confirm",
                 ok_label: str = "OK", cancel_label: str = "Cancel",
                 prompt_id: str | None = None, danger: bool = False):
        super().__init__(app, title, message)
        self.tag = tag
        self.ok_label = ok_label
        self.cancel_label = cancel_label
        self.prompt_id = prompt_id
        self.danger = danger
        self.dont_ask = False

    def extra_height(self) -> int:
        return 40 if self.prompt_id else 0

    def build_extra(self, y: int) -> None:
        if self.prompt_id:
            self.dont_ask_box = self.checkbox(self.rect(24, y + 8, 22, 22), "Don't ask again",
                                              self.dont_ask, self._toggle, container=self.box)

    def _toggle(self, checked: bool) -> None:
        self.dont_ask = checked

    def answer(self, ok: bool) -> Transition:
        if ok and self.dont_ask and self.prompt_id:
            self.app.settings.dont_ask[self.prompt_id] = True
            self.app.save_settings()
        return pop(DialogResult(self.tag, ok))

    def buttons(self):
        return [(self.cancel_label, lambda: self.answer(False), None),
                (self.ok_label, lambda: self.answer(True), "#danger" if self.danger else "#primary")]

    def on_back(self) -> Transition:
        return self.answer(False)

    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.answer(True)
        return None


def confirm(app: "App", prompt_id: str, title: str, message: str, *, tag: str | None = None,
            ok_label: str = "OK", cancel_label: str = "Cancel",
            danger: bool = False) -> Transition | None:
    """A push of a ConfirmDialog, or None when the player chose never to be asked this again
    (then act as if they had said yes)."""
    if not app.settings.should_ask(prompt_id):
        return None
    return push(ConfirmDialog(app, title, message, tag=tag or prompt_id, ok_label=ok_label,
                              cancel_label=cancel_label, prompt_id=prompt_id, danger=danger))


class ErrorDialog(Dialog):
    """Names what went wrong. `to_menu=True` offers only the way back to the title (used when
    the scene below is broken); otherwise Close returns to the scene below."""

    danger = True
    width = 640

    def __init__(self, app: "App", title: str, message: str, *, detail: str = "",
                 to_menu: bool = False):
        super().__init__(app, title, message, detail)
        self.to_menu = to_menu

    def draw(self, surface: pygame.Surface) -> None:
        if len(self.app.stack) <= 1:
            draw.table_background(surface, (24, 18, 20))
        draw.dim(surface, 175, (14, 4, 4))

    def _menu(self) -> Transition:
        return reset(self.app.screens.title())

    def buttons(self):
        out = [("Back to menu", self._menu, None if not self.to_menu else "#primary")]
        if not self.to_menu:
            out.append(("Close", lambda: pop(DialogResult("error", True)), "#primary"))
        return out

    def on_back(self) -> Transition:
        return self._menu() if self.to_menu else pop(DialogResult("error", True))

    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.on_back()
        return None


def error(app: "App", title: str, message: str, detail: str = "") -> Transition:
    """A push of an ErrorDialog that returns to the current scene when closed."""
    return push(ErrorDialog(app, title, message, detail=detail))

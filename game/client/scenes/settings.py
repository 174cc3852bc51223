"""Settings screen: window size, fullscreen, UI scale, animation speed, and the "don't ask
again" prompts. Each change applies at once and is written to the settings file.

Owns: the settings form. The App applies window and scale changes (`set_window`,
`set_ui_scale`); this scene only records the choice and saves.

Must not: write the settings file any other way than `App.save_settings` (atomic).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.client import settings as settings_mod
from game.client.scene import Transition, pop
from game.client.ui import draw
from game.client.ui.base import UIScene

if TYPE_CHECKING:
    from game.client.app import App

SPEED_LABELS = {"slow": "Slow", "normal": "Normal", "fast": "Fast", "instant": "Instant (skip)"}


class SettingsScene(UIScene):
    def __init__(self, app: "App"):
        super().__init__(app)
        self.problem = ""

    def box_rect(self) -> pygame.Rect:
        sw, sh = self.app.size
        r = pygame.Rect(0, 0, self.px(720), self.px(470))
        r.center = (sw // 2, sh // 2 + self.px(24))
        return r

    def build(self) -> None:
        s = self.app.settings
        box = self.box_rect()
        px = self.px
        self.label(pygame.Rect(box.x, box.y - px(56), box.w, px(44)), "Settings", "#heading")
        lx, cx = box.x + px(36), box.x + px(300)
        cw = box.w - px(336)
        y = box.y + px(28)
        row = px(60)

        def caption(text: str, hint: str) -> None:
            self.label(pygame.Rect(lx, y, px(250), px(26)), text)
            self.label(pygame.Rect(lx, y + px(24), px(250), px(22)), hint, "#subtle")

        caption("Window size", "When not fullscreen")
        sizes = list(settings_mod.WINDOW_SIZES)
        if tuple(s.window_size) not in sizes:
            sizes.append(tuple(s.window_size))
        self.size_dropdown = self.dropdown(
            pygame.Rect(cx, y + px(4), cw, px(40)), [(f"{w} x {h}", f"{w}x{h}") for w, h in sizes],
            f"{s.window_size[0]}x{s.window_size[1]}", self.set_size)
        y += row
        caption("Fullscreen", "Use the whole screen")
        self.full_box = self.checkbox(pygame.Rect(cx, y + px(10), px(26), px(26)), "",
                                      s.fullscreen, self.set_fullscreen)
        y += row
        caption("Interface scale", "Size of text and buttons")
        self.scale_dropdown = self.dropdown(
            pygame.Rect(cx, y + px(4), cw, px(40)),
            [(f"{round(v * 100)}%", str(v)) for v in settings_mod.UI_SCALES],
            str(s.ui_scale if s.ui_scale in settings_mod.UI_SCALES else 1.0), self.set_scale)
        y += row
        caption("Animation speed", "A click always skips one")
        self.speed_dropdown = self.dropdown(
            pygame.Rect(cx, y + px(4), cw, px(40)), [(v, k) for k, v in SPEED_LABELS.items()],
            s.animation_speed, self.set_speed)
        y += row
        hidden = sorted(k for k, v in s.dont_ask.items() if v)
        caption("Confirmations", f"{len(hidden)} hidden by \"don't ask again\"" if hidden
                else "All confirmations are asked")
        self.reset_button = self.button(pygame.Rect(cx, y + px(4), cw, px(40)),
                                        "Ask again for everything", self.reset_prompts,
                                        enabled=bool(hidden))
        y += row
        path = settings_mod.settings_path()
        where = (f"<font color='#ff7a72'>{self.problem}</font>" if self.problem else
                 f"Saved to {path}" if path.exists() else
                 f"Your changes will be saved to {path}")
        self.textbox(pygame.Rect(lx - px(4), y, box.w - px(64), px(56)), where, "#small_text")
        self.button(pygame.Rect(box.right - px(196), box.bottom - px(66), px(170), px(46)),
                    "Done", self.on_back, object_id="#primary")

    def draw(self, surface: pygame.Surface) -> None:
        draw.table_background(surface)
        draw.panel(surface, self.box_rect(), radius=self.px(12))

    # -- changes ----------------------------------------------------------------------------------
    def _saved(self) -> None:
        first = not settings_mod.settings_path().exists()
        self.problem = self.app.save_settings() or ""
        if first and not self.problem:
            self.rebuild()          # "will be saved to" becomes "Saved to"

    def set_size(self, value: str) -> None:
        w, h = (int(v) for v in value.split("x"))
        self.app.settings.window_size = (w, h)
        self._saved()
        if not self.app.settings.fullscreen:
            self.app.set_window((w, h), False)

    def set_fullscreen(self, on: bool) -> None:
        self._saved_after(lambda: self.app.set_window(None, on))

    def set_scale(self, value: str) -> None:
        self._saved_after(lambda: self.app.set_ui_scale(float(value)))

    def set_speed(self, value: str) -> None:
        self.app.settings.animation_speed = value
        self._saved()

    def reset_prompts(self) -> None:
        self.app.settings.dont_ask.clear()
        self._saved()
        self.rebuild()

    def _saved_after(self, change) -> None:
        change()            # may rebuild this scene (relayout)
        self._saved()
        if self.problem:
            self.rebuild()

    def on_back(self) -> Transition:
        return pop(None)

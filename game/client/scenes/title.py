"""The title screen: New game, Continue (the last autosave), Load, Settings, Quit.

Owns: the first screen's look and its menu; showing once, in a dialog, any notice the app has
for the player (e.g. the settings file was corrupt and defaults are in use).

Must not: load or start matches itself beyond handing the autosave to `ui.saving.load_match`.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.client.scene import QUIT, Transition, push
from game.client.ui import draw
from game.client.ui.base import UIScene
from game.client.ui.dialogs import MessageDialog
from game.client.ui.saving import clear_interrupted_writes, latest_autosave, list_saves, load_match
from game.version import VERSION

if TYPE_CHECKING:
    from game.client.app import App


def version_label() -> str:
    """The version shown in the title's corner (game/version.py is its one home)."""
    return f"v{VERSION}"


class TitleScene(UIScene):
    def __init__(self, app: "App"):
        super().__init__(app)
        self.notice = app.notice
        app.notice = ""          # shown on this title screen, not again
        clear_interrupted_writes()
        self.buttons_by_name: dict[str, object] = {}
        self.nav_index = 0          # Enter picks the first item at once
        self.age = 0.0

    def layout(self) -> dict[str, int]:
        """Vertical positions of the title's parts, centred, dropping the emblem when the
        window is too short to hold everything at this UI scale."""
        sh = self.app.size[1]
        px = self.px
        menu_h = 5 * 54 + 4 * 12
        parts = 80 + 14 + 4 + 14 + 26 + 34 + menu_h
        show_emblem = px(parts + 112) <= sh - px(40)
        total = px(parts + (112 if show_emblem else 0))
        top = max(px(16), (sh - total) // 2 - px(10))
        y = top
        out = {"emblem": 0}
        if show_emblem:
            out["emblem"] = y + px(46)
            y += px(112)
        out["title"] = y + px(40)
        y += px(80 + 14)
        out["ornament"] = y
        y += px(4 + 14)
        out["tagline"] = y
        y += px(26 + 34)
        out["menu"] = y
        return out

    def build(self) -> None:
        sw, sh = self.app.size
        w, h = self.px(380), self.px(54)
        gap = self.px(12)
        x = sw // 2 - w // 2
        y = self.layout()["menu"]
        entries = list_saves()              # read once: every save's header is parsed
        newest = next((e for e in entries if e.autosave), None)
        autosave = newest if newest is not None and newest.header is not None else None
        has_saves = bool(entries)
        if autosave is not None:
            continue_tip = "Resume the last autosave"
        elif newest is not None:            # there is one, but it cannot be read: say why
            continue_tip = f"The autosave cannot be read: {newest.problem}"
        else:
            continue_tip = "No autosave yet"
        items = [
            ("new", "New game", self.new_game, True, "Choose a rule system, a map and the seats"),
            ("continue", "Continue", self.continue_game, autosave is not None, continue_tip),
            ("load", "Load game", self.load_game, has_saves,
             "Open a saved match" if has_saves else "No saves yet"),
            ("settings", "Settings", self.settings, True, "Window, UI scale, animation speed"),
            ("quit", "Quit", lambda: QUIT, True, None),
        ]
        for name, text, action, enabled, tip in items:
            b = self.button(pygame.Rect(x, y, w, h), text, action, class_id="@menu_button",
                            object_id="#primary" if name == "new" else None, tooltip=tip,
                            enabled=enabled)
            self.buttons_by_name[name] = b
            self.nav.append(b)
            y += h + gap
        self.show_nav()
        if autosave is not None:
            entry = next((e for e in list_saves() if e.path == autosave), None)
            if entry is not None:
                self.label(pygame.Rect(x - self.px(60), y + self.px(2), w + self.px(120),
                                       self.px(24)),
                           f"Continue: {entry.title}, {entry.when}", "#subtle_centered")

    def draw(self, surface: pygame.Surface) -> None:
        draw.table_background(surface)
        sw, sh = surface.get_size()
        at = self.layout()
        if at["emblem"]:
            # the halo breathes slowly: the table is alive, nothing asks for attention
            draw.emblem(surface, (sw // 2, at["emblem"]), self.px(46),
                        glow=1.0 + 0.35 * math.sin(self.age * 1.6))
        draw.spaced_title(surface, "STRIFE TABLE", (sw // 2, at["title"]), self.px(64), draw.TEXT)
        draw.ornament(surface, (sw // 2, at["ornament"]), self.px(210))
        draw.text(surface, "Tabletop skirmishes, hotseat or against the machine",
                  (sw // 2, at["tagline"]), self.px(17), draw.TEXT_DIM, anchor="midtop")
        draw.text(surface, version_label(), (sw - self.px(16), sh - self.px(12)), self.px(14),
                  draw.TEXT_DIM, anchor="bottomright")

    # -- actions ----------------------------------------------------------------------------
    def new_game(self) -> Transition:
        from game.client.scenes.new_match import NewMatchScene
        return push(NewMatchScene(self.app))

    def continue_game(self) -> Transition | None:
        path = latest_autosave()
        if path is None:
            self.rebuild()
            return None
        return load_match(self.app, path)

    def load_game(self) -> Transition:
        from game.client.scenes.load import LoadScene
        return push(LoadScene(self.app))

    def settings(self) -> Transition:
        from game.client.scenes.settings import SettingsScene
        return push(SettingsScene(self.app))

    def update(self, dt: float) -> Transition | None:
        self.age += dt
        if self.notice:
            # shown once, as a dialog over the title, the first frame the title is up
            notice, self.notice = self.notice, ""
            return push(MessageDialog(self.app, "Your settings could not be read", notice, tag="notice",
                                      detail="Changing any setting writes a fresh file."))
        return None

    def resumed(self, result) -> None:
        # saves may have appeared or gone while another screen was up: rebuild the menu
        self.rebuild()

"""Pause menu, drawn over the battle: Resume, Save, Load, Settings, Quit to menu.

Owns: the overlay and its flows. Save goes through `ui.saving.save_match_dialog`; Quit to menu
autosaves first (so Continue on the title brings the player back) and then resets to the title.
The battle scene pushes it with `push(PauseScene(app, match, save_path, autosave_path))` and gets `None` back
on Resume (or a `DialogResult("save", True, path)` once the match was saved under a name).

Must not: change the match.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.client.scene import Transition, pop, push, reset
from game.client.ui import draw
from game.client.ui.base import UIScene
from game.client.ui.dialogs import DialogResult, ErrorDialog
from game.client.ui.saving import autosave, autosave_path_for, save_match_dialog
from game.engine.match import Match

if TYPE_CHECKING:
    from game.client.app import App


ITEMS = ("Resume", "Save game", "Load game", "Settings", "Quit to menu")


class PauseScene(UIScene):
    overlay = True

    def __init__(self, app: "App", match: Match, save_path: str | Path | None = None,
                 autosave_path: Path | None = None):
        super().__init__(app)
        self.match = match
        self.save_path = save_path
        # the match's own autosave (the scene below names it); a new one when pushed alone
        self.autosave_path = autosave_path or autosave_path_for(match, save_path)
        self.note = ""
        self.saved_result: DialogResult | None = None
        self.nav_index = 0          # Enter picks the first item at once

    def box(self) -> pygame.Rect:
        sw, sh = self.app.size
        r = pygame.Rect(0, 0, self.px(400), self.px(440))
        r.center = (sw // 2, sh // 2)
        return r

    def build(self) -> None:
        box = self.box()
        px = self.px
        w, h = box.w - px(64), px(50)
        x, y = box.x + px(32), box.y + px(96)
        actions = [self.resume, self.save, self.load, self.settings, self.quit_to_menu]
        for text, action in zip(ITEMS, actions):
            object_id = "#primary" if action == self.resume else None
            self.nav.append(self.button(pygame.Rect(x, y, w, h), text, action,
                                        class_id="@menu_button", object_id=object_id))
            y += h + px(10)
        self.show_nav()
        if self.note:
            self.label(pygame.Rect(box.x, box.bottom + px(10), box.w, px(26)), self.note,
                       "#info")

    def draw(self, surface: pygame.Surface) -> None:
        draw.dim(surface, 185)
        box = self.box()
        draw.panel(surface, box, border=(74, 86, 102), radius=self.px(14), width=2)
        draw.text(surface, "PAUSED", (box.centerx, box.y + self.px(30)), self.px(30), draw.TEXT,
                  bold=True, anchor="midtop")
        draw.ornament(surface, (box.centerx, box.y + self.px(78)), self.px(120))
        draw.text(surface, "Esc to resume", (box.centerx, box.bottom - self.px(16)), self.px(15),
                  draw.TEXT_DIM, anchor="midbottom", shadow=False)
        if self.root is None:
            # a dialog is open over the menu: keep the menu's outline so the screen reads
            x, y, w, h = box.x + self.px(32), box.y + self.px(96), box.w - self.px(64), self.px(50)
            for text in ITEMS:
                r = pygame.Rect(x, y, w, h)
                pygame.draw.rect(surface, (31, 37, 46), r, border_radius=self.px(8))
                pygame.draw.rect(surface, (58, 68, 82), r, 1, border_radius=self.px(8))
                draw.text(surface, text, (r.x + self.px(22), r.centery), self.px(24), draw.TEXT_DIM,
                          bold=True, anchor="midleft", shadow=False)
                y += h + self.px(10)

    # -- actions ----------------------------------------------------------------------------------
    def resume(self) -> Transition:
        return pop(self.saved_result)

    def save(self) -> Transition:
        return save_match_dialog(self.app, self.match, self.save_path)

    def load(self) -> Transition:
        from game.client.scenes.load import LoadScene
        return push(LoadScene(self.app, from_battle=True))

    def settings(self) -> Transition:
        from game.client.scenes.settings import SettingsScene
        return push(SettingsScene(self.app))

    def quit_to_menu(self) -> Transition:
        problem = None if self.match.over else autosave(self.match, self.autosave_path)
        if problem:
            return push(ErrorDialog(self.app, "The autosave failed",
                                    f"{problem}\nUse Back to menu to leave anyway, or Close and "
                                    "save under a name."))
        return reset(self.app.screens.title())

    def resumed(self, result: Any) -> None:
        if isinstance(result, DialogResult) and result.tag == "save" and result.ok:
            self.save_path = result.value
            self.saved_result = result
            self.note = f"Saved as {Path(result.value).name}"
            self.rebuild()

    def on_back(self) -> Transition:
        return self.resume()

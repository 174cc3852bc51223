"""The "New map" dialog of New match: choose a rule system and a name, and a copy of that system's
template is made in the player's maps folder (with the tilesets, property types, Tiled project
and extension beside it), ready to open in Tiled.

Owns: asking for the system and the name, calling `usermaps.new_map`, and showing its refusal
(a name taken, a name with no letter) inside the dialog so the player can try again. On success
it pops `DialogResult("new_map", True, (system id, map path))`.
Must not: write files itself or overwrite anything (usermaps does the copying and refuses a
name that is taken).
"""
from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UITextEntryLine

from game import paths, usermaps
from game.client.scene import Transition, pop
from game.client.ui.dialogs import Dialog, DialogResult

if TYPE_CHECKING:
    from game.client.app import App


class NewMapDialog(Dialog):
    width = 640

    def __init__(self, app: "App", systems: list[tuple[str, str]], current: str | None = None):
        """`systems`: (system id, name) of the registered systems that have a template."""
        super().__init__(app, "New map",
                         "A copy of the system's starting map goes into your maps folder, with "
                         "the tilesets and a Tiled project beside it:\n"
                         f"{paths.user_maps_dir()}\n"
                         "Open it in Tiled (open the project file there first, so Tiled knows "
                         "our properties), save, then pick it here.")
        self.systems = systems
        ids = [sid for sid, _ in systems]
        self.system_id = current if current in ids else (ids[0] if ids else "")
        self.name = ""
        self.problem = ""
        self.system_buttons: dict[str, object] = {}
        self.name_entry: UITextEntryLine | None = None
        self.problem_label = None

    def extra_height(self) -> int:
        return 44 * ((len(self.systems) + 2) // 3) + 120

    def build_extra(self, y: int) -> None:
        self.system_buttons = {}
        inner = self.width - 48
        bw = (inner - 2 * 8) // 3
        for i, (sid, name) in enumerate(self.systems):
            row, col = divmod(i, 3)
            b = self.button(self.rect(24 + col * (bw + 8), y + 4 + row * 44, bw, 38), name,
                            lambda sid=sid: self.choose(sid), container=self.box,
                            object_id="#card")
            if sid == self.system_id:
                b.select()
            self.system_buttons[sid] = b
        y += 44 * ((len(self.systems) + 2) // 3) + 8
        self.name_entry = UITextEntryLine(self.rect(24, y, inner, 38), self.app.ui,
                                          container=self.box, placeholder_text="Map name")
        self.name_entry.set_text(self.name)
        self.name_entry.set_text_length_limit(usermaps.NAME_LIMIT)
        self.problem_label = self.textbox(
            self.rect(20, y + 42, inner + 8, 60),
            f"<font color='#ff7a72'>{html.escape(self.problem)}</font>", container=self.box)

    def _read(self) -> None:
        if self.name_entry is not None and self.name_entry.alive():
            self.name = self.name_entry.get_text()

    def choose(self, system_id: str) -> None:
        self._read()
        self.system_id = system_id
        self.rebuild()

    def create(self) -> Transition | None:
        self._read()
        if not self.system_id:
            return None
        try:
            path = usermaps.new_map(self.system_id, self.name)
        except (ValueError, OSError) as exc:   # a taken or empty name, a folder we cannot write
            self.problem = str(exc)
            self.rebuild()
            return None
        return pop(DialogResult("new_map", True, (self.system_id, Path(path))))

    def buttons(self):
        return [("Cancel", lambda: pop(DialogResult("new_map", False)), None),
                ("Create", self.create, "#primary")]

    def on_back(self) -> Transition:
        return pop(DialogResult("new_map", False))

    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.create()
        return None

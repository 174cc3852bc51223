"""Save and load flows the scenes share: listing saves, autosave, the save dialog, loading.

Owns:
- where saves live (`game.paths.saves_dir()`, one `<name>.json` each; the autosave is
  `autosave.json`) and listing them newest first with their headers (`saves.peek`);
- `autosave(match)`, called by the battle scene at safe points, and by "Quit to menu";
- `SaveDialog` / `save_match_dialog(app, match)`: name a save and write it atomically;
- `load_match(app, path)`: load (replaying the log) and open the battle, or show an
  ErrorDialog naming the file and the problem; a failed load never changes the file;
- `battle_scene(app, match, save_path)`: the battle screen, imported lazily (another part).

Must not: write anything but through `game.engine.saves` (atomic), or read saves any other way.
"""
from __future__ import annotations

import re
from html import escape
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from game import paths
from game.client.registration import NoScreen
from game.client.scene import Scene, Transition, pop, push, reset
from game.client.ui.dialogs import Dialog, DialogResult, ErrorDialog
from game.engine import saves

if TYPE_CHECKING:
    from game.client.app import App
    from game.engine.match import Match

AUTOSAVE = "autosave.json"


@dataclass(slots=True)
class SaveEntry:
    path: Path
    mtime: float
    header: dict | None        # from saves.peek, None when unreadable
    problem: str = ""          # why the header could not be read
    autosave: bool = False

    @property
    def title(self) -> str:
        if self.header and self.header.get("label"):
            return str(self.header["label"])
        return self.path.stem.replace("_", " ").replace("-", " ")

    @property
    def when(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.mtime))


def clear_interrupted_writes(folder: Path | None = None) -> None:
    """Remove the temporary files saves interrupted mid-write left behind (the title screen
    calls this, so they never pile up in the saves folder)."""
    saves.clean_temporary(folder or paths.saves_dir())


def list_saves(folder: Path | None = None) -> list[SaveEntry]:
    """Every save in the folder, newest first; broken ones are listed with their problem."""
    folder = folder or paths.saves_dir()
    if not folder.is_dir():
        return []
    out: list[SaveEntry] = []
    for p in folder.glob("*.json"):
        if p.name.startswith("."):
            continue            # a temporary file from an interrupted atomic write
        try:
            mtime = p.stat().st_mtime
        except OSError:         # a link that leads nowhere or loops: listed with the reason
            mtime = 0.0
        try:
            header, problem = saves.peek(p), ""
        except saves.SaveError as exc:
            header, problem = None, exc.problem
        out.append(SaveEntry(p, mtime, header, problem, p.name.startswith("autosave")))
    out.sort(key=lambda e: e.mtime, reverse=True)
    return out


def latest_autosave(folder: Path | None = None) -> Path | None:
    for entry in list_saves(folder):
        if entry.autosave and entry.header is not None:
            return entry.path
    return None


def autosave(match: Match) -> str | None:
    """Write the autosave; returns a problem to show the player, or None."""
    try:
        saves.save(match, paths.saves_dir() / AUTOSAVE, label=f"Autosave - {system_name(match)}")
    except saves.SaveError as exc:
        return str(exc)
    return None


def system_name(match: Match) -> str:
    return match.system.name


def slug(name: str) -> str:
    s = re.sub(r"[^A-Za-z0-9]+", "-", name.strip()).strip("-").lower()
    return s[:60] or "save"


def save_path_for(name: str) -> Path:
    p = paths.saves_dir() / f"{slug(name)}.json"
    if p.name == AUTOSAVE:
        p = p.with_name("autosave-copy.json")
    return p


def battle_scene(app: "App", match: Match, save_path: str | Path | None = None) -> Scene:
    """The play screen for `match` (the battle screen or the system's own table, as its client
    registration says; see game.client.screens)."""
    return app.screens.play(match, save_path)


def load_match(app: "App", path: str | Path) -> Transition:
    """Open a save: the battle scene replaces the whole stack, or an error dialog explains."""
    try:
        match = saves.load(path)
    except saves.SaveError as exc:
        return push(ErrorDialog(app, "This save cannot be loaded",
                                f"File: {exc.path}\nProblem: {exc.problem}",
                                detail="The file was left as it is."))
    try:
        scene = battle_scene(app, match, save_path=path)
    except NoScreen as exc:         # the client has no screen for the save's rule system
        return push(ErrorDialog(app, "The battle screen is missing",
                                f"The save loaded, but the battle screen could not start:\n{exc}"))
    return reset(scene)


class SaveDialog(Dialog):
    """Name the save and write it. Pops DialogResult("save", True, path) when written."""

    width = 600

    def __init__(self, app: "App", match: Match, save_path: str | Path | None = None):
        default = Path(save_path).stem if save_path and Path(save_path).name != AUTOSAVE else (
            f"{system_name(match)} {time.strftime('%Y-%m-%d %H%M')}")
        super().__init__(app, "Save game", "Name this save. A save with the same name is "
                                          "replaced.")
        self.match = match
        self.name = default.replace("-", " ") if save_path else default
        self.problem = ""
        self.entry: UITextEntryLine | None = None

    def extra_height(self) -> int:
        return 100

    def build_extra(self, y: int) -> None:
        self.entry = UITextEntryLine(self.rect(24, y + 6, self.width - 48, 42), self.app.ui,
                                     container=self.box)
        self.entry.set_text(self.name)
        self.entry.focus()
        target = save_path_for(self.name)
        note = (f"<font color='#ff7a72'>{escape(self.problem)}</font>" if self.problem else
                f"In the saves folder as {escape(target.name)}")
        self.note = self.textbox(self.rect(20, y + 52, self.width - 40, 48), note,
                                 "#small_text", container=self.box)

    def buttons(self):
        return [("Cancel", lambda: pop(DialogResult("save", False)), None),
                ("Save", self.write, "#primary")]

    def write(self) -> Transition | None:
        if self.entry is not None:
            self.name = self.entry.get_text()
        if not self.name.strip():
            self.problem = "Give the save a name first."
            self.rebuild()
            return None
        path = save_path_for(self.name)
        try:
            saves.save(self.match, path, label=self.name.strip())
        except saves.SaveError as exc:
            self.problem = f"Not saved: {exc}"
            self.rebuild()
            return None
        return pop(DialogResult("save", True, path))

    def on_back(self) -> Transition:
        return pop(DialogResult("save", False))

    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.entry:
            self.name = self.entry.get_text()
            if not self.problem:
                self.note.set_text(f"In the saves folder as {escape(save_path_for(self.name).name)}")
            return None
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)):
            return self.write()
        return None


def save_match_dialog(app: "App", match: Match, save_path: str | Path | None = None) -> Transition:
    """Push the save dialog; the scene below gets DialogResult("save", ok, path) back."""
    return push(SaveDialog(app, match, save_path))

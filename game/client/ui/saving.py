"""Save and load flows the scenes share: listing saves, autosave, the save dialog, loading.

Owns:
- where saves live (`game.paths.saves_dir()`, one `<name>.json` each) and listing them newest
  first with their headers (`saves.peek`);
- autosaves: one file per match (`autosave_path_for`: `autosave-<system>-<map>-<started>.json`,
  the same file for every turn of that match, and a match loaded from an autosave goes on in
  it), the newest AUTOSAVE_KEPT kept (`prune_autosaves`); `autosave(match, path)`, written at
  once (by "Quit to menu"), and `AutosaveWriter`, which the match scenes use at each turn start
  so that formatting and writing the file (fsync included) happen on a thread of its own
  instead of in a frame;
- `SaveDialog` / `save_match_dialog(app, match)`: name a save and write it atomically;
- `load_match(app, path)`: load (replaying the log; a long replay goes on behind the loading
  screen, ui/loading.py) and open the battle, or show an ErrorDialog naming the file and
  the problem; a failed load never changes the file;
- `battle_scene(app, match, save_path)`: the battle screen, imported lazily (another part).

Must not: write anything but through `game.engine.saves` (atomic), or read saves any other way.
"""
from __future__ import annotations

import json
import re
import threading
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
from game.client.scene import Scene, Transition, pop, push, replace, reset
from game.client.ui.dialogs import Dialog, DialogResult, ErrorDialog
from game.client.ui import loading
from game.engine import saves
from game.engine.runtime import give_back

if TYPE_CHECKING:
    from game.client.app import App
    from game.engine.match import Match

AUTOSAVE = "autosave.json"         # the single autosave of older versions: still listed, loaded
AUTOSAVE_PREFIX = "autosave"
AUTOSAVE_KEPT = 5                  # autosaves kept, one per match, newest first


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


def map_label(name: str) -> str:
    """A map file name as a title: "gems_riverbend.tmx" -> "Riverbend", "user:my_vault.tmx" ->
    "My Vault" (a leading system id, the shipped maps' naming, is left out)."""
    from game.engine import registry
    name = name.removeprefix(paths.USER_MAP_PREFIX)      # a map of the player's own
    stem = name.replace("\\", "/").rsplit("/", 1)[-1].rsplit(".", 1)[0]
    words = stem.split("_")
    if len(words) > 1 and words[0] in {s.id for s in registry.all_systems()}:
        words = words[1:]
    return " ".join(w.capitalize() for w in words if w)


def autosave_label(match: Match) -> str:
    """What the load screen calls a match's autosave: its system and map."""
    where = map_label(str(match.config.map)) if match.config.map else ""
    return f"Autosave - {system_name(match)}" + (f", {where}" if where else "")


def autosave_path_for(match: Match, save_path: str | Path | None = None,
                      now: float | None = None) -> Path:
    """The file this match autosaves to: the autosave it was loaded from, or a new one named by
    its system, map and the time it was opened (never one another match uses)."""
    if save_path is not None and Path(save_path).name.startswith(AUTOSAVE_PREFIX):
        return Path(save_path)
    folder = paths.saves_dir()
    where = slug(Path(str(match.config.map)).stem) if match.config.map else "table"
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    base = f"{AUTOSAVE_PREFIX}-{slug(match.system.id)}-{where}-{stamp}"
    path, n = folder / f"{base}.json", 2
    while path.exists():
        path, n = folder / f"{base}-{n}.json", n + 1
    return path


def prune_autosaves(keep: Path, folder: Path | None = None) -> None:
    """Delete the autosaves past the newest AUTOSAVE_KEPT (never `keep`, the one just written)."""
    folder = folder or paths.saves_dir()
    found = []
    for p in folder.glob(f"{AUTOSAVE_PREFIX}*.json"):
        try:
            found.append((p.stat().st_mtime, p))
        except OSError:
            continue            # gone meanwhile, or a link that leads nowhere
    found.sort(reverse=True)
    for _, p in found[AUTOSAVE_KEPT:]:
        if p != keep:
            try:
                p.unlink()
            except OSError:
                pass            # someone else removed it or holds it: next time


def autosave(match: Match, path: Path) -> str | None:
    """Write the match's autosave to `path` now; returns a problem to show the player, or
    None."""
    try:
        saves.save(match, path, label=autosave_label(match))
    except saves.SaveError as exc:
        return str(exc)
    prune_autosaves(path, path.parent)
    return None


class AutosaveWriter:
    """Writes the autosave on a thread of its own, so a turn start never stalls a frame.

    `write(match)` runs on the main thread and takes the match's document as compact JSON text
    there (the state changes in place, so nothing of the live match may be read later); the
    writer thread indents that text and writes it atomically (`saves.write_text`: temporary
    file, then rename, never half a file). When writes queue up only the newest is written: it
    holds everything the older ones did. `finished()` hands the main thread what became of each
    write (None = written, else the problem to show); `flush()` waits until nothing is pending
    (before "Quit to menu" writes the autosave itself, and when the scene closes)."""

    def __init__(self, path: Path):
        self.path = path
        self._cond = threading.Condition()
        self._pending: tuple[Path, str] | None = None
        self._busy = False
        self._done: list[str | None] = []
        self._thread: threading.Thread | None = None

    def write(self, match: Match) -> None:
        doc = saves.to_document(match, label=autosave_label(match))
        text = json.dumps(doc)
        path = self.path
        with self._cond:
            if self._pending is not None:
                self._done.append(None)       # replaced by this newer one, which holds it all
            self._pending = (path, text)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="strife-autosave",
                                                daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                if self._pending is None:
                    self._thread = None
                    self._cond.notify_all()
                    return                    # idle: the next write starts a new thread
                path, text = self._pending
                self._pending = None
                self._busy = True
            try:
                saves.write_text(path, json.dumps(json.loads(text), indent=1))
                prune_autosaves(path, path.parent)
                problem = None
            except saves.SaveError as exc:
                problem = str(exc)
            # a turn's worth of freed memory (and this write's own) back to the system, here
            # off the main thread: the C library keeps it otherwise, and a long match's
            # resident size crept up by it (see runtime.give_back)
            give_back()
            with self._cond:
                self._busy = False
                self._done.append(problem)
                self._cond.notify_all()

    @property
    def idle(self) -> bool:
        with self._cond:
            return self._pending is None and not self._busy

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every write so far is on disk (or failed); False if that took too long."""
        with self._cond:
            return self._cond.wait_for(lambda: self._pending is None and not self._busy,
                                       timeout)

    def finished(self) -> list[str | None]:
        """What became of the writes finished since the last call, oldest first."""
        with self._cond:
            done, self._done = self._done, []
        return done


def system_name(match: Match) -> str:
    return match.system.name


def slug(name: str) -> str:
    s = re.sub(r"[^A-Za-z0-9]+", "-", name.strip()).strip("-").lower()
    return s[:60] or "save"


def save_path_for(name: str) -> Path:
    p = paths.saves_dir() / f"{slug(name)}.json"
    if p.name.startswith(AUTOSAVE_PREFIX):
        p = p.with_name(f"saved-{p.name}")      # a named save never passes for an autosave
    return p


def battle_scene(app: "App", match: Match, save_path: str | Path | None = None) -> Scene:
    """The play screen for `match` (the battle screen or the system's own table, as its client
    registration says; see game.client.screens)."""
    return app.screens.play(match, save_path)


def load_match(app: "App", path: str | Path) -> Transition:
    """Open a save: the battle scene replaces the whole stack, or an error dialog explains. A
    replay longer than `loading.QUICK_LOAD` goes on behind a loading screen with progress
    (`ui.loading.LoadingScene`), a slice per frame; either way no move can be made before
    the whole log has been replayed and matched its snapshot."""
    try:
        replay = saves.Replay(saves.read_document(path), path)
        done = replay.step(loading.QUICK_LOAD)
    except saves.SaveError as exc:
        return push(loading.refused(app, exc))
    if not done:
        return push(loading.LoadingScene(app, replay, path,
                                         lambda match: open_loaded(app, match, path, over=True)))
    return open_loaded(app, replay.match, path)


def open_loaded(app: "App", match: Match, path: str | Path, *, over: bool = False) -> Transition:
    """The play screen of a loaded match, replacing the whole stack, or an error dialog (in
    place of the loading screen when `over`)."""
    try:
        scene = battle_scene(app, match, save_path=path)
    except NoScreen as exc:         # the client has no screen for the save's rule system
        dialog = ErrorDialog(app, "The battle screen is missing",
                             f"The save loaded, but the battle screen could not start:\n{exc}")
        return replace(dialog) if over else push(dialog)
    return reset(scene)


class SaveDialog(Dialog):
    """Name the save and write it. Pops DialogResult("save", True, path) when written."""

    width = 600

    def __init__(self, app: "App", match: Match, save_path: str | Path | None = None):
        default = Path(save_path).stem if save_path and not Path(save_path).name.startswith(
            AUTOSAVE_PREFIX) else (
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

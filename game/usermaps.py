"""The player's own maps folder: what is in it, making a new map there from a template, and
opening it in the desktop's file manager.

Owns: listing the `.tmx` files of `paths.user_maps_dir()` with their header (title, system,
size) and whether a shipped map has the same name; the per-system templates
(`maps/templates/<system id>.tmx`); "New map", which copies a template beside the tilesets, the
property types, a Tiled project (with the "Test in Strife Table" command pointing at this very
game) and the Tiled extension, so the copy opens in Tiled with our value lists and checks; and
`open_folder`, the one place that starts the file manager (tests replace
`launch_file_manager`).

Must not: import pygame or the client (the CLI and the menus both call it), validate a map
itself (`registry.check_map_file` does), or overwrite a file the player may have changed: a map
is created only when its name is free, and support files only when missing. The one file it
rewrites is the extension's launch note (`extensions/strife-table.json`), which says where this
game's executable is and is never edited by hand.
"""
from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from game import paths
from game.engine.boards.tmx import read_xml
from game.engine.safeio import FileRefused

TEMPLATES = "templates"                  # maps/templates/<system id>.tmx
TILESETS = "tilesets"
PROJECT = "strife-table.tiled-project"
EXTENSIONS = "extensions"
EXTENSION = "strife-table.js"
LAUNCH_NOTE = "strife-table.json"        # beside the extension: how to start this game
SUPPORT_FILES = ("propertytypes.json", "objecttypes.xml")
TEST_COMMAND = "Test in Strife Table"
NAME_LIMIT = 60                          # characters of a new map's file name


@dataclass(frozen=True, slots=True)
class UserMap:
    path: Path
    rel: str                    # path inside the user maps folder, with forward slashes
    props: dict[str, str]       # the map's custom properties (title, system, description)
    info: str                   # "16 x 12 squares", or "cannot be read: ..." when unreadable
    shadows: bool               # a shipped map has the same name

    @property
    def name(self) -> str:
        """The map's name in a match config and a save (`user:<rel>`)."""
        return paths.USER_MAP_PREFIX + self.rel


def map_header(path: Path) -> tuple[dict[str, str], str]:
    """A Tiled map's custom properties and a size line, read from the XML root only (cheap; the
    whole map is validated by the map check). The file's size and shape are limited by
    `read_xml` before anything is parsed."""
    try:
        root = read_xml(path)
    except FileRefused as exc:             # listed, marked, with the reason; never a crash
        return {}, f"cannot be read: {exc.reason}"
    props = {p.get("name", ""): p.get("value", p.text or "")
             for p in root.findall("./properties/property")}
    w, h = root.get("width"), root.get("height")
    kind = "hexes" if root.get("orientation") == "hexagonal" else "squares"
    return props, (f"{w} x {h} {kind}" if w and h else "")


def _map_files(root: Path) -> list[Path]:
    """The .tmx files under `root`, but none in the support folders New map writes."""
    if not root.is_dir():
        return []
    out = []
    for p in sorted(root.rglob("*.tmx")):
        rel = p.relative_to(root)
        if rel.parts[0] in (TILESETS, EXTENSIONS) or any(s.startswith(".") for s in rel.parts):
            continue
        out.append(p)
    return out


def list_maps(root: Path | None = None, shipped: Path | None = None) -> list[UserMap]:
    """Every map in the player's folder (`root`), each with its header; `shadows` when the
    shipped maps folder (`shipped`) has a file of the same relative name."""
    root = root if root is not None else paths.user_maps_dir()
    shipped = shipped if shipped is not None else paths.maps_dir()
    found = []
    for p in _map_files(root):
        rel = p.relative_to(root).as_posix()
        props, info = map_header(p)
        found.append(UserMap(p, rel, props, info, (shipped / rel).is_file()))
    return found


def system_of(path: Path, system_ids: list[str]) -> str | None:
    """The rule system a map is made for: its `system` property, else the `<id>_` its file name
    starts with (the same rule New match uses), else None."""
    props, _ = map_header(path)
    if props.get("system"):
        return props["system"]
    return next((sid for sid in system_ids if path.stem.startswith(f"{sid}_")), None)


# -- templates and New map ----------------------------------------------------------------------
def template_path(system_id: str) -> Path:
    return paths.maps_dir() / TEMPLATES / f"{system_id}.tmx"


def template_systems() -> list[str]:
    """Ids of the systems that have a template, sorted."""
    folder = paths.maps_dir() / TEMPLATES
    return sorted(p.stem for p in folder.glob("*.tmx")) if folder.is_dir() else []


def file_name_for(title: str) -> str:
    """A map's file name from the name the player typed: letters, digits, `-` and `_` (spaces
    become `_`), lower case, at most NAME_LIMIT characters. ValueError when nothing is left."""
    slug = re.sub(r"[^a-z0-9_-]+", "_", title.strip().lower()).strip("_-")[:NAME_LIMIT]
    if not slug:
        raise ValueError("give the map a name with at least one letter or digit")
    return f"{slug}.tmx"


# The packaged game's two executables (build.spec): the game, windowed on Windows and macOS, and
# the same program as a console executable for the subcommands whose output is read.
GAME_EXECUTABLE = "strife-table"
CLI_EXECUTABLE = "strife-table-cli"


def _frozen_sibling(name: str) -> str:
    """The packaged executable `name` beside the running one, else the running one."""
    suffix = ".exe" if sys.platform == "win32" else ""
    sibling = Path(sys.executable).with_name(name + suffix)
    return str(sibling) if sibling.is_file() else sys.executable


def launch_command(console: bool = False) -> tuple[str, list[str], str]:
    """How to start this game from another program: (executable, arguments before the
    subcommand, working directory or ""). Packaged, the game's executable, or with `console`
    its console twin (a windowed program on Windows has no output another program could read);
    from source, this Python with `-m game` in the source folder."""
    if getattr(sys, "frozen", False):
        return _frozen_sibling(CLI_EXECUTABLE if console else GAME_EXECUTABLE), [], ""
    return sys.executable, ["-m", "game"], str(paths.resource_root())


def project_command(executable: str, pre: list[str], cwd: str) -> dict:
    """The Tiled custom command (as a project file stores it) that starts the game on the map
    being edited; Tiled replaces %mapfile with the map's path, quoted, and quotes the
    executable itself."""
    args = " ".join([*pre, "play", "--map", "%mapfile"])
    return {"arguments": args, "command": executable, "enabled": True, "name": TEST_COMMAND,
            "saveBeforeExecute": True, "shortcut": "", "showOutput": True,
            "workingDirectory": cwd}


def _copy_missing(src: Path, dst: Path, made: list[Path]) -> None:
    if dst.exists():
        return
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)
    made.append(dst)


def ensure_support(root: Path | None = None) -> list[Path]:
    """Put beside the player's maps what Tiled and the map check need: the tilesets, the
    property types, the Tiled project (its command starts this game) and the extension. Files
    already there are left as they are; the launch note is rewritten when it is out of date.
    Returns the files written."""
    root = root if root is not None else paths.user_maps_dir()
    shipped = paths.maps_dir()
    made: list[Path] = []
    root.mkdir(parents=True, exist_ok=True)
    for src in sorted((shipped / TILESETS).iterdir()):
        if src.is_file() and src.suffix in (".tsx", ".png"):
            _copy_missing(src, root / TILESETS / src.name, made)
    for name in SUPPORT_FILES:
        _copy_missing(shipped / name, root / name, made)
    _copy_missing(shipped / EXTENSIONS / EXTENSION, root / EXTENSIONS / EXTENSION, made)
    exe, pre, cwd = launch_command()
    project = root / PROJECT
    if not project.exists():
        data = json.loads((shipped / PROJECT).read_text(encoding="utf-8"))
        data["commands"] = [project_command(exe, pre, cwd)]
        _write_new(project, json.dumps(data, indent=4) + "\n")
        made.append(project)
    note = root / EXTENSIONS / LAUNCH_NOTE
    # the extension reads check-map's output: the console executable
    cli, cli_pre, cli_cwd = launch_command(console=True)
    text = json.dumps({"command": [cli, *cli_pre], "workingDirectory": cli_cwd}, indent=4) + "\n"
    if not note.exists() or note.read_text(encoding="utf-8") != text:
        note.write_text(text, encoding="utf-8")
        made.append(note)
    return made


def _write_new(path: Path, text: str) -> None:
    """Write a file that must not exist yet (FileExistsError otherwise): "x" mode, so a file
    made in between is never overwritten either."""
    with open(path, "x", encoding="utf-8", newline="\n") as f:
        f.write(text)


def new_map(system_id: str, title: str, root: Path | None = None) -> Path:
    """A copy of `system_id`'s template named after `title` in the player's maps folder, with
    its support files; the map's `title` property is the name as typed. FileExistsError when a
    map of that file name is there already (nothing is overwritten); ValueError for a name
    with no letter or digit or a system without a template."""
    root = root if root is not None else paths.user_maps_dir()
    src = template_path(system_id)
    if not src.is_file():
        raise ValueError(f"there is no map template for {system_id!r} "
                         f"(templates: {', '.join(template_systems()) or 'none'})")
    target = root / file_name_for(title)
    if target.exists():
        raise FileExistsError(f"your maps folder has a {target.name} already: choose another "
                              f"name")
    text = src.read_text(encoding="utf-8")
    # the template sits in maps/templates/, the copy beside tilesets/
    text = text.replace('source="../tilesets/', 'source="tilesets/')
    shown = html.escape(title.strip(), quote=True)
    text, n = re.subn(r'(<property name="title" type="string" value=")[^"]*(")',
                      lambda m: m.group(1) + shown + m.group(2), text, count=1)
    if n != 1:
        raise ValueError(f"the template {src} has no title property")
    ensure_support(root)
    _write_new(target, text)
    return target


# -- the file manager ---------------------------------------------------------------------------
def launch_file_manager(folder: Path) -> None:
    """Show `folder` in the desktop's file manager (Explorer, Finder, xdg-open). OSError when
    nothing could be started."""
    if sys.platform == "win32":
        os.startfile(folder)            # type: ignore[attr-defined]  # Windows only
        return
    opener = "open" if sys.platform == "darwin" else "xdg-open"
    subprocess.Popen([opener, str(folder)], stdin=subprocess.DEVNULL,
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                     start_new_session=True)


def open_folder(root: Path | None = None) -> Path:
    """Make the player's maps folder (with its support files) and show it in the file manager;
    returns the folder. OSError when the file manager could not be started."""
    root = root if root is not None else paths.user_maps_dir()
    ensure_support(root)
    launch_file_manager(root)
    return root


def config_name(path: Path) -> str:
    """How a match config (and so a save) names a map file: relative to the shipped maps folder,
    `user:<path>` inside the player's folder, else the absolute path."""
    p = path.resolve()
    for root, prefix in ((paths.maps_dir(), ""), (paths.user_maps_dir(), paths.USER_MAP_PREFIX)):
        try:
            rel = p.relative_to(root.resolve())
        except ValueError:
            continue
        return prefix + rel.as_posix()
    return str(p)

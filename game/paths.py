"""Where things are: the one helper that finds bundled data from source and when frozen.

Owns: the root of read-only resources (assets/, maps/, game/data) both in a source checkout and
in a PyInstaller build (sys._MEIPASS), and the per-user folders for saves and settings
(platformdirs), including the player's own maps folder and the `user:` names that point into it.
Everything else asks here instead of building paths itself.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

APP = "strife-table"


def resource_root() -> Path:
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


def assets_dir() -> Path:
    return resource_root() / "assets"


def maps_dir() -> Path:
    return resource_root() / "maps"


def data_dir() -> Path:
    return resource_root() / "game" / "data"


# A map in the player's own maps folder is named `user:<path inside that folder>` in a match's
# config (and so in saves): a shipped map and a player's map of the same file name stay apart,
# and a save keeps naming the player's map wherever the data folder lives.
USER_MAP_PREFIX = "user:"


def resolve_map(name: str | os.PathLike) -> Path:
    """A map given as `user:NAME` (in the player's maps folder), as a path relative to the maps
    folder, or absolute/relative to the cwd."""
    if isinstance(name, str) and name.startswith(USER_MAP_PREFIX):
        return user_maps_dir() / name[len(USER_MAP_PREFIX):]
    p = Path(name)
    if p.is_absolute() or p.exists():
        return p
    return maps_dir() / p


def user_data_dir() -> Path:
    override = os.environ.get("STRIFE_TABLE_HOME")
    if override:
        return Path(override) / "data"
    import platformdirs
    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def user_config_dir() -> Path:
    override = os.environ.get("STRIFE_TABLE_HOME")
    if override:
        return Path(override) / "config"
    import platformdirs
    return Path(platformdirs.user_config_dir(APP, appauthor=False))


def saves_dir() -> Path:
    return user_data_dir() / "saves"


def user_maps_dir() -> Path:
    """The player's own maps (listed by New match beside the shipped ones; "New map" writes
    here)."""
    return user_data_dir() / "maps"

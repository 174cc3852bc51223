"""Where things are: the one helper that finds bundled data from source and when frozen.

Owns: the root of read-only resources (assets/, maps/, game/data) both in a source checkout and
in a PyInstaller build (sys._MEIPASS), and the per-user folders for saves and settings
(platformdirs). Everything else asks here instead of building paths itself.
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


def resolve_map(name: str | os.PathLike) -> Path:
    """A map given as a path relative to the maps folder, or absolute/relative to the cwd."""
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

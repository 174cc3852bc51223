"""toy_grid content: the soldier entry read from tests/toygrid/data/soldiers.toml.

Owns: the entry's schema (a frozen dataclass: tactics.content checks every key and type) and
loading it once per process through ContentSets.

Must not: hold rules; a shipped system reads game/data/<id>/ through game.paths.data_dir().
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.engine.rules import ConfigError
from game.engine.tactics.content import ContentSets, entries

DATA = Path(__file__).resolve().parent.parent / "data"


class ContentError(ConfigError):
    """A toy_grid content file is broken; the message names the file, entry and key."""


@dataclass(frozen=True, slots=True)
class Soldier:
    """[soldiers.<id>]: a unit kind (TG-01)."""
    id: str
    name: str
    hp: int
    move: int


def load(folder: Path) -> dict[str, Soldier]:
    return entries(folder / "soldiers.toml", "soldiers", Soldier, ContentError)


SETS: ContentSets[dict[str, Soldier]] = ContentSets(lambda: DATA, load, ContentError)

"""toy_grid events: past-tense facts of its own. Rolls, turns and the end use the engine's
shared events (game.engine.events).

Owns: the records below, each field documented. Must not: hold live state.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.engine.events import event
from game.engine.records import Record


@event("tg.moved")
@dataclass(frozen=True, slots=True)
class Moved(Record):
    """`unit` walked `path`: where it stood, then each cell it entered."""
    unit: str
    path: tuple[tuple[int, int], ...]


@event("tg.struck")
@dataclass(frozen=True, slots=True)
class Struck(Record):
    """`unit` swung at `target`; `hit` says whether the d6 reached 4 (TG-04)."""
    unit: str
    target: str
    hit: bool


@event("tg.parried")
@dataclass(frozen=True, slots=True)
class Parried(Record):
    """`unit` tried to parry; `success` says whether the hit was turned aside (TG-05)."""
    unit: str
    success: bool


@event("tg.wounded")
@dataclass(frozen=True, slots=True)
class Wounded(Record):
    """`unit` lost one hit point; `hp` is what it has left (0: down, TG-06)."""
    unit: str
    hp: int

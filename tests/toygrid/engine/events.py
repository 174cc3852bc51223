"""toy_grid events: past-tense facts. Rolls, turns and the end are the engine's shared events;
moving and being wounded are the shared core facts (game.engine.events.Moved, DamageDealt), so the
client's one log and animation code words and plays them; striking and parrying are the toy's own.

Owns: the records below, each field documented. Must not: hold live state.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.engine import events as core
from game.engine.events import event
from game.engine.records import Record


@event("tg.moved")
@dataclass(frozen=True, slots=True)
class Moved(core.Moved):
    """`mover` walked `path` (each cell entered, the start excluded) by its own movement."""

    mover: str
    path: tuple[tuple[int, int], ...]
    mode: str = "walk"
    forced: bool = False


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
class Wounded(core.DamageDealt):
    """`victim` lost `amount` hit points (always 1, TG-06); `hp` is what it has left (0: down)."""

    victim: str
    hp: int
    amount: int = 1
    source: str = ""


@event("tg.fell")
@dataclass(frozen=True, slots=True)
class Fell(core.Downed):
    """`victim` has no hit point left and is out of the fight (TG-06); nothing stays behind."""

    victim: str
    cell: tuple[int, int] | None = None

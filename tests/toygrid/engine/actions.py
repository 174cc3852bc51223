"""toy_grid actions: what a seat may ask for. Shared ones (EndTurn, Concede) come from the engine.

Owns: the records and their kinds ("tg.move", ...). Must not: check or apply anything.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.engine.actions import action
from game.engine.records import Record


@action("tg.move")
@dataclass(frozen=True, slots=True)
class Move(Record):
    """Walk `unit` to (x, y) along its cheapest path (TG-03)."""
    unit: str
    x: int
    y: int


@action("tg.attack")
@dataclass(frozen=True, slots=True)
class Attack(Record):
    """Strike the adjacent enemy `target` (TG-04)."""
    unit: str
    target: str


@action("tg.parry")
@dataclass(frozen=True, slots=True)
class Parry(Record):
    """The defender's answer to a hit: try to parry, or take it (TG-05)."""
    unit: str
    parry: bool

"""toy_grid state: the soldiers, the initiative order, the acting soldier's turn, pending stages.

Owns: ToyGridState and Unit with their JSON. The board is not saved: it is rebuilt from
`map` or `grid` (system.py) and shared between copies, as it never changes during a match.

Must not: hold rules (rules.py) or anything drawn.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from game.engine.boards import Board
from game.engine.stateclone import clone_slots, copy_sharing
from game.engine.tactics.pending import Pending, stack_from_json, stack_to_json


@dataclass(slots=True)
class Unit:
    id: str
    side: int
    x: int
    y: int
    hp: int


@dataclass(slots=True)
class ToyGridState:
    units: dict[str, Unit]
    order: list[str]                   # initiative order (TG-02)
    house: dict[str, Any]
    turn: int = 0                      # index into `order`
    round: int = 1
    moved: bool = False                # the acting soldier's move and attack this turn (TG-03)
    attacked: bool = False
    pending: list[Pending] = field(default_factory=list)
    over: bool = False
    winner: int | None = None
    map: str | None = None             # where the board came from: a map file or an inline grid
    grid: dict[str, Any] | None = None
    board: Board | None = None

    @property
    def acting(self) -> str | None:
        return None if self.over else self.order[self.turn]

    def standing(self, side: int | None = None) -> list[Unit]:
        return [u for u in self.units.values() if u.hp > 0 and side in (None, u.side)]

    def unit_at(self, x: int, y: int) -> Unit | None:
        for u in self.units.values():
            if u.hp > 0 and (u.x, u.y) == (x, y):
                return u
        return None

    def to_json(self) -> dict[str, Any]:
        return {"units": {k: asdict(u) for k, u in self.units.items()}, "order": list(self.order),
                "house": dict(self.house), "turn": self.turn, "round": self.round,
                "moved": self.moved, "attacked": self.attacked,
                "pending": stack_to_json(self.pending), "over": self.over, "winner": self.winner,
                "map": self.map, "grid": self.grid}

    @classmethod
    def from_json(cls, d: dict[str, Any], board: Board) -> "ToyGridState":
        units = {k: Unit(**u) for k, u in d["units"].items()}
        return cls(units, list(d["order"]), dict(d["house"]), d["turn"], d["round"], d["moved"],
                   d["attacked"], stack_from_json(d["pending"]), d["over"], d["winner"], d["map"],
                   d["grid"], board)

    def __deepcopy__(self, memo: dict) -> "ToyGridState":
        return copy_sharing(self, memo)


Unit.__deepcopy__ = clone_slots  # type: ignore[attr-defined]

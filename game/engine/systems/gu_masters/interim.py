"""The engine's first slice reads content and step prices in the shapes it was written against
before content.py and terrain.py landed. This module now only re-shapes THEIR data (one home for
each: the stat blocks and weapons are content.py's, derived numbers included; a step's price is
terrain.py's); fold its callers onto those modules and delete it.

- content (owner: content.py): `CREATURES` (stat blocks with the derived HP, soul, essence and
  movement, skills and attributes under their display names), `WEAPONS`, `GU`
- terrain (owner: terrain.py): `step_cost`, `elevation`

Must not: hold a number of its own; use `random`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.boards import Board

from . import content as C
from . import terrain


# --- content (owner: content.py; the checklist's example stat blocks and weapons) -------------
@dataclass(frozen=True, slots=True)
class Weapon:
    id: str
    name: str
    damage: int
    type: str
    reach: int
    hands: int
    keywords: tuple[str, ...] = ()


def _display(key: str) -> str:
    """content.py's snake_case names as the engine's records key them ("close_combat" ->
    "Close Combat", "strength" -> "Strength")."""
    return " ".join(w.capitalize() for w in key.split("_"))


def _weapons() -> dict[str, Weapon]:
    return {w.id: Weapon(w.id, w.name, w.damage, w.type, w.reach_m, w.hands, tuple(w.keywords))
            for w in C.content().weapons.values()}


def _creatures() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for c in C.content().creatures.values():
        out[c.id] = dict(
            name=c.name, size=c.size.capitalize(), weight=c.weight_kg, arms=c.arms,
            attrs={_display(k): v for k, v in c.attributes.items()},
            skills={_display(k): c.skills.get(k, 0) for k in C.SKILLS},
            hp=C.max_hp(c), soul=C.max_soul(c), essence=C.essence_max(c),
            regen=C.essence_regen(c), movement=C.movement(c), weapons=list(c.weapons),
            gu=list(c.gu), attacks=list(c.unarmed), stones=c.primeval_stones)
    return out


WEAPONS: dict[str, Weapon] = _weapons()
CREATURES: dict[str, dict[str, Any]] = _creatures()

GU: dict[str, Any] = {}


# --- terrain (owner: terrain.py; GU-19, GU-37, GU-39, GU-41) ------------------------------------
def elevation(board: Board, cell: tuple[int, int]) -> int:
    return terrain.ground_of(board).elevation_at(cell)


def step_cost(board: Board, a: tuple[int, int], b: tuple[int, int]) -> int | None:
    """Metres to step a 1-square walker from a to b (terrain.step), None when it cannot walk
    it (GU-19, GU-37, GU-39, GU-41)."""
    got = terrain.step(terrain.ground_of(board), a, b)
    return None if got is None else got.cost

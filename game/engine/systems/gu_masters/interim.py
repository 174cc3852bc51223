"""Stand-ins for the parts of gu_masters other modules own, until those modules land; each piece
names its owner and is deleted (and its callers pointed at the owner) once the owner's module is
on main. Nothing here is a second home for a rule: it is the smallest thing that lets the engine
run, following the checklist's invented core (GU-X) word for word.

- content (owner: content.py): `CREATURES`, `WEAPONS`, `GU`
- terrain (owner: terrain.py): `step_cost`, `elevation`

Must not: grow beyond what the engine needs before the owners land; use `random`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.boards import Board


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


WEAPONS = {
    "sword": Weapon("sword", "Sword", 7, "rending", 1, 1),
    "spear": Weapon("spear", "Spear", 6, "force", 2, 1, ("piercing",)),
    "dagger": Weapon("dagger", "Dagger", 4, "rending", 1, 1),
}

CREATURES: dict[str, dict[str, Any]] = {
    "gu_master_r1": dict(
        name="Gu Master", size="Medium", weight=70, arms=2,
        attrs={"Strength": 50, "Fortitude": 40, "Perseverance": 45, "Cognition": 50,
               "Activations": 2},
        skills={"Close Combat": 45, "Ranged Attack": 45, "Dodge": 40, "Athletics": 40,
                "Flying": 30, "Awareness": 40},
        hp=60, soul=19, essence=30, regen=3, movement=8, weapons=["sword", "dagger"],
        gu=[], attacks=["punch", "kick"], stones=0),
    "wolf": dict(
        name="Wolf", size="Medium", weight=40, arms=0,
        attrs={"Strength": 40, "Fortitude": 30, "Perseverance": 30, "Cognition": 10,
               "Activations": 0},
        skills={"Close Combat": 50, "Ranged Attack": 0, "Dodge": 45, "Athletics": 55,
                "Flying": 0, "Awareness": 60},
        hp=50, soul=16, essence=0, regen=0, movement=12, weapons=[], gu=[], attacks=["bite"],
        stones=0),
}

GU: dict[str, Any] = {}


# --- terrain (owner: terrain.py; GU-19, GU-37, GU-39, GU-41) ------------------------------------
def elevation(board: Board, cell: tuple[int, int]) -> int:
    return int(board.prop(*cell, "elevation_m", 0) or 0)


def step_cost(board: Board, a: tuple[int, int], b: tuple[int, int]) -> int | None:
    """Metres to step from a to b, None when it cannot be walked: walls block; leaving a
    difficult or water square costs 2 (GU-41, GU-39); climbing more than 1 m up needs a
    climbable square and costs double (GU-37); a drop of more than 1 m is not walked."""
    if not board.in_bounds(*b) or board.prop(*b, "wall", False):
        return None
    up = elevation(board, b) - elevation(board, a)
    if up < -1:
        return None
    cost = 2 if board.prop(*a, "terrain", "normal") in ("difficult", "water") else 1
    if up > 1:
        return 2 * cost if board.prop(*b, "climbable", False) else None
    return cost


# --- damage and the dying (owner: damage.py and dying.py; GU-93, GU-94, GU-109, GU-111) --------
@dataclass(frozen=True, slots=True)
class DamageResult:
    to_hp: int                         # what reaches HP (before the clamp at 0)
    shield_used: int
    stages: tuple[tuple[str, int], ...]
    instant_death: bool


def resolve_damage(amount: int, dtype: str, *, direct: bool, shield: int, max_hp: int
                   ) -> DamageResult:
    used = 0 if direct or dtype == "soul" else min(shield, amount)
    left = amount - used
    return DamageResult(left, used, (("shield", used),) if used else (),
                        left >= 2 * max_hp)


def zero_hp(raw_test: Any) -> str:
    """GU-94: the Perseverance test at 0 HP: success -> final stand, failure -> dying."""
    return "final_stand" if raw_test.success else "dying"

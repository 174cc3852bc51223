"""Held actions of gu_masters as data: the trigger vocabulary, whether an event fires a trigger,
the race between the holder and the one who triggered it, and expiry (GU-71..74, GU-90,
GU-GM-35, GU-GM-36).

Owns: `Trigger` (one of GU-GM-36's five kinds with its parameter), `fires` (does a described
hostile deed set it off), `race_skill` (Close Combat within 2 m, else Ranged Attack, GU-73),
`holder_first` (the opposed test's outcome, ties to the one who triggered it), the one
activation of a held Activate Gu (GU-74) and the expiry rule (GU-GM-35).

Must not: roll, read the match, or carry out the held action (the engine offers it as a
reaction and runs the action through its own handler).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .checks import TestRoll, opposed

# GU-GM-36: the closed list of triggers a player may name.
TRIGGERS: tuple[str, ...] = ("enemy_enters_range", "enemy_attacks", "enemy_uses_gu",
                             "enemy_moves", "any_hostile_act")
RACE_CLOSE_M = 2            # GU-73: within 2 m the race is Close Combat
HELD_ACTIVATIONS = 1        # GU-74


@dataclass(frozen=True, slots=True)
class Trigger:
    """A held action's trigger: `kind` from TRIGGERS; `range_m` for enemy_enters_range; `gu`
    the named Gu (or Gu effect) for enemy_uses_gu."""

    kind: str
    range_m: int = 0
    gu: str = ""

    def __post_init__(self) -> None:
        if self.kind not in TRIGGERS:
            raise ValueError(f"unknown trigger {self.kind!r}; expected one of {TRIGGERS}")
        if self.kind == "enemy_enters_range" and self.range_m <= 0:
            raise ValueError("an enemy_enters_range trigger names a range of at least 1 m")
        if self.kind == "enemy_uses_gu" and not self.gu:
            raise ValueError("an enemy_uses_gu trigger names the Gu")

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "range_m": self.range_m, "gu": self.gu}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Trigger":
        return cls(str(d["kind"]), int(d.get("range_m", 0)), str(d.get("gu", "")))

    def text(self) -> str:
        if self.kind == "enemy_enters_range":
            return f"an enemy comes within {self.range_m} m"
        if self.kind == "enemy_uses_gu":
            return f"an enemy uses {self.gu.replace('_', ' ')}"
        return {"enemy_attacks": "an enemy attacks", "enemy_moves": "an enemy moves",
                "any_hostile_act": "any hostile act"}[self.kind]


# The deeds the engine reports, each with the trigger kinds it can fire besides
# any_hostile_act: a move may also bring the mover into range.
DEEDS: tuple[str, ...] = ("move", "attack", "gu")


def fires(trigger: Trigger, deed: str, *, hostile: bool, distance_before: int | None = None,
          distance_after: int | None = None, gu: str = "") -> bool:
    """Does an enemy's `deed` ("move", "attack" or "gu") set `trigger` off? Only hostile
    creatures trigger (GU-71 names hostile deeds). A move fires enemy_enters_range when it ends
    a step within the range from outside it."""
    if deed not in DEEDS:
        raise ValueError(f"unknown deed {deed!r}; expected one of {DEEDS}")
    if not hostile:
        return False
    kind = trigger.kind
    if kind == "any_hostile_act":
        return True
    if kind == "enemy_moves":
        return deed == "move"
    if kind == "enemy_attacks":
        return deed == "attack"
    if kind == "enemy_uses_gu":
        return deed == "gu" and gu == trigger.gu
    if deed != "move" or distance_after is None:
        return False
    was_out = distance_before is None or distance_before > trigger.range_m
    return was_out and distance_after <= trigger.range_m


def race_skill(distance_m: int) -> str:
    """GU-73: the race is Close Combat within 2 m of each other, Ranged Attack farther."""
    return "close_combat" if distance_m <= RACE_CLOSE_M else "ranged_attack"


def holder_first(holder: TestRoll, triggerer: TestRoll) -> bool:
    """GU-73: does the held action happen before the deed that set it off? A tie after degrees
    and raw dice goes to the one who triggered it (GU-X core: the held action goes second)."""
    return opposed(holder, triggerer, status_quo="b").winner == "a"


def activations_allowed(held_kind: str, activations: int) -> int:
    """GU-74: a held Activate Gu performs one activation, whatever the attribute says."""
    return min(HELD_ACTIVATIONS, activations) if held_kind == "activate_gu" else activations


def expired(held_on_round: int, now_round: int, holder_turn_started: bool) -> bool:
    """GU-GM-35: a held action lapses when its holder's next turn starts."""
    return holder_turn_started and now_round > held_on_round

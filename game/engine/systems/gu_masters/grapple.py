"""Grapples of gu_masters: who may grapple whom, the carry test, the throw and its collision
(GU-62..68, GU-GM-26, GU-GM-43), as numbers.

Owns: the size check of a grapple (GU-62), the carry test's penalty and distance (GU-65), the
throw's permission, distance and collision damage (GU-66/67), what grappling takes from the
grappler's unarmed strikes (GU-64), and which side a tie favours in the opposed tests (GU-62/68
with GU-GM-07's status quo).

Must not: roll dice (the engine rolls with checks.roll_test and hands the results to `wins`),
read the match, or move creatures (the engine walks the throw with tactics.forced).
"""
from __future__ import annotations

from dataclasses import dataclass

from .called import size_index
from .checks import TestRoll, opposed

CARRY_STEP_KG = 50          # GU-65: +10 on the carry test per full 50 kg carried
CARRY_STEP_PENALTY = 10
THROW_PERCENT = 5           # GU-66: 5 % of (Strength - weight) metres
COLLISION_BASE = 3          # GU-67: 3 + 10 % of Strength
COLLISION_PERCENT = 10


def can_grapple(grappler_size: str, target_size: str) -> bool:
    """GU-62: the target is of the grappler's size or smaller."""
    return size_index(target_size) <= size_index(grappler_size)


def carry_penalty(weight_kg: int) -> int:
    """GU-65: the carry test's penalty, +10 per FULL 50 kg of the target (49 kg adds nothing)."""
    if weight_kg < 0:
        raise ValueError("a weight cannot be negative")
    return CARRY_STEP_PENALTY * (weight_kg // CARRY_STEP_KG)


def carry_distance(movement_m: int) -> int:
    """GU-65: a passed carry test moves the grappler (and its catch) up to half its Movement,
    rounded down."""
    return max(0, movement_m) // 2


def can_throw(strength: int, weight_kg: int) -> bool:
    """GU-66: only a grappler stronger than the target's weight in kg may throw it."""
    return strength > weight_kg


def throw_distance(strength: int, weight_kg: int) -> int:
    """GU-66: floor(5 % of (Strength - weight)) metres, at least 1; 0 when no throw is allowed."""
    if not can_throw(strength, weight_kg):
        return 0
    return max(1, (strength - weight_kg) * THROW_PERCENT // 100)


def collision_damage(strength: int) -> int:
    """GU-67: a thrown creature striking anything but the ground: both take 3 + floor(10 % of
    the thrower's Strength) force."""
    return COLLISION_BASE + max(0, strength) * COLLISION_PERCENT // 100


def punching_arms(arms: int, grappling: bool) -> int:
    """GU-64: a grappler punches with one arm fewer."""
    return max(0, arms - 1) if grappling else max(0, arms)


def may_kick(grappling: bool) -> bool:
    """GU-64: no kicks while grappling."""
    return not grappling


def wins(actor: TestRoll, resister: TestRoll) -> bool:
    """The opposed Athletics tests of a grapple (GU-62) or a break-free (GU-68): does the one
    who acts win? Ties that survive degrees and raw dice keep things as they are (GU-GM-07):
    a grapple is not made, a hold is not broken."""
    return opposed(actor, resister, status_quo="b").winner == "a"


@dataclass(frozen=True, slots=True)
class Landing:
    """GU-GM-26 default: where a thrown creature comes down. `prone` never; `fall_m` the drop
    counted for fall damage (only a landing more than 2 m lower hurts, GU-117 counts it)."""

    prone: bool
    fall_m: int


def throw_landing(drop_m: int) -> Landing:
    """GU-GM-26: a thrown creature lands on its feet; falling damage only when it lands lower
    than it started by more than 2 m (then the whole drop counts, as a fall does)."""
    return Landing(False, drop_m if drop_m > 2 else 0)

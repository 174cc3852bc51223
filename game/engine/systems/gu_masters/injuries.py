"""Injuries in gu_masters: the injury a heavy hit leaves by damage type, the injury a called shot
leaves by body part, which limb breaks, legs and movement, and natural recovery (GU-120..133,
GU-GM-16/19/20/29).

Owns: the `Injury` record (what the injury changes, as data the engine applies: an unusable
limb, movement, Bleeding, a status and how long, Cognition, maximum soul, disarming), the two
tables, and `roll_injuries`, which rolls their d4s on the generator it is handed in a fixed
order (the heavy-hit d4 for force damage first, then the head d4 of a called shot, then the
limb pick) so forced dice in scenarios line up.

Must not: read creatures or the match, apply statuses (the engine hands the status names to
`statuses`), or decide whether a hit landed on its called part (the attack does).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from game.engine.rng import Rng
from game.engine.systems.gu_masters.damage import DAMAGE_TYPES, injury_threshold

LEG_PENALTY = 4             # GU-121/131: a broken or crippled leg costs 4 m (GU-GM-29: once)
CONCUSSION_COGNITION = -15  # GU-121/132
CONCUSSION_DAYS = 3
COMBINE_MODES: tuple[str, ...] = ("both", "called_only")          # GU-GM-20
PARTS: tuple[str, ...] = ("hand", "arm", "torso", "leg", "head")


@dataclass(frozen=True, slots=True)
class Injury:
    """One injury and what it changes. `limb` names the kind of limb made unusable ("arm",
    "leg", "hand"; `pick_limb` says which one). `movement` is the penalty per leg (the engine
    counts legs with `leg_movement`). `status` is a status name for `statuses`, lasting
    `status_until` ("end_of_next_turn") or as the status itself says (None)."""

    name: str
    label: str
    limb: str | None = None
    movement: int = 0
    bleeding: int = 0
    status: str | None = None
    status_until: str | None = None
    cognition: int = 0
    cognition_days: int = 0
    halve_max_soul: bool = False
    disarmed: bool = False


BROKEN_ARM = Injury("broken_arm", "Broken Arm", limb="arm")
BROKEN_LEG = Injury("broken_leg", "Broken Leg", limb="leg", movement=-LEG_PENALTY)
INTERNAL_BLEEDING = Injury("internal_bleeding", "Internal Bleeding", bleeding=1)
CONCUSSION = Injury("concussion", "Concussion", status="dazed",
                    cognition=CONCUSSION_COGNITION, cognition_days=CONCUSSION_DAYS)
# GU-121: the force table, by d4.
FORCE_TABLE: dict[int, Injury] = {1: BROKEN_ARM, 2: BROKEN_LEG, 3: INTERNAL_BLEEDING,
                                  4: CONCUSSION}
# GU-122..126: the other types' single entries; poison, sonic and untyped leave none.
TYPE_TABLE: dict[str, Injury] = {
    "rending": Injury("deep_cut", "Deep Cut", bleeding=1),
    "cold": Injury("frostbite", "Frostbite", status="fatigued"),
    "heat": Injury("burns", "Burns", status="burning"),
    "shock": Injury("shocked", "Shocked", status="dazed"),
}
NO_INJURY_TYPES: frozenset[str] = frozenset({"poison", "sonic", "none"})
# GU-128..131: called shots on hands, arms, torso and legs.
CALLED_TABLE: dict[str, Injury] = {
    "hand": Injury("broken_hand", "Broken Hand", limb="hand", disarmed=True),
    "arm": Injury("crippled_arm", "Crippled Limb", limb="arm"),
    "torso": INTERNAL_BLEEDING,
    "leg": Injury("crippled_leg", "Crippled Leg", limb="leg", movement=-LEG_PENALTY),
}
# GU-132: the head, by d4.
HEAD_TABLE: dict[int, Injury] = {
    1: Injury("brain_damage", "Brain Damage", halve_max_soul=True),
    2: Injury("blinded", "Blinded", status="blinded", status_until="end_of_next_turn"),
    3: Injury("hemorrhage", "Hemorrhage", bleeding=5),
    4: CONCUSSION,
}


def _d4(face: int) -> int:
    if not 1 <= face <= 4:
        raise ValueError(f"a d4 shows 1..4, not {face}")
    return face


def heavy_needs_d4(kind: str) -> bool:
    """Whether a heavy hit of this type rolls on the force d4 table (GU-121)."""
    return kind == "force"


def heavy_injury(kind: str, d4: int | None = None) -> Injury | None:
    """The injury of a heavy hit (GU-120..126) of damage type `kind`; force needs its d4.
    Direct damage uses its own type (the `type` of its Hit), as GU-126 asks."""
    if kind not in DAMAGE_TYPES:
        raise ValueError(f"unknown damage type {kind!r}")
    if kind == "force":
        if d4 is None:
            raise ValueError("a force injury needs its d4")
        return FORCE_TABLE[_d4(d4)]
    return TYPE_TABLE.get(kind)


def called_injury(part: str, d4: int | None = None) -> Injury:
    """The injury of a called shot on `part` (GU-127..132); the head needs its d4."""
    if part == "head":
        if d4 is None:
            raise ValueError("a head injury needs its d4")
        return HEAD_TABLE[_d4(d4)]
    if part not in CALLED_TABLE:
        raise ValueError(f"unknown body part {part!r}; expected one of {PARTS}")
    return CALLED_TABLE[part]


def pick_limb(rng: Rng, intact: Sequence[str]) -> str | None:
    """GU-GM-19: the limb an injury disables, at random among the intact ones (no die when
    there is only one; None when none is left, and the injury changes no limb)."""
    if not intact:
        return None
    if len(intact) == 1:
        return intact[0]
    return intact[rng.randint(0, len(intact) - 1)]


def roll_injuries(rng: Rng, *, kind: str, dealt: int, max_hp: int,
                  called_part: str | None = None, combine: str = "both") -> tuple[Injury, ...]:
    """Every injury one damage instance leaves (GU-120, GU-127, GU-GM-16/20).

    `dealt` is the damage that reached HP after reductions, before the 0 clamp. A heavy hit
    (at least half max HP, rounded down) injures by type; a called shot that hit its part and
    dealt at least 1 injures that part regardless. Both apply by default; "called_only" lets
    the called shot's injury replace the heavy hit's. Dice: force d4, then head d4."""
    if combine not in COMBINE_MODES:
        raise ValueError(f"unknown combine mode {combine!r}; expected one of {COMBINE_MODES}")
    out: list[Injury] = []
    called = called_part is not None and dealt >= 1
    heavy = dealt >= injury_threshold(max_hp) and not (called and combine == "called_only")
    if heavy:
        injury = heavy_injury(kind, rng.randint(1, 4) if heavy_needs_d4(kind) else None)
        if injury is not None:
            out.append(injury)
    if called and called_part is not None:
        out.append(called_injury(called_part, rng.randint(1, 4) if called_part == "head" else None))
    return tuple(out)


def leg_movement(movement: int, legs_out: int, legs: int = 2) -> int:
    """Movement with `legs_out` broken or crippled legs (GU-121/131, GU-GM-29): 4 m less each,
    and 0 once every leg is out."""
    if legs_out <= 0:
        return movement
    if legs_out >= legs:
        return 0
    return max(0, movement - LEG_PENALTY * legs_out)


def brain_damage(max_soul: int) -> int:
    """GU-132: maximum soul permanently halved, rounded down."""
    return max_soul // 2


def sleep_recovery(hp: int, max_hp: int, hours: int) -> int:
    """GU-133: one HP per hour of sleep, up to the maximum."""
    return min(max_hp, hp + max(0, hours))

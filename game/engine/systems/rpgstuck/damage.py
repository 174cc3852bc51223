"""One damage instance through the B-30 pipeline, and the HP arithmetic it lands on
(RS-01..03, RS-08..15, RS-36..39, RS-48, RS-51, RS-58, RS-91..93, B-16, B-30, AMB-01/08/12).

Owns: the pre-multiplier damage (base roll, stat or damage mod, Assail, riders, Weakened, floor
at 0), the percentage multiplier with crits, head and psi-core bonuses and halvings, Aegis, and
how the result is taken by a part's HP, temp HP and HP. Also temp-HP grants, healing, max-HP
reductions and stat damage with their death checks.

The engine copies a creature's numbers into the small frozen record `Vitals` (hp, max_hp,
temp_hp), calls these functions, and copies the returned record back; a part's HP is passed as a
plain int. Nothing here keeps state.

Must not: roll dice (listing.py rolls the base damage), read creatures or the match, or decide
conditions beyond reporting "now at 0 HP" / "dead" for the engine to apply.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal, Sequence

HeadCritMode = Literal["example", "stack"]
HordeDamageMode = Literal["separate", "one_roll", "first_crit"]

CRIT_BONUS = 100      # RS-36: a crit is +100 percentage points
HEAD_BONUS = 50       # RS-51
PSI_CORE_BONUS = 50   # RS-58
HALVING = 50          # RS-38: each halving removes 50 points


# --- the instance (B-30 steps 1-4) --------------------------------------------------------------

def pre_multiplier(base_total: int, *, mod: int = 0, assail: bool = False,
                   weakened: bool = False, riders: Sequence[int] = ()) -> int:
    """B-30 step 2: the base roll's total (it already holds the listing's stat mod and ladder
    flats) + Assail (the mod once more, RS-92) + flat riders - Weakened (the mod, RS-93/B-16),
    floored at 0. `mod` is the attack's stat mod for a PC, the damage mod for a monster."""
    pre = base_total + (mod if assail else 0) + sum(riders) - (mod if weakened else 0)
    return max(0, pre)


def bonus_percent(*, crit: bool = False, head: bool = False, psi_core: bool = False,
                  extra: Sequence[int] = (), head_crit_mode: HeadCritMode = "example") -> int:
    """RS-36/37/51/58: bonus percentages add up. AMB-01 `head_crit_mode`: "example" (default,
    the document's worked example) gives the head its +50 on any hit, crit or not; "stack"
    adds another +50 when a head hit crits."""
    if head_crit_mode not in ("example", "stack"):
        raise ValueError(f"unknown head_crit_mode {head_crit_mode!r}")
    total = sum(extra)
    if crit:
        total += CRIT_BONUS
    if head:
        total += HEAD_BONUS
        if crit and head_crit_mode == "stack":
            total += HEAD_BONUS
    if psi_core:
        total += PSI_CORE_BONUS
    return total


def multiplier(bonus: int, halvings: int = 0) -> int:
    """B-30 step 3 / RS-38: M = max(0, 100 + bonus - 50 per halving), in percent."""
    if halvings < 0:
        raise ValueError("halvings cannot be negative")
    return max(0, 100 + bonus - HALVING * halvings)


def apply_percent(pre: int, bonus: int = 0, halvings: int = 0) -> int:
    """RS-37/B-28: floor(pre * M / 100); never below 0 (RS-39)."""
    return max(0, pre) * multiplier(bonus, halvings) // 100


def after_aegis(amount: int, aegis: int, *, true_damage: bool = False) -> int:
    """B-30 step 4 / B-16: Aegis takes X off every instance, floor 0; never off true damage
    (RS-15)."""
    if true_damage or aegis <= 0:
        return amount
    return max(0, amount - aegis)


@dataclass(frozen=True, slots=True)
class Instance:
    """One damage instance's numbers at each step; `damaging` is always True (RS-39: even 0
    counts as a damaging hit for triggers and limited uses)."""

    pre: int
    multiplier: int
    after_percent: int
    amount: int
    damaging: bool = True


def instance(pre: int, *, bonus: int = 0, halvings: int = 0, aegis: int = 0,
             true_damage: bool = False) -> Instance:
    """B-30 steps 3-4 for a pre-multiplier total (from `pre_multiplier`)."""
    pre = max(0, pre)
    m = multiplier(bonus, halvings)
    pct = pre * m // 100
    return Instance(pre, m, pct, after_aegis(pct, aegis, true_damage=true_damage))


# --- hordes (AMB-08) ----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class HitPlan:
    """How one of a horde's hits is dealt: does it crit, and does it roll its own damage."""

    crit: bool
    own_roll: bool


def horde_plan(hits: int, crit: bool, *, mode: HordeDamageMode = "separate") -> tuple[HitPlan, ...]:
    """AMB-08: each hit of a horde attack (RS-81) is its own instance (Aegis on each).
    "separate" (default): damage is rolled for every hit and a critting roll makes every hit a
    crit; "one_roll": one damage roll is dealt by every hit; "first_crit": damage per hit, only
    the first hit crits."""
    if mode == "separate":
        return tuple(HitPlan(crit, True) for _ in range(hits))
    if mode == "one_roll":
        return tuple(HitPlan(crit, i == 0) for i in range(hits))
    if mode == "first_crit":
        return tuple(HitPlan(crit and i == 0, True) for i in range(hits))
    raise ValueError(f"unknown horde damage mode {mode!r}")


# --- where the damage lands (B-30 steps 5-7) ----------------------------------------------------

@dataclass(frozen=True, slots=True)
class Vitals:
    """The HP numbers of one creature: current, max and temp HP (RS-01, RS-11)."""

    hp: int
    max_hp: int
    temp_hp: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.hp <= max(self.max_hp, 0) or self.temp_hp < 0:
            raise ValueError(f"impossible HP numbers: {self.hp}/{self.max_hp} temp {self.temp_hp}")

    @property
    def down(self) -> bool:
        """RS-03: at 0 HP the creature is Unconscious (not dead)."""
        return self.hp == 0

    @property
    def dead(self) -> bool:
        """RS-10: max HP reduced to 0 kills."""
        return self.max_hp <= 0


@dataclass(frozen=True, slots=True)
class Taken:
    """What one instance did: to the part, to temp HP, to HP; the part's HP left (None when no
    part) and whether it broke; the creature's numbers after."""

    to_part: int
    to_temp: int
    to_hp: int
    part_hp: int | None
    part_broken: bool
    vitals: Vitals


def take(v: Vitals, amount: int, *, part_hp: int | None = None) -> Taken:
    """B-30 steps 5-7. RS-48: a called shot on a part with HP hits the part first; what the part
    cannot hold carries over. RS-12: temp HP absorbs next. RS-02: HP stops at 0."""
    amount = max(0, amount)
    to_part = 0
    broken = False
    if part_hp is not None:
        to_part = min(amount, part_hp)
        part_hp -= to_part
        amount -= to_part
        broken = part_hp == 0
    to_temp = min(amount, v.temp_hp)
    amount -= to_temp
    to_hp = min(amount, v.hp)
    new = replace(v, hp=v.hp - to_hp, temp_hp=v.temp_hp - to_temp)
    return Taken(to_part, to_temp, to_hp, part_hp, broken, new)


def pay_hp(v: Vitals, cost: int, *, temp_pays: bool = True) -> Taken:
    """RS-15: HP paid as a cost is true damage: no Aegis, halving or resistance touches it.
    AMB-12 `temp_pays` (default True): temp HP absorbs it first like any damage; False takes
    it from HP only."""
    if temp_pays:
        return take(v, cost)
    to_hp = min(max(0, cost), v.hp)
    return Taken(0, 0, to_hp, None, False, replace(v, hp=v.hp - to_hp))


def grant_temp(v: Vitals, grant: int) -> tuple[Vitals, bool]:
    """RS-11/14: temp HP can be gained at full HP; it never stacks: a larger grant replaces the
    pool (the caller takes its duration), an equal or smaller one changes nothing. Returns the
    numbers and whether the grant replaced the pool."""
    if grant > v.temp_hp:
        return replace(v, temp_hp=grant), True
    return v, False


TEMP_HP_ROUNDS = 600   # RS-13: one hour, at B-18's 10 rounds a minute


def temp_hp_expired(granted_round: int, now_round: int, *,
                    duration_rounds: int = TEMP_HP_ROUNDS) -> bool:
    """RS-13: temp HP lasts an hour (or its source's duration), then what is left goes."""
    return now_round - granted_round >= duration_rounds


def heal(v: Vitals, amount: int) -> Vitals:
    """RS-01: healing never lifts HP above max."""
    return replace(v, hp=min(v.max_hp, v.hp + max(0, amount)))


def reduce_max(v: Vitals, n: int) -> Vitals:
    """RS-08: lowering max HP by N lowers current HP by N as well, once, even when the effect
    names both; HP stops at 0 (RS-03) and max at 0 (dead, RS-10)."""
    n = max(0, n)
    new_max = max(0, v.max_hp - n)
    return Vitals(hp=min(new_max, max(0, v.hp - n)), max_hp=new_max, temp_hp=v.temp_hp)


def drain_stat(score: int, amount: int) -> tuple[int, bool]:
    """RS-09/10: stat damage lowers the score (never below 0); a score of 0 kills (B-01: the
    score, not the modifier). Returns the new score and whether the creature dies."""
    new = max(0, score - max(0, amount))
    return new, new == 0

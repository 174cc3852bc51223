"""Character numbers, limits on use, Combat Rating and rest arithmetic for rpgstuck
(B-01..05, B-07, B-09, B-19, RS-05/06, RS-09, RS-88..90, RS-96/97, RS-136..148, AMB-10).

Owns: ability modifiers, PC level/tier/P/Q, defenses and max HP; hit dice; the Multiattack and
Cooldown tags; the pure decision whether a limited use is spent from what happened; which rest
recharges which limit; encounter CR; the numbers of a short rest (healing, slots, time, stat
repair) and whether a long rest gives its benefit.

Must not: hold any state (the engine keeps counters and clocks and asks these functions), read
creatures or the match, or roll with anything but the generator it is given.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, Mapping, Sequence

from game.engine.dice import Roll
from game.engine.rng import Rng

from .damage import Vitals


Per = Literal["strife", "short_rest", "long_rest"]
Moment = Literal["strife_start", "short_rest", "long_rest"]
UseKind = Literal["limited", "psionic_slot", "self_payoff"]
TierGap = Literal["power", "clamp"]


# --- ability scores and PC numbers (B-01..04, B-07, RS-05/06, B-19) ----------------------------

def mod(score: int) -> int:
    """B-01: modifier = floor((score - 10) / 2)."""
    return (score - 10) // 2


def pc_tier(level: int) -> int:
    """B-02: Tier = 1 + floor((Level - 1) / 4), levels 1..16."""
    if not 1 <= level <= 16:
        raise ValueError(f"PC level {level} is outside 1..16")
    return 1 + (level - 1) // 4


@dataclass(frozen=True, slots=True)
class Defenses:
    ac: int
    reflex: int
    will: int


def pc_defenses(p: int, scores: Mapping[str, int]) -> Defenses:
    """B-07: AC = 10 + P + DEX; Reflex = 10 + P + max(DEX, INT); Will = 10 + P + max(WIS, CHA)
    (modifiers of the given scores)."""
    m = {k: mod(v) for k, v in scores.items()}
    return Defenses(ac=10 + p + m["DEX"], reflex=10 + p + max(m["DEX"], m["INT"]),
                    will=10 + p + max(m["WIS"], m["CHA"]))


def hit_die_average(die: int) -> int:
    """B-19: the average a level adds is X/2 + 1 (d8 -> 5, d10 -> 6)."""
    return die // 2 + 1


def hit_dice_total(level: int, *, hd_equals_level: bool = False) -> int:
    """B-19: a PC has Level + 1 hit dice (table option `hd_equals_level`: Level, as in 5e)."""
    return level if hd_equals_level else level + 1


def pc_max_hp(level: int, con: int, die: int = 8) -> int:
    """RS-05: level 1 gets 10 + the hit die's top face + CON; RS-06: each later level adds the
    die's average + CON (B-19). `con` is the modifier."""
    return 10 + die + con + (level - 1) * (hit_die_average(die) + con)


def monster_dc(tier: int, mental_mods: Sequence[int]) -> int:
    """B-09: 10 + T + 1 + the highest mental modifier (the stat block may list its own)."""
    return 10 + tier + 1 + max(mental_mods)


# --- tags (RS-96/97) -----------------------------------------------------------------------------

_TAG = re.compile(r"^\s*(Multiattack|Cooldown)\s*\(\s*(\d+)\s*\)\s*$")


def parse_tag(text: str) -> tuple[str, int]:
    """Read "Multiattack (X)" or "Cooldown (X)"; anything else raises ValueError naming it."""
    m = _TAG.match(text)
    if not m:
        raise ValueError(f"not a Multiattack or Cooldown tag: {text!r}")
    return m.group(1).lower(), int(m.group(2))


def attack_rolls(multiattack: int | None) -> int:
    """RS-96: Multiattack (X) makes X attack rolls, each resolved on its own; otherwise one."""
    if multiattack is not None and multiattack < 1:
        raise ValueError(f"Multiattack needs at least 1 attack: {multiattack}")
    return multiattack or 1


def next_ready_round(used_round: int, cooldown: int) -> int:
    """RS-97: X full rounds must pass unused: used in round r, usable again in r + X + 1."""
    return used_round + cooldown + 1


def cooldown_ready(used_round: int | None, cooldown: int, now: int) -> bool:
    return used_round is None or now >= next_ready_round(used_round, cooldown)


# --- limited uses (RS-141..148) -----------------------------------------------------------------

def use_spent(kind: UseKind, took_effect: Sequence[bool], *, all_prevented: bool = False) -> bool:
    """Is the limited use spent, given whether anything took effect against each target or
    attack (a hit, a passed check, or an effect that happens even on a miss)?

    "limited" (per strife, per rest, Path resources; RS-143..146): spent when anything took
    effect anywhere; refunded only when the ability failed against every target.
    "psionic_slot" (RS-147): always spent. "self_payoff" (RS-148, e.g. Sanguine: Brave): spent
    unless every action it grants was prevented (`all_prevented`)."""
    if kind == "limited":
        return any(took_effect)
    if kind == "psionic_slot":
        return True
    if kind == "self_payoff":
        return not all_prevented
    raise ValueError(f"unknown limited-use kind {kind!r}")


def recharges(per: Per, moment: Moment, *, short_rest_counts: bool = True) -> bool:
    """RS-141/142: per-strife uses come back when the next strife starts; per-short-rest uses
    after a short rest that counts (RS-137: at least P hit dice spent) or any long rest;
    per-long-rest uses only after a long rest that gave its benefit (the caller asks
    `long_rest_benefits` first)."""
    if per == "strife":
        return moment == "strife_start"
    if per == "short_rest":
        return moment == "long_rest" or (moment == "short_rest" and short_rest_counts)
    if per == "long_rest":
        return moment == "long_rest"
    raise ValueError(f"unknown limited-use period {per!r}")


# --- Combat Rating (RS-88..90, AMB-10) ----------------------------------------------------------

def adjusted_cr(cr: int, monster_tier: int, party_tier: int, *,
                tier_gap: TierGap = "power") -> Fraction:
    """RS-89: a monster one tier above the party counts double, one below half. AMB-10
    `tier_gap`: "power" (default) doubles/halves once per tier of difference; "clamp" stops
    at one tier either way."""
    delta = monster_tier - party_tier
    if tier_gap == "clamp":
        delta = max(-1, min(1, delta))
    elif tier_gap != "power":
        raise ValueError(f"unknown tier_gap {tier_gap!r}")
    return Fraction(cr) * (Fraction(2) ** delta)


def encounter_cr(monsters: Sequence[tuple[int, int]], party_tiers: Sequence[int], *,
                 tier_gap: TierGap = "power") -> Fraction:
    """RS-89: the sum of every monster's adjusted CR; `monsters` are (cr, tier) pairs. AMB-10:
    a mixed-tier party counts as its highest tier."""
    party = max(party_tiers)
    return sum((adjusted_cr(cr, t, party, tier_gap=tier_gap) for cr, t in monsters), Fraction(0))


def advised_cr(strifes_at_tier: int, alchemized: int, tier_gear: int) -> int:
    """RS-90 pacing advice for an encounter generator (not a rule): CR 1 on reaching a tier,
    then CR 2; CR 3 once some of the tier's gear is alchemized; CR 4 once all of it is."""
    if tier_gear and alchemized >= tier_gear:
        return 4
    if alchemized > 0:
        return 3
    return 2 if strifes_at_tier > 0 else 1


# --- rests (RS-09, RS-136..139) -----------------------------------------------------------------

def roll_hit_dice(rng: Rng, count: int, die: int = 8, purpose: str = "hit dice") -> Roll:
    """Roll the hit dice spent in a short rest (their faces; the CON terms are added by
    `short_rest`)."""
    faces = tuple(rng.randint(1, die) for _ in range(count))
    return Roll(purpose, f"{count}d{die}", faces, (), sum(faces))


@dataclass(frozen=True, slots=True)
class ShortRest:
    """What a short rest gives: HP healed, lesser slots back, minutes taken, whether
    short-rest recharges happen, and the stat damage left after repair."""

    healed: int
    slots: int
    minutes: Fraction
    recharges: bool
    stat_damage: tuple[tuple[str, int], ...]


def short_rest(faces: Sequence[int], con: int, *, total_hd: int, available_hd: int, p: int,
               stat_damage: Mapping[str, int] | None = None) -> ShortRest:
    """RS-136: each spent hit die heals its face + CON (the sum never below 0), brings back one
    lesser slot and takes 60 min x spent/total. RS-137: recharges need at least P dice spent in
    this rest. RS-09: each die spent repairs 1 point of stat damage, in the order given."""
    spent = len(faces)
    if spent > available_hd:
        raise ValueError(f"cannot spend {spent} hit dice with {available_hd} left")
    if total_hd < 1:
        raise ValueError("a character has at least one hit die")
    healed = max(0, sum(faces) + spent * con)
    repair = spent
    left: list[tuple[str, int]] = []
    for stat, dmg in (stat_damage or {}).items():
        fix = min(dmg, repair)
        repair -= fix
        left.append((stat, dmg - fix))
    return ShortRest(healed, spent, Fraction(60 * spent, total_hd), spent >= p, tuple(left))


# RS-140: how many strifes a fully rested party is expected to last before it wants a short rest
STRIFES_BEFORE_SHORT_REST = (2, 3)


def rest_advice(strifes_since_rest: int) -> tuple[bool, str]:
    """RS-140's pacing as advice between battles: (whether a short rest is advised now, the line
    the rest screen shows). A rested party is expected to last two or three strifes; from the
    second one on a short rest is advised, after the third strongly."""
    low, high = STRIFES_BEFORE_SHORT_REST
    n = strifes_since_rest
    fought = f"{n} strife{'' if n == 1 else 's'} since the party last rested"
    if n < low:
        return False, f"{fought}: a rested party lasts about {low}-{high} (RS-140)"
    if n < high:
        return True, f"{fought}: about time for a short rest ({low}-{high} is usual, RS-140)"
    return True, f"{fought}: past the usual {low}-{high}, rest before the next (RS-140)"


DAY_MINUTES = 24 * 60


def long_rest_benefits(hp_at_start: int, *, minutes_since_last: int | None,
                       longest_interruption: int = 0) -> bool:
    """RS-138/139: a long rest gives its benefit only if it starts with at least 1 HP, no
    interruption lasted an hour or more, and no long rest gave its benefit in the previous 24
    hours (`minutes_since_last`: from the start of the last benefiting long rest to the start
    of this one; None when there was none)."""
    if hp_at_start < 1 or longest_interruption >= 60:
        return False
    return minutes_since_last is None or minutes_since_last >= DAY_MINUTES



def long_rest_vitals(v: Vitals, base_max_hp: int) -> Vitals:
    """RS-07/138: a long rest that gives its benefit undoes every max-HP reduction and restores
    all HP; temp HP, an hour long (RS-13), is gone after eight."""
    return Vitals(hp=base_max_hp, max_hp=base_max_hp, temp_hp=0)

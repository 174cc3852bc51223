"""RPGStuck called shots: an attack that names one part of one target (RS-44..63).

Owns: which parts an attack may name on a creature (its anatomy, plus the secrets its enemies
have found, RS-57; a Psi Core only for psionic attacks, RS-58; not a part already destroyed),
which attacks may name one at all (RS-49: the abilitech's `called_shot_allowed`), the attack's
variants with a part and with the crit-range trade (RS-45..47, through rolls), and what a hit on
each kind of part does once the damage is known (the effects of RS-48, RS-51..62, by the kind's
`effect` id in anatomy.toml).

Must not: roll dice or compute a total (attack.py and arith.py do, with the numbers this module
hands them), or list an attack the plain list does not (it only adds a part to those).
"""
from __future__ import annotations

from dataclasses import dataclass

from typing import Any

from game.engine.events import DiceRolled
from game.engine.rng import Rng

from . import grapple, limbs, listing, rolls
from .actions import Attack
from .content import AnatomyKind, Part
from .events import CheckMade, ConditionChanged, PartHit
from .profiles import Profile, content_of
from .state import Condition, Creature, RpgState

COPY = "#"          # a part's copies are keyed "leg#0", "leg#1" in a creature's part damage


@dataclass(frozen=True, slots=True)
class Aimed:
    """A part an attack may name: the listing on the stat block and its kind's rules."""

    key: str                 # the kind id as listed ("head", "arm", "tool")
    name: str                # what the player reads ("Head", "Club", "Tail")
    kind: AnatomyKind
    listing: Part
    y: int                   # RS-45 Y (the listing's, else the kind's)
    copies: int              # RS-45 X
    hp: int                  # the part's own HP (0: none, RS-48)

    @property
    def needed(self) -> int:
        """RS-50/55: copies one use must hit and affect before the effect fires."""
        return rolls.copies_needed(self.copies, half_at=self.kind.half_needed_from or None)


def allowed(p: Profile) -> bool:
    """RS-49: no called shot with an automatic hit, an area, an effect on a miss, or a skill
    check to hit."""
    return p.entry.called_shot_allowed


def parts(state: RpgState, side: int, d: Creature, p: Profile | None) -> list[Aimed]:
    """The parts of `d` an attack `p` by a creature of `side` may name now (`p` None: a hand,
    not an attack, RS-68: no psionic-only part)."""
    c = content_of(state)
    entry = c.creatures[d.entry]
    found = state.secrets.get(str(side), {}).get(d.id, [])
    listed = list(entry.anatomy) + [s for s in entry.secrets if s.part in found]
    out: list[Aimed] = []
    seen: set[str] = set()
    for part in listed:
        if part.part in seen:
            continue
        seen.add(part.part)
        kind = c.anatomy[part.part]
        if kind.psionic_only and (p is None or not p.entry.psionic):     # RS-58
            continue
        y = part.y if part.y is not None else kind.y
        hp = part.hp if kind.hp != "none" else 0
        aimed = Aimed(part.part, part.name or kind.name, kind, part, y, part.count, hp)
        if hp and not intact_copies(d, aimed):
            continue                                   # every copy destroyed (RS-48)
        if part.part in d.seized and kind.effect == "disarm":
            continue                                   # wrested away (RS-68): not in its hands
        out.append(aimed)
    return out


def find(state: RpgState, side: int, d: Creature, p: Profile, key: str) -> Aimed | None:
    return next((a for a in parts(state, side, d, p) if a.key == key), None)


def crit_range(base: int, aimed: Aimed) -> int:
    """The crit range before the Y penalty: the attacker's own plus the part's (RS-61)."""
    return base + aimed.kind.crit_range


def variants(state: RpgState, c: Creature, plain: Attack, p: Profile, base_crit: int,
             d: Creature) -> list[Attack]:
    """`plain` aimed at each part of `d` it may name, and with the trade where RS-47 allows."""
    out: list[Attack] = []
    for aimed in parts(state, c.side, d, p):
        out.append(Attack(plain.unit, plain.ability, plain.targets, aimed.key))
        if aimed.y and rolls.trade_allowed(crit_range(base_crit, aimed), aimed.y):
            out.append(Attack(plain.unit, plain.ability, plain.targets, aimed.key, True))
    return out


def one_target(state: RpgState, targets: tuple) -> Creature | None:
    """The creature every target square of an attack holds, when it is one creature (a called
    shot names a part of one target, RS-44); None otherwise."""
    found = [state.at(*cell) for cell in targets]
    first = found[0]
    if first is None or any(o is not first for o in found):
        return None
    return first


# --- part HP (RS-48) ----------------------------------------------------------------------------
def copy_key(aimed: Aimed, n: int) -> str:
    return f"{aimed.key}{COPY}{n}"


def intact_copies(d: Creature, aimed: Aimed) -> list[int]:
    """The copies of a part with HP that are not destroyed, in order."""
    return [n for n in range(aimed.copies)
            if d.part_damage.get(copy_key(aimed, n), 0) < aimed.hp]


def part_hp_left(d: Creature, aimed: Aimed, n: int) -> int:
    return max(0, aimed.hp - d.part_damage.get(copy_key(aimed, n), 0))


# --- effects of a hit -------------------------------------------------------------------------
def has_effect_beyond_damage(p: Profile) -> bool:
    """RS-54: whether an attack applies anything besides damage (a Leg hit then cripples)."""
    a = p.entry
    return bool(p.prone or p.daze or p.cripple or p.push_ft or a.on_hit.grapple is not None
                or a.on_hit.pull_together_ft or a.on_hit.choose_one)


def condition(d: Creature, cid: str, value: int, source: str, until: str) -> list:
    d.conditions.append(Condition(cid, value, source, until))
    return [ConditionChanged(d.id, cid, True, value)]


def next_copy(d: Creature, aimed: Aimed, plan: dict[str, Any] | None) -> int | None:
    """The copy a roll aims at: each hit of one use on the next intact copy (RS-50)."""
    intact = intact_copies(d, aimed)
    if not intact:
        return None
    n = plan.get("part_hits", 0) if plan is not None else 0
    return intact[n % len(intact)]


def part_damaged(state: RpgState, attacker: Creature, d: Creature, aimed: Aimed, copy: int,
                 to_part: int, broken: bool) -> list:
    """RS-48: the part's HP took `to_part`; destroyed, it takes what it does with it: the
    abilitechs the stat block ties to it are gone (a Tool, RS-56), wings with HP take flight
    for good (SM-12), an Artery bleeds every turn (RS-59, SM-10: the attacker's P, T for a
    monster))."""
    key = copy_key(aimed, copy)
    d.part_damage[key] = d.part_damage.get(key, 0) + to_part
    events: list = [PartHit(d.id, aimed.name, to_part, part_hp_left(d, aimed, copy), broken)]
    if not broken:
        return events
    lost = [a for a in aimed.listing.disables if a in d.actions]
    if lost:
        d.actions = [a for a in d.actions if a not in lost]
    events += limbs.drop_lost(state, d)                  # RS-74: a hold on a lost limb ends
    if aimed.kind.effect == "ground":
        events += condition(d, "flightless", 0, "", "")
    elif aimed.kind.effect == "bleed":
        size = listing.pc_numbers(attacker.level).p if attacker.pc else attacker.tier
        events += condition(d, "dot", size, attacker.id, "")
    return events


def on_hit(state: RpgState, c: Creature, d: Creature, p: Profile, aimed: Aimed,
           plan: dict[str, Any], *, crit: bool, total: int, rng: Rng) -> list:
    """What a hit on the named part does beyond its numbers (RS-51..62); "for 1 round" ends as
    the attacker's next turn starts (B-16). The Head and Psi Core percentages, the Opening's
    hit bonus and the Shatterpoint's crit range are in the roll already (arith.py)."""
    hits = plan.get("part_hits", 0) + 1
    plan["part_hits"] = hits
    dealt = plan.pop("part_dealt", False)
    events: list = []
    if aimed.hp == 0:
        events.append(PartHit(d.id, aimed.name))
    if not d.up:
        return events
    kind = aimed.kind
    until = f"turn:{c.id}"
    if kind.effect == "crit_daze" and crit:                               # RS-61
        events += condition(d, "daze", 0, c.id, until)
    elif kind.effect == "daze" and dealt:                                 # RS-62
        events += condition(d, "daze", 0, c.id, until)
    elif kind.effect == "cripple" and has_effect_beyond_damage(p) \
            and hits == aimed.needed:                                     # RS-54/55, RS-50
        events += condition(d, "cripple", kind.cripple, c.id, until)
    elif kind.effect == "loosen_grip" and dealt:                          # RS-53
        held = _held_with(state, d, aimed.key)
        if held:
            events += keep_hold(state, d, held, total, rng)
        elif not d.has("loose_grip"):
            events += condition(d, "loose_grip", 0, c.id, until)
    elif kind.effect == "ground" and not d.has("flightless"):            # RS-52
        events += condition(d, "flightless", 0, c.id, until)
    return events


def _held_with(state: RpgState, d: Creature, part: str) -> list[Creature]:
    """The creatures `d` holds with the `part` just hit (RS-53/73): with grappling limbs
    tracked (limbs.py), only the holds that part keeps; otherwise every hold."""
    tracked = limbs.grapple_limbs(state, d)
    if not tracked:
        return grapple.held_by(state, d)
    return [state.creatures[t] for t in sorted(limbs.holds_on(d, part, None, tracked))]


def keep_hold(state: RpgState, d: Creature, held: list[Creature], total: int,
              rng: Rng) -> list:
    """RS-53/73: a holding limb took damage: the holder's Athletics check must reach the
    attack's total (a tie keeps the hold, as opposed checks do), or its holds end."""
    roll = rolls.roll_d20(rng, 0, "keep the hold")
    mine = rolls.check_total(roll.natural, d.skills["athletics"], stack=roll.stack)
    kept = mine >= total
    events: list = [DiceRolled(roll.roll, d.id, f"{d.name} keeps the hold (athletics): {mine}"),
                    CheckMade(d.id, "athletics", mine, total, kept, "keep the hold")]
    if not kept:
        for target in held:
            events += grapple.end(state, d, target, "grip loosened")
    return events

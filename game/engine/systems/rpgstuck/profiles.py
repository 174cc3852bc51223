"""What the engine reads of content: a match's content set, and each abilitech as the attack
pipeline needs it (`Profile`), with the user's Steps folded in (B-21).

Owns: `content_of(state)`, `profile(state, creature, ability)`, `is_attack`, `block_reaction`,
`creature_from(entry, ...)` (a creature record from its stat block at set-up). The content's
schema and checks are content.py's; the numbers of PCs (max HP, P, Q) come from the arithmetic
(arith.py calls it).

Must not: apply a rule, or keep anything by the state's identity (the same state object changes
in place during a match); the content set itself is cached by content.py.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import arith
from .content import SKILLS, Abilitech, Content, with_inline
from .content import Creature as Entry
from .state import SCORES, Creature, RpgState, mod


def content_of(state: RpgState) -> Content:
    """The match's content: the bundled set with the set-up's inline table laid over it."""
    return with_inline(state.content)


@dataclass(frozen=True, slots=True)
class Profile:
    """One attack abilitech as the pipeline uses it (B-22, section F): `reach` in squares (the
    melee reach or the range), `to_hit` for monsters (None: a PC's P + `stat`), `attacks` the
    Multiattack count (RS-96), `targets` the most targets (Cleave 2), `close_disadvantage`
    the squares within which it has disadvantage (Shoot: 1)."""

    id: str
    name: str
    cost: str
    melee: bool
    reach: int
    vs: str
    damage: str
    stat: str
    to_hit: int | None
    attacks: int
    targets: int
    close_disadvantage: int
    push_ft: int
    prone: bool
    cripple: int
    daze: bool
    cooldown: int
    uses: int
    per: str
    horde_hits: bool
    entry: Abilitech


def _profile(a: Abilitech) -> Profile:
    melee = a.reach_ft > 0
    return Profile(a.id, a.name, a.action, melee, (a.reach_ft if melee else a.range_ft) // 5,
                   a.vs, a.dmg, a.stat, a.to_hit, a.multiattack, a.targets,
                   a.disadvantage_within_ft // 5, a.on_hit.push_ft, a.on_hit.prone,
                   a.on_hit.cripple, a.on_hit.daze_rounds > 0, a.cooldown, a.uses.count,
                   a.uses.per, a.horde_extra_hits, a)


def profile(state: RpgState, c: Creature, ability: str) -> Profile:
    return _profile(content_of(state).abilitechs[ability])


def is_attack(state: RpgState, ability: str) -> bool:
    """An abilitech the Attack action uses: attack rolls against the creatures named that deal
    damage, or pull two of them together (B-21 Pratfall); areas, one attack per target in range
    (RS-87, area.py), skill-check attacks and the basic actions are actions of their own."""
    a = content_of(state).abilitechs.get(ability)
    return (a is not None and a.category == "attack" and not a.area and not a.check
            and not a.one_attack_per_target and not a.skill_check_to_hit and a.action in ("major", "minor") and bool(a.vs)
            and (bool(a.dmg) or bool(a.on_hit.pull_together_ft)))


def block_reaction(state: RpgState, c: Creature) -> Abilitech | None:
    """The creature's Block reaction (B-12, B-22 Shieldkind), if it has one."""
    abilitechs = content_of(state).abilitechs
    for aid in c.actions:
        a = abilitechs.get(aid)
        if a is not None and a.action == "reaction" and a.block_die:
            return a
    return None


def creature_from(cont: Content, entry: Entry, cid: str, side: int, x: int, y: int,
                  overrides: dict[str, Any] | None = None) -> Creature:
    """A creature record for the board from its stat block (B-01..09, B-13, B-15), with
    per-match `overrides` of its plain numbers (hp, max_hp, temp_hp, level, tier, speed...)."""
    pc = entry.kind == "pc"
    tier = int(entry.tier or 0)
    scores = {s: int(entry.scores[s]) for s in SCORES}
    max_hp = arith.pc_max_hp(entry) if pc else int(entry.hp)
    prof = arith.proficiency(pc, entry.level, tier)
    skills: dict[str, int] = {}
    for skill, stat in SKILLS.items():
        if skill in entry.skills:
            skills[skill] = int(entry.skills[skill])         # a stat block's listed total
        else:
            skills[skill] = mod(scores[stat]) + (prof if skill in entry.trained else 0)
    steps = list(entry.steps)
    granted = [cont.steps[s].grants for s in steps if cont.steps[s].grants]
    c = Creature(
        id=cid, name=entry.name, entry=entry.id, side=side, x=x, y=y, size=entry.footprint,
        size_index=entry.size_index, pc=pc, level=int(entry.level), tier=tier, hp=max_hp,
        max_hp=max_hp, ac=entry.defence("ac"), reflex=entry.defence("reflex"),
        will=entry.defence("will"), dc=int(entry.dc or 0), speed=int(entry.speed.walk),
        fly=int(entry.speed.fly),
        scores=scores, skills=skills,
        actions=[*entry.actions, *(g for g in granted if g not in entry.actions)],
        damage_mod=int(entry.damage.mod) if entry.damage is not None else 0, steps=steps)
    for key, value in (overrides or {}).items():
        setattr(c, key, value)
    c.start_hp = c.hp
    return c

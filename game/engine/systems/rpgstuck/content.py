"""RPGStuck content: creatures (PCs, monsters, mounts, minions), abilitechs, Steps, anatomy part
kinds, parties and encounters, read from game/data/rpgstuck/*.toml and validated.

Owns: the schemas of those files (each kind of entry is one frozen dataclass below; unknown
keys, missing keys, wrong types, unknown enum values and broken damage listings are refused with
a ContentError naming the file, the entry and the key), the cross-checks between them (a
creature's actions, Steps and anatomy kinds exist, an encounter's creatures and party exist, a
Step's granted abilitech exists), the numbers a file may leave out and the loader fills in
through limits.py's arithmetic (a PC's tier from its level, B-02; a PC's defences, B-07; a
creature's DC, B-09), footprints from size (B-15), loading once per process, and a match's inline content (`with_inline`:
creatures, abilitechs and Steps laid over the shipped set, each checked as a file's entry).

Must not: apply a rule. How an anatomy effect, a rider or a Step acts is the engine's business;
damage listings are parsed, resized and rolled by listing.py; PC max HP, P, Q and encounter CR
are limits.py's arithmetic. Here they are only data, checked for shape.
"""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

from game import paths
from game.engine.rules import ConfigError
from game.engine.tactics.content import (SectionFiles, check_one_of, check_range,
                                         check_unique, entry)

from . import limits
from .rolls import called_shot_allowed
from .limits import mod
from .listing import parse as parse_listing
from .listing import pc_numbers

__all__ = [
    "ContentError", "KINDS", "SIZES", "SIZE_INDEX", "FOOTPRINT", "SCORES", "MENTAL", "SKILLS",
    "DEFENCES", "ACTION_COSTS", "CATEGORIES", "AREAS", "USE_PERIODS", "NATURES", "MINION_SOURCES",
    "STEP_WHEN", "PART_EFFECTS", "PART_HP", "PART_GRAPPLE", "BASIC_ACTIONS", "Speeds", "MonsterDamage",
    "Part", "Traits", "Uses", "GrappleRider", "OnHit", "Creature", "Abilitech", "Step",
    "AnatomyKind", "Party", "Spawn", "Encounter", "Content", "load_content", "content",
    "INLINE_SECTIONS", "with_inline", "creature", "abilitech", "known_actions", "copies_needed",
    "part_y", "mod", "listing_error", "as_dict", "FILES", "LIMITS",
]


class ContentError(ConfigError):
    """An rpgstuck content file is broken; the message names the file, the entry and the key."""


# -- closed vocabularies (named strings, never numbers) -----------------------------------------
KINDS = ("pc", "monster", "mount", "minion")
SIZES = ("tiny", "small", "medium", "large", "huge", "gargantuan")
SIZE_INDEX = {s: i for i, s in enumerate(SIZES)}                      # B-15: index difference
FOOTPRINT = {"tiny": 1, "small": 1, "medium": 1, "large": 2, "huge": 3, "gargantuan": 4}  # B-15
SCORES = ("STR", "DEX", "CON", "INT", "WIS", "CHA")                   # B-01
MENTAL = ("INT", "WIS", "CHA")                                        # B-09's "mental"
SKILLS = {"athletics": "STR", "acrobatics": "DEX", "stealth": "DEX", "perception": "WIS",
          "insight": "WIS", "medicine": "WIS", "animal_handling": "WIS", "engineering": "INT",
          "occult": "INT", "investigation": "INT"}                    # B-08
DEFENCES = ("ac", "reflex", "will")                                   # B-07
ACTION_COSTS = ("major", "minor", "reaction", "free")                # B-11
CATEGORIES = ("attack", "basic", "reaction")
AREAS = ("burst", "line", "cone")
USE_PERIODS = ("strife", "short_rest", "long_rest")                   # RS-141/142
NATURES = ("living", "mechanical", "psionic")                         # SM-11 Artery variants
MINION_SOURCES = ("specibus", "companion", "psionic")                 # RS-134/135
STEP_WHEN = ("always", "marked_target", "activated")
# Anatomy effect ids: each is implemented once by the engine (RS-51..62).
PART_EFFECTS = {
    "bonus_damage": "adds the part's bonus percentage to the damage (Head, Psi Core)",
    "ground": "the creature loses flight for 1 round; a destroyed part with HP removes it for good",
    "loosen_grip": "a holding limb forces a grapple check against the attack total; a free one "
                   "gives disadvantage on grapple attempts for 1 round (Arm, Tail, Jaws)",
    "cripple": "an attack that applies any effect besides damage adds Cripple (10) for 1 round",
    "disarm": "the tool can be destroyed or seized; forced movement knocks it away",
    "bleed": "destroying the part starts a damage-over-time that only treatment stops",
    "hit_bonus": "the attack gains the part's hit bonus",
    "crit_daze": "the attack gains the part's crit range; a crit Dazes for 1 round",
    "daze": "damage Dazes for 1 round; a grapple on it Dazes while it lasts",
}
PART_HP = ("none", "optional", "required")
PART_GRAPPLE = ("with_hp", "always", "never")
# Every creature has these without listing them (B-12); the engine decides when each is legal.
BASIC_ACTIONS = ("aim", "assail", "avert", "shift", "dash", "shove", "grapple", "escape",
                 "discern", "scrutinize", "hide")
# The largest number each key may hold (content also comes from scenario files and saves).
# OURS: many times what the shipped content uses.
LIMITS = {"hp": 5000, "ft": 500, "defence": 60, "to_hit": 40, "count": 20, "y": 10,
          "pct": 500, "steps": 10, "uses": 20, "rounds": 20, "cr": 4, "tier": 4, "level": 16}

_ID = re.compile(r"[a-z][a-z0-9_]*")


# -- entry types (their annotations and defaults are the schema) --------------------------------
@dataclass(frozen=True, slots=True)
class Speeds:
    walk: int = 30          # B-13: Small/Medium PCs walk 30 ft
    climb: int = 0
    swim: int = 0
    fly: int = 0


@dataclass(frozen=True, slots=True)
class MonsterDamage:
    """A monster's base damage and damage mod (RS-91..93): `mod` is what Assail adds once more
    and Weakened takes away."""

    base: str
    mod: int = 0


@dataclass(frozen=True, slots=True)
class Part:
    """One line of a creature's anatomy or secrets: `part` is an anatomy kind id."""

    part: str
    name: str = ""            # shown instead of the kind's name ("Club", "Tail")
    count: int = 1            # RS-45 X: copies the creature has
    y: int | None = None      # RS-45 Y; None = the kind's own Y
    hp: int = 0               # 0 = no HP of its own (RS-48)
    strikable: bool = False   # RS-73: a grappling limb that can be hit to break a hold
    grapple_limb: bool = False
    disables: tuple[str, ...] = ()   # abilitech ids lost when the part is seized or destroyed
    note: str = ""


@dataclass(frozen=True, slots=True)
class Traits:
    horde: bool = False             # RS-80
    horde_strength: bool = False    # RS-82
    willing_mount: bool = False     # RS-125
    psionic: bool = False           # RS-58: may carry a Psi Core
    immovable: bool = False         # AMB-04: cannot be moved through in a collision
    nature: str = "living"          # NATURES, SM-11


@dataclass(frozen=True, slots=True)
class Uses:
    """A limited use: `per` "" = unlimited (RS-141..146)."""

    per: str = ""
    count: int = 0


@dataclass(frozen=True, slots=True)
class GrappleRider:
    limb: str                       # the part name that holds (Basilisk: "Tail")
    max_size: str = "gargantuan"    # largest size it can grapple


@dataclass(frozen=True, slots=True)
class OnHit:
    """What a hit adds besides damage (RS-94)."""

    prone: bool = False
    push_ft: int = 0
    pull_together_ft: int = 0       # two targets pulled toward each other (B-21 Pratfall)
    cripple: int = 0                # Cripple (X) ft, B-16
    cripple_rounds: int = 0
    daze_rounds: int = 0
    grapple: GrappleRider | None = None
    choose_one: bool = False        # the user picks ONE of the riders (Shove: push or prone)


@dataclass(frozen=True, slots=True, kw_only=True)
class Creature:
    """[creatures.<id>] in creatures.toml. PCs give `level` and `hit_die` (max HP is limits.py's
    arithmetic, RS-05/06) and may leave out their defences (B-07) and DC (B-09); monsters give
    `tier`, `cr`, `hp`, every defence and `damage`."""

    id: str
    name: str
    kind: str                                 # KINDS
    size: str = "medium"                      # SIZES
    level: int = 0                            # PCs 1..16 (B-02); 0 for monsters
    tier: int | None = None                   # PCs: filled from level (B-02); monsters 0..4
    cr: int = 0                               # monsters 1..4 (RS-88)
    hp: int = 0                               # monsters, mounts, minions
    hit_die: int = 0                          # PCs (B-19: 8 if left out)
    ac: int | None = None
    reflex: int | None = None
    will: int | None = None
    dc: int | None = None                     # B-09 default when left out
    speed: Speeds = Speeds()
    scores: dict[str, int]
    skills: dict[str, int] = field(default_factory=dict)   # listed totals (stat blocks)
    trained: tuple[str, ...] = ()             # PCs: proficient skills (B-08)
    damage: MonsterDamage | None = None
    actions: tuple[str, ...] = ()             # abilitech ids (basic actions not listed)
    steps: tuple[str, ...] = ()               # Step ids
    anatomy: tuple[Part, ...] = ()
    secrets: tuple[Part, ...] = ()            # RS-57
    traits: Traits = Traits()
    uses: dict[str, int] = field(default_factory=dict)    # abilitech id -> count override
    minion_source: str = ""                   # minions: MINION_SOURCES
    description: str = ""

    @property
    def footprint(self) -> int:
        """Squares per side (B-15)."""
        return FOOTPRINT[self.size]

    @property
    def size_index(self) -> int:
        return SIZE_INDEX[self.size]

    def defence(self, which: str) -> int:
        value = {"ac": self.ac, "reflex": self.reflex, "will": self.will}[which]
        assert value is not None, "filled in at load"
        return value


@dataclass(frozen=True, slots=True, kw_only=True)
class Abilitech:
    """[abilitechs.<id>] in abilitechs.toml: an attack, a basic action or a reaction."""

    id: str
    name: str
    action: str                               # ACTION_COSTS
    category: str = "attack"                  # CATEGORIES
    specibus: str = ""                        # swordkind, shieldkind... ("" = none)
    stat: str = ""                            # PCs: the attack's stat (B-06); "" with to_hit
    to_hit: int | None = None                 # monsters: the folded-in number (section F)
    vs: str = ""                              # DEFENCES
    reach_ft: int = 0
    range_ft: int = 0
    dmg: str = ""                             # a damage listing (listing.py)
    on_hit: OnHit = OnHit()
    multiattack: int = 1                      # RS-96
    cooldown: int = 0                         # RS-97
    targets: int = 1                          # attacks against up to N targets (Cleave)
    same_target: bool = False                 # every attack may pick the same horde (RS-84)
    area: str = ""                            # AREAS ("" = single target)
    area_ft: int = 0
    auto_hit: bool = False                    # RS-49 bans called shots on these four
    damage_on_miss: str = ""                  # "" / "half" / "full"
    skill_check_to_hit: bool = False
    psionic: bool = False                     # RS-58: may target a Psi Core
    counts_as_abilitech: bool = False         # RS-24: its riders are resized too
    one_attack_per_target: bool = False       # RS-87
    horde_extra_hits: bool = False            # RS-81
    disadvantage_within_ft: int = 0           # Shoot (B-22)
    requires_tool: str = ""                   # a part name the user must still hold
    unavailable_while: str = ""               # a limb part name that must not hold a grapple
    uses: Uses = Uses()
    aim_die: int = 0                          # Aim (B-12): d4
    block_die: int = 0                        # Avert / Block (B-12): d4
    block_covers: int = 0                     # attacks one Block covers
    move_ft: int = 0                          # Shift (B-12): 5 ft not taken from speed
    hold_ft: int = 0                          # RS-79: a grip by other means (psionic) this far
    teleport_ft: int = 0                      # RS-109: the user appears a seen square this far
    check: str = ""                           # a skill check instead of an attack roll
    opposed_by: tuple[str, ...] = ()          # skills the other side may oppose with
    check_advantage: bool = False             # Scrutinize
    description: str = ""

    @property
    def called_shot_allowed(self) -> bool:
        """RS-49: no called shot with auto hits, areas, effects on a miss or skill checks."""
        return (self.category == "attack" and not self.check and called_shot_allowed(
            auto_hit=self.auto_hit, area=bool(self.area),
            effect_on_miss=bool(self.damage_on_miss), skill_check=self.skill_check_to_hit))


@dataclass(frozen=True, slots=True, kw_only=True)
class Step:
    """[steps.<id>] in steps.toml: a Step as a data hook (B-21); zero fields change nothing."""

    id: str
    name: str
    when: str = "always"                      # STEP_WHEN
    die_steps: int = 0
    crit_range: int = 0
    bonus_pct: int = 0
    halvings: int = 0
    hit_bonus: int = 0
    aim_steps: int = 0
    block_steps: int = 0
    block_covers: int = 0                     # attacks one Block covers (Bonus Block: 2)
    push_ft: int = 0
    uses: Uses = Uses()
    grants: str = ""                          # an abilitech the Step gives
    free_actions: tuple[str, ...] = ()        # basic action ids (or "movement") it grants
    description: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class AnatomyKind:
    """[anatomy.<id>] in anatomy.toml: a kind of body part for called shots (RS-51..63)."""

    id: str
    name: str
    y: int
    y_max: int = 0                            # a range of Y (Tool +2..+6); 0 = fixed
    secret: bool = False                      # RS-57: always among the secrets
    may_be_secret: bool = False               # RS-63: a Tool may be listed with the secrets
    grappleable: str = "with_hp"              # PART_GRAPPLE (RS-48, RS-62, AMB-14)
    hp: str = "none"                          # PART_HP
    effect: str                               # PART_EFFECTS
    acts_as: str = ""                         # Tail and Jaws act as an Arm (RS-53)
    bonus_pct: int = 0
    hit_bonus: int = 0
    crit_range: int = 0
    daze_rounds: int = 0
    cripple: int = 0
    rounds: int = 0
    psionic_only: bool = False                # RS-58
    spot_dc_bonus: int = 0                    # SM-10: Artery DC + 5
    half_needed_from: int = 0                 # RS-55: from this many copies, half per use
    description: str = ""


@dataclass(frozen=True, slots=True)
class Party:
    """[parties.<id>] in parties.toml: creatures on side 0, slot by slot in this order."""

    id: str
    name: str
    members: tuple[str, ...]
    mounted: dict[str, str] = field(default_factory=dict)   # rider id -> mount id, both members
    description: str = ""


@dataclass(frozen=True, slots=True)
class Spawn:
    creature: str
    slot: int


@dataclass(frozen=True, slots=True)
class Encounter:
    """[encounters.<id>] in encounters.toml: monsters on side 1 of a map, and the party the
    encounter CR (`cr`, RS-89) is reckoned against."""

    id: str
    name: str
    map: str
    party: str
    monsters: tuple[Spawn, ...]
    cr: float
    description: str = ""


@dataclass(frozen=True, slots=True)
class Content:
    creatures: dict[str, Creature]
    abilitechs: dict[str, Abilitech]
    steps: dict[str, Step]
    anatomy: dict[str, AnatomyKind]
    parties: dict[str, Party]
    encounters: dict[str, Encounter]
    # the tables as written, by section and id: an inline table is laid over these, so numbers
    # the loader filled in (a PC's tier, its defences) follow an inline change of level
    written: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict, compare=False)


# -- small lookups every part may ask -----------------------------------------------------------
def copies_needed(part: Part, kind: AnatomyKind) -> int:
    """RS-50/55: how many copies one use must hit for the part's effect (legs: half of 4+)."""
    if kind.half_needed_from and part.count >= kind.half_needed_from:
        return (part.count + 1) // 2
    return 1


def part_y(part: Part, kind: AnatomyKind) -> int:
    """RS-45: the part's Y, its own when the stat block gives one."""
    return kind.y if part.y is None else part.y


def listing_error(text: str) -> str | None:
    """Why a damage listing does not parse, or None when it does (listing.py decides)."""
    try:
        parse_listing(text)
    except ValueError as exc:
        return str(exc)
    return None


# -- checks -------------------------------------------------------------------------------------
_enum = partial(check_one_of, error=ContentError)
_range = partial(check_range, error=ContentError)
_unique = partial(check_unique, error=ContentError)


def _feet(where: str, key: str, value: int) -> None:
    _range(where, key, value, 0, LIMITS["ft"])
    if value % 5:
        raise ContentError(f"{where}: key {key!r} must be a multiple of 5 ft (got {value})")


def _listing(where: str, key: str, text: str) -> None:
    problem = listing_error(text)
    if problem is not None:
        raise ContentError(f"{where}: key {key!r}: {problem}")


def _uses(where: str, u: Uses) -> None:
    if u.per:
        _enum(where, "uses.per", u.per, USE_PERIODS)
        _range(where, "uses.count", u.count, 1, LIMITS["uses"])
    elif u.count:
        raise ContentError(f"{where}: key 'uses': a count needs a period (per = "
                           f"{' / '.join(USE_PERIODS)})")


def _fill(where: str, c: Creature) -> Creature:
    """Shape checks of one creature and the numbers it may leave out."""
    _enum(where, "kind", c.kind, KINDS)
    _enum(where, "size", c.size, SIZES)
    if set(c.scores) != set(SCORES):
        missing = [s for s in SCORES if s not in c.scores]
        extra = sorted(set(c.scores) - set(SCORES))
        raise ContentError(f"{where}: key 'scores' needs exactly {', '.join(SCORES)} ("
                           + (f"missing {missing[0]}" if missing else f"unknown {extra[0]}") + ")")
    for s, v in c.scores.items():
        _range(where, f"scores.{s}", v, 1, 30)                      # B-01
    for key in ("walk", "climb", "swim", "fly"):
        _feet(where, f"speed.{key}", getattr(c.speed, key))
    for skill in (*c.skills, *c.trained):
        _enum(where, "skills", skill, SKILLS)
    _unique(where, "trained", c.trained)
    _unique(where, "actions", c.actions)
    _unique(where, "steps", c.steps)
    _enum(where, "traits.nature", c.traits.nature, NATURES)
    for key, parts in (("anatomy", c.anatomy), ("secrets", c.secrets)):
        for i, p in enumerate(parts):
            at = f"{key}[{i}]"
            _range(where, f"{at}.count", p.count, 1, LIMITS["count"])
            _range(where, f"{at}.hp", p.hp, 0, LIMITS["hp"])
            if p.y is not None:
                _range(where, f"{at}.y", p.y, 0, LIMITS["y"])
    if c.traits.horde_strength and not c.traits.horde:
        raise ContentError(f"{where}: key 'traits.horde_strength' needs traits.horde (RS-82)")
    if c.kind == "minion":
        _enum(where, "minion_source", c.minion_source, MINION_SOURCES)
    elif c.minion_source:
        raise ContentError(f"{where}: key 'minion_source' is only for kind 'minion'")
    if c.traits.willing_mount and c.size_index < SIZE_INDEX["large"]:
        # RS-125: a rider (Small or Medium) needs a mount at least one size larger
        raise ContentError(f"{where}: key 'traits.willing_mount' needs size large or bigger")
    if c.kind == "pc":
        for key in ("tier", "cr", "hp", "damage"):
            if getattr(c, key) not in (None, 0):
                raise ContentError(f"{where}: key {key!r} is not for a PC (tier comes from "
                                   "level, B-02; max HP from the hit die, RS-05/06)")
        _range(where, "level", c.level, 1, LIMITS["level"])
        hit_die = c.hit_die or 8                                     # B-19 default d8
        if hit_die not in (4, 6, 8, 10, 12):
            raise ContentError(f"{where}: key 'hit_die' must be 4, 6, 8, 10 or 12")
        tier = limits.pc_tier(c.level)                               # B-02
        d = limits.pc_defenses(pc_numbers(c.level).p, c.scores)      # B-07 with P (B-03)
        c = replace(c, hit_die=hit_die, tier=tier,
                    ac=d.ac if c.ac is None else c.ac,
                    reflex=d.reflex if c.reflex is None else c.reflex,
                    will=d.will if c.will is None else c.will)
    else:
        if c.level or c.hit_die or c.trained:
            raise ContentError(f"{where}: keys 'level', 'hit_die' and 'trained' are for PCs "
                               "(a monster lists its tier and its skill totals)")
        if c.tier is None:
            raise ContentError(f"{where}: missing required key 'tier'")
        _range(where, "tier", c.tier, 0, LIMITS["tier"])
        if c.kind == "monster":
            _range(where, "cr", c.cr, 1, LIMITS["cr"])               # RS-88
        elif c.cr:
            raise ContentError(f"{where}: key 'cr' is for monsters (RS-88)")
        _range(where, "hp", c.hp, 1, LIMITS["hp"])
        for d in DEFENCES:
            if getattr(c, d) is None:
                raise ContentError(f"{where}: missing required key {d!r} (only a PC's "
                                   "defences have defaults, B-07)")
        if c.damage is None:
            raise ContentError(f"{where}: missing required key 'damage'")
        _listing(where, "damage.base", c.damage.base)
        _range(where, "damage.mod", c.damage.mod, -LIMITS["to_hit"], LIMITS["to_hit"])
    for d in DEFENCES:
        _range(where, d, c.defence(d), 0, LIMITS["defence"])
    if c.dc is None:
        # B-09 default (a PC's T is its tier)
        c = replace(c, dc=limits.monster_dc(c.tier or 0, [mod(c.scores[s]) for s in MENTAL]))
    for aid, n in c.uses.items():
        _range(where, f"uses.{aid}", n, 1, LIMITS["uses"])
    return c


def _check_abilitech(where: str, a: Abilitech) -> None:
    _enum(where, "action", a.action, ACTION_COSTS)
    _enum(where, "category", a.category, CATEGORIES)
    if a.stat:
        _enum(where, "stat", a.stat, SCORES)
    if a.vs:
        _enum(where, "vs", a.vs, DEFENCES)
    if a.area:
        _enum(where, "area", a.area, AREAS)
        if a.area_ft < 5:
            raise ContentError(f"{where}: key 'area_ft': an area needs a size of 5 ft or more")
    elif a.area_ft:
        raise ContentError(f"{where}: key 'area_ft' needs key 'area'")
    if a.damage_on_miss not in ("", "half", "full"):
        raise ContentError(f"{where}: key 'damage_on_miss': {a.damage_on_miss!r} is not one "
                           "of '', half, full")
    for key in ("reach_ft", "range_ft", "area_ft", "disadvantage_within_ft", "move_ft", "hold_ft",
                "teleport_ft"):
        _feet(where, key, getattr(a, key))
    for key in ("push_ft", "pull_together_ft", "cripple"):
        _feet(where, f"on_hit.{key}", getattr(a.on_hit, key))
    for key in ("cripple_rounds", "daze_rounds"):
        _range(where, f"on_hit.{key}", getattr(a.on_hit, key), 0, LIMITS["rounds"])
    if a.on_hit.cripple and not a.on_hit.cripple_rounds:
        raise ContentError(f"{where}: key 'on_hit.cripple_rounds': a Cripple needs a duration")
    if a.on_hit.grapple is not None:
        _enum(where, "on_hit.grapple.max_size", a.on_hit.grapple.max_size, SIZES)
    _range(where, "multiattack", a.multiattack, 1, LIMITS["count"])
    _range(where, "cooldown", a.cooldown, 0, LIMITS["rounds"])
    _range(where, "targets", a.targets, 1, LIMITS["count"])
    _range(where, "block_covers", a.block_covers, 0, LIMITS["count"])
    for key in ("aim_die", "block_die"):
        if getattr(a, key) not in (0, 2, 3, 4, 6, 8, 10):           # RS-29 ladder d2..d10
            raise ContentError(f"{where}: key {key!r} must be a die of the Aim/Block ladder "
                               "(2, 3, 4, 6, 8, 10) or 0")
    if a.block_die and a.action == "reaction" and a.block_covers < 1:
        raise ContentError(f"{where}: key 'block_covers': a Block covers 1 attack or more")
    _uses(where, a.uses)
    if a.check:
        _enum(where, "check", a.check, SKILLS)
    for s in a.opposed_by:
        _enum(where, "opposed_by", s, SKILLS)
    if a.dmg:
        _listing(where, "dmg", a.dmg)
    if a.category == "attack":
        if not a.vs and not a.check:
            raise ContentError(f"{where}: key 'vs': an attack names the defence it targets")
        if not (a.reach_ft or a.range_ft or a.area):
            raise ContentError(f"{where}: key 'reach_ft': an attack needs a reach, a range "
                               "or an area")
        if (a.to_hit is None) == (not a.stat) and not a.auto_hit and not a.check:
            raise ContentError(f"{where}: key 'to_hit': an attack gives either to_hit (a "
                               "monster's folded number) or stat (a PC's), not both or neither")
    if a.to_hit is not None:
        _range(where, "to_hit", a.to_hit, -LIMITS["to_hit"], LIMITS["to_hit"])


def _check_step(where: str, s: Step) -> None:
    _enum(where, "when", s.when, STEP_WHEN)
    for key in ("die_steps", "aim_steps", "block_steps", "halvings", "crit_range"):
        _range(where, key, getattr(s, key), -LIMITS["steps"], LIMITS["steps"])
    _range(where, "bonus_pct", s.bonus_pct, -LIMITS["pct"], LIMITS["pct"])
    _range(where, "hit_bonus", s.hit_bonus, -LIMITS["to_hit"], LIMITS["to_hit"])
    _range(where, "block_covers", s.block_covers, 0, LIMITS["count"])
    _feet(where, "push_ft", s.push_ft)
    _uses(where, s.uses)
    _unique(where, "free_actions", s.free_actions)


def _check_anatomy(where: str, k: AnatomyKind) -> None:
    _enum(where, "effect", k.effect, PART_EFFECTS)
    _enum(where, "grappleable", k.grappleable, PART_GRAPPLE)
    _enum(where, "hp", k.hp, PART_HP)
    _range(where, "y", k.y, 0, LIMITS["y"])
    if k.y_max:
        _range(where, "y_max", k.y_max, k.y, LIMITS["y"])


# -- reading ------------------------------------------------------------------------------------
FILES = ("creatures", "abilitechs", "steps", "anatomy", "parties", "encounters")
INLINE_SECTIONS = ("creatures", "abilitechs", "steps")
_TYPES: dict[str, type] = {"creatures": Creature, "abilitechs": Abilitech, "steps": Step,
                           "anatomy": AnatomyKind, "parties": Party, "encounters": Encounter}


def _build(section: str, where: str, eid: str, raw: Any) -> Any:
    """One entry of `section` checked into its type, with its own shape checks."""
    got = entry(_TYPES[section], where, raw, ContentError, id=eid)
    if section == "creatures":
        return _fill(where, got)
    if section == "abilitechs":
        _check_abilitech(where, got)
    elif section == "steps":
        _check_step(where, got)
    elif section == "anatomy":
        _check_anatomy(where, got)
    elif section == "encounters":
        for i, sp in enumerate(got.monsters):
            _range(where, f"monsters[{i}].slot", sp.slot, 0, 5)
        slots = [sp.slot for sp in got.monsters]
        if len(set(slots)) != len(slots):
            raise ContentError(f"{where}: key 'monsters': two monsters share a spawn slot")
    elif section == "parties":
        _range(where, "members", len(got.members), 1, 6)
    return got


def load_content(folder: Path | None = None) -> Content:
    """Read and validate every rpgstuck content file in `folder` (default its data folder)."""
    return _SECTIONS.load(folder or paths.data_dir() / "rpgstuck")


def _cross_check(c: Content, at: Callable[[str], str], known: Callable[[str], str]) -> None:
    """What no single entry can say. `at(section)` names where its entries came from."""
    for basic in BASIC_ACTIONS:
        if basic not in c.abilitechs:
            raise ContentError(f"{at('abilitechs')}: the basic action {basic!r} is missing "
                               "(B-12)")
    for kid, k in c.anatomy.items():
        if k.acts_as and k.acts_as not in c.anatomy:
            raise ContentError(f"{at('anatomy')} [anatomy.{kid}]: key 'acts_as': "
                               f"{k.acts_as!r} is not in {known('anatomy')}")
    for sid, s in c.steps.items():
        where = f"{at('steps')} [steps.{sid}]"
        if s.grants and s.grants not in c.abilitechs:
            raise ContentError(f"{where}: key 'grants': {s.grants!r} is not in "
                               f"{known('abilitechs')}")
        for a in s.free_actions:
            if a != "movement" and a not in c.abilitechs:
                raise ContentError(f"{where}: key 'free_actions': {a!r} is not 'movement' or "
                                   f"in {known('abilitechs')}")
    for cid, cr in c.creatures.items():
        where = f"{at('creatures')} [creatures.{cid}]"
        for aid in cr.actions:
            if aid not in c.abilitechs:
                raise ContentError(f"{where}: key 'actions': {aid!r} is not in "
                                   f"{known('abilitechs')}")
            if aid in BASIC_ACTIONS:
                raise ContentError(f"{where}: key 'actions': {aid!r} is a basic action every "
                                   "creature has; do not list it")
        for aid in cr.uses:
            if aid not in cr.actions:
                raise ContentError(f"{where}: key 'uses': {aid!r} is not one of its actions")
        for stid in cr.steps:
            if stid not in c.steps:
                raise ContentError(f"{where}: key 'steps': {stid!r} is not in "
                                   f"{known('steps')}")
        names = set()
        for key, parts in (("anatomy", cr.anatomy), ("secrets", cr.secrets)):
            for i, p in enumerate(parts):
                at_part = f"{where}: key '{key}[{i}]'"
                kind = c.anatomy.get(p.part)
                if kind is None:
                    raise ContentError(f"{at_part}: part {p.part!r} is not in "
                                       f"{known('anatomy')}")
                if key == "anatomy" and kind.secret or key == "secrets" and not (
                        kind.secret or kind.may_be_secret):
                    raise ContentError(f"{at_part}: a {kind.name} belongs in "
                                       f"{'secrets' if kind.secret else 'anatomy'} (RS-57)")
                if kind.hp == "required" and not p.hp:
                    raise ContentError(f"{at_part}: a {kind.name} has HP of its own")
                if kind.hp == "none" and p.hp:
                    raise ContentError(f"{at_part}: a {kind.name} has no HP of its own")
                if kind.y_max and not kind.y <= part_y(p, kind) <= kind.y_max:
                    raise ContentError(f"{at_part}: y must be {kind.y}..{kind.y_max}")
                if not kind.y_max and p.y is not None and p.y != kind.y:
                    raise ContentError(f"{at_part}: a {kind.name}'s Y is {kind.y}")
                if kind.psionic_only and not cr.traits.psionic:
                    raise ContentError(f"{at_part}: a {kind.name} needs traits.psionic (RS-58)")
                for aid in p.disables:
                    if aid not in cr.actions:
                        raise ContentError(f"{at_part}: disables {aid!r}, not one of its "
                                           "actions")
                names.add(p.name or kind.name)
        for aid in cr.actions:
            a = c.abilitechs[aid]
            for key, need in (("requires_tool", a.requires_tool),
                              ("unavailable_while", a.unavailable_while)):
                if need and need not in names:
                    raise ContentError(f"{where}: key 'actions': {aid!r} {key} {need!r}, a "
                                       "part it does not have")
            if a.on_hit.grapple and a.on_hit.grapple.limb not in names:
                raise ContentError(f"{where}: key 'actions': {aid!r} grapples with "
                                   f"{a.on_hit.grapple.limb!r}, a part it does not have")
        if cr.traits.horde and (cr.anatomy or cr.secrets):
            raise ContentError(f"{where}: key 'anatomy': a horde has no called-shot parts "
                               "(Horde Anatomy, RS-84..87)")
    for pid, p in c.parties.items():
        where = f"{at('parties')} [parties.{pid}]"
        for m in p.members:
            if m not in c.creatures:
                raise ContentError(f"{where}: key 'members': {m!r} is not in "
                                   f"{known('creatures')}")
            if c.creatures[m].kind == "monster":
                raise ContentError(f"{where}: key 'members': {m!r} is a monster")
        if len(set(p.mounted.values())) != len(p.mounted):
            raise ContentError(f"{where}: key 'mounted': two riders share a mount")
        for rider, mount in p.mounted.items():
            if rider not in p.members or mount not in p.members:
                raise ContentError(f"{where}: key 'mounted': {rider!r} on {mount!r}: both must "
                                   "be members")
            r, m_ = c.creatures[rider], c.creatures[mount]
            # RS-125: a willing creature at least one size larger
            if not m_.traits.willing_mount or m_.size_index < r.size_index + 1:
                raise ContentError(f"{where}: key 'mounted': {mount!r} is not a willing mount "
                                   f"a size larger than {rider!r} (RS-125)")
    for eid, e in c.encounters.items():
        where = f"{at('encounters')} [encounters.{eid}]"
        if e.party not in c.parties:
            raise ContentError(f"{where}: key 'party': {e.party!r} is not in "
                               f"{known('parties')}")
        for i, sp in enumerate(e.monsters):
            if sp.creature not in c.creatures:
                raise ContentError(f"{where}: key 'monsters[{i}].creature': {sp.creature!r} "
                                   f"is not in {known('creatures')}")
            if c.creatures[sp.creature].kind != "monster":
                raise ContentError(f"{where}: key 'monsters[{i}].creature': "
                                   f"{sp.creature!r} is not a monster")


# -- the bundled content and lookups ------------------------------------------------------------
_SECTIONS: SectionFiles[Content] = SectionFiles(
    FILES, INLINE_SECTIONS, _build, lambda found, written: Content(**found, written=written),
    _cross_check, ContentError, _ID)
_SETS = _SECTIONS.sets(lambda: paths.data_dir() / "rpgstuck")


def content(name: str = "default") -> Content:
    """A content set, loaded and validated once per process (default: the bundled one)."""
    return _SETS.named(name)


def creature(cid: str, c: Content | None = None) -> Creature:
    c = c or content()
    try:
        return c.creatures[cid]
    except KeyError:
        raise KeyError(f"unknown rpgstuck creature {cid!r}") from None


def abilitech(aid: str, c: Content | None = None) -> Abilitech:
    c = c or content()
    try:
        return c.abilitechs[aid]
    except KeyError:
        raise KeyError(f"unknown rpgstuck abilitech {aid!r}") from None


def known_actions(cid: str, c: Content | None = None) -> list[str]:
    """Every abilitech a creature can use: its own, those its Steps grant, then the basic
    actions (B-12)."""
    c = c or content()
    cr = creature(cid, c)
    granted = [c.steps[s].grants for s in cr.steps if c.steps[s].grants]
    return [*cr.actions, *(g for g in granted if g not in cr.actions), *BASIC_ACTIONS]


# -- a match's inline content -------------------------------------------------------------------
def with_inline(inline: dict[str, Any] | None, name: str = "default") -> Content:
    """Set `name` with a match's inline table laid over it (None or empty: the set itself).
    Each distinct table is built and checked once per process."""
    return _SETS.inline_set(inline, name)


def as_dict(value: Any) -> dict[str, Any]:
    """An entry as plain data (for the reference and for tests)."""
    return dataclasses.asdict(value)

"""Gu Masters content: Gu, killer moves, weapons, body plans, creatures, sides and encounters,
read from game/data/gu_masters/*.toml and validated.

Owns: the schemas of those files (each kind of entry is one frozen dataclass below; unknown keys,
missing keys, wrong types, unknown vocabulary words and dangling ids are refused with a
ContentError naming the file, the entry and the key), the cross-checks between them (a killer
move's components exist and its cost is theirs, GU-X-10; a creature owns every component of the
killer moves it knows, GU-47; its weapons fit its hands, GU-52), the derived numbers of the
minimal core (GU-X-07: max HP = 20 + Fortitude, max soul = 10 + floor(Perseverance / 5),
essence by rank; movement by size, GU-X-11), called-shot part sizes with the size shift
(GU-59..61, GU-GM-17), loading once per process, and a match's inline content (`with_inline`).

Must not: apply a rule. How damage, a shield or a status acts is the engine's business; here the
effects are data in one small verb vocabulary (below) that the engine interprets in one place.

The effect vocabulary. A Gu's or a killer move's `effects` is a list; each item is a table with
exactly ONE of these keys (the verb), in the order the engine applies them:

- `damage {amount, type, direct = false}`: `amount` damage of `type` (DAMAGE_TYPES) to each
  target; `direct` sends it straight to HP, past every [Shield] Gu (GU-98).
- `soul {amount}`: damage to the target's soul only (GU-100).
- `shield {points, blocks_touch = false, blocks_sonic = false}`: shield points on the user until
  the start of its next turn; non-direct damage goes to them first (GU-X-09). A shield stops a
  touch attack only with `blocks_touch` (GU-160) and sonic damage only with `blocks_sonic`
  (GU-97).
- `dr {amount, types = [], direct = false}`: flat damage reduction against `types` (empty: every
  type) while the effect lasts, limited by rank (GU-101/102); `direct` lets it also reduce direct
  damage (GU-98: "other effects may still reduce it"); bleeding is never reduced (GU-139).
- `resistance {level, types}`: `level` resistant / vulnerable / invulnerable to `types` while the
  effect lasts (GU-103..107; granted by a Gu, so the rank rule applies).
- `attribute {name, delta}`: an attribute (ATTRIBUTES, or `movement`) changed while the effect
  lasts (Copper Tendons: strength +40).
- `recoil {delta}`: the user's own punch recoil changed by `delta` per punch, never below 0
  (GU-55; Metal Skin -4).
- `flight {speed, maneuvers, wings = ""}`: a flying speed in m and the maneuvers per turn
  (GU-21/22); `wings` is the size the manifested wings would have on a Medium creature ("" =
  nothing to aim at), a called-shot target (GU-59, GU-GM-18).
- `heal {amount}`: HP restored to the target; each HP also removes a Bleeding stack (GU-141).
- `status {id, turns = 0, stacks = 0, if_hurt = false}`: a status (STATUSES) put on each target;
  `turns` 0 = the status's own duration; `stacks` for Bleeding; `if_hurt` only on a target the
  same activation damaged in its HP (Ablaze on those the volley burned).
- `poison {amount, turns}`: the target is Poisoned by this source (one instance per source,
  GU-148, GU-GM-45): `amount` poison damage at the start of each of its turns for `turns` turns
  (cut by Fortitude, GU-96).
- `push {meters}`: the target is moved `meters` straight away from the user (GU-GM-23/43).
- `conceal {penalty}`: while the effect lasts, an Awareness test to notice the user takes
  +`penalty` (GU-13: concealment Gu do the work of stealth).
- `divination {range_m}`: while the effect lasts the user knows the exact square of every
  creature within `range_m`, so a [Piercing] attack at one in full cover loses its +20 (GU-157).

How long an effect lasts: damage, soul, heal, push and status act once; shield lasts to the start
of the user's next turn; the others last while a [Sustained] Gu is sustained (paying `upkeep`),
or `turns` turns for a Gu that gives `turns` (GU-17).
"""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from game import paths
from game.engine.rules import ConfigError
from game.engine.tactics.content import (SectionFiles, check_one_of, check_range,
                                         check_unique, entry)

__all__ = [
    "ContentError", "SIZES", "SIZE_INDEX", "FOOTPRINT", "MOVEMENT_BY_SIZE", "SKILLS", "ATTRIBUTES",
    "DAMAGE_TYPES", "KEYWORDS", "USES", "TARGETS", "STATUSES", "RESISTANCE_LEVELS", "UNARMED",
    "INJURIES", "KINDS", "ESSENCE_BY_RANK", "PART_MODIFIER", "VERBS", "INSTANT_VERBS", "LIMITS",
    "Damage", "Soul", "Shield", "Dr", "Resistance", "AttributeChange", "Recoil", "Flight", "Heal",
    "Status", "Poison", "Push", "Conceal", "Divination", "Effect", "Area", "Gu", "KillerMove",
    "Weapon", "Part", "Body", "Creature", "Member", "Side", "Encounter", "Content",
    "load_content", "content", "with_inline", "INLINE_SECTIONS", "FILES",
    "max_hp", "max_soul", "essence_max", "essence_regen", "movement", "part_size", "shift_size",
    "called_shot_modifier", "as_dict",
]


class ContentError(ConfigError):
    """A gu_masters content file is broken; the message names the file, the entry and the key."""


# -- closed vocabularies (named strings, never numbers) -----------------------------------------
SIZES = ("tiny", "small", "medium", "large", "huge")                   # GU-X-11
SIZE_INDEX = {s: i for i, s in enumerate(SIZES)}
FOOTPRINT = {"tiny": 1, "small": 1, "medium": 1, "large": 2, "huge": 3}   # squares per side
MOVEMENT_BY_SIZE = {"tiny": 4, "small": 6, "medium": 8, "large": 10, "huge": 12}   # GU-X-07 core
SKILLS = ("close_combat", "ranged_attack", "dodge", "athletics", "flying", "awareness")  # GU-X-01
ATTRIBUTES = ("strength", "fortitude", "perseverance", "cognition", "activations")     # GU-X-02
DAMAGE_TYPES = ("force", "rending", "cold", "heat", "poison", "shock", "sonic")          # GU-95
KEYWORDS = ("shield", "sustained", "piercing", "unreactable", "expendable")
USES = ("activation", "reaction", "passive")
TARGETS = ("self", "creature", "area")
STATUSES = ("ablaze", "bleeding", "blinded", "burning", "dazed", "deafened", "fatigued",
            "prone", "restrained", "stunned", "unconscious")                 # GU-134..154
RESISTANCE_LEVELS = ("resistant", "vulnerable", "invulnerable")             # GU-103..105
UNARMED = ("punch", "kick", "bite")                                         # GU-53
INJURIES = ("hand", "arm", "torso", "leg", "head", "none")                  # GU-127..132
KINDS = ("gu_master", "beast")
# GU-X-07, OURS past rank 1: an aperture's essence (max, regained at the start of each turn)
ESSENCE_BY_RANK = {0: (0, 0), 1: (30, 3), 2: (45, 5), 3: (60, 7)}
PART_MODIFIER = {"tiny": 40, "small": 20, "medium": 0, "large": -20, "huge": -40}   # GU-60
# The largest number each key may hold (content also comes from scenario files and saves).
LIMITS = {"rank": 5, "essence": 100, "amount": 500, "meters": 100, "turns": 60, "skill": 100,
          "attribute": 1000, "activations": 10, "count": 20, "weight": 100000, "stones": 50}

_ID = re.compile(r"[a-z][a-z0-9_]*")


# -- the effect verbs (module docstring) --------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Damage:
    amount: int
    type: str                       # DAMAGE_TYPES
    direct: bool = False            # GU-98


@dataclass(frozen=True, slots=True)
class Soul:
    amount: int                     # GU-100


@dataclass(frozen=True, slots=True)
class Shield:
    points: int
    blocks_touch: bool = False      # GU-160
    blocks_sonic: bool = False      # GU-97


@dataclass(frozen=True, slots=True)
class Dr:
    amount: int
    types: tuple[str, ...] = ()     # empty: every damage type
    direct: bool = False


@dataclass(frozen=True, slots=True)
class Resistance:
    level: str                      # RESISTANCE_LEVELS
    types: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class AttributeChange:
    name: str                       # ATTRIBUTES or "movement"
    delta: int


@dataclass(frozen=True, slots=True)
class Recoil:
    delta: int                      # GU-55 per punch


@dataclass(frozen=True, slots=True)
class Flight:
    speed: int                      # GU-21 flying speed in m
    maneuvers: int
    wings: str = ""                 # SIZES for a Medium wearer; "" = nothing to aim at


@dataclass(frozen=True, slots=True)
class Heal:
    amount: int                     # GU-141


@dataclass(frozen=True, slots=True)
class Status:
    id: str                         # STATUSES
    turns: int = 0                  # 0 = the status's own duration
    stacks: int = 0                 # Bleeding X
    if_hurt: bool = False           # only on targets this activation damaged in their HP


@dataclass(frozen=True, slots=True)
class Poison:
    amount: int                     # GU-96, GU-148
    turns: int


@dataclass(frozen=True, slots=True)
class Push:
    meters: int


@dataclass(frozen=True, slots=True)
class Conceal:
    penalty: int                    # GU-13


@dataclass(frozen=True, slots=True)
class Divination:
    range_m: int                    # GU-157


@dataclass(frozen=True, slots=True)
class Effect:
    """One item of an `effects` list: exactly one verb is set (the engine reads `verb`/`args`)."""

    damage: Damage | None = None
    soul: Soul | None = None
    shield: Shield | None = None
    dr: Dr | None = None
    resistance: Resistance | None = None
    attribute: AttributeChange | None = None
    recoil: Recoil | None = None
    flight: Flight | None = None
    heal: Heal | None = None
    status: Status | None = None
    poison: Poison | None = None
    push: Push | None = None
    conceal: Conceal | None = None
    divination: Divination | None = None

    @property
    def verb(self) -> str:
        return next(f.name for f in dataclasses.fields(self) if getattr(self, f.name) is not None)

    @property
    def args(self) -> Any:
        return getattr(self, self.verb)


VERBS = tuple(f.name for f in dataclasses.fields(Effect))
# verbs that act once on the targets; the rest last (sustained, `turns`, or a shield's turn)
INSTANT_VERBS = ("damage", "soul", "heal", "status", "poison", "push")


@dataclass(frozen=True, slots=True)
class Area:
    """A radius (GU-164) or a line (GU-162/163); `height` 0 = the width."""

    radius: int = 0
    width: int = 0
    length: int = 0
    height: int = 0
    choose_source: bool = False     # GU-163: the user picks the source square within range


@dataclass(frozen=True, slots=True, kw_only=True)
class Gu:
    """[gu.<id>] in gu.toml (GU-X-08)."""

    id: str
    name: str
    rank: int
    cost: int                       # primeval essence per activation
    upkeep: int = 0                 # essence at the start of each turn while sustained
    use: str = "activation"         # USES
    target: str = "self"            # TARGETS
    skill: str = ""                 # the attack test (SKILLS); "" = no roll
    range_m: int = 0                # 0 with touch = false: self or an area at the user
    touch: bool = False             # GU-159
    area: Area | None = None
    keywords: tuple[str, ...] = ()  # KEYWORDS
    turns: int = 0                  # lasting effects of a Gu that is not sustained
    refined: bool = True            # GU-91: its owner may self-detonate it
    effects: tuple[Effect, ...] = ()
    description: str = ""

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords


@dataclass(frozen=True, slots=True, kw_only=True)
class KillerMove:
    """[killer_moves.<id>] in killer_moves.toml (GU-X-10): Gu it needs (`components`, id ->
    activations of it), the activations and essence in all (checked against the components)."""

    id: str
    name: str
    rank: int
    components: dict[str, int]
    activations: int
    essence: int
    use: str = "activation"
    target: str = "self"
    skill: str = ""
    range_m: int = 0
    touch: bool = False
    area: Area | None = None
    keywords: tuple[str, ...] = ()
    turns: int = 0
    effects: tuple[Effect, ...] = ()
    description: str = ""

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords


@dataclass(frozen=True, slots=True, kw_only=True)
class Weapon:
    """[weapons.<id>] in weapons.toml (GU-X-12): melee weapons (GU-51)."""

    id: str
    name: str
    damage: int
    type: str                       # DAMAGE_TYPES
    reach_m: int = 1
    hands: int = 1
    keywords: tuple[str, ...] = ()
    description: str = ""


@dataclass(frozen=True, slots=True)
class Part:
    """One kind of body part of a body plan, sized for a Medium creature (GU-61)."""

    id: str                         # head, torso, left_arm ...
    name: str
    size: str                       # SIZES on a Medium creature
    injury: str                     # INJURIES (GU-127..132)
    count: int = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class Body:
    """[bodies.<id>] in bodies.toml: the called-shot parts of a body plan (GU-59..61)."""

    id: str
    name: str
    parts: tuple[Part, ...] = ()    # empty: nothing to aim at (a swarm)
    description: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Creature:
    """[creatures.<id>] in creatures.toml (GU-X-01/02/07/11). HP, soul, essence and movement are
    derived (the functions below); `movement` overrides the size's movement (a wolf runs 12)."""

    id: str
    name: str
    kind: str                       # KINDS
    rank: int = 0                   # aperture rank; 0: no aperture (a beast)
    size: str = "medium"
    weight_kg: int
    arms: int = 0
    hands: int = 0
    legs: int = 2
    body: str                       # a bodies.toml id
    attributes: dict[str, int]      # every ATTRIBUTES key
    skills: dict[str, int]          # SKILLS keys; a skill left out is 0
    movement: int | None = None
    aquatic: bool = False           # GU-39
    unarmed: tuple[str, ...] = ()   # UNARMED strikes it can make
    gu: tuple[str, ...] = ()
    killer_moves: tuple[str, ...] = ()
    weapons: tuple[str, ...] = ()
    primeval_stones: int = 0
    resistances: dict[str, str] = field(default_factory=dict)   # damage type -> level (natural)
    immune: tuple[str, ...] = ()    # GU-108 statuses
    description: str = ""


@dataclass(frozen=True, slots=True)
class Member:
    creature: str
    name: str = ""                  # shown instead of the creature's name


@dataclass(frozen=True, slots=True, kw_only=True)
class Side:
    """[sides.<id>] in sides.toml: a ready-made side, placed member by member."""

    id: str
    name: str
    members: tuple[Member, ...]
    description: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Encounter:
    """[encounters.<id>] in encounters.toml: a map and the two sides that meet on it."""

    id: str
    name: str
    map: str                        # a map name (maps/<map>.tmx)
    sides: tuple[str, str]
    surprised: str = ""             # a side id caught unaware (GU-11/12, GU-GM-03)
    description: str = ""


@dataclass(frozen=True, slots=True)
class Content:
    gu: dict[str, Gu]
    killer_moves: dict[str, KillerMove]
    weapons: dict[str, Weapon]
    bodies: dict[str, Body]
    creatures: dict[str, Creature]
    sides: dict[str, Side]
    encounters: dict[str, Encounter]
    written: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict, compare=False)


# -- derived numbers (GU-X-07, GU-X-11) ---------------------------------------------------------
def max_hp(c: Creature) -> int:
    """GU-X-07: 20 + Fortitude."""
    return 20 + c.attributes["fortitude"]


def max_soul(c: Creature) -> int:
    """GU-X-07: 10 + floor(Perseverance / 5)."""
    return 10 + c.attributes["perseverance"] // 5


def essence_max(c: Creature) -> int:
    return ESSENCE_BY_RANK[c.rank][0]


def essence_regen(c: Creature) -> int:
    """GU-15: essence regained at the start of each of its turns."""
    return ESSENCE_BY_RANK[c.rank][1]


def movement(c: Creature) -> int:
    """GU-19: meters per turn, the stat block's own or its size's."""
    return MOVEMENT_BY_SIZE[c.size] if c.movement is None else c.movement


def shift_size(medium_size: str, creature_size: str) -> str:
    """GU-GM-17: a part's size on a Medium creature shifted by the creature's size steps away
    from Medium, clamped to Tiny..Huge."""
    i = SIZE_INDEX[medium_size] + SIZE_INDEX[creature_size] - SIZE_INDEX["medium"]
    return SIZES[max(0, min(len(SIZES) - 1, i))]


def part_size(part: Part, creature_size: str, *, size_shift: bool = True) -> str:
    """GU-61, GU-GM-17: the part's size on a creature of `creature_size` (table option
    `size_shift`: off keeps the Medium sizes)."""
    return shift_size(part.size, creature_size) if size_shift else part.size


def called_shot_modifier(size: str) -> int:
    """GU-60: the penalty (+) or bonus (-) of aiming at a part of this size."""
    return PART_MODIFIER[size]


# -- checks -------------------------------------------------------------------------------------
_enum = partial(check_one_of, error=ContentError)
_range = partial(check_range, error=ContentError)
_unique = partial(check_unique, error=ContentError)


def _check_effect(where: str, i: int, e: Effect) -> None:
    at = f"effects[{i}]"
    given = [f.name for f in dataclasses.fields(e) if getattr(e, f.name) is not None]
    if len(given) != 1:
        raise ContentError(f"{where}: key {at!r} needs exactly one verb of {', '.join(VERBS)} "
                           f"(got {', '.join(given) or 'none'})")
    verb, a = given[0], e.args
    k = f"{at}.{verb}"
    amount = LIMITS["amount"]
    if isinstance(a, Damage):
        _enum(where, f"{k}.type", a.type, DAMAGE_TYPES)
        _range(where, f"{k}.amount", a.amount, 1, amount)
    elif isinstance(a, (Soul, Heal)):
        _range(where, f"{k}.amount", a.amount, 1, amount)
    elif isinstance(a, Shield):
        _range(where, f"{k}.points", a.points, 1, amount)
    elif isinstance(a, Dr):
        _range(where, f"{k}.amount", a.amount, 1, amount)
        for t in a.types:
            _enum(where, f"{k}.types", t, DAMAGE_TYPES)
        _unique(where, f"{k}.types", a.types)
    elif isinstance(a, Resistance):
        _enum(where, f"{k}.level", a.level, RESISTANCE_LEVELS)
        if not a.types:
            raise ContentError(f"{where}: key '{k}.types' names at least one damage type")
        for t in a.types:
            _enum(where, f"{k}.types", t, DAMAGE_TYPES)
    elif isinstance(a, AttributeChange):
        _enum(where, f"{k}.name", a.name, (*ATTRIBUTES, "movement"))
        _range(where, f"{k}.delta", a.delta, -LIMITS["attribute"], LIMITS["attribute"])
    elif isinstance(a, Recoil):
        _range(where, f"{k}.delta", a.delta, -amount, amount)
    elif isinstance(a, Flight):
        _range(where, f"{k}.speed", a.speed, 1, LIMITS["meters"])
        _range(where, f"{k}.maneuvers", a.maneuvers, 1, LIMITS["count"])
        if a.wings:
            _enum(where, f"{k}.wings", a.wings, SIZES)
    elif isinstance(a, Status):
        _enum(where, f"{k}.id", a.id, STATUSES)
        _range(where, f"{k}.turns", a.turns, 0, LIMITS["turns"])
        _range(where, f"{k}.stacks", a.stacks, 0, LIMITS["amount"])
        if (a.id == "bleeding") != bool(a.stacks):
            raise ContentError(f"{where}: key '{k}.stacks': Bleeding and only Bleeding has "
                               "stacks (GU-139/140)")
    elif isinstance(a, Poison):
        _range(where, f"{k}.amount", a.amount, 1, amount)
        _range(where, f"{k}.turns", a.turns, 1, LIMITS["turns"])
    elif isinstance(a, Push):
        _range(where, f"{k}.meters", a.meters, 1, LIMITS["meters"])
    elif isinstance(a, Conceal):
        _range(where, f"{k}.penalty", a.penalty, 1, LIMITS["skill"])
    elif isinstance(a, Divination):
        _range(where, f"{k}.range_m", a.range_m, 1, LIMITS["meters"])


def _check_usable(where: str, u: Gu | KillerMove) -> None:
    """What a Gu and a killer move share: use, target, range, area, keywords, effects."""
    _range(where, "rank", u.rank, 1, LIMITS["rank"])
    _enum(where, "use", u.use, USES)
    _enum(where, "target", u.target, TARGETS)
    if u.skill:
        _enum(where, "skill", u.skill, SKILLS)
    _range(where, "range_m", u.range_m, 0, LIMITS["meters"])
    _range(where, "turns", u.turns, 0, LIMITS["turns"])
    for kw in u.keywords:
        _enum(where, "keywords", kw, KEYWORDS)
    _unique(where, "keywords", u.keywords)
    if u.touch and u.range_m:
        raise ContentError(f"{where}: key 'touch': a touch Gu has no range_m (GU-159)")
    if u.target == "creature" and not (u.touch or u.range_m):
        raise ContentError(f"{where}: key 'target': a creature target needs range_m or touch")
    if (u.target == "area") != (u.area is not None):
        raise ContentError(f"{where}: key 'area': target 'area' and an area go together")
    if u.area is not None:
        a = u.area
        for key in ("radius", "width", "length", "height"):
            _range(where, f"area.{key}", getattr(a, key), 0, LIMITS["meters"])
        if bool(a.radius) == bool(a.width or a.length):
            raise ContentError(f"{where}: key 'area': give a radius or a line (width and "
                               "length), not both or neither")
        if not a.radius and not (a.width and a.length):
            raise ContentError(f"{where}: key 'area': a line needs a width and a length")
        if a.choose_source and not u.range_m:
            raise ContentError(f"{where}: key 'area.choose_source' needs range_m (GU-163)")
    if u.target == "self" and u.skill:
        raise ContentError(f"{where}: key 'skill': an effect on the user rolls no test")
    if not u.effects:
        raise ContentError(f"{where}: key 'effects': needs at least one effect")
    for i, e in enumerate(u.effects):
        _check_effect(where, i, e)
    verbs = [e.verb for e in u.effects]
    if ("shield" in verbs) != u.has("shield"):
        raise ContentError(f"{where}: key 'keywords': a shield effect and the 'shield' keyword "
                           "go together")
    if u.use == "reaction" and u.target != "self":
        raise ContentError(f"{where}: key 'use': a reaction Gu acts on its user")
    if u.has("sustained") and u.turns:
        raise ContentError(f"{where}: key 'turns': a sustained effect lasts while sustained")


def _check_gu(where: str, g: Gu) -> None:
    _check_usable(where, g)
    _range(where, "cost", g.cost, 0, LIMITS["essence"])
    _range(where, "upkeep", g.upkeep, 0, LIMITS["essence"])
    if bool(g.upkeep) != g.has("sustained"):
        raise ContentError(f"{where}: key 'upkeep': a [Sustained] Gu and only one has an upkeep "
                           "(GU-GM-47)")
    if g.has("expendable") and g.has("sustained"):
        raise ContentError(f"{where}: key 'keywords': an expendable Gu cannot be sustained")
    if sum(e.verb == "flight" for e in g.effects) > 1:
        raise ContentError(f"{where}: key 'effects': one flying speed per Gu (GU-22)")


def _check_killer(where: str, k: KillerMove) -> None:
    _check_usable(where, k)
    _range(where, "activations", k.activations, 1, LIMITS["count"])
    _range(where, "essence", k.essence, 0, LIMITS["essence"])
    for gid, n in k.components.items():
        _range(where, f"components.{gid}", n, 1, LIMITS["count"])


def _check_weapon(where: str, w: Weapon) -> None:
    _enum(where, "type", w.type, DAMAGE_TYPES)
    _range(where, "damage", w.damage, 1, LIMITS["amount"])
    _range(where, "reach_m", w.reach_m, 1, 3)
    _range(where, "hands", w.hands, 1, 2)
    for kw in w.keywords:
        _enum(where, "keywords", kw, ("piercing",))


def _check_body(where: str, b: Body) -> None:
    for i, p in enumerate(b.parts):
        _enum(where, f"parts[{i}].size", p.size, SIZES)
        _enum(where, f"parts[{i}].injury", p.injury, INJURIES)
        _range(where, f"parts[{i}].count", p.count, 1, LIMITS["count"])
    _unique(where, "parts", tuple(p.id for p in b.parts))


def _check_creature(where: str, c: Creature) -> None:
    _enum(where, "kind", c.kind, KINDS)
    _enum(where, "size", c.size, SIZES)
    _range(where, "rank", c.rank, 0, max(ESSENCE_BY_RANK))
    if (c.kind == "beast") != (c.rank == 0):
        raise ContentError(f"{where}: key 'rank': a Gu Master has an aperture rank 1.."
                           f"{max(ESSENCE_BY_RANK)}, a beast rank 0")
    _range(where, "weight_kg", c.weight_kg, 1, LIMITS["weight"])
    for key in ("arms", "hands", "legs"):
        _range(where, key, getattr(c, key), 0, LIMITS["count"])
    if c.hands > c.arms:
        raise ContentError(f"{where}: key 'hands': more hands than arms")
    if set(c.attributes) != set(ATTRIBUTES):
        missing = [a for a in ATTRIBUTES if a not in c.attributes]
        extra = sorted(set(c.attributes) - set(ATTRIBUTES))
        raise ContentError(f"{where}: key 'attributes' needs exactly {', '.join(ATTRIBUTES)} ("
                           + (f"missing {missing[0]}" if missing else f"unknown {extra[0]}") + ")")
    for a, v in c.attributes.items():
        high = LIMITS["activations"] if a == "activations" else LIMITS["attribute"]
        _range(where, f"attributes.{a}", v, 0, high)
    for s, v in c.skills.items():
        _enum(where, "skills", s, SKILLS)
        _range(where, f"skills.{s}", v, 0, LIMITS["skill"])
    if c.movement is not None:
        _range(where, "movement", c.movement, 0, LIMITS["meters"])
    for u in c.unarmed:
        _enum(where, "unarmed", u, UNARMED)
    _unique(where, "unarmed", c.unarmed)
    if "punch" in c.unarmed and not c.arms:
        raise ContentError(f"{where}: key 'unarmed': a punch needs an arm (GU-53)")
    if "kick" in c.unarmed and not c.legs:
        raise ContentError(f"{where}: key 'unarmed': a kick needs a leg (GU-53)")
    for key in ("gu", "killer_moves", "weapons"):
        _unique(where, key, getattr(c, key))
    if c.kind == "beast" and (c.gu or c.killer_moves or c.primeval_stones):
        raise ContentError(f"{where}: key 'gu': a beast has no aperture for Gu, killer moves "
                           "or primeval stones")
    _range(where, "primeval_stones", c.primeval_stones, 0, LIMITS["stones"])
    for t, level in c.resistances.items():
        _enum(where, "resistances", t, DAMAGE_TYPES)
        _enum(where, f"resistances.{t}", level, RESISTANCE_LEVELS)
    for s in c.immune:
        _enum(where, "immune", s, STATUSES)


# -- reading ------------------------------------------------------------------------------------
FILES = ("gu", "killer_moves", "weapons", "bodies", "creatures", "sides", "encounters")
INLINE_SECTIONS = ("gu", "killer_moves", "weapons", "creatures")
_TYPES: dict[str, type] = {"gu": Gu, "killer_moves": KillerMove, "weapons": Weapon,
                           "bodies": Body, "creatures": Creature, "sides": Side,
                           "encounters": Encounter}
_CHECKS: dict[str, Callable[[str, Any], None]] = {
    "gu": _check_gu, "killer_moves": _check_killer, "weapons": _check_weapon,
    "bodies": _check_body, "creatures": _check_creature}


def _build(section: str, where: str, eid: str, raw: Any) -> Any:
    got = entry(_TYPES[section], where, raw, ContentError, id=eid)
    check = _CHECKS.get(section)
    if check is not None:
        check(where, got)
    if section == "sides":
        _range(where, "members", len(got.members), 1, LIMITS["count"])
    if section == "encounters":
        if not _ID.fullmatch(got.map):
            raise ContentError(f"{where}: key 'map': {got.map!r} is not a plain map name")
        if got.sides[0] == got.sides[1]:
            raise ContentError(f"{where}: key 'sides': a side cannot fight itself")
        if got.surprised and got.surprised not in got.sides:
            raise ContentError(f"{where}: key 'surprised': {got.surprised!r} is not one of its "
                               "sides")
    return got


def load_content(folder: Path | None = None) -> Content:
    """Read and validate every gu_masters content file in `folder` (default its data folder)."""
    return _SECTIONS.load(folder or paths.data_dir() / "gu_masters")


def _cross_check(c: Content, at: Callable[[str], str], known: Callable[[str], str]) -> None:
    """What no single entry can say. `at(section)` names where its entries came from."""
    for kid, k in c.killer_moves.items():
        where = f"{at('killer_moves')} [killer_moves.{kid}]"
        for gid in k.components:
            if gid not in c.gu:
                raise ContentError(f"{where}: key 'components': {gid!r} is not in {known('gu')}")
        # GU-X-10: a killer move is its components' activations, paid for in their essence
        acts = sum(k.components.values())
        if k.activations != acts:
            raise ContentError(f"{where}: key 'activations': the components make {acts}")
        cost = sum(c.gu[g].cost * n for g, n in k.components.items())
        if k.essence != cost:
            raise ContentError(f"{where}: key 'essence': the components cost {cost}")
    for cid, cr in c.creatures.items():
        where = f"{at('creatures')} [creatures.{cid}]"
        if cr.body not in c.bodies:
            raise ContentError(f"{where}: key 'body': {cr.body!r} is not in {known('bodies')}")
        for gid in cr.gu:
            if gid not in c.gu:
                raise ContentError(f"{where}: key 'gu': {gid!r} is not in {known('gu')}")
        for kid in cr.killer_moves:
            if kid not in c.killer_moves:
                raise ContentError(f"{where}: key 'killer_moves': {kid!r} is not in "
                                   f"{known('killer_moves')}")
            lacking = [g for g in c.killer_moves[kid].components if g not in cr.gu]
            if lacking:       # GU-47: it must own every component Gu
                raise ContentError(f"{where}: key 'killer_moves': {kid!r} needs the Gu "
                                   f"{lacking[0]!r}, which it does not carry")
        for wid in cr.weapons:
            if wid not in c.weapons:
                raise ContentError(f"{where}: key 'weapons': {wid!r} is not in "
                                   f"{known('weapons')}")
        hands = sum(c.weapons[w].hands for w in cr.weapons)
        if hands > cr.hands:      # GU-52: no more weapons than hands
            raise ContentError(f"{where}: key 'weapons': they need {hands} hands, it has "
                               f"{cr.hands}")
    for sid, s in c.sides.items():
        where = f"{at('sides')} [sides.{sid}]"
        for i, m in enumerate(s.members):
            if m.creature not in c.creatures:
                raise ContentError(f"{where}: key 'members[{i}].creature': {m.creature!r} is "
                                   f"not in {known('creatures')}")
    for eid, e in c.encounters.items():
        where = f"{at('encounters')} [encounters.{eid}]"
        for sid in e.sides:
            if sid not in c.sides:
                raise ContentError(f"{where}: key 'sides': {sid!r} is not in {known('sides')}")


# -- the bundled content ------------------------------------------------------------------------
_SECTIONS: SectionFiles[Content] = SectionFiles(
    FILES, INLINE_SECTIONS, _build, lambda found, written: Content(**found, written=written),
    _cross_check, ContentError, _ID)
_SETS = _SECTIONS.sets(lambda: paths.data_dir() / "gu_masters")


def content(name: str = "default") -> Content:
    """A content set, loaded and validated once per process (default: the bundled one)."""
    return _SETS.named(name)


def with_inline(inline: dict[str, Any] | None, name: str = "default") -> Content:
    """Set `name` with a match's inline table laid over it (None or empty: the set itself).
    Each distinct table is built and checked once per process."""
    return _SETS.inline_set(inline, name)


def as_dict(value: Any) -> dict[str, Any]:
    """An entry as plain data (for the reference and for tests)."""
    return dataclasses.asdict(value)

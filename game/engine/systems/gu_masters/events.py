"""Gu Masters events: past-tense facts. Rolls, turns and the end are the engine's shared events;
moving, damage, going down, healing and initiative subclass the core facts (game.engine.events)
so the client's one log formatter and animator word and play them; the rest are the system's own.

Owns: the records below, each field documented. Must not: hold live state.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.engine import events as core
from game.engine.events import event
from game.engine.records import Record

Cell = tuple[int, int]


@event("gu.initiative")
@dataclass(frozen=True, slots=True)
class InitiativeSettled(core.InitiativeSettled):
    """The acting order for the whole battle (GU-05..10): `order` first to act first, `scores`
    each one's signed degrees of success on its initiative test, `rerolls` 0 (ties are broken
    by the lower die, then PC before NPC, then the players' choice or a seeded order)."""

    order: tuple[str, ...]
    scores: tuple[int, ...]
    rerolls: int = 0


@event("gu.tested")
@dataclass(frozen=True, slots=True)
class Tested(Record):
    """A percentile test (GU-01..04): `who` rolled `skill` for `purpose`; `raw` the d100 (and
    `raws` both dice under disadvantage, GU-X-06), `target` the skill or attribute value,
    `modifiers` (source, value) pairs added to the roll (+ a penalty, - a bonus, GU-02),
    `modified` raw plus modifiers, `success`, `dos` the signed degrees of success, `critical`
    and `fumble` (GU-X-04). `auto` is "" or why no die was needed ("hit", "fail")."""

    __test__ = False          # a record, not a pytest test class, though its name starts "Test"

    who: str
    skill: str
    purpose: str
    raw: int
    target: int
    modified: int
    success: bool
    dos: int
    modifiers: tuple[tuple[str, int], ...] = ()
    critical: bool = False
    fumble: bool = False
    raws: tuple[int, ...] = ()
    auto: str = ""


@event("gu.moved")
@dataclass(frozen=True, slots=True)
class Moved(core.Moved):
    """`mover` went along `path` (each square entered, the start excluded); `mode` "walk",
    "dodge", "jump", "knockback"; `forced` when something else moved it; `cost` metres of
    movement paid."""

    mover: str
    path: tuple[Cell, ...]
    mode: str = "walk"
    forced: bool = False
    cost: int = 0


@event("gu.struck")
@dataclass(frozen=True, slots=True)
class Struck(Record):
    """`attacker` made a `strike` strike (weapon, multi, punch, kick, bite; `weapon` named) at
    `target`; `hit` says whether it landed before any reaction."""

    attacker: str
    target: str
    strike: str
    hit: bool
    weapon: str = ""


@event("gu.reacted")
@dataclass(frozen=True, slots=True)
class Reacted(Record):
    """`who` spent a reaction (GU-18) on `reaction` (dodge, parry, shield, opportunity, ...)
    against `against`; `success` says whether it stopped the damage; `left` reactions remain."""

    who: str
    reaction: str
    against: str
    success: bool
    left: int
    gu: str = ""


@event("gu.damaged")
@dataclass(frozen=True, slots=True)
class Damaged(core.DamageDealt):
    """`victim` lost `amount` HP (after shields and reductions) to `source` (a creature, or a
    cause in a word: "fall", "recoil", a status); `hp` is what it has left; `rolled` the damage
    before reductions, `dtype` its type (GU-95), `stages` what each step of the pipeline took,
    as (step, amount) pairs; `gu` the Gu (or `killer:<id>` killer move) `source` dealt it
    with, "" for anything else; `by` the creature it is counted to when `source` is not one
    (a status another creature gave: its Bleeding, Burning, poison)."""

    victim: str
    amount: int
    hp: int
    source: str = ""
    rolled: int = 0
    dtype: str = ""
    stages: tuple[tuple[str, int], ...] = ()
    gu: str = ""
    by: str = ""

    @property
    def dealer(self) -> str:
        return self.by or self.source


@event("gu.healed")
@dataclass(frozen=True, slots=True)
class Healed(core.Healed):
    """`victim` regained `amount` HP from `source`; `hp` is its HP now."""

    victim: str
    amount: int
    hp: int
    source: str = ""


@event("gu.condition")
@dataclass(frozen=True, slots=True)
class ConditionChanged(Record):
    """`who` is now `condition` (up, final_stand, dying, dead, GU-94, GU-109..116);
    `unconscious` whether it is awake; `why` in a word."""

    who: str
    condition: str
    unconscious: bool
    why: str = ""


@event("gu.down")
@dataclass(frozen=True, slots=True)
class Downed(core.Downed):
    """`victim` dropped out of the fight: unconscious or dead (it stays on its square)."""

    victim: str
    cell: Cell | None = None


@event("gu.status")
@dataclass(frozen=True, slots=True)
class StatusChanged(Record):
    """`who` gained (`gained` True) or lost status `status` (GU-134..154), with `value` and
    `turns` left (-1: until removed)."""

    who: str
    status: str
    gained: bool
    value: int = 0
    turns: int = -1


@event("gu.essence")
@dataclass(frozen=True, slots=True)
class EssenceChanged(Record):
    """`who`'s primeval essence changed by `delta` to `essence` because of `why` (regen,
    a Gu's cost, upkeep, stones; GU-15, GU-42, GU-70)."""

    who: str
    delta: int
    essence: int
    why: str = ""


@event("gu.sprint")
@dataclass(frozen=True, slots=True)
class Sprinted(Record):
    """`who` sprinted: its movement this turn is now `movement` m (GU-75)."""

    who: str
    movement: int


@event("gu.activated")
@dataclass(frozen=True, slots=True)
class Activated(Record):
    """`who` activated Gu `gu` at `target` (a creature id, "" for none); `left` activations
    remain this turn (GU-42..46)."""

    who: str
    gu: str
    target: str = ""
    left: int = 0


@event("gu.sustain")
@dataclass(frozen=True, slots=True)
class SustainEnded(Record):
    """`who` stopped sustaining `gu` (released it, could not pay its upkeep, or fell)."""

    who: str
    gu: str
    why: str = ""


@event("gu.stood")
@dataclass(frozen=True, slots=True)
class StoodUp(Record):
    """`who` stood up from prone, paying `cost` m of movement (GU-151)."""

    who: str
    cost: int

"""RPGStuck events: past-tense facts. Rolls, turns and the end are the engine's shared events;
moving, damage, going down, healing and initiative subclass the core facts
(game.engine.events), so the client's one log and animation code words and plays them. The
attack pipeline's steps (B-29) are events of their own, so the log shows their order.

Owns: the records below, each field documented. Must not: hold live state.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.engine import events as core
from game.engine.events import event
from game.engine.records import Record

Cell = tuple[int, int]


@event("rs.initiative")
@dataclass(frozen=True, slots=True)
class InitiativeSettled(core.InitiativeSettled):
    """The acting order (B-17): `order` first to act first, `scores` each one's d20 + DEX,
    `rerolls` the coin flips needed for ties of score and DEX."""

    order: tuple[str, ...]
    scores: tuple[int, ...]
    rerolls: int = 0


@event("rs.moved")
@dataclass(frozen=True, slots=True)
class Moved(core.Moved):
    """`mover` went along `path` (each square entered, the start excluded); `mode` "walk"
    ("fly" in the air, B-25), "shift" or "pushed" ("dragged" by a holder, "ridden" under its rider, "mount" and
    "dismount" onto and off a mount, "teleport"); `forced` when something else moved it; `cost` ft of
    movement paid."""

    mover: str
    path: tuple[Cell, ...]
    mode: str = "walk"
    forced: bool = False
    cost: int = 0


@event("rs.declared")
@dataclass(frozen=True, slots=True)
class AttackDeclared(Record):
    """B-29 step 1: `attacker` uses `ability` on the squares `targets` (`part`: a called shot)."""

    attacker: str
    ability: str
    targets: tuple[Cell, ...]
    part: str = ""


@event("rs.blocked")
@dataclass(frozen=True, slots=True)
class BlockDeclared(Record):
    """B-29 step 3: `defender` spent its reaction on a Block die of `die` against `attacker`;
    `covers` how many attack rolls it covers (Bonus Block: 2)."""

    defender: str
    attacker: str
    die: str
    covers: int = 1


@event("rs.attack_rolled")
@dataclass(frozen=True, slots=True)
class AttackRolled(Record):
    """B-29 steps 4-7 against one target: the kept d20 `natural`, the `total` with every term
    (`terms`: label and value in the order added), the `defense` it met (`against`: AC, Reflex
    or Will), and the result. `target` is None when nobody stood on the square (RS-103: it
    reads as a plain miss)."""

    attacker: str
    target: str | None
    cell: Cell
    natural: int
    total: int
    defense: int
    against: str
    terms: tuple[tuple[str, int], ...]
    hit: bool
    crit: bool


@event("rs.damaged")
@dataclass(frozen=True, slots=True)
class Damaged(core.DamageDealt):
    """`victim` took one damage instance (B-30): `amount` off its HP after every reduction,
    `temp` absorbed by temp HP, `hp` and `temp_hp` left, `rolled` the dice and flats before
    percentages, `percent` the multiplier applied (100 = none), `source` what dealt it."""

    victim: str
    amount: int
    hp: int
    source: str = ""
    temp: int = 0
    temp_hp: int = 0
    rolled: int = 0
    percent: int = 100


@event("rs.fell_unconscious")
@dataclass(frozen=True, slots=True)
class FellUnconscious(core.Downed):
    """`victim` reached 0 HP and is Unconscious, out of the fight (RS-03, SM-01); it lies on
    `cell`."""

    victim: str
    cell: Cell | None = None


@event("rs.killed")
@dataclass(frozen=True, slots=True)
class Killed(Record):
    """`victim` died (`how`: "coup de grace", a stat or max HP at 0, suffocation)."""

    victim: str
    how: str


@event("rs.healed")
@dataclass(frozen=True, slots=True)
class Healed(core.Healed):
    """`victim` regained `amount` HP (clamped to max, RS-01) and has `hp`."""

    victim: str
    amount: int
    hp: int
    source: str = ""


@event("rs.condition")
@dataclass(frozen=True, slots=True)
class ConditionChanged(Record):
    """`creature` gained (`gained` True) or lost condition `condition` (value `value`)."""

    creature: str
    condition: str
    gained: bool
    value: int = 0


@event("rs.minor")
@dataclass(frozen=True, slots=True)
class ActionTaken(Record):
    """`creature` took the basic action `what` ("aim", "assail", "avert", "dash", "stand_up",
    "hide") paying `cost` ("major", "minor" or "move")."""

    creature: str
    what: str
    cost: str


@event("rs.check")
@dataclass(frozen=True, slots=True)
class CheckMade(Record):
    """A skill check: `creature` rolled `skill` for `total` against `against` (a DC, or the
    opposing creature's total); `success` from the checker's side."""

    creature: str
    skill: str
    total: int
    against: int
    success: bool
    purpose: str = ""


@event("rs.secret_found")
@dataclass(frozen=True, slots=True)
class SecretFound(Record):
    """`finder`'s side found the secret part `part` of `creature` (RS-57)."""

    finder: str
    creature: str
    part: str


@event("rs.spotted")
@dataclass(frozen=True, slots=True)
class Spotted(Record):
    """`creature` is no longer hidden, or its square is found (it attacked, failed a Stealth
    check, or a walker ran into it)."""

    creature: str


@event("rs.grapple_started")
@dataclass(frozen=True, slots=True)
class GrappleStarted(Record):
    """`grappler` took hold of `target`, `ft` away (RS-64; RS-78 keeps that distance)."""

    grappler: str
    target: str
    ft: int = 5


@event("rs.grapple_ended")
@dataclass(frozen=True, slots=True)
class GrappleEnded(Record):
    """`grappler`'s hold on `target` ended: `why` "let go", "escaped", "holder moved",
    "pushed out of reach", "holder down", "target down" (RS-65, RS-72, RS-76, AMB-19)."""

    grappler: str
    target: str
    why: str


@event("rs.part_seized")
@dataclass(frozen=True, slots=True)
class PartSeized(Record):
    """`grappler` seized (or let go of) `part` (its name on the stat block) of `target` (RS-68);
    `kept` is False when the hold on the part ended."""

    grappler: str
    target: str
    part: str
    kept: bool = True


@event("rs.tool_dropped")
@dataclass(frozen=True, slots=True)
class ToolDropped(Record):
    """`creature`'s tool `part` (its stat block name) was knocked to (x, y) (AMB-09); with
    `picked_by` set it was picked up from the ground by that creature instead."""

    creature: str
    part: str
    x: int
    y: int
    picked_by: str = ""


@event("rs.mounted")
@dataclass(frozen=True, slots=True)
class Mounted(Record):
    """`rider` climbed onto `mount`, paying `cost` ft of movement (RS-111, RS-125)."""

    rider: str
    mount: str
    cost: int = 0


@event("rs.dismounted")
@dataclass(frozen=True, slots=True)
class Dismounted(Record):
    """`rider` left `mount`: `why` "dismounted" (its choice, `cost` ft), "fell off" (it or its
    mount went Prone or down, RS-128/129) or "moved off" (forced movement, RS-129)."""

    rider: str
    mount: str
    why: str
    cost: int = 0


@event("rs.part_hit")
@dataclass(frozen=True, slots=True)
class PartHit(Record):
    """A called shot hit `part` (its name as the stat block gives it) of `creature`; `hp_left`
    the part's own HP left when it has some (RS-48), `broken` when that hit destroyed it."""

    creature: str
    part: str
    to_part: int = 0
    hp_left: int | None = None
    broken: bool = False


@event("rs.altitude")
@dataclass(frozen=True, slots=True)
class AltitudeChanged(Record):
    """`creature` is now `altitude` ft above the floor under it, `was` before (B-25): `how`
    "fly" (its own flight, `cost` ft of movement), "carried" (its holder flew, RS-75), "flight"
    (a level flight over a higher or lower floor) or "fell" (it lost flight and came down,
    RS-115)."""

    creature: str
    altitude: int
    was: int
    how: str = "fly"
    cost: int = 0


@event("rs.held_aloft")
@dataclass(frozen=True, slots=True)
class HeldAloft(Record):
    """RS-75: `holder` answered for `target`, which was made to fall while it held it in the
    air: `how` "let_go", "fall" or "check"; `kept` whether `target` stays up."""

    holder: str
    target: str
    how: str
    kept: bool

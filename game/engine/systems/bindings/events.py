"""Bindings events: the past-tense facts bindings rules report, beside the shared ones in
game.engine.events (DiceRolled, TurnStarted, TurnEnded, MatchEnded, RulingMade, Note).

Owns: the event records of the bindings system, each field documented. Kinds are "bnd.<name>"
and never change once saved. No field may be called `kind`. Hexes are the board's (x, y) offset
coordinates; `tick` is the absolute segment index (see state.py).

Core facts: CombatantMoved, CombatantPushed, DamageDealt, CombatantDowned and InitiativeRanked
inherit the core bases of game.engine.events (Moved, DamageDealt, Downed, InitiativeSettled) and
map the core names onto their own fields with properties; their kinds and JSON are unchanged.

Must not: carry live state objects or decide anything. The client animates these and then
re-reads the state as the truth.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.engine import events as core
from game.engine.events import event
from game.engine.records import Record

Hex = tuple[int, int]


# --- battle and clock ------------------------------------------------------------------------

@event("bnd.battle_started")
@dataclass(frozen=True, slots=True)
class BattleStarted(Record):
    """The board was built and every combatant placed. `source` is the map file or "inline";
    `combatants` lists ids in set-up order."""

    source: str
    combatants: tuple[str, ...]


@event("bnd.initiative_ranked")
@dataclass(frozen=True, slots=True)
class InitiativeRanked(core.InitiativeSettled):
    """The initiative ranks were set (BND-15..18). `order` lists ids, rank 1 first; `sixes` each
    one's score in the same order (the first roll's, before tie re-rolls; core `scores`);
    `rerolls` counts tie-break re-roll rounds; `delayed` pairs (id, first segment it may act in
    round 1)."""

    order: tuple[str, ...]
    sixes: tuple[int, ...]
    rerolls: int = 0
    delayed: tuple[tuple[str, int], ...] = ()

    @property
    def scores(self) -> tuple[int, ...]:
        return self.sixes


@event("bnd.segment_started")
@dataclass(frozen=True, slots=True)
class SegmentStarted(Record):
    """Segment `segment` (1..3) of round `round` began; `order` is who takes a turn in it, in
    order (leads from BND-29 first in segment 1)."""

    round: int
    segment: int
    order: tuple[str, ...]


@event("bnd.turn_skipped")
@dataclass(frozen=True, slots=True)
class TurnSkipped(Record):
    """`actor` had no turn this segment; `reason` says why (delayed in round 1, down)."""

    actor: str
    reason: str


@event("bnd.rank_changed")
@dataclass(frozen=True, slots=True)
class RankChanged(Record):
    """`actor` moved from rank `before` to rank `after` (1 = first); `reason` names the rule
    (e.g. "unused standard", "unused full") ; `order` is the new ranking."""

    actor: str
    before: int
    after: int
    reason: str
    order: tuple[str, ...]


@event("bnd.unused_spent")
@dataclass(frozen=True, slots=True)
class UnusedSpent(Record):
    """`actor` chose what its unspent actions buy at the end of the round: `mode` "rise" or
    "lead" (BND-27..30); applied once the round ends."""

    actor: str
    mode: str


# --- actions and budget ----------------------------------------------------------------------

@event("bnd.action_started")
@dataclass(frozen=True, slots=True)
class ActionStarted(Record):
    """`actor` started `move` (a content id or a movement mode) as a `cost` action (full,
    standard, move, swift, free) aimed at `target`; `slot` is False for slotless Swift modifiers
    and defensive declarations answered outside the actor's turn; `reduced` when a talent lowered
    the action (BND-39)."""

    actor: str
    move: str
    cost: str
    target: Hex | None = None
    slot: bool = True
    reduced: bool = False


@event("bnd.cooldown_started")
@dataclass(frozen=True, slots=True)
class CooldownStarted(Record):
    """`move` of `actor` cannot be used again until round `ready_round` (BND-101)."""

    actor: str
    move: str
    ready_round: int


@event("bnd.action_readied")
@dataclass(frozen=True, slots=True)
class ActionReadied(Record):
    """`actor` holds `move` (aimed at `target`) until `trigger` happens this round (BND-25)."""

    actor: str
    move: str
    target: Hex | None
    trigger: str


@event("bnd.readied_fired")
@dataclass(frozen=True, slots=True)
class ReadiedFired(Record):
    """The readied action of `actor` went off because `cause` (who or what triggered it)."""

    actor: str
    move: str
    cause: str


@event("bnd.readied_lapsed")
@dataclass(frozen=True, slots=True)
class ReadiedLapsed(Record):
    """The readied action of `actor` was never triggered and ended with the round (BND-26)."""

    actor: str
    move: str


# --- movement and pushback -------------------------------------------------------------------

@event("bnd.combatant_moved")
@dataclass(frozen=True, slots=True)
class CombatantMoved(core.Moved):
    """`actor` (core `mover`) moved along `path` (every hex entered, in order; the start hex
    excluded) using `mode` movement; `left` is the hexes this segment's movement still allows.
    Always its own movement (core `forced` is False)."""

    actor: str
    path: tuple[Hex, ...]
    mode: str
    left: int = 0

    @property
    def mover(self) -> str:
        return self.actor

    @property
    def forced(self) -> bool:
        return False


@event("bnd.movement_ended")
@dataclass(frozen=True, slots=True)
class MovementEnded(Record):
    """A movement action of `actor` is over: `reason` is "done" (all segments used), "stopped"
    (ceased, the rest forfeited), "replaced" (a different movement began, GM-15) or "down"."""

    actor: str
    mode: str
    reason: str


@event("bnd.movement_suspended")
@dataclass(frozen=True, slots=True)
class MovementSuspended(Record):
    """`actor`'s movement gave no hexes this segment because a pushback on it is unfinished
    (BND-74, GM-16)."""

    actor: str


@event("bnd.pushback_started")
@dataclass(frozen=True, slots=True)
class PushbackStarted(Record):
    """`subject` will be pushed `hexes` hexes away from `source` at `rate` hexes per segment,
    advanced on `by`'s turns (BND-72/73)."""

    subject: str
    by: str
    source: Hex
    hexes: int
    rate: int


@event("bnd.combatant_pushed")
@dataclass(frozen=True, slots=True)
class CombatantPushed(core.Moved):
    """`subject` (core `mover`) was pushed along `path` this segment; `remaining` hexes are
    still to come. Core `mode` is "pushed" and `forced` is True."""

    subject: str
    path: tuple[Hex, ...]
    remaining: int

    @property
    def mover(self) -> str:
        return self.subject

    @property
    def mode(self) -> str:
        return "pushed"

    @property
    def forced(self) -> bool:
        return True


@event("bnd.pushback_ended")
@dataclass(frozen=True, slots=True)
class PushbackEnded(Record):
    """The pushback on `subject` finished: `reason` "complete", or "blocked" (stopped by `at`,
    an obstacle or creature, GM-17)."""

    subject: str
    reason: str
    at: Hex | None = None


# --- attacks ---------------------------------------------------------------------------------

@event("bnd.attack_launched")
@dataclass(frozen=True, slots=True)
class AttackLaunched(Record):
    """Attack `attack` (move `move`) left `actor` toward `target` (a combatant id, or None for a
    guessed hex `aim`). `cover`, `concealment` (0..3) and `range_penalty` were measured now
    (GM-14); `segments` is how many segments it needs to arrive if nothing moves (BND-50)."""

    attack: str
    move: str
    actor: str
    target: str | None
    aim: Hex
    cover: bool
    concealment: int
    range_penalty: int
    segments: int


@event("bnd.attack_advanced")
@dataclass(frozen=True, slots=True)
class AttackAdvanced(Record):
    """Attack `attack` moved along `path` this segment (hexes entered, in order)."""

    attack: str
    path: tuple[Hex, ...]


@event("bnd.attack_stopped")
@dataclass(frozen=True, slots=True)
class AttackStopped(Record):
    """Attack `attack` ended without reaching its target: `reason` "short" (out of range,
    GM-21) or "target_gone" (target down); `at` is where it fell. Walls and rock never stop
    one in flight (GM-14)."""

    attack: str
    reason: str
    at: Hex | None = None


@event("bnd.attack_contacted")
@dataclass(frozen=True, slots=True)
class AttackContacted(Record):
    """Attack `attack` reached `target` in this segment; `deferred` is True when the target
    declared a defence, so it resolves on the target's turn (BND-13)."""

    attack: str
    target: str | None
    deferred: bool = False


@event("bnd.defence_declared")
@dataclass(frozen=True, slots=True)
class DefenceDeclared(Record):
    """`actor` answered attack `attack` with `move` (None: declined, the attack resolves now)."""

    actor: str
    attack: str
    move: str | None


@event("bnd.attack_resolved")
@dataclass(frozen=True, slots=True)
class AttackResolved(Record):
    """Attack `attack` by `actor` on `target` was settled. `outcome` is "hit", "miss"
    (defence held), "concealed" (miss chance, no attack roll, BND-92) or "empty" (a guessed hex
    held no one). `offence` and `defence` are the totals (0 when not rolled); `edge` the net
    advantage ("advantage", "disadvantage" or "none") and `reasons` what caused it."""

    attack: str
    actor: str
    target: str | None
    outcome: str
    offence: int = 0
    defence: int = 0
    edge: str = "none"
    reasons: tuple[str, ...] = ()


@event("bnd.damage_dealt")
@dataclass(frozen=True, slots=True)
class DamageDealt(core.DamageDealt):
    """`target` (core `victim`) lost `amount` HP to `source` (a move id, or "collision"); `hp`
    is what it has left; `by` is the combatant whose move it was ("" for a collision)."""

    target: str
    amount: int
    hp: int
    source: str
    by: str = ""

    @property
    def victim(self) -> str:
        return self.target

    @property
    def dealer(self) -> str:
        return self.by


@event("bnd.combatant_downed")
@dataclass(frozen=True, slots=True)
class CombatantDowned(core.Downed):
    """`target` (core `victim`) dropped to 0 HP and is out of the fight (invented core: Down).
    Nothing is left on the board (core `cell` is None)."""

    target: str

    @property
    def victim(self) -> str:
        return self.target

    @property
    def cell(self) -> None:
        return None


@event("bnd.condition_gained")
@dataclass(frozen=True, slots=True)
class ConditionGained(Record):
    """`target` has `condition` from `source` until tick `until` (-1: until removed, BND-77/78)."""

    target: str
    condition: str
    until: int
    source: str


@event("bnd.condition_ended")
@dataclass(frozen=True, slots=True)
class ConditionEnded(Record):
    """`condition` on `target` ran out or was removed."""

    target: str
    condition: str


@event("bnd.feature_placed")
@dataclass(frozen=True, slots=True)
class FeaturePlaced(Record):
    """Feature `feature` (`what`: "wall" or "veil", from `move`) now covers `cells` (the hexes
    added this time) and lasts until tick `until`."""

    feature: str
    what: str
    move: str
    cells: tuple[Hex, ...]
    until: int


@event("bnd.feature_faded")
@dataclass(frozen=True, slots=True)
class FeatureFaded(Record):
    """Feature `feature` is gone from the map."""

    feature: str


@event("bnd.fatigue_checked")
@dataclass(frozen=True, slots=True)
class FatigueChecked(Record):
    """After hour `hour` of continuous binding `actor` made a Strength check against `dc`
    (BND-103..106): `passed`, or it stops binding and becomes Exhausted."""

    actor: str
    hour: int
    dc: int
    total: int
    passed: bool

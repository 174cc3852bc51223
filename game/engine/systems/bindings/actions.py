"""Bindings actions: what a seat may ask for. Each is a small frozen record registered by kind.

Owns: the action vocabulary of bindings. Which ones are allowed right now is decided only by
rules.legal_actions; applying them is rules.apply (turns.py, movement.py, combat.py). What each
costs from the round's budget (BND-36..39) is the rules' business, documented there.

Must not: contain rules logic.

Turn actions (stage "act", the acting combatant's seat):
  UseMove      start a move from content: an attack (binding, weapon, maneuver, Unarmed Strike),
               a wall or veil, a self move (Brace, Stone Skin) or a slotless Swift modifier.
  StartMovement start a movement action (move, dash, dodge, swim, step) and go to `to` now.
  MoveTo       spend the hexes this segment's ongoing movements still give.
  StopMoving   end the combatant's ongoing movements (the rest is forfeited, BND-52).
  Ready        name an action and the condition that fires it (BND-25).
  SpendUnused  at the end of the round, what its unspent budget buys (BND-27..30), S3 only.
  EndTurn      (shared) finish the turn.
Stage answers:
  Defend       (stage "defend") declare a defensive action against an incoming attack, or decline
               with move=None (the free Reaction then defends, BND-12/46).
  UseDodge     (stage "use_dodge") spend this segment's Dodge on the attack now resolving (GM-30).
  Opening      (stage "opening") the pre-combat action, wrapping a UseMove or StartMovement.
  Judge        (stage "circumstance", house rule gm_adv_prompt) the table's advantage call.
  Concede      (shared) the deciding seat yields (BND-GM-27).
"""
from __future__ import annotations

from dataclasses import dataclass

from game.engine.actions import Concede, EndTurn, action
from game.engine.records import Record

__all__ = ["Concede", "EndTurn", "UseMove", "StartMovement", "MoveTo", "StopMoving", "Ready",
           "SpendUnused", "Defend", "UseDodge", "Opening", "Judge"]

Hex = tuple[int, int]

MOVEMENT_MODES = ("move", "dash", "dodge", "swim", "step")
UNUSED_MODES = ("rise", "lead")
READY_TRIGGERS = ("enemy_in_range", "attacked")
EDGES = ("advantage", "none", "disadvantage")


@action("bnd.use_move")
@dataclass(frozen=True, slots=True)
class UseMove(Record):
    """Start `move` (content id) aimed at hex `target` (None for self moves and modifiers).
    `reduce` spends a talent that lowers the action one step (BND-39)."""
    actor: str
    move: str
    target: Hex | None = None
    reduce: bool = False


@action("bnd.start_movement")
@dataclass(frozen=True, slots=True)
class StartMovement(Record):
    """Start a movement action of `mode` (MOVEMENT_MODES) and move to `to` at once (`to` may be
    the current hex to start without moving yet)."""
    actor: str
    mode: str
    to: Hex


@action("bnd.move_to")
@dataclass(frozen=True, slots=True)
class MoveTo(Record):
    """Move to `to` with the hexes the combatant's ongoing movements give this segment."""
    actor: str
    to: Hex


@action("bnd.stop_moving")
@dataclass(frozen=True, slots=True)
class StopMoving(Record):
    """Cease all ongoing movement; what is left is forfeited."""
    actor: str


@action("bnd.ready")
@dataclass(frozen=True, slots=True)
class Ready(Record):
    """Hold `move` aimed at `target` until `trigger` (READY_TRIGGERS) happens this round."""
    actor: str
    move: str
    target: Hex | None
    trigger: str


@action("bnd.spend_unused")
@dataclass(frozen=True, slots=True)
class SpendUnused(Record):
    """At the end of the round: "rise" one or two ranks, or "lead" the next round's first
    segment (BND-27..30)."""
    actor: str
    mode: str


@action("bnd.defend")
@dataclass(frozen=True, slots=True)
class Defend(Record):
    """Answer an incoming attack `attack` with defensive action `move` (a move id such as
    "dodge", "brace", "unarmed_strike" or a binding with a defence formula), or None to let it
    resolve now."""
    actor: str
    attack: str
    move: str | None = None


@action("bnd.use_dodge")
@dataclass(frozen=True, slots=True)
class UseDodge(Record):
    """Spend (use=True) or keep this segment's Dodge against attack `attack` (BND-54, GM-30)."""
    actor: str
    attack: str
    use: bool


@action("bnd.opening")
@dataclass(frozen=True, slots=True)
class Opening(Record):
    """The pre-combat action (BND-23): `move` with `target`, or movement mode `move` to `target`,
    or move=None to begin combat without one."""
    actor: str
    move: str | None = None
    target: Hex | None = None


@action("bnd.judge")
@dataclass(frozen=True, slots=True)
class Judge(Record):
    """The table's call on circumstances for attack `attack`: one of EDGES (BND-100, GM-01)."""
    seat: int
    attack: str
    edge: str

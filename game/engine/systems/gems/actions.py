"""Gems actions: what a seat may ask for. Each is a small frozen record registered by kind.

Owns: the action vocabulary of gems. Which of them are allowed right now is decided only by
rules.legal_actions; applying them is rules.apply. Costs in Action Slots are the rules' business
(GEM-07 and friends) and are documented there, not here.

Must not: contain rules logic.

Turn actions (the acting unit's seat, stage "act"):
  Move, Climb, Drop, Fly, ChangeAltitude, PickUp, DropItem, Summon, Dismiss, UseAbility,
  EndAbility, Ready (opens a Ready Action), AssignArm / UnassignArm / HandOver (inside an open
  Ready Action), Strike (resolves the assigned arms), Shatter, Negotiate, EndTurn (shared).
Stage answers (whichever seat `pending` names):
  Counter (how many counter rolls to make), AssignBlocks (which held object blocks which attack),
  ChooseLostArm (the disarmed target picks the arm), ChooseSide (the attacker picks where the
  dropped object lands), Rule (a game-master seat settles a call).
"""
from __future__ import annotations

from dataclasses import dataclass

from game.engine.actions import EndTurn, action
from game.engine.records import Record

__all__ = ["EndTurn"]

Tile = tuple[int, int]


@action("gems.move")
@dataclass(frozen=True, slots=True)
class Move(Record):
    """Walk to `to` within Movement Speed; free descents only (GEM-09, GEM-11, GEM-GM-05)."""
    unit: str
    to: Tile


@action("gems.climb")
@dataclass(frozen=True, slots=True)
class Climb(Record):
    """One step onto an adjacent tile up to 1xSize higher, or 1-2xSize lower (GEM-10, GEM-12)."""
    unit: str
    to: Tile


@action("gems.drop")
@dataclass(frozen=True, slots=True)
class Drop(Record):
    """A deliberate fall onto an adjacent tile more than 2xSize lower (GEM-13, GEM-14)."""
    unit: str
    to: Tile


@action("gems.fly")
@dataclass(frozen=True, slots=True)
class Fly(Record):
    """Fly horizontally up to Flight Movement Speed tiles (GEM-47, GEM-48, GEM-GM-23)."""
    unit: str
    to: Tile


@action("gems.change_altitude")
@dataclass(frozen=True, slots=True)
class ChangeAltitude(Record):
    """Rise or sink to absolute elevation `altitude`; ground level lands (GEM-44..46)."""
    unit: str
    altitude: int


@action("gems.pick_up")
@dataclass(frozen=True, slots=True)
class PickUp(Record):
    """Pick up an item or a formed gem within reach (GEM-15, GEM-53..56)."""
    unit: str
    item: str


@action("gems.drop_item")
@dataclass(frozen=True, slots=True)
class DropItem(Record):
    """Put down a held object or carried load on her tile (free, GEM-GM-27)."""
    unit: str
    item: str


@action("gems.summon")
@dataclass(frozen=True, slots=True)
class Summon(Record):
    """Summon a Hardlight Weapon or object into a free working arm (GEM-07, GEM-GM-28)."""
    unit: str
    weapon: str
    arm: int


@action("gems.dismiss")
@dataclass(frozen=True, slots=True)
class Dismiss(Record):
    """Let a summoned weapon vanish (free, GEM-GM-28)."""
    unit: str
    item: str


@action("gems.use_ability")
@dataclass(frozen=True, slots=True)
class UseAbility(Record):
    """Activate a Gemstone Ability, Active or Active Continuous (GEM-07, GEM-GM-29)."""
    unit: str
    ability: str
    target: Tile | None = None


@action("gems.end_ability")
@dataclass(frozen=True, slots=True)
class EndAbility(Record):
    """Switch off an Active Continuous ability (free, GEM-GM-29)."""
    unit: str
    ability: str


@action("gems.ready")
@dataclass(frozen=True, slots=True)
class Ready(Record):
    """Spend a slot on a Ready Action; arms are then assigned and resolved by Strike (GEM-21)."""
    unit: str


@action("gems.assign_arm")
@dataclass(frozen=True, slots=True)
class AssignArm(Record):
    """Inside an open Ready Action: aim one arm at a target block (GEM-22, GEM-24..26)."""
    unit: str
    arm: int
    target: Tile
    mode: str            # "melee", "thrown" or "projectile"


@action("gems.unassign_arm")
@dataclass(frozen=True, slots=True)
class UnassignArm(Record):
    unit: str
    arm: int


@action("gems.hand_over")
@dataclass(frozen=True, slots=True)
class HandOver(Record):
    """Arm Action: pass the object in `arm` to an adjacent ally (GEM-GM-30)."""
    unit: str
    arm: int
    to_unit: str


@action("gems.strike")
@dataclass(frozen=True, slots=True)
class Strike(Record):
    """Resolve every arm assigned in the open Ready Action: roll, block, disarm, damage."""
    unit: str


@action("gems.shatter")
@dataclass(frozen=True, slots=True)
class Shatter(Record):
    """Destroy a poofed gemstone on her own tile (GEM-17, GEM-GM-31)."""
    unit: str
    item: str


@action("gems.negotiate")
@dataclass(frozen=True, slots=True)
class Negotiate(Record):
    """Social Rolls against another gem for a truce (GEM-49..52)."""
    unit: str
    target: str


# --- answers to pending stages ---------------------------------------------------------------

@action("gems.counter")
@dataclass(frozen=True, slots=True)
class Counter(Record):
    """Stage choose_counters: the defender makes `count` counter rolls (GEM-29, GEM-GM-16)."""
    unit: str
    count: int


@action("gems.assign_blocks")
@dataclass(frozen=True, slots=True)
class AssignBlocks(Record):
    """Stage assign_blocks: pairs of (counter roll index, attack index) (GEM-31)."""
    unit: str
    pairs: tuple[tuple[int, int], ...]


@action("gems.choose_lost_arm")
@dataclass(frozen=True, slots=True)
class ChooseLostArm(Record):
    """Stage choose_lost_arm: the disarmed target picks the arm (GEM-36)."""
    unit: str
    arm: int


@action("gems.choose_side")
@dataclass(frozen=True, slots=True)
class ChooseSide(Record):
    """Stage choose_side: the attacker throws the lost arm's object "left" or "right" (GEM-37)."""
    unit: str
    side: str


@action("gems.rule")
@dataclass(frozen=True, slots=True)
class Rule(Record):
    """Stage gm_call: the game-master seat settles a call (GEM-GM-37)."""
    rule: str
    choice: str

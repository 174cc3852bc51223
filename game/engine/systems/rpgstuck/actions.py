"""RPGStuck actions: what a seat may ask for. Shared ones (EndTurn, Concede) come from the engine.

Owns: the records and their kinds ("rs.move", ...; saved, so never renamed without an alias).
Attacks name target SQUARES, not creatures: a seat may attack where it believes a hidden
creature is, and an attack on a square the target is not on misses like any miss (RS-103), so
the legal list never tells a seat where an unseen creature really stands.

Must not: check or apply anything (rules.py).
"""
from __future__ import annotations

from dataclasses import dataclass

from game.engine.actions import action
from game.engine.records import Record

Cell = tuple[int, int]


@action("rs.move")
@dataclass(frozen=True, slots=True)
class Move(Record):
    """Walk `unit` to (x, y) along its cheapest path, paying movement (B-11, B-14)."""
    unit: str
    x: int
    y: int


@action("rs.attack")
@dataclass(frozen=True, slots=True)
class Attack(Record):
    """Use the attack abilitech `ability` (Strike, Shoot, Cleave, a monster's action) on the
    creatures at `targets` (one square per attack of the ability: Cleave names two, possibly the
    same horde twice, RS-84). `part` names a called-shot anatomy part ("" for none, RS-44) and
    `trade` the crit-range trade (RS-47)."""
    unit: str
    ability: str
    targets: tuple[Cell, ...]
    part: str = ""
    trade: bool = False


@action("rs.aim")
@dataclass(frozen=True, slots=True)
class Aim(Record):
    """Minor: a d4 Aim die on the next attack roll this turn (B-12, RS-30)."""
    unit: str


@action("rs.assail")
@dataclass(frozen=True, slots=True)
class Assail(Record):
    """Minor: the next damage roll this turn adds the attack's stat mod again (B-12, RS-92)."""
    unit: str


@action("rs.avert")
@dataclass(frozen=True, slots=True)
class Avert(Record):
    """Minor: the first attack roll against `unit` before its next turn gets a d4 Block die."""
    unit: str


@action("rs.shift")
@dataclass(frozen=True, slots=True)
class Shift(Record):
    """Minor: step 5 ft to (x, y) without spending speed (B-12)."""
    unit: str
    x: int
    y: int


@action("rs.dash")
@dataclass(frozen=True, slots=True)
class Dash(Record):
    """Major: movement again equal to speed (B-12)."""
    unit: str


@action("rs.stand_up")
@dataclass(frozen=True, slots=True)
class StandUp(Record):
    """Stand up from Prone, paying half speed (B-12, B-16)."""
    unit: str


@action("rs.shove")
@dataclass(frozen=True, slots=True)
class Shove(Record):
    """Major: opposed Athletics against the creature at (x, y); on success push it 10 ft
    straight away (`prone` False) or knock it Prone (B-12)."""
    unit: str
    x: int
    y: int
    prone: bool = False


@action("rs.hide")
@dataclass(frozen=True, slots=True)
class Hide(Record):
    """Major: a Stealth check to go unnoticed (B-12, RS-104/105)."""
    unit: str


@action("rs.discern")
@dataclass(frozen=True, slots=True)
class Discern(Record):
    """Minor (Discern) or major (`scrutinize`, at advantage): Perception against the DC of the
    creature at (x, y); success reveals one of its secret parts (B-12, RS-57)."""
    unit: str
    x: int
    y: int
    scrutinize: bool = False


@action("rs.finish")
@dataclass(frozen=True, slots=True)
class Finish(Record):
    """Major, with lethal strife only: kill the adjacent Unconscious creature at (x, y) (B-32)."""
    unit: str
    x: int
    y: int


@action("rs.block")
@dataclass(frozen=True, slots=True)
class Block(Record):
    """The defender's reaction to a declared attack: a d4 Block die on it (`block`), or let it
    come (B-12, RS-30)."""
    unit: str
    block: bool


@action("rs.grapple")
@dataclass(frozen=True, slots=True)
class Grapple(Record):
    """Major: opposed Athletics to take hold of the creature at (x, y) (RS-64, grapple.py)."""
    unit: str
    x: int
    y: int


@action("rs.escape")
@dataclass(frozen=True, slots=True)
class Escape(Record):
    """Major: try to break `grappler`'s hold on `unit` (RS-65)."""
    unit: str
    grappler: str


@action("rs.release")
@dataclass(frozen=True, slots=True)
class Release(Record):
    """Free: `unit` lets go of `target` (RS-76: the holder picks which holds to drop)."""
    unit: str
    target: str


@action("rs.resist")
@dataclass(frozen=True, slots=True)
class Resist(Record):
    """The answer to a grapple attempt when the table asks (SM-20 `manual`): `unit` resists
    with `skill`, "athletics" or "acrobatics" (RS-64)."""
    unit: str
    skill: str


@action("rs.mount")
@dataclass(frozen=True, slots=True)
class Mount(Record):
    """Climb onto the adjacent ally `mount`, one size larger or more, for half speed (RS-125,
    RS-111)."""
    unit: str
    mount: str


@action("rs.dismount")
@dataclass(frozen=True, slots=True)
class Dismount(Record):
    """Get down to (x, y) beside the mount, for half the mount's speed (RS-111)."""
    unit: str
    x: int
    y: int


@action("rs.haul")
@dataclass(frozen=True, slots=True)
class Haul(Record):
    """Move the creature `target` that `unit` holds to (x, y) within `unit`'s reach, paying the
    distance from `unit`'s movement (RS-77)."""
    unit: str
    target: str
    x: int
    y: int


@action("rs.area")
@dataclass(frozen=True, slots=True)
class AreaAttack(Record):
    """Use the area abilitech `ability` (Psi Pulse's burst around the user, B-21): one attack roll
    against each creature in the area, none named by the seat (RS-85, RS-49: no called shot)."""
    unit: str
    ability: str


@action("rs.step")
@dataclass(frozen=True, slots=True)
class UseStep(Record):
    """Call on the activated Step `step` (B-21 Sanguine: Brave: movement, Aim, Avert and Assail
    at once), spending its limited use (RS-148)."""
    unit: str
    step: str


@action("rs.seize")
@dataclass(frozen=True, slots=True)
class Seize(Record):
    """Major: `unit` tries to seize the part `part` (an anatomy kind id: "tool", "wings",
    "vitals", ...) of the creature `target` it already holds (RS-68, seize.py)."""
    unit: str
    target: str
    part: str


@action("rs.pick_up")
@dataclass(frozen=True, slots=True)
class PickUp(Record):
    """Minor: `unit`, on or next to the square where `owner`'s `part` (a tool) lies, picks it up
    (AMB-09, tools.py)."""
    unit: str
    owner: str
    part: str


@action("rs.teleport")
@dataclass(frozen=True, slots=True)
class Teleport(Record):
    """Use the teleport abilitech `ability`: `unit` appears with its anchor at (x, y), a seen,
    free square in range, bringing what it holds (RS-109, RS-70; teleport.py)."""
    unit: str
    ability: str
    x: int
    y: int


@action("rs.swap_limb")
@dataclass(frozen=True, slots=True)
class SwapLimb(Record):
    """Free: `unit` moves its hold on `target` to its free grappling limb number `limb` (RS-74;
    limbs.py numbers them in stat-block order from 1)."""
    unit: str
    target: str
    limb: int


@action("rs.stretch_jump")
@dataclass(frozen=True, slots=True)
class StretchJump(Record):
    """Leap one square past the long jump's reach to (x, y) on an Athletics check (SM-06, a
    table option; jumps.py): short of it on a failure."""
    unit: str
    x: int
    y: int


@action("rs.long_jump")
@dataclass(frozen=True, slots=True)
class LongJump(Record):
    """Leap in a straight line to (x, y), two squares or more away, paying the distance from
    movement (RS-107, jumps.py)."""
    unit: str
    x: int
    y: int


@action("rs.fly")
@dataclass(frozen=True, slots=True)
class Fly(Record):
    """Fly straight up or down until `unit` is `altitude` ft above the floor under it (5 ft
    steps, B-25), paying the feet from its movement (RS-108); from the ground it takes off, to
    0 it lands (flight.py)."""
    unit: str
    altitude: int


@action("rs.hold_aloft")
@dataclass(frozen=True, slots=True)
class HoldAloft(Record):
    """The answer of a flier whose held creature was made to fall (RS-75): `how` is "let_go"
    (it falls alone), "fall" (both come down) or "check" (Athletics against what grounded it:
    it stays up on a success, both fall on a failure)."""
    unit: str
    target: str
    how: str


@action("rs.opportunity")
@dataclass(frozen=True, slots=True)
class Opportunity(Record):
    """The answer of `unit` to an enemy leaving its reach with the opportunity-attack table
    option on (B-26): one attack roll of its melee attack `ability` at `target`, paid with its
    reaction; `ability` "" lets it go."""
    unit: str
    target: str
    ability: str = ""

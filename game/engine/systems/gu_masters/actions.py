"""Gu Masters actions: what a seat may ask for. Shared ones (EndTurn, Concede) come from the engine.

Owns: the records and their kinds ("gu.move", ...; kinds are saved, never renamed without an
alias). A module that adds an action kind (flight, grapples, ...) declares its record beside its
rules and registers it the same way. Must not: check or apply anything.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.engine.actions import action
from game.engine.records import Record

# the melee strikes of GU-51..58 (a Strike's `strike`)
WEAPON, MULTI, PUNCH, KICK, BITE = "weapon", "multi", "punch", "kick", "bite"
STRIKES = (WEAPON, MULTI, PUNCH, KICK, BITE)

# the answers to an attack that hit (a React's `reaction`, GU-76..89; detonating one's own Gu
# is a reaction too, GU-91, aperture.py)
DODGE, PARRY, SHIELD, TAKE, DETONATE = "dodge", "parry", "shield", "take", "detonate"


@action("gu.move")
@dataclass(frozen=True, slots=True)
class Move(Record):
    """Walk `actor` (its top-left square) to (x, y) along its cheapest path (GU-19..24)."""
    actor: str
    x: int
    y: int


@action("gu.strike")
@dataclass(frozen=True, slots=True)
class Strike(Record):
    """A melee strike at `target` (GU-51..58): `strike` is one of STRIKES; `weapon` names the
    weapon for weapon and multi-weapon strikes. The first strike spends the combat action; a
    multi-weapon attack or a creature's punches give further strikes of the same kind. `part`
    makes it a called shot (GU-59..61): a body part ("head"), a held item ("item:sword") or
    manifested wings ("wings:wind_wings"); "" aims at the creature (aim.py)."""
    actor: str
    target: str
    strike: str
    weapon: str = ""
    part: str = ""


@action("gu.sprint")
@dataclass(frozen=True, slots=True)
class Sprint(Record):
    """The combat action Sprint: movement tripled until the end of the turn (GU-75)."""
    actor: str


@action("gu.react")
@dataclass(frozen=True, slots=True)
class React(Record):
    """The defender's answer to a hit, before damage (GU-79..87): `reaction` is dodge, parry,
    shield (with `gu` the shield Gu) or take (no reaction)."""
    actor: str
    reaction: str
    gu: str = ""


@action("gu.dodge_move")
@dataclass(frozen=True, slots=True)
class DodgeMove(Record):
    """Where a creature that dodged steps to: 1 to floor(Movement/2) m away (GU-82, GU-84)."""
    actor: str
    x: int
    y: int


@action("gu.opportunity")
@dataclass(frozen=True, slots=True)
class Opportunity(Record):
    """An attack of opportunity on a creature leaving `actor`'s reach (GU-88/89): `strike` is a
    weapon or unarmed strike (never a kick), or "" to let it go."""
    actor: str
    target: str
    strike: str = ""
    weapon: str = ""


@action("gu.first")
@dataclass(frozen=True, slots=True)
class GoesFirst(Record):
    """Players settling a full initiative tie (GU-09, GU-GM-01): `actor` acts before the
    others still tied with it."""
    actor: str


@action("gu.activate")
@dataclass(frozen=True, slots=True)
class Activate(Record):
    """Activate the Gu `gu` (GU-42..46) at `target` (a creature, or "" for none or a square
    (x, y), or the user itself). The first activation spends the combat action."""
    actor: str
    gu: str
    target: str = ""
    x: int = -1
    y: int = -1


@action("gu.release")
@dataclass(frozen=True, slots=True)
class Release(Record):
    """Stop sustaining the [Sustained] Gu `gu` (GU-45); free on the own turn."""
    actor: str
    gu: str


@action("gu.stand")
@dataclass(frozen=True, slots=True)
class StandUp(Record):
    """Stand up from prone for ceil(Movement/2) m of movement (GU-151, GU-GM-28)."""
    actor: str


@action("gu.jump")
@dataclass(frozen=True, slots=True)
class Jump(Record):
    """Jump to (x, y): a standing jump 2 m forward, or a long jump after running at least 1 m
    in its direction; `up` > 0 is a jump straight up that many metres (GU-25..27)."""
    actor: str
    x: int
    y: int
    up: int = 0

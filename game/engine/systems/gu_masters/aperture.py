"""A Gu Master's own aperture on the map in gu_masters: absorbing primeval stones (GU-69/70,
GU-GM-33) and self-detonating its own Gu (GU-91), free on its own turn and as a reaction
outside it; the numbers are stones.py's and detonate.py's.

Owns: the action records, `legal` for the acting creature and `apply`; the detonation
answers at a reaction stage that is open anyway (`detonations`, added to reactions.EXTRAS at
import and offered by areagu's stage too: a React "detonate" naming the Gu, one reaction spent,
GU-79, and the blow still lands) and `detonate`, the one place a Gu is destroyed so.

Must not: hold those modules' numbers, or activate Gu (gu.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.actions import action
from game.engine.events import event
from game.engine.records import Record
from game.engine.rng import Rng
from game.engine.rules import Refusal
from game.engine.tactics import pending

from . import content, detonate, limbs, reactions, stones
from .actions import DETONATE, React
from .events import EssenceChanged
from .state import Creature, GuState


@action("gu.absorb")
@dataclass(frozen=True, slots=True)
class Absorb(Record):
    """Absorb `stones` primeval stones, one per free hand (GU-69/70): the combat action."""
    actor: str
    stones: int


@action("gu.detonate")
@dataclass(frozen=True, slots=True)
class Detonate(Record):
    """Self-detonate the own refined Gu `gu` (GU-91): free on the own turn."""
    actor: str
    gu: str


@event("gu.detonated")
@dataclass(frozen=True, slots=True)
class Detonated(Record):
    """`who` destroyed its own Gu `gu` (GU-91); its own detonation ability does not fire."""
    who: str
    gu: str


@event("gu.absorbed")
@dataclass(frozen=True, slots=True)
class Absorbed(Record):
    """`who` absorbed `stones` primeval stones (`left` still carried): +`gained` essence,
    `lost` over the maximum (GU-GM-33)."""
    who: str
    stones: int
    gained: int
    lost: int
    left: int


def free_hands(c: Creature) -> int:
    """Hands not holding a weapon (GU-69); broken hands count as not free."""
    lib = content.content()
    held = sum(lib.weapons[w].hands for w in c.weapons if w in lib.weapons)
    return max(0, limbs.usable_arms(c) - held)          # GU-X-13: a useless hand holds nothing


def legal(state: GuState, c: Creature) -> list:
    if pending.top(state.pending) is not None or not c.conscious:
        return []
    out: list = []
    t = state.turn
    if not t.action and c.condition == "up":
        for n in range(1, stones.absorb_limit(free_hands(c), c.stones) + 1):
            out.append(Absorb(c.id, n))
    lib = content.content()
    for gid in sorted(set(c.gu)):
        g = lib.gu.get(gid)
        if g is not None and detonate.refusal(c.conscious, True, g.refined, False) is None:
            out.append(Detonate(c.id, gid))
    return out


def apply(state: GuState, a: Any, rng: Rng) -> list:
    c = state.creatures[a.actor]
    if isinstance(a, Absorb):
        state.turn.action = True
        got = stones.absorb(c.essence, c.essence_max, a.stones)
        c.stones -= a.stones
        c.essence = got.after
        return [Absorbed(c.id, a.stones, got.gained, got.lost, c.stones),
                EssenceChanged(c.id, got.gained, c.essence, "primeval stones")]
    if isinstance(a, Detonate):
        return destroy(c, a.gu)
    raise AssertionError(f"not an aperture action: {a!r}")


def destroy(c: Creature, gid: str) -> list:
    """GU-91: the Gu simply dies (a kept-up one ends with it); nothing of it fires."""
    c.gu.remove(gid)
    if gid in c.sustained:
        c.sustained.remove(gid)
    return [Detonated(c.id, gid)]


def detonations(state: GuState, c: Creature, blow: dict[str, Any]) -> list:
    """GU-91: outside its own turn (GU-76), one answer per own refined Gu it may destroy."""
    if state.turn.actor == c.id and not state.over:
        return []
    lib = content.content()
    return [React(c.id, DETONATE, gid) for gid in sorted(set(c.gu))
            if gid in lib.gu and detonate.refusal(c.conscious, True, lib.gu[gid].refined,
                                                  False) is None]


def resolve_detonation(state: GuState, c: Creature, blow: dict[str, Any], action: React,
                       rng: Rng) -> tuple[list, bool]:
    """The reaction spent on destroying the Gu: the blow it answered still lands (GU-79)."""
    return destroy(c, action.gu), False


reactions.EXTRAS.append(detonations)
reactions.RESOLVERS[DETONATE] = resolve_detonation


def refusal(state: GuState, a: Any) -> Refusal | None:
    """The specific reason an Absorb or a detonation may not be made now (else None)."""
    c = state.creatures[a.actor]
    if isinstance(a, Absorb):
        most = stones.absorb_limit(free_hands(c), c.stones)
        if state.turn.action:
            return Refusal(f"{a.actor} has used its combat action", "GU-69")
        if not 1 <= a.stones <= most:
            return Refusal(f"{a.actor} can absorb 1 to {most} stones now (a free hand each, "
                           f"{c.stones} carried)", "GU-69")
        return None
    g = content.content().gu.get(a.gu)
    if a.gu not in c.gu or g is None:
        return Refusal(f"{a.actor} carries no Gu {a.gu!r}", "GU-91")
    why = detonate.refusal(c.conscious, True, g.refined, False)
    return Refusal(f"{a.actor}: {why[0]}", why[1]) if why else None

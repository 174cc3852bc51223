"""Limbs and injuries on creatures in the match: which arms, hands and legs a creature can use,
the weapons it holds in which hands, and an injury taking hold (GU-120..132, GU-X-13,
GU-GM-19/29).

Owns: limb names ("arm:1", "hand:2", "leg:3"; arm i carries hand i), `usable_arms` (an arm
whose arm and hand are both whole: it punches and holds), `held` (weapons take usable hands in
the order the creature lists them), and `take_injury`, which applies one `injuries.Injury`: an
unusable limb picked at random among the whole ones of its kind (GU-GM-19), a weapon held in a
hand that is now useless dropped (disarmed, GU-128; GU-129's unusable arm lets go too), 4 m of
movement per leg and none once every leg is out (GU-121/131, GU-GM-29), Bleeding, a status
(Blinded until the end of its next turn, Dazed, Fatigued, Burning), Cognition, and Brain
Damage's halved maximum soul.

Must not: hold the injury tables (injuries.py), decide whether an injury happens (attack.harm
and injuries.roll_injuries), or roll except on the Rng it is handed.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.engine.events import event
from game.engine.records import Record
from game.engine.rng import Rng

from . import content as C
from . import injuries, statuses, ticks
from .house import HOUSE
from .state import Creature, GuState, Status

LIMB_KINDS = ("arm", "hand", "leg")


@event("gu.injured")
@dataclass(frozen=True, slots=True)
class Injured(Record):
    """`who` took the injury `injury` (its `label`; GU-120..132); `limb` the limb it made
    unusable ("arm:1", ...) or ""; `dropped` the weapons it let go of (GU-128/129)."""

    who: str
    injury: str
    label: str
    limb: str = ""
    dropped: tuple[str, ...] = ()


def count(c: Creature, kind: str) -> int:
    """How many limbs of `kind` it has: arms from its record, hands and legs from its stat
    block (a creature with arms but no hands listed has a hand per arm)."""
    if kind == "arm":
        return c.arms
    entry = C.content().creatures.get(c.entry)
    if kind == "hand":
        return min(c.arms, entry.hands if entry is not None and entry.hands else c.arms)
    if kind == "leg":
        return entry.legs if entry is not None else 2
    raise ValueError(f"unknown limb kind {kind!r}; expected one of {LIMB_KINDS}")


def whole(c: Creature, kind: str) -> list[str]:
    """Its limbs of `kind` that are not out."""
    return [f"{kind}:{i}" for i in range(1, count(c, kind) + 1)
            if f"{kind}:{i}" not in c.limbs_out]


def usable_hands(c: Creature) -> list[int]:
    """The numbers of the arms whose arm and hand are both whole (GU-X-13: an unusable limb
    neither punches nor holds)."""
    hands = count(c, "hand")
    return [i for i in range(1, c.arms + 1)
            if f"arm:{i}" not in c.limbs_out and (i > hands or f"hand:{i}" not in c.limbs_out)]


def usable_arms(c: Creature) -> int:
    """GU-53/64: the arms it can punch with (GU-52: and hold weapons in)."""
    return len(usable_hands(c))


def held(c: Creature) -> dict[str, list[int]]:
    """Which usable hands hold each weapon: the weapons in its list order, each taking its
    content's hand count; a weapon with no room left is not held (it was let go)."""
    free = usable_hands(c)
    out: dict[str, list[int]] = {}
    for w in c.weapons:
        need = C.content().weapons[w].hands
        if need <= len(free):
            out[w], free = free[:need], free[need:]
    return out


def leg_count_out(c: Creature) -> int:
    return sum(1 for n in c.limbs_out if n.startswith("leg:"))


def take_injury(state: GuState, c: Creature, injury: injuries.Injury, rng: Rng, *,
                by: str = "") -> list:
    """Apply `injury` to `c` (see the module docstring); the events of what changed. `by`: the
    creature whose blow caused it, to whom its Bleeding's harm is counted."""
    limb = ""
    dropped: tuple[str, ...] = ()
    later: list = []
    if injury.limb is not None:
        before = held(c)
        got = injuries.pick_limb(rng, whole(c, injury.limb))          # GU-GM-19
        if got is not None:
            limb = got
            c.limbs_out.append(got)
            if injury.limb == "leg":                                   # GU-121/131
                legs = count(c, "leg")
                out = leg_count_out(c)
                c.movement = 0 if out >= legs else max(0, c.movement + injury.movement)
            else:                                                      # GU-128/129
                index = int(got.split(":")[1])
                dropped = tuple(w for w, hands in before.items() if index in hands)
                c.weapons = [w for w in c.weapons if w not in dropped]
    if injury.bleeding:
        later += ticks.give(state, c, Status("bleeding", injury.bleeding, source=injury.name,
                                                  by=by))
    if injury.status is not None:
        if injury.status_until == "end_of_next_turn":
            s = statuses.end_of_next_turn(
                injury.status, on_own_turn=state.turn.actor == c.id,
                tick_own_turn=bool(HOUSE.read(state, "tick_own_turn")))
            later += ticks.give(state, c, ticks.record(s))
        else:
            later += ticks.give(state, c, Status(injury.status, source=injury.name))
    if injury.cognition:                                               # GU-121/132
        c.attrs["Cognition"] = max(0, c.attrs.get("Cognition", 0) + injury.cognition)
    if injury.halve_max_soul:                                          # GU-132
        c.max_soul = injuries.brain_damage(c.max_soul)
        c.soul = min(c.soul, c.max_soul)
    c.injuries.append(injury.name)
    return [Injured(c.id, injury.name, injury.label, limb, dropped), *later]

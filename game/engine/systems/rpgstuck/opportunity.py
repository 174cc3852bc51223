"""RPGStuck opportunity attacks (B-26): the document has none; the table option
`opportunity_attacks` (off by default) adds them in the 5e manner.

Owns: who threatens a moving creature, where its move must pause, the stages that ask each
enemy it leaves, and what their answers do.
- A threat: an enemy that is up, has its reaction (B-11) and is not Dazed (B-16), perceives the
  mover, and has a ready melee attack abilitech that reaches it (heights.py: up and down too).
  Ours: an attack of one roll at one target, so no area, no pull, nothing with a cooldown or a
  limited use (those are spent on the creature's own turn).
- A creature's own movement provokes when a step takes it out of such a reach: a walk (a
  ridden mount's walk carries its rider out too: both may provoke), a flight up or down, and a
  long jump (RS-107 pays a jump from movement like any other: it is movement). The move stops
  on its last square inside the reach (a jump before it takes off); each enemy left behind gets
  an `opportunity` stage (the first in initiative order answers first) over a `walk_on` stage
  that carries the move on once they are answered (rules.py).
- An answer names one of the attacks the stage offers (one attack roll, attack.py's pipeline,
  paid with the reaction) or none; either way that enemy is passed for the rest of the move.

Our readings: a Shift (B-12's 5 ft step that uses no speed) provokes nothing, playing the part
of 5e's Disengage; being pushed, pulled, dragged, hauled, carried or teleporting does not
provoke (5e's forced movement and teleports). A leap is judged from take-off to the square
it aims at: an enemy whose reach it only crosses in the air is not asked. A hidden enemy may still attack, and is found by it (attack.py).

Must not: roll (attack.py rolls the attack), move anyone (rules.py walks and flies), or decide
the move's legality (rules.py, flight.py).
"""
from __future__ import annotations

from typing import Any

from game.engine.tactics import pending
from game.engine.tactics.pending import Pending

from . import area, arith, heights, house
from .actions import Opportunity
from .profiles import is_attack, profile
from .state import Creature, RpgState

STAGE = "opportunity"          # an enemy the mover left may attack it (B-26)
WALK_STAGE = "walk_on"         # beneath the opportunity stages: the move goes on after them

Spot = tuple[int, int, int]    # x, y, altitude of one mover after one step
Owed = dict[str, tuple[str, list[str]]]   # enemy id -> (the mover it may hit, its attacks)


def on(state: RpgState) -> bool:
    return bool(house.read(state, "opportunity_attacks"))


def attacks_of(state: RpgState, o: Creature) -> list[str]:
    """The melee attacks `o` could make as an opportunity attack (ours: one roll, one target,
    ready, no cooldown and no limited use)."""
    out = []
    for a in o.actions:
        if not is_attack(state, a) or area.is_area(state, a):
            continue
        p = profile(state, o, a)
        if not p.melee or not p.damage or p.cooldown or p.uses \
                or p.entry.on_hit.pull_together_ft or o.ready_round.get(a, 0) > state.round:
            continue
        out.append(a)
    return out


def may_react(o: Creature) -> bool:
    """B-11 one reaction a round, B-16 Daze takes reactions away."""
    return o.up and o.reaction and not o.has("daze")


def reaching(state: RpgState, o: Creature, d: Creature) -> list[str]:
    """The opportunity attacks `o` has that reach `d` where both are now (and `o` sees it)."""
    if not may_react(o) or not d.up or not arith.sees_creature(state, o, d, (d.x, d.y)):
        return []
    apart = heights.distance(state, o, d)
    return [a for a in attacks_of(state, o) if apart <= profile(state, o, a).reach]


def _threats(state: RpgState, movers: list[Creature], passed: set[str]
             ) -> dict[tuple[str, str], list[str]]:
    out: dict[tuple[str, str], list[str]] = {}
    for d in movers:
        for o in state.standing():
            if o.side != d.side and o.id not in passed:
                got = reaching(state, o, d)
                if got:
                    out[(o.id, d.id)] = got
    return out


def pause_point(state: RpgState, movers: list[Creature], spots: list[dict[str, Spot]],
                passed: set[str]) -> tuple[int, Owed]:
    """How many of the steps (`spots[i]`: where each mover is after step i) a move may take
    before its first step out of an enemy's reach, and the enemies that step leaves (in
    initiative order, each once); all of them and {} when no step provokes."""
    if not on(state) or not spots:
        return len(spots), {}
    saved = {c.id: (c.x, c.y, c.altitude) for c in movers}
    rank = {cid: n for n, cid in enumerate(state.order)}
    try:
        before = _threats(state, movers, passed)
        for i, spot in enumerate(spots):
            for c in movers:
                c.x, c.y, c.altitude = spot[c.id]
            now = _threats(state, movers, passed)
            left = sorted((k for k in before if k not in now),
                          key=lambda k: (rank.get(k[0], len(rank)), k[0], k[1]))
            if left:
                owed: Owed = {}
                for oid, did in left:
                    owed.setdefault(oid, (did, before[(oid, did)]))
                return i, owed
            before = now
    finally:
        for c in movers:
            c.x, c.y, c.altitude = saved[c.id]
    return len(spots), {}


def provoke(state: RpgState, owed: Owed, walk: dict[str, Any], mover: Creature) -> None:
    """Push the move's `walk_on` stage (its data: what to carry on) and over it one stage per
    enemy owed, the first in initiative order on top."""
    pending.push(state.pending, Pending(WALK_STAGE, mover.side, mover.id, walk))
    for oid in reversed(list(owed)):
        o = state.creatures[oid]
        target, attacks = owed[oid]
        pending.push(state.pending, Pending(STAGE, o.side, o.id, {"target": target,
                                                                  "attacks": list(attacks)}))


def stage_choices(state: RpgState, stage: Pending) -> list[Opportunity]:
    o = state.creatures[stage.actor]
    d = state.creatures[stage.data["target"]]
    ready = set(reaching(state, o, d))
    return [Opportunity(o.id, d.id, a) for a in stage.data["attacks"] if a in ready] + \
        [Opportunity(o.id, d.id, "")]


def passed_on(state: RpgState, oid: str) -> None:
    """The enemy answered: the move does not ask it again (its `walk_on` stage keeps the list)."""
    for s in reversed(state.pending):
        if s.stage == WALK_STAGE:
            s.data.setdefault("passed", []).append(oid)
            return


def aim_at(state: RpgState, d: Creature) -> tuple[int, int]:
    """A square of `d` that names it (a rider shares its mount's corner: RpgState.at)."""
    return next(k for k in d.cells() if state.at(*k) is d)

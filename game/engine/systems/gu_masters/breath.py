"""Going under water and holding one's breath in gu_masters (GU-40, GU-138, GU-144).

The document gives the span (floor(Fortitude/10) minutes, six turns a minute) and what happens
when it runs out (unconscious; the same span again and it dies), and that being submerged puts
out Burning and Ablaze. It never says how a creature gets under water. Our reading, as a battle
plays it:
- Every water square of our maps (pool, deep channel, waterfall) is deep enough to go under.
  A creature in water swims at the surface and breathes (the water only slows it, GU-39).
- `Submerge` (free, on its own turn: the document prices nothing) takes a conscious creature
  that can move (not in a final stand, not held) and stands in water (every square of its
  footprint, on the surface, not in the air) under: its Burning and Ablaze go out at once.
  `Surface` (free, never refused to a conscious creature) brings it up. A creature under
  water that moves onto dry ground or into the air comes up by that move.
- At the end of each of its turns spent under water it has gone one turn without air
  (`breath_out`); it counts for an unconscious or dying one too, whose turn passes at once. At
  the span it falls unconscious (the Unconscious status, source "breath"), and at twice the
  span it dies (falling.breath_state). An aquatic creature breathes water and never counts.
- The moment it is out of the water (it surfaces, or is carried out) it breathes: the count
  starts again from 0 and the Unconscious of breath ends. An unconscious creature cannot
  surface by itself: a friend must carry it out (GU-65).

Owns: the `Submerge` / `Surface` actions (listing, refusal, apply), `under_water`, `left`,
`settle` (run after every action) and `end_of_turn` (turns.py calls it), and the `gu.breath`
event. Must not: hold the span's arithmetic (falling.py) or a status's rules (statuses.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.actions import action
from game.engine.events import event
from game.engine.records import Record
from game.engine.rng import Rng
from game.engine.rules import Refusal

from . import content as C
from . import falling, gu, moves, ticks
from .state import Creature, GuState, Status
from .terrain import ground_of

BREATH = "breath"                    # the source of the Unconscious it causes


@action("gu.submerge")
@dataclass(frozen=True, slots=True)
class Submerge(Record):
    """Go under the water it stands in (our reading of GU-40/138/144): free."""
    actor: str


@action("gu.surface")
@dataclass(frozen=True, slots=True)
class Surface(Record):
    """Come up for air: free."""
    actor: str


@event("gu.breath")
@dataclass(frozen=True, slots=True)
class Breath(Record):
    """`who`'s breath changed: `what` is "under" (it went under), "up" (it is out of the
    water and breathes), "held" (a turn ended under water), "out" (its breath ran out: it falls
    unconscious) or "drowned" (it died for want of air). `out` is its turns without air now,
    `span` how many it can hold (GU-40)."""

    who: str
    what: str
    out: int = 0
    span: int = 0


def span(c: Creature) -> int:
    """GU-40: the turns it can hold its breath (Fortitude with what its Gu add)."""
    return falling.breath_turns(gu.attribute(c, "Fortitude"))


def aquatic(c: Creature) -> bool:
    entry = C.content().creatures.get(c.entry)
    return bool(entry is not None and entry.aquatic)


def in_water(state: GuState, c: Creature) -> bool:
    """Standing in water at the surface: every square of its footprint is water, on the
    ground (not flying over it)."""
    ground = ground_of(state.board)
    return c.altitude == 0 and all(ground.in_bounds(p) and ground.is_water(p)
                                   for p in c.cells())


def under_water(state: GuState, c: Creature) -> bool:
    return c.under and c.on_board and in_water(state, c)


def left(c: Creature) -> int:
    """Turns of breath left before it falls unconscious (0 once it has); past that, the turns
    left before it drowns are `span(c) * 2 - c.breath_out`."""
    return max(0, span(c) - c.breath_out)


def legal(state: GuState, c: Creature) -> list:
    if not c.conscious:
        return []
    if c.under:
        return [Surface(c.id)]
    if in_water(state, c) and moves.can_move(c):       # going under is a move (GU-110)
        return [Submerge(c.id)]
    return []


def refusal(state: GuState, a: Any) -> Refusal | None:
    c = state.creatures[a.actor]
    if isinstance(a, Submerge):
        if c.under:
            return Refusal(f"{a.actor} is already under water", "GU-40")
        if not in_water(state, c):
            return Refusal(f"{a.actor} is not standing in water", "GU-40")
        if not moves.can_move(c):
            return Refusal(f"{a.actor} cannot move, so it cannot go under", "GU-110")
    if isinstance(a, Surface) and not c.under:
        return Refusal(f"{a.actor} is not under water", "GU-40")
    return None


def apply(state: GuState, a: Any, rng: Rng) -> list:
    c = state.creatures[a.actor]
    if isinstance(a, Submerge):
        c.under = True
        # GU-138, GU-144: water puts out Ablaze and Burning
        return [Breath(c.id, "under", c.breath_out, span(c))] + ticks.submerged(c)
    return _breathe(c)


def _breathe(c: Creature) -> list:
    """Out of the water: it breathes, its count starts again and breath's Unconscious ends."""
    c.under = False
    c.breath_out = 0
    return [Breath(c.id, "up", 0, span(c))] + ticks.lose(c, "unconscious", BREATH)


def settle(state: GuState) -> list:
    """After every action: a creature flagged under water that is no longer in water (it
    walked out, flew up, was carried or thrown out) breathes again."""
    events: list = []
    for c in state.living():
        if c.under and not in_water(state, c):
            events += _breathe(c)
    return events


def end_of_turn(state: GuState, c: Creature) -> list:
    """GU-40: one more turn without air for a creature ending its turn under water; at the
    span it falls unconscious, at twice the span it dies."""
    if c.under and not in_water(state, c):
        return _breathe(c)                           # moved out by some means: air
    if not c.under or aquatic(c):
        return []
    from .attack import set_condition
    c.breath_out += 1
    n = span(c)
    now = falling.breath_state(gu.attribute(c, "Fortitude"), c.breath_out)
    if now == "dead":
        return [Breath(c.id, "drowned", c.breath_out, n)] + set_condition(state, c, "dead",
                                                                          BREATH)
    if now == "unconscious" and not any(s.id == "unconscious" and s.source == BREATH
                                        for s in c.statuses):
        return [Breath(c.id, "out", c.breath_out, n)] + ticks.give(
            state, c, Status("unconscious", source=BREATH))
    return [Breath(c.id, "held", c.breath_out, n)]

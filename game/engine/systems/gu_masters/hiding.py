"""Hiding in gu_masters (GU-13, GU-GM-04): going unseen, being noticed, and who may aim at a
hidden creature.

The document has no stealth skill: a creature goes unseen with a concealment Gu, or by sneaking,
and a watcher notices it with an Awareness test whose modifier the game master sets (GU-13).
Our reading, as a battle plays it:
- `Hide` is a combat action, made on a place to hide (the map's undergrowth and reeds, the
  `hide` tile property) or anywhere while a concealment Gu is kept up. Every conscious enemy
  that can see (GU-142) tests Awareness at once; the test takes the concealment Gu's penalty,
  or without one the table's modifier against a sneaker (GU-GM-04, default 0). Any success
  spots it; else it is hidden.
- A hidden creature is not shown to the other side (view.py) and no enemy may aim a strike or
  a Gu at it. Its side's view and its own turn are unchanged.
- It is found again when it does anything but move, stand up, end its turn or answer a stage
  (a strike, a Gu, a grapple: any deed gives it away), when it takes damage, when it is out of
  the fight, or when a move ends where it has no place to hide and no concealment Gu.

Owns: the `Hide` action (listing, refusal, apply), `unseen(by, c)`, `reveal`, `settle` (run
after every action) and the `Hid` / `Revealed` events. Must not: draw or redact anything
(view.py) or roll except on the Rng it is handed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.actions import EndTurn, action
from game.engine.events import event
from game.engine.records import Record
from game.engine.rng import Rng
from game.engine.rules import Refusal

from . import gu, statuses, terrain, ticks
from .actions import Move, StandUp
from .house import HOUSE
from .state import Creature, GuState

AWARENESS = "Awareness"


@action("gu.hide")
@dataclass(frozen=True, slots=True)
class Hide(Record):
    """Go unseen (GU-13): the combat action; every enemy that can see tests Awareness."""
    actor: str


@event("gu.hid")
@dataclass(frozen=True, slots=True)
class Hid(Record):
    """`who` tried to hide: `hidden` whether it is now unseen, `spotted_by` the enemies whose
    Awareness noticed it."""

    who: str
    hidden: bool
    spotted_by: tuple[str, ...] = ()


@event("gu.revealed")
@dataclass(frozen=True, slots=True)
class Revealed(Record):
    """`who` is seen again at (x, y), and why. It reveals what was hidden (no undo past it)."""

    who: str
    x: int
    y: int
    why: str = ""
    reveals: bool = True


def unseen(by: Creature, c: Creature) -> bool:
    """Whether `by` cannot see `c` to aim at it: `c` is a hidden enemy (GU-13)."""
    return c.hidden and c.side != by.side


def _on_hiding_place(state: GuState, c: Creature) -> bool:
    ground = terrain.ground_of(state.board)
    return any(ground.in_bounds(p) and ground.hides(p) for p in c.cells())


def may_hide_here(state: GuState, c: Creature) -> bool:
    """A place to hide under it, or a concealment Gu kept up (GU-13)."""
    return gu.concealment(c) > 0 or _on_hiding_place(state, c)


def watchers(state: GuState, c: Creature) -> list[Creature]:
    """The enemies that may notice it: conscious and not blind (GU-142)."""
    return [o for o in state.living() if o.side != c.side and o.conscious
            and statuses.can_see(ticks.carried(o))]


def awareness_mod(state: GuState, c: Creature) -> tuple[str, int]:
    """GU-13: a concealment Gu's penalty; without one, the table's modifier (GU-GM-04)."""
    concealed = gu.concealment(c)
    if concealed:
        return ("concealment Gu", concealed)
    return ("sneaking", int(HOUSE.read(state, "sneak_awareness_mod")))


def legal(state: GuState, c: Creature) -> list:
    if state.turn.action or c.hidden or not c.conscious or c.condition != "up" \
            or not may_hide_here(state, c):
        return []
    return [Hide(c.id)]


def refusal(state: GuState, a: Any) -> Refusal | None:
    c = state.creatures[a.actor]
    if c.hidden:
        return Refusal(f"{a.actor} is already hidden", "GU-13")
    if not may_hide_here(state, c):
        return Refusal(f"{a.actor} has no place to hide here and no concealment Gu", "GU-13")
    if state.turn.action:
        return Refusal(f"{a.actor} has used its combat action this turn", "GU-18")
    return None


def apply(state: GuState, a: Hide, rng: Rng) -> list:
    """Every watcher tests Awareness (GU-13, GU-GM-04); unseen by all, it is hidden, and the
    other side remembers it where it hid."""
    from .turns import roll, test_event
    c = state.creatures[a.actor]
    state.turn.action = True
    mod = awareness_mod(state, c)
    events: list = []
    spotted: list[str] = []
    for w in watchers(state, c):
        mods = (mod,) if mod[1] else ()
        t = roll(state, rng, w.skills.get(AWARENESS, 0), mods, purpose="notice")
        events.append(test_event(w.id, AWARENESS, f"notice {c.id}", t))
        if t.success:
            spotted.append(w.id)
    c.hidden = not spotted
    if c.hidden:
        c.seen_at = {str(s): [c.x, c.y] for s in (0, 1) if s != c.side}
    return events + [Hid(c.id, c.hidden, tuple(spotted))]


def reveal(c: Creature, why: str) -> list:
    if not c.hidden:
        return []
    c.hidden = False
    return [Revealed(c.id, c.x, c.y, why)]


_QUIET: tuple[type, ...] = (Hide, EndTurn, Move, StandUp)


def settle(state: GuState, done: Any) -> list:
    """After every action: a hidden creature that did anything but move, stand up, hide or end
    its turn on its own turn is found; so is any hidden creature out of the fight or left with
    nowhere to hide (GU-13, our reading)."""
    events: list = []
    who = getattr(done, "actor", None)
    for c in state.living():
        if not c.hidden:
            continue
        if c.id == who and state.turn.actor == c.id and not isinstance(done, _QUIET):
            events += reveal(c, "it acted")
        elif not c.conscious:
            events += reveal(c, "it is out of the fight")
        elif not may_hide_here(state, c):
            events += reveal(c, "nowhere to hide")
    return events

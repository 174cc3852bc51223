"""Statuses on creatures in the match: giving one, the damage they deal as the bearer's turn
starts in the order the bearer chooses (GU-16), Ablaze's end-of-turn test (GU-136), and the
end-of-turn ticking and endings (GU-17, GU-145, GU-154, GU-GM-09/10/11).

Owns: the bridge between the state's `Status` records and statuses.py's pure `Status` (`pure`,
`record`), `give` (every status a creature gains goes through statuses.apply: stacking,
refreshing, immunity, Ablaze over Burning), `start_effects` with its pending stage
`turn_effects` and the answer `OrderEffect`, `end_effects`, `healed` and `sync_awake` (a
creature is unconscious while it carries the Unconscious status, GU-X-13).

The order of start-of-turn effects (GU-16): a creature of a human seat with two or more is
asked, one effect at a time; a creature of a computer seat, or one that is unconscious, takes
them in the order it gained them (the checklist gives no default; ours). End-of-turn effects
are not asked: the ticks of durations do not depend on their order, the two tests (dying
tokens, Ablaze) cannot both apply (a dying creature is unconscious already), and the one order
that matters, Stunned turning to Dazed, is fixed by GU-GM-10.

Must not: hold a status's numbers (statuses.py) or damage arithmetic (attack.harm, damage.py),
or roll except on the Rng it is handed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.actions import action
from game.engine.records import Record
from game.engine.rng import Rng
from game.engine.tactics import pending
from game.engine.tactics.pending import Pending

from . import content as C
from . import statuses
from .events import StatusChanged
from .house import HOUSE
from .state import Creature, GuState, Status

EFFECTS_STAGE = "turn_effects"       # the bearer picks which start-of-turn effect comes next


@action("gu.order_effect")
@dataclass(frozen=True, slots=True)
class OrderEffect(Record):
    """GU-16: the start-of-turn effect `effect` (a status id, or a poison's source) resolves
    next."""
    actor: str
    effect: str


# --- the bridge -------------------------------------------------------------------------------

def pure(s: Status) -> statuses.Status:
    """statuses.py's record of a state Status: Bleeding's value is its stacks, a poison's its
    damage a turn; turns -1 (until removed) is None there, rank 0 (natural) None."""
    return statuses.Status(s.id, stacks=s.value if s.id == "bleeding" else 1,
                           rank=s.rank or None, turns=s.turns if s.turns > 0 else None,
                           source=s.source, amount=s.value if s.id == "poisoned" else 0,
                           fresh=s.fresh, by=s.by)


def record(p: statuses.Status) -> Status:
    """The state's record of a statuses.py Status (the inverse of `pure`)."""
    value = p.stacks if p.name == "bleeding" else p.amount if p.name == "poisoned" else 0
    return Status(p.name, value, p.turns if p.turns is not None else -1, p.source, p.rank or 0,
                  p.fresh, p.by)


def carried(c: Creature) -> tuple[statuses.Status, ...]:
    return tuple(pure(s) for s in c.statuses)


def _key(s: Status) -> tuple[str, str]:
    return (s.id, s.source if s.id == "poisoned" else "")


def _replace(c: Creature, new: list[Status]) -> list:
    """Put `new` on the creature; a StatusChanged for each status gained, changed or lost."""
    before = {_key(s): s for s in c.statuses}
    after = {_key(s): s for s in new}
    c.statuses = new
    events: list = []
    for k, s in after.items():
        old = before.get(k)
        if old is None or (old.value, old.turns) != (s.value, s.turns):
            events.append(StatusChanged(c.id, s.id, True, s.value, s.turns))
    events += [StatusChanged(c.id, s.id, False) for k, s in before.items() if k not in after]
    sync_awake(c)
    return events


def sync_awake(c: Creature) -> None:
    """GU-X-13: unconscious while dying or dead, or while it carries the Unconscious status
    (Ablaze, GU-136)."""
    c.unconscious = c.condition in ("dying", "dead") or c.has("unconscious")


def immune(c: Creature) -> tuple[str, ...]:
    """GU-108: the statuses its stat block is immune to."""
    entry = C.content().creatures.get(c.entry)
    return tuple(entry.immune) if entry is not None else ()


def give(state: GuState | None, c: Creature, s: Status) -> list:
    """`c` gains `s` through statuses.apply (GU-108, GU-134, GU-140, GU-GM-45). Gained during
    its own turn it is marked fresh, for GU-GM-09."""
    fresh = state is not None and state.turn.actor == c.id
    new = pure(s)
    got = statuses.apply(carried(c), statuses.Status(
        new.name, new.stacks, new.rank, new.turns, new.source, new.amount, fresh, new.by),
        immune=immune(c))
    if not got.took:
        return []
    return _replace(c, [record(p) for p in got.statuses])


def submerged(c: Creature) -> list:
    """It went under water: Ablaze and Burning go out (GU-138, GU-144)."""
    return _replace(c, [record(p) for p in statuses.submerged(carried(c))])


def lose(c: Creature, sid: str, source: str) -> list:
    """The status `sid` that `source` gave it ends (breath's Unconscious, once it breathes)."""
    if not any(s.id == sid and s.source == source for s in c.statuses):
        return []
    return _replace(c, [s for s in c.statuses if not (s.id == sid and s.source == source)])


def healed(c: Creature, gained: int) -> list:
    """HP regained: one Bleeding stack off per point (GU-141) and an unconscious creature wakes
    (GU-X-13, GU-GM-11)."""
    return _replace(c, [record(p) for p in statuses.healed(carried(c), gained)])


# --- the start of the turn (GU-16, GU-135, GU-139, GU-143, GU-148) ----------------------------

def _hits(c: Creature) -> dict[str, Any]:
    """The damage its statuses deal now, by the effect's name (status id or poison source)."""
    return {h.source: h for h in statuses.start_of_turn(carried(c))}


def _credited(c: Creature, effect: str) -> str:
    """The creature the start-of-turn effect `effect` (a status id, or a poison's source, as
    `_hits` names them) is counted to: the `by` of the status dealing it."""
    for s in c.statuses:
        if s.id == effect or (s.id == "poisoned" and (s.source or "poison") == effect):
            return s.by
    return ""


def start_effects(state: GuState, c: Creature, rng: Rng) -> list:
    """The start-of-turn damage of its statuses; with two or more, a creature of a human seat
    that is awake chooses the order (stage `turn_effects`)."""
    hits = _hits(c)
    if len(hits) > 1 and c.pc and c.conscious:
        pending.push(state.pending, Pending(EFFECTS_STAGE, c.side, c.id, {"left": list(hits)}))
        return []
    return _run(state, c, list(hits), rng)


def _run(state: GuState, c: Creature, order: list[str], rng: Rng) -> list:
    from .attack import harm
    events: list = []
    for name in order:
        h = _hits(c).get(name)
        if h is None or not c.on_board:
            continue                 # gone meanwhile (or the bearer died)
        before = c.hp
        events += harm(state, c, h.amount, h.type, h.source, rng, direct=h.direct,
                       rank=h.rank, reducible=h.reducible, by=_credited(c, name))
        if name == "ablaze" and c.hp < before:
            state.turn.ablaze = True                         # GU-136: a test at the turn's end
    return events


def stage_legal(state: GuState, stage: Pending) -> list:
    return [OrderEffect(stage.actor or "", e) for e in stage.data["left"]]


def stage_apply(state: GuState, action_: OrderEffect, rng: Rng) -> list:
    """The chosen effect resolves; the bearer picks again while two or more are left (the last
    one needs no choice; one knocked out takes the rest in order)."""
    stage = pending.pop(state.pending, EFFECTS_STAGE)
    c = state.creatures[action_.actor]
    left = [e for e in stage.data["left"] if e != action_.effect]
    events = _run(state, c, [action_.effect], rng)
    if len(left) > 1 and c.conscious and c.on_board and not state.over:
        pending.push(state.pending, Pending(EFFECTS_STAGE, c.side, c.id, {"left": left}))
        return events
    return events + _run(state, c, left, rng)


# --- the end of the turn (GU-17, GU-136, GU-145, GU-154) ------------------------------------

def end_effects(state: GuState, c: Creature, rng: Rng) -> list:
    """As its turn ends: Ablaze's Perseverance test if Ablaze took HP this turn (GU-136; a
    failure knocks it out for as long as GU-GM-11 says), then every duration ticks and the
    statuses that end with the turn end (statuses.end_of_turn, GU-GM-09/10)."""
    from .turns import roll, test_event
    events: list = []
    if state.turn.actor == c.id and state.turn.ablaze and c.conscious:
        t = roll(state, rng, c.attrs.get("Perseverance", 0), purpose="ablaze")
        events.append(test_event(c.id, "Perseverance", "ablaze", t))
        if not t.success:
            if HOUSE.read(state, "ablaze_sleep") == "one_turn":
                out = statuses.end_of_next_turn(
                    "unconscious", on_own_turn=True,
                    tick_own_turn=bool(HOUSE.read(state, "tick_own_turn")))
                events += give(state, c, record(out))
            else:
                events += give(state, c, Status("unconscious", source="ablaze"))
    ticked = statuses.end_of_turn(carried(c),
                                  tick_own_turn=bool(HOUSE.read(state, "tick_own_turn")))
    return events + _replace(c, [record(p) for p in ticked])

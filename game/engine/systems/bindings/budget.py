"""Bindings action budget: what a combatant may still start this round, one slot per turn,
action reduction by talents, and cooldowns.

Owns: BND-31..40 (Full | Standard + Move | Move + Move per round, plus two Swifts; one started
action per turn, a Swift modifier without a slot), BND-39 reduction (Full > Standard > Move >
Swift > Free, talents once per round), BND-101/102 cooldowns, and what an unspent budget buys at
the end of the round (BND-27/28). combat.py and movement.py call these before starting anything.

Must not: start actions, roll dice or emit anything but the records named here.
"""
from __future__ import annotations

from typing import Any

from . import events as ev
from .content import content_of
from .state import ACTION_TYPES, BindingsState, Combatant

SWIFT_CAP = 2                                     # BND-37


def reduce_step(cost: str) -> str:
    """One step down the chain (BND-39); Free stays Free (BND-T-28)."""
    i = ACTION_TYPES.index(cost)
    return ACTION_TYPES[min(i + 1, len(ACTION_TYPES) - 1)]


def can_afford(state: BindingsState, c: Combatant, cost: str) -> bool:
    """Whether `cost` still fits this round's budget (BND-36/37)."""
    if cost == "free":
        return True
    if cost == "swift":
        return c.swifts < SWIFT_CAP
    spent = c.spent
    if cost == "full":
        return not spent                           # BND-31: the whole non-Swift budget
    if cost == "standard":
        return spent in ([], ["move"])             # {Standard + Move}, either order
    if cost == "move":
        return spent in ([], ["standard"], ["move"])
    raise ValueError(f"unknown action type {cost!r}")


def slot_free(state: BindingsState, c: Combatant) -> bool:
    """BND-07: the combatant has not started an action in this segment yet."""
    return c.slot_tick < state.tick


def spend(state: BindingsState, c: Combatant, cost: str, slot: bool = True) -> None:
    """Record `cost` as spent; `slot` marks this segment's slot as used (BND-07; a Swift
    modifier spends no slot, BND-35). The caller has checked can_afford."""
    if cost == "swift":
        c.swifts += 1
    elif cost != "free":
        c.spent.append(cost)
    if slot:
        c.slot_tick = max(c.slot_tick, state.tick)


def reduction_talent(state: BindingsState, c: Combatant, move_id: str) -> str | None:
    """A talent of `c` that lowers `move_id` one step and is still unused this round (BND-39)."""
    talents = content_of(state).talents
    for tid in c.talents:
        t = talents.get(tid)
        if t is not None and t.reduces == move_id and c.reductions.get(tid, 0) < t.per_round:
            return tid
    return None


def use_reduction(state: BindingsState, c: Combatant, talent_id: str) -> None:
    """Count one use of the talent this round (turns.py clears the counts with the budget)."""
    c.reductions[talent_id] = c.reductions.get(talent_id, 0) + 1


def move_cost(state: BindingsState, c: Combatant, move_id: str, reduce: bool = False) -> str:
    """The action type `move_id` takes, one step lower when `reduce` and a talent allows it."""
    cost = content_of(state).moves[move_id].action
    if reduce and reduction_talent(state, c, move_id) is not None:
        cost = reduce_step(cost)
    return cost


def cooldown_ready(state: BindingsState, c: Combatant, move_id: str) -> bool:
    """BND-101/102: used in round r with cooldown C -> usable again from round r + C + 1; a move
    without a cooldown is always ready."""
    m = content_of(state).moves.get(move_id)
    cd = m.cooldown if m is not None else 0
    if cd <= 0 or move_id not in c.cooldowns:
        return True
    return state.round >= c.cooldowns[move_id] + cd + 1


def ready_round(state: BindingsState, c: Combatant, move_id: str) -> int:
    """The first round `move_id` may be used again (the current round when it is ready)."""
    cd = content_of(state).moves[move_id].cooldown
    if cd <= 0 or move_id not in c.cooldowns:
        return state.round
    return max(state.round, c.cooldowns[move_id] + cd + 1)


def start_cooldown(state: BindingsState, c: Combatant, move_id: str) -> list:
    """Note that `move_id` was used now; an event when it has a cooldown (BND-101)."""
    cd = content_of(state).moves[move_id].cooldown
    if cd <= 0:
        return []
    c.cooldowns[move_id] = state.round
    return [ev.CooldownStarted(c.id, move_id, state.round + cd + 1)]


def unused_ranks(c: Combatant) -> int:
    """What the unspent budget buys at the end of the round (BND-27/28): 2 ranks when no
    non-Swift action was spent (a whole Full, or Standard + Move), 1 when a Standard is still
    left (only a Move was spent), else 0."""
    if not c.spent:
        return 2
    if c.spent == ["move"]:
        return 1
    return 0


def remaining(c: Combatant) -> dict[str, Any]:
    """A summary for the client's timeline: which non-Swift combinations are still open and
    how many Swifts are left."""
    options = []
    if not c.spent:
        options = ["full", "standard+move", "move+move"]
    elif c.spent == ["move"]:
        options = ["standard", "move"]
    elif c.spent == ["standard"]:
        options = ["move"]
    return {"options": options, "swifts": SWIFT_CAP - c.swifts}


def describe(cost: str) -> str:
    return {"full": "Full", "standard": "Standard", "move": "Move", "swift": "Swift",
            "free": "Free"}[cost]

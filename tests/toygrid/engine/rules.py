"""toy_grid rules: what is legal, why anything else is refused, and what an action does.

Owns: `reach` (TG-03), `legal_actions`, `validate` (the specific reason and rule ID first, then
exactly what legal_actions lists), `apply`, and `hit_odds` for forecasts and the bot.

Must not: import pygame or the client, or roll dice except on the Rng it is handed.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from game.engine.actions import Concede, EndTurn
from game.engine.boards.square import chebyshev
from game.engine.dice import roll
from game.engine.events import DiceRolled, MatchEnded, TurnEnded, TurnStarted
from game.engine.rng import Rng
from game.engine.rules import IllegalAction, Refusal, refuse_unlisted
from game.engine.tactics import odds, pending
from game.engine.tactics.pending import Pending
from game.engine.tactics.reach import square_reach

from .actions import Attack, Move, Parry
from .content import SETS
from .events import Fell, Moved, Parried, Struck, Wounded
from .house import HOUSE
from .state import ToyGridState

HIT_ON = 4          # TG-04: a d6 of 4 or more hits
LAST_ROUND = 20     # TG-07: after this round the side with more hit points left wins


def reach(state: ToyGridState, uid: str) -> dict[tuple[int, int], tuple[float, list]]:
    """TG-03: cells the soldier can walk to this turn, every second diagonal costing 2, never
    through walls or other soldiers; each with its cost and path."""
    u, board = state.units[uid], state.board

    def enter(_a: tuple[int, int], b: tuple[int, int]) -> bool:
        return (board.in_bounds(*b) and not board.prop(*b, "solid", False)
                and state.unit_at(*b) is None)
    return square_reach((u.x, u.y), SETS.get().get("soldier").move, enter, diagonals=(1, 2))


def hit_odds(state: ToyGridState) -> Fraction:
    """The chance one attack wounds a defender who parries (TG-04, TG-05), exact."""
    d6 = odds.dice(1)
    return odds.p_above(d6, HIT_ON, ties=True) * (1 - odds.p_above(
        d6, HOUSE.read(state, "parry_on"), ties=True))


def legal_actions(state: ToyGridState) -> list:
    if state.over:
        return []
    stage = pending.top(state.pending)
    if stage is not None:
        return [Parry(stage.actor, True), Parry(stage.actor, False), Concede(stage.seat)]
    uid = state.acting
    me = state.units[uid]
    out: list = []
    if not state.moved:
        out += [Move(uid, x, y) for (x, y) in sorted(reach(state, uid))]
    if not state.attacked:
        out += [Attack(uid, u.id) for u in state.standing(1 - me.side)
                if chebyshev((me.x, me.y), (u.x, u.y)) == 1]
    return out + [EndTurn(), Concede(me.side)]


def deciding_seat(state: ToyGridState) -> int:
    stage = pending.top(state.pending)
    return stage.seat if stage is not None else state.units[state.acting].side


def validate(state: ToyGridState, action: Any) -> Refusal | None:
    if state.over:
        return Refusal("the match is over")
    stage = pending.top(state.pending)
    uid = getattr(action, "unit", None)
    if isinstance(action, Concede) and action.seat != deciding_seat(state):
        return Refusal(f"only seat {deciding_seat(state) + 1}, who is deciding, may concede")
    if uid is not None and uid not in state.units:
        return Refusal(f"there is no soldier {uid!r}", "TG-01")
    if stage is not None and not isinstance(action, (Parry, Concede)):
        return Refusal(f"{stage.actor} must first choose whether to parry", "TG-05")
    if isinstance(action, Parry):
        if stage is None or uid != stage.actor:
            return Refusal(f"{uid} has no hit to parry now", "TG-05")
    elif uid is not None and uid != state.acting:
        return Refusal(f"it is {state.acting}'s turn, not {uid}'s", "TG-02")
    if isinstance(action, Move):
        if state.moved:
            return Refusal(f"{uid} has already moved this turn", "TG-03")
        if (action.x, action.y) not in reach(state, uid):
            return Refusal(f"{action.x},{action.y} is out of {uid}'s reach", "TG-03")
    if isinstance(action, Attack):
        target = state.units.get(action.target)
        if state.attacked:
            return Refusal(f"{uid} has already attacked this turn", "TG-04")
        me = state.units[uid]
        if target is None or target.hp <= 0 or target.side == me.side:
            return Refusal(f"{action.target!r} is not a standing enemy", "TG-04")
        if chebyshev((me.x, me.y), (target.x, target.y)) != 1:
            return Refusal(f"{action.target} is not next to {uid}", "TG-04")
    return refuse_unlisted(legal_actions(state), action)


def _d6(rng: Rng, purpose: str, actor: str, events: list) -> int:
    r = roll(rng, "d6", purpose)
    events.append(DiceRolled(r, actor, f"{actor} {purpose}: {r.breakdown()}"))
    return r.total


def _wound(state: ToyGridState, uid: str, events: list) -> None:
    u = state.units[uid]
    u.hp -= 1                                           # TG-04: a hit costs one hit point
    events.append(Wounded(uid, u.hp))
    if u.hp <= 0:
        events.append(Fell(uid))
    if u.hp <= 0 and not state.standing(u.side):        # TG-06: the last soldier fell
        state.over, state.winner = True, 1 - u.side
        events.append(MatchEnded(state.winner, f"side {u.side + 1} has no soldier standing"))


def _next_turn(state: ToyGridState, events: list) -> None:
    acting = state.acting
    events.append(TurnEnded(state.units[acting].side, acting))
    while True:
        state.turn += 1
        if state.turn == len(state.order):
            state.turn, state.round = 0, state.round + 1
        if state.units[state.order[state.turn]].hp > 0:
            break
    if state.round > LAST_ROUND:                         # TG-07
        hp = [sum(u.hp for u in state.standing(s)) for s in (0, 1)]
        state.over, state.winner = True, (None if hp[0] == hp[1] else int(hp[1] > hp[0]))
        events.append(MatchEnded(state.winner, "the last round ended"))
        return
    state.moved = state.attacked = False
    uid = state.acting
    events.append(TurnStarted(state.units[uid].side, uid, state.round))


def apply(state: ToyGridState, action: Any, rng: Rng) -> list:
    refusal = validate(state, action)
    if refusal is not None:
        raise IllegalAction(refusal)
    events: list = []
    if isinstance(action, Move):
        _cost, path = reach(state, action.unit)[(action.x, action.y)]
        u = state.units[action.unit]
        events.append(Moved(u.id, tuple(path)))
        u.x, u.y = action.x, action.y
        state.moved = True
    elif isinstance(action, Attack):
        state.attacked = True
        hit = _d6(rng, "attack", action.unit, events) >= HIT_ON
        events.append(Struck(action.unit, action.target, hit))
        if hit:                                          # TG-05: the defender answers first
            pending.push(state.pending, Pending("parry", state.units[action.target].side,
                                                action.target))
    elif isinstance(action, Parry):
        pending.pop(state.pending, "parry")
        saved = False
        if action.parry:
            saved = _d6(rng, "parry", action.unit, events) >= HOUSE.read(state, "parry_on")
            events.append(Parried(action.unit, saved))
        if not saved:
            _wound(state, action.unit, events)
    elif isinstance(action, Concede):
        state.pending.clear()
        state.over, state.winner = True, 1 - action.seat
        events.append(MatchEnded(state.winner, f"seat {action.seat + 1} conceded"))
    elif isinstance(action, EndTurn):
        _next_turn(state, events)
    return events

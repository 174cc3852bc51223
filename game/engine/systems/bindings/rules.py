"""Bindings rules entry points: which actions are legal now, applying one, and who decides next.

Owns: legal_actions (turn and movement actions from here, combat's from combat.legal, Concede
for the deciding seat), apply (routing each action to turns.py, movement.py or combat.py, then
running the clock on), decision (the stage and its prompt) and validate (accepts exactly what
legal_actions lists; a refusal carries its specific reason).

Must not: implement a rule itself: the clock is turns.py, movement movement.py, attacks
combat.py.
"""
from __future__ import annotations

import copy
from typing import Any

from game.engine.actions import Concede, EndTurn
from game.engine.decisions import Decision
from game.engine.events import MatchEnded
from game.engine.rules import Refusal, refuse_concede
from game.engine.tactics import pending as stages

from . import actions as A
from . import budget, combat, movement, turns
from .boardcache import listed, records
from .content import content_of
from .state import BindingsState

# Actions combat.py applies (attacks, self moves, modifiers, stage answers).
COMBAT_ACTIONS: tuple[type, ...] = (A.UseMove, A.Defend, A.UseDodge, A.Judge)

# Actions turn_actions lists (movement, readying, unused actions).
TURN_ACTIONS: tuple[type, ...] = (A.StartMovement, A.MoveTo, A.StopMoving, A.Ready,
                                  A.SpendUnused)

_STAGE_PROMPTS = {
    "defend": "{actor} is about to be hit: defend, or let it land?",
    "use_dodge": "Spend {actor}'s dodge on this attack?",
    "circumstance": "Does the table give this attack an edge?",
    "opening": "{actor} acts before the fight begins: choose the opening action.",
}


def _combat_legal(state: BindingsState) -> list:
    return list(combat.legal(state))


def _attack_moves(state: BindingsState, cid: str) -> list[str]:
    """Moves `cid` could ready (BND-25): attacks it may use and afford now."""
    c = state.combatants[cid]
    moves = content_of(state).moves
    out = []
    for mid in c.moves:
        m = moves.get(mid)
        if m is None or not m.is_attack:
            continue
        if budget.cooldown_ready(state, c, mid) and \
                budget.can_afford(state, c, budget.move_cost(state, c, mid)):
            out.append(mid)
    return out


def turn_actions(state: BindingsState, cid: str) -> list:
    """The acting combatant's own movement, ready and unused-action choices."""
    c = state.combatants[cid]
    out: list = []
    here = (c.x, c.y)
    # one reading of the position for every mode, made only when some mode or MoveTo asks
    ground: movement.Ground | None = None
    made = records("listed actions", state.board)
    for mode in movement.startable_modes(state, c):
        if ground is None:
            ground = movement.Ground(state, cid)
        dests = sorted(movement.reachable(state, cid, mode, ground))
        if mode != "step":
            dests.insert(0, here)
        out += listed(made, (cid, mode), dests, lambda h, mode=mode: A.StartMovement(cid, mode, h))
    if movement.available(state, cid) > 0:
        if ground is None:
            ground = movement.Ground(state, cid)
        out += listed(made, (cid, None), sorted(movement.reachable(state, cid, None, ground)),
                      lambda h: A.MoveTo(cid, h))
    if movement.ongoing(state, cid):
        out.append(A.StopMoving(cid))
    if budget.slot_free(state, c) and c.readied is None:
        # made once per move and trigger, like the moves above (a listing offers them often)
        out += listed(made, (cid, "ready"),
                      [(mid, trigger) for mid in _attack_moves(state, cid)
                       for trigger in A.READY_TRIGGERS],
                      lambda k: A.Ready(cid, k[0], None, k[1]))
    if turns.can_spend_unused(state, c):
        out += [A.SpendUnused(cid, mode) for mode in A.UNUSED_MODES]
    return out


def _virtual_turn(state: BindingsState, cid: str) -> BindingsState:
    """A shallow stand-in where `cid` is acting, for listing the opening action's choices."""
    v = copy.copy(state)
    v.opening = None
    v.seg_order = [cid]
    v.turn = 0
    v.turn_step = turns.ACTING
    v.turn_begun = True
    return v


def opening_actions(state: BindingsState) -> list:
    cid = state.opening
    v = _virtual_turn(state, cid)
    out: list = [A.Opening(cid, None, None)]
    for a in turn_actions(v, cid):
        if isinstance(a, A.StartMovement):
            out.append(A.Opening(cid, a.mode, a.to))
    seen = set()
    for a in _combat_legal(v):
        if isinstance(a, A.UseMove) and not a.reduce and a.target is not None:
            key = (a.move, a.target)
            if key not in seen:
                seen.add(key)
                out.append(A.Opening(cid, a.move, a.target))
    return out


def legal_actions(state: BindingsState) -> list:
    if state.over:
        return []
    seat = deciding_seat(state)
    if seat is None:
        return []
    if state.pending:
        out = _combat_legal(state)
    elif state.opening is not None:
        out = opening_actions(state)
    else:
        cid = state.acting
        out = turn_actions(state, cid) + _combat_legal(state) + [_END_TURN]
    # Concede last, so "the first answer is the default" still holds
    out.append(_CONCEDE[seat] if seat < len(_CONCEDE) else Concede(seat))
    return out


# the two actions every listing ends with, made once (records are frozen: one object serves)
_END_TURN = EndTurn()
_CONCEDE = (Concede(0), Concede(1))


def legal_part(state: BindingsState, kind: type) -> list | None:
    """The part of `legal_actions` that lists `kind`, built by the same code, when it can be
    had without listing combat's moves (sight lines are dear): the acting combatant's turn
    actions, and EndTurn; None for the rest (the whole list answers them)."""
    if state.over or state.pending or state.opening is not None or state.acting is None:
        return None
    if deciding_seat(state) is None:
        return None
    if kind is EndTurn:
        return [EndTurn()]
    if issubclass(kind, TURN_ACTIONS):
        return turn_actions(state, state.acting)
    return None


def validate(state: BindingsState, action: Any) -> Refusal | str | None:
    """None when `action` is in legal_actions now, else why not (in a player's words, with the
    rule ID where one rule refuses it). Acceptance is membership of the listed actions, so the
    two never disagree; the reasons only explain a refusal."""
    if state.over:
        return "the battle is over"
    d = decision(state)
    if d is None:
        return "nobody is deciding"
    if isinstance(action, Concede):
        return refuse_concede(action, d)
    if not state.pending and state.opening is None and state.acting is not None:
        # the turn's own actions are checked without listing combat's (sight lines are dear)
        if isinstance(action, EndTurn):
            return None
        if isinstance(action, TURN_ACTIONS) and action in turn_actions(state, state.acting):
            return None
    if not isinstance(action, TURN_ACTIONS) and action in legal_actions(state):
        return None
    if state.pending:
        return f"waiting for an answer first ({stages.top(state.pending).stage.replace('_', ' ')})"
    if state.opening is not None and not isinstance(action, A.Opening):
        return "the opening action comes first (BND-23)"
    actor = getattr(action, "actor", None)
    if actor is not None and actor not in state.combatants:
        return f"there is no combatant called {actor!r}"
    if actor is not None and actor != state.acting and state.opening is None:
        return f"it is not {state.combatants[actor].name}'s turn (BND-06)"
    if isinstance(action, TURN_ACTIONS) and state.acting is not None:
        return _why_not_turn_action(state, action)
    if isinstance(action, A.UseMove) and state.opening is None:
        c = state.combatants[action.actor]
        if state.round == 1 and c.first_segment > state.segment:
            return Refusal(f"{c.name} is delayed and cannot act before segment "
                           f"{c.first_segment} of round 1", "BND-19" if c.unaware else "BND-20")
        why = combat.check_use_move(state, action)
        if why:
            return why
    return f"{getattr(action, 'kind', action)!r} is not allowed now"


def _why_not_turn_action(state: BindingsState, action: Any) -> Refusal | str:
    """Why a movement, ready or unused-action choice of the acting combatant is refused (it is
    not in turn_actions)."""
    c = state.combatants[state.acting]
    if isinstance(action, A.StartMovement):
        if action.mode not in movement.MODES:
            return f"{action.mode!r} is not a way of moving (one of {', '.join(movement.MODES)})"
        if not movement.can_start(state, c, action.mode):
            return Refusal(f"{c.name} cannot start a {action.mode} now (down, held, no slot or "
                           f"no budget left)", "BND-07")
        return f"{c.name} cannot reach that hex with a {action.mode} now"
    if isinstance(action, A.MoveTo):
        if movement.available(state, c.id) <= 0:
            return Refusal(f"{c.name} has no movement under way with hexes left this segment",
                           "BND-51")
        return f"{c.name} cannot reach that hex with this segment's movement"
    if isinstance(action, A.StopMoving):
        return f"{c.name} has no movement under way"
    if isinstance(action, A.Ready):
        if c.readied is not None or not budget.slot_free(state, c):
            return Refusal(f"{c.name} has already used this segment's action or readied one",
                           "BND-25")
        if action.trigger not in A.READY_TRIGGERS:
            return f"{action.trigger!r} is not a trigger (one of {', '.join(A.READY_TRIGGERS)})"
        if action.move not in _attack_moves(state, c.id):
            return Refusal(f"{c.name} cannot ready {action.move!r}: not an attack it knows and "
                           f"can afford now", "BND-25")
        return Refusal("a readied action is aimed when it fires, not now", "BND-25")
    if isinstance(action, A.SpendUnused):
        if not turns.can_spend_unused(state, c):
            return Refusal(f"{c.name} has no unused action to spend now (after its S3 turn "
                           f"only)", "BND-27")
        return f"{action.mode!r} is not a way to spend an unused action " \
               f"(one of {', '.join(A.UNUSED_MODES)})"
    return f"{getattr(action, 'kind', action)!r} is not allowed now"


def apply(state: BindingsState, action: Any, rng: Any) -> list:
    if isinstance(action, Concede):
        out = turns._finish(state, 1 - action.seat, f"{state.side_name(action.seat)} yielded")
        return out
    if isinstance(action, A.Opening):
        events = turns.apply_opening(state, action, rng)
    elif isinstance(action, COMBAT_ACTIONS):
        events = list(combat.apply(state, action, rng))
    elif isinstance(action, EndTurn):
        events = turns.end_turn(state, rng)
    elif isinstance(action, A.StartMovement):
        events = movement.start(state, action.actor, action.mode, tuple(action.to), rng)
    elif isinstance(action, A.MoveTo):
        events = movement.go(state, action.actor, tuple(action.to), rng)
    elif isinstance(action, A.StopMoving):
        events = movement.stop(state, action.actor)
    elif isinstance(action, A.Ready):
        events = turns.ready(state, action)
    elif isinstance(action, A.SpendUnused):
        events = turns.spend_unused(state, action)
    else:
        raise ValueError(f"bindings cannot apply {getattr(action, 'kind', action)!r}")
    events += turns.check_end(state)
    events += turns.advance(state, rng)
    return events


def deciding_seat(state: BindingsState) -> int | None:
    """The seat `decision` names, without its prompt (legal_actions asks it every position)."""
    if state.over:
        return None
    if state.pending:
        return stages.top(state.pending).seat
    if state.opening is not None:
        return state.combatants[state.opening].side
    cid = state.acting
    return None if cid is None else state.combatants[cid].side


def decision(state: BindingsState) -> Decision | None:
    if state.over:
        return None
    if state.pending:
        p = stages.top(state.pending)
        c = state.combatants.get(p.actor or "")
        name = c.name if c is not None else (p.actor or "")
        prompt = str(p.data.get("prompt") or _STAGE_PROMPTS.get(p.stage, p.stage.replace("_", " ")))
        return Decision(p.seat, p.stage, p.actor, prompt.format(actor=name))
    if state.opening is not None:
        c = state.combatants[state.opening]
        return Decision(c.side, "opening", c.id, _STAGE_PROMPTS["opening"].format(actor=c.name))
    cid = state.acting
    if cid is None:
        return None
    c = state.combatants[cid]
    left = budget.remaining(c)
    words = {"full": "Full", "standard": "Standard", "move": "Move",
             "standard+move": "Standard + Move", "move+move": "Move + Move"}
    opts = " or ".join(words[o] for o in left["options"]) or "no action"
    swifts = left["swifts"]
    return Decision(c.side, "act", cid,
                    f"{c.name}: round {state.round}, segment {state.segment}. {opts} left, "
                    f"{swifts} Swift{'s' if swifts != 1 else ''}.")


def is_match_end(events: list) -> bool:
    return any(isinstance(e, MatchEnded) for e in events)

"""Gu Masters rules: the dispatcher from an action to the module that lists and applies it.

Owns: `HANDLERS`, the one table of own-turn action kinds (each row: the action classes, the
function listing them for the acting creature, the function applying one), `STAGES`, the table
of pending stages (each: the function listing its answers, the function applying one), and on
top of them `legal_actions`, `validate` (the specific reason and rule ID first, then exactly what
legal_actions lists) and `apply`. A module adding actions (flight, grapples, ...) adds one row.

Must not: hold a rule itself (each lives in its module: moves, attack, reactions, gu, turns) or
roll dice except through the modules it calls with the Rng it is handed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from game.engine.actions import Concede, EndTurn
from game.engine.rng import Rng
from game.engine.rules import IllegalAction, Refusal, refuse_unlisted
from game.engine.tactics import pending
from game.engine.tactics.pending import Pending

from . import (activate, aperture, areagu, attack, breath, grips, hiding, holding, jumps,
               maneuvers, moves, reactions, ticks, turns)
from .actions import (DETONATE, DODGE, MULTI, PARRY, SHIELD, STRIKES, TAKE, WEAPON, Activate,
                      DodgeMove,
                      GoesFirst, Jump, Move, Opportunity, React, Release, Sprint, StandUp, Strike)
from .gu import KILLER
from .state import Creature, GuState

REACTIONS = (DODGE, PARRY, SHIELD, TAKE, DETONATE)


@dataclass(frozen=True, slots=True)
class Handler:
    """One kind of own-turn action: `kinds` its records, `legal(state, creature)` the ones the
    acting creature may take now, `apply(state, action, rng)` what one does (events)."""

    kinds: tuple[type, ...]
    legal: Callable[[GuState, Creature], list]
    apply: Callable[[GuState, Any, Rng], list]
    refuse: Callable[[GuState, Any], Refusal | None] | None = None   # the specific reason


@dataclass(frozen=True, slots=True)
class StageHandler:
    """A pending stage: `legal(state, stage)` its answers, `apply(state, action, rng)` one."""

    kinds: tuple[type, ...]
    legal: Callable[[GuState, Pending], list]
    apply: Callable[[GuState, Any, Rng], list]
    refuse: Callable[[GuState, Any], Refusal | None] | None = None   # the specific reason


def _initiative_legal(state: GuState, stage: Pending) -> list:
    return [GoesFirst(t) for t in stage.data["tied"]]


def _initiative_apply(state: GuState, action: GoesFirst, rng: Rng) -> list:
    return turns.settle_tie(state, action.actor, rng)


# own-turn actions, in the order legal_actions lists them (one row per module)
HANDLERS: list[Handler] = [
    Handler((Move, Sprint, StandUp), moves.legal, moves.apply),
    Handler((Jump,), jumps.legal, jumps.apply, jumps.refusal),
    Handler((Strike,), attack.legal, attack.apply, attack.refusal),
    Handler((maneuvers.TakeFlight, maneuvers.Fly, maneuvers.Dive, maneuvers.Evade,
             maneuvers.Land), maneuvers.legal, maneuvers.apply, maneuvers.refusal),
    Handler((grips.Grapple, grips.Carry, grips.Throw, grips.BreakFree), grips.legal, grips.apply,
            grips.refusal),
    Handler((aperture.Absorb, aperture.Detonate), aperture.legal, aperture.apply,
            aperture.refusal),
    Handler((hiding.Hide,), hiding.legal, hiding.apply, hiding.refusal),
    Handler((breath.Submerge, breath.Surface), breath.legal, breath.apply, breath.refusal),
    Handler((Activate, Release, activate.Killer, activate.ReleaseMove), activate.legal,
            activate.apply, activate.refusal),
    Handler((holding.Hold,), holding.legal, holding.apply, holding.refusal),
]

_REACTION = StageHandler((React, DodgeMove, Opportunity), reactions.stage_legal,
                         reactions.answer)
STAGES: dict[str, StageHandler] = {
    turns.INIT_STAGE: StageHandler((GoesFirst,), _initiative_legal, _initiative_apply),
    reactions.REACT_STAGE: _REACTION,
    reactions.DODGE_STAGE: _REACTION,
    reactions.COUNTER_STAGE: _REACTION,
    reactions.OPPORTUNITY_STAGE: _REACTION,
    # never on top when a seat decides: apply resumes the paused walk at once (moves.resume)
    moves.WALK_STAGE: StageHandler((), lambda state, stage: [], moves.apply),
    maneuvers.AFTER_DIVE: StageHandler((maneuvers.DiveStrike,), maneuvers.stage_legal,
                                       maneuvers.stage_apply, maneuvers.refusal),
    maneuvers.DIVE_FINISH: StageHandler((maneuvers.DiveFinish,), maneuvers.stage_legal,
                                        maneuvers.stage_apply, maneuvers.refusal),
    areagu.AREA_STAGE: StageHandler((React,), areagu.stage_legal, areagu.stage_apply),
    areagu.AREA_STEP: StageHandler((DodgeMove,), areagu.stage_legal, areagu.stage_apply),
    ticks.EFFECTS_STAGE: StageHandler((ticks.OrderEffect,), ticks.stage_legal,
                                      ticks.stage_apply),
    maneuvers.DRIFT_STAGE: StageHandler((DodgeMove,), maneuvers.drift_legal,
                                        maneuvers.drift_apply, maneuvers.drift_refusal),
    holding.HOLD_STAGE: StageHandler((holding.UseHeld,), holding.stage_legal,
                                     holding.stage_apply, holding.answer_refusal),
    # never on top when a seat decides: apply carries out its queue at once (holding.resume)
    holding.DEED_STAGE: StageHandler((), lambda state, stage: [], holding.stage_apply),
}


def deciding_seat(state: GuState) -> int:
    stage = pending.top(state.pending)
    return stage.seat if stage is not None else state.acting.side


def legal_actions(state: GuState) -> list:
    if state.over:
        return []
    stage = pending.top(state.pending)
    if stage is not None:
        return STAGES[stage.stage].legal(state, stage) + [Concede(stage.seat)]
    c = state.acting
    owed = attack.owed(state, c)
    if owed:                          # GU-GM-25: a multi-weapon attack makes all its strikes
        return owed + [Concede(c.side)]
    out: list = []
    for h in HANDLERS:
        out += h.legal(state, c)
    return out + [EndTurn(), Concede(c.side)]


def legal_part(state: GuState, kind: type) -> list | None:
    """The legal actions of one own-turn kind, from the handler rows that list that kind, in
    the order `legal_actions` lists them (a dry run or a replay then checks a Gu without
    listing every walk and flight); None (ask the whole list) under a stage, while a
    multi-weapon attack is owed, or for a kind no row lists."""
    if state.over or pending.top(state.pending) is not None:
        return None
    rows = [h for h in HANDLERS if kind in h.kinds]
    if not rows:
        return None
    c = state.acting
    if attack.owed(state, c):
        return None
    return [a for h in rows for a in h.legal(state, c) if type(a) is kind]


def validate(state: GuState, action: Any) -> Refusal | None:
    if state.over:
        return Refusal("the battle is over")
    stage = pending.top(state.pending)
    if isinstance(action, Concede) and action.seat != deciding_seat(state):
        return Refusal(f"only seat {deciding_seat(state) + 1}, who is deciding, may concede")
    who = getattr(action, "actor", None)
    if who is not None and who not in state.creatures:
        return Refusal(f"there is no creature {who!r}")
    if stage is not None:
        if not isinstance(action, STAGES[stage.stage].kinds + (Concede,)):
            return Refusal(f"{stage.actor} must answer first ({stage.stage})", "GU-76")
        if isinstance(action, React) and action.reaction not in REACTIONS:
            return Refusal(f"{action.reaction!r} is no reaction: answer with "
                           f"{', '.join(REACTIONS)}", "GU-79")
    elif who is not None and who != state.acting.id:
        return Refusal(f"it is {state.acting.id}'s turn, not {who}'s", "GU-14")
    target = getattr(action, "target", "")
    if target and target not in state.creatures:
        return Refusal(f"there is no creature {target!r}")
    me = state.creatures.get(who) if who is not None else None
    if me is not None:
        gu = getattr(action, "gu", "")
        # a held killer move names itself `killer:<id>`: holding.py checks it (GU-47)
        if gu and not gu.startswith(KILLER) and gu not in me.gu:
            return Refusal(f"{who} carries no Gu {gu!r}", "GU-42")
        if isinstance(action, (Strike, Opportunity)) and action.strike \
                and action.strike not in STRIKES:
            return Refusal(f"{action.strike!r} is no strike: {', '.join(STRIKES)}", "GU-53")
        weapon = getattr(action, "weapon", "")
        if weapon and isinstance(action, (Strike, Opportunity)) \
                and action.strike not in (WEAPON, MULTI):
            return Refusal(f"a {action.strike} is made without a weapon", "GU-53")
        if not weapon and isinstance(action, (Strike, Opportunity)) \
                and action.strike in (WEAPON, MULTI):
            # GU-51: a weapon strike names the weapon it is made with
            return Refusal(f"a weapon strike by {who} must name one of its weapons "
                           f"({', '.join(me.weapons) or 'it wields none'})", "GU-51")
        if weapon and weapon not in me.weapons:
            return Refusal(f"{who} wields no weapon {weapon!r}", "GU-51")
    if stage is None and me is not None and me.condition == "final_stand" \
            and isinstance(action, (Move, Sprint, Strike, Jump)):
        # GU-110: said first, or the walk would be refused for its reach, the sprint for an
        # action spent
        return Refusal("a final stand allows no moving or striking, only Gu", "GU-110")
    if stage is None and not isinstance(action, (Strike, Concede)) \
            and attack.owed(state, state.acting):
        return Refusal(f"{state.acting.id} must first make the rest of its multi-weapon "
                       "attack (all its weapons or just one)", "GU-GM-25")
    if stage is None and isinstance(action, Strike) and state.turn.action \
            and state.turn.strikes == 0:
        return Refusal(f"{who} has used its combat action this turn", "GU-18")
    if stage is None and isinstance(action, Move) \
            and (action.x, action.y) not in moves.reach(state, state.acting):
        return Refusal(f"{action.x},{action.y} is out of {who}'s reach this turn", "GU-19")
    if isinstance(action, (Strike, Opportunity)) and target and me is not None \
            and state.creatures[target].side == me.side:
        return Refusal(f"{who} strikes only enemies, not {target}", "GU-51")
    for row in (*HANDLERS, *STAGES.values()):
        if row.refuse is not None and isinstance(action, row.kinds):
            why = row.refuse(state, action)
            if why is not None:
                return why
    legal = legal_actions(state)
    if action in legal:
        return None
    return _why_not(state, action) or refuse_unlisted(legal, action)


def _why_not(state: GuState, action: Any) -> Refusal | None:
    """The specific reason an unlisted action of ours is refused, from its fields."""
    who = getattr(action, "actor", "")
    target = getattr(action, "target", "")
    if isinstance(action, React):
        return Refusal(f"{who} cannot answer with {action.reaction}"
                       f"{' ' + action.gu if action.gu else ''} now", "GU-79")
    if isinstance(action, (Strike, Opportunity)):
        return Refusal(f"{who} cannot make a {action.strike or 'no'} strike"
                       f"{' with ' + action.weapon if action.weapon else ' without a weapon'} "
                       f"at {target} now (out of reach, or not its strike)", "GU-51")
    if isinstance(action, DodgeMove):
        return Refusal(f"{action.x},{action.y} is not 1 m to half its movement away for {who}",
                       "GU-82")
    if isinstance(action, GoesFirst):
        return Refusal(f"{who} is not among the creatures tied for initiative", "GU-09")
    if isinstance(action, (Sprint, StandUp)):
        return Refusal(f"{who} cannot do that now (combat action or movement spent)", "GU-18")
    return None


def route(action: Any) -> Callable[[GuState, Any, Rng], list]:
    """The function that applies an own-turn action or a stage's answer of this kind."""
    for row in (*HANDLERS, *STAGES.values()):
        if isinstance(action, row.kinds):
            return row.apply
    raise IllegalAction(Refusal(f"no rule handles {type(action).__name__}"))


def apply(state: GuState, action: Any, rng: Rng) -> list:
    """Match calls this only with a listed action; anything else is refused loudly."""
    if isinstance(action, Concede):
        return turns.concede(state, action.seat)
    if isinstance(action, EndTurn):
        if state.pending or state.over:
            raise IllegalAction(Refusal("nothing to end now", "GU-14"))
        return turns.end_turn(state, rng)
    stage = pending.top(state.pending)       # a stage's answer goes to that stage's handler
    # GU-72/73: an own-turn deed that sets off a held action waits for its holders' answers
    waits = holding.intercept(state, action) if stage is None else None
    events = waits if waits is not None else (
        STAGES[stage.stage].apply if stage is not None else route(action))(state, action, rng)
    events += holding.resume(state, rng)   # a walk paused for an AoO goes on (GU-88); a deed
                                           # kept for held actions is carried out (GU-73)
    events += grips.settle(state) + maneuvers.settle(state, rng)    # holds and falls (GU-63/119)
    events += hiding.settle(state, action)                            # found again (GU-13)
    events += breath.settle(state)                           # out of the water: air (GU-40)
    if not turns.check_end(state, events) and not state.pending \
            and not turns.can_act(state.acting):
        events += turns.end_turn(state, rng)     # it fell in its own turn: the turn passes
    return events

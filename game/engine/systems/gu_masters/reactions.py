"""Gu Masters reactions: the answers a creature may give to a trigger outside its own turn, as
pending decisions of its seat.

Owns: whether a creature may react now (GU-76 not in its own turn, GU-12 surprise, GU-18 two a
round, GU-78 [Unreactable], GU-110 final stand, GU-153 stunned), the offers a hit produces
(`OFFERS`: a list of functions, each giving the React answers of one kind, so another module adds
held actions or detonation by appending one), what each answer does (`RESOLVERS`), one reaction
per trigger (GU-79), the dodge (GU-81/82: opposed Dodge, then a move of 1 to floor(Movement/2)
m: `dodge_room`, and `can_dodge_step` for whether there is any), the parry (GU-86/87: Close
Combat at +10, opposed, then a counter-attack that may itself be parried), and the stages that
follow (the dodge move, the counter-attack), and attacks of opportunity (GU-88/89, GU-GM-44:
`threats` before a move, `provoke` after it pushes one stage per enemy whose melee range was
left; a dodge's step provokes them at disadvantage, GU-85).

Must not: price damage (attack.py and damage.py) or roll except on the Rng it is handed.
"""
from __future__ import annotations

from typing import Any, Callable

from game.engine.rng import Rng
from game.engine.tactics import pending
from game.engine.tactics.pending import Pending

from . import attack, moves
from . import checks
from .actions import DODGE, PARRY, TAKE, DodgeMove, Opportunity, React
from .events import Moved, Reacted
from .house import HOUSE
from .state import Creature, GuState
from .turns import roll, test_event

REACT_STAGE = "react"            # a hit waits for the defender's answer
DODGE_STAGE = "dodge_move"       # the dodger picks where it steps (GU-82)
COUNTER_STAGE = "counter"        # the parrier may strike back (GU-86)
OPPORTUNITY_STAGE = "opportunity"  # a creature left this one's melee range (GU-88/89)
OPPORTUNITY = "opportunity"      # the Reacted label of an attack of opportunity
PARRY_PENALTY = 10               # GU-86

Offer = Callable[[GuState, Creature, dict[str, Any]], list]
Resolver = Callable[[GuState, Creature, dict[str, Any], React, Rng], tuple[list, bool]]


def may_react(state: GuState, c: Creature, blow: dict[str, Any]) -> bool:
    """Whether `c` may spend a reaction on this trigger at all."""
    if not c.conscious or c.reactions <= 0 or c.has("stunned") or blow.get("unreactable"):
        return False                                 # GU-18, GU-153, GU-78, GU-113
    if c.surprised and not c.started:
        return False                                 # GU-12
    if state.turn.actor == c.id and not state.over and not blow.get("counter"):
        return False                                 # GU-76 (GU-87: a counter may be parried)
    return True


def dodge_room(state: GuState, c: Creature) -> dict:
    """GU-82: the squares 1 to floor(Movement/2) m away it could step to (empty: no dodge).
    GU-29: airborne, half its flying speed, through the air: any free square that far whose
    ground stands as high as the one it is over (our reading, so its altitude is unchanged),
    never into a wall (a flier cannot be where a Fly could not take it)."""
    if c.altitude > 0:
        return _air_room(state, c)
    half = moves.base_movement(c) // 2
    return moves.reach(state, c, half) if half >= 1 else {}


def can_dodge_step(state: GuState, c: Creature) -> bool:
    """Whether `dodge_room` holds any square (GU-82, GU-GM-42), asked without listing them: a
    reaction's offer and every forecast ask it, only the dodge's step needs the squares."""
    if c.altitude > 0:
        return bool(_air_room(state, c))
    return moves.can_step(state, c, moves.base_movement(c) // 2)


def _air_room(state: GuState, c: Creature) -> dict:
    from . import flight, maneuvers
    from .terrain import floor_of, ground_of
    half = maneuvers.speed(c) // 2
    if half < 1:
        return {}
    ground = ground_of(state.board)
    here = floor_of(ground, (c.x, c.y), c.size)
    floors = flight.air_floors(ground, c.size)         # None: a wall or the edge in the block
    height = here + c.altitude
    taken = {k for o in state.living() if o.id != c.id for k in o.cells()}
    out = {}
    for y in range(c.y - half, c.y + half + 1):
        for x in range(c.x - half, c.x + half + 1):
            cells = [(x + i, y + j) for j in range(c.size) for i in range(c.size)]
            if (x, y) == (c.x, c.y) or any(not (0 <= a < state.board.width
                                                and 0 <= b < state.board.height)
                                           for a, b in cells):
                continue
            entry = floors[y * ground.width + x]            # (floor, lowest height over it)
            if any(k in taken for k in cells) or entry is None or entry[0] != here \
                    or height < entry[1]:
                continue
            out[(x, y)] = (max(abs(x - c.x), abs(y - c.y)), [(x, y)])
    return out


def dodge_offers(state: GuState, c: Creature, blow: dict[str, Any]) -> list:
    # GU-82, GU-GM-42: it must be able to move; GU-149/152: prone or restrained always fail
    if c.has("prone") or c.has("restrained") or not can_dodge_step(state, c):
        return []
    return [React(c.id, DODGE)]


def parry_offers(state: GuState, c: Creature, blow: dict[str, Any]) -> list:
    """GU-86: only against a melee attack, and only standing (not in a final stand)."""
    if not blow.get("melee") or c.condition != "up":
        return []
    return [React(c.id, PARRY)]


OFFERS: list[Offer] = [dodge_offers, parry_offers]
# answers offered at a reaction stage that is open anyway, never opening one by themselves
# (detonating one's own Gu, GU-91: aperture.py appends it)
EXTRAS: list[Offer] = []


def extras(state: GuState, c: Creature, blow: dict[str, Any]) -> list:
    if not may_react(state, c, blow):
        return []
    return [a for offer in EXTRAS for a in offer(state, c, blow)]


def offers(state: GuState, c: Creature, blow: dict[str, Any]) -> list:
    if not may_react(state, c, blow):
        return []
    out: list = []
    for offer in OFFERS:
        out += offer(state, c, blow)
    return out


def after_hit(state: GuState, blow: dict[str, Any], rng: Rng) -> list:
    """A hit is established: ask the defender (GU-80/81/86: before damage is rolled), or land it
    when it has no answer."""
    target = state.creatures[blow["target"]]
    if offers(state, target, blow):
        pending.push(state.pending, Pending(REACT_STAGE, target.side, target.id, dict(blow)))
        return []
    return attack.land(state, blow, rng)


def _opposes(state: GuState, c: Creature, blow: dict[str, Any], skill: str, mods: tuple,
             purpose: str, rng: Rng, events: list) -> bool:
    """Roll the defender's test, opposed by the attack roll if there was one (GU-81/86,
    GU-X-05: a tie keeps the status quo: the hit stands)."""
    t = roll(state, rng, c.skills.get(skill, 0), mods, purpose=purpose)
    events.append(test_event(c.id, skill, purpose, t))
    if not blow["rolled"]:
        return t.success
    # the attack is side "a": a full tie lets the hit stand (GU-X-05), unless the table gives
    # ties to the defender (GU-GM-07)
    tie = "b" if HOUSE.read(state, "opposed_ties") == "defender" else "a"
    winner, _by = checks.contest(blow["dos"], blow["raw"], t.dos, t.raw, tie)
    return t.success and winner == "b"


def resolve_dodge(state: GuState, c: Creature, blow: dict[str, Any], action: React, rng: Rng
                  ) -> tuple[list, bool]:
    events: list = []
    won = _opposes(state, c, blow, moves.dodge_skill(c), moves.dodge_mods(c),
                   f"dodge {blow['attacker']}",
                   rng, events)
    if won:                                          # GU-82: it must step away now
        pending.push(state.pending, Pending(DODGE_STAGE, c.side, c.id,
                                            {"from": blow["attacker"]}))
    return events, won


def resolve_parry(state: GuState, c: Creature, blow: dict[str, Any], action: React, rng: Rng
                  ) -> tuple[list, bool]:
    events: list = []
    won = _opposes(state, c, blow, "Close Combat", (("parry", PARRY_PENALTY),),
                   f"parry {blow['attacker']}", rng, events)
    attacker = state.creatures[blow["attacker"]]
    if won and attacker.on_board and any(t is attacker for _, _, t in
                                         attack.strike_options(state, c, opportunity=True)):
        pending.push(state.pending, Pending(COUNTER_STAGE, c.side, c.id,
                                            {"target": attacker.id, "why": "counter"}))
    return events, won


RESOLVERS: dict[str, Resolver] = {DODGE: resolve_dodge, PARRY: resolve_parry}

Threats = dict[str, list[list[str]]]


def threats(state: GuState, mover: Creature) -> Threats:
    """The enemies that have `mover` in their melee range now and could seize an attack of
    opportunity if it left it, each with the strikes ([kind, weapon]) it could make at it:
    one strike, never a kick (GU-88, GU-GM-44). Read before the move; the strikes are the
    ones in range before the step, so the stage can still offer them after it."""
    out: Threats = {}
    if not mover.on_board:
        return out
    for o in state.living():
        if o.side == mover.side or o.id == mover.id or not may_seize(state, o):
            continue
        got = [[kind, w] for kind, w, t in attack.strike_options(state, o, opportunity=True)
               if t.id == mover.id]
        if got:
            out[o.id] = got
    return out


def may_seize(state: GuState, c: Creature) -> bool:
    """An attack of opportunity is a reaction (GU-76/18/12/153 through may_react) and a melee
    strike: not from a final stand (GU-110) or by a creature that cannot strike."""
    return c.condition == "up" and may_react(state, c, {}) and attack.can_strike(c)


def left_behind(state: GuState, mover: Creature, before: Threats) -> Threats:
    """Of the enemies in `before`, those whose melee range `mover` is now out of."""
    if not before:
        return {}
    now = threats(state, mover)
    return {oid: got for oid, got in before.items() if oid not in now}


def provoke(state: GuState, mover: Creature, owed: Threats, *,
            disadvantage: bool = False) -> bool:
    """Push one attack-of-opportunity stage per enemy in `owed` (the first named answers
    first); `disadvantage` for a dodge's step (GU-85, GU-X-06). True when any was pushed."""
    pushed = False
    for oid in reversed(list(owed)):
        o = state.creatures[oid]
        if not mover.on_board or not may_seize(state, o):
            continue
        pending.push(state.pending, Pending(OPPORTUNITY_STAGE, o.side, o.id,
                                            {"target": mover.id, "why": OPPORTUNITY,
                                             "strikes": owed[oid],
                                             "disadvantage": disadvantage}))
        pushed = True
    return pushed


def stage_legal(state: GuState, stage: Pending) -> list:
    """The answers open at a reaction stage."""
    c = state.creatures[stage.actor]
    if stage.stage == REACT_STAGE:
        return offers(state, c, stage.data) + extras(state, c, stage.data) + [React(c.id, TAKE)]
    if stage.stage == DODGE_STAGE:
        return [DodgeMove(c.id, x, y) for (x, y) in sorted(dodge_room(state, c))]
    if stage.stage == COUNTER_STAGE:
        target = stage.data["target"]
        return [Opportunity(c.id, target, kind, w)
                for kind, w, t in attack.strike_options(state, c, opportunity=True)
                if t.id == target] + [Opportunity(c.id, target)]
    if stage.stage == OPPORTUNITY_STAGE:
        # the strikes it had in range before the mover stepped out (GU-88, GU-GM-44)
        target = stage.data["target"]
        if not state.creatures[target].on_board or not may_seize(state, c):
            return [Opportunity(c.id, target)]
        return [Opportunity(c.id, target, kind, w) for kind, w in stage.data["strikes"]] \
            + [Opportunity(c.id, target)]
    raise ValueError(f"no reaction stage {stage.stage!r}")


def answer(state: GuState, action: Any, rng: Rng) -> list:
    """Apply the answer to the top reaction stage."""
    stage = pending.top(state.pending)
    c = state.creatures[action.actor]
    if isinstance(action, React):
        pending.pop(state.pending, REACT_STAGE)
        blow = stage.data
        if action.reaction == TAKE:
            return attack.land(state, blow, rng)
        c.reactions -= 1                             # GU-79: one reaction for this trigger
        depth = len(state.pending)
        events, stopped = RESOLVERS[action.reaction](state, c, blow, action, rng)
        events.insert(0, Reacted(c.id, action.reaction, blow["attacker"], stopped, c.reactions,
                                 action.gu))
        if not stopped:
            # the damage lands before any stage the answer opened is taken up
            extra = []
            while len(state.pending) > depth:
                extra.insert(0, pending.pop(state.pending))
            events += attack.land(state, blow, rng)
            for later in extra:
                pending.push(state.pending, later)
        return events
    if isinstance(action, DodgeMove):
        pending.pop(state.pending, DODGE_STAGE)
        cost, path = dodge_room(state, c)[(action.x, action.y)]
        before = threats(state, c)
        c.x, c.y = action.x, action.y
        # GU-85: the dodge's step provokes, at disadvantage (GU-X-06)
        provoke(state, c, left_behind(state, c, before), disadvantage=True)
        return [Moved(c.id, tuple(path), "dodge", False, cost)]
    if isinstance(action, Opportunity):
        pending.pop(state.pending, stage.stage)
        if not action.strike:
            return []
        target = state.creatures[action.target]
        events: list = []
        if stage.stage == OPPORTUNITY_STAGE:
            c.reactions -= 1                         # GU-88 is a reaction (GU-18)
            events.append(Reacted(c.id, OPPORTUNITY, target.id, False, c.reactions))
        return events + attack.strike(state, c, target, action.strike, action.weapon, rng,
                                      disadvantage=bool(stage.data.get("disadvantage")),
                                      counter=stage.data.get("why") == "counter")
    raise ValueError(f"not a reaction answer: {action!r}")

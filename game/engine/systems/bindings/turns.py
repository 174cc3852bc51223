"""Bindings turns: the clock, initiative, whose turn it is, and what happens between decisions.

Owns: BND-01..09 (rounds of three segments, one turn per combatant per segment in rank order,
ongoing actions advancing on their owner's turn), BND-15..22 initiative (pools of d6 counting
sixes, tie re-rolls with BND-GM-03, round-1 delays), BND-23/24 the opening action before round 1
(BND-GM-09), BND-25/26 readied actions (BND-GM-24), BND-27..30 unused actions at the end of the
round (BND-GM-10), end of round bookkeeping, condition and feature expiry (BND-78), and the end of
the battle (BND-GM-27 and the round_limit house rule).

`advance(state, rng)` runs every step that needs nobody's answer until some seat must decide. A
turn's start steps are numbered (state.turn_step) and each ongoing thing carries the tick it last
advanced in, so a stage opened half-way (a "defend" prompt when a projectile arrives) resumes
exactly where it stopped.

Must not: resolve attacks (combat.py), move anyone itself
(movement.py), or use `random` (every roll is on the match Rng).
"""
from __future__ import annotations

from typing import Any

from game.engine import dice
from game.engine.events import DiceRolled, MatchEnded, TurnEnded, TurnStarted
from game.engine.rules import ConfigError
from game.engine.tactics import pending as stages
from game.engine.tactics.initiative import rank
from game.engine.tactics.timelimit import Tally, ahead_and_why

from . import budget, combat, movement
from . import events as ev
from .content import content_of
from .house import house
from .sight import can_see
from .state import BindingsState, Combatant

SEGMENTS_PER_ROUND = 3           # BND-02
SECONDS_PER_SEGMENT = 2          # BND-01: a round is 6 s of game time
SECONDS_PER_ROUND = SEGMENTS_PER_ROUND * SECONDS_PER_SEGMENT

# turn_step values
NOT_BEGUN, ONGOING, DECLARED, REFRESH, ACTING = 0, 1, 2, 3, 4


# -- initiative (BND-15..22) ------------------------------------------------------------------------

def pool(c: Combatant) -> int:
    """BND-17: DEX mod + INT mod + 4 dice, never fewer than 0."""
    return max(0, c.mod("DEX") + c.mod("INT") + 4)


def _roll_sixes(rng: Any, c: Combatant, n: int, purpose: str) -> tuple[int, list]:
    if n <= 0:
        r = dice.Roll(purpose, "0d6", (), (), 0)
        return 0, [DiceRolled(r, c.id, f"{c.name}: no dice, no sixes")]
    r = dice.roll(rng, f"{n}d6", purpose)
    sixes = sum(1 for f in r.faces if f == 6)
    r = dice.Roll(r.purpose, r.notation, r.faces, r.modifiers, sixes)
    return sixes, [DiceRolled(r, c.id, f"{c.name} rolls {n} dice for initiative: {sixes} six"
                              f"{'es' if sixes != 1 else ''}")]


def roll_initiative(state: BindingsState, rng: Any) -> list:
    """Rank everyone by sixes (BND-15..18) and set the round-1 delays (BND-19..21)."""
    out: list = []
    ids = list(state.combatants)
    for cid in ids:
        c = state.combatants[cid]
        c.sixes, events = _roll_sixes(rng, c, pool(c), "initiative")
        out += events

    def reroll(group: list[str]) -> dict[str, int]:
        # BND-18: the tied re-roll among themselves; a re-roll uses at least one die (BND-GM-03)
        scores: dict[str, int] = {}
        for cid in group:
            c = state.combatants[cid]
            scores[cid], events = _roll_sixes(rng, c, max(pool(c), 1), "initiative tie")
            out.extend(events)
        return scores

    def shuffled(group: list[str]) -> list[str]:
        rng.shuffle(group)          # after `tie_rerolls` re-rolls a seeded shuffle decides
        return group

    ranking = rank(ids, {cid: state.combatants[cid].sixes for cid in ids}, reroll,
                   max_rerolls=int(house(state, "tie_rerolls")), settle=shuffled)
    order = list(ranking.order)
    state.order = order
    delayed = []
    for cid in order:
        c = state.combatants[cid]
        # BND-19..21: unaware and zero sixes (on the first roll only, BND-20) each cost a segment
        c.first_segment = 1 + int(c.unaware) + int(c.sixes == 0)
        if c.first_segment > 1:
            delayed.append((cid, c.first_segment))
    out.append(ev.InitiativeRanked(tuple(order), tuple(state.combatants[c].sixes for c in order),
                                   ranking.rerolls, tuple(delayed)))
    return out


def set_initiative(state: BindingsState, order: Any) -> list:
    """Ranks given as an order instead of rolled (a scenario's, read with the set-up): every
    combatant once, rank 1 first (BND-15). No die is rolled, so nobody scored zero sixes and
    nobody is delayed for it (BND-20); the unaware still lose their first segment (BND-19)."""
    if (not isinstance(order, list) or not all(isinstance(c, str) for c in order)
            or sorted(order) != sorted(state.combatants)):
        raise ConfigError(f"'initiative' must list every combatant once, e.g. "
                          f"{sorted(state.combatants)!r}, not {order!r}")
    state.order = list(order)
    late = []
    for cid in order:
        c = state.combatants[cid]
        c.first_segment = 1 + int(c.unaware)
        if c.first_segment > 1:
            late.append((cid, c.first_segment))
    return [ev.InitiativeRanked(tuple(order), tuple(state.combatants[c].sixes for c in order),
                                0, tuple(late))]


def delayed(state: BindingsState, c: Combatant) -> bool:
    """Round 1 only: it may not start an action yet (BND-19..21)."""
    return state.round <= 1 and state.segment < c.first_segment


# -- the clock -----------------------------------------------------------------------------------

def start_segment(state: BindingsState) -> list:
    """Open the current segment: expire what ran out (BND-78), then line up the turns (BND-06),
    with BND-29 leads first in segment 1."""
    out: list = []
    tick = state.tick
    for c in state.combatants.values():
        keep = []
        for cond in c.conditions:
            if 0 <= cond.until <= tick:
                out.append(ev.ConditionEnded(c.id, cond.id))
            else:
                keep.append(cond)
        c.conditions = keep
    for f in list(state.features):
        if 0 <= f.until <= tick:
            state.features.remove(f)
            out.append(ev.FeatureFaded(f.id))
    standing = [cid for cid in state.order if not state.combatants[cid].down]
    if state.segment == 1 and state.lead:
        first = [cid for cid in standing if cid in state.lead]
        standing = first + [cid for cid in standing if cid not in state.lead]
    elif state.segment != 1:
        state.lead = []               # BND-29: back to the normal rank after that segment
    state.seg_order = standing
    state.turn = 0
    state.turn_step = NOT_BEGUN
    state.turn_begun = False
    state.ending = False
    out.append(ev.SegmentStarted(state.round, state.segment, tuple(standing)))
    return out


def start_round_one(state: BindingsState) -> list:
    """After the opening action (or none) round 1 begins with a fresh budget (BND-GM-09)."""
    state.round, state.segment = 1, 1
    for c in state.combatants.values():
        _reset_budget(c)
    return start_segment(state)


def _reset_budget(c: Combatant) -> None:
    c.spent = []
    c.swifts = 0
    c.unused_choice = None
    c.reductions = {}            # talents' uses per round (BND-39)


def _next_segment(state: BindingsState, rng: Any) -> list:
    if state.segment < 3:
        state.segment += 1
        return start_segment(state)
    out = end_round(state, rng)
    if state.over:
        return out
    state.round += 1
    state.segment = 1
    return out + start_segment(state)


def end_round(state: BindingsState, rng: Any) -> list:
    """After S3 (BND-GM-10): readied actions lapse (BND-26), unused actions buy ranks top rank
    first (BND-27..30), budgets reset (BND-36/37), and time may be called (round_limit)."""
    out: list = []
    for cid in state.order:
        c = state.combatants[cid]
        if c.readied is not None:
            out.append(ev.ReadiedLapsed(cid, str(c.readied.get("move", ""))))
            c.readied = None
    for cid in list(state.order):
        c = state.combatants[cid]
        choice, c.unused_choice = c.unused_choice, None
        if choice is None or c.down:
            continue
        ranks = budget.unused_ranks(c)
        if ranks <= 0:
            continue            # spent the Standard after choosing: nothing left to buy
        if choice == "lead":
            state.lead.append(cid)                           # BND-29
            continue
        before = state.order.index(cid)
        after = max(0, before - (2 if ranks >= 2 else 1))     # BND-27/28, rank 1 the ceiling
        if after != before:
            state.order.remove(cid)
            state.order.insert(after, cid)                  # BND-30: the passed slide down
        out.append(ev.RankChanged(cid, before + 1, after + 1,
                                  "unused full" if ranks >= 2 else "unused standard",
                                  tuple(state.order)))
    for c in state.combatants.values():
        _reset_budget(c)
    limit = int(house(state, "round_limit"))
    if limit and state.round >= limit:
        out += _time_called(state)
    return out


def _time_called(state: BindingsState) -> list:
    """round_limit (BND-GM-27): tactics.timelimit says who is ahead: fewer combatants down, then
    the larger share of the enemies' HP taken; a battle where nobody was hurt is a draw."""
    def tally(side: int) -> Tally:
        cs = [c for c in state.combatants.values() if c.side == side]
        return Tally(sum(1 for c in cs if c.down),
                     sum(c.max_hp if c.down else c.max_hp - max(0, c.hp) for c in cs),
                     sum(c.max_hp for c in cs))
    winner, because = ahead_and_why([tally(side) for side in range(state.sides)])
    # the winner is named by whoever reads the event ("Gale Company wins: time was called ...")
    return _finish(state, winner, f"time was called after round {state.round}"
                                  f"{': a draw' if winner is None else ''}, as {because}")


def _finish(state: BindingsState, winner: int | None, reason: str) -> list:
    state.over = True
    state.winner = winner
    state.end_reason = reason
    stages.clear(state.pending)
    state.opening = None
    return [MatchEnded(winner, reason)]


def check_end(state: BindingsState) -> list:
    """BND-GM-27: a side with no combatant able to fight loses (both: a draw)."""
    if state.over:
        return []
    fighting: set[int] = set()
    for c in state.combatants.values():
        if c.side not in fighting and c.able:      # one able combatant is enough for a side
            fighting.add(c.side)
    if len(fighting) >= state.sides and all(s in fighting for s in range(state.sides)):
        return []                 # every side can still fight (the common case, asked often)
    able = {s: s in fighting for s in range(state.sides)}
    standing = [s for s, ok in able.items() if ok]
    if len(standing) == 1:
        return _finish(state, standing[0],
                       f"{state.side_name(1 - standing[0])} can no longer fight")
    return _finish(state, None, "nobody is left standing")


# -- turns ---------------------------------------------------------------------------------------

def advance(state: BindingsState, rng: Any) -> list:
    """Run the clock until a seat must decide (or the battle is over)."""
    out: list = []
    for _ in range(10000):
        if state.over or state.pending or state.opening is not None:
            return out
        out += check_end(state)
        if state.over:
            return out
        if state.round == 0:
            # the opening action is done (BND-23): its movement keeps going from R1 S1
            for cid in state.seg_order:
                out += movement.end_turn(state, cid)
            out += start_round_one(state)
            continue
        if state.ending:
            out += _finish_turn(state, rng)
            continue
        if state.turn >= len(state.seg_order):
            out += _next_segment(state, rng)
            continue
        cid = state.seg_order[state.turn]
        c = state.combatants[cid]
        if state.turn_step == NOT_BEGUN:
            if c.down:
                out.append(ev.TurnSkipped(cid, "down"))
                state.turn += 1
                continue
            state.turn_step = ONGOING
            state.turn_begun = True
            if delayed(state, c):
                # BND-19..21: no action yet, but what it already has under way (an opening
                # shot, a declared defence under GM-04) still plays out, then the turn ends
                out.append(ev.TurnSkipped(cid, "delayed in round 1"))
            else:
                out.append(TurnStarted(c.side, cid, state.round))
        if state.turn_step == ONGOING:
            # BND-08: the owner's ongoing things each resolve one more segment
            out += combat.advance_attacks(state, cid, rng)
            if state.pending or state.over:
                return out
            out += movement.advance_pushbacks(state, cid, rng)
            out += combat.advance_features(state, cid, rng)
            if state.pending or state.over:
                return out
            state.turn_step = DECLARED
        if state.turn_step == DECLARED:
            state.turn_step = REFRESH
            if c.defending is not None and c.defend_tick == state.tick and not c.down:
                # BND-13, BND-GM-06: the declared defensive action resolves on its turn
                out += combat.resolve_declared(state, cid, rng)
                if state.pending or state.over:
                    return out
        if state.turn_step == REFRESH:
            state.turn_step = ACTING
            out += movement.refresh_turn(state, cid)
        if c.down or delayed(state, c):
            state.ending = True
            continue
        return out
    raise RuntimeError("bindings: the clock did not settle (a rules bug)")


def end_turn(state: BindingsState, rng: Any) -> list:
    """EndTurn: deferred attacks on the actor resolve now (BND-13), unused hexes are lost."""
    state.ending = True
    return []


def _finish_turn(state: BindingsState, rng: Any) -> list:
    cid = state.seg_order[state.turn]
    c = state.combatants[cid]
    out = list(combat.resolve_deferred(state, cid, rng))
    if state.pending or state.over:
        return out
    out += movement.end_turn(state, cid)
    if not delayed(state, c):
        out.append(TurnEnded(c.side, cid))
    state.ending = False
    state.turn += 1
    state.turn_step = NOT_BEGUN
    state.turn_begun = False
    return out


# -- the opening action (BND-23/24) ----------------------------------------------------------------

def choose_opener(state: BindingsState, explicit: str | None) -> str | None:
    """The one combatant whose action resolves before round 1: named by the scenario, or the
    highest-ranked member of the ambushing side (BND-24: only the first declarer)."""
    if explicit:
        return explicit
    side = house(state, "opening_side")
    if house(state, "precombat") != "first" or side not in (0, 1):
        return None
    for cid in state.order:
        c = state.combatants[cid]
        if c.side == side and not c.down:
            return cid
    return None


def ambush(state: BindingsState, rng: Any) -> list:
    """BND-GM-02: with an ambushing side, every combatant of the other side makes stealth
    contests against each hider; one that notices none of them is unaware (BND-19)."""
    side = house(state, "opening_side")
    if side not in (0, 1):
        return []
    out: list = []
    hiders = [c for c in state.combatants.values() if c.side == side]
    for o in state.combatants.values():
        if o.side == side or o.unaware:
            continue
        noticed = False
        for h in hiders:
            won, events = combat.stealth_contest(state, h.id, o.id, rng)
            out += list(events)
            noticed = noticed or not won
        if not noticed:
            o.unaware = True
    return out


def begin_opening(state: BindingsState, opener: str) -> None:
    """Put the clock before round 1 ("segment 0", tick -1) and wait for the opener's choice."""
    state.round, state.segment = 0, 3
    state.opening = opener
    state.seg_order = [opener]
    state.turn = 0
    for c in state.combatants.values():
        c.slot_tick = -2


def apply_opening(state: BindingsState, action: Any, rng: Any) -> list:
    """Resolve the opening action as segment 0 (BND-GM-09); what it starts goes on in R1 S1."""
    from .actions import UseMove
    cid = action.actor
    state.opening = None
    state.seg_order, state.turn = [cid], 0
    state.turn_step, state.turn_begun = ACTING, True
    if action.move is None:
        return []
    if action.move in movement.MODES:
        return movement.start(state, cid, action.move, tuple(action.target), rng)
    target = tuple(action.target) if action.target is not None else None
    # outside the normal turn the slot rules are ours: the opening uses no segment's slot
    return combat.use_move(state, UseMove(cid, action.move, target), rng, slot_free=True)


# -- readied actions (BND-25/26, BND-GM-24) --------------------------------------------------------

def ready(state: BindingsState, action: Any) -> list:
    c = state.combatants[action.actor]
    budget.spend(state, c, "free", slot=True)      # readying is what it does with this turn
    c.readied = {"move": action.move, "target": list(action.target) if action.target else None,
                 "trigger": action.trigger, "round": state.round}
    return [ev.ActionReadied(c.id, action.move, action.target, action.trigger)]


def _readied_range(state: BindingsState, move_id: str) -> int:
    return max(1, content_of(state).moves[move_id].range_hexes)


def fire_readied(state: BindingsState, cid: str, cause: str, rng: Any) -> list:
    """Fire `cid`'s readied action now because of `cause` (a combatant id): combat calls this
    when an attack is launched at `cid` (trigger "attacked"); movement calls it through
    check_ready_triggers (trigger "enemy_in_range"). The budget is spent only now; it uses this
    segment's slot if still free, else the next segment's (BND-GM-24). Returns [] when it
    cannot fire (lapsed, down, out of budget or cooldown)."""
    from .actions import UseMove
    c = state.combatants.get(cid)
    if c is None or c.readied is None or c.down or c.readied.get("round") != state.round:
        return []
    move_id = str(c.readied["move"])
    src = state.combatants.get(cause)
    target = c.readied.get("target")
    aim = tuple(target) if target else ((src.x, src.y) if src is not None else None)
    cost = budget.move_cost(state, c, move_id)
    if aim is None or not budget.can_afford(state, c, cost) or \
            not budget.cooldown_ready(state, c, move_id):
        return []
    action = UseMove(cid, move_id, aim)
    if combat.check_use_move(state, action, True):
        return []               # out of range or sight now: it keeps waiting
    c.readied = None
    slot_was_used = not budget.slot_free(state, c)
    before = {a.id for a in state.attacks}
    out: list = [ev.ReadiedFired(cid, move_id, cause)]
    out += combat.launch_readied(state, cid, move_id, aim, rng)
    if slot_was_used:
        c.slot_tick = max(c.slot_tick, state.tick + 1)
    for a in state.attacks:
        if a.id not in before and a.attacker == cid:
            a.readied = True
    return out


def check_ready_triggers(state: BindingsState, mover: str, rng: Any) -> list:
    """An enemy of a readied combatant ended a step within the readied move's range and sight
    (trigger "enemy_in_range")."""
    m = state.combatants[mover]
    if m.down or state.over:
        return []
    out: list = []
    for cid in list(state.order):
        c = state.combatants[cid]
        r = c.readied
        if r is None or c.down or c.side == m.side or r.get("trigger") != "enemy_in_range":
            continue
        if r.get("round") != state.round or state.pending:
            continue
        if movement.distance(state, (c.x, c.y), (m.x, m.y)) > _readied_range(state, str(r["move"])):
            continue
        if not can_see(state, (c.x, c.y), (m.x, m.y)):
            continue
        out += fire_readied(state, cid, mover, rng)
        if m.down:
            break
    return out


# -- unused actions (BND-27..30) -------------------------------------------------------------------

def can_spend_unused(state: BindingsState, c: Combatant) -> bool:
    """S3 only (BND-GM-10), once per round (BND-30), and a Standard must be left (BND-27/29)."""
    return state.segment == 3 and c.unused_choice is None and budget.unused_ranks(c) >= 1


def spend_unused(state: BindingsState, action: Any) -> list:
    c = state.combatants[action.actor]
    c.unused_choice = action.mode
    return [ev.UnusedSpent(c.id, action.mode)]


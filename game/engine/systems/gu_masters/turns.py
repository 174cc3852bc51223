"""Gu Masters turns: initiative, the start and end of a creature's turn, the next turn, and the
end of the battle.

Owns: the initiative test and ranking (GU-05..12: Close Combat within 2 m of an enemy, else
Ranged Attack; most degrees of success first, then the lower die, then PCs before NPCs, then the
players' choice or a seeded order; surprise +20; GU-GM-01/02), what happens when a turn starts
(GU-15 essence, GU-18 two reactions, GU-12 the end of surprise) and ends, passing the turn on,
and the end of the battle (GU-GM-46: a side without a conscious creature loses).

Must not: decide what a creature may do in its turn (rules.py and the action modules) or roll
except on the Rng it is handed.
"""
from __future__ import annotations

from game.engine.events import MatchEnded, TurnEnded, TurnStarted
from game.engine.rng import Rng
from game.engine.tactics import pending, timelimit
from game.engine.tactics.footprint import cells_distance
from game.engine.tactics.pending import Pending

from . import breath, checks, dying, gu, ticks
from .events import EssenceChanged, InitiativeSettled, Tested
from .house import HOUSE
from .state import Creature, GuState, Turn

INIT_STAGE = "initiative"
SURPRISE = 20          # GU-11


def test_event(who: str, skill: str, purpose: str, t: checks.TestRoll, auto: str = ""
               ) -> Tested:
    return Tested(who, skill, purpose, t.raw, t.target, t.modified, t.success, t.dos,
                  tuple(t.modifiers), t.critical, t.fumble,
                  tuple(t.faces) if len(t.faces) > 1 else (), auto or (t.automatic or ""))


def roll(state: GuState, rng: Rng, target: int, mods: tuple = (), *, purpose: str = "test",
         disadvantage: bool = False, auto_fail: str | None = None) -> checks.TestRoll:
    """A percentile test with the match's house readings (GU-GM-06 disadvantage, GU-GM-08
    criticals), rolled by checks.py."""
    return checks.roll_test(rng, target, mods, disadvantage=disadvantage,
                            disadv_mode=HOUSE.read(state, "disadv_mode"),
                            crit_mode=HOUSE.read(state, "crit_mode"), auto_fail=auto_fail,
                            purpose=purpose)


def tested(who: str, skill: str, purpose: str, t: checks.TestRoll) -> Tested:
    """The Tested event of a test rolled with checks.py (the flight and grapple actions)."""
    return Tested(who, skill, purpose, t.raw, t.target, t.modified, t.success, t.dos,
                  tuple(t.modifiers), t.critical, t.fumble,
                  tuple(t.faces) if len(t.faces) > 1 else (), t.automatic or "")


def initiative_skill(state: GuState, c: Creature) -> str:
    """GU-05: Close Combat when an enemy is within 2 m, else Ranged Attack."""
    near = any(o.side != c.side and cells_distance(c.cells(), o.cells()) <= 2
               for o in state.living())
    return "Close Combat" if near else "Ranged Attack"


def roll_initiative(state: GuState, rng: Rng) -> list:
    """Every creature's initiative test, then the order (GU-06..10). Fully tied NPCs take a
    seeded order; fully tied PCs are left for their players (a pending stage, GU-GM-01)."""
    events: list = []
    results: dict[str, checks.TestRoll] = {}
    for cid in sorted(state.creatures):
        c = state.creatures[cid]
        skill = initiative_skill(state, c)
        mods = (("surprised", SURPRISE),) if c.surprised else ()
        t = roll(state, rng, c.skills.get(skill, 0), mods, purpose="initiative")
        results[cid] = t
        events.append(test_event(cid, skill, "initiative", t))

    def key(cid: str) -> tuple:
        # GU-06 most DoS; GU-07 lower raw d100 (GU-GM-31); GU-08 PCs first (GU-GM-02: in a
        # match of humans every creature is a PC, so the step changes nothing)
        return (-results[cid].dos, results[cid].raw, 0 if state.creatures[cid].pc else 1)
    order = sorted(results, key=key)
    ties: list[list[str]] = []
    out: list[str] = []
    i = 0
    while i < len(order):
        j = i + 1
        while j < len(order) and key(order[j]) == key(order[i]):
            j += 1
        block = order[i:j]
        if len(block) > 1 and state.creatures[block[0]].pc:
            ties.append(block)                 # GU-09: the players agree (GU-GM-01 prompt)
        elif len(block) > 1:
            rng.shuffle(block)                 # GU-09: the GM orders NPCs (seeded)
        out += block
        i = j
    state.order = out
    events.append(InitiativeSettled(tuple(out), tuple(results[c].dos for c in out)))
    if ties:
        _ask_tie(state, ties[0], [t for t in ties[1:]])
    return events


def _ask_tie(state: GuState, block: list[str], later: list[list[str]]) -> None:
    first = state.creatures[block[0]]
    pending.push(state.pending, Pending(INIT_STAGE, first.side, block[0],
                                        {"tied": list(block), "later": [list(b) for b in later]}))


def settle_tie(state: GuState, chosen: str, rng: Rng) -> list:
    """The players put `chosen` first among the creatures still tied with it (GU-09)."""
    stage = pending.pop(state.pending, INIT_STAGE)
    tied = list(stage.data["tied"])
    later = [list(b) for b in stage.data["later"]]
    start = min(state.order.index(t) for t in tied)
    rest = [t for t in tied if t != chosen]
    placed = state.order.index(chosen)
    state.order.pop(placed)
    state.order.insert(start, chosen)
    events: list = []
    if len(rest) > 1:
        _ask_tie(state, rest, later)
    elif later:
        _ask_tie(state, later[0], later[1:])
    else:
        events.append(InitiativeSettled(tuple(state.order), tuple(0 for _ in state.order)))
        events += start_turn(state, rng)
    return events


def can_act(c: Creature) -> bool:
    return c.conscious


def start_turn(state: GuState, rng: Rng) -> list:
    """The acting creature's turn begins (GU-15, GU-18, GU-12); creatures that cannot act
    (dying, unconscious) pass their turn at once, their end-of-turn rolls made (GU-114)."""
    events: list = []
    for _ in range(len(state.order) * 2 + 2):
        c = state.acting
        if c.on_board:
            c.started = True                                 # GU-12: it may react from now on
            c.reactions = 2                                  # GU-18, GU-GM-39
            c.shield = 0                                     # GU-X-09: shields last until now
            c.evade = 0                                      # GU-35: an Evade lasts until now
            state.turn = Turn(c.id)
            events.append(TurnStarted(c.side, c.id, state.round))
            from . import holding
            events += holding.lapse(state, c)                # GU-GM-35: a held action lapses
            if c.essence_max:
                gain = min(c.essence_regen, c.essence_max - c.essence)   # GU-15, capped
                if gain > 0:
                    c.essence += gain
                    events.append(EssenceChanged(c.id, gain, c.essence, "regen"))
            events += gu.upkeep(state, c)                    # GU-45, GU-GM-47 (gu.py)
            events += ticks.start_effects(state, c, rng)     # GU-16: statuses' damage
            if state.pending:
                return events                                # it orders its effects first
            if check_end(state, events):
                return events
            if can_act(c):
                return events
            events += end_turn_effects(state, rng)
            events.append(TurnEnded(c.side, c.id))
            if check_end(state, events):
                return events
        _advance(state)
    return events


def end_turn_effects(state: GuState, rng: Rng) -> list:
    """What happens as the acting creature's turn ends: a dying creature's Perseverance test
    for its tokens (GU-114..116, counted by dying.py), then its statuses' end-of-turn effects
    (ticks.end_effects: Ablaze's test, durations, Dazed and Stunned; GU-17, GU-136)."""
    from .attack import life_of, set_life
    c = state.acting
    events: list = []
    if c.condition == "dying":
        t = roll(state, rng, c.attrs.get("Perseverance", 0), purpose="dying")
        events.append(test_event(c.id, "Perseverance", "dying", t))
        change = dying.end_of_turn(life_of(c), t)
        events += set_life(state, c, change.life, change.note)
    if c.on_board:
        events += ticks.end_effects(state, c, rng)
    if c.on_board:
        events += breath.end_of_turn(state, c)          # GU-40: a turn without air
    return events


def _advance(state: GuState) -> None:
    state.index += 1
    if state.index >= len(state.order):
        state.index, state.round = 0, state.round + 1


def end_turn(state: GuState, rng: Rng) -> list:
    """EndTurn: the end-of-turn effects, then the next creature's turn; past the house round
    limit (GU-GM-46 `round_limit`) time is called and the side ahead wins (tactics.timelimit)."""
    c = state.acting
    events = end_turn_effects(state, rng)
    events.append(TurnEnded(c.side, c.id))
    if check_end(state, events):
        return events
    _advance(state)
    limit = HOUSE.read(state, "round_limit")
    if limit and state.round > limit:
        winner, why = timelimit.ahead_and_why([_tally(state, s) for s in (0, 1)])
        state.over, state.winner = True, winner
        pending.clear(state.pending)
        return events + [MatchEnded(winner, f"time: after {limit} rounds, "
                                            + (why if winner is not None else f"a draw ({why})"))]
    return events + start_turn(state, rng)


def _tally(state: GuState, side: int) -> timelimit.Tally:
    """One side at the call: creatures out of the fight, HP lost, HP it started with."""
    mine = [c for c in state.creatures.values() if c.side == side]
    return timelimit.Tally(sum(1 for c in mine if not c.conscious),
                           sum(c.max_hp - c.hp if c.conscious else c.max_hp for c in mine),
                           sum(c.max_hp for c in mine))


def check_end(state: GuState, events: list) -> bool:
    """GU-GM-46: a side with no conscious creature loses (both at once: a draw)."""
    if state.over:
        return True
    beaten = [s for s in (0, 1) if not any(c.conscious for c in state.living(s))]
    if not beaten:
        return False
    state.over = True
    pending.clear(state.pending)
    state.winner = None if len(beaten) == 2 else 1 - beaten[0]
    why = "no side has a conscious creature left" if state.winner is None \
        else f"{state.side_name(beaten[0])} has no conscious creature left"
    events.append(MatchEnded(state.winner, why))
    return True


def concede(state: GuState, seat: int) -> list:
    pending.clear(state.pending)
    state.over, state.winner = True, 1 - seat
    return [MatchEnded(state.winner, f"{state.side_name(seat)} conceded")]

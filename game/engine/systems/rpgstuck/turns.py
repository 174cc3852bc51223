"""RPGStuck turn order: initiative (B-17), the start and end of a creature's turn (B-11 action
economy, B-16 condition durations, DoT), going down (RS-03/04), the end of the battle (B-27)
and the round limit (tactics.timelimit).

Owns: `roll_initiative`, `start_turn`, `end_turn`, `knock_out`, `check_end`, `speed_of`.

Must not: resolve attacks (attack.py) or decide what is legal (rules.py); roll only on the Rng
it is handed.
"""
from __future__ import annotations

from game.engine.dice import roll
from game.engine.events import DiceRolled, MatchEnded, TurnEnded, TurnStarted
from game.engine.rng import Rng
from game.engine.tactics import initiative, pending, timelimit

from . import air, damage, grapple, house
from .events import (ConditionChanged, Damaged, FellUnconscious, Healed, InitiativeSettled,
                     Killed)
from .state import Condition, Creature, RpgState, Turn


def roll_initiative(state: RpgState, rng: Rng) -> list:
    """B-17: d20 + DEX each; ties go to the higher DEX, then a seeded coin flip (a d2 for each
    creature of a still-tied block, rolled again until they differ)."""
    events: list = []
    scores: dict[str, tuple[int, int]] = {}
    for cid, c in state.creatures.items():
        r = roll(rng, "d20", "initiative", [("DEX", c.mod("DEX"))])
        events.append(DiceRolled(r, cid, f"{c.name} initiative: {r.breakdown()}"))
        scores[cid] = (r.total, c.mod("DEX"))

    def coin(block: list[str]) -> dict[str, tuple[int, int]]:
        out = {}
        for cid in block:
            r = roll(rng, "d2", "initiative tie")
            events.append(DiceRolled(r, cid, f"{state.creatures[cid].name} tie-break coin: "
                                             f"{r.total}"))
            out[cid] = (r.total, 0)
        return out
    ranking = initiative.rank(list(state.creatures), scores, coin,
                              key=lambda _p, s: (-s[0], -s[1]), max_depth=8)
    state.order = list(ranking.order)
    events.append(InitiativeSettled(ranking.order, tuple(scores[c][0] for c in ranking.order),
                                    ranking.rerolls))
    return events


def speed_of(c: Creature) -> int:
    """B-13 speed less Cripple (B-16, minimum 0); a grappled creature cannot move (RS-71). In
    the air a flier moves at its flying speed (RS-108, B-25)."""
    return speed_in(c, c.aloft)


def speed_in(c: Creature, aloft: bool) -> int:
    """`speed_of` on the ground (`aloft` False: walking) or in the air (its flying speed)."""
    if c.has("grappled"):
        return 0
    if c.has("ridden"):
        return 0                                    # RS-131: the rider has its movement
    base = c.total("mounted") if c.has("mounted") else c.speed    # RS-127: the mount's speed
    if aloft and c.fly:
        base = c.fly
    speed = max(0, base - c.total("cripple"))
    return speed // 2 if c.has("grappling") else speed      # RS-69: a holder moves at half


def _expire(state: RpgState, cid: str, events: list) -> None:
    """B-16: conditions lasting "1 round" end as the creature that inflicted them starts its
    next turn; the bearer's own "until my next turn" ones (Avert) end as its own turn starts."""
    for c in state.creatures.values():
        keep = []
        for cond in c.conditions:
            ends = cond.until == f"turn:{cid}" or (cond.until == "own_turn" and c.id == cid)
            if ends:
                events.append(ConditionChanged(c.id, cond.id, False, cond.value))
            else:
                keep.append(cond)
        c.conditions = keep


def start_turn(state: RpgState, rng: Rng) -> list:
    """The acting creature's turn begins: durations tick (B-16), its reaction comes back
    (B-11), damage over time bites (B-16 DoT), and it gets its action economy."""
    c = state.acting
    assert c is not None
    events: list = [TurnStarted(c.side, c.id, state.round)]
    _expire(state, c.id, events)
    c.reaction = True
    state.turn = Turn(c.id, move_left=speed_of(c))
    dot = c.total("dot")
    if dot and c.up:
        events += lose_hp(state, c, dot, "damage over time")
    if c.up:
        events += air.at_turn_start(state, c)                   # RS-117/118: under water
    return events


def lose_hp(state: RpgState, c: Creature, amount: int, source: str, *,
            true_damage: bool = False) -> list:
    """One damage instance with no percentages (damage over time, a fall, a collision share):
    Aegis takes its X off it unless it is true damage (B-16, B-30 step 4, RS-15), then temp HP
    and HP (RS-12, RS-02), all through damage.py."""
    events: list = []
    amount = damage.after_aegis(amount, c.total("aegis"), true_damage=true_damage)
    got = damage.take(damage.Vitals(c.hp, c.max_hp, c.temp_hp), amount)
    c.hp, c.temp_hp = got.vitals.hp, got.vitals.temp_hp
    events.append(Damaged(c.id, got.to_hp, c.hp, source, got.to_temp, c.temp_hp, amount, 100))
    if c.hp == 0 and c.up:
        events += knock_out(state, c)
    return events


def knock_out(state: RpgState, c: Creature) -> list:
    """RS-03/04: at 0 HP a creature falls Unconscious (and Prone, B-16); it is out of the fight,
    captured rather than killed (SM-01), and loses its hiding place and grapples."""
    c.status = "unconscious"
    c.hidden = False
    c.temp_hp = 0
    events: list = [FellUnconscious(c.id, (c.x, c.y))]
    events += grapple.end_all(state, c, "down")              # RS-76: every hold drops
    if not c.has("prone"):
        c.conditions.append(Condition("prone", source=c.id))
        events.append(ConditionChanged(c.id, "prone", True))
    return events


def heal(state: RpgState, c: Creature, amount: int, source: str) -> list:
    """RS-01: HP back up to max (damage.heal); B-16: healing that lifts an Unconscious creature
    above 0 HP ends Unconscious (it stays Prone and stands up as usual). The dead stay dead."""
    if c.status not in ("up", "unconscious"):
        return []
    v = damage.heal(damage.Vitals(c.hp, c.max_hp, c.temp_hp), amount)
    gained, c.hp = v.hp - c.hp, v.hp
    events: list = [Healed(c.id, gained, c.hp, source)]
    if c.status == "unconscious" and c.hp > 0:
        c.status = "up"
        events.append(ConditionChanged(c.id, "unconscious", False))
    return events


def kill(state: RpgState, c: Creature, how: str) -> list:
    """The creature dies (B-32 coup de grace with lethal strife, RS-10): it leaves the board."""
    events = grapple.end_all(state, c, "down")                # RS-76
    c.status = "dead"
    c.hp = 0
    c.conditions = []
    return events + [Killed(c.id, how)]


def check_end(state: RpgState) -> list:
    """B-27: a side with no creature up has lost; both at once (which cannot happen in one
    action today) would be a draw."""
    if state.over:
        return []
    sides = sorted({c.side for c in state.creatures.values()})
    beaten = [s for s in sides if not state.standing(s)]
    if not beaten:
        return []
    state.over = True
    pending.clear(state.pending)
    if len(beaten) == len(sides):
        state.winner = None
        return [MatchEnded(None, "nobody is left standing")]
    state.winner = next(s for s in sides if s not in beaten)
    return [MatchEnded(state.winner, f"{state.side_name(beaten[0])} has nobody left standing")]


def _tally(state: RpgState, side: int) -> timelimit.Tally:
    mine = [c for c in state.creatures.values() if c.side == side]
    return timelimit.Tally(sum(1 for c in mine if not c.up),
                           sum(c.start_hp - c.hp if c.up else c.start_hp for c in mine),
                           sum(c.start_hp for c in mine))


def end_turn(state: RpgState, rng: Rng) -> list:
    """The acting creature's turn ends; the next creature that is up starts (a new round after
    the last slot). At the house round limit (RS-B-27) the side ahead wins."""
    c = state.acting
    assert c is not None
    events: list = [TurnEnded(c.side, c.id)]
    for _ in range(len(state.order)):
        state.index += 1
        if state.index == len(state.order):
            state.index, state.round = 0, state.round + 1
            limit = house.read(state, "round_limit")
            if limit and state.round > limit:
                winner, why = timelimit.ahead_and_why([_tally(state, s) for s in (0, 1)])
                state.over, state.winner = True, winner
                return events + [MatchEnded(winner, f"time: after {limit} rounds, "
                                                    + (why if winner is not None else
                                                       f"a draw ({why})"))]
        if state.acting.up:
            break
        events += air.at_slot(state, state.acting)             # SM-03: no air, no turn
    events += start_turn(state, rng)
    if not state.acting.up:     # it went down as its turn began (damage over time, no air)
        ended = check_end(state)
        return events + (ended if ended else end_turn(state, rng))
    return events

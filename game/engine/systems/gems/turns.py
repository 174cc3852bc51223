"""Gems turn order: initiative, Action Slots, turn start and end, rounds.

Owns: rolling initiative (GEM-05, GEM-GM-09), starting a gem's turn (2 Action Slots, GEM-06;
truces and timed effects tick; the water check, GEM-18..20, GEM-GM-12), ending it and passing to
the next formed gem in the order (poofed and shattered gems are skipped), counting rounds and
calling time (GEM-GM-32). With a game-master seat (gm.py) the current (GM-12) and the round
limit (GM-32) are asked as gm_call stages and `resume_gm` carries on after the answer.

Must not: validate actions (rules.py) or resolve combat (combat.py).
"""
from __future__ import annotations

from game.engine.events import MatchEnded, RulingMade, TurnEnded, TurnStarted
from typing import Any

from game.engine.rng import Rng
from game.engine.rules import ConfigError
from game.engine.tactics import pending as stages
from game.engine.tactics.initiative import rank
from game.engine.tactics.timelimit import Tally, ahead_and_why

from . import events as ev
from . import gm
from .common import (DIRECTIONS, TILE_CAPACITY, check_end, combat_roll, footprint_at,
                     forced_fall, ground_elevation, is_solid, is_water, ms_now, occupancy,
                     place_unit, solid_item_at, unit_elevation)
from .house import house
from .state import GemsState, Unit

SLOTS_PER_TURN = 2      # GEM-06


def roll_initiative(state: GemsState, rng: Rng, units: list[str] | None = None) -> list:
    """Everyone (or `units`) makes a Combat Roll; highest total acts first; ties go to the higher
    CPR, then the tied gems reroll until the tie breaks (GEM-05, GEM-GM-09)."""
    ids = units if units is not None else [u for u in state.units if state.units[u].formed]
    out: list = []
    totals: dict[str, int] = {}
    for uid in ids:
        u = state.units[uid]
        total, e = combat_roll(rng, u, "initiative", f"{u.name} rolls initiative")
        totals[uid] = total
        u.initiative = total
        out.append(e)

    def reroll(block: list[str]) -> dict[str, int]:
        sub: dict[str, int] = {}
        for uid in block:
            u = state.units[uid]
            t, e = combat_roll(rng, u, "initiative tie-break",
                               f"{u.name} rerolls a tied initiative")
            sub[uid] = t
            out.append(e)
        return sub

    # GEM-05: ties go to the higher CPR, then the tied gems reroll (at most 50 times nested)
    ranking = rank(list(ids), totals, reroll, key=lambda g, t: (-t, -state.units[g].cpr),
                   max_depth=50)
    order, rerolls = list(ranking.order), ranking.rerolls
    # gems no longer formed keep their place at the end of the order (they are skipped)
    state.order = order + [u for u in (state.order or list(state.units)) if u not in order]
    out.append(ev.InitiativeSet(tuple(order), tuple(totals[u] for u in order), rerolls))
    return out


def set_initiative(state: GemsState, order: Any) -> list:
    """A turn order given instead of rolled (a scenario's or a game master's; GEM-05 decides
    only how dice would set it): every unit once, first to act first; totals become N..1."""
    if (not isinstance(order, list) or not all(isinstance(u, str) for u in order)
            or sorted(order) != sorted(state.units)):
        raise ConfigError(f"'initiative' must list every unit once, e.g. {sorted(state.units)!r}, "
                          f"not {order!r}")
    state.order = list(order)
    totals = tuple(range(len(order), 0, -1))
    for uid, total in zip(order, totals):
        state.units[uid].initiative = total
    return [ev.InitiativeSet(tuple(order), totals, 0)]


def acting_unit(state: GemsState) -> Unit | None:
    uid = state.acting
    return state.units.get(uid) if uid else None


def start_turn(state: GemsState, rng: Rng) -> list:
    """Begin the turn at `state.turn`, skipping gems that are no longer formed."""
    out: list = []
    for _ in range(len(state.order) * 2 + 2):
        if state.over:
            return out
        if not any(state.units[u].formed for u in state.order):
            out += check_end(state)
            return out
        uid = state.order[state.turn]
        u = state.units[uid]
        if not u.formed:
            out.append(ev.TurnSkipped(uid, "shattered" if u.shattered else "poofed"))
            out += _advance(state, rng)
            if state.pending:       # the game master is asked to call time (GEM-GM-32)
                return out
            continue
        state.slots = SLOTS_PER_TURN
        state.plans.clear()
        state.ready_open = False
        u.free_altitude_used = False
        u.ms_penalty = 0
        out += _tick(state, u)
        out.append(TurnStarted(u.side, uid, state.round))
        out += water_check(state, u, rng)
        out += check_end(state)
        if state.over or u.formed:
            return out
        out.append(TurnEnded(u.side, uid))
        out += _advance(state, rng)
        if state.pending:
            return out
    return out


def end_turn(state: GemsState, rng: Rng) -> list:
    uid = state.acting
    out: list = []
    if uid is not None:
        u = state.units[uid]
        out.append(TurnEnded(u.side, uid))
        u.ms_penalty = 0
    state.slots = 0
    state.ready_open = False
    state.plans.clear()
    out += _advance(state, rng)
    if state.pending:               # the game master is asked to call time (GEM-GM-32)
        return out
    out += start_turn(state, rng)
    return out


def _advance(state: GemsState, rng: Rng) -> list:
    out: list = []
    state.turn += 1
    if state.turn >= len(state.order):
        state.turn = 0
        limit = int(house(state, "round_limit") or 0)
        if limit and state.round >= limit:
            if gm.seat(state) is not None:
                _ask_time(state, limit)
                return out
            return out + call_time(state, limit)
        out += _next_round(state, rng)
    return out


def _next_round(state: GemsState, rng: Rng) -> list:
    state.round += 1
    out: list = [ev.RoundStarted(state.round)]
    if house(state, "initiative") == "each_round":
        out += roll_initiative(state, rng)
    return out


def _standing(state: GemsState) -> list[Tally]:
    """Each side at a called time: gems knocked out (poofed or shattered), HP lost, HP it
    started with (GEM-GM-32)."""
    out = []
    for side in range(state.sides):
        gems = [g for g in state.units.values() if g.side == side]
        out.append(Tally(sum(1 for g in gems if not g.formed),
                         sum(g.max_hp - max(0, g.hp) if g.formed else g.max_hp for g in gems),
                         sum(g.max_hp for g in gems)))
    return out


def _ask_time(state: GemsState, rounds: int) -> None:
    """GEM-GM-32 with a game-master seat: asked once the round limit is reached rather than at
    every round start, so a table is not interrupted thirty times to say "go on"."""
    ahead = "; ".join(f"{state.side_name(n, f'side {n + 1}')}: {t.knocked_out} knocked out, {t.hp_lost} of "
                      f"{t.hp_start} HP lost" for n, t in enumerate(_standing(state)))
    gm.ask(state, "GEM-GM-32", None,
           f"Round {state.round} is over, the table's limit of {rounds}. End the encounter "
           f"now? ({ahead})",
           [("end", "End it now: fewer gems knocked out wins, then more damage dealt"),
            ("one_more", "Play one more round, then ask again"),
            ("five_more", "Play five more rounds, then ask again"),
            ("no_limit", "Play on until one side is left")],
           "end", {"kind": "time", "rounds": rounds})


def call_time(state: GemsState, rounds: int, ruling: bool = True) -> list:
    """GEM-GM-32: the game master declares the encounter over after `rounds` rounds (house rule
    round_limit); tactics.timelimit says who is ahead."""
    winner, because = ahead_and_why(_standing(state))
    state.over = True
    state.winner = winner
    stages.clear(state.pending)
    state.ready_open = False
    state.plans.clear()
    state.slots = 0
    # the winner is named by whoever reads the event ("Tidewatch wins: time is called ...")
    why = (f"time is called after {rounds} rounds, as {because}"
           if winner is not None else f"time is called after {rounds} rounds: a draw, as "
                                      f"{because}")
    out: list = [RulingMade("GEM-GM-32", f"encounter ends after {rounds} rounds")] if ruling else []
    return out + [MatchEnded(winner, why)]


def _tick(state: GemsState, u: Unit) -> list:
    """Her own turn begins: truces she made count down (GEM-GM-25), timed effects too."""
    out: list = []
    for other, left in list(u.truces.items()):
        if left > 0:
            left -= 1
            if left == 0:
                del u.truces[other]
                out.append(ev.TruceEnded(u.id, other))
            else:
                u.truces[other] = left
    keep = []
    for eff in u.effects:
        eff["turns"] = int(eff.get("turns", 0)) - 1
        if eff["turns"] > 0:
            keep.append(eff)
        else:
            out.append(ev.AbilityEnded(u.id, eff.get("ability", ""), "expired"))
    u.effects = keep
    return out


def surrounded_by_water(state: GemsState, u: Unit) -> bool:
    """Her own tiles and every tile around them are water (GEM-18, GEM-GM-12)."""
    for tx in range(u.x - 1, u.x + u.size + 1):
        for ty in range(u.y - 1, u.y + u.size + 1):
            if not is_water(state, tx, ty):
                return False
    return True


def water_check(state: GemsState, u: Unit, rng: Rng) -> list:
    """GEM-18..20 with the GEM-GM-12 defaults: at the start of her turn a gem on the ground whose
    tiles and all neighbours are water loses the tile's water_penalty in MS this turn; if MS drops
    below 0 she rolls automatically against the current's threshold (strictly exceed) and on a
    failure drifts |MS| tiles along current_dir, stopping before a solid or full tile."""
    if u.altitude is not None or u.carried_by is not None or not surrounded_by_water(state, u):
        return []
    board = state.board
    penalty = int(board.prop(u.x, u.y, "water_penalty", house(state, "water_penalty")))
    u.ms_penalty = penalty
    ms = ms_now(state, u)
    out: list = [ev.WaterSlowed(u.id, penalty, ms)]
    if ms >= 0:
        return out          # GEM-20: no roll, no drift at MS 0 or more
    direction = str(board.prop(u.x, u.y, "current_dir", "") or "").upper()
    if direction not in DIRECTIONS:
        return out          # still water: nothing to be swept by
    threshold = int(board.prop(u.x, u.y, "current_threshold", house(state, "current_threshold")))
    if gm.seat(state) is not None:
        _ask_current(state, u, direction, threshold, ms)
        return out
    # GEM-GM-37: with no game-master seat the call is settled by the map/house default, logged
    return out + _current(state, u, rng, direction, threshold, ms,
                          RulingMade("GEM-GM-12", f"current {direction}, threshold {threshold}"))


WATER_STEP = 4      # how much easier or harder the game master may make a current (20% on d20)


def _ask_current(state: GemsState, u: Unit, direction: str, threshold: int, ms: int) -> None:
    """GEM-GM-12 with a game-master seat: does the current pull this turn, and how hard?"""
    easier, harder = max(0, threshold - WATER_STEP), threshold + WATER_STEP
    gm.ask(state, "GEM-GM-12", u.id,
           f"{u.name} is out of her depth (Movement Speed {ms}) in a current flowing "
           f"{direction}. How hard does it pull?",
           [("tile", f"As the map says: she must roll over {threshold} or drift {-ms}"),
            ("easier", f"Weaker: she must roll over {easier}"),
            ("harder", f"Stronger: she must roll over {harder}"),
            ("calm", "Calm this turn: no roll and no drift")],
           "tile", {"kind": "water", "unit": u.id, "direction": direction,
                    "threshold": threshold})


def resume_gm(state: GemsState, resume: dict, choice: str, rng: Rng) -> list:
    """Carry on after the game master's answer to a water (GM-12) or time (GM-32) call."""
    if resume["kind"] == "water":
        u = state.units[resume["unit"]]
        threshold = int(resume["threshold"])
        if choice == "calm" or not u.formed:
            return []
        if choice == "easier":
            threshold = max(0, threshold - WATER_STEP)
        elif choice == "harder":
            threshold += WATER_STEP
        return _current(state, u, rng, str(resume["direction"]), threshold, ms_now(state, u), None)
    if resume["kind"] == "time":
        rounds = int(resume["rounds"])
        if choice == "end":
            return call_time(state, rounds, ruling=False)
        more = {"one_more": 1, "five_more": 5}.get(choice)
        # the limit is a table setting kept in the state, so a saved match remembers it
        state.house["round_limit"] = state.round + more if more else 0
        out = _next_round(state, rng)
        return out + start_turn(state, rng)
    raise ValueError(f"turns cannot resume a {resume['kind']!r} call")


def _current(state: GemsState, u: Unit, rng: Rng, direction: str, threshold: int, ms: int,
             ruling: RulingMade | None) -> list:
    """The roll against a current and the drift on a failure (GEM-19, GEM-20)."""
    out: list = []
    total, roll_event = combat_roll(rng, u, "current", f"{u.name} fights the current "
                                    f"(needs over {threshold})")
    if ruling is not None:
        out.append(ruling)
    out.append(roll_event)
    if total > threshold:   # GEM-GM-36: thresholds are exceeded, never met
        out.append(ev.CurrentResisted(u.id, threshold))
        return out
    dx, dy = DIRECTIONS[direction]
    distance = -ms
    path: list[tuple[int, int]] = []
    x, y = u.x, u.y
    start_elev = unit_elevation(state, u)
    for _ in range(distance):
        nx, ny = x + dx, y + dy
        if not _drift_ok(state, u, nx, ny):
            break
        if ground_elevation(state, nx, ny, u.size) - ground_elevation(state, x, y, u.size) > u.size:
            break           # a current does not carry her up a bank she could not climb
        x, y = nx, ny
        path.append((x, y))
    out.append(ev.CurrentCarried(u.id, threshold, direction, distance, len(path)))
    if path:
        place_unit(state, u.id, x, y)
        out.append(ev.UnitMoved(u.id, tuple(path), "drift", 0))
        drop = start_elev - ground_elevation(state, x, y, u.size)
        if drop > 2 * u.size:
            out += forced_fall(state, u.id, drop, "current")
    return out


def _drift_ok(state: GemsState, u: Unit, x: int, y: int) -> bool:
    for tx, ty in footprint_at(x, y, u.size):
        if is_solid(state, tx, ty) or solid_item_at(state, tx, ty):
            return False
        if occupancy(state, tx, ty, {u.id}) >= TILE_CAPACITY:
            return False
    return True

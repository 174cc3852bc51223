"""RPGStuck flight (B-25, RS-108, RS-52, RS-75, RS-115): rising and descending, carrying what a
flier holds, and falling when flight is lost.

A flier is a creature whose stat block gives a flying speed (`Creature.fly`); its `altitude` is
the feet between its feet and the floor under it, in 5 ft steps (B-25). Distances with altitude
are heights.py's; a level flight keeping its height over the map's floors is moves.py's (the
engine passes `MoveRules.flying` and `height`).

Owns:
- who holds itself up (`flies`): a flier that is up, not Prone (B-16), not flightless (RS-52
  wings hit, SM-12 wings destroyed, RS-68 wings seized), not riding or ridden;
- the Fly action (`rs.fly`): straight up or down to another altitude, 5 ft of movement per 5 ft
  (RS-108: flying has no special cost, so a foot up costs what a foot across does). From the
  ground it takes off and down to 0 it lands; the turn's movement then follows the speed in use
  (our reading, as in 5e: what is left changes by the difference between flying and walking).
  What it holds rises and sinks with it (B-25: carrying as RS-75), never below its floor; it
  lifts only what is no larger than itself unless that can fly (ours: the document sets no
  load). Refused while Grappled (RS-71), Prone, riding, ridden or grounded;
- `settle`, run after every action: whatever is above its floor and not held up falls its whole
  altitude (B-25) and takes RS-115's dice. Held up means flying on its own, or held by a flier
  that is itself held up, with RS-75 between them: (a) the hold ends: what cannot fly falls;
  (b) both made to fall: both fall; (c) only the held one made to fall: its holder answers the
  `hold_aloft` stage (let go, fall with it, or an Athletics check against the roll or check
  that grounded it, DC 10 when none did: ours; a failure brings both down); (d) the holder made
  to fall: what it holds comes down with it. A flier held by a creature on the ground is
  pulled down (B-16: held, it cannot keep itself up: our reading of the Grappled condition);
- the `hold_aloft` stage's answers.

Must not: roll except on the Rng it is handed (fall dice through arith.fall, the check through
rolls.py), price steps (moves.py) or measure reach (heights.py).
"""
from __future__ import annotations

from game.engine.events import DiceRolled
from game.engine.rng import Rng
from game.engine.tactics import pending
from game.engine.tactics.pending import Pending

from . import arith, grapple, rolls, terrain, turns
from .actions import Fly, HoldAloft
from .events import AltitudeChanged, AttackRolled, CheckMade, ConditionChanged, HeldAloft
from .state import Condition, Creature, RpgState

FT = terrain.FEET_PER_SQUARE
ACTIONS = (Fly,)
HOLD_STAGE = "hold_aloft"                 # RS-75 (c): the holder answers for what it holds
HOLD_ANSWERS = ("let_go", "fall", "check")
NO_ROLL_DC = 10          # RS-75 (c) with neither a roll nor a DC behind the fall: ours
CARRIED = "carried"      # condition: held up by its holder (RS-75 (c) passed), source = holder
GROUNDING = ("prone", "flightless")       # conditions that take a flier's own flight


# --- who flies -----------------------------------------------------------------------------------
def flies(c: Creature) -> bool:
    """Whether `c` can keep itself in the air now (RS-108, B-16 Prone and Flightless)."""
    return (c.fly > 0 and c.up and not any(c.has(k) for k in GROUNDING)
            and not c.has("mounted") and not c.has("ridden"))


def _support(state: RpgState, c: Creature, memo: dict[str, str]) -> str:
    """What keeps `c` (aloft) up: "self", "held" (a holder in the air carries it), "ask" (RS-75
    (c): it lost its own flight in a flying holder's grip, the holder has not answered yet) or
    "none" (it falls)."""
    if c.id in memo:
        return memo[c.id]
    memo[c.id] = "self" if flies(c) else "none"     # a loop of holds: judged on its own wings
    holders = grapple.holders_of(state, c)
    if any(not h.aloft for h in holders):
        out = "none"                                # pulled down by a holder on the ground
    elif any(_support(state, h, memo) == "none" for h in holders):
        out = "none"                                # RS-75 (b), (d): its holder falls
    elif flies(c):
        out = "self"
    elif not holders:
        out = "none"                                # B-25: flight lost, nothing holds it
    elif c.fly == 0 or any(k.id == CARRIED and k.source in {h.id for h in holders}
                           for k in c.conditions):
        out = "held"                                # carried (B-25, RS-75)
    else:
        out = "ask"                                 # RS-75 (c)
    memo[c.id] = out
    return out


# --- the Fly action ------------------------------------------------------------------------------
def budget(state: RpgState, c: Creature, to: int) -> int:
    """The feet of movement `c` has for a flight to altitude `to`, speeds switched as it takes
    off (before paying) or lands (after): left over, negative when it cannot pay."""
    left = state.turn.move_left
    cost = abs(to - c.altitude)
    if not c.aloft and to > 0:                      # taking off: the flying speed from now
        left = max(0, left + turns.speed_in(c, True) - turns.speed_in(c, False))
        return left - cost
    return left - cost


def _refusal_of_flier(c: Creature) -> str | None:
    if c.fly <= 0:
        return f"{c.id} cannot fly"
    if not c.up:
        return f"{c.id} is down"
    if c.has("grappled"):
        return f"{c.id} is held and cannot move (RS-71)"
    if c.has("prone"):
        return f"{c.id} is prone: stand up first"
    if c.has("flightless"):
        return f"{c.id} has lost its flight"
    if c.has("mounted") or c.has("ridden"):
        return f"{c.id} is riding or ridden"
    return None


def _lifts(state: RpgState, c: Creature) -> bool:
    """Ours: a flier lifts what it holds that cannot fly only up to its own size."""
    return all(d.fly > 0 or d.size_index <= c.size_index for d in grapple.held_by(state, c))


def choices(state: RpgState, c: Creature) -> list[Fly]:
    """Every altitude `c` may fly to now, 5 ft apart (B-25), that its movement pays."""
    if c.id != state.turn.actor or _refusal_of_flier(c) is not None:
        return []
    out: list[Fly] = []
    top = c.altitude + max(0, budget(state, c, c.altitude + FT) + FT)
    up = _lifts(state, c)
    for to in range(0, top + 1, FT):
        if to != c.altitude and (to < c.altitude or up) and budget(state, c, to) >= 0:
            out.append(Fly(c.id, to))
    return out


def refusal(state: RpgState, c: Creature, action: Fly) -> tuple[str, str] | None:
    why = _refusal_of_flier(c)
    if why is not None:
        return why, "RS-B-25"
    if action.altitude < 0 or action.altitude % FT:
        return f"altitude goes in 5 ft steps from 0, not {action.altitude}", "RS-B-25"
    if action.altitude == c.altitude:
        return f"{c.id} is already {c.altitude} ft up", "RS-B-25"
    if action.altitude > c.altitude and not _lifts(state, c):
        return f"{c.id} cannot lift a creature larger than itself", "RS-B-25"
    if budget(state, c, action.altitude) < 0:
        return (f"flying from {c.altitude} to {action.altitude} ft costs "
                f"{abs(action.altitude - c.altitude)} ft; {c.id} has {state.turn.move_left} ft "
                f"left", "RS-108")
    return None


def apply(state: RpgState, c: Creature, action: Fly) -> list:
    """Rise or sink, pay the feet (switching speeds on taking off or landing), and carry what it
    holds by the same height (B-25, RS-75/78)."""
    t = state.turn
    was, to = c.altitude, action.altitude
    cost = abs(to - was)
    left = budget(state, c, to)
    c.altitude = to
    if was > 0 and to == 0:                         # landed: walking from now
        left = max(0, left + turns.speed_in(c, False) - turns.speed_in(c, True))
    t.move_left = left
    events: list = [AltitudeChanged(c.id, to, was, "fly", cost)]
    for d in grapple.held_by(state, c):
        now = max(0, d.altitude + to - was)
        if now != d.altitude:
            events.append(AltitudeChanged(d.id, now, d.altitude, "carried"))
            d.altitude = now
    return events


# --- level flight ---------------------------------------------------------------------------------
def heights_of(state: RpgState, movers: list[Creature]) -> dict[str, int]:
    """The heights of the movers in the air before a level move (B-25)."""
    return {c.id: arith.height(state, c) for c in movers if c.aloft}


def keep_heights(state: RpgState, before: dict[str, int]) -> list:
    """After a level move: each mover in the air is as high as before, so its altitude is that
    height over the floor it now flies over (moves.py kept it off any floor that reaches it)."""
    events: list = []
    for cid, high in before.items():
        c = state.creatures[cid]
        now = high - arith.floor_under(state, c)
        if now != c.altitude:
            events.append(AltitudeChanged(c.id, now, c.altitude, "flight"))
            c.altitude = now
    return events


# --- falling --------------------------------------------------------------------------------------
def _causes(events: list) -> dict[str, int]:
    """RS-75 (c): per creature grounded during the action, the total of the attack roll or
    check that came last before it (what the holder's Athletics must reach)."""
    last: int | None = None
    out: dict[str, int] = {}
    for e in events:
        if isinstance(e, (AttackRolled, CheckMade)):
            last = e.total
        elif isinstance(e, ConditionChanged) and e.gained and e.condition in GROUNDING \
                and last is not None:
            out[e.creature] = last
    return out


def drop(state: RpgState, c: Creature, rng: Rng) -> list:
    """`c` falls its whole altitude to the floor under it (B-25) and takes RS-115's dice."""
    feet = c.altitude
    if not feet:
        return []
    c.altitude = 0
    c.conditions = [k for k in c.conditions if k.id != CARRIED]
    events: list = [AltitudeChanged(c.id, 0, feet, "fell")]
    if state.turn.actor == c.id:                    # walking from now (ours, as landing)
        state.turn.move_left = max(0, state.turn.move_left + turns.speed_in(c, False)
                                   - turns.speed_in(c, True))
    return events + arith.fall(state, c, feet, rng)


def settle(state: RpgState, events: list, rng: Rng) -> list:
    """After every action: whatever is in the air and held up by nothing falls; a flier made to
    fall in a flying holder's grip waits for its holder's answer (RS-75 (c))."""
    out: list = []
    causes = _causes(events)
    for _ in range(len(state.creatures) + 1):       # a fall that knocks a holder out drops more
        rank = {cid: n for n, cid in enumerate(state.order)}
        up = sorted((c for c in state.creatures.values()
                     if c.aloft and c.status in ("up", "unconscious")),
                    key=lambda c: (rank.get(c.id, len(rank)), c.id))
        for c in up:                                # a stale mark: its holder let go
            holders = {h.id for h in grapple.holders_of(state, c)}
            c.conditions = [k for k in c.conditions if k.id != CARRIED or k.source in holders]
        memo: dict[str, str] = {}
        support = {c.id: _support(state, c, memo) for c in up}
        waiting = {s.data["target"] for s in state.pending if s.stage == HOLD_STAGE}
        falling = [c for c in up if support[c.id] == "none"]
        for c in up:
            if support[c.id] == "ask" and c.id not in waiting:
                h = next(h for h in grapple.holders_of(state, c) if memo.get(h.id) != "none")
                pending.push(state.pending, Pending(HOLD_STAGE, h.side, h.id, {
                    "target": c.id, "dc": causes.get(c.id, NO_ROLL_DC)}))
        if not falling:
            break
        for c in falling:
            out += drop(state, c, rng)
    return out + (turns.check_end(state) if out else [])


# --- the RS-75 (c) stage --------------------------------------------------------------------------
def stage_choices(state: RpgState, stage: Pending) -> list[HoldAloft]:
    return [HoldAloft(stage.actor, stage.data["target"], how) for how in HOLD_ANSWERS]


def answer(state: RpgState, action: HoldAloft, rng: Rng) -> list:
    """RS-75 (c): let go (it falls alone), fall with it, or hold it up on an Athletics check
    against what grounded it (a failure: both fall)."""
    stage = pending.pop(state.pending, HOLD_STAGE)
    h, d = state.creatures[action.unit], state.creatures[action.target]
    if action.how == "let_go":
        return [HeldAloft(h.id, d.id, "let_go", False)] + grapple.end(state, h, d, "let go")
    kept = False
    events: list = []
    if action.how == "check":
        dc = int(stage.data["dc"])
        got = rolls.roll_check(rng, h.skills["athletics"], dc=dc, net=0,
                               nat_rules=arith.house.read(state, "skill_naturals"),
                               purpose="hold aloft")
        kept = bool(got.success)
        events += [DiceRolled(got.d20.roll, h.id, f"{h.name} holds {d.name} up: "
                                                   f"{got.d20.roll.breakdown()}"),
                   CheckMade(h.id, "athletics", got.total, dc, kept, "hold aloft")]
    events.insert(0, HeldAloft(h.id, d.id, action.how, kept))
    if kept:
        d.conditions.append(Condition(CARRIED, 0, h.id))
        return events
    return events + drop(state, h, rng) + drop(state, d, rng)


"""Flying maneuvers on the map in gu_masters: Take Flight, Fly, Dive (with its one melee strike
and its Land or 1 m rise), Evade and Land, altitude on the creature, and a creature made
airborne with or without flight (GU-21/22, GU-28..36, GU-89, GU-118/119, GU-GM-24/48).

Owns: the action records of the maneuvers, `legal` (what the acting creature may fly now),
`apply`, the after-dive stage, `wings` (the one flight Gu a creature flies by, GU-22),
`airborne_fall` and `settle` (GU-118/119: a creature in the air without flight falls). The
Evade penalty is kept on the creature (`evade`) for every attack test at it (attack.py). The numbers are flight.py's and falling.py's.

Must not: hold a number those modules own, walk creatures (moves.py) or decide reactions
(reactions.py; flying out of reach provokes there like any move, GU-89).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.actions import action
from game.engine.events import event
from game.engine.records import Record
from game.engine.rng import Rng
from game.engine.rules import Refusal
from game.engine.tactics import pending
from game.engine.tactics.footprint import block_at
from game.engine.tactics.pending import Pending

from . import attack, checks, content, falling, flight
from .actions import DodgeMove
from .events import Moved
from .house import HOUSE
from .state import Creature, GuState, Status
from .terrain import floor_of, ground_of
from .turns import test_event

AFTER_DIVE = "dive_strike"         # the diver may strike once (GU-33)
DRIFT_STAGE = "drift"              # knocked into the air with wings: glide at once (GU-118)
DIVE_FINISH = "dive_finish"        # then lands or rises 1 m (GU-33)
RISE_AFTER_DIVE = 1                # GU-33


@action("gu.take_flight")
@dataclass(frozen=True, slots=True)
class TakeFlight(Record):
    """Take Flight from the ground by the flight Gu `wings` (GU-22, GU-30)."""
    actor: str
    wings: str


@action("gu.fly")
@dataclass(frozen=True, slots=True)
class Fly(Record):
    """Fly in a straight line to top-left square (x, y) at `altitude` m over its floor (GU-31)."""
    actor: str
    x: int
    y: int
    altitude: int


@action("gu.dive")
@dataclass(frozen=True, slots=True)
class Dive(Record):
    """Dive toward (x, y) at `altitude` m over its floor (GU-32..34): a Flying test first."""
    actor: str
    x: int
    y: int
    altitude: int


@action("gu.evade")
@dataclass(frozen=True, slots=True)
class Evade(Record):
    """Evade (GU-35): a Flying test; attacks at it are harder until its next turn."""
    actor: str


@action("gu.land")
@dataclass(frozen=True, slots=True)
class Land(Record):
    """Set down on the floor below (GU-36, GU-GM-24)."""
    actor: str


@action("gu.dive_strike")
@dataclass(frozen=True, slots=True)
class DiveStrike(Record):
    """At the end of a Dive (GU-33): one melee strike at `target` with `strike`/`weapon`, or
    none when `target` is ""."""
    actor: str
    target: str = ""
    strike: str = ""
    weapon: str = ""


@action("gu.dive_finish")
@dataclass(frozen=True, slots=True)
class DiveFinish(Record):
    """The Dive's last part (GU-33/36): `land` (a Flying test, failure prone) or rise 1 m."""
    actor: str
    land: bool


@event("gu.flew")
@dataclass(frozen=True, slots=True)
class Flew(Record):
    """`who` made the maneuver `maneuver` (take_flight, fly, dive, evade, land, rise, drift,
    fall); `path` the squares entered; `altitude` its altitude over its floor after it;
    `success` the maneuver's test where it had one; `penalty` an Evade's penalty."""
    who: str
    maneuver: str
    altitude: int
    path: tuple[tuple[int, int], ...] = ()
    success: bool = True
    penalty: int = 0


# --- what a creature flies by -------------------------------------------------------------
def wing_options(c: Creature) -> list[flight.Wings]:
    """GU-21/22: the flight effects of the Gu it sustains (and passive Gu it carries)."""
    lib = content.content()
    out: list[flight.Wings] = []
    for gid in dict.fromkeys([*c.sustained, *c.gu]):
        g = lib.gu.get(gid)
        if g is None or (gid not in c.sustained and g.use != "passive"):
            continue
        for e in g.effects:
            if e.verb == "flight":
                out.append(flight.Wings(gid, e.args.speed, e.args.maneuvers))
    return out


def wings(state: GuState, c: Creature) -> flight.Wings | None:
    """The flight it uses: the one chosen this turn (GU-22), else its best."""
    opts = wing_options(c)
    chosen = state.turn.wings if state.turn.actor == c.id else ""
    if chosen and any(w.source == chosen for w in opts):
        return flight.choose_wings(opts, chosen)
    return flight.choose_wings(opts)


def speed(c: Creature) -> int:
    w = flight.choose_wings(wing_options(c))
    return w.speed if w else 0


def airborne(c: Creature) -> bool:
    return c.altitude > 0


# --- listing ------------------------------------------------------------------------------
def _may_maneuver(state: GuState, c: Creature) -> bool:
    """GU-21: maneuvers replace the walk: none once it walked, none when it cannot move."""
    t = state.turn
    return c.conscious and c.condition == "up" and not c.has("restrained") \
        and not c.has("stunned") and (t.maneuvers > 0 or t.moved == 0)


def _left(state: GuState, w: flight.Wings) -> int:
    return w.maneuvers - state.turn.maneuvers


def _heights(alt: int, floor: int, speed_m: int) -> list[int]:
    """The altitudes a Fly is listed at: level, and up or down by half and all of its speed
    (a short list keeps the choices readable; every other height is a straight line away)."""
    base = floor + alt
    out = {base, base + speed_m, base + speed_m // 2, base - speed_m // 2, base - speed_m}
    return sorted(h for h in out if h >= 0)


def legal(state: GuState, c: Creature) -> list:
    if pending.top(state.pending) is not None or not _may_maneuver(state, c):
        return []
    opts = wing_options(c)
    if not opts:
        return []
    out: list = []
    ground = ground_of(state.board)
    if not airborne(c):
        for w in opts:                                          # GU-22: pick the wings
            if flight.refusal("take_flight", w.speed, False, 0, maneuvers_left=_left(state, w)) \
                    is None and flight.take_flight_rise(w.speed) > 0:
                out.append(TakeFlight(c.id, w.source))
        return out
    w = wings(state, c)
    if w is None or _left(state, w) <= 0:
        return out
    here = (c.x, c.y)
    floor = floor_of(ground, here, c.size)
    height = floor + c.altitude
    occupied = {cell for o in state.living() if o.id != c.id for cell in o.cells()}
    for dy in range(-w.speed, w.speed + 1):
        for dx in range(-w.speed, w.speed + 1):
            dest = (c.x + dx, c.y + dy)
            if not ground.in_bounds(dest):
                continue
            dfloor = floor_of(ground, dest, c.size) if all(
                ground.in_bounds(p) for p in _block(dest, c.size)) else None
            if dfloor is None or any(p in occupied for p in _block(dest, c.size)):
                continue
            for h in _heights(c.altitude, floor, w.speed):
                if h - dfloor < 1:
                    continue
                if flight.fly_path(ground, here, height, dest, h, w.speed, c.size):
                    out.append(Fly(c.id, dest[0], dest[1], h - dfloor))
    if flight.refusal("evade", w.speed, True, c.altitude, evaded=state.turn.evaded) is None:
        out.append(Evade(c.id))
    if falling.dive_allowed(c.altitude):
        reach = falling.dive_reach(w.speed, c.altitude)
        for dy in range(-reach.forward, reach.forward + 1):
            for dx in range(-reach.forward, reach.forward + 1):
                dest = (c.x + dx, c.y + dy)
                if not all(ground.in_bounds(p) for p in _block(dest, c.size)) \
                        or any(p in occupied for p in _block(dest, c.size)):
                    continue
                dfloor = floor_of(ground, dest, c.size)
                # listed: the dive to the floor, and the dive to 1 m above it
                for alt in (0, 1):
                    if flight.dive_path(ground, here, height, dest, dfloor + alt, reach.down,
                                        reach.forward, c.size):
                        out.append(Dive(c.id, dest[0], dest[1], alt))
    land_mode = "any" if HOUSE.read(state, "land_limit") == "any" else "flying_speed"
    limit = flight.land_reach(w.speed, land_mode=land_mode)                 # GU-GM-24
    if limit is None or c.altitude <= limit:
        if _free(state, c, here) and not any(ground.is_solid(p) for p in _block(here, c.size)):
            out.append(Land(c.id))          # never down into an object it hovers over
    return out


def _block(anchor: tuple[int, int], size: int) -> list[tuple[int, int]]:
    from game.engine.tactics.footprint import block_at
    return block_at(anchor[0], anchor[1], size)


def _free(state: GuState, c: Creature, anchor: tuple[int, int]) -> bool:
    cells = set(_block(anchor, c.size))
    return not any(cells & set(o.cells()) for o in state.living() if o.id != c.id)


# --- applying -----------------------------------------------------------------------------
def _spend(state: GuState, c: Creature) -> None:
    """GU-21: the first maneuver gives up the turn's walk; each uses one maneuver."""
    t = state.turn
    if t.maneuvers == 0:
        t.moved = max(t.moved, 10 ** 6)            # no walking left this turn
    t.maneuvers += 1


def _flying_test(state: GuState, c: Creature, purpose: str, rng: Rng) -> tuple[Any, list]:
    t = checks.roll_test(rng, c.skills.get("Flying", 0), (),
                         auto_fail="restrained" if c.has("restrained") else None,
                         purpose=purpose)
    return t, [test_event(c.id, "Flying", purpose, t)]


def _land(state: GuState, c: Creature, needs_test: bool, rng: Rng) -> list:
    """GU-36: down to the floor; a test after a dive or onto difficult ground, failure prone."""
    ground = ground_of(state.board)
    events: list = []
    difficult = any(ground.is_difficult(p) for p in c.cells())
    ok = True
    if flight.land_needs_test(needs_test, difficult):
        t, ev = _flying_test(state, c, "land", rng)
        events += ev
        ok = t.success
    c.altitude = 0
    events.append(Flew(c.id, "land", 0, (), ok))
    if not ok:
        events += attack.add_status(c, Status("prone", 0, -1, c.id))
    return events


def apply(state: GuState, a: Any, rng: Rng) -> list:
    c = state.creatures[a.actor]
    ground = ground_of(state.board)
    if isinstance(a, TakeFlight):
        state.turn.wings = a.wings
        w = wings(state, c)
        assert w is not None
        _spend(state, c)
        from . import reactions
        before = reactions.threats(state, c)
        c.altitude = flight.take_flight_rise(w.speed)                   # GU-30
        # GU-89: rising out of a foe's melee reach is flying out of it
        reactions.provoke(state, c, reactions.left_behind(state, c, before))
        return [Flew(c.id, "take_flight", c.altitude)]
    w = wings(state, c)
    assert w is not None
    _spend(state, c)
    here = (c.x, c.y)
    height = floor_of(ground, here, c.size) + c.altitude
    if isinstance(a, Fly):
        dest = (a.x, a.y)
        path = flight.fly_path(ground, here, height, dest,
                               floor_of(ground, dest, c.size) + a.altitude, w.speed, c.size)
        assert path is not None
        return _travel(state, c, path, "fly", rng)
    if isinstance(a, Evade):
        state.turn.evaded = True                                        # GU-35: once a turn
        t, events = _flying_test(state, c, "evade", rng)
        penalty = flight.evade_penalty(c.skills.get("Flying", 0)) if t.success else 0
        if t.success:
            c.evade = penalty
        return events + [Flew(c.id, "evade", c.altitude, (), t.success, penalty)]
    if isinstance(a, Land):
        from . import reactions
        before = reactions.threats(state, c)
        events = _land(state, c, False, rng)
        # GU-89: coming down out of a flier's reach is flying out of it
        reactions.provoke(state, c, reactions.left_behind(state, c, before))
        return events
    if isinstance(a, Dive):
        t, events = _flying_test(state, c, "dive", rng)
        if not t.success:                                               # GU-34
            fail = falling.dive_failure(w.speed, c.altitude)
            c.altitude = fail.altitude
            events.append(Flew(c.id, "dive", c.altitude, (), False))
            if fail.landed and fail.damage:
                events += attack.harm(state, c, fail.damage, "force", "dive", rng)
            return events
        dest = (a.x, a.y)
        reach = falling.dive_reach(w.speed, c.altitude)
        path = flight.dive_path(ground, here, height, dest,
                                floor_of(ground, dest, c.size) + a.altitude, reach.down,
                                reach.forward, c.size)
        assert path is not None
        events += _travel(state, c, path, "dive", rng)
        if c.on_board and c.conscious:
            # answered top first: the strike, then (after any reaction to it) Land or rise
            pending.push(state.pending, Pending(DIVE_FINISH, c.side, c.id, {}))
            pending.push(state.pending, Pending(AFTER_DIVE, c.side, c.id, {}))
        return events
    raise AssertionError(f"not a maneuver: {a!r}")


def _travel(state: GuState, c: Creature, path: list, mode: str, rng: Rng) -> list:
    """Move along a flight path: each square left may provoke (GU-89, as a walk's step does)."""
    from . import reactions
    ground = ground_of(state.board)
    cells = tuple(cell for cell, _ in path)
    owed: reactions.Threats = {}
    for cell, h in path:          # the ranges it flies out of are owed their strike (GU-89)
        before = reactions.threats(state, c)
        c.x, c.y = cell
        c.altitude = h - floor_of(ground, cell, c.size)
        for oid, got in reactions.left_behind(state, c, before).items():
            owed.setdefault(oid, got)
    events: list = [Moved(c.id, cells, mode, False, 0), Flew(c.id, mode, c.altitude, cells)]
    reactions.provoke(state, c, owed)   # answered once it has landed where it flew to
    return events


def stage_legal(state: GuState, stage: Pending) -> list:
    """GU-33: one melee strike or none; then Land or rise 1 m (only rise over an object: it
    cannot land inside one)."""
    c = state.creatures[stage.actor]
    if stage.stage == DIVE_FINISH:
        ground = ground_of(state.board)
        if any(ground.is_solid(p) for p in c.cells()):
            return [DiveFinish(c.id, False)]
        return [DiveFinish(c.id, True), DiveFinish(c.id, False)]
    return [DiveStrike(c.id)] + [DiveStrike(c.id, t.id, kind, weapon) for kind, weapon, t
                                 in attack.strike_options(state, c, opportunity=True)]


def stage_apply(state: GuState, a: Any, rng: Rng) -> list:
    c = state.creatures[a.actor]
    if isinstance(a, DiveStrike):
        pending.pop(state.pending, AFTER_DIVE)
        if not a.target:
            return []
        return attack.strike(state, c, state.creatures[a.target], a.strike, a.weapon, rng)
    pending.pop(state.pending, DIVE_FINISH)
    if not c.on_board or not c.conscious:
        return airborne_fall(state, c, rng) if c.on_board else []
    if a.land:
        return _land(state, c, True, rng)
    c.altitude += RISE_AFTER_DIVE
    return [Flew(c.id, "rise", c.altitude)]


# --- knocked into the air with a flying speed (GU-118) ---------------------------------------
def drift_offer(state: GuState, c: Creature) -> None:
    """GU-118: `c` became airborne other than by Take Flight (knocked over a ledge): with a
    flying speed it may at once move up to half of it (stage `drift`, answered by its seat with
    a DodgeMove to a square, its own square to stay). Without one it falls (settle)."""
    w = flight.choose_wings(wing_options(c))
    if c.altitude > 0 and w is not None and falling.airborne_drift(w.speed) > 0:
        pending.push(state.pending, Pending(DRIFT_STAGE, c.side, c.id,
                                            {"metres": falling.airborne_drift(w.speed)}))


def drift_legal(state: GuState, stage: Pending) -> list:
    """Where the creature knocked into the air may glide: a straight flight of at most half its
    flying speed at its height (flight.fly_path: clear, at least 1 m over the floor) to a
    square no one stands on, or its own square (it stays)."""
    c = state.creatures[stage.actor]
    metres = int(stage.data["metres"])
    ground = ground_of(state.board)
    here = (c.x, c.y)
    height = floor_of(ground, here, c.size) + c.altitude
    occupied = {cell for o in state.living() if o.id != c.id for cell in o.cells()}
    out = [DodgeMove(c.id, c.x, c.y)]
    for dy in range(-metres, metres + 1):
        for dx in range(-metres, metres + 1):
            dest = (c.x + dx, c.y + dy)
            cells = _block(dest, c.size)
            if (dx, dy) == (0, 0) or not all(ground.in_bounds(p) for p in cells) \
                    or any(p in occupied for p in cells):
                continue
            if flight.fly_path(ground, here, height, dest, height, metres, c.size):
                out.append(DodgeMove(c.id, dest[0], dest[1]))
    return out


def drift_apply(state: GuState, a: DodgeMove, rng: Rng) -> list:
    c = state.creatures[a.actor]
    pending.pop(state.pending, DRIFT_STAGE)
    if (a.x, a.y) == (c.x, c.y):
        return [Flew(c.id, "drift", c.altitude)]
    ground = ground_of(state.board)
    height = floor_of(ground, (c.x, c.y), c.size) + c.altitude
    path = flight.fly_path(ground, (c.x, c.y), height, (a.x, a.y), height,
                           falling.airborne_drift(speed(c)), c.size)
    assert path is not None
    return _travel(state, c, path, "drift", rng)


def drift_refusal(state: GuState, a: Any) -> Refusal | None:
    stage = pending.top(state.pending)
    if stage is None or stage.stage != DRIFT_STAGE or a.actor != stage.actor:
        return None
    if a not in drift_legal(state, stage):
        return Refusal(f"{a.x},{a.y} is not a clear glide of at most {stage.data['metres']} m "
                       f"at {a.actor}'s height", "GU-118")
    return None


def airborne_fall(state: GuState, c: Creature, rng: Rng) -> list:
    """GU-118/119 for a creature left in the air: with flight it may stay up (and drift up to
    half its speed: listed as its next maneuvers), without it falls to the floor at once (the
    map is far shorter than 500 m) and takes the fall's damage (GU-117, GU-GM-27)."""
    if c.altitude <= 0 or speed(c) > 0:
        return []
    drop = c.altitude
    stage = falling.free_fall(drop)
    c.altitude = stage.remaining
    events: list = [Flew(c.id, "fall", c.altitude, (), True)]
    dropped = stage.dropped
    if stage.landed:
        ground = ground_of(state.board)
        was = floor_of(ground, (c.x, c.y), c.size)
        spot = landing_spot(state, c)
        if spot != (c.x, c.y):              # over a boulder or somebody: beside it (ours)
            c.x, c.y = spot
            dropped += max(0, was - floor_of(ground, spot, c.size))
            events.append(Moved(c.id, (spot,), "fall", True, 0))
    dmg = falling.fall_damage(dropped, fall_mode=str(HOUSE.read(state, "fall_mode")))
    if stage.landed and dmg:
        events += attack.harm(state, c, dmg, "force", "fall", rng)
    return events


def landing_spot(state: GuState, c: Creature) -> tuple[int, int]:
    """Where `c` comes to rest when it falls to the ground: its own square, or when a low
    object (terrain.LOW_OBJECT_M: the document gives objects no height) or another creature
    on the ground fills it, the nearest square where its footprint stands clear (ring by
    ring, then by row and column, so every replay picks the same)."""
    ground = ground_of(state.board)

    def fits(anchor: tuple[int, int]) -> bool:
        floor = floor_of(ground, anchor, c.size)
        return all(ground.clear_at(cell, floor)
                   and not any(o.altitude == 0 for o in state.occupants(cell, but=c.id))
                   for cell in block_at(anchor[0], anchor[1], c.size))
    if fits((c.x, c.y)):
        return c.x, c.y
    for r in range(1, max(ground.width, ground.height)):
        ring = sorted(((c.x + i, c.y + j) for j in range(-r, r + 1) for i in range(-r, r + 1)
                       if max(abs(i), abs(j)) == r), key=lambda a: (a[1], a[0]))
        for anchor in ring:
            if fits(anchor):
                return anchor
    return c.x, c.y                         # nowhere on the map: where it was


def settle(state: GuState, rng: Rng) -> list:
    """After every action: whoever is in the air without a flying speed (its wings released,
    detonated or dropped when it went down) falls (GU-119)."""
    events: list = []
    for c in state.living():
        if c.altitude > 0 and speed(c) == 0:
            events += airborne_fall(state, c, rng)
    return events


def refusal(state: GuState, a: Any) -> Refusal | None:
    """The specific reason a maneuver or a dive's ending may not be made now (else None; the
    rules then check it against the listed actions)."""
    c = state.creatures[a.actor]
    if isinstance(a, (DiveStrike, DiveFinish)):
        if isinstance(a, DiveStrike) and a.target:
            ok = {(t.id, k, w) for k, w, t in attack.strike_options(state, c, opportunity=True)}
            if (a.target, a.strike, a.weapon) not in ok:
                return Refusal(f"{a.actor} cannot strike {a.target} with a {a.strike or 'blow'} "
                               "from where its dive ended", "GU-33")
        return None
    opts = wing_options(c)
    if not opts:
        return Refusal(f"{a.actor} has no flying speed", "GU-28")
    if not _may_maneuver(state, c):
        return Refusal(f"{a.actor} walked this turn or cannot move: no maneuvers", "GU-21")
    if isinstance(a, TakeFlight):
        if not any(w.source == a.wings for w in opts):
            return Refusal(f"{a.actor} does not fly by {a.wings!r}", "GU-22")
        if airborne(c):
            return Refusal(f"{a.actor} is already airborne", "GU-30")
        return None
    w = wings(state, c)
    assert w is not None
    why = flight.refusal(type(a).__name__.lower().replace("takeflight", "take_flight"),
                         w.speed, airborne(c), c.altitude, state.turn.evaded, _left(state, w))
    if why is not None:
        return Refusal(f"{a.actor}: {why[0]}", why[1])
    if isinstance(a, Fly):
        return Refusal(f"{a.x},{a.y} at {a.altitude} m is not a straight, clear flight of at "
                       f"most {w.speed} m for {a.actor}", "GU-31") \
            if Fly(a.actor, a.x, a.y, a.altitude) not in legal(state, c) else None
    if isinstance(a, Dive):
        return Refusal(f"{a.x},{a.y} at {a.altitude} m is beyond {a.actor}'s dive", "GU-33") \
            if Dive(a.actor, a.x, a.y, a.altitude) not in legal(state, c) else None
    if isinstance(a, Land) and Land(a.actor) not in legal(state, c):
        return Refusal(f"{a.actor} is too high to land from here or the ground is taken",
                       "GU-GM-24")
    return None

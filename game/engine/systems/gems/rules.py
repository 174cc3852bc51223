"""Gems turn actions other than combat: what the acting gem may do, why not, and doing it.

Owns: movement on the 8-neighbour grid with Size footprints (Move, Climb, Drop; GEM-09..14,
GEM-GM-04..08), flight (Fly, ChangeAltitude; GEM-44..48, GEM-GM-23), pick-up and carrying
(GEM-15, GEM-53..56, GEM-GM-27, GEM-GM-35), putting things down, summoning and dismissing
Hardlight Weapons (GEM-GM-28), abilities (GEM-GM-29, verbs in abilities.py), shattering
(GEM-17, GEM-GM-31), negotiation and truces (GEM-49..52, GEM-GM-24..26), and the Action Slot
costs of all of these (GEM-06..08). `reachable` and `describe_tile` serve the client and AI.
With a game-master seat (gm.py) a carry roll (GM-27) and a truce's length (GM-25) are asked as
gm_call stages after the slot is spent; `resume_gm` finishes the action with the answer.

Must not: resolve attacks (combat.py), run the turn order (turns.py) or touch presentation.
Every check here answers with a reason in a player's words, so validate() and legal_actions()
never disagree: legal_actions lists exactly the candidate actions validate() accepts.
"""
from __future__ import annotations

from typing import Any, Callable

from game.engine.events import RulingMade
from game.engine.rng import Rng
from game.engine.rules import IllegalAction
from game.engine.tactics.reach import square_reach

from . import abilities as ab
from . import actions as A
from . import events as ev
from . import gm
from .common import (NEIGHBOURS, carry_ratio, chebyshev, combat_roll, content_of, fall, footprint,
                     footprint_distance, free_tile_near, ground_elevation, in_bounds,
                     is_solid, is_water, ms_now, new_id, occupancy_index, occupants, occupy_problem,
                     full_tiles, stand_test, terrain, place_unit,
                     release_load, social_roll, tile_elevation, unit_elevation, _spot_for_unit)
from .house import house
from .state import GemsState, Unit

Tile = tuple[int, int]


# --- small helpers ---------------------------------------------------------------------------

def _acting(state: GemsState) -> Unit | None:
    uid = state.acting
    return state.units.get(uid) if uid else None


def _free_arms(u: Unit) -> list[int]:
    return [i for i, a in enumerate(u.arms) if not a.disarmed and a.holding is None and a.load is None]


def _spend(state: GemsState, u: Unit, n: int, action: str) -> list:
    state.slots -= n
    return [ev.SlotsSpent(u.id, n, state.slots, action)]


def _search(start: Tile, budget: int, alternating: bool,
            step_ok: Callable[[Tile, Tile], bool]) -> dict[Tile, tuple[int, list[Tile]]]:
    """Cheapest paths from `start` within `budget` steps; {tile: (cost, path excluding start)}.
    GEM-GM-04: every step costs 1, or diagonals alternate 1-2-1 (house option); ties settle
    in tile order, as the recorded games were played."""
    return square_reach(start, budget, step_ok,                    # type: ignore[return-value]
                        diagonals=(1, 2) if alternating else (1, 1), ties="node")


# --- ground movement (GEM-09..14, GEM-GM-04..06) ---------------------------------------------

def ground_blocker(state: GemsState, u: Unit) -> str | None:
    """Why she cannot move on foot at all right now, or None."""
    if u.carried_by is not None:
        return f"{u.name} is being carried"
    if u.altitude is not None:
        return f"{u.name} is in the air (land first, or fly)"
    return None


def walk_paths(state: GemsState, u: Unit) -> dict[Tile, tuple[int, list[Tile]]]:
    """Tiles a Move action reaches: up to MS steps (GEM-GM-04) through tiles she may stand on
    (GEM-16), on level ground or free descents of at most 1xSize (GEM-11, GEM-GM-05); with the
    'in_move' house rule also climbs up to 1xSize and descents up to 2xSize. A fresh dict."""
    return dict(_walk_table(state, u))


def _walk_table(state: GemsState, u: Unit) -> dict[Tile, tuple[int, list[Tile]]]:
    """`walk_paths` as remembered, not copied: for this module's readers (the legal list,
    validation and the Move itself ask it of every position and every replayed move), which
    never change it."""
    if ground_blocker(state, u) is not None:
        return {}
    budget = ms_now(state, u)
    if budget <= 0:
        return {}
    if house(state, "move_elevation") == "in_move":
        lo, hi = -2 * u.size, u.size
    else:
        lo, hi = -u.size, 0
    alternating = house(state, "diagonal_cost") == "alternating"
    full = full_tiles(state, u, occupancy_index(state))
    # everything the search reads, so one position's walk is searched once (legal_actions, then
    # the Move itself, then a bot's dry runs of the same position)
    key = ("walk", u.x, u.y, u.size, budget, lo, hi, alternating, frozenset(full))
    hit = _remembered(state, key)
    if hit is not None:
        return hit
    stands = stand_test(state, u, full)
    t = terrain(state)
    w, ground = t.width, t.ground(u.size)
    ok_cache: dict[Tile, bool] = {}

    def step_ok(a: Tile, b: Tile) -> bool:
        ok = ok_cache.get(b)
        if ok is None:
            ok = ok_cache[b] = stands(b[0], b[1])
        if not ok:
            return False
        # both ends are on the board: a from where she stands or a tile she may stand on
        return lo <= ground[b[1] * w + b[0]] - ground[a[1] * w + a[0]] <= hi
    return _remember(state, key, _search((u.x, u.y), budget, alternating, step_ok))


# A few recent searches by everything they read (the board kept beside each, so a reused id
# cannot match): the same position's reach is asked for by legal_actions, by the action that
# uses it and by every dry run a bot makes from that position.
_SEARCHES: dict[tuple, tuple[Any, dict]] = {}


def _remembered(state: GemsState, key: tuple) -> dict | None:
    hit = _SEARCHES.get((id(state.board),) + key)
    if hit is not None and hit[0] is state.board:
        return hit[1]
    return None


def _remember(state: GemsState, key: tuple, found: dict) -> dict:
    if len(_SEARCHES) >= 32:
        _SEARCHES.clear()
    _SEARCHES[(id(state.board),) + key] = (state.board, found)
    return found


def step_kind(state: GemsState, u: Unit, to: Tile) -> tuple[str, int] | None:
    """For a single step onto an adjacent tile: ("climb"|"descend"|"drop", slots) by the height
    difference (GEM-10..13), or None for a level/free step or an impossible climb."""
    d = ground_elevation(state, to[0], to[1], u.size) - ground_elevation(state, u.x, u.y, u.size)
    if 0 < d <= u.size:
        return "climb", 1                   # GEM-10
    if d > u.size:
        return None                         # GEM-10: too high on foot
    drop = -d
    if u.size < drop <= 2 * u.size:
        return "descend", 1                 # GEM-12
    if drop > 2 * u.size:
        return "drop", 2                    # GEM-13
    return None                             # GEM-11: free, part of a Move


def _adjacent(u: Unit) -> list[Tile]:
    """Where one Climb or Drop can take her: one tile over, or (Size 2 and up) onto the
    neighbouring block of her own size, the footprint moving as one (GEM-GM-01)."""
    out = [(u.x + dx, u.y + dy) for dx, dy in NEIGHBOURS]
    if u.size > 1:
        out += [(u.x + dx * u.size, u.y + dy * u.size) for dx, dy in NEIGHBOURS]
    return out


def _one_step(u: Unit, to: Tile) -> bool:
    """A tile over, or a whole block over for a big gem (see _adjacent)."""
    dx, dy = to[0] - u.x, to[1] - u.y
    if max(abs(dx), abs(dy)) == 1:
        return True
    s = u.size
    return s > 1 and (dx, dy) != (0, 0) and dx in (-s, 0, s) and dy in (-s, 0, s)


def climb_problem(state: GemsState, u: Unit, to: Tile) -> str | None:
    why = ground_blocker(state, u)
    if why:
        return why
    if not _one_step(u, to):
        return ("a climb or descent is one step onto an adjacent tile"
                + (f" or onto the next {u.size}x{u.size} block" if u.size > 1 else ""))
    if ms_now(state, u) <= 0:
        return f"{u.name} cannot move this turn (Movement Speed {ms_now(state, u)})"
    kind = step_kind(state, u, to)
    d = ground_elevation(state, to[0], to[1], u.size) - ground_elevation(state, u.x, u.y, u.size)
    if kind is None:
        if d > u.size:
            return f"too high to climb: {d} up, {u.name} can climb at most {u.size}"
        return "that step is free: walk there with Move"
    if kind[0] == "drop":
        return f"that is a fall of {-d}: use Drop"
    if state.slots < 1:
        return f"{u.name} has no Action Slots left"
    return occupy_problem(state, u, *to)


def drop_problem(state: GemsState, u: Unit, to: Tile) -> str | None:
    why = ground_blocker(state, u)
    if why:
        return why
    if not _one_step(u, to):
        return ("a drop is one step off a ledge onto an adjacent tile"
                + (f" or onto the next {u.size}x{u.size} block" if u.size > 1 else ""))
    if ms_now(state, u) <= 0:
        return f"{u.name} cannot move this turn (Movement Speed {ms_now(state, u)})"
    kind = step_kind(state, u, to)
    if kind is None or kind[0] != "drop":
        return f"that is not a drop of more than {2 * u.size} (use Move or Climb)"
    if house(state, "fall_slots") == "ends_turn":       # GEM-GM-06 option
        if state.slots < 1:
            return f"{u.name} has no Action Slots left"
    elif state.slots < 2:                               # GEM-13, GEM-GM-06 default
        return f"a fall takes both Action Slots and {u.name} has only {state.slots} left"
    return occupy_problem(state, u, *to)


# --- flight (GEM-44..48, GEM-GM-23) ----------------------------------------------------------

def fly_paths(state: GemsState, u: Unit) -> dict[Tile, tuple[int, list[Tile]]]:
    """Tiles a Fly action reaches: up to FMS steps at her current altitude, over water and full
    tiles (GEM-47) but not through solid tiles or ground higher than her; she may only end where
    there is room (GEM-GM-23). A fresh dict."""
    return dict(_fly_table(state, u))


def _fly_table(state: GemsState, u: Unit) -> dict[Tile, tuple[int, list[Tile]]]:
    """`fly_paths` as remembered, not copied (see _walk_table)."""
    if u.fms <= 0 or u.carried_by is not None:
        return {}
    if u.carrying and not u.carry_ok:
        return {}
    alt = unit_elevation(state, u)
    index = occupancy_index(state)
    items = state.items
    heavy = {t for t, here in index.items() if any(o in items and items[o].solid for o in here)}
    full = full_tiles(state, u, index)
    alternating = house(state, "diagonal_cost") == "alternating"
    key = ("fly", u.x, u.y, u.size, u.fms, alt, alternating, frozenset(heavy), frozenset(full))
    hit = _remembered(state, key)
    if hit is not None:
        return hit
    t = terrain(state)
    w, h, size, solid, ground = t.width, t.height, u.size, t.solid, t.ground(u.size)
    seen: dict[Tile, bool] = {}

    def passable(a: Tile, b: Tile) -> bool:
        # every tile she covers on the board, not solid, holding no solid object, and no higher
        # than she flies (the block's ground is its highest tile)
        ok = seen.get(b)
        if ok is None:
            x, y = b
            ok = (0 <= x and 0 <= y and x + size <= w and y + size <= h
                  and ground[y * w + x] <= alt
                  and not any(solid[ty * w + tx] or (tx, ty) in heavy
                              for ty in range(y, y + size) for tx in range(x, x + size)))
            seen[b] = ok
        return ok
    paths = _search((u.x, u.y), u.fms, alternating, passable)
    stands = stand_test(state, u, full)            # she may only end where there is room
    return _remember(state, key, {p: v for p, v in paths.items() if stands(*p)})


def altitude_cost(u: Unit, delta: int, free_used: bool) -> int:
    """Slots to change elevation by `delta` in flight: at most FMS free (once per turn by
    default), at most 1.5xFMS one slot, more two slots (GEM-44..46)."""
    if delta == 0 or (delta <= u.fms and not free_used):
        return 0
    if 2 * delta <= 3 * u.fms:
        return 1
    return 2


def altitude_problem(state: GemsState, u: Unit, altitude: int) -> str | None:
    if u.fms <= 0:
        return f"{u.name} cannot fly"
    if u.carried_by is not None:
        return f"{u.name} is being carried"
    ground = ground_elevation(state, u.x, u.y, u.size)
    cur = unit_elevation(state, u)
    if altitude < ground:
        return f"the ground there is at elevation {ground}"
    if altitude == cur and u.altitude is not None and altitude != ground:
        return "she is already at that height"
    if altitude == cur and u.altitude is None:
        return "she is already standing at that height"
    if altitude > flight_ceiling(state):
        return f"the sky on this map ends at altitude {flight_ceiling(state)}"
    cost = altitude_cost(u, abs(altitude - cur), _free_used(state, u))
    if cost > state.slots:
        return f"that change costs {cost} Action Slots and {u.name} has {state.slots}"
    return None


def _free_used(state: GemsState, u: Unit) -> bool:
    return u.free_altitude_used and house(state, "flight_free_change") == "once"


_TOP: dict[int, tuple[Any, int]] = {}     # id(board) -> (board, highest elevation): boards never change

#: How far above the map's highest ground a flier may go when the map does not say
#: (`flight_ceiling`): far enough for every flight band of any sheet we ship (GEM-44..46).
SKY_ABOVE_GROUND = 12


def flight_ceiling(state: GemsState) -> int:
    """The highest altitude on this map (GEM-GM-23: a 2-slot change has no cap of its own; the
    map limits it). A map sets it with the `flight_ceiling` property; otherwise it lies
    SKY_ABOVE_GROUND levels above the highest ground."""
    hit = _TOP.get(id(state.board))
    if hit is None or hit[0] is not state.board:
        if len(_TOP) > 64:
            _TOP.clear()
        board = state.board
        top = max(tile_elevation(state, x, y) for x, y in board.coords())
        ceiling = board.properties.get("flight_ceiling")
        hit = (board, ceiling if isinstance(ceiling, int) and not isinstance(ceiling, bool)
               else top + SKY_ABOVE_GROUND)
        _TOP[id(board)] = hit
    return hit[1]


# --- reach and carrying (GEM-15, GEM-53..56, GEM-GM-27, GEM-GM-35) ---------------------------

def _in_reach(state: GemsState, u: Unit, tiles: list[Tile], elev: int) -> str | None:
    if footprint_distance(footprint(u), tiles) > 1:
        return "out of reach: it must be on her tile or next to it"
    if house(state, "pickup_reach") == "size" and abs(elev - unit_elevation(state, u)) > u.size:
        return "out of reach: too far above or below her"
    return None


def pickup_problem(state: GemsState, u: Unit, target: str) -> str | None:
    if state.slots < 1:
        return f"{u.name} has no Action Slots left"
    if target in state.items:
        it = state.items[target]
        if it.held_by is not None:
            return f"{it.name} is already held"
        if not it.carriable:                             # GEM-56
            return f"{it.name} cannot be carried"
        why = _in_reach(state, u, [(it.x, it.y)], tile_elevation(state, it.x, it.y))
        if why:
            return why
        ratio = carry_ratio(state, u, target)
    elif target in state.units:
        g = state.units[target]
        if g.id == u.id:
            return "she cannot pick herself up"
        if not g.formed:
            return f"{g.name} is not formed"
        if g.carried_by is not None:
            return f"{g.name} is already being carried"
        if g.carrying:
            return f"{g.name} is carrying something herself"
        if u.carried_by == g.id:
            return f"{u.name} is being carried by {g.name}"
        why = _in_reach(state, u, footprint(g), unit_elevation(state, g))
        if why:
            return why
        ratio = carry_ratio(state, u, target)
    else:
        return f"there is nothing called {target!r}"
    if ratio > 2:                                        # GEM-GM-27: too big
        return "too big for her to carry"
    working = len(u.working_arms())
    free = len(_free_arms(u))
    if target in state.items and ratio <= 0.5:
        if free < 1:
            return f"{u.name} has no free arm"
        return None
    if u.carrying:
        return f"{u.name} is already carrying a load"
    need = min(2, working)
    if working == 0 or free < need:
        return f"{u.name} needs {max(need, 1)} free arms for that"
    return None


def carry_threshold(state: GemsState, ratio: float) -> int | None:
    """GEM-54, GEM-GM-27: no roll at half her Size or less; over 12 up to her Size; over 17 up to
    twice her Size (house-rule thresholds)."""
    if ratio <= 0.5:
        return None
    if ratio <= 1:
        return int(house(state, "carry_threshold_light"))
    return int(house(state, "carry_threshold_heavy"))


def put_down_spot(state: GemsState, u: Unit, target: str) -> Tile | None:
    if target in state.units:
        return _spot_for_unit(state, state.units[target], u.x, u.y, radius=1)
    return free_tile_near(state, u.x, u.y, radius=1)


def drop_item_problem(state: GemsState, u: Unit, target: str) -> str | None:
    if target != u.carrying and target not in u.held_objects():
        return f"{u.name} is not holding that"
    if target in state.items and state.items[target].hardlight and target in u.held_objects():
        return None if put_down_spot(state, u, target) else "no room to put it down"
    if put_down_spot(state, u, target) is None:
        return "no room next to her to put it down"
    return None


# --- summoning, abilities, shatter, negotiation ----------------------------------------------

def summon_problem(state: GemsState, u: Unit, weapon: str, arm: int) -> str | None:
    if weapon not in u.weapons:
        return f"{u.name} cannot summon {weapon!r}"
    if not 0 <= arm < len(u.arms):
        return f"{u.name} has no arm {arm + 1}"
    if arm not in _free_arms(u):
        return f"arm {arm + 1} of {u.name} is not free"
    if state.slots < 1:
        return f"{u.name} has no Action Slots left"
    return None


def shatter_problem(state: GemsState, u: Unit, item: str) -> str | None:
    it = state.items.get(item)
    if it is None or it.kind != "gemstone":
        return "that is not a gemstone"
    if it.held_by is not None or (it.x, it.y) not in footprint(u):
        return "the gemstone must lie on her own tile"   # GEM-17: adjacent is not enough
    if state.slots < 1:
        return f"{u.name} has no Action Slots left"
    return None


def negotiate_problem(state: GemsState, u: Unit, target: str) -> str | None:
    g = state.units.get(target)
    if g is None or not g.formed:
        return "there is no formed gem to negotiate with"
    if g.id == u.id:
        return "she cannot negotiate with herself"
    if g.side == u.side:
        return f"{g.name} is on her own side"
    if target in u.negotiated:                           # GEM-52
        return f"{u.name} already won a truce from {g.name} this encounter"
    if state.slots < 1:
        return f"{u.name} has no Action Slots left"
    return None


def truce_rounds(state: GemsState, margin: int) -> int:
    """GEM-51 and GEM-GM-25: 1-4 one round, 5-9 two, 10-14 three, 15+ the whole encounter
    (-1). House options: always one round, always the whole encounter."""
    rule = house(state, "truce_length")
    if rule == "one_round":
        return 1
    if rule == "encounter" or margin >= 15:
        return -1
    if margin >= 10:
        return 3
    if margin >= 5:
        return 2
    return 1


# --- legal actions ---------------------------------------------------------------------------

# Move and Fly records already made, by (kind, unit, tile): actions are frozen, so one record
# serves every position that offers the same step, and a turn's walk lists tens of them.
_MADE: dict[tuple, Any] = {}


def _made(kind: type, uid: str, to: Tile) -> Any:
    key = (kind, uid, to)
    made = _MADE.get(key)
    if made is None:
        if len(_MADE) >= 8192:
            _MADE.clear()
        made = _MADE[key] = kind(uid, to)
    return made


def legal_actions(state: GemsState) -> list:
    """Every non-combat turn action the acting gem may take now (EndTurn is added by system):
    the parts below, in this order."""
    u = _acting(state)
    if u is None or state.pending or state.ready_open:
        return []
    return (_walks(state, u) + _climbs_and_drops(state, u) + _flights(state, u)
            + _altitudes(state, u) + _others(state, u))


def legal_part(state: GemsState, kind: type) -> list | None:
    """The legal actions of one kind, built by the same part of `legal_actions` that lists
    them (so a single action is checked without listing everything); None for kinds listed
    with the rest."""
    part = _PARTS.get(kind)
    if part is None:
        return None
    u = _acting(state)
    if u is None or state.pending or state.ready_open:
        return []
    return part(state, u)


def _walks(state: GemsState, u: Unit) -> list:
    if state.slots < 1:
        return []
    return [_made(A.Move, u.id, t) for t in _walk_table(state, u)]


def _climbs_and_drops(state: GemsState, u: Unit) -> list:
    out: list = []
    if state.slots < 1:
        return out
    for t in _adjacent(u):
        if step_kind(state, u, t) is None:
            continue        # level, a free descent or too high: no Climb and no Drop
        if climb_problem(state, u, t) is None:
            out.append(A.Climb(u.id, t))
        if drop_problem(state, u, t) is None:
            out.append(A.Drop(u.id, t))
    return out


def _flights(state: GemsState, u: Unit) -> list:
    if state.slots < 1:
        return []
    return [_made(A.Fly, u.id, t) for t in _fly_table(state, u)]


def _altitudes(state: GemsState, u: Unit) -> list:
    out: list = []
    if u.fms > 0 and u.carried_by is None:
        ground = ground_elevation(state, u.x, u.y, u.size)
        for alt in range(ground, flight_ceiling(state) + 1):
            if altitude_problem(state, u, alt) is None:
                out.append(A.ChangeAltitude(u.id, alt))
    return out


def _others(state: GemsState, u: Unit) -> list:
    out: list = []
    if state.slots >= 1:
        for iid, it in state.items.items():
            if it.held_by is None and chebyshev((it.x, it.y), (u.x, u.y)) <= u.size + 1:
                if pickup_problem(state, u, iid) is None:
                    out.append(A.PickUp(u.id, iid))
        for gid, g in state.units.items():
            # a gem whose footprint is more than a tile from hers is out of reach (pickup_problem
            # refuses her): skipped at a glance, as the items above are
            if gid != u.id and g.x - u.x <= u.size and u.x - g.x <= g.size \
                    and g.y - u.y <= u.size and u.y - g.y <= g.size \
                    and pickup_problem(state, u, gid) is None:
                out.append(A.PickUp(u.id, gid))
        for w in dict.fromkeys(u.weapons):
            for arm in _free_arms(u):
                out.append(A.Summon(u.id, w, arm))
        for aid in u.abilities:
            for target in ab.targets(state, u, aid):
                out.append(A.UseAbility(u.id, aid, target))
        for iid, it in state.items.items():
            if it.kind == "gemstone" and shatter_problem(state, u, iid) is None:
                out.append(A.Shatter(u.id, iid))
        for gid in state.units:
            if negotiate_problem(state, u, gid) is None:
                out.append(A.Negotiate(u.id, gid))
    held = list(u.held_objects()) + ([u.carrying] if u.carrying else [])
    for iid in held:
        if drop_item_problem(state, u, iid) is None:
            out.append(A.DropItem(u.id, iid))
        if iid in state.items and state.items[iid].hardlight:
            out.append(A.Dismiss(u.id, iid))
    for aid in u.active:
        out.append(A.EndAbility(u.id, aid))
    return out


# the parts `legal_part` answers alone: the costly searches (a walk, a flight) and their kin,
# and the rest of a turn's actions (one part: picking things up, summoning, abilities...), so a
# replayed Summon or Negotiate is checked without searching the gem's walks and flights
_PARTS: dict[type, Any] = {A.Move: _walks, A.Climb: _climbs_and_drops, A.Drop: _climbs_and_drops,
                           A.Fly: _flights, A.ChangeAltitude: _altitudes,
                           **{kind: _others for kind in (
                               A.PickUp, A.Summon, A.UseAbility, A.Shatter, A.Negotiate,
                               A.DropItem, A.Dismiss, A.EndAbility)}}


# --- validation ------------------------------------------------------------------------------

def validate(state: GemsState, action: Any) -> str | None:
    """Why `action` is not allowed now, or None (only the acting gem takes turn actions)."""
    u = _acting(state)
    if u is None:
        return "no gem is acting now"
    uid = getattr(action, "unit", None)
    if uid is None or not hasattr(action, "kind"):
        return f"{action!r} is not a gems action"
    if uid not in state.units:
        return f"there is no gem called {uid!r}"
    if uid != u.id:
        return f"it is {u.name}'s turn, not {state.units[uid].name}'s"
    if isinstance(action, A.Move):
        if state.slots < 1:
            return f"{u.name} has no Action Slots left"
        why = ground_blocker(state, u)
        if why:
            return why
        if ms_now(state, u) <= 0:
            return f"{u.name} cannot move this turn (Movement Speed {ms_now(state, u)})"
        to = tuple(action.to)
        if to in _walk_table(state, u):
            return None
        if to == (u.x, u.y):
            return "she is already there"
        problem = occupy_problem(state, u, *to)
        if problem:
            return problem
        if chebyshev(to, (u.x, u.y)) > ms_now(state, u):
            return f"too far: {u.name} walks at most {ms_now(state, u)} tiles per Move"
        if chebyshev(to, (u.x, u.y)) == 1 and step_kind(state, u, to):
            k = step_kind(state, u, to)[0]
            return f"that step is a {k}: use {'Drop' if k == 'drop' else 'Climb'}"
        return "no walkable way there (climbs, big drops and full tiles need other actions)"
    if isinstance(action, A.Climb):
        return climb_problem(state, u, tuple(action.to))
    if isinstance(action, A.Drop):
        return drop_problem(state, u, tuple(action.to))
    if isinstance(action, A.Fly):
        if u.fms <= 0:
            return f"{u.name} cannot fly"
        if state.slots < 1:
            return f"{u.name} has no Action Slots left"
        to = tuple(action.to)
        if to in _fly_table(state, u):
            return None
        problem = occupy_problem(state, u, *to, flying=True)
        if problem:
            return problem if "two" not in problem else \
                "that tile already holds two (fliers may pass over it but not stop there)"
        return f"no flight path there within {u.fms} tiles at her current height"
    if isinstance(action, A.ChangeAltitude):
        return altitude_problem(state, u, int(action.altitude))
    if isinstance(action, A.PickUp):
        return pickup_problem(state, u, action.item)
    if isinstance(action, A.DropItem):
        return drop_item_problem(state, u, action.item)
    if isinstance(action, A.Summon):
        return summon_problem(state, u, action.weapon, action.arm)
    if isinstance(action, A.Dismiss):
        it = state.items.get(action.item)
        if it is None or it.held_by != u.id or not it.hardlight:
            return f"{u.name} holds no summoned weapon called {action.item!r}"
        return None
    if isinstance(action, A.UseAbility):
        if state.slots < 1:
            return f"{u.name} has no Action Slots left"
        return ab.problem(state, u, action.ability,
                          tuple(action.target) if action.target is not None else None)
    if isinstance(action, A.EndAbility):
        if action.ability not in u.active:
            return f"{action.ability!r} is not switched on"
        return None
    if isinstance(action, A.Shatter):
        return shatter_problem(state, u, action.item)
    if isinstance(action, A.Negotiate):
        return negotiate_problem(state, u, action.target)
    return f"{action.kind!r} is not a turn action"


# --- applying --------------------------------------------------------------------------------

def apply(state: GemsState, action: Any, rng: Rng) -> list:
    reason = validate(state, action)
    if reason:
        raise IllegalAction(reason)
    u = _acting(state)
    assert u is not None
    handler = _HANDLERS[type(action)]
    return handler(state, u, action, rng)


def _move(state: GemsState, u: Unit, a: A.Move, rng: Rng) -> list:
    cost, path = _walk_table(state, u)[tuple(a.to)]
    out = _spend(state, u, 1, a.kind)
    place_unit(state, u.id, *a.to)
    out.append(ev.UnitMoved(u.id, tuple(path), "walk", 1))
    return out


def _climb(state: GemsState, u: Unit, a: A.Climb, rng: Rng) -> list:
    kind, cost = step_kind(state, u, tuple(a.to))
    out = _spend(state, u, cost, a.kind)
    place_unit(state, u.id, *a.to)
    out.append(ev.UnitMoved(u.id, (tuple(a.to),), kind, cost))
    return out


def _drop(state: GemsState, u: Unit, a: A.Drop, rng: Rng) -> list:
    height = ground_elevation(state, u.x, u.y, u.size) - ground_elevation(state, *a.to, u.size)
    ends = house(state, "fall_slots") == "ends_turn"
    out = _spend(state, u, state.slots if ends else 2, a.kind)      # GEM-13
    place_unit(state, u.id, *a.to)
    out.append(ev.UnitMoved(u.id, (tuple(a.to),), "drop", 2))
    out += fall(state, u.id, height, forced=False)                  # GEM-14
    if ends and u.formed and not state.over:
        from .turns import end_turn
        out += end_turn(state, rng)                # GEM-GM-06 option: the fall ends her turn
    return out


def _fly(state: GemsState, u: Unit, a: A.Fly, rng: Rng) -> list:
    cost, path = _fly_table(state, u)[tuple(a.to)]
    alt = unit_elevation(state, u)
    out = _spend(state, u, 1, a.kind)
    u.altitude = alt                                  # flying keeps her height (GEM-48)
    place_unit(state, u.id, *a.to)
    out.append(ev.UnitMoved(u.id, tuple(path), "fly", 1))
    return out


def _change_altitude(state: GemsState, u: Unit, a: A.ChangeAltitude, rng: Rng) -> list:
    cur = unit_elevation(state, u)
    new = int(a.altitude)
    cost = altitude_cost(u, abs(new - cur), _free_used(state, u))
    if cost == 0 and new != cur:
        u.free_altitude_used = True                   # GEM-GM-23
    out = _spend(state, u, cost, a.kind) if cost else []
    ground = ground_elevation(state, u.x, u.y, u.size)
    landed = new == ground
    u.altitude = None if landed else new
    out.append(ev.AltitudeChanged(u.id, cur, new, cost, landed))
    return out


def _pick_up(state: GemsState, u: Unit, a: A.PickUp, rng: Rng) -> list:
    out = _spend(state, u, 1, a.kind)                # GEM-15, GEM-53
    ratio = carry_ratio(state, u, a.item)
    if a.item in state.items and ratio <= 0.5:
        arm = _free_arms(u)[0]
        it = state.items[a.item]
        it.held_by = u.id
        it.x, it.y = u.x, u.y
        u.arms[arm].holding = it.id
        out.append(ev.ItemPickedUp(u.id, it.id, (arm,), False))
        return out
    threshold = carry_threshold(state, ratio)
    if threshold is not None and gm.seat(state) is not None:
        _ask_carry(state, u, a.item, ratio, threshold)
        return out
    return out + _lift(state, u, a.item, ratio, threshold, rng, "roll", True)


def _lift(state: GemsState, u: Unit, item: str, ratio: float, threshold: int | None, rng: Rng,
          outcome: str, ruling: bool) -> list:
    """She takes up a load in two arms (or all she has, GEM-GM-27). `outcome` "roll" rolls
    against `threshold` (none when it is None); "free" and "fail" are a game master's rulings
    without a roll."""
    out: list = []
    arms = _free_arms(u)[:2]                          # GEM-GM-27: two arms, or all she has
    for i in arms:
        u.arms[i].load = item
    u.carrying = item
    if outcome != "roll":
        u.carry_ok = outcome == "free"
    elif threshold is None:
        u.carry_ok = True
    else:
        total, roll = combat_roll(rng, u, "carry", f"{u.name} heaves {_name(state, item)} "
                                  f"(needs over {threshold})")
        if ruling:
            out.append(RulingMade("GEM-GM-27", f"load ratio {ratio:g}: needs over {threshold}"))
        out.append(roll)
        u.carry_ok = total > threshold                # GEM-54, GEM-GM-36
    if item in state.units:
        g = state.units[item]
        g.carried_by = u.id
        g.altitude = None
        place_unit(state, u.id, u.x, u.y)        # she comes along to where a load rides
    else:
        it = state.items[item]
        it.held_by = u.id
        it.x, it.y = u.x, u.y
    if threshold is not None and outcome == "roll":
        out.append(ev.CarryChecked(u.id, item, threshold, u.carry_ok, ms_now(state, u)))
    out.append(ev.ItemPickedUp(u.id, item, tuple(arms), True))
    return out


def _ask_carry(state: GemsState, u: Unit, item: str, ratio: float, threshold: int) -> None:
    """GEM-GM-27 with a game-master seat: how hard is this load to lift? The table's band is
    the default; the other band, no roll either way, or too heavy at all are the alternatives
    (GEM-56 leaves what can be carried to the game master)."""
    light = int(house(state, "carry_threshold_light"))
    heavy = int(house(state, "carry_threshold_heavy"))
    what = _name(state, item)
    choices = [("table", f"Roll: she must beat {threshold}")]
    if threshold != light:
        choices.append(("light", f"Easier (a load up to her Size): beat {light}"))
    if threshold != heavy:
        choices.append(("heavy", f"Harder (a load up to twice her Size): beat {heavy}"))
    choices += [("free", "She lifts it without a roll (half Movement Speed)"),
                ("fail", "She holds it but cannot move while she does"),
                ("refuse", "Too heavy: she cannot lift it (the slot is spent)")]
    gm.ask(state, "GEM-GM-27", u.id,
           f"{u.name} tries to lift {what}, {ratio:g} times her Size. How hard is it?",
           choices, "table", {"kind": "carry", "unit": u.id, "item": item, "ratio": ratio,
                              "threshold": threshold})


def resume_gm(state: GemsState, resume: dict, choice: str, rng: Rng) -> list:
    """Finish a pick-up (GM-27) or a negotiation (GM-25) with the game master's answer."""
    u = state.units[resume["unit"]]
    if resume["kind"] == "carry":
        if choice == "refuse":
            return []
        threshold = int(resume["threshold"])
        if choice == "light":
            threshold = int(house(state, "carry_threshold_light"))
        elif choice == "heavy":
            threshold = int(house(state, "carry_threshold_heavy"))
        outcome = choice if choice in ("free", "fail") else "roll"
        return _lift(state, u, str(resume["item"]), float(resume["ratio"]), threshold, rng,
                     outcome, False)
    if resume["kind"] == "truce":
        rounds = -1 if choice == "encounter" else int(choice)
        return _seal_truce(state, u, state.units[resume["target"]], rounds,
                           int(resume["margin"]))
    raise ValueError(f"rules cannot resume a {resume['kind']!r} call")


def _name(state: GemsState, ident: str) -> str:
    if ident in state.units:
        return state.units[ident].name
    return state.items[ident].name


def _drop_item(state: GemsState, u: Unit, a: A.DropItem, rng: Rng) -> list:
    if a.item == u.carrying:
        spot = put_down_spot(state, u, a.item)
        out = release_load(state, u)
        if a.item in state.units and spot is not None:
            place_unit(state, a.item, *spot)
            out = [ev.ItemPutDown(u.id, a.item, spot)]
        return out
    it = state.items[a.item]
    spot = put_down_spot(state, u, a.item)
    for arm in u.arms:
        if arm.holding == it.id:
            arm.holding = None
    it.held_by = None
    it.x, it.y = spot
    return [ev.ItemPutDown(u.id, it.id, spot)]


def _summon(state: GemsState, u: Unit, a: A.Summon, rng: Rng) -> list:
    from .system import make_item
    out = _spend(state, u, 1, a.kind)                # GEM-07
    iid = new_id(state, f"{a.weapon}_")
    it = make_item(content_of(state), iid, a.weapon, u.x, u.y, {})
    it.held_by = u.id
    state.items[iid] = it
    u.arms[a.arm].holding = iid                      # GEM-GM-28: straight into a free arm
    out.append(ev.ItemSummoned(u.id, iid, a.weapon, a.arm))
    return out


def _dismiss(state: GemsState, u: Unit, a: A.Dismiss, rng: Rng) -> list:
    for arm in u.arms:
        if arm.holding == a.item:
            arm.holding = None
    del state.items[a.item]
    return [ev.ItemDismissed(u.id, a.item)]


def _use_ability(state: GemsState, u: Unit, a: A.UseAbility, rng: Rng) -> list:
    out = _spend(state, u, 1, a.kind)                # GEM-07
    out += ab.use(state, u, a.ability, tuple(a.target) if a.target is not None else None)
    return out


def _end_ability(state: GemsState, u: Unit, a: A.EndAbility, rng: Rng) -> list:
    u.active.remove(a.ability)                       # GEM-GM-29: switching off is free
    return [ev.AbilityEnded(u.id, a.ability, "dismissed")]


def _shatter(state: GemsState, u: Unit, a: A.Shatter, rng: Rng) -> list:
    out = _spend(state, u, 1, a.kind)                # GEM-17
    it = state.items.pop(a.item)
    gem = it.gem or ""
    if gem in state.units:
        state.units[gem].shattered = True            # GEM-GM-31: gone for good
    out.append(ev.GemstoneShattered(u.id, a.item, gem))
    return out


def _negotiate(state: GemsState, u: Unit, a: A.Negotiate, rng: Rng) -> list:
    g = state.units[a.target]
    out = _spend(state, u, 1, a.kind)                # GEM-49
    mine, r1 = social_roll(rng, u, "negotiate", f"{u.name} negotiates with {g.name}")
    theirs, r2 = social_roll(rng, g, "negotiate (resist)", f"{g.name} answers {u.name}")
    out += [r1, r2]
    if mine > theirs:                                # GEM-50: strictly higher
        margin = mine - theirs
        rounds = truce_rounds(state, margin)
        if gm.seat(state) is not None:
            _ask_truce(state, u, g, margin, rounds)
            return out
        out.append(RulingMade("GEM-GM-25", f"margin {margin}: " + (
            "the rest of the encounter" if rounds < 0 else f"{rounds} round(s)")))
        out += _seal_truce(state, u, g, rounds, margin)
    else:
        out.append(ev.NegotiationFailed(u.id, g.id, mine, theirs))
    return out


def _seal_truce(state: GemsState, u: Unit, g: Unit, rounds: int, margin: int) -> list:
    u.truces[g.id] = rounds
    u.negotiated.append(g.id)                    # GEM-52
    return [ev.TruceMade(u.id, g.id, rounds, margin)]


def _ask_truce(state: GemsState, u: Unit, g: Unit, margin: int, rounds: int) -> None:
    """GEM-GM-25 with a game-master seat: how long the truce lasts; the table's length for this
    margin is the default."""
    default = "encounter" if rounds < 0 else str(rounds)
    gm.ask(state, "GEM-GM-25", u.id,
           f"{u.name} wins a truce from {g.name} by {margin}. How long does it hold?",
           [("1", "One round"), ("2", "Two rounds"), ("3", "Three rounds"),
            ("encounter", "The rest of the encounter")],
           default, {"kind": "truce", "unit": u.id, "target": g.id, "margin": margin})


_HANDLERS: dict[type, Callable[..., list]] = {
    A.Move: _move, A.Climb: _climb, A.Drop: _drop, A.Fly: _fly,
    A.ChangeAltitude: _change_altitude, A.PickUp: _pick_up, A.DropItem: _drop_item,
    A.Summon: _summon, A.Dismiss: _dismiss, A.UseAbility: _use_ability,
    A.EndAbility: _end_ability, A.Shatter: _shatter, A.Negotiate: _negotiate,
}


# --- for the client and the AI ---------------------------------------------------------------

def reachable(state: GemsState, unit_id: str) -> dict[Tile, tuple[int, list[Tile]]]:
    """Where `unit_id` can get with one movement action now, as {tile: (slot cost, path)}:
    Move destinations (1 slot), Climb/Descend steps (1), Drops (2) and Fly destinations (1),
    the cheapest way kept per tile. Ignores whose turn it is and slots left (the client greys
    what it cannot afford)."""
    u = state.units.get(unit_id)
    if u is None or not u.formed:
        return {}
    saved = state.slots
    state.slots = 2
    try:
        out: dict[Tile, tuple[int, list[Tile]]] = {}

        def keep(t: Tile, cost: int, path: list[Tile]) -> None:
            if t not in out or cost < out[t][0]:
                out[t] = (cost, path)
        for t, (_, path) in walk_paths(state, u).items():
            keep(t, 1, path)
        for t in _adjacent(u):
            if climb_problem(state, u, t) is None:
                keep(t, 1, [t])
            elif drop_problem(state, u, t) is None:
                keep(t, 2, [t])
        for t, (_, path) in fly_paths(state, u).items():
            keep(t, 1, path)
        return out
    finally:
        state.slots = saved


def describe_tile(state: GemsState, x: int, y: int) -> dict[str, Any]:
    """What the sidebar shows for a tile: terrain, elevation, solid, water and current, and what
    stands there (unit and item ids with names)."""
    b = state.board
    if not in_bounds(state, x, y):
        return {"x": x, "y": y, "in_bounds": False}
    here = occupants(state, x, y)
    return {
        "x": x, "y": y, "in_bounds": True,
        "terrain": str(b.prop(x, y, "terrain", "water" if is_water(state, x, y) else "ground")),
        "elevation": tile_elevation(state, x, y),
        "solid": is_solid(state, x, y),
        "water": is_water(state, x, y),
        "water_penalty": int(b.prop(x, y, "water_penalty", house(state, "water_penalty")))
        if is_water(state, x, y) else 0,
        "current_dir": b.prop(x, y, "current_dir", None) if is_water(state, x, y) else None,
        "current_threshold": int(b.prop(x, y, "current_threshold",
                                        house(state, "current_threshold")))
        if is_water(state, x, y) else None,
        "occupants": [{"id": o, "name": _name(state, o),
                       "is_unit": o in state.units} for o in here],
        "occupancy": len(here),
        "capacity": 2,
    }

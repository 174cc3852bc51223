"""Area Gu of gu_masters: where an area Gu or killer move may be set off, who it catches, and
the reactions of those caught (GU-82..84, GU-161..164 through areas.py).

Owns: `dodge_room` (half the movement, rounded down, the dodge's reach: GU-82, GU-GM-42) and
`dodge_exits` (pure: the squares a dodger could reach that lie outside the area, GU-83); on
the map, `anchors` (the squares in range whose area would catch a foe: the legal list stays
small), `shape` (the area of a Gu set off at a square: a radius around it, a line from a
square next to the user away from it, or a line from a chosen source, GU-162/163, with the
house's GU-GM-21/22 readings), `release` (the one attack test of an area with a skill, then
each creature caught answers at the stage `area_react`: dodge out of it, a shield Gu, or take
it), and the step out (`area_step`, only to squares the area does not catch: GU-83/161).
A dodge against an area with no attack test is no hit: the creature steps out with no test
(GU-84); against one with a test it is opposed by that roll (GU-81).

Must not: build areas (areas.py does), interpret effects (gu.py) or roll except on the Rng
it is handed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Collection

from game.engine.boards.square import Cell
from game.engine.events import event
from game.engine.records import Record
from game.engine.rng import Rng
from game.engine.tactics import forced, pending
from game.engine.tactics.footprint import block_at
from game.engine.tactics.pending import Pending

from . import areas, attack, reactions
from . import content as C
from .actions import DETONATE, DODGE, SHIELD, TAKE, DodgeMove, React
from .areas import Area
from .events import Moved, Reacted, Struck
from .house import HOUSE
from .moves import dodge_mods, dodge_skill
from .state import Creature, GuState
from .terrain import Ground, Mover, floor_of, ground_of, reach, sees
from .turns import roll, test_event

AREA_STAGE = "area_react"        # a creature caught in an area answers (GU-161)
AREA_STEP = "area_step"          # a creature that got out picks its square (GU-83/84)
FLAT = 10_000                    # GU-GM-22 "flat": an area reaches every height


@event("gu.area")
@dataclass(frozen=True, slots=True)
class AreaStruck(Record):
    """`who` set off `gu` (a Gu, or `killer:<id>`) over `cells`; `caught` the creatures inside;
    `hit` False when its attack test missed and nothing happens."""
    who: str
    gu: str
    cells: tuple[Cell, ...]
    caught: tuple[str, ...]
    hit: bool = True


def dodge_room(movement_m: int) -> int:
    """GU-82: a successful dodge moves at least 1 m and at most half the movement, rounded
    down; GU-GM-42: with less than 1 m of room there is no dodge at all (0)."""
    return max(0, movement_m) // 2


def dodge_exits(ground: Ground, area: Area, anchor: Cell, movement_m: int,
                mover: Mover = Mover(), blocked: Collection[Cell] = frozenset(), *,
                altitude_m: int = 0, tall_m: int = 1) -> tuple[Cell, ...]:
    """GU-83 / GU-161: the anchors a dodger at `anchor` can walk to within `dodge_room` metres
    whose footprint the area no longer catches (squares and heights, GU-GM-22). A flier keeps
    its altitude over the new floor. Empty: it cannot get out and is hit regardless."""
    room = dodge_room(movement_m)
    if room < 1:
        return ()
    found = reach(ground, anchor, room, mover, blocked)
    out: list[Cell] = []
    for node in found.order:
        cell = (node[0], node[1])
        if cell == anchor:
            continue
        feet = floor_of(ground, cell, mover.size) + altitude_m
        if not area.catches(block_at(cell[0], cell[1], mover.size), feet, tall_m):
            out.append(cell)
    return tuple(sorted(out, key=lambda c: (c[1], c[0])))



# -- on the map ---------------------------------------------------------------------------------
def _away(c: Creature, cell: Cell) -> Cell:
    """The compass step from the middle of `c`'s footprint toward `cell` (a line's way)."""
    step = forced.snap8(2 * cell[0] - (2 * c.x + c.size - 1), 2 * cell[1] - (2 * c.y + c.size - 1))
    return step or (1, 0)


def _range(c: Creature, cell: Cell) -> int:
    return min(max(abs(cell[0] - p[0]), abs(cell[1] - p[1])) for p in c.cells())


def shape(state: GuState, c: Creature, u: C.Gu | C.KillerMove, anchor: Cell) -> Area | None:
    """The area `u` covers set off at `anchor` by `c`, or None when it cannot start there:
    a radius around the anchor (GU-164); a line from a square next to the user, on away from
    it (GU-163), drawn from the user's height; a line whose source the user picks, within
    range at both ends (GU-163), on away from the user."""
    ground = ground_of(state.board)
    a = u.area
    if a is None or not ground.in_bounds(anchor) or ground.is_wall(anchor):
        return None
    flat = HOUSE.read(state, "area_height") == "flat"
    if a.radius:
        if u.range_m and _range(c, anchor) > u.range_m:
            return None
        if not u.range_m and anchor != (c.x, c.y):
            return None
        got = areas.radius(ground, anchor, a.radius, difficult_costs=HOUSE.read(
            state, "radius_terrain") == "difficult")
    else:
        if anchor in c.cells():
            return None
        step = _away(c, anchor)
        toward = (anchor[0] + step[0], anchor[1] + step[1])
        far = areas.line_far_end(anchor, toward, a.length)
        if not areas.line_source_ok(c.cells(), anchor, far, u.range_m or None,
                                    choose_source=a.choose_source):
            return None
        base = None if a.choose_source else attack.height(state, c)
        got = areas.line(ground, anchor, toward, a.width, a.length, height=a.height or None,
                         base=base)
    if not got.cells:
        return None
    return Area(got.cells, -FLAT, FLAT) if flat else got


def caught(state: GuState, area: Area) -> list[Creature]:
    """The creatures on the board the area catches (its squares and heights, GU-GM-22), in
    initiative order; friend and foe alike, the user too."""
    return [state.creatures[i] for i in state.order
            if state.creatures[i].on_board and area.catches(
                state.creatures[i].cells(), attack.height(state, state.creatures[i]),
                state.creatures[i].size)]


def anchors(state: GuState, c: Creature, u: C.Gu | C.KillerMove) -> list[Cell]:
    """The squares `u` may be set off at now: in range, seen by the user, and catching at
    least one foe (so the legal list stays short)."""
    ground = ground_of(state.board)
    a = u.area
    if a is None:
        return []
    foes = [o for o in state.living() if o.side != c.side]
    if not foes:
        return []
    if a.radius and not u.range_m:
        spots = {(c.x, c.y)}
    elif a.radius:
        near = a.radius
        spots = {(f[0] + dx, f[1] + dy) for o in foes for f in o.cells()
                 for dx in range(-near, near + 1) for dy in range(-near, near + 1)}
    elif not a.choose_source:
        spots = {(p[0] + dx, p[1] + dy) for p in c.cells() for dx in (-1, 0, 1)
                 for dy in (-1, 0, 1)} - set(c.cells())
    else:
        near = a.length
        spots = {(f[0] + dx, f[1] + dy) for o in foes for f in o.cells()
                 for dx in range(-near, near + 1) for dy in range(-near, near + 1)}
    out: list[Cell] = []
    for cell in sorted(spots, key=lambda p: (p[1], p[0])):
        if not ground.in_bounds(cell) or ground.is_wall(cell):
            continue
        if u.range_m and (_range(c, cell) > u.range_m
                          or not any(sees(ground, p, cell) for p in c.cells())):
            continue
        area = shape(state, c, u, cell)
        if area is not None and any(o.side != c.side for o in caught(state, area)):
            out.append(cell)
    return out


def release(state: GuState, c: Creature, u: C.Gu | C.KillerMove, anchor: Cell, rng: Rng
            ) -> list:
    """Set `u` off at `anchor`: one attack test when it has a skill (our reading: one aim for
    the whole area; a miss sets off nothing), then each creature caught answers at its own
    stage, the first in initiative order on top; those with no answer take it at once."""
    from . import activate
    area = shape(state, c, u, anchor)
    if area is None:
        raise ValueError(f"{u.id} cannot be set off at {anchor}")
    inside = caught(state, area)
    events: list = []
    raw, dos, rolled, hit = 0, 0, False, True
    if u.skill:
        skill = activate.skill_name(u.skill)
        t = roll(state, rng, c.skills.get(skill, 0), purpose=f"{u.id} area")
        events.append(test_event(c.id, skill, f"{u.id} area", t))
        raw, dos, rolled, hit = t.raw, t.dos, True, t.success
    events.append(AreaStruck(c.id, activate.uid_of(u), area.cells,
                             tuple(o.id for o in inside), hit))
    if not hit:
        return events
    shape_data = area_data(area)
    for o in reversed(inside):
        blow = activate.blow(c, o, u, rolled, raw, dos, area=shape_data)
        if len(stage_answers(state, o, blow)) > 1:
            pending.push(state.pending, Pending(AREA_STAGE, o.side, o.id, blow))
        else:
            events.append(Struck(c.id, o.id, "gu", True, activate.uid_of(u)))
            events += activate.land(state, blow, rng)
    return events


def area_data(area: Area) -> dict[str, Any]:
    """An area as a blow records it (the stage's data, `_area_of` reads it back)."""
    return {"cells": [list(p) for p in area.cells], "low": area.low, "high": area.high}


def _area_of(data: dict[str, Any]) -> Area:
    return Area(tuple((p[0], p[1]) for p in data["cells"]), data["low"], data["high"])


def exits(state: GuState, o: Creature, data: dict[str, Any], rooms: dict | None = None
          ) -> dict[Cell, tuple[int, list]]:
    """GU-83: the dodge's squares (1 m to half its movement, reactions.dodge_room) where the
    area no longer catches it (flying or not, at its altitude). `rooms`, when given, keeps each
    creature's dodge room by id: the caller vouches the state does not change while it holds
    it (a bot pricing many anchors of one position)."""
    area = _area_of(data)
    out = {}
    if rooms is None:
        room = reactions.dodge_room(state, o)
    else:
        room = rooms.get(o.id)
        if room is None:
            room = rooms[o.id] = reactions.dodge_room(state, o)
    for cell, got in room.items():
        feet = floor_of(ground_of(state.board), cell, o.size) + o.altitude
        if not area.catches(block_at(cell[0], cell[1], o.size), feet, o.size):
            out[cell] = got
    return out


def stage_answers(state: GuState, o: Creature, blow: dict[str, Any],
                  rooms: dict | None = None) -> list:
    """What a caught creature may answer: dodge when a way out exists and it can move
    (GU-83, GU-149/152), a shield Gu (activate.shield_offers), or take it. `rooms`: as for
    `exits`."""
    from . import activate
    out: list = []
    if reactions.may_react(state, o, blow):
        if not (o.has("prone") or o.has("restrained")) and exits(state, o, blow["area"], rooms):
            out.append(React(o.id, DODGE))
        out += activate.shield_offers(state, o, blow)
    return out + [React(o.id, TAKE)]


def stage_legal(state: GuState, stage: Pending) -> list:
    o = state.creatures[stage.actor]
    if stage.stage == AREA_STAGE:              # GU-91: detonating a Gu too, once asked
        answers = stage_answers(state, o, stage.data)
        return answers[:-1] + reactions.extras(state, o, stage.data) + answers[-1:]
    return [DodgeMove(o.id, x, y) for (x, y) in sorted(exits(state, o, stage.data))]


def stage_apply(state: GuState, a: Any, rng: Rng) -> list:
    from . import activate
    stage = pending.top(state.pending)
    o = state.creatures[a.actor]
    if isinstance(a, DodgeMove):
        pending.pop(state.pending, AREA_STEP)
        cost, path = exits(state, o, stage.data)[(a.x, a.y)]
        before = reactions.threats(state, o)
        o.x, o.y = a.x, a.y
        # GU-85: a dodge's step provokes like any other, at disadvantage (GU-X-06)
        reactions.provoke(state, o, reactions.left_behind(state, o, before), disadvantage=True)
        return [Moved(o.id, tuple(path), "dodge", False, cost)]
    pending.pop(state.pending, AREA_STAGE)
    blow = stage.data
    user = blow["gu"]
    land = [Struck(blow["attacker"], o.id, "gu", True, user)]
    if a.reaction == TAKE:
        return land + activate.land(state, blow, rng)
    o.reactions -= 1                                 # GU-79: one reaction for this trigger
    if a.reaction == DETONATE:                       # GU-91: the area still catches it
        events, _ = reactions.RESOLVERS[DETONATE](state, o, blow, a, rng)
        return [Reacted(o.id, DETONATE, blow["attacker"], False, o.reactions, a.gu)] + events \
            + land + activate.land(state, blow, rng)
    if a.reaction == SHIELD:
        events, _ = activate.resolve_shield(state, o, blow, a, rng)
        return [Reacted(o.id, SHIELD, blow["attacker"], False, o.reactions, a.gu)] + events \
            + land + activate.land(state, blow, rng)
    events: list = []
    if blow["rolled"]:                               # GU-81: opposed by the area's roll
        won = reactions._opposes(state, o, blow, dodge_skill(o), dodge_mods(o), f"dodge {user}", rng,
                                 events)
    else:                                            # GU-84: no hit to beat, it just moves
        won = True
    events.insert(0, Reacted(o.id, DODGE, blow["attacker"], won, o.reactions))
    if won:
        pending.push(state.pending, Pending(AREA_STEP, o.side, o.id, blow["area"]))
        return events
    return events + land + activate.land(state, blow, rng)

"""How far, in Action Slots, a gem is from striking an enemy: the bots' travel-distance field.

Owns: `slots_to_strike(state, unit, enemy, reach)`, the cost in Action Slots for `unit` to walk
from where she stands to a place from which `enemy` is within `reach` (Chebyshev between
footprints, elevation ignored, GEM-24/25), across the board's terrain: a level step or a free
descent is a share of one Move (1/MS of a slot, GEM-09, GEM-11), a Climb or a Descend one slot
(GEM-10, GEM-12), a Drop two (GEM-13, plus a little for the fall damage), a climb higher than
1xSize is impossible (GEM-10) and solid tiles are never entered. The field is a backward
Dijkstra from every place in reach of the enemy, built once per board, body size, Movement
Speed, reach and enemy position and then shared by every dry run that asks.

Why: straight-line distance leaves a bot stuck on a river bank or below a cliff (each single
action seen alone makes no straight-line progress); the travel cost goes down with every action
that really brings her closer, so a greedy one-action bot walks round or climbs.

Must not: decide whether an action is legal (the bot only ever plays actions from
`legal_actions`); it reads the kind of each step from rules.step_kind and where a body may stand
from common.stand_test, so the movement rules keep one home. It ignores other gems and loose
objects (they move) and the water penalty beyond a small caution: an estimate for scoring,
never a rule.
"""
from __future__ import annotations

import heapq
from types import SimpleNamespace
from typing import Any

from . import common
from .rules import step_kind
from .state import GemsState, Unit

Tile = tuple[int, int]
UNREACHABLE = float("inf")
DROP_EXTRA = 0.5         # a Drop's two slots, and a little for the fall damage (GEM-13)
WATER_EXTRA = 0.25       # a share of a slot for each water tile entered: currents (GEM-18..20)

# (id(board), size, ms, reach, enemy anchor, enemy size) -> (board, field); the board is kept
# so a reused id cannot match
_FIELDS: dict[tuple, tuple[Any, dict[Tile, float]]] = {}
_FIELDS_MAX = 4000
# (id(board), size) -> (board, {anchor: [(neighbour anchor, cost in slots at MS 1 steps,
#  slots)]}): the step graph of one body size, its edges stored backwards (into each anchor)
_GRAPHS: dict[tuple, tuple[Any, dict[Tile, list[tuple[Tile, int, float]]]]] = {}


def _graph(state: GemsState, size: int) -> dict[Tile, list[tuple[Tile, int, float]]]:
    """For every anchor a Size `size` body may stand on (terrain only), the steps INTO it:
    (from, free steps, slots). A free step counts toward a Move (1/MS of a slot each); a
    Climb, Descend or Drop costs whole slots."""
    key = (id(state.board), size)
    hit = _GRAPHS.get(key)
    if hit is not None and hit[0] is state.board:
        return hit[1]
    t = common.terrain(state)
    body = SimpleNamespace(x=0, y=0, size=size)        # what stand_test and step_kind read
    stands = common.stand_test(state, body, set())     # type: ignore[arg-type]
    water = t.water
    w = t.width
    into: dict[Tile, list[tuple[Tile, int, float]]] = {}
    anchors = [(x, y) for y in range(t.height) for x in range(w) if stands(x, y)]
    places = set(anchors)
    for a in anchors:
        body.x, body.y = a
        for dx, dy in common.NEIGHBOURS:
            b = (a[0] + dx, a[1] + dy)
            if b not in places:
                continue
            kind = step_kind(state, body, b)            # type: ignore[arg-type]
            if kind is None:
                # level or a free descent (part of a Move, GEM-11), unless it is a climb too high
                # (GEM-10): then the way back is a descent or a drop
                body.x, body.y = b
                back = step_kind(state, body, a)        # type: ignore[arg-type]
                body.x, body.y = a
                if back is not None and back[0] in ("descend", "drop"):
                    continue
                free, slots = 1, 0.0
            else:
                free, slots = 0, float(kind[1]) + (DROP_EXTRA if kind[0] == "drop" else 0.0)
            if any(water[ty * w + tx] for tx, ty in common.footprint_at(b[0], b[1], size)):
                slots += WATER_EXTRA
            into.setdefault(b, []).append((a, free, slots))
    if len(_GRAPHS) > 32:
        _GRAPHS.clear()
    _GRAPHS[key] = (state.board, into)
    return into


def field(state: GemsState, size: int, ms: int, reach: int, enemy: Unit) -> dict[Tile, float]:
    """{anchor: slots to a place with `enemy` in `reach`} for a Size `size` walker of Movement
    Speed `ms`; anchors that cannot get there are absent."""
    key = (id(state.board), size, ms, reach, enemy.x, enemy.y, enemy.size)
    hit = _FIELDS.get(key)
    if hit is not None and hit[0] is state.board:
        return hit[1]
    t = common.terrain(state)
    into = _graph(state, size)
    step = 1.0 / max(1, ms)
    target = common.footprint(enemy)
    best: dict[Tile, float] = {}
    heap: list[tuple[float, Tile]] = []
    for y in range(t.height):
        for x in range(t.width):
            if (x, y) in into or _stands_alone(state, size, x, y):
                if common.footprint_distance(common.footprint_at(x, y, size), target) <= reach:
                    best[(x, y)] = 0.0
                    heap.append((0.0, (x, y)))
    heapq.heapify(heap)
    while heap:
        d, b = heapq.heappop(heap)
        if d > best.get(b, UNREACHABLE):
            continue
        for a, free, slots in into.get(b, ()):
            nd = d + free * step + slots
            if nd < best.get(a, UNREACHABLE) - 1e-12:
                best[a] = nd
                heapq.heappush(heap, (nd, a))
    if len(_FIELDS) >= _FIELDS_MAX:
        _FIELDS.clear()
    _FIELDS[key] = (state.board, best)
    return best


def _stands_alone(state: GemsState, size: int, x: int, y: int) -> bool:
    """An anchor with no step into it (an island of one place) may still be where she is."""
    body = SimpleNamespace(x=x, y=y, size=size)
    return common.stand_test(state, body, set())(x, y)     # type: ignore[arg-type]


def slots_to_strike(state: GemsState, u: Unit, enemy: Unit, reach: int) -> float:
    """Action Slots `u` needs to bring `enemy` within `reach` on foot (see the module note); a
    flier may also fly straight over (FMS tiles a slot, GEM-47). UNREACHABLE if neither way."""
    gap = common.footprint_distance(common.footprint(u), common.footprint(enemy))
    if gap <= reach:
        return 0.0
    if u.carried_by is not None or u.altitude is not None:
        walk = UNREACHABLE
    else:
        walk = field(state, u.size, max(1, u.ms), reach, enemy).get((u.x, u.y), UNREACHABLE)
    if u.fms > 0:
        # a flight ignores terrain on the way, but may need a slot to take off first
        fly = (gap - reach) / u.fms + (0.0 if u.altitude is not None else 1.0)
        walk = min(walk, fly)
    return walk

"""Flying maneuvers of gu_masters as numbers: Take Flight, Fly, Evade and Land (GU-21/22,
GU-28..31, GU-35/36, GU-GM-24, GU-GM-48); the Dive's bounds and failed drop are the falling
module's (GU-32..34).

Owns: which maneuvers a creature may start (flying speed, airborne, the once-a-turn Evade),
the height Take Flight rises, the reach of a Fly move in 3D, the Evade penalty, the Land reach
and whether a landing needs a Flying test, and the pick of one flight Gu among several.

Also the geometry of a flight over a Ground (terrain.py): `fly_path` (a straight Fly, GU-31) and
`dive_path` (a successful Dive's descent and run forward, GU-33), heights as metres above the
map's zero (floor + altitude, GU-X-15), over `air_floors` (each anchor's floor and the least height over its low objects, None
where a flier cannot be, once per ground).

Must not: read the match, move creatures or roll (the engine does, through checks.roll_test).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from game.engine.boards.square import Cell
from game.engine.tactics.footprint import block_at
from game.engine.tactics.lines import bresenham

from .terrain import LOW_OBJECT_M, PARTIAL, Ground, floor_of

MANEUVERS: tuple[str, ...] = ("take_flight", "fly", "dive", "evade", "land")
LAND_MODES: tuple[str, ...] = ("flying_speed", "any")       # GU-GM-24 table option


@dataclass(frozen=True, slots=True)
class Wings:
    """One flight-granting effect a creature has: its source (a Gu id), flying speed in metres
    and maneuvers a turn."""

    source: str
    speed: int
    maneuvers: int


def choose_wings(options: Iterable[Wings], source: str | None = None) -> Wings | None:
    """GU-22: under several flight Gu the creature uses ONE of them, speed and maneuver count
    both. With no `source` named, the fastest (then most maneuvers, then by id) is taken."""
    wings = list(options)
    if source is not None:
        for w in wings:
            if w.source == source:
                return w
        raise ValueError(f"no flight from {source!r}; has {[w.source for w in wings]}")
    if not wings:
        return None
    return sorted(wings, key=lambda w: (-w.speed, -w.maneuvers, w.source))[0]


def refusal(maneuver: str, flying_speed: int, airborne: bool, altitude: int = 0,
            evaded: bool = False, maneuvers_left: int = 1) -> tuple[str, str] | None:
    """Why a maneuver may not start now, as (words, rule ID), or None when it may.
    GU-21/28: a flying speed and a maneuver left; every maneuver but Take Flight needs to be
    airborne; GU-30 Take Flight only from the ground; GU-32 Dive from 5 m up; GU-35 one Evade a
    turn."""
    if maneuver not in MANEUVERS:
        raise ValueError(f"unknown maneuver {maneuver!r}; expected one of {MANEUVERS}")
    if flying_speed <= 0:
        return "no flying speed", "GU-28"
    if maneuvers_left <= 0:
        return "no maneuvers left this turn", "GU-21"
    if maneuver == "take_flight":
        return ("already airborne", "GU-30") if airborne else None
    if not airborne:
        return "not airborne", "GU-28"
    if maneuver == "dive" and altitude < 5:
        return f"a dive needs 5 m of altitude, has {altitude} m", "GU-32"
    if maneuver == "evade" and evaded:
        return "already evaded this turn", "GU-35"
    return None


def take_flight_rise(flying_speed: int) -> int:
    """GU-30: Take Flight rises half the flying speed, rounded down."""
    return max(0, flying_speed) // 2


def fly_ok(dx: int, dy: int, dz: int, flying_speed: int) -> bool:
    """GU-31: a Fly goes up to F m in one straight line in any direction; distance in 3D is the
    largest of the three offsets (GU-X-15: 1 m squares, diagonals 1 m)."""
    span = max(abs(dx), abs(dy), abs(dz))
    return 0 < span <= flying_speed


def fly_heights(altitude: int, dz: int, steps: int) -> list[int]:
    """The altitude over each of `steps` squares of a straight flight that changes height by
    `dz` in all: a straight line climbs or sinks evenly (rounded toward the start)."""
    if steps <= 0:
        return []
    return [altitude + (dz * i) // steps if dz >= 0 else altitude - ((-dz) * i) // steps
            for i in range(1, steps + 1)]


def evade_penalty(flying_skill: int) -> int:
    """GU-35: after a passed Evade, tests to hit the flier take +(Flying rounded down to a
    multiple of ten); GU-GM-48: melee attacks too."""
    return (max(0, flying_skill) // 10) * 10


def land_reach(flying_speed: int, *, land_mode: str = "flying_speed") -> int | None:
    """GU-GM-24: how far straight down a Land may set a flier: its flying speed by default
    (higher up it must Fly or Dive first); `"any"`, any height (None = no limit)."""
    if land_mode not in LAND_MODES:
        raise ValueError(f"unknown land mode {land_mode!r}; expected one of {LAND_MODES}")
    return max(0, flying_speed) if land_mode == "flying_speed" else None


def land_needs_test(after_dive: bool, difficult: bool) -> bool:
    """GU-36: a Land at the end of a Dive, or onto difficult ground, needs a Flying test;
    failing it lands the creature prone."""
    return after_dive or difficult


FlightStep = tuple[Cell, int]        # a footprint's anchor and the height of its feet


def air_floors(ground: Ground, size: int) -> tuple[tuple[int, int] | None, ...]:
    """For each anchor (flat by `y * width + x`), (the floor under a size x size block there,
    the lowest height its feet may pass at: above the low objects under it), or None when a
    square of it is a wall, a full-cover object or off the map (no flier passes); worked out once
    per ground and size, as a Fly lists hundreds of lines over the same squares."""
    key = ("air_floors", size)
    hit = ground.cache.get(key)
    if hit is None:
        out: list[tuple[int, int] | None] = []
        for y in range(ground.height):
            for x in range(ground.width):
                cells = block_at(x, y, size)
                if not all(ground.clear_at(c, 10 ** 9) for c in cells):
                    out.append(None)
                    continue
                floor = floor_of(ground, (x, y), size)
                low = [ground.elevation_at(c) + LOW_OBJECT_M for c in cells
                       if ground.cover[ground.index(c)] == PARTIAL]
                out.append((floor, max([floor, *low])))
        hit = ground.cache[key] = tuple(out)
    return hit


def _clear(ground: Ground, anchor: Cell, height: int, size: int, min_altitude: int) -> bool:
    x, y = anchor
    if not (0 <= x < ground.width and 0 <= y < ground.height):
        return False                                 # off the map is solid
    entry = air_floors(ground, size)[y * ground.width + x]
    if entry is None:                                # a wall or a spire, not a boulder
        return False
    floor, lowest = entry
    return height >= lowest and height - floor >= min_altitude


def fly_path(ground: Ground, anchor: Cell, height: int, dest: Cell, dest_height: int,
             flying_speed: int, size: int = 1) -> list[FlightStep] | None:
    """GU-31: the straight flight from (`anchor`, `height`) to (`dest`, `dest_height`), one
    entry per square after the start, or None when it is longer than the flying speed, goes
    through a wall or a full-cover object, or would pass below 1 m over the floor (a flier comes
    down by Land or Dive, not by flying into the ground) or below the top of a low object
    (terrain.LOW_OBJECT_M)."""
    dx, dy, dz = dest[0] - anchor[0], dest[1] - anchor[1], dest_height - height
    if not fly_ok(dx, dy, dz, flying_speed):
        return None
    cells = bresenham(anchor, dest)[1:]
    n = max(len(cells), abs(dz))
    if not cells:                                    # straight up or down
        return [(anchor, dest_height)] if _clear(ground, anchor, dest_height, size, 1) else None
    heights = fly_heights(height, dz, len(cells))
    out: list[FlightStep] = []
    for cell, h in zip(cells, heights):
        if not _clear(ground, cell, h, size, 1):
            return None
        out.append((cell, h))
    return out if n <= flying_speed else None


def dive_path(ground: Ground, anchor: Cell, height: int, dest: Cell, dest_height: int,
              down_max: int, forward_max: int, size: int = 1) -> list[FlightStep] | None:
    """GU-33: a successful Dive's line from (`anchor`, `height`) down to (`dest`,
    `dest_height`): at most `down_max` metres lower (falling.dive_reach gives 3F, capped by the
    altitude), at most `forward_max` squares along the map, never into a wall or below the floor
    (it may end on the floor, ready to Land). None when it cannot."""
    drop = height - dest_height
    run = max(abs(dest[0] - anchor[0]), abs(dest[1] - anchor[1]))
    if drop < 0 or drop > down_max or run > forward_max or (drop == 0 and run == 0):
        return None
    cells = bresenham(anchor, dest)[1:] or [anchor]
    heights = fly_heights(height, -drop, len(cells))
    out: list[FlightStep] = []
    for cell, h in zip(cells, heights):
        if not _clear(ground, cell, h, size, 0):
            return None
        out.append((cell, h))
    return out

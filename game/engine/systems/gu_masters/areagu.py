"""Area Gu of gu_masters: who an area catches and whether a dodge can carry a creature out of it
(GU-82/83, GU-161..164 through areas.py).

Owns: `dodge_room` (half the movement, rounded down, the dodge's reach: GU-82, GU-GM-42) and
`dodge_exits` (the squares a dodger could reach with it that lie outside the area: none means
the area hits it whatever its Dodge test says, GU-83, GU-161).

Must not: build areas (areas.py does), roll, or move the dodger (the engine moves it to the
square its player picks from `dodge_exits`).
"""
from __future__ import annotations

from typing import Collection

from game.engine.boards.square import Cell

from .areas import Area
from game.engine.tactics.footprint import block_at

from .terrain import Ground, Mover, floor_of, reach


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


def anchors(state, c, u) -> list:
    return []


def release(state, c, u, cell, rng) -> list:
    return []

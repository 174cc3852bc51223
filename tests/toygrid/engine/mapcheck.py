"""toy_grid map checks: what a map needs beyond the generic checks (boards.tmx).

Owns: `check_map(board)`: the map says it is for toy_grid, and each of the two sides has one to
three spawns on open ground. Must not: read pygame, or stop at the first problem.
"""
from __future__ import annotations

from game.engine.boards import Board

SYSTEM_ID = "toy_grid"


def check_map(board: Board) -> list[str]:
    problems = []
    if board.orientation != "orthogonal":
        problems.append(f"toy_grid plays on square maps, not {board.orientation}")
    if board.properties.get("system") != SYSTEM_ID:
        problems.append(f"the map property 'system' must be {SYSTEM_ID!r}")
    spawns = board.spawns_by_side()
    for side in (0, 1):
        found = spawns.get(side, [])
        if not 1 <= len(found) <= 3:
            problems.append(f"side {side} needs 1 to 3 spawns, has {len(found)}")
        for s in found:
            if board.prop(s.x, s.y, "solid", False):
                problems.append(f"spawn {s.name!r} at {s.x},{s.y} stands on solid ground")
    extra = sorted(set(spawns) - {0, 1})
    if extra:
        problems.append(f"spawns for sides {extra}: toy_grid has two sides")
    return problems

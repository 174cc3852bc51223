"""RPGStuck long jumps (RS-107, TV-51): a leap in a straight line over what a walk cannot cross
cheaply (a pit, a gap, difficult ground), paid foot for foot from movement.

Owns: the LongJump action (listed, refused, applied): one of the eight directions, two squares
or more, no further than `moves.jump` allows (the Strength score in feet with a run-up of
10 ft walked this turn, half without; rounded down to whole squares), over no wall or object,
landing on a free square no higher than the high jump and no lower than a safe drop (RS-115).
Only jumps that beat walking there are offered, so the list stays short. Our readings: the
run-up is the movement already walked this turn; a jump leaps over creatures but never lands
on one; a holder, a rider, a grappled or Prone creature does not jump.

Must not: price walking (moves.py) or roll dice (SM-06's longer jumps by a check are not
offered: the table option stays at its default, off).
"""
from __future__ import annotations

from . import arith, moves, terrain
from .actions import LongJump
from .events import Moved
from .state import Cell, Creature, RpgState

ACTIONS = (LongJump,)
FT = terrain.FEET_PER_SQUARE
DIRECTIONS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


def may_jump(c: Creature) -> bool:
    return c.up and not any(c.has(k) for k in ("grappled", "grappling", "prone", "mounted",
                                               "ridden"))


def longest_ft(state: RpgState, c: Creature) -> int:
    """RS-107 with the run-up this turn's walking gave."""
    return moves.jump(c.scores["STR"], state.turn.walked).long_ft


def landings(state: RpgState, c: Creature) -> dict[Cell, int]:
    """Where `c` may jump to now, each with its cost in feet (only where walking costs more)."""
    if not may_jump(c):
        return {}
    t = state.turn
    far = min(longest_ft(state, c), t.move_left) // FT
    if far < 2:
        return {}
    f = arith.field(state)
    taken = {k for o in state.creatures.values() if o.id != c.id
             and o.status in ("up", "unconscious") for k in o.cells()}
    here = f.floor_at((c.x, c.y))
    high = moves.jump(c.scores["STR"], t.walked).high_ft
    walk = arith.reach(state, c, t.move_left)
    out: dict[Cell, int] = {}
    for dx, dy in DIRECTIONS:
        for k in range(1, far + 1):
            to = (c.x + dx * k, c.y + dy * k)
            cells = [(to[0] + i, to[1] + j) for j in range(c.size) for i in range(c.size)]
            if not all(f.in_bounds(x) for x in cells) or any(f.is_solid(x) for x in cells):
                break                                 # a wall or the edge ends the line
            if k < 2 or any(x in taken for x in cells):
                continue
            rise = max(f.floor_at(x) for x in cells) - here
            if rise > high or -rise >= moves.SAFE_DROP_FT:
                continue
            cost = k * FT
            walked = walk.get(to)
            if walked is None or walked[0] > cost:
                out[to] = cost
    return out


def choices(state: RpgState, c: Creature) -> list:
    return [LongJump(c.id, x, y) for (x, y) in sorted(landings(state, c))]


def refusal(state: RpgState, c: Creature, action: LongJump) -> tuple[str, str] | None:
    if not may_jump(c):
        return f"{c.id} cannot jump now (held, holding, prone or riding)", "RS-107"
    if (action.x, action.y) not in landings(state, c):
        return (f"{action.x},{action.y} is not a straight jump of 10 to "
                f"{longest_ft(state, c)} ft that lands free (or walking there is cheaper)",
                "RS-107")
    return None


def apply(state: RpgState, c: Creature, action: LongJump) -> list:
    cost = landings(state, c)[(action.x, action.y)]
    state.turn.move_left -= cost
    c.x, c.y = action.x, action.y
    return [Moved(c.id, ((c.x, c.y),), "jump", False, cost)]

"""RPGStuck long jumps (RS-107, TV-51): a leap in a straight line over what a walk cannot cross
cheaply (a pit, a gap, difficult ground), paid foot for foot from movement.

Owns: the LongJump action (listed, refused, applied): one of the eight directions, two squares
or more, no further than `moves.jump` allows (the Strength score in feet with a run-up of
10 ft walked this turn, half without; rounded down to whole squares), over no wall or object,
landing on a free square no higher than the high jump and no lower than a safe drop (RS-115).
Only jumps that beat walking there are offered, so the list stays short. Our readings: the
run-up is the movement already walked this turn; a jump leaps over creatures but never lands
on one; a holder, a rider, a grappled or Prone creature does not jump.

SM-06 (table option `jump_check`, off by default): with it on, the square one past the jump's
reach is offered too where it lies no more than 5 ft past the jump's true length, as a
StretchJump with an Athletics check (DC 10 + the extra feet, moves.stretch_jump). A success lands
there; a failure comes down on the square short of it, the long jump's own farthest square (a
drop there is a fall, RS-115). Our readings: the whole attempted distance is paid from movement
either way, and it is offered only where that square short of it is free and no higher than the
high jump, so a failure always has somewhere to land.

Must not: price walking (moves.py).
"""
from __future__ import annotations

from game.engine.events import DiceRolled
from game.engine.rng import Rng

from . import arith, house, moves, terrain
from .actions import LongJump, StretchJump
from .events import CheckMade, Moved
from .state import Cell, Creature, RpgState

ACTIONS = (LongJump, StretchJump)
FT = terrain.FEET_PER_SQUARE
DIRECTIONS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


def may_jump(c: Creature) -> bool:
    """A jump starts from the ground (B-25: not in the air), free and standing."""
    return c.up and not c.aloft and not any(c.has(k) for k in ("grappled", "grappling", "prone",
                                                              "mounted", "ridden"))


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


def stretches(state: RpgState, c: Creature) -> dict[Cell, tuple[int, int, Cell]]:
    """SM-06: where `c` may try to jump one square further by a check, each with its cost in
    feet, the Athletics DC and the square short of it a failure comes down on."""
    if not house.read(state, "jump_check") or not may_jump(c):
        return {}
    t = state.turn
    got = moves.stretch_jump(c.scores["STR"], t.walked)
    if got is None or got[0] > t.move_left:
        return {}
    cost, dc = got
    far = cost // FT
    if far < 2:                        # one square past a zero-length jump is a step, not a leap
        return {}
    f = arith.field(state)
    taken = {k for o in state.creatures.values() if o.id != c.id
             and o.status in ("up", "unconscious") for k in o.cells()}
    here = f.floor_at((c.x, c.y))
    high = moves.jump(c.scores["STR"], t.walked).high_ft
    walk = arith.reach(state, c, t.move_left)
    out: dict[Cell, tuple[int, int, Cell]] = {}

    def block(at: Cell) -> list[Cell]:
        return [(at[0] + i, at[1] + j) for j in range(c.size) for i in range(c.size)]

    for dx, dy in DIRECTIONS:
        line = [(c.x + dx * k, c.y + dy * k) for k in range(1, far + 1)]
        if any(not f.in_bounds(x) or f.is_solid(x) for at in line for x in block(at)):
            continue                                  # a wall or the edge on the way
        to, short = line[-1], line[-2]
        if any(x in taken for x in block(to) + block(short)):
            continue
        rise = max(f.floor_at(x) for x in block(to)) - here
        if rise > high or -rise >= moves.SAFE_DROP_FT:
            continue
        if max(f.floor_at(x) for x in block(short)) - here > high:
            continue
        walked = walk.get(to)
        if walked is None or walked[0] > cost:
            out[to] = (cost, dc, short)
    return out


def choices(state: RpgState, c: Creature) -> list:
    out: list = [LongJump(c.id, x, y) for (x, y) in sorted(landings(state, c))]
    return out + [StretchJump(c.id, x, y) for (x, y) in sorted(stretches(state, c))]


def refusal(state: RpgState, c: Creature, action: LongJump | StretchJump) -> tuple[str, str] | None:
    if not may_jump(c):
        return f"{c.id} cannot jump now (held, holding, prone, riding or flying)", "RS-107"
    if isinstance(action, StretchJump):
        if not house.read(state, "jump_check"):
            return "jumping further by a check is not used at this table", "RS-SM-06"
        if (action.x, action.y) not in stretches(state, c):
            return (f"{action.x},{action.y} is not the square one past a jump that lands "
                    "free with somewhere free short of it (or walking there is cheaper)",
                    "RS-SM-06")
        return None
    if (action.x, action.y) not in landings(state, c):
        return (f"{action.x},{action.y} is not a straight jump of 10 to "
                f"{longest_ft(state, c)} ft that lands free (or walking there is cheaper)",
                "RS-107")
    return None


def apply(state: RpgState, c: Creature, action: LongJump | StretchJump, rng: Rng) -> list:
    if isinstance(action, StretchJump):
        return _stretch(state, c, action, rng)
    cost = landings(state, c)[(action.x, action.y)]
    state.turn.move_left -= cost
    c.x, c.y = action.x, action.y
    return [Moved(c.id, ((c.x, c.y),), "jump", False, cost)]


def _stretch(state: RpgState, c: Creature, action: StretchJump, rng: Rng) -> list:
    cost, dc, short = stretches(state, c)[(action.x, action.y)]
    total, r = arith.check(rng, state, c, "athletics", "jump further")
    made = total >= dc
    events: list = [DiceRolled(r, c.id, f"{c.name} jumps further: {r.breakdown()}"),
                    CheckMade(c.id, "athletics", total, dc, made, "jump")]
    state.turn.move_left -= cost
    here = arith.field(state).floor_at((c.x, c.y))
    c.x, c.y = (action.x, action.y) if made else short
    events.append(Moved(c.id, ((c.x, c.y),), "jump", False, cost))
    drop = here - max(arith.field(state).floor_at(x) for x in c.cells())
    if drop > 0:
        events += arith.fall(state, c, drop, rng)          # RS-115: short into a pit
    return events

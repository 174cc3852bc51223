"""RPGStuck long jumps (RS-107, TV-51): a leap in a straight line over what a walk cannot cross
cheaply (a pit, a gap, difficult ground), paid foot for foot from movement.

Owns: the LongJump action (listed, refused, applied): one of the eight directions, two squares
or more, no further than `moves.jump` allows (the Strength score in feet with a run-up of
10 ft walked this turn, half without; rounded down to whole squares), over no wall or object,
landing on a free square no higher than the high jump and no lower than a safe drop (RS-115).
Only jumps that beat walking there are offered, so the list stays short. Our readings: the
run-up is the movement already walked this turn; a jump leaps over creatures but never lands
on one; a holder, a rider, a grappled or Prone creature does not jump.

SM-06 (table option `jump_check`, off by default): when on, a landing one square beyond the
limit is offered too, at the price of an Athletics check against 10 + the extra feet
(`moves.extra_jump_dc`). Our readings: the feet of the whole attempt are paid either way; a
failed check lands one square short, so the attempt is offered only where that square is free
and no higher than the high jump; if it is lower, the jumper falls the difference (RS-115).

Must not: price walking (moves.py) or roll dice other than SM-06's check and a fall it causes.
"""
from __future__ import annotations

from game.engine.events import DiceRolled
from game.engine.rng import Rng

from . import arith, house, moves, rolls, terrain
from .actions import LongJump
from .events import CheckMade, Moved
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


def extra_ft(state: RpgState, c: Creature, to: Cell) -> int:
    """SM-06: how many feet the jump to `to` goes beyond RS-107's limit (0: no check needed)."""
    return max(0, max(abs(to[0] - c.x), abs(to[1] - c.y)) * FT - longest_ft(state, c))


def landings(state: RpgState, c: Creature) -> dict[Cell, int]:
    """Where `c` may jump to now, each with its cost in feet (only where walking costs more);
    with SM-06 on, also one square beyond the limit (see `extra_ft`)."""
    if not may_jump(c):
        return {}
    t = state.turn
    base = longest_ft(state, c)
    top = base + (moves.SM06_EXTRA_FT if house.read(state, "jump_check") else 0)
    far = min(top, t.move_left) // FT
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
            if k * FT > base and not _short_ok(f, taken, here, high, c.size,
                                                (to[0] - dx, to[1] - dy)):
                continue                              # SM-06: a failure must land somewhere
            cost = k * FT
            walked = walk.get(to)
            if walked is None or walked[0] > cost:
                out[to] = cost
    return out


def _short_ok(f, taken: set[Cell], here: int, high: int, size: int, to: Cell) -> bool:
    """SM-06: the square a failed check lands on is free and not above the high jump (lower is
    allowed: the jumper falls)."""
    cells = [(to[0] + i, to[1] + j) for j in range(size) for i in range(size)]
    return not any(x in taken for x in cells) and max(f.floor_at(x) for x in cells) - here <= high


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


def apply(state: RpgState, c: Creature, action: LongJump, rng: Rng) -> list:
    to = (action.x, action.y)
    cost = landings(state, c)[to]
    extra = extra_ft(state, c, to)
    state.turn.move_left -= cost
    events: list = []
    if extra:                                         # SM-06: the check decides how far
        dc = moves.extra_jump_dc(extra)
        got = rolls.roll_check(rng, c.skills["athletics"], dc=dc,
                               nat_rules=house.read(state, "skill_naturals"), purpose="jump")
        events += [DiceRolled(got.d20.roll, c.id, f"{c.name} leaps: {got.d20.roll.breakdown()}"),
                   CheckMade(c.id, "athletics", got.total, dc, bool(got.success), "jump")]
        if not got.success:                           # one square short (our reading)
            dx, dy = _sign(action.x - c.x), _sign(action.y - c.y)
            to = (action.x - dx, action.y - dy)
    f = arith.field(state)
    before = f.floor_at((c.x, c.y))
    c.x, c.y = to
    events.append(Moved(c.id, (to,), "jump", False, cost))
    drop = before - max(f.floor_at(x) for x in c.cells())
    if drop > 0:                                      # RS-115: only a short SM-06 jump drops
        events += arith.fall(state, c, drop, rng)
    return events


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)

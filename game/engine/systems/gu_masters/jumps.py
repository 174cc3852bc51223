"""Gu Masters jumps on the map (GU-25..27): a leap over what a walk cannot cross as cheaply (a
gap, a low object, a ledge's drop) or up onto a ledge beside it, and the fall of one that lands
lower (GU-117).

Owns: the jump's numbers (`jump_cost` ceil(Movement/2) m, GU-25; `jump_up` max(1,
floor(Athletics/10)) m and STANDING_M 2 m forward, GU-26; `long_jump` ceil(Movement/2) m after
a run-up of at least 1 m its way, GU-27; the examples are GU-T-19), `landings` (where the acting
creature may jump now, each a `Leap`), and the Jump action's listing, refusal and application.

Our readings where the document is silent:
- Movement is the creature's movement before Sprint (GU-75 triples what it may walk, not how
  far it leaps); Movement 0 (restrained, a final stand, both legs broken) means no jump.
- The document asks no test for a jump: it lands where it was aimed. Landing lower is a fall
  of the difference (3 force a metre past 2 m, GU-117, GU-GM-27); the forecast gives it.
- A jump goes straight along one of the 8 ways. A standing jump goes up to 2 m any way; a long
  jump only the way its last step of walking went this turn (the run-up, `Turn.run_dx/dy`).
- A jump straight up lands where it took off on a map of floors, so it is listed only onto a
  neighbouring square higher by more than 1 m (a lower rise is walked) and at most the standing
  jump's height: the ledge it jumps up to. A forward jump lands at most 1 m higher than it
  took off, any depth lower.
- In the air it passes over gaps, water, low objects (partial cover) and creatures up to
  Medium; a wall, a full-cover object, a Large or Huge creature or ground rising more than 1 m
  above its take-off stops the line. It lands on a square it could end a walk on (GU-24), never
  past a wall's corner on a diagonal (GU-GM-34).
- Only landings a walk cannot reach for the same movement or less are listed.

Must not: price a walk (terrain.py, moves.py), decide reactions, or roll dice: the fall's
damage goes through attack.harm, which rolls the 0-HP test on the generator it is handed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.rng import Rng
from game.engine.rules import Refusal
from game.engine.tactics import pending
from game.engine.tactics.footprint import block_at

from . import attack, falling, moves, terrain
from .actions import Jump
from .events import Moved
from .house import HOUSE
from .state import Creature, GuState

Cell = tuple[int, int]
STANDING_M = 2              # GU-26: a standing jump carries 2 m forward
WAYS: tuple[Cell, ...] = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
UP, STANDING, LONG = "up", "standing", "long"


def jump_cost(movement: int) -> int:
    """GU-25: a jump costs half the creature's movement, rounded up (GU-T-19: 10 -> 5, 7 -> 4)."""
    return -(-max(0, movement) // 2)


def jump_up(athletics: int) -> int:
    """GU-26: a standing jump rises a tenth of Athletics, rounded down, at least 1 m (GU-T-19:
    Athletics 47 -> 4 m, 8 -> 1 m)."""
    return max(1, athletics // 10)


def long_jump(movement: int) -> int:
    """GU-27: after a run-up, half the movement forward, rounded up (GU-T-19: 10 -> 5, 7 -> 4)."""
    return -(-max(0, movement) // 2)


def can_jump(movement: int) -> bool:
    """GU-25: with Movement 0 there is no jump."""
    return movement > 0


@dataclass(frozen=True, slots=True)
class Leap:
    """One jump the creature may make now: `kind` UP (onto a ledge beside it), STANDING or LONG;
    `cost` metres of movement (GU-25); `metres` across; `rise` the landing's floor less the
    take-off's (negative: it lands lower, `fall` metres dropped, GU-117); `path` the squares
    flown over and landed on."""

    kind: str
    cost: int
    metres: int
    rise: int
    path: tuple[Cell, ...]

    @property
    def fall(self) -> int:
        return max(0, -self.rise)


def may_jump(state: GuState, c: Creature) -> bool:
    """On its own turn, awake and up, on its feet (prone stands first, GU-151), on the ground,
    and with movement (GU-25)."""
    return state.turn.actor == c.id and c.conscious and c.condition == "up" \
        and c.altitude == 0 and not c.has("prone") and can_jump(moves.base_movement(c))


def landings(state: GuState, c: Creature) -> dict[Cell, Leap]:
    """Where `c` may jump to now, each with its Leap (see the module's readings)."""
    if not may_jump(state, c):
        return {}
    base = moves.base_movement(c)
    cost = jump_cost(base)
    if moves.movement_now(state, c) < cost:
        return {}
    ground = terrain.ground_of(state.board)
    size = c.size
    table = terrain.spots(ground, size)
    here = (c.x, c.y)
    floor = table[ground.index(here)].floor
    cut = bool(HOUSE.read(state, "corner_cutting"))
    over: set[Cell] = set()             # squares a creature too big to leap over stands on
    taken: set[Cell] = set()            # squares any other creature stands on
    for o in state.living():
        if o.id != c.id:
            taken.update(o.cells())
            if o.size > 1:
                over.update(o.cells())
    found: dict[Cell, Leap] = {}

    def offer(to: Cell, leap: Leap) -> None:
        if to not in found and moves.can_end(state, c, to):
            found[to] = leap

    # GU-26 up: onto a neighbouring ledge no higher than the standing jump
    mover = terrain.Mover(size=size, climbs=False, jump_up_m=jump_up(c.skills.get("Athletics", 0)),
                          jump_cost_m=cost, cut_corners=cut)
    for dx, dy in WAYS:
        to = (c.x + dx, c.y + dy)
        s = terrain.step(ground, here, to, mover)
        if s is not None and s.kind == terrain.JUMP and not (set(block_at(*to, size)) & over):
            offer(to, Leap(UP, cost, 1, s.rise, (to,)))
    # GU-26 forward and GU-27 long: straight along one of the 8 ways
    longest = max(STANDING_M, long_jump(base))
    run = (state.turn.run_dx, state.turn.run_dy)
    for way in WAYS:
        far = longest if way == run else STANDING_M
        kind = LONG if way == run and far > STANDING_M else STANDING
        path: list[Cell] = []
        prev = here
        plain = True                    # every metre so far a 1 m walk along the same line
        for k in range(1, far + 1):
            to = (c.x + way[0] * k, c.y + way[1] * k)
            cells = block_at(to[0], to[1], size)
            if not all(ground.in_bounds(p) for p in cells) \
                    or any(ground.is_wall(p) or ground.blocks_sight(p) for p in cells) \
                    or (way[0] and way[1] and not cut
                        and any(ground.is_wall(p) for p in terrain.corner_cells(prev, to, size))) \
                    or any(ground.elevation_at(p) > floor + terrain.STEP_UP_M for p in cells) \
                    or set(cells) & over:
                break                       # the line is stopped: nothing beyond is reached
            path.append(to)
            plain = plain and not (set(cells) & taken) \
                and moves.step_cost(state, c, prev, to) == terrain.STEP_M
            prev = to
            spot = table[ground.index(to)]
            if plain and k <= cost:
                continue                # walked as cheaply along the same line: no jump
            if spot.fits:
                offer(to, Leap(kind if k > STANDING_M else STANDING, cost, k,
                               spot.floor - floor, tuple(path)))
    if not found:
        return found
    # a walk of at most the jump's cost reaches these as cheaply: not offered (the search is
    # bounded by the cost, so this stays a small part of the legal list's price)
    walk = moves.reach(state, c, cost)
    return {to: leap for to, leap in found.items() if to not in walk}


def legal(state: GuState, c: Creature) -> list:
    if pending.top(state.pending) is not None:
        return []
    return [Jump(c.id, x, y) for (x, y) in sorted(landings(state, c))]


def refusal(state: GuState, a: Any) -> Refusal | None:
    """The specific reason a jump cannot be made now (else None)."""
    c = state.creatures[a.actor]
    if a.up:
        return Refusal(f"{a.actor} would land where it took off: a jump up is made onto a "
                       "ledge beside it, named by its square", "GU-26")
    if not may_jump(state, c):
        return Refusal(f"{a.actor} cannot jump now (no movement, prone, in the air or not "
                       "its turn)", "GU-25")
    need = jump_cost(moves.base_movement(c))
    if moves.movement_now(state, c) < need:
        return Refusal(f"a jump costs {a.actor} {need} m of movement; "
                       f"{moves.movement_now(state, c)} m are left", "GU-25")
    if (a.x, a.y) not in landings(state, c):
        return Refusal(f"{a.x},{a.y} is not a jump {a.actor} can make from here (2 m any way, "
                       f"{long_jump(moves.base_movement(c))} m after a run-up that way, up "
                       f"{jump_up(c.skills.get('Athletics', 0))} m onto a ledge beside it; "
                       "or walking there costs no more)", "GU-27")
    return None


def apply(state: GuState, a: Jump, rng: Rng) -> list:
    """Leap, pay the movement, and take the fall of landing lower (GU-117, GU-GM-27)."""
    c = state.creatures[a.actor]
    leap = landings(state, c)[(a.x, a.y)]
    state.turn.moved += leap.cost
    state.turn.run_dx = state.turn.run_dy = 0
    c.x, c.y = a.x, a.y
    events: list = [Moved(c.id, leap.path, "jump", False, leap.cost)]
    hurt = falling.fall_damage(leap.fall, fall_mode=str(HOUSE.read(state, "fall_mode")))
    if hurt:
        events += attack.harm(state, c, hurt, "force", "fall", rng)
    return events

"""RPGStuck movement over terrain: step costs, reach, jumps, falls, breath, forced movement and
collisions (A10, A11, B-14, B-25, B-28, AMB-04, AMB-19).

Owns, as pure functions over a Field (terrain.py), creatures' squares and plain numbers:
  - the price of each step (B-14 Chebyshev, or 5/10 alternating diagonals as a table option;
    RS-106 climbing and swimming double; difficult terrain double; a height change climbed at
    double cost or jumped foot for foot) as edges for tactics/reach.py's `search`, and `reach`,
    every square a mover can get to within its speed with the cheapest cost and path;
  - jumping (RS-107, SM-06), falling (RS-115, B-25), holding breath (RS-117/118, SM-03),
    teleporting (RS-109), flying (RS-108) and mounting costs (RS-111, RS-125);
  - forced movement along B-14's line, stopping at the first square it cannot enter (through
    tactics/forced.py), with the distance left unspent (RS-116, RS-124) and falls into pits or
    off ledges; and the plan of a collision (RS-119..123, AMB-04, B-28 remainders): who takes
    which damage instances.

Must not: hold match state, read content or house tables (a table option arrives as a keyword
argument with the checklist's default), roll dice (the engine rolls what `fall_dice` counts and
answers RS-119's "is the second creature hit" itself), move pieces, or import pygame.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Collection, Iterable, Mapping, Sequence

from game.engine.boards.square import READING8, Cell
from game.engine.tactics.footprint import block, cells_distance, centre2
from game.engine.tactics.forced import DROP, EDGE, FREE, OCCUPANT, SOLID, Ahead, shove
from game.engine.tactics.lines import bresenham
from game.engine.tactics.memo import Kept, keep
from game.engine.tactics.reach import Reach, SquareNode, cheapest_cells, search

from .limits import mod
from .sight import line_of_sight
from .terrain import DARK, FEET_PER_SQUARE, Field

FT = FEET_PER_SQUARE
DOUBLING = ("difficult", "climb", "swim")     # RS-106 and difficult terrain: twice the speed
ROUNDS_PER_MINUTE = 10                          # B-18
RUN_UP_FT = 10                                  # RS-107: the run-up a full jump needs
SAFE_DROP_FT = 10                               # RS-115: a drop under 10 ft rolls no dice
IMMOVABLE_SIZE_GAP = 2                          # AMB-04: 2+ sizes larger cannot be moved through
SM06_EXTRA_FT = 5                               # SM-06: how much further a check may carry a jump


# -- stepping ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class MoveRules:
    """How one creature moves. `size`: footprint side in squares (B-15); `alternating`: B-14's
    table option, diagonals 5 then 10 ft (default off: every diagonal 5 ft); `jump_up_ft`: the
    highest rise it may jump instead of climbing (the engine gives `jump(...).high_ft`, 0: none);
    `climber` / `swimmer`: it has a climb / swim speed, so that terrain costs it foot for foot
    (an assumption: the bestiary gives climb speeds, the document prices only alternate movement
    without one); `flying`: in the air, so ground terrain and heights cost nothing extra
    (RS-108); `height`: with `flying`, the height of its feet above the map's zero, which a
    level flight keeps (B-25): a square whose floor reaches it is a face it cannot fly into
    (it rises first). The altitude itself is the engine's (flight.py)."""

    size: int = 1
    alternating: bool = False
    jump_up_ft: int = 0
    climber: bool = False
    swimmer: bool = False
    flying: bool = False
    height: int | None = None


def _doubling(rules: MoveRules) -> frozenset[str]:
    if rules.flying:
        return frozenset()
    out = set(DOUBLING)
    if rules.climber:
        out.discard("climb")
    if rules.swimmer:
        out.discard("swim")
    return frozenset(out)


def _anchors(field: Field, size: int, doubling: frozenset[str]
             ) -> tuple[tuple[bool, ...], tuple[int, ...], tuple[int, ...]]:
    """Per anchor square (flat index) for a size x size mover: whether the block fits on open
    ground, its terrain multiplier (2 if any square of it doubles), and its floor (the highest
    floor under it: a big creature straddling a pit stands on the rim). Cached in the Field."""
    key = ("anchors", size, doubling)
    hit = field.cache.get(key)
    if hit is not None:
        return hit
    w, h = field.width, field.height
    fits, mult, floor = [], [], []
    for y in range(h):
        for x in range(w):
            cells = [(x + dx, y + dy) for dy in range(size) for dx in range(size)]
            ok = all(cx < w and cy < h and not field.solid[cy * w + cx] for cx, cy in cells)
            fits.append(ok)
            if not ok:
                mult.append(1)
                floor.append(0)
                continue
            idx = [cy * w + cx for cx, cy in cells]
            mult.append(2 if any(field.terrain[i] in doubling for i in idx) else 1)
            floor.append(max(field.floor[i] for i in idx))
    out = (tuple(fits), tuple(mult), tuple(floor))
    field.cache[key] = out
    return out


def step_price(flat: int, doubled: bool, rise: int, rules: MoveRules) -> int:
    """The feet one step costs: `flat` (5, or 10 on an alternating diagonal) on the level, and
    the larger of the flat and the height when the floor changes by `rise` (negative: down), the
    vertical and horizontal parts being the same feet of one movement. Doubled for alternate
    movement (RS-106: climbing 5 ft costs 10; one doubling however many reasons): when `doubled`
    (a difficult, climbed or swum square entered), and when a rise is climbed. A rise no higher
    than `jump_up_ft` may be jumped instead, foot for foot (RS-107), and a climber climbs foot for
    foot. A drop under 10 ft is simply taken (it rolls no falling dice, RS-115); a deeper one is
    climbed down. Flying: the flat part only (RS-108)."""
    if rules.flying:
        return flat
    if rise == 0 or (rise < 0 and -rise < SAFE_DROP_FT):
        return flat * (2 if doubled else 1)
    feet = max(flat, abs(rise))
    jumped = 0 < rise <= rules.jump_up_ft
    climbing = not jumped and not rules.climber
    return feet * (2 if doubled or climbing else 1)


def step_edges(field: Field, rules: MoveRules = MoveRules(),
               blocked: Collection[Cell] = frozenset()) -> Callable[[SquareNode], list]:
    """Edges for tactics.reach.search over (x, y, diagonal parity) nodes, x, y the mover's
    top-left square: each of the 8 steps (reading order) priced in feet, or None when the block
    would leave the map, enter a wall or object, overlap a `blocked` square (creatures the mover
    cannot pass), or slip diagonally between two solid squares meeting at a corner.

    Price: `step_price`, with the flat part 5 ft (a diagonal 5, or 5 then 10 with `alternating`,
    B-14) and doubled when any square entered is difficult, climbed or swum (RS-106)."""
    w, h, s = field.width, field.height, rules.size
    fits, mult, floor = _anchors(field, s, _doubling(rules))
    solid = field.solid
    blocked = frozenset(blocked)
    alt = rules.alternating
    ceiling = rules.height if rules.flying else None

    def hard(x: int, y: int) -> bool:
        return not (0 <= x < w and 0 <= y < h) or solid[y * w + x]

    def edges(node: SquareNode) -> list[tuple[SquareNode, int | None]]:
        x, y, par = node
        here = floor[y * w + x]
        out: list[tuple[SquareNode, int | None]] = []
        for dx, dy in READING8:
            nx, ny = x + dx, y + dy
            diag = dx != 0 and dy != 0
            npar = 1 - par if diag and alt else par
            nxt = (nx, ny, npar)
            if not (0 <= nx and 0 <= ny and nx + s <= w and ny + s <= h) or not fits[ny * w + nx]:
                out.append((nxt, None))
                continue
            if blocked and any(c in blocked for c in block((nx, ny), s)):
                out.append((nxt, None))
                continue
            if diag:
                side1 = (x + s if dx > 0 else x - 1, y if dy > 0 else y + s - 1)
                side2 = (x if dx > 0 else x + s - 1, y + s if dy > 0 else y - 1)
                if hard(*side1) and hard(*side2):
                    out.append((nxt, None))
                    continue
                flat = 10 if alt and par else 5
            else:
                flat = 5
            i = ny * w + nx
            if ceiling is not None and floor[i] >= ceiling:
                out.append((nxt, None))          # B-25: a face higher than the flier's feet
                continue
            out.append((nxt, step_price(flat, mult[i] == 2, floor[i] - here, rules)))
        return out
    return edges


def _diagonal(a: SquareNode, b: SquareNode) -> int:
    """The search's tie-break: of equally cheap paths, the one with the fewest diagonal steps,
    so a path across open ground runs straight (B-14 prices most diagonals as straights)."""
    return 1 if a[0] != b[0] and a[1] != b[1] else 0


REACHES_KEPT = 256      # recent answers of `reach` kept per field (one map's)


def reach(field: Field, start: Cell, budget: int, rules: MoveRules = MoveRules(),
          blocked: Collection[Cell] = frozenset()) -> dict[Cell, tuple[int, list[Cell]]]:
    """Every anchor square the mover at `start` reaches for at most `budget` feet: square ->
    (cost in feet, path of anchors entered, start excluded). The start is left out.

    The answer reads nothing but its arguments, so the field keeps the latest REACHES_KEPT by
    them: a turn asks the same walk several times (the legal list, the check and the walk of
    the chosen move, jumps, the presenter, the bots), and nine searches in the frame that
    applied an AI's move cost up to 20 ms. Shared with later calls: read it only."""
    blocked = frozenset(blocked)
    kept = field.cache.get("reach")
    if kept is None:
        kept = field.cache["reach"] = Kept()
    key = (start, budget, rules, blocked)
    got = kept.get(key)
    if got is None:
        got = _reach(field, start, budget, rules, blocked)
        keep(kept, key, got, REACHES_KEPT)
    return got


def _reach(field: Field, start: Cell, budget: int, rules: MoveRules,
           blocked: frozenset[Cell]) -> dict[Cell, tuple[int, list[Cell]]]:
    found: Reach[SquareNode] = search((start[0], start[1], 0), step_edges(field, rules, blocked),
                                      max_cost=budget, prefer=_diagonal)
    out: dict[Cell, tuple[int, list[Cell]]] = {}
    for cell, node in cheapest_cells(found, lambda n: (n[0], n[1])).items():
        if cell == start:
            continue
        path = found.path_to(node) or []
        out[cell] = (int(found.costs[node]), [(n[0], n[1]) for n in path[1:]])
    return out


def path_cost(field: Field, start: Cell, path: Sequence[Cell], rules: MoveRules = MoveRules(),
              blocked: Collection[Cell] = frozenset()) -> int | None:
    """The feet a given path of anchors (start excluded) costs, or None when a step is not a
    legal single step (the same prices as `reach`, diagonal parity counted from the start)."""
    edges = step_edges(field, rules, blocked)
    node: SquareNode = (start[0], start[1], 0)
    total = 0
    for cell in path:
        nxt = next(((n, c) for n, c in edges(node) if (n[0], n[1]) == cell), None)
        if nxt is None or nxt[1] is None:
            return None
        node, total = nxt[0], total + nxt[1]
    return total


# -- jumping, flying, teleporting, mounting --------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Jump:
    """RS-107: the longest horizontal jump on the grid and the highest vertical one, in feet."""

    long_ft: int
    high_ft: int


def jump(str_score: int, run_up_ft: int = 0) -> Jump:
    """RS-107: with a run-up of at least 10 ft, as far as the Strength score in feet and as high
    as 3 + the STR modifier; without one, both halved (rounded down, B-28). The horizontal
    distance is then rounded down to whole 5 ft squares; the height is not (it is not a grid
    distance: TV-51's 6 ft running high jump). Either uses movement foot for foot."""
    running = run_up_ft >= RUN_UP_FT
    long_ft = str_score if running else str_score // 2
    high = max(0, 3 + mod(str_score))      # B-01's modifier (limits.py)
    return Jump(long_ft - long_ft % FT, high if running else high // 2)


def extra_jump_dc(extra_ft: int) -> int:
    """SM-06 (table option, off by default): the Athletics DC to jump `extra_ft` further than
    RS-107 allows, 10 + the extra feet, for at most 5 extra feet."""
    if not 0 < extra_ft <= SM06_EXTRA_FT:
        raise ValueError(f"an extra jump is 1 to {SM06_EXTRA_FT} ft, not {extra_ft}")
    return 10 + extra_ft


def stretch_jump(str_score: int, run_up_ft: int = 0) -> tuple[int, int] | None:
    """SM-06 on the grid: the one square past RS-107's jump that a check may reach, as (its
    distance in ft, the Athletics DC); None when that square lies more than SM-06's 5 ft past
    the jump's true length (the Strength score, or half of it, before rounding to squares)."""
    running = run_up_ft >= RUN_UP_FT
    true_ft = str_score if running else str_score // 2
    target = jump(str_score, run_up_ft).long_ft + FT
    extra = target - true_ft
    if not 0 < extra <= SM06_EXTRA_FT:
        return None
    return target, extra_jump_dc(extra)


def dreamself_fly_speed(base_speed: int) -> int:
    """RS-108: a dreamself flies at its base speed (and flying has no other restriction)."""
    return base_speed


def can_teleport(field: Field, mover: Sequence[Cell], dest: Cell, size: int,
                 occupied: Collection[Cell]) -> bool:
    """RS-109: the destination block (anchor `dest`) is on the map, enterable and unoccupied,
    and the mover can see it: a line of sight from one of its squares to one of the
    destination's, and the square not in darkness (RS-99: nothing there can be seen)."""
    cells = block(dest, size)
    if any(field.is_solid(c) or c in occupied for c in cells):
        return False
    return any(field.lit[field.index(c)] != DARK and line_of_sight(field, m, c)
               for c in cells for m in mover)


def mount_cost(speed_in_use: int) -> int:
    """RS-111: mounting or dismounting costs half the speed in use (mounting: the rider's;
    dismounting: the mount's), rounded down (B-28)."""
    return speed_in_use // 2


def can_mount(rider_size: int, mount_size: int) -> bool:
    """RS-125 by size index (B-15): the mount must be at least one size larger."""
    return mount_size >= rider_size + 1


def still_within_reach(grappler: Sequence[Cell], target: Sequence[Cell], reach_ft: int,
                       layers: int = 0) -> bool:
    """RS-72 and AMB-19 (default: the grapple ends): after a forced move of either creature the
    grapple holds only while the target is still within the grappler's reach; `layers`: the
    5 ft layers between their bodies when one is in the air (B-25, the engine's heights)."""
    return max(cells_distance(grappler, target), layers) * FT <= reach_ft


# -- falling and breath ------------------------------------------------------------------------------
def fall_dice(feet: int) -> int:
    """RS-115: d6s for a fall, one per full 10 ft (35 ft: 3), no cap. B-25: a flyer that loses
    flight falls its whole altitude."""
    return max(0, feet) // SAFE_DROP_FT


def fall_height(field: Field, here: Sequence[Cell], there: Sequence[Cell]) -> int:
    """How far a creature drops moving from squares `here` to `there`: the fall from its floor
    (the highest under it) to the new one, 0 when not lower. A pit's floor is its elevation less
    its depth."""
    return max(0, max(field.floor_at(c) for c in here) - max(field.floor_at(c) for c in there))


@dataclass(frozen=True, slots=True)
class Breath:
    """RS-117/118 for a creature that loses its air at the start of round `start`: it holds its
    breath through round `held_until` (start - 1: not at all), is out of breath and survives
    through round `survives_until`, and at the start of its turn in round `drops_at` its HP and
    temp HP become 0. `dies_at`: SM-03 with `lethal` on, the round it dies if still without air
    (the start of its next turn); None otherwise (it stays at 0)."""

    start: int
    held_until: int
    survives_until: int
    drops_at: int
    dies_at: int | None


def breath_rounds(con: int) -> int:
    """RS-117: 1 + CON minutes of held breath, in rounds (B-18); none below 0."""
    return max(0, 1 + con) * ROUNDS_PER_MINUTE


def breathless_rounds(con: int) -> int:
    """RS-118: rounds survived once the breath runs out, CON but at least 1."""
    return max(1, con)


def breath(con: int, start: int = 1, *, lethal: bool = False) -> Breath:
    held_until = start + breath_rounds(con) - 1
    survives_until = held_until + breathless_rounds(con)
    drops = survives_until + 1
    return Breath(start, held_until, survives_until, drops, drops + 1 if lethal else None)


# -- forced movement -------------------------------------------------------------------------------
def push_steps(source: Cell, source_size: int, target: Cell, target_size: int, squares: int,
               *, pull: bool = False) -> list[Cell]:
    """The 8-way unit steps of a forced movement of `squares` squares (B-14): along the Bresenham
    line from the source's centre through the target's (anchors and sizes give the centres),
    away from the source, or toward it with `pull`. [] when the centres coincide."""
    sx, sy = centre2(source[0], source[1], source_size)
    tx, ty = centre2(target[0], target[1], target_size)
    dx, dy = (sx - tx, sy - ty) if pull else (tx - sx, ty - sy)
    span = max(abs(dx), abs(dy))
    if span == 0 or squares <= 0:
        return []
    k = -(-squares // span)         # stretch the line until it is long enough
    line = bresenham((0, 0), (dx * k, dy * k))[:squares + 1]
    return [(b[0] - a[0], b[1] - a[1]) for a, b in zip(line, line[1:])]


@dataclass(frozen=True, slots=True)
class Forced:
    """Where a forced movement went. `path`: the mover's anchors, start first; `distance_ft`: the
    distance it was meant to go; `stop`: "" (went the whole way), forced.SOLID (a wall, an object
    or a ledge face), forced.EDGE (the map edge, a hard surface too, B-24), forced.OCCUPANT (a
    creature: `struck` names it), forced.DROP (it went over a pit or ledge: `fall_ft`)."""

    path: tuple[Cell, ...]
    distance_ft: int
    stop: str = ""
    struck: tuple[str, ...] = ()
    fall_ft: int = 0

    @property
    def end(self) -> Cell:
        return self.path[-1]

    @property
    def moved_ft(self) -> int:
        return (len(self.path) - 1) * FT

    @property
    def unspent_ft(self) -> int:
        """RS-116/RS-124: the distance left, counted from where the mover actually stopped (next
        to a creature it ran into). A fall ends the movement without an impact: 0."""
        return 0 if self.stop in ("", DROP) else self.distance_ft - self.moved_ft


def forced_move(field: Field, anchor: Cell, size: int, steps: Sequence[Cell],
                occupants: Callable[[list[Cell]], Iterable[str]], *,
                flying: bool = False, height: int | None = None) -> Forced:
    """Walk a forced movement of a size x size creature from `anchor` along `steps` (push_steps)
    and stop at the first square it cannot enter (B-14): off the map, a wall or object, a rise in
    the floor (a ledge face is a hard surface), or a creature (`occupants(cells)`: the ids in the
    squares it would newly enter, the mover excluded). Entering a lower floor ends it there: a
    fall into a pit or off a ledge (not while flying). A creature in the air (`flying`, its feet
    at `height` above the map's zero, B-25) keeps its height: only a floor that reaches it is a
    face it strikes, and a lower floor is no fall."""
    w = field.width
    fits, _mult, floor = _anchors(field, size, frozenset())
    anchors = []
    x, y = anchor
    for dx, dy in steps:
        x, y = x + dx, y + dy
        anchors.append((x, y))
    fell = [0]

    def look(here: Cell, there: Cell) -> Ahead:
        new = [c for c in block(there, size) if c not in block(here, size)]
        if any(not field.in_bounds(c) for c in new):
            return Ahead(EDGE)
        if not fits[there[1] * w + there[0]]:
            return Ahead(SOLID)
        if not flying and floor[there[1] * w + there[0]] > floor[here[1] * w + here[0]]:
            return Ahead(SOLID, ("ledge",))
        if flying and height is not None and floor[there[1] * w + there[0]] >= height:
            return Ahead(SOLID, ("ledge",))
        ids = tuple(dict.fromkeys(occupants(new)))
        return Ahead(OCCUPANT, ids) if ids else Ahead(FREE)

    def enter(here: Cell, there: Cell) -> Ahead | None:
        drop = floor[here[1] * w + here[0]] - floor[there[1] * w + there[0]]
        if flying or drop <= 0:
            return None
        fell[0] = drop
        return Ahead(DROP)

    went = shove(anchor, anchors, look, enter)
    struck = tuple(went.met) if went.stop == OCCUPANT else ()
    return Forced(went.path, len(steps) * FT, went.stop, struck, fell[0])


def impact_rate(*, p: int | None = None, t: int | None = None, t0_as_one: bool = True) -> int:
    """RS-116: damage per 5 ft unspent: P when a creature of the party caused the movement, T when
    a monster did (B-05: a Tier 0 monster counts as 1, table option on by default). Give one."""
    if (p is None) == (t is None):
        raise ValueError("give the cause's proficiency p or its monster tier t, not both")
    if p is not None:
        return p
    assert t is not None
    return max(1, t) if t0_as_one else t


def would_take(forced: Forced, rate: int) -> int:
    """RS-116/RS-124: what the mover would take for the distance it could not go: `rate` per full
    5 ft unspent (a hard surface: all of it is its own; a creature: the collision splits it)."""
    return forced.unspent_ft // FT * rate


# -- collisions -----------------------------------------------------------------------------------
def is_immovable(flagged: bool, mover_size: int, other_size: int) -> bool:
    """AMB-04 default: a creature cannot be moved through (RS-120: auto-hit) when flagged so
    (immune to forced movement, anchored) or at least 2 size indexes (B-15) larger than the
    mover."""
    return flagged or other_size - mover_size >= IMMOVABLE_SIZE_GAP


@dataclass(frozen=True, slots=True)
class Impact:
    """One forced mover's end: its id, where it stopped, what it would take (`would_take`) and
    the creatures it ran into (`Forced.struck`; () for a hard surface)."""

    mover: str
    at: Cell
    damage: int
    struck: tuple[str, ...] = ()

    @classmethod
    def of(cls, mover: str, forced: Forced, rate: int) -> "Impact":
        """The impact of a forced movement that stopped against something (`would_take`)."""
        return cls(mover, forced.end, would_take(forced, rate), forced.struck)


@dataclass(frozen=True, slots=True)
class Hurt:
    """One damage instance of a collision plan: `amount` to `target`, under `rule` (RS-116 a hard
    surface or a creature that was not hit, RS-119 a pair split, RS-121 two movers, RS-122 a
    pool, RS-123 one pair around a centre), shared `with_` the others in its split."""

    target: str
    amount: int
    rule: str
    with_: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CollisionPlan:
    """Who takes which damage instances (in the order to apply), and where each mover stopped.
    The engine applies it (reductions such as Aegis act per instance)."""

    hurts: tuple[Hurt, ...]
    stops: tuple[tuple[str, Cell], ...]

    def taken(self, who: str) -> list[int]:
        return [h.amount for h in self.hurts if h.target == who]


def to_test(impacts: Iterable[Impact], immovable: Collection[str] = ()) -> list[tuple[str, str]]:
    """The (mover, struck) pairs whose "is the second creature hit" the engine must answer
    (RS-119: the same attack roll or check against the second creature) before `plan_collisions`:
    every creature struck that is not itself moved by the same effect (RS-121) nor immovable
    (RS-120)."""
    impacts = list(impacts)
    movers = {i.mover for i in impacts}
    return [(i.mover, s) for i in impacts for s in i.struck
            if s not in movers and s not in immovable]


def plan_collisions(impacts: Sequence[Impact], hits: Mapping[tuple[str, str], bool] | None = None,
                    immovable: Collection[str] = (), order: Sequence[str] = ()) -> CollisionPlan:
    """The damage of one forced-movement effect's collisions.

    A creature struck joins a collision when it is hit: always if it was moved by the same
    effect (RS-121) or cannot be moved through (RS-120, AMB-04), else by `hits[(mover, struck)]`
    (RS-119; every pair of `to_test` must be answered). Then, per group of creatures joined by
    collisions:
      - a mover that joined nobody takes its whole damage (RS-116, RS-119's miss);
      - two creatures split the mover damage between them (RS-119; RS-121: both movers' pooled);
      - several movers that each struck one centre creature and not each other: each pair splits
        that mover's damage, the centre taking one instance per pair (RS-123);
      - any other group of three or more pools every mover's damage and splits it evenly among
        all of them (RS-122).
    Splits round down; the remainder goes 1 point at a time to the moved creatures first, then
    the others, each in `order` (initiative; ids not in it after, by id) (B-28)."""
    hits = hits or {}
    by_mover: dict[str, Impact] = {}
    for i in impacts:
        if i.mover in by_mover:
            raise ValueError(f"{i.mover} is listed as a mover twice")
        by_mover[i.mover] = i
    rank = {who: n for n, who in enumerate(order)}

    def turn(who: str) -> tuple[int, int, str]:
        return (0 if who in by_mover else 1, rank.get(who, len(rank)), who)

    links: dict[str, set[str]] = {}
    for i in impacts:
        for s in i.struck:
            if s in by_mover or s in immovable:
                joined = True
            else:
                try:
                    joined = hits[(i.mover, s)]
                except KeyError:
                    raise KeyError(f"no answer whether {s} is hit by {i.mover}'s collision "
                                   f"(RS-119); ask to_test() first") from None
            if joined:
                links.setdefault(i.mover, set()).add(s)
                links.setdefault(s, set()).add(i.mover)

    hurts: list[Hurt] = []
    seen: set[str] = set()
    for i in impacts:                       # lone movers, in the order given
        if i.mover not in links:
            hurts.append(Hurt(i.mover, i.damage, "RS-116" if not i.struck else "RS-119"))
    for start in sorted(links, key=turn):
        if start in seen:
            continue
        group, todo = set(), [start]
        while todo:
            n = todo.pop()
            if n not in group:
                group.add(n)
                todo.extend(links[n] - group)
        seen |= group
        members = sorted(group, key=turn)
        movers = [m for m in members if m in by_mover]
        centre = _star_centre(group, links, by_mover)
        if len(members) == 2:
            rule = "RS-121" if len(movers) == 2 else "RS-119"
            hurts += _split(sum(by_mover[m].damage for m in movers), members, rule)
        elif centre is not None:
            for m in movers:                # RS-123: one pair per mover, the centre's instance each
                hurts += _split(by_mover[m].damage, [m, centre], "RS-123")
        else:
            hurts += _split(sum(by_mover[m].damage for m in movers), members, "RS-122")
    return CollisionPlan(tuple(hurts), tuple((i.mover, i.at) for i in impacts))


def _star_centre(group: set[str], links: Mapping[str, set[str]],
                 movers: Mapping[str, Impact]) -> str | None:
    """The one creature every other member struck, when the others are all movers touching only
    it (RS-123) and it did not move itself; None otherwise."""
    for c in sorted(group):
        if c in movers or links[c] != group - {c}:
            continue
        if all(links[m] == {c} and m in movers for m in group - {c}):
            return c
    return None


def _split(pool: int, members: list[str], rule: str) -> list[Hurt]:
    """B-28: an even split rounded down, the remainder 1 point at a time in `members` order
    (already moved creatures first, by initiative)."""
    share, rest = divmod(pool, len(members))
    return [Hurt(m, share + (1 if n < rest else 0), rule, tuple(o for o in members if o != m))
            for n, m in enumerate(members)]

"""Gu Masters terrain: a map's squares read once (the map property contract, GU-X-15/16), and the
geometry every rule asks of them: step costs, heights, distance, high ground, cover and sight.

Owns:
  - `Ground`, a frozen reading of a square Board: per square `wall`, `cover` (none/partial/
    full), `terrain` (normal/difficult/water), `elevation_m`, `climbable`, `climb_test_mod`,
    `hide`; and what follows from those alone (which squares stop lines, which cannot be
    entered). `ground_of(board)` keeps one per board (a board never changes during a match);
    `Ground.from_rows` builds a small one for tests.
  - Movement facts for tactics/reach.py: `step(...)` says what one step of a mover's footprint
    is (walk, climb, jump or drop), what it costs in metres and what test it needs; `edges`
    and `reach` run the search. GU-19 (every step 1 m, diagonals too), GU-41 (leaving a
    difficult square costs 2 m), GU-39 (water is difficult for the non-aquatic), GU-37
    (climbing halves movement: each metre climbed costs 2 m), GU-38 / GU-GM-05 (a climb's
    Athletics modifier comes from the map), GU-GM-34 (no corner cutting past walls, a table
    option). `fall_height` measures a drop (GU-117 turns it into damage elsewhere);
    `forced_into` says what a kick or push meets (GU-57, GU-GM-43: walls, faces, ledges).
  - Distance: Chebyshev on the map, and in 3D the largest of |dx|, |dy|, |dz| (GU-X-15);
    a creature's height is its floor plus its altitude.
  - High ground (GU-155), cover by corner lines (GU-X-16, GU-156..158) and line of sight.

Must not: know creatures' state, content or the house table (a table option arrives as a
keyword argument with the checklist's default), roll dice, import pygame or another system.
Areas are in areas.py, map checks in mapcheck.py.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Collection, Iterable, Mapping, Sequence

from game.engine.boards.board import Board, BoardError
from game.engine.boards.square import READING8, Cell
from game.engine.tactics.footprint import block_at
from game.engine.tactics.lines import corner_lines_blocked, first_blocker
from game.engine.tactics.reach import Reach, SquareNode, search
from game.engine.tactics.squarefield import (PerBoard, SquareField, read_choice, read_flag,
                                             read_whole)

COVERS: tuple[str, ...] = ("none", "partial", "full")      # index = cover rank
TERRAINS: tuple[str, ...] = ("normal", "difficult", "water")
NONE, PARTIAL, FULL = 0, 1, 2

STEP_M = 1                # GU-19: one step to any of the 8 neighbours, diagonals included
DIFFICULT_STEP_M = 2      # GU-41: a step out of a difficult square
CLIMB_FACTOR = 2          # GU-37: climbing halves movement, so a metre climbed costs 2 m
STEP_UP_M = 1             # a rise (or drop) of at most 1 m is walked; more is climbed or jumped
HIGH_GROUND_M = 5         # GU-155: the target at least 5 m lower
HIGH_GROUND_MOD = -10     # GU-155: a bonus (GU-02: bonuses are negative)
PARTIAL_COVER_MOD = 10    # GU-158
PIERCING_FULL_MOD = 20    # GU-157
# Our reading (GU-X-15 gives objects no height): a low object (a partial-cover tile: boulder,
# crate, fence, log) fills its square 1 m high, so a flier's feet at least that far above the
# floor pass over it; walls and full-cover objects (spires, hut walls) rise past any flight.
LOW_OBJECT_M = 1

# Tile property defaults: a square says only what differs from open, level, bare ground.
DEFAULTS: dict[str, Any] = {"wall": False, "cover": "none", "terrain": "normal",
                            "elevation_m": 0, "climbable": False, "climb_test_mod": 0,
                            "hide": False}
KINDS: dict[str, type] = {"wall": bool, "cover": str, "terrain": str, "elevation_m": int,
                          "climbable": bool, "climb_test_mod": int, "hide": bool}

# The characters Ground.from_rows understands without a legend of its own.
LEGEND: dict[str, dict[str, Any]] = {
    ".": {},
    "#": {"wall": True},
    "p": {"cover": "partial"},
    "F": {"cover": "full"},
    "d": {"terrain": "difficult"},
    "~": {"terrain": "water"},
    "r": {"terrain": "difficult", "hide": True},
    "h": {"hide": True},
    "c": {"climbable": True},
}


@dataclass(frozen=True, slots=True, eq=False)
class Ground(SquareField):
    """One map's squares as flat tuples indexed `y * width + x`, built by `from_board`.

    `opaque`: stops lines of sight and the corner lines of cover (a wall or a full-cover object:
    GU-X-16). `solid`: cannot be entered (a wall, or an object giving cover: it fills its 1 m
    square). `cache`: per-board answers (footprint tables, cover and sight), filled lazily."""

    width: int
    height: int
    wall: tuple[bool, ...]
    cover: tuple[int, ...]
    terrain: tuple[str, ...]
    elevation: tuple[int, ...]
    climbable: tuple[bool, ...]
    climb_mod: tuple[int, ...]
    hide: tuple[bool, ...]
    opaque: tuple[bool, ...]
    solid: tuple[bool, ...]
    source: str = "inline"
    cache: dict[Any, Any] = field(default_factory=dict, repr=False)

    # -- per square (bounds, index, is_solid and cells are SquareField's) ----------------------
    def is_wall(self, c: Cell) -> bool:
        """A wall; off the map counts as one."""
        return not self.in_bounds(c) or self.wall[self.index(c)]

    def cover_at(self, c: Cell) -> str:
        return COVERS[self.cover[self.index(c)]]

    def terrain_at(self, c: Cell) -> str:
        return self.terrain[self.index(c)]

    def elevation_at(self, c: Cell) -> int:
        """The height of the square's floor in metres (GU-X-15)."""
        return self.elevation[self.index(c)]

    def is_climbable(self, c: Cell) -> bool:
        """The face rising from this square to a higher neighbour can be climbed (GU-37)."""
        return self.climbable[self.index(c)]

    def climb_test_mod_at(self, c: Cell) -> int:
        """GU-38 / GU-GM-05: the Athletics modifier for climbing here; 0: no test needed."""
        return self.climb_mod[self.index(c)]

    def hides(self, c: Cell) -> bool:
        """Undergrowth or reeds: a place to hide from an Awareness test (GU-13)."""
        return self.hide[self.index(c)]

    def is_water(self, c: Cell) -> bool:
        return self.terrain[self.index(c)] == "water"

    def is_difficult(self, c: Cell, aquatic: bool = False) -> bool:
        """GU-41, and GU-39: water is difficult terrain for a non-aquatic creature."""
        t = self.terrain[self.index(c)]
        return t == "difficult" or (t == "water" and not aquatic)

    def clear_at(self, c: Cell, height: int) -> bool:
        """Whether a body whose feet are at `height` (metres above the map's zero) may be in
        square `c`: never in a wall or a full-cover object, over a low object only at least
        LOW_OBJECT_M above the floor, elsewhere anywhere."""
        if not self.in_bounds(c):
            return False
        i = self.index(c)
        if self.wall[i] or self.cover[i] == FULL:
            return False
        if self.cover[i] == PARTIAL:
            return height >= self.elevation[i] + LOW_OBJECT_M
        return True

    def blocks_sight(self, c: Cell) -> bool:
        return self.opaque[self.index(c)]

    # -- building ----------------------------------------------------------------------------
    @classmethod
    def from_board(cls, board: Board) -> "Ground":
        """Read every square of `board`. A value outside the contract is a BoardError naming the
        square (mapcheck.py reports the same with the layer and tile; this refuses to play it)."""
        if board.orientation != "orthogonal":
            raise BoardError(f"{board.source}: gu_masters needs a square map, "
                             f"not {board.orientation}")
        wall, cover, terrain, elev, climb, mod, hide = [], [], [], [], [], [], []
        for y in range(board.height):
            for x in range(board.width):
                p = board.cells[y][x]
                wall.append(_value(board, x, y, p, "wall"))
                cover.append(COVERS.index(_choice(board, x, y, p, "cover", COVERS)))
                terrain.append(_choice(board, x, y, p, "terrain", TERRAINS))
                elev.append(_value(board, x, y, p, "elevation_m"))
                climb.append(_value(board, x, y, p, "climbable"))
                mod.append(_value(board, x, y, p, "climb_test_mod"))
                hide.append(_value(board, x, y, p, "hide"))
        opaque = tuple(w or c == FULL for w, c in zip(wall, cover))
        solid = tuple(w or c != NONE for w, c in zip(wall, cover))
        return cls(board.width, board.height, tuple(wall), tuple(cover), tuple(terrain),
                   tuple(elev), tuple(climb), tuple(mod), tuple(hide), opaque, solid,
                   board.source)

    @classmethod
    def from_rows(cls, rows: list[str], legend: Mapping[str, Mapping[str, Any]] | None = None,
                  elevation: list[str] | None = None) -> "Ground":
        """A ground from text rows (LEGEND, with `legend` added over it) and optional rows of
        elevation digits (metres), read through `from_board` like a real map."""
        table = {**LEGEND, **(legend or {})}
        board = Board.from_rows(rows, {k: dict(v) for k, v in table.items()})
        if elevation is not None:
            if len(elevation) != len(rows) or any(len(r) != board.width for r in elevation):
                raise BoardError("inline: elevation rows must match the grid")
            for y, row in enumerate(elevation):
                for x, ch in enumerate(row):
                    board.cells[y][x]["elevation_m"] = int(ch)
        return cls.from_board(board)


# The Ground of a board, read once and then reused.
ground_of: PerBoard[Ground] = PerBoard(Ground.from_board)


def _value(board: Board, x: int, y: int, p: Mapping[str, Any], name: str) -> Any:
    v = p.get(name, DEFAULTS[name])
    if KINDS[name] is bool:
        return read_flag(board, x, y, name, v)
    return read_whole(board, x, y, name, v, "metres")


def _choice(board: Board, x: int, y: int, p: Mapping[str, Any], name: str,
            allowed: tuple[str, ...]) -> str:
    return read_choice(board, x, y, name, p.get(name, DEFAULTS[name]), allowed)


# -- footprints ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Spot:
    """Where a size x size block may stand, anchored at its top-left square. `fits`: every square
    is on the map and enterable, and the floor under it is level within STEP_UP_M (a Large beast
    does not straddle a cliff); `floor`: its highest square's elevation, the height it stands at;
    `difficult`: a square of it is difficult (GU-41) for the mover; `climb_mod`: the easiest
    Athletics modifier of a climbable square under it (None: none is climbable)."""

    fits: bool
    floor: int
    difficult: bool
    climb_mod: int | None


def spots(ground: Ground, size: int = 1, aquatic: bool = False) -> tuple[Spot, ...]:
    """Every anchor's Spot for a size x size mover, flat by `y * width + x`; worked out once per
    ground, size and aquatic."""
    key = ("spots", size, aquatic)
    hit = ground.cache.get(key)
    if hit is not None:
        return hit
    w, h = ground.width, ground.height
    out = []
    for y in range(h):
        for x in range(w):
            cells = block_at(x, y, size)
            if any(cx >= w or cy >= h for cx, cy in cells):
                out.append(Spot(False, 0, False, None))
                continue
            idx = [cy * w + cx for cx, cy in cells]
            heights = [ground.elevation[i] for i in idx]
            fits = (not any(ground.solid[i] for i in idx)
                    and max(heights) - min(heights) <= STEP_UP_M)
            mods = [ground.climb_mod[i] for i in idx if ground.climbable[i]]
            diff = any(ground.is_difficult(c, aquatic) for c in cells)
            out.append(Spot(fits, max(heights), diff, min(mods) if mods else None))
    spots_ = tuple(out)
    ground.cache[key] = spots_
    return spots_


def floor_of(ground: Ground, anchor: Cell, size: int = 1) -> int:
    """The height a size x size block anchored at `anchor` stands at: its highest square."""
    return max(ground.elevation_at(c) for c in block_at(anchor[0], anchor[1], size))


# -- movement ----------------------------------------------------------------------------------------
WALK, CLIMB, JUMP, DROP = "walk", "climb", "jump", "drop"


@dataclass(frozen=True, slots=True)
class Mover:
    """How one creature walks. `size`: footprint side (1 Small/Medium, 2 Large, 3 Huge);
    `aquatic`: water costs it nothing extra (GU-39); `climbs`: it may climb faces the map marks
    climbable (GU-37; the engine turns it off when, say, both hands are bound); `jump_up_m` and
    `jump_cost_m`: a rise no higher than the standing jump (GU-26) may be jumped for the jump's
    cost (GU-25; 0: no jumping in a walk); `drop_m`: the deepest drop it steps off as an ordinary
    step (the engine raises it to accept a fall; a drop over STEP_UP_M is a fall, `fall_height`);
    `cut_corners`: GU-GM-34's table option (default off: a diagonal step past a wall corner is
    illegal)."""

    size: int = 1
    aquatic: bool = False
    climbs: bool = True
    jump_up_m: int = 0
    jump_cost_m: int = 0
    drop_m: int = STEP_UP_M
    cut_corners: bool = False


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a footprint from anchor `a` to the neighbouring anchor `b`. `kind`: WALK,
    CLIMB (up or down a climbable face), JUMP (up, GU-26) or DROP (down more than STEP_UP_M: a
    fall of `rise` metres, negative); `cost`: metres of movement; `test_mod`: the Athletics
    modifier of a climb that needs a test (GU-38, GU-GM-05), None when no test is due."""

    kind: str
    cost: int
    rise: int
    test_mod: int | None = None


def leave_cost(ground: Ground, anchor: Cell, mover: Mover = Mover()) -> int:
    """GU-41 / GU-39: what any step out of this footprint costs on the level: 2 m when a square
    of it is difficult for the mover, else 1 m (GU-19, diagonals included)."""
    sp = spots(ground, mover.size, mover.aquatic)[ground.index(anchor)]
    return DIFFICULT_STEP_M if sp.difficult else STEP_M


def climb_cost(height_m: int) -> int:
    """GU-37: climbing a face of `height_m` metres, movement halved: 2 m for each metre."""
    return CLIMB_FACTOR * height_m


def climb_allowance(movement_m: int) -> int:
    """GU-37: how far a creature climbs with its whole movement: half, rounded down, at least
    1 m (GU-T-20: Movement 9 climbs 4 m, Movement 1 climbs 1 m)."""
    return max(1, movement_m // 2)


def fall_height(ground: Ground, a: Cell, b: Cell, size: int = 1, altitude_m: int = 0) -> int:
    """How far a creature falls going from anchor a (at `altitude_m` above its floor) down to the
    floor at anchor b: 0 when b is not lower. GU-117 turns metres into damage."""
    return max(0, floor_of(ground, a, size) + altitude_m - floor_of(ground, b, size))


FORCED_FREE, FORCED_EDGE, FORCED_SOLID, FORCED_DROP = "", "edge", "solid", "drop"


def forced_into(ground: Ground, a: Cell, b: Cell, size: int = 1, altitude_m: int = 0,
                in_air: bool = False) -> str:
    """GU-57, GU-GM-43: what a footprint pushed from anchor a into the neighbouring anchor b
    meets: FORCED_EDGE off the map; FORCED_SOLID a wall or an object filling a square, or a face
    rising more than STEP_UP_M above its feet (it stops before either); FORCED_DROP a floor more
    than STEP_UP_M below its feet when it stands on the ground (it goes over the ledge: the
    engine decides what follows, GU-GM-43's `ledge_knock`); else FORCED_FREE. A creature in the
    air (`altitude_m` > 0, or `in_air`: a thrown creature flying at its take-off height) only
    meets faces rising above its feet."""
    cells = block_at(b[0], b[1], size)
    if not all(ground.in_bounds(c) for c in cells):
        return FORCED_EDGE
    if any(ground.is_solid(c) for c in cells):
        return FORCED_SOLID
    feet = floor_of(ground, a, size) + altitude_m
    if max(ground.elevation_at(c) for c in cells) > feet + STEP_UP_M:
        return FORCED_SOLID
    if altitude_m == 0 and not in_air and floor_of(ground, b, size) < feet - STEP_UP_M:
        return FORCED_DROP
    return FORCED_FREE


def corner_cells(a: Cell, b: Cell, size: int) -> list[Cell]:
    """The squares a diagonal step of a size x size block from a to b sweeps past at its corner:
    those of the two orthogonal half-way blocks that neither the start nor the end block hold."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    held = set(block_at(ax, ay, size)) | set(block_at(b[0], b[1], size))
    out = []
    for c in block_at(ax + dx, ay, size) + block_at(ax, ay + dy, size):
        if c not in held and c not in out:
            out.append(c)
    return out


def step(ground: Ground, a: Cell, b: Cell, mover: Mover = Mover()) -> Step | None:
    """The step of the mover's footprint from anchor a to the neighbouring anchor b, or None
    when it cannot be taken by walking (off the map, into a wall or object, past a wall corner
    without GU-GM-34's option, up a face it cannot climb or jump, or down a drop it does not
    take and cannot climb).

    On the level (a change of at most STEP_UP_M) it is a WALK costing `leave_cost` (GU-19,
    GU-39, GU-41). A higher rise is a JUMP when it is within `jump_up_m` (GU-25/26), else a
    CLIMB when the lower footprint holds a climbable square (GU-37: 2 m per metre of height,
    never less than the level step); a deeper drop is a DROP when within `drop_m` (a fall of
    that height, GU-117) and otherwise a CLIMB down the same face. Of a jump and a climb the
    cheaper is taken (a climb that needs no test first on a tie)."""
    size = mover.size
    table = spots(ground, size, mover.aquatic)
    if not (ground.in_bounds(a) and ground.in_bounds(b)):
        return None
    dx, dy = b[0] - a[0], b[1] - a[1]
    if max(abs(dx), abs(dy)) != 1:
        raise ValueError(f"step {a} -> {b}: not neighbouring squares")
    here, there = table[ground.index(a)], table[ground.index(b)]
    if not there.fits:
        return None
    if dx and dy and not mover.cut_corners \
            and any(ground.is_wall(c) for c in corner_cells(a, b, size)):
        return None     # GU-GM-34: no slipping past a wall's corner
    level = DIFFICULT_STEP_M if here.difficult else STEP_M
    rise = there.floor - here.floor
    if abs(rise) <= STEP_UP_M:
        return Step(WALK, level, rise)
    lower = here if rise > 0 else there
    climb: Step | None = None
    if mover.climbs and lower.climb_mod is not None:
        mod = lower.climb_mod
        climb = Step(CLIMB, max(level, climb_cost(abs(rise))), rise, mod if mod else None)
    if rise > 0:
        if 0 < mover.jump_cost_m and rise <= mover.jump_up_m:
            jump = Step(JUMP, max(level, mover.jump_cost_m), rise)
            if climb is None or jump.cost < climb.cost \
                    or (jump.cost == climb.cost and climb.test_mod is not None):
                return jump
        return climb
    if -rise <= mover.drop_m:
        return Step(DROP, level, rise)
    return climb


def edges(ground: Ground, mover: Mover = Mover(), blocked: Collection[Cell] = frozenset()
          ) -> Callable[[SquareNode], list[tuple[SquareNode, int | None]]]:
    """Edges for tactics.reach.search over (x, y, 0) nodes, x, y the mover's top-left square:
    the 8 steps in reading order priced by `step` (None: impassable), a footprint overlapping a
    `blocked` square (creatures it may not pass) impassable too."""
    blocked = frozenset(blocked)
    size = mover.size
    cache: dict[tuple[Cell, Cell], Step | None] = ground.cache.setdefault(("steps", mover), {})

    def out(node: SquareNode) -> list[tuple[SquareNode, int | None]]:
        x, y, _ = node
        res: list[tuple[SquareNode, int | None]] = []
        for dx, dy in READING8:
            b = (x + dx, y + dy)
            key = ((x, y), b)
            if key in cache:
                s = cache[key]
            else:
                s = cache[key] = step(ground, (x, y), b, mover)
            if s is None or (blocked and any(c in blocked for c in block_at(b[0], b[1], size))):
                res.append(((b[0], b[1], 0), None))
            else:
                res.append(((b[0], b[1], 0), s.cost))
        return res
    return out


def reach(ground: Ground, start: Cell, budget: int, mover: Mover = Mover(),
          blocked: Collection[Cell] = frozenset()) -> Reach[SquareNode]:
    """Every anchor the mover reaches from `start` within `budget` metres, with the cheapest
    cost and a path to each (nodes are (x, y, 0); ties settle in node order, so a replay always
    takes the same path). `steps_of(ground, path, mover)` tells the engine what each step was."""
    return search((start[0], start[1], 0), edges(ground, mover, blocked), max_cost=budget,
                  ties="node")


def steps_of(ground: Ground, path: Sequence[Cell] | Sequence[SquareNode],
             mover: Mover = Mover()) -> list[Step]:
    """The Step of each move along a path of anchors (cells or reach nodes): where climbs need
    a test (GU-38) and drops are falls (GU-117)."""
    cells = [(p[0], p[1]) for p in path]
    out = []
    for a, b in zip(cells, cells[1:]):
        s = step(ground, a, b, mover)
        if s is None:
            raise ValueError(f"{a} -> {b} is not a step the mover can take")
        out.append(s)
    return out


# -- distance and heights -----------------------------------------------------------------------------
def distance(a: Iterable[Cell], b: Iterable[Cell]) -> int:
    """GU-19 / GU-X-15: metres between two footprints on the map, Chebyshev (1 m squares)."""
    al, bl = list(a), list(b)
    return min(max(abs(p[0] - q[0]), abs(p[1] - q[1])) for p in al for q in bl)


def gap(lo_a: int, hi_a: int, lo_b: int, hi_b: int) -> int:
    """The vertical gap in metres between two height spans [lo, hi] (0 when they overlap)."""
    return max(0, lo_b - hi_a, lo_a - hi_b)


def distance3(a: Iterable[Cell], height_a: int, b: Iterable[Cell], height_b: int,
              tall_a: int = 1, tall_b: int = 1) -> int:
    """GU-X-15: 3D distance, the largest of |dx|, |dy| and the vertical gap between two creatures
    whose feet are at `height_*` (floor + altitude) and who stand `tall_*` metres (a Medium
    creature 1 m by default: its size in squares, so a 2x2 beast is 2 m tall)."""
    dz = gap(height_a, height_a + tall_a - 1, height_b, height_b + tall_b - 1)
    return max(distance(a, b), dz)


def height_of(ground: Ground, anchor: Cell, size: int = 1, altitude_m: int = 0) -> int:
    """A creature's height: the floor under its footprint plus its altitude (GU-X-15)."""
    return floor_of(ground, anchor, size) + altitude_m


def high_ground_mod(attacker_height: int, target_height: int, ranged: bool = True) -> int:
    """GU-155: a Ranged Attack test gets -10 when the target is at least 5 m lower than the
    attacker; 0 otherwise, and never for melee (GU-T-32)."""
    return HIGH_GROUND_MOD if ranged and attacker_height - target_height >= HIGH_GROUND_M else 0


# -- sight and cover ------------------------------------------------------------------------------------
def sees(ground: Ground, a: Cell, b: Cell) -> bool:
    """A line from the centre of a to the centre of b passes no wall or full-cover object (the
    end squares never block; a line exactly through a grid corner is stopped only when both
    squares beside it stop it, tactics/lines.py). Symmetric."""
    if a > b:
        a, b = b, a
    key = ("sees", a, b)
    hit = ground.cache.get(key)
    if hit is None:
        opaque, w = ground.opaque, ground.width
        hit = ground.cache[key] = first_blocker(
            a, b, lambda c: opaque[c[1] * w + c[0]]) is None
    return hit


def square_cover(ground: Ground, a: Cell, b: Cell) -> int:
    """GU-X-16: the cover rank target square b has against attacker square a. The attacker takes
    the corner of its square that sees best and draws the 4 lines to the corners of b: all 4
    stopped by walls or full-cover objects -> FULL; otherwise PARTIAL when any line from the best
    corner is stopped by a wall or a cover object of either kind (a boulder only ever half hides:
    GU-158), NONE when every line is clear. Creatures give no cover."""
    key = ("cover", a, b)
    hit = ground.cache.get(key)
    if hit is not None:
        return hit
    w, opaque, cover = ground.width, ground.opaque, ground.cover
    if corner_lines_blocked(a, b, lambda c: opaque[c[1] * w + c[0]]) == 4:
        rank = FULL
    elif corner_lines_blocked(a, b, lambda c: opaque[c[1] * w + c[0]]
                              or cover[c[1] * w + c[0]] != NONE) > 0:
        rank = PARTIAL
    else:
        rank = NONE
    ground.cache[key] = rank
    return rank


def cover_between(ground: Ground, attacker: Sequence[Cell], target: Sequence[Cell]) -> str:
    """The cover (COVERS) a target has against an attacker, each given as the squares of its
    footprint: the attacker's best square against the target's least covered square (a big
    target is fully covered only when every square of it is)."""
    return COVERS[min(square_cover(ground, a, t) for a in attacker for t in target)]


def cover_mod(cover: str, piercing: bool = False, divined: bool = False) -> int | None:
    """The attack test modifier cover gives (GU-02: a penalty is positive), or None when the
    target is not a valid target. GU-156: full cover cannot be targeted; GU-157: a [Piercing] Gu
    may, at +20, and divination of the exact position removes that +20; GU-158: partial +10,
    nothing for a [Piercing] Gu (GU-T-33)."""
    if cover == "full":
        if not piercing:
            return None
        return 0 if divined else PIERCING_FULL_MOD
    if cover == "partial":
        return 0 if piercing else PARTIAL_COVER_MOD
    if cover == "none":
        return 0
    raise ValueError(f"cover must be one of {', '.join(COVERS)}, not {cover!r}")


def cover_from(ground: Ground, attacker: Sequence[Cell],
               squares: Iterable[Cell] | None = None) -> dict[Cell, str]:
    """The map's cover of each square (every square by default) against the attacker's squares:
    what the battle screen shades while a target is being chosen."""
    return {t: cover_between(ground, attacker, [t])
            for t in (ground.cells() if squares is None else squares)}

"""Gu Masters map checks: what a Tiled map must hold for a gu_masters battle (docs/maps.md, "The
gu_masters contract"; GU-X-15, GU-X-16, GU-GM-05).

Owns: `check_map(board)` (the system's map hook calls it) and its parts `check_cells`,
`check_stones` and `check_spawns`, which set-up may also run on inline boards. Each lists EVERY
problem it finds, naming the map, the square and, for loaded maps, the tile layer and the tile
that set the bad value (tactics/mapcheck.py folds a slip repeated over many squares into one
line):
- the map is orthogonal (1 m squares);
- square properties have their types and allowed values: `wall`, `climbable`, `hide`
  true/false; `cover` none, partial or full; `terrain` normal, difficult or water;
  `elevation_m` a whole number from -MAX_HEIGHT_M to MAX_HEIGHT_M; `climb_test_mod` a whole
  number from -MAX_CLIMB_MOD to MAX_CLIMB_MOD; `label` text;
- no square says two things that cannot both hold: water that is also a wall, a wall or a cover
  object marked as a face to climb or a place to hide (nobody can stand there), a climb test on
  a square that is not climbable, water with a cover object standing in it (cover objects stand
  on dry ground; reeds and hiding places are `hide`), and a climbable square with no higher
  square beside it (the face rises from the square it is marked on, more than 1 m);
- `primeval_stone` objects: a whole `count` of 1 or more, on a square a creature can reach
  (not a wall or a cover object);
- `spawn` objects: side 0 or 1, slots 0 to 5 each used once per side and all six present, a
  `size` of 1 to 3 (Huge is 3x3), each footprint inside the map, on squares a creature may start
  on (no wall, no cover object, no water), level within 1 m and clear of the others; some spawn
  of each side has room for a Huge beast; and a creature of each spawn's footprint can walk
  (terrain.py's steps: climbing marked faces, no drops it would fall from) next to a spawn of
  the other side.

Must not: check generic Tiled structure (boards.tmx does that), read content, or change the
board. What the properties mean in play is terrain.py's; this module guards their shapes.
"""
from __future__ import annotations

from typing import Any

from game.engine.boards import Board, BoardError
from game.engine.boards.square import neighbours8
from game.engine.boards.tmx import MapProblem, unknown_object_classes
from game.engine.tactics.footprint import block_at
from game.engine.tactics.mapcheck import Problems, SpawnRules, is_whole, problem
from game.engine.tactics.mapcheck import check_spawns as check_spawn_objects

from .terrain import COVERS, STEP_UP_M, TERRAINS, Mover, ground_of, reach

# the object classes a gu_masters map may use (tmx.unknown_object_classes names any other)
OBJECT_CLASSES = frozenset({"spawn", "primeval_stone"})
SIDES = {0: "the first side", 1: "the second side"}
SLOTS = range(6)                # up to six combatants a side
HUGE = 3                        # GU-X-11: a Huge creature stands on 3x3 squares
MAX_HEIGHT_M = 1000             # GU-119's falls are counted in 500 m; a map is never that tall
MAX_CLIMB_MOD = 100             # a percentile modifier beyond 100 decides every test
UNLIMITED_M = 1_000_000         # a budget no map uses up: "can it get there at all"
FLAGS = ("wall", "climbable", "hide")


def check_map(board: Board) -> list[MapProblem]:
    """Every gu_masters problem of a loaded map (empty list: the map is playable)."""
    if board.orientation != "orthogonal":
        return [problem(board, f"gu_masters plays on square maps, not {board.orientation} "
                               f"ones (make the map with Orientation: Orthogonal)")]
    out = check_cells(board)
    out += check_stones(board)
    out += check_spawns(board, need_spawns=True)
    out += unknown_object_classes(board, OBJECT_CLASSES, "gu_masters")
    for key in ("title", "description"):
        v = board.properties.get(key)
        if v is not None and not isinstance(v, str):
            out.append(problem(board, f"map property {key} must be text, not {v!r}"))
    return out


def _whole(c: Problems, x: int, y: int, key: str, v: Any, limit: int, unit: str) -> bool:
    if not is_whole(v):
        c.cell(x, y, key, f"{key} must be a whole number{unit}, not {v!r}")
        return False
    if not -limit <= v <= limit:
        c.cell(x, y, key, f"{key} is {v}; it must be from {-limit} to {limit}")
        return False
    return True


def check_cells(board: Board) -> list[MapProblem]:
    """Problems with the gu_masters square properties (types, allowed values, contradictions)."""
    c = Problems(board)
    heights: dict[tuple[int, int], int] = {}
    for x, y in board.coords():
        p = board.props(x, y)
        for key in FLAGS:
            if key in p and not isinstance(p[key], bool):
                c.cell(x, y, key, f"{key} must be true or false, not {p[key]!r}")
        for key, allowed in (("cover", COVERS), ("terrain", TERRAINS)):
            if key in p and p[key] not in allowed:
                c.cell(x, y, key, f"{key} is {p[key]!r}; it must be one of {', '.join(allowed)}")
        if "label" in p and not isinstance(p["label"], str):
            c.cell(x, y, "label", f"label must be text, not {p['label']!r}")
        if "elevation_m" in p:
            if _whole(c, x, y, "elevation_m", p["elevation_m"], MAX_HEIGHT_M, " of metres"):
                heights[(x, y)] = p["elevation_m"]
        else:
            heights[(x, y)] = 0
        if "climb_test_mod" in p:
            ok = _whole(c, x, y, "climb_test_mod", p["climb_test_mod"], MAX_CLIMB_MOD, "")
            if ok and p["climb_test_mod"] != 0 and p.get("climbable") is not True:
                c.cell(x, y, "climb_test_mod", "a climb test (climb_test_mod) on a square that "
                                               "is not climbable")
        wall = p.get("wall") is True
        cover = p.get("cover", "none") in COVERS[1:]
        if wall and p.get("terrain") == "water":
            c.cell(x, y, "wall", "a wall square cannot also be water")
        if cover and p.get("terrain") == "water":
            c.cell(x, y, "cover", f"a cover object ({p['cover']}) cannot stand in water; "
                                  f"make the square dry ground, or give it hide for reeds")
        for solid, what in ((wall, "a wall"), (cover, "a cover object")):
            if not solid:
                continue
            if p.get("climbable") is True:
                c.cell(x, y, "climbable", f"{what} cannot be climbable: mark the square at the "
                                          f"foot of the face")
            if p.get("hide") is True:
                c.cell(x, y, "hide", f"{what} cannot be a place to hide: nobody stands in it")
    for (x, y), h in heights.items():
        if board.prop(x, y, "climbable") is not True or _solid(board, x, y) is not None:
            continue        # (a climbable wall or object is reported above)
        if not any(heights.get(n, h) - h > STEP_UP_M for n in neighbours8(x, y)):
            c.cell(x, y, "climbable", f"a climbable square with no square more than "
                                      f"{STEP_UP_M} m higher beside it: there is no face to "
                                      f"climb (mark the foot of the face)")
    return c.problems()


def _solid(board: Board, x: int, y: int) -> str | None:
    """What stops a creature standing on the square, or None."""
    if not board.in_bounds(x, y):
        return "outside the map"
    p = board.props(x, y)
    label = f" ({p['label']})" if isinstance(p.get("label"), str) and p["label"] else ""
    if p.get("wall") is True:
        return f"a wall{label}"
    if p.get("cover", "none") != "none":
        return f"a {p['cover']} cover object{label}"
    return None


def _why_not_start(board: Board, x: int, y: int) -> str | None:
    solid = _solid(board, x, y)
    if solid is not None:
        return solid
    if board.prop(x, y, "terrain") == "water":
        label = board.prop(x, y, "label")
        return f"water{f' ({label})' if isinstance(label, str) and label else ''}"
    return None


def check_stones(board: Board) -> list[MapProblem]:
    """Problems with `primeval_stone` objects: a count of 1 or more on a reachable square."""
    out: list[MapProblem] = []
    for o in board.objects_of("primeval_stone"):
        where = f"primeval_stone {o.name or o.id}"
        n = o.properties.get("count", 1)
        if not is_whole(n) or n < 1:
            out.append(problem(board, f"{where}: count must be a whole number of 1 or more, "
                                      f"not {n!r}", o.x, o.y, o.layer))
        if not board.in_bounds(o.x, o.y):
            out.append(problem(board, f"{where}: is off the map", o.x, o.y, o.layer))
        elif (why := _solid(board, o.x, o.y)) is not None:
            out.append(problem(board, f"{where}: lies in {why}, where nobody can pick it up",
                               o.x, o.y, o.layer))
    return out


def check_spawns(board: Board, need_spawns: bool = True) -> list[MapProblem]:
    """Problems with `spawn` objects (tactics/mapcheck.py's checks under the gu_masters rules);
    `need_spawns` asks for all six slots of both sides."""
    try:
        ground = ground_of(board)
    except BoardError:
        ground = None       # a square value outside the contract: check_cells reports it

    def height(x: int, y: int) -> int:
        v = board.prop(x, y, "elevation_m", 0)
        return v if is_whole(v) else 0

    def reaches(start: tuple[int, int], size: int, goal: set[tuple[int, int]]) -> bool:
        assert ground is not None
        found = reach(ground, start, UNLIMITED_M, Mover(size=size))
        return any(c in goal for node in found.costs
                   for c in block_at(node[0], node[1], size))

    rules = SpawnRules(sides=SIDES, slots=SLOTS, max_size=HUGE, system="gu_masters",
                       why_not=lambda x, y: _why_not_start(board, x, y),
                       room_for=(1, HUGE), reaches=None if ground is None else reaches)
    out = check_spawn_objects(board, rules, need_spawns)
    out += _level(board, height)
    return out


def _level(board: Board, height: Any) -> list[MapProblem]:
    """A spawn's footprint stands level within STEP_UP_M (terrain.py's rule for a footprint:
    a big creature does not straddle a ledge)."""
    out = []
    for o in board.objects_of("spawn"):
        size = o.properties.get("size", 1)
        if not is_whole(size) or not 1 <= size <= HUGE:
            continue
        hs = [height(*s) for s in block_at(o.x, o.y, size) if board.in_bounds(*s)]
        if hs and max(hs) - min(hs) > STEP_UP_M:
            out.append(problem(board, f"spawn {o.name or o.id}: its {size}x{size} footprint "
                                      f"spans heights {min(hs)} to {max(hs)} m; a creature "
                                      f"starts on ground level within {STEP_UP_M} m",
                               o.x, o.y, o.layer))
    return out

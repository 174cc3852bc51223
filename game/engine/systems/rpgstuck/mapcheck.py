"""Rpgstuck map checks: what a Tiled map must hold for an rpgstuck battle (docs/maps.md, "The
rpgstuck contract"; checklist B-14, B-15, B-24).

Owns: `check_map(board)` (the system's map hook calls it) and its parts `check_cells`,
`check_lights` and `check_spawns`, which set-up may also run on inline boards. Each lists EVERY
problem it finds as MapProblem records naming the map, the square and, for loaded maps, the
tile layer and tile that set the bad value:
- the map is orthogonal (5 ft squares, B-14);
- square properties have their types and allowed values: `wall` true/false, `cover` none, half,
  threequarter or full, `terrain` normal, difficult, climb or swim, `light` bright, dim or dark,
  `elevation_ft` and `pit_depth_ft` whole numbers of 5 ft steps (B-25), `label` text;
- no square says two things that cannot both hold: water to swim in, a surface to climb or a pit
  to fall into that is also a wall (nobody can ever enter it), a cover object over a pit;
- `light` objects: whole, non-negative radii in 5 ft steps, not both zero, at most
  MAX_LIGHT_FT, standing on a square that is not a wall;
- `spawn` objects: side 0 or 1, slots 0 to 5 each used once per side and all six present, a
  footprint `size` of 1 to 4 squares whose squares are inside the map, standable (no wall, no
  cover object, not swim, no pit), at one height and clear of every other spawn's footprint;
  the monsters have room for a Huge (3x3) creature; a creature of each spawn's footprint can
  move (as moves.py prices it, any distance) to the other side.

Must not: check generic Tiled structure (boards.tmx does that), read content, or change the
board. What the properties mean in play belongs to terrain.py, sight.py and moves.py; this
module only guards their shapes.
"""
from __future__ import annotations

from typing import Any

from game.engine.boards import Board, BoardError
from game.engine.boards.square import neighbours8
from game.engine.boards.tmx import MapProblem, unknown_object_classes
from game.engine.tactics.mapcheck import Problems as _Collect
from game.engine.tactics.mapcheck import is_whole as _is_int
from game.engine.tactics.mapcheck import problem as _problem

from .moves import MoveRules, reach
from .terrain import COVERS, LIGHTS, TERRAINS, field_of

# the object classes an rpgstuck map may use (tmx.unknown_object_classes names any other)
OBJECT_CLASSES = frozenset({"spawn", "light"})

# the allowed values, as terrain.py reads them (listed in the order Tiled's lists show them)
COVER = COVERS                              # none, half, threequarter, full: RS-112..114, B-23
TERRAIN = TERRAINS                          # normal, difficult, climb, swim: RS-106, RS-117
LIGHT = tuple(reversed(LIGHTS))             # bright, dim, dark: RS-101
SIDES = (0, 1)
SLOTS = range(6)            # a party or an encounter of up to six
MAX_FOOTPRINT = 4           # Gargantuan: 4x4 squares (B-15)
HUGE = 3                    # the monsters need room for a 3x3 creature somewhere
UNLIMITED_FT = 1_000_000    # a budget no map uses up: "can it get there at all"
STEP_FT = 5                 # heights and radii are counted in 5 ft steps (B-14, B-25)
MAX_HEIGHT_FT = 1000
MAX_LIGHT_FT = 200          # a light object is a torch, lantern or bonfire, not a sun

Square = tuple[int, int]


def check_map(board: Board) -> list[MapProblem]:
    """Every rpgstuck problem of a loaded map (empty list: the map is playable)."""
    if board.orientation != "orthogonal":
        return [_problem(board, f"rpgstuck plays on square maps, not {board.orientation} ones "
                                f"(make the map with Orientation: Orthogonal)")]
    out = check_cells(board)
    out += check_lights(board)
    out += check_spawns(board, need_spawns=True)
    out += unknown_object_classes(board, OBJECT_CLASSES, "rpgstuck")
    title = board.properties.get("title")
    if title is not None and not isinstance(title, str):
        out.append(_problem(board, f"map property title must be text, not {title!r}"))
    return out


def _feet(c: _Collect, x: int, y: int, key: str, v: Any, minimum: int) -> None:
    if not _is_int(v):
        c.cell(x, y, key, f"{key} must be a whole number of feet, not {v!r}")
    elif v % STEP_FT:
        c.cell(x, y, key, f"{key} is {v}; heights go in {STEP_FT} ft steps (B-25)")
    elif not minimum <= v <= MAX_HEIGHT_FT:
        c.cell(x, y, key, f"{key} is {v}; it must be from {minimum} to {MAX_HEIGHT_FT}")


def check_cells(board: Board) -> list[MapProblem]:
    """Problems with the rpgstuck square properties (types, allowed values, contradictions)."""
    c = _Collect(board)
    for x, y in board.coords():
        p = board.props(x, y)
        if "wall" in p and not isinstance(p["wall"], bool):
            c.cell(x, y, "wall", f"wall must be true or false, not {p['wall']!r}")
        for key, allowed in (("cover", COVER), ("terrain", TERRAIN), ("light", LIGHT)):
            if key in p and p[key] not in allowed:
                c.cell(x, y, key, f"{key} is {p[key]!r}; it must be one of {', '.join(allowed)}")
        if "label" in p and not isinstance(p["label"], str):
            c.cell(x, y, "label", f"label must be text, not {p['label']!r}")
        if "elevation_ft" in p:
            _feet(c, x, y, "elevation_ft", p["elevation_ft"], -MAX_HEIGHT_FT)
        if "pit_depth_ft" in p:
            _feet(c, x, y, "pit_depth_ft", p["pit_depth_ft"], 0)
        # contradictions: a wall is a hard surface nobody enters (B-24), so nothing can swim,
        # climb or fall in it; an object standing over a pit has nothing to stand on
        if p.get("wall") is True:
            if p.get("terrain") == "swim":
                c.cell(x, y, "wall", "a wall square cannot also be water to swim in "
                                     "(terrain swim)")
            elif p.get("terrain") == "climb":
                c.cell(x, y, "wall", "a wall square cannot also be a surface to climb "
                                     "(terrain climb): climbable faces are not walls")
            if _is_int(p.get("pit_depth_ft")) and p["pit_depth_ft"] > 0:
                c.cell(x, y, "wall", "a wall square cannot also be a pit (pit_depth_ft)")
        if _is_int(p.get("pit_depth_ft")) and p["pit_depth_ft"] > 0 \
                and p.get("cover", "none") in COVER[1:]:
            c.cell(x, y, "cover", f"a cover object ({p['cover']}) cannot stand over a pit")
    return c.problems()


def is_wall(board: Board, x: int, y: int) -> bool:
    """Outside the map or a wall square: the hard surfaces of B-24 (the edge counts as one)."""
    return not board.in_bounds(x, y) or board.prop(x, y, "wall", False) is True


def standable(board: Board, x: int, y: int) -> bool:
    """Whether a creature may start on this square: inside the map, no wall, no cover object,
    not water to swim in, no pit."""
    return (not is_wall(board, x, y)
            and board.prop(x, y, "cover", "none") == "none"
            and board.prop(x, y, "terrain", "normal") != "swim"
            and not board.prop(x, y, "pit_depth_ft", 0))


def footprint(x: int, y: int, size: int) -> list[Square]:
    """The size x size squares of a creature standing with its top-left square on (x, y)
    (B-15)."""
    return [(x + dx, y + dy) for dy in range(size) for dx in range(size)]


def check_lights(board: Board) -> list[MapProblem]:
    """Problems with `light` objects: radii in 5 ft steps that light something (B-24)."""
    out: list[MapProblem] = []
    for o in board.objects_of("light"):
        where = f"light {o.name or o.id}"

        def bad(msg: str) -> None:
            out.append(_problem(board, f"{where}: {msg}", o.x, o.y, o.layer))

        radii = {}
        for key in ("bright_ft", "dim_ft"):
            v = o.properties.get(key, 20)
            if not _is_int(v):
                bad(f"{key} must be a whole number of feet, not {v!r}")
            elif v < 0 or v > MAX_LIGHT_FT:
                bad(f"{key} is {v}; it must be from 0 to {MAX_LIGHT_FT}")
            elif v % STEP_FT:
                bad(f"{key} is {v}; light reaches in {STEP_FT} ft steps")
            else:
                radii[key] = v
        if len(radii) == 2 and not any(radii.values()):
            bad("bright_ft and dim_ft are both 0, so it lights nothing")
        if board.in_bounds(o.x, o.y) and is_wall(board, o.x, o.y):
            bad("stands inside a wall, where its light could reach nothing; put it on the "
                "square in front of the wall")
    return out


def check_spawns(board: Board, need_spawns: bool = True) -> list[MapProblem]:
    """Problems with `spawn` objects; `need_spawns` asks for all six slots of both sides (a map
    always needs them; an inline board may place its creatures itself)."""
    out: list[MapProblem] = []
    slots: dict[int, dict[int, str]] = {side: {} for side in SIDES}
    taken: dict[Square, str] = {}
    placed: dict[int, list[tuple[Square, int]]] = {side: [] for side in SIDES}
    biggest = 0
    for o in sorted(board.objects_of("spawn"), key=lambda o: o.id):
        p = o.properties
        where = f"spawn {o.name or o.id}"

        def bad(msg: str) -> None:
            out.append(_problem(board, f"{where}: {msg}", o.x, o.y, o.layer))

        side = p.get("side")
        side_ok = _is_int(side) and side in SIDES
        if not side_ok:
            bad(f"side must be 0 (the party) or 1 (the monsters), not {side!r}")
        slot = p.get("slot", 0)
        if not _is_int(slot) or slot not in SLOTS:
            bad(f"slot must be a whole number from 0 to {SLOTS[-1]}, not {slot!r}")
        elif side_ok:
            if slot in slots[side]:
                bad(f"side {side} slot {slot} is also used by {slots[side][slot]}")
            else:
                slots[side][slot] = where
        size = p.get("size", 1)
        if not _is_int(size) or not 1 <= size <= MAX_FOOTPRINT:
            bad(f"size (the footprint in squares a side, B-15) must be 1 to {MAX_FOOTPRINT}, "
                f"not {size!r}")
            size = 1
        if not board.in_bounds(o.x, o.y):
            bad("is off the map")
            continue
        squares = footprint(o.x, o.y, size)
        shown = f"its {size}x{size} footprint" if size > 1 else "it"
        outside = [s for s in squares if not board.in_bounds(*s)]
        if outside:
            bad(f"{shown} runs off the map at {outside[0]}")
        blocked = [s for s in squares if board.in_bounds(*s) and not standable(board, *s)]
        if blocked:
            bad(f"{shown} covers {_describe(board, blocked[0])}; a creature cannot start there")
        heights = {board.prop(*s, "elevation_ft", 0) for s in squares if board.in_bounds(*s)}
        if len(heights) > 1:
            bad(f"{shown} spans several heights ({', '.join(map(str, sorted(heights, key=str)))}"
                f" ft); a creature starts on level ground")
        clash = next((taken[s] for s in squares if s in taken), None)
        if clash:
            bad(f"{shown} overlaps {clash}")
        for s in squares:
            taken.setdefault(s, where)
        clear = not (outside or blocked or clash or len(heights) > 1)
        if side_ok and clear:
            placed[side].append(((o.x, o.y), size))
            if side == 1:
                biggest = max(biggest, size)
    for side in SIDES:
        got = sorted(slots[side])
        if need_spawns and got != list(SLOTS):
            missing = [s for s in SLOTS if s not in slots[side]]
            who = "party" if side == 0 else "monsters"
            out.append(_problem(board, f"side {side} ({who}) has no spawn for slot"
                                       f"{'s' if len(missing) > 1 else ''} "
                                       f"{', '.join(map(str, missing))}; rpgstuck needs slots 0 "
                                       f"to {SLOTS[-1]} on each side"))
    if need_spawns and placed[1] and biggest < HUGE:
        out.append(_problem(board, f"no monster spawn has room for a Huge creature: give one "
                                   f"side 1 spawn size {HUGE} with a clear {HUGE}x{HUGE} "
                                   f"footprint (B-15)"))
    if all(placed[s] for s in SIDES):
        out += _check_reach(board, placed)
    return out


def _describe(board: Board, square: Square) -> str:
    x, y = square
    p = board.props(x, y)
    label = f" ({p['label']})" if isinstance(p.get("label"), str) and p["label"] else ""
    if p.get("wall") is True:
        what = "a wall"
    elif p.get("cover", "none") != "none":
        what = f"a {p['cover']} cover object"
    elif p.get("terrain") == "swim":
        what = "water to swim in"
    else:
        what = "a pit"
    return f"{what}{label} at {square}"


def _check_reach(board: Board, placed: dict[int, list[tuple[Square, int]]]
                 ) -> list[MapProblem]:
    """Every spawn must let a creature of its footprint move next to some spawn of the other
    side (walking, climbing, swimming or dropping, priced by moves.py; any distance)."""
    try:
        field = field_of(board)
    except BoardError:
        return []       # a square value outside the contract: check_cells reports it
    out: list[MapProblem] = []
    for side in SIDES:
        enemy = {s for s, _size in placed[1 - side]}
        for start, size in placed[side]:
            anchors = [start, *reach(field, start, UNLIMITED_FT, MoveRules(size=size))]
            covered = {c for a in anchors for c in footprint(*a, size)}
            if not any(n in enemy for c in covered for n in (c, *neighbours8(*c))):
                who = f"a {size}x{size} creature" if size > 1 else "a creature"
                out.append(_problem(board, f"{who} at the side {side} spawn {start} cannot get "
                                           f"to any side {1 - side} spawn (walls, cover objects "
                                           f"or narrow gaps cut it off)", *start))
    return out

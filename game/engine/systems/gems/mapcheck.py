"""Gems-specific map checks: what a Tiled map must hold for gems to play on it.

Owns: `check_map(board)` (and its parts `check_cells`, `check_objects`, which set-up also runs
on inline grids), listing every problem (not just the first) as MapProblem records from
game.engine.boards.tmx: cell properties (elevation, water_penalty, current_threshold are whole
numbers; current_dir one of 8 directions; solid/water booleans), spawn objects (side 0 or 1, a
whole slot, a known sheet if one is named, a usable tile, no duplicate slots, each side present)
and item objects (a known kind, numeric size, boolean carriable, not inside a wall).

Must not: check generic Tiled structure (boards.tmx does that) or change the board.
"""
from __future__ import annotations

from typing import Any

from game.engine.boards import Board

from .common import DIRECTIONS
from .content import content

from game.engine.boards.tmx import MapProblem, unknown_object_classes

# the object classes a gems map may use (tmx.unknown_object_classes names any other)
OBJECT_CLASSES = frozenset({"spawn", "item"})


def _problem(board: Board, layer: str | None, x: int | None, y: int | None, msg: str) -> Any:
    return MapProblem(board.source, layer, x, y, msg)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def check_map(board: Board) -> list:
    if board.orientation != "orthogonal":
        return [_problem(board, None, None, None,
                         f"gems plays on square grids, not {board.orientation} maps")]
    return (check_cells(board) + check_map_properties(board)
            + check_objects(board, need_spawns=True)
            + unknown_object_classes(board, OBJECT_CLASSES, "gems"))


def check_map_properties(board: Board) -> list:
    """The map's own properties: `flight_ceiling` (GEM-GM-23) is a whole number no lower than
    the highest ground."""
    v = board.properties.get("flight_ceiling")
    if v is None:
        return []
    if not _is_int(v):
        return [_problem(board, None, None, None,
                         f"flight_ceiling must be a whole number, not {v!r}")]
    top = max((int(board.props(x, y).get("elevation", 0) or 0) for x, y in board.coords()
               if _is_int(board.props(x, y).get("elevation", 0))), default=0)
    if v < top:
        return [_problem(board, None, None, None,
                         f"flight_ceiling {v} is below the highest ground ({top})")]
    return []


def check_cells(board: Board) -> list:
    """Problems with cell properties only (also used on inline grids at set-up)."""
    out: list = []
    for x, y in board.coords():
        c = board.props(x, y)
        for key in ("elevation", "water_penalty", "current_threshold"):
            if key in c and not _is_int(c[key]):
                out.append(_problem(board, None, x, y, f"{key} must be a whole number, not {c[key]!r}"))
        if "elevation" in c and _is_int(c["elevation"]) and c["elevation"] < 0:
            out.append(_problem(board, None, x, y, "elevation cannot be negative"))
        for key in ("solid", "water"):
            if key in c and not isinstance(c[key], bool):
                out.append(_problem(board, None, x, y, f"{key} must be true or false"))
        d = c.get("current_dir")
        if d not in (None, "") and str(d).upper() not in DIRECTIONS:
            out.append(_problem(board, None, x, y,
                                f"current_dir {d!r} is not one of {', '.join(DIRECTIONS)}"))
    return out


def check_objects(board: Board, need_spawns: bool) -> list:
    """Problems with spawn and item objects; `need_spawns` asks for a spawn on each side (a map
    always needs them; an inline grid usually places its units itself)."""
    out: list = []
    sheets = content().sheets
    items = content().items
    seen: dict[tuple[int, int], str] = {}
    sides: set[int] = set()
    for o in board.objects_of("spawn"):
        p = o.properties
        where = f"spawn {o.name or o.id}"
        side = p.get("side")
        if not _is_int(side) or side not in (0, 1):
            out.append(_problem(board, o.layer, o.x, o.y, f"{where}: side must be 0 or 1, not {side!r}"))
        else:
            sides.add(side)
        slot = p.get("slot", 0)
        if not _is_int(slot) or slot < 0:
            out.append(_problem(board, o.layer, o.x, o.y, f"{where}: slot must be a whole number"))
        elif _is_int(side):
            key = (side, slot)
            if key in seen:
                out.append(_problem(board, o.layer, o.x, o.y,
                                    f"{where}: side {side} slot {slot} is also used by {seen[key]}"))
            seen[key] = where
        sheet = p.get("sheet")
        if sheet not in (None, "") and sheet not in sheets:
            out.append(_problem(board, o.layer, o.x, o.y, f"{where}: unknown sheet {sheet!r}"))
        size = p.get("size", 1)
        if not _is_int(size) or size < 1:
            out.append(_problem(board, o.layer, o.x, o.y, f"{where}: size must be a whole number >= 1"))
        if not board.in_bounds(o.x, o.y):
            out.append(_problem(board, o.layer, o.x, o.y, f"{where}: off the map"))
        elif board.prop(o.x, o.y, "solid", False):
            out.append(_problem(board, o.layer, o.x, o.y, f"{where}: stands on a solid tile"))
    for side in (0, 1) if need_spawns else ():
        if side not in sides:
            out.append(_problem(board, None, None, None, f"no spawn for side {side}"))
    for o in board.objects_of("item"):
        p = o.properties
        where = f"item {o.name or o.id}"
        kind = p.get("kind")
        if kind not in items:
            out.append(_problem(board, o.layer, o.x, o.y,
                                f"{where}: unknown kind {kind!r} (known: {', '.join(sorted(items))})"))
        if "size" in p and (isinstance(p["size"], bool) or not isinstance(p["size"], (int, float))
                            or p["size"] <= 0):
            out.append(_problem(board, o.layer, o.x, o.y, f"{where}: size must be a positive number"))
        if "carriable" in p and not isinstance(p["carriable"], bool):
            out.append(_problem(board, o.layer, o.x, o.y, f"{where}: carriable must be true or false"))
        if not board.in_bounds(o.x, o.y):
            out.append(_problem(board, o.layer, o.x, o.y, f"{where}: off the map"))
        elif board.prop(o.x, o.y, "solid", False):
            out.append(_problem(board, o.layer, o.x, o.y, f"{where}: lies inside a solid tile"))
    return out

"""Bindings-specific map checks: what a Tiled map must hold for a bindings battle.

Owns: `check_map(board)` (the system's map hook calls it) and its parts `check_cells` and
`check_spawns`, which set-up may also run on inline boards. Each lists EVERY problem it finds as
MapProblem records (game.engine.boards.tmx) naming the map and, where there is one, the cell:
- the map is hexagonal (bindings measures everything in hexes, BND-05);
- cell properties of the bindings contract (docs/maps.md) have the right types: `terrain` text,
  `move_cost` a whole number >= 1, `conceal` a whole number >= 0, `solid`, `cover`, `dark` and
  `water` true/false;
- spawn objects: side 0 or 1, whole slots numbered 0, 1, 2... per side without repeats or gaps,
  optional `unaware` true/false, each on its own in-bounds hex a combatant can stand on (not
  solid, no cover, not water), at least one spawn per side, and every spawn able to walk to the
  other side (otherwise the two sides could never meet).

Must not: check generic Tiled structure (boards.tmx does that), read content, or change the
board. The meaning of the properties belongs to movement.py, los and combat; this module only
guards their shapes.
"""
from __future__ import annotations

from collections import deque
from typing import Any

from game.engine.boards import Board
from game.engine.boards.hex import HexLayout
from game.engine.boards.tmx import MapProblem, unknown_object_classes

# the object classes a bindings map may use (tmx.unknown_object_classes names any other)
OBJECT_CLASSES = frozenset({"spawn"})

Hex = tuple[int, int]

BOOL_PROPS = ("solid", "cover", "dark", "water")
SIDES = (0, 1)


def _problem(board: Board, msg: str, x: int | None = None, y: int | None = None,
             layer: str | None = None) -> MapProblem:
    return MapProblem(board.source, layer, x, y, msg, kind="system")


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def check_map(board: Board) -> list[MapProblem]:
    """Every bindings problem of a loaded map (empty list: the map is playable)."""
    if board.orientation != "hexagonal":
        return [_problem(board, f"bindings plays on hexagonal maps, not {board.orientation} ones "
                                f"(make the map with Orientation: Hexagonal)")]
    out = check_cells(board)
    out += check_spawns(board, need_spawns=True)
    out += unknown_object_classes(board, OBJECT_CLASSES, "bindings")
    title = board.properties.get("title")
    if title is not None and not isinstance(title, str):
        out.append(_problem(board, f"map property title must be text, not {title!r}"))
    return out


def check_cells(board: Board) -> list[MapProblem]:
    """Problems with the bindings cell properties (types and ranges), one per bad value."""
    out: list[MapProblem] = []
    for x, y in board.coords():
        c = board.props(x, y)
        if "terrain" in c and not isinstance(c["terrain"], str):
            out.append(_problem(board, f"terrain must be text, not {c['terrain']!r}", x, y))
        if "move_cost" in c:
            v = c["move_cost"]
            if not _is_int(v):
                out.append(_problem(board, f"move_cost must be a whole number, not {v!r}", x, y))
            elif v < 1:
                out.append(_problem(board, f"move_cost must be at least 1, not {v}", x, y))
        if "conceal" in c:
            v = c["conceal"]
            if not _is_int(v):
                out.append(_problem(board, f"conceal must be a whole number, not {v!r}", x, y))
            elif v < 0:
                out.append(_problem(board, f"conceal cannot be negative ({v})", x, y))
        for key in BOOL_PROPS:
            if key in c and not isinstance(c[key], bool):
                out.append(_problem(board, f"{key} must be true or false, not {c[key]!r}", x, y))
    return out


def standable(board: Board, x: int, y: int) -> bool:
    """Whether a combatant may end a move on this hex as the map stands (no features placed):
    in bounds, not solid, no cover obstacle, not water (water needs a Swim, BND-55)."""
    return (board.in_bounds(x, y) and board.prop(x, y, "solid", False) is not True
            and board.prop(x, y, "cover", False) is not True
            and board.prop(x, y, "water", False) is not True)


def check_spawns(board: Board, need_spawns: bool = True) -> list[MapProblem]:
    """Problems with `spawn` objects; `need_spawns` asks for at least one per side (a map always
    needs them; an inline board may place its combatants itself)."""
    out: list[MapProblem] = []
    slots: dict[int, dict[int, str]] = {side: {} for side in SIDES}
    cells: dict[Hex, str] = {}
    placed: dict[int, list[Hex]] = {side: [] for side in SIDES}
    for o in board.objects_of("spawn"):
        p = o.properties
        where = f"spawn {o.name or o.id}"

        def bad(msg: str) -> None:
            out.append(_problem(board, f"{where}: {msg}", o.x, o.y, o.layer))

        side = p.get("side")
        side_ok = _is_int(side) and side in SIDES
        if not side_ok:
            bad(f"side must be 0 or 1, not {side!r}")
        slot = p.get("slot", 0)
        if not _is_int(slot) or slot < 0:
            bad(f"slot must be a whole number from 0, not {slot!r}")
        elif side_ok:
            if slot in slots[side]:
                bad(f"side {side} slot {slot} is also used by {slots[side][slot]}")
            else:
                slots[side][slot] = where
        if "unaware" in p and not isinstance(p["unaware"], bool):
            bad(f"unaware must be true or false, not {p['unaware']!r}")
        if not board.in_bounds(o.x, o.y):
            bad("is off the map")
            continue
        if board.prop(o.x, o.y, "solid", False) is True:
            bad("stands on a solid hex")
        elif board.prop(o.x, o.y, "cover", False) is True:
            bad("stands on a cover obstacle (boulder or low wall), which nobody can enter")
        elif board.prop(o.x, o.y, "water", False) is True:
            bad("stands in water; spawns must be on dry ground")
        if (o.x, o.y) in cells:
            bad(f"shares its hex with {cells[(o.x, o.y)]}")
        else:
            cells[(o.x, o.y)] = where
        if side_ok:
            placed[side].append((o.x, o.y))
    for side in SIDES:
        if need_spawns and not slots[side] and not placed[side]:
            out.append(_problem(board, f"no spawn for side {side} (add a 'spawn' object with "
                                       f"side = {side} to the spawns layer)"))
        got = sorted(slots[side])
        if got and got != list(range(len(got))):
            out.append(_problem(board, f"side {side} spawn slots are {got}; number them 0, 1, 2... "
                                       f"without gaps"))
    if board.orientation == "hexagonal" and all(placed[s] for s in SIDES):
        out += _check_reach(board, placed)
    return out


def _walkable(board: Board) -> set[Hex]:
    return {(x, y) for x, y in board.coords() if standable(board, x, y)}


def _check_reach(board: Board, placed: dict[int, list[Hex]]) -> list[MapProblem]:
    """Every spawn must be able to walk to some enemy spawn over dry, passable hexes."""
    layout = HexLayout.from_board(board)
    walk = _walkable(board)
    region: dict[Hex, int] = {}
    for label, start in enumerate(sorted(walk)):
        if start in region:
            continue
        region[start] = label
        todo = deque([start])
        while todo:
            h = todo.popleft()
            for n in layout.neighbours(*h):
                if n in walk and n not in region:
                    region[n] = label
                    todo.append(n)
    out: list[MapProblem] = []
    for side in SIDES:
        enemy = {region.get(h) for h in placed[1 - side]}
        for h in placed[side]:
            if h in region and region[h] not in enemy:
                out.append(_problem(board, f"the side {side} spawn at {h} cannot walk to any "
                                           f"side {1 - side} spawn (water, walls or cover cut "
                                           f"it off)", *h))
    return out

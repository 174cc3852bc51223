"""What every grid system's map check shares: problems that name the place to fix, folded when
one slip repeats, and the checks of the `spawns` layer.

Owns:
  - `Problems`, a collector of square problems that names the tile layer and the tile (or the
    layer's own property) that set the bad value, and folds identical ones (same layer, tile and
    words) into the first square with a count, so a wrong layer property gives one line;
  - `problem`, one MapProblem of kind "system";
  - `check_spawns`: sides and slots (each slot once per side, all present), a footprint `size`
    within limits, each footprint inside the map, on squares the system lets a creature start
    on, at one height and clear of every other spawn's; optionally that some spawn of a side
    has room for a given size, and that a creature of each spawn's footprint can get next to
    some spawn of the other side.

Must not: know any rule system's properties or values (the caller hands over what "may start
here", "height" and "can get there" mean), read content, or change the board.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from game.engine.boards.board import Board, MapObject
from game.engine.boards.square import Cell, neighbours8
from game.engine.boards.tmx import MapProblem

from .footprint import block_at


def is_whole(v: Any) -> bool:
    """A whole number that is not a bool (Tiled's int properties)."""
    return isinstance(v, int) and not isinstance(v, bool)


def origin_words(board: Board, x: int, y: int, name: str) -> tuple[str | None, str]:
    """The layer that set `name` on (x, y), and words naming the tile, for a message."""
    layer, tile = board.origin(x, y, name)
    if tile:
        return layer, f" (set by {tile})"
    if layer:
        return layer, " (set by the layer's own properties)"
    return None, ""


def problem(board: Board, msg: str, x: int | None = None, y: int | None = None,
            layer: str | None = None) -> MapProblem:
    return MapProblem(board.source, layer, x, y, msg, kind="system")


class Problems:
    """Square problems, identical ones (same layer, tile and message) folded into the first
    square and a count."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.first: dict[tuple[Any, ...], list[Any]] = {}

    def cell(self, x: int, y: int, name: str, msg: str) -> None:
        """A problem with property `name` of square (x, y)."""
        layer, tile = origin_words(self.board, x, y, name)
        key = (layer, tile, msg)
        if key in self.first:
            self.first[key][3] += 1
        else:
            self.first[key] = [layer, x, y, 0, msg + tile]

    def problems(self) -> list[MapProblem]:
        out = []
        for layer, x, y, more, msg in self.first.values():
            if more:
                msg += f" (and {more} more square{'s' if more > 1 else ''} like it)"
            out.append(MapProblem(self.board.source, layer, x, y, msg, kind="system"))
        return out


@dataclass(frozen=True)
class SpawnRules:
    """What a system asks of its spawns. `sides`: the side numbers and what each is called;
    `slots`: the slot numbers every side needs; `max_size`: the largest footprint side;
    `why_not(x, y)`: why a creature cannot start on the square, or None when it can;
    `height(x, y)`: the square's floor, for the one-height rule (None: not checked);
    `room_for` (side, size): some spawn of that side must have a clear footprint that big;
    `reaches(anchor, size, goal)`: whether a creature of that footprint can get from the anchor
    to any square of `goal` (None: not checked); `system`: the name used in the words."""

    sides: dict[int, str]
    slots: range
    max_size: int
    why_not: Callable[[int, int], str | None]
    system: str
    height: Callable[[int, int], int] | None = None
    room_for: tuple[int, int] | None = None
    reaches: Callable[[Cell, int, set[Cell]], bool] | None = None


def check_spawns(board: Board, rules: SpawnRules, need_spawns: bool = True
                 ) -> list[MapProblem]:
    """Problems with the map's `spawn` objects under `rules`; `need_spawns` asks for every slot
    of every side (an inline board may place its creatures itself)."""
    out: list[MapProblem] = []
    slots: dict[int, dict[int, str]] = {side: {} for side in rules.sides}
    taken: dict[Cell, str] = {}
    placed: dict[int, list[tuple[Cell, int]]] = {side: [] for side in rules.sides}
    sides = " or ".join(f"{s} ({name})" for s, name in rules.sides.items())
    for o in sorted(board.objects_of("spawn"), key=lambda o: o.id):
        where = f"spawn {o.name or o.id}"

        def bad(msg: str, o: MapObject = o, where: str = where) -> None:
            out.append(problem(board, f"{where}: {msg}", o.x, o.y, o.layer))

        p = o.properties
        side = p.get("side")
        side_ok = is_whole(side) and side in rules.sides
        if not side_ok:
            bad(f"side must be {sides}, not {side!r}")
        slot = p.get("slot", 0)
        if not is_whole(slot) or slot not in rules.slots:
            bad(f"slot must be a whole number from {rules.slots[0]} to {rules.slots[-1]}, "
                f"not {slot!r}")
        elif side_ok:
            if slot in slots[side]:
                bad(f"side {side} slot {slot} is also used by {slots[side][slot]}")
            else:
                slots[side][slot] = where
        size = p.get("size", 1)
        if not is_whole(size) or not 1 <= size <= rules.max_size:
            bad(f"size (the footprint in squares a side) must be 1 to {rules.max_size}, "
                f"not {size!r}")
            size = 1
        if not board.in_bounds(o.x, o.y):
            bad("is off the map")
            continue
        squares = block_at(o.x, o.y, size)
        shown = f"its {size}x{size} footprint" if size > 1 else "it"
        outside = [s for s in squares if not board.in_bounds(*s)]
        if outside:
            bad(f"{shown} runs off the map at {outside[0]}")
        inside = [s for s in squares if board.in_bounds(*s)]
        blocked = next(((s, why) for s in inside if (why := rules.why_not(*s)) is not None),
                       None)
        if blocked:
            bad(f"{shown} covers {blocked[1]} at {blocked[0]}; a creature cannot start there")
        heights: set[int] = set()
        if rules.height is not None:
            heights = {rules.height(*s) for s in inside}
            if len(heights) > 1:
                bad(f"{shown} spans several heights ({', '.join(map(str, sorted(heights)))}); "
                    f"a creature starts on level ground")
        clash = next((taken[s] for s in squares if s in taken), None)
        if clash:
            bad(f"{shown} overlaps {clash}")
        for s in squares:
            taken.setdefault(s, where)
        if side_ok and not (outside or blocked or clash or len(heights) > 1):
            placed[side].append(((o.x, o.y), size))
    for side, name in rules.sides.items():
        missing = [s for s in rules.slots if s not in slots[side]]
        if need_spawns and missing:
            out.append(problem(board, f"side {side} ({name}) has no spawn for slot"
                                      f"{'s' if len(missing) > 1 else ''} "
                                      f"{', '.join(map(str, missing))}; {rules.system} needs "
                                      f"slots {rules.slots[0]} to {rules.slots[-1]} on each "
                                      f"side"))
    if need_spawns and rules.room_for is not None:
        side, size = rules.room_for
        if placed[side] and max(s for _a, s in placed[side]) < size:
            out.append(problem(board, f"no side {side} spawn has room for a {size}x{size} "
                                      f"creature: give one spawn size {size} with a clear, "
                                      f"level {size}x{size} footprint"))
    if rules.reaches is not None and all(placed[s] for s in rules.sides):
        out += _check_reach(board, rules, placed)
    return out


def _check_reach(board: Board, rules: SpawnRules, placed: dict[int, list[tuple[Cell, int]]]
                 ) -> list[MapProblem]:
    """Every spawn must let a creature of its footprint get next to some spawn of another side."""
    assert rules.reaches is not None
    out: list[MapProblem] = []
    for side in rules.sides:
        goal = {n for other in rules.sides if other != side
                for anchor, _size in placed[other] for n in (anchor, *neighbours8(*anchor))}
        for start, size in placed[side]:
            if not rules.reaches(start, size, goal):
                who = f"a {size}x{size} creature" if size > 1 else "a creature"
                out.append(problem(board, f"{who} at the side {side} spawn {start} cannot get "
                                          f"to any other side's spawn (walls, cover objects, "
                                          f"faces it cannot climb or narrow gaps cut it off)",
                                   *start))
    return out

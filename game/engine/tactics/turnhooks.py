"""The system hooks that creature-on-a-map systems write the same way: the pending decision of a
turn-taking battle, whose side a creature id (or a seat number) is, reading a saved state back
onto its board, whether a footprint stands on the map and clear of walls, and the set-up's
closing checks (every creature can stand where it is put, both sides are fielded, the
initiative a set-up writes out names every creature once), and the invariant that every creature
stands on the map, out of walls, with no two that take room on one square.

Each takes plain arguments (the state's parts, the system's prompts, its state class and board
builder), so a system's hook is one call. Must not: know any rule of a system (who may act, what
a creature's status means), import a system, or roll dice.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from game.engine.boards import Board
from game.engine.decisions import Decision
from game.engine.tactics import pending

Cell = tuple[int, int]


class _Side(Protocol):
    side: int


def turn_decision(state: Any, prompts: Mapping[str, str]) -> Decision | None:
    """None once the battle is over; else the top pending stage (its prompt from `prompts`, with
    `{actor}` filled in), or the acting creature's ordinary turn. The state needs `over`,
    `pending` and `acting` (a creature with `side`, `id` and `name`)."""
    if state.over:
        return None
    stage = pending.top(state.pending)
    if stage is not None:
        return Decision(stage.seat, stage.stage, stage.actor,
                        prompts[stage.stage].format(actor=stage.actor))
    c = state.acting
    return Decision(c.side, "act", c.id, f"{c.name}: move, act or end the turn")


def side_of(creatures: Mapping[str, _Side], who: str) -> int | None:
    """The side of creature `who`, or the seat a digit string names, or None."""
    c = creatures.get(who)
    return c.side if c is not None else (int(who) if who.isdigit() else None)


def state_from_save(data: Mapping[str, Any], state_class: Any,
                    board_of: Callable[[str | None, dict[str, Any] | None], Board]) -> Any:
    """A saved state read back: the save's `version` is the match's business, the board is
    rebuilt from the saved map name or inline grid. Call inside the system's `reading_save()`."""
    d = dict(data)
    d.pop("version", None)
    return state_class.from_json(d, board_of(d["map"], d["grid"]))


def footprint_problem(board: Board, cells: Iterable[Cell]) -> str:
    """'off the map' or 'in a wall' for the first square of the footprint that is, else ''."""
    for cell in cells:
        if not board.in_bounds(*cell):
            return "off the map"
        if board.prop(*cell, "wall", False):
            return "in a wall"
    return ""


def check_placement(board: Board, creatures: Mapping[str, Any],
                    crowds: Callable[[Any, Any], bool],
                    error: Callable[[str], Exception]) -> None:
    """Refuse a set-up (raise `error(words)`) whose creature stands off the map, in a wall or on
    a square of another creature it may not share (`crowds(c, other)`: the system says who takes
    room), or that fields creatures of one side only. Creatures need `id`, `side`, `x`, `y` and
    `cells()`."""
    for c in creatures.values():
        problem = footprint_problem(board, c.cells())
        if not problem:
            mine = set(c.cells())
            problem = next((f"{o.id} is there" for o in creatures.values()
                            if o.id != c.id and crowds(c, o) and set(o.cells()) & mine), "")
        if problem:
            raise error(f"{c.id} cannot stand at {c.x},{c.y}: {problem}")
    if len({c.side for c in creatures.values()}) < 2:
        raise error("both sides need at least one creature")


def given_initiative(setup: Mapping[str, Any], creatures: Mapping[str, Any],
                     error: Callable[[str], Exception]) -> list[str] | None:
    """The acting order a set-up writes out under `initiative` (refused with `error` unless it
    names every creature once), or None when the set-up leaves it to the dice."""
    if "initiative" not in setup:
        return None
    order = [str(x) for x in setup["initiative"]]
    if sorted(order) != sorted(creatures):
        raise error("the initiative must list every creature once")
    return order


def standing_problems(board: Board, who: str, cells: Iterable[Cell],
                      taken: dict[Cell, str] | None) -> list[str]:
    """An invariant check's words for creature `who` on `cells`: each square off the map or in a
    wall, and each square it shares with a creature already in `taken` (square -> creature id),
    which it then claims; with `taken` None it takes no room (the system says who does)."""
    out = []
    for cell in cells:
        if not board.in_bounds(*cell) or board.prop(*cell, "wall", False):
            out.append(f"{who} stands on {cell}, off the map or in a wall")
        if taken is not None:
            if cell in taken:
                out.append(f"{who} and {taken[cell]} share {cell}")
            taken[cell] = who
    return out

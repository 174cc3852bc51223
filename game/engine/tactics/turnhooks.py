"""The system hooks that creature-on-a-map systems write the same way: the pending decision of a
turn-taking battle, whose side a creature id (or a seat number) is, reading a saved state back
onto its board, and whether a footprint stands on the map and clear of walls.

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

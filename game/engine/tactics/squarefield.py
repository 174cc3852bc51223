"""A square map's squares read once: what every square system's terrain reading shares.

Owns: `SquareField`, the base of a frozen reading of a square Board held as flat tuples indexed
`y * width + x` (whether a square is on the map, its index, whether it can be entered, every
square); and `PerBoard`, which keeps one reading per board (a board never changes during a
match), keyed by `id()` with the board kept alive beside its reading so an id is never reused
while its entry stands; and the readers of one square's property under a map contract
(`read_flag`, `read_choice`, `read_whole`), which refuse a value outside it with a BoardError
naming the map and the square.

Must not: know what a square property means in play or which properties a system reads (each
system's terrain module declares its own tuples and how it fills them), know creatures, import
pygame or use randomness.
"""
from __future__ import annotations

from typing import Any, Callable, Generic, TypeVar

from game.engine.boards.board import Board, BoardError
from game.engine.boards.square import Cell

T = TypeVar("T")


class SquareField:
    """Bounds, index and entry of a reading whose subclass (a frozen, slotted dataclass) holds
    `width`, `height` and `solid` (per square: cannot be entered)."""

    __slots__ = ()
    width: int
    height: int
    solid: tuple[bool, ...]

    def in_bounds(self, c: Cell) -> bool:
        return 0 <= c[0] < self.width and 0 <= c[1] < self.height

    def index(self, c: Cell) -> int:
        return c[1] * self.width + c[0]

    def is_solid(self, c: Cell) -> bool:
        """Cannot be entered; off the map counts as solid (the edge is a hard surface)."""
        return not self.in_bounds(c) or self.solid[self.index(c)]

    def cells(self) -> list[Cell]:
        return [(x, y) for y in range(self.height) for x in range(self.width)]


class PerBoard(Generic[T]):
    """`read(board)` done once per board and then reused; at most `kept` boards are held, the
    oldest let go first."""

    __slots__ = ("read", "kept", "_held")

    def __init__(self, read: Callable[[Board], T], kept: int = 16) -> None:
        self.read = read
        self.kept = kept
        self._held: dict[int, tuple[Board, T]] = {}

    def __call__(self, board: Board) -> T:
        hit = self._held.get(id(board))
        if hit is not None and hit[0] is board:
            return hit[1]
        got = self.read(board)
        if len(self._held) >= self.kept:
            del self._held[next(iter(self._held))]
        self._held[id(board)] = (board, got)
        return got


def square_where(board: Board, x: int, y: int) -> str:
    return f"{board.source}: square ({x}, {y})"


def read_flag(board: Board, x: int, y: int, name: str, value: Any) -> bool:
    """`value` of property `name` at (x, y), which must be true or false."""
    if not isinstance(value, bool):
        raise BoardError(f"{square_where(board, x, y)}: {name} must be true or false, "
                         f"not {value!r}")
    return value


def read_choice(board: Board, x: int, y: int, name: str, value: Any,
                allowed: tuple[str, ...]) -> str:
    """`value` of property `name` at (x, y), which must be one of the `allowed` words."""
    if value not in allowed:
        raise BoardError(f"{square_where(board, x, y)}: {name} must be one of "
                         f"{', '.join(allowed)}, not {value!r}")
    return value


def read_whole(board: Board, x: int, y: int, name: str, value: Any, unit: str,
               minimum: int | None = None) -> int:
    """`value` of property `name` at (x, y), which must be a whole number (of `unit`), at least
    `minimum` when one is given."""
    if not isinstance(value, int) or isinstance(value, bool) \
            or (minimum is not None and value < minimum):
        raise BoardError(f"{square_where(board, x, y)}: {name} must be a whole number of {unit}"
                         f"{f' ({minimum} or more)' if minimum is not None else ''}, "
                         f"not {value!r}")
    return value

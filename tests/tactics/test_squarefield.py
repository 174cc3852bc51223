"""The shared base of a square map's terrain reading (tactics.squarefield): bounds, index, the
squares that cannot be entered, and one reading kept per board."""
from __future__ import annotations

from dataclasses import dataclass

from game.engine.boards import Board
from game.engine.tactics.squarefield import PerBoard, SquareField


@dataclass(frozen=True, slots=True, eq=False)
class Walls(SquareField):
    width: int
    height: int
    solid: tuple[bool, ...]

    @classmethod
    def from_board(cls, board: Board) -> "Walls":
        return cls(board.width, board.height,
                   tuple(bool(board.prop(x, y, "wall", False))
                         for y in range(board.height) for x in range(board.width)))


def _board() -> Board:
    return Board.from_rows(["..#", "#.."], {".": {}, "#": {"wall": True}})


def test_bounds_index_and_the_solid_squares_the_edge_included():
    w = Walls.from_board(_board())
    assert w.in_bounds((2, 1)) and not w.in_bounds((3, 0)) and not w.in_bounds((0, -1))
    assert w.index((2, 0)) == 2 and w.index((0, 1)) == 3
    assert w.is_solid((2, 0)) and w.is_solid((0, 1))
    assert not w.is_solid((1, 1))
    assert w.is_solid((-1, 0)) and w.is_solid((1, 2))
    assert w.cells() == [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]


def test_one_reading_per_board_and_the_oldest_let_go():
    reads: list[Board] = []

    def read(board: Board) -> Walls:
        reads.append(board)
        return Walls.from_board(board)

    of = PerBoard(read, kept=2)
    a, b, c = _board(), _board(), _board()
    assert of(a) is of(a) and reads == [a]
    of(b)
    of(c)                       # a is let go to make room
    assert reads == [a, b, c]
    assert of(b) is of(b) and reads == [a, b, c]
    of(a)
    assert reads == [a, b, c, a]

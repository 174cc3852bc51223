"""The shared base of a square map's terrain reading (tactics.squarefield): bounds, index, the
squares that cannot be entered, and one reading kept per board."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from game.engine.boards import Board, BoardError
from game.engine.tactics.squarefield import (PerBoard, SquareField, read_choice, read_flag,
                                             read_whole)


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


def test_a_square_property_outside_the_contract_names_the_map_and_the_square():
    board = _board()
    assert read_flag(board, 1, 0, "wall", True) is True
    assert read_choice(board, 1, 0, "cover", "half", ("none", "half")) == "half"
    assert read_whole(board, 1, 0, "depth", 0, "feet", minimum=0) == 0
    assert read_whole(board, 1, 0, "height", -5, "metres") == -5
    cases = [
        (lambda: read_flag(board, 2, 1, "wall", "yes"), "wall must be true or false, not 'yes'"),
        (lambda: read_choice(board, 2, 1, "cover", "some", ("none", "half")),
         "cover must be one of none, half, not 'some'"),
        (lambda: read_whole(board, 2, 1, "height", True, "metres"),
         "height must be a whole number of metres, not True"),
        (lambda: read_whole(board, 2, 1, "depth", -5, "feet", minimum=0),
         "depth must be a whole number of feet (0 or more), not -5"),
    ]
    for call, words in cases:
        with pytest.raises(BoardError) as got:
            call()
        assert str(got.value) == f"{board.source}: square (2, 1): {words}"

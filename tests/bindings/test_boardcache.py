"""The bounded memo of action records per board (boardcache.records): one per board and name,
kept across calls, started over when full."""
from __future__ import annotations

from game.engine.systems.bindings import boardcache


class _Board:
    pass


def test_records_are_one_memo_per_board_and_name_and_start_over_when_full(monkeypatch):
    a, b = _Board(), _Board()
    moves = boardcache.records("listed moves", a)
    moves[("x",)] = "made"
    assert boardcache.records("listed moves", a) is moves
    assert boardcache.records("listed actions", a) is not moves
    assert boardcache.records("listed moves", b) == {}
    monkeypatch.setattr(boardcache, "RECORDS_LIMIT", 2)
    moves[("y",)] = "made"
    assert boardcache.records("listed moves", a) == {}          # full: it starts over


def test_a_match_opens_with_its_boards_movement_and_sight_tables_built():
    # what the board alone decides is read as the match opens, not in its first turns
    from game.engine.systems.bindings.system import build_board

    board, _ = build_board("bindings_pass.tmx", None)
    boardcache.forget(board)
    again, _ = build_board("bindings_pass.tmx", None)

    def never(_board):
        raise AssertionError("built after the match opened")

    assert boardcache.per_board("movement", again, never).neighbours
    grid = boardcache.per_board("sight grid", again, never)
    assert len(grid.templates) > 1000 and len(grid.centres) == len(grid.templates)

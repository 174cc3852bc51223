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


def test_a_full_cache_lets_its_oldest_entry_go_and_keeps_the_newest(monkeypatch):
    # a board being prepared keeps every table built for it, however many boards came before
    monkeypatch.setattr(boardcache, "_CACHE", {})
    monkeypatch.setattr(boardcache, "_LIMIT", 4)
    boards = [_Board() for _ in range(6)]
    for i, b in enumerate(boards):
        assert boardcache.per_board("t", b, lambda _b, i=i: i) == i
    assert len(boardcache._CACHE) == 4
    built = []
    for b in boards[2:]:                             # the newest four are all still there
        assert boardcache.per_board("t", b, lambda _b: built.append(1)) in (2, 3, 4, 5)
    assert built == []
    assert boardcache.per_board("t", boards[0], lambda _b: "again") == "again"


def test_listed_records_are_made_once_per_group_and_item_and_come_back_in_order():
    made: dict = {}
    calls = []

    def make(item):
        calls.append(item)
        return ("record", item)

    first = boardcache.listed(made, ("a", "move"), [(1, 2), (0, 0), None], make)
    assert first == [("record", (1, 2)), ("record", (0, 0)), ("record", None)]
    again = boardcache.listed(made, ("a", "move"), [(0, 0), (5, 5), (1, 2)], make)
    assert again == [("record", (0, 0)), ("record", (5, 5)), ("record", (1, 2))]
    assert again[0] is first[1] and again[2] is first[0]          # the very same records
    assert calls == [(1, 2), (0, 0), None, (5, 5)]                # each made once
    other = boardcache.listed(made, ("a", "dash"), [(1, 2)], make)
    assert other[0] is not first[0] and calls[-1] == (1, 2)       # another group, its own

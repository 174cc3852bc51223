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

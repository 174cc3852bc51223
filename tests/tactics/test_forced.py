"""Forced movement: the straight-line stepper stopping on something solid, at the board's edge,
on an occupant, passing through one, and dropping off a ledge; push directions."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.boards.square import DIRECTIONS8
from game.engine.tactics import forced as F


def board(rows: list[str]):
    """A look() over text rows: '#' solid, a letter an occupant, '.' free; off the rows an edge."""
    def look(here, there):
        x, y = there
        if not (0 <= y < len(rows) and 0 <= x < len(rows[0])):
            return F.Ahead(F.EDGE)
        ch = rows[y][x]
        if ch == "#":
            return F.Ahead(F.SOLID, ("wall",))
        if ch.isalpha():
            return F.Ahead(F.OCCUPANT, (ch,))
        return F.Ahead()
    return look


def test_runs_its_whole_length_when_nothing_is_in_the_way():
    went = F.shove((0, 0), F.straight((0, 0), (1, 0), 3), board(["....."]))
    assert went.path == ((0, 0), (1, 0), (2, 0), (3, 0))
    assert went.stop == "" and went.at is None and went.moved == 3 and went.end == (3, 0)


def test_stops_before_something_solid():
    went = F.shove((0, 0), F.straight((0, 0), (1, 0), 4), board(["..#.."]))
    assert went.path == ((0, 0), (1, 0)) and went.stop == F.SOLID
    assert went.at == (2, 0) and went.met == ("wall",)


def test_stops_at_the_edge():
    went = F.shove((1, 1), F.straight((1, 1), (1, 1), 5), board(["...", "...", "..."]))
    assert went.end == (2, 2) and went.stop == F.EDGE and went.at == (3, 3)


def test_stops_on_an_occupant_or_passes_through():
    rows = ["..a..."]
    went = F.shove((0, 0), F.straight((0, 0), (1, 0), 5), board(rows))
    assert went.end == (1, 0) and went.stop == F.OCCUPANT and went.met == ("a",)
    plain = board(rows)

    def ghost(here, there):
        ahead = plain(here, there)
        return F.Ahead(F.OCCUPANT, ahead.what, through=True) if ahead.kind == F.OCCUPANT \
            else ahead
    went = F.shove((0, 0), F.straight((0, 0), (1, 0), 4), ghost)
    assert went.end == (4, 0) and went.stop == "" and went.passed == ("a",)
    assert went.met == ("a",)


def test_a_drop_ends_the_walk_in_the_cell_entered():
    ledge = {(2, 0)}
    entered = []

    def enter(here, there):
        entered.append(there)
        return F.Ahead(F.DROP, ("ledge",)) if there in ledge else None
    went = F.shove((0, 0), F.straight((0, 0), (1, 0), 5), board(["......"]), enter)
    assert went.path[-1] == (2, 0) and went.stop == F.DROP and went.at == (2, 0)
    assert entered == [(1, 0), (2, 0)] and went.met == ("ledge",)


def test_look_cannot_report_a_drop_and_kinds_are_checked():
    with pytest.raises(ValueError):
        F.shove((0, 0), [(1, 0)], lambda a, b: F.Ahead(F.DROP))
    with pytest.raises(ValueError):
        F.Ahead("lava")


def test_walks_any_line_of_cells():
    """Hex pushbacks walk a precomputed line; the stepper does not care how it was drawn."""
    line = [(1, 0), (1, 1), (2, 1), (2, 2)]
    went = F.shove((0, 0), line, lambda a, b: F.Ahead(F.OCCUPANT, ("x",)) if b == (2, 2)
                   else F.Ahead())
    assert went.path == ((0, 0), (1, 0), (1, 1), (2, 1)) and went.at == (2, 2)
    assert F.shove((5, 5), [], board(["."])).path == ((5, 5),)


def test_snap8_known_directions():
    assert F.snap8(2, 1) == (1, 1)          # 26.6 degrees: diagonal
    assert F.snap8(3, 1) == (1, 0)          # 18.4 degrees: straight
    assert F.snap8(-1, -3) == (0, -1)
    assert F.snap8(0, 0) is None


@settings(deadline=None)
@given(st.integers(-50, 50), st.integers(-50, 50))
def test_snap8_is_a_compass_step_and_symmetric(dx, dy):
    d = F.snap8(dx, dy)
    if (dx, dy) == (0, 0):
        assert d is None
        return
    assert d in DIRECTIONS8.values()
    assert F.snap8(-dx, -dy) == (-d[0], -d[1])
    assert F.snap8(dy, dx) == (d[1], d[0])

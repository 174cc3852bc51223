"""Gu Masters areas: radius areas walked out from their source and carved by walls (GU-164,
GU-GM-21, GU-T-34), their reach upward (GU-GM-22), and lines of width x length (GU-162/163)."""
from __future__ import annotations

import pytest

from game.engine.systems.gu_masters.areas import (line, line_cells, line_far_end,
                                                  line_source_ok, radius, radius_cells)
from game.engine.systems.gu_masters.terrain import Ground


def open_ground(n: int) -> Ground:
    return Ground.from_rows(["." * n] * n)


@pytest.mark.rule("GU-164", "GU-T-34")
def test_a_radius_on_open_ground_is_a_square_block():
    g = open_ground(15)
    c = (7, 7)
    assert len(radius_cells(g, c, 1)) == 9
    assert len(radius_cells(g, c, 2)) == 25
    five = radius_cells(g, c, 5)
    assert len(five) == 121
    assert (12, 12) in five and (13, 7) not in five         # (5, 5) in, (6, 0) out


@pytest.mark.rule("GU-164", "GU-GM-21", "GU-T-34")
def test_a_wall_carves_the_radius():
    # a wall at relative x = 2 for y = -5..5: going round it costs 6 m or more, so nothing
    # at x >= 2 is reached: 7 columns x 11 rows.
    rows = []
    for y in range(15):
        row = ["."] * 15
        if 2 <= y <= 12:
            row[9] = "#"
        rows.append("".join(row))
    g = Ground.from_rows(rows)
    cells = radius_cells(g, (7, 7), 5)
    assert len(cells) == 77
    assert all(x < 9 for x, _ in cells)


@pytest.mark.rule("GU-GM-21")
def test_difficult_ground_is_ignored_unless_the_table_says_it_costs():
    g = Ground.from_rows([".....", ".ddd.", ".ddd.", ".ddd.", "....."])
    assert len(radius_cells(g, (2, 2), 2)) == 25
    assert len(radius_cells(g, (2, 2), 2, difficult_costs=True)) == 9


@pytest.mark.rule("GU-GM-22", "GU-164")
def test_a_radius_reaches_as_high_as_its_radius():
    g = open_ground(5)
    area = radius(g, (2, 2), 2)
    assert area.catches([(3, 3)], 2) and not area.catches([(3, 3)], 3)
    assert area.catches([(0, 0)], 0)                      # in the block on the ground
    assert area.catches([(4, 4)], 0)
    ledge = Ground.from_rows(["..", ".."], elevation=["00", "06"])
    assert not radius(ledge, (0, 0), 1).catches([(1, 1)], 6)


@pytest.mark.rule("GU-162")
def test_a_line_has_width_and_length_and_stops_at_walls():
    g = open_ground(9)
    assert line_cells(g, (1, 4), (2, 4), 1, 6) == tuple((x, 4) for x in range(1, 7))
    wide = line_cells(g, (1, 4), (8, 4), 3, 4)
    assert len(wide) == 12 and {y for _, y in wide} == {3, 4, 5}
    diag = line_cells(g, (0, 0), (1, 1), 1, 5)
    assert diag == tuple((i, i) for i in range(5))
    walled = Ground.from_rows([".....", "...#.", "....."])
    assert line_cells(walled, (0, 1), (4, 1), 1, 5) == ((0, 1), (1, 1), (2, 1))


@pytest.mark.rule("GU-162", "GU-GM-22")
def test_a_line_is_as_high_as_it_is_wide_unless_given():
    g = open_ground(6)
    area = line(g, (0, 0), (5, 0), 2, 5)
    assert (area.low, area.high) == (0, 1)
    assert area.catches([(3, 0)], 1) and not area.catches([(3, 0)], 2)
    assert line(g, (0, 0), (5, 0), 1, 5, height=4).high == 3


@pytest.mark.rule("GU-163")
def test_a_line_starts_next_to_its_creator_or_within_range_when_chosen():
    me = [(5, 5)]
    assert line_source_ok(me, (6, 5), (11, 5), None)
    assert not line_source_ok(me, (7, 5), (12, 5), None)
    far = line_far_end((8, 5), (9, 5), 6)
    assert far == (13, 5)
    assert line_source_ok(me, (8, 5), far, 12, choose_source=True)
    assert not line_source_ok(me, (8, 5), line_far_end((8, 5), (9, 5), 12), 12,
                              choose_source=True)


@pytest.mark.rule("GU-164", "GU-GM-22")
def test_a_big_creature_is_caught_when_any_of_its_squares_is():
    g = open_ground(9)
    area = radius(g, (2, 2), 1)
    assert area.catches([(3, 3), (4, 3), (3, 4), (4, 4)], 0, tall=2)
    assert not area.catches([(4, 4), (5, 4), (4, 5), (5, 5)], 0, tall=2)
    # a body 2 m tall standing 2 m below the source still reaches up into the area
    assert radius(g, (2, 2), 1, source_height=0).catches([(2, 3)], -2, tall=2)

"""Gu Masters terrain: reading a map's squares, step costs over difficult ground, water, heights
and climbs, distance in 3D, high ground, cover by corner lines and line of sight."""
from __future__ import annotations

import pytest

from game.engine.boards.board import Board, BoardError
from game.engine.systems.gu_masters import terrain
from game.engine.systems.gu_masters.terrain import (CLIMB, DROP, JUMP, WALK, Ground, Mover,
                                                    climb_allowance, cover_between, cover_mod,
                                                    distance3, fall_height, high_ground_mod,
                                                    reach, sees, step, steps_of)


def cost_to(g: Ground, start: tuple[int, int], goal: tuple[int, int], budget: int = 50,
            mover: Mover = Mover()) -> int | None:
    r = reach(g, start, budget, mover)
    return r.costs.get((goal[0], goal[1], 0))


@pytest.mark.rule("GU-X-15", "GU-X-16")
def test_missing_properties_take_the_defaults_and_every_property_is_read():
    g = Ground.from_rows([".#pF~rhc"])
    assert (g.is_wall((0, 0)), g.cover_at((0, 0)), g.terrain_at((0, 0)), g.elevation_at((0, 0)),
            g.is_climbable((0, 0)), g.climb_test_mod_at((0, 0)), g.hides((0, 0))) \
        == (False, "none", "normal", 0, False, 0, False)
    assert g.is_wall((1, 0)) and g.is_solid((1, 0)) and g.blocks_sight((1, 0))
    assert g.cover_at((2, 0)) == "partial" and g.is_solid((2, 0)) and not g.blocks_sight((2, 0))
    assert g.cover_at((3, 0)) == "full" and g.blocks_sight((3, 0))
    assert g.is_water((4, 0)) and not g.is_solid((4, 0))
    assert g.terrain_at((5, 0)) == "difficult" and g.hides((5, 0)) and g.hides((6, 0))
    assert g.is_climbable((7, 0))
    board = Board.from_rows(["."], {".": {"elevation_m": 6, "climb_test_mod": 20}})
    g2 = Ground.from_board(board)
    assert g2.elevation_at((0, 0)) == 6 and g2.climb_test_mod_at((0, 0)) == 20


@pytest.mark.rule("GU-X-15")
@pytest.mark.parametrize("props, words", [
    ({"wall": "yes"}, "wall must be true or false"),
    ({"cover": "half"}, "cover must be one of none, partial, full"),
    ({"terrain": "swim"}, "terrain must be one of normal, difficult, water"),
    ({"elevation_m": 2.5}, "elevation_m must be a whole number"),
    ({"climb_test_mod": True}, "climb_test_mod must be a whole number"),
])
def test_a_value_outside_the_contract_is_refused_naming_the_square(props, words):
    with pytest.raises(BoardError, match=r"square \(1, 0\)") as e:
        Ground.from_board(Board.from_rows([".x"], {".": {}, "x": props}))
    assert words in str(e.value)


@pytest.mark.rule("GU-19")
def test_every_step_costs_one_metre_diagonals_included():
    g = Ground.from_rows(["......"] * 6)
    assert cost_to(g, (0, 0), (5, 5)) == 5
    assert cost_to(g, (0, 0), (5, 2)) == 5
    assert len(reach(g, (2, 2), 1).costs) == 9


@pytest.mark.rule("GU-41", "GU-T-20")
def test_difficult_terrain_costs_two_for_the_square_left():
    # GU-T-20: normal -> difficult -> difficult -> normal: 1 + 2 + 2 = 5 m.
    g = Ground.from_rows(["#####", ".dd..", "#####"])
    assert cost_to(g, (0, 1), (3, 1)) == 5
    assert [s.cost for s in steps_of(g, [(0, 1), (1, 1), (2, 1), (3, 1)])] == [1, 2, 2]
    # the price is of the square left: stepping INTO difficult ground costs 1
    assert step(g, (0, 1), (1, 1)).cost == 1 and step(g, (2, 1), (3, 1)).cost == 2


@pytest.mark.rule("GU-39", "GU-T-20")
def test_water_is_difficult_for_the_non_aquatic_only():
    g = Ground.from_rows(["#####", ".~~..", "#####"])
    assert cost_to(g, (0, 1), (3, 1)) == 5
    assert cost_to(g, (0, 1), (3, 1), mover=Mover(aquatic=True)) == 3


@pytest.mark.rule("GU-37", "GU-38", "GU-GM-05", "GU-T-20")
def test_climbing_a_face_costs_two_metres_a_metre_and_names_its_test():
    rows = ["c.", "C."]
    g = Ground.from_rows(rows, {"C": {"climbable": True, "climb_test_mod": 20}},
                         elevation=["03", "04"])
    up = step(g, (0, 0), (1, 0))
    assert (up.kind, up.cost, up.rise, up.test_mod) == (CLIMB, 6, 3, None)
    hard = step(g, (0, 1), (1, 1))
    assert (hard.kind, hard.cost, hard.test_mod) == (CLIMB, 8, 20)
    down = step(g, (1, 0), (0, 0))
    assert (down.kind, down.cost, down.rise) == (CLIMB, 6, -3)
    assert climb_allowance(9) == 4 and climb_allowance(1) == 1


@pytest.mark.rule("GU-37", "GU-X-15")
def test_a_face_without_holds_is_neither_climbed_nor_walked():
    g = Ground.from_rows([".."], elevation=["02"])
    assert step(g, (0, 0), (1, 0)) is None
    assert step(g, (1, 0), (0, 0)) is None          # a 2 m drop is a fall, not a walk
    assert step(g, (1, 0), (0, 0), Mover(drop_m=2)) == terrain.Step(DROP, 1, -2)
    assert fall_height(g, (1, 0), (0, 0)) == 2 and fall_height(g, (0, 0), (1, 0)) == 0
    assert fall_height(g, (1, 0), (0, 0), altitude_m=4) == 6
    ledge = Ground.from_rows([".."], elevation=["01"])
    assert step(ledge, (0, 0), (1, 0)).kind == WALK


@pytest.mark.rule("GU-25", "GU-26", "GU-37")
def test_a_rise_within_the_standing_jump_is_jumped_for_the_jump_cost():
    g = Ground.from_rows(["c."], elevation=["04"])
    jumper = Mover(jump_up_m=4, jump_cost_m=4)
    assert step(g, (0, 0), (1, 0), jumper) == terrain.Step(JUMP, 4, 4)
    assert step(g, (0, 0), (1, 0)).kind == CLIMB                     # 8 m of climbing
    assert step(Ground.from_rows([".."], elevation=["05"]), (0, 0), (1, 0), jumper) is None


@pytest.mark.rule("GU-GM-34")
def test_no_corner_cutting_past_a_wall_unless_the_table_allows_it():
    g = Ground.from_rows([".#", ".."])
    assert step(g, (0, 1), (1, 0)) is None and step(g, (0, 0), (1, 1)) is None
    assert step(g, (0, 0), (1, 1), Mover(cut_corners=True)).cost == 1
    boulders = Ground.from_rows([".p", ".."])           # only walls stop the diagonal
    assert step(boulders, (0, 0), (1, 1)).cost == 1


@pytest.mark.rule("GU-19", "GU-X-15")
def test_a_large_footprint_needs_level_enterable_ground():
    g = Ground.from_rows(["....", "....", "...."], elevation=["0000", "0003", "0003"])
    big = Mover(size=2)
    assert step(g, (0, 0), (1, 0), big).kind == WALK
    assert step(g, (1, 0), (2, 0), big) is None         # would straddle the 3 m ledge
    assert cost_to(g, (0, 0), (1, 1), mover=big) == 1


@pytest.mark.rule("GU-X-15")
def test_distance_in_three_dimensions_is_the_largest_axis():
    assert distance3([(0, 0)], 0, [(3, 1)], 0) == 3
    assert distance3([(0, 0)], 0, [(1, 0)], 6) == 6
    assert distance3([(0, 0)], 5, [(1, 0)], 0, tall_b=2) == 4


@pytest.mark.rule("GU-155", "GU-T-32")
def test_high_ground_needs_five_metres_and_a_ranged_attack():
    assert high_ground_mod(10, 5) == -10
    assert high_ground_mod(9, 5) == 0
    assert high_ground_mod(10, 0, ranged=False) == 0
    assert high_ground_mod(0, 10) == 0


@pytest.mark.rule("GU-X-16", "GU-156", "GU-158")
def test_cover_by_corner_lines():
    g = Ground.from_rows([
        ".......",
        "...#...",
        ".......",
        ".......",
        "...F...",
        "...p...",
        ".......",
    ])
    assert cover_between(g, [(0, 0)], [(6, 0)]) == "none"
    # straight behind a single wall square: the corner lines are all stopped only when the
    # target hugs it; from across a lone square a corner always sees round it
    assert cover_between(g, [(3, 0)], [(3, 2)]) == "partial"
    assert cover_between(g, [(1, 5)], [(4, 5)]) == "partial"       # behind a boulder
    assert cover_between(g, [(0, 3)], [(6, 3)]) == "none"
    hidden = Ground.from_rows([".....", "..###", "....."])
    assert cover_between(hidden, [(3, 0)], [(3, 2)]) == "full"
    assert not sees(hidden, (3, 0), (3, 2)) and sees(hidden, (0, 0), (0, 2))


@pytest.mark.rule("GU-X-16")
def test_a_partial_cover_object_never_gives_full_cover():
    g = Ground.from_rows([".....", "ppppp", "....."])
    assert cover_between(g, [(2, 0)], [(2, 2)]) == "partial"


@pytest.mark.rule("GU-X-16", "GU-156")
def test_a_big_target_is_covered_only_as_much_as_its_least_covered_square():
    g = Ground.from_rows(["....", "#...", "...."])
    assert cover_between(g, [(0, 0)], [(0, 2)]) in ("partial", "full")
    assert cover_between(g, [(0, 0)], [(0, 2), (1, 2)]) == "none"


@pytest.mark.rule("GU-156", "GU-157", "GU-158", "GU-T-33")
def test_cover_modifiers_piercing_and_divination():
    assert cover_mod("partial") == 10
    assert cover_mod("partial", piercing=True) == 0
    assert cover_mod("full") is None
    assert cover_mod("full", piercing=True) == 20
    assert cover_mod("full", piercing=True, divined=True) == 0
    assert cover_mod("none") == 0


@pytest.mark.rule("GU-41", "GU-39")
def test_a_big_footprint_pays_for_difficult_ground_under_any_of_its_squares():
    g = Ground.from_rows(["....", ".~..", "...."])
    assert terrain.leave_cost(g, (0, 0), Mover(size=2)) == 2
    assert terrain.leave_cost(g, (2, 0), Mover(size=2)) == 1
    assert terrain.leave_cost(g, (0, 0), Mover(size=2, aquatic=True)) == 1


@pytest.mark.rule("GU-X-15")
def test_a_creatures_height_is_its_floor_plus_its_altitude():
    g = Ground.from_rows(["...", "..."], elevation=["034", "000"])
    assert terrain.height_of(g, (1, 0)) == 3
    assert terrain.height_of(g, (1, 0), altitude_m=5) == 8
    assert terrain.height_of(g, (0, 0), size=2) == 3     # a big body stands on its highest square


@pytest.mark.rule("GU-X-16")
def test_the_cover_shading_of_every_square_against_an_attacker():
    g = Ground.from_rows([".....", "..#..", "....."])
    shade = terrain.cover_from(g, [(2, 0)])
    assert shade[(0, 0)] == "none" and shade[(2, 2)] == "partial"
    assert set(shade) == set(g.cells())

"""RPGStuck movement: step costs and reach (B-14, RS-106), heights, jumps (RS-107), flying,
teleporting and mounting (RS-108..111, RS-125), falls (RS-115) and breath (RS-117/118)."""
from __future__ import annotations

import pytest

from game.engine.systems.rpgstuck import moves
from game.engine.systems.rpgstuck.moves import MoveRules, breath, jump, path_cost, reach
from game.engine.systems.rpgstuck.terrain import Field, LightSource
from game.engine.tactics.footprint import block


@pytest.mark.rule("RS-B-14")
def test_diagonals_cost_5_ft_or_alternate_5_and_10_as_a_table_option():
    f = Field.from_rows(["....."] * 5)
    assert reach(f, (0, 0), 30)[(3, 3)][0] == 15
    assert reach(f, (0, 0), 30, MoveRules(alternating=True))[(3, 3)][0] == 20    # 5 + 10 + 5
    assert reach(f, (0, 0), 30, MoveRules(alternating=True))[(2, 2)][0] == 15
    assert path_cost(f, (0, 0), [(1, 1), (2, 2), (3, 3)], MoveRules(alternating=True)) == 20


@pytest.mark.rule("RS-106", "RS-TV-50")
def test_tv50_climbing_and_swimming_cost_double():
    f = Field.from_rows(["c~~~.",
                         "....."])
    assert path_cost(f, (0, 1), [(0, 0)]) == 10                   # climbing 5 ft costs 10
    assert path_cost(f, (0, 1), [(1, 1), (1, 0), (2, 0), (3, 0)]) == 5 + 30   # swimming 15 ft: 30
    assert path_cost(f, (0, 1), [(0, 0)], MoveRules(climber=True)) == 5    # a climb speed
    assert path_cost(f, (1, 1), [(1, 0)], MoveRules(swimmer=True)) == 5


@pytest.mark.rule("RS-106")
def test_difficult_terrain_costs_double_and_reach_finds_the_cheaper_way_round():
    f = Field.from_rows([".d.",
                         ".d.",
                         "..."])
    r = reach(f, (0, 0), 30)
    assert r[(1, 0)][0] == 10
    assert r[(2, 0)][0] == 15           # through the difficult square (10) then 5
    assert reach(f, (0, 0), 10).get((2, 0)) is None


@pytest.mark.rule("RS-B-24")
def test_walls_objects_and_creatures_cannot_be_entered_nor_a_sealed_corner_cut():
    f = Field.from_rows([".#.",
                         "#h.",
                         "..."])
    r = reach(f, (0, 0), 30)
    assert r == {}                       # walled in: the diagonal slips between two walls
    open_ = Field.from_rows(["...", "..."])
    assert (1, 0) not in reach(open_, (0, 0), 30, blocked={(1, 0)})
    assert (2, 0) in reach(open_, (0, 0), 30, blocked={(1, 0)})


@pytest.mark.rule("RS-106", "RS-107", "RS-115", "RS-B-24", "RS-TV-50")
def test_heights_are_climbed_at_double_cost_or_jumped():
    legend = {"u": {"elevation_ft": 5}, "U": {"elevation_ft": 15}, "p": {"pit_depth_ft": 5},
              "P": {"pit_depth_ft": 15}}
    f = Field.from_rows([".uUpP"], legend)
    assert path_cost(f, (0, 0), [(1, 0)]) == 10                         # climbing 5 ft costs 10
    assert path_cost(f, (1, 0), [(2, 0)]) == 20                         # climbing 10 ft: 20
    assert path_cost(f, (0, 0), [(1, 0)], MoveRules(jump_up_ft=6)) == 5    # or jump it
    assert path_cost(f, (0, 0), [(1, 0)], MoveRules(jump_up_ft=3)) == 10   # too high: climb
    assert path_cost(f, (0, 0), [(1, 0)], MoveRules(climber=True)) == 5
    assert path_cost(f, (1, 0), [(0, 0)]) == 5                          # a 5 ft drop: no dice
    assert path_cost(f, (2, 0), [(3, 0)]) == 40                         # 20 ft down: climbed
    assert path_cost(f, (3, 0), [(4, 0)]) == 20                         # pit floors -5 to -15
    assert path_cost(f, (0, 0), [(1, 0)], MoveRules(flying=True)) == 5


@pytest.mark.rule("RS-106", "RS-TV-50", "RS-B-24")
def test_a_climbable_face_with_the_height_of_its_top_costs_the_climb_once():
    # The map contract paints a climbable face at the height of the ledge it leads to: stepping
    # onto it from the floor is climbing 10 ft (20), not that and a doubled step besides.
    f = Field.from_rows([".cU"], {"c": {"terrain": "climb", "elevation_ft": 10},
                                  "U": {"elevation_ft": 10}})
    assert path_cost(f, (0, 0), [(1, 0), (2, 0)]) == 20 + 5


@pytest.mark.rule("RS-B-15")
def test_a_big_mover_needs_room_for_its_whole_block():
    f = Field.from_rows(["....",
                         "..#.",
                         "....",
                         "...."])
    r = reach(f, (0, 0), 20, MoveRules(size=2))
    assert (1, 0) not in r and (2, 2) in r
    assert all(not any(f.is_solid(c) for c in block(a, 2)) for a in r)
    assert all(a[0] + 2 <= 4 and a[1] + 2 <= 4 for a in r)


@pytest.mark.rule("RS-107", "RS-TV-51", "RS-B-01", "RS-B-28")
def test_tv51_jump_distances():
    assert jump(16, run_up_ft=10) == moves.Jump(15, 6)        # 16 ft -> 15 on the grid; 3 + 3
    assert jump(16) == moves.Jump(5, 3)                        # standing: 8 -> 5; 6 / 2 = 3
    assert jump(16, run_up_ft=5) == moves.Jump(5, 3)           # a run-up under 10 ft is none
    assert jump(1, run_up_ft=10).high_ft == 0


@pytest.mark.rule("RS-107", "RS-SM-06")
def test_sm06_a_longer_jump_needs_an_athletics_check():
    assert moves.extra_jump_dc(5) == 15
    with pytest.raises(ValueError):
        moves.extra_jump_dc(10)


@pytest.mark.rule("RS-108")
def test_flying_dreamselves_fly_at_base_speed_over_any_ground():
    assert moves.dreamself_fly_speed(30) == 30
    f = Field.from_rows(["~dc."])
    assert path_cost(f, (3, 0), [(2, 0), (1, 0), (0, 0)], MoveRules(flying=True)) == 15


@pytest.mark.rule("RS-109")
def test_teleporting_needs_sight_of_an_unoccupied_destination():
    f = Field.from_rows(["...#..%"])
    assert moves.can_teleport(f, [(0, 0)], (2, 0), 1, occupied=set())
    assert not moves.can_teleport(f, [(0, 0)], (2, 0), 1, occupied={(2, 0)})
    assert not moves.can_teleport(f, [(0, 0)], (4, 0), 1, occupied=set())   # behind the wall
    assert not moves.can_teleport(f, [(0, 0)], (3, 0), 1, occupied=set())   # into the wall
    lit = Field.from_rows(["......%"], lights=[])
    assert not moves.can_teleport(lit, [(0, 0)], (6, 0), 1, occupied=set())  # cannot see dark
    lamp = Field.from_rows(["......%"], lights=[LightSource(6, 0, 5, 0)])
    assert moves.can_teleport(lamp, [(0, 0)], (6, 0), 1, occupied=set())


@pytest.mark.rule("RS-110", "RS-111", "RS-125", "RS-TV-52", "RS-B-15")
def test_tv52_mounting_and_dismounting_cost_half_the_speed_in_use():
    assert moves.mount_cost(30) == 15         # the rider's speed
    assert moves.mount_cost(40) == 20         # dismounting: the mount's
    assert moves.mount_cost(35) == 17
    medium, large = 2, 3
    assert moves.can_mount(medium, large)
    assert not moves.can_mount(medium, medium)


@pytest.mark.rule("RS-115", "RS-TV-55", "RS-B-25")
def test_tv55_falls_roll_a_d6_per_full_10_ft():
    assert [moves.fall_dice(ft) for ft in (10, 35, 5, 20, 0)] == [1, 3, 0, 2, 0]
    assert moves.fall_dice(120) == 12          # no cap
    f = Field.from_rows([".uP"], {"u": {"elevation_ft": 20}, "P": {"pit_depth_ft": 15}})
    assert moves.fall_height(f, [(1, 0)], [(2, 0)]) == 35      # off a 20 ft ledge into a pit
    assert moves.fall_dice(moves.fall_height(f, [(1, 0)], [(2, 0)])) == 3
    assert moves.fall_height(f, [(0, 0)], [(1, 0)]) == 0


@pytest.mark.rule("RS-117", "RS-118", "RS-TV-54", "RS-SM-03", "RS-B-18")
def test_tv54_holding_breath():
    b = breath(2)
    assert (b.held_until, b.survives_until, b.drops_at, b.dies_at) == (30, 32, 33, None)
    b = breath(0)
    assert (b.held_until, b.survives_until, b.drops_at) == (10, 11, 12)
    b = breath(-1)
    assert (b.held_until, b.survives_until, b.drops_at) == (0, 1, 2)
    assert breath(-3).drops_at == 2
    # SM-03: with lethal on, still without air at the start of its next turn -> dies
    assert breath(2, lethal=True).dies_at == 34
    # starting later shifts every round
    assert breath(2, start=5).drops_at == 37


@pytest.mark.rule("RS-AMB-19")
def test_amb19_a_grapple_pushed_out_of_reach_ends():
    grappler = [(0, 0)]
    assert moves.still_within_reach(grappler, [(1, 0)], 5)
    assert not moves.still_within_reach(grappler, [(3, 0)], 5)       # pushed 10 ft away
    assert moves.still_within_reach(grappler, [(2, 0)], 10)


def test_reach_paths_add_up_to_their_costs():
    f = Field.from_rows(["..d~.",
                         ".c..u",
                         "....."], {"u": {"elevation_ft": 5}})
    for cell, (cost, path) in reach(f, (0, 0), 40, MoveRules(alternating=True)).items():
        assert path[-1] == cell
        assert path_cost(f, (0, 0), path, MoveRules(alternating=True)) == cost


@pytest.mark.rule("RS-B-14")
def test_equal_cost_paths_go_straight_not_zig_zag():
    # #13: along an open row the preview went up and down (diagonals cost 5 as straights do)
    f = Field.from_rows(["." * 9] * 5)
    cost, path = reach(f, (1, 2), 40)[(6, 2)]
    assert (cost, path) == (25, [(2, 2), (3, 2), (4, 2), (5, 2), (6, 2)])
    cost, path = reach(f, (1, 2), 40)[(1, 4)]
    assert (cost, path) == (10, [(1, 3), (1, 4)])
    # a square off the line takes no more diagonals than it needs (one here)
    cost, path = reach(f, (0, 0), 40)[(4, 1)]
    assert cost == 20 and sum(1 for a, b in zip([(0, 0)] + path, path)
                              if a[0] != b[0] and a[1] != b[1]) == 1
    # the same with 5/10 diagonals
    cost, path = reach(f, (1, 2), 40, MoveRules(alternating=True))[(6, 2)]
    assert (cost, path) == (25, [(2, 2), (3, 2), (4, 2), (5, 2), (6, 2)])

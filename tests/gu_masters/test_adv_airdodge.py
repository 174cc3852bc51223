"""gu_masters dodging in the air (GU-29): an airborne creature's Dodge test is its Flying test,
and it dodges through the air up to half its flying speed, keeping its altitude."""
from __future__ import annotations

import pytest

from game.engine.systems.gu_masters import forecast, moves, reactions
from game.engine.systems.gu_masters.maneuvers import TakeFlight
from tests.gu_masters.test_adv_map import battle, flier


@pytest.mark.rule("GU-29", "GU-81", "GU-82")
def test_in_the_air_the_dodge_is_a_flying_test_with_half_the_flying_speed_of_room():
    m = flier(skills={"Flying": 70, "Dodge": 30}, movement=2)     # 1 m of room on foot
    s = m.state
    a = s.creatures["a"]
    assert moves.dodge_skill(a) == "Dodge"
    ground = reactions.dodge_room(s, a)
    assert max(cost for cost, _ in ground.values()) == 1
    assert forecast.dodge_check(a).target == 30
    m.submit(TakeFlight("a", "wind_wings"))
    assert a.altitude > 0 and moves.dodge_skill(a) == "Flying"
    assert forecast.dodge_check(a).target == 70
    air = reactions.dodge_room(s, a)
    assert air and max(d for d, _ in air.values()) == 8 // 2      # flying speed 8: 4 m
    assert (a.x + 4, a.y) in air and (a.x + 5, a.y) not in air


@pytest.mark.rule("GU-29", "GU-82")
def test_a_dodge_in_the_air_never_ends_inside_a_wall():
    # a benchmark game (cliffs, seed 1) left a flier hovering inside the rock after a dodge
    rows = ["." * 12, "....##......", "....##......", "." * 12, "." * 12, "." * 12]
    m = battle([{"id": "a", "entry": "gu_master_r1", "side": 0, "x": 2, "y": 2},
                {"id": "w", "entry": "wolf", "side": 1, "x": 10, "y": 5}], rows=rows)
    s = m.state
    a = s.creatures["a"]
    a.sustained.append("wind_wings")                       # flying speed 8: 4 m of room
    m.edited()
    m.submit(TakeFlight("a", "wind_wings"))
    air = reactions.dodge_room(s, a)
    assert (5, 3) in air and (3, 2) in air
    assert not {(4, 1), (5, 1), (4, 2), (5, 2)} & set(air)
    assert reactions.can_dodge_step(s, a)

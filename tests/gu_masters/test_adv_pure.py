"""gu_masters flight, grapple, called-shot, held-action, killer-move, stone and detonation
arithmetic, as the rules state it, without a match."""
from __future__ import annotations

import pytest

from game.engine.systems.gu_masters import (
    called, detonate, flight, grapple, held, killer, stones,
)
from game.engine.systems.gu_masters.checks import resolve_test


# ---- flight -------------------------------------------------------------------------------

@pytest.mark.rule("GU-30", "GU-T-23")
def test_take_flight_rises_half_the_flying_speed() -> None:
    assert flight.take_flight_rise(9) == 4
    assert flight.take_flight_rise(8) == 4
    assert flight.take_flight_rise(1) == 0


@pytest.mark.rule("GU-21", "GU-28", "GU-30", "GU-32", "GU-35")
def test_who_may_start_a_maneuver() -> None:
    assert flight.refusal("take_flight", 0, False)[1] == "GU-28"
    assert flight.refusal("take_flight", 8, False) is None
    assert flight.refusal("take_flight", 8, True)[1] == "GU-30"
    for kind in ("fly", "dive", "evade", "land"):
        assert flight.refusal(kind, 8, False, 10)[1] == "GU-28"
    assert flight.refusal("dive", 8, True, 4)[1] == "GU-32"
    assert flight.refusal("dive", 8, True, 5) is None
    assert flight.refusal("evade", 8, True, 3, evaded=True)[1] == "GU-35"
    assert flight.refusal("fly", 8, True, 3, maneuvers_left=0)[1] == "GU-21"


@pytest.mark.rule("GU-22")
def test_one_flight_gu_at_a_time() -> None:
    wings = [flight.Wings("wind_wings", 8, 2), flight.Wings("cloud_feet", 6, 3)]
    assert flight.choose_wings(wings).source == "wind_wings"
    assert flight.choose_wings(wings, "cloud_feet").maneuvers == 3
    assert flight.choose_wings([]) is None


@pytest.mark.rule("GU-31")
def test_fly_is_one_straight_line_up_to_the_speed() -> None:
    assert flight.fly_ok(8, 0, 0, 8) and flight.fly_ok(5, 5, -8, 8)
    assert not flight.fly_ok(9, 0, 0, 8) and not flight.fly_ok(0, 0, 0, 8)
    assert flight.fly_heights(4, 4, 4) == [5, 6, 7, 8]
    assert flight.fly_heights(8, -3, 6)[-1] == 5


@pytest.mark.rule("GU-35", "GU-GM-48", "GU-T-23")
def test_evade_penalty_is_flying_rounded_down_to_ten() -> None:
    penalty = flight.evade_penalty(57)
    assert penalty == 50
    assert resolve_test(15, 70, [("evade", penalty)]).success          # 65 hits
    assert not resolve_test(25, 70, [("evade", penalty)]).success      # 75 misses
    assert flight.evade_penalty(9) == 0


@pytest.mark.rule("GU-36", "GU-GM-24")
def test_landing_reach_and_test() -> None:
    assert flight.land_reach(8) == 8
    assert flight.land_reach(8, land_mode="any") is None
    assert flight.land_needs_test(after_dive=True, difficult=False)
    assert flight.land_needs_test(after_dive=False, difficult=True)
    assert not flight.land_needs_test(after_dive=False, difficult=False)


# ---- grapple ------------------------------------------------------------------------------

@pytest.mark.rule("GU-62")
def test_grapple_equal_or_smaller() -> None:
    assert grapple.can_grapple("medium", "medium")
    assert grapple.can_grapple("medium", "small")
    assert not grapple.can_grapple("medium", "large")


@pytest.mark.rule("GU-62", "GU-68", "GU-T-11")
def test_opposed_athletics_and_its_ties() -> None:
    grappler, target = resolve_test(30, 50), resolve_test(30, 40)
    assert (grappler.dos, target.dos) == (3, 2) and grapple.wins(grappler, target)
    tie_a, tie_b = resolve_test(30, 40), resolve_test(30, 40)
    assert not grapple.wins(tie_a, tie_b)          # a break-free tie: stays grappled
    assert not grapple.wins(tie_b, tie_a)          # a grapple tie: not made


@pytest.mark.rule("GU-64")
def test_grappling_costs_an_arm_and_the_kick() -> None:
    assert grapple.punching_arms(2, grappling=True) == 1
    assert grapple.punching_arms(2, grappling=False) == 2
    assert not grapple.may_kick(True) and grapple.may_kick(False)


@pytest.mark.rule("GU-65", "GU-T-11")
def test_carry_penalty_and_distance() -> None:
    assert grapple.carry_penalty(120) == 20
    assert grapple.carry_penalty(49) == 0
    assert grapple.carry_penalty(150) == 30
    assert grapple.carry_distance(9) == 4


@pytest.mark.rule("GU-66", "GU-67", "GU-T-10")
def test_throw_distance_and_collision() -> None:
    assert grapple.throw_distance(150, 70) == 4
    assert grapple.throw_distance(80, 75) == 1
    assert not grapple.can_throw(70, 70) and grapple.throw_distance(70, 70) == 0
    assert grapple.collision_damage(150) == 18


@pytest.mark.rule("GU-GM-26")
def test_thrown_creature_lands_on_its_feet() -> None:
    assert grapple.throw_landing(0) == grapple.Landing(False, 0)
    assert grapple.throw_landing(2).fall_m == 0
    assert grapple.throw_landing(4).fall_m == 4


# ---- called shots -------------------------------------------------------------------------

def _humanoid():
    from game.engine.systems.gu_masters.content import content
    return content().bodies["humanoid"]


@pytest.mark.rule("GU-60")
def test_part_size_modifiers() -> None:
    assert [called.size_modifier(s) for s in ("tiny", "Small", "medium", "large", "HUGE")] \
        == [40, 20, 0, -20, -40]
    with pytest.raises(ValueError):
        called.size_modifier("colossal")


@pytest.mark.rule("GU-59", "GU-61", "GU-GM-17", "GU-T-08")
def test_called_shot_at_a_humans_parts() -> None:
    body = _humanoid()
    head = called.body_part(body, "head", "medium")
    assert (head.size, head.modifier, head.injury) == ("small", 20, "head")
    assert resolve_test(39, 60, [(head.label, head.modifier)]).success       # 59 hits
    assert not resolve_test(41, 60, [(head.label, head.modifier)]).success   # 61 misses
    assert called.body_part(body, "hand", "medium").modifier == 40
    assert called.body_part(body, "torso", "medium").modifier == 0
    assert called.body_part(body, "leg", "medium").size == "small"
    assert called.body_part(body, "arm", "Medium").size == "small"
    with pytest.raises(ValueError):
        called.body_part(body, "tail", "medium")


@pytest.mark.rule("GU-GM-17", "GU-T-08")
def test_parts_scale_with_the_creature() -> None:
    body = _humanoid()
    torso = called.body_part(body, "torso", "large")
    assert (torso.size, torso.modifier) == ("large", -20)
    assert resolve_test(75, 60, [(torso.label, torso.modifier)]).success     # 55 hits
    assert called.body_part(body, "hand", "small").size == "tiny"            # clamped
    assert called.body_part(body, "torso", "large", scaling=False).modifier == 0


@pytest.mark.rule("GU-59", "GU-GM-18")
def test_items_and_manifested_wings() -> None:
    assert called.item_part("sword").modifier == 20
    assert called.item_part("shield", "medium").modifier == 0
    assert called.manifested_part("wings", "medium", "medium").modifier == 0
    assert called.manifested_part("wings", "large", "large").modifier == -40
    assert called.hit_outcome("item") == "drop"
    assert called.hit_outcome("manifested") == "end_flight"
    assert called.hit_outcome("body") == "injury"


# ---- held actions -------------------------------------------------------------------------

@pytest.mark.rule("GU-71", "GU-GM-36")
def test_trigger_vocabulary() -> None:
    assert set(held.TRIGGERS) == {"enemy_enters_range", "enemy_attacks", "enemy_uses_gu",
                                  "enemy_moves", "any_hostile_act"}
    with pytest.raises(ValueError):
        held.Trigger("ally_sneezes")
    t = held.Trigger("enemy_uses_gu", gu="moonlight")
    assert held.Trigger.from_json(t.to_json()) == t


@pytest.mark.rule("GU-71", "GU-72", "GU-90")
def test_what_fires_a_trigger() -> None:
    near = held.Trigger("enemy_enters_range", range_m=3)
    assert held.fires(near, "move", hostile=True, distance_before=5, distance_after=3)
    assert not held.fires(near, "move", hostile=True, distance_before=2, distance_after=1)
    assert not held.fires(near, "move", hostile=False, distance_before=5, distance_after=3)
    assert held.fires(held.Trigger("enemy_attacks"), "attack", hostile=True)
    assert not held.fires(held.Trigger("enemy_attacks"), "move", hostile=True)
    gu = held.Trigger("enemy_uses_gu", gu="moonlight")
    assert held.fires(gu, "gu", hostile=True, gu="moonlight")
    assert not held.fires(gu, "gu", hostile=True, gu="fire_pellet")
    assert held.fires(held.Trigger("any_hostile_act"), "gu", hostile=True, gu="x")
    assert held.fires(held.Trigger("enemy_moves"), "move", hostile=True)


@pytest.mark.rule("GU-73", "GU-74", "GU-T-41")
def test_the_race_and_the_single_activation() -> None:
    assert held.race_skill(2) == "close_combat" and held.race_skill(3) == "ranged_attack"
    holder, enemy = resolve_test(30, 50), resolve_test(30, 40)
    assert (holder.dos, enemy.dos) == (3, 2) and held.holder_first(holder, enemy)
    assert not held.holder_first(resolve_test(30, 40), resolve_test(30, 40))   # tie: second
    assert held.activations_allowed("activate_gu", 3) == 1
    assert held.activations_allowed("grapple", 1) == 1


@pytest.mark.rule("GU-GM-35")
def test_a_held_action_lapses_at_the_holders_next_turn() -> None:
    assert not held.expired(2, 2, holder_turn_started=False)
    assert held.expired(2, 3, holder_turn_started=True)


# ---- killer moves -------------------------------------------------------------------------

@pytest.mark.rule("GU-47", "GU-48", "GU-T-29")
def test_killer_move_costs() -> None:
    parts = {"moonlight": 2, "fire_pellet": 2}
    owned = {"moonlight": 1, "fire_pellet": 1, "stone_shell": 1}
    assert killer.refusal(parts, owned, 8, 8) is None
    assert killer.refusal(parts, owned, 7, 8) == ("needs 8 essence, has 7", "GU-47")
    assert killer.refusal(parts, {"moonlight": 1}, 30, 8)[1] == "GU-47"
    assert killer.soul_cost(4, 2) == 2
    assert killer.soul_cost(4, 4) == 0


@pytest.mark.rule("GU-49", "GU-T-29")
def test_sustained_killer_move_soul_per_activation() -> None:
    assert killer.sustained_soul_cost(1) == 1
    assert killer.sustained_soul_cost(0) == 0
    assert killer.sustained_soul_cost(1, 2) == 2


# ---- stones and detonation ----------------------------------------------------------------

@pytest.mark.rule("GU-69", "GU-70", "GU-GM-33", "GU-T-38")
def test_absorb_stones() -> None:
    assert stones.absorb_limit(2, 5) == 2 and stones.absorb(0, 30, 2).gained == 10
    assert stones.absorb_limit(1, 5) == 1 and stones.absorb(0, 30, 1).gained == 5
    capped = stones.absorb(28, 30, 1)
    assert (capped.after, capped.gained, capped.lost) == (30, 2, 3)
    assert stones.absorb_limit(2, 0) == 0


@pytest.mark.rule("GU-91")
def test_self_detonation_conditions() -> None:
    assert detonate.refusal(True, True, True, False) is None
    assert detonate.refusal(False, True, True, False)[1] == "GU-91"
    assert detonate.refusal(True, True, False, False)[1] == "GU-91"
    assert detonate.refusal(True, True, True, True)[1] == "GU-91"
    assert detonate.costs_reaction(own_turn=False) and not detonate.costs_reaction(own_turn=True)


# ---- flight geometry ----------------------------------------------------------------------

def _cliff():
    from game.engine.systems.gu_masters.terrain import Ground
    return Ground.from_rows(["......", "......", "..#..."], elevation=["000066", "000066", "000066"])


@pytest.mark.rule("GU-31")
def test_a_fly_is_a_clear_straight_line() -> None:
    ground = _cliff()
    path = flight.fly_path(ground, (0, 0), 4, (3, 0), 4, 8)
    assert path == [((1, 0), 4), ((2, 0), 4), ((3, 0), 4)]
    assert flight.fly_path(ground, (0, 0), 4, (5, 0), 4, 8) is None       # into the cliff face
    assert flight.fly_path(ground, (0, 0), 4, (5, 0), 8, 8) is not None   # over it
    assert flight.fly_path(ground, (0, 2), 4, (3, 2), 4, 8) is None       # through a wall
    assert flight.fly_path(ground, (0, 0), 4, (0, 0), 12, 8) == [((0, 0), 12)]
    assert flight.fly_path(ground, (0, 0), 4, (0, 0), 13, 8) is None      # beyond F


@pytest.mark.rule("GU-31")
def test_the_air_floor_table_is_each_blocks_floor_and_none_over_a_wall_or_the_edge() -> None:
    ground = _cliff()
    one, two = flight.air_floors(ground, 1), flight.air_floors(ground, 2)
    assert one[0] == (0, 0) and one[4] == (6, 6) and one[2 * 6 + 2] is None  # the wall at (2, 2)
    assert two[3] == (6, 6) and two[1 * 6 + 1] is None and two[5] is None  # past the edge
    assert flight.air_floors(ground, 1) is one                             # once per ground


@pytest.mark.rule("GU-33", "GU-T-13")
def test_a_dive_goes_down_and_forward_within_its_bounds() -> None:
    from game.engine.systems.gu_masters.falling import dive_reach
    from game.engine.systems.gu_masters.terrain import Ground
    ground = Ground.from_rows(["." * 12])
    reach = dive_reach(8, 20)
    assert (reach.down, reach.forward) == (20, 8)
    assert flight.dive_path(ground, (0, 0), 20, (8, 0), 0, reach.down, reach.forward)
    assert flight.dive_path(ground, (0, 0), 20, (9, 0), 0, reach.down, reach.forward) is None
    assert flight.dive_path(ground, (0, 0), 20, (2, 0), 21, reach.down, reach.forward) is None


@pytest.mark.rule("GU-47", "GU-48", "GU-49", "GU-T-29")
def test_killer_move_cost_from_content() -> None:
    from game.engine.systems.gu_masters.content import content
    volley = content().killer_moves["burning_moon_volley"]
    gu = ["moonlight", "fire_pellet", "stone_shell"]
    assert killer.cost(volley, gu, 30, 2) == killer.Cost(8, 2)
    assert killer.cost(volley, gu, 30, 4).soul == 0
    assert killer.cost(volley, gu, 7, 4).refused == ("needs 8 essence, has 7", "GU-47")
    assert killer.cost(volley, ["moonlight"], 30, 4).refused[1] == "GU-47"
    assert killer.cost(volley, gu, 30, 4, sustaining=1).soul == 4

"""The invented core (BND-X-01..15): the pieces the bindings document leaves to other chapters,
supplied by our data and engine so battles can run. Each test checks the choice as the
checklist's invented core states it, through the real content files and a real match."""
from __future__ import annotations

import pytest

from game.engine.events import DiceRolled
from game.engine.tactics import hexsight
from game.engine.rng import Rng
from game.engine.systems.bindings import combat, fatigue, movement, turns
from game.engine.systems.bindings import events as ev
from game.engine.systems.bindings.actions import Defend, UseMove
from game.engine.systems.bindings.content import content
from game.engine.systems.bindings.state import ability_mod
from game.engine.systems.bindings.system import DEFAULT_LEGEND, make_combatant

from .bndtools import act, duel, make, of


@pytest.mark.rule("BND-X-01")
def test_ability_modifiers_are_floor_of_score_minus_ten_halved_and_feed_initiative():
    assert [ability_mod(s) for s in (3, 8, 9, 10, 11, 14, 15, 20)] == [-4, -1, -1, 0, 0, 2, 2, 5]
    c = make_combatant({"id": "a", "sheet": "aeromancer", "side": 0, "x": 0, "y": 0,
                        "scores": {"DEX": 16, "INT": 7}})
    assert (c.mod("DEX"), c.mod("INT")) == (3, -2)
    assert turns.pool(c) == 3 - 2 + 4            # BND-17 reads the same modifiers


@pytest.mark.rule("BND-X-02")
def test_attack_and_defense_bonus_are_one_plus_half_the_level():
    sheets = content().combatants
    assert len(sheets) >= 8
    for sid, s in sheets.items():
        assert (s.ab, s.db) == (1 + s.level // 2, 1 + s.level // 2), sid


@pytest.mark.rule("BND-X-03")
@pytest.mark.rule("BND-X-13")
def test_damage_comes_off_hit_points_floored_at_zero_and_zero_means_down():
    m = duel(a={"x": 0, "y": 0}, b={"x": 1, "y": 0, "hp": 3})
    assert m.state.acting == "a"
    act(m, UseMove("a", "unarmed_strike", (1, 0)))
    assert m.decision.stage == "defend"
    # no defence declared: Reaction DB + INT; offence 12 + AB + DEX beats it; damage STR + 6
    out = act(m, Defend("b", m.state.pending[-1].data["attack"], None), dice=[6, 6, 6])
    dealt = of(out, ev.DamageDealt)
    b = m.state.combatants["b"]
    assert dealt and dealt[0].amount >= 3 and b.hp == 0 and dealt[0].hp == 0
    assert b.down and of(out, ev.CombatantDowned)
    # the only enemy is down: the battle is over and side 0 won (BND-GM-27)
    assert m.over and m.winner == 0


@pytest.mark.rule("BND-X-04")
def test_ability_checks_are_2d6_plus_modifier_against_a_dc():
    f = fatigue.Fatigue("a", str_mod=1)
    fatigue.start(f)
    rng = Rng.from_seed(1)
    rng.force([4, 4])                                # 8 + 1 = 9 < DC 10
    out = fatigue.hour_passed(f, rng)
    (chk,) = of(out, ev.FatigueChecked)
    assert (chk.total, chk.dc, chk.passed) == (9, 10, False) and f.exhausted
    g = fatigue.Fatigue("b", str_mod=1)
    fatigue.start(g)
    rng.force([4, 5])                                # 9 + 1 = 10 meets DC 10
    (chk,) = of(fatigue.hour_passed(g, rng), ev.FatigueChecked)
    assert chk.passed and g.dc == 12


@pytest.mark.rule("BND-X-05")
@pytest.mark.rule("BND-GM-29")
def test_stealth_is_dex_against_wis_and_the_hider_must_beat_it():
    m = duel(a={"x": 0, "y": 0, "scores": {"DEX": 14}}, b={"x": 5, "y": 0, "scores": {"WIS": 10}})
    s = m.state
    rng = Rng.from_seed(2)
    rng.force([3, 3, 4, 4])              # hider 6 + 2 = 8 against 8 + 0: a tie keeps it seen
    won, out = combat.stealth_contest(s, "a", "b", rng)
    totals = [e.roll.total for e in out if isinstance(e, DiceRolled)]
    assert not won and totals == [8, 8]
    rng.force([3, 4, 4, 4])              # 7 + 2 = 9 against 8: hidden; no circumstance bonus
    won, _ = combat.stealth_contest(s, "a", "b", rng)
    assert won


@pytest.mark.rule("BND-X-06")
def test_staggered_and_exhausted_halve_movement_exhausted_also_hinders_checks():
    conds = content().conditions
    assert "halve_movement" in conds["staggered"].verbs
    assert {"halve_movement", "dis_checks"} <= set(conds["exhausted"].verbs)
    m = duel(a={"x": 0, "y": 0, "sheet": "petramancer"})      # base 30: Move 3H
    s = m.state
    a = s.combatants["a"]
    full = max(movement.distance(s, (0, 0), h) for h in movement.reachable(s, "a", "move"))
    combat.add_condition(s, a, "staggered", s.tick + 3, "test")
    half = max(movement.distance(s, (0, 0), h) for h in movement.reachable(s, "a", "move"))
    assert (full, half) == (3, 1)


@pytest.mark.rule("BND-X-07")
def test_binding_moves_are_data_with_action_kind_speed_range_and_formulas():
    moves = content().moves
    bindings = {k: v for k, v in moves.items()
                if v.school in ("aeromancy", "petramancy", "hydromancy", "pyromancy")}
    assert len(bindings) >= 8
    assert {v.kind for v in bindings.values()} >= {"projectile", "melee", "structure", "area",
                                                    "self", "modifier"}
    assert any(v.pushback_ft for v in bindings.values())
    blast = moves["air_blast"]
    assert (blast.action, blast.kind, blast.speed, blast.pushback_ft, blast.cooldown) == \
        ("standard", "projectile", 5, 30, 1)


@pytest.mark.rule("BND-X-08")
def test_talents_reduce_a_named_move_one_step():
    m = duel(a={"x": 0, "y": 0, "talents": ["quick_gust"]}, b={"x": 4, "y": 0})
    legal = m.legal_actions()
    assert UseMove("a", "air_blast", (4, 0), True) in legal
    out = act(m, UseMove("a", "air_blast", (4, 0), True))
    (started,) = of(out, ev.ActionStarted)
    assert started.cost == "move" and started.reduced


@pytest.mark.rule("BND-X-09")
def test_combat_maneuvers_are_contested_standard_actions():
    moves = content().moves
    shove, trip = moves["shove"], moves["trip"]
    assert (shove.action, shove.contest, shove.pushback_ft, shove.speed) == ("standard", "STR", 10, 2)
    assert (trip.action, trip.contest) == ("standard", "DEX")
    assert any(e.condition == "prone" for e in trip.effects)


@pytest.mark.rule("BND-X-10")
def test_swim_speed_defaults_to_half_the_base_speed_rounded_down_to_five_feet():
    sheets = content().combatants
    assert sheets["hydromancer"].swim_speed_ft == 30          # given in the sheet
    for sid in ("aeromancer", "archer", "skirmisher"):
        s = sheets[sid]
        assert s.swim_speed_ft == (s.base_speed_ft // 2) // 5 * 5, sid


@pytest.mark.rule("BND-X-11")
def test_weapons_long_ones_use_range_increments_short_ones_an_absolute_range():
    moves = content().moves
    assert moves["shortbow"].ranged == "increments" and moves["shortbow"].range_ft == 60
    assert moves["dagger"].ranged == "absolute" and moves["dagger"].range_ft == 5
    assert moves["spear"].ranged == "absolute" and moves["spear"].range_ft == 10


@pytest.mark.rule("BND-X-12")
def test_map_cells_say_what_blocks_covers_conceals_darkens_and_is_water():
    keys = set().union(*DEFAULT_LEGEND.values())
    assert {"solid", "cover", "conceal", "dark", "water", "move_cost"} <= keys
    rows = [".#o~:*D....."] + ["." * 12] * 6
    m = duel(a={"x": 0, "y": 1}, b={"x": 10, "y": 1}, rows=rows)
    s = m.state
    assert movement.blocks_movement(s, (1, 0)) and movement.blocks_movement(s, (2, 0))
    assert movement.is_water(s, (3, 0)) and movement.terrain_cost(s, (4, 0)) == 2
    assert not movement.blocks_movement(s, (5, 0)) and not movement.blocks_movement(s, (6, 0))


@pytest.mark.rule("BND-X-14")
def test_one_creature_per_hex_allies_pass_through_enemies_do_not():
    combatants = [
        {"id": "a", "sheet": "petramancer", "side": 0, "x": 0, "y": 0},
        {"id": "f", "sheet": "petramancer", "side": 0, "x": 1, "y": 0},
        {"id": "e", "sheet": "brawler", "side": 1, "x": 1, "y": 2},
    ]
    rows = [".." + "#" * 10, ".#" + "#" * 10, "..########..", "." * 12]
    m = make(combatants, rows=rows)
    s = m.state
    reach = movement.reachable(s, "a", "move")
    assert (1, 0) not in reach and (0, 0) not in reach        # never end on a creature
    # past the ally at (1, 0): (2, 0) is solid, so nothing; down the left column the enemy at
    # (1, 2) cannot be entered or passed, (0, 2) can
    assert (0, 1) in reach and (0, 2) in reach and (1, 2) not in reach


@pytest.mark.rule("BND-X-15")
def test_lines_between_hexes_use_the_centre_and_six_corners_pulled_inward():
    pts = hexsight.sample_points((0, 0, 0))
    assert len(pts) == 7
    cx, cy = pts[0]
    d = sorted(((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 for x, y in pts[1:])
    # six corners at the same distance, a hair inside the unit circumradius
    assert max(d) - min(d) < 1e-9 and 0.98 < d[0] < 1.0

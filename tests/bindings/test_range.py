"""Range: no penalty up to the listed range (BND-80), -1 per 20 ft beyond for projectiles with
range increments (BND-81, BND-T-07, GM-18 rounding), the longest shot (GM-21), absolute ranges
for walls, veils and short weapons (BND-82/83)."""
from __future__ import annotations

import pytest

from game.engine.systems.bindings import actions as A
from game.engine.systems.bindings import combat
from game.engine.systems.bindings import events as E
from game.engine.systems.bindings import rules

from .combat_kit import ROW, Table, fighter, score

T07 = [(30, 0, 0), (35, -1, 0), (50, -1, -1), (55, -2, -1), (70, -2, -2), (75, -3, -2),
       (90, -3, -3)]


@pytest.mark.rule("BND-T-07")
@pytest.mark.rule("BND-80")
@pytest.mark.rule("BND-81")
@pytest.mark.rule("BND-GM-18")
@pytest.mark.parametrize("feet,ceil_pen,floor_pen", T07)
def test_range_penalty_per_20_ft_beyond_the_range(feet, ceil_pen, floor_pen):
    assert combat.range_penalty(feet // 5, 30, "ceil") == ceil_pen
    assert combat.range_penalty(feet // 5, 30, "floor") == floor_pen


def archer(gap: int, **house) -> Table:
    a = fighter("A", 0, 1, ab=1, STR=score(2), moves=["unarmed_strike", "brace", "stone_bullet",
                                                       "earth_wall", "spear"])
    b = fighter("B", 1, 1 + gap, hp=99, max_hp=99, db=0, INT=score(0))
    return Table([a, b], house=house, width=32).start()


@pytest.mark.rule("BND-T-07")
@pytest.mark.rule("BND-81")
@pytest.mark.parametrize("round_mode,expected", [("ceil", -2), ("floor", -1)])
def test_the_penalty_is_measured_at_launch_and_lowers_the_offence(round_mode, expected):
    t = archer(11, range_round=round_mode)                      # 55 ft
    out = t.use("A", "stone_bullet", "B")
    assert t.of(E.AttackLaunched, out)[0].range_penalty == expected
    for _ in range(12):
        if t.stage == "defend":
            t.force(3, 3, 1).do(A.Defend("B", t.state.pending[-1].data["attack"], None))
        if t.of(E.AttackResolved):
            break
        t.end()
    assert t.of(E.AttackResolved)[-1].offence == 1 + 2 + 6 + expected


@pytest.mark.rule("BND-GM-21")
@pytest.mark.parametrize("extra,reach", [(50, 16), (100, 26), (200, 46)])
def test_the_longest_shot_is_the_range_plus_the_tables_extra(extra, reach):
    t = archer(reach, max_range_extra=extra) if reach < 31 else archer(30, max_range_extra=extra)
    m = combat.move_def("stone_bullet")
    assert combat.max_range_hexes(t.state, m) == reach
    if reach < 31:
        listed = {a.target for a in combat.legal(t.state) if a.move == "stone_bullet"}
        assert (1 + reach, ROW) in listed
        t.c("B").x = 2 + reach
        listed = {a.target for a in combat.legal(t.state) if a.move == "stone_bullet"}
        assert listed == set()


@pytest.mark.rule("BND-82")
@pytest.mark.rule("BND-T-07")
def test_a_wall_is_out_of_reach_one_hex_past_its_range():
    t = archer(10)
    walls = {a.target for a in combat.legal(t.state) if a.move == "earth_wall"}
    assert (7, ROW) in walls                       # 30 ft
    assert (8, ROW) not in walls                   # 35 ft: illegal, no penalty to take
    why = rules.validate(t.state, A.UseMove("A", "earth_wall", (8, ROW)))
    assert why is not None


@pytest.mark.rule("BND-83")
def test_a_short_weapon_has_an_absolute_range():
    t = archer(2)
    spears = {a.target for a in combat.legal(t.state) if a.move == "spear"}
    assert spears == {(3, ROW)}                    # 10 ft
    t.c("B").x = 4
    spears = {a.target for a in combat.legal(t.state) if a.move == "spear"}
    assert spears == set()                         # 15 ft: beyond, and no increments
    assert combat.max_range_hexes(t.state, combat.move_def("shortbow")) == (60 + 100) // 5

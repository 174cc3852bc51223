"""One damage instance and the HP it lands on (B-30, RS-01..03, RS-08..15, RS-36..39, RS-48,
RS-51, RS-58, RS-91..93, AMB-01/08/12)."""
from __future__ import annotations

import pytest

from game.engine.rng import Rng
from game.engine.systems.rpgstuck import damage as D
from game.engine.systems.rpgstuck.damage import Vitals
from game.engine.systems.rpgstuck.listing import pc_numbers, resolve, roll_damage

PC1 = pc_numbers(1)


def base(listing: str, faces: list[int], stat_mod: int = 0) -> int:
    rng = Rng.from_seed(5)
    rng.force(faces)
    return roll_damage(rng, resolve(listing, PC1, stat_mod=stat_mod)).total


@pytest.mark.rule("RS-01", "RS-02", "RS-03")
def test_hp_floor_and_unconscious() -> None:
    v = Vitals(5, 20)
    t = D.take(v, 9)
    assert t.vitals.hp == 0 and t.to_hp == 5 and t.vitals.down and not t.vitals.dead
    assert D.heal(Vitals(18, 20), 5).hp == 20
    assert not D.heal(t.vitals, 1).down
    with pytest.raises(ValueError):
        Vitals(21, 20)


@pytest.mark.rule("RS-08", "RS-07", "RS-TV-02")
def test_RS_TV_02_max_hp_reduction() -> None:
    assert D.reduce_max(Vitals(20, 20), 6) == Vitals(14, 14)
    low = D.reduce_max(Vitals(5, 20), 6)
    assert low == Vitals(0, 14) and low.down
    # "max -6 and HP -6" is one reduction of 6.
    assert D.reduce_max(Vitals(20, 20), 6) != Vitals(8, 14)


@pytest.mark.rule("RS-10", "RS-09", "RS-TV-03")
def test_RS_TV_03_instant_death() -> None:
    assert D.reduce_max(Vitals(3, 3), 5).dead
    assert D.drain_stat(16, 3) == (13, False)
    assert D.drain_stat(3, 3) == (0, True)
    assert D.drain_stat(2, 5) == (0, True)


@pytest.mark.rule("RS-11", "RS-12", "RS-14", "RS-13", "RS-TV-04")
def test_RS_TV_04_temp_hp() -> None:
    v = Vitals(20, 20)
    v, replaced = D.grant_temp(v, 5)
    assert v.temp_hp == 5 and replaced          # allowed at full HP (RS-11)
    v, replaced = D.grant_temp(v, 3)
    assert v.temp_hp == 5 and not replaced
    v, replaced = D.grant_temp(v, 5)
    assert v.temp_hp == 5 and not replaced      # equal: old duration kept
    v, replaced = D.grant_temp(v, 8)
    assert v.temp_hp == 8 and replaced
    t = D.take(v, 11)
    assert (t.to_temp, t.to_hp, t.vitals.temp_hp, t.vitals.hp) == (8, 3, 0, 17)


@pytest.mark.rule("RS-15", "RS-AMB-12", "RS-TV-05")
def test_RS_TV_05_true_damage_cost() -> None:
    inst = D.instance(5, aegis=3, true_damage=True)
    assert inst.amount == 5
    assert D.pay_hp(Vitals(20, 20), 5).vitals.hp == 15
    # AMB-12 default: temp HP pays first; option: HP only.
    assert D.pay_hp(Vitals(20, 20, 4), 5).vitals == Vitals(19, 20, 0)
    assert D.pay_hp(Vitals(20, 20, 4), 5, temp_pays=False).vitals == Vitals(15, 20, 4)
    # True damage ignores halving too (the engine passes no halvings for it; Aegis is skipped).
    assert D.after_aegis(5, 3, true_damage=True) == 5


@pytest.mark.rule("RS-36", "RS-AMB-18", "RS-SM-21", "RS-TV-23")
def test_RS_TV_23_crit_doubles_the_total() -> None:
    pre = D.pre_multiplier(base("2d10+STR", [4, 6], 3))
    assert pre == 13
    assert D.instance(pre, bonus=D.bonus_percent(crit=True)).amount == 26


@pytest.mark.rule("RS-37", "RS-51", "RS-AMB-01", "RS-TV-24")
def test_RS_TV_24_head_crit_with_trace() -> None:
    trace = 100
    b = D.bonus_percent(crit=True, head=True, extra=[trace])
    assert b == 250 and D.apply_percent(10, b) == 35
    b = D.bonus_percent(crit=True, head=True, extra=[trace], head_crit_mode="stack")
    assert D.apply_percent(10, b) == 40


@pytest.mark.rule("RS-51", "RS-AMB-01", "RS-TV-25")
def test_RS_TV_25_head() -> None:
    assert D.apply_percent(10, D.bonus_percent(head=True)) == 15
    assert D.apply_percent(10, D.bonus_percent(head=True, crit=True)) == 25
    assert D.apply_percent(10, D.bonus_percent(head=True, crit=True, head_crit_mode="stack")) == 30


@pytest.mark.rule("RS-38", "RS-TV-26")
def test_RS_TV_26_halving_eats_bonus_first() -> None:
    crit = D.bonus_percent(crit=True)
    assert D.apply_percent(10, crit, 1) == 15
    assert D.apply_percent(10, crit, 2) == 10
    assert D.apply_percent(10, D.bonus_percent(crit=True, head=True), 1) == 20


@pytest.mark.rule("RS-39", "RS-B-28", "RS-TV-27")
def test_RS_TV_27_halved_to_zero_still_damaging() -> None:
    inst = D.instance(10, halvings=2)
    assert inst.amount == 0 and inst.damaging
    assert D.apply_percent(7, 0, 1) == 3
    assert D.apply_percent(10, 0, 3) == 0
    assert D.multiplier(0, 5) == 0


@pytest.mark.rule("RS-38", "RS-TV-28")
def test_RS_TV_28_head_halved_twice() -> None:
    assert D.apply_percent(10, D.bonus_percent(head=True), 2) == 5


@pytest.mark.rule("RS-58")
def test_psi_core_bonus() -> None:
    assert D.apply_percent(10, D.bonus_percent(psi_core=True)) == 15
    assert D.apply_percent(10, D.bonus_percent(psi_core=True, crit=True)) == 25


@pytest.mark.rule("RS-48", "RS-TV-37")
def test_RS_TV_37_part_hp_first() -> None:
    t = D.take(Vitals(45, 45), 17, part_hp=12)
    assert (t.to_part, t.part_hp, t.part_broken, t.to_hp, t.vitals.hp) == (12, 0, True, 5, 40)
    t = D.take(Vitals(45, 45, 3), 7, part_hp=12)
    assert (t.part_hp, t.part_broken, t.vitals) == (5, False, Vitals(45, 45, 3))
    t = D.take(Vitals(45, 45, 3), 14, part_hp=12)   # carry-over meets temp HP next (B-30)
    assert (t.to_temp, t.to_hp) == (2, 0)


@pytest.mark.rule("RS-91", "RS-92", "RS-93", "RS-B-16", "RS-TV-47")
def test_RS_TV_47_monster_damage_mod() -> None:
    roll = base("2d8+3", [4, 5])
    assert D.pre_multiplier(roll, mod=3) == 12
    assert D.pre_multiplier(roll, mod=3, assail=True) == 15
    assert D.pre_multiplier(roll, mod=3, weakened=True) == 9
    assert D.pre_multiplier(roll, mod=3, assail=True, weakened=True) == 12


@pytest.mark.rule("RS-B-16", "RS-B-30", "RS-TV-10")
def test_weakened_and_underflow_floor_at_zero() -> None:
    assert D.pre_multiplier(-1) == 0
    assert D.pre_multiplier(2, mod=3, weakened=True) == 0


@pytest.mark.rule("RS-B-16", "RS-B-30", "RS-TV-61")
def test_aegis_per_instance() -> None:
    assert D.instance(2, aegis=1).amount == 1
    assert D.instance(2, aegis=5).amount == 0
    assert sum(D.instance(2, aegis=1).amount for _ in range(4)) == 4 * (2 - 1)
    # Aegis comes after the percentages (B-30 step 4).
    assert D.instance(10, bonus=100, aegis=3).amount == 17


@pytest.mark.rule("RS-81", "RS-AMB-08")
def test_horde_hit_plans() -> None:
    assert D.horde_plan(3, True) == (D.HitPlan(True, True),) * 3
    assert D.horde_plan(2, True, mode="one_roll") == (D.HitPlan(True, True), D.HitPlan(True, False))
    assert D.horde_plan(2, True, mode="first_crit") == (D.HitPlan(True, True), D.HitPlan(False, True))
    assert D.horde_plan(0, False) == ()
    with pytest.raises(ValueError):
        D.horde_plan(1, False, mode="bogus")  # type: ignore[arg-type]


@pytest.mark.rule("RS-24", "RS-B-12", "RS-AMB-07")
def test_assail_is_not_resized() -> None:
    # PC1 Strike Qd8+STR, one step up, with Assail: 1d10+3+3 (TV-15).
    rng = Rng.from_seed(1)
    rng.force([6])
    roll = roll_damage(rng, resolve("Qd8+STR", PC1, steps=1, stat_mod=3))
    assert D.pre_multiplier(roll.total, mod=3, assail=True) == 12


@pytest.mark.rule("RS-04", "RS-03")
def test_no_death_from_damage_at_zero() -> None:
    # No death saves: more damage on an unconscious creature leaves it at 0, alive.
    v = D.take(Vitals(0, 20), 50).vitals
    assert v.down and not v.dead and v.hp == 0


@pytest.mark.rule("RS-13", "RS-B-18")
def test_temp_hp_lasts_an_hour() -> None:
    assert not D.temp_hp_expired(3, 602)
    assert D.temp_hp_expired(3, 603)
    assert D.temp_hp_expired(3, 8, duration_rounds=5)

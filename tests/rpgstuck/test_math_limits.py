"""Character numbers, Multiattack/Cooldown, limited uses, CR and rests (B-01..09, B-19, RS-05/06,
RS-09, RS-88..90, RS-96/97, RS-136..148, AMB-10)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from game.engine.rng import Rng
from game.engine.systems.rpgstuck import limits as M
from game.engine.systems.rpgstuck.damage import Vitals, reduce_max

PC1_SCORES = {"STR": 16, "DEX": 14, "CON": 14, "INT": 10, "WIS": 12, "CHA": 10}
PC2_SCORES = {"STR": 10, "DEX": 16, "CON": 12, "INT": 12, "WIS": 14, "CHA": 10}


@pytest.mark.rule("RS-B-01")
@pytest.mark.parametrize("score,m", [(1, -5), (8, -1), (9, -1), (10, 0), (11, 0), (16, 3), (30, 10)])
def test_ability_modifier(score: int, m: int) -> None:
    assert M.mod(score) == m


@pytest.mark.rule("RS-B-02")
@pytest.mark.parametrize("level,tier", [(1, 1), (4, 1), (5, 2), (8, 2), (9, 3), (13, 4), (16, 4)])
def test_tier(level: int, tier: int) -> None:
    assert M.pc_tier(level) == tier


@pytest.mark.rule("RS-B-02")
def test_level_out_of_range() -> None:
    with pytest.raises(ValueError):
        M.pc_tier(17)


@pytest.mark.rule("RS-B-07")
def test_pc_defenses_match_the_test_pcs() -> None:
    assert M.pc_defenses(2, PC1_SCORES) == M.Defenses(14, 14, 13)
    assert M.pc_defenses(2, PC2_SCORES) == M.Defenses(15, 15, 14)


@pytest.mark.rule("RS-05", "RS-06", "RS-B-19", "RS-TV-01")
def test_RS_TV_01_max_hp() -> None:
    assert M.pc_max_hp(1, con=2) == 20
    assert M.pc_max_hp(2, con=2) == 27
    assert M.pc_max_hp(1, con=1) == 19          # PC2
    assert M.hit_die_average(8) == 5 and M.hit_die_average(10) == 6


@pytest.mark.rule("RS-B-19", "RS-AMB-16")
def test_hit_dice_total() -> None:
    assert M.hit_dice_total(1) == 2
    assert M.hit_dice_total(1, hd_equals_level=True) == 1


@pytest.mark.rule("RS-B-09")
def test_monster_dc() -> None:
    assert M.monster_dc(1, [-2, 0, -2]) == 12     # the imp's listed dc


@pytest.mark.rule("RS-96", "RS-TV-48")
def test_RS_TV_48_multiattack() -> None:
    assert M.parse_tag("Multiattack (2)") == ("multiattack", 2)
    assert M.attack_rolls(2) == 2
    assert M.attack_rolls(None) == 1
    with pytest.raises(ValueError):
        M.parse_tag("Multiattack two")


@pytest.mark.rule("RS-97", "RS-TV-48")
def test_RS_TV_48_cooldown() -> None:
    assert M.parse_tag("Cooldown (1)") == ("cooldown", 1)
    assert not M.cooldown_ready(1, 1, 2)
    assert M.cooldown_ready(1, 1, 3)
    assert M.next_ready_round(3, 2) == 6
    assert not M.cooldown_ready(3, 2, 5)
    assert M.cooldown_ready(None, 2, 1)


@pytest.mark.rule("RS-143", "RS-TV-64")
def test_RS_TV_64_failed_check_not_spent() -> None:
    assert not M.use_spent("limited", [False])


@pytest.mark.rule("RS-144", "RS-147", "RS-TV-65")
def test_RS_TV_65_effect_on_miss_spends() -> None:
    # Psi Pulse: every attack missed, but half damage on a miss took effect on each target.
    assert M.use_spent("limited", [True, True])
    assert M.use_spent("psionic_slot", [False])


@pytest.mark.rule("RS-145", "RS-TV-66")
def test_RS_TV_66_multi_attack_spending() -> None:
    assert M.use_spent("limited", [False, True, False])
    assert not M.use_spent("limited", [False, False, False])


@pytest.mark.rule("RS-148", "RS-TV-67")
def test_RS_TV_67_self_payoff_always_spent() -> None:
    assert M.use_spent("self_payoff", [])
    assert not M.use_spent("self_payoff", [], all_prevented=True)


@pytest.mark.rule("RS-146")
def test_path_resource_refunded_only_on_total_failure() -> None:
    assert M.use_spent("limited", [True])
    assert not M.use_spent("limited", [])


@pytest.mark.rule("RS-141", "RS-142", "RS-137")
def test_recharges() -> None:
    assert M.recharges("strife", "strife_start")
    assert not M.recharges("short_rest", "strife_start")
    assert M.recharges("short_rest", "short_rest")
    assert not M.recharges("short_rest", "short_rest", short_rest_counts=False)
    assert M.recharges("short_rest", "long_rest")
    assert not M.recharges("long_rest", "short_rest")
    assert M.recharges("long_rest", "long_rest")


@pytest.mark.rule("RS-88", "RS-89", "RS-AMB-10", "RS-TV-46")
def test_RS_TV_46_encounter_cr() -> None:
    assert M.encounter_cr([(1, 1), (1, 1)], [1]) == 2
    assert M.encounter_cr([(2, 1), (1, 1)], [1]) == 3
    assert M.encounter_cr([(2, 1)] * 3, [1]) == 6
    assert M.encounter_cr([(1, 0)] * 8, [1]) == 4
    assert M.encounter_cr([(2, 3)], [2]) == 4
    assert M.encounter_cr([(1, 0)], [2]) == Fraction(1, 4)
    assert M.encounter_cr([(1, 0)], [2], tier_gap="clamp") == Fraction(1, 2)
    assert M.encounter_cr([(1, 1)], [1, 2]) == Fraction(1, 2)   # mixed party: highest tier


@pytest.mark.rule("RS-90")
def test_pacing_advice() -> None:
    assert M.advised_cr(0, 0, 5) == 1
    assert M.advised_cr(2, 0, 5) == 2
    assert M.advised_cr(2, 1, 5) == 3
    assert M.advised_cr(2, 5, 5) == 4


@pytest.mark.rule("RS-136", "RS-137", "RS-09", "RS-TV-62")
def test_RS_TV_62_short_rest() -> None:
    rng = Rng.from_seed(2)
    rng.force([3, 6])
    roll = M.roll_hit_dice(rng, 2, 8)
    r = M.short_rest(roll.faces, 2, total_hd=4, available_hd=4, p=2, stat_damage={"STR": 3})
    assert (r.healed, r.slots, r.minutes, r.recharges) == (13, 2, 30, True)
    assert r.stat_damage == (("STR", 1),)
    one = M.short_rest([4], 2, total_hd=4, available_hd=4, p=2)
    assert one.healed == 6 and not one.recharges
    with pytest.raises(ValueError):
        M.short_rest([1, 1, 1], 2, total_hd=4, available_hd=2, p=2)


@pytest.mark.rule("RS-138", "RS-139", "RS-07", "RS-TV-63")
def test_RS_TV_63_long_rest() -> None:
    assert not M.long_rest_benefits(0, minutes_since_last=None)
    assert not M.long_rest_benefits(10, minutes_since_last=20 * 60)
    assert not M.long_rest_benefits(10, minutes_since_last=None, longest_interruption=60)
    assert M.long_rest_benefits(10, minutes_since_last=None, longest_interruption=59)
    assert M.long_rest_benefits(10, minutes_since_last=24 * 60)


@pytest.mark.rule("RS-07", "RS-138", "RS-TV-63")
def test_long_rest_restores_max_hp() -> None:
    worn = reduce_max(Vitals(20, 20, 3), 6)
    assert worn == Vitals(14, 14, 3)
    assert M.long_rest_vitals(worn, 20) == Vitals(20, 20, 0)

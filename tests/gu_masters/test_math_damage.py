"""gu_masters damage arithmetic: the pipeline stage by stage, ranks, instant death, healing."""
from __future__ import annotations

import pytest

from game.engine.systems.gu_masters.damage import (
    DAMAGE_TYPES, Affinity, Defender, Hit, Reduction, Shield, bite_bleeding, bite_damage,
    flat_reduce, heal, injury_threshold, kick_damage, kick_knockback, punch_damage,
    punch_recoil, soul_damage, take, weapon_damage,
)

PLAIN = Defender(hp=40, max_hp=40, fortitude=37)


@pytest.mark.rule("GU-93")
def test_hp_fall_but_not_below_zero() -> None:
    r = take(Hit(15), PLAIN)
    assert (r.dealt, r.hp_after, r.hp_lost, r.dropped) == (15, 25, 15, False)
    r = take(Hit(55), PLAIN)
    assert (r.dealt, r.hp_after, r.hp_lost, r.dropped) == (55, 0, 40, True)


@pytest.mark.rule("GU-94")
def test_reaching_zero_asks_for_the_perseverance_test_once() -> None:
    assert take(Hit(40), PLAIN).dropped
    assert not take(Hit(5), Defender(0, 40)).dropped      # already at 0: no new drop


@pytest.mark.rule("GU-95")
def test_damage_types() -> None:
    assert set(DAMAGE_TYPES) >= {"force", "rending", "cold", "heat", "poison", "shock", "sonic"}
    with pytest.raises(ValueError):
        Hit(3, "direct")            # direct is a flag on a typed hit, not a type (GU-98)
    with pytest.raises(ValueError):
        Affinity("heat", "weak")


@pytest.mark.rule("GU-96", "GU-T-26")
def test_poison_cut_by_fortitude() -> None:
    r = take(Hit(9, "poison"), PLAIN)                     # Fortitude 37 -> 3
    assert r.dealt == 6 and r.stages[0].note == "Fortitude"
    assert take(Hit(2, "poison"), PLAIN).dealt == 0
    assert take(Hit(9, "heat"), PLAIN).dealt == 9


@pytest.mark.rule("GU-97", "GU-X-09")
def test_sonic_passes_shields_that_do_not_stop_it() -> None:
    d = Defender(40, 40, shields=(Shield("Stone Shell", 12),))
    assert take(Hit(8, "sonic"), d).dealt == 8
    d2 = Defender(40, 40, shields=(Shield("Echo Wall", 12, stops_sonic=True),))
    assert take(Hit(8, "sonic"), d2).dealt == 0


@pytest.mark.rule("GU-X-09")
def test_shield_absorbs_first_and_the_excess_goes_on() -> None:
    d = Defender(40, 40, shields=(Shield("Stone Shell", 12), Shield("Jelly Bubble", 25)),
                 reductions=(Reduction("Metal Skin", 4, 1, frozenset({"force", "rending"})),))
    r = take(Hit(40, "rending", rank=1), d)
    assert r.absorbed == (("Stone Shell", 12), ("Jelly Bubble", 25))
    assert [s.points for s in r.shields] == [0, 0]
    assert r.dealt == 0                                   # 3 left, Metal Skin takes it to 0
    assert [s.step for s in r.stages] == ["shield", "shield", "reduction", "hit points"]
    assert "Stone Shell -12 -> 28" in r.text()


@pytest.mark.rule("GU-98", "GU-99", "GU-139")
def test_direct_damage_skips_shields_but_not_other_reductions() -> None:
    d = Defender(40, 40, shields=(Shield("Stone Shell", 12),),
                 reductions=(Reduction("Hide", 2),))
    r = take(Hit(10, "heat", direct=True), d)
    assert r.absorbed == () and r.dealt == 8 and r.shields[0].points == 12
    iron = Defender(40, 40, reductions=(Reduction("Iron Body", 8, 2, vs_direct=False),))
    assert take(Hit(10, "force", direct=True), iron).dealt == 10
    bleed = Hit(1, "none", direct=True, reducible=False, source="bleeding")
    assert take(bleed, d).dealt == 1


@pytest.mark.rule("GU-160")
def test_touch_attacks_pass_shields_unless_the_shield_says_so() -> None:
    shell = Defender(40, 40, shields=(Shield("Stone Shell", 12),))
    assert take(Hit(10, "shock", rank=2, touch=True), shell).dealt == 10
    bubble = Defender(40, 40, shields=(Shield("Jelly Bubble", 25, stops_touch=True),))
    assert take(Hit(10, "shock", rank=2, touch=True), bubble).dealt == 0


@pytest.mark.rule("GU-100")
def test_soul_damage_leaves_hp() -> None:
    assert soul_damage(19, 2) == 17 and soul_damage(1, 5) == 0


@pytest.mark.rule("GU-101", "GU-102", "GU-T-24")
def test_flat_reduction_by_rank() -> None:
    def dr(amount: int, rank: int, dr_amount: int, dr_rank: int) -> int:
        return take(Hit(amount, "force", rank=rank),
                    Defender(40, 40, reductions=(Reduction("DR", dr_amount, dr_rank),))).dealt
    assert dr(5, 2, 8, 1) == 1
    assert dr(5, 1, 8, 1) == 0
    assert dr(5, 1, 8, 2) == 0
    assert dr(12, 1, 4, 1) == 8
    assert flat_reduce(0, 4, 3, 1) == 0                   # nothing to keep at 1
    assert flat_reduce(5, 8, 9, None) == 0                # a natural reducer is never out-ranked


@pytest.mark.rule("GU-101", "GU-102")
def test_each_reducer_does_what_its_rank_allows() -> None:
    d = Defender(40, 40, reductions=(Reduction("High", 8, 3), Reduction("Low", 4, 1)))
    assert take(Hit(10, "force", rank=2), d).dealt == 0   # low first (stops at 1), high finishes
    assert take(Hit(10, "force", rank=4), d).dealt == 1


@pytest.mark.rule("GU-103", "GU-104", "GU-105", "GU-106", "GU-107", "GU-T-25")
def test_affinities_by_rank() -> None:
    def hp(amount: int, rank: int, level: str, granted: int | None) -> int:
        return take(Hit(amount, "heat", rank=rank),
                    Defender(40, 40, affinities=(Affinity("heat", level, granted),))).dealt
    assert hp(15, 1, "resistant", None) == 7
    assert hp(7, 1, "vulnerable", None) == 14
    assert hp(15, 2, "invulnerable", 1) == 7              # out-ranked: only a resistance
    assert hp(15, 3, "resistant", 1) == 15                # out-ranked: nothing
    assert hp(15, 5, "invulnerable", None) == 0           # natural: never weakened
    assert hp(15, 1, "invulnerable", 1) == 0
    assert take(Hit(15, "cold"), Defender(40, 40, affinities=(
        Affinity("heat", "invulnerable"),))).dealt == 15


@pytest.mark.rule("GU-GM-30", "GU-103", "GU-104")
def test_vulnerable_and_resistant_cancel() -> None:
    d = Defender(40, 40, affinities=(Affinity("cold", "vulnerable"), Affinity("cold", "resistant")))
    assert take(Hit(9, "cold"), d).dealt == 9


@pytest.mark.rule("GU-146")
def test_deafened_is_a_resistance_no_rank_overcomes() -> None:
    d = Defender(40, 40, affinities=(Affinity("sonic", "resistant", None, "deafened"),))
    assert take(Hit(9, "sonic", rank=5), d).dealt == 4


@pytest.mark.rule("GU-GM-14")
def test_pipeline_order_shield_reduction_poison_affinity() -> None:
    d = Defender(40, 40, fortitude=30, shields=(Shield("S", 2),),
                 reductions=(Reduction("R", 1),), affinities=(Affinity("poison", "vulnerable"),))
    r = take(Hit(10, "poison"), d)
    assert [(s.step, s.after) for s in r.stages] == [
        ("shield", 8), ("reduction", 7), ("fortitude", 4), ("vulnerable", 8), ("hit points", 32)]


@pytest.mark.rule("GU-109", "GU-GM-15", "GU-T-14")
def test_instant_death_at_twice_max_hp_from_one_source() -> None:
    d = Defender(40, 40)
    dead = take(Hit(80), d)
    assert dead.instant_death and not dead.dropped and dead.hp_after == 0
    alive = take(Hit(79), d)
    assert not alive.instant_death and alive.dropped
    first = take(Hit(50), d)
    second = take(Hit(50), Defender(first.hp_after, 40))
    assert not first.instant_death and not second.instant_death
    shielded = Defender(40, 40, shields=(Shield("S", 10),))
    assert not take(Hit(85), shielded).instant_death                  # 75 reached HP
    assert take(Hit(85), shielded, instant_death_measure="before_reductions").instant_death
    with pytest.raises(ValueError):
        take(Hit(1), d, instant_death_measure="never")


@pytest.mark.rule("GU-120", "GU-GM-16", "GU-T-35")
def test_injury_threshold_after_reductions_before_clamp() -> None:
    assert injury_threshold(41) == 20
    assert take(Hit(20), Defender(41, 41)).injury_threshold
    assert not take(Hit(19), Defender(41, 41)).injury_threshold
    assert take(Hit(30), Defender(3, 41)).injury_threshold           # before the clamp
    reduced = Defender(41, 41, reductions=(Reduction("DR", 4),))
    assert not take(Hit(22), reduced).injury_threshold                # 18 after reduction


@pytest.mark.rule("GU-141", "GU-T-27", "GU-T-18")
def test_healing_removes_bleeding_stacks() -> None:
    h = heal(20, 40, 3, bleeding=4)
    assert (h.hp_after, h.gained, h.bleeding_after) == (23, 3, 1)
    capped = heal(39, 40, 8, bleeding=5)                  # only what is regained counts
    assert (capped.hp_after, capped.gained, capped.bleeding_after) == (40, 1, 4)
    assert heal(10, 40, 8, bleeding=3).bleeding_after == 0


@pytest.mark.rule("GU-139", "GU-T-27")
def test_bleeding_ignores_metal_skin() -> None:
    skin = Defender(20, 40, reductions=(Reduction("Metal Skin", 4, 1,
                                                  frozenset({"force", "rending"})),))
    bleed = Hit(1, "none", direct=True, reducible=False, source="bleeding")
    assert take(bleed, skin).dealt == 1


@pytest.mark.rule("GU-51", "GU-T-06")
def test_weapon_strength_bonus() -> None:
    assert weapon_damage(6, 45) == 8 and weapon_damage(6, 19) == 6 and weapon_damage(6, 40) == 8


@pytest.mark.rule("GU-54", "GU-55", "GU-T-03")
def test_punch_and_recoil() -> None:
    assert punch_damage(47) == 5 and punch_recoil(5) == 1
    blocked = take(Hit(5, "force"), Defender(40, 40, reductions=(Reduction("DR", 8, 1),)))
    assert blocked.dealt == 0                             # the recoil still counts the 5
    assert punch_damage(99) == 10 and punch_recoil(10) == 2
    assert punch_damage(30) == 4 and punch_recoil(4) == 0
    assert punch_recoil(10, recoil_cut=4) == 0


@pytest.mark.rule("GU-56", "GU-57", "GU-T-04")
def test_kick_and_knockback() -> None:
    assert kick_damage(60) == 13 and kick_knockback(60) == 1
    assert kick_damage(250) == 51 and kick_knockback(250) == 2


@pytest.mark.rule("GU-58", "GU-T-05")
def test_bite_and_its_bleeding() -> None:
    assert bite_damage(30) == 8 and bite_bleeding(8) == 1
    resisted = take(Hit(8, "rending"), Defender(40, 40, affinities=(Affinity("rending", "resistant"),)))
    assert resisted.dealt == 4 and bite_bleeding(resisted.dealt) == 0
    assert bite_damage(50) == 12 and bite_bleeding(12) == 2

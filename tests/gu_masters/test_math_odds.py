"""gu_masters exact odds, checked against brute force over the dice with `checks` itself."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from game.engine.systems.gu_masters.checks import opposed, resolve_test
from game.engine.systems.gu_masters.odds import (
    Check, attack_odds, dos_dist, p_critical, p_fumble, p_opposed_pairs, p_success, p_wins,
)


def _brute_success(check: Check, mode: str = "worst_of_two", crit: str = "range") -> Fraction:
    mods = [("m", check.modifier)]
    if check.disadvantage and mode == "worst_of_two":
        faces = list(product(range(1, 101), repeat=2))
    else:
        faces = list(range(1, 101))
    won = sum(resolve_test(f, check.target, mods, disadvantage=check.disadvantage,
                           disadv_mode=mode, crit_mode=crit).success for f in faces)
    return Fraction(won, len(faces))


@pytest.mark.rule("GU-01", "GU-X-03", "GU-X-04")
def test_plain_chances() -> None:
    assert p_success(Check(50)) == Fraction(1, 2)
    assert p_success(Check(2)) == Fraction(5, 100)          # criticals always succeed
    assert p_success(Check(150)) == Fraction(95, 100)       # fumbles always fail
    assert p_success(Check(60, 10)) == Fraction(1, 2)
    assert p_critical(Check(50)) == p_fumble(Check(50)) == Fraction(5, 100)
    assert sum(dos_dist(Check(55)).values()) == 1
    assert dos_dist(Check(55))[1] == Fraction(6, 100)       # raws 50..55 give one degree


@pytest.mark.rule("GU-X-06", "GU-GM-06", "GU-GM-08")
@pytest.mark.parametrize("check", [Check(50, disadvantage=True), Check(37, -5, True),
                                   Check(2, 0, True), Check(120, 10, True)])
@pytest.mark.parametrize("mode", ["worst_of_two", "plus20"])
@pytest.mark.parametrize("crit", ["range", "doubles"])
def test_success_matches_brute_force(check: Check, mode: str, crit: str) -> None:
    assert p_success(check, mode, crit) == _brute_success(check, mode, crit)


@pytest.mark.rule("GU-X-06")
def test_worst_of_two_squares_the_chance() -> None:
    assert p_success(Check(50, disadvantage=True)) == Fraction(1, 4)


@pytest.mark.rule("GU-X-05", "GU-GM-07")
@pytest.mark.parametrize("a,b", [(Check(55), Check(45)), (Check(60, 10), Check(55)),
                                 (Check(30), Check(90, 30)), (Check(100), Check(100))])
@pytest.mark.parametrize("quo", ["a", "b"])
def test_opposed_matches_every_pair_of_dice(a: Check, b: Check, quo: str) -> None:
    won = 0
    for ra, rb in product(range(1, 101), repeat=2):
        ta = resolve_test(ra, a.target, [("m", a.modifier)])
        tb = resolve_test(rb, b.target, [("m", b.modifier)])
        won += opposed(ta, tb, status_quo=quo).winner == "a"  # type: ignore[arg-type]
    assert p_wins(a, b, status_quo=quo) == Fraction(won, 10_000)  # type: ignore[arg-type]


@pytest.mark.rule("GU-X-05", "GU-X-06")
def test_opposed_with_disadvantage_matches_pairwise_sum() -> None:
    a, b = Check(55, disadvantage=True), Check(45)
    fast = p_wins(a, b, status_quo="a")
    assert fast == p_opposed_pairs(a, b, status_quo="a")
    assert fast + p_wins(b, a, status_quo="b") == 1


def _brute_attack(attack: Check, reactions: dict[str, Check]) -> tuple[Fraction, dict, Fraction]:
    hits = [resolve_test(r, attack.target, [("m", attack.modifier)]) for r in range(1, 101)]
    defs = {name: [resolve_test(r, c.target, [("m", c.modifier)],
                                auto_fail="x" if c.auto_fail else None) for r in range(1, 101)]
            for name, c in reactions.items()}
    landed = {name: 0 for name in reactions}
    best = 0
    for t in hits:
        if not t.success:
            continue
        stops = {name: sum(opposed(t, d, status_quo="a").winner == "b" for d in ds)
                 for name, ds in defs.items()}
        for name in reactions:
            landed[name] += 100 - stops[name]
        best += 100 - max(stops.values(), default=0)
    return (Fraction(best, 10_000), {k: Fraction(v, 10_000) for k, v in landed.items()},
            Fraction(sum(t.success for t in hits), 100))


@pytest.mark.rule("GU-81", "GU-86", "GU-79", "GU-T-36", "GU-T-37")
@pytest.mark.parametrize("attack,dodge,cc", [(Check(55), Check(45), Check(60)),
                                              (Check(70, 20), Check(80), Check(30)),
                                              (Check(40), Check(45, auto_fail=True), Check(50))])
def test_attack_after_best_reaction_matches_brute_force(attack: Check, dodge: Check,
                                                        cc: Check) -> None:
    odds = attack_odds(attack, dodge=dodge, parry=cc)
    parry = Check(cc.target, cc.modifier + 10)           # GU-86 parry at +10
    best, landed, roll = _brute_attack(attack, {"dodge": dodge, "parry": parry})
    assert odds.roll_hits == odds.after["none"] == roll
    assert odds.after["dodge"] == landed["dodge"] and odds.after["parry"] == landed["parry"]
    assert odds.after_best == best
    assert odds.after_best <= min(odds.after.values())
    assert odds.after[odds.best] == min(odds.after.values())


@pytest.mark.rule("GU-83", "GU-161")
def test_area_attack_without_roll_is_escaped_by_a_plain_success() -> None:
    odds = attack_odds(None, dodge=Check(45))
    assert odds.after == {"none": 1, "dodge": Fraction(55, 100)} and odds.best == "dodge"
    assert attack_odds(None).after_best == 1


@pytest.mark.rule("GU-149")
def test_prone_dodge_cannot_stop_anything() -> None:
    odds = attack_odds(Check(50), dodge=Check(90, auto_fail=True))
    assert odds.after["dodge"] == odds.roll_hits and odds.best == "none"


@pytest.mark.rule("GU-94", "GU-109", "GU-111", "GU-T-14", "GU-T-15")
def test_hit_forecast_drop_and_kill() -> None:
    from game.engine.systems.gu_masters.damage import Defender, Hit, take
    from game.engine.systems.gu_masters.odds import hit_forecast
    land = Fraction(3, 5)
    target = Defender(10, 40)
    f = hit_forecast(land, take(Hit(12), target), Check(40))
    assert (f.dealt, f.hp_after, f.drop) == (12, 0, land)
    assert f.final_stand == land * Fraction(40, 100) and f.dying == land * Fraction(60, 100)
    assert f.dead == 0
    kill = hit_forecast(land, take(Hit(80), target))
    assert kill.dead == land and kill.drop == 0
    scratch = hit_forecast(land, take(Hit(3), target))
    assert (scratch.hp_after, scratch.drop, scratch.dead) == (7, 0, 0)
    stand = hit_forecast(land, take(Hit(1), Defender(0, 40)), life="final_stand")
    assert stand.dying == land and stand.drop == 0
    with pytest.raises(ValueError):
        hit_forecast(land, take(Hit(12), target))

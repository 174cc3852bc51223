"""gu_masters percentile tests: roll-under, signs, degrees, criticals, disadvantage, opposed."""
from __future__ import annotations

import pytest

from game.engine.rng import Rng
from game.engine.systems.gu_masters.checks import (
    degrees, opposed, resolve_test, roll_test,
)


@pytest.mark.rule("GU-01", "GU-X-03")
def test_roll_under_succeeds_at_or_below_the_target() -> None:
    assert resolve_test(55, 55).success
    assert not resolve_test(56, 55).success
    assert resolve_test(10, 55).modified == 10


@pytest.mark.rule("GU-02")
def test_penalties_are_added_and_bonuses_subtracted() -> None:
    hard = resolve_test(40, 60, [("partial cover", 10), ("prone", 30)])
    assert hard.modified == 80 and not hard.success
    easy = resolve_test(58, 50, [("prone target", -10)])        # GU-T-31: 58 - 10 = 48 hits
    assert easy.modified == 48 and easy.success
    assert easy.modifiers == (("prone target", -10),)


@pytest.mark.rule("GU-03")
def test_skills_and_attributes_share_one_mechanic() -> None:
    skill = resolve_test(35, 40, purpose="Dodge")
    attribute = resolve_test(35, 40, purpose="Perseverance")
    assert (skill.success, skill.dos) == (attribute.success, attribute.dos) == (True, 2)


@pytest.mark.rule("GU-04", "GU-X-03", "GU-T-36", "GU-T-37")
def test_degrees_of_success_and_failure() -> None:
    assert resolve_test(32, 55).dos == 3          # GU-T-36 attack
    assert resolve_test(12, 45).dos == 4          # GU-T-36 dodge
    assert resolve_test(18, 60, [("parry", 10)]).dos == 5     # GU-T-37: 28 vs 60
    assert resolve_test(40, 60, [("parry", 10)]).dos == 2     # 50 vs 60
    assert resolve_test(55, 55).dos == 1
    assert resolve_test(56, 55).dos == -1
    assert resolve_test(75, 40).dos == -4         # tens 7 - 4 + 1
    assert degrees(40, -15, True) == 7            # bonuses below 0 still count by floored tens


@pytest.mark.rule("GU-04", "GU-X-04")
def test_criticals_and_fumbles_in_range_mode() -> None:
    crit = resolve_test(5, 3)                     # raw 1..5 succeeds even above the target
    assert crit.success and crit.critical and crit.dos == 1
    crit_easy = resolve_test(3, 60)
    assert crit_easy.critical and crit_easy.dos == 7
    fumble = resolve_test(96, 150)                # raw 96..100 fails even under the target
    assert not fumble.success and fumble.fumble and fumble.dos == -1
    plain = resolve_test(6, 3)
    assert not plain.success and not plain.critical


@pytest.mark.rule("GU-X-04", "GU-GM-08")
def test_doubles_mode() -> None:
    assert resolve_test(22, 40, crit_mode="doubles").critical
    assert resolve_test(55, 40, crit_mode="doubles").fumble
    assert resolve_test(100, 40, crit_mode="doubles").fumble
    low = resolve_test(3, 2, crit_mode="doubles")
    assert not low.success and not low.critical       # no automatic success in this mode
    high = resolve_test(97, 120, crit_mode="doubles")
    assert high.success and not high.fumble


@pytest.mark.rule("GU-X-06", "GU-GM-06", "GU-85", "GU-T-36")
def test_disadvantage_keeps_the_worse_of_two_or_adds_twenty() -> None:
    worst = resolve_test((20, 70), 50, disadvantage=True)
    assert worst.raw == 70 and worst.faces == (20, 70) and not worst.success
    assert worst.roll.notation == "2d100kh1"
    flat = resolve_test(20, 50, disadvantage=True, disadv_mode="plus20")
    assert flat.modified == 40 and flat.modifiers[-1] == ("disadvantage", 20)
    with pytest.raises(ValueError):
        resolve_test(20, 50, disadvantage=True)       # worst-of-two needs both dice
    with pytest.raises(ValueError):
        resolve_test(20, 50, disadv_mode="best")


@pytest.mark.rule("GU-01", "GU-X-06")
def test_roll_test_takes_forced_dice_in_order() -> None:
    rng = Rng.from_seed(1)
    rng.force([30, 81, 12])
    a = roll_test(rng, 50, disadvantage=True, purpose="AoO")
    b = roll_test(rng, 50, purpose="Dodge")
    assert a.faces == (30, 81) and a.raw == 81 and not a.success
    assert b.raw == 12 and b.success and b.roll.total == 12 and b.roll.purpose == "Dodge"


def test_roll_test_is_seeded() -> None:
    one = [roll_test(Rng.from_seed(9), 50).raw for _ in range(3)]
    assert len(set(one)) == 1 and 1 <= one[0] <= 100


@pytest.mark.rule("GU-149", "GU-152")
def test_automatic_failure_keeps_its_die_and_reason() -> None:
    t = resolve_test(3, 60, auto_fail="prone")
    assert not t.success and not t.critical and t.dos < 0 and t.automatic == "prone"
    assert t.text().endswith("[automatic failure: prone]")


@pytest.mark.rule("GU-X-05", "GU-GM-07", "GU-GM-31", "GU-T-36", "GU-T-37", "GU-T-11")
def test_opposed_ties() -> None:
    attack = resolve_test(32, 55)                                 # DoS 3
    assert opposed(attack, resolve_test(12, 45), status_quo="a").winner == "b"   # DoS 4
    tie = opposed(attack, resolve_test(22, 45), status_quo="a")   # DoS 3, raw 22 < 32
    assert (tie.winner, tie.by) == ("b", "raw")
    parry = opposed(attack, resolve_test(40, 60, [("parry", 10)]), status_quo="a")
    assert (parry.winner, parry.by) == ("a", "dos")
    # GU-T-11 break free: equal DoS and equal raw -> the grapple holds
    hold = opposed(resolve_test(30, 50), resolve_test(30, 55), status_quo="a")
    assert (hold.winner, hold.by) == ("a", "status_quo")
    with pytest.raises(ValueError):
        opposed(attack, attack, status_quo="c")  # type: ignore[arg-type]


def test_text_reads_like_the_table() -> None:
    t = resolve_test(32, 55, [("prone", 30)], purpose="Close Combat")
    assert t.text() == "d100 32 + prone 30 = 62 vs 55: 2 degrees of failure"
    assert t.roll.breakdown() == "d100 32 + prone 30 = 62"

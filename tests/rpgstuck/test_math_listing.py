"""Damage listings and die ladders (RS-16..25, B-03..05, B-31, AMB-05/06, TV-06..16)."""
from __future__ import annotations

import pytest

from game.engine.rng import Rng
from game.engine.systems.rpgstuck import listing as L
from game.engine.systems.rpgstuck.listing import monster_numbers, parse, pc_numbers, resize, resolve

PC1 = pc_numbers(1)   # P2 Q1 Level 1


@pytest.mark.rule("RS-16")
@pytest.mark.parametrize("text,per,unit,die,stat,flat", [
    ("2Qd6+DEX", 2, "Q", 6, "DEX", 0),
    ("Qd8+STR", 1, "Q", 8, "STR", 0),
    ("1d10+3", 1, "1", 10, None, 3),
    ("2d8+3", 2, "1", 8, None, 3),
    ("P", 1, "P", 0, None, 0),
    ("Q", 1, "Q", 0, None, 0),
    ("3Qd3", 3, "Q", 3, None, 0),
    ("Q(d6)+INT", 1, "Q", 6, "INT", 0),
    ("d4-1", 1, "1", 4, None, -1),
])
def test_parse_forms(text: str, per: int, unit: str, die: int, stat: str | None, flat: int) -> None:
    got = parse(text)
    assert (got.per, got.unit, got.die, got.stat, got.flat) == (per, unit, die, stat, flat)
    assert got.text == text


@pytest.mark.rule("RS-16")
@pytest.mark.parametrize("bad", ["", "2Qd", "Qd1+STR", "Qd6+FOO", "Qd6+STR+DEX", "Qd6-STR",
                                 "hello", "Qd6++3", "0Qd6"])
def test_bad_listing_names_the_text(bad: str) -> None:
    with pytest.raises(ValueError) as err:
        parse(bad)
    assert repr(bad) in str(err.value)


@pytest.mark.rule("RS-16", "RS-B-04")
def test_2Qd6_is_2Q_dice() -> None:
    assert resolve("2Qd6+DEX", pc_numbers(1), stat_mod=2).count == 2
    assert resolve("2Qd6+DEX", pc_numbers(5), stat_mod=2).count == 4


@pytest.mark.rule("RS-16", "RS-23")
def test_flat_listing_is_its_value() -> None:
    d = resolve("P", PC1)
    assert (d.count, d.flat) == (0, 2)
    assert resolve("Q", PC1).flat == 1


@pytest.mark.rule("RS-B-02", "RS-B-03", "RS-B-04")
@pytest.mark.parametrize("level,p,q", [(1, 2, 1), (4, 2, 1), (5, 3, 2), (9, 4, 3), (16, 5, 4)])
def test_pc_numbers(level: int, p: int, q: int) -> None:
    n = pc_numbers(level)
    assert (n.p, n.q, n.level) == (p, q, level)


@pytest.mark.rule("RS-B-05")
def test_monster_numbers() -> None:
    assert monster_numbers(3) == L.Numbers(p=3, q=3, level=12)
    assert monster_numbers(0).p == 1
    assert monster_numbers(0, t0_as_one=False).p == 0


@pytest.mark.rule("RS-17", "RS-TV-06")
def test_RS_TV_06_d6_up_two() -> None:
    assert resize(parse("Qd6+DEX"), 2).text() == "Qd10+DEX"


@pytest.mark.rule("RS-17", "RS-TV-07")
def test_RS_TV_07_d10_up_two_doubles() -> None:
    assert resize(parse("Qd10+DEX"), 2).text() == "2Qd8+DEX"
    assert resolve("Qd10+DEX", pc_numbers(5), steps=2, stat_mod=2).count == 4


@pytest.mark.rule("RS-21", "RS-B-31", "RS-TV-08")
def test_RS_TV_08_one_past_top() -> None:
    s = resize(parse("2Qd12+STR"), 1)
    assert s.over == 1 and s.text(["2P"]) == "2Qd12+STR+2P"
    assert s.text(["level"]) == "2Qd12+STR+Level"
    assert resolve(s, PC1, stat_mod=3, overflow=["2P"]).flat == 3 + 4
    assert resolve(s, PC1, stat_mod=3, overflow=["level"]).flat == 3 + 1
    assert resolve(s, PC1, stat_mod=3).flat == 3 + 4     # auto: the larger


@pytest.mark.rule("RS-21", "RS-TV-09")
def test_RS_TV_09_two_past_top_any_mix() -> None:
    s = resize(parse("2Qd12+STR"), 2)
    flats = {resolve(s, PC1, stat_mod=3, overflow=c).flat - 3
             for c in (["level", "level"], ["level", "2P"], ["2P", "2P"])}
    assert flats == {2, 5, 8}
    assert resolve(s, PC1, stat_mod=3).flat - 3 == 8
    with pytest.raises(ValueError):
        resolve(s, PC1, overflow=["2P"])


@pytest.mark.rule("RS-B-31", "RS-SM-18")
def test_auto_overflow_prefers_level_when_larger() -> None:
    assert L.auto_overflow(pc_numbers(16)) == "level"     # 16 > 2*5
    assert L.auto_overflow(monster_numbers(3)) == "level"  # 12 > 6
    assert L.auto_overflow(PC1) == "2P"


@pytest.mark.rule("RS-22", "RS-TV-10")
def test_RS_TV_10_underflow() -> None:
    assert resize(parse("Qd2"), -1).text() == "Qd2-P"
    assert resize(parse("Qd4"), -3).text() == "Qd2-P"
    assert resize(parse("Qd4"), -4).text() == "Qd2-2P"
    d = resolve("Qd4+DEX", PC1, steps=-4, stat_mod=2)
    rng = Rng.from_seed(1)
    rng.force([2])
    assert L.roll_damage(rng, d).total == 2 - 4 + 2 == 0
    rng.force([1])
    assert L.roll_damage(rng, d).total == -1   # floored later by the damage pipeline (B-30)


@pytest.mark.rule("RS-18", "RS-21", "RS-TV-11")
def test_RS_TV_11_L2() -> None:
    base = parse("2Qd4")
    assert base.ladder == "L2"
    assert resize(base, 1).text() == "2Qd6"
    assert resize(base, 4).text() == "2Qd12"
    s = resize(base, 5)
    assert s.text() == "2Qd12+2P" and s.over == 1


@pytest.mark.rule("RS-19", "RS-21", "RS-TV-12", "RS-AMB-05")
def test_RS_TV_12_L3() -> None:
    base = parse("3Qd3")
    assert base.ladder == "L3"
    assert resize(base, 5).text() == "3Qd12"
    assert resize(base, 6).over == 1
    s = resize(base, -2)
    assert s.text() == "3Qd2-P" and s.under == 1


@pytest.mark.rule("RS-18", "RS-AMB-05")
def test_L2_underflow_is_minus_P() -> None:
    s = resize(parse("2Qd2"), -2)
    assert s.text() == "2Qd2-2P"
    assert resolve(s, PC1).flat == -4


@pytest.mark.rule("RS-23", "RS-TV-13")
def test_RS_TV_13_flat_listings() -> None:
    assert resize(parse("P"), 1).text() == "2P"
    assert resolve("P", PC1, steps=1).flat == 4
    assert resize(parse("Q"), 2).text() == "3Q"
    assert resolve("Q", pc_numbers(5), steps=2).flat == 6


@pytest.mark.rule("RS-23", "RS-AMB-06")
def test_flat_down_steps_floor_at_zero() -> None:
    assert resolve("2P", PC1, steps=-1).flat == 2
    assert resolve("P", PC1, steps=-3).flat == 0


@pytest.mark.rule("RS-20", "RS-TV-14")
def test_RS_TV_14_net_steps() -> None:
    assert resize(parse("Qd12"), +2 - 1).text() == "2Qd8"
    # +1 then -1 is net 0 from the base: still Qd12 (not 2Qd6 by way of L2).
    assert resize(parse("Qd12"), 0).text() == "Qd12"
    assert resize(parse("2Qd8"), -1).text() == "Qd12"   # the base's own ladder is L1


@pytest.mark.rule("RS-24", "RS-TV-15")
def test_RS_TV_15_only_base_roll_resized() -> None:
    d = resolve("Qd8+STR", PC1, steps=1, stat_mod=3)
    assert (d.count, d.die, d.flat) == (1, 10, 3)
    rider = resolve("1d6", PC1)       # a Step rider not flagged abilitech: resolved with no steps
    assert (rider.count, rider.die) == (1, 6)


@pytest.mark.rule("RS-17")
def test_literal_monster_listings_use_the_ladders() -> None:
    assert resize(parse("1d10+3"), 1).text() == "1d12+3"
    assert resize(parse("2d8+3"), 1).text() == "2d10+3"
    assert resize(parse("2d8+3"), -1).text() == "1d12+3"
    assert resize(parse("2d6+4"), 1).text() == "2d8+4"       # L2
    with pytest.raises(ValueError):
        resize(parse("4d6"), 1)
    assert resize(parse("4d6"), 0).text() == "4d6"


@pytest.mark.rule("RS-25", "RS-TV-16")
def test_RS_TV_16_damage_advantage() -> None:
    d = resolve("2d10+STR", PC1, stat_mod=3)
    rng = Rng.from_seed(3)
    rng.force([3, 9, 1, 7])
    r = L.roll_damage(rng, d, advantage=True)
    assert r.faces == (3, 9, 1, 7) and r.total == 19
    assert L.kept_faces(r, d.count) == (9, 7)
    assert r.notation == "4d10kh2"
    # Several advantage sources are still one doubling: the call takes a flag, not a count.
    rng.force([1, 1])
    assert L.roll_damage(rng, d).total == 5


@pytest.mark.rule("RS-25")
def test_flat_listing_ignores_damage_advantage() -> None:
    rng = Rng.from_seed(3)
    r = L.roll_damage(rng, resolve("P", PC1), advantage=True)
    assert r.faces == () and r.total == 2


@pytest.mark.rule("RS-18", "RS-19", "RS-AMB-05")
def test_ladder_underflow_floor_option() -> None:
    s = resize(parse("3Qd3"), -2, ladder_underflow="floor")
    assert s.text() == "3Qd2" and s.under == 0
    # L1 keeps its written -P (RS-22) under either option.
    assert resize(parse("Qd2"), -1, ladder_underflow="floor").under == 1
    assert resolve("2Qd2", PC1, steps=-2, ladder_underflow="floor").flat == 0
    with pytest.raises(ValueError):
        resize(parse("Qd2"), -1, ladder_underflow="bogus")  # type: ignore[arg-type]


@pytest.mark.rule("RS-23", "RS-AMB-06")
def test_flat_down_none_option() -> None:
    assert resolve("2P", PC1, steps=-1, flat_down="none").flat == 4
    assert resolve("P", PC1, steps=1, flat_down="none").flat == 4

"""Movement speeds: the table (BND-58..70), its formulas for any base (BND-71), NH+B (BND-51),
swim speed (BND-X-10) and halving (BND-GM-26)."""
from __future__ import annotations

import pytest

from game.engine.systems.bindings import speeds
from game.engine.systems.bindings.speeds import Rate

# base ft: (Move, Dash, Dodge) exactly as the source table gives them
TABLE = {
    30: (Rate(3), Rate(4), Rate(2)), 35: (Rate(3, 1), Rate(5), Rate(2)),
    40: (Rate(4), Rate(5), Rate(2)), 45: (Rate(4, 1), Rate(6), Rate(3)),
    50: (Rate(5), Rate(7), Rate(3)), 55: (Rate(5, 1), Rate(7), Rate(3)),
    60: (Rate(6), Rate(8), Rate(4)), 65: (Rate(6, 1), Rate(9), Rate(4)),
    70: (Rate(7), Rate(9), Rate(4)), 75: (Rate(7, 1), Rate(10), Rate(5)),
    80: (Rate(8), Rate(11), Rate(5)), 85: (Rate(8, 1), Rate(11), Rate(5)),
    90: (Rate(9), Rate(12), Rate(6)),
}
RULE_OF = {30: "BND-58", 35: "BND-59", 40: "BND-60", 45: "BND-61", 50: "BND-62", 55: "BND-63",
           60: "BND-64", 65: "BND-65", 70: "BND-66", 75: "BND-67", 80: "BND-68", 85: "BND-69",
           90: "BND-70"}


@pytest.mark.parametrize("base", [pytest.param(b, id=f"{b}ft", marks=pytest.mark.rule(RULE_OF[b]))
                                  for b in sorted(TABLE)])
def test_table_row(base):
    move, dash, dodge = TABLE[base]
    assert speeds.move_rate(base) == move
    assert speeds.dash_rate(base) == dash
    assert speeds.dodge_rate(base) == dodge


@pytest.mark.rule("BND-58")
@pytest.mark.rule("BND-59")
@pytest.mark.rule("BND-60")
@pytest.mark.rule("BND-61")
@pytest.mark.rule("BND-62")
@pytest.mark.rule("BND-63")
@pytest.mark.rule("BND-64")
@pytest.mark.rule("BND-65")
@pytest.mark.rule("BND-66")
@pytest.mark.rule("BND-67")
@pytest.mark.rule("BND-68")
@pytest.mark.rule("BND-69")
@pytest.mark.rule("BND-70")
@pytest.mark.rule("BND-T-20")
def test_whole_table_and_its_text():
    rows = speeds.table()
    assert [r[0] for r in rows] == sorted(TABLE)
    for base, move, dash, dodge in rows:
        assert (move, dash, dodge) == TABLE[base]
    assert str(speeds.move_rate(55)) == "5H+1" and str(speeds.dash_rate(55)) == "7H"


@pytest.mark.rule("BND-71")
@pytest.mark.rule("BND-T-20")
@pytest.mark.parametrize("base,move,dash,dodge", [
    (25, Rate(2, 1), Rate(3), Rate(1)),
    (15, Rate(1, 1), Rate(2), Rate(1)),
    (100, Rate(10), Rate(13), Rate(6)),
    (20, Rate(2), Rate(3), Rate(1)),
    (0, Rate(0), Rate(0), Rate(0)),
])
def test_formulas_beyond_the_table(base, move, dash, dodge):
    assert speeds.move_rate(base) == move
    assert speeds.dash_rate(base) == dash
    assert speeds.dodge_rate(base) == dodge


@pytest.mark.rule("BND-51")
def test_nh_plus_b_notation():
    r = speeds.rate("move", 35)
    assert (r.hexes, r.bonus) == (3, 1)
    assert speeds.rate("step", 90) == Rate(1)                 # BND-56: always one hex
    with pytest.raises(ValueError):
        speeds.rate("fly", 30)


@pytest.mark.rule("BND-55")
def test_swim_speed_from_base_and_sheet():
    assert speeds.swim_feet(30) == 15          # half of 30, already a multiple of 5
    assert speeds.swim_feet(35) == 15          # 17.5 -> 15: rounded down to 5 ft
    assert speeds.swim_feet(30, 25) == 25      # the sheet's own swim speed wins
    assert speeds.swim_rate(30) == Rate(1)     # 3 hexes over three segments
    assert speeds.swim_rate(30, 20) == Rate(1, 1)   # 4 hexes: 1 a segment + 1 bonus
    assert speeds.SEGMENTS["swim"] == 3


@pytest.mark.rule("BND-GM-26")
def test_halving_floor_and_ceil():
    assert speeds.halve(3, 1, "floor") == (1, 0)
    assert speeds.halve(4, 0, "floor") == (2, 0)
    assert speeds.halve(3, 1, "ceil") == (2, 1)
    assert speeds.halve(5, 0, "ceil") == (3, 0)


@pytest.mark.rule("BND-05")
def test_hex_is_five_feet():
    assert speeds.HEX_FT == 5
    assert speeds.swim_rate(0, 45) == Rate(3)     # 45 ft = 9 hexes over 3 segments

"""gu_masters jumps on the map through Match.submit: the GU-T-19 numbers, a standing jump over
a pit, a long jump after a run-up, a jump up onto a ledge, a jump down a ledge and its fall,
no jump without movement, and no jump where a walk is as cheap (GU-25..27, GU-117)."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.match import Match
from game.engine.rules import MatchConfig, SeatConfig
from game.engine.systems.gu_masters import jumps, rules
from game.engine.systems.gu_masters.actions import Jump, Move
from game.engine.systems.gu_masters.events import Damaged, Moved


def match(rows: list[str], elevation: list[str], creatures: list[dict],
          house: dict | None = None) -> Match:
    # each open square is written as its height's digit, read through the legend
    grid = {"rows": ["".join(h if ch == "." else ch for ch, h in zip(r, e))
                     for r, e in zip(rows, elevation)],
            "legend": {str(d): {"elevation_m": d} for d in range(10)}}
    setup: dict = {"grid": grid, "creatures": creatures,
                   "initiative": [c["id"] for c in creatures]}
    return Match.new(MatchConfig("gu_masters", 1, [SeatConfig("human"), SeatConfig("human")],
                                 None, dict(house or {}), setup))


def man(cid: str, side: int, x: int, y: int, **over) -> dict:
    return {"id": cid, "entry": "gu_master_r1", "side": side, "x": x, "y": y, "overrides": over}


def jumps_in(m: Match) -> set[tuple[int, int]]:
    return {(a.x, a.y) for a in m.legal_actions() if isinstance(a, Jump)}


ROWS = ["........", "........", "........"]


@pytest.mark.rule("GU-25", "GU-26", "GU-27", "GU-T-19")
def test_the_jumping_numbers():
    assert jumps.jump_cost(10) == 5 and jumps.jump_up(47) == 4 and jumps.STANDING_M == 2
    assert jumps.long_jump(10) == 5
    assert jumps.jump_cost(7) == 4 and jumps.long_jump(7) == 4
    assert jumps.jump_up(8) == 1
    assert not jumps.can_jump(0) and jumps.can_jump(1)


@pytest.mark.rule("GU-25", "GU-26", "GU-T-19")
def test_a_standing_jump_clears_a_pit_for_half_the_movement():
    m = match(ROWS, ["55055555", "55055555", "55055555"],
              [man("a", 0, 1, 1), man("b", 1, 7, 2)])
    got = jumps_in(m)
    assert (3, 1) in got                                         # 2 m across, straight
    assert (3, 0) not in got and (3, 2) not in got               # no knight's leap
    assert (2, 1) in got                                         # down into the pit (a fall)
    assert (0, 1) not in got and (4, 1) not in got               # walked / beyond 2 m
    out = m.submit(Jump("a", 3, 1))
    a = m.state.creatures["a"]
    assert (a.x, a.y) == (3, 1) and m.state.turn.moved == 4      # ceil(8 / 2)
    assert [e for e in out.events if isinstance(e, Moved)][0].mode == "jump"
    assert not [e for e in out.events if isinstance(e, Damaged)]  # level landing: no fall


@pytest.mark.rule("GU-27", "GU-T-19")
def test_a_long_jump_needs_a_run_up_its_way():
    rows = ["........", "........", "........"]
    elev = ["55000555", "55000555", "55000555"]
    m = match(rows, elev, [man("a", 0, 0, 1), man("b", 1, 7, 2)])
    assert (5, 1) not in jumps_in(m)                             # from rest: 2 m only
    m.submit(Move("a", 1, 1))                                    # a 1 m run-up east
    assert (5, 1) in jumps_in(m)                                 # ceil(8 / 2) = 4 m
    assert (5, 0) not in jumps_in(m)                             # not the run's way
    m.submit(Jump("a", 5, 1))
    a = m.state.creatures["a"]
    assert (a.x, a.y) == (5, 1) and m.state.turn.moved == 1 + 4


@pytest.mark.rule("GU-26", "GU-T-19")
def test_a_jump_up_reaches_a_ledge_no_higher_than_a_tenth_of_athletics():
    m = match(ROWS, ["00300000", "00300000", "00300000"],
              [man("a", 0, 1, 1), man("b", 1, 7, 2)])            # Athletics 40: 4 m up
    assert (2, 1) in jumps_in(m)                                 # 3 m up onto the ledge
    why = rules.validate(m.state, Jump("a", 1, 1, up=2))
    assert why is not None and why.rule == "GU-26"               # straight up lands here
    m.submit(Jump("a", 2, 1))
    assert m.state.creatures["a"].x == 2 and m.state.turn.moved == 4
    high = ["00500000", "00500000", "00500000"]
    m = match(ROWS, high, [man("a", 0, 1, 1), man("b", 1, 7, 2)])
    assert (2, 1) not in jumps_in(m)                             # 5 m: too high for 4 m
    m = match(ROWS, high, [man("a", 0, 1, 1, skills={"Athletics": 50}), man("b", 1, 7, 2)])
    assert (2, 1) in jumps_in(m)                                 # Athletics 50: 5 m up


@pytest.mark.rule("GU-117", "GU-26", "GU-T-12")
def test_jumping_down_a_ledge_is_a_fall_of_the_drop():
    m = match(ROWS, ["44400000", "44400000", "44400000"],
              [man("a", 0, 2, 1), man("b", 1, 7, 2)])
    m.force_dice([])
    out = m.submit(Jump("a", 3, 1))
    hurt = [e for e in out.events if isinstance(e, Damaged)]
    assert hurt and hurt[0].amount == 12 and hurt[0].source == "fall"   # 4 m: 3 x 4
    m = match(ROWS, ["44400000", "44400000", "44400000"],
              [man("a", 0, 2, 1), man("b", 1, 7, 2)], house={"fall_mode": "excess"})
    out = m.submit(Jump("a", 3, 1))
    assert [e for e in out.events if isinstance(e, Damaged)][0].amount == 6   # (4 - 2) x 3


@pytest.mark.rule("GU-25", "GU-T-19")
def test_no_jump_without_movement_or_movement_left():
    m = match(ROWS, ["55055555", "55055555", "55055555"],
              [man("a", 0, 1, 1, movement=0), man("b", 1, 7, 2)])
    assert not jumps_in(m)
    why = rules.validate(m.state, Jump("a", 3, 1))
    assert why is not None and why.rule == "GU-25"
    m = match(ROWS, ["55055555", "55055555", "55055555"],
              [man("a", 0, 1, 1), man("b", 1, 7, 2)])
    m.submit(Move("a", 0, 0))                                    # 1 m
    m.submit(Move("a", 1, 2))                                    # 2 m more
    m.submit(Move("a", 0, 1))                                    # 1 m more: 4 of 8 left
    assert jumps_in(m)
    m.submit(Move("a", 1, 1))                                    # 3 left < 4
    assert not jumps_in(m)


@pytest.mark.rule("GU-26", "GU-24")
def test_no_jump_into_a_wall_onto_a_creature_or_where_walking_is_as_cheap():
    rows = ["..#.....", "........", "........"]
    m = match(rows, ["55055555", "55055555", "55055555"],
              [man("a", 0, 1, 1), man("b", 1, 3, 2), man("c", 0, 7, 2)])
    got = jumps_in(m)
    assert (3, 2) not in got                                     # b stands there
    assert (3, 1) in got                                         # over the pit beside it
    flat = match(ROWS, ["00000000"] * 3, [man("a", 0, 1, 1), man("b", 1, 7, 2)])
    assert not jumps_in(flat)                                    # every square is walked


@pytest.mark.rule("GU-117", "GU-25", "GU-27", "GU-94")
def test_the_forecast_prices_a_jump_and_its_fall():
    from fractions import Fraction

    from game.engine.systems.gu_masters import forecast
    m = match(ROWS, ["99900000", "99900000", "99900000"],
              [man("a", 0, 2, 1, hp=20), man("b", 1, 7, 2)])
    a = m.state.creatures["a"]
    f = forecast.jump_forecast(m.state, a, Jump("a", 3, 1))
    assert (f.kind, f.cost, f.metres, f.rise, f.fall) == ("standing", 4, 1, -9, 9)
    assert f.lands == 1 and f.damage == 20 and f.hp_after == 0 and f.drop == 1
    assert f.final_stand == Fraction(45, 100) and f.dying == Fraction(55, 100)  # Persev. 45
    assert a.hp == 20                                            # the state is untouched

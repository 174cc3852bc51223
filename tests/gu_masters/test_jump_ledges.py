"""gu_masters forced movement and ledges (GU-57, GU-GM-43, GU-117..119, GU-T-42): a kick
stops at a wall, an object or a rising face; a kick over a ledge makes the creature fall (or
stay up on its wings); the table's fall and land readings reach the falls and landings made on
the map (GU-GM-24, GU-GM-27)."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.match import Match
from game.engine.rules import MatchConfig, SeatConfig
from game.engine.systems.gu_masters import rules, terrain
from game.engine.systems.gu_masters.actions import TAKE, DodgeMove, React, Strike
from game.engine.systems.gu_masters.events import Damaged
from game.engine.systems.gu_masters.maneuvers import Land

ROWS = ["........", "........", "........"]


def match(rows: list[str], elevation: list[str], creatures: list[dict],
          house: dict | None = None) -> Match:
    grid = {"rows": ["".join(h if ch == "." else ch for ch, h in zip(r, e))
                     for r, e in zip(rows, elevation)],
            "legend": {str(d): {"elevation_m": d} for d in range(10)}}
    setup: dict = {"grid": grid, "creatures": creatures,
                   "initiative": [c["id"] for c in creatures]}
    return Match.new(MatchConfig("gu_masters", 1, [SeatConfig("human"), SeatConfig("human")],
                                 None, dict(house or {}), setup))


def man(cid: str, side: int, x: int, y: int, **over) -> dict:
    return {"id": cid, "entry": "gu_master_r1", "side": side, "x": x, "y": y, "overrides": over}


def kick(m: Match, dice: list[int]) -> list:
    m.force_dice([10])
    m.submit(Strike("a", "b", "kick"))
    m.force_dice(dice)
    return list(m.submit(React("b", TAKE)).events)


@pytest.mark.rule("GU-GM-43", "GU-57", "GU-117", "GU-119", "GU-T-42")
def test_kicked_off_a_4_m_ledge_without_flight_falls_4_m_for_12():
    m = match(ROWS, ["44400000", "44400000", "44400000"], [man("a", 0, 1, 1), man("b", 1, 2, 1)])
    events = kick(m, [])
    b = m.state.creatures["b"]
    assert (b.x, b.y) == (3, 1) and b.altitude == 0 and b.has("prone")
    hurt = [e for e in events if isinstance(e, Damaged) and e.victim == "b"]
    assert [e.amount for e in hurt] == [11, 12] and hurt[1].source == "fall"   # kick, fall


@pytest.mark.rule("GU-GM-43", "GU-118", "GU-T-42")
def test_kicked_off_a_ledge_with_wings_up_stays_in_the_air():
    m = match(ROWS, ["44400000", "44400000", "44400000"],
              [man("a", 0, 1, 1), man("b", 1, 2, 1, gu=["wind_wings"], sustained=["wind_wings"])])
    events = kick(m, [])
    b = m.state.creatures["b"]
    assert (b.x, b.y) == (3, 1) and b.altitude == 4                # above the foot of the ledge
    assert not b.has("prone")                                     # in the air, not lying down
    assert [e.source for e in events if isinstance(e, Damaged) and e.victim == "b"] == ["a"]
    # GU-118: it may glide at once up to half its flying speed (8 // 2 = 4 m) at its height
    assert m.decision.stage == "drift" and m.decision.seat == 1
    legal = m.legal_actions()
    assert DodgeMove("b", 3, 1) in legal and DodgeMove("b", 7, 1) in legal   # stay, 4 m
    assert DodgeMove("b", 2, 1) not in legal          # back over the ledge: below 1 m up
    why = rules.validate(m.state, DodgeMove("b", 8, 1))
    assert why is not None and why.rule == "GU-118"   # 5 m: too far
    m.submit(DodgeMove("b", 7, 1))
    assert (b.x, b.altitude) == (7, 4) and m.decision.stage == "act"
    assert m.state.acting.id == "a"                   # the kicker's turn goes on


@pytest.mark.rule("GU-GM-43")
def test_the_table_may_stop_a_kick_at_the_brink():
    m = match(ROWS, ["44400000", "44400000", "44400000"], [man("a", 0, 1, 1), man("b", 1, 2, 1)],
              house={"ledge_knock": "stop"})
    kick(m, [])
    b = m.state.creatures["b"]
    assert (b.x, b.y) == (2, 1) and b.altitude == 0 and b.hp == b.max_hp - 11


@pytest.mark.rule("GU-GM-43", "GU-57")
def test_a_kick_stops_at_a_rising_face_a_wall_and_an_object():
    for rows, elev in ((ROWS, ["00030000"] * 3), (["...#....", "...#....", "...#...."],
                                                  ["00000000"] * 3),
                       (["...p....", "...p....", "...p...."], ["00000000"] * 3)):
        m = match(rows, elev, [man("a", 0, 1, 1), man("b", 1, 2, 1)])
        kick(m, [])
        b = m.state.creatures["b"]
        assert (b.x, b.y) == (2, 1) and b.hp == b.max_hp - 11    # no damage for the stop
    g = terrain.Ground.from_rows(["....", "...."], elevation=["0350", "0350"])
    assert terrain.forced_into(g, (0, 0), (1, 0)) == terrain.FORCED_SOLID
    assert terrain.forced_into(g, (2, 0), (3, 0)) == terrain.FORCED_DROP
    assert terrain.forced_into(g, (2, 0), (3, 0), altitude_m=1) == terrain.FORCED_FREE
    assert terrain.forced_into(g, (3, 0), (4, 0)) == terrain.FORCED_EDGE


@pytest.mark.rule("GU-GM-27", "GU-117", "GU-T-42")
def test_the_fall_reading_of_the_table_reaches_a_fall_off_a_ledge():
    m = match(ROWS, ["44400000", "44400000", "44400000"], [man("a", 0, 1, 1), man("b", 1, 2, 1)],
              house={"fall_mode": "excess"})
    events = kick(m, [])
    hurt = [e for e in events if isinstance(e, Damaged) and e.victim == "b"]
    assert [e.amount for e in hurt] == [11, 6]                    # (4 - 2) x 3


@pytest.mark.rule("GU-GM-24", "GU-36")
def test_the_land_reading_of_the_table_reaches_the_land_maneuver():
    flier = man("a", 0, 1, 1, gu=["wind_wings"], sustained=["wind_wings"], altitude=12)
    m = match(ROWS, ["00000000"] * 3, [flier, man("b", 1, 7, 2)])
    assert Land("a") not in m.legal_actions()                    # 12 m > F 8
    m = match(ROWS, ["00000000"] * 3, [flier, man("b", 1, 7, 2)], house={"land_limit": "any"})
    assert Land("a") in m.legal_actions()


def throw(m: Match) -> list:
    from game.engine.systems.gu_masters.grips import Grapple, Throw
    m.force_dice([10, 90])
    m.submit(Grapple("a", "b"))
    return list(m.submit(Throw("a", 1, 0)).events)


@pytest.mark.rule("GU-GM-43", "GU-67", "GU-66")
def test_a_throw_stops_at_a_face_rising_above_it_and_both_are_hurt():
    m = match(ROWS, ["00005555", "00005555", "00005555"],
              [man("a", 0, 1, 1, attrs={"Strength": 150}), man("b", 1, 2, 1)])
    events = throw(m)                                  # 4 m allowed; the 5 m face is 3 m away
    b = m.state.creatures["b"]
    assert (b.x, b.y) == (3, 1)                        # stopped at the foot of the face
    assert [e.amount for e in events if isinstance(e, Damaged) and e.victim == "b"] == [18]


@pytest.mark.rule("GU-GM-27", "GU-GM-26", "GU-117")
def test_the_fall_reading_of_the_table_reaches_a_throw_down_a_ledge():
    m = match(ROWS, ["55500000", "55500000", "55500000"],
              [man("a", 0, 1, 1, attrs={"Strength": 150}), man("b", 1, 2, 1)],
              house={"fall_mode": "excess"})
    events = throw(m)                                  # lands 5 m lower
    assert [e.amount for e in events if isinstance(e, Damaged) and e.victim == "b"] == [9]

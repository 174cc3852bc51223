"""gu_masters flight, grapples and the aperture on the map: the actions as a player takes them,
through the match (GU-21, GU-28..36, GU-62..70, GU-91, GU-118/119, GU-T-10/11/13/23/38/42)."""
from __future__ import annotations

import pytest

from game.engine.rules import MatchConfig
from game.engine.match import Match
from game.engine.rules import IllegalAction
from game.engine.systems.gu_masters.aperture import Absorb, Detonate
from game.engine.systems.gu_masters.grips import BreakFree, Carry, Grapple, Throw, holder_of
from game.engine.systems.gu_masters.maneuvers import (
    Dive, DiveFinish, DiveStrike, Evade, Fly, Land, TakeFlight,
)

ROWS = ["." * 12] * 8


def battle(creatures: list[dict], rows: list[str] = ROWS, seed: int = 1) -> Match:
    setup = {"grid": {"rows": rows}, "creatures": creatures,
             "initiative": [c["id"] for c in creatures]}
    return Match.new(MatchConfig("gu_masters", seed=seed, setup=setup))


def flier(**over) -> Match:
    m = battle([{"id": "a", "entry": "gu_master_r1", "side": 0, "x": 2, "y": 2, "overrides": over},
                {"id": "w", "entry": "wolf", "side": 1, "x": 10, "y": 6}])
    a = m.state.creatures["a"]
    a.sustained.append("wind_wings")                       # flying speed 8, 2 maneuvers
    m.edited()
    return m


@pytest.mark.rule("GU-21", "GU-28", "GU-30", "GU-T-23")
def test_take_flight_rises_half_the_speed_and_gives_up_the_walk() -> None:
    m = flier()
    assert TakeFlight("a", "wind_wings") in m.legal_actions()
    m.submit(TakeFlight("a", "wind_wings"))
    assert m.state.creatures["a"].altitude == 4
    assert not any(type(x).__name__ == "Move" for x in m.legal_actions())
    assert any(isinstance(x, Fly) for x in m.legal_actions())


@pytest.mark.rule("GU-28")
def test_no_maneuver_without_a_flying_speed() -> None:
    m = battle([{"id": "a", "entry": "gu_master_r1", "side": 0, "x": 2, "y": 2},
                {"id": "w", "entry": "wolf", "side": 1, "x": 10, "y": 6}])
    assert not any(isinstance(x, (TakeFlight, Fly, Evade)) for x in m.legal_actions())


@pytest.mark.rule("GU-35", "GU-T-23")
def test_evade_once_a_turn() -> None:
    m = flier(altitude=3)
    m.rng.force([10])
    m.submit(Evade("a"))
    a = m.state.creatures["a"]
    assert a.evade == (a.skills["Flying"] // 10) * 10 > 0
    with pytest.raises(IllegalAction):
        m.submit(Evade("a"))


@pytest.mark.rule("GU-32", "GU-34", "GU-T-13")
def test_failed_dive_from_6_m_hits_the_ground() -> None:
    m = flier(altitude=6)
    hp = m.state.creatures["a"].hp
    m.rng.force([99])
    m.submit(Dive("a", 4, 2, 0))
    a = m.state.creatures["a"]
    assert a.altitude == 0 and hp - a.hp == 24


@pytest.mark.rule("GU-32", "GU-T-13")
def test_no_dive_below_5_m() -> None:
    m = flier(altitude=4)
    assert not any(isinstance(x, Dive) for x in m.legal_actions())


@pytest.mark.rule("GU-33", "GU-36")
def test_a_dive_ends_with_a_strike_then_land_or_rise() -> None:
    m = flier(altitude=8)
    m.rng.force([10])
    m.submit(Dive("a", 4, 2, 1))
    assert DiveStrike("a") in m.legal_actions()
    m.submit(DiveStrike("a"))
    assert DiveFinish("a", True) in m.legal_actions()
    m.submit(DiveFinish("a", False))
    assert m.state.creatures["a"].altitude == 2


@pytest.mark.rule("GU-119", "GU-117", "GU-91", "GU-T-42")
def test_airborne_without_flight_falls() -> None:
    m = flier(altitude=4, gu=["wind_wings", "moonlight"])
    hp = m.state.creatures["a"].hp
    m.submit(Detonate("a", "wind_wings"))                # its only wings are gone
    a = m.state.creatures["a"]
    assert a.altitude == 0 and hp - a.hp == 12


def grapplers(**over) -> Match:
    return battle([{"id": "a", "entry": "gu_master_r1", "side": 0, "x": 2, "y": 2,
                    "overrides": over},
                   {"id": "b", "entry": "gu_master_r1", "side": 1, "x": 3, "y": 2}])


@pytest.mark.rule("GU-62", "GU-63", "GU-68", "GU-T-11")
def test_grapple_moves_the_catch_in_and_a_tie_holds() -> None:
    m = grapplers()
    m.rng.force([30, 95])
    m.submit(Grapple("a", "b"))
    b = m.state.creatures["b"]
    assert holder_of(m.state, b).id == "a" and (b.x, b.y) == (2, 2)


@pytest.mark.rule("GU-69", "GU-70", "GU-GM-33", "GU-T-38")
def test_absorb_one_stone_per_free_hand() -> None:
    m = grapplers(stones=3, essence=25, weapons=["sword"])    # one hand holds a sword
    assert Absorb("a", 1) in m.legal_actions() and Absorb("a", 2) not in m.legal_actions()
    assert m.state.creatures["a"].essence == 28                # 25 + 3 at its turn's start
    events = m.submit(Absorb("a", 1)).events
    a = m.state.creatures["a"]
    assert (a.stones, a.essence) == (2, 30)                    # capped (GU-GM-33)
    assert [(e.gained, e.lost) for e in events if type(e).__name__ == "Absorbed"] == [(2, 3)]


@pytest.mark.rule("GU-91")
def test_detonate_own_gu_for_free() -> None:
    m = grapplers(gu=["moonlight", "stone_shell"])
    m.submit(Detonate("a", "moonlight"))
    assert "moonlight" not in m.state.creatures["a"].gu


WALLED = ["............", "............", ".....#......", "............"]


@pytest.mark.rule("GU-66", "GU-67", "GU-92", "GU-GM-26", "GU-T-10")
def test_throw_into_a_wall_hurts_by_the_throwers_strength() -> None:
    m = battle([{"id": "a", "entry": "gu_master_r1", "side": 0, "x": 2, "y": 2,
                 "overrides": {"attrs": {"Strength": 150}}},
                {"id": "b", "entry": "gu_master_r1", "side": 1, "x": 3, "y": 2}], rows=WALLED)
    m.rng.force([30, 95])
    m.submit(Grapple("a", "b"))
    b = m.state.creatures["b"]
    hp = b.hp
    assert Throw("a", 1, 0) in m.legal_actions()
    events = m.submit(Throw("a", 1, 0)).events
    thrown = [e for e in events if type(e).__name__ == "Thrown"][0]
    assert (thrown.distance, thrown.damage) == (4, 18)           # floor(5 % of 80); 3 + 15
    assert (b.x, b.y) == (4, 2) and hp - b.hp == 18 and holder_of(m.state, b) is None
    assert not b.has("prone")                                   # GU-GM-26: lands on its feet
    assert m.state.turn.bonus and Throw("a", 1, 0) not in m.legal_actions()


@pytest.mark.rule("GU-66", "GU-T-10")
def test_no_throw_unless_stronger_than_the_weight() -> None:
    m = battle([{"id": "a", "entry": "gu_master_r1", "side": 0, "x": 2, "y": 2,
                 "overrides": {"attrs": {"Strength": 70}}},
                {"id": "b", "entry": "gu_master_r1", "side": 1, "x": 3, "y": 2}])
    m.rng.force([30, 95])
    m.submit(Grapple("a", "b"))
    assert not any(isinstance(x, Throw) for x in m.legal_actions())
    with pytest.raises(IllegalAction, match="GU-66"):
        m.submit(Throw("a", 1, 0))


@pytest.mark.rule("GU-68", "GU-T-11")
def test_break_free_tie_stays_grappled() -> None:
    from game.engine.actions import EndTurn
    m = grapplers()
    m.rng.force([30, 95])
    m.submit(Grapple("a", "b"))
    m.submit(EndTurn())
    assert BreakFree("b") in m.legal_actions()
    m.rng.force([30, 30])                                       # equal degrees, equal dice
    m.submit(BreakFree("b"))
    assert holder_of(m.state, m.state.creatures["b"]).id == "a"


@pytest.mark.rule("GU-65", "GU-T-11")
def test_carry_takes_the_catch_along() -> None:
    m = grapplers()
    m.rng.force([30, 95])
    m.submit(Grapple("a", "b"))
    a = m.state.creatures["a"]
    assert Carry("a", 2, 6) in m.legal_actions() and Carry("a", 2, 7) not in m.legal_actions()
    m.rng.force([20])                                           # +10 for 70 kg: 30 vs 40
    m.submit(Carry("a", 2, 6))
    b = m.state.creatures["b"]
    assert (a.x, a.y) == (b.x, b.y) == (2, 6) and holder_of(m.state, b).id == "a"


@pytest.mark.rule("GU-119", "GU-117")
def test_a_flier_whose_wings_fail_over_a_boulder_comes_down_beside_it() -> None:
    """Our reading (the document gives objects no height; terrain.LOW_OBJECT_M): a low object
    fills its square, so a creature falling onto one comes down on the nearest square where it
    can stand, with the fall's damage, never inside the boulder (it was left there)."""
    rows = ["." * 12] * 2 + ["..p" + "." * 9] + ["." * 12] * 5
    m = battle([{"id": "a", "entry": "gu_master_r1", "side": 0, "x": 2, "y": 2,
                 "overrides": {"altitude": 4, "gu": ["wind_wings", "moonlight"]}},
                {"id": "w", "entry": "wolf", "side": 1, "x": 10, "y": 6}], rows=rows)
    a = m.state.creatures["a"]
    a.sustained.append("wind_wings")
    m.edited()
    hp = a.hp
    events = m.submit(Detonate("a", "wind_wings")).events
    a = m.state.creatures["a"]
    assert a.altitude == 0 and hp - a.hp == 12               # the whole fall, as on open ground
    assert (a.x, a.y) != (2, 2)                                # not inside the boulder
    assert max(abs(a.x - 2), abs(a.y - 2)) == 1                # the nearest free square
    moved = [e for e in events if type(e).__name__ == "Moved" and e.mover == "a"]
    assert moved and moved[-1].path[-1] == (a.x, a.y) and moved[-1].forced

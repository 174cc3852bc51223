"""rpgstuck air under water on the map (RS-117, RS-118, SM-03, TV-54): a Knight standing in deep
water with CON -1 holds its breath no time at all, survives round 1, and drops to 0 HP and 0 temp
HP as its turn starts in round 2; one that leaves the water breathes again; a swimmer breathes
there; with lethal strife on, the next slot still under water kills it."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.systems.rpgstuck import air
from game.engine.systems.rpgstuck.actions import Move
from game.engine.systems.rpgstuck.events import Damaged, Killed
from tests.rpgstuck.engine_helpers import battle, of

ROWS = ["~~~.....", "~~~.....", "........"]


def in_water(con_score: int, **kw):
    scores = {"STR": 16, "DEX": 14, "CON": con_score, "INT": 10, "WIS": 12, "CHA": 10}
    return battle([("knight", "knight", 0, 1, 0), ("imp", "imp", 1, 7, 2),
                   ("scout", "scout", 0, 5, 2)], rows=ROWS,
                  content={"creatures": {"knight": {"scores": scores}}}, **kw)


def to_round(m, n: int) -> list:
    """End turns until round `n` has begun (the Knight's slot is the first); every event."""
    events: list = []
    while m.state.round < n and not m.over:
        events += m.submit(EndTurn()).events
    return events


@pytest.mark.rule("RS-117", "RS-118", "RS-TV-54")
def test_con_minus_one_under_water_drops_to_zero_as_round_two_begins():
    m = in_water(8, house={})                        # CON 8: modifier -1
    s = m.state
    k = s.creatures["knight"]
    k.temp_hp = 4
    m.edited()
    assert air.under_water(s, k)
    to_round(m, 1)
    b = air.breath(s, k)
    assert (b.held_until, b.survives_until, b.drops_at) == (0, 1, 2)   # TV-54's CON -1 line
    hp = k.hp
    events = to_round(m, 2)
    assert of(events, Damaged) == [Damaged("knight", hp, 0, "no air", 4, 0, hp + 4, 100)]
    assert k.status == "unconscious" and (k.hp, k.temp_hp) == (0, 0)
    assert s.acting.id == "imp" and not m.over        # its turn passed; the scout fights on


@pytest.mark.rule("RS-117", "RS-TV-54")
def test_con_plus_two_holds_thirty_rounds():
    m = in_water(14)                                 # CON 14: +2
    s = m.state
    to_round(m, 1)
    b = air.breath(s, s.creatures["knight"])
    assert (b.held_until, b.survives_until, b.drops_at) == (30, 32, 33)


@pytest.mark.rule("RS-117")
def test_leaving_the_water_breathes_again_and_a_swimmer_never_holds_its_breath():
    m = in_water(8)
    s = m.state
    k = s.creatures["knight"]
    to_round(m, 1)
    assert k.air_lost == 1
    m.submit(Move("knight", 4, 0))                   # out of the water
    to_round(m, 2)
    assert k.air_lost == 0 and k.up
    assert "air_lost" not in k.to_json()
    swim = battle([("hound", "hound", 0, 1, 0), ("imp", "imp", 1, 7, 2)], rows=ROWS,
                  content={"creatures": {"hound": {"speed": {"walk": 40, "swim": 30}}}})
    assert not air.under_water(swim.state, swim.state.creatures["hound"])


@pytest.mark.rule("RS-SM-03", "RS-118", "RS-SM-01")
def test_with_lethal_strife_the_next_slot_without_air_kills():
    m = in_water(8, house={"lethal": True})
    s = m.state
    to_round(m, 2)
    k = s.creatures["knight"]
    assert k.status == "unconscious"
    events: list = []
    while s.round < 3 and not m.over:
        events += m.submit(EndTurn()).events
    assert of(events, Killed) == [Killed("knight", "suffocation")] and k.status == "dead"


@pytest.mark.rule("RS-SM-03")
def test_without_lethal_strife_it_stays_at_zero():
    m = in_water(8, house={"lethal": False})
    s = m.state
    to_round(m, 2)
    while s.round < 4 and not m.over:
        m.submit(EndTurn())
    assert s.creatures["knight"].status == "unconscious"


@pytest.mark.rule("RS-118", "RS-B-27")
def test_the_last_creature_of_a_side_going_down_as_its_turn_begins_ends_the_battle():
    scores = {"STR": 16, "DEX": 14, "CON": 8, "INT": 10, "WIS": 12, "CHA": 10}
    m = battle([("knight", "knight", 0, 1, 0), ("imp", "imp", 1, 7, 2)], rows=ROWS,
               content={"creatures": {"knight": {"scores": scores}}})
    to_round(m, 2)
    assert m.over and m.winner == 1

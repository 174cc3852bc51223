"""Gems water and currents (GEM-18..20, GEM-GM-12) and flight (GEM-44..48, GEM-GM-23)."""
from __future__ import annotations

import pytest

from game.engine.events import DiceRolled
from game.engine.rules import IllegalAction
from game.engine.systems.gems import actions as A
from game.engine.systems.gems import events as ev
from game.engine.systems.gems.rules import altitude_cost

from .gemtools import end_turn, match, of, open_field, unit

WATER = {".": {}, "~": {"water": True, "current_dir": "E", "water_penalty": 3,
                        "current_threshold": 12},
         "w": {"water": True}}
LAKE = ["~~~~~~.", "~~~~~~.", "~~~~~~.", "~~~~~~.", "~~~~~~."]


def swim(ms=2, cpr=1, rows=LAKE, legend=WATER, house=None, at=(1, 2)):
    """The land gem acts first; the swimmer's turn (and water check) starts on EndTurn."""
    m = match(rows, [unit("land", 6, 0, side=1), unit("s", *at, ms=ms, cpr=cpr)],
              legend=legend, house=house)
    return m


@pytest.mark.rule("GEM-18")
@pytest.mark.rule("GEM-19")
@pytest.mark.rule("GEM-20")
@pytest.mark.rule("GEM-01")
@pytest.mark.rule("GEM-GM-12")
@pytest.mark.rule("GEM-GM-37")
def test_GEM_TV_22_failed_current_roll_drifts_one_east():
    m = swim()
    m.force_dice([11])
    events = end_turn(m)
    # no game-master seat: the call is settled by the map's values and logged as a ruling
    ruling = [e for e in events if e.kind == "ruling_made"][0]
    assert ruling.rule == "GEM-GM-12" and "12" in ruling.choice
    slowed = of(events, ev.WaterSlowed)[0]
    assert (slowed.penalty, slowed.ms) == (3, -1)
    roll = of(events, DiceRolled)[0]
    assert roll.roll.total == 12 and ("CPR", 1) in roll.roll.modifiers
    carried = of(events, ev.CurrentCarried)[0]
    assert (carried.direction, carried.distance, carried.moved) == ("E", 1, 1)
    assert (m.state.units["s"].x, m.state.units["s"].y) == (2, 2)
    assert not [a for a in m.legal_actions() if isinstance(a, A.Move)]   # MS -1: cannot walk


@pytest.mark.rule("GEM-19")
@pytest.mark.rule("GEM-20")
@pytest.mark.rule("GEM-GM-36")
def test_GEM_TV_23_roll_over_threshold_holds_her_place():
    m = swim()
    m.force_dice([12])
    events = end_turn(m)
    assert of(events, ev.CurrentResisted) and not of(events, ev.CurrentCarried)
    assert (m.state.units["s"].x, m.state.units["s"].y) == (1, 2)


@pytest.mark.rule("GEM-18")
@pytest.mark.rule("GEM-20")
def test_GEM_TV_24_ms_zero_means_no_roll_no_drift():
    m = swim(ms=3)
    events = end_turn(m)
    assert of(events, ev.WaterSlowed)[0].ms == 0
    assert not of(events, DiceRolled) and not of(events, ev.CurrentCarried)
    assert (m.state.units["s"].x, m.state.units["s"].y) == (1, 2)


@pytest.mark.rule("GEM-18")
def test_GEM_TV_25_one_land_neighbour_no_penalty():
    m = swim(at=(5, 2))                 # x = 6 is land next to her
    events = end_turn(m)
    assert not of(events, ev.WaterSlowed) and m.state.units["s"].ms_penalty == 0
    assert any(isinstance(a, A.Move) for a in m.legal_actions())


@pytest.mark.rule("GEM-GM-12")
def test_GM_12_tile_defaults_come_from_house_rules_and_drift_stops_before_full_tiles():
    rows = ["wwwwww.", "wwwwww.", "wwwwww.", "wwwwww.", "wwwwww."]
    m = swim(ms=2, rows=rows, house={"water_penalty": 5})
    events = end_turn(m)
    assert of(events, ev.WaterSlowed)[0].penalty == 5
    assert not of(events, DiceRolled)           # still water: no current to fight
    # a current into a full tile: she stays put
    legend = dict(WATER)
    m2 = match(LAKE, [unit("land", 6, 0, side=1), unit("x1", 2, 2, side=1),
                      unit("x2", 2, 2, side=1), unit("s", 1, 2, ms=0, cpr=0)],
               legend=legend, setup_dice=[20, 3, 2, 1])
    assert m2.state.order[-1] == "s"
    end_turn(m2)
    end_turn(m2)                                # x1 and x2 keep MS 1 in the water: no roll
    m2.force_dice([1])
    events = end_turn(m2)
    assert m2.decision.actor == "s"
    assert of(events, ev.CurrentCarried)[0].moved == 0 and not m2.rng.forced
    assert (m2.state.units["s"].x, m2.state.units["s"].y) == (1, 2)


class _Flier:
    def __init__(self, fms: int):
        self.fms = fms


@pytest.mark.rule("GEM-44")
@pytest.mark.rule("GEM-45")
@pytest.mark.rule("GEM-46")
def test_GEM_TV_47_fms_four():
    assert [altitude_cost(_Flier(4), d, False) for d in (4, 5, 6, 7)] == [0, 1, 1, 2]


@pytest.mark.rule("GEM-45")
@pytest.mark.rule("GEM-46")
def test_GEM_TV_48_fms_three():
    assert [altitude_cost(_Flier(3), d, False) for d in (4, 5)] == [1, 2]     # 4 <= 4.5 < 5


@pytest.mark.rule("GEM-44")
@pytest.mark.rule("GEM-46")
def test_GEM_TV_49_fms_one_skips_the_one_slot_band():
    assert [altitude_cost(_Flier(1), d, False) for d in (1, 2)] == [0, 2]


@pytest.mark.rule("GEM-44")
@pytest.mark.rule("GEM-45")
@pytest.mark.rule("GEM-46")
@pytest.mark.rule("GEM-GM-23")
def test_flier_changes_altitude_through_the_door():
    def flier():
        return match(open_field(), [unit("f", 1, 1, sheet="iolite"), unit("foe", 7, 7, side=1)],
                     elevation=["90000000"] + ["00000000"] * 7)
    m = flier()
    events = m.submit(A.ChangeAltitude("f", 4)).events
    assert of(events, ev.AltitudeChanged)[0].slots == 0 and m.state.slots == 2
    m.submit(A.ChangeAltitude("f", 6))          # GM-23: the free change is used up: 1 slot
    assert m.state.slots == 1 and m.state.units["f"].altitude == 6
    m = flier()
    m.submit(A.ChangeAltitude("f", 7))
    assert m.state.slots == 0
    m = flier()
    m.submit(A.ChangeAltitude("f", 5))
    assert m.state.slots == 1
    m = match(open_field(), [unit("f", 1, 1, sheet="iolite"), unit("foe", 7, 7, side=1)],
              elevation=["90000000"] + ["00000000"] * 7, house={"flight_free_change": "unlimited"})
    m.submit(A.ChangeAltitude("f", 4))
    m.submit(A.ChangeAltitude("f", 8))
    assert m.state.slots == 2


@pytest.mark.rule("GEM-48")
@pytest.mark.rule("GEM-GM-23")
def test_GEM_48_flight_ignores_ground_climb_limits_and_fliers_take_no_fall_damage():
    rows = open_field(6, 3)
    elev = ["005500", "005500", "005500"]
    m = match(rows, [unit("f", 0, 1, sheet="iolite"), unit("foe", 5, 2, side=1)], elevation=elev)
    assert A.Climb("f", (2, 1)) not in m.legal_actions()        # 5 up: not on foot
    m.submit(A.ChangeAltitude("f", 5))                           # 5 > FMS 4: one slot
    assert m.state.slots == 1
    m.submit(A.Fly("f", (3, 1)))
    f = m.state.units["f"]
    assert (f.x, f.y, f.altitude) == (3, 1, 5)
    end_turn(m)
    end_turn(m)
    events = m.submit(A.Fly("f", (5, 1))).events                # off the plateau, still at 5
    events += m.submit(A.ChangeAltitude("f", 0)).events          # 5 down: 1 slot, no fall damage
    assert of(events, ev.AltitudeChanged)[0].landed
    assert not of(events, ev.UnitFell) and m.state.units["f"].hp == 20
    assert m.state.units["f"].altitude is None


@pytest.mark.rule("GEM-47")
@pytest.mark.rule("GEM-GM-23")
def test_GEM_47_fliers_hover_over_water_without_penalty():
    m = match(["~~~~~~.", "~~~~~~.", "~~~~~~."],
              [unit("land", 6, 0, side=1), unit("f", 6, 2, sheet="iolite")], legend=WATER)
    end_turn(m)
    m.submit(A.ChangeAltitude("f", 1))
    m.submit(A.Fly("f", (2, 1)))
    end_turn(m)
    events = end_turn(m)
    assert m.decision.actor == "f"
    assert not of(events, ev.WaterSlowed) and not of(events, DiceRolled)
    assert (m.state.units["f"].x, m.state.units["f"].y) == (2, 1)


def test_non_fliers_cannot_fly():
    m = match(open_field(), [unit("a", 1, 1), unit("foe", 7, 7, side=1)])
    assert not [a for a in m.legal_actions() if isinstance(a, (A.Fly, A.ChangeAltitude))]
    with pytest.raises(IllegalAction, match="cannot fly"):
        m.submit(A.ChangeAltitude("a", 2))


@pytest.mark.rule("GEM-45")
@pytest.mark.rule("GEM-46")
@pytest.mark.rule("GEM-GM-23")
def test_on_a_flat_board_a_flier_can_use_every_flight_band():
    """No cap of FMS above the highest ground: iolite (FMS 4) on flat ground rises 5 for one
    slot (GEM-45) or 7 for two (GEM-46), and the legal list offers those heights."""
    def flat():
        return match(open_field(), [unit("f", 1, 1, sheet="iolite"), unit("foe", 7, 7, side=1)])
    m = flat()
    heights = {a.altitude for a in m.legal_actions() if isinstance(a, A.ChangeAltitude)}
    assert {4, 5, 6, 7, 12} <= heights
    m.submit(A.ChangeAltitude("f", 5))
    assert m.state.slots == 1 and m.state.units["f"].altitude == 5
    m = flat()
    m.submit(A.ChangeAltitude("f", 7))
    assert m.state.slots == 0 and m.state.units["f"].altitude == 7


@pytest.mark.rule("GEM-GM-23")
def test_a_map_sets_where_the_sky_ends_and_a_wrong_value_is_refused():
    from game.engine.match import Match
    from game.engine.rules import ConfigError, MatchConfig
    from game.engine.systems.gems.rules import SKY_ABOVE_GROUND, flight_ceiling
    m = match(open_field(), [unit("f", 1, 1, sheet="iolite"), unit("foe", 7, 7, side=1)])
    assert flight_ceiling(m.state) == SKY_ABOVE_GROUND
    low = Match.new(MatchConfig("gems", seed=1, setup={
        "grid": {"rows": open_field(), "flight_ceiling": 6},
        "units": [unit("f", 1, 1, sheet="iolite"), unit("foe", 7, 7, side=1)]},
        setup_dice=[20, 1]))
    heights = {a.altitude for a in low.legal_actions() if isinstance(a, A.ChangeAltitude)}
    assert max(heights) == 6
    with pytest.raises(IllegalAction, match="ends at altitude 6"):
        low.submit(A.ChangeAltitude("f", 7))
    with pytest.raises(ConfigError, match="flight_ceiling"):
        Match.new(MatchConfig("gems", seed=1, setup={
            "grid": {"rows": open_field(), "elevation": ["3" * 8] * 8, "flight_ceiling": 2},
            "units": [unit("f", 1, 1, sheet="iolite"), unit("foe", 7, 7, side=1)]}))

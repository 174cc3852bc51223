"""Flying over what stands on the map (GU-31, GU-33, GU-X-15): a low object (a boulder, crate,
fence or log: a partial-cover tile) stands LOW_OBJECT_M high, so a flier whose feet are at
least that far above its square's floor passes over it; walls and full-cover objects (rock
spires, hut walls) stop a flight at any height. Nothing lands or dives onto an object."""
from __future__ import annotations

import pytest

from game.engine.systems.gu_masters import flight, terrain
from game.engine.systems.gu_masters.maneuvers import Dive, Fly, Land
from game.engine.systems.gu_masters.terrain import Ground

from .test_adv_map import battle

#            0123456789
ROWS = ["..........",
        "..p.......",          # a boulder at (2, 1)
        "..F.......",          # a rock spire at (2, 2)
        ".........."]


@pytest.mark.rule("GU-31", "GU-X-15")
def test_a_flight_passes_over_a_boulder_but_not_through_a_spire():
    ground = Ground.from_rows(ROWS)
    assert terrain.LOW_OBJECT_M == 1
    for alt in (1, 5, 10):                                # the reported 5-10 m, and just over
        assert flight.fly_path(ground, (0, 1), alt, (4, 1), alt, 10) is not None, alt
        assert flight.fly_path(ground, (0, 2), alt, (4, 2), alt, 10) is None, alt
    # hovering over the boulder is fine; diving onto it is not
    assert flight.fly_path(ground, (0, 1), 5, (2, 1), 5, 10) == [((1, 1), 5), ((2, 1), 5)]
    assert flight.dive_path(ground, (0, 1), 5, (2, 1), 0, 15, 8) is None
    assert flight.dive_path(ground, (0, 1), 5, (2, 1), 1, 15, 8) is not None


def flier_at(x: int, y: int, altitude: int):
    m = battle([{"id": "a", "entry": "gu_master_r1", "side": 0, "x": x, "y": y,
                 "overrides": {"altitude": altitude}},
                {"id": "w", "entry": "wolf", "side": 1, "x": 9, "y": 3}], rows=ROWS)
    m.state.creatures["a"].sustained.append("wind_wings")         # flying speed 8
    m.edited()
    return m


@pytest.mark.rule("GU-31", "GU-33", "GU-X-15")
def test_on_the_map_a_flier_crosses_a_boulder_and_cannot_land_on_it():
    m = flier_at(0, 1, 5)
    legal = m.legal_actions()
    assert Fly("a", 4, 1, 5) in legal                     # straight over the boulder
    assert Fly("a", 2, 1, 5) in legal                     # or stop above it
    assert Fly("a", 4, 2, 5) not in legal                 # the spire still stands in the way
    assert Dive("a", 2, 1, 0) not in legal and Dive("a", 2, 1, 1) in legal
    m.submit(Fly("a", 2, 1, 5))
    a = m.state.creatures["a"]
    assert (a.x, a.y, a.altitude) == (2, 1, 5)
    assert Land("a") not in m.legal_actions()             # no standing inside a boulder
    why = m.system.validate(m.state, Land("a"))
    assert why is not None and why.rule == "GU-GM-24"


@pytest.mark.rule("GU-33", "GU-36")
def test_a_dive_that_ends_over_a_boulder_may_only_rise():
    from game.engine.systems.gu_masters.maneuvers import AFTER_DIVE, DIVE_FINISH, DiveFinish, \
        DiveStrike
    m = flier_at(0, 1, 5)
    m.force_dice([5])                                     # the dive's Flying test passes
    m.submit(Dive("a", 2, 1, 1))
    if m.decision.stage == AFTER_DIVE:
        m.submit(DiveStrike("a"))
    assert m.decision.stage == DIVE_FINISH
    assert [x for x in m.legal_actions() if isinstance(x, DiveFinish)] == [DiveFinish("a", False)]
    assert m.system.validate(m.state, DiveFinish("a", True)) is not None

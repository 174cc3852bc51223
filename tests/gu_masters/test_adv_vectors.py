"""gu_masters flight vectors at the level of numbers: a failed dive (GU-T-13) and a creature
made airborne with and without flight (GU-T-42), the flight and falling modules together."""
from __future__ import annotations

import pytest

from game.engine.systems.gu_masters import flight
from game.engine.systems.gu_masters.falling import (
    airborne_drift, dive_allowed, dive_failure, fall_damage, free_fall,
)


@pytest.mark.rule("GU-32", "GU-34", "GU-T-13")
def test_failed_dives() -> None:
    low = dive_failure(8, 6)
    assert (low.landed, low.damage, low.altitude) == (True, 24, 0)
    high = dive_failure(8, 12)
    assert (high.landed, high.damage, high.altitude) == (False, 0, 4)
    assert dive_failure(8, 8).damage == 32
    assert not dive_allowed(4) and flight.refusal("dive", 8, True, 4)[1] == "GU-32"


@pytest.mark.rule("GU-118", "GU-119", "GU-117", "GU-T-42")
def test_knocked_off_a_ledge() -> None:
    fall = free_fall(4)
    assert fall.landed and fall_damage(fall.dropped) == 12        # no flying speed
    wings = flight.choose_wings([flight.Wings("wind_wings", 8, 2)])
    assert airborne_drift(wings.speed) == 4                        # may fly 4 m instead
    far = free_fall(1200)
    assert (far.dropped, far.remaining, far.landed) == (500, 700, False)

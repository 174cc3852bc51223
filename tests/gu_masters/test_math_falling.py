"""gu_masters falls, failed dives, airborne creatures and breath."""
from __future__ import annotations

import pytest

from game.engine.systems.gu_masters.damage import Defender, take
from game.engine.systems.gu_masters.falling import (
    airborne_drift, breath_state, breath_turns, dive_allowed, dive_failure, dive_reach,
    fall_damage, fall_hit, free_fall,
)


@pytest.mark.rule("GU-117", "GU-GM-27", "GU-T-12")
def test_fall_damage_per_meter() -> None:
    assert [fall_damage(m) for m in (2, 3, 10)] == [0, 9, 30]
    assert [fall_damage(m, fall_mode="excess") for m in (2, 3, 10)] == [0, 3, 24]
    assert fall_hit(2) is None
    hit = fall_hit(4)
    assert hit is not None and (hit.amount, hit.type, hit.rank) == (12, "force", 0)   # GU-T-42
    with pytest.raises(ValueError):
        fall_damage(5, fall_mode="half")


@pytest.mark.rule("GU-32", "GU-33", "GU-34", "GU-T-13")
def test_dive_failure_and_reach() -> None:
    low = dive_failure(8, 6)
    assert (low.dropped, low.altitude, low.landed, low.damage) == (6, 0, True, 24)
    high = dive_failure(8, 12)
    assert (high.altitude, high.landed, high.damage, high.hit()) == (4, False, 0, None)
    assert dive_failure(8, 8).damage == 32
    assert not dive_allowed(4) and dive_allowed(5)
    assert dive_reach(8, 20) == dive_reach(8, 20).__class__(20, 8)
    assert dive_reach(8, 30).down == 24


@pytest.mark.rule("GU-118", "GU-T-42")
def test_airborne_with_flight_drifts_half_its_speed() -> None:
    assert airborne_drift(8) == 4 and airborne_drift(9) == 4


@pytest.mark.rule("GU-119")
def test_airborne_without_flight_falls_500_at_a_time() -> None:
    first = free_fall(1200)
    assert (first.dropped, first.remaining, first.landed) == (500, 700, False)
    second = free_fall(first.remaining)
    third = free_fall(second.remaining)
    assert (second.remaining, third.dropped, third.landed) == (200, 200, True)
    assert free_fall(4).landed
    assert take(fall_hit(1200), Defender(60, 60)).instant_death     # 3600 from one fall


@pytest.mark.rule("GU-40", "GU-T-21")
def test_breath() -> None:
    assert breath_turns(45) == 24
    assert breath_state(45, 23) == "fine"
    assert breath_state(45, 24) == "unconscious"
    assert breath_state(45, 47) == "unconscious"
    assert breath_state(45, 48) == "dead"
    assert breath_state(5, 0) == "fine"

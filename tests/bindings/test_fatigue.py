"""Prolonged binding (BND-103..106, BND-GM-32, BND-T-27): a tracker outside battles."""
from __future__ import annotations

import pytest

from game.engine.events import DiceRolled
from game.engine.rng import Rng
from game.engine.systems.bindings import fatigue
from game.engine.systems.bindings.events import FatigueChecked


def _rng(*faces: int) -> Rng:
    r = Rng.from_seed(1)
    r.force(list(faces))
    return r


@pytest.mark.rule("BND-103")
@pytest.mark.rule("BND-104")
@pytest.mark.rule("BND-106")
@pytest.mark.rule("BND-T-27")
def test_hourly_checks_escalate_and_a_failure_exhausts():
    f = fatigue.Fatigue("aero", str_mod=1)
    assert fatigue.start(f)
    out = fatigue.hour_passed(f, _rng(4, 5))
    check = [e for e in out if isinstance(e, FatigueChecked)][0]
    assert (check.hour, check.dc, check.total, check.passed) == (1, 10, 10, True)
    assert f.dc == 12 and f.binding
    out = fatigue.hour_passed(f, _rng(5, 5))
    check = [e for e in out if isinstance(e, FatigueChecked)][0]
    assert (check.hour, check.dc, check.total, check.passed) == (2, 12, 11, False)
    assert not f.binding and f.exhausted
    assert not fatigue.start(f)                 # exhausted: no more prolonged binding
    with pytest.raises(ValueError):
        fatigue.hour_passed(f, _rng(6, 6))


@pytest.mark.rule("BND-105")
@pytest.mark.rule("BND-T-27")
def test_night_rest_resets_the_dc():
    f = fatigue.Fatigue("aero", str_mod=1, dc=14, exhausted=True)
    fatigue.night_rest(f)
    assert f.dc == 10 and not f.exhausted and fatigue.start(f)
    out = fatigue.hour_passed(f, _rng(4, 5))
    assert [e.dc for e in out if isinstance(e, FatigueChecked)] == [10]


@pytest.mark.rule("BND-GM-32")
@pytest.mark.rule("BND-105")
def test_a_break_resets_the_hours_but_not_the_dc():
    f = fatigue.Fatigue("petra", str_mod=3)
    fatigue.start(f)
    fatigue.hour_passed(f, _rng(6, 6))
    fatigue.hour_passed(f, _rng(6, 6))
    assert (f.hours, f.dc) == (2, 14)
    fatigue.take_break(f)
    assert (f.hours, f.dc, f.binding) == (0, 14, False)
    fatigue.start(f)
    out = fatigue.hour_passed(f, _rng(5, 5))       # 13 against 14: fails
    check = [e for e in out if isinstance(e, FatigueChecked)][0]
    assert (check.hour, check.dc, check.passed) == (1, 14, False)


def test_rolls_are_reported_and_edges_add_or_subtract_3d6():
    f = fatigue.Fatigue("x", str_mod=0)
    fatigue.start(f)
    out = fatigue.hour_passed(f, _rng(1, 1, 3, 3, 3), edge="advantage")
    assert len([e for e in out if isinstance(e, DiceRolled)]) == 2
    assert [e.total for e in out if isinstance(e, FatigueChecked)] == [11]
    f2 = fatigue.Fatigue("y", str_mod=0, dc=2)
    fatigue.start(f2)
    out = fatigue.hour_passed(f2, _rng(6, 6, 2, 2, 2), edge="disadvantage")
    assert [e.total for e in out if isinstance(e, FatigueChecked)] == [6]
    assert fatigue.Fatigue.from_json(f2.to_json()) == f2

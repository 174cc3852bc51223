"""Pratfall (B-21): two creatures yanked toward each other by one attack; the pooled impact of
TV-59 is a scenario file (tests/scenarios/rpgstuck/tv59_*)."""
from __future__ import annotations

import pytest

from game.engine.rules import IllegalAction
from game.engine.systems.rpgstuck.actions import Attack
from game.engine.systems.rpgstuck.events import Damaged, Moved
from tests.rpgstuck.engine_helpers import battle, of

BIG = {"hp": 60, "max_hp": 60}


def _match():
    return battle([("brawler", "brawler", 0, 2, 2), ("a", "imp", 1, 1, 1), ("b", "imp", 1, 4, 1)],
                  overrides={"a": BIG, "b": BIG})


@pytest.mark.rule("RS-B-21")
def test_pratfall_names_two_different_creatures():
    m = _match()
    falls = [a for a in m.legal_actions() if isinstance(a, Attack) and a.ability == "pratfall"]
    assert falls == [Attack("brawler", "pratfall", ((1, 1), (4, 1)))]
    with pytest.raises(IllegalAction, match="RS-B-21"):
        m.submit(Attack("brawler", "pratfall", ((1, 1), (1, 1))))


@pytest.mark.rule("RS-B-21", "RS-119")
def test_one_hit_pulls_that_creature_alone_into_the_other():
    """The roll against b misses: only a is pulled, into b, which was not hit and so does not
    share the impact (RS-119): a takes its own 1 P."""
    m = _match()
    m.rng.force([15, 1])
    events = m.submit(Attack("brawler", "pratfall", ((1, 1), (4, 1)))).events
    assert [(e.mover, e.path) for e in of(events, Moved)] == [("a", ((2, 1), (3, 1)))]
    assert [(e.victim, e.amount) for e in of(events, Damaged)] == [("a", 2)]
    assert m.state.creatures["b"].hp == 60


@pytest.mark.rule("RS-B-21")
def test_a_miss_on_both_moves_nobody_and_the_forecast_counts_no_damage():
    from game.engine.systems.rpgstuck import forecast
    m = _match()
    st = m.state
    f = forecast.predict(st, st.creatures["brawler"], "pratfall", st.creatures["a"])
    assert 0 < f.hit < 1 and f.expected == 0 and f.drop == 0
    m.rng.force([1, 1])
    events = m.submit(Attack("brawler", "pratfall", ((1, 1), (4, 1)))).events
    assert not of(events, Moved) and not of(events, Damaged)

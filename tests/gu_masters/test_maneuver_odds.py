"""The odds the battle screen shows before a Flying or Athletics test (forecast.py), checked
against the engine rolling the same test with forced dice: a dive's Flying test and what a
failed one does (GU-33/34), an Evade's and a landing's Flying test (GU-35/36), a grapple's and
a break-free's opposed Athletics (GU-62/68, a full tie keeps things as they are) and a carry's
Athletics with the weight's penalty (GU-65)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from game.engine.systems.gu_masters import forecast
from game.engine.systems.gu_masters.grips import Carry, Grapple
from game.engine.systems.gu_masters.maneuvers import Dive, TakeFlight
from tests.gu_masters.test_engine_slice import man, match


def flier(flying: int = 55):
    m = match([man("a", 0, 1, 1, sustained=["wind_wings"], skills={"Flying": flying}),
               man("b", 1, 6, 3)], initiative=["a", "b"])
    m.submit(TakeFlight("a", "wind_wings"))               # up 4 m: a dive needs 5 (GU-32)
    return m


@pytest.mark.rule("GU-33", "GU-34", "GU-01")
def test_the_dive_forecast_is_the_flying_test_the_engine_rolls():
    m = flier(55)
    a = m.state.creatures["a"]
    a.altitude = 8                                        # set-up height for the dive
    f = forecast.dive_forecast(m.state, a)
    assert f.flying == 55 and f.succeeds == Fraction(55, 100)
    # Wind Wings fly 8 m: from 8 m up a failed dive drops all 8 m to the ground, 4 a metre
    assert (f.fail_drop, f.fail_lands, f.fail_damage) == (8, True, 32)
    dive = next(x for x in m.legal_actions() if isinstance(x, Dive))
    m.force_dice([56])                                    # one over the skill: a failure
    m.submit(dive)
    assert a.altitude == 0 and a.hp == a.max_hp - 32


@pytest.mark.rule("GU-36")
def test_the_flying_forecast_counts_a_restrained_flier_as_failing():
    m = flier(55)
    a = m.state.creatures["a"]
    assert forecast.flying_forecast(m.state, a).succeeds == Fraction(55, 100)
    from game.engine.systems.gu_masters.state import Status
    a.statuses.append(Status("restrained", 0, -1, "test"))
    assert forecast.flying_forecast(m.state, a).succeeds == 0


@pytest.mark.rule("GU-62", "GU-68", "GU-GM-07")
def test_grapple_odds_are_the_opposed_athletics_with_the_tie_to_the_target():
    m = match([man("a", 0, 1, 1, skills={"Athletics": 50}), man("b", 1, 2, 1,
                                                                 skills={"Athletics": 50})],
              initiative=["a", "b"])
    a, b = m.state.creatures["a"], m.state.creatures["b"]
    p = forecast.grapple_odds(m.state, a, b)
    assert 0 < p < Fraction(1, 2)                 # equal skills: the ties go to the target
    assert forecast.break_free_odds(m.state, b, a) == p
    m.force_dice([30, 30])                        # the same die and degrees: a full tie
    m.submit(Grapple("a", "b"))
    assert not b.has("restrained")


@pytest.mark.rule("GU-65")
def test_carry_odds_take_the_weight_penalty():
    m = match([man("a", 0, 1, 1, skills={"Athletics": 50}), man("b", 1, 2, 1)],
              initiative=["a", "b"])
    a, b = m.state.creatures["a"], m.state.creatures["b"]
    m.force_dice([10, 90])
    m.submit(Grapple("a", "b"))
    assert b.has("restrained")
    # +10 a full 50 kg: a Medium Gu Master's weight puts the carry test above plain Athletics
    from game.engine.systems.gu_masters import grapple
    pen = grapple.carry_penalty(b.weight)
    assert pen > 0
    assert forecast.carry_odds(m.state, a, b) == Fraction(50 - pen, 100)
    carry = next(x for x in m.legal_actions() if isinstance(x, Carry))
    m.force_dice([50 - pen + 1])                  # one over: the carry fails, nobody moves
    m.submit(carry)
    assert (a.x, a.y) == (1, 1)


@pytest.mark.rule("GU-13", "GU-GM-04")
def test_hide_odds_are_every_watcher_failing_its_awareness():
    from game.engine.systems.gu_masters.hiding import Hide
    m = match([man("a", 0, 1, 1, sustained=["metal_skin"]), man("b", 1, 4, 1),
               man("c", 1, 4, 3)], initiative=["a", "b", "c"])
    a = m.state.creatures["a"]
    for o in ("b", "c"):
        m.state.creatures[o].skills["Awareness"] = 40
    a.sustained.append("shadow_veil")          # Awareness +40 to notice it: 40 + 40 -> 0
    n, p = forecast.hide_odds(m.state, a)
    # a test at 0 succeeds only on a critical (1..5): each watcher misses it 95 times in 100
    assert n == 2 and p == Fraction(95, 100) ** 2
    m.force_dice([5, 6])                        # b's critical notices it
    m.submit(Hide("a"))
    assert not a.hidden

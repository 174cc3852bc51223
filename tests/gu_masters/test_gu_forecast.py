"""gu_masters forecast with Gu: a shield Gu counted as the defender's best reaction (GU-80),
and the forecast of a Gu aimed at a creature agreeing with the Gu itself."""
from __future__ import annotations

from fractions import Fraction

import pytest

from game.engine.systems.gu_masters import forecast
from game.engine.systems.gu_masters.actions import TAKE, Activate, React
from game.engine.systems.gu_masters.events import Damaged

from .test_gu_activate import events_of, man, match


@pytest.mark.rule("GU-80", "GU-X-09")
def test_a_shield_that_takes_the_whole_blow_is_the_best_reaction():
    m = match([man("a", 0, 1, 1), man("b", 1, 2, 1)])
    s = m.state
    f = forecast.strike_forecast(s, s.creatures["a"], s.creatures["b"], "weapon", "sword")
    assert "shield" not in f.reactions and f.shield == "stone_shell"   # odds weigh the rest
    assert f.landing.dealt == 0 and f.bare is not None and f.bare.dealt == 9
    assert f.hit == f.odds.roll_hits and f.drop == 0
    # without the essence for it the shield is not on offer: dodge or parry are weighed
    s.creatures["b"].essence = 0
    m.edited()
    f = forecast.strike_forecast(s, s.creatures["a"], s.creatures["b"], "weapon", "sword")
    assert f.shield == "" and f.bare is None and f.hit == f.odds.after_best
    assert f.landing.dealt == 9


@pytest.mark.rule("GU-80", "GU-98")
def test_a_gu_forecast_agrees_with_the_gu():
    m = match([man("a", 0, 1, 1, gu=["heart_thorn", "moonlight"]), man("b", 1, 5, 1)])
    s = m.state
    a, b = s.creatures["a"], s.creatures["b"]
    f = forecast.gu_forecast(s, a, b, "heart_thorn")
    assert f.skill == "Ranged Attack" and f.target_number == 45 and f.shield == ""  # direct
    assert f.odds.roll_hits == Fraction(45, 100)
    m.force_dice([20])
    m.submit(Activate("a", "heart_thorn", "b"))
    out = m.submit(React("b", TAKE))
    assert events_of(out, Damaged)[0].amount == f.landing.dealt == 6
    f = forecast.gu_forecast(s, a, b, "moonlight")
    assert f.shield == "stone_shell" and f.landing.dealt == 0 and f.bare.dealt == 8


@pytest.mark.rule("GU-80")
def test_the_hover_names_the_shield_gu_as_the_best_answer_with_what_it_takes():
    from game.client.systems.gu_masters.presenter import GuMastersPresenter
    from game.engine.systems.gu_masters.actions import Strike
    m = match([man("a", 0, 1, 1), man("b", 1, 2, 1)])
    p = GuMastersPresenter(m)
    words = p.strike_forecast([Strike("a", "b", "weapon", "sword")])
    line = next(x for x in words.split("\n") if x.startswith("After a reaction: "))
    assert "shield gu takes 9" in line and line.endswith(f"best: shield Gu {p.gu_name('stone_shell')}")

"""gu_masters bots weigh a blow by its average landing and count a finish: a plain strike at a
foe with no shield is worth HP, a strike at a foe in final stand at 0 HP is worth its chance
to drop it, and an area is weighed by the foes it catches less the friends."""
from __future__ import annotations

import pytest

from game.engine.match import Match
from game.engine.systems.gu_masters import forecast
from game.engine.systems.gu_masters.ai import GuBot
from game.engine.systems.gu_masters.system import GU_MASTERS


def _pair():
    m = Match.new(GU_MASTERS.example_config(1))
    view = m.view(0)
    me = next(c for c in view.creatures.values() if c.side == 0)
    foe = next(c for c in view.creatures.values() if c.side == 1)
    return view, me, foe


def test_a_landing_is_weighed_halfway_between_its_lowest_and_highest_dice():
    view, me, foe = _pair()
    f = forecast.strike_forecast(view, me, foe, "punch")
    land = f.bare or f.landing
    assert land.dealt <= land.dealt_mean <= max(land.dealt, land.dealt_max)
    assert land.dealt_max >= land.dealt


@pytest.mark.rule("GU-94")
def test_a_foe_in_final_stand_is_worth_a_blow():
    view, me, foe = _pair()
    foe.hp, foe.condition = 0, "final_stand"
    f = forecast.strike_forecast(view, me, foe, "punch")
    assert f.landing.dealt == 0                  # no HP left to take
    bot = GuBot("t")
    worth = bot._worth(f, foe)
    assert worth == pytest.approx(float(f.drop + f.dying + f.dead) * foe.max_hp * 0.5)
    assert worth > 0.0

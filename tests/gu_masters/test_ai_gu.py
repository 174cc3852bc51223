"""gu_masters bots with Gu: a bot answers a hit with the shield Gu when the engine's forecast
says it leaves the least to lose, and aims a damage Gu at a foe out of its weapon's reach."""
from __future__ import annotations

import pytest

from game.engine.rng import Rng
from game.engine.systems.gu_masters import forecast
from game.engine.systems.gu_masters.actions import SHIELD, Activate, React, Strike
from game.engine.systems.gu_masters.ai import GuBot

from .test_gu_activate import man, match


@pytest.mark.rule("GU-80", "GU-79")
def test_a_bot_raises_the_shield_gu_the_forecast_calls_best():
    m = match([man("a", 0, 1, 1), man("b", 1, 2, 1)])
    s = m.state
    assert forecast.strike_forecast(s, s.creatures["a"], s.creatures["b"], "weapon",
                                    "sword").shield == "stone_shell"
    m.force_dice([5])                                   # a sure hit for a's sword
    m.submit(Strike("a", "b", "weapon", "sword"))
    assert m.decision.seat == 1
    legal = m.legal_actions()
    assert React("b", SHIELD, "stone_shell") in legal
    assert GuBot("t").choose(m.view(1), legal, Rng.from_seed(1)) == React("b", SHIELD,
                                                                          "stone_shell")


@pytest.mark.rule("GU-42")
def test_a_bot_aims_a_damage_gu_at_a_foe_beyond_its_reach():
    m = match([man("a", 0, 1, 1, gu=["heart_thorn", "moonlight"]), man("b", 1, 5, 1)])
    legal = m.legal_actions()
    assert not any(isinstance(a, Strike) for a in legal)       # 4 m away: no blade reaches
    got = GuBot("t").choose(m.view(0), legal, Rng.from_seed(1))
    assert isinstance(got, Activate) and got.target == "b"
    assert got in legal and got.gu == "heart_thorn"     # moonlight would meet the shield

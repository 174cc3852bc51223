"""gu_masters hard bot: what it does beyond normal (ai.TRAITS), each on a small board through
the engine's forecast."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.rng import Rng
from game.engine.systems.gu_masters import ai, forecast
from game.engine.systems.gu_masters.actions import Strike
from game.engine.systems.gu_masters.ai import GuBot

from .test_gu_activate import man, match


def _fresh(bot: GuBot) -> GuBot:
    bot._memo, bot._kept = {}, []
    return bot


def test_hard_is_normal_with_every_trait_and_normal_has_none():
    assert GuBot("t").traits == frozenset()
    assert GuBot("t", hard=True).traits == ai.HARD == frozenset(ai.TRAITS)


def test_danger_weighs_the_foe_that_could_do_more_harm_next_turn():
    # two foes side by side at full HP: the moon captain (a sword, a dagger and ranged Gu)
    # could take more of a's HP next turn than the plain Gu master beside it
    m = match([man("a", 0, 2, 1), man("f", 1, 3, 1, "moon_captain"), man("h", 1, 3, 2)])
    view = m.view(0)
    a, f, h = (view.creatures[k] for k in "afh")
    plain = _fresh(GuBot("t"))
    assert plain._focus(view, a, f) == plain._focus(view, a, h) == 1.0
    hard = _fresh(GuBot("t", traits=frozenset({"danger"})))
    assert hard._danger(view, f) > hard._danger(view, h) > 0.0
    assert hard._focus(view, a, f) > hard._focus(view, a, h)
    # normal strikes the Gu master (the likelier blow), hard the captain
    legal = [x for x in m.legal_actions()
             if isinstance(x, EndTurn) or isinstance(x, Strike) and not x.part]
    assert {x.target for x in legal if isinstance(x, Strike)} == {"f", "h"}
    assert GuBot("t").choose(view, legal, Rng.from_seed(1)).target == "h"
    assert GuBot("t", hard=True).choose(view, legal, Rng.from_seed(1)).target == "f"


@pytest.mark.rule("GU-94")
def test_hard_weighs_a_knock_out_higher_and_doubles_a_likely_one():
    m = match([man("a", 0, 2, 1), man("b", 1, 3, 1)])
    view = m.view(0)
    a, b = view.creatures["a"], view.creatures["b"]
    b.hp, b.condition = 0, "final_stand"       # a blow that lands may drop it (GU-94)
    f = forecast.strike_forecast(view, a, b, "punch")
    assert f.drop + f.dying + f.dead > 0
    plain, hard = _fresh(GuBot("t")), _fresh(GuBot("t", traits=frozenset({"finish"})))
    out = float(f.drop + f.dying + f.dead) * b.max_hp
    assert hard._worth(f, b) - plain._worth(f, b) == pytest.approx(
        out * (ai.FINISH_HARD - ai.FINISH))
    punch = Strike("a", "b", "punch")
    doubled = _fresh(GuBot("t", traits=frozenset({"double_finish"})))
    assert doubled._strike_score(view, a, punch, Rng.from_seed(1)) == pytest.approx(
        2.0 * _fresh(GuBot("t"))._strike_score(view, a, punch, Rng.from_seed(1)))

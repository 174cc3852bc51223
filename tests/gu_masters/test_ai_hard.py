"""gu_masters hard bot: what it does beyond normal (ai.TRAITS), each on a small board through
the engine's forecast."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.ai.base import run_thinking
from game.engine.rng import Rng
from game.engine.systems.gu_masters import ai, forecast
from game.engine.systems.gu_masters.actions import DODGE, TAKE, React, Strike
from game.engine.tactics import pending
from game.engine.systems.gu_masters.ai import GuBot

from .test_gu_activate import man, match


def _fresh(bot: GuBot) -> GuBot:
    bot._memo, bot._kept = {}, []
    return bot


def _activations(bot: GuBot, view, me, legal: list) -> dict:
    """The bot's score of each damage Gu in `legal` (its weighing thought to the end)."""
    return {a: score for score, a in run_thinking(bot._activations(view, me, legal,
                                                                   Rng.from_seed(1)))}


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
    b.essence = 0                              # no Stone Shell to raise against it
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


@pytest.mark.rule("GU-84", "GU-83", "GU-18")
def test_hard_prices_an_area_by_the_step_out_the_foe_still_has():
    # a Fire Curtain (no test) on b: with a reaction left b steps out for sure (GU-84), so
    # the engine's area forecast gives it no chance to land; with none left it lands whole
    m = match([man("a", 0, 1, 1, "fire_adept"), man("b", 1, 7, 2)])
    view = m.view(0)
    a, b = view.creatures["a"], view.creatures["b"]
    curtain = next(x for x in m.legal_actions() if isinstance(x, ai.Activate)
                   and x.gu == "fire_curtain" and (7, 2) in ai.areagu.shape(
                       view, a, ai.gu.usable("fire_curtain"), (x.x, x.y)).cells)
    anchor = (curtain.x, curtain.y)
    assert forecast.area_forecast(view, a, b, "fire_curtain", anchor).odds.after_best == 0
    aimed = forecast.gu_forecast(view, a, b, "fire_curtain")       # priced as an aimed blow:
    assert aimed.odds.after_best > 0                                # a dodge test to pass
    legal = [curtain, next(x for x in m.legal_actions() if isinstance(x, EndTurn))]
    areas = frozenset({"areas"})
    scored = _activations(_fresh(GuBot("t", traits=areas)), view, a, legal)
    assert scored[curtain] == 0.0                                # hard: nothing to gain
    normal = _activations(_fresh(GuBot("t")), view, a, legal)
    assert normal[curtain] > 0.0                                 # normal: a dodge may fail
    b.reactions = 0                                              # spent this round (GU-18)
    spent = forecast.area_forecast(view, a, b, "fire_curtain", anchor)
    assert spent.odds.after_best == 1 and spent.landing.dealt > 0
    scored = _activations(_fresh(GuBot("t", traits=areas)), view, a, legal)
    assert scored[curtain] > 0.0
    # "thrift" prices the 5 essence it spends, as a heal's or a shield's is
    thrift = _activations(_fresh(GuBot("t", traits=areas | {"thrift"})), view, a, legal)
    assert thrift[curtain] == pytest.approx(scored[curtain] - 5 * ai.ESSENCE)


@pytest.mark.rule("GU-18", "GU-81", "GU-79")
def test_hard_keeps_its_last_reaction_for_the_bigger_blow_still_to_come():
    # d has one reaction left; a wolf's bite hits it now, and the thunder elder beside it
    # acts before d's next turn (when its reactions come back, GU-18/GU-GM-39)
    m = match([man("w", 0, 2, 1, "wolf"), man("e", 0, 3, 2, "thunder_elder"),
               man("d", 1, 3, 1, gu=[])], initiative=["w", "e", "d"])
    m.state.creatures["d"].reactions = 1
    m.force_dice([48])                                      # a bare hit for the bite
    m.submit(Strike("w", "d", "bite"))
    assert m.decision.seat == 1
    legal = m.legal_actions()
    assert React("d", DODGE) in legal and React("d", TAKE) in legal
    view = m.view(1)
    hard = _fresh(GuBot("t", traits=frozenset({"reserve"})))
    bite = forecast.landing(view, pending.top(view.pending).data).dealt_mean
    assert hard._kept_worth(view, view.creatures["d"]) > bite   # the elder's blow is bigger
    assert GuBot("t").choose(view, legal, Rng.from_seed(1)) == React("d", DODGE)
    assert GuBot("t", hard=True).choose(view, legal, Rng.from_seed(1)) == React("d", TAKE)
    # with its second reaction still there it dodges the bite too
    m.state.creatures["d"].reactions = 2
    assert GuBot("t", hard=True).choose(m.view(1), legal, Rng.from_seed(1)) == \
        React("d", DODGE)


@pytest.mark.rule("GU-94", "GU-80")
def test_a_foe_in_final_stand_with_a_shield_gu_is_forecast_to_raise_it():
    # b stands at 0 HP (final stand) with Stone Shell and essence: a punch takes no HP either
    # way, yet the shield keeps it from falling to dying, so the forecast calls it b's best
    # answer and the blow has almost no chance to finish it
    m = match([man("a", 0, 2, 1), man("b", 1, 3, 1)])
    view = m.view(0)
    a, b = view.creatures["a"], view.creatures["b"]
    b.hp, b.condition = 0, "final_stand"
    f = forecast.strike_forecast(view, a, b, "punch")
    assert f.shield == "stone_shell"
    assert f.dying + f.dead == 0
    assert f.bare_fall > 0                          # unshielded it would fall to dying
    # forcing the shield still wears b down (a reaction and essence): the blow is worth a
    # share of the fall it would have been, so two foes at 0 HP do not stand and wait
    shielded = _fresh(GuBot("t"))._worth(f, b)
    assert shielded > 0.0
    b.essence = 0                                   # no essence: no shield, a fall is likely
    f = forecast.strike_forecast(view, a, b, "punch")
    assert f.shield == "" and f.dying > 0
    assert _fresh(GuBot("t"))._worth(f, b) > shielded

"""gu_masters bots beyond the blow: they heal a friend out of a final stand, weigh a buff and a
pair of wings by what the engine's dry run of them changes, answer an area by the engine's odds,
strike at the end of a dive, and answer a stage they do not know without harm."""
from __future__ import annotations

import pytest

from game.engine.rng import Rng
from game.engine.systems.gu_masters import ai
from game.engine.systems.gu_masters.actions import (DODGE, SHIELD, TAKE, Activate, Opportunity,
                                                    React)
from game.engine.systems.gu_masters.ai import GuBot
from game.engine.systems.gu_masters.maneuvers import AFTER_DIVE, DiveStrike, TakeFlight
from game.engine.tactics.pending import Pending

from .test_gu_activate import man, match


def _bot(hard: bool = False) -> GuBot:
    bot = GuBot("t", hard=hard)
    bot._memo, bot._kept = {}, []
    return bot


@pytest.mark.rule("GU-112", "GU-42")
def test_a_friend_in_final_stand_is_healed_before_a_foe_is_struck():
    m = match([man("h", 0, 1, 1, "orchid_healer"), man("f", 0, 2, 1), man("b", 1, 1, 2)])
    f = m.state.creatures["f"]
    f.hp, f.condition = 0, "final_stand"
    legal = m.legal_actions()
    assert Activate("h", "spring_water", "f") in legal
    picked = GuBot("t").choose(m.view(0), legal, Rng.from_seed(1))
    assert picked == Activate("h", "spring_water", "f")
    # a friend at full HP is not worth the essence
    f.hp, f.condition = f.max_hp, "up"
    assert _bot()._heal_worth(m.view(0), m.state.creatures["h"],
                              Activate("h", "spring_water", "f"), Rng.from_seed(1)) == 0.0


@pytest.mark.rule("GU-45")
def test_a_buff_is_weighed_by_what_it_changes_in_the_forecast():
    m = match([man("a", 0, 1, 1, "bone_brawler"), man("b", 1, 2, 1)])
    view, bot = m.view(0), _bot()
    me, foes = view.creatures["a"], [view.creatures["b"]]
    tendons = Activate("a", "copper_tendons")
    assert tendons in m.legal_actions()
    # +40 Strength: a kick of 1 + 105 // 5 instead of 1 + 65 // 5 over the horizon
    gain = bot._buff_worth(view, me, tendons, ai.gu.usable("copper_tendons"), Rng.from_seed(1),
                           foes, ai.HORIZON)
    assert gain > 0.0
    # heat resistance against a foe with no heat to throw: nothing gained, essence spent
    adept = match([man("a", 0, 1, 1, "bone_lancer"), man("b", 1, 2, 1, "wolf")])
    view = adept.view(0)
    scale = Activate("a", "ember_scale")
    assert scale in adept.legal_actions()
    assert _bot()._buff_worth(view, view.creatures["a"], scale, ai.gu.usable("ember_scale"),
                              Rng.from_seed(1), [view.creatures["b"]], ai.HORIZON) < 0.0


@pytest.mark.rule("GU-28", "GU-30", "GU-22")
def test_wings_are_worth_taking_against_a_foe_that_only_bites():
    m = match([man("a", 0, 1, 1), man("w", 1, 6, 1, "wolf")])
    view, bot = m.view(0), _bot()
    wings = Activate("a", "wind_wings")
    assert wings in m.legal_actions()
    worth = bot._wings_worth(view, view.creatures["a"], wings, ai.gu.usable("wind_wings"),
                             Rng.from_seed(1), [view.creatures["w"]], ai.HORIZON)
    assert worth > 0.0                       # the wolf's bite cannot reach it 4 m up
    # once up, the wolf has no blow at it
    after = bot._tried(view, wings, Rng.from_seed(1))
    up = next(a for a in m.system.legal_actions(after) if isinstance(a, TakeFlight))
    flown = bot._keep(ai.dry_run(ai.GU_MASTERS, after, up, Rng.from_seed(1)).state)
    assert flown.creatures["a"].altitude > 0
    assert bot._offense(flown, flown.creatures["w"], flown.creatures["a"], reach=True) == 0.0


@pytest.mark.rule("GU-84", "GU-80", "GU-83")
def test_an_area_is_dodged_when_sure_and_shielded_when_it_cannot_be_left():
    m = match([man("a", 0, 1, 1, "fire_adept"), man("b", 1, 7, 2)])
    m.submit(Activate("a", "blast_worm", "", 7, 2))                  # no test: GU-84
    assert m.decision.stage == "area_react"
    legal = m.legal_actions()
    assert React("b", DODGE) in legal and React("b", SHIELD, "stone_shell") in legal
    assert GuBot("t").choose(m.view(1), legal, Rng.from_seed(1)) == React("b", DODGE)
    m = match([man("a", 0, 1, 1, "thunder_elder"), man("b", 1, 6, 2, movement=2)])
    m.submit(Activate("a", "heaven_thunder", "", 6, 2))              # radius 2, 1 m of room
    legal = m.legal_actions()
    assert React("b", DODGE) not in legal
    assert GuBot("t").choose(m.view(1), legal, Rng.from_seed(1)) == \
        React("b", SHIELD, "stone_shell")                            # 20 - 12 gets through


@pytest.mark.rule("GU-33")
def test_a_dive_ends_with_the_strike_the_forecast_likes():
    m = match([man("a", 0, 1, 1), man("b", 1, 2, 1)])
    view = m.view(0)
    view.pending.append(Pending(AFTER_DIVE, 0, "a", {}))
    offered = [DiveStrike("a"), DiveStrike("a", "b", "punch"), DiveStrike("a", "b", "weapon",
                                                                          "sword")]
    picked = GuBot("t").choose(view, offered, Rng.from_seed(1))
    assert picked.target == "b"


def test_a_stage_the_bot_does_not_know_gets_a_declining_answer():
    m = match([man("a", 0, 1, 1), man("b", 1, 2, 1)])
    view = m.view(1)
    view.pending.append(Pending("some_later_stage", 1, "b", {}))
    offered = [Opportunity("b", "a", "punch"), Opportunity("b", "a")]
    assert GuBot("t").choose(view, offered, Rng.from_seed(1)) == Opportunity("b", "a")
    offered = [React("b", DODGE), React("b", TAKE)]
    assert GuBot("t").choose(view, offered, Rng.from_seed(1)) == React("b", TAKE)


@pytest.mark.rule("GU-X-15")
def test_a_foe_on_a_ledge_is_not_beside_the_square_below_it():
    from . import test_jump_map as jm
    # b stands on a ledge 3 m up; a's square below it is 3 m away, the ledge beside b is 1 m
    m = jm.match(jm.ROWS, ["00033000", "00033000", "00033000"],
                 [jm.man("a", 0, 0, 1), jm.man("b", 1, 4, 1)])
    view, bot = m.view(0), _bot()
    a, b = view.creatures["a"], view.creatures["b"]
    for x, far in ((2, 3), (3, 1)):
        a.x = x                                  # the engine's own distance agrees
        assert bot._gap3(view, a, x, 1, b) == far == ai.attack.distance(view, a, b)
    a.x = 0
    assert bot._place(view, a, 3, 1, [b]) > bot._place(view, a, 2, 1, [b])

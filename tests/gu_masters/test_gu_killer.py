"""gu_masters killer moves on the map: listed when the user owns the component Gu and has the
essence, soul damage for activations beyond Activations and while a [Sustained] killer move is
kept up, their effects through the same interpreter as a Gu's."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.systems.gu_masters.actions import Activate, Strike, React, TAKE
from game.engine.systems.gu_masters.activate import Killer, ReleaseMove
from game.engine.systems.gu_masters.events import Damaged, SustainEnded

from .test_gu_activate import events_of, man, match


@pytest.mark.rule("GU-47", "GU-48", "GU-49", "GU-T-29")
def test_a_sustained_killer_move_costs_soul_and_guards():
    m = match([man("a", 0, 1, 1, "bone_brawler"), man("b", 1, 2, 1)])
    a = m.state.creatures["a"]
    soul, essence = a.soul, a.essence
    assert Killer("a", "iron_body_stance") in m.legal_actions()
    m.submit(Killer("a", "iron_body_stance"))
    assert a.soul == soul - (3 - 2) and a.essence == essence - 7     # 3 activations, has 2
    assert a.sustained == ["killer:iron_body_stance"] and m.state.turn.action
    assert not any(isinstance(x, (Killer, Activate)) for x in m.legal_actions())
    m.submit(EndTurn())
    m.force_dice([20])
    m.submit(Strike("b", "a", "weapon", "sword"))
    m.submit(React("a", TAKE))
    assert a.hp == a.max_hp - (9 - 8)                            # DR 8 against everything
    m.submit(EndTurn())
    # GU-49: any Gu activated while it is kept up hurts the soul by 1
    before = a.soul
    m.force_dice([90])
    m.submit(Activate("a", "gale_palm", "b"))
    assert a.soul == before - 1
    out = m.submit(ReleaseMove("a", "iron_body_stance"))
    assert events_of(out, SustainEnded) and a.sustained == []


@pytest.mark.rule("GU-48", "GU-T-29")
def test_enough_activations_cost_no_soul():
    m = match([man("a", 0, 1, 1, "bone_brawler", attrs={"Activations": 4}), man("b", 1, 6, 1)])
    a = m.state.creatures["a"]
    soul = a.soul
    m.submit(Killer("a", "iron_body_stance"))
    assert a.soul == soul


@pytest.mark.rule("GU-47", "GU-T-29")
def test_not_enough_essence_refuses_the_killer_move():
    m = match([man("a", 0, 1, 1, "bone_brawler"), man("b", 1, 6, 1)])
    m.state.creatures["a"].essence = 6
    m.edited()
    assert Killer("a", "iron_body_stance") not in m.legal_actions()
    why = m.system.validate(m.state, Killer("a", "iron_body_stance"))
    assert why is not None and why.rule == "GU-47" and "essence" in why.words
    # and a move whose component Gu it no longer carries
    m = match([man("a", 0, 1, 1, "bone_brawler", gu=["metal_skin", "copper_tendons"]),
               man("b", 1, 6, 1)])
    why = m.system.validate(m.state, Killer("a", "iron_body_stance"))
    assert why is not None and why.rule == "GU-47" and "stone shell" in why.words


@pytest.mark.rule("GU-47", "GU-78", "GU-110")
def test_a_killer_move_at_a_creature_and_none_in_a_final_stand():
    m = match([man("a", 0, 1, 1, "thunder_elder"), man("b", 1, 2, 1)])
    m.force_dice([20])
    out = m.submit(Killer("a", "thunder_gale_palm", "b"))
    b = m.state.creatures["b"]
    hurt = events_of(out, Damaged)
    assert m.decision.stage == "act"                             # [Unreactable]: no prompt
    assert hurt[0].amount == 16 and (b.x, b.y) == (6, 1)         # 16 shock, pushed 4 m
    m = match([man("a", 0, 1, 1, "thunder_elder"), man("b", 1, 2, 1)])
    m.state.creatures["a"].condition = "final_stand"
    m.edited()
    assert not any(isinstance(x, Killer) for x in m.legal_actions())
    assert any(isinstance(x, Activate) for x in m.legal_actions())    # Gu still (GU-110)
    why = m.system.validate(m.state, Killer("a", "thunder_gale_palm", "b"))
    assert why is not None and why.rule == "GU-110"

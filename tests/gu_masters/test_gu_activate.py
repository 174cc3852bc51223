"""gu_masters Activate Gu on the map through Match.submit with forced dice: the turn's
activations, essence, damage Gu through the reactions, the shield Gu reaction, touch range,
sustained Gu and their upkeep, healing."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.match import Match
from game.engine.rules import MatchConfig, SeatConfig
from game.engine.systems.gu_masters.actions import (DODGE, SHIELD, TAKE, Activate, Move,
                                                    Opportunity, React, Release, Strike)
from game.engine.systems.gu_masters.events import (Activated, Damaged, EssenceChanged, Healed,
                                                   SustainEnded, Tested)

ROWS = ["..........", "..........", "..........", "..........", ".........."]


def match(creatures: list[dict], *, initiative: list[str] | None = None,
          house: dict | None = None) -> Match:
    setup: dict = {"grid": {"rows": ROWS}, "creatures": creatures,
                   "initiative": initiative or [c["id"] for c in creatures]}
    return Match.new(MatchConfig("gu_masters", 1, [SeatConfig("human"), SeatConfig("human")],
                                 None, dict(house or {}), setup))


def man(cid: str, side: int, x: int, y: int, entry: str = "gu_master_r1", **over) -> dict:
    return {"id": cid, "entry": entry, "side": side, "x": x, "y": y, "overrides": over}


def events_of(out, kind) -> list:
    return [e for e in out.events if isinstance(e, kind)]


@pytest.mark.rule("GU-42", "GU-45", "GU-77")
def test_activations_spend_the_combat_action_and_essence():
    m = match([man("a", 0, 1, 1), man("b", 1, 5, 1)])
    legal = m.legal_actions()
    assert Activate("a", "moonlight", "b") in legal              # range 20, b 4 m away
    assert Activate("a", "stone_shell") in legal                 # a shield on its own turn too
    m.force_dice([90])                                          # Ranged Attack 45: a miss
    out = m.submit(Activate("a", "moonlight", "b"))
    a = m.state.creatures["a"]
    assert a.essence == 28 and m.state.turn.action and m.state.turn.activations == 1
    assert events_of(out, Activated)[0].left == 1
    assert m.decision.stage == "act"                             # a miss: nothing to react to
    # GU-45: the same Gu again, with the second activation (Activations 2)
    m.force_dice([20])
    m.submit(Activate("a", "moonlight", "b"))
    assert m.decision.stage == "react"                           # GU-77: the hit is answered
    m.submit(React("b", TAKE))
    assert m.state.creatures["b"].hp == 60 - 8 and a.essence == 26
    assert not any(isinstance(x, Activate) for x in m.legal_actions())   # none left
    why = m.system.validate(m.state, Activate("a", "moonlight", "b"))
    assert why is not None and why.rule == "GU-42"


@pytest.mark.rule("GU-42")
def test_no_essence_no_activation_and_dazed_takes_two():
    m = match([man("a", 0, 1, 1), man("b", 1, 5, 1)])
    m.state.creatures["a"].essence = 1
    m.edited()
    assert not any(isinstance(x, Activate) and x.gu == "moonlight" for x in m.legal_actions())
    why = m.system.validate(m.state, Activate("a", "moonlight", "b"))
    assert why is not None and "essence" in why.words and why.rule == "GU-42"
    m = match([man("a", 0, 1, 1, statuses=[{"id": "dazed"}]), man("b", 1, 5, 1)])
    assert not any(isinstance(x, Activate) for x in m.legal_actions())   # 2 - 2 = 0 (GU-145)


@pytest.mark.rule("GU-80", "GU-79", "GU-46", "GU-X-09")
def test_shield_gu_as_a_reaction_takes_the_hit():
    # b has no activations at all: a shield Gu through a reaction needs none (GU-46)
    m = match([man("a", 0, 1, 1), man("b", 1, 5, 1, attrs={"Activations": 0})])
    m.force_dice([20])
    m.submit(Activate("a", "moonlight", "b"))
    legal = m.legal_actions()
    assert {React("b", DODGE), React("b", SHIELD, "stone_shell"), React("b", TAKE)} <= set(legal)
    out = m.submit(React("b", SHIELD, "stone_shell"))
    b = m.state.creatures["b"]
    assert (b.hp, b.shield, b.essence, b.reactions) == (60, 12 - 8, 27, 1)
    assert not events_of(out, Tested)                            # one reaction, no dodge too
    m.submit(EndTurn())                                          # b's turn: its shield lapses
    assert b.shield == 0 and not b.shield_gu


@pytest.mark.rule("GU-80", "GU-97", "GU-98")
def test_shield_is_not_offered_where_it_cannot_help():
    # a sonic hit: Stone Shell does not stop sound, Golden Bell does
    m = match([man("a", 0, 1, 1, gu=["echo_conch", "heart_thorn"], essence=30),
               man("b", 1, 5, 1, gu=["stone_shell", "golden_bell"], essence=30)])
    m.force_dice([20])
    m.submit(Activate("a", "echo_conch", "b"))
    shields = {x.gu for x in m.legal_actions() if isinstance(x, React) and x.reaction == SHIELD}
    assert shields == {"golden_bell"}
    m.submit(React("b", TAKE))
    m.force_dice([20])
    m.submit(Activate("a", "heart_thorn", "b"))                  # direct: no shield at all
    assert not [x for x in m.legal_actions() if isinstance(x, React) and x.reaction == SHIELD]


@pytest.mark.rule("GU-159", "GU-160", "GU-78")
def test_touch_gu_reach_and_shields_against_touch():
    m = match([man("a", 0, 1, 1, gu=["gale_palm", "thunder_palm"]),
               man("b", 1, 3, 1, gu=["stone_shell", "jelly_bubble"], essence=30)])
    assert not any(isinstance(x, Activate) and x.gu == "gale_palm" for x in m.legal_actions())
    why = m.system.validate(m.state, Activate("a", "gale_palm", "b"))
    assert why is not None and why.rule == "GU-159"
    m.submit(Move("a", 2, 1))                                    # now within 1 m
    assert Activate("a", "gale_palm", "b") in m.legal_actions()
    m.force_dice([20])
    m.submit(Activate("a", "gale_palm", "b"))
    shields = {x.gu for x in m.legal_actions() if isinstance(x, React) and x.reaction == SHIELD}
    assert shields == {"jelly_bubble"}                           # GU-160: only if it says so
    out = m.submit(React("b", SHIELD, "jelly_bubble"))
    b = m.state.creatures["b"]
    assert b.hp == 60 and b.shield == 25 - 3 and (b.x, b.y) == (6, 1)   # pushed 3 m
    assert not events_of(out, Damaged) or events_of(out, Damaged)[0].amount == 0
    # GU-78: an [Unreactable] Gu's hit is never offered to the defender
    m.submit(Move("a", 5, 1))
    m.force_dice([20])
    out = m.submit(Activate("a", "thunder_palm", "b"))
    assert m.decision.stage == "act" and events_of(out, Damaged)


@pytest.mark.rule("GU-43", "GU-20")
def test_activating_in_the_middle_of_movement():
    m = match([man("a", 0, 1, 1), man("b", 1, 9, 1)])
    m.submit(Move("a", 3, 1))
    m.force_dice([90])
    m.submit(Activate("a", "moonlight", "b"))
    m.submit(Move("a", 6, 1))                                    # the rest of its 8 m
    assert (m.state.creatures["a"].x, m.state.turn.moved) == (6, 5)


@pytest.mark.rule("GU-45", "GU-GM-47", "GU-55", "GU-101")
def test_sustained_gu_lasts_pays_upkeep_and_is_released():
    m = match([man("a", 0, 1, 1), man("b", 1, 2, 1)])
    m.submit(Activate("a", "metal_skin"))
    a = m.state.creatures["a"]
    assert a.sustained == ["metal_skin"] and a.essence == 27
    assert Activate("a", "metal_skin") not in m.legal_actions()  # GU-45: not while sustained
    why = m.system.validate(m.state, Activate("a", "metal_skin"))
    assert why is not None and why.rule == "GU-45"
    m.submit(EndTurn())
    m.force_dice([20])
    m.submit(Strike("b", "a", "weapon", "sword"))
    m.submit(React("a", TAKE))
    assert a.hp == 60 - (9 - 4)                                  # DR 4 against rending
    out = m.submit(EndTurn())                                    # a's turn: +3, upkeep -1
    assert [e.delta for e in events_of(out, EssenceChanged) if e.who == "a"] == [3, -1]
    assert a.essence == 29
    out = m.submit(Release("a", "metal_skin"))
    assert events_of(out, SustainEnded) and a.sustained == []
    assert Activate("a", "metal_skin") in m.legal_actions()


@pytest.mark.rule("GU-45", "GU-GM-47")
def test_upkeep_it_cannot_pay_ends_the_gu():
    m = match([man("a", 0, 1, 1), man("b", 1, 8, 1)])
    m.submit(Activate("a", "metal_skin"))
    a = m.state.creatures["a"]
    a.essence, a.essence_regen = 0, 0
    m.edited()
    m.submit(EndTurn())
    out = m.submit(EndTurn())
    assert a.sustained == [] and events_of(out, SustainEnded)


@pytest.mark.rule("GU-44", "GU-GM-47")
def test_upkeep_as_an_activation_under_the_house_option():
    # default: kept-up Gu use no activation (their lasting effects need none: GU-44)
    m = match([man("a", 0, 1, 1, sustained=["metal_skin"]), man("b", 1, 8, 1)])
    m.force_dice([90])
    m.submit(Activate("a", "moonlight", "b"))
    assert m.state.turn.activations == 1
    m = match([man("a", 0, 1, 1, sustained=["metal_skin"]), man("b", 1, 8, 1)],
              house={"upkeep": "activation"})
    m.force_dice([90])
    m.submit(Activate("a", "moonlight", "b"))
    assert m.state.turn.activations == 0                         # 2 - 1 for Metal Skin - 1


@pytest.mark.rule("GU-X-17", "GU-141", "GU-112")
def test_healing_gu_on_an_ally_removes_bleeding_and_ends_a_final_stand():
    m = match([man("h", 0, 1, 1, "orchid_healer"),
               man("f", 0, 2, 1, hp=5, statuses=[{"id": "bleeding", "value": 3}]),
               man("b", 1, 8, 1)])
    f = m.state.creatures["f"]
    f.condition = "final_stand"
    m.edited()
    assert Activate("h", "spring_water", "f") in m.legal_actions()
    assert Activate("h", "spring_water", "b") not in m.legal_actions()  # not a foe, not far
    out = m.submit(Activate("h", "spring_water", "f"))
    assert events_of(out, Healed)[0].amount == 8 and f.hp == 13
    assert not f.has("bleeding") and f.condition == "up"


@pytest.mark.rule("GU-X-02", "GU-54", "GU-55")
def test_sustained_gu_change_attributes_movement_and_recoil():
    m = match([man("a", 0, 1, 1, "bone_brawler"), man("b", 1, 2, 1),
               man("w", 0, 1, 3, "moon_captain")])
    m.submit(Activate("a", "copper_tendons"))                    # Strength 65 + 40
    m.submit(EndTurn())
    m.submit(EndTurn())
    m.submit(Activate("w", "wind_stride"))                       # Movement 8 + 4
    m.submit(Move("w", 9, 3))
    assert m.decision.stage == "opportunity"                     # it walks past b (GU-88)
    m.submit(Opportunity("b", "w"))                              # b lets it go
    assert m.state.turn.moved == 8 and Move("w", 8, 3) in m.legal_actions()
    m.submit(EndTurn())
    m.force_dice([10])
    m.submit(Strike("a", "b", "punch"))
    m.submit(React("b", TAKE))
    b, a = m.state.creatures["b"], m.state.creatures["a"]
    assert b.hp == b.max_hp - (1 + 105 // 10)                    # 11 force
    assert a.hp == a.max_hp - (11 // 5 - 2)                      # recoil 2, Copper Tendons -2


@pytest.mark.rule("GU-T-27", "GU-T-18", "GU-139", "GU-141", "GU-X-17")
def test_healing_takes_off_bleeding_then_the_rest_bleeds_past_metal_skin():
    m = match([man("h", 0, 1, 1, "orchid_healer"),
               man("f", 0, 2, 1, hp=57, sustained=["metal_skin"],
                   statuses=[{"id": "bleeding", "value": 4}]),
               man("b", 1, 8, 1)])
    f = m.state.creatures["f"]
    f.condition = "final_stand"
    m.edited()
    m.submit(Activate("h", "spring_water", "f"))                 # 8 offered, 3 regained
    assert f.hp == 60 and f.status("bleeding").value == 1 and f.condition == "up"
    m.submit(EndTurn())                                          # f's turn starts: it bleeds
    assert f.hp == 59                                            # 1 direct, no DR (GU-139)


@pytest.mark.rule("GU-76", "GU-87", "GU-80")
def test_no_shield_gu_in_the_own_turn_even_against_a_counter():
    from game.engine.systems.gu_masters.actions import PARRY, Opportunity
    m = match([man("a", 0, 1, 1), man("b", 1, 2, 1)])
    m.force_dice([32])
    m.submit(Strike("a", "b", "weapon", "sword"))
    m.force_dice([18])                                           # 28 vs 45: beats DoS 2
    m.submit(React("b", PARRY))
    m.force_dice([10])
    m.submit(Opportunity("b", "a", "weapon", "sword"))           # the counter, in a's turn
    answers = m.legal_actions()
    assert React("a", PARRY) in answers
    assert not [x for x in answers if isinstance(x, React) and x.reaction == SHIELD]

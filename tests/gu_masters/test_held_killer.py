"""A killer move held like any other combat action (GU-71..73 with GU-47..49): the Hold lists
it when the user could start it now, firing it spends a reaction and, after GU-73's race, makes
the whole killer move (every activation, its essence and GU-48's soul), unlike a held Activate
Gu's single activation (GU-74). A final stand may not hold one (GU-110)."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.systems.gu_masters import holding
from game.engine.systems.gu_masters.actions import Strike
from game.engine.systems.gu_masters.events import Activated, Reacted, Struck
from game.engine.systems.gu_masters.rules import validate

from .test_gu_activate import events_of, man, match

Hold, UseHeld = holding.Hold, holding.UseHeld
PALM = "killer:thunder_gale_palm"       # 2 activations, 5 essence, touch, close combat


def elder_holds(trigger: str = "enemy_attacks", **over) -> object:
    """a (thunder elder, Activations 1 so GU-48 costs 1 soul) holds its killer move; b acts."""
    m = match([man("a", 0, 1, 1, "thunder_elder", attrs={"Activations": 1}, **over),
               man("b", 1, 2, 1)])
    m.submit(Hold("a", holding.KILLER, trigger, PALM))
    m.submit(EndTurn())
    return m


@pytest.mark.rule("GU-71", "GU-47")
def test_a_killer_move_is_listed_to_hold_and_holding_it_spends_the_combat_action():
    m = match([man("a", 0, 1, 1, "thunder_elder"), man("b", 1, 2, 1)])
    listed = [x for x in m.legal_actions() if isinstance(x, Hold) and x.held == holding.KILLER]
    assert {x.gu for x in listed} == {PALM}
    assert {x.trigger for x in listed} == set(holding.held.TRIGGERS)
    # a touch move reaches 1 m: that is the only distance to watch
    assert {x.range_m for x in listed if x.trigger == "enemy_enters_range"} == {1}
    out = m.submit(Hold("a", holding.KILLER, "enemy_attacks", PALM))
    assert events_of(out, holding.ActionHeld)[0].held == holding.KILLER
    assert m.state.turn.action and m.state.creatures["a"].held["gu"] == PALM


@pytest.mark.rule("GU-71", "GU-47")
def test_a_killer_move_it_could_not_start_cannot_be_held():
    m = match([man("a", 0, 1, 1, "thunder_elder"), man("b", 1, 2, 1)])
    m.state.creatures["a"].essence = 4                               # the palm needs 5
    m.edited()
    assert not [x for x in m.legal_actions() if isinstance(x, Hold) and x.held == "killer"]
    why = validate(m.state, Hold("a", holding.KILLER, "enemy_attacks", PALM))
    assert why is not None and why.rule == "GU-47"


@pytest.mark.rule("GU-71", "GU-110")
def test_a_final_stand_may_not_hold_a_killer_move():
    m = match([man("a", 0, 1, 1, "thunder_elder"), man("b", 1, 2, 1)])
    m.state.creatures["a"].condition, m.state.creatures["a"].hp = "final_stand", 0
    m.edited()
    assert not [x for x in m.legal_actions() if isinstance(x, Hold) and x.held == "killer"]
    why = validate(m.state, Hold("a", holding.KILLER, "enemy_attacks", PALM))
    assert why is not None and why.rule == "GU-110"


@pytest.mark.rule("GU-72", "GU-73", "GU-90", "GU-48")
def test_a_held_killer_move_fired_first_is_the_whole_move_with_its_costs():
    m = elder_holds()
    a = m.state.creatures["a"]
    essence, soul = a.essence, a.soul
    m.submit(Strike("b", "a", "weapon", "sword"))
    assert m.decision.stage == holding.HOLD_STAGE
    assert UseHeld("a", True, "b", "", "", PALM) in m.legal_actions()
    # race: a 25 of 70 beats b 35 of 45 (Close Combat, adjacent); the palm 10 hits (unreactable);
    # b, pushed 4 m away, no longer reaches a with its sword: its deed is lost
    m.force_dice([25, 35, 10] + [99] * 6)
    out = m.submit(UseHeld("a", True, "b", "", "", PALM))
    assert [e.reaction for e in events_of(out, Reacted)] == [holding.HELD]
    assert a.reactions == 1 and not a.held
    mine = [e for e in events_of(out, Activated) if e.who == "a"]
    assert [e.gu for e in mine] == [PALM]                      # one killer move, not one Gu
    assert a.essence == essence - 5                            # essence for both activations
    assert a.soul == soul - 1                                  # GU-48: 2 activations, has 1
    assert events_of(out, Struck)[0].attacker == "a"
    assert m.state.creatures["b"].hp < m.state.creatures["b"].max_hp


@pytest.mark.rule("GU-73", "GU-72")
def test_a_held_killer_move_that_loses_the_race_comes_after_the_deed():
    m = elder_holds()
    m.submit(Strike("b", "a", "weapon", "sword"))
    # race: a 80 fails its Close Combat 70, b 25 passes; b's sword 90 misses; then the palm
    # 10 hits
    m.force_dice([80, 25, 90, 10] + [99] * 6)
    out = m.submit(UseHeld("a", True, "b", "", "", PALM))
    assert [s.attacker for s in events_of(out, Struck)][:2] == ["b", "a"]
    assert [e.gu for e in events_of(out, Activated) if e.who == "a"] == [PALM]


@pytest.mark.rule("GU-71", "GU-72")
def test_the_screen_offers_the_held_killer_move_and_names_it_in_the_prompt():
    from game.client.presenters import SubMenu
    from game.client.systems.gu_masters.presenter import GuMastersPresenter
    m = match([man("a", 0, 1, 1, "thunder_elder"), man("b", 1, 2, 1)])
    p = GuMastersPresenter(m)
    hold = next(b for b in p.buttons("a", None) if b.id == "hold")
    labels = [label for label, _ in hold.actions]
    assert "Hold Thunder Gale Palm (killer move)" in labels
    menu = dict(hold.actions)["Hold Thunder Gale Palm (killer move)"]
    assert isinstance(menu, SubMenu)
    a = dict(menu.options)["an enemy attacks"]
    assert a == Hold("a", holding.KILLER, "enemy_attacks", PALM)
    out = m.submit(a)
    assert p.log_lines(out.events)[0].text.endswith(
        "holds Thunder Gale Palm (killer move) until an enemy attacks")
    m.submit(EndTurn())
    m.submit(Strike("b", "a", "weapon", "sword"))
    prompt = p.prompt()
    assert prompt is not None and "may fire Thunder Gale Palm (killer move) now" in prompt.text
    first = prompt.options[0]
    assert first[1] == UseHeld("a", True, "b", "", "", PALM)
    assert first[0].startswith("Thunder Gale Palm at ") and " — Hit " in first[0]

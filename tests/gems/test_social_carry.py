"""Gems negotiation and truces (GEM-49..52, GEM-GM-24..26), carrying (GEM-53..56, GEM-GM-27),
summoning and abilities (GEM-07, GEM-GM-28, GEM-GM-29)."""
from __future__ import annotations

import pytest

from game.engine.events import DiceRolled
from game.engine.rules import IllegalAction
from game.engine.systems.gems import actions as A
from game.engine.systems.gems import events as ev
from game.engine.systems.gems.common import damage_bonus, ms_now, truce_between
from game.engine.systems.gems.rules import truce_rounds

from .gemtools import end_turn, match, of, open_field, unit


def talkers(**house):
    return match(open_field(), [unit("n", 1, 1, spr=0), unit("t", 6, 6, side=1, spr=0)],
                 house=house)


@pytest.mark.rule("GEM-49")
@pytest.mark.rule("GEM-50")
@pytest.mark.rule("GEM-GM-24")
def test_GEM_TV_50_tie_fails_slot_spent_may_retry():
    m = talkers()
    m.force_dice([14, 14])
    events = m.submit(A.Negotiate("n", "t")).events
    rolls = of(events, DiceRolled)
    assert [r.roll.total for r in rolls] == [14, 14] and rolls[0].roll.modifiers == (("SPR", 0),)
    assert of(events, ev.NegotiationFailed) and not truce_between(m.state, "n", "t")
    assert m.state.slots == 1
    assert A.Negotiate("n", "t") in m.legal_actions()


@pytest.mark.rule("GEM-50")
@pytest.mark.rule("GEM-51")
@pytest.mark.rule("GEM-GM-25")
@pytest.mark.rule("GEM-GM-26")
def test_GEM_TV_51_margin_five_two_round_truce_that_runs_out():
    m = talkers()
    m.force_dice([15, 10])
    events = m.submit(A.Negotiate("n", "t")).events
    made = of(events, ev.TruceMade)[0]
    assert (made.margin, made.rounds) == (5, 2)
    assert truce_between(m.state, "n", "t") and truce_between(m.state, "t", "n")
    end_turn(m)
    end_turn(m)                              # n's own turn begins once: 1 left
    assert truce_between(m.state, "t", "n")
    end_turn(m)
    events = end_turn(m)                     # ... and twice: over
    assert of(events, ev.TruceEnded) and not truce_between(m.state, "n", "t")


@pytest.mark.rule("GEM-51")
@pytest.mark.rule("GEM-GM-25")
def test_GM_25_truce_length_table_and_house_options():
    m = talkers()
    assert [truce_rounds(m.state, g) for g in (1, 4, 5, 9, 10, 14, 15, 19)] == \
        [1, 1, 2, 2, 3, 3, -1, -1]
    assert truce_rounds(talkers(truce_length="one_round").state, 12) == 1
    assert truce_rounds(talkers(truce_length="encounter").state, 1) == -1


@pytest.mark.rule("GEM-52")
def test_GEM_TV_52_once_per_target_but_the_target_may_negotiate_back():
    m = talkers()
    m.force_dice([15, 10])
    m.submit(A.Negotiate("n", "t"))
    assert A.Negotiate("n", "t") not in m.legal_actions()
    with pytest.raises(IllegalAction, match="already won a truce"):
        m.submit(A.Negotiate("n", "t"))
    end_turn(m)
    assert A.Negotiate("t", "n") in m.legal_actions()
    m.force_dice([3, 2])
    events = m.submit(A.Negotiate("t", "n")).events
    assert of(events, ev.TruceMade)


@pytest.mark.rule("GEM-53")
@pytest.mark.rule("GEM-54")
def test_GEM_TV_53_small_load_for_a_big_carrier_no_roll():
    m = match(open_field(), [unit("big", 1, 1, sheet="onyx"), unit("foe", 6, 6, side=1)],
              items=[{"id": "c", "kind": "crate", "x": 3, "y": 1}])
    events = m.submit(A.PickUp("big", "c")).events
    assert not of(events, DiceRolled) and m.state.slots == 1
    assert "c" in m.state.units["big"].held_objects()
    assert ms_now(m.state, m.state.units["big"]) == 3          # no slowdown at half Size


@pytest.mark.rule("GEM-53")
@pytest.mark.rule("GEM-54")
@pytest.mark.rule("GEM-55")
@pytest.mark.rule("GEM-GM-27")
def test_GEM_TV_54_carrying_a_gem_roll_succeeds_ms_halved_two_arms():
    m = match(open_field(), [unit("c", 1, 1, cpr=2, ms=4), unit("g", 2, 1),
                             unit("foe", 6, 6, side=1)], setup_dice=[20, 5, 4])
    m.force_dice([11])
    events = m.submit(A.PickUp("c", "g")).events
    assert of(events, DiceRolled)[0].roll.total == 13
    check = of(events, ev.CarryChecked)[0]
    assert check.success and check.threshold == 12 and check.ms == 2
    c = m.state.units["c"]
    assert m.state.slots == 1 and c.carrying == "g" and m.state.units["g"].carried_by == "c"
    assert sum(1 for a in c.arms if a.load == "g") == 2
    m.submit(A.Move("c", (3, 1)))
    assert (m.state.units["g"].x, m.state.units["g"].y) == (3, 1)
    m.submit(A.DropItem("c", "g"))                          # putting down is free
    c = m.state.units["c"]
    assert m.state.units["g"].carried_by is None and c.carrying is None
    assert m.state.slots == 0 and not any(a.load for a in c.arms)


@pytest.mark.rule("GEM-54")
@pytest.mark.rule("GEM-55")
@pytest.mark.rule("GEM-GM-27")
def test_GEM_TV_55_failed_carry_roll_holds_but_cannot_move():
    m = match(open_field(), [unit("c", 1, 1, cpr=2, ms=4), unit("g", 2, 1),
                             unit("foe", 6, 6, side=1)], setup_dice=[20, 5, 4])
    m.force_dice([10])
    events = m.submit(A.PickUp("c", "g")).events
    assert not of(events, ev.CarryChecked)[0].success
    assert m.state.units["c"].carrying == "g" and ms_now(m.state, m.state.units["c"]) == 0
    assert not [a for a in m.legal_actions() if isinstance(a, A.Move)]


@pytest.mark.rule("GEM-GM-27")
def test_GM_27_heavy_loads_need_seventeen_and_huge_ones_cannot_be_carried():
    m = match(open_field(), [unit("c", 1, 1, cpr=0), unit("g", 2, 1, sheet="onyx"),
                             unit("foe", 6, 6, side=1)], setup_dice=[20, 5, 4],
              items=[{"id": "b", "kind": "crate", "x": 0, "y": 1, "size": 2.5}])
    with pytest.raises(IllegalAction, match="too big"):
        m.submit(A.PickUp("c", "b"))
    m.force_dice([17])
    events = m.submit(A.PickUp("c", "g")).events
    check = of(events, ev.CarryChecked)[0]
    assert check.threshold == 17 and not check.success      # 17 does not exceed 17


@pytest.mark.rule("GEM-56")
def test_GEM_56_only_carriable_things():
    m = match(open_field(), [unit("c", 1, 1), unit("foe", 6, 6, side=1)],
              items=[{"id": "b", "kind": "boulder", "x": 2, "y": 1},
                     {"id": "r", "kind": "rock", "x": 1, "y": 2, "carriable": False}])
    legal = m.legal_actions()
    assert A.PickUp("c", "b") not in legal and A.PickUp("c", "r") not in legal
    with pytest.raises(IllegalAction, match="cannot be carried"):
        m.submit(A.PickUp("c", "b"))


@pytest.mark.rule("GEM-07")
@pytest.mark.rule("GEM-GM-28")
def test_GM_28_summon_into_a_free_arm_for_one_slot_dismiss_free():
    m = match(open_field(), [unit("g", 1, 1), unit("foe", 6, 6, side=1)])
    assert A.Summon("g", "hardlight_blade", 0) in m.legal_actions()
    events = m.submit(A.Summon("g", "hardlight_blade", 0)).events
    made = of(events, ev.ItemSummoned)[0]
    g = m.state.units["g"]
    assert m.state.slots == 1 and g.arms[0].holding == made.item and g.held_objects() == [made.item]
    assert m.state.items[made.item].hardlight and m.state.items[made.item].damage == 3
    with pytest.raises(IllegalAction, match="not free"):
        m.submit(A.Summon("g", "hardlight_blade", 0))
    with pytest.raises(IllegalAction, match="cannot summon"):
        m.submit(A.Summon("g", "hardlight_bow", 1))
    m.submit(A.Dismiss("g", made.item))
    g = m.state.units["g"]
    assert m.state.slots == 1 and made.item not in m.state.items and g.arms[0].holding is None


@pytest.mark.rule("GEM-07")
@pytest.mark.rule("GEM-GM-29")
def test_GM_29_active_and_continuous_abilities():
    m = match(open_field(), [unit("o", 1, 1, sheet="onyx"), unit("i", 6, 6, side=1,
                                                                  sheet="iolite")],
              setup_dice=[20, 1])
    m.submit(A.UseAbility("o", "focus"))                     # active, lasts this turn
    assert m.state.slots == 1 and damage_bonus(m.state, "o") == 2
    end_turn(m)
    assert damage_bonus(m.state, "o") == 2
    i = m.state.units["i"]
    m.submit(A.UseAbility("i", "quicken"))                   # continuous haste
    i = m.state.units["i"]
    assert ms_now(m.state, i) == i.ms + 2
    events = m.submit(A.EndAbility("i", "quicken")).events   # free to switch off
    assert of(events, ev.AbilityEnded)[0].reason == "dismissed"
    i = m.state.units["i"]
    assert m.state.slots == 1 and ms_now(m.state, i) == i.ms
    events = end_turn(m)
    assert of(events, ev.AbilityEnded)[0].ability == "focus"
    assert damage_bonus(m.state, "o") == 0


@pytest.mark.rule("GEM-GM-29")
def test_heal_and_leap_verbs():
    m = match(["......", "......", "......"],
              [unit("l", 1, 1, sheet="larimar"), unit("g", 2, 1, hp=20, max_hp=30),
               unit("foe", 5, 2, side=1)], setup_dice=[20, 5, 4])
    events = m.submit(A.UseAbility("l", "mend", (2, 1))).events
    assert of(events, ev.UnitHealed)[0].amount == 5 and m.state.units["g"].hp == 25
    m2 = match(["......", "......"], [unit("p", 0, 0, sheet="peridot"),
                                      unit("foe", 5, 1, side=1)], elevation=["002300", "000000"])
    legal = m2.legal_actions()
    assert A.UseAbility("p", "spring", (2, 0)) in legal          # 2 up: within the leap
    assert A.UseAbility("p", "spring", (3, 0)) not in legal      # 3 up: too high
    m2.submit(A.UseAbility("p", "spring", (2, 0)))
    assert (m2.state.units["p"].x, m2.state.units["p"].y) == (2, 0)

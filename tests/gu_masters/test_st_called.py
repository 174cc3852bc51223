"""gu_masters called shots on strikes (aim.py through attack.py) and injuries as states
(limbs.py): the parts listed, the roll's modifier, the injury a harmful hit leaves, unusable
limbs, disarming, legs, the head table, items and wings, and the forecast's modifier."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.systems.gu_masters import aperture, attack, forecast, limbs
from game.engine.systems.gu_masters.actions import KICK, PUNCH, TAKE, WEAPON, React, Strike
from game.engine.systems.gu_masters.events import Tested
from game.engine.systems.gu_masters.limbs import Injured
from tests.gu_masters.test_engine_slice import man, match


def _duel(**over_b) -> object:
    return match([man("a", 0, 1, 1, skills={"Close Combat": 60}),
                  man("b", 1, 2, 1, **over_b)], initiative=["a", "b"])


def _hit(m, strike: Strike, dice: list[int]):
    """Strike with the attack die first, the target takes it, then the injury dice."""
    m.force_dice(dice[:1])
    out = m.submit(strike)
    events = list(out.events)
    if m.decision.stage == "react":
        m.force_dice(dice[1:])
        events += m.submit(React(strike.target, TAKE)).events
    return events


def _injured(events) -> list[Injured]:
    return [e for e in events if isinstance(e, Injured)]


@pytest.mark.rule("GU-59", "GU-60", "GU-61", "GU-T-08")
def test_every_strike_is_listed_called_at_each_part_the_target_has():
    m = _duel()
    legal = m.legal_actions()
    assert Strike("a", "b", WEAPON, "sword") in legal
    parts = {a.part for a in legal if isinstance(a, Strike) and a.strike == WEAPON and a.part}
    assert parts == {"head", "torso", "arm", "hand", "leg", "item:sword"}
    # head of a Medium humanoid: Small, +20; Close Combat 60: 39 -> 59 hits, 41 -> 61 misses
    for raw, hit in ((39, True), (41, False)):
        m = _duel()
        m.force_dice([raw])
        out = m.submit(Strike("a", "b", WEAPON, "sword", "head"))
        t = next(e for e in out.events if isinstance(e, Tested))
        assert ("called shot: head", 20) in t.modifiers and t.success is hit


@pytest.mark.rule("GU-60", "GU-61", "GU-GM-17")
def test_part_sizes_and_the_table_leg_size():
    m = _duel()
    a, b = m.state.creatures["a"], m.state.creatures["b"]
    mods = {p: dict(attack.attack_mods(m.state, a, b, WEAPON, p)) for p in
            ("hand", "arm", "head", "torso", "leg")}
    assert [mods[p].get(f"called shot: {p}", 0) for p in ("hand", "arm", "head", "torso",
                                                            "leg")] == [40, 20, 20, 0, 20]
    m.state.house["leg_size"] = "Medium"
    assert dict(attack.attack_mods(m.state, a, b, WEAPON, "leg"))["called shot: leg"] == 0


@pytest.mark.rule("GU-127", "GU-128", "GU-X-13", "GU-GM-19")
def test_a_called_hand_breaks_a_hand_and_disarms():
    m = _duel()
    b = m.state.creatures["b"]
    # attack 10 + 40 = 50 hits; the hand broken is the first of the two whole ones (die 0)
    events = _hit(m, Strike("a", "b", WEAPON, "sword", "hand"), [10, 0])
    got = _injured(events)
    assert got and got[0].injury == "broken_hand" and got[0].limb == "hand:1"
    assert got[0].dropped == ("sword",) and b.weapons == []
    assert limbs.usable_arms(b) == 1
    m.submit(EndTurn())                          # b's turn: no weapon strike left
    kinds = {a.strike for a in m.legal_actions() if isinstance(a, Strike)}
    assert WEAPON not in kinds and PUNCH in kinds


@pytest.mark.rule("GU-129", "GU-X-13", "GU-53")
def test_a_crippled_arm_punches_no_more():
    m = _duel()
    b = m.state.creatures["b"]
    _hit(m, Strike("a", "b", WEAPON, "sword", "arm"), [30, 1])     # arm 2 of 2
    assert b.limbs_out == ["arm:2"] and b.weapons == ["sword"]       # the sword is in hand 1
    m.submit(EndTurn())
    m.force_dice([90])                           # b punches once and misses
    m.submit(Strike("b", "a", PUNCH))
    # one usable arm: its punches are spent after one (GU-53)
    assert m.state.turn.strikes == 0
    assert not [x for x in m.legal_actions() if isinstance(x, Strike)]


@pytest.mark.rule("GU-131", "GU-121", "GU-T-35", "GU-GM-29")
def test_legs_cost_four_metres_each_and_both_stop_it():
    m = _duel()
    b = m.state.creatures["b"]
    _hit(m, Strike("a", "b", WEAPON, "sword", "leg"), [30, 0])
    assert b.movement == 4 and b.limbs_out == ["leg:1"]
    # a heavy force hit rolls the force table: d4 2 is a Broken Leg, the one leg left
    m = _duel(attrs={"Strength": 200})
    m.state.creatures["a"].attrs["Strength"] = 200
    m.edited()
    b = m.state.creatures["b"]
    b.max_hp = b.hp = 80
    m.edited()
    events = _hit(m, Strike("a", "b", KICK), [30, 2, 0])      # 41 force >= 40: d4 2, leg 1
    assert [e.injury for e in _injured(events)] == ["broken_leg"] and b.movement == 4


@pytest.mark.rule("GU-132", "GU-T-09", "GU-142")
def test_the_head_table():
    m = _duel()
    b = m.state.creatures["b"]
    _hit(m, Strike("a", "b", WEAPON, "sword", "head"), [30, 3])
    assert b.status("bleeding").value == 5                        # Hemorrhage
    m = _duel()
    b = m.state.creatures["b"]
    _hit(m, Strike("a", "b", WEAPON, "sword", "head"), [30, 1])
    assert b.max_soul == 9 and b.soul <= 9                         # Brain Damage: 19 -> 9
    m = _duel()
    b = m.state.creatures["b"]
    _hit(m, Strike("a", "b", WEAPON, "sword", "head"), [30, 2])
    assert b.status("blinded").turns == 1                         # until the end of its next turn
    m.submit(EndTurn())
    assert b.has("blinded")
    m.submit(EndTurn())
    assert not b.has("blinded")


@pytest.mark.rule("GU-127", "GU-T-09")
def test_a_called_hit_a_shield_swallows_leaves_no_injury():
    m = _duel()
    b = m.state.creatures["b"]
    b.shield = 50
    m.edited()
    events = _hit(m, Strike("a", "b", WEAPON, "sword", "head"), [30])
    assert not _injured(events) and b.hp == b.max_hp


@pytest.mark.rule("GU-GM-20", "GU-120")
def test_called_and_heavy_injuries_both_apply_unless_the_table_says():
    for both, want in ((True, ["broken_arm", "internal_bleeding"]), (False, ["internal_bleeding"])):
        m = _duel()
        m.state.creatures["a"].attrs["Strength"] = 200
        m.state.house["both_injuries"] = both
        m.edited()
        events = _hit(m, Strike("a", "b", KICK, "", "torso"), [30, 1, 0] if both else [30])
        assert [e.injury for e in _injured(events)] == want


@pytest.mark.rule("GU-GM-18", "GU-59")
def test_a_called_shot_at_an_item_drops_it():
    m = _duel()
    b = m.state.creatures["b"]
    events = _hit(m, Strike("a", "b", WEAPON, "sword", "item:sword"), [30])
    assert b.weapons == [] and _injured(events)[0].dropped == ("sword",)
    m = _duel()
    m.state.house["called_items"] = "damage_only"
    m.edited()
    _hit(m, Strike("a", "b", WEAPON, "sword", "item:sword"), [30])
    assert m.state.creatures["b"].weapons == ["sword"]


@pytest.mark.rule("GU-GM-18", "GU-119")
def test_called_shot_wings_end_the_flight_gu_and_it_falls():
    m = match([man("a", 0, 1, 1, skills={"Close Combat": 60}),
               man("b", 1, 2, 1, sustained=["wind_wings"], altitude=1)],
              initiative=["a", "b"])
    b = m.state.creatures["b"]
    assert any(x.part == "wings:wind_wings" for x in m.legal_actions()
               if isinstance(x, Strike))
    _hit(m, Strike("a", "b", WEAPON, "sword", "wings:wind_wings"), [30])
    assert "wind_wings" not in b.sustained and b.altitude == 0


@pytest.mark.rule("GU-59", "GU-60")
def test_the_forecast_carries_the_called_modifier():
    m = _duel()
    a, b = m.state.creatures["a"], m.state.creatures["b"]
    plain = forecast.strike_forecast(m.state, a, b, WEAPON, "sword")
    head = forecast.strike_forecast(m.state, a, b, WEAPON, "sword", part="head")
    assert ("called shot: head", 20) in head.modifiers
    assert head.odds.after_best < plain.odds.after_best


@pytest.mark.rule("GU-59")
def test_a_called_shot_at_a_part_the_target_lacks_is_refused_with_the_reason():
    m = _duel()
    why = m.system.validate(m.state, Strike("a", "b", WEAPON, "sword", "wings:wind_wings"))
    assert why is not None and why.rule == "GU-59" and "no 'wings:wind_wings'" in why.words


@pytest.mark.rule("GU-69", "GU-X-13")
def test_a_broken_hand_holds_no_stone():
    m = _duel()
    b = m.state.creatures["b"]
    assert aperture.free_hands(b) == 1                      # the sword in one hand
    _hit(m, Strike("a", "b", WEAPON, "sword", "hand"), [10, 1])    # hand 2 of 2
    assert b.limbs_out == ["hand:2"] and b.weapons == ["sword"]
    assert aperture.free_hands(b) == 0

"""Attack phase: GW-35..43, GW-56; GW-TV-09..13, 36."""
from __future__ import annotations

import pytest

from game.engine.rules import IllegalAction
from game.engine.systems.gemwielders import actions as A
from game.engine.systems.gemwielders import events as E

from .gwtools import moves, new_match, put, set_phase, start_play


def _attack(attack_cards, defense_cards, house=None, gembearers=("longbow", "twinblades")):
    """Seat 0 attacks seat 1 on turn 4 with fresh cards; seat 1's setup is `defense_cards`."""
    m = start_play(new_match(seed=1, house=house, gembearers=gembearers))
    s = set_phase(m, 0, "attack", turn=4)
    atk = put(s, 0, "hand", attack_cards)
    dfn = put(s, 1, "defense", defense_cards)
    put(s, 0, "mods", [])
    put(s, 1, "mods", [])
    return m, s, atk, dfn


def _announce(m, cards):
    for c in cards:
        m.submit(A.AddToAttack(c))
    return m.submit(A.Announce())


@pytest.mark.rule("GW-35")
@pytest.mark.rule("GW-36")
@pytest.mark.rule("GW-40")
@pytest.mark.rule("GW-42")
def test_GW_TV_09_seven_against_five_hits_for_two():
    m, s, atk, dfn = _attack(["A4", "A3"], ["D2", "D3"])
    out = _announce(m, atk)
    ann = [e for e in out.events if isinstance(e, E.AttackAnnounced)][0]
    assert ann.total == 7
    cmp_ = [e for e in out.events if isinstance(e, E.AttackCompared)][0]
    assert (cmp_.sword, cmp_.shield, cmp_.result) == (7, 5, "hit")
    assert m.state.players[1].life == 48


@pytest.mark.rule("GW-43")
def test_GW_TV_36_cards_go_to_their_owners_discards():
    m, s, atk, dfn = _attack(["A4", "A3"], ["D2", "D3"])
    _announce(m, atk)
    s = m.state
    assert s.players[0].discard[-2:] == atk
    assert s.players[1].discard[-2:] == dfn
    assert s.players[1].defense == [] and s.table == []
    assert s.phase == "draft" and s.active == 1          # the turn went on to the draw phase


@pytest.mark.rule("GW-40")
def test_GW_TV_10_tie_is_a_miss():
    m, s, atk, dfn = _attack(["A4", "A3"], ["D3", "D4"])
    out = _announce(m, atk)
    assert [e.result for e in out.events if isinstance(e, E.AttackCompared)] == ["miss"]
    assert m.state.players[1].life == 50


@pytest.mark.rule("GW-36")
@pytest.mark.rule("GW-42")
def test_GW_TV_11_empty_setup_defends_zero():
    m, s, atk, dfn = _attack(["A3"], [])
    out = _announce(m, atk)
    assert [e.total for e in out.events if isinstance(e, E.DefenseRevealed)] == [0]
    assert m.state.players[1].life == 47


@pytest.mark.rule("GW-38")
def test_GW_TV_12_defense_effects_left_to_right():
    m, s, atk, dfn = _attack(["A3"], ["Dx", "Dy", "Dz"])
    out = _announce(m, atk)
    order = [e.key for e in out.events if isinstance(e, E.EffectResolving)]
    assert order == dfn                                   # Dx, Dy, Dz


@pytest.mark.rule("GW-37")
@pytest.mark.rule("GW-39")
def test_GW_TV_13_attacker_orders_attack_effects_then_defense_then_others():
    m, s, atk, dfn = _attack(["e1", "e2"], ["d"], gembearers=("hammer", "twinblades"))
    e1, e2 = atk
    for c in atk:
        m.submit(A.AddToAttack(c))
    m.submit(A.Announce())
    d = m.decision
    assert d.stage == "order_effects" and d.seat == 0
    assert set(moves(m)) == {A.OrderEffects((e1,)), A.OrderEffects((e2,))}
    out = m.submit(A.OrderEffects((e2,)))   # the last one (e1) follows by itself
    keys = [e.key for e in out.events if isinstance(e, E.EffectResolving)]
    # e2, e1, then the defense card d, then the Hammer's Crush ("other", GW-39)
    assert keys == [e2, e1, dfn[0], "bearer:0"]


@pytest.mark.rule("GW-39")
def test_GW_39_several_other_effects_are_ordered_by_the_attacker():
    m, s, atk, dfn = _attack(["A3", "A3"], [], gembearers=("hammer", "twinblades"))
    mod = put(s, 0, "mods", ["M_other"])[0]
    for c in atk:
        m.submit(A.AddToAttack(c))
    m.submit(A.Announce())
    assert m.decision.stage == "order_effects"
    assert set(moves(m)) == {A.OrderEffects((mod,)), A.OrderEffects(("bearer:0",))}
    out = m.submit(A.OrderEffects((mod,)))
    keys = [e.key for e in out.events if isinstance(e, E.EffectResolving)]
    assert keys == [mod, "bearer:0"]


@pytest.mark.rule("GW-37")
def test_GW_U_23_printed_order_house_rule_asks_nothing():
    m, s, atk, dfn = _attack(["e1", "e2"], [], house={"effect_order": "printed"})
    out = _announce(m, atk)
    keys = [e.key for e in out.events if isinstance(e, E.EffectResolving)]
    assert keys == atk
    assert m.state.pending == []


@pytest.mark.rule("GW-35")
def test_GW_U_10_no_cards_means_no_attack():
    m, s, atk, dfn = _attack(["A3"], ["D2"])
    out = m.submit(A.EndPhase())
    assert not any(isinstance(e, E.DefenseRevealed) for e in out.events)
    assert m.state.players[1].defense == dfn
    with pytest.raises(IllegalAction):
        m.submit(A.Announce())


@pytest.mark.rule("GW-35")
def test_GW_35_only_attack_cards_may_attack():
    m, s, atk, dfn = _attack(["D3", "S_life"], [])
    legal = m.legal_actions()
    assert not any(isinstance(a, A.AddToAttack) for a in legal)
    with pytest.raises(IllegalAction):
        m.submit(A.AddToAttack(atk[0]))


@pytest.mark.rule("GW-41")
@pytest.mark.rule("GW-57")
def test_GW_41_hit_effects_resolve_and_optional_cost_is_asked():
    m, s, atk, dfn = _attack(["A_hitpay"], ["D_hit"])
    s.players[0].power = 2
    s.players[0].life = 40
    _announce(m, atk)
    d = m.decision
    assert d.stage == "pay" and d.seat == 0              # GW-U-13: the card's owner pays
    m.submit(A.Pay())
    s = m.state
    assert s.players[0].power == 1 and s.players[0].life == 43
    # then D_hit, the defender's card, resolves its Hit effect (gain 2 power, no cost)
    assert s.players[1].power == 2
    assert s.players[1].life == 50 - (5 - 1)


@pytest.mark.rule("GW-41")
def test_GW_41_declining_costs_nothing():
    m, s, atk, dfn = _attack(["A_hitpay"], [])
    s.players[0].power = 2
    s.players[0].life = 40
    _announce(m, atk)
    m.submit(A.Decline())
    s = m.state
    assert s.players[0].power == 2 and s.players[0].life == 40
    assert s.players[1].life == 45


@pytest.mark.rule("GW-58")
def test_GW_U_13_literal_attacker_pays_house_rule():
    m, s, atk, dfn = _attack(["A4"], ["D_hit"], house={"result_payer": "attacker"})
    _announce(m, atk)
    assert m.state.players[1].power == 2                 # no cost on D_hit: just resolves


@pytest.mark.rule("GW-42")
def test_GW_U_14_damage_after_hit_effects_by_default():
    m, s, atk, dfn = _attack(["A_hitpay"], [])
    s.players[0].power = 1
    out = _announce(m, atk)
    assert not any(isinstance(e, E.DamageDealt) for e in out.events)   # waits for the pay stage
    out = m.submit(A.Decline())
    assert [e.amount for e in out.events if isinstance(e, E.DamageDealt)] == [5]
    m2, s2, atk2, _ = _attack(["A_hitpay"], [], house={"damage_timing": "damage_first"})
    s2.players[0].power = 1
    out2 = _announce(m2, atk2)
    assert [e.amount for e in out2.events if isinstance(e, E.DamageDealt)] == [5]
    assert m2.decision.stage == "pay"


@pytest.mark.rule("GW-56")
@pytest.mark.rule("GW-U-15")
def test_GW_56_values_are_printed_plus_effects_floored_at_zero():
    from game.engine.systems.gemwielders.rules import attack_total, card_shield, defense_total
    m, s, atk, dfn = _attack(["A3"], ["D2", "D3"])
    m.submit(A.AddToAttack(atk[0]))
    a = m.state.attack
    a.shield[m.state.players[1].defense[0]] = -5
    assert card_shield(m.state, m.state.players[1].defense[0]) == 0     # GW-U-15
    assert defense_total(m.state) == 3
    a.sword[atk[0]] = 2
    assert attack_total(m.state) == 5

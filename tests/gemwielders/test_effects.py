"""Every effect verb on a state built by hand, the power clauses and the effect stages
(GW-02, GW-27, GW-41, GW-46, GW-50..52, GW-55..59)."""
from __future__ import annotations

import pytest

from game.engine.rules import IllegalAction
from game.engine.systems.gemwielders import effects, rules
from game.engine.systems.gemwielders import events as ev
from game.engine.systems.gemwielders.actions import ChooseCards, Decline, Pay
from game.engine.systems.gemwielders.content import check_effects
from game.engine.systems.gemwielders.state import BEARER

from .test_effects_support import kinds, make_state, put, rng, run, start_attack


# --- power and life ---------------------------------------------------------------------------

@pytest.mark.rule("GW-03")
def test_gain_power_adds_and_respects_the_power_cap_house_rule():
    s = make_state()
    out = run(s, 0, [{"verb": "gain_power", "n": 2}])
    assert s.p(0).power == 2 and s.p(1).power == 0
    assert out == [ev.PowerChanged(0, 2, 2, "effect:")]
    capped = make_state(power_cap=5)
    capped.p(0).power = 4
    run(capped, 0, [{"verb": "gain_power", "n": 3}])
    assert capped.p(0).power == 5


@pytest.mark.rule("GW-27")
def test_pay_power_never_goes_below_zero():
    s = make_state()
    s.p(0).power = 1
    out = run(s, 0, [{"verb": "pay_power", "n": 3}])
    assert s.p(0).power == 0
    assert out[-1].delta == -1


@pytest.mark.rule("GW-02")
def test_GW_TV_03_gain_past_fifty_is_lost():
    s = make_state()
    s.p(0).life = 47
    out = run(s, 0, [{"verb": "gain_life", "n": 5}])
    assert s.p(0).life == 50
    assert out == [ev.LifeChanged(0, 3, 50, 2, "effect:")]


@pytest.mark.rule("GW-02")
def test_gain_life_at_the_cap_changes_nothing_and_opponent_gain_goes_to_them():
    s = make_state()
    run(s, 0, [{"verb": "gain_life", "n": 4}])
    assert s.p(0).life == 50
    s.p(1).life = 20
    run(s, 0, [{"verb": "gain_life", "n": 4, "who": "opponent"}])
    assert s.p(1).life == 24


def test_lose_life_hits_the_opponent_by_default_and_can_go_below_zero():
    s = make_state()
    s.p(1).life = 2
    run(s, 0, [{"verb": "lose_life", "n": 3}])
    assert s.p(1).life == -1 and s.p(0).life == 50
    run(s, 0, [{"verb": "lose_life", "n": 4, "who": "self"}])
    assert s.p(0).life == 46


# --- drawing and the deck ---------------------------------------------------------------------

@pytest.mark.rule("GW-45")
@pytest.mark.rule("GW-46")
def test_GW_TV_23_draw_reshuffles_the_discard_mid_draw():
    s = make_state()
    put(s, 0, "hand", "w_swing", "w_swing")
    (x,) = put(s, 0, "deck", "w_haft_guard")
    pile = put(s, 0, "discard", *["w_swing"] * 6)
    out = run(s, 0, [{"verb": "draw", "n": 3}])
    p = s.p(0)
    assert len(p.hand) == 5 and len(p.deck) == 4 and p.discard == []
    assert p.hand[2] == x                      # the old top card came first
    assert set(p.hand[3:]) | set(p.deck) == set(pile)
    assert kinds(out) == ["gw.deck_shuffled", "gw.cards_drawn"]
    assert out[0] == ev.DeckShuffled(0, 6, True)


@pytest.mark.rule("GW-45")
def test_GW_TV_24_drawing_from_nothing_is_no_error():
    s = make_state()
    put(s, 0, "hand", "w_swing", "w_swing", "w_swing")
    out = run(s, 0, [{"verb": "draw", "n": 2}])
    assert len(s.p(0).hand) == 3
    assert out == [ev.CardsDrawn(0, (), (), 2)]


@pytest.mark.rule("GW-46")
def test_reshuffle_uses_the_match_rng_and_forgets_known_order():
    s = make_state()
    pile = put(s, 0, "discard", "w_swing", "w_haft_guard", "w_overhead_smash")
    s.p(0).knows.append(pile[0])
    # Fisher-Yates over 3 cards draws j for i=2 then i=1: forced 0, 0 -> [b, c, a] -> ...
    run(s, 0, [{"verb": "draw", "n": 1}], rng(0, 0))
    expect = list(pile)
    expect[2], expect[0] = expect[0], expect[2]
    expect[1], expect[0] = expect[0], expect[1]
    assert s.p(0).hand == [expect[0]] and s.p(0).deck == expect[1:]
    assert pile[0] not in s.p(0).knows


def test_draw_for_the_opponent():
    s = make_state()
    (c,) = put(s, 1, "deck", "w_arrow")
    run(s, 0, [{"verb": "draw", "n": 1, "who": "opponent"}])
    assert s.p(1).hand == [c] and s.p(0).hand == []


# --- discarding -------------------------------------------------------------------------------

@pytest.mark.rule("GW-59")
@pytest.mark.rule("GW-50")
def test_GW_TV_40_random_discard_takes_the_rng_index():
    s = make_state()
    a, b, c, d = put(s, 1, "hand", "w_arrow", "w_fall_back", "w_quiver", "w_piercing_shot")
    out = run(s, 0, [{"verb": "discard", "who": "opponent", "n": 1, "mode": "random"}], rng(2))
    assert s.p(1).hand == [a, b, d] and s.p(1).discard == [c]
    assert out == [ev.CardsDiscarded(1, (c,), ("w_quiver",), True)]


@pytest.mark.rule("GW-50")
def test_discard_by_choice_is_a_stage_answered_by_choose_cards_then_the_list_goes_on():
    s = make_state()
    a, b = put(s, 0, "hand", "w_swing", "w_haft_guard")
    put(s, 0, "deck", "w_overhead_smash")
    out = run(s, 0, [{"verb": "discard", "n": 1}, {"verb": "gain_power", "n": 1}])
    assert out == [] and s.p(0).power == 0       # stopped at the choice
    top = s.pending[-1]
    assert (top.stage, top.seat, top.handler) == ("choose_cards", 0, "effects")
    assert set(effects.legal(s)) == {ChooseCards((a,)), ChooseCards((b,))}
    assert effects.validate(s, ChooseCards((a, b))) is not None
    with pytest.raises(IllegalAction):
        effects.answer(s, Pay(), rng())
    out = effects.answer(s, ChooseCards((b,)), rng())
    assert s.p(0).discard == [b] and s.p(0).hand == [a]
    assert s.p(0).power == 1 and s.pending == []
    assert kinds(out) == ["gw.cards_discarded", "gw.power_changed"]


def test_opponent_discards_by_their_own_choice_and_a_whole_hand_needs_no_choice():
    s = make_state()
    a, b = put(s, 1, "hand", "w_arrow", "w_fall_back")
    run(s, 0, [{"verb": "discard", "who": "opponent", "n": 1}])
    assert s.pending[-1].seat == 1             # the opponent picks
    effects.answer(s, ChooseCards((a,)), rng())
    assert s.p(1).discard == [a]
    run(s, 0, [{"verb": "discard", "who": "opponent", "n": 3}])
    assert s.pending == [] and s.p(1).hand == [] and s.p(1).discard == [a, b]


# --- looking at the deck (Intuition) ----------------------------------------------------------

@pytest.mark.rule("GW-46")
def test_GW_TV_26_intuition_looks_at_one_reshuffles_then_looks_at_two_more():
    s = make_state()
    (intuition,) = put(s, None, "table", "g_intuition")    # on the table while it resolves
    (x,) = put(s, 0, "deck", "w_swing")
    pile = put(s, 0, "discard", *["w_haft_guard"] * 5)
    out = run(s, 0, [{"verb": "look_top", "n": 3, "take": 1}], card=intuition, source="play")
    p = s.p(0)
    assert kinds(out) == ["gw.deck_shuffled", "gw.deck_looked"]
    assert out[0].size == 5                       # Intuition itself is not shuffled in
    seen = out[1].cards
    assert seen[0] == x and len(seen) == 3 and set(seen[1:]) <= set(pile)
    assert intuition in s.table and intuition not in p.deck
    assert set(seen) <= set(p.knows)
    assert out[1].seat_visible == 0 and ev.redact(out[1], 1).cards == ("?", "?", "?")
    # take one, then put the other two back in a chosen order
    assert s.pending[-1].data["count"] == 1
    took = effects.answer(s, ChooseCards((seen[1],)), rng())
    assert p.hand == [seen[1]]
    assert took[0].kind == "gw.cards_drawn" and ev.redact(took[0], 1).cards == ("?",)
    assert s.pending[-1].data["ordered"] and len(effects.legal(s)) == 2
    out = effects.answer(s, ChooseCards((seen[2], x)), rng())
    assert p.deck[:2] == [seen[2], x] and len(p.deck) == 5
    assert out == [ev.DeckReordered(0, 2)] and s.pending == []


def test_look_top_with_take_equal_to_seen_needs_no_choice():
    s = make_state()
    a, b = put(s, 0, "deck", "w_swing", "w_haft_guard")
    run(s, 0, [{"verb": "look_top", "n": 3, "take": 3}])
    assert s.p(0).hand == [a, b] and s.pending == []


# --- scrapping and Sources --------------------------------------------------------------------

@pytest.mark.rule("GW-52")
@pytest.mark.rule("GW-51")
def test_GW_TV_35_a_scrapped_source_returns_to_the_stack():
    s = make_state()
    put(s, None, "sources", *["source"] * 3)
    (src,) = put(s, None, "table", "source")
    out = run(s, 0, [{"verb": "scrap", "target": "this"}], card=src)
    assert len(s.sources) == 4 and s.sources[-1] == src and s.scrap == []
    assert out == [ev.CardScrapped(0, src, "source", "table", True)]


@pytest.mark.rule("GW-51")
def test_scrap_this_card_goes_to_the_scrap_pile():
    s = make_state()
    (card,) = put(s, None, "table", "g_mend")
    run(s, 0, [{"verb": "scrap"}], card=card)
    assert s.scrap == [card] and s.table == []


@pytest.mark.rule("GW-51")
def test_scrap_a_revealed_defense_card_by_choice():
    s = make_state()
    _, (d1, d2) = start_attack(s, 0, ["g_cataclysm"], ["w_fall_back", "w_fall_back"])
    run(s, 0, [{"verb": "scrap", "target": "defense_choice"}])
    assert set(effects.legal(s)) == {ChooseCards((d1,)), ChooseCards((d2,))}
    effects.answer(s, ChooseCards((d2,)), rng())
    assert s.scrap == [d2] and s.p(1).defense == [d1]


@pytest.mark.rule("GW-29")
def test_return_source_sends_the_played_source_back_to_the_stack():
    s = make_state()
    (src,) = put(s, None, "table", "source")
    run(s, 0, [{"verb": "return_source"}], card=src)
    assert s.sources == [src] and s.table == []


# --- ready and use ----------------------------------------------------------------------------

@pytest.mark.rule("GW-55")
def test_GW_TV_34_readying_a_ready_card_is_legal_and_changes_nothing():
    s = make_state()
    (mod,) = put(s, 0, "mods", "g_prism_lens")
    out = run(s, 0, [{"verb": "ready", "target": "modification_choice"}])
    assert s.p(0).used == [] and s.pending == []
    assert out == [ev.MarkedReady(0, mod, True)]
    out = run(s, 0, [{"verb": "ready", "target": "gembearer"}])
    assert s.p(0).bearer_ready and out == [ev.MarkedReady(0, BEARER, True)]


@pytest.mark.rule("GW-55")
def test_using_a_used_card_is_legal_and_changes_nothing():
    s = make_state()
    s.p(1).bearer_ready = False
    out = run(s, 0, [{"verb": "use", "target": "opponent_gembearer"}])
    assert not s.p(1).bearer_ready and out == [ev.MarkedUsed(1, BEARER, True)]


@pytest.mark.rule("GW-54")
def test_ready_and_use_change_state_when_they_can():
    s = make_state()
    m1, m2 = put(s, 0, "mods", "g_prism_lens", "g_dynamo")
    s.p(0).used = [m1, m2]
    run(s, 0, [{"verb": "ready", "target": "modification_choice"}])
    effects.answer(s, ChooseCards((m2,)), rng())
    assert s.p(0).used == [m1]
    run(s, 0, [{"verb": "ready", "target": "all_modifications"}])
    assert s.p(0).used == []
    run(s, 0, [{"verb": "use", "target": "opponent_gembearer"}])
    assert not s.p(1).bearer_ready and s.p(0).bearer_ready


# --- attack maths -----------------------------------------------------------------------------

@pytest.mark.rule("GW-56")
def test_mod_sword_on_this_card_the_strongest_and_the_total():
    s = make_state()
    (a3, a4, a4b), _ = start_attack(s, 0, ["w_swing", "w_overhead_smash", "w_overhead_smash"],
                                    ["w_fall_back"])
    run(s, 0, [{"verb": "mod_sword", "target": "this", "n": 2}], card=a3)
    assert s.attack.sword == {a3: 2}
    run(s, 1, [{"verb": "mod_sword", "target": "highest", "n": -3}])   # a3 is now 5: strongest
    assert s.attack.sword == {a3: -1}
    run(s, 1, [{"verb": "mod_sword", "target": "highest", "n": -1}])   # 4, 4, 2: first 4
    assert s.attack.sword == {a3: -1, a4: -1}
    out = run(s, 0, [{"verb": "mod_sword", "target": "total", "n": 3}])
    assert s.attack.bonus_sword == 3 and out == [ev.ValueModified(0, "sword", "total", 3)]


@pytest.mark.rule("GW-56")
def test_mod_shield_and_set_shield_on_revealed_defense():
    s = make_state()
    _, (d1, d2) = start_attack(s, 0, ["w_swing"], ["w_fall_back", "g_living_bark"])
    run(s, 0, [{"verb": "mod_shield", "target": "leftmost", "n": -2}])
    assert s.attack.shield == {d1: -2}
    run(s, 1, [{"verb": "mod_shield", "target": "this", "n": 3}], card=d2)
    assert s.attack.shield == {d1: -2, d2: 3}
    run(s, 1, [{"verb": "mod_shield", "target": "total", "n": 1}])
    assert s.attack.bonus_shield == 1
    out = run(s, 0, [{"verb": "set_shield", "target": "leftmost"}])
    assert rules.card_shield(s, d1) == 0 and out == [ev.ValueModified(0, "shield", d1, 0, 0)]


@pytest.mark.rule("GW-37", "GW-38", "GW-56")
def test_a_card_set_to_zero_still_takes_later_modifiers_like_any_set_value():
    """Cataclysm (attack, resolves first) sets the leftmost defense card to 0; Charged Bulwark's
    own +3 (defense, resolves next) then applies on top: 3, not 0. Set-to-0 and set-to-2 are the
    same verb and must behave the same way."""
    for value in (0, 2):
        s = make_state()
        _, (bulwark,) = start_attack(s, 0, ["g_cataclysm"], ["g_charged_bulwark"])
        run(s, 0, [{"verb": "set_shield", "target": "leftmost", "value": value}])
        assert rules.card_shield(s, bulwark) == value
        run(s, 1, [{"verb": "mod_shield", "target": "this", "n": 3}], card=bulwark)
        assert rules.card_shield(s, bulwark) == value + 3
        assert rules.defense_total(s) == value + 3


def test_attack_maths_outside_an_attack_does_nothing():
    s = make_state()
    assert run(s, 0, [{"verb": "mod_sword", "n": 2}, {"verb": "set_shield"}]) == []


@pytest.mark.rule("GW-60")
def test_peek_defense_is_hidden_information_for_the_peeker_only():
    s = make_state()
    d1, d2 = put(s, 1, "defense", "w_fall_back", "w_fall_back")
    out = run(s, 0, [{"verb": "peek_defense", "index": 0}])
    assert out == [ev.DefensePeeked(0, 0, d1, "w_fall_back")]
    assert out[0].reveals and out[0].seat_visible == 0
    assert ev.redact(out[0], 1).card == "?" and ev.redact(out[0], 0).card == d1
    assert s.p(0).knows == [d1] and d2 not in s.p(0).knows
    assert run(s, 0, [{"verb": "peek_defense", "index": 5}]) == []


def test_turn_buff_adds_up_for_the_turn():
    s = make_state()
    run(s, 0, [{"verb": "turn_buff", "n": 2}])
    out = run(s, 0, [{"verb": "turn_buff", "n": 1}])
    assert s.p(0).buffs == {"attack": 3} and out == [ev.TurnBuffed(0, 1, 3)]


# --- conditions -------------------------------------------------------------------------------

def test_conditions_skip_steps_that_do_not_apply():
    s = make_state()
    _, (d1,) = start_attack(s, 0, ["w_swing"], ["w_haft_guard"])
    hammer = [{"verb": "mod_shield", "target": "leftmost", "n": -2, "if": {"attack_cards": 2}}]
    run(s, 0, hammer)
    assert s.attack.shield == {}
    s.attack.cards.append(s.new_card("w_swing"))
    run(s, 0, hammer)
    assert s.attack.shield == {d1: -2}
    run(s, 0, [{"verb": "gain_power", "n": 1, "if": {"gems": 1}}])
    assert s.p(0).power == 0
    s.p(0).gems = ["R"]
    run(s, 0, [{"verb": "gain_power", "n": 1, "if": {"gems": 1}}])
    assert s.p(0).power == 1


# --- power clauses (GW-27, GW-41, GW-58) ------------------------------------------------------

S_X = [{"verb": "gain_life", "n": 1}, {"cost": 3, "effects": [{"verb": "draw", "n": 2}]}]


@pytest.mark.rule("GW-27")
def test_GW_TV_07_a_clause_you_cannot_afford_does_not_resolve_the_rest_does():
    s = make_state()
    s.p(0).power, s.p(0).life = 2, 40
    put(s, 0, "deck", "w_swing", "w_swing")
    out = run(s, 0, S_X, pay=[True])
    assert s.p(0).life == 41 and s.p(0).hand == [] and s.p(0).power == 2
    assert out[-1] == ev.ClauseSkipped(0, "", 0, "cannot pay")


@pytest.mark.rule("GW-27")
def test_GW_TV_08_paying_the_clause_resolves_it():
    s = make_state()
    s.p(0).power, s.p(0).life = 3, 40
    put(s, 0, "deck", "w_swing", "w_swing")
    run(s, 0, S_X, pay=[True])
    assert s.p(0).life == 41 and len(s.p(0).hand) == 2 and s.p(0).power == 0


@pytest.mark.rule("GW-27")
def test_a_clause_without_a_flag_is_a_pay_stage_and_decline_runs_otherwise():
    s = make_state()
    s.p(0).power = 3
    steps = [{"cost": 1, "effects": [{"verb": "gain_life", "n": 9, "who": "opponent"}],
              "otherwise": [{"verb": "gain_power", "n": 5}]},
             {"verb": "lose_life", "n": 1}]
    s.p(1).life = 30
    run(s, 0, steps)
    assert s.pending[-1].stage == "pay" and set(effects.legal(s)) == {Pay(), Decline()}
    assert s.pending[-1].data["prompt"] == "Pay 1 power? Your opponent gains 9 life."
    out = effects.answer(s, Decline(), rng())
    assert s.p(0).power == 8 and s.p(1).life == 29
    assert kinds(out) == ["gw.clause_skipped", "gw.power_changed", "gw.life_changed"]
    s.p(0).power = 0
    run(s, 0, steps)                                 # cannot pay: no stage, `otherwise` runs
    assert s.pending == [] and s.p(0).power == 5
    s.p(0).power = 1
    run(s, 0, steps)
    s.p(0).power = 0                                 # power gone while the stage waits
    assert effects.legal(s) == [Decline()]
    assert effects.validate(s, Pay()) is not None


@pytest.mark.rule("GW-41")
@pytest.mark.rule("GW-U-16")
def test_GW_TV_32_a_hit_clause_fires_once_per_turn():
    s = make_state()
    s.p(0).power = 5
    put(s, 1, "hand", "w_arrow", "w_arrow", "w_arrow")
    clause = [{"cost": 1, "effects": [{"verb": "discard", "who": "opponent", "n": 1,
                                       "mode": "random"}]}]
    run(s, 0, clause, rng(0), card="c1", source="hit", pay=[True])
    out = run(s, 0, clause, rng(0), card="c1", source="hit", pay=[True])
    assert s.p(0).power == 4 and len(s.p(1).discard) == 1
    assert out == [ev.ClauseSkipped(0, "c1", 0, "already fired this turn")]


@pytest.mark.rule("GW-58")
def test_hit_clause_payer_follows_the_house_rule():
    steps = [{"cost": 2, "effects": [{"verb": "gain_life", "n": 2}]}]
    owner_pays = make_state()
    owner_pays.p(1).power = 2
    run(owner_pays, 1, steps, card="c9", source="hit", attacker=0, defender=1)
    assert owner_pays.pending[-1].seat == 1      # GW-U-13 default: the card's owner
    literal = make_state(result_payer="attacker")
    literal.p(0).power = 2
    literal.p(1).life = 40
    run(literal, 1, steps, card="c9", source="hit", attacker=0, defender=1)
    assert literal.pending[-1].seat == 0
    effects.answer(literal, Pay(), rng())
    assert literal.p(0).power == 0 and literal.p(1).life == 42


@pytest.mark.rule("GW-57")
def test_a_defense_card_hit_effect_makes_the_attacker_lose_life():
    s = make_state()
    s.p(0).life = 30
    from game.engine.systems.gemwielders.content import load
    bramble = load().cards["g_bramble_ward"]
    effects.resolve(s, 1, bramble.hit.effects, {"source": "hit", "attacker": 0}, rng())
    assert s.p(0).life == 28


def test_a_pending_stage_survives_a_json_round_trip():
    import json
    from game.engine.systems.gemwielders.state import state_from_dict
    s = make_state()
    put(s, 0, "hand", "w_swing", "w_haft_guard")
    run(s, 0, [{"verb": "discard", "n": 1}, {"verb": "gain_power", "n": 2}])
    back = state_from_dict(json.loads(json.dumps(s.to_json())))
    effects.answer(back, effects.legal(back)[0], rng())
    assert back.p(0).power == 2 and len(back.p(0).discard) == 1


def test_every_verb_has_text_a_value_and_an_implementation():
    for name, verb in effects.VERBS.items():
        step = check_effects(name, [{"verb": name, **{k: (1 if t is int else d)
                                                       for k, (t, d, _) in verb.params.items()
                                                       if d is ...}}])[0]
        assert verb.text(step).strip(), name
        assert isinstance(verb.value(step), float), name
        assert callable(verb.apply)


def test_every_card_and_ability_in_the_set_resolves_in_an_attack():
    """Each trigger of each bundled card and Gembearer runs on a busy table; every stage it
    raises is answered with its first legal answer until the list is done."""
    from game.engine.systems.gemwielders.content import load
    c = load()
    holders = list(c.cards.values()) + list(c.bearers.values())
    for card in holders:
        for trig in ("play", "reveal", "hit", "miss", "use", "attacking", "defending", "other"):
            clause = getattr(card, trig, None)
            if clause is None:
                continue
            s = make_state()
            s.p(0).power = s.p(1).power = 10
            s.p(0).gems = ["R", "S", "E"]
            for seat in (0, 1):
                put(s, seat, "deck", "w_swing", "w_haft_guard", "w_arrow", "w_ward")
                put(s, seat, "hand", "w_swing", "w_feint", "w_quiver")
                put(s, seat, "discard", "w_parry", "w_ward")
                put(s, seat, "mods", "g_prism_lens", "g_dynamo")
            (me,) = put(s, None, "table", card.id) if card in c.cards.values() else ("bearer",)
            atk, _ = start_attack(s, 0, ["w_swing", "w_arrow"], ["w_ward", "g_living_bark"])
            if trig == "reveal" and card.kind == "attack":
                s.attack.cards.append(me)
            effects.resolve(s, 0, clause.effects, {"card": me, "source": trig, "attacker": 0,
                                                    "defender": 1}, rng())
            for _ in range(20):
                if not s.pending:
                    break
                effects.answer(s, effects.legal(s)[0], rng())
            assert s.pending == [], (card.id, trig)
            assert sum(len(getattr(p, z)) for p in s.players
                       for z in ("deck", "hand", "discard", "defense", "mods")) \
                + len(s.table) + len(s.scrap) + len(s.sources) == len(s.cards), (card.id, trig)


def test_stage_prompts_name_the_card_or_ability_they_come_from():
    from game.engine.systems.gemwielders.content import load
    s = make_state()
    s.p(1).gembearer = "twinblades"
    s.p(1).power = 1
    start_attack(s, 1, ["w_quick_cut", "w_quick_cut"], [])
    put(s, 0, "hand", "w_swing")
    flurry = load().bearers["twinblades"].hit.effects
    effects.resolve(s, 1, flurry, {"card": BEARER, "key": "bearer:1", "source": "hit"}, rng())
    assert s.pending[-1].data["prompt"] == (
        "Flurry: pay 1 power? Your opponent discards 1 card at random.")
    from game.engine.systems.gemwielders.content import bearer_text
    assert "2 or more cards: Pay 1:" in bearer_text("twinblades")


@pytest.mark.rule("GW-56")
def test_a_saved_state_from_before_the_change_reads_a_zeroed_card_as_a_delta():
    from game.engine.systems.gemwielders.system import GEMWIELDERS
    s = make_state()
    _, (bulwark,) = start_attack(s, 0, ["g_cataclysm"], ["g_charged_bulwark"])
    run(s, 0, [{"verb": "set_shield", "target": "leftmost", "value": 0}])
    today = GEMWIELDERS.state_to_json(s)
    older = {**today, "attack": {**today["attack"], "shield": {}, "zeroed": [bulwark]}}
    assert GEMWIELDERS.upgrade_saved_state(older) == today
    assert GEMWIELDERS.upgrade_saved_state(today) == today
    assert GEMWIELDERS.upgrade_saved_state({"attack": {"zeroed": ["nope"]}, "cards": {}}) \
        == {"attack": {"zeroed": ["nope"]}, "cards": {}}

"""The system object: views with real redaction (GW-60, GW-U-19), events per seat, JSON round
trip, invariants (card conservation), validation reasons, undo after reveals, GW-59."""
from __future__ import annotations

import json

import pytest

from game.engine.rules import ConfigError, IllegalAction
from game.engine.systems.gemwielders import GEMWIELDERS
from game.engine.systems.gemwielders import actions as A
from game.engine.systems.gemwielders import events as E
from game.engine.systems.gemwielders.system import HIDDEN, check_invariants

from .gwtools import new_match, put, set_phase, start_play


@pytest.mark.rule("GW-60")
def test_GW_60_view_hides_hand_decks_and_face_down_defense():
    m = start_play(new_match(seed=2))
    s = m.state
    dfn = put(s, 1, "defense", ["D2", "D3"])
    v = GEMWIELDERS.view(s, 0)
    me, them = v.players[0], v.players[1]
    # own hand visible, own deck order hidden (nobody knows their deck order)
    assert me.hand == s.players[0].hand
    assert all(v.cards[c].cid == HIDDEN for c in me.deck)
    assert len(me.deck) == len(s.players[0].deck)
    # opponent: hand and defense are placeholders; counts and order positions stay
    assert len(them.hand) == 5 and all(v.cards[c].cid == HIDDEN for c in them.hand)
    assert len(them.defense) == 2 and all(c.startswith("?") for c in them.defense)
    assert not set(them.hand) & set(s.players[1].hand)
    assert all(c not in v.cards for c in dfn + s.players[1].hand + s.gem_deck)
    assert all(v.cards[c].cid == HIDDEN for c in v.gem_deck)
    # public: the row, discard piles, counts
    assert v.row == s.row and v.players[1].life == 50
    # the owner sees their own face-down cards
    v1 = GEMWIELDERS.view(s, 1)
    assert v1.players[1].defense == dfn
    # the real state is untouched
    assert check_invariants(s) == []
    # flow helpers work on a view: the seat's own moves, unknown cards counted as 0
    from game.engine.systems.gemwielders import rules
    assert rules.is_hidden(v, them.defense[0]) and rules.card_shield(v, them.defense[0]) == 0
    assert rules.legal_actions(v) == rules.legal_actions(s) or s.active != 0
    text = json.dumps(v.to_json())
    for hidden_id in s.players[1].hand:
        assert f'"{hidden_id}"' not in text


@pytest.mark.rule("GW-60")
def test_GW_U_19_open_hands_house_rule():
    m = start_play(new_match(seed=2, house={"public_info": "open"}))
    v = GEMWIELDERS.view(m.state, 0)
    assert v.players[1].hand == m.state.players[1].hand
    assert all(c.startswith("?") for c in v.players[1].deck)


def test_known_cards_stay_visible_to_the_seat_that_saw_them():
    m = start_play(new_match(seed=2))
    s = m.state
    d = put(s, 1, "defense", ["D4"])[0]
    s.players[0].knows.append(d)
    v = GEMWIELDERS.view(s, 0)
    assert v.players[1].defense == [d] and v.cards[d].cid == "D4"
    assert GEMWIELDERS.view(s, 1).players[0].knows == []


def test_draw_events_redact_for_the_other_seat():
    ev = E.CardsDrawn(0, ("c1", "c2"), ("w_swing", "w_swing"))
    assert E.redact(ev, 0) == ev
    other = E.redact(ev, 1)
    assert other.cards == ("?", "?") and other.cids == ("?", "?") and other.seat == 0
    assert ev.reveals
    dv = E.DefenseAdded(1, "c9", "D2", 0)
    assert E.redact(dv, 0).cid == "?" and E.redact(dv, 1).cid == "D2"


def test_state_json_round_trip_mid_attack():
    m = start_play(new_match(seed=1, gembearers=("hammer", "twinblades")))
    s = set_phase(m, 0, "attack", turn=4)
    atk = put(s, 0, "hand", ["e1", "e2"])
    for c in atk:
        m.submit(A.AddToAttack(c))
    m.submit(A.Announce())
    assert m.decision.stage == "order_effects"
    data = json.loads(json.dumps(GEMWIELDERS.state_to_json(m.state)))
    back = GEMWIELDERS.state_from_json(data)
    assert GEMWIELDERS.state_to_json(back) == data
    assert GEMWIELDERS.legal_actions(back) == m.legal_actions()
    with pytest.raises(ConfigError, match="version"):
        GEMWIELDERS.state_from_json({**data, "version": 99})
    with pytest.raises(ConfigError, match="damaged"):
        GEMWIELDERS.state_from_json({"version": 1, "cards": 3})


def test_invariants_catch_lost_and_doubled_cards():
    m = start_play(new_match(seed=1))
    s = m.state
    assert check_invariants(s) == []
    c = s.players[0].hand[0]
    s.players[0].discard.append(c)
    assert any("2 zones" in p for p in check_invariants(s))
    s.players[0].discard.pop()
    s.players[0].hand.remove(c)
    assert any("no zone" in p for p in check_invariants(s))
    s.players[0].hand.append(c)
    s.players[0].life = 51
    assert any("cap" in p for p in check_invariants(s))
    s.players[0].life = 50
    s.players[0].power = -1
    assert any("negative power" in p for p in check_invariants(s))
    s.players[0].power = 0
    s.pool["R"] -= 1
    assert any("pool" in p for p in check_invariants(s))


def test_validate_gives_reasons_and_refusals_change_nothing():
    m = start_play(new_match(seed=1))
    before = json.dumps(m.snapshot())
    with pytest.raises(IllegalAction, match="eligible"):
        m.submit(A.Draft(9))
    with pytest.raises(IllegalAction, match="first turn"):
        m.submit(A.Announce())
    with pytest.raises(IllegalAction):
        m.submit(A.PlaySkill("c_no_such_card", ()))
    with pytest.raises(IllegalAction):
        m.submit(A.OrderEffects(("x",)))
    assert json.dumps(m.snapshot()) == before


def test_undo_refused_after_reveals_allowed_otherwise():
    m = start_play(new_match(seed=1))
    m.submit(A.TakeGem("R"))                   # hides nothing new: undoable
    assert m.can_undo()
    m.undo()
    assert m.state.players[m.state.first].gems == []
    m.submit(A.EndPhase())                     # draft -> main: nothing revealed
    assert m.can_undo()
    s = m.state
    seat = s.active
    d = put(s, seat, "hand", ["D2"], clear=False)[0]
    m.submit(A.AddDefense(d))
    assert m.can_undo()
    m.submit(A.EndPhase())                     # turn ends: the draw reveals cards to the owner
    assert not m.can_undo()


@pytest.mark.rule("GW-59")
def test_GW_59_same_seed_same_shuffles_different_seed_differs():
    a, b, c = new_match(seed=9), new_match(seed=9), new_match(seed=10)
    ids = lambda m: [m.state.cards[x].cid for x in m.state.players[0].deck + m.state.gem_deck]
    assert ids(a) == ids(b)
    assert ids(a) != ids(c)


HOUSE_MIXES = [
    {"bluffing": True, "use_timing": "own_turn", "result_payer": "attacker"},
    {"damage_timing": "damage_first", "negative_values": "total_only", "effect_order": "printed"},
    {"deck_out_end": "immediately", "hand_limit": 5, "power_empties": True, "power_cap": 5},
    {"deck_out_end": "end_of_round", "numeric_requirements": True,
     "distinct_gembearers": False, "public_info": "open"},
]


@pytest.mark.parametrize("mix", range(len(HOUSE_MIXES)))
def test_random_games_under_every_house_rule_end_and_keep_invariants(mix, monkeypatch):
    """Every house rule choice plays to the end through random legal actions, with the
    invariants and both seats' views checked along the way (the contract suite covers the
    defaults)."""
    from game.engine.rules import MatchConfig, SeatConfig
    from tests.contract import checks

    def config(seed: int) -> MatchConfig:
        return MatchConfig("gemwielders", seed, [SeatConfig(), SeatConfig()], None,
                           dict(HOUSE_MIXES[mix]), {})

    monkeypatch.setattr(GEMWIELDERS, "example_config", config)

    def look(match, legal, action):
        if len(match.log) % 10 == 0:
            for seat in (0, 1):
                assert GEMWIELDERS.view(match.state, seat).players[seat].life == \
                    match.state.players[seat].life
    for seed in (1, 2):
        m = checks.play(GEMWIELDERS, seed, before=look)
        assert m.over and m.winner in (0, 1)

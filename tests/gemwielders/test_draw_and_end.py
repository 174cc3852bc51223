"""Draw phase and the end of the game: GW-45..49, GW-U-07/08/09/17/18; GW-TV-23..25, 27..31."""
from __future__ import annotations

import pytest

from game.engine.systems.gemwielders import actions as A
from game.engine.systems.gemwielders import events as E

from .gwtools import new_match, put, set_phase, start_play


def _to_draw(m, seat: int) -> list:
    """From `seat`'s main phase, end main and attack: the draw phase runs, the turn ends."""
    set_phase(m, seat, "main", turn=4)
    m.submit(A.EndPhase())
    return m.submit(A.EndPhase()).events


@pytest.mark.rule("GW-45")
@pytest.mark.rule("GW-46")
def test_GW_TV_23_draw_reshuffles_the_discard_when_the_deck_runs_dry():
    m = start_play(new_match(seed=1))
    s = m.state
    put(s, 0, "hand", ["A1", "A2"])
    x = put(s, 0, "deck", ["A3"])[0]
    put(s, 0, "discard", ["D1", "D2", "D3", "D4", "D5", "D6"])
    events = _to_draw(m, 0)
    p = m.state.players[0]
    assert len(p.hand) == 5 and len(p.deck) == 4 and p.discard == []
    assert p.hand[2] == x                                 # the old top card came first
    shuffles = [e for e in events if isinstance(e, E.DeckShuffled)]
    assert shuffles and shuffles[0].seat == 0 and shuffles[0].from_discard


@pytest.mark.rule("GW-45")
@pytest.mark.rule("GW-U-18")
def test_GW_TV_24_nothing_to_draw_is_no_error():
    m = start_play(new_match(seed=1))
    s = m.state
    put(s, 0, "hand", ["A1", "A2", "A3"])
    put(s, 0, "deck", [])
    put(s, 0, "discard", [])
    _to_draw(m, 0)
    assert len(m.state.players[0].hand) == 3


@pytest.mark.rule("GW-45")
def test_GW_TV_25_six_cards_draw_nothing():
    m = start_play(new_match(seed=1))
    s = m.state
    put(s, 0, "hand", ["A1"] * 6)
    deck = len(s.players[0].deck)
    _to_draw(m, 0)
    assert len(m.state.players[0].hand) == 6 and len(m.state.players[0].deck) == deck


@pytest.mark.rule("GW-45")
def test_GW_U_09_hand_limit_house_rule_discards_down():
    m = start_play(new_match(seed=1, house={"hand_limit": 5}))
    put(m.state, 0, "hand", ["A1"] * 7)
    _to_draw(m, 0)
    assert len(m.state.players[0].hand) == 5


def _fight(life0: int, life1: int, attack, defense, first: int = 0):
    m = start_play(new_match(seed=1, gembearers=("longbow", "wardens_staff")))
    s = set_phase(m, 0, "attack", turn=4)
    s.first = first
    s.players[0].life, s.players[1].life = life0, life1
    atk = put(s, 0, "hand", attack)
    put(s, 1, "defense", defense)
    put(s, 0, "mods", [])
    put(s, 1, "mods", [])
    for c in atk:
        m.submit(A.AddToAttack(c))
    out = m.submit(A.Announce())
    return m, out.events


@pytest.mark.rule("GW-47")
def test_GW_TV_27_defender_at_four_hit_for_five_loses_at_once():
    m, events = _fight(50, 4, ["A5"], [])
    assert m.over and m.winner == 0
    assert m.state.players[1].life == -1
    # at once: the attack cards are still on the table, nothing after the damage ran
    assert not any(isinstance(e, E.AttackCleared) for e in events)


@pytest.mark.rule("GW-48")
def test_GW_TV_28_both_fall_player_two_higher_wins():
    # seat 0 is Player 1 (2 life), seat 1 Player 2 (3 life); A_drain takes 3 from each
    m, events = _fight(2, 3, ["A_drain"], ["D1"])
    assert any(isinstance(e, E.BothDown) for e in events)
    s = m.state
    assert (s.players[0].life, s.players[1].life) == (-1, 0)
    assert m.over and m.winner == 1
    # the phase was finished first: the attack cleared before the comparison of life
    assert any(isinstance(e, E.AttackCleared) for e in events)


@pytest.mark.rule("GW-48")
def test_GW_TV_29_both_at_minus_one_player_two_wins():
    m, _ = _fight(2, 2, ["A_drain"], ["D1"])
    assert (m.state.players[0].life, m.state.players[1].life) == (-1, -1)
    assert m.winner == 1
    m2, _ = _fight(2, 2, ["A_drain"], ["D1"], first=1)    # now seat 0 is Player 2
    assert m2.winner == 0


@pytest.mark.rule("GW-48")
def test_GW_TV_30_life_regained_later_in_the_phase_counts():
    # A_drain (1) + A_missgain (0) against D1: a miss; the Miss effect gives Player 1 4 life
    m, events = _fight(2, 3, ["A_drain", "A_missgain"], ["D1"])
    if m.decision is not None and m.decision.stage == "order_effects":
        m.submit(m.legal_actions()[0])
    s = m.state
    assert (s.players[0].life, s.players[1].life) == (3, 0)
    assert m.over and m.winner == 0


def _deck_out(house=None, lives=(30, 30)):
    m = start_play(new_match(seed=1, house=house))
    s = m.state
    p1, p2 = s.first, 1 - s.first
    set_phase(m, p2, "main", turn=6)
    keep = s.gem_deck[:1]
    s.scrap.extend(s.gem_deck[1:])
    s.gem_deck = keep
    s.scrap.append(s.row[0])
    s.row[0] = None
    s.players[p1].life, s.players[p2].life = lives
    return m, p1, p2


@pytest.mark.rule("GW-49")
def test_GW_TV_31_gem_deck_out_ends_at_end_of_turn_tie_to_player_two():
    m, p1, p2 = _deck_out()
    m.submit(A.EndPhase())
    out = m.submit(A.EndPhase())                       # P2's turn ends; P1's refill empties it
    assert any(isinstance(e, E.GemDeckEmpty) for e in out.events)
    assert not m.over and m.state.active == p1
    m.submit(A.EndPhase())
    m.submit(A.EndPhase())
    m.submit(A.EndPhase())                             # P1's turn ends: the game ends
    assert m.over and m.winner == p2


@pytest.mark.rule("GW-49")
def test_GW_TV_31_variant_higher_life_wins():
    m, p1, p2 = _deck_out(lives=(31, 30))
    for _ in range(5):
        m.submit(A.EndPhase())
    assert m.over and m.winner == p1


@pytest.mark.rule("GW-49")
def test_GW_U_08_immediately_and_end_of_round_house_rules():
    m, p1, p2 = _deck_out(house={"deck_out_end": "immediately"})
    m.submit(A.EndPhase())
    m.submit(A.EndPhase())
    assert m.over and m.winner == p2
    m2, p1, p2 = _deck_out(house={"deck_out_end": "end_of_round"}, lives=(31, 30))
    for _ in range(5):
        m2.submit(A.EndPhase())
    assert not m2.over and m2.state.active == p2       # P1's turn ended; the round goes on
    for _ in range(3):
        m2.submit(A.EndPhase())
    assert m2.over and m2.winner == p1


def test_GW_U_07_power_carries_over_or_empties_by_house_rule():
    m = start_play(new_match(seed=1))
    m.state.players[0].power = 4
    _to_draw(m, 0)
    assert m.state.players[0].power == 4
    m2 = start_play(new_match(seed=1, house={"power_empties": True}))
    m2.state.players[0].power = 4
    _to_draw(m2, 0)
    assert m2.state.players[0].power == 0


@pytest.mark.rule("GW-47")
@pytest.mark.rule("GW-49")
def test_the_end_names_seats_as_the_table_does_not_by_turn_order():
    """The words that end the game name a seat as the client's seats, results and log do
    ('Player 1' is seat 0, or the name the table gave it), whichever seat moved first; a
    concession too. Unnamed seats keep the state's JSON as it was."""
    m, _ = _fight(50, 4, ["A5"], [], first=1)             # seat 0 moved second
    assert m.winner == 0 and m.state.end_reason == "Player 2 has no life left"
    assert "names" not in m.state.to_json()
    m, p1, p2 = _deck_out()
    for _ in range(5):
        m.submit(A.EndPhase())
    assert m.winner == p2 and m.state.end_reason == (
        "the gem card deck ran out; equal life, which goes to the one who moved second")
    m, p1, p2 = _deck_out(lives=(31, 30))
    for _ in range(5):
        m.submit(A.EndPhase())
    assert m.state.end_reason.endswith(f"; Player {p1 + 1} has more life")
    import json
    from game.engine.actions import Concede
    from game.engine.match import Match
    from game.engine.rules import MatchConfig, SeatConfig
    from game.engine.systems.gemwielders.state import state_from_dict
    from .gwtools import TEST_SET, test_content
    test_content()
    m = start_play(Match.new(MatchConfig(
        "gemwielders", 1, [SeatConfig(name="Ada"), SeatConfig("ai", name="Computer")], None, {},
        {"gembearers": ["hammer", "twinblades"], "content": TEST_SET})))
    assert m.state.names == ["Ada", "Computer"]
    seat = m.decision.seat
    out = m.submit(Concede(seat))
    assert [e.reason for e in out.events if e.kind == "match_ended"] == [
        f"{['Ada', 'Computer'][seat]} conceded"]
    assert state_from_dict(json.loads(json.dumps(m.state.to_json()))).names == ["Ada", "Computer"]

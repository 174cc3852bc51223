"""Set-up and turn structure: GW-01..15, GW-53, GW-59; GW-TV-01, 02, 14."""
from __future__ import annotations

import pytest

from game.engine.events import MatchEnded, TurnStarted
from game.engine.match import Match
from game.engine.rules import ConfigError, IllegalAction, MatchConfig, SeatConfig
from game.engine.systems.gemwielders import actions as A
from game.engine.systems.gemwielders import events as E
from game.engine.systems.gemwielders.state import BEARER

from .gwtools import moves, new_match, put, set_phase, start_play


def _staged(seed: int = 1, house=None) -> Match:
    return new_match(seed, gembearers=None, house=house)


@pytest.mark.rule("GW-01")
@pytest.mark.rule("GW-03")
@pytest.mark.rule("GW-07")
@pytest.mark.rule("GW-11")
@pytest.mark.rule("GW-06")
def test_GW_TV_01_fresh_setup_counts():
    m = new_match(seed=3)
    s = m.state
    assert [p.life for p in s.players] == [50, 50]
    assert [p.power for p in s.players] == [0, 0]
    assert [len(p.hand) for p in s.players] == [5, 5]
    assert [len(p.deck) for p in s.players] == [5, 5]
    assert len([c for c in s.row if c]) == 5
    assert len(s.gem_deck) == 35                       # 40 gem cards, 5 in the row
    # GW-06: each deck is that Gembearer's ten weapon cards
    for p in s.players:
        from game.engine.systems.gemwielders.rules import card
        origins = {card(s, c).origin for c in p.deck + p.hand}
        assert origins == {p.gembearer}


@pytest.mark.rule("GW-04")
@pytest.mark.rule("GW-59")
def test_GW_04_player_one_is_seeded_random():
    firsts = {new_match(seed).state.first for seed in range(1, 12)}
    assert firsts == {0, 1}                            # both seats happen
    assert new_match(5).state.first == new_match(5).state.first   # same seed, same choice


@pytest.mark.rule("GW-05")
def test_GW_05_player_one_picks_first_then_player_two():
    m = _staged(seed=2)
    first = m.state.first
    d = m.decision
    assert d.stage == "choose_gembearer" and d.seat == first
    m.submit(A.ChooseGembearer("hammer"))
    assert m.decision.stage == "choose_gembearer" and m.decision.seat == 1 - first
    # GW-U-05 (house rule default): the second pick must differ
    assert A.ChooseGembearer("hammer") not in m.legal_actions()
    with pytest.raises(IllegalAction):
        m.submit(A.ChooseGembearer("hammer"))
    m.submit(A.ChooseGembearer("longbow"))
    assert m.state.players[first].gembearer == "hammer"
    assert m.state.players[1 - first].gembearer == "longbow"
    assert m.decision.stage == "redeal" and m.decision.seat == 1 - first


@pytest.mark.rule("GW-05")
def test_GW_U_05_same_gembearer_when_house_rule_allows():
    m = _staged(seed=2, house={"distinct_gembearers": False})
    m.submit(A.ChooseGembearer("hammer"))
    m.submit(A.ChooseGembearer("hammer"))
    assert [p.gembearer for p in m.state.players] == ["hammer", "hammer"]


def test_config_gembearers_are_checked():
    with pytest.raises(ConfigError, match="unknown Gembearer"):
        new_match(gembearers=("hammer", "nope"))
    with pytest.raises(ConfigError, match="same Gembearer"):
        new_match(gembearers=("hammer", "hammer"))


@pytest.mark.rule("GW-08")
@pytest.mark.rule("GW-09")
@pytest.mark.rule("GW-10")
def test_GW_08_10_pool_gem_deck_and_sources():
    s = new_match(4).state
    assert s.pool == {"R": 4, "S": 4, "E": 4, "T": 4, "A": 4}
    assert len(s.sources) == 12
    other = new_match(5).state
    # the gem card deck is shuffled with the match's seed: two seeds, two orders
    assert [s.cards[c].cid for c in s.gem_deck] != [other.cards[c].cid for c in other.gem_deck]


@pytest.mark.rule("GW-12")
def test_GW_TV_02_player_two_redeals_once():
    m = new_match(seed=7)
    s = m.state
    p2 = 1 - s.first
    assert m.decision.seat == p2 and m.decision.stage == "redeal"
    before = list(s.row)
    # a fixed shuffle: every Fisher-Yates step swaps with index 0 (GW-U-06: the row goes back
    # on the deck, the 40 cards are shuffled, the new top 5 are dealt)
    expected = before + list(s.gem_deck)
    from game.engine.rng import Rng
    fixed = Rng.from_seed(0)
    fixed.force([0] * 39)
    fixed.shuffle(expected)
    m.force_dice([0] * 39)
    m.submit(A.Redeal())
    s = m.state
    assert s.row == expected[:5] and s.gem_deck == expected[5:]
    assert len(s.gem_deck) == 35 and s.row != before
    assert s.redealt
    # the stage is gone: a second redeal is refused
    with pytest.raises(IllegalAction):
        m.submit(A.Redeal())
    assert m.decision.seat == s.first and m.decision.stage == "draft"


@pytest.mark.rule("GW-13")
@pytest.mark.rule("GW-14")
def test_GW_13_14_turns_alternate_through_four_phases():
    m = start_play(new_match(seed=1))
    s = m.state
    p1 = s.first
    assert s.turn == 1 and s.active == p1 and s.phase == "draft"
    phases = []
    for _ in range(2):
        phases.append(m.state.phase)
        out = m.submit(A.EndPhase())
    # P1's first turn: draft -> main -> (attack skipped) -> draw, then P2's turn starts
    assert phases == ["draft", "main"]
    kinds = [e.phase for e in out.events if isinstance(e, E.PhaseStarted)]
    assert kinds[:2] == ["attack", "draw"] and kinds[-1] == "draft"
    assert m.state.active == 1 - p1 and m.state.turn == 2
    started = [e for e in out.events if isinstance(e, TurnStarted)]
    assert started and started[0].seat == 1 - p1
    seen = []
    for _ in range(3):
        seen.append(m.state.phase)
        m.submit(A.EndPhase())
    assert seen == ["draft", "main", "attack"]
    assert m.state.active == p1 and m.state.turn == 3


@pytest.mark.rule("GW-15")
def test_GW_TV_14_player_one_skips_first_attack_only():
    m = start_play(new_match(seed=1))
    p1 = m.state.first
    m.submit(A.EndPhase())          # draft -> main
    out = m.submit(A.EndPhase())    # main -> attack is skipped -> draw -> P2's turn
    skipped = [e for e in out.events if isinstance(e, E.PhaseSkipped)]
    assert skipped and skipped[0].phase == "attack" and skipped[0].seat == p1
    # an attack during P1's first turn is refused
    m2 = start_play(new_match(seed=1))
    m2.submit(A.EndPhase())
    attack_card = put(m2.state, p1, "hand", ["A3"], clear=False)[0]
    with pytest.raises(IllegalAction):
        m2.submit(A.AddToAttack(attack_card))
    # P2's first turn has an attack phase
    m.submit(A.EndPhase())
    m.submit(A.EndPhase())
    assert m.state.phase == "attack" and m.state.active == 1 - p1
    m.submit(A.EndPhase())
    m.submit(A.EndPhase())
    m.submit(A.EndPhase())
    assert m.state.phase == "attack" and m.state.active == p1 and m.state.turn == 3


@pytest.mark.rule("GW-53")
@pytest.mark.rule("GW-32")
def test_GW_53_gembearer_enters_ready_and_is_usable():
    m = new_match(gembearers=("wardens_staff", "longbow"))
    start_play(m)
    s = m.state
    seat = s.players.index(next(p for p in s.players if p.gembearer == "wardens_staff"))
    assert all(p.bearer_ready for p in s.players)
    set_phase(m, seat, "main")
    m.submit(A.UseCard(BEARER, ()))
    assert m.state.players[seat].power == 1              # Channel: gain 1 power
    assert not m.state.players[seat].bearer_ready
    with pytest.raises(IllegalAction):
        m.submit(A.UseCard(BEARER, ()))


def test_concede_ends_the_match():
    m = start_play(new_match(seed=1))
    seat = m.decision.seat
    from game.engine.actions import Concede
    out = m.submit(Concede(seat))
    assert m.over and m.winner == 1 - seat
    assert any(isinstance(e, MatchEnded) for e in out.events)


def test_example_config_plays_through_stages():
    from game.engine.systems.gemwielders import GEMWIELDERS
    cfg = GEMWIELDERS.example_config(3)
    m = Match.new(MatchConfig.from_json(cfg.to_json()))
    assert m.decision.stage == "choose_gembearer"
    assert len(moves(m)) == 4
    put(m.state, 0, "hand", [], clear=False)
    assert m.system.check_invariants(m.state) == []


def test_seat_count_is_two():
    with pytest.raises(ConfigError):
        Match.new(MatchConfig("gemwielders", 1, [SeatConfig()] * 3, None, {}, {}))


def test_setup_stack_fixes_deck_tops_for_scenarios():
    m = new_match(seed=5)
    cfg = m.config
    cfg2 = MatchConfig.from_json({**cfg.to_json(), "setup": {
        **cfg.setup, "stack": {"deck0": ["w_haft_guard", "w_swing", "w_haft_guard", "w_swing",
                                         "w_steady_breath", "w_overhead_smash"],
                               "gem_deck": ["g_prism_lens"]}}})
    m2 = Match.new(cfg2)
    s = m2.state
    # seat 0 (Hammer) drew the five stacked cards in order; the sixth is on top of the deck
    assert [s.cards[c].cid for c in s.players[0].hand] == [
        "w_haft_guard", "w_swing", "w_haft_guard", "w_swing", "w_steady_breath"]
    assert s.cards[s.players[0].deck[0]].cid == "w_overhead_smash"
    assert s.cards[s.row[0]].cid == "g_prism_lens"
    with pytest.raises(ConfigError, match="stack"):
        Match.new(MatchConfig.from_json({**cfg.to_json(), "setup": {
            **cfg.setup, "stack": {"deck0": ["w_quick_cut"]}}}))
    with pytest.raises(ConfigError, match="stack"):
        Match.new(MatchConfig.from_json({**cfg.to_json(), "setup": {
            "stack": {"deck0": ["w_swing"]}}}))

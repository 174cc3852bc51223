"""Table defaults the checklist settles where the document is silent (GW-U-xx) that no flow test
names elsewhere: who may take the step-1 scrap, no mulligans, where a modification is placed, and
reveal clauses resolving before the comparison."""
from __future__ import annotations

import pytest

from game.engine.systems.gemwielders import actions as A
from game.engine.systems.gemwielders import events as E
from game.engine.systems.gemwielders.house import HOUSE_RULES

from .gwtools import new_match, put, set_phase, start_play


@pytest.mark.rule("GW-U-04")
def test_only_the_active_player_scraps_in_step_one_and_only_one_card():
    m = start_play(new_match(seed=1))
    s = set_phase(m, 0, "draft")
    s.players[0].gems = list("RRS")
    s.players[1].gems = list("EEET")
    s.pool = {"R": 2, "S": 3, "E": 1, "T": 3, "A": 4}
    s.draft_step = 1
    put(s, None, "row", ["G_AAA", "G_AAA", "G_R", "G_R", "G_R"])
    assert m.decision.seat == 0                        # the active player decides step 1
    scraps = [a for a in m.legal_actions() if isinstance(a, A.ScrapIneligible)]
    assert sorted(a.slot for a in scraps) == [0, 1]    # both cards qualify...
    m.submit(A.ScrapIneligible(0))
    # ...but one scrap ends step 1: the second ineligible card stays in the row
    assert not any(isinstance(a, A.ScrapIneligible) for a in m.legal_actions())
    assert m.state.cards[m.state.row[1]].cid == "G_AAA"


@pytest.mark.rule("GW-U-22")
def test_no_mulligans_the_dealt_hands_are_kept():
    (rule,) = [h for h in HOUSE_RULES if h.id == "mulligan"]
    assert rule.rule == "GW-U-22" and [c for c, _ in rule.choices] == ["none"]
    m = start_play(new_match(seed=3))
    hands = [list(p.hand) for p in m.state.players]
    kinds = {a.kind for a in m.legal_actions()}
    assert not any("mulligan" in k or "redraw" in k for k in kinds)
    assert [list(p.hand) for p in m.state.players] == hands


@pytest.mark.rule("GW-U-24")
def test_a_modification_whose_data_says_opponent_goes_to_the_opponents_area():
    m = start_play(new_match(seed=1))
    s = set_phase(m, 0, "main", turn=3)
    s.players[0].gems = list("AAAAA")
    put(s, 0, "mods", [])
    put(s, 1, "mods", [])
    (sigil,) = put(s, 0, "hand", ["g_hex_sigil"])
    m.submit(A.PlayModification(sigil))
    assert m.state.players[1].mods == [sigil] and m.state.players[0].mods == []


@pytest.mark.rule("GW-U-26")
def test_reveal_effects_apply_before_the_comparison_hit_effects_after():
    m = start_play(new_match(seed=1, gembearers=("longbow", "twinblades")))
    s = set_phase(m, 0, "attack", turn=4)
    put(s, 0, "mods", [])
    put(s, 1, "mods", [])
    (shot,) = put(s, 0, "hand", ["w_piercing_shot"])     # sword 3; reveal: leftmost shield -3
    put(s, 1, "defense", ["D5"])
    m.submit(A.AddToAttack(shot))
    out = m.submit(A.Announce())
    (cmp_,) = [e for e in out.events if isinstance(e, E.AttackCompared)]
    # without the reveal clause 3 against 5 would miss; with it the shield is 2 and it hits
    assert (cmp_.sword, cmp_.shield, cmp_.result) == (3, 2, "hit")

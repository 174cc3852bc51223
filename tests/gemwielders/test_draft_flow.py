"""Draft phase: GW-16..24, GW-U-02/03/25; GW-TV-15..22, 38, 39."""
from __future__ import annotations

import pytest

from game.engine.rules import IllegalAction
from game.engine.systems.gemwielders import actions as A
from game.engine.systems.gemwielders import rules

from .gwtools import names, new_match, put, set_phase, start_play


def _draft(gems0=(), gems1=(), house=None, seat=0):
    m = start_play(new_match(seed=1, house=house))
    s = set_phase(m, seat, "draft")
    s.players[0].gems = list(gems0)
    s.players[1].gems = list(gems1)
    for g in list(gems0) + list(gems1):
        s.pool[g] -= 1
    return m, s


@pytest.mark.rule("GW-20")
def test_GW_TV_15_sixth_gem_is_refused():
    m, s = _draft(gems0="RRSSE")
    assert not any(isinstance(a, A.TakeGem) for a in m.legal_actions())
    with pytest.raises(IllegalAction, match="at most 5"):
        m.submit(A.TakeGem("T"))
    assert len(m.state.players[0].gems) == 5


@pytest.mark.rule("GW-19")
@pytest.mark.rule("GW-21")
def test_GW_19_take_one_gem_from_the_pool():
    m, s = _draft()
    m.submit(A.TakeGem("R"))
    s = m.state
    assert s.players[0].gems == ["R"] and s.pool["R"] == 3
    # one gem per draft phase: step 3 has passed
    with pytest.raises(IllegalAction):
        m.submit(A.TakeGem("S"))
    # GW-21: no action ever removes a socketed gem
    assert not any("gem" in a.kind and "remove" in a.kind for a in m.legal_actions())


@pytest.mark.rule("GW-22")
def test_GW_TV_16_typed_requirements_with_wildcards():
    m, s = _draft(gems0="RS")
    put(s, None, "row", ["G_R", "G_R*", "G_RRR", "G_*"])
    slots = rules.draftable_slots(s, 0)
    assert names(s, [s.row[i] for i in slots]) == ["G_R", "G_R*", "G_*"]
    legal = m.legal_actions()
    assert A.Draft(2) not in legal and A.ScrapFromRow(2) not in legal   # RRR: GW-U-25 too
    assert A.Draft(0) in legal and A.ScrapFromRow(1) in legal


@pytest.mark.rule("GW-22")
def test_GW_TV_17_two_typed_gems():
    m, s = _draft(gems0="RRS")
    put(s, None, "row", ["G_RS"])
    assert rules.draftable_slots(s, 0) == [0]


@pytest.mark.rule("GW-22")
def test_GW_U_02_numeric_only_house_rule():
    m, s = _draft(gems0="TT", house={"numeric_requirements": True})
    put(s, None, "row", ["G_RS", "G_RRR"])
    assert rules.draftable_slots(s, 0) == [0]          # two gems of any type meet "RS"


@pytest.mark.rule("GW-22")
def test_GW_22_draft_goes_to_discard_and_scrap_to_scrap_pile():
    m, s = _draft(gems0="R")
    ids = put(s, None, "row", ["G_R", "G_R"])
    m.submit(A.Draft(0))
    s = m.state
    assert s.players[0].discard[-1] == ids[0] and s.row[0] is None
    m2, s2 = _draft(gems0="R")
    ids2 = put(s2, None, "row", ["G_R"])
    m2.submit(A.ScrapFromRow(0))
    assert m2.state.scrap[-1] == ids2[0] and m2.state.row[0] is None
    with pytest.raises(IllegalAction):
        m2.submit(A.Draft(1))                           # one draft or scrap per phase


def _tv18(pool_a: int, card: str):
    m = start_play(new_match(seed=1))
    s = set_phase(m, 0, "draft")
    s.players[0].gems = list("RRS")
    s.players[1].gems = list("EEET")
    s.pool = {"R": 2, "S": 3, "E": 1, "T": 3, "A": pool_a}
    s.draft_step = 1
    put(s, None, "row", [card, "G_R", "G_R", "G_R", "G_R"])
    return m, s


@pytest.mark.rule("GW-16")
@pytest.mark.rule("GW-17")
@pytest.mark.rule("GW-U-03")
def test_GW_TV_18_nobody_can_ever_qualify_so_step1_scrap_allowed():
    m, s = _tv18(4, "G_AAA")
    assert rules.scrappable_slots(s) == [0]
    ids = list(s.row)
    m.submit(A.ScrapIneligible(0))
    s = m.state
    assert ids[0] in s.scrap
    assert all(s.row) and s.draft_step == 3             # refill follows (GW-18)


@pytest.mark.rule("GW-16")
@pytest.mark.rule("GW-U-03")
def test_GW_TV_19_player_one_could_still_qualify():
    m, s = _tv18(4, "G_AA")
    assert rules.scrappable_slots(s) == []
    with pytest.raises(IllegalAction):
        m.submit(A.ScrapIneligible(0))


@pytest.mark.rule("GW-16")
@pytest.mark.rule("GW-U-03")
def test_GW_TV_20_pool_too_short_so_nobody_can_qualify():
    m, s = _tv18(1, "G_AA")
    assert rules.scrappable_slots(s) == [0]


@pytest.mark.rule("GW-17")
def test_GW_TV_21_step1_unavailable_below_three_gems():
    m, s = _tv18(4, "G_AAA")
    s.players[1].gems = ["E", "E"]                    # Player 2 down to 2 gems
    s.pool["E"] += 1
    s.pool["T"] += 1
    assert rules.scrappable_slots(s) == []
    with pytest.raises(IllegalAction):
        m.submit(A.ScrapIneligible(0))
    # at the start of a draft phase without step 1 the engine passes straight to the refill
    m2 = start_play(new_match(seed=1))
    st = m2.state
    assert st.draft_step == 3 and A.SkipStep() not in m2.legal_actions()


@pytest.mark.rule("GW-18")
@pytest.mark.rule("GW-24")
def test_GW_TV_22_refill_deals_exactly_the_empty_slots():
    m = start_play(new_match(seed=1))
    s = m.state
    set_phase(m, s.active, "main")
    s.row[1] = None
    s.row[3] = None
    before = len(s.gem_deck)
    from game.engine.systems.gemwielders.rules import _start_draft
    _start_draft(s)
    assert len(s.gem_deck) == before - 2
    assert all(s.row)


@pytest.mark.rule("GW-24")
def test_GW_24_slots_emptied_in_step4_stay_empty_until_next_refill():
    m, s = _draft(gems0="R")
    put(s, None, "row", ["G_R", "G_R", "G_R", "G_R", "G_R"])
    m.submit(A.Draft(2))
    m.submit(A.TakeSource())
    assert m.state.phase == "main" and m.state.row[2] is None


@pytest.mark.rule("GW-24")
def test_GW_TV_38_gem_after_draft_is_refused():
    m, s = _draft(gems0="R")
    put(s, None, "row", ["G_R"])
    m.submit(A.Draft(0))
    with pytest.raises(IllegalAction, match="step 3"):
        m.submit(A.TakeGem("R"))


@pytest.mark.rule("GW-19")
@pytest.mark.rule("GW-22")
def test_GW_TV_39_take_gem_then_draft_on_turn_one():
    m = start_play(new_match(seed=1))
    s = m.state
    p1 = s.first
    assert s.turn == 1 and s.players[p1].gems == []
    put(s, None, "row", ["G_R"])
    m.submit(A.TakeGem("R"))
    m.submit(A.Draft(0))
    assert m.state.cards[m.state.players[p1].discard[-1]].cid == "G_R"


@pytest.mark.rule("GW-23")
@pytest.mark.rule("GW-U-21")
def test_GW_23_take_a_source_ends_the_draft_steps():
    m, s = _draft()
    n = len(s.sources)
    m.submit(A.TakeSource())
    s = m.state
    assert len(s.sources) == n - 1
    assert s.cards[s.players[0].discard[-1]].cid == "source"
    assert s.phase == "main"
    # GW-U-21: with the stack empty, step 5 is not offered
    m2, s2 = _draft()
    s2.scrap.extend(s2.sources)
    s2.sources.clear()
    assert A.TakeSource() not in m2.legal_actions()

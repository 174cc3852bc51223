"""The round's action budget (BND-31..40, BND-T-12, T-13, T-28) and cooldowns (BND-101/102,
BND-T-02, T-03), through legal actions of real matches."""
from __future__ import annotations

import copy

import pytest

from game.engine.actions import EndTurn
from game.engine.rules import IllegalAction
from game.engine.systems.bindings import budget
from game.engine.systems.bindings.actions import MoveTo, StartMovement, UseMove
from game.engine.systems.bindings.state import Combatant

from .bndtools import act, duel, run_to

FAR = dict(x=10, y=6)          # the enemy far away: nothing it does interferes


def kinds(m, actor="a") -> set[str]:
    """What the actor may start now: move ids and movement modes."""
    out = set()
    for a in m.legal_actions():
        if isinstance(a, UseMove) and a.actor == actor:
            out.add(a.move)
        elif isinstance(a, StartMovement) and a.actor == actor:
            out.add(a.mode)
    return out


def petra():
    return duel(a=dict(sheet="petramancer", x=1, y=1), b=FAR)


def aero():
    return duel(a=dict(sheet="aeromancer", x=1, y=1), b=FAR)


@pytest.mark.rule("BND-36")
@pytest.mark.rule("BND-37")
@pytest.mark.rule("BND-T-13")
def test_budget_table():
    c = Combatant("x", "X", "aeromancer", 0, 0, 0)
    state = None
    assert all(budget.can_afford(state, c, k) for k in ("full", "standard", "move", "swift"))
    c.spent = ["standard"]
    assert budget.can_afford(state, c, "move") and not budget.can_afford(state, c, "standard")
    assert not budget.can_afford(state, c, "full")
    c.spent = ["move"]
    assert budget.can_afford(state, c, "standard") and budget.can_afford(state, c, "move")
    c.spent = ["move", "move"]
    assert not any(budget.can_afford(state, c, k) for k in ("full", "standard", "move"))
    c.spent = ["full"]
    assert not any(budget.can_afford(state, c, k) for k in ("full", "standard", "move"))
    c.swifts = 2
    assert not budget.can_afford(state, c, "swift") and budget.can_afford(state, c, "free")


@pytest.mark.rule("BND-T-13")
@pytest.mark.rule("BND-32")
@pytest.mark.rule("BND-33")
@pytest.mark.rule("BND-34")
@pytest.mark.rule("BND-38")
def test_standard_move_swift_over_three_segments():
    m = aero()
    act(m, UseMove("a", "brace"))
    assert kinds(m) & {"move", "dash", "step", "blade"} == set()      # BND-07: slot used
    run_to(m, 1, 2, "a")
    assert "brace" not in kinds(m) and "move" in kinds(m)             # Standard gone, Move left
    act(m, StartMovement("a", "move", (2, 1)))
    run_to(m, 1, 3, "a")
    assert kinds(m) & {"move", "dash", "brace"} == set()
    act(m, StartMovement("a", "step", (3, 1)))
    assert m.state.combatants["a"].swifts == 1
    assert m.state.combatants["a"].spent == ["standard", "move"]


@pytest.mark.rule("BND-T-13")
@pytest.mark.rule("BND-36")
def test_move_move_swift_and_move_then_standard():
    m = aero()
    act(m, StartMovement("a", "move", (2, 1)))
    run_to(m, 1, 2, "a")
    assert {"move", "brace"} <= kinds(m)         # Move + Move or Move + Standard, either order
    act(m, StartMovement("a", "dash", (5, 1)))
    run_to(m, 1, 3, "a")
    assert kinds(m) & {"move", "dash", "brace"} == set() and "step" in kinds(m)
    act(m, StartMovement("a", "step", (6, 1)))


@pytest.mark.rule("BND-T-13")
@pytest.mark.rule("BND-31")
def test_full_then_two_swifts_and_no_move():
    m = petra()
    act(m, UseMove("a", "earth_wall", (4, 3)))
    run_to(m, 1, 2, "a")
    assert kinds(m) & {"move", "dash", "dodge", "brace", "stone_bullet"} == set()   # [Full, Move]
    act(m, StartMovement("a", "step", (1, 2)))
    run_to(m, 1, 3, "a")
    act(m, StartMovement("a", "step", (2, 2)))
    assert m.state.combatants["a"].swifts == 2


@pytest.mark.rule("BND-T-13")
@pytest.mark.rule("BND-37")
def test_a_third_swift_is_refused():
    m = aero()
    act(m, StartMovement("a", "step", (2, 1)))
    run_to(m, 1, 2, "a")
    act(m, StartMovement("a", "step", (3, 1)))
    run_to(m, 1, 3, "a")
    assert "step" not in kinds(m)
    with pytest.raises(IllegalAction):
        m.submit(StartMovement("a", "step", (4, 1)))


@pytest.mark.rule("BND-T-13")
def test_standard_twice_is_refused():
    m = aero()
    act(m, UseMove("a", "brace"))
    run_to(m, 1, 2, "a")
    with pytest.raises(IllegalAction):
        m.submit(UseMove("a", "brace"))


@pytest.mark.rule("BND-35")
@pytest.mark.rule("BND-T-13")
def test_a_slotless_swift_modifier_rides_on_the_same_segment_and_counts_toward_two():
    m = aero()
    act(m, StartMovement("a", "move", (1, 1)))
    assert "tailwind" in kinds(m)                  # a Move is under way: Tailwind may modify it
    out = act(m, UseMove("a", "tailwind"))
    assert any(getattr(e, "slot", None) is False for e in out)
    c = m.state.combatants["a"]
    assert c.swifts == 1 and c.slot_tick == 0
    # the boost adds two hexes to this segment's 3 + 1 bonus
    legal = m.legal_actions()
    assert MoveTo("a", (7, 1)) in legal and MoveTo("a", (8, 1)) not in legal
    run_to(m, 1, 2, "a")
    act(m, UseMove("a", "brace"))
    run_to(m, 1, 3, "a")
    act(m, StartMovement("a", "step", (m.state.combatants["a"].x + 1, 1)))
    assert m.state.combatants["a"].swifts == 2          # the step counted a second swift
    assert "step" not in kinds(m)


@pytest.mark.rule("BND-40")
@pytest.mark.rule("BND-56")
def test_five_foot_step_is_a_swift_of_one_hex():
    m = aero()
    dests = {a.to for a in m.legal_actions()
             if isinstance(a, StartMovement) and a.mode == "step"}
    assert dests == {(0, 1), (2, 1), (1, 0), (2, 0), (1, 2), (2, 2)}
    out = act(m, StartMovement("a", "step", (2, 1)))
    assert [e.cost for e in out if type(e).__name__ == "ActionStarted"] == ["swift"]
    assert m.state.combatants["a"].spent == []


@pytest.mark.rule("BND-39")
@pytest.mark.rule("BND-T-12")
@pytest.mark.rule("BND-T-28")
def test_reduction_chain():
    assert [budget.reduce_step(k) for k in ("full", "standard", "move", "swift", "free")] == \
        ["standard", "move", "swift", "free", "free"]
    assert budget.reduce_step(budget.reduce_step("swift")) == "free"     # twice: still Free


@pytest.mark.rule("BND-39")
@pytest.mark.rule("BND-T-12")
def test_quick_gust_air_blast_as_a_move_then_a_move():
    m = duel(a=dict(sheet="aeromancer", x=0, y=0), b=dict(x=8, y=0))
    assert UseMove("a", "air_blast", (8, 0), True) in m.legal_actions()
    out = act(m, UseMove("a", "air_blast", (8, 0), reduce=True))
    started = [e for e in out if type(e).__name__ == "ActionStarted"][0]
    assert (started.cost, started.reduced) == ("move", True)
    c = m.state.combatants["a"]
    assert c.spent == ["move"] and budget.reduction_talent(m.state, c, "air_blast") is None
    run_to(m, 1, 2, "a")
    assert {"move", "brace"} <= kinds(m)
    act(m, StartMovement("a", "move", (0, 1)))
    assert m.state.combatants["a"].spent == ["move", "move"]
    run_to(m, 2, 1, "a")                                   # a new round: the talent is back
    assert budget.reduction_talent(m.state, m.state.combatants["a"], "air_blast") == "quick_gust"


# -- cooldowns ---------------------------------------------------------------------------------

def _ready_in(state, cid, move, round_):
    s = copy.deepcopy(state)
    s.round = round_
    return budget.cooldown_ready(s, s.combatants[cid], move)


@pytest.mark.rule("BND-101")
@pytest.mark.rule("BND-102")
@pytest.mark.rule("BND-T-02")
def test_blade_cooldown_one_round():
    m = duel(a=dict(sheet="aeromancer", x=0, y=0), b=dict(x=3, y=0))
    run_to(m, 2, 1, "a")
    assert "blade" in kinds(m)
    out = act(m, UseMove("a", "blade", (3, 0)))
    cd = [e for e in out if type(e).__name__ == "CooldownStarted"]
    assert [(e.move, e.ready_round) for e in cd] == [("blade", 4)]
    run_to(m, 2, 3, "a")
    assert "blade" not in kinds(m)
    run_to(m, 3, 2, "a")
    assert "blade" not in kinds(m)
    run_to(m, 4, 1, "a")
    if not m.state.combatants["b"].down:
        assert "blade" in kinds(m)
    assert _ready_in(m.state, "a", "blade", 4) and not _ready_in(m.state, "a", "blade", 3)


@pytest.mark.rule("BND-102")
@pytest.mark.rule("BND-T-02")
def test_cooldown_counts_rounds_not_segments():
    m = duel(a=dict(sheet="aeromancer", x=0, y=0), b=FAR)
    run_to(m, 2, 3, "a")
    act(m, UseMove("a", "dust_veil", (3, 3)))            # cooldown 2, used in R2 S3
    for r, ok in ((2, False), (3, False), (4, False), (5, True)):
        assert _ready_in(m.state, "a", "dust_veil", r) is ok


@pytest.mark.rule("BND-101")
@pytest.mark.rule("BND-T-03")
def test_cooldown_two_rounds():
    m = petra()
    act(m, UseMove("a", "earth_wall", (4, 3)))            # cooldown 2, used in R1
    assert [_ready_in(m.state, "a", "earth_wall", r) for r in (1, 2, 3, 4)] == \
        [False, False, False, True]
    assert budget.ready_round(m.state, m.state.combatants["a"], "earth_wall") == 4


@pytest.mark.rule("BND-102")
def test_no_cooldown_means_reusable_whenever_the_budget_allows():
    m = duel(a=dict(sheet="petramancer", x=0, y=0), b=FAR)
    act(m, UseMove("a", "brace"))
    c = m.state.combatants["a"]
    assert budget.cooldown_ready(m.state, c, "brace") and "brace" not in c.cooldowns
    run_to(m, 2, 1, "a")
    assert "brace" in kinds(m)


def test_ending_the_turn_keeps_the_budget_for_later_segments():
    m = aero()
    act(m, EndTurn())
    run_to(m, 1, 2, "a")
    assert {"brace", "move", "step"} <= kinds(m)


@pytest.mark.rule("BND-39")
def test_a_talent_lowers_a_move_as_often_a_round_as_it_says(monkeypatch):
    from game.engine.systems.bindings.content import TalentDef, content
    monkeypatch.setitem(content().talents, "quick_gust",
                        TalentDef("quick_gust", "Quick Gust", "air_blast", 2, ""))
    m = aero()
    c = m.state.combatants["a"]
    for _ in range(2):
        assert budget.reduction_talent(m.state, c, "air_blast") == "quick_gust"
        budget.use_reduction(m.state, c, "quick_gust")
    assert budget.reduction_talent(m.state, c, "air_blast") is None
    run_to(m, 2, 1, "a")
    c = m.state.combatants["a"]
    assert c.reductions == {} and budget.reduction_talent(m.state, c, "air_blast") == "quick_gust"

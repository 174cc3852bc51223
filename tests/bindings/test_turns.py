"""The segment procedure and the round (BND-01..09), readied actions (BND-25/26, BND-GM-24,
BND-T-26), unused actions (BND-27..30, BND-GM-10, BND-T-11) and the end of the battle
(BND-GM-27, round_limit, yielding)."""
from __future__ import annotations

import pytest

from game.engine.actions import Concede, EndTurn
from game.engine.events import MatchEnded, TurnStarted
from game.engine.rules import IllegalAction
from game.engine.systems.bindings import events as ev
from game.engine.systems.bindings import turns
from game.engine.systems.bindings.actions import (MoveTo, Ready, SpendUnused, StartMovement,
                                                  UseMove)
from game.engine.systems.bindings.state import round_segment, tick_of

from .bndtools import act, duel, make, of, run_to, when


def four(**kw):
    """Ranks A, B, C, D (A and B on side 0), far apart on open ground."""
    specs = [{"id": "A", "sheet": "brawler", "side": 0, "x": 0, "y": 0},
             {"id": "B", "sheet": "brawler", "side": 0, "x": 0, "y": 6},
             {"id": "C", "sheet": "brawler", "side": 1, "x": 11, "y": 0},
             {"id": "D", "sheet": "brawler", "side": 1, "x": 11, "y": 6}]
    return make(specs, order=["A", "B", "C", "D"], **kw)


def started(events) -> list[str]:
    return [e.actor for e in events if isinstance(e, TurnStarted)]


@pytest.mark.rule("BND-01")
@pytest.mark.rule("BND-02")
def test_a_round_is_three_two_second_segments():
    assert turns.SEGMENTS_PER_ROUND == 3
    assert turns.SECONDS_PER_ROUND == 6 and turns.SECONDS_PER_SEGMENT * 3 == 6
    assert [round_segment(t) for t in range(7)] == [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2),
                                                    (2, 3), (3, 1)]
    assert tick_of(3, 2) == 7


@pytest.mark.rule("BND-02")
@pytest.mark.rule("BND-06")
@pytest.mark.rule("BND-09")
def test_every_combatant_takes_one_turn_per_segment_in_rank_order():
    m = four()
    first = started(m.initial_events)
    out = run_to(m, 2, 2, "A")
    segs = [(e.round, e.segment) for e in of(out, ev.SegmentStarted)]
    assert segs == [(1, 2), (1, 3), (2, 1), (2, 2)]
    assert first + started(out) == ["A", "B", "C", "D"] * 4 + ["A"]


@pytest.mark.rule("BND-07")
def test_one_started_action_per_turn_and_passing_is_allowed():
    m = four()
    assert EndTurn() in m.legal_actions()
    act(m, StartMovement("A", "move", (1, 0)))
    legal = m.legal_actions()
    assert not any(isinstance(a, (StartMovement, UseMove)) and a.actor == "A" for a in legal)
    assert EndTurn() in legal and any(isinstance(a, MoveTo) for a in legal)


@pytest.mark.rule("BND-08")
@pytest.mark.rule("BND-49")
def test_ongoing_actions_advance_on_their_owners_turn():
    specs = [{"id": "p", "sheet": "petramancer", "side": 0, "x": 0, "y": 0},
             {"id": "t", "sheet": "brawler", "side": 1, "x": 7, "y": 0},
             {"id": "q", "sheet": "brawler", "side": 0, "x": 0, "y": 4}]
    m = make(specs, order=["t", "p", "q"])
    run_to(m, 1, 1, "p")
    out = act(m, UseMove("p", "stone_bullet", (7, 0)))          # 3H: 3 hexes now
    assert [len(e.path) for e in of(out, ev.AttackAdvanced)] == [3]
    out = run_to(m, 1, 2, "p")
    # t's turn came first this segment; the bullet moved only when p's turn began
    i_p = [i for i, e in enumerate(out) if isinstance(e, TurnStarted) and e.actor == "p"][-1]
    adv = [i for i, e in enumerate(out) if isinstance(e, ev.AttackAdvanced)]
    assert len(adv) == 1 and adv[0] > i_p


@pytest.mark.rule("BND-03")
@pytest.mark.rule("BND-GM-08")
@pytest.mark.rule("BND-T-22")
def test_a_move_started_in_s3_continues_in_the_next_round_without_its_budget():
    m = duel(a=dict(sheet="petramancer", x=0, y=0), b=dict(x=11, y=6))   # base 30: 3H
    run_to(m, 1, 3, "a")
    act(m, StartMovement("a", "move", (3, 0)))
    run_to(m, 2, 1, "a")
    c = m.state.combatants["a"]
    assert c.spent == []                         # the next round's budget is whole (GM-08)
    assert MoveTo("a", (6, 0)) in m.legal_actions() and MoveTo("a", (7, 0)) not in m.legal_actions()
    act(m, MoveTo("a", (6, 0)))
    out = run_to(m, 2, 2, "a")
    assert [e.reason for e in of(out, ev.MovementEnded)] == ["done"]
    assert not any(isinstance(a, MoveTo) for a in m.legal_actions())


@pytest.mark.rule("BND-04")
@pytest.mark.rule("BND-GM-27")
def test_the_battle_ends_when_a_side_cannot_fight():
    from game.engine.systems.bindings.actions import Defend
    m = duel(a=dict(sheet="brawler", x=0, y=0), b=dict(sheet="brawler", x=1, y=0, hp=3))
    act(m, UseMove("a", "dagger", (1, 0)))
    assert m.decision.stage == "defend" and not m.over
    out = act(m, Defend("b", m.state.pending[-1].data["attack"], None), dice=[6, 6, 6])
    assert m.state.combatants["b"].down
    assert m.over and m.winner == 0
    assert of(out, MatchEnded)[0].winner == 0
    assert m.legal_actions() == [] and m.decision is None


@pytest.mark.rule("BND-GM-27")
def test_a_seat_may_yield():
    m = four()
    assert Concede(0) in m.legal_actions() and Concede(1) not in m.legal_actions()
    out = act(m, Concede(0))
    assert m.over and m.winner == 1 and of(out, MatchEnded)[0].reason == "the other side yielded"


@pytest.mark.rule("BND-GM-27")
def test_time_is_called_after_the_round_limit():
    m = duel(a=dict(x=0, y=0), b=dict(x=11, y=6), house={"round_limit": 10})
    out = run_to(m, 10, 3, "b")
    out = act(m, EndTurn())
    assert m.over and m.winner is None                      # both whole: a draw
    assert "round 10" in of(out, MatchEnded)[0].reason


@pytest.mark.rule("BND-GM-27")
def test_time_called_favours_more_hp_left():
    m = duel(a=dict(sheet="brawler", x=0, y=0), b=dict(sheet="brawler", x=1, y=0),
             house={"round_limit": 10})
    act(m, UseMove("a", "dagger", (1, 0)))
    if m.state.pending:
        from game.engine.systems.bindings.actions import Defend
        act(m, Defend("b", m.state.pending[-1].data["attack"], None), dice=[6, 6, 3])
    assert m.state.combatants["b"].hp < m.state.combatants["b"].max_hp
    run_to(m, 10, 3)
    while not m.over:
        act(m, EndTurn())
    assert m.winner == 0


# -- readied actions ----------------------------------------------------------------------------

@pytest.mark.rule("BND-25")
@pytest.mark.rule("BND-GM-24")
def test_a_readied_strike_fires_when_an_enemy_steps_into_reach():
    m = duel(a=dict(sheet="brawler", x=0, y=0), b=dict(sheet="brawler", x=4, y=0))
    legal = m.legal_actions()
    assert Ready("a", "dagger", None, "enemy_in_range") in legal
    out = act(m, Ready("a", "dagger", None, "enemy_in_range"))
    assert of(out, ev.ActionReadied)[0].trigger == "enemy_in_range"
    a = m.state.combatants["a"]
    assert a.spent == [] and m.state.order == ["a", "b"]     # no budget yet, rank unchanged
    act(m, EndTurn())
    assert when(m) == (1, 1, "b")
    m.force_dice([1, 1, 1, 1, 1, 1])
    out = act(m, StartMovement("b", "move", (1, 0)))
    fired = of(out, ev.ReadiedFired)
    assert [(e.actor, e.move, e.cause) for e in fired] == [("a", "dagger", "b")]
    assert m.state.combatants["a"].spent == ["standard"]
    assert of(out, ev.AttackResolved)                         # b is mid-turn: resolves now
    # the slot of S1 was already spent on readying: firing used S2's (GM-24)
    run_to(m, 1, 2, "a")
    assert not any(isinstance(x, (UseMove, StartMovement)) and x.actor == "a"
                   for x in m.legal_actions())


@pytest.mark.rule("BND-GM-24")
def test_a_readied_action_fired_before_its_turn_uses_this_segments_slot():
    m2 = duel(a=dict(sheet="brawler", x=0, y=0), b=dict(sheet="brawler", x=4, y=0),
              order=["b", "a"])
    act(m2, EndTurn())                                         # b passes S1
    act(m2, Ready("a", "dagger", None, "enemy_in_range"))     # a readies in S1
    run_to(m2, 1, 2, "b")                                      # S2: b acts before a
    m2.force_dice([1, 1, 1, 1, 1, 1])
    act(m2, StartMovement("b", "move", (1, 0)))
    a = m2.state.combatants["a"]
    assert a.slot_tick == 1                                    # S2's slot, a's turn to come
    run_to(m2, 1, 2, "a")
    assert not any(isinstance(x, (UseMove, StartMovement)) for x in m2.legal_actions())
    run_to(m2, 1, 3, "a")
    assert any(isinstance(x, StartMovement) for x in m2.legal_actions())


@pytest.mark.rule("BND-26")
@pytest.mark.rule("BND-T-26")
@pytest.mark.rule("BND-27")
def test_an_untriggered_readied_action_lapses_and_its_standard_buys_a_rank():
    m = four()
    run_to(m, 1, 1, "D")
    act(m, StartMovement("D", "move", (10, 6)))
    run_to(m, 1, 2, "D")
    act(m, Ready("D", "dagger", None, "enemy_in_range"))
    run_to(m, 1, 3, "D")
    assert SpendUnused("D", "rise") in m.legal_actions()
    act(m, SpendUnused("D", "rise"))
    out = act(m, EndTurn())
    assert [e.actor for e in of(out, ev.ReadiedLapsed)] == ["D"]
    assert m.state.combatants["D"].readied is None
    changed = of(out, ev.RankChanged)
    assert [(e.actor, e.before, e.after) for e in changed] == [("D", 4, 3)]
    assert m.state.order == ["A", "B", "D", "C"]


# -- unused actions (BND-T-11) -----------------------------------------------------------------

def _d_spends(first=None, mode="rise"):
    m = four()
    run_to(m, 1, 1, "D")
    if first is not None:
        act(m, first)
    run_to(m, 1, 3, "D")
    act(m, SpendUnused("D", mode))
    out = act(m, EndTurn())
    return m, out


@pytest.mark.rule("BND-27")
@pytest.mark.rule("BND-16")
@pytest.mark.rule("BND-T-11")
def test_unused_standard_moves_up_one_rank():
    m, out = _d_spends(StartMovement("D", "move", (10, 6)))
    assert m.state.order == ["A", "B", "D", "C"]


@pytest.mark.rule("BND-28")
@pytest.mark.rule("BND-T-11")
def test_a_whole_unused_budget_moves_up_two_ranks():
    m, out = _d_spends(None)
    assert m.state.order == ["A", "D", "B", "C"]
    assert of(out, ev.RankChanged)[0].reason == "unused full"


@pytest.mark.rule("BND-27")
@pytest.mark.rule("BND-T-11")
def test_only_a_move_left_buys_nothing():
    m = four()
    run_to(m, 1, 1, "D")
    act(m, UseMove("D", "brace"))
    run_to(m, 1, 3, "D")
    assert not any(isinstance(a, SpendUnused) for a in m.legal_actions())


@pytest.mark.rule("BND-29")
@pytest.mark.rule("BND-T-11")
def test_lead_puts_it_first_in_the_next_s1_only():
    m, out = _d_spends(StartMovement("D", "move", (10, 6)), mode="lead")
    assert m.state.order == ["A", "B", "C", "D"]               # its rank does not change
    seg = of(out, ev.SegmentStarted)[-1]
    assert (seg.round, seg.segment, seg.order) == (2, 1, ("D", "A", "B", "C"))
    assert when(m) == (2, 1, "D")
    out = run_to(m, 2, 2)
    assert of(out, ev.SegmentStarted)[-1].order == ("A", "B", "C", "D")


@pytest.mark.rule("BND-30")
@pytest.mark.rule("BND-T-11")
def test_rank_one_is_the_ceiling_and_one_choice_per_round():
    m = four()
    run_to(m, 1, 3, "A")
    act(m, SpendUnused("A", "rise"))
    assert not any(isinstance(a, SpendUnused) for a in m.legal_actions())
    with pytest.raises(IllegalAction):
        m.submit(SpendUnused("A", "lead"))
    out = run_to(m, 2, 1, "A")
    assert m.state.order == ["A", "B", "C", "D"]
    assert [(e.before, e.after) for e in of(out, ev.RankChanged)] == [(1, 1)]


@pytest.mark.rule("BND-GM-10")
def test_unused_actions_are_chosen_in_s3_and_settled_top_rank_first():
    m = four()
    assert not any(isinstance(a, SpendUnused) for a in m.legal_actions())     # S1: not yet
    run_to(m, 1, 2, "A")
    assert not any(isinstance(a, SpendUnused) for a in m.legal_actions())
    run_to(m, 1, 3, "C")
    act(m, SpendUnused("C", "rise"))            # +2: passes B and A
    act(m, EndTurn())
    act(m, SpendUnused("D", "rise"))            # +2 too, settled after C: [C, A, B, D] -> D
    out = act(m, EndTurn())                     # passes B and A
    assert [e.actor for e in of(out, ev.RankChanged)] == ["C", "D"]
    assert m.state.order == ["C", "D", "A", "B"]


def test_an_unused_choice_lapses_if_the_standard_is_spent_after_it():
    m = four()
    run_to(m, 1, 3, "A")
    act(m, SpendUnused("A", "rise"))
    act(m, UseMove("A", "brace"))
    out = run_to(m, 2, 1, "A")
    assert of(out, ev.RankChanged) == [] and m.state.order == ["A", "B", "C", "D"]


@pytest.mark.rule("BND-25")
@pytest.mark.rule("BND-GM-24")
def test_a_readied_answer_to_being_attacked_goes_off_at_once():
    m = duel(a=dict(sheet="aeromancer", x=0, y=0), b=dict(sheet="archer", x=4, y=0))
    act(m, Ready("a", "blade", None, "attacked"))
    act(m, EndTurn())
    m.force_dice([1] * 12)
    out = act(m, UseMove("b", "shortbow", (0, 0)))
    fired = of(out, ev.ReadiedFired)
    assert [(e.actor, e.move, e.cause) for e in fired] == [("a", "blade", "b")]
    launched = [(e.actor, e.move, e.aim) for e in of(out, ev.AttackLaunched)]
    assert ("a", "blade", (4, 0)) in launched and launched[0][0] == "b"
    assert m.state.combatants["a"].readied is None
    assert m.state.combatants["a"].spent == ["standard"]


@pytest.mark.rule("BND-GM-27")
def test_nobody_left_standing_is_a_draw():
    m = four()
    s = m.state
    for c in s.combatants.values():
        c.down, c.hp = True, 0
    out = turns.check_end(s)
    assert s.over and s.winner is None and of(out, MatchEnded)[0].winner is None
    assert turns.check_end(s) == []                  # settled once


@pytest.mark.rule("BND-GM-27")
def test_a_battle_of_teams_ends_in_their_names():
    """Teams the seats picked name the side that lost (who can no longer fight, who yielded),
    as the log's last line and the results read them (they name the winner: the reasons,
    called time's too, do not); a set-up listing its own combatants says 'the other side' and
    keeps the state's JSON as it was."""
    from game.engine import registry
    from game.engine.match import Match
    from game.engine.systems.bindings.state import BindingsState
    config = registry.get("bindings").example_config(3)
    assert config.setup["teams"] == ["pass_gale", "pass_ember"]
    m = Match.new(config)
    assert m.state.side_names == ["Gale Company", "Ember Company"]
    assert BindingsState.from_json(m.state.to_json()).side_names == m.state.side_names
    for c in m.state.combatants.values():
        if c.side == 0:
            c.hp, c.down = 0, True
    end = turns.check_end(m.state)
    assert end[0].winner == 1 and end[0].reason == "Gale Company can no longer fight"
    m = Match.new(config)
    seat = next(a.seat for a in m.legal_actions() if isinstance(a, Concede))
    out = m.submit(Concede(seat))
    assert of(out.events, MatchEnded)[0].reason == f"{m.state.side_names[seat]} yielded"
    m = Match.new(config)
    next(c for c in m.state.combatants.values() if c.side == 1).hp -= 2
    end = turns._time_called(m.state)[-1]
    assert end.winner == 0 and end.reason.startswith(
        f"time was called after round {m.state.round}, as ")
    plain = duel(a=dict(sheet="brawler", x=0, y=0), b=dict(sheet="brawler", x=1, y=0))
    assert plain.state.side_names == [] and "side_names" not in plain.state.to_json()


@pytest.mark.rule("BND-02")
def test_a_states_clock_reads_the_segment_index_tick_of_gives():
    # the state's tick (read many times a position) is tick_of of its round and segment
    from game.engine.systems.bindings.state import BindingsState
    s = BindingsState(combatants={}, order=[], house={})
    for rnd in range(1, 6):
        for seg in (1, 2, 3):
            s.round, s.segment = rnd, seg
            assert s.tick == tick_of(rnd, seg)
            assert round_segment(s.tick) == (rnd, seg)

"""Match.submit, forced dice and undo, on the toy dice race (tests/contract/toy.py)."""
from __future__ import annotations

import pytest

from game.engine.actions import Concede, EndTurn
from game.engine.events import DiceRolled, TurnEnded, TurnStarted
from game.engine.match import Match
from game.engine.rules import ConfigError, IllegalAction, MatchConfig
from tests.contract import toy


def snapshot(match: Match) -> tuple:
    return match.snapshot(), list(match.log)


def test_new_match_reports_the_first_decision_and_set_up_events(toy_match):
    d = toy_match.decision
    assert (d.seat, d.stage) == (0, "act")
    assert toy_match.initial_events == [TurnStarted(0, None, 1)]
    assert toy_match.config.house_rules == {"bonus_on_six": True}   # defaults filled in


def test_submit_returns_events_and_the_next_decision(toy_match):
    out = toy_match.submit(toy.Step(0))
    assert out.events == [toy.Moved(0, 0, 1)]
    assert (out.decision.seat, out.decision.stage) == (0, "act")
    out = toy_match.submit(EndTurn())
    assert out.events == [TurnEnded(0, None), TurnStarted(1, None, 1)]
    assert out.decision.seat == 1
    assert toy_match.log == [{"action": {"kind": "toy_step", "seat": 0}},
                             {"action": {"kind": "end_turn"}}]


@pytest.mark.parametrize("action", [toy.Step(1), toy.Bonus(0, True), Concede(0)])
def test_illegal_action_is_refused_and_changes_nothing(toy_match, action):
    before = snapshot(toy_match)
    with pytest.raises(IllegalAction):
        toy_match.submit(action)
    assert snapshot(toy_match) == before


def test_an_action_that_fails_inside_apply_changes_nothing(toy_match):
    toy_match.force_dice([9])                  # no d6 shows a 9: the roll raises mid-apply
    before = snapshot(toy_match)
    with pytest.raises(ValueError, match="outside 1..6"):
        toy_match.submit(toy.RollDie(0))
    assert snapshot(toy_match) == before
    assert toy_match.state.rolled is False


def test_forced_roll_opens_a_mid_action_decision(toy_match):
    toy_match.force_dice([6])
    out = toy_match.submit(toy.RollDie(0))
    rolls = [e for e in out.events if isinstance(e, DiceRolled)]
    assert [r.roll.faces for r in rolls] == [(6,)]
    assert (out.decision.seat, out.decision.stage) == (0, "choose_bonus")
    assert toy_match.legal_actions() == [toy.Bonus(0, True), toy.Bonus(0, False)]
    toy_match.submit(toy.Bonus(0, True))
    assert toy_match.state.positions == [8, 0]


def test_house_rule_changes_the_rules(toy_system):
    m = Match.new(MatchConfig(toy.SYSTEM_ID, 1, house_rules={"bonus_on_six": False},
                              setup={"secrets": [1, 1]}))
    m.force_dice([6])
    assert m.submit(toy.RollDie(0)).decision.stage == "act"


def test_unknown_or_invalid_house_rules_are_config_errors(toy_system):
    with pytest.raises(ConfigError, match="unknown house rules"):
        Match.new(MatchConfig(toy.SYSTEM_ID, 1, house_rules={"nope": 1}))
    with pytest.raises(ConfigError, match="not one of"):
        Match.new(MatchConfig(toy.SYSTEM_ID, 1, house_rules={"bonus_on_six": "maybe"}))


def test_reaching_the_goal_ends_the_match_and_further_actions_are_refused(toy_system):
    m = Match.new(MatchConfig(toy.SYSTEM_ID, 1, setup={"goal": 3, "secrets": [1, 1],
                                                          "positions": [2, 0]}))
    m.submit(toy.Step(0))
    assert m.over and m.winner == 0 and m.decision is None and m.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        m.submit(EndTurn())


def test_set_up_dice_are_forced_before_set_up_rolls(toy_system):
    m = Match.new(MatchConfig(toy.SYSTEM_ID, 1, setup_dice=[4, 6]))
    assert m.state.secrets == [4, 6]
    assert MatchConfig.from_json(m.config.to_json()).setup_dice == [4, 6]


# -- undo ---------------------------------------------------------------------------------------
def test_undo_takes_back_a_plain_action(toy_match):
    before = snapshot(toy_match)
    toy_match.submit(toy.Step(0))
    assert toy_match.can_undo()
    toy_match.undo()
    assert snapshot(toy_match) == before
    assert not toy_match.can_undo()


def test_undo_walks_back_several_actions_of_the_same_seat(toy_match):
    first = snapshot(toy_match)
    toy_match.submit(toy.Step(0))
    middle = snapshot(toy_match)
    toy_match.submit(toy.Step(0))
    toy_match.undo()
    assert snapshot(toy_match) == middle
    toy_match.undo()
    assert snapshot(toy_match) == first


def test_undo_is_refused_after_a_roll(toy_match):
    toy_match.submit(toy.Step(0))
    toy_match.force_dice([2])
    toy_match.submit(toy.RollDie(0))
    assert not toy_match.can_undo()
    before = snapshot(toy_match)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        toy_match.undo()
    assert snapshot(toy_match) == before


def test_undo_is_refused_after_a_seeded_roll_too(toy_match):
    toy_match.submit(toy.RollDie(0))          # no forcing: the roll itself must block undo
    assert not toy_match.can_undo()


def test_undo_is_refused_after_hidden_information_was_revealed(toy_match):
    toy_match.submit(toy.Step(0))
    toy_match.submit(toy.Peek(0))
    assert not toy_match.can_undo()


def test_undo_is_refused_for_another_seats_action(toy_match):
    toy_match.submit(toy.Step(0))
    toy_match.submit(EndTurn())               # now seat 1 decides; the end of turn was seat 0's
    assert toy_match.decision.seat == 1
    assert not toy_match.can_undo()
    with pytest.raises(IllegalAction):
        toy_match.undo()


def test_undo_then_a_new_action_keeps_the_log_consistent(toy_match):
    toy_match.submit(toy.Step(0))
    toy_match.undo()
    toy_match.submit(EndTurn())
    assert toy_match.log == [{"action": {"kind": "end_turn"}}]
    replay = Match.new(toy_match.config)
    for entry in toy_match.log:
        replay.apply_log_entry(entry)
    assert replay.snapshot() == toy_match.snapshot()


def test_history_collects_set_up_and_submitted_events_drops_undone_ones_and_is_capped(toy_match):
    from game.engine import match as match_mod
    m = toy_match
    assert m.history == [TurnStarted(0, None, 1)]
    out = m.submit(toy.Step(0))
    assert m.history == [TurnStarted(0, None, 1)] + out.events
    m.undo()
    assert m.history == [TurnStarted(0, None, 1)]
    limit = match_mod.HISTORY_LIMIT
    match_mod.HISTORY_LIMIT = 3
    try:
        m.submit(toy.Step(0))
        last = m.submit(EndTurn()).events
        assert len(m.history) == 3 and m.history[-2:] == last
    finally:
        match_mod.HISTORY_LIMIT = limit

"""Match without a copy per action: the legal list is computed once per position and shared,
`version` names positions, and undo or a failing apply rebuild from the checkpoint by replay.

On the toy dice race (tests/contract/toy.py) and one real system, whose replays must land on
exactly the position a straight run reached.
"""
from __future__ import annotations

import copy

import pytest

from game.engine import match as match_mod
from game.engine.actions import EndTurn
from game.engine.ai.base import make_bot
from game.engine.ai.runner import ask_bot, example_match
from game.engine.match import Match
from game.engine.rules import IllegalAction
from tests.contract import toy


def long_race(goal: int = 400) -> Match:
    return Match.new(toy.MatchConfig(toy.SYSTEM_ID, 7, setup={"goal": goal, "secrets": [2, 5]}))


class Counting(toy.ToyRace):
    """The toy race, counting how often its legal list is built."""
    id = "toy_counting"
    calls = 0

    def legal_actions(self, state):
        type(self).calls += 1
        return super().legal_actions(state)

    def apply(self, state, action, rng):
        before = type(self).calls
        try:
            return super().apply(state, action, rng)     # the toy's own check asks the list too
        finally:
            type(self).calls = before

    def example_config(self, seed):
        return toy.MatchConfig(self.id, seed, setup={"goal": 12})


def test_the_legal_list_is_built_once_per_position_and_shared_with_submit():
    with toy.registered(Counting()):
        m = Match.new(toy.MatchConfig("toy_counting", 1, setup={"goal": 12}))
        Counting.calls = 0
        first = m.legal_actions()
        m.legal_actions()
        m.submit(first[0])                 # submit checks against the same list
        assert Counting.calls == 1
        m.legal_actions()
        assert Counting.calls == 2         # a new position: a new list


def test_a_caller_changing_its_list_does_not_change_the_match(toy_match):
    legal = toy_match.legal_actions()
    legal.clear()
    assert toy_match.legal_actions() != []


def test_version_changes_with_every_position_and_is_never_reused(toy_match):
    other = long_race()
    seen = {toy_match.version, other.version}
    assert len(seen) == 2                              # two matches never share a version
    toy_match.submit(toy.Step(0))
    seen.add(toy_match.version)
    toy_match.undo()
    seen.add(toy_match.version)                        # back to the old position, a new version
    toy_match.force_dice([3])
    seen.add(toy_match.version)
    toy_match.edited()
    seen.add(toy_match.version)
    assert len(seen) == 6


def test_edited_state_gets_a_fresh_legal_list(toy_match):
    assert toy.Step(0) in toy_match.legal_actions()
    toy_match.state.seat = 1
    toy_match.edited()
    assert toy.Step(1) in toy_match.legal_actions()
    assert toy.Step(0) not in toy_match.legal_actions()


def test_undo_walks_back_a_run_longer_than_the_checkpoint_interval_exactly(toy_system):
    m = long_race()
    steps = match_mod.CHECKPOINT_EVERY * 2 + 5
    m.state.steps_left = steps            # a long run of single steps by one seat
    m.edited()
    pictures = []
    for _ in range(steps):
        pictures.append((m.snapshot(), list(m.log)))
        m.submit(toy.Step(0))
    for picture in reversed(pictures):
        assert m.can_undo()
        m.undo()
        assert (m.snapshot(), list(m.log)) == picture
    assert not m.can_undo()


def test_checkpoints_move_on_so_undo_replays_a_bounded_stretch(toy_system):
    m = long_race()
    for _ in range(match_mod.CHECKPOINT_EVERY * 3):
        m.submit(toy.Step(m.decision.seat))
        m.submit(EndTurn())                  # each seat's run is one step long
    assert len(m.log) - m._checkpoint.log_len <= match_mod.CHECKPOINT_EVERY + 2
    before = (m.snapshot(), list(m.log))
    m.submit(toy.Step(m.decision.seat))
    m.undo()
    assert (m.snapshot(), list(m.log)) == before


def test_a_failing_apply_deep_in_a_game_leaves_the_exact_position(toy_system):
    m = long_race()
    for _ in range(match_mod.CHECKPOINT_EVERY + 10):
        m.submit(toy.Step(m.decision.seat))
        m.submit(EndTurn())
    m.force_dice([9])                        # no d6 shows a 9: the roll raises mid-apply
    before = (m.snapshot(), list(m.log))
    state_obj = m.state
    with pytest.raises(ValueError):
        m.submit(toy.RollDie(m.decision.seat))
    assert (m.snapshot(), list(m.log)) == before
    assert m.state is not state_obj          # rebuilt, not the half-changed object


def test_refused_action_never_reaches_apply(toy_match):
    before = (toy_match.snapshot(), toy_match.version)
    with pytest.raises(IllegalAction):
        toy_match.submit(toy.Step(1))
    assert (toy_match.snapshot(), toy_match.version) == before


def test_a_scratch_match_changes_the_objects_it_was_given(toy_system):
    m = long_race()
    state, rng = copy.deepcopy(m.state), copy.deepcopy(m.rng)
    scratch = Match.around(m.system, state, rng)
    scratch.submit(toy.Step(0))
    assert state.positions[0] == m.state.positions[0] + 1
    assert not scratch.can_undo()


@pytest.mark.parametrize("system_id", ["gems", "bindings", "gemwielders"])
def test_undo_in_a_real_game_matches_a_straight_replay(system_id):
    """Play a seeded random game; at each position that can be undone, undo and compare with a
    fresh replay of the shortened log, then carry on."""
    m = Match.new(example_match(system_id, 3, difficulties=("random", "random")))
    bot = make_bot(system_id, "random")
    checked = 0
    while not m.over and len(m.log) < 300:
        m.submit(ask_bot(m, bot, m.decision.seat))
        if m.can_undo() and len(m.log) % 3 == 0:
            entry = m.log[-1]
            m.undo()
            fresh = Match.new(m.config)
            for e in m.log:
                fresh.apply_log_entry(e)
            assert fresh.snapshot() == m.snapshot()
            m.apply_log_entry(entry)
            checked += 1
    assert checked > 3

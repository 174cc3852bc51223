"""The contract checks themselves: each must fail on a toy system with the bug it looks for.

Without this, a check that silently passes everything would look the same as a working one.
"""
from __future__ import annotations


import pytest

from game.engine.rules import MatchConfig, refuse_unlisted
from tests.contract import checks, toy


class ForgetsSteps(toy.ToyRace):
    """Leaves steps_left out of its JSON: a state read back allows steps it should not."""
    id = "toy_forgets_steps"

    def state_to_json(self, state):
        d = state.to_json()
        del d["steps_left"]
        return d

    def example_config(self, seed):
        return MatchConfig(self.id, seed, setup={"goal": 40})


class Permissive(toy.ToyRace):
    """Its validate lets a seat step for the other seat."""
    id = "toy_permissive"

    def validate(self, state, action):
        if isinstance(action, toy.Step) and action.seat in (0, 1):
            return None
        return None if action in self.legal_actions(state) else "not allowed"

    def apply(self, state, action, rng):
        if isinstance(action, toy.Step) and action.seat != state.seat and action.seat in (0, 1):
            state.positions[action.seat] += 1
            return []
        return super().apply(state, action, rng)

    def example_config(self, seed):
        return MatchConfig(self.id, seed, setup={"goal": 12})


class SlipsBack(toy.ToyRace):
    """A step of seat 1 goes backwards below zero: the invariants catch it."""
    id = "toy_slips_back"

    def apply(self, state, action, rng):
        if isinstance(action, toy.Step) and state.seat == 1:
            state.steps_left -= 1
            state.positions[1] -= 1
            return []
        return super().apply(state, action, rng)

    def example_config(self, seed):
        return MatchConfig(self.id, seed, setup={"goal": 12})


class Endless(toy.ToyRace):
    """Nobody can ever reach the goal."""
    id = "toy_endless"

    def example_config(self, seed):
        return MatchConfig(self.id, seed, setup={"goal": 10**9})


class Stuck(toy.ToyRace):
    """After a peek the seat must decide, but nothing is legal."""
    id = "toy_stuck"

    def legal_actions(self, state):
        return [] if state.peeked[state.seat] and not state.over else super().legal_actions(state)

    def example_config(self, seed):
        return MatchConfig(self.id, seed, setup={"goal": 30})


class LeakyUndo(toy.ToyRace):
    """Each step also bumps a counter kept outside the state, so undo cannot restore it."""
    id = "toy_leaky_undo"
    bumps = [0]

    def apply(self, state, action, rng):
        events = super().apply(state, action, rng)
        if isinstance(action, toy.Step):
            self.bumps[0] += 1
            state.goal = 12 + self.bumps[0]     # state now depends on history outside it
        return events

    def example_config(self, seed):
        return MatchConfig(self.id, seed, setup={"goal": 12})


class Crashes(toy.ToyRace):
    """Validates by looking the seat up, so a mangled seat crashes instead of being refused."""
    id = "toy_crashes"

    def validate(self, state, action):
        if isinstance(action, toy.Step):
            state.positions[action.seat]            # IndexError for a seat that does not exist
        return None if action in self.legal_actions(state) else "not allowed"

    def example_config(self, seed):
        return MatchConfig(self.id, seed, setup={"goal": 12})


class Tongueless(toy.ToyRace):
    """Refuses correctly but never says why."""
    id = "toy_tongueless"

    def validate(self, state, action):
        return refuse_unlisted(self.legal_actions(state), action)

    def example_config(self, seed):
        return MatchConfig(self.id, seed, setup={"goal": 12})


class PartBlind(toy.ToyRace):
    """Its part for peeks forgets them: a replay would refuse a peek the list allows."""
    id = "toy_part_blind"

    def legal_part(self, state, kind):
        return [] if kind is toy.Peek else None

    def example_config(self, seed):
        return MatchConfig(self.id, seed, setup={"goal": 12})


class PartLoose(toy.ToyRace):
    """Its part for steps also offers a peek to both seats, listed or not."""
    id = "toy_part_loose"

    def legal_part(self, state, kind):
        if kind is not toy.Step:
            return None
        mine = [a for a in self.legal_actions(state) if isinstance(a, toy.Step)]
        return mine + [toy.Peek(0), toy.Peek(1)]

    def example_config(self, seed):
        return MatchConfig(self.id, seed, setup={"goal": 12})


class Strict(toy.ToyRace):
    """Its validate refuses a peek that legal_actions lists: two definitions of allowed."""
    id = "toy_strict"

    def validate(self, state, action):
        if isinstance(action, toy.Peek):
            return "peeking is frowned upon"
        return super().validate(state, action)

    def example_config(self, seed):
        return MatchConfig(self.id, seed, setup={"goal": 12})


@pytest.mark.parametrize("system,check,fragment", [
    (ForgetsSteps(), lambda s: checks.check_state_json_round_trip(s, 2, every=1),
     "allows different actions"),
    (Permissive(), lambda s: checks.check_illegal_actions(s, 1, every=1), "was accepted"),
    (SlipsBack(), lambda s: checks.check_random_play(s, [1, 2, 3]), "negative position"),
    (Endless(), lambda s: checks.check_random_games_end(s, [1]), "no end after"),
    (Stuck(), lambda s: checks.check_random_play(s, [1, 2, 3]), "has no legal action"),
    (LeakyUndo(), lambda s: checks.check_undo(s, 3), "redoing an undone action"),
    (Crashes(), lambda s: checks.check_illegal_actions(s, 1, every=1), "raised IndexError"),
    (Tongueless(), lambda s: checks.check_refusals_say_why(s, 1, every=1), "refused"),
    (Strict(), lambda s: checks.check_legal_accepted(s, 1, every=1), "listed as legal but refused"),
    (PartBlind(), lambda s: checks.check_legal_parts(s, 1, every=1), "legal_part for Peek"),
    (PartLoose(), lambda s: checks.check_legal_parts(s, 1, every=1), "which the list does not"),
], ids=lambda v: getattr(v, "id", ""))
def test_each_check_catches_its_bug(system, check, fragment):
    with toy.registered(system):
        with pytest.raises(AssertionError, match=fragment):
            check(system)


def test_the_honest_toy_passes_every_check(tmp_path):
    with toy.registered() as system:
        checks.check_metadata(system)
        checks.check_random_play(system, [1, 2])
        checks.check_random_games_end(system, [1, 2])
        assert checks.check_state_json_round_trip(system, 2, every=1) > 0
        checks.check_save_load_mid_match(system, 3, tmp_path)
        checks.check_replay(system, 4)
        checks.check_determinism(system, 5)
        assert checks.check_illegal_actions(system, 6, every=1) > 0
        checks.check_views(system, 7)
        assert checks.check_undo(system, 8) > 0
        assert checks.check_legal_accepted(system, 9, every=1) > 0
        assert checks.check_legal_parts(system, 9, every=1) == 0     # the toy has no parts
        counts = checks.check_refusals_say_why(system, 10, every=1)
        # the toy's actions hold no text fields, so no piece is swapped for another
        assert counts["mangled"] and counts["other_seat"] and counts["unknown_kind"], counts

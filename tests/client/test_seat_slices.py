"""The in-process AI seat keeps each poll inside its slice: listing the position and the bot's own
slices are steps, and a poll stops before a step that, costing what the last one did, would
overrun the slice (a 102 ms poll where 6 ms was meant stalled the frame). The clock
is a fake advanced by the bot (and by the listing, where a test says so)."""
from __future__ import annotations

import pytest

from game.client import seats
from game.client.seats import AISeat
from game.engine.actions import EndTurn
from game.engine.ai.base import LONG_STEP, Bot
from tests.client.test_menus import toy_match


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class SteppingBot(Bot):
    """Thinks in steps of the given costs (seconds on the fake clock), then ends its turn."""

    name = "stepping"

    def __init__(self, clock: Clock, costs: list[float], log: list[int], long: set[int]):
        self.clock, self.costs, self.log, self.long = clock, costs, log, long

    def think(self, view, legal, rng):
        for i, cost in enumerate(self.costs):
            if i in self.long:
                yield LONG_STEP                 # step i is a long one
            self.clock.now += cost
            self.log.append(i)
            yield None
        return EndTurn()


def polls(costs: list[float], monkeypatch, listing: float = 0.0, long: set[int] = frozenset()
          ) -> list[list[int]]:
    """The bot steps each poll ran, poll by poll, until the seat answered (the position's
    listing costing `listing` seconds, a "L" in the poll that made it; the bot saying the steps
    in `long` are long before it makes them)."""
    clock, log = Clock(), []
    monkeypatch.setattr(seats.time, "perf_counter", clock)
    monkeypatch.setattr(seats, "make_bot",
                        lambda system, level: SteppingBot(clock, costs, log, set(long)))
    match = toy_match(rounds=5)
    match.submit(EndTurn())                   # seat 1 (the AI seat) decides now
    real = match.legal_actions

    def listed() -> list:
        if "L" not in log:
            clock.now += listing
            log.append("L")
        return real()

    monkeypatch.setattr(match, "legal_actions", listed)
    seat = AISeat(match.config.system, 1, "normal", use_process=False, slice_seconds=0.006)
    seat.request(match)
    out: list[list[int]] = []
    for _ in range(len(costs) + 3):
        before = len(log)
        action = seat.poll()
        out.append(log[before:])
        if action is not None:
            assert action == EndTurn() and not seat.busy
            return out
    raise AssertionError("the seat never answered")


def test_a_quick_decision_is_made_and_answered_in_one_poll(toy_system, monkeypatch):
    assert polls([0.001], monkeypatch) == [["L", 0]]


def test_a_slow_listing_is_a_step_that_ends_its_poll(toy_system, monkeypatch):
    # the position's legal list costs 5 ms: the bot's first 4 ms step waits for the next poll
    assert polls([0.004, 0.001], monkeypatch, listing=0.005) == [["L"], [0], [1]]


def test_small_steps_share_a_poll_and_a_step_that_would_overrun_waits(toy_system, monkeypatch):
    # 1 ms steps fill the 6 ms slice; after a 5 ms step the next is left for the next poll
    assert polls([0.001, 0.001, 0.001, 0.005, 0.001], monkeypatch) == [["L", 0, 1, 2, 3], [4]]


def test_steps_as_big_as_half_the_slice_go_one_per_poll(toy_system, monkeypatch):
    assert polls([0.004, 0.004, 0.004], monkeypatch) == [["L", 0], [1], [2], []]


def test_a_step_the_bot_says_is_long_starts_a_poll_of_its_own(toy_system, monkeypatch):
    # without the word, the 9 ms step 2 would follow two 1 ms steps (about 11 ms in one poll);
    # said to be long, it waits for the next poll, and the step after it for the one after
    assert polls([0.001, 0.001, 0.009, 0.001], monkeypatch) == [["L", 0, 1, 2], [3]]
    assert polls([0.001, 0.001, 0.009, 0.001], monkeypatch, long={2}) == [["L", 0, 1], [2], [3]]


def test_a_bot_that_cannot_be_made_fails_loudly_not_randomly(toy_system, monkeypatch):
    # the failure boundary is the bot's thinking: a bot that cannot be made at all is the
    # game's bug, raised, not a notice and a random move
    match = toy_match(rounds=5)
    match.submit(EndTurn())
    monkeypatch.setattr(seats, "make_bot", lambda system, level: SteppingBot(Clock(), [], [],
                                                                           set()))
    seat = AISeat(match.config.system, 1, "normal", use_process=False, slice_seconds=0.006)

    def broken(system, level):
        raise KeyError(f"no {level} bot for {system}")

    monkeypatch.setattr(seats, "make_bot", broken)
    seat.request(match)
    with pytest.raises(KeyError, match="no normal bot"):
        seat.poll()
    assert seat.notice == ""

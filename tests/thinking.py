"""Stepping a bot's thinking generator slice by slice, as a client thinking in-process does, to
check what each slice may do (tests count calls of something dear in each one)."""
from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest


def counted(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> list[int]:
    """Count the calls of `owner.name` (a module's function, looked up at call time) from now
    to the test's end: the counter is the returned list's one item, for step_through."""
    calls = [0]
    real = getattr(owner, name)

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, counting)
    return calls


def step_through(gen: Generator[None, None, Any], counter: list[int]) -> tuple[Any, int, int]:
    """Run `gen` to its action a slice at a time, `counter[0]` set to 0 before each slice:
    (the action, the most counted in one slice, the count over the whole decision)."""
    most = total = 0
    while True:
        counter[0] = 0
        try:
            next(gen)
            action = None
        except StopIteration as stop:
            action = stop.value
        most = max(most, counter[0])
        total += counter[0]
        if action is not None:
            return action, most, total


def stepped_play(system_id: str, seed: int, actions: int, counter: list[int]) -> tuple[int, int]:
    """Up to `actions` decisions of the system's example match between two normal bots, each
    decision thought a slice at a time (step_through, counting into `counter`) and checked
    against a twin bot thinking in one go on the same position: (the most counted in one slice,
    the most counted in one decision)."""
    from game.engine.ai.base import make_bot, run_thinking
    from game.engine.ai.runner import bot_rng, example_match
    from game.engine.match import Match

    m = Match.new(example_match(system_id, seed))
    stepped, twin = make_bot(system_id, "normal"), make_bot(system_id, "normal")
    most_in_slice = most_in_decision = 0
    while not m.over and len(m.log) < actions:
        d = m.decision
        view, legal = m.view(d.seat), list(m.legal_actions())
        action, in_slice, in_decision = step_through(
            stepped.think(view, legal, bot_rng(m, d.seat)), counter)
        most_in_slice = max(most_in_slice, in_slice)
        most_in_decision = max(most_in_decision, in_decision)
        assert run_thinking(twin.think(m.view(d.seat), legal, bot_rng(m, d.seat))) == action
        m.submit(action)
    return most_in_slice, most_in_decision

"""The Gemwielders state's JSON (state.py `GwState.to_json`, read by every save, autosave and
AI request): for states from many points of seeded games, it is what `dataclasses.asdict` gives
(key for key, in the same order), with the pending stack and the optional fields as the format
has them, and it shares nothing mutable with the state."""
from __future__ import annotations

import dataclasses
import json

import pytest

from game.engine.systems.gemwielders.state import GwState
from game.engine.tactics.pending import stack_to_json
from tests.gemwielders.test_state_copy import _states


def _reference(state: GwState) -> dict:
    """The snapshot as `asdict` made it before (the format's reference)."""
    d = dataclasses.asdict(state)
    d["pending"] = stack_to_json(state.pending)
    if d["inline"] is None:
        del d["inline"]
    if not d["names"]:
        del d["names"]
    return d


@pytest.fixture(scope="module")
def states() -> list[GwState]:
    found = _states()
    assert any(s.attack is not None for s in found) and any(s.pending for s in found)
    # a match on inline content and one with named seats carry the optional fields
    extra = dataclasses.replace(found[len(found) // 2])
    extra.inline = {"cards": {"x_new": {"name": "New", "lines": ["Hit: 1"], "tags": ("a",)}}}
    extra.names = ["Ada", "Bram"]
    return found + [extra]


def test_the_snapshot_is_asdicts_key_for_key(states):
    for state in states:
        got, want = state.to_json(), _reference(state)
        assert got == want
        # the same order too: a save written now reads line for line as one written before
        assert json.dumps(got) == json.dumps(want)


def test_the_snapshot_shares_nothing_mutable_with_the_state(states):
    for state in states[::7]:
        before = json.dumps(_reference(state), sort_keys=True)
        got = state.to_json()
        stack = [got]
        while stack:
            v = stack.pop()
            if isinstance(v, dict):
                stack.extend(v.values())
                v["scribbled"] = 1
            elif isinstance(v, list):
                stack.extend(v)
                v.append("scribbled")
        assert json.dumps(_reference(state), sort_keys=True) == before

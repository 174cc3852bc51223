"""A state's JSON (every save, autosave and AI request reads it) made by stateclone.plain and
record_dict instead of dataclasses.asdict: for the positions of seeded games of the three
systems that made it through asdict (gems, bindings, gemwielders) it is the same dict, key for
key and in the same order, and it shares nothing mutable with the state."""
from __future__ import annotations

import dataclasses
import json
from collections import namedtuple
from typing import Any

import pytest

from game.engine.stateclone import plain, record_dict
from game.engine.tactics.pending import stack_to_json
from tests.gemwielders.test_state_copy import _states as gemwielders_states
from tests.randomplay import positions

# (fields the snapshot leaves out, optional fields dropped when empty) as asdict's to_json had
LEFT_OUT = {"gems": (("board", "known_legal", "content_set"), ("content", "side_names")),
            "bindings": (("board", "rules_content"), ("content", "side_names")),
            "gemwielders": ((), ("inline", "names"))}


def _reference(system_id: str, state: Any) -> dict:
    """The snapshot as dataclasses.asdict made it before."""
    drop, optional = LEFT_OUT[system_id]
    saved = {name: getattr(state, name) for name in drop}
    for name in drop:
        setattr(state, name, None)
    try:
        d = dataclasses.asdict(state)
    finally:
        for name, value in saved.items():
            setattr(state, name, value)
    for name in drop:
        d.pop(name)
    for name in optional:
        if d[name] is None or (name in ("side_names", "names") and not d[name]):
            del d[name]
    d["pending"] = stack_to_json(state.pending)
    return d


def _pairs(system_id: str) -> list[tuple[dict, dict]]:
    """(to_json, the asdict reference) at positions of seeded games, each read as it stands
    (the match changes its one state in place)."""
    if system_id == "gemwielders":
        states = gemwielders_states()
        extra = dataclasses.replace(states[len(states) // 2])
        extra.inline = {"cards": {"x_new": {"name": "New", "lines": ["Hit: 1"], "tags": ("a",)}}}
        extra.names = ["Ada", "Bram"]
        return [(s.to_json(), _reference(system_id, s)) for s in states + [extra]]
    return [(m.state.to_json(), _reference(system_id, m.state))
            for seed in (1, 2) for m in positions(system_id, seed, 300) if len(m.log) % 5 == 0]


@pytest.mark.parametrize("system_id", ["gems", "bindings", "gemwielders"])
def test_a_snapshot_is_what_asdict_made_key_for_key(system_id):
    pairs = _pairs(system_id)
    assert len(pairs) > 20
    for got, want in pairs:
        assert got == want
        # in the same order too: a save written now reads line for line as one written before
        assert json.dumps(got) == json.dumps(want)


def test_plain_is_asdict_for_nested_plain_data():
    @dataclasses.dataclass
    class Inner:
        at: tuple
        tags: list
        extra: Any = None

    @dataclasses.dataclass
    class Outer:
        name: str
        inner: Inner
        many: dict
        pairs: list
        odd: Any

    Point = namedtuple("Point", "x y")
    value = Outer("a", Inner((1, (2, 3)), ["x", 1.5, None]),
                  {"k": Inner((), [], {"deep": [Inner((0,), [True])]})},
                  [(1, Inner((5,), []))], Point(1, 2))
    assert plain(value) == dataclasses.asdict(value)
    assert record_dict(value, ("odd", "many")) == {
        k: v for k, v in dataclasses.asdict(value).items() if k not in ("odd", "many")}


def test_a_snapshot_shares_nothing_mutable_with_the_state():
    for state in gemwielders_states()[::9]:
        before = json.dumps(_reference("gemwielders", state), sort_keys=True)
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
        assert json.dumps(_reference("gemwielders", state), sort_keys=True) == before

"""Records (actions and events) to JSON and back, and what a registry refuses to build."""
from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from game.engine.actions import ACTIONS, Concede, EndTurn
from game.engine.dice import Roll
from game.engine.events import EVENTS, DiceRolled, MatchEnded, TurnStarted
from game.engine.records import Record, RecordError, Registry, to_json

TEST = Registry("test record")


@TEST.register("inner")
@dataclass(frozen=True, slots=True)
class Inner(Record):
    name: str
    at: tuple[int, int]


@TEST.register("outer")
@dataclass(frozen=True, slots=True)
class Outer(Record):
    inner: Inner
    path: tuple[tuple[int, int], ...]
    flag: bool = False
    note: str | None = None


def round_trip(registry: Registry, record):
    return registry.from_json(json.loads(json.dumps(to_json(record))))


def test_nested_records_and_tuples_survive_json():
    rec = Outer(Inner("garnet", (3, 4)), ((1, 2), (2, 3)), True, None)
    data = to_json(rec)
    assert data == {"kind": "outer", "inner": {"kind": "inner", "name": "garnet", "at": [3, 4]},
                    "path": [[1, 2], [2, 3]], "flag": True, "note": None}
    back = round_trip(TEST, rec)
    assert back == rec
    assert isinstance(back.inner, Inner) and isinstance(back.path[0], tuple)


def test_shared_actions_and_events_round_trip():
    for action in (EndTurn(), Concede(1)):
        assert round_trip(ACTIONS, action) == action
    roll = Roll("initiative", "d20", (12,), (("CPR", 3),), 15)
    for ev in (DiceRolled(roll, "garnet", "d20 12 + CPR 3 = 15"), TurnStarted(0, None, 1),
               MatchEnded(None, "draw")):
        assert round_trip(EVENTS, ev) == ev


def test_unknown_kind_is_rejected_naming_namespace_and_kind():
    with pytest.raises(RecordError, match="unknown action kind 'teleport'"):
        ACTIONS.from_json({"kind": "teleport"})


@pytest.mark.parametrize("data", [None, [], "end_turn", {"seat": 1}])
def test_non_records_are_rejected(data):
    with pytest.raises(RecordError, match="must be an object with a 'kind'"):
        ACTIONS.from_json(data)


def test_unknown_fields_are_rejected():
    with pytest.raises(RecordError, match=r"unknown fields \['target'\]"):
        ACTIONS.from_json({"kind": "concede", "seat": 0, "target": 3})


def test_missing_fields_are_rejected():
    with pytest.raises(RecordError, match="concede"):
        ACTIONS.from_json({"kind": "concede"})


@pytest.mark.parametrize("data,fragment", [
    ({"kind": "concede", "seat": "one"}, "expected an integer"),
    ({"kind": "concede", "seat": True}, "expected an integer"),
    ({"kind": "concede", "seat": 1.5}, "expected an integer"),
])
def test_wrong_field_types_are_rejected(data, fragment):
    with pytest.raises(RecordError, match=fragment):
        ACTIONS.from_json(data)


def test_wrong_shapes_inside_nested_records_are_rejected():
    good = to_json(Outer(Inner("a", (1, 2)), ()))
    with pytest.raises(RecordError, match="expected 2 values"):
        TEST.from_json({**good, "inner": {"kind": "inner", "name": "a", "at": [1, 2, 3]}})
    with pytest.raises(RecordError, match="expected a list"):
        TEST.from_json({**good, "path": 5})
    with pytest.raises(RecordError, match="expected true or false"):
        TEST.from_json({**good, "flag": "yes"})
    with pytest.raises(RecordError, match="expected text"):
        TEST.from_json({**good, "inner": {"kind": "inner", "name": 7, "at": [1, 2]}})


def test_registering_a_kind_twice_is_an_error():
    reg = Registry("demo")

    @reg.register("x")
    @dataclass(frozen=True)
    class A(Record):
        pass

    with pytest.raises(RuntimeError, match="registered twice"):
        @reg.register("x")
        @dataclass(frozen=True)
        class B(Record):
            pass
    assert reg.kinds() == ["x"] and reg.cls_for("x") is A

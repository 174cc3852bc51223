"""Every registered action and event read back from JSON: the golden files' records byte for byte,
an example of every kind built from its annotations, and the refusals (unknown field, wrong type,
missing field) that name the record's kind and the field, also through a save and a scenario."""
from __future__ import annotations

import dataclasses
import json
import types
import typing
from pathlib import Path
from typing import Any

import pytest

from game.engine import registry, saves
from game.engine import scenario as sc
from game.engine.actions import ACTIONS
from game.engine.events import EVENTS
from game.engine.match import Match
from game.engine.records import RecordError, Registry, Record, explain, to_json
from game.engine.rules import MatchConfig
from tests.contract import toy

GOLDEN = Path(__file__).parent.parent / "golden"
registry.all_systems()          # every system's actions and events are registered


def dump(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


def golden_records(path: Path) -> tuple[list[Any], list[Any]]:
    actions, events = [], []
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        events += row.get("setup", []) + row.get("events", [])
        if "action" in row:
            actions.append(row["action"])
    return actions, events


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.jsonl")), ids=lambda p: p.stem)
def test_golden_records_read_back_byte_identical(path):
    actions, events = golden_records(path)
    assert actions and events
    for reg, stored in ((ACTIONS, actions), (EVENTS, events)):
        for data in stored:
            record = reg.from_json(data)
            assert type(record).kind == data["kind"]
            assert dump(to_json(record)) == dump(data)


def example(tp: Any) -> Any:
    """A JSON value of type `tp`, as to_json writes it."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp is Any:
        return "anything"
    if origin in (typing.Union, types.UnionType):
        return example(next(a for a in args if a is not type(None)))
    if origin is tuple:
        return [example(args[0])] if len(args) == 2 and args[1] is Ellipsis else [example(a) for a in args]
    if origin in (dict, list):
        return {"key": example(args[1])} if origin is dict else [example(args[0])]
    if dataclasses.is_dataclass(tp):
        hints = typing.get_type_hints(tp)
        out = {f.name: example(hints[f.name]) for f in dataclasses.fields(tp)}
        return {"kind": tp.kind, **out} if getattr(tp, "kind", "") else out
    return {int: 3, str: "text", bool: True, float: 1.5}[tp]


ALL = [(reg, kind) for reg in (ACTIONS, EVENTS) for kind in reg.kinds()]
IDS = [f"{reg.namespace}:{kind}" for reg, kind in ALL]


def test_every_system_registered_its_records():
    prefixes = {kind.split(".")[0] for _, kind in ALL if "." in kind}
    assert {"gems", "bnd", "gw"} <= prefixes
    assert len(ALL) > 100


@pytest.mark.parametrize("reg,kind", ALL, ids=IDS)
def test_every_kind_round_trips_from_example_values(reg, kind):
    data = example(reg.cls_for(kind))
    record = reg.from_json(json.loads(json.dumps(data)))
    assert to_json(record) == data
    assert record == reg.from_json(to_json(record))


@pytest.mark.parametrize("reg,kind", ALL, ids=IDS)
def test_every_kind_refuses_an_unknown_field_naming_kind_and_field(reg, kind):
    data = {**example(reg.cls_for(kind)), "sneaky": 1}
    with pytest.raises(RecordError) as err:
        reg.from_json(data)
    assert f"{reg.namespace} {kind!r}" in str(err.value)
    assert "unknown fields ['sneaky']" in str(err.value)


def _checked_fields(cls: type) -> list[str]:
    hints = typing.get_type_hints(cls)
    return [f.name for f in dataclasses.fields(cls) if hints[f.name] is not Any]


@pytest.mark.parametrize("reg,kind", [(r, k) for r, k in ALL if _checked_fields(r.cls_for(k))],
                         ids=[i for (r, k), i in zip(ALL, IDS) if _checked_fields(r.cls_for(k))])
def test_every_field_refuses_a_wrong_type_naming_kind_and_field(reg, kind):
    cls = reg.cls_for(kind)
    good = example(cls)
    for name in _checked_fields(cls):
        with pytest.raises(RecordError) as err:
            reg.from_json({**good, name: 1.5})      # no record field is a float
        message = str(err.value)
        assert message.startswith(f"{reg.namespace} {kind!r}: field '{name}"), message
        assert "got a number" in message


@pytest.mark.parametrize("reg,kind", ALL, ids=IDS)
def test_every_required_field_is_required(reg, kind):
    cls = reg.cls_for(kind)
    good = example(cls)
    for f in dataclasses.fields(cls):
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            data = {k: v for k, v in good.items() if k != f.name}
            with pytest.raises(RecordError, match=f"missing required field '{f.name}'"):
                reg.from_json(data)


def test_nested_problems_name_the_path_inside_the_field():
    roll = example(EVENTS.cls_for("dice_rolled"))
    bad = {**roll, "roll": {**roll["roll"], "faces": [1, "six"]}}
    with pytest.raises(RecordError, match=r"event 'dice_rolled': field 'roll\.faces\[1\]': "
                                          r"expected an integer, got text"):
        EVENTS.from_json(bad)
    bad = {**roll, "roll": {**roll["roll"], "spin": 2}}
    with pytest.raises(RecordError, match=r"field 'roll': has unknown fields \['spin'\]"):
        EVENTS.from_json(bad)


def test_msgspec_messages_are_put_in_our_words():
    assert explain("Expected `int | null`, got `str` - at `$.seat`") == \
        "field 'seat': expected an integer or nothing, got text"
    assert explain("Object contains unknown field `x`") == "has unknown fields ['x']"
    assert explain("Expected `array` of length 2, got 3 - at `$.to`") == \
        "field 'to': expected 2 values, got 3"
    assert explain("Object missing required field `unit`") == "missing required field 'unit'"
    assert explain("Something new - at `$.a[0]`") == "field 'a[0]': Something new"


def test_a_renamed_kind_stays_readable_under_its_old_name():
    reg = Registry("demo")

    @reg.register("demo.moved", aliases=("demo.unit_moved",))
    @dataclasses.dataclass(frozen=True, slots=True)
    class Moved(Record):
        unit: str

    old = reg.from_json({"kind": "demo.unit_moved", "unit": "a"})
    assert old == Moved("a") and to_json(old) == {"kind": "demo.moved", "unit": "a"}
    assert reg.aliases() == {"demo.unit_moved": "demo.moved"}
    with pytest.raises(RuntimeError, match="already a kind"):
        reg.register("demo.other", aliases=("demo.moved",))(Moved)
    with pytest.raises(RuntimeError, match="already an alias"):
        reg.register("demo.unit_moved")(Moved)


# -- through a save and a scenario file --------------------------------------------------------
def _gems_save(tmp_path: Path) -> tuple[Path, dict]:
    lines = (GOLDEN / "gems_riverbend.jsonl").read_text(encoding="utf-8").splitlines()
    match = Match.new(MatchConfig.from_json(json.loads(lines[0])["config"]))
    for line in lines[2:5]:
        match.submit(ACTIONS.from_json(json.loads(line)["action"]))
    path = tmp_path / "save.json"
    saves.save(match, path)
    return path, json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("change,words", [
    ({"unit": 7}, ["field 'unit'", "expected text, got an integer"]),
    ({"wings": True}, ["unknown fields ['wings']"]),
])
def test_a_save_with_a_mangled_action_names_the_kind_and_the_field(tmp_path, change, words):
    path, doc = _gems_save(tmp_path)
    first = doc["actions"][0]["action"]
    assert "unit" in first, first
    first.update(change)
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(saves.SaveError) as err:
        saves.load(path)
    message = str(err.value)
    assert "action 1 of the log" in message and f"action {first['kind']!r}" in message
    for w in words:
        assert w in message, message


def test_an_untouched_save_still_loads(tmp_path):
    path, doc = _gems_save(tmp_path)
    assert json.loads(json.dumps(saves.load(path).snapshot())) == doc["snapshot"]


@pytest.fixture
def toy_system():
    with toy.registered() as system:
        yield system


@pytest.mark.parametrize("action,words", [
    ('{kind = "toy_step", seat = "zero"}', ["action 'toy_step'", "field 'seat'",
                                            "expected an integer, got text"]),
    ('{kind = "toy_step", seat = 0, speed = 2}', ["action 'toy_step'", "unknown fields ['speed']"]),
    ('{kind = "toy_step"}', ["action 'toy_step'", "missing required field 'seat'"]),
])
def test_a_scenario_with_a_mangled_action_names_the_kind_and_the_field(toy_system, tmp_path,
                                                                       action, words):
    path = tmp_path / "bad.toml"
    path.write_text('name = "toy"\n[match]\nsystem = "toy_race"\nseed = 3\n[setup]\ngoal = 12\n'
                    f'secrets = [2, 5]\n[[step]]\naction = {action}\n', encoding="utf-8")
    with pytest.raises(sc.ScenarioError) as err:
        sc.load(path)
    for w in words:
        assert w in str(err.value), str(err.value)

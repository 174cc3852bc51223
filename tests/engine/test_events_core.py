"""The core tactical vocabulary (game.engine.events): every system event built on a core base
answers every core name, carries its values through a JSON round trip unchanged, and the JSON a
system writes holds only its own fields (the golden playthroughs stay byte-identical)."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from game.engine import registry
from game.engine.events import (CORE_BASES, EVENTS, DamageDealt, DiceRolled, Downed, Healed,
                                InitiativeSettled, Moved, TurnStarted)
from game.engine.dice import Roll
from game.engine.records import to_json
from game.engine.systems.bindings import events as B
from game.engine.systems.gems import events as G
from game.engine.systems.gemwielders import events as W

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def _core_classes() -> list[type]:
    registry.all_systems()        # every system's events registered
    return [EVENTS.cls_for(k) for k in EVENTS.kinds()
            if issubclass(EVENTS.cls_for(k), CORE_BASES)]


def _golden_events() -> list:
    out = []
    for path in sorted(GOLDEN.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            rec = json.loads(line)
            for key in ("setup", "events"):
                out += [(d, EVENTS.from_json(d)) for d in rec.get(key, ())]
    return out


def test_each_core_base_documents_its_fields():
    for base in CORE_BASES:
        assert base.core_fields, base
        for name in base.core_fields:
            assert name in base.__annotations__, (base.__name__, name)
            assert f"\n      {name} " in base.__doc__, (base.__name__, name)
        # a core base adds no dataclass field, so no system's JSON changes
        assert not dataclasses.is_dataclass(base)


def test_every_system_event_on_a_core_base_answers_every_core_name():
    classes = _core_classes()
    # gems, bindings and gemwielders all build on the vocabulary
    assert {c.kind.split(".")[0] for c in classes} >= {"gems", "bnd", "gw"}
    for cls in classes:
        for base in CORE_BASES:
            if issubclass(cls, base):
                for name in base.core_fields:
                    assert hasattr(cls, name), f"{cls.kind} does not answer {base.__name__}.{name}"


CASES = [
    (G.UnitMoved("a", ((1, 2), (2, 2)), "walk", 1),
     Moved, {"mover": "a", "path": ((1, 2), (2, 2)), "mode": "walk", "forced": False}),
    (G.UnitMoved("a", ((3, 2),), "knockback"),
     Moved, {"mover": "a", "path": ((3, 2),), "mode": "knockback", "forced": True}),
    (B.CombatantMoved("b", ((0, 1),), "dash", 2),
     Moved, {"mover": "b", "path": ((0, 1),), "mode": "dash", "forced": False}),
    (B.CombatantPushed("b", ((0, 2), (0, 3)), 1),
     Moved, {"mover": "b", "path": ((0, 2), (0, 3)), "mode": "pushed", "forced": True}),
    (G.DamageTaken("a", 3, "melee", "b", 7, 1),
     DamageDealt, {"victim": "a", "amount": 3, "hp": 7, "source": "b"}),
    (B.DamageDealt("c", 4, 6, "air_blast"),
     DamageDealt, {"victim": "c", "amount": 4, "hp": 6, "source": "air_blast"}),
    (W.DamageDealt(1, 5, 15),
     DamageDealt, {"victim": 1, "amount": 5, "hp": 15, "source": "attack"}),
    (G.UnitPoofed("a", "gemstone_a", (4, 5)), Downed, {"victim": "a", "cell": (4, 5)}),
    (B.CombatantDowned("c"), Downed, {"victim": "c", "cell": None}),
    (G.UnitHealed("a", 2, "mend", 9), Healed, {"victim": "a", "amount": 2, "hp": 9, "source": "mend"}),
    (G.InitiativeSet(("a", "b"), (17, 12), 1),
     InitiativeSettled, {"order": ("a", "b"), "scores": (17, 12), "rerolls": 1}),
    (B.InitiativeRanked(("b", "a"), (2, 0), 0, (("a", 2),)),
     InitiativeSettled, {"order": ("b", "a"), "scores": (2, 0), "rerolls": 0}),
]


@pytest.mark.parametrize("event,base,core", CASES, ids=lambda v: getattr(v, "kind", None))
def test_core_names_read_the_system_fields_and_survive_a_round_trip(event, base, core):
    assert isinstance(event, base)
    assert {name: getattr(event, name) for name in base.core_fields} == core
    data = to_json(event)
    # the JSON holds the system's own fields only, never the core names it maps
    assert set(data) == {"kind"} | {f.name for f in dataclasses.fields(event)}
    back = EVENTS.from_json(json.loads(json.dumps(data)))
    assert back == event and type(back) is type(event)
    assert {name: getattr(back, name) for name in base.core_fields} == core


def test_turn_started_and_dice_rolled_round_trip():
    roll = Roll("initiative", "d20", (14,), (("CPR", 2),), 16)
    for e in (TurnStarted(1, "a", 3), DiceRolled(roll, "a", "A rolls 16")):
        assert EVENTS.from_json(json.loads(json.dumps(to_json(e)))) == e


def test_golden_events_keep_their_json_and_answer_the_core_names():
    seen: set[type] = set()
    for data, e in _golden_events():
        assert to_json(e) == data
        for base in CORE_BASES:
            if isinstance(e, base):
                seen.add(base)
                for name in base.core_fields:
                    getattr(e, name)
    assert {Moved, DamageDealt, Downed, Healed, InitiativeSettled} <= seen

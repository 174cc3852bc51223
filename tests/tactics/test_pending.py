"""The pending-decision stack: last opened, first answered; the stage beneath resumes; the JSON
of a Pending keeps the shape its system writes (actor or handler), so saves read back alike."""
from __future__ import annotations

import copy
import json

import pytest

from game.engine.tactics import pending as P
from game.engine.tactics.pending import Pending


def test_push_then_pop_answers_the_last_opened_stage_first_and_resumes_the_one_beneath():
    stack: list[Pending] = []
    assert P.top(stack) is None
    P.push(stack, Pending("defend", 1, "b", {"attack": "a1"}))
    P.push(stack, Pending("use_dodge", 1, "b", {"attack": "a1"}))
    assert P.top(stack).stage == "use_dodge"
    closed = P.pop(stack, "use_dodge")
    assert closed.stage == "use_dodge"
    resumed = P.resume(stack)
    assert resumed is not None and resumed.stage == "defend" and resumed.data == {"attack": "a1"}
    P.pop(stack)
    assert P.resume(stack) is None


def test_closing_the_wrong_stage_or_an_empty_stack_fails_loudly():
    stack = [Pending("defend", 0, "a")]
    with pytest.raises(ValueError, match="defend"):
        P.pop(stack, "circumstance")
    assert len(stack) == 1                      # nothing was closed
    P.pop(stack)
    with pytest.raises(IndexError):
        P.pop(stack)


def test_clearing_drops_every_open_stage_of_that_stack_only():
    stack = [Pending("defend", 0, "a"), Pending("use_dodge", 0, "a")]
    other = [Pending("pay", 1, handler="effects")]
    P.clear(stack)
    assert stack == [] and P.top(stack) is None
    assert [p.stage for p in other] == ["pay"]


def test_systems_change_their_stacks_only_through_this_module():
    # one home for the stack's rules: no system appends to, pops or indexes `.pending` itself
    import re
    from pathlib import Path

    import game
    systems = Path(game.__file__).parent / "engine" / "systems"
    raw = re.compile(r"\.pending(\.(append|pop|clear|insert|extend)\(|\[)")
    found = [f"{f.relative_to(systems)}:{n}" for f in sorted(systems.rglob("*.py"))
             for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1)
             if raw.search(line)]
    assert found == []


def test_json_keeps_the_actor_shape_or_the_handler_shape():
    by_actor = Pending("defend", 1, "b", {"attack": "a1", "options": ["dodge"]})
    by_handler = Pending("pay", 0, None, {"rest": [1, 2]}, handler="effects")
    assert by_actor.to_json() == {"stage": "defend", "seat": 1, "actor": "b",
                                  "data": {"attack": "a1", "options": ["dodge"]}}
    assert by_handler.to_json() == {"stage": "pay", "seat": 0, "handler": "effects",
                                    "data": {"rest": [1, 2]}}
    stack = [by_actor, by_handler]
    back = P.stack_from_json(json.loads(json.dumps(P.stack_to_json(stack))))
    assert back == stack


def test_json_and_copies_do_not_share_stage_data():
    p = Pending("defend", 1, "b", {"options": ["dodge"]})
    data = p.to_json()
    data["data"]["options"].append("brace")
    twin = copy.deepcopy(p)
    twin.data["options"].append("parry")
    assert p.data == {"options": ["dodge"]}

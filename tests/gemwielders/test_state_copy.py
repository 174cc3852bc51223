"""The hand-written Gemwielders state copy (state.py `GwState.copy`, used by deepcopy, so by
Match.submit, and by the system's view): for states from many points of seeded games, including
attacks in progress and pending choices, a copy equals its original and shares no mutable part
with it, so scribbling over every zone, stage and flag of the copy leaves the original as it was.
"""
from __future__ import annotations

import copy
import dataclasses
import json
from typing import Any

import pytest

from game.engine.ai.base import make_bot
from game.engine.ai.runner import ask_bot, example_match
from game.engine.match import Match
from game.engine.systems.gemwielders import GEMWIELDERS
from game.engine.systems.gemwielders.state import _COPY_PLAN, Attack, Card, GwState, Player
from game.engine.tactics.pending import Pending

SEEDS = (1, 2, 3, 4, 5, 6)


def _states() -> list[GwState]:
    """The state at every decision of seeded random-vs-random and normal-vs-normal games, each
    rebuilt from its JSON (the match changes its one state in place; the JSON round trip does
    not use the copy under test)."""
    out: list[GwState] = []
    for seed in SEEDS:
        kinds = ("random", "random") if seed % 2 else ("normal", "normal")
        m = Match.new(example_match("gemwielders", seed, difficulties=kinds))
        bots = [make_bot("gemwielders", kinds[0]), make_bot("gemwielders", kinds[1])]
        while not m.over and len(m.log) < 400:
            out.append(m.system.state_from_json(m.system.state_to_json(m.state)))
            m.submit(ask_bot(m, bots[m.decision.seat], m.decision.seat))
        out.append(m.system.state_from_json(m.system.state_to_json(m.state)))
    return out


@pytest.fixture(scope="module")
def states() -> list[GwState]:
    found = _states()
    # the sample must reach the awkward spots, or the checks below prove little
    assert any(s.attack is not None for s in found), "no state with an attack in progress"
    assert any(s.pending for s in found), "no state with a pending choice"
    assert any(s.queue for s in found) or any(p.data for s in found for p in s.pending)
    assert any(s.over for s in found)
    return found


def _dump(state: GwState) -> str:
    return json.dumps(GEMWIELDERS.state_to_json(state), sort_keys=True)


def _scribble(obj: Any) -> None:
    """Change every reachable mutable part of a copy: containers grow and shrink, every
    dataclass field (atoms included) is overwritten. Card objects are frozen, so shared."""
    if isinstance(obj, list):
        for item in obj:
            _scribble(item)
        obj.append("scribble")
        obj.insert(0, None)
    elif isinstance(obj, dict):
        for item in list(obj.values()):
            _scribble(item)
        obj["scribble"] = ["x"]
        if len(obj) > 1:
            obj.pop(next(iter(obj)))
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, Card):
        for f in dataclasses.fields(obj):
            value = getattr(obj, f.name)
            if isinstance(value, (list, dict)) or dataclasses.is_dataclass(value):
                _scribble(value)
            elif isinstance(value, bool):
                setattr(obj, f.name, not value)
            elif isinstance(value, int):
                setattr(obj, f.name, value + 7)
            else:
                setattr(obj, f.name, "scribble")


def _shared_mutables(a: Any, b: Any, path: str = "state") -> list[str]:
    """Paths where the copy `b` holds the very same mutable object as the original `a`."""
    found: list[str] = []
    if isinstance(a, (list, dict)) or (dataclasses.is_dataclass(a) and not isinstance(a, Card)):
        if a is b:
            found.append(path)
            return found
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b)):
            found += _shared_mutables(x, y, f"{path}[{i}]")
    elif isinstance(a, dict):
        for k in a.keys() & b.keys():       # a view drops hidden ids and adds placeholders
            found += _shared_mutables(a[k], b[k], f"{path}[{k!r}]")
    elif dataclasses.is_dataclass(a) and not isinstance(a, Card):
        for f in dataclasses.fields(a):
            found += _shared_mutables(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}")
    return found


def test_copy_is_equal_and_independent_at_every_sampled_point(states):
    for i, s in enumerate(states):
        before = _dump(s)
        for c in (s.copy(), copy.deepcopy(s)):
            assert c is not s
            assert c == s, f"state {i}: the copy differs from the original"
            assert _dump(c) == before, f"state {i}: the copy serialises differently"
            assert _shared_mutables(s, c) == [], f"state {i}: copy shares mutable parts"
            _scribble(c)
            assert _dump(c) != before                 # the scribble did change the copy...
            assert _dump(s) == before, f"state {i}: changing the copy changed the original"


def test_changing_the_original_leaves_the_copy_alone(states):
    for i, s in enumerate(states[::7]):
        original = _dump(s)
        c = s.copy()
        scratch = copy.deepcopy(s)     # scribble a stand-in so the shared live states stay intact
        snapshot = scratch.copy()
        _scribble(scratch)
        assert _dump(snapshot) == original, f"state {i}: the copy followed its original"
        assert _dump(c) == original


def test_named_zones_stages_attack_and_flags_in_a_copy_do_not_leak(states):
    """The specific parts the rules change mid-action, one by one, on the richest states."""
    mid_attack = [s for s in states if s.attack is not None]
    mid_choice = [s for s in states if s.pending]
    for s in mid_attack[:20] + mid_choice[:20]:
        before = _dump(s)
        c = copy.deepcopy(s)
        for p in c.players:
            for zone in ("deck", "hand", "discard", "defense", "mods", "used", "knows", "gems"):
                getattr(p, zone).append("c999")
            p.flags.setdefault("kept", []).append(1)
            p.buffs["attack"] = p.buffs.get("attack", 0) + 3
            p.life -= 5
        for zone in ("gem_deck", "sources", "scrap", "table", "fired"):
            getattr(c, zone).append("c999")
        c.row[0] = "c999"
        c.pool["R"] = c.pool.get("R", 0) + 1
        c.cards["c999"] = Card("c999", "hidden")
        for pend in c.pending:
            pend.data.setdefault("options", []).append("c999")
            for v in pend.data.values():
                if isinstance(v, dict):
                    v["scribble"] = 1
                elif isinstance(v, list):
                    v.append("scribble")
        for item in c.queue:
            item.setdefault("ctx", {})["scribble"] = 1
            item.setdefault("effects", []).append({"verb": "scribble"})
        if c.attack is not None:
            for zone in ("cards", "revealed", "order", "resolved"):
                getattr(c.attack, zone).append("c999")
            c.attack.sword["c999"] = 4
            c.attack.shield["c999"] = 4
            c.attack.bonus_sword += 2
        c.stacked.setdefault("deck0", []).append("x")
        c.house["scribble"] = True
        assert _dump(s) == before


def test_view_redacts_a_copy_and_never_touches_the_state(states):
    for s in states[::5]:
        before = _dump(s)
        for seat in (0, 1):
            v = GEMWIELDERS.view(s, seat)
            assert _shared_mutables(s, v) == []
            _scribble(v)
            assert _dump(s) == before


def test_every_field_has_a_copy_rule_and_cards_are_frozen():
    # a field without a rule would silently fall back to the slow generic deepcopy
    for cls in (Card, Player, Pending, Attack, GwState):
        assert set(_COPY_PLAN[cls]) == {f.name for f in dataclasses.fields(cls)}, cls.__name__
    with pytest.raises(dataclasses.FrozenInstanceError):
        Card("c1", "x").cid = "y"  # type: ignore[misc]


def _filled(cls: type) -> Any:
    """An instance of `cls` whose every field holds a value of its own, none a default, shaped
    as its copy rule expects (so a field the copy forgets comes back as a default and differs)."""
    from game.engine.systems.gemwielders import state as st
    plan = _COPY_PLAN[cls]
    values: dict[str, Any] = {}
    for name, rule in plan.items():
        if rule is st._share:
            values[name] = f"{name}-value"
        elif rule is st._atoms_list:
            values[name] = [f"{name}-item"]
        elif rule is st._atoms_dict:
            values[name] = {f"{name}-key": 3}
        elif rule is st._json:
            values[name] = {f"{name}-key": [1, {"deep": [2]}]}
        elif rule is st._cards:
            values[name] = {"c1": Card("c1", "x")}
        elif rule is st._players:
            values[name] = [_filled(Player), _filled(Player)]
        elif rule is st._pending:
            values[name] = [_filled(Pending)]
        elif rule is st._attack:
            values[name] = _filled(Attack)
        elif rule is st._lists_dict:
            values[name] = {"deck0": ["a"]}
        else:
            raise AssertionError(f"{cls.__name__}.{name}: a copy rule this test does not know")
    return cls(**values)


def test_written_out_copies_keep_the_plan():
    """Player and GwState copies are written out by hand for speed: each field is copied or
    shared exactly as `_COPY_PLAN` says, and none is left out."""
    from game.engine.systems.gemwielders import state as st
    for cls in (Player, GwState, Attack, Pending):
        original = _filled(cls)
        c = st._copy_obj(original)
        assert type(c) is cls and c == original, cls.__name__
        for name, rule in _COPY_PLAN[cls].items():
            a, b = getattr(original, name), getattr(c, name)
            if rule is st._share:
                assert a is b, f"{cls.__name__}.{name} should be shared"
            else:
                assert a is not b, f"{cls.__name__}.{name} should be copied"
                assert _shared_mutables(a, b, name) == [], f"{cls.__name__}.{name}"

"""Inline content in a bindings set-up (`setup.content`, a scenario's `[setup] content`): a shipped
move, talent, condition or combatant overridden field by field, new ones written whole and
checked like a file's, the neutral sheet, refusals naming the entry and the key, and saves that
carry the table and replay to the same position."""
from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from game import paths
from game.engine import saves
from game.engine import scenario as sc
from game.engine.rules import ConfigError
from game.engine.systems.bindings import budget
from game.engine.systems.bindings.actions import StartMovement, UseMove
from game.engine.systems.bindings.content import (NEUTRAL_SHEET, ContentError, content,
                                                  content_of, load_content)
from game.engine.systems.bindings.system import BINDINGS

from .bndtools import duel, run_to

ROOT = Path(__file__).resolve().parent.parent.parent

LONG_JAB: dict[str, Any] = {
    "name": "Long Jab", "school": "weapon", "action": "standard", "kind": "melee", "speed": 3,
    "range_ft": 15, "offence": "STR", "defence": "STR", "damage_ability": "STR",
    "damage_dice": "1d4"}
JABBER: dict[str, Any] = {
    "name": "Jabber", "STR": 14, "DEX": 12, "CON": 12, "INT": 8, "WIS": 10, "CHA": 10,
    "ab": 1, "db": 1, "hp": 22, "moves": ["long_jab"]}


def _far(**kw: Any):
    """A duel with b three hexes east of a (a acts first: round 1, segment 1)."""
    return duel(b=dict(x=3, y=0), **kw)


# -- overrides of shipped entries ---------------------------------------------------------------
@pytest.mark.rule("BND-82")
def test_an_inline_range_override_changes_the_legal_targets():
    strike = UseMove("a", "unarmed_strike", (3, 0))
    assert strike not in _far().legal_actions()            # shipped: 5 ft, one hex
    m = _far(content={"moves": {"unarmed_strike": {"range_ft": 15}}})
    assert strike in m.legal_actions()
    got = content_of(m.state).moves["unarmed_strike"]
    shipped = content().moves["unarmed_strike"]
    assert got.range_ft == 15 and shipped.range_ft == 5    # the shipped set is left as it was
    assert (got.name, got.speed, got.offence, got.damage_dice) == \
        (shipped.name, shipped.speed, shipped.offence, shipped.damage_dice)
    m.submit(strike)                                       # and the rules resolve it
    assert m.state.attacks and m.state.attacks[0].move == "unarmed_strike"


@pytest.mark.rule("BND-101")
@pytest.mark.rule("BND-36")
def test_an_inline_action_and_cooldown_override_are_what_the_budget_reads():
    m = _far(content={"moves": {"blade": {"action": "move", "cooldown": 0}}})
    a = m.state.combatants["a"]
    assert budget.move_cost(m.state, a, "blade") == "move"
    m.submit(UseMove("a", "blade", (3, 0)))
    a = m.state.combatants["a"]
    assert a.spent == ["move"] and "blade" not in a.cooldowns
    assert budget.cooldown_ready(m.state, a, "blade")


# -- new entries ----------------------------------------------------------------------------------
def test_a_new_inline_move_named_by_a_combatant_override_works():
    m = _far(a=dict(overrides={"moves": ["long_jab"]}), content={"moves": {"long_jab": LONG_JAB}})
    assert m.state.combatants["a"].moves == ["unarmed_strike", "brace", "long_jab"]
    jab = UseMove("a", "long_jab", (3, 0))
    assert jab in m.legal_actions()
    m.submit(jab)
    assert m.state.attacks[0].move == "long_jab"


def test_a_new_inline_sheet_knows_an_inline_move():
    m = _far(a=dict(sheet="jabber"),
             content={"moves": {"long_jab": LONG_JAB}, "combatants": {"jabber": JABBER}})
    a = m.state.combatants["a"]
    assert (a.name, a.sheet, a.hp, a.scores["STR"]) == ("Jabber", "jabber", 22, 14)
    assert a.moves == ["unarmed_strike", "brace", "long_jab"] and a.swim_speed == 15
    assert UseMove("a", "long_jab", (3, 0)) in m.legal_actions()


def test_an_inline_sheet_naming_an_unknown_move_is_refused():
    with pytest.raises(ConfigError, match=r"\[combatants\.jabber\].*'long_jab'"):
        _far(a=dict(sheet="jabber"), content={"combatants": {"jabber": JABBER}})


@pytest.mark.rule("BND-39")
def test_a_new_inline_talent_on_an_overridden_sheet_reduces_its_move():
    quick = {"name": "Quick Blade", "reduces": "blade"}
    m = _far(content={"talents": {"quick_blade": quick},
                      "combatants": {"aeromancer": {"talents": ["quick_gust", "quick_blade"]}}})
    a = m.state.combatants["a"]
    assert a.talents == ["quick_gust", "quick_blade"] and a.hp == content().combatants[
        "aeromancer"].hp                                   # the rest of the sheet is shipped
    assert UseMove("a", "blade", (3, 0), reduce=True) in m.legal_actions()
    assert UseMove("a", "blade", (3, 0), reduce=True) not in _far().legal_actions()


@pytest.mark.rule("BND-77")
def test_a_new_inline_condition_applies_its_verbs():
    rooted = {"name": "Rooted", "verbs": ["no_move"]}
    brace = {"effects": [{"verb": "self_condition", "condition": "rooted", "rounds": 1}]}
    shipped = _far()
    shipped.submit(UseMove("a", "brace"))
    run_to(shipped, 1, 2, "a")                             # a's next turn: a Move is left
    assert any(isinstance(x, StartMovement) for x in shipped.legal_actions())
    m = _far(content={"conditions": {"rooted": rooted}, "moves": {"brace": brace}})
    m.submit(UseMove("a", "brace"))
    assert [c.id for c in m.state.combatants["a"].conditions] == ["rooted"]
    run_to(m, 1, 2, "a")
    assert not any(isinstance(x, StartMovement) for x in m.legal_actions())


# -- the neutral sheet ----------------------------------------------------------------------------
def test_a_neutral_combatant_has_the_plain_defaults_and_takes_overrides():
    m = duel(a=dict(sheet=NEUTRAL_SHEET), b=dict(sheet=NEUTRAL_SHEET, overrides={"hp": 7}))
    a, b = m.state.combatants["a"], m.state.combatants["b"]
    assert set(a.scores.values()) == {10} and (a.level, a.ab, a.db, a.hp) == (1, 1, 1, 20)
    assert (a.base_speed, a.swim_speed, a.talents) == (30, 15, [])
    assert a.moves == ["unarmed_strike", "brace"] and a.sheet == NEUTRAL_SHEET
    assert (b.hp, b.max_hp) == (7, 7)


def test_an_unknown_sheet_names_neutral_among_the_choices():
    with pytest.raises(ConfigError, match="'nobody'.*'neutral'"):
        duel(a=dict(sheet="nobody"), setup_dice=[1] * 12)


def test_a_data_file_cannot_take_the_neutral_id(tmp_path: Path):
    folder = tmp_path / "bindings"
    shutil.copytree(paths.data_dir() / "bindings", folder)
    with open(folder / "combatants.toml", "a", encoding="utf-8") as fh:
        fh.write('\n[combatants.neutral]\nname = "Mine"\nSTR = 10\nDEX = 10\nCON = 10\n'
                 'INT = 10\nWIS = 10\nCHA = 10\nab = 1\ndb = 1\nhp = 20\n')
    with pytest.raises(ContentError, match=r"\[combatants\.neutral\].*reserved"):
        load_content(folder)


def test_inline_content_cannot_take_the_neutral_id():
    with pytest.raises(ConfigError, match=r"\[combatants\.neutral\].*reserved"):
        _far(content={"combatants": {"neutral": {**JABBER, "moves": []}}})


# -- refusals -------------------------------------------------------------------------------------
BAD: list[tuple[Any, list[str]]] = [
    ({"moves": {"x": {**LONG_JAB, "range_ft": "far"}}},
     ["[moves.x]", "key 'range_ft' has the wrong type"]),
    ({"moves": {"blade": {"range_ft": "far"}}}, ["[moves.blade]", "key 'range_ft'"]),
    ({"moves": {"blade": {"range": 25}}}, ["[moves.blade]", "unknown key 'range'"]),
    ({"moves": {"blade": {"range_ft": 12}}}, ["[moves.blade]", "range_ft", "multiple of 5"]),
    ({"moves": {"x": {"name": "X"}}}, ["[moves.x]", "missing required key"]),
    # a save or a file may hold any number: those the rules would walk for ever are refused
    ({"moves": {"blade": {"range_ft": 10 ** 9}}}, ["[moves.blade]", "range_ft is at most"]),
    ({"moves": {"blade": {"damage_dice": "9999d6"}}}, ["[moves.blade]", "damage_dice"]),
    ({"moves": {"x": {**LONG_JAB, "effects": [{"verb": "fly"}]}}}, ["[moves.x]", "'fly'"]),
    ({"moves": {"X y": LONG_JAB}}, ["[moves.X y]", "snake_case"]),
    ({"moves": ["blade"]}, ["moves", "table"]),
    ({"spells": {}}, ["'spells'", "moves"]),
    ({"talents": {"t": {"name": "T", "reduces": "fireball"}}}, ["[talents.t]", "'fireball'"]),
    ({"talents": {"t": {"name": "T", "reduces": "blade", "per_round": 0}}},
     ["[talents.t]", "per_round"]),
    ({"conditions": {"c": {"name": "C", "verbs": ["fly"]}}}, ["[conditions.c]", "'fly'"]),
    ({"combatants": {"aeromancer": {"STR": "ten"}}}, ["[combatants.aeromancer]", "'STR'"]),
    ({"combatants": {"aeromancer": {"wings": 2}}},
     ["[combatants.aeromancer]", "unknown key 'wings'"]),
    ("lots", ["content", "table"]),
]


@pytest.mark.parametrize("inline,words", BAD, ids=[str(i) for i in range(len(BAD))])
def test_a_bad_inline_table_is_refused_naming_the_entry_and_the_key(inline, words):
    with pytest.raises(ConfigError) as err:
        _far(content=inline)
    for w in words:
        assert w in str(err.value), str(err.value)


# -- saves and copies -----------------------------------------------------------------------------
INLINE = {"moves": {"unarmed_strike": {"range_ft": 15}, "long_jab": LONG_JAB},
          "combatants": {"jabber": JABBER}}


def _played() -> Any:
    m = _far(a=dict(sheet="jabber"), content=copy.deepcopy(INLINE))
    m.submit(UseMove("a", "long_jab", (3, 0)))
    for _ in range(6):
        if m.over:
            break
        m.submit(m.legal_actions()[-1])
    return m


def test_a_save_with_inline_content_reloads_and_replays_equal(tmp_path: Path):
    m = _played()
    assert BINDINGS.state_to_json(m.state)["content"] == INLINE
    saves.save(m, tmp_path / "inline.json")
    again = saves.load(tmp_path / "inline.json")
    assert again.state == m.state and again.log == m.log
    assert content_of(again.state).moves["unarmed_strike"].range_ft == 15
    loaded = BINDINGS.state_from_json(json.loads(json.dumps(BINDINGS.state_to_json(m.state))))
    assert loaded == m.state and content_of(loaded).moves["long_jab"].range_ft == 15


@pytest.mark.parametrize("inline,words", [
    ({"moves": {"x": {**LONG_JAB, "range_ft": "far"}}}, ["[moves.x]", "'range_ft'"]),
    ({"moves": {"long_jab": {"speed": [1]}}}, ["[moves.long_jab]", "'speed'"]),
    (5, ["content", "table"])])
def test_a_saved_state_with_bad_inline_content_is_refused(inline, words):
    data = BINDINGS.state_to_json(_played().state)
    data["content"] = inline
    with pytest.raises(ConfigError) as err:
        BINDINGS.state_from_json(data)
    for w in words:
        assert w in str(err.value), str(err.value)


def test_copies_share_the_resolved_content_and_the_shipped_path_saves_no_table():
    m = _played()
    assert copy.deepcopy(m.state).rules_content is content_of(m.state)
    plain = _far()
    assert content_of(plain.state) is content()
    assert "content" not in BINDINGS.state_to_json(plain.state)


def test_the_documented_bindings_content_example_passes():
    result = sc.run_file(ROOT / "docs" / "examples" / "content-bindings.toml")
    assert result.differences == [], "\n".join(result.differences)

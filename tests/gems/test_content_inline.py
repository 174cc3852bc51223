"""Inline gems content (`setup.content`, a scenario's `[setup] content`): a match may change any
field of a shipped sheet, item, ability or team, or add new ones, and the rules play with what
it says; items carry their own fighting fields, so one held or loose item can differ from its
kind; bad tables are refused by entry and key; saves keep the content."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.engine import saves
from game.engine.match import IllegalAction
from game.engine.rules import ConfigError
from game.engine.systems.gems import actions as A
from game.engine.systems.gems import combat
from game.engine.systems.gems.common import content_of, damage_bonus
from game.engine.systems.gems.content import content
from game.engine.systems.gems.system import upgrade_items

from .gemtools import match, open_field, unit


def _archer(content_table: dict | None, held: list | None = None) -> object:
    return match(open_field(12, 3), [unit("a", 0, 1, sheet="neutral",
                                          held=held or ["hardlight_bow"]),
                                     unit("b", 9, 1, side=1, sheet="neutral")],
                 content=content_table)


@pytest.mark.rule("GEM-26")
def test_a_shipped_items_range_can_be_changed_for_one_match():
    # the shipped bow reaches 6 blocks: the target 9 away is out of range until the match says 9
    m = _archer(None)
    a = m.state.units["a"]
    assert combat.attack_profile(m.state, a, 0, "projectile")["reach"] == 6
    with pytest.raises(IllegalAction, match="no target in reach"):
        m.submit(A.Ready("a"))
    m = _archer({"items": {"hardlight_bow": {"range": 9}}})
    assert combat.attack_profile(m.state, m.state.units["a"], 0, "projectile")["reach"] == 9
    m.submit(A.Ready("a"))
    m.submit(A.AssignArm("a", 0, (9, 1), "projectile"))
    assert m.state.plans and m.state.plans[0].target == (9, 1)
    assert content().items["hardlight_bow"]["range"] == 6      # the shipped set is untouched


@pytest.mark.rule("GEM-26")
def test_one_held_item_can_differ_from_its_kind():
    m = _archer(None, held=[{"kind": "hardlight_bow", "range": 9, "knockback": 2, "aoe": 1}])
    p = combat.attack_profile(m.state, m.state.units["a"], 0, "projectile")
    assert (p["reach"], p["knockback"], p["aoe"]) == (9, 2, 1)
    with pytest.raises(ConfigError, match="'reach'"):
        _archer(None, held=[{"kind": "hardlight_bow", "reach": 9}])
    with pytest.raises(ConfigError, match="unknown held item"):
        _archer(None, held=[{"range": 9}])


@pytest.mark.rule("GEM-40")
def test_a_loose_item_takes_every_field_as_an_override():
    m = match(open_field(6, 3), [unit("a", 0, 1, sheet="neutral"),
                                 unit("b", 4, 1, side=1, sheet="neutral")],
              items=[{"id": "r", "kind": "rock", "x": 1, "y": 1, "knockback": 2,
                      "projectile": True, "range": 3, "melee_range": 2, "aoe": 1}])
    r = m.state.items["r"]
    assert (r.knockback, r.projectile, r.range, r.melee_range, r.aoe) == (2, True, 3, 2, 1)
    with pytest.raises(ConfigError, match="'knockback' cannot be negative"):
        match(open_field(6, 3), [unit("a", 0, 1, sheet="neutral"),
                                 unit("b", 4, 1, side=1, sheet="neutral")],
              items=[{"id": "r", "kind": "rock", "x": 1, "y": 1, "knockback": -1}])


@pytest.mark.rule("GEM-24")
def test_a_new_weapon_in_the_file_reaches_as_far_as_it_says():
    spear = {"name": "Long Pike", "hardlight": True, "damage": 4, "melee_range": 2,
             "throwable": False}
    m = match(open_field(6, 3), [unit("a", 0, 1, sheet="neutral", held=["long_pike"]),
                                 unit("b", 2, 1, side=1, sheet="neutral")],
              content={"items": {"long_pike": spear}})
    a = m.state.units["a"]
    assert combat.attack_profile(m.state, a, 0, "melee")["reach"] == 2
    assert (2, 1) in combat.melee_targets(m.state, a, 0)
    assert m.state.items[a.arms[0].holding].name == "Long Pike"


@pytest.mark.rule("GEM-07")
def test_a_new_ability_in_the_file_is_used_by_the_rules():
    rage = {"name": "Rage", "kind": "continuous", "verb": "empower", "amount": 3,
            "target": "self"}
    m = match(open_field(6, 3), [unit("a", 0, 1, sheet="neutral", abilities=["rage"]),
                                 unit("b", 4, 1, side=1, sheet="neutral")],
              content={"abilities": {"rage": rage}})
    assert damage_bonus(m.state, "a") == 0
    m.submit(A.UseAbility("a", "rage"))
    assert damage_bonus(m.state, "a") == 3
    assert content_of(m.state).abilities["rage"]["name"] == "Rage"


@pytest.mark.rule("GEM-03")
def test_a_new_sheet_and_team_in_the_file_are_checked_like_shipped_ones():
    brute = {"name": "Brute", "cpr": 2, "ms": 3}
    m = match(open_field(6, 3), [unit("a", 0, 1, sheet="brute"),
                                 unit("b", 4, 1, side=1, sheet="neutral")],
              content={"sheets": {"brute": brute}})
    assert (m.state.units["a"].name, m.state.units["a"].cpr) == ("Brute", 2)
    # 10 CPR ranks cost 20 pp: over the shipped budget with Blocking on top, unless raised
    big = {"name": "Giant", "cpr": 10, "blocking": True}
    with pytest.raises(ConfigError, match=r"\[sheets.giant\]: costs 22 pp, over the budget"):
        match(open_field(6, 3), [unit("a", 0, 1, sheet="giant"),
                                 unit("b", 4, 1, side=1, sheet="neutral")],
              content={"sheets": {"giant": big}})
    m = match(open_field(6, 3), [unit("a", 0, 1, sheet="giant"),
                                 unit("b", 4, 1, side=1, sheet="neutral")],
              content={"sheets": {"giant": big}, "costs": {"budget": 22}})
    assert m.state.units["a"].blocking


def test_bad_inline_tables_are_refused_by_entry_and_key():
    def make(table):
        return _archer(table)
    with pytest.raises(ConfigError, match=r"setup content \[items.hardlight_bow\]: key 'range' "
                                          r"has the wrong type"):
        make({"items": {"hardlight_bow": {"range": "far"}}})
    with pytest.raises(ConfigError, match=r"\[items.sling\]: missing required key 'name'"):
        make({"items": {"sling": {"range": 3}}})
    with pytest.raises(ConfigError, match=r"\[abilities.zap\]: verb 'zap' is not one of"):
        make({"abilities": {"zap": {"name": "Zap", "kind": "active", "verb": "zap"}}})
    with pytest.raises(ConfigError, match="unknown section 'cards'"):
        make({"cards": {}})
    with pytest.raises(ConfigError, match=r"\[sheets.neutral\].*reserved"):
        make({"sheets": {"neutral": {"name": "Mine"}}})


def test_a_save_keeps_the_inline_content_and_replays_equal(tmp_path: Path):
    m = _archer({"items": {"hardlight_bow": {"range": 9}}})
    m.submit(A.Ready("a"))
    m.submit(A.AssignArm("a", 0, (9, 1), "projectile"))
    saves.save(m, tmp_path / "c.json")
    again = saves.load(tmp_path / "c.json")
    assert again.snapshot() == m.snapshot()
    assert combat.attack_profile(again.state, again.state.units["a"], 0,
                                 "projectile")["reach"] == 9
    state = again.system.state_from_json(json.loads(json.dumps(again.system.state_to_json(
        again.state))))
    assert content_of(state).items["hardlight_bow"]["range"] == 9


def test_a_damaged_content_table_in_a_saved_state_is_refused_by_name():
    m = _archer({"items": {"hardlight_bow": {"range": 9}}})
    data = json.loads(json.dumps(m.system.state_to_json(m.state)))
    data["content"]["items"]["hardlight_bow"]["range"] = [1, 2]
    with pytest.raises(ConfigError, match=r"\[items.hardlight_bow\]: key 'range'"):
        m.system.state_from_json(data)


def test_a_save_from_before_items_carried_their_fields_gets_the_shipped_values():
    m = _archer(None)
    data = json.loads(json.dumps(m.system.state_to_json(m.state)))
    bow_id = m.state.units["a"].arms[0].holding
    for item in data["items"].values():
        for key in ("range", "projectile", "knockback", "aoe", "melee_range"):
            del item[key]
    assert "range" in upgrade_items(data)["items"][bow_id]
    state = m.system.state_from_json(data)
    assert (state.items[bow_id].range, state.items[bow_id].projectile) == (6, True)
    assert m.system.state_to_json(state) == m.system.state_to_json(m.state)

"""Scenario paths that pick, map and count, and actions whose fields are "$path"s read from the
state just before the step (how card-game scenarios name cards without seed-dependent ids)."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from game.engine import scenario as sc

DATA = {
    "cards": {"c1": {"cid": "swing"}, "c2": {"cid": "guard"}, "c3": {"cid": "swing"}},
    "hand": ["c2", "c3", "c1"],
    "row": ["c1", None, "c2"],
    "units": [{"id": "garnet", "hp": 15, "side": 0}, {"id": "pearl", "hp": 20, "side": 1}],
    "flags": {"ready": True},
}

HEAD = """
name = "toy"
[match]
system = "toy_race"
seed = 3
[setup]
goal = 12
secrets = [2, 5]
"""


def run(tmp_path: Path, text: str) -> sc.Result:
    p = tmp_path / "s.toml"
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return sc.run_file(p)


def test_a_filter_picks_the_first_matching_item():
    assert sc.lookup(DATA, "hand[cards.*.cid=swing]") == "c3"       # '*' is the item: a join
    assert sc.lookup(DATA, "hand[cards.*.cid=guard]") == "c2"
    assert sc.lookup(DATA, "units[side=1].hp") == 20                 # no '*': inside the item
    assert sc.lookup(DATA, "units[hp=15].id") == "garnet"            # numbers compare as text
    with pytest.raises(KeyError, match="hand has no item with cards.\\*.cid = bolt"):
        sc.lookup(DATA, "hand[cards.*.cid=bolt]")


def test_a_map_and_a_count():
    assert sc.lookup(DATA, "hand[cards.*.cid]") == ["guard", "swing", "swing"]
    assert sc.lookup(DATA, "row[cards.*.cid]") == ["swing", None, "guard"]   # empty stays empty
    assert sc.lookup(DATA, "hand[cards.*.cid=guard][cards.*.cid]") == "guard"
    assert sc.lookup(DATA, "units[id]") == ["garnet", "pearl"]
    assert sc.lookup(DATA, "hand.#") == 3
    assert sc.lookup(DATA, "cards.#") == 3
    with pytest.raises(KeyError, match="cannot be counted"):
        sc.lookup(DATA, "units.0.hp.#")
    with pytest.raises(KeyError, match="without its"):
        sc.lookup(DATA, "hand[cards.*.cid")


def test_references_in_actions_are_read_from_the_state():
    assert sc.resolve_refs({"kind": "k", "card": "$hand[cards.*.cid=swing]",
                            "cards": ["$hand.0", "$$literal", "plain"], "n": 2}, DATA) == \
        {"kind": "k", "card": "c3", "cards": ["c2", "$literal", "plain"], "n": 2}
    with pytest.raises(KeyError, match="\\$hand.7: hand has 3 items"):
        sc.resolve_refs({"kind": "k", "card": "$hand.7"}, DATA)


def test_a_step_action_built_from_the_state(toy_system, tmp_path):
    # the toy's state has `seat` (whose turn); "$seat" fills a whole-number field
    result = run(tmp_path, HEAD + """
    [[step]]
    action = {kind = "toy_step", seat = "$seat"}
    state = {"positions" = [1, 0]}
    """)
    assert result.differences == []
    label = result.steps[0][0].label
    assert label == "step 1 (toy_step seat=$seat)"      # reports show what the author wrote


def test_a_path_that_leads_nowhere_stops_the_run_with_its_name(toy_system, tmp_path):
    result = run(tmp_path, HEAD + """
    [[step]]
    action = {kind = "toy_step", seat = "$positions.5"}

    [[step]]
    action = {kind = "toy_step", seat = 0}
    """)
    assert result.status == "ERROR"                 # the file's mistake, not the rules'
    assert result.errors[0].startswith("step 1 (toy_step seat=$positions.5): $positions.5:")
    assert "no item 5" in result.errors[0]
    assert result.errors[1] == "(the steps after it were not run)"
    assert len(result.steps) == 1


def test_a_reference_to_a_value_of_the_wrong_type_is_an_error(toy_system, tmp_path):
    result = run(tmp_path, HEAD + """
    [[step]]
    action = {kind = "toy_step", seat = "$positions"}
    """)
    assert result.status == "ERROR"
    assert len(result.errors) == 2 and "seat" in result.errors[0]


def test_an_unknown_kind_with_references_is_still_a_broken_file(toy_system, tmp_path):
    with pytest.raises(sc.ScenarioError, match="unknown action kind 'toy_jump'"):
        run(tmp_path, HEAD + """
        [[step]]
        action = {kind = "toy_jump", seat = "$seat"}
        """)


def test_an_expected_refusal_works_with_references(toy_system, tmp_path):
    result = run(tmp_path, HEAD + """
    [[step]]
    action = {kind = "toy_step", seat = 0}

    [[step]]
    note = "positions are [1, 0] now: seat 1 is not to move"
    action = {kind = "toy_step", seat = "$positions.0"}
    expect_illegal = ""
    """)
    assert result.differences == []
    assert len(result.steps) == 2 and result.steps[1][2]      # refused, with a reason

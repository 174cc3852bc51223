"""Saves written before the engine was reshaped onto the tactics toolkit (commit 2d4bfd9, one per
system, made by normal bots mid-battle) still load: the log replays to the very position stored in
the file (saves.load refuses any difference) and play goes on from there. The bindings one
depends on a rule changed since (a wall stopped a bullet in flight); it is refused, naming the
change."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.engine import saves
from game.engine.ai.base import RandomBot
from game.engine.ai.runner import ask_bot

OLD = Path(__file__).parent / "old_saves"

#: the names a replay of each old save now gives its sides, from the save's own set-up
NAMES_ADDED = {"gems_riverbend": {"side_names": ["Ember Ford", "Tidewatch"]},
               "gemwielders": {"names": ["AI 1 (normal)", "AI 2 (normal)"]}}


@pytest.mark.parametrize("name", ["gems_riverbend", "gemwielders"])
def test_a_save_from_before_the_reshaping_loads_and_plays_on(name):
    path = OLD / f"{name}.json"
    stored = json.loads(path.read_text(encoding="utf-8"))
    match = saves.load(path)                    # raises if the replay reaches another position
    assert len(match.log) == len(stored["actions"]) > 50
    # the same position, once a field an older version wrote is read in today's shape (and the
    # sides' names, which it did not keep, are the ones its own config gives)
    fresh = json.loads(json.dumps(match.snapshot()))
    upgraded = {**stored["snapshot"], "state": saves.stored_state_today(
        match.system, stored["snapshot"]["state"], fresh["state"])}
    assert fresh == upgraded
    derived = match.system.config_derived_state
    assert derived and not set(derived) & set(stored["snapshot"]["state"])
    assert {k: fresh["state"][k] for k in derived} == NAMES_ADDED[name]
    bot = RandomBot()
    for _ in range(30):
        if match.over:
            break
        match.submit(ask_bot(match, bot, match.decision.seat))
    assert len(match.log) > len(stored["actions"]) or match.over


def test_a_save_made_before_a_rules_change_it_depends_on_is_refused_with_the_change_named(tmp_path):
    # the bindings save of the reshaping had a bullet stopped by a wall; since BND-GM-14 flights
    # (bindings rules version 2) it lands, so the log cannot lead where it led: the refusal says
    # which change, and the file is left as it was
    path = OLD / "bindings_grove.json"
    before = path.read_bytes()
    with pytest.raises(saves.SaveError, match=r"made before a change to the Bindings rules "
                                              r"\(a wall or rock on an attack's way"):
        saves.load(path)
    assert path.read_bytes() == before
    # a save of today's version that fails to replay gets no such lead
    match = saves.load(OLD / "gems_riverbend.json")
    saves.save(match, tmp_path / "g.json")
    doc = json.loads((tmp_path / "g.json").read_text())
    assert doc["rules_version"] == match.system.rules_version
    doc["snapshot"]["rng"]["state"] = 1
    (tmp_path / "g.json").write_text(json.dumps(doc))
    with pytest.raises(saves.SaveError) as refused:
        saves.load(tmp_path / "g.json")
    assert "made before a change" not in str(refused.value)


@pytest.mark.parametrize("system, teams, key", [
    ("rpgstuck", ["first_strife", "crypt_ogre"], "sides"),
    ("gems", ["riverbend_ember", "riverbend_tide"], "side_names"),
])
def test_a_save_written_before_the_sides_had_names_loads_and_an_edited_name_does_not(
        tmp_path, system, teams, key):
    """Saves from before the sides' names were kept have no such key: the names come from the
    save's own teams. A name that is there is compared like anything else."""
    from game.engine import registry
    from game.engine.match import Match
    from game.engine.rules import MatchConfig, SeatConfig
    example = registry.get(system).example_config(3)
    config = MatchConfig(system, 3, [SeatConfig("human"), SeatConfig("human")], example.map,
                         {}, {"teams": teams})
    match = Match.new(config)
    bot = RandomBot()
    for _ in range(6):
        match.submit(ask_bot(match, bot, match.decision.seat))
    saves.save(match, tmp_path / "s.json")
    doc = json.loads((tmp_path / "s.json").read_text())
    names = doc["snapshot"]["state"].pop(key)
    assert len(names) == 2
    (tmp_path / "old.json").write_text(json.dumps(doc))
    loaded = saves.load(tmp_path / "old.json")
    assert json.loads(json.dumps(loaded.snapshot()))["state"][key] == names
    doc["snapshot"]["state"][key] = [names[0], "Someone Else"]
    (tmp_path / "edited.json").write_text(json.dumps(doc))
    with pytest.raises(saves.SaveError, match="does not reach the saved position"):
        saves.load(tmp_path / "edited.json")

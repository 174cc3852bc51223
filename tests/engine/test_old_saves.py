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


#: the names a replay of each old save now fills in from its set-up
NAMES_ADDED = {"gems_riverbend": {"side_names": ["Ember Ford", "Tidewatch"]},
               "gemwielders": {"names": ["AI 1 (normal)", "AI 2 (normal)"]}}


@pytest.mark.parametrize("name", ["gems_riverbend", "gemwielders"])
def test_a_save_from_before_the_reshaping_loads_and_plays_on(name):
    path = OLD / f"{name}.json"
    stored = json.loads(path.read_text(encoding="utf-8"))
    match = saves.load(path)                    # raises if the replay reaches another position
    assert len(match.log) == len(stored["actions"]) > 50
    # the same position, once a field an older version wrote is read in today's shape
    upgraded = {**stored["snapshot"],
                "state": match.system.upgrade_saved_state(stored["snapshot"]["state"])}
    # ... and what a newer version fills from the set-up alone (the sides' or seats' names)
    # is there after the replay, though the old save could not hold it
    fresh = json.loads(json.dumps(match.snapshot()))
    added = {k: fresh["state"].pop(k) for k in match.system.set_up_keys
             if k in fresh["state"] and k not in upgraded["state"]}
    assert fresh == upgraded
    assert added == NAMES_ADDED[name]
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

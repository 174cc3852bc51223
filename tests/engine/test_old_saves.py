"""Saves written before the engine was reshaped onto the tactics toolkit (commit 2d4bfd9, one per
system, made by normal bots mid-battle) still load: the log replays to the very position stored in
the file (saves.load refuses any difference) and play goes on from there."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.engine import saves
from game.engine.ai.base import RandomBot
from game.engine.ai.runner import ask_bot

OLD = Path(__file__).parent / "old_saves"


@pytest.mark.parametrize("name", ["gems_riverbend", "bindings_grove", "gemwielders"])
def test_a_save_from_before_the_reshaping_loads_and_plays_on(name):
    path = OLD / f"{name}.json"
    stored = json.loads(path.read_text(encoding="utf-8"))
    match = saves.load(path)                    # raises if the replay reaches another position
    assert len(match.log) == len(stored["actions"]) > 50
    # the same position, once a field an older version wrote is read in today's shape
    upgraded = {**stored["snapshot"],
                "state": match.system.upgrade_saved_state(stored["snapshot"]["state"])}
    assert json.loads(json.dumps(match.snapshot())) == upgraded
    bot = RandomBot()
    for _ in range(30):
        if match.over:
            break
        match.submit(ask_bot(match, bot, match.decision.seat))
    assert len(match.log) > len(stored["actions"]) or match.over

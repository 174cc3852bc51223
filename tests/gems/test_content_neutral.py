"""The neutral gems sheet: a plain gem for set-ups and scenario files, built from the sheet
schema's defaults, reserved against a data sheet of the same id, and carried by saves (the set-up
names it, so a loaded save replays to the same state)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game import paths
from game.engine import saves
from game.engine import scenario as sc
from game.engine.rules import ConfigError
from game.engine.systems.gems.content import (NEUTRAL_SHEET, ContentError, load_content,
                                              neutral_sheet, sheet_cost, content)

from .gemtools import match, unit

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.mark.rule("GEM-03")
def test_neutral_sheet_is_plain_and_within_the_budget():
    s = neutral_sheet()
    assert (s["cpr"], s["spr"], s["ms"], s["fms"], s["arms"], s["size"]) == (0, 0, 4, 0, 2, 1)
    assert s["weapons"] == [] and s["abilities"] == [] and s["held"] == []
    assert not s["blocking"] and not s["disarming"]
    assert sheet_cost(s, content().costs) == 0


def test_a_neutral_unit_needs_no_overrides_and_takes_them():
    m = match(["....", "...."], [unit("a", 0, 0, sheet=NEUTRAL_SHEET),
                                 unit("b", 2, 0, side=1, sheet=NEUTRAL_SHEET, cpr=2, ms=6)])
    a, b = m.state.units["a"], m.state.units["b"]
    assert (a.cpr, a.ms, a.hp, a.max_hp, len(a.arms), a.weapons) == (0, 4, 20, 20, 2, [])
    assert (b.cpr, b.ms) == (2, 6) and a.sheet == NEUTRAL_SHEET


def test_an_unknown_sheet_names_neutral_among_the_choices():
    with pytest.raises(ConfigError, match="'neutral'"):
        match(["...."], [unit("a", 0, 0, sheet="nobody"), unit("b", 2, 0, side=1)])


def test_a_data_sheet_cannot_take_the_neutral_id(tmp_path: Path):
    folder = tmp_path / "gems"
    shutil.copytree(paths.data_dir() / "gems", folder)
    with open(folder / "sheets.toml", "a", encoding="utf-8") as fh:
        fh.write('\n[sheets.neutral]\nname = "Mine"\n')
    with pytest.raises(ContentError, match=r"\[sheets.neutral\].*reserved"):
        load_content(folder)


def test_a_save_of_a_neutral_match_loads_and_replays_identically(tmp_path: Path):
    m = match(["....", "...."], [unit("a", 0, 0, sheet=NEUTRAL_SHEET),
                                 unit("b", 2, 0, side=1, sheet=NEUTRAL_SHEET)])
    for action in m.legal_actions()[:1]:
        m.submit(action)
    saves.save(m, tmp_path / "n.json")
    again = saves.load(tmp_path / "n.json")
    assert again.state == m.state and again.log == m.log


@pytest.mark.rule("GEM-23")
def test_the_documented_gems_content_example_passes():
    result = sc.run_file(ROOT / "docs" / "examples" / "content-gems.toml")
    assert result.differences == [], "\n".join(result.differences)

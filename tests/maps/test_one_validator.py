"""One validator: a map the checker (`check-map --system`) rejects never starts a match, and
Start refuses nothing the checker passes (issue: hostile files, where Start played maps the
checker rejected and the checker passed a misspelt spawn class).

Each case edits a shipped map the way a map maker's slip would, then asks both the checker and
`Match.new` (what the New match screen's Start button calls).
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from game.engine import registry
from game.engine.ai.runner import example_match
from game.engine.match import Match
from game.engine.rules import ConfigError

ROOT = Path(__file__).resolve().parents[2]


def layer_prop(text: str, layer: str, name: str, ptype: str, value: str) -> str:
    """Give a tile layer a custom property (it applies to every cell the layer paints)."""
    tag = re.search(rf'<layer [^>]*name="{layer}"[^>]*>', text)
    prop = f'\n  <properties>\n   <property name="{name}" type="{ptype}" value="{value}"/>\n  </properties>'
    return text[:tag.end()] + prop + text[tag.end():]


def first_spawn(text: str, old: str, new: str) -> str:
    at = text.index('type="spawn"')
    end = text.index("</object>", at)
    return text[:at] + text[at:end].replace(old, new, 1) + text[end:]


GEMS = "gems_riverbend.tmx"
HEX = "bindings_pass.tmx"
RPG = "rpgstuck_crypt.tmx"
GU = "gu_cliffs.tmx"
CASES = [
    ("gems", GEMS, "negative elevation", lambda t: layer_prop(t, "ground", "elevation", "int", "-4")),
    ("gems", GEMS, "elevation as text", lambda t: layer_prop(t, "ground", "elevation", "string", "high")),
    ("gems", GEMS, "water as text", lambda t: layer_prop(t, "ground", "water", "string", "yes")),
    ("gems", GEMS, "side 2", lambda t: first_spawn(t, 'value="0"/>', 'value="2"/>')),
    ("gems", GEMS, "duplicate slot", lambda t: first_spawn(
        t, '<property name="slot" type="int" value="0"/>', '<property name="slot" type="int" value="1"/>')),
    ("gems", GEMS, "misspelt spawn class", lambda t: t.replace('type="spawn"', 'type="spwan"', 1)),
    ("gems", GEMS, "spawns on solid tiles", lambda t: layer_prop(t, "ground", "solid", "bool", "true")),
    ("bindings", HEX, "move cost as text", lambda t: layer_prop(t, "ground", "move_cost", "string", "two")),
    ("bindings", HEX, "side 2", lambda t: first_spawn(t, 'value="0"/>', 'value="2"/>')),
    ("bindings", HEX, "misspelt spawn class", lambda t: t.replace('type="spawn"', 'type="spwan"', 1)),
    ("rpgstuck", RPG, "cover outside its list", lambda t: layer_prop(t, "ground", "cover", "string", "halfway")),
    ("rpgstuck", RPG, "swim walls", lambda t: layer_prop(t, "walls", "terrain", "string", "swim")),
    ("rpgstuck", RPG, "light radius as text", lambda t: t.replace(
        'name="bright_ft" type="int" value="', 'name="bright_ft" type="string" value="ft', 1)),
    ("rpgstuck", RPG, "side 2", lambda t: first_spawn(t, 'value="0"/>', 'value="2"/>')),
    ("rpgstuck", RPG, "misspelt spawn class", lambda t: t.replace('type="spawn"', 'type="spwan"', 1)),
    ("gu_masters", GU, "cover outside its list", lambda t: layer_prop(t, "ground", "cover", "string", "halfway")),
    ("gu_masters", GU, "side 2", lambda t: first_spawn(t, 'value="0"/>', 'value="2"/>')),
    ("gu_masters", GU, "misspelt spawn class", lambda t: t.replace('type="spawn"', 'type="spwan"', 1)),
]


@pytest.mark.parametrize("system_id, source, what, edit", CASES, ids=[c[2] + " " + c[0] for c in CASES])
def test_the_checker_and_start_agree(tmp_path, system_id, source, what, edit):
    shutil.copytree(ROOT / "maps" / "tilesets", tmp_path / "tilesets")
    shutil.copy(ROOT / "maps" / "propertytypes.json", tmp_path)
    text = (ROOT / "maps" / source).read_text(encoding="utf-8")
    edited = edit(text)
    assert edited != text
    path = tmp_path / f"{system_id}_edited.tmx"
    path.write_text(edited, encoding="utf-8")
    problems = registry.check_map_file(path, system_id)
    assert problems, f"the checker passed a map with {what}"
    config = example_match(system_id, 1, str(path))
    teams = registry.get(system_id).teams_for_map(str(path))
    config.setup = {"teams": [t for t, _ in teams[:2]]}
    with pytest.raises(ConfigError) as refused:
        Match.new(config)
    assert str(path) in str(refused.value)


@pytest.mark.parametrize("system_id, source", [("gems", GEMS), ("gems", "gems_quarry.tmx"),
                                               ("bindings", HEX), ("bindings", "bindings_grove.tmx"),
                                               ("bindings", "hex_crossing.tmx"),
                                               ("rpgstuck", RPG), ("rpgstuck", "rpgstuck_ravine.tmx"),
                                               ("gu_masters", GU), ("gu_masters", "gu_marsh.tmx")])
def test_every_shipped_map_passes_the_checker_and_starts(system_id, source):
    path = ROOT / "maps" / source
    assert registry.check_map_file(path, system_id) == []
    config = example_match(system_id, 1, source)
    teams = registry.get(system_id).teams_for_map(source)
    config.setup = {"teams": [t for t, _ in teams[:2]]}
    assert not Match.new(config).over

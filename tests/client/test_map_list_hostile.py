"""The New match map list with broken maps in the maps folder: each bad map is listed and
marked with why it cannot be read, and never hides the good ones (a map whose XML declares an
encoding the parser cannot read used to break New game for every system)."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

from game.client.scenes.new_match import maps_for
from game.engine import registry

ROOT = Path(__file__).resolve().parents[2]


def test_bad_maps_are_marked_and_good_ones_still_listed(tmp_path):
    shutil.copy(ROOT / "maps" / "gems_riverbend.tmx", tmp_path / "gems_riverbend.tmx")
    text = (ROOT / "maps" / "gems_quarry.tmx").read_text(encoding="utf-8")
    (tmp_path / "gems_sjis.tmx").write_text(
        text.replace('encoding="UTF-8"', 'encoding="Shift_JIS"', 1), encoding="utf-8")
    (tmp_path / "gems_unknown.tmx").write_text(
        text.replace('encoding="UTF-8"', 'encoding="no-such"', 1), encoding="utf-8")
    (tmp_path / "gems_loop.tmx").symlink_to(tmp_path / "gems_loop.tmx")
    os.mkfifo(tmp_path / "gems_pipe.tmx")
    found = {m.id: m for m in maps_for(registry.get("gems"), root=tmp_path)}
    assert "gems_riverbend.tmx" in found and "cannot be read" not in found["gems_riverbend.tmx"].info
    for bad, words in [("gems_sjis.tmx", "encoding"), ("gems_unknown.tmx", "encoding"),
                       ("gems_pipe.tmx", "pipe")]:
        assert bad in found, bad
        assert "cannot be read" in found[bad].info and words in found[bad].info


def test_a_map_the_system_check_refuses_is_marked_with_the_reason(tmp_path):
    shutil.copytree(ROOT / "maps" / "tilesets", tmp_path / "tilesets")
    shutil.copy(ROOT / "maps" / "propertytypes.json", tmp_path)
    text = (ROOT / "maps" / "gems_riverbend.tmx").read_text(encoding="utf-8")
    (tmp_path / "gems_misspelt.tmx").write_text(text.replace('type="spawn"', 'type="spwan"', 1),
                                                encoding="utf-8")
    (tmp_path / "gems_fine.tmx").write_text(text, encoding="utf-8")
    found = {m.id: m for m in maps_for(registry.get("gems"), root=tmp_path)}
    assert found["gems_fine.tmx"].problem == ""
    assert "spwan" in found["gems_misspelt.tmx"].problem

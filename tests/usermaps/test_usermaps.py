"""The player's maps folder (game.usermaps): templates every grid system can play, New map's copy
with everything Tiled needs beside it and nothing overwritten, `user:` names, and
`check-map --json` naming the layer and tile of a broken spawn on a real map."""
from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from game import paths, usermaps
from game.cli import check_map
from game.engine import registry

ROOT = Path(__file__).resolve().parents[2]
GRID_SYSTEMS = ["gems", "bindings", "rpgstuck"]


def test_the_user_maps_folder_sits_next_to_the_saves():
    assert paths.user_maps_dir().parent == paths.saves_dir().parent
    assert paths.resolve_map("user:mine/a.tmx") == paths.user_maps_dir() / "mine" / "a.tmx"
    assert paths.resolve_map("gems_quarry.tmx") == paths.maps_dir() / "gems_quarry.tmx"


def test_config_names_say_where_a_map_lives(tmp_path):
    assert usermaps.config_name(paths.maps_dir() / "gems_quarry.tmx") == "gems_quarry.tmx"
    mine = paths.user_maps_dir() / "sub" / "x.tmx"
    assert usermaps.config_name(mine) == "user:sub/x.tmx"
    assert paths.resolve_map(usermaps.config_name(mine)) == mine
    elsewhere = tmp_path / "y.tmx"
    assert usermaps.config_name(elsewhere) == str(elsewhere.resolve())


@pytest.mark.parametrize("system_id", GRID_SYSTEMS)
def test_every_grid_system_has_a_template_its_map_check_accepts(system_id):
    assert system_id in usermaps.template_systems()
    path = usermaps.template_path(system_id)
    assert registry.check_map_file(path, system_id) == []


def test_the_gu_masters_template_passes_its_map_check():
    # its map check is called directly: the system may not be registered yet
    from game.engine.boards.tmx import check_board_file
    from game.engine.systems.gu_masters.mapcheck import check_map
    assert "gu_masters" in usermaps.template_systems()
    assert check_board_file(usermaps.template_path("gu_masters"), check_map, "gu_masters") == []
    copy = usermaps.new_map("gu_masters", "Stone Field")
    assert check_board_file(copy, check_map, "gu_masters") == []


def test_templates_are_not_offered_as_maps_and_name_their_system():
    for sid in usermaps.template_systems():
        props, info = usermaps.map_header(usermaps.template_path(sid))
        assert props["system"] == sid and props["title"] and info


@pytest.mark.parametrize("system_id", GRID_SYSTEMS)
def test_new_map_copies_the_template_with_everything_tiled_needs(system_id):
    path = usermaps.new_map(system_id, "Ford of <Ashes> & Smoke")
    root = paths.user_maps_dir()
    assert path == root / "ford_of_ashes_smoke.tmx"
    text = path.read_text(encoding="utf-8")
    assert 'source="tilesets/' in text and "../tilesets" not in text
    props, _ = usermaps.map_header(path)
    assert props["title"] == "Ford of <Ashes> & Smoke" and props["system"] == system_id
    # tilesets, property types, the Tiled project and the extension beside it
    for name in ("propertytypes.json", "objecttypes.xml", "strife-table.tiled-project",
                 "extensions/strife-table.js", "extensions/strife-table.json"):
        assert (root / name).is_file(), name
    shipped_sets = sorted(p.name for p in (paths.maps_dir() / "tilesets").iterdir())
    assert sorted(p.name for p in (root / "tilesets").iterdir()) == shipped_sets
    # the copy is a playable map of the player's own
    assert registry.check_map_file(path, system_id) == []
    assert [m.rel for m in usermaps.list_maps()] == ["ford_of_ashes_smoke.tmx"]


def test_the_copied_project_keeps_our_types_and_tests_the_map_with_this_game():
    usermaps.new_map("gems", "Field")
    root = paths.user_maps_dir()
    project = json.loads((root / "strife-table.tiled-project").read_text(encoding="utf-8"))
    shipped = json.loads((paths.maps_dir() / "strife-table.tiled-project").read_text())
    assert project["propertyTypes"] == shipped["propertyTypes"]
    assert project["extensionsPath"] == "extensions" and project["folders"] == ["."]
    [command] = project["commands"]
    assert command["name"] == "Test in Strife Table" and command["enabled"]
    assert command["command"] == sys.executable        # from source: this Python, -m game
    assert command["arguments"] == "-m game play --map %mapfile"
    assert command["workingDirectory"] == str(paths.resource_root())
    assert command["saveBeforeExecute"] is True
    note = json.loads((root / "extensions" / "strife-table.json").read_text(encoding="utf-8"))
    assert note == {"command": [sys.executable, "-m", "game"],
                    "workingDirectory": str(paths.resource_root())}


def test_new_map_never_overwrites_a_map_or_a_file_the_player_changed():
    first = usermaps.new_map("gems", "Field")
    first.write_text("my own work", encoding="utf-8")
    root = paths.user_maps_dir()
    (root / "propertytypes.json").write_text("[]", encoding="utf-8")
    (root / "strife-table.tiled-project").write_text("{}", encoding="utf-8")
    (root / "tilesets" / "gems_terrain.png").write_bytes(b"repainted")
    with pytest.raises(FileExistsError, match="already"):
        usermaps.new_map("bindings", "field")                  # the same file name
    assert first.read_text(encoding="utf-8") == "my own work"
    second = usermaps.new_map("rpgstuck", "Crypt")
    assert second.name == "crypt.tmx"
    assert (root / "propertytypes.json").read_text(encoding="utf-8") == "[]"
    assert (root / "strife-table.tiled-project").read_text(encoding="utf-8") == "{}"
    assert (root / "tilesets" / "gems_terrain.png").read_bytes() == b"repainted"


def test_new_map_refuses_a_name_without_letters_and_a_system_without_template():
    with pytest.raises(ValueError, match="name"):
        usermaps.new_map("gems", " ?? // ")
    with pytest.raises(ValueError, match="no map template"):
        usermaps.new_map("gemwielders", "Table")
    assert usermaps.list_maps() == []


def test_listing_marks_a_map_with_a_shipped_name_and_lists_an_unreadable_one():
    root = paths.user_maps_dir()
    root.mkdir(parents=True)
    shutil.copy(paths.maps_dir() / "gems_quarry.tmx", root / "gems_quarry.tmx")
    (root / "broken.tmx").write_text("<map", encoding="utf-8")
    (root / "tilesets").mkdir()
    (root / "tilesets" / "not_a_map.tmx").write_text("<map/>", encoding="utf-8")
    found = {m.rel: m for m in usermaps.list_maps()}
    assert set(found) == {"gems_quarry.tmx", "broken.tmx"}
    assert found["gems_quarry.tmx"].shadows and found["gems_quarry.tmx"].name == \
        "user:gems_quarry.tmx"
    assert not found["broken.tmx"].shadows
    assert found["broken.tmx"].info.startswith("cannot be read")


def test_a_map_too_big_to_read_is_refused_before_parsing(monkeypatch):
    from game.engine import safeio
    root = paths.user_maps_dir()
    root.mkdir(parents=True)
    (root / "huge.tmx").write_bytes(b"<map>" + b" " * 2048 + b"</map>")
    monkeypatch.setattr(safeio, "MAX_MAP_BYTES", 1024)
    [m] = usermaps.list_maps()
    assert m.info.startswith("cannot be read") and "1" in m.info


def test_open_folder_makes_the_folder_and_hands_it_to_the_file_manager(monkeypatch):
    shown = []
    monkeypatch.setattr(usermaps, "launch_file_manager", shown.append)
    folder = usermaps.open_folder()
    assert shown == [paths.user_maps_dir()] and folder.is_dir()
    assert (folder / "strife-table.tiled-project").is_file()


def broken_spawn_map(folder: Path) -> Path:
    """A copy of the shipped Riverbend whose first spawn stands on the tree at (6, 0)."""
    shutil.copytree(ROOT / "maps" / "tilesets", folder / "tilesets")
    shutil.copy(ROOT / "maps" / "propertytypes.json", folder)
    text = (ROOT / "maps" / "gems_riverbend.tmx").read_text(encoding="utf-8")
    old = 'name="side0_slot0" type="spawn" gid="208" x="32" y="160"'
    assert old in text
    broken = folder / "gems_broken.tmx"
    broken.write_text(text.replace(old, old.replace('x="32" y="160"', 'x="192" y="32"')),
                      encoding="utf-8")
    return broken


def test_check_map_json_names_the_layer_and_tile_of_a_broken_spawn(tmp_path, capsys):
    broken = broken_spawn_map(tmp_path)
    assert check_map.main([str(broken), "--system", "gems", "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["file"] == str(broken) and doc["system"] == "gems"
    assert doc["problems"] == [{"layer": "spawns", "x": 6, "y": 0, "kind": "map",
                                "message": "spawn side0_slot0: stands on a solid tile"}]


def test_check_map_json_of_a_clean_map_is_an_empty_list(capsys):
    assert check_map.main(["gems_riverbend.tmx", "--system", "gems", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["problems"] == []
    assert check_map.main(["gems_riverbend.tmx", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["system"] is None


def test_the_shipped_tiled_project_has_the_test_command():
    project = json.loads((ROOT / "maps" / "strife-table.tiled-project").read_text())
    [command] = project["commands"]
    assert command == {"arguments": "play --map %mapfile", "command": "strife-table",
                       "enabled": True, "name": "Test in Strife Table",
                       "saveBeforeExecute": True, "shortcut": "", "showOutput": True,
                       "workingDirectory": ""}
    assert (ROOT / "maps" / project["extensionsPath"] / "strife-table.js").is_file()



def test_a_match_on_a_players_map_saves_and_loads_by_its_user_name(tmp_path):
    from game.engine import saves
    from game.engine.match import Match
    from game.engine.rules import MatchConfig, SeatConfig
    from game.client.ui.saving import map_label
    usermaps.new_map("gems", "My Vault")
    config = MatchConfig("gems", 3, [SeatConfig("human"), SeatConfig("ai", "easy")],
                         "user:my_vault.tmx")
    match = Match.new(config)
    match.submit(match.legal_actions()[0])
    saves.save(match, tmp_path / "s.json")
    again = saves.load(tmp_path / "s.json")
    assert again.config.map == "user:my_vault.tmx"
    assert again.snapshot() == match.snapshot()
    assert map_label("user:my_vault.tmx") == "My Vault"
    assert map_label("user:gems_field.tmx") == "Field"


@pytest.mark.parametrize("platform, suffix", [("linux", ""), ("win32", ".exe")])
def test_the_packaged_game_is_tested_windowed_and_checks_maps_through_its_console_twin(
        tmp_path, monkeypatch, platform, suffix):
    bundle = tmp_path / "strife-table"
    bundle.mkdir()
    game_exe, cli_exe = bundle / f"strife-table{suffix}", bundle / f"strife-table-cli{suffix}"
    game_exe.write_bytes(b"")
    cli_exe.write_bytes(b"")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(sys, "executable", str(cli_exe))       # started from the command line
    usermaps.new_map("gems", "Field")
    root = paths.user_maps_dir()
    project = json.loads((root / "strife-table.tiled-project").read_text(encoding="utf-8"))
    [command] = project["commands"]
    assert command["command"] == str(game_exe) and command["workingDirectory"] == ""
    assert command["arguments"] == "play --map %mapfile"
    note = json.loads((root / "extensions" / "strife-table.json").read_text(encoding="utf-8"))
    assert note == {"command": [str(cli_exe)], "workingDirectory": ""}
    # a build without the console twin checks through the game itself
    cli_exe.unlink()
    monkeypatch.setattr(sys, "executable", str(game_exe))
    usermaps.ensure_support(root)
    note = json.loads((root / "extensions" / "strife-table.json").read_text(encoding="utf-8"))
    assert note == {"command": [str(game_exe)], "workingDirectory": ""}

"""New match and the player's own maps: listed after the shipped ones and marked as theirs, a
broken one shown with every problem and not startable, one with a shipped map's name listed
separately, Open maps folder handing the folder to the file manager, New map copying a template
and choosing the copy, and a match started on a player's map naming it `user:...`."""
from __future__ import annotations

import shutil

import pygame
import pytest

from game import paths, usermaps
from game.engine import registry
from game.client.scene import reset
from game.client.scenes.new_map import NewMapDialog
from game.client.scenes.new_match import NewMatchScene
from game.client.scenes.title import TitleScene
from game.client.ui.dialogs import ErrorDialog, MessageDialog
from tests.client.conftest import find_button, texts
from tests.client.test_menus import type_into

pytestmark = pytest.mark.client


def open_new_match(app, system: str) -> NewMatchScene:
    app.settings.last_system = system
    app.apply(reset(TitleScene(app)))
    app.settle()
    app.click_element(find_button(app, "New game"))
    scene = app.top
    assert isinstance(scene, NewMatchScene)
    return scene


def broken_user_map() -> str:
    """A gems map of the player's own with two spawns off the map."""
    path = usermaps.new_map("gems", "Broken Field")
    text = path.read_text(encoding="utf-8")
    for old in ('x="32" y="128"', 'x="32" y="192"'):
        assert old in text
        text = text.replace(old, 'x="999" y="128"', 1)
    path.write_text(text, encoding="utf-8")
    return usermaps.config_name(path)


def test_the_players_maps_follow_the_shipped_ones_marked_as_theirs(app):
    usermaps.new_map("gems", "Green Field")
    usermaps.new_map("rpgstuck", "Dungeon")            # another system's: not offered to gems
    scene = open_new_match(app, "gems")
    ids = [m.id for m in scene.map_choices()]
    assert ids == ["gems_riverbend.tmx", "gems_quarry.tmx", "user:green_field.tmx"]
    mine = scene.maps[-1]
    assert mine.own and mine.shown == "Green Field  (yours)" and not mine.problem
    scene.choose_map(mine.id)
    app.settle()
    assert "your map: green_field.tmx" in texts(app)
    assert scene.start_button.is_enabled


def test_a_broken_map_of_the_players_lists_every_problem_and_cannot_start(app, stub_battle):
    name = broken_user_map()
    scene = open_new_match(app, "gems")
    choice = next(m for m in scene.maps if m.id == name)
    assert choice.shown == "Broken Field  (yours, cannot be played)"
    assert len(choice.problems) == 2
    assert all(p.startswith("layer 'spawns' (31, 3): object 'side0_slot") for p in choice.problems)
    scene.choose_map(name)
    app.settle()
    shown = texts(app)
    assert "This map cannot be played:" in shown
    for problem in choice.problems:
        assert problem in shown
    assert not scene.start_button.is_enabled
    app.press_key(pygame.K_RETURN)
    assert isinstance(app.top, ErrorDialog) and not stub_battle
    assert "side0_slot1" in texts(app)


def test_a_map_naming_no_system_or_an_unknown_one_is_listed_with_that_problem(app):
    root = paths.user_maps_dir()
    path = usermaps.new_map("gems", "Nameless")
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('<property name="system" type="string" value="gems"/>', ""),
                    encoding="utf-8")
    (root / "other.tmx").write_text(text.replace('value="gems"', 'value="gemz"'),
                                    encoding="utf-8")
    (root / "junk.tmx").write_text("not xml", encoding="utf-8")
    # no property, but its file name says whose it is: offered to that system only
    (root / "gems_by_name.tmx").write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    scene = open_new_match(app, "rpgstuck")
    mine = {m.id: m for m in scene.maps if m.own}
    assert set(mine) == {"user:nameless.tmx", "user:other.tmx", "user:junk.tmx"}
    assert "names no rule system" in mine["user:nameless.tmx"].problem
    assert "'gemz'" in mine["user:other.tmx"].problem
    assert mine["user:junk.tmx"].problem.startswith("cannot be read")
    app.click_element(find_button(app, "Gems"))
    by_name = next(m for m in scene.maps if m.id == "user:gems_by_name.tmx")
    assert by_name.label == "Nameless" and by_name.problem == ""


def test_a_map_with_a_shipped_name_is_listed_separately(app):
    root = paths.user_maps_dir()
    usermaps.ensure_support(root)
    shutil.copy(paths.maps_dir() / "gems_quarry.tmx", root / "gems_quarry.tmx")
    scene = open_new_match(app, "gems")
    quarries = [m for m in scene.maps if m.path is not None and m.path.name == "gems_quarry.tmx"]
    assert [(m.id, m.own, m.shadows) for m in quarries] == [
        ("gems_quarry.tmx", False, False), ("user:gems_quarry.tmx", True, True)]
    scene.choose_map("user:gems_quarry.tmx")
    app.settle()
    assert "A shipped map has the same file name" in texts(app)


def test_open_maps_folder_shows_the_folder(app, monkeypatch):
    shown = []
    monkeypatch.setattr(usermaps, "launch_file_manager", shown.append)
    scene = open_new_match(app, "gems")
    app.click_element(scene.open_folder_button)
    assert shown == [paths.user_maps_dir()]
    assert app.top is scene


def test_open_maps_folder_without_a_file_manager_says_why(app, monkeypatch):
    def missing(folder):
        raise FileNotFoundError(2, "No such file or directory", "xdg-open")
    monkeypatch.setattr(usermaps, "launch_file_manager", missing)
    scene = open_new_match(app, "gems")
    app.click_element(scene.open_folder_button)
    assert isinstance(app.top, ErrorDialog)
    assert str(paths.user_maps_dir()) in texts(app)


def test_new_map_copies_a_template_and_picks_the_copy(app):
    scene = open_new_match(app, "gems")
    app.click_element(scene.new_map_button)
    dialog = app.top
    assert isinstance(dialog, NewMapDialog)
    offered = [sid for sid, _ in dialog.systems]
    assert {"bindings", "gems", "rpgstuck"} <= set(offered)
    assert offered == [str(s.id) for s in registry.all_systems()
                       if str(s.id) in usermaps.template_systems()]
    assert "gemwielders" not in offered                      # a card game has no map
    app.click_element(dialog.system_buttons["rpgstuck"])
    type_into(app, dialog.name_entry, "Deep Vault")
    app.click_element(find_button(app, "Create"))
    assert isinstance(app.top, MessageDialog)
    made = paths.user_maps_dir() / "deep_vault.tmx"
    assert str(made) in texts(app)
    app.click_element(find_button(app, "OK"))
    assert app.top is scene
    assert str(scene.system.id) == "rpgstuck" and scene.map_id == "user:deep_vault.tmx"
    assert scene.map_choice.label == "Deep Vault" and not scene.map_choice.problem


def test_new_map_refuses_a_taken_name_and_keeps_the_dialog_open(app):
    usermaps.new_map("gems", "Field")
    before = (paths.user_maps_dir() / "field.tmx").read_bytes()
    scene = open_new_match(app, "gems")
    app.click_element(scene.new_map_button)
    dialog = app.top
    type_into(app, dialog.name_entry, "field")
    app.click_element(find_button(app, "Create"))
    assert app.top is dialog
    assert "has a field.tmx already" in texts(app)
    assert (paths.user_maps_dir() / "field.tmx").read_bytes() == before
    app.click_element(find_button(app, "Cancel"))
    assert app.top is scene


def test_a_match_on_a_players_map_names_it_as_theirs(app, stub_battle):
    usermaps.new_map("bindings", "Little Pass")
    scene = open_new_match(app, "bindings")
    scene.choose_map("user:little_pass.tmx")
    app.settle()
    app.click_element(scene.start_button)
    [battle] = stub_battle
    assert battle.match.config.map == "user:little_pass.tmx"
    assert app.settings.last_matches["bindings"]["map"] == "user:little_pass.tmx"


def test_the_load_screen_shows_a_players_map_but_nothing_outside_the_folders(app):
    from game.client.scenes.load import LoadScene
    usermaps.new_map("gems", "Pictured")
    (paths.user_data_dir() / "outside.tmx").write_bytes(
        (paths.user_maps_dir() / "pictured.tmx").read_bytes())
    scene = LoadScene(app)
    assert scene.thumbnail("user:pictured.tmx", (120, 90)) is not None
    assert scene.thumbnail("user:../outside.tmx", (120, 90)) is None
    assert scene.thumbnail("user:missing.tmx", (120, 90)) is None
    assert scene.thumbnail("gems_quarry.tmx", (120, 90)) is not None

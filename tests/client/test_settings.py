"""Client settings: changed through the real settings screen, written atomically, read back by
the next start; a corrupt or partly wrong file falls back to defaults with a visible notice."""
from __future__ import annotations

import json

import pytest
from pygame_gui.elements import UIDropDownMenu

from game.client import settings as settings_mod
from game.client.app import App
from game.client.scene import reset
from game.client.scenes.settings import SettingsScene
from game.client.scenes.title import TitleScene
from tests.client.conftest import buttons, find_button, texts

pytestmark = pytest.mark.client


def choose(app, dropdown: UIDropDownMenu, label: str) -> None:
    app.click_element(dropdown)
    options = [b for b in buttons(app) if b.text == label]
    assert options, f"option {label!r} not shown"
    app.click_element(options[-1])


def test_settings_changed_in_the_ui_are_saved_and_read_back(app):
    app.apply(reset(TitleScene(app)))
    app.settle()
    app.click_element(find_button(app, "Settings"))
    scene = app.top
    assert isinstance(scene, SettingsScene)
    choose(app, scene.speed_dropdown, "Fast")
    choose(app, app.top.scale_dropdown, "125%")
    assert app.scale == 1.25                       # applied live
    assert isinstance(app.top, SettingsScene) and app._fatal is None
    path = settings_mod.settings_path()
    data = json.loads(path.read_text())
    assert data["animation_speed"] == "fast" and data["ui_scale"] == 1.25
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    app.click_element(find_button(app, "Done"))
    assert isinstance(app.top, TitleScene)

    reloaded = settings_mod.load()
    assert (reloaded.animation_speed, reloaded.ui_scale, reloaded.notice) == ("fast", 1.25, "")
    assert reloaded.animation_factor == 0.5


def test_window_size_choice_is_applied_and_remembered(app):
    app.apply(reset(SettingsScene(app)))
    app.settle()
    choose(app, app.top.size_dropdown, "1600 x 900")
    assert app.size == (1600, 900)
    assert settings_mod.load().window_size == (1600, 900)


def test_corrupt_settings_file_gives_defaults_and_a_notice(tmp_path):
    path = settings_mod.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"ui_scale": 1.25, "window_si')
    before = path.read_bytes()
    application = App((1280, 720), fullscreen=False)
    try:
        assert application.settings.ui_scale == 1.0
        assert application.settings.animation_speed == "normal"
        application.apply(reset(TitleScene(application)))
        application.settle()
        shown = texts(application)
        assert "corrupt" in shown and str(path) in shown
        assert application._fatal is None
        application.click_element(find_button(application, "OK"))
        assert isinstance(application.top, TitleScene) and len(application.stack) == 1
        assert "corrupt" not in texts(application)
    finally:
        application.stack.clear()
    assert path.read_bytes() == before             # left for the player to inspect or replace


def test_one_bad_value_keeps_the_others():
    s, problems = settings_mod.Settings.from_json(
        {"window_size": [1920, 1080], "ui_scale": "huge", "animation_speed": "slow",
         "fullscreen": 1, "dont_ask": {"end_turn_unused": True}})
    assert s.window_size == (1920, 1080) and s.animation_speed == "slow"
    assert s.ui_scale == 1.0 and s.fullscreen is False
    assert s.dont_ask == {"end_turn_unused": True}
    assert any("ui_scale" in p for p in problems) and any("fullscreen" in p for p in problems)


def test_window_sizes_below_the_minimum_are_raised():
    s, problems = settings_mod.Settings.from_json({"window_size": [640, 480]})
    assert s.window_size == settings_mod.MIN_WINDOW and not problems


def test_a_ui_scale_the_window_cannot_hold_is_lowered_to_fit(app):
    app.set_ui_scale(1.5)
    assert app.scale == 1.25                       # 1280x720 holds 1024x576 design pixels x1.25
    app.set_window((1920, 1080), False)
    assert app.scale == 1.875                      # bigger window: 150% of the 1.5x auto scale
    assert app.settings.ui_scale == 1.5            # the player's choice itself is kept


def test_the_screen_says_saved_only_once_the_file_exists(app):
    path = settings_mod.settings_path()
    if path.exists():
        path.unlink()
    app.apply(reset(SettingsScene(app)))
    app.settle()
    assert f"will be saved to {path}" in texts(app) and f"Saved to {path}" not in texts(app)
    choose(app, app.top.speed_dropdown, "Fast")
    assert path.exists()
    assert f"Saved to {path}" in texts(app) and "will be saved" not in texts(app)


def test_the_checked_box_draws_a_glyph_the_font_has(app):
    # the default check mark is not in the bundled font: it drew the missing-glyph box
    import pygame
    from game.client import resources
    app.apply(reset(SettingsScene(app)))
    app.settle()
    box = app.top.full_box
    symbol = box.check_symbol
    font = resources.font(24)

    def pixels(text: str) -> bytes:
        return pygame.image.tobytes(font.render(text, True, (255, 255, 255)), "RGB")

    assert symbol and pixels(symbol) != pixels("\U000F0000")      # not the missing-glyph box

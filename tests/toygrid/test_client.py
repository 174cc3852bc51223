"""toy_grid on the generic battle screen, headless: the scene opens from the client
registration alone (app.screens.play), draws a frame with the toy's tokens on its Tiled map,
moves by a click, and shows the parry prompt to the defender."""
from __future__ import annotations

import shutil

import pygame
import pytest

from game.client.scene import reset
from game.client.scenes.battle import BattleScene
from game.engine.match import Match
from tests.client.conftest import app  # noqa: F401  (the headless App fixture)
from tests.toygrid.client.presenter import COLOURS, ToyGridPresenter

pytestmark = pytest.mark.client


def open_match(app, match: Match) -> BattleScene:   # noqa: F811
    app.settings.animation_speed = "instant"
    scene = app.screens.play(match)
    assert isinstance(scene, BattleScene) and isinstance(scene.presenter, ToyGridPresenter)
    scene.ai_use_process = False
    app.apply(reset(scene))
    app.settle(2)
    return scene


def test_the_battle_screen_draws_a_toy_grid_match(app, toy_grid, tmp_path):  # noqa: F811
    from game.engine.rules import SeatConfig
    config = toy_grid.example_config(3)
    config.seats = [SeatConfig("human"), SeatConfig("human")]
    match = Match.new(config)
    scene = open_match(app, match)
    assert app.size == (1280, 720)
    assert scene.selected == match.state.acting == "red1"
    app.draw()
    shot = tmp_path / "toygrid.png"
    app.screenshot(shot)
    shutil.copyfile(shot, "/tmp/toygrid.png")
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 720)
    # each soldier's token is drawn in its side's colour around the centre of its cell
    for u in match.state.standing():
        cx, cy = scene.cell_pos((u.x, u.y))
        near = [image.get_at((cx + dx, cy + dy))[:3] for dx in range(-20, 21, 2)
                for dy in range(-20, 21, 2)]
        want = COLOURS[u.side]
        close = [c for c in near if sum(abs(a - b) for a, b in zip(c, want)) < 60]
        assert len(close) > 10, (u.id, want, near[:5])
    # and no token where nobody stands (the check can fail)
    ex, ey = scene.cell_pos((5, 6))
    assert not [c for c in (image.get_at((ex + dx, ey)) [:3] for dx in range(-20, 21, 2))
                if min(sum(abs(a - b) for a, b in zip(c, w)) for w in COLOURS) < 60]
    # a click on a reachable square walks there through the one door
    app.click(scene.cell_pos((3, 3)))
    red1 = match.state.units["red1"]
    assert (red1.x, red1.y) == (3, 3) and match.log[-1]["action"]["kind"] == "tg.move"
    assert any("walks to 3,3" in line.text for line, _ in scene.log.lines)


def test_the_screens_ask_the_registration_and_forget_the_toy_afterwards(app):  # noqa: F811
    from game.client.registration import NoScreen
    from game.client.systems import CLIENT_SYSTEMS
    assert "toy_grid" not in [s.id for s in CLIENT_SYSTEMS]
    with pytest.raises(NoScreen):
        app.screens.client_system("toy_grid")
    from game.engine import registry
    from game.engine.rules import ConfigError
    with pytest.raises(ConfigError):
        registry.get("toy_grid")         # outside the fixture, players never meet the toy


def test_its_shots_draw_through_the_registration(app, toy_grid):  # noqa: F811
    from game.client.systems import client_system
    shots = client_system("toy_grid").shots(app)
    assert [name for name, _ in shots] == list(client_system("toy_grid").selftest_shots)
    for _name, scene in shots:
        app.apply(reset(scene))
        app.draw()
        assert isinstance(scene, BattleScene) and scene.presenter.tokens()


def test_the_parry_stage_is_a_prompt_for_the_defender(toy_grid):
    from tests.toygrid.engine.actions import Parry
    from tests.toygrid.test_engine import adjacent_strike
    match, target, _ = adjacent_strike(toy_grid, [5])
    prompt = ToyGridPresenter(match).prompt()
    assert prompt is not None and prompt.title == "Parry?" and target in prompt.text
    assert [(label, action) for label, action, _ in prompt.options] == [
        ("Parry", Parry(target, True)), ("Take the hit", Parry(target, False))]
    assert ToyGridPresenter(match).forecast("attack", None, (0, 0)) is None

"""Loading a save without stalling the window: a replay longer than its first slice goes on
behind the loading screen a slice per frame, opens the battle only once the whole log has been
replayed and matched its snapshot, and a hostile save is refused there with the file named."""
from __future__ import annotations

import json

import pygame
import pytest

from game import paths
from game.client.scene import reset
from game.client.ui import loading
from game.client.ui.loading import LoadingScene
from game.client.scenes.title import TitleScene
from game.client.ui.dialogs import ErrorDialog
from game.client.ui.saving import load_match
from game.engine import saves
from game.engine.actions import Concede, EndTurn
from game.engine.records import to_json
from tests.client.test_menus import toy_match

pytestmark = pytest.mark.client


@pytest.fixture
def one_action_per_frame(monkeypatch):
    """No quick load, and a slice so small that each frame replays one log entry."""
    monkeypatch.setattr(loading, "QUICK_LOAD", 0.0)
    monkeypatch.setattr(loading, "SLICE", 0.0)


def saved_toy(name: str = "long.json", turns: int = 6):
    match = toy_match(rounds=5)
    for _ in range(turns):
        match.submit(EndTurn())
    path = paths.saves_dir() / name
    saves.save(match, path)
    return match, path


def test_a_long_replay_shows_progress_then_opens_the_battle(app, toy_system, stub_battle,
                                                           one_action_per_frame):
    match, path = saved_toy()
    app.apply(reset(TitleScene(app)))
    app.apply(load_match(app, path))
    assert isinstance(app.top, LoadingScene) and not stub_battle
    seen = []
    for _ in range(20):
        if not isinstance(app.top, LoadingScene):
            break
        seen.append(app.top.replay.done)
        app.step()
    assert seen == sorted(seen) and 0 < len(seen) <= len(match.log) + 1  # progress, frame by frame
    assert len(stub_battle) == 1 and app.stack == stub_battle
    assert stub_battle[0].match.snapshot() == match.snapshot()
    assert stub_battle[0].match.log == match.log
    assert str(stub_battle[0].save_path).endswith("long.json")


def test_a_short_replay_opens_at_once(app, toy_system, stub_battle):
    match, path = saved_toy("short.json", 2)
    app.apply(reset(TitleScene(app)))
    app.apply(load_match(app, path))
    assert len(stub_battle) == 1 and app.stack == stub_battle


def test_a_hostile_log_is_refused_before_the_battle_opens(app, toy_system, stub_battle,
                                                         one_action_per_frame):
    match, path = saved_toy()
    doc = json.loads(path.read_text(encoding="utf-8"))
    # seat 0 conceding for seat 1 at its turn: not among the legal actions at action 3
    doc["actions"][2] = {"action": to_json(Concede(1))}
    text = json.dumps(doc)
    path.write_text(text, encoding="utf-8")
    app.apply(reset(TitleScene(app)))
    app.apply(load_match(app, path))
    for _ in range(20):
        if not isinstance(app.top, LoadingScene):
            break
        app.step()
    assert isinstance(app.top, ErrorDialog) and not stub_battle
    assert str(path) in app.top.message                         # the file is named
    assert "action 3 of the log cannot be replayed" in app.top.message
    assert isinstance(app.stack[0], TitleScene) and len(app.stack) == 2
    assert path.read_text(encoding="utf-8") == text              # the file is left as it was


def test_escape_gives_up_loading(app, toy_system, stub_battle, one_action_per_frame):
    _, path = saved_toy()
    app.apply(reset(TitleScene(app)))
    app.apply(load_match(app, path))
    assert isinstance(app.top, LoadingScene)
    app.press_key(pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene) and not stub_battle

"""A broken rule is an error the player sees, not a quiet game: an engine failure while playing
reaches the app's error dialog (logged with its traceback) instead of a toast, an empty action
bar or a random move, while a refused action still reads as the engine's reason."""
from __future__ import annotations

import pytest

from game.client.scene import reset
from game.client.scenes.battle import BattleScene
from game.client.systems.gems.shots import shot_match
from game.client.ui.dialogs import ErrorDialog

pytestmark = pytest.mark.client


def open_battle(app, match) -> BattleScene:
    app.settings.animation_speed = "instant"
    scene = BattleScene(app, match)
    scene.ai_use_process = False
    app.apply(reset(scene))
    app.settle(2)
    return scene


def test_an_engine_error_on_submit_opens_the_error_dialog(app, monkeypatch):
    match = shot_match("garnet")
    scene = open_battle(app, match)
    assert scene.presenter.reachable("garnet")[(2, 4)] == 1

    def broken(action):
        raise RuntimeError("a rule that crashes")
    monkeypatch.setattr(match, "submit", broken)
    app.click(scene.cell_pos((2, 4)))                  # a legal move, as in test_battle
    assert isinstance(app.top, ErrorDialog)
    assert "a rule that crashes" in app.log_path().read_text(encoding="utf-8")


def test_an_engine_error_while_listing_actions_opens_the_error_dialog(app, monkeypatch):
    match = shot_match("garnet")
    open_battle(app, match)

    def broken():
        raise RuntimeError("legal actions crashed")
    monkeypatch.setattr(match, "legal_actions", broken)
    match.edited()                                     # a new state key: the presenter re-reads
    app.settle(2)
    assert isinstance(app.top, ErrorDialog)
    assert "legal actions crashed" in app.log_path().read_text(encoding="utf-8")


def test_a_refused_action_is_still_a_toast_with_the_reason(app):
    match = shot_match("garnet")
    scene = open_battle(app, match)
    before = len(match.log)
    app.click(scene.cell_pos((13, 0)))                 # out of reach: the presenter says so
    assert len(match.log) == before and scene.toasts and app.top is scene


def test_a_results_screen_that_cannot_load_is_an_error_not_a_quiet_end(app, monkeypatch):
    """The battle used to swallow an ImportError of its results screen and simply not show the
    end: a missing part of our own client is a failure the player sees (and the log keeps)."""
    import sys

    from game.engine.actions import Concede
    match = shot_match("garnet")
    scene = open_battle(app, match)
    monkeypatch.setitem(sys.modules, "game.client.scenes.results", None)
    scene.submit(Concede(match.decision.seat))
    app.settle(4)
    assert isinstance(app.top, ErrorDialog)
    assert "game.client.scenes.results" in app.log_path().read_text(encoding="utf-8")

"""A finished match's screen is let go when the next one opens (client memory, #9).

Opening a match scene collects what is garbage and freezes the survivors (`runtime.settle`).
The scene being replaced was still referenced while the new one opened (the app's list of
closed scenes, the frame's own `top`), so it survived that collection, was frozen with the new
match, and stayed in memory, its board pictures and engine memos with it, for a whole match.
"""
from __future__ import annotations

import gc
import weakref

import pygame

from game.client.scene import Scene, Transition, push, reset
from game.client.scenes.battle import BattleScene
from game.client.systems.gems.shots import shot_match


def _battle(app) -> BattleScene:
    scene = BattleScene(app, shot_match("garnet"))
    scene.ai_use_process = False
    return scene


def _first_then_second(app, answer) -> tuple[BattleScene, weakref.ref, weakref.ref]:
    """A first battle on screen whose `answer(first, to_second)` hook will open a second; only
    weak references to the first (scene and match) come back, so nothing here holds it."""
    first = _battle(app)
    app.apply(reset(first))
    app.step(dt=0.05)
    second = _battle(app)
    answer(first, reset(second))
    return second, weakref.ref(first), weakref.ref(first.match)


def test_the_replaced_match_is_gone_once_the_next_one_opens(app):
    # the way a rematch arrives: the top scene's own update answers with the transition
    second, gone, gone_match = _first_then_second(
        app, lambda first, t: setattr(first, "update", lambda dt: t))
    try:
        app.step(dt=0.05)
        assert app.top is second
        # no collection here: the one the opening ran must have found the old match unreachable
        assert gone() is None and gone_match() is None
        # and the new match's long-lived objects are frozen, out of the full collections
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


def test_a_scene_replaced_from_an_input_event_is_gone_too(app):
    second, gone, gone_match = _first_then_second(
        app, lambda first, t: setattr(first, "process_event", lambda event: t))
    try:
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F9, mod=0, unicode="")], dt=0.05)
        assert app.top is second and gone() is None and gone_match() is None
    finally:
        gc.unfreeze()


def test_a_scene_that_answers_a_dialog_with_the_next_match_is_gone_too(app):
    second, gone, gone_match = _first_then_second(
        app, lambda first, t: setattr(first, "resumed",
                                      lambda result: t if result == "again" else None))
    app.apply(push(Scene(app)))
    try:
        app.apply(Transition("pop", result="again"))
        assert app.top is second and gone() is None and gone_match() is None
    finally:
        gc.unfreeze()

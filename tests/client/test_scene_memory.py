"""A finished match's screen is let go when the next one opens (client memory, #9).

Opening a match scene collects what is garbage and freezes the survivors (`runtime.settle`).
The scene being replaced was still referenced while the new one opened (the app's list of
closed scenes, the frame's own `top`), so it survived that collection, was frozen with the new
match, and stayed in memory, its board pictures and engine memos with it, for a whole match.
"""
from __future__ import annotations

import gc
import weakref

from game.client.scene import reset
from game.client.scenes.battle import BattleScene
from game.client.systems.gems.shots import shot_match


def _battle(app) -> BattleScene:
    scene = BattleScene(app, shot_match("garnet"))
    scene.ai_use_process = False
    return scene


def test_the_replaced_match_is_gone_once_the_next_one_opens(app):
    first = _battle(app)
    app.apply(reset(first))
    app.step(dt=0.05)
    gone_scene, gone_match = weakref.ref(first), weakref.ref(first.match)
    second = _battle(app)
    # the way a rematch arrives: the top scene's own update answers with the transition
    first.update = lambda dt, _t=reset(second): _t
    del first
    try:
        app.step(dt=0.05)
        assert app.top is second
        # no collection here: the one the opening ran must have found the old match unreachable
        assert gone_scene() is None and gone_match() is None
        # and the new match's long-lived objects are frozen, out of the full collections
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


def test_a_scene_replaced_from_an_input_event_is_gone_too(app):
    import pygame
    first = _battle(app)
    app.apply(reset(first))
    app.step(dt=0.05)
    gone, gone_match = weakref.ref(first), weakref.ref(first.match)
    second = _battle(app)
    first.process_event = lambda event, _t=reset(second): _t
    del first
    try:
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F9, mod=0, unicode="")], dt=0.05)
        assert app.top is second and gone() is None and gone_match() is None
    finally:
        gc.unfreeze()


def test_a_scene_that_answers_a_dialog_with_the_next_match_is_gone_too(app):
    from game.client.scene import Scene, Transition, push
    first = _battle(app)
    app.apply(reset(first))
    app.step(dt=0.05)
    gone, gone_match = weakref.ref(first), weakref.ref(first.match)
    second = _battle(app)
    first.resumed = lambda result, _t=reset(second): _t if result == "again" else None
    app.apply(push(Scene(app)))
    del first
    try:
        app.apply(Transition("pop", result="again"))
        assert app.top is second and gone() is None and gone_match() is None
    finally:
        gc.unfreeze()

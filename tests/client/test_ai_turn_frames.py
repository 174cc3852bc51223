"""While another seat decides (an AI thinking), drawing the battle screen must not work out that
seat's legal actions: the AI's own process is doing it, and on a bindings board one listing costs
a whole frame (issue #9: no hitch while the AI thinks). The human's own turn still shows them."""
from __future__ import annotations

import pygame
import pytest

from game.client.scene import reset
from game.client.scenes.battle import BattleScene
from game.engine.ai.runner import example_match
from game.engine.match import Match

pytestmark = pytest.mark.client


@pytest.mark.parametrize("system_id", ["gems", "bindings"])
def test_a_frame_of_an_ai_turn_lists_no_legal_actions(app, monkeypatch, system_id):
    first = Match.new(example_match(system_id, 3)).decision.seat    # who decides first
    config = example_match(system_id, 3, difficulties=("normal", "normal"))
    config.seats[first].kind = "human"
    match = Match.new(config)
    scene = BattleScene(app, match)
    scene.ai_use_process = False
    app.apply(reset(scene))
    surface = pygame.Surface(app.size)
    assert scene.human_turn() and match.decision.seat == first
    scene.draw(surface)
    assert any(b.enabled for b in scene.bar.buttons), "the human's turn shows its actions"

    # the human ends the turn; the AI seat now decides (it is never stepped, so it never moves)
    finish = scene.presenter.finish_action()
    assert finish in match.legal_actions()
    match.submit(finish)
    assert match.decision.seat == 1 - first and not scene.human_turn()
    listed: list[int] = []
    real = match.system.legal_actions

    def counting(state):
        listed.append(match.version)
        return real(state)

    monkeypatch.setattr(match.system, "legal_actions", counting)
    scene.draw(surface)
    scene.draw(surface)
    assert listed == [], "a frame of the AI's turn listed that seat's legal actions"
    assert scene.bar.buttons == [] and [b.label for b in scene.bar.extra] == ["Undo", "?", "Menu"]

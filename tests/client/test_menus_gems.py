"""The whole menu flow with the real rule system and the real battle screen: title, new match
with gems on its first map, Start, pause with Escape, quit to menu (autosave), Continue."""
from __future__ import annotations

import pygame
import pytest

from game import paths
from game.client.scene import reset
from game.client.scenes.handoff import HandoffScene
from game.client.scenes.new_match import NewMatchScene
from game.client.scenes.pause import PauseScene
from game.client.scenes.title import TitleScene
from game.engine.match import Match
from tests.client.conftest import buttons, find_button

pytestmark = pytest.mark.client


def test_gems_match_from_title_to_battle_and_back(app):
    app.apply(reset(TitleScene(app)))
    app.settle()
    app.click_element(find_button(app, "New game"))
    scene = app.top
    assert isinstance(scene, NewMatchScene)
    app.click_element(find_button(app, "Gems"))
    gems_maps = sorted(p.relative_to(paths.maps_dir()).as_posix()
                       for p in paths.maps_dir().rglob("gems_*.tmx"))
    assert gems_maps and sorted(m.id for m in scene.maps) == gems_maps
    # both seats human: no AI process is started by the battle screen
    app.click_element(scene.kind_dropdowns[1])
    app.click_element([b for b in buttons(app) if b.text == "Human"][-1])
    assert [s.kind for s in scene.seats] == ["human", "human"]

    app.click_element(scene.start_button)
    if isinstance(app.top, HandoffScene):       # hotseat: the curtain comes first
        app.step(dt=0.5)
        app.click((640, 360))
    battle = app.top
    assert type(battle).__name__ == "BattleScene", app.stack
    assert isinstance(battle.match, Match)
    assert battle.match.config.system == "gems"
    assert battle.match.config.map == scene.map_id
    assert [s.kind for s in battle.match.config.seats] == ["human", "human"]
    app.settle(3)

    app.press_key(pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    app.click_element(find_button(app, "Quit to menu"))
    assert isinstance(app.top, TitleScene) and len(app.stack) == 1
    assert list(paths.saves_dir().glob("autosave-gems-*.json"))
    app.click_element(find_button(app, "Continue"))
    if isinstance(app.top, HandoffScene):
        app.step(dt=0.5)
        app.click((640, 360))
    resumed = app.top
    assert type(resumed).__name__ == "BattleScene"
    assert resumed.match.config.to_json() == battle.match.config.to_json()
    assert resumed.match.snapshot() == battle.match.snapshot()
    assert app._fatal is None

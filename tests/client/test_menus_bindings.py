"""Bindings from the main menu: the new-match screen lists its hex maps (the bindings maps and the
shared hex sample) with a thumbnail drawn from each and the teams made for it, house rules folded
away, Start opens the battle on that map with the chosen teams; play a move, quit to the menu
(autosave), Continue, and load a named save, each back on the same bindings battle."""
from __future__ import annotations

import pygame
import pytest

from game import paths
from game.client.scene import reset
from game.client.scenes.handoff import HandoffScene
from game.client.scenes.new_match import HouseRulesDialog, NewMatchScene
from game.client.scenes.pause import PauseScene
from game.client.scenes.title import TitleScene
from game.client.ui.saving import load_match
from game.engine import saves
from game.engine.systems.bindings.content import teams_for_map
from tests.client.conftest import buttons, find_button

pytestmark = pytest.mark.client


def lift_curtain(app) -> None:
    if isinstance(app.top, HandoffScene):
        app.step(dt=0.5)
        app.click((640, 360))
        app.settle(1)


def test_bindings_from_the_title_to_a_battle_and_back(app, monkeypatch):
    from game.client.scenes.battle import BattleScene
    monkeypatch.setattr(BattleScene, "ai_use_process", False)
    app.settings.animation_speed = "instant"
    app.apply(reset(TitleScene(app)))
    app.settle()
    app.click_element(find_button(app, "New game"))
    scene = app.top
    assert isinstance(scene, NewMatchScene)
    app.click_element(find_button(app, "Bindings"))
    assert scene.system.id == "bindings"
    # its maps: every maps/bindings_*.tmx plus the shared hex sample, nothing of gems
    ids = sorted(m.id for m in scene.maps)
    want = sorted(p.name for p in paths.maps_dir().glob("bindings_*.tmx")) + ["hex_crossing.tmx"]
    assert ids == sorted(want) and len(ids) >= 3
    for m in scene.maps:
        assert "hexes" in m.info
        scene.choose_map(m.id)
        app.settle(1)
        img, problem = scene.thumbnail((200, 140))
        assert img is not None and not problem, f"{m.id}: {problem}"
        # the teams offered are the content's, made-for-the-map first
        assert [t for t, _ in scene.teams] == [t.id for t in teams_for_map(m.id)]
        assert scene.teams[0][0] in [t.id for t in teams_for_map(m.id) if m.id in t.maps]
    scene.choose_map("bindings_grove.tmx")
    app.settle(1)
    # house rules are folded away behind one button, all at their defaults
    rules = scene.system.house_rules
    assert find_button(app, f"House rules ({len(rules)})  >")
    app.click_element(scene.house_button)
    assert isinstance(app.top, HouseRulesDialog)
    app.click_element(find_button(app, "Done"))
    assert app.top is scene and scene.house == {h.id: h.default for h in rules}
    # both seats human, the two teams made for the grove
    app.click_element(scene.kind_dropdowns[1])
    app.click_element([b for b in buttons(app) if b.text == "Human"][-1])
    assert [s.kind for s in scene.seats] == ["human", "human"]
    teams = [s.team for s in scene.seats]
    assert teams == [t.id for t in teams_for_map("bindings_grove.tmx")][:2]

    app.click_element(scene.start_button)
    app.settle(2)
    lift_curtain(app)
    battle = app.top
    assert type(battle).__name__ == "BattleScene", app.stack
    m = battle.match
    assert m.config.system == "bindings" and m.config.map == "bindings_grove.tmx"
    assert m.config.setup["teams"] == teams
    sheets = {c.sheet for c in m.state.combatants.values()}
    made = {t.id: t for t in teams_for_map("bindings_grove.tmx")}
    assert sheets == set(made[teams[0]].members) | set(made[teams[1]].members)
    assert battle.view.geo.hex is not None and battle.initiative.rect.h > 62
    # the acting combatant moves: Movement -> Move, click the farthest tinted hex
    actor = m.state.acting
    app.click(battle.button_pos("movement"))
    entry = next(b for b in battle.menu.buttons if b.label.startswith("Move ·"))
    app.click(entry.rect.center)
    cells = battle._current_overlay().cells
    c = m.state.combatants[actor]
    dest = max(cells, key=lambda h: (battle.presenter.layout().distance((c.x, c.y), h), h))
    app.click(battle.cell_pos(dest))
    assert (m.state.combatants[actor].x, m.state.combatants[actor].y) == dest
    assert m.log[-1]["action"]["kind"] == "bnd.start_movement"

    # quit to the menu (autosave), then Continue: the same battle
    app.press_key(pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    app.click_element(find_button(app, "Quit to menu"))
    assert isinstance(app.top, TitleScene)
    assert list(paths.saves_dir().glob("autosave-bindings-*.json"))
    app.click_element(find_button(app, "Continue"))
    app.settle(2)
    lift_curtain(app)
    resumed = app.top
    assert type(resumed).__name__ == "BattleScene"
    assert resumed.match.config.to_json() == m.config.to_json()
    assert resumed.match.snapshot() == m.snapshot()
    assert resumed.presenter.unit_panel(actor) is not None

    # a named save loads back onto the same battle too
    path = paths.saves_dir() / "grove.json"
    saves.save(resumed.match, path, label="grove")
    app.apply(load_match(app, path))
    app.settle(2)
    lift_curtain(app)
    loaded = app.top
    assert type(loaded).__name__ == "BattleScene" and loaded.save_path == path
    assert loaded.match.snapshot() == m.snapshot()
    assert app._fatal is None


def test_a_bindings_match_against_the_ai_plays_on_without_freezing(app, monkeypatch):
    """Start from the menu against an AI seat and let a few turns pass: the AI acts at its pace,
    the human's turns come back, nothing fails."""
    from game.client.scenes.battle import BattleScene
    monkeypatch.setattr(BattleScene, "ai_use_process", False)
    app.settings.animation_speed = "instant"
    app.apply(reset(NewMatchScene(app)))
    app.settle()
    scene = app.top
    app.click_element(find_button(app, "Bindings"))
    scene.choose_map("hex_crossing.tmx")
    scene.seats[0].kind = "ai:easy"
    scene.seats[1].kind = "ai:easy"
    app.click_element(scene.start_button)
    app.settle(2)
    battle = app.top
    assert type(battle).__name__ == "BattleScene"
    start = len(battle.match.log)
    for _ in range(120):
        app.step(dt=0.25)
        if battle.match.over:
            break
    assert len(battle.match.log) > start + 5
    assert app._fatal is None and type(app.top).__name__ in ("BattleScene", "ResultsScene")
    assert not [t.text for t in battle.toasts if "failed" in t.text]

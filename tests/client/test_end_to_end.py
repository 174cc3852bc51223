"""One hotseat evening end to end through the real App with synthetic input only: title ->
New game -> gems, both seats human, two small teams on a real Tiled map, house rule HP per Size
10 -> Start -> moves and attacks by clicking (forced dice) -> save through the pause menu ->
quit to the menu -> load that save through the load screen -> play on to the results screen.

Decisions are made the way a player makes them: clicks on map cells, action-bar keys, prompt
buttons, the hotseat curtain. The test reads state only to choose where to click and to check
what happened; every change goes through the UI."""
from __future__ import annotations

import pygame
import pytest

from game import paths
from game.client.scene import reset
from game.client.scenes.battle import BattleScene
from game.client.scenes.handoff import HandoffScene
from game.client.scenes.load import LoadScene
from game.client.scenes.new_match import HouseRulesDialog, NewMatchScene
from game.client.scenes.pause import PauseScene
from game.client.scenes.results import ResultsScene
from game.client.scenes.title import TitleScene
from game.client.ui.dialogs import ConfirmDialog
from game.engine.systems.gems import actions as A
from tests.client.conftest import buttons, find_button
from tests.client.test_menus import type_into

pytestmark = pytest.mark.client

SEED = 4242           # typed into the seed box (the same evening every run; other seeds pass too)
ATTACKER = 0          # side 0 hunts; side 1 only ends its turns (and never counters)


def choose(app, dropdown, label: str) -> None:
    """Open a drop-down and click the entry called `label`."""
    app.click_element(dropdown)
    app.click_element([b for b in buttons(app) if b.text == label][-1])


def battle_on_top(app) -> BattleScene:
    """Lift the hotseat curtain if it is down and return the battle scene."""
    for _ in range(3):
        if isinstance(app.top, HandoffScene):
            app.step(dt=0.5)                       # the curtain's short arming delay
            app.click((640, 360))
    top = app.top
    assert isinstance(top, BattleScene), f"expected the battle, have {app.stack}"
    return top


def click_cell(app, scene: BattleScene, cell) -> None:
    pos = scene.cell_pos(tuple(cell))
    assert scene.view.rect.collidepoint(pos), f"cell {cell} is not on screen"
    app.click(pos)


def end_turn(app, scene: BattleScene) -> None:
    app.press_key(pygame.K_SPACE)
    if isinstance(app.top, ConfirmDialog):         # "still has Action Slots": yes, end it
        app.click_element(find_button(app, "End turn"))


def enemies(match) -> list:
    return [u for u in match.state.units.values() if u.formed and u.side != ATTACKER]


def answer_prompt(app, scene: BattleScene) -> None:
    """The defender never rolls counters and never blocks: the first answer each time."""
    app.settle(1)
    assert scene.prompt_panel is not None, f"no prompt for {scene.match.decision}"
    app.click(scene.prompt_panel.buttons[0].rect.center)


def enemy_tiles(match) -> set:
    return {(t.x + dx, t.y + dy) for t in enemies(match)
            for dx in range(t.size) for dy in range(t.size)}


def attack(app, scene: BattleScene, uid: str) -> None:
    """Ready, aim every arm that can reach an enemy (clicking her), force contact, Strike."""
    match = scene.match
    app.press_key(pygame.K_6)                      # Ready
    assert match.state.ready_open
    for _ in range(4):
        aims = melee_aims(match, match.state, uid)
        if not aims:
            break
        click_cell(app, scene, aims[0].target)
    arms = len(match.state.plans)
    assert arms >= 1, "an open Ready Action with nothing aimed"
    match.force_dice([19] * arms)                  # every arm makes contact
    app.click(scene.button_pos("strike"))


def melee_aims(match, state, uid: str) -> list:
    foes = enemy_tiles(match)
    return [a for a in match.system.legal_actions(state)
            if isinstance(a, A.AssignArm) and a.unit == uid and a.mode == "melee"
            and tuple(a.target) in foes]


def could_hit(match, uid: str) -> bool:
    """Would a Ready let her aim at an enemy? (a dry run on a copy: looking, not acting)"""
    import copy

    from game.engine.rng import Rng
    if A.Ready(uid) not in match.legal_actions():
        return False
    state = copy.deepcopy(match.state)
    match.system.apply(state, A.Ready(uid), Rng.from_seed(0))
    return bool(melee_aims(match, state, uid))


def distances(match) -> dict:
    """Walking distance of every open cell to a cell next to an enemy (steps of at most one
    elevation level, around walls): only where to click next, never a rule."""
    board = match.state.board
    foes = enemy_tiles(match)

    def open_cell(c) -> bool:
        return board.in_bounds(*c) and not board.prop(c[0], c[1], "solid", False)

    goal = [(x + dx, y + dy) for x, y in foes for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    dist = {c: 0 for c in goal if open_cell(c) and c not in foes}
    frontier = list(dist)
    while frontier:
        nxt = []
        for x, y in frontier:
            here = board.prop(x, y, "elevation", 0)
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    c = (x + dx, y + dy)
                    if c in dist or not open_cell(c) or c in foes:
                        continue
                    if abs(board.prop(c[0], c[1], "elevation", 0) - here) > 1:
                        continue
                    dist[c] = dist[(x, y)] + 1
                    nxt.append(c)
        frontier = nxt
    return dist


def step_towards(app, scene: BattleScene, uid: str) -> bool:
    """Click the reachable tile nearest an enemy on foot; False when none gets closer."""
    match = scene.match
    me = match.state.units[uid]
    dist = distances(match)
    far = 10 ** 6
    reach = {c: cost for c, cost in scene.presenter.reachable(uid).items()
             if cost <= match.state.slots}
    best = min(reach, key=lambda c: (dist.get(c, far), reach[c]), default=None)
    if best is None or dist.get(best, far) >= dist.get((me.x, me.y), far):
        return False
    before = len(match.log)
    click_cell(app, scene, best)
    return len(match.log) > before


def play_a_decision(app, scene: BattleScene) -> None:
    match = scene.match
    d = match.decision
    if d.stage != "act":
        answer_prompt(app, scene)
        return
    uid = d.actor
    if match.state.units[uid].side != ATTACKER or match.state.slots == 0:
        end_turn(app, scene)
    elif could_hit(match, uid):
        attack(app, scene, uid)
    elif not step_towards(app, scene, uid):
        end_turn(app, scene)


def test_hotseat_from_title_to_results_with_save_and_load_on_the_way(app):
    app.settings.animation_speed = "instant"
    app.apply(reset(TitleScene(app)))
    app.settle()

    # -- title -> new game: gems, two humans, the smallest teams, HP per Size 10 --------------
    app.click_element(find_button(app, "New game"))
    setup = app.top
    assert isinstance(setup, NewMatchScene)
    app.click_element(find_button(app, "Gems"))
    choose(app, setup.kind_dropdowns[1], "Human")
    choose(app, setup.team_dropdowns[0], "Wanderers")
    choose(app, setup.team_dropdowns[1], "Drifters")
    assert [s.kind for s in setup.seats] == ["human", "human"]
    assert [s.team for s in setup.seats] == ["wanderers", "drifters"]
    app.click_element(setup.house_button)
    dialog = app.top
    assert isinstance(dialog, HouseRulesDialog)
    hp = dialog.value_buttons["hp_per_size"]
    while dialog.values.get("hp_per_size") != 10:  # each click steps to the next choice
        app.click_element(hp)
    app.click_element(find_button(app, "Done"))
    assert app.top is setup and setup.house["hp_per_size"] == 10
    setup.seed_entry.set_text("")
    type_into(app, setup.seed_entry, str(SEED))        # a seeded evening: the same every run
    map_id = setup.map_id
    app.click_element(setup.start_button)

    scene = battle_on_top(app)
    match = scene.match
    assert match.config.map == map_id and map_id.endswith(".tmx") and match.config.seed == SEED
    assert scene.view.geo is not None                  # drawn from the Tiled map
    assert sorted(u.side for u in match.state.units.values()) == [0, 0, 1, 1]
    assert all(u.hp == 10 for u in match.state.units.values())

    # -- play until the first strike has landed ---------------------------------------------
    for _ in range(200):
        if any(u.hp < 10 for u in enemies(match)):
            break
        play_a_decision(app, battle_on_top(app))
    hurt = [u for u in enemies(match) if u.hp < 10]
    assert hurt, "no attack landed"
    texts = [ln.text for ln, _ in scene.log.lines]
    assert any("(arm 1)" in t and "contact" in t for t in texts)
    assert any(" walks to " in t for t in texts)

    # -- save through the pause menu, then quit to the menu ----------------------------------
    scene = battle_on_top(app)
    saved_snapshot = match.snapshot()
    app.press_key(pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    app.click_element(find_button(app, "Save game"))
    app.top.entry.set_text("")
    type_into(app, app.top.entry, "Evening fight")
    app.click_element(find_button(app, "Save"))
    assert (paths.saves_dir() / "evening-fight.json").exists()
    assert isinstance(app.top, PauseScene)
    app.click_element(find_button(app, "Quit to menu"))
    assert isinstance(app.top, TitleScene) and len(app.stack) == 1

    # -- load it through the load screen -------------------------------------------------------
    app.click_element(find_button(app, "Load game"))
    screen = app.top
    assert isinstance(screen, LoadScene)
    names = [e.path.name for e in screen.entries]
    assert "evening-fight.json" in names and any(n.startswith("autosave-") for n in names)
    app.click_element(screen.row_buttons[names.index("evening-fight.json")])
    assert screen.entry.path.name == "evening-fight.json"
    app.click_element(screen.load_button)
    scene = battle_on_top(app)
    assert scene.match is not match
    assert scene.match.snapshot() == saved_snapshot
    match = scene.match
    loaded_log = [ln.text for ln, _ in scene.log.lines]
    assert any("(arm 1)" in t and "contact" in t for t in loaded_log)   # earlier rolls kept

    # -- play on to the results ------------------------------------------------------------------
    for _ in range(400):
        if isinstance(app.top, ResultsScene) or match.over:
            break
        play_a_decision(app, battle_on_top(app))
    app.settle(3)
    assert match.over and match.winner == ATTACKER
    assert isinstance(app.top, ResultsScene)
    assert app._fatal is None

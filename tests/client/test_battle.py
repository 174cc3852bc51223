"""The battle screen driven headless through the real App with synthetic input: selecting,
moving by clicking a tile, attacking (Ready, aim an arm, Strike) with forced dice, block prompts
for the defending seat, the unused-slot warning, the hotseat curtain, saving and loading through
the pause menu, AI seats, and playing on to the results."""
from __future__ import annotations

import pygame
import pytest

from game import paths
from game.client.scene import push, reset
from game.client.scenes.battle import BattleScene
from game.client.systems.gems.shots import shot_match
from game.client.scenes.handoff import HandoffScene
from game.client.scenes.pause import PauseScene
from game.client.scenes.results import ResultsScene
from game.client.ui.dialogs import ConfirmDialog
from game.client.ui.saving import load_match
from game.engine import saves
from game.engine.systems.gems import actions as A
from tests.client.conftest import find_button

pytestmark = pytest.mark.client


def open_battle(app, match, speed: str = "instant") -> BattleScene:
    app.settings.animation_speed = speed
    scene = BattleScene(app, match)
    scene.ai_use_process = False                # think in-process: no worker start-up in tests
    app.apply(reset(scene))
    app.settle(2)
    return scene


def lift_curtain(app) -> None:
    """Lift the hotseat curtain (after its short arming delay)."""
    assert isinstance(app.top, HandoffScene), f"expected the curtain, top is {app.top}"
    app.step(dt=0.5)
    app.click((640, 360))


def test_select_hover_and_move_by_clicking_a_tile(app):
    match = shot_match("garnet")
    scene = open_battle(app, match)
    g = match.state.units["garnet"]
    assert scene.selected == "garnet"                  # the acting gem is selected at turn start
    app.click(scene.cell_pos((g.x, g.y)))
    assert scene.selected == "garnet" and scene.effective_mode() == "move"
    reach = scene.presenter.reachable("garnet")
    assert reach and all(cost in (0, 1, 2) for cost in reach.values())
    dest = (2, 4)
    assert reach[dest] == 1
    app.move_mouse(scene.cell_pos(dest))
    assert scene.hover_cell == dest
    overlay = scene._current_overlay()
    assert dest in overlay.cells and overlay.path[0] == (4, 4) and overlay.path[-1] == dest
    assert "1 slot" in scene._current_forecast()
    panel = scene.presenter.tile_panel(dest)
    assert panel.title == "Tile 2, 4" and any(l.label == "Elevation" for l in panel.lines)
    app.click(scene.cell_pos(dest))
    g = match.state.units["garnet"]
    assert (g.x, g.y) == dest and match.state.slots == 1
    assert any("walks to 2,4" in ln.text for ln, _ in scene.log.lines)
    # clicking a tile she cannot reach does nothing but say so
    before = len(match.log)
    app.click(scene.cell_pos((13, 0)))
    assert len(match.log) == before and scene.toasts


def test_attack_with_forced_dice_and_a_block_prompt_for_the_defender(app):
    match = shot_match("garnet")
    scene = open_battle(app, match)
    app.press_key(pygame.K_6)                          # Ready
    assert match.state.ready_open and scene.effective_mode() == "attack"
    beryl = match.state.units["beryl"]
    app.move_mouse(scene.cell_pos((beryl.x, beryl.y)))
    forecast = scene._current_forecast()
    assert forecast.startswith("Arm 1 melee at Beryl") and "Hit" in forecast and "%" in forecast
    app.click(scene.cell_pos((beryl.x, beryl.y)))      # aim arm 1
    app.click(scene.cell_pos((beryl.x, beryl.y)))      # aim arm 2
    assert [p.arm for p in match.state.plans] == [0, 1]
    match.force_dice([18, 14])
    app.click(scene.button_pos("strike"))
    d = match.decision
    assert d.stage == "choose_counters" and d.seat == 1
    lift_curtain(app)                                  # Player 2 decides: the curtain first
    assert app.top is scene and scene.viewer == 1
    app.settle(1)
    assert scene.prompt_panel is not None
    labels = [b.label for b in scene.prompt_panel.buttons]
    assert labels == ["No counter rolls", "Counter ×1"]
    match.force_dice([19])
    app.click(scene.prompt_panel.buttons[1].rect.center)
    app.settle(1)
    assert match.decision.stage == "assign_blocks"
    labels = [b.label for b in scene.prompt_panel.buttons]
    assert labels[0] == "Counter 21 stops Garnet's arm 2 (17)" and labels[-1] == "Block nothing"
    app.press_key(pygame.K_1)                          # hotkeys pick prompt answers too
    # the 21 stopped the 17; the 21 landed for 2 damage
    assert match.state.units["beryl"].hp == beryl.max_hp - 2
    texts = [ln.text for ln, _ in scene.log.lines]
    assert any(t.startswith("Beryl blocks Garnet's arm 2") for t in texts)
    roll = next(ln for ln, _ in scene.log.lines if ln.text.startswith("Beryl counters"))
    assert ("Total", "21") in roll.terms and ("CPR", "+2") in roll.terms
    lift_curtain(app)                                  # back to Player 1 for Garnet's turn
    assert scene.viewer == 0 and match.decision.seat == 0


def test_end_turn_warns_about_unused_slots_and_remembers_dont_ask(app):
    from game.client import settings as settings_mod
    match = shot_match("garnet")
    scene = open_battle(app, match)
    first = match.state.acting
    app.press_key(pygame.K_SPACE)
    dialog = app.top
    assert isinstance(dialog, ConfirmDialog) and match.state.acting == first
    app.click(dialog.box.get_abs_rect().topleft + pygame.Vector2(
        app.px(35), app.px(dialog.body_height() + 62 + 19)))     # "Don't ask again"
    assert dialog.dont_ask
    app.click_element(find_button(app, "End turn"))
    assert match.state.acting != first
    assert settings_mod.load().dont_ask.get("end_turn_unused") is True
    if isinstance(app.top, HandoffScene):
        lift_curtain(app)
    second = match.state.acting
    assert match.decision.seat in scene.human_seats
    app.press_key(pygame.K_RETURN)                     # no question this time
    assert not isinstance(app.top, ConfirmDialog) and match.state.acting != second


def test_hotseat_handoff_hides_the_table_and_recaps(app):
    match = shot_match("garnet")
    scene = open_battle(app, match)
    order = match.state.order
    # end turns until the other seat's gem comes up
    scene.app.settings.dont_ask["end_turn_unused"] = True
    while True:
        app.press_key(pygame.K_SPACE)
        if isinstance(app.top, HandoffScene):
            break
    curtain = app.top
    assert curtain.seat_name == "Player 2"
    assert any("turn" in line for line in curtain.recap)
    assert curtain.heading == "SO FAR"           # Player 2 has had no turn to speak of yet
    # while the curtain is up the battle is not drawn (the curtain is opaque)
    assert not curtain.overlay
    lift_curtain(app)
    assert app.top is scene and scene.viewer == 1
    assert scene.selected == match.state.acting and match.state.units[scene.selected].side == 1
    assert order == match.state.order
    while not isinstance(app.top, HandoffScene):       # back to Player 1, who has looked before
        app.press_key(pygame.K_SPACE)
    assert app.top.seat_name == "Player 1" and app.top.heading == "SINCE YOUR LAST TURN"


def test_save_through_pause_then_load_and_play_on(app):
    from tests.client.test_menus import type_into
    match = shot_match("garnet")
    scene = open_battle(app, match)
    scene.finish_autosaves()                           # the autosave is written off the frame
    assert scene.autosave_path.exists() and scene.autosaves == 1
    assert scene.autosave_path.parent == paths.saves_dir()
    assert scene.autosave_path.name.startswith("autosave-gems-")     # this match's own file
    app.click(scene.cell_pos((2, 4)))                  # a move, then save mid-turn
    app.press_key(pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    app.click_element(find_button(app, "Save game"))
    dialog = app.top
    dialog.entry.set_text("")
    type_into(app, dialog.entry, "Mid fight")
    app.click_element(find_button(app, "Save"))
    path = paths.saves_dir() / "mid-fight.json"
    assert path.exists()
    app.press_key(pygame.K_ESCAPE)                     # resume
    assert app.top is scene
    app.apply(load_match(app, path))
    app.settle(2)
    loaded = app.top
    assert isinstance(loaded, BattleScene) and loaded is not scene
    assert loaded.match.snapshot() == match.snapshot()
    assert (loaded.match.state.units["garnet"].x, loaded.match.state.units["garnet"].y) == (2, 4)
    app.click(loaded.cell_pos((1, 4)))                 # play on from the loaded position
    assert loaded.match.state.slots == 0
    assert saves.load(path).state.units["garnet"].x == 2   # the file is as it was saved


def test_illegal_action_is_a_toast_not_a_crash(app):
    match = shot_match("garnet")
    scene = open_battle(app, match)
    assert scene.submit(A.Move("beryl", (0, 0))) is False
    assert scene.toasts and app.top is scene
    app.settle(1)
    assert app._fatal is None


def test_undo_takes_back_a_move(app):
    match = shot_match("garnet")
    scene = open_battle(app, match)
    app.click(scene.cell_pos((2, 4)))
    assert match.state.units["garnet"].x == 2 and match.can_undo()
    app.press_key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert (match.state.units["garnet"].x, match.state.slots) == (4, 2)


def test_animation_plays_then_a_click_skips_it_without_acting(app):
    match = shot_match("garnet")
    scene = open_battle(app, match, speed="slow")
    app.click(scene.cell_pos((2, 4)))
    assert scene.view.animating
    moved_log = len(match.log)
    app.click(scene.cell_pos((1, 4)))                  # skips the tween; not a move order
    assert not scene.view.animating and len(match.log) == moved_log
    app.click(scene.cell_pos((1, 4)))
    assert match.state.units["garnet"].x == 1


def test_log_lines_render_once(app):
    match = shot_match("garnet")
    scene = open_battle(app, match)
    made = scene.log.renders
    app.settle(5)
    assert scene.log.renders == made
    app.click(scene.cell_pos((2, 4)))
    assert scene.log.renders > made
    after = scene.log.renders
    app.settle(5)
    assert scene.log.renders == after


def test_a_log_line_wider_than_the_log_wraps_instead_of_being_cut(app):
    from game.client.presenters import LogLine
    match = shot_match("garnet")
    scene = open_battle(app, match)
    log = scene.log
    before = len(log.lines)
    long = LogLine(" · ".join(f"Combatant {i} rolls seven dice for initiative" for i in range(9)))
    log.append([long])
    rows = log.lines[before:]
    assert len(rows) >= 2 and all(ln is long for ln, _ in rows)
    assert all(log.picture(row).get_width() <= log.rect.w - 24 for row in rows)
    made = log.renders
    app.settle(2)                                      # drawn without re-rendering
    assert log.renders == made
    # pointing at any row of the wrapped line finds the same line (its roll terms, if any)
    lh = log.line_h()
    y = log.rect.bottom - 4 - lh // 2
    hit = log.line_at((log.rect.x + 20, y))
    assert hit is not None and hit[1] is long


def test_ai_seat_plays_its_turns_at_a_pace_and_hands_back(app):
    match = shot_match("beryl", seats=("human", "ai"))
    assert match.decision.seat == 1
    scene = open_battle(app, match, speed="fast")
    start = len(match.log)
    frames = 0
    while match.decision is not None and match.decision.seat == 1 and frames < 600:
        app.step(dt=1 / 30)
        frames += 1
    assert len(match.log) > start and match.decision.seat == 0
    assert frames > 3                                  # paced over frames, never all at once
    assert not isinstance(app.top, HandoffScene)       # one human: no curtain
    assert scene.human_turn()


def test_poofing_the_last_enemy_ends_in_the_results(app):
    from game.engine.match import Match
    from game.engine.rules import MatchConfig, SeatConfig
    setup = {"grid": {"rows": ["....", "....", "...."]},
             "units": [{"id": "garnet", "sheet": "garnet", "side": 0, "x": 1, "y": 1},
                       {"id": "beryl", "sheet": "beryl", "side": 1, "x": 2, "y": 1,
                        "overrides": {"hp": 2, "blocking": False}}]}
    for seed in range(1, 100):
        match = Match.new(MatchConfig("gems", seed, [SeatConfig("human"), SeatConfig("human")],
                                      None, {}, setup))
        if match.state.acting == "garnet":
            break
    scene = open_battle(app, match)
    app.press_key(pygame.K_6)
    app.click(scene.cell_pos((2, 1)))
    match.force_dice([19])
    app.press_key(pygame.K_6)                          # Strike
    app.settle(3)
    assert match.over and match.winner == 0
    assert isinstance(app.top, ResultsScene)
    assert any("poofs" in ln.text for ln, _ in scene.log.lines)
    # the results tell the story: who dealt and took what, who was lost, how the dice ran
    stats = dict(app.top.stats)
    assert stats["Player 1"].startswith("dealt 2 damage, took 0")
    assert stats["Player 2"] == "dealt 0 damage, took 2, lost 1"
    assert "above average" in stats["Player 1's dice"]          # a 19 on the d20
    # ... and per unit, each side in a column of its own (#12: only per seat before)
    assert app.top.units == [[("Garnet", "dealt 2 · took 0")], [("Beryl", "dealt 0 · took 2 · down")]]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_results_per_unit_fit_the_screen(app, size):
    app.set_window(size, False)
    match = shot_match("garnet")
    units = [(u.id, u.name, u.side) for u in match.state.units.values()]
    scene = ResultsScene(app, match, "time is called after 30 rounds: side 1 is ahead, as it "
                                     "took the larger share of its enemies' HP", units=units)
    app.apply(push(scene))
    app.settle(2)
    box = scene.box()
    assert pygame.Rect((0, 0), app.size).contains(box)
    assert sum(len(col) for col in scene.units) == len(units)
    for rect in scene.drawn:                      # every line it drew stays inside its box
        assert box.contains(rect), rect


def test_pick_up_summon_and_negotiate_through_the_action_bar(app):
    match = shot_match("garnet")
    scene = open_battle(app, match)
    app.press_key(pygame.K_4)                          # Summon: two free arms, so a menu
    assert scene.menu is not None
    assert [b.label for b in scene.menu.buttons] == ["Summon Hardlight blade (arm 1)",
                                                     "Summon Hardlight blade (arm 2)"]
    app.press_key(pygame.K_1)
    garnet = match.state.units["garnet"]
    held = match.state.items[garnet.arms[0].holding]
    assert held.hardlight and match.state.slots == 1 and scene.menu is None
    app.press_key(pygame.K_7)                          # Negotiate: pick a gem on the map
    assert scene.effective_mode() == "negotiate"
    beryl = match.state.units["beryl"]
    assert (beryl.x, beryl.y) in scene._current_overlay().targets
    app.move_mouse(scene.cell_pos((beryl.x, beryl.y)))
    assert scene._current_forecast().startswith("Negotiate with Beryl")
    match.force_dice([15, 10])
    app.click(scene.cell_pos((beryl.x, beryl.y)))
    assert "beryl" in match.state.units["garnet"].truces
    assert any("truce" in ln.text for ln, _ in scene.log.lines)


def test_pick_up_a_rock_by_clicking_it(app):
    match = shot_match("garnet")
    scene = open_battle(app, match)
    app.press_key(pygame.K_3)
    assert scene.effective_mode() == "pick_up"
    assert (3, 3) in scene._current_overlay().targets
    app.click(scene.cell_pos((3, 3)))
    assert match.state.items["rock1"].held_by == "garnet"
    assert "Rock" in [l.text for l in scene.presenter.unit_panel("garnet").arms][0]


def test_holding_space_ends_one_turn_not_many(app):
    match = shot_match("garnet")
    scene = open_battle(app, match)
    app.settings.dont_ask["end_turn_unused"] = True
    first = match.state.acting
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, unicode=" ", mod=0, scancode=0)
    app.step([down])
    second = match.state.acting
    assert second != first
    if isinstance(app.top, HandoffScene):
        lift_curtain(app)
    for _ in range(5):                                 # key repeat while still held
        app.step([down])
    assert match.state.acting == second
    app.step([pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0, scancode=0)])
    app.press_key(pygame.K_SPACE)                      # a new press acts again
    if isinstance(app.top, HandoffScene):
        lift_curtain(app)
    assert match.state.acting != second


def test_the_human_defender_answers_an_ai_attack_without_a_curtain(app):
    match = shot_match("garnet", seats=("ai", "human"))
    app.settings.animation_speed = "instant"
    scene = BattleScene(app, match)
    scene.ai_use_process = False
    # the AI's strike, submitted the way its seat would (before the app runs a frame)
    scene.submit(A.Ready("garnet"), from_ai=True)
    scene.submit(A.AssignArm("garnet", 0, (5, 3), "melee"), from_ai=True)
    match.force_dice([18])
    scene.submit(A.Strike("garnet"), from_ai=True)
    app.apply(reset(scene))
    app.settle(2)
    assert match.decision.seat == 1 and match.decision.stage == "choose_counters"
    assert app.top is scene and scene.viewer == 1
    assert scene.prompt_panel is not None and "garnet" in scene.view.marked
    match.force_dice([3])
    app.press_key(pygame.K_2)                          # Counter ×1: 3 + 2 cannot block a 21
    assert match.state.units["beryl"].hp == match.state.units["beryl"].max_hp - 2


def test_new_game_from_the_title_opens_the_real_battle_on_a_tiled_map(app, monkeypatch):
    from game.client.scenes.title import TitleScene
    app.settings.animation_speed = "instant"
    monkeypatch.setattr(BattleScene, "ai_use_process", False)
    app.apply(reset(TitleScene(app)))
    app.settle()
    app.click_element(find_button(app, "New game"))
    scene = app.top
    choices = scene.map_choices()
    assert choices, "no gems map offered"
    app.click_element(scene.start_button)
    app.settle(2)
    battle = app.stack[-1] if isinstance(app.stack[-1], BattleScene) else app.stack[-2]
    assert isinstance(battle, BattleScene)
    assert battle.match.config.map and battle.view.geo is not None
    assert battle.view.static_base.get_width() >= battle.match.state.board.width * 16
    for _ in range(30):                                # AI and humans take turns; no errors
        if isinstance(app.top, HandoffScene):
            lift_curtain(app)
        app.step(dt=1 / 20)
    assert app._fatal is None and type(app.top).__name__ != "ErrorDialog"


def test_a_loaded_match_shows_the_earlier_rolls_in_its_log_once(app):
    match = shot_match("garnet")
    scene = open_battle(app, match)
    app.press_key(pygame.K_6)                          # Ready, aim at Beryl, strike: rolls
    beryl = match.state.units["beryl"]
    app.click(scene.cell_pos((beryl.x, beryl.y)))
    match.force_dice([4])
    app.click(scene.button_pos("strike"))
    rolled = [ln.text for ln, _ in scene.log.lines if "attacks Beryl" in ln.text]
    assert rolled and "(arm 1)" in rolled[0]
    path = paths.saves_dir() / "rolled.json"
    saves.save(match, path)
    app.apply(load_match(app, path))
    app.settle(2)
    loaded = app.top
    assert isinstance(loaded, BattleScene) and loaded is not scene
    texts = [ln.text for ln, _ in loaded.log.lines]
    assert rolled[0] in texts                          # the attack before the save
    assert texts.index(rolled[0]) < next(i for i, t in enumerate(texts) if t.startswith("Loaded"))
    assert sum(t == rolled[0] for t in texts) == 1     # appended once
    made = loaded.log.renders
    app.settle(5)
    assert loaded.log.renders == made                  # not rebuilt per frame


def test_quitting_to_the_menu_stops_the_ai_worker_but_pausing_does_not(app):
    import multiprocessing

    from game.client.scenes.title import TitleScene
    match = shot_match("beryl", seats=("human", "ai"))
    app.settings.animation_speed = "instant"
    scene = BattleScene(app, match)                    # a real worker process this time
    app.apply(reset(scene))
    app.step(dt=1 / 30)
    seat = scene.ai_seats.get(1)
    assert seat is not None and seat.mode == "process"
    proc = seat._proc
    assert proc is not None and proc.is_alive()
    app.press_key(pygame.K_ESCAPE)                     # pause: leave() runs, the worker stays
    assert isinstance(app.top, PauseScene) and proc.is_alive() and scene.ai_seats
    app.press_key(pygame.K_ESCAPE)                     # resume
    assert app.top is scene and proc.is_alive()
    app.press_key(pygame.K_ESCAPE)
    app.click_element(find_button(app, "Quit to menu"))
    assert isinstance(app.top, TitleScene) and len(app.stack) == 1
    assert not proc.is_alive() and not scene.ai_seats
    assert multiprocessing.active_children() == []


def test_the_hand_off_recap_leaves_out_what_was_undone(app):
    # a move taken back, and an end of turn taken back and made again, must not reach the next
    # player's curtain: one "walks" line would be a move that never happened, and the turn
    # would show twice
    match = shot_match("garnet")
    scene = open_battle(app, match)
    scene.app.settings.dont_ask["end_turn_unused"] = True
    acting = match.state.acting
    name = match.state.units[acting].name
    moves = [a for a in match.legal_actions() if isinstance(a, A.Move)]
    assert scene.submit(moves[0])
    app.press_key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert len(match.log) == 0
    recap = scene._recap_for(1)
    assert not [line for line in recap if line.startswith(name)], recap
    # Garnet's side moves twice in a row in this match: end her turn, take it back, end it again
    assert match.state.units[match.state.order[1]].side == match.state.units[acting].side
    app.press_key(pygame.K_SPACE)
    assert len(match.log) == 1 and match.state.acting != acting
    app.press_key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert len(match.log) == 0 and match.state.acting == acting
    app.press_key(pygame.K_SPACE)
    recap = scene._recap_for(1)
    assert recap and len(recap) == len(set(recap)), recap


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_long_seat_name_stays_inside_the_curtain(app, size):
    from game.client.scenes.handoff import HandoffScene
    app.set_window(size, False)
    name = "Player with a very long name indeed, chosen to test the curtain's title"
    curtain = HandoffScene(app, name, ["Garnet walks to 3,3"])
    surface = pygame.Surface(size)
    curtain.draw(surface)
    assert surface.get_rect().contains(curtain.title_rect)
    short = HandoffScene(app, "Player 2")
    short.draw(surface)
    assert short.title_rect.h > curtain.title_rect.h * 0.9     # a short name keeps the size


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_curtain_recap_leaves_the_reveal_hint_in_sight(app, size):
    # #13 playtest: at 1280x720 eight recap lines ran over "Click or press any key to reveal
    # the table", the one line that says how to go on
    from game.client.scenes.handoff import MAX_RECAP, HandoffScene
    app.set_window(size, False)
    lines = [f"Imp {i} walks to {i},{i}" for i in range(MAX_RECAP + 3)]
    curtain = HandoffScene(app, "Player 2", lines)
    surface = pygame.Surface(size)
    curtain.draw(surface)
    assert curtain.recap_rect.bottom < curtain.hint_rect.top
    assert surface.get_rect().contains(curtain.hint_rect)
    assert curtain.shown_recap and curtain.shown_recap[-1] == lines[-1]   # the latest kept

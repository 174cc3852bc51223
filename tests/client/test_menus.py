"""The menus driven headless through the real UI with synthetic clicks and keys: title, new
match, load, pause, results, hand-off, dialogs and the app's error trap."""
from __future__ import annotations


import pygame
import pytest
from pygame_gui.elements import UIDropDownMenu, UITextEntryLine

from game import paths
from game.client.scene import Scene, push, reset
from game.client.scenes.handoff import HandoffScene
from game.client.scenes.load import LoadScene
from game.client.scenes.new_match import NewMatchScene
from game.client.scenes.pause import PauseScene
from game.client.scenes.results import ResultsScene
from game.client.scenes.title import TitleScene
from game.client.ui.dialogs import ConfirmDialog, DialogResult, ErrorDialog, confirm
from game.client.ui.saving import AUTOSAVE
from game.engine import registry, saves
from game.engine.actions import EndTurn
from game.engine.match import Match
from game.engine.rules import ConfigError, MatchConfig, SeatConfig
from tests.client.conftest import TOY_ID, StubBattle, buttons, find_button, texts

pytestmark = pytest.mark.client


def choose(app, dropdown: UIDropDownMenu, label: str) -> None:
    """Open a drop-down with a click and click the option labelled `label`."""
    app.click_element(dropdown)
    before = set(buttons(app))
    options = [b for b in buttons(app) if b.text == label and b is not dropdown]
    assert options, f"option {label!r} not shown"
    app.click_element(options[-1])
    assert dropdown.selected_option[0] == label, (dropdown.selected_option, before)


def type_into(app, entry: UITextEntryLine, text: str) -> None:
    app.click_element(entry)
    for ch in text:
        app.step([pygame.event.Event(pygame.TEXTINPUT, text=ch)])
    app.settle(1)


def toy_match(**house) -> Match:
    return Match.new(MatchConfig(TOY_ID, 5, [SeatConfig("human", name="Ann"),
                                             SeatConfig("ai", "hard", "Bot")],
                                 house_rules=dict(house)))


def test_title_new_match_choose_options_and_start(app, toy_system, stub_battle, tmp_path,
                                                  monkeypatch):
    maps = tmp_path / "maps"
    maps.mkdir()
    (maps / "toy_duel_arena.tmx").write_text(      # the toy system never reads the rest
        '<map width="8" height="6" tilewidth="32" tileheight="32"><properties>'
        '<property name="title" value="The Arena"/>'
        '<property name="description" value="A ring of sand between two gates."/>'
        '</properties></map>')
    (maps / "other_system_map.tmx").write_text("<map/>")
    monkeypatch.setattr(paths, "maps_dir", lambda: maps)
    app.apply(reset(TitleScene(app)))
    app.settle()
    app.click_element(find_button(app, "New game"))
    scene = app.top
    assert isinstance(scene, NewMatchScene)
    assert "Toy duel" in [b.text for b in buttons(app)]
    assert "Two seats pass the turn" in texts(app)

    assert [m.label for m in scene.map_choices()] == ["The Arena"]
    shown = texts(app)
    assert "8 x 6 squares" in shown and "A ring of sand between two gates." in shown
    type_into(app, scene.name_entries[0], "Ann")
    choose(app, scene.kind_dropdowns[1], "AI - hard")
    choose(app, scene.team_dropdowns[0], "Blue band")
    app.click_element(find_button(app, "House rules (2)  >"))
    dialog = app.top
    assert dialog.__class__.__name__ == "HouseRulesDialog"
    assert dialog.value_buttons["rounds"].text == "Three"
    app.click_element(dialog.value_buttons["rounds"])
    assert dialog.value_buttons["rounds"].text == "Five"
    assert "Rounds to play  (changed)" in texts(app)
    app.click_element(find_button(app, "<"))                  # back and forth on the first rule
    app.click_element(find_button(app, ">"))
    app.click_element(find_button(app, "Done"))
    assert app.top is scene
    assert "Changed: Rounds to play" in texts(app)
    assert scene.name_entries[0].get_text() == "Ann"      # kept across the rebuild

    app.click_element(scene.start_button)
    assert len(stub_battle) == 1
    battle = stub_battle[0]
    assert app.stack[1:] == [battle]      # the new-match screen replaced itself
    assert isinstance(app.stack[0], TitleScene)
    config = battle.match.config
    assert config.system == TOY_ID
    assert [(s.kind, s.difficulty, s.name) for s in config.seats] == [
        ("human", "normal", "Ann"), ("ai", "hard", "Player 2")]
    assert config.house_rules == {"rounds": 5, "sudden": False}
    assert config.map == "toy_duel_arena.tmx"
    assert config.setup["teams"] == ["blue", "blue"]
    assert battle.match.state.rounds == 5
    assert scene.last_config is config


def test_new_match_shows_a_system_that_fails_to_import(app, monkeypatch):
    def broken():
        raise ImportError("gems: cannot import name 'combat'")
    monkeypatch.setattr(registry, "all_systems", broken)
    app.apply(reset(TitleScene(app)))
    app.apply(push(NewMatchScene(app)))
    app.settle()
    assert "could not be loaded" in texts(app)
    assert "cannot import name" in texts(app)
    assert not app.top.start_button.is_enabled
    assert app._fatal is None and isinstance(app.top, NewMatchScene)


def test_match_the_system_refuses_shows_an_error_and_keeps_choices(app, toy_system, stub_battle,
                                                                   monkeypatch):
    def refuse(config):
        raise ConfigError("map gems_quarry.tmx: no deployment zone for side 2")
    monkeypatch.setattr(Match, "new", staticmethod(refuse))
    app.apply(reset(TitleScene(app)))
    app.apply(push(NewMatchScene(app)))
    app.settle()
    scene = app.top
    type_into(app, scene.name_entries[1], "Bea")
    app.click_element(scene.start_button)
    assert isinstance(app.top, ErrorDialog)
    assert "no deployment zone for side 2" in texts(app)
    app.click_element(find_button(app, "Close"))
    assert app.top is scene and not stub_battle
    assert scene.name_entries[1].get_text() == "Bea"


def test_load_screen_reports_corrupt_save_without_touching_it(app, toy_system):
    folder = paths.saves_dir()
    folder.mkdir(parents=True)
    bad = folder / "broken.json"
    bad.write_bytes(b'{"format": "strife-table-save", "version": 1, "conf')
    before = bad.read_bytes(), bad.stat().st_mtime_ns
    app.apply(reset(TitleScene(app)))
    app.settle()
    app.click_element(find_button(app, "Load game"))
    assert isinstance(app.top, LoadScene)
    assert "Cannot be read: the file is not valid JSON" in texts(app)
    app.click_element(app.top.load_button)
    assert isinstance(app.top, ErrorDialog)
    shown = texts(app)
    assert "broken.json" in shown and "not valid JSON" in shown
    assert (bad.read_bytes(), bad.stat().st_mtime_ns) == before
    app.click_element(find_button(app, "Close"))
    assert isinstance(app.top, LoadScene)


def test_load_screen_lists_newest_first_and_opens_a_save(app, toy_system, stub_battle):
    import os
    match = toy_match()
    match.submit(EndTurn())
    folder = paths.saves_dir()
    saves.save(match, folder / "older.json", label="Older")
    os.utime(folder / "older.json", (1.6e9, 1.6e9))
    saves.save(match, folder / AUTOSAVE, label="Autosave - Toy duel")
    app.apply(reset(TitleScene(app)))
    app.apply(push(LoadScene(app)))
    app.settle()
    rows = [b.text for b in app.top.row_buttons]
    assert rows == ["Autosave - Toy duel", "Older"]
    assert "AUTOSAVE" in texts(app)
    app.click_element(app.top.row_buttons[1])
    app.click_element(app.top.load_button)
    assert len(stub_battle) == 1 and app.stack == stub_battle
    assert stub_battle[0].match.log == match.log
    assert str(stub_battle[0].save_path).endswith("older.json")


def test_pause_quit_to_menu_autosaves_and_continue_resumes(app, toy_system, stub_battle):
    match = toy_match()
    match.submit(EndTurn())
    battle = StubBattle(app, match)
    app.apply(reset(battle))
    app.apply(push(PauseScene(app, match)))
    app.settle()
    app.click_element(find_button(app, "Quit to menu"))
    assert isinstance(app.top, TitleScene) and len(app.stack) == 1
    assert [p.name.startswith("autosave-") for p in paths.saves_dir().glob("*.json")] == [True]
    cont = find_button(app, "Continue")
    assert cont.is_enabled
    app.click_element(cont)
    assert len(stub_battle) == 1
    assert stub_battle[0].match.log == match.log
    assert stub_battle[0].match.state.seat == 1


def test_pause_resume_and_save_under_a_name(app, toy_system):
    match = toy_match()
    battle = StubBattle(app, match)
    app.apply(reset(battle))
    app.apply(push(PauseScene(app, match)))
    app.settle()
    app.click_element(find_button(app, "Save game"))
    dialog = app.top
    dialog.entry.set_text("")
    type_into(app, dialog.entry, "Before the ford")
    app.click_element(find_button(app, "Save"))
    path = paths.saves_dir() / "before-the-ford.json"
    assert isinstance(app.top, PauseScene)
    assert saves.peek(path)["label"] == "Before the ford"
    assert "Saved as before-the-ford.json" in texts(app)
    app.press_key(pygame.K_ESCAPE)
    assert app.top is battle


def test_results_show_winner_and_rematch_keeps_the_config(app, toy_system, stub_battle):
    match = toy_match()
    for _ in range(6):
        match.submit(EndTurn())
    assert match.over and match.winner == 0
    app.apply(reset(StubBattle(app, match)))
    results = ResultsScene(app, match, "the rounds ran out")
    app.apply(push(results))
    app.settle()
    assert results.headline == "Ann wins"
    assert ("Rounds", "4") in results.stats and ("Actions taken", "6") in results.stats
    app.click_element(find_button(app, "Rematch"))
    assert len(stub_battle) == 1 and app.stack == stub_battle
    again = stub_battle[0].match
    assert again is not match and not again.over
    assert again.config.seats[1].difficulty == "hard"
    assert again.config.house_rules == match.config.house_rules


class Recorder(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.draws = 0
        self.results = []

    def draw(self, surface):
        self.draws += 1

    def resumed(self, result):
        self.results.append(result)


def test_handoff_hides_the_table_until_a_deliberate_click(app):
    table = Recorder(app)
    app.apply(reset(table))
    app.step()
    drawn = table.draws
    app.apply(push(HandoffScene(app, "Player 2", ["Garnet moved"])))
    app.click((400, 300))                 # too soon: a click meant for the last turn
    assert isinstance(app.top, HandoffScene)
    assert table.draws == drawn           # nothing of the table was drawn behind the curtain
    app.step(dt=0.5)
    app.click((400, 300))
    assert app.top is table
    assert table.results == [DialogResult("handoff", True)]


def test_confirm_dont_ask_again_is_remembered(app):
    from game.client import settings as settings_mod
    table = Recorder(app)
    app.apply(reset(table))
    t = confirm(app, "end_turn_unused", "End the turn?", "Two units can still act.",
                tag="end_turn")
    assert t is not None
    app.apply(t)
    app.settle()
    dialog = app.top
    assert isinstance(dialog, ConfirmDialog)
    app.click_element(dialog.dont_ask_box)
    assert dialog.dont_ask
    app.click_element(find_button(app, "OK"))
    assert table.results == [DialogResult("end_turn", True)]
    assert settings_mod.load().dont_ask == {"end_turn_unused": True}
    assert confirm(app, "end_turn_unused", "End the turn?", "Again?") is None


def test_an_exception_in_a_scene_shows_an_error_and_leads_back_to_the_menu(app):
    class Broken(Scene):
        def update(self, dt):
            raise KeyError("unit 'garnet' vanished")

    app.apply(reset(Broken(app)))
    app.step()
    assert isinstance(app.top, ErrorDialog) and app.running
    assert "unit 'garnet' vanished" in texts(app)
    assert "The broken screen stopped" in texts(app)
    log = app.log_path().read_text()
    assert "Traceback" in log and "garnet" in log
    app.click_element(find_button(app, "Back to menu"))
    assert isinstance(app.top, TitleScene) and len(app.stack) == 1


def test_bigger_window_scales_the_ui(app):
    app.apply(reset(TitleScene(app)))
    app.settle()
    small = find_button(app, "New game").rect.height
    app.set_window((1920, 1080), False)
    app.settle()
    assert app.scale == 1.5
    assert isinstance(app.top, TitleScene) and app._fatal is None
    assert find_button(app, "New game").rect.height == pytest.approx(small * 1.5, abs=2)


def test_title_menu_works_from_the_keyboard(app, toy_system):
    app.apply(reset(TitleScene(app)))
    app.settle()
    title = app.top
    app.press_key(pygame.K_DOWN)              # Continue and Load are disabled: skipped
    assert title.nav[title.nav_index].text == "Settings"
    app.press_key(pygame.K_UP)
    assert title.nav[title.nav_index].text == "New game"
    app.press_key(pygame.K_RETURN)
    assert isinstance(app.top, NewMatchScene)
    app.press_key(pygame.K_ESCAPE)
    assert app.top is title


def test_shots_command_writes_a_png_per_screen(tmp_path):
    import os
    from game.cli import shots
    home = os.environ["STRIFE_TABLE_HOME"]
    out = tmp_path / "shots"
    code = shots.main([str(out), "--only", "title,load,pause,results,handoff"])
    assert code == 0
    written = sorted(p.name for p in out.iterdir())
    assert written == ["handoff.png", "load.png", "pause.png", "results.png", "title.png"]
    img = pygame.image.load(str(out / "title.png"))
    assert img.get_size() == (1280, 720)
    assert os.environ["STRIFE_TABLE_HOME"] == home       # the player's folders were never used


def test_seat_choices_follow_the_bots_a_system_offers(app, toy_system, monkeypatch):
    from game.engine.ai import base as ai_base
    monkeypatch.setattr(ai_base, "BOTS", {(TOY_ID, "easy"): ai_base.RandomBot})
    scene = NewMatchScene(app)
    assert scene.seat_kinds == [("Human", "human"), ("AI - easy", "ai:easy")]
    assert [s.kind for s in scene.seats] == ["human", "ai:easy"]


def test_deleting_a_save_asks_first_and_removes_only_that_file(app, toy_system):
    folder = paths.saves_dir()
    match = toy_match()
    saves.save(match, folder / "keep.json", label="Keep")
    saves.save(match, folder / "drop.json", label="Drop")
    app.apply(reset(TitleScene(app)))
    app.apply(push(LoadScene(app)))
    app.settle()
    scene = app.top
    index = [b.text for b in scene.row_buttons].index("Drop")
    app.click_element(scene.row_buttons[index])
    app.click_element(app.top.delete_button)
    assert isinstance(app.top, ConfirmDialog)
    app.click_element(find_button(app, "Cancel"))
    assert (folder / "drop.json").exists()
    app.click_element(app.top.delete_button)
    app.click_element(find_button(app, "Delete"))
    assert app.top is scene
    assert sorted(p.name for p in folder.iterdir()) == ["keep.json"]
    assert [b.text for b in scene.row_buttons] == ["Keep"]


def test_disabled_title_buttons_look_disabled(app):
    # with no saves, Continue and Load cannot be used: they must not be drawn like Settings
    # (the keyboard highlight used to repaint every menu button in its normal look)
    from game.client.scenes.title import TitleScene
    from game.client.ui.saving import list_saves
    assert not list_saves()
    app.apply(reset(TitleScene(app)))
    app.settle()
    scene = app.top
    assert not scene.buttons_by_name["continue"].is_enabled
    screen = pygame.display.get_surface()

    def brightest(name: str) -> int:
        r = scene.buttons_by_name[name].get_abs_rect()
        return max(sum(screen.get_at((x, r.centery))[:3]) for x in range(r.x, r.right))

    assert brightest("continue") < 0.6 * brightest("settings")
    assert brightest("load") < 0.6 * brightest("settings")
    app.press_key(pygame.K_DOWN)                 # keyboard moves past them, they stay dim
    app.settle()
    assert brightest("continue") < 0.6 * brightest("settings")


@pytest.mark.parametrize("system_id", ["gems", "bindings", "gemwielders"])
def test_every_house_rule_choice_fits_its_button(app, system_id):
    # a long choice ("Climbs and 1-2xSize descents are their own 1-slot action") was cut off
    # mid-word; it now ends in an ellipsis inside the button, whole in the tooltip
    from game.client.scenes.new_match import HouseRulesDialog
    from game.client import resources
    from game.engine import registry
    system = registry.get(system_id)
    rules = list(system.house_rules)
    app.apply(push(HouseRulesDialog(app, rules, {})))
    app.settle()
    dialog = app.top
    for rule in rules:
        for value, label in rule.choices:
            dialog.values[rule.id] = value
            dialog.step_rule(rule, 0)
            button = dialog.value_buttons[rule.id]
            shown = button.text
            width = resources.font(app.px(18)).size(shown)[0]
            assert width <= button.rect.w - app.px(12), (rule.id, shown)
            assert shown == str(label) or shown.endswith("…"), (rule.id, shown)
            assert button.tool_tip_text == str(label)


def test_menu_tooltips_are_drawn_in_a_box(app):
    # the title screen's tooltips floated as bare text over the buttons below them
    from pygame_gui.elements import UITooltip
    from game.client.scenes.title import TitleScene
    app.apply(reset(TitleScene(app)))
    app.settle()
    button = app.top.buttons_by_name["settings"]
    app.move_mouse(button.get_abs_rect().center)
    for _ in range(12):
        app.step(dt=0.1)
    tips = [e for e in app.ui.get_sprite_group().sprites() if isinstance(e, UITooltip)]
    assert tips, "no tooltip after hovering"
    box = tips[0].text_block
    assert box.background_colour.a >= 200          # an opaque panel behind the words
    width = box.border_width
    assert (min(width.values()) if isinstance(width, dict) else width) >= 1


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_new_match_text_fits_its_boxes(app, size):
    # at 1280x720 a system description ran below its panel and "AI - normal" / a team name
    # were cut by their drop-downs
    from game.client import resources
    app.set_window(size, False)
    app.apply(reset(NewMatchScene(app)))
    app.settle()
    for i in range(len(app.top.systems)):
        app.top.choose_system(i)
        app.settle()
        scene = app.top
        column = scene.columns()[0]
        assert scene.desc_box.get_abs_rect().bottom <= column.bottom
        assert all(column.contains(b.get_abs_rect()) for b in scene.system_buttons)
        font = resources.font(app.px(18))
        for dd in scene.kind_dropdowns + scene.team_dropdowns:
            for option in dd.options_list:
                label = option[0] if isinstance(option, tuple) else option
                assert font.size(label)[0] + app.px(36) <= dd.rect.w, (label, dd.rect.w)


def test_new_match_remembers_the_last_choices(app, stub_battle):
    # a new match opens on the system, map, seats and house rules last started
    from game.client import settings as settings_mod
    app.apply(reset(NewMatchScene(app)))
    app.settle()
    scene = app.top
    gems = [str(s.id) for s in scene.systems].index("gems")
    scene.choose_system(gems)
    scene = app.top
    maps = [m.id for m in scene.map_choices()]
    scene.map_id = maps[-1]
    scene.seats[1].kind = "ai:hard"
    scene.seats[0].name = "Ada"
    scene.house["hp_per_size"] = 10
    scene.rebuild()
    assert scene.start() is not None and scene.match is not None
    saved = settings_mod.load()
    assert saved.last_system == "gems" and saved.last_matches["gems"]["map"] == maps[-1]

    app.apply(reset(NewMatchScene(app)))
    app.settle()
    again = app.top
    assert str(again.system.id) == "gems" and again.map_id == maps[-1]
    assert [s.kind for s in again.seats] == ["human", "ai:hard"] and again.seats[0].name == "Ada"
    assert again.house["hp_per_size"] == 10
    # a remembered value the system no longer offers falls back to the default
    app.settings.last_matches["gems"]["house"]["hp_per_size"] = 12345
    app.settings.last_matches["gems"]["map"] = "gone.tmx"
    app.apply(reset(NewMatchScene(app)))
    app.settle()
    third = app.top
    assert third.house["hp_per_size"] != 12345 and third.map_id != "gone.tmx"


def test_bad_remembered_choices_in_the_settings_file_are_dropped():
    from game.client.settings import Settings
    s, problems = Settings.from_json({"last_matches": {"gems": {"seats": "x"},
                                                       "bindings": {"map": "a.tmx"}},
                                      "last_system": 5})
    assert list(s.last_matches) == ["bindings"] and s.last_system == ""
    assert problems == ["last_system 5"]


def test_the_card_games_set_up_speaks_of_neither_units_nor_terrain(app, monkeypatch):
    # #12 copy: choosing the card game showed "Units and terrain come from the system's
    # standard set-up" where a map would be
    from game.client.ui import draw
    drawn: list[str] = []
    real = draw.text

    def record(surface, s, *args, **kwargs):
        drawn.append(s)
        return real(surface, s, *args, **kwargs)

    monkeypatch.setattr(draw, "text", record)
    app.apply(reset(NewMatchScene(app)))
    app.settle()
    scene = app.top
    scene.choose_system([str(s.id) for s in scene.systems].index("gemwielders"))
    drawn.clear()
    app.settle(2)
    shown = "\n".join([texts(app), *drawn])
    assert "standard set-up" in shown                     # the panel does say where play begins
    assert "unit" not in shown.lower() and "terrain" not in shown.lower()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_changed_house_rules_note_stays_inside_its_column(app, size):
    # #13: with several rpgstuck house rules changed, "Changed: ..." ran past the seats column
    from game.client import resources
    app.set_window(size, False)
    app.apply(reset(NewMatchScene(app)))
    app.settle()
    scene = app.top
    scene.choose_system([str(s.id) for s in scene.systems].index("rpgstuck"))
    scene = app.top
    rules = scene.system.house_rules
    for h in rules[:6]:                 # six rules off their defaults
        scene.house[h.id] = next(v for v, _label in h.choices if v != h.default)
    scene.rebuild()
    app.settle()
    note = scene.house_note
    assert note.text.startswith("Changed: ")
    column = scene.columns()[2]
    font = resources.font(app.px(15))
    assert font.size(note.text)[0] <= note.rect.w and column.contains(note.get_abs_rect())
    # every changed rule is still named: in the text or, past what fits, in its tooltip
    named = note.text + " " + (note.tool_tip_text or "")
    assert all(h.label in named for h in rules[:6])


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_confirm_with_a_long_answer_keeps_both_buttons_inside_the_box(app, size):
    # #13 playtest: "Psi Pulse (everyone in the area)" as the answer pushed Cancel out of the box
    from game.client.ui.dialogs import ConfirmDialog
    app.set_window(size, False)
    app.apply(push(ConfirmDialog(app, "Are you sure?", "Psi Pulse also hits Scout, Knight. Use it?",
                                 ok_label="Psi Pulse (everyone in the area)", danger=True)))
    app.settle()
    box = app.top.box.get_abs_rect()
    shown = [b for b in buttons(app) if b.text in ("Cancel", "Psi Pulse (everyone in the area)")]
    assert len(shown) == 2
    assert all(box.contains(b.get_abs_rect()) for b in shown)


def test_the_results_shot_ends_the_very_battle_shown_behind_it(tmp_path, monkeypatch):
    """The results screen of `game shots` sat over the first battle shot while it summed up
    another match (the example one): its units and rounds did not match the board behind."""
    from game.cli import shots
    from game.client.scenes import match_scene, results
    battles, ended = [], []
    scene_init, results_init = match_scene.MatchScene.__init__, results.ResultsScene.__init__

    def scene(self, app, match, *a, **kw):
        battles.append(match)
        scene_init(self, app, match, *a, **kw)

    def summed(self, app, match, *a, **kw):
        ended.append(match)
        results_init(self, app, match, *a, **kw)
    monkeypatch.setattr(match_scene.MatchScene, "__init__", scene)
    monkeypatch.setattr(results.ResultsScene, "__init__", summed)
    assert shots.main([str(tmp_path / "shots"), "--only", "results"]) == 0
    assert len(ended) == 1 and battles
    behind = battles[0]                              # the first battle shot is the backdrop
    done = ended[0]
    assert done.config.map == behind.config.map and done.config.setup == behind.config.setup
    assert [r.action for r in done.log[:len(behind.log)]] == [r.action for r in behind.log]

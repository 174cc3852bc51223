"""The rules reference screen, driven headless: F1 in a match opens it on the entry under the
pointer, links and search move through it, and the house rules screen's "?" opens a rule."""
from __future__ import annotations

import pygame
import pytest

from game.client.scene import push, reset
from game.client.scenes.battle import BattleScene
from game.client.scenes.new_match import HouseRulesDialog
from game.client.scenes.reference import ReferenceScene, help_entry
from game.client.systems.gems.shots import shot_match
from game.engine import registry
from tests.client.conftest import find_button, texts

pytestmark = pytest.mark.client


def open_battle(app, match) -> BattleScene:
    app.settings.animation_speed = "instant"
    scene = BattleScene(app, match)
    scene.ai_use_process = False
    app.apply(reset(scene))
    app.settle(2)
    return scene


def test_f1_over_a_unit_opens_its_sheet_and_esc_returns(app):
    match = shot_match("garnet")
    scene = open_battle(app, match)
    g = match.state.units["garnet"]
    app.move_mouse(scene.cell_pos((g.x, g.y)))
    app.press_key(pygame.K_F1)
    top = app.top
    assert isinstance(top, ReferenceScene)
    assert top.current == "sheet_garnet"
    assert "CPR 3" in texts(app)
    app.press_key(pygame.K_ESCAPE)
    assert app.top is scene


def test_f1_over_nothing_opens_the_first_page_and_the_bar_has_a_help_button(app):
    scene = open_battle(app, shot_match("garnet"))
    app.move_mouse((5, 5))
    scene.mouse = (5, 5)
    app.press_key(pygame.K_F1)
    assert isinstance(app.top, ReferenceScene) and app.top.current == "overview"
    app.press_key(pygame.K_ESCAPE)
    app.settle(2)
    pos = scene.button_pos("help")
    assert pos is not None
    app.click(pos)
    assert isinstance(app.top, ReferenceScene)


def test_links_search_and_back(app):
    app.apply(reset(ReferenceScene(app, "gems", "sheet_garnet")))
    app.settle(2)
    top = app.top
    # a link in the text opens its entry; Back returns
    top.on_event(pygame.event.Event(pygame.USEREVENT, {}))     # an unrelated event is ignored
    top.open("item_hardlight_blade")
    assert top.current == "item_hardlight_blade" and top.history == ["sheet_garnet"]
    app.click_element(find_button(app, "Back"))
    assert app.top.current == "sheet_garnet"
    # typing in the search line filters the list and opens the first match
    app.top.search("knockback")
    assert app.top.current == "knockback"
    assert find_button(app, "Knockback")
    # the section picker narrows the list
    app.top.pick_section("House rules")
    assert app.top.current.startswith("house_")


def test_the_house_rules_screen_opens_a_rule_entry(app):
    gems = registry.get("gems")
    app.apply(reset(HouseRulesDialog(app, gems.house_rules, {}, system_id="gems")))
    app.settle(2)
    app.click_element(find_button(app, "?"))
    assert isinstance(app.top, ReferenceScene)
    assert app.top.current == f"house_{gems.house_rules[0].id}"
    assert gems.house_rules[0].rule in texts(app)


def test_a_log_line_finds_its_term():
    assert help_entry("bindings", "Aeromancer uses Air Blast").id == "combatant_aeromancer"
    assert help_entry("gems", "GEM-GM-04").id == "house_diagonal_cost"
    assert help_entry("gems", "") is None


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_screen_draws_at_both_sizes(tmp_path, size):
    import os
    from game.client.app import App
    assert os.environ.get("SDL_VIDEODRIVER") == "dummy"
    application = App(size, fullscreen=False)
    try:
        for system_id, entry in (("gems", "sheet_garnet"), ("bindings", "edge"),
                                 ("gemwielders", "gembearer_hammer")):
            application.apply(reset(ReferenceScene(application, system_id, entry)))
            application.settle(3)
            out = tmp_path / f"reference_{system_id}_{size[0]}.png"
            application.screenshot(out)
            assert out.stat().st_size > 0
    finally:
        application.stack.clear()
        pygame.display.quit()


def test_f1_over_a_card_opens_its_entry_and_the_table_has_a_help_button(app):
    from game.client.scenes.handoff import HandoffScene
    from game.client.systems.gemwielders.shots import new_match
    from game.client.systems.gemwielders.table import CardTableScene
    from game.client.ui.saving import battle_scene
    app.settings.animation_speed = "instant"
    scene = battle_scene(app, new_match())
    scene.ai_use_process = False
    app.apply(reset(scene))
    app.settle(2)
    assert isinstance(app.top, HandoffScene)
    app.step(dt=0.5)
    app.click((640, 360))
    app.settle(2)
    table = app.top
    assert isinstance(table, CardTableScene) and table.prompt_cards
    rect, face, _ = table.prompt_cards[0]              # a Gembearer to pick
    app.move_mouse(rect.center)
    app.press_key(pygame.K_F1)
    assert isinstance(app.top, ReferenceScene)
    assert app.top.current == f"gembearer_{face.id}"
    app.press_key(pygame.K_ESCAPE)
    app.settle(2)
    assert app.top is table
    got = table.button_rect("?")
    assert got is not None
    app.click(got.center)
    assert isinstance(app.top, ReferenceScene) and app.top.current == "overview"


def test_typing_in_the_search_line_filters_the_list(app):
    app.apply(reset(ReferenceScene(app, "bindings")))
    app.settle(2)
    top = app.top
    app.click_element(top.search_line)
    for ch in "cover":
        app.step([pygame.event.Event(pygame.TEXTINPUT, text=ch)])
        app.settle(1)
    assert top.query == "cover" and top.current == "cover"
    assert all("cover" in top.ref._hay[e.id] for e in top.matches())


def test_every_stat_the_sidebar_shows_has_an_entry(app):
    from game.client.systems.bindings.shots import _scene, grove_match
    gems = open_battle(app, shot_match("garnet"))
    bnd = _scene(app, grove_match())
    for system_id, scene in (("gems", gems), ("bindings", bnd)):
        ids = scene.match.state.units if system_id == "gems" else scene.match.state.combatants
        for uid in ids:
            panel = scene.presenter.unit_panel(uid)
            for label, _, _ in panel.stats:
                assert help_entry(system_id, label) is not None, (system_id, label)
            # the subtitle names the sheet: F1 over the unit opens the sheet's page
            got = help_entry(system_id, panel.subtitle)
            assert got is not None and got.section in ("Sheets", "Combatants"), panel.subtitle


@pytest.mark.parametrize("system_id", ["gems", "bindings", "gemwielders"])
def test_each_section_heading_stands_once_above_its_own_rows(app, system_id):
    # the headings were placed once per run of a section's rows: they ended at the last run,
    # leaving blank rows where they should have been
    app.apply(reset(ReferenceScene(app, system_id)))
    app.settle()
    scene = app.top
    tops = {e.id: scene.rows[e.id].get_relative_rect().y for e in scene.ref.entries.values()}
    for section, heading in scene.heads.items():
        mine = sorted(tops[e.id] for e in scene.ref.entries.values() if e.section == section)
        y = heading.get_relative_rect().y
        assert mine and y == mine[0] - scene.row_h, section      # right above its first row
        assert mine == list(range(mine[0], mine[0] + scene.row_h * len(mine), scene.row_h))

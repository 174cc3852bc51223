"""The rules reference screen, driven headless: F1 in a match opens it on the entry under the
pointer, links and search move through it, and the house rules screen's "?" opens a rule."""
from __future__ import annotations

import pygame
import pytest

from game.client.scene import reset
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


# -- every word the bars and the card table show leads to its page (#12: F1 over "Attack",
#    "Ability", "Ready" or the card table's life counter opened the first page) ----------------
GEMS_BAR = {"Move": "ms", "Fly": "fms", "Pick up": "carry", "Summon": "carry",
            "Ability": "ability", "Attack": "ready", "Strike": "ready", "Negotiate": "negotiate",
            "Shatter": "poof", "More": "carry", "End Turn": "action_slot"}
BINDINGS_BAR = {"Movement": "speed", "Move": "speed", "Ready": "readied",
                "End turn": "segment"}


def _bar_pages(app, scene, system_id: str) -> dict[str, str | None]:
    """What F1 opens over each button of the bar now shown (label -> entry id)."""
    app.settle(2)
    got: dict[str, str | None] = {}
    for b in scene.bar.buttons:
        app.move_mouse(b.rect.center)
        found = help_entry(system_id, scene.help_text())
        got[b.payload.label] = found.id if found is not None else None
    return got


def test_every_gems_bar_button_opens_its_own_page(app):
    match = shot_match("garnet")
    scene = open_battle(app, match)
    got = _bar_pages(app, scene, "gems")
    app.press_key(pygame.K_6)                          # Ready: the bar offers the Strike
    got.update(_bar_pages(app, scene, "gems"))
    assert any(label.startswith("Strike") for label in got)
    for label, page in got.items():
        assert page == GEMS_BAR[label.split(" (")[0]], (label, page)


def test_every_bindings_bar_button_opens_its_own_page(app):
    from game.client.systems.bindings.shots import _scene, grove_match
    scene = _scene(app, grove_match())
    app.apply(reset(scene))
    got = _bar_pages(app, scene, "bindings")
    assert {"Ready", "End turn"} <= set(got)
    for b in scene.bar.buttons:
        label, ident = b.payload.label, b.payload.id
        if ident.startswith("move:"):              # a move's button opens the move's page
            assert got[label] == f"move_{ident.split(':', 1)[1]}", label
        else:
            assert got[label] == BINDINGS_BAR[label.split(" (")[0]], (label, got[label])


def _mid_game_table(app):
    from game.client.systems.gemwielders.shots import new_match, play_until
    from game.client.systems.gemwielders.table import CardTableScene
    app.settings.animation_speed = "instant"
    m = new_match(3)
    s = CardTableScene(app, m)
    s.ai_use_process = False
    s.viewer = 0
    play_until(s, lambda mm: mm.state.turn >= 6 and mm.state.phase == "main")
    s.viewer = m.decision.seat
    app.apply(reset(s))
    app.settle(2)
    return s


def test_f1_over_each_part_of_the_card_table_opens_its_page(app):
    table = _mid_game_table(app)
    wanted = {"life": "life", "power": "power", "sockets": "gembearers", "opp_hand": "hand",
              "gem_deck": "gem_card_deck", "gem": None, "defense": "defense_setup",
              ("pile", "deck"): "piles", ("pile", "discard"): "piles",
              ("pile", "scrap"): "scrap"}
    seen = set()
    for hot in list(table.hot):
        key = hot.key[:2] if hot.key[0] == "pile" else hot.key[0]
        if key not in wanted or hot.face is not None:
            continue                            # a card shown there opens the card's page
        app.move_mouse(hot.rect.center)
        found = help_entry("gemwielders", table.help_text())
        page = wanted[key] or f"gem_{GEM_IDS[hot.key[1]]}"
        assert found is not None and found.id == page, (hot.key, found and found.id)
        seen.add(key)
    assert {"life", "power", "sockets", "opp_hand", "gem_deck", "gem", ("pile", "deck"),
            "defense"} <= seen
    for zone, page in (("mods", "modification"), ("play", "draft")):
        r = table.zones[zone]
        spot = next((x, y) for y in range(r.y + 4, r.bottom, 6) for x in range(r.x + 4, r.right, 6)
                    if not any(h.rect.collidepoint((x, y)) for h in table.hot))
        app.move_mouse(spot)
        found = help_entry("gemwielders", table.help_text())
        assert found is not None and found.id == page, (zone, found and found.id)
    top = table.rects["top"]
    app.move_mouse((top.x + top.w // 3, top.centery))      # the phase tracker
    assert help_entry("gemwielders", table.help_text()).id == "phases"


def test_f1_over_a_card_table_log_line_opens_its_card_or_term(app):
    table = _mid_game_table(app)
    log = table.log
    assert log.names                                       # a card named in the log
    rect, face = log.names[-1]
    app.move_mouse(rect.center)
    assert table.help_text() == face.id
    found = None
    inner = log.rect.inflate(-16, -30)
    for y in range(inner.bottom - 4, inner.y, -4):         # a line naming no card
        pos = (inner.x + 2, y)
        if log.card_at(pos) is None and log.entry_at(pos) is not None:
            app.move_mouse(pos)
            found = help_entry("gemwielders", table.help_text())
            if found is not None:
                break
    assert found is not None


GEM_IDS = {"R": "ruby", "S": "sapphire", "E": "emerald", "T": "topaz", "A": "amethyst"}


def test_f1_over_every_sidebar_line_opens_a_page(app):
    # #12: F1 over "Arm 1: Buckler", "Unlocked: Blocking" or "Left: Move" opened the first page
    # (only the stat chips and lines with a tooltip were known to F1, by their label alone)
    from game.client.systems.bindings.shots import _scene, grove_match
    for system_id, scene in (("gems", open_battle(app, shot_match("garnet"))),
                             ("bindings", _scene(app, grove_match()))):
        app.apply(reset(scene))
        ids = scene.match.state.units if system_id == "gems" else scene.match.state.combatants
        checked = 0
        for uid in ids:
            scene.selected = uid
            app.move_mouse((scene.sidebar.rect.x + 2, scene.sidebar.rect.bottom - 2))
            app.settle(1)
            for rect, words in list(scene.sidebar.said):
                app.move_mouse(rect.center)
                found = help_entry(system_id, scene.help_text())
                assert found is not None, (system_id, uid, words)
                checked += 1
        assert checked >= 2 * len(ids), system_id

"""Defects a new player met on the gu_masters battle screen (the playtest of #14), each played
through the real screen with synthetic input (SDL dummy driver):

- a flier's Fly and Dive are map modes (tinted squares, the hover's words, a height picker on
  the click), not hundreds of lines under More; a grappler's Carry is one too;
- the More menu says what rolls and its odds (a grapple's opposed Athletics, an Evade's Flying
  test), and keeps the sets of choices (which way to throw, which Gu to detonate) one step down,
  with what they do;
- Take flight and Land are buttons of the bar.
"""
from __future__ import annotations

import pygame
import pytest

from game.client.presenters import SubMenu
from game.engine.match import Match
from game.engine.rules import MatchConfig, SeatConfig
from game.engine.systems.gu_masters import forecast
from game.engine.systems.gu_masters.aperture import Detonate
from game.engine.systems.gu_masters.grips import Carry, Grapple, Throw
from game.engine.systems.gu_masters.maneuvers import Dive, Fly
from game.client.presenters.words import pct
from tests.client.test_gu_battle import lift_curtain, open_battle

pytestmark = pytest.mark.client

# open ground, 14 x 8 (our own layout)
ROWS = ["." * 14] * 8


def duel(creatures: list[dict], order: list[str]) -> Match:
    setup = {"grid": {"rows": ROWS}, "initiative": order, "creatures": creatures}
    return Match.new(MatchConfig("gu_masters", 5, [SeatConfig("human", name="Player 1"),
                                                   SeatConfig("human", name="Player 2")],
                                 None, {}, setup))


def bar_ids(scene) -> list[str]:
    scene.button_pos("move")                      # lays the bar out for this position
    return [b.payload.id for b in scene.bar.buttons if hasattr(b.payload, "id")]


def more_labels(app, scene) -> list[str]:
    app.click(scene.button_pos("more"))
    app.settle(1)
    assert scene.menu is not None
    return [b.label for b in scene.menu.buttons]


@pytest.mark.rule("GU-31", "GU-32", "GU-33", "GU-34")
def test_a_flier_flies_and_dives_on_the_map_not_from_a_list(app):
    m = duel([{"id": "flier", "entry": "gu_master_r1", "side": 0, "x": 1, "y": 3,
               "overrides": {"altitude": 6, "sustained": ["wind_wings"]}},
              {"id": "wolf", "entry": "wolf", "side": 1, "x": 10, "y": 3}], ["flier", "wolf"])
    scene = open_battle(app, m)
    lift_curtain(app)
    flies = [a for a in m.legal_actions() if isinstance(a, Fly)]
    assert len(flies) > 100                       # why they cannot be a menu
    ids = bar_ids(scene)
    assert {"fly", "dive", "land"} <= set(ids)
    # Take flight's place on the bar (after Strike) holds Fly once aloft, not Land: a double
    # click on Take flight must not bring the flier straight down
    assert ids.index("fly") == ids.index("strike") + 1 and ids.index("land") > ids.index("dive")
    labels = more_labels(app, scene)
    assert len(labels) < 10 and not any(lab.startswith(("Fly ", "Dive ")) for lab in labels)
    assert labels[-1] == "Detonate a Gu…"
    app.press_key(pygame.K_ESCAPE)

    # -- Fly: the squares tinted, the heights on hover, a picker of heights on the click
    app.click(scene.button_pos("fly"))
    assert scene.effective_mode() == "fly"
    ov = scene._current_overlay()
    assert (4, 3) in ov.cells and ov.veil
    app.move_mouse(scene.cell_pos((4, 3)))
    fc = scene._current_forecast()
    heights = sorted(a.altitude for a in flies if (a.x, a.y) == (4, 3))
    assert fc.startswith("Fly to 4,3\nAt " + ", ".join(map(str, heights)) + " m above")
    assert "maneuver" in fc
    assert scene.shows_map_forecast(scene.cell_pos((4, 3)))
    app.click(scene.cell_pos((4, 3)))
    assert scene.menu is not None
    # the square's forecast box no longer covers the picker it opened (the pointer is still
    # on the square)
    assert not scene.shows_map_forecast(scene.cell_pos((4, 3)))
    picks = [b.label for b in scene.menu.buttons]
    assert len(picks) == len(heights) and "Fly at 6 m above the ground (level)" in picks
    app.click(next(b for b in scene.menu.buttons if b.label.endswith("(level)")).rect.center)
    app.settle(2)
    flier = m.state.creatures["flier"]
    assert (flier.x, flier.y, flier.altitude) == (4, 3, 6)

    # -- Dive: the Flying test's odds and what a failure does, from the engine's forecast
    app.click(scene.button_pos("dive"))
    assert scene.effective_mode() == "dive"
    dives = {(a.x, a.y) for a in m.legal_actions() if isinstance(a, Dive)}
    assert (9, 3) in dives
    app.move_mouse(scene.cell_pos((9, 3)))
    fc = scene._current_forecast()
    f = forecast.dive_forecast(m.state, flier)
    assert fc.startswith("Dive to 9,3\n")
    assert f"Flying test {f.flying}: succeeds {pct(f.succeeds)}" in fc
    assert f"drops {f.fail_drop} m to the ground, {f.fail_damage} force damage" in fc
    app.click(scene.cell_pos((9, 3)))
    assert [b.label for b in scene.menu.buttons] == ["Dive to the ground",
                                                     "Dive to 1 m above it"]
    m.force_dice([10])
    app.click(scene.menu.buttons[0].rect.center)
    app.settle(2)
    assert (flier.x, flier.y) == (9, 3) and m.decision.stage == "dive_strike"


@pytest.mark.rule("GU-62", "GU-65", "GU-66", "GU-91")
def test_grapple_carry_throw_and_detonate_say_what_they_do_and_their_odds(app):
    m = duel([{"id": "brawler", "entry": "bone_brawler", "side": 0, "x": 3, "y": 3},
              {"id": "healer", "entry": "orchid_healer", "side": 1, "x": 4, "y": 3}],
             ["brawler", "healer"])
    scene = open_battle(app, m)
    lift_curtain(app)
    st = m.state
    b, h = st.creatures["brawler"], st.creatures["healer"]
    labels = more_labels(app, scene)
    p = forecast.grapple_odds(st, b, h)
    grab = next(lab for lab in labels if lab.startswith("Grapple "))
    assert grab.endswith(f": {pct(p)}") and "Athletics" in grab
    # the detonations are one entry opening a menu that says what detonating does
    assert not any(lab.startswith("Detonate ") and not lab.endswith("…") for lab in labels)
    blast = next(bt for bt in scene.menu.buttons if bt.label == "Detonate a Gu…")
    value, _ = blast.payload
    assert isinstance(value, SubMenu) and "nothing else happens" in value.text
    assert {a.gu for _, a in value.options} == {a.gu for a in m.legal_actions()
                                                if isinstance(a, Detonate)}
    m.force_dice([10, 90])
    app.click(next(bt for bt in scene.menu.buttons if bt.label == grab).rect.center)
    app.settle(2)
    assert h.has("restrained")

    # -- Carry: a map mode with the Athletics test and its weight on hover
    assert "carry" in bar_ids(scene)
    labels = more_labels(app, scene)
    assert not any(lab.startswith("Carry ") for lab in labels)
    throw = next(bt for bt in scene.menu.buttons if bt.label == "Throw the held one…")
    value, _ = throw.payload
    metres, crash = forecast.throw_reach(st, b, h)
    assert isinstance(value, SubMenu) and value.text.startswith(f"Up to {metres} m")
    assert len(value.options) == len([a for a in m.legal_actions() if isinstance(a, Throw)])
    app.press_key(pygame.K_ESCAPE)
    app.click(scene.button_pos("carry"))
    carries = [a for a in m.legal_actions() if isinstance(a, Carry)]
    to = (carries[0].x, carries[0].y)
    app.move_mouse(scene.cell_pos(to))
    fc = scene._current_forecast()
    assert fc.startswith(f"Carry Orchid Healer to {to[0]},{to[1]}\n")
    assert f"succeeds {pct(forecast.carry_odds(st, b, h))}" in fc
    assert not [a for a in m.legal_actions() if isinstance(a, Grapple)]


@pytest.mark.rule("GU-83")
def test_a_modes_note_never_covers_the_prompt_the_next_player_answers(app):
    """The fire adept's Poison Mist note (a toast) was still up when the wolf's seat got its
    area prompt, over the prompt's words; and the other seat's notes are dropped at the
    hand-off. The area prompt says what the mist does though it deals no damage at once."""
    m = duel([{"id": "adept", "entry": "fire_adept", "side": 0, "x": 1, "y": 3},
              {"id": "wolf", "entry": "wolf", "side": 1, "x": 6, "y": 3}], ["adept", "wolf"])
    scene = open_battle(app, m)
    lift_curtain(app)
    bar = scene.widgets[0]
    app.click(bar.card_pos("poison_mist"))
    assert scene.toasts                                # the mode's note
    app.click(scene.cell_pos((6, 3)))
    app.settle(2)
    assert m.decision.stage == "area_react" and m.decision.seat == 1
    lift_curtain(app)
    assert scene.prompt_panel is not None
    assert not scene.toasts                            # the other seat's note is gone
    scene.toast("a note")
    assert scene._toast_anchor().top >= scene.prompt_panel.rect.bottom
    take = scene.prompt_panel.buttons[-1].label
    assert take == "Take it — poison: 6 a turn for 3 turns"


@pytest.mark.rule("GU-94", "GU-112")
def test_the_results_count_units_lost_not_the_times_they_dropped():
    """A marsh hotseat ended 'lost 7' for a side with two creatures down: a Gu Master drops at
    0 HP, is healed back into the fight and drops again, and each drop was counted."""
    from game.client.scenes.results import story
    from game.engine.systems.gu_masters.actions import Activate, Strike
    from game.engine.actions import EndTurn
    m = duel([{"id": "wolf", "entry": "wolf", "side": 0, "x": 3, "y": 3},
              {"id": "master", "entry": "gu_master_r1", "side": 1, "x": 4, "y": 3,
               "overrides": {"hp": 1}},
              {"id": "healer", "entry": "orchid_healer", "side": 1, "x": 5, "y": 3}],
             ["wolf", "healer", "master"])
    master = m.state.creatures["master"]
    for _ in range(2):
        m.force_dice([10, 100])           # the bite hits; the 0-HP Perseverance test fails
        m.submit(Strike("wolf", "master", "bite"))
        if m.decision.stage == "react":
            take = next(a for a in m.legal_actions() if getattr(a, "reaction", "") == "take")
            m.submit(take)
        assert master.condition == "dying"
        m.submit(EndTurn())
        m.submit(Activate("healer", "spring_water", "master"))    # back up (GU-112)
        assert master.condition == "up"
        m.submit(EndTurn())
        while m.decision.actor != "wolf":
            m.submit(EndTurn())
    lines = dict(story(m))
    assert lines["Player 2"].endswith("lost 1")


@pytest.mark.rule("GU-13")
def test_hide_says_who_looks_and_the_chance_to_stay_unseen(app):
    m = duel([{"id": "healer", "entry": "orchid_healer", "side": 0, "x": 1, "y": 3,
               "overrides": {"sustained": ["shadow_veil"]}},
              {"id": "wolf", "entry": "wolf", "side": 1, "x": 8, "y": 3}], ["healer", "wolf"])
    scene = open_battle(app, m)
    lift_curtain(app)
    n, p = forecast.hide_odds(m.state, m.state.creatures["healer"])
    assert n == 1
    assert f"Hide — 1 foe tests Awareness: unseen by all {pct(p)}" in more_labels(app, scene)


@pytest.mark.rule("GU-110")
def test_greyed_move_and_strike_say_why_in_a_final_stand(app):
    m = duel([{"id": "cap", "entry": "moon_captain", "side": 0, "x": 1, "y": 3, "overrides": {"hp": 1}},
              {"id": "wolf", "entry": "wolf", "side": 1, "x": 2, "y": 3}], ["wolf", "cap"])
    scene = open_battle(app, m)
    lift_curtain(app)
    m.force_dice([10, 10])                 # the bite hits; the Perseverance test holds
    from game.engine.systems.gu_masters.actions import Strike
    scene.submit(Strike("wolf", "cap", "bite"))
    app.settle(2)
    lift_curtain(app)
    if m.decision.stage == "react":
        take = next(b for b in scene.prompt_panel.buttons if b.label.startswith("Take"))
        app.click(take.rect.center)
        app.settle(2)
    assert m.state.creatures["cap"].condition == "final_stand"
    from game.engine.actions import EndTurn
    scene.submit(EndTurn())
    app.settle(2)
    lift_curtain(app)
    assert m.decision.actor == "cap"
    scene.button_pos("move")
    tips = {b.payload.id: b.payload for b in scene.bar.buttons if hasattr(b.payload, "id")}
    for ident in ("move", "strike"):
        assert not tips[ident].enabled
        assert tips[ident].tooltip.endswith(
            "Not now: a final stand allows no moving or striking, only Gu (GU-110)")


def test_the_gu_bar_says_no_gu_only_of_a_creature_it_shows(app):
    """At the results the row under a fallen Gu Master read 'No Gu: a beast fights with what
    it has'; it says so of a beast on the table, and nothing once the battle is over."""
    from game.engine.actions import Concede
    m = duel([{"id": "cap", "entry": "moon_captain", "side": 0, "x": 1, "y": 3},
              {"id": "wolf", "entry": "wolf", "side": 1, "x": 6, "y": 3}], ["wolf", "cap"])
    scene = open_battle(app, m)
    lift_curtain(app)
    bar = scene.widgets[0]
    bar.refresh()
    assert bar.who == "wolf" and not bar.cards          # the beast's own row
    scene.submit(Concede(1))
    app.settle(2)
    bar.refresh()
    assert m.over and bar.who is None and not bar.cards


def test_after_the_hand_off_the_sheet_is_the_new_players_creature(app):
    """Player 1 walked its fire adept and ended the turn; behind the curtain the pointer's
    last square (the adept's) was still 'hovered', so Player 2's table opened on the enemy
    adept's sheet and square rather than its own captain's."""
    from game.engine.actions import EndTurn
    m = duel([{"id": "adept", "entry": "fire_adept", "side": 0, "x": 1, "y": 3},
              {"id": "cap", "entry": "moon_captain", "side": 1, "x": 10, "y": 3}],
             ["adept", "cap"])
    scene = open_battle(app, m)
    lift_curtain(app)
    app.click(scene.cell_pos((3, 3)))                  # walk there: the pointer stays on it
    app.settle(2)
    assert scene.hover_cell == (3, 3)
    scene.submit(EndTurn())
    app.settle(2)
    lift_curtain(app)
    assert m.decision.actor == "cap" and scene.selected == "cap"
    assert scene.hover_cell is None


def test_the_square_hint_stays_inside_the_sidebar(app):
    """At 1280x720 the gu hint 'Point at a square: its ground, height and cover' ran past the
    sidebar's edge; it wraps to the panel's width."""
    m = duel([{"id": "adept", "entry": "fire_adept", "side": 0, "x": 1, "y": 3},
              {"id": "wolf", "entry": "wolf", "side": 1, "x": 8, "y": 3}], ["adept", "wolf"])
    scene = open_battle(app, m)
    lift_curtain(app)
    side = scene.sidebar
    surface = pygame.Surface(app.size)
    side._draw(surface, None, None, lambda *_: pygame.Surface((8, 8)), "")
    k = side.text.scale
    pad = int(12 * k)
    tile_h = min(int(170 * k), int(side.rect.h * 0.38))
    top = side.rect.bottom - tile_h + int(8 * k)
    edge = side.rect.right - pad // 2 - 2          # just inside the square panel's border
    panel_colour = surface.get_at((edge, top - 4))
    assert all(surface.get_at((edge, y)) == panel_colour for y in range(top, top + 18))


@pytest.mark.rule("GU-76")
def test_the_hand_off_curtain_names_creatures_not_their_ids(app):
    """A bite on a seat's creature raises the curtain with the engine's question; it read
    'bone_lancer_0_2 is hit: dodge, parry, shield or take it?' on a real map."""
    from game.client.scenes.handoff import HandoffScene
    from game.engine.systems.gu_masters.actions import Strike
    m = duel([{"id": "wolf", "entry": "wolf", "side": 1, "x": 6, "y": 3},
              {"id": "bone_lancer_0_2", "entry": "bone_lancer", "side": 0, "x": 5, "y": 3}],
             ["wolf", "bone_lancer_0_2"])
    scene = open_battle(app, m)
    lift_curtain(app)
    m.force_dice([10])
    scene.submit(next(a for a in m.legal_actions() if isinstance(a, Strike) and not a.part))
    app.settle(2)
    assert isinstance(app.top, HandoffScene)
    assert "bone_lancer_0_2" not in app.top.subtitle
    assert app.top.subtitle.startswith("Iron Bone Lancer is hit")


def test_a_heal_gu_is_not_said_to_be_dodged():
    """Spring Water's card read 'No attack test: it lands unless dodged or shielded', as if the
    friend it heals could dodge it; a Gu for its own side (activate.harmful) takes effect."""
    from game.client.systems.gu_masters.presenter import GuMastersPresenter
    from game.engine.systems.gu_masters.content import content
    m = duel([{"id": "healer", "entry": "orchid_healer", "side": 0, "x": 1, "y": 3},
              {"id": "wolf", "entry": "wolf", "side": 1, "x": 8, "y": 3}], ["healer", "wolf"])
    p = GuMastersPresenter(m)
    healer = m.state.creatures["healer"]
    heal = p._about(content().gu["spring_water"], healer)
    assert "No test: it takes effect on a creature of its side" in heal
    assert not any("dodged" in line for line in heal)
    blind = p._about(content().gu["dazzle_moth"], healer)
    assert any(line.startswith("Test: ") or "dodged" in line for line in blind)


@pytest.mark.rule("GU-86")
def test_declining_a_counter_attack_says_so(app):
    """The counter prompt's last answer read 'Let Grey Wolf go', the opportunity's words."""
    from game.engine.systems.gu_masters.actions import Strike
    m = duel([{"id": "wolf", "entry": "wolf", "side": 1, "x": 6, "y": 3},
              {"id": "cap", "entry": "moon_captain", "side": 0, "x": 5, "y": 3}],
             ["wolf", "cap"])
    scene = open_battle(app, m)
    lift_curtain(app)
    m.force_dice([40, 10])                     # the bite hits on 40; the parry beats it on 10
    scene.submit(next(a for a in m.legal_actions() if isinstance(a, Strike) and not a.part))
    app.settle(2)
    lift_curtain(app)
    parry = next(b for b in scene.prompt_panel.buttons if b.label.startswith("Parry"))
    app.click(parry.rect.center)
    app.settle(2)
    lift_curtain(app)
    assert m.decision.stage == "counter"
    last = scene.prompt_panel.buttons[-1].label
    assert last.startswith("No counter-attack") and "Let " not in last


def test_the_initiative_line_keeps_a_numbered_name_apart_from_its_degrees(app):
    """Two Moon Orchid Disciples tied on 2 degrees read 'Moon Orchid Disciple 1 2 › Moon Orchid
    Disciple 2 2': the score now stands in brackets after the name."""
    setup = {"grid": {"rows": ROWS}, "creatures": [
        {"id": "a", "entry": "gu_master_r1", "side": 0, "x": 1, "y": 3},
        {"id": "b", "entry": "gu_master_r1", "side": 0, "x": 1, "y": 5},
        {"id": "wolf", "entry": "wolf", "side": 1, "x": 12, "y": 3}]}
    m = Match.new(MatchConfig("gu_masters", 3, [SeatConfig("human"), SeatConfig("human")],
                              None, {}, setup, setup_dice=[30, 30, 90]))
    scene = open_battle(app, m)
    line = next(ln.text for ln, _ in scene.log.lines if ln.text.startswith("Initiative"))
    assert "Moon Orchid Disciple 1 (2) › Moon Orchid Disciple 2 (2)" in line

"""A gu_masters battle through the real battle screen with synthetic input (SDL dummy driver):
walking by clicking tinted squares with the path and its metres, the forecast on hover, a bite
answered by the defender's seat through the reaction prompt (each answer with its exact odds)
and the dodge's step on the map, a strike picked from the picker, the hit taken, the 0-HP test
and the results; the percentile tests read in the log as roll, target and degrees, each
modifier on hover. Set GU_SHOTS=<folder> to keep PNGs of the screen at the key moments."""
from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.client.scene import reset
from game.client.scenes.battle import BattleScene
from game.client.scenes.handoff import HandoffScene
from game.client.scenes.results import ResultsScene
from game.client.ui.dialogs import ConfirmDialog
from game.engine.match import Match
from game.engine.rules import MatchConfig, SeatConfig
from tests.client.conftest import find_button

pytestmark = pytest.mark.client

SHOTS = os.environ.get("GU_SHOTS")

# a small yard with a pillar and rough ground (our own layout)
GRID = {"rows": ["........",
                 "...#....",
                 "........",
                 "..,,....",
                 "........"]}

from game.engine.systems.gu_masters.content import content as _content

MASTER = _content().creatures["gu_master_r1"].name     # the names the content gives
WOLF = _content().creatures["wolf"].name


def shot(app, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        app.screenshot(Path(SHOTS) / f"{name}.png")


def duel(wolf_hp: int = 5) -> Match:
    setup = {"grid": GRID, "initiative": ["master", "wolf"],
             "creatures": [{"id": "master", "entry": "gu_master_r1", "side": 0, "x": 1, "y": 2},
                           {"id": "wolf", "entry": "wolf", "side": 1, "x": 5, "y": 2,
                            "overrides": {"hp": wolf_hp}}]}
    return Match.new(MatchConfig("gu_masters", 5, [SeatConfig("human", name="Player 1"),
                                                   SeatConfig("human", name="Player 2")],
                                 None, {}, setup))


def open_battle(app, match: Match) -> BattleScene:
    app.settings.animation_speed = "instant"
    scene = BattleScene(app, match)
    scene.ai_use_process = False
    app.apply(reset(scene))
    app.settle(2)
    return scene


def lift_curtain(app) -> None:
    if isinstance(app.top, HandoffScene):
        app.step(dt=0.5)
        app.click((app.size[0] // 2, app.size[1] // 2))
        app.settle(1)


def texts(scene: BattleScene) -> list[str]:
    return [ln.text for ln, _ in scene.log.lines]


@pytest.mark.rule("GU-01", "GU-18", "GU-19", "GU-81", "GU-82", "GU-94")
def test_a_hotseat_gu_masters_duel_to_the_end_through_the_ui(app):
    match = duel()
    scene = open_battle(app, match)
    lift_curtain(app)
    assert match.decision.actor == "master" and scene.selected == "master"
    shot(app, "01_start")

    # -- Move (the default mode): reachable squares tinted, the path and its metres on hover
    ov = scene._current_overlay()
    assert (4, 2) in ov.cells and ov.veil
    app.move_mouse(scene.cell_pos((4, 2)))
    ov = scene._current_overlay()
    assert ov.path[0] == (1, 2) and ov.path[-1] == (4, 2) and ov.marks == {(4, 2): "3 m"}
    assert scene._current_forecast().startswith("Walk to 4,2\n3 m of 8 m")
    app.click(scene.cell_pos((4, 2)))
    assert (match.state.creatures["master"].x, match.state.creatures["master"].y) == (4, 2)
    assert any(f"{MASTER} walks to 4,2" in t for t in texts(scene))

    # -- the forecast on the wolf: hit after its best reaction, damage, each term
    app.move_mouse(scene.cell_pos((5, 2)))
    fc = scene._current_forecast()
    assert fc.split("\n")[1].startswith("Hit ") and "dmg" in fc
    assert "Roll d100 under: Close Combat 45" in fc and "After a reaction: dodge" in fc
    shot(app, "02_forecast")

    # -- ending the turn with a strike unused asks once
    app.press_key(pygame.K_SPACE)
    assert isinstance(app.top, ConfirmDialog)
    app.click_element(find_button(app, "End turn"))
    app.settle(1)
    lift_curtain(app)
    assert match.decision.actor == "wolf" and scene.viewer == 1

    # -- the wolf bites by its Strike button: a forced 10 hits, and the Gu Master's seat is asked
    pos = scene.button_pos("strike")
    assert pos is not None
    app.click(pos)
    assert scene.effective_mode() == "strike"
    app.move_mouse(scene.cell_pos((4, 2)))
    assert scene._current_forecast().startswith(f"Bite {MASTER}\nHit ")
    match.force_dice([10])
    app.click(scene.cell_pos((4, 2)))
    # the picker: the plain bite first, then a called shot at each part, each with its odds
    assert scene.menu is not None
    labels = [b.label for b in scene.menu.buttons]
    assert labels[0].startswith(f"Bite {MASTER} — lands ")
    assert any(lab.startswith(f"Bite {MASTER} at the head — lands ") for lab in labels)
    assert scene._toast_anchor().top > scene.menu.rect.bottom   # the mode's note is not over it
    shot(app, "02b_strike_picker")
    app.click(scene.menu.buttons[0].rect.center)
    lift_curtain(app)
    d = match.decision
    assert d.stage == "react" and d.seat == 0 and scene.viewer == 0
    assert scene.prompt_panel is not None and scene.prompt_panel.title == "React?"
    labels = [b.label for b in scene.prompt_panel.buttons]
    assert labels[0].startswith("Dodge — stops it ") and labels[-1].startswith("Take the hit — ")
    assert any(lab.startswith("Parry — stops it ") for lab in labels)
    assert "wolf" in scene.view.marked                 # the attacker is outlined
    shot(app, "03_reaction_prompt")
    # the test's line reads as players read it, each modifier on hover
    bite = next(ln for ln, _ in scene.log.lines if ln.text.startswith(f"{WOLF} Close Combat"))
    assert bite.text.endswith("10 vs 50, success by 5 degrees")
    assert ("d100", "10") in bite.terms and ("Close Combat", "50") in bite.terms

    # -- Dodge: a 1 beats the bite's 10 at equal degrees (GU-X-05), then a step on the map
    match.force_dice([1])
    app.click(scene.prompt_panel.buttons[0].rect.center)
    app.settle(2)
    d = match.decision
    assert d.stage == "dodge_move" and d.seat == 0
    ov = scene._current_overlay()
    assert (3, 2) in ov.cells and (4, 2) not in ov.cells
    app.click(scene.cell_pos((3, 2)))
    app.settle(2)
    master = match.state.creatures["master"]
    assert (master.x, master.y) == (3, 2) and master.reactions == 1 and master.hp == master.max_hp
    assert any(f"reacts with dodge against {WOLF} and stops the blow" in t for t in texts(scene))
    lift_curtain(app)
    assert match.decision.actor == "wolf"
    app.press_key(pygame.K_SPACE)                       # its combat action is spent: no question
    app.settle(1)
    lift_curtain(app)
    assert match.decision.actor == "master"

    # -- back beside the wolf, the sword from the picker; the wolf takes it and drops
    app.click(scene.cell_pos((4, 2)))
    app.click(scene.cell_pos((5, 2)))
    assert scene.menu is not None
    sword = next(b for b in scene.menu.buttons if b.label.startswith(f"Sword at {WOLF} — lands "))
    shot(app, "04_picker")
    match.force_dice([10])
    app.click(sword.rect.center)
    app.settle(2)
    lift_curtain(app)
    assert match.decision.stage == "react" and match.decision.seat == 1
    take = next(b for b in scene.prompt_panel.buttons if b.label.startswith("Take the hit"))
    match.force_dice([100])                             # the 0-HP Perseverance test fails
    app.click(take.rect.center)
    app.settle(2)
    assert match.over and match.winner == 0
    assert match.state.creatures["wolf"].condition == "dying"
    assert any(t.startswith(f"{WOLF} Perseverance") and "failure" in t for t in texts(scene))
    for _ in range(5):
        app.step(dt=0.2)
    assert isinstance(app.top, ResultsScene)
    shot(app, "05_results")


@pytest.mark.rule("GU-88", "GU-GM-44", "GU-18", "GU-76")
def test_a_walk_out_of_reach_and_the_attack_of_opportunity_through_the_ui(app):
    """The Gu Master walks up to the wolf and on past it: the walk pauses where it leaves the
    wolf's reach, the wolf's seat gets the opportunity prompt (each strike with the engine's
    forecast, its cost in reactions, letting it go), bites from it, and the walk goes on."""
    from game.engine.systems.gu_masters import forecast
    from game.client.presenters.words import pct
    match = duel(wolf_hp=30)
    scene = open_battle(app, match)
    lift_curtain(app)
    app.click(scene.cell_pos((4, 2)))
    app.settle(2)
    master, wolf = match.state.creatures["master"], match.state.creatures["wolf"]
    assert (master.x, master.y) == (4, 2)
    app.click(scene.cell_pos((1, 2)))                   # back west, out of the bite's 1 m
    app.settle(2)
    lift_curtain(app)
    d = match.decision
    assert d.stage == "opportunity" and d.actor == "wolf" and scene.viewer == 1
    assert (master.x, master.y) == (3, 2)               # paused on the square it left it from
    panel = scene.prompt_panel
    assert panel is not None and panel.title == "Attack of opportunity?"
    assert "out of" in panel.body and "reach" in panel.body
    f = forecast.strike_forecast(match.state, wolf, master, "bite")
    bite, let_go = panel.buttons[0], panel.buttons[-1]
    assert bite.label == (f"Bite {MASTER} — Hit {pct(f.hit)} · {f.landing.dealt} dmg"
                          " · cannot drop it")
    assert bite.tooltip.startswith("Spends 1 of ") and "1 of 2 left this round" in bite.tooltip
    assert "own turn: it cannot react" in bite.tooltip      # GU-76: the walker cannot dodge it
    assert let_go.label.startswith(f"Let {MASTER} go — keeps 2 of 2 reactions")
    assert not (panel.rect.collidepoint(scene.cell_pos((3, 2)))
                or panel.rect.collidepoint(scene.cell_pos((5, 2))))   # both fighters in sight
    app.move_mouse(bite.rect.center)
    shot(app, "09_opportunity_prompt")
    hp = master.hp
    match.force_dice([10])
    app.click(bite.rect.center)
    app.settle(2)
    lift_curtain(app)
    assert master.hp == hp - f.landing.dealt and wolf.reactions == 1
    assert (master.x, master.y) == (1, 2)               # the walk went on to its goal
    assert match.decision.actor == "master" and match.decision.stage == "act"
    assert any(t.startswith(f"{WOLF} strikes at {MASTER} as it leaves its reach (1 reaction")
               for t in texts(scene))


def test_every_gu_masters_event_reads_as_our_own_words(monkeypatch):
    """Each event record of gu_masters gets a written line, never the generic field dump."""
    import dataclasses
    import typing
    from game.client.systems.gu_masters.presenter import GuMastersPresenter
    from game.engine.systems.gu_masters import events as E
    p = GuMastersPresenter(duel(wolf_hp=30))

    def generic(e):
        raise AssertionError(f"{type(e).__name__} fell through to the generic words")
    monkeypatch.setattr(p.event_log(), "fields_text", generic)
    words = {"path": ((5, 2), (6, 2)), "cell": (6, 2), "order": ("master", "wolf"),
             "scores": (3, 1), "modifiers": (("prone", 30),), "raws": (40, 72),
             "stages": (("shield", 3),), "skill": "Close Combat", "purpose": "bite master",
             "strike": "bite", "reaction": "dodge", "condition": "final_stand",
             "status": "bleeding", "gu": "moonlight", "why": "regen", "weapon": "sword",
             "dtype": "rending", "mode": "walk", "auto": ""}
    who = ("who", "attacker", "target", "victim", "mover", "against", "source")
    classes = [c for c in vars(E).values() if isinstance(c, type) and dataclasses.is_dataclass(c)
               and c.__module__ == E.__name__]
    assert len(classes) >= 14
    for cls in classes:
        hints = typing.get_type_hints(cls)
        kw: dict = {}
        for f in dataclasses.fields(cls):
            t = hints[f.name]
            if f.name in words:
                kw[f.name] = words[f.name]
            elif f.name in who:
                kw[f.name] = "wolf" if f.name != "attacker" else "master"
            elif t is bool:
                kw[f.name] = True
            elif t is int or set(typing.get_args(t)) == {int, type(None)}:
                kw[f.name] = 2
            else:
                kw[f.name] = "wolf"
        lines = p.log_lines([cls(**kw)])
        assert lines, cls.__name__
        for line in lines:
            assert line.text and "_" not in line.text and "master" not in line.text, \
                (cls.__name__, line.text)


def test_the_shots_show_a_forecast_a_flier_the_reaction_prompt_and_a_final_stand(app):
    """The screens `game shots` photographs: the forecast of a strike on a wolf with a Gu
    Master in the air, a bite waiting for the defender's reaction prompt, and a wolf in its
    final stand."""
    from game.client.systems.gu_masters.shots import build
    app.settings.animation_speed = "instant"
    shots = dict(build(app))
    assert {"gu_masters_battle", "gu_masters_reaction"} <= set(shots)
    battle = shots["gu_masters_battle"]
    app.apply(reset(battle))
    app.settle(2)
    assert battle._current_forecast().split("\n")[1].startswith("Hit ")
    assert any(t.altitude for t in battle.presenter.tokens())
    prompt = shots["gu_masters_reaction"]
    app.apply(reset(prompt))
    app.settle(2)
    assert prompt.prompt_panel is not None and prompt.prompt_panel.title == "React?"
    assert app.top is prompt                            # no curtain: the viewer is the defender
    stand = shots["gu_masters_final_stand"]
    app.apply(reset(stand))
    app.settle(2)
    wolf = next(t for t in stand.presenter.tokens() if t.id == "wolf_b")
    assert wolf.hp == 0 and any(g == "FS" for g, _w in wolf.badges)


@pytest.mark.parametrize("map_name", ["gu_cliffs.tmx", "gu_marsh.tmx"])
def test_gu_masters_from_the_title_on_each_map_against_the_computer(app, map_name, monkeypatch):
    """Title -> New game -> Gu Masters -> a map -> Start: the battle screen plays it to the
    results, the computer taking its turns and the Human's creature selected on each of hers."""
    from game import paths
    from game.client.scenes.new_match import NewMatchScene
    from game.client.scenes.title import TitleScene
    from tests.client.conftest import buttons
    monkeypatch.setattr(BattleScene, "ai_use_process", False)   # no worker start-up in tests
    app.settings.animation_speed = "instant"
    app.apply(reset(TitleScene(app)))
    app.settle()
    app.click_element(find_button(app, "New game"))
    scene = app.top
    assert isinstance(scene, NewMatchScene)
    app.click_element(find_button(app, "Gu Masters"))
    assert map_name in [m.id for m in scene.maps]
    app.click_element(scene.map_dropdown)
    label = next(m.label for m in scene.map_choices() if m.id == map_name)
    app.click_element([b for b in buttons(app) if b.text == label][-1])
    assert scene.map_id == map_name
    kinds = [s.kind for s in scene.seats]
    assert kinds[0] == "human" and kinds[1].startswith("ai:")     # the computer's best bot
    app.click_element(scene.start_button)
    lift_curtain(app)
    battle = app.top
    assert isinstance(battle, BattleScene), app.stack
    assert battle.match.config.system == "gu_masters" and battle.match.config.map == map_name
    assert (paths.maps_dir() / map_name).is_file()
    for _ in range(200):
        app.step(dt=0.3)
        if battle.human_turn():
            break
    assert battle.human_turn(), (battle.match.decision, battle.match.over, app.stack)
    # the Human answers each prompt with its first choice and ends her turns (key 1, Space,
    # confirming once): the computer plays on until one side is down or the rounds run out
    # a bound, not a clock: the bots think in slices over frames, so a loaded machine takes
    # more frames for the same 30 rounds
    for _ in range(30000):
        top = app.top
        if isinstance(top, ResultsScene):
            break
        if isinstance(top, ConfirmDialog):
            app.click_element(find_button(app, "End turn"))
        elif isinstance(top, HandoffScene):
            lift_curtain(app)
        elif top is battle and battle.human_turn() and not battle.animating:
            if battle.prompt_panel is not None:
                app.press_key(pygame.K_1)
            elif battle.match.decision.stage in ("dodge_move", "area_step", "drift"):
                cell = next(iter(battle._current_overlay().cells))
                if not battle.view.rect.collidepoint(battle.cell_pos(cell)):
                    battle.view.center_on(cell)          # as a player scrolls to it
                app.click(battle.cell_pos(cell))
            else:
                app.press_key(pygame.K_SPACE)
        app.step(dt=0.3)
    assert isinstance(app.top, ResultsScene), (battle.match.decision, app.stack)
    assert battle.match.over and app._fatal is None


@pytest.mark.rule("GU-42", "GU-80")
def test_a_gu_from_the_gu_bar_and_a_shield_gu_against_a_bite_through_the_ui(app):
    """The Gu bar: a card enters its targeting mode, the forecast shows on the foe, a click
    activates it; then the wolf bites and the defender's seat raises its Stone Shell Gu from
    the prompt, which names the damage that still gets through and the essence it costs."""
    setup = {"grid": GRID, "initiative": ["master", "wolf"],
             "creatures": [{"id": "master", "entry": "gu_master_r1", "side": 0, "x": 1, "y": 2},
                           {"id": "wolf", "entry": "wolf", "side": 1, "x": 4, "y": 2}]}
    match = Match.new(MatchConfig("gu_masters", 5, [SeatConfig("human", name="Player 1"),
                                                    SeatConfig("human", name="Player 2")],
                                  None, {}, setup))
    scene = open_battle(app, match)
    lift_curtain(app)
    bar = scene.widgets[0]
    master = match.state.creatures["master"]
    essence = master.essence
    # -- the Moonlight card: its hover says what it does and what it costs
    pos = bar.card_pos("moonlight")
    assert pos is not None and scene.view.rect.bottom <= bar.rect.top   # a row of its own
    app.move_mouse(pos)
    title, tip = bar.tip_at(pos)
    assert title == "Moonlight Gu" and tip[0] == f"Costs 2 essence (has {essence})"
    assert any(t.startswith(f"Best now: {WOLF}: Hit ") for t in tip)
    shot(app, "06_gu_bar")
    app.click(pos)
    assert scene.effective_mode() == "gu:moonlight"
    app.move_mouse(scene.cell_pos((4, 2)))
    fc = scene._current_forecast()
    assert fc.startswith(f"Activate Moonlight Gu at {WOLF}\nHit ")
    assert "Roll d100 under: Ranged Attack" in fc
    shot(app, "07_gu_forecast")
    match.force_dice([10])
    app.click(scene.cell_pos((4, 2)))
    app.settle(2)
    lift_curtain(app)
    if match.decision.stage == "react":                 # the wolf may answer the crescent
        take = next(b for b in scene.prompt_panel.buttons if b.label.startswith("Take the hit"))
        app.click(take.rect.center)
        app.settle(2)
        lift_curtain(app)
    assert master.essence == essence - 2
    assert any(f"{MASTER} activates Moonlight Gu at {WOLF}" in t for t in texts(scene))
    assert scene.effective_mode() != "gu:moonlight"       # back to moving
    app.press_key(pygame.K_SPACE)
    app.settle(1)
    lift_curtain(app)
    assert match.decision.actor == "wolf"

    # -- the wolf walks up and bites; a forced 10 hits
    app.click(scene.cell_pos((2, 2)))
    app.click(scene.button_pos("strike"))
    match.force_dice([10])
    app.click(scene.cell_pos((1, 2)))
    if scene.menu is not None:
        app.click(scene.menu.buttons[0].rect.center)
    app.settle(2)
    lift_curtain(app)
    assert match.decision.stage == "react" and scene.viewer == 0
    shell = next(b for b in scene.prompt_panel.buttons if b.label.startswith("Stone Shell Gu"))
    assert shell.label.endswith(" dmg gets through")
    assert shell.tooltip.startswith(f"Shield Gu: costs 3 essence (has {master.essence})")
    app.move_mouse(shell.rect.center)
    shot(app, "08_shield_prompt")
    hp, essence = master.hp, master.essence
    app.click(shell.rect.center)
    app.settle(2)
    assert master.essence == essence - 3 and master.reactions == 1
    assert any(f"{MASTER} reacts with shield gu against {WOLF}" in t for t in texts(scene))
    assert master.hp >= hp - int(shell.label.split(" — ")[1].split()[0])

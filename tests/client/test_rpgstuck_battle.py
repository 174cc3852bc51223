"""An rpgstuck battle through the real battle screen with synthetic input (SDL dummy driver):
moving by clicking tinted squares with the path and its cost, attacking with a button and a
click after reading the forecast, the Block prompt for the defender's seat with its odds, the
hotseat curtain, forced dice, and playing on to the results; the menus start the system on both
of its maps, hotseat and against the computer. Set RPGSTUCK_SHOTS=<folder> to keep PNGs of the
screen at the key moments."""
from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game import paths
from game.client.scene import reset
from game.client.scenes.battle import BattleScene
from game.client.scenes.handoff import HandoffScene
from game.client.scenes.new_match import NewMatchScene
from game.client.scenes.results import ResultsScene
from game.client.scenes.title import TitleScene
from game.client.ui.dialogs import ConfirmDialog
from game.engine.match import Match
from game.engine.rules import MatchConfig, SeatConfig
from game.engine.systems.rpgstuck.actions import Attack, Block
from tests.client.conftest import buttons, find_button

pytestmark = pytest.mark.client

SHOTS = os.environ.get("RPGSTUCK_SHOTS")

# a small hall: a pillar and half cover between a Knight and an Imp (our own layout)
GRID = {"rows": ["..........",
                 "....#.....",
                 "..........",
                 "......h...",
                 ".........."]}


def shot(app, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        app.screenshot(Path(SHOTS) / f"{name}.png")


def duel(imp_hp: int = 3, seats: tuple[str, str] = ("human", "human")) -> Match:
    setup = {"grid": GRID, "initiative": ["knight", "imp"],
             "creatures": [{"id": "knight", "entry": "knight", "side": 0, "x": 1, "y": 2},
                           {"id": "imp", "entry": "imp", "side": 1, "x": 6, "y": 2,
                            "overrides": {"hp": imp_hp}}]}
    return Match.new(MatchConfig("rpgstuck", 5, [SeatConfig(k, name=f"Player {i + 1}")
                                                 for i, k in enumerate(seats)], None, {}, setup))


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


@pytest.mark.rule("RS-B-11", "RS-B-12", "RS-B-14", "RS-B-29", "RS-30")
def test_a_hotseat_duel_to_the_end_through_the_ui(app):
    match = duel()
    scene = open_battle(app, match)
    lift_curtain(app)
    assert match.decision.actor == "knight" and scene.selected == "knight"
    shot(app, "01_start")

    # -- Move (the default mode): reachable squares tinted, the path and its cost on hover
    ov = scene._current_overlay()
    assert (5, 2) in ov.cells and ov.veil
    app.move_mouse(scene.cell_pos((5, 2)))
    ov = scene._current_overlay()
    assert ov.path[0] == (1, 2) and ov.path[-1] == (5, 2)
    assert ov.marks == {(5, 2): "20 ft"}
    assert scene._current_forecast().startswith("Walk to 5,2\n20 ft of 30 ft")
    shot(app, "02_move")
    app.click(scene.cell_pos((5, 2)))
    assert (match.state.creatures["knight"].x, match.state.creatures["knight"].y) == (5, 2)
    assert any("Knight walks to 5,2" in t for t in texts(scene))

    # -- ending the turn with the attack unused asks once
    app.press_key(pygame.K_SPACE)
    assert isinstance(app.top, ConfirmDialog)
    app.click_element(find_button(app, "End turn"))
    app.settle(1)
    lift_curtain(app)
    assert match.decision.actor == "imp" and scene.viewer == 1

    # -- the Imp's Claw by its button; the forecast on hover, then the click
    pos = scene.button_pos("atk:imp_claw")
    assert pos is not None
    app.click(pos)
    assert scene.effective_mode() == "atk:imp_claw"
    app.move_mouse(scene.cell_pos((5, 2)))
    fc = scene._current_forecast()
    assert fc.startswith("Claw on Knight\nHit ") and "to drop" in fc and "may Block d4" in fc
    shot(app, "03_claw_forecast")
    app.click(scene.cell_pos((5, 2)))
    # the picker: the plain attack first, then a called shot at each part (RS-44), each line
    # with the engine's odds for that aim (a part's Y makes the hit less likely, RS-45)
    assert scene.menu is not None
    labels = [b.label for b in scene.menu.buttons]
    assert labels[0].startswith("Claw Knight — hit ")
    head = next(x for x in labels if x.startswith("Claw Knight at the Head — hit "))
    def hit(label: str) -> int:
        return int(label.split("hit ")[1].split("%")[0])
    assert hit(head) < hit(labels[0])
    shot(app, "03b_called_shot_picker")
    app.click(scene.menu.buttons[0].rect.center)
    # -- the Knight's seat answers the Block prompt behind the curtain (the Imp's side may see
    # what the Knight's may not), each answer with its hit chance
    lift_curtain(app)
    d = match.decision
    assert d.stage == "block" and d.seat == 0 and scene.viewer == 0
    assert scene.prompt_panel is not None and scene.prompt_panel.title == "Block?"
    labels = [b.label for b in scene.prompt_panel.buttons]
    assert labels[0].startswith("Block (d4) — hit ") and labels[1].startswith("Take it — hit ")
    block_hit = int(labels[0].split("hit ")[1].split("%")[0])
    take_hit = int(labels[1].split("hit ")[1].split("%")[0])
    assert block_hit < take_hit
    assert "imp" in scene.view.marked                 # the attacker is outlined
    shot(app, "04_block_prompt")
    match.force_dice([2, 1])                          # a natural 2 (and the Block die): a miss
    app.click(scene.prompt_panel.buttons[0].rect.center)
    app.settle(2)
    assert not match.state.creatures["knight"].reaction
    assert any("blocks with a d4" in t for t in texts(scene))
    assert any(t.startswith("Imp misses Knight") for t in texts(scene))
    lift_curtain(app)                                 # the table goes back to the Imp's seat
    assert match.decision.actor == "imp" and scene.viewer == 1
    app.press_key(pygame.K_SPACE)
    app.settle(1)
    lift_curtain(app)
    assert match.decision.actor == "knight"

    # -- the Knight's Strike by its number key: a forced hit drops the Imp and ends the battle
    strike = next(b for b in scene.presenter.buttons("knight", None) if b.id == "atk:strike")
    app.press_key(getattr(pygame, f"K_{strike.hotkey}"))
    assert scene.effective_mode() == "atk:strike"
    app.move_mouse(scene.cell_pos((6, 2)))
    assert scene._current_forecast().startswith("Strike on Imp\nHit ")
    match.force_dice([18, 8])
    app.click(scene.cell_pos((6, 2)))
    assert scene.menu is not None and scene.menu.buttons[0].label.startswith("Strike Imp — hit ")
    app.click(scene.menu.buttons[0].rect.center)
    app.settle(2)
    assert match.over and match.winner == 0
    assert any("Imp falls unconscious" in t for t in texts(scene))
    for _ in range(5):
        app.step(dt=0.2)
    assert isinstance(app.top, ResultsScene)
    shot(app, "05_results")


@pytest.mark.rule("RS-104", "RS-99")
def test_the_map_draws_only_what_the_viewing_side_perceives(app):
    """Behind the wall, the Imp is out of the Knight's sight after it slips away: the Knight's
    side sees no token, no initiative slot and no panel of it, only its last known square, and
    the log does not say where it went."""
    setup = {"grid": {"rows": ["..........",
                               "....#.....",
                               "....#.....",
                               "....#.....",
                               ".........."]},
             "initiative": ["imp", "knight"],
             "creatures": [{"id": "knight", "entry": "knight", "side": 0, "x": 1, "y": 2},
                           {"id": "imp", "entry": "imp", "side": 1, "x": 3, "y": 4}]}
    match = Match.new(MatchConfig("rpgstuck", 5, [SeatConfig("human"), SeatConfig("human")],
                                  None, {}, setup))
    scene = open_battle(app, match)
    lift_curtain(app)
    p = scene.presenter
    assert scene.viewer == 1
    from game.engine.systems.rpgstuck.actions import Move
    scene.submit(next(a for a in match.legal_actions()
                      if isinstance(a, Move) and (a.x, a.y) == (6, 2)))
    p.seat = 0
    assert "imp" not in {t.id for t in p.tokens(0)}
    assert "imp" not in {e.id for e in p.initiative()[0]}
    assert p.unit_at((6, 2)) is None and p.unit_panel("imp") is None
    assert p.last_known() == [((3, 4), 1, "Imp")]
    assert any("last seen" in ln.text for ln in p.tile_panel((3, 4)).lines)
    # the move left the shared log without its square
    assert "Something moves out of sight" in texts(scene)
    assert not any("Imp walks" in t for t in texts(scene))
    # its own side sees it, and lost sight of the Knight the same way
    p.seat = 1
    assert {t.id for t in p.tokens(1)} == {"imp"}
    assert p.last_known() == [((1, 2), 1, "Knight")]


@pytest.mark.rule("RS-101")
def test_the_light_of_the_map_is_shaded_and_named(app):
    """The crypt's dim and dark squares (the map's sources counted) are what the veil shades,
    and the square panel names the light."""
    from game.engine.systems.rpgstuck.terrain import field_of
    cfg = MatchConfig("rpgstuck", 3, [SeatConfig("human"), SeatConfig("human")],
                      "rpgstuck_crypt.tmx", {}, {"teams": ["first_strife", "crypt_swarm"]})
    match = Match.new(cfg)
    scene = open_battle(app, match)
    lift_curtain(app)
    light = scene.presenter.light()
    f = field_of(match.state.board)
    assert set(light.values()) == {"dim", "dark"}
    assert light == {c: f.light_at(c) for c in f.cells() if f.light_at(c) != "bright"}
    dark = next(c for c, v in sorted(light.items()) if v == "dark")
    panel = scene.presenter.tile_panel(dark)
    assert any(ln.label == "Light" and ln.text == "Darkness" for ln in panel.lines)
    # the veil is one of the map's layers, drawn under the tokens
    from game.client.systems.rpgstuck.layers import VEIL, LightVeil
    veil = next(layer for layer in scene.view.layers_below if isinstance(layer, LightVeil))
    # drawn once per zoom over the whole map and moved with the camera: at whole-pixel cameras
    # (zoomed out, zoomed in and panned) it shades exactly the squares a veil drawn for the
    # view where the camera stands shades
    view = scene.view
    for zoom, pan in ((0, (0, 0)), (2, (37, 21)), (-1, (-60, 45))):
        view.zoom_by(zoom, view.rect.center)
        view.pan(*pan)
        view.cam = [float(round(c)) for c in view.cam]
        kept = pygame.Surface(app.size, pygame.SRCALPHA)
        veil(kept, view)
        by_hand = pygame.Surface(app.size, pygame.SRCALPHA)
        by_hand.set_clip(view.rect)
        for cell, level in light.items():
            colour, alpha = VEIL[level]
            by_hand.fill((*colour, alpha), view.cell_rect(cell))
        assert (pygame.image.tobytes(kept.subsurface(view.rect), "RGBA")
                == pygame.image.tobytes(by_hand.subsurface(view.rect), "RGBA")), (zoom, pan)
        picture = veil._pic
        view.pan(3, 2)                        # the camera moves: the same picture, moved
        veil(kept, view)
        assert veil._pic is picture


def test_every_rpgstuck_event_reads_as_our_own_words(monkeypatch):
    """Each event record of rpgstuck gets a written line, never the generic field dump."""
    import dataclasses
    import typing
    from game.client.systems.rpgstuck.presenter import RpgStuckPresenter
    from game.engine.dice import Roll
    from game.engine.systems.rpgstuck import events as E
    p = RpgStuckPresenter(duel(imp_hp=30))

    def generic(e):
        raise AssertionError(f"{type(e).__name__} fell through to the generic words")
    monkeypatch.setattr(p.event_log(), "fields_text", generic)
    samples = {str: "knight", int: 2, bool: True}
    classes = [c for c in vars(E).values() if isinstance(c, type) and dataclasses.is_dataclass(c)
               and c.__module__ == E.__name__]
    assert len(classes) >= 14
    for cls in classes:
        hints = typing.get_type_hints(cls)
        kw: dict = {}
        for f in dataclasses.fields(cls):
            t = hints[f.name]
            if f.name in ("path", "targets"):
                kw[f.name] = ((5, 2), (6, 2))
            elif f.name == "cell":
                kw[f.name] = (6, 2)
            elif f.name in ("order",):
                kw[f.name] = ("knight", "imp")
            elif f.name in ("scores",):
                kw[f.name] = (12, 9)
            elif f.name == "terms":
                kw[f.name] = (("d20", 12), ("STR", 3))
            elif f.name in ("ability", "source"):
                kw[f.name] = "strike"
            elif f.name in ("condition",):
                kw[f.name] = "prone"
            elif f.name in ("target", "defender", "creature", "victim", "mover"):
                kw[f.name] = "imp"
            elif f.name in ("skill", "what", "how", "part", "purpose", "die", "against", "cost",
                            "why"):
                kw[f.name] = {"skill": "athletics", "what": "aim", "how": "coup de grace",
                              "part": "head", "purpose": "shove", "die": "d4",
                              "against": "AC", "cost": "minor", "why": "let go"}[f.name] \
                    if t is str else 12
            elif t is Roll:
                kw[f.name] = Roll("attack", "d20", (12,), (), 12)
            elif set(typing.get_args(t)) == {int, type(None)}:
                kw[f.name] = 2                     # a number where there is one
            else:
                kw[f.name] = samples.get(t, "knight")
        e = cls(**kw)
        lines = p.log_lines([e])
        assert lines, cls.__name__
        for line in lines:
            assert line.text and "_" not in line.text and "knight" not in line.text, \
                (cls.__name__, line.text)


@pytest.mark.parametrize("map_name", ["rpgstuck_crypt.tmx", "rpgstuck_ravine.tmx"])
def test_rpgstuck_from_the_title_on_each_map_against_the_computer(app, map_name, monkeypatch):
    """Title -> New game -> RPGStuck -> a map -> Start: the battle screen plays it to the
    results, the computer taking its turns, the Human's creature selected on each of hers."""
    monkeypatch.setattr(BattleScene, "ai_use_process", False)   # no worker start-up in tests
    app.settings.animation_speed = "instant"
    app.apply(reset(TitleScene(app)))
    app.settle()
    app.click_element(find_button(app, "New game"))
    scene = app.top
    assert isinstance(scene, NewMatchScene)
    app.click_element(find_button(app, "RPGStuck"))
    assert map_name in [m.id for m in scene.maps]
    app.click_element(scene.map_dropdown)
    label = next(m.label for m in scene.map_choices() if m.id == map_name)
    app.click_element([b for b in buttons(app) if b.text == label][-1])
    assert scene.map_id == map_name
    assert [s.kind for s in scene.seats] == ["human", "ai:normal"]
    app.click_element(scene.start_button)
    lift_curtain(app)
    battle = app.top
    assert isinstance(battle, BattleScene), app.stack
    assert battle.match.config.system == "rpgstuck" and battle.match.config.map == map_name
    for _ in range(200):
        app.step(dt=0.3)
        if battle.human_turn():
            break
    assert battle.human_turn(), (battle.match.decision, battle.match.over, app.stack,
                                 len(battle.match.log))
    assert battle.selected == battle.match.decision.actor
    assert (paths.maps_dir() / map_name).is_file()
    # the Human only blocks and ends turns (keys 1 and Space, confirming once each turn): the
    # computer's side plays on until one side is down, and the results come up
    for _ in range(4000):
        top = app.top
        if isinstance(top, ResultsScene):
            break
        if isinstance(top, ConfirmDialog):
            app.click_element(find_button(app, "End turn"))
        elif top is battle and battle.human_turn() and not battle.animating:
            app.press_key(pygame.K_1 if battle.prompt_panel is not None else pygame.K_SPACE)
        app.step(dt=0.3)
    assert isinstance(app.top, ResultsScene), (battle.match.decision, app.stack)
    assert battle.match.over
    assert app._fatal is None


def test_the_shots_show_a_picker_a_forecast_a_dark_corner_and_the_block_prompt(app):
    """The screens `game shots` photographs: the mid-fight picker open with each choice's odds
    over the veiled crypt with an enemy's last known square marked, the forecast on hover, and
    the Block prompt for the defender's seat."""
    from game.client.systems.rpgstuck.shots import build
    app.settings.animation_speed = "instant"
    shots = dict(build(app))
    assert {"rpgstuck_battle", "rpgstuck_called_shot", "rpgstuck_forecast",
            "rpgstuck_block"} <= set(shots)
    battle = shots["rpgstuck_battle"]
    app.apply(reset(battle))
    app.settle(2)
    assert battle.menu is not None and battle.menu.title.startswith("Cleave")
    assert all(" — hit " in b.label for b in battle.menu.buttons)
    p = battle.presenter
    assert p.seat == 0 and p.last_known() and "dark" in set(p.light().values())
    aim = shots["rpgstuck_called_shot"]
    app.apply(reset(aim))
    app.settle(2)
    assert aim.menu is not None and aim.menu.title.startswith("Strike")
    labels = [b.label for b in aim.menu.buttons]
    assert " at the " not in labels[0]
    assert any(" at the Head — hit " in x and x.endswith("+50% damage") for x in labels)
    fc = shots["rpgstuck_forecast"]
    app.apply(reset(fc))
    app.settle(2)
    assert fc._current_forecast().startswith("Strike on Imp 3\nHit ")
    block = shots["rpgstuck_block"]
    app.apply(reset(block))
    app.settle(2)
    assert block.prompt_panel is not None and block.prompt_panel.title == "Block?"
    assert app.top is block                             # no curtain: the viewer is the defender


@pytest.mark.rule("RS-B-25", "RS-B-26")
def test_the_shots_show_a_flier_in_the_air_and_an_opportunity_prompt(app):
    """A harpy 15 ft over the hall with its altitude on the token, the Knight's Strike hovering
    it with the engine's reason it cannot reach; the opportunity prompt for an imp's seat."""
    from game.client.systems.rpgstuck.shots import HARPY_TO, build
    app.settings.animation_speed = "instant"
    shots = dict(build(app))
    fl = shots["rpgstuck_flier"]
    app.apply(reset(fl))
    app.settle(2)
    tok = {t.id: t for t in fl.presenter.tokens(0)}["harpy"]
    assert tok.altitude == 15 and (tok.x, tok.y) == HARPY_TO
    assert fl._current_forecast().startswith("Strike cannot reach\nHarpy is ")
    op = shots["rpgstuck_opportunity"]
    app.apply(reset(op))
    app.settle(2)
    assert op.prompt_panel is not None and op.prompt_panel.title == "Opportunity attack?"


def test_every_rpgstuck_action_reads_as_our_own_words(monkeypatch):
    """Each action a seat can pick (the More menu lists the ones without a button) is named in
    words, never by its record's class name (Area Attack and Use Step once were)."""
    import dataclasses
    import typing
    from game.client.systems.rpgstuck.presenter import RpgStuckPresenter
    from game.engine.systems.rpgstuck import actions as A
    from tests.rpgstuck.engine_helpers import battle
    m = battle([("psion", "psion", 0, 2, 2), ("brawler", "brawler", 0, 3, 2),
                ("imp", "imp", 1, 4, 2)])
    p = RpgStuckPresenter(m)

    def unnamed(a):
        raise AssertionError(f"{type(a).__name__} has no words of its own")
    monkeypatch.setattr(p, "unnamed_action", unnamed)
    samples = {str: "psion", int: 2, bool: True}
    classes = [c for c in vars(A).values() if isinstance(c, type) and dataclasses.is_dataclass(c)
               and c.__module__ == A.__name__ and getattr(c, "kind", "").startswith("rs.")]
    assert len(classes) > 20
    for cls in classes:
        hints = typing.get_type_hints(cls)
        values = {}
        for f in dataclasses.fields(cls):
            t = hints[f.name]
            if f.name == "ability":
                values[f.name] = "strike"
            elif t in samples:
                values[f.name] = samples[t]
            elif typing.get_origin(t) is tuple:
                values[f.name] = ((4, 2),)
            else:
                values[f.name] = f.default if f.default is not dataclasses.MISSING else None
        if cls is A.AreaAttack:
            values["ability"] = "psi_pulse"
        if cls is A.UseStep:
            values["step"] = "sanguine_brave"
        text = p.describe(cls(**values))
        assert text and "_" not in text, (cls.__name__, text)
    assert p.describe(A.AreaAttack("psion", "psi_pulse")).startswith("Psi Pulse")
    assert p.describe(A.UseStep("brawler", "sanguine_brave")) == "Call on Sanguine: Brave"


@pytest.mark.rule("RS-44")
def test_every_part_effect_has_words_in_the_aim_picker():
    """The picker says what a hit on each part does: every effect id the content may use has
    its words in looks.PART_EFFECTS."""
    from game.client.systems.rpgstuck import looks
    from game.engine.systems.rpgstuck.content import PART_EFFECTS
    assert set(PART_EFFECTS) <= set(looks.PART_EFFECTS)


@pytest.mark.parametrize("map_name", ["rpgstuck_crypt.tmx", "rpgstuck_ravine.tmx"])
def test_a_new_rpgstuck_match_sets_the_first_party_against_an_encounter_of_the_map(app,
                                                                                     map_name):
    """A new player who picks RPGStuck and a map meets the map's monsters (its first encounter,
    with its flier), not a second party of heroes: the seat defaults are the system's own."""
    from game.engine.systems.rpgstuck.content import content
    app.apply(reset(TitleScene(app)))
    app.settle()
    app.click_element(find_button(app, "New game"))
    scene = app.top
    app.click_element(find_button(app, "RPGStuck"))
    scene.choose_map(map_name)
    c = content()
    first, second = (s.team for s in scene.seats)
    assert first == next(iter(c.parties))
    assert second in c.encounters and c.encounters[second].map == map_name[:-4]
    assert second == next(e for e, x in c.encounters.items() if x.map == map_name[:-4])


@pytest.mark.rule("RS-107")
def test_no_tooltip_of_the_battle_stays_over_a_dialog(app, monkeypatch):
    """A hover's tooltip (the map's forecast, a bar's or a portrait's words) belongs to the
    screen being pointed at: with a dialog over the battle, the battle draws none (the last
    hover's box stayed over the dialog)."""
    from game.client.scene import push
    from game.client.ui import battle_widgets as W
    from tests.client.test_rpgstuck_presenter import _jumper
    drawn = []
    real = W.draw_tooltip
    monkeypatch.setattr(W, "draw_tooltip", lambda *a, **k: (drawn.append(a[3]), real(*a, **k)))
    scene = open_battle(app, _jumper())
    app.move_mouse(scene.cell_pos((6, 1)))            # a jump's landing: its forecast
    app.settle(2)
    assert drawn and drawn[-1].startswith("Jump to 6,1")
    app.apply(push(ConfirmDialog(app, "End the turn?", "Your Knight can still act.",
                                 tag="end_turn", ok_label="End turn")))
    drawn.clear()
    app.settle(2)
    assert drawn == []


@pytest.mark.rule("RS-64", "RS-71")
def test_a_grab_through_the_ui_shows_its_chance_then_holds(app):
    """The Grapple button, the hover over the imp with the engine's chance to hold it, the
    click; the held imp's token wears the grappled badge."""
    from game.client.systems.rpgstuck.presenter import pct
    from game.engine.systems.rpgstuck import grapple
    match = duel(imp_hp=16)
    knight = match.state.creatures["knight"]
    knight.x = 5
    match.edited()
    scene = open_battle(app, match)
    lift_curtain(app)
    pos = scene.button_pos("grapple")
    assert pos is not None
    app.click(pos)
    assert scene.effective_mode() == "grapple"
    app.move_mouse(scene.cell_pos((6, 2)))
    chance = grapple.grapple_odds(match.state, knight, match.state.creatures["imp"])
    fc = scene._current_forecast()
    assert fc.startswith(f"Grab Imp: {pct(chance)} to hold it")
    shot(app, "06_grab_forecast")
    match.rng.force([20, 1])
    app.click(scene.cell_pos((6, 2)))
    app.settle(1)
    assert match.state.creatures["imp"].has("grappled")
    assert any("grabs" in t for t in texts(scene))

"""A bindings battle played through the real battle screen with synthetic input (SDL dummy
driver): aiming a projectile with its forecast and line of sight, moving on hex maps by clicking
tinted hexes, the hotseat curtain, the defend prompt when an attack lands before the target's turn,
forced dice, and playing on to the results. Set BINDINGS_SHOTS=<folder> to keep PNGs of the screen
at the key moments (1280x720 here; the 1920x1080 test draws the same battle larger)."""
from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.client.scene import reset
from game.client.scenes.battle import BattleScene
from game.client.scenes.handoff import HandoffScene
from game.client.scenes.results import ResultsScene
from game.engine.systems.bindings import actions as A
from tests.bindings.bndtools import duel

pytestmark = pytest.mark.client

SHOTS = os.environ.get("BINDINGS_SHOTS")


def shot(app, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        app.screenshot(Path(SHOTS) / f"{name}.png")


def open_battle(app, match) -> BattleScene:
    app.settings.animation_speed = "instant"
    scene = BattleScene(app, match)
    scene.ai_use_process = False
    app.apply(reset(scene))
    app.settle(2)
    return scene


def lift_curtain(app) -> None:
    assert isinstance(app.top, HandoffScene), f"expected the curtain, top is {app.top}"
    app.step(dt=0.5)
    app.click((app.size[0] // 2, app.size[1] // 2))
    app.settle(1)


def where(match, cid: str) -> tuple[int, int]:
    c = match.state.combatants[cid]
    return (c.x, c.y)


@pytest.mark.parametrize("axis,index", [("y", "odd"), ("x", "even")])
def test_hex_picking_follows_the_map_geometry_at_staggered_row_edges(app, axis, index):
    """The hovered hex is the one under the pointer: every hex's centre (both stagger axes) and
    points near the corners shared by staggered rows pick through MapGeometry, and the
    presenter's tile panel names that hex."""
    match = duel(a=dict(x=0, y=0), b=dict(x=6, y=0), axis=axis, index=index)
    scene = open_battle(app, match)
    view = scene.view
    assert view.geo.hex is not None and view.geo.hex.stagger_axis == axis
    for cell in [(x, y) for x in range(12) for y in range(7)]:
        app.move_mouse(scene.cell_pos(cell))
        assert scene.hover_cell == cell
    assert scene.presenter.tile_panel((5, 2)).title == "Hex 5, 2"
    if axis == "x":
        return
    # a point just inside the lower-left corner of hex (3, 2) belongs to (3, 2), while the
    # same distance outside it belongs to the shifted row below
    poly = view.cell_polygon((3, 2))
    cx, cy = view.cell_center((3, 2))
    low = max(poly, key=lambda p: (p[1], -p[0]))         # the bottom corner of a pointy hex
    inside = (int(round(cx + (low[0] - cx) * 0.85)), int(round(cy + (low[1] - cy) * 0.85)))
    outside = (int(round(cx + (low[0] - cx) * 1.15)), int(round(cy + (low[1] - cy) * 1.15)))
    app.move_mouse(inside)
    assert scene.hover_cell == (3, 2)
    app.move_mouse(outside)
    assert scene.hover_cell not in (None, (3, 2)) and scene.hover_cell[1] == 3


def test_a_hotseat_duel_to_the_end_through_the_ui(app):
    # the brawler has 4 HP so one Air Blast can finish the battle
    match = duel(a=dict(x=0, y=0), b=dict(x=6, y=0, hp=4))
    scene = open_battle(app, match)
    assert match.decision.stage == "act" and match.state.acting == "a"
    assert scene.selected == "a"
    # the sidebar shows the aeromancer's budget and rates
    panel = scene.presenter.unit_panel("a")
    text = " ".join(ln.text for _t, lines in panel.sections for ln in lines)
    assert "Full/Std+Move/Move+Move" in text.replace(" ", "") and "Move 3H+1" in text
    shot(app, "01_start")

    # -- Air Blast: press its button, hover the brawler (forecast + sight line), click
    pos = scene.button_pos("move:air_blast")
    assert pos is not None
    app.click(pos)
    assert scene.effective_mode() == "use:air_blast"
    ov = scene._current_overlay()
    assert (6, 0) in ov.targets
    app.move_mouse(scene.cell_pos((6, 0)))
    forecast = scene._current_forecast()
    assert forecast.startswith("Air Blast at Brawler")
    assert "Hit " in forecast and "%" in forecast and "arrives S2" in forecast
    assert scene.presenter.sight_query(scene.effective_mode(), "a", (6, 0)) == ((0, 0), (6, 0), "a")
    shot(app, "02_aim_air_blast")
    app.click(scene.cell_pos((6, 0)))
    # the talent makes a cheaper variant legal: a menu asks which, the cheaper one first
    assert scene.menu is not None
    labels = [b.label for b in scene.menu.buttons]
    assert "cheaper" in labels[0] and labels[1] == "Air Blast at Brawler"
    app.click(scene.menu.buttons[1].rect.center)
    assert [a.move for a in match.state.attacks] == ["air_blast"]
    assert match.state.attacks[0].pos == (5, 0)          # 5 hexes this segment, one to go
    assert any("arrives S2" in ln.text for ln, _ in scene.log.lines)
    shot(app, "03_in_flight")

    # -- end the turn: the slot is used, so no question; the brawler's seat gets the curtain
    app.press_key(pygame.K_SPACE)
    lift_curtain(app)
    assert match.state.acting == "b" and scene.viewer == 1
    # Movement menu -> Move: reachable hexes tinted, a path on hover, click to go
    app.click(scene.button_pos("movement"))
    assert scene.menu is not None
    move_entry = next(b for b in scene.menu.buttons if b.label.startswith("Move ·"))
    app.click(move_entry.rect.center)
    assert scene.effective_mode() == "mv:move"
    ov = scene._current_overlay()
    assert (7, 1) in ov.cells and ov.veil
    app.move_mouse(scene.cell_pos((7, 1)))
    ov = scene._current_overlay()
    assert ov.path[0] == (6, 0) and ov.path[-1] == (7, 1)
    shot(app, "04_move_reach")
    app.click(scene.cell_pos((7, 1)))
    assert where(match, "b") == (7, 1)
    # the rest of this segment's hexes: the default mode continues the movement
    assert scene.effective_mode() == "moveto"
    assert scene._current_overlay().cells
    # ending now asks once about the hexes left
    app.press_key(pygame.K_SPACE)
    from game.client.ui.dialogs import ConfirmDialog
    assert isinstance(app.top, ConfirmDialog)
    app.press_key(pygame.K_RETURN)
    app.settle(1)

    # -- S2: the blast reaches the brawler on the aeromancer's turn, before the brawler's:
    # the brawler's seat answers the defend prompt (it is still at the table: no curtain)
    d = match.decision
    assert d.stage == "defend" and d.seat == 1
    assert app.top is scene and scene.viewer == 1
    assert scene.prompt_panel is not None and scene.prompt_panel.title == "Defend?"
    labels = [b.label for b in scene.prompt_panel.buttons]
    assert labels[0].startswith("Dodge (Move) — hit ")
    assert labels[-1].startswith("Take it (free) — hit ")
    assert any(lab.startswith("Counter: Unarmed Strike (Standard) — hit ") for lab in labels)
    assert any(lab.startswith("Brace (Standard) — hit ") for lab in labels)
    assert "Aeromancer's Air Blast reaches Brawler" in scene.prompt_panel.body
    # the prompt keeps the incoming projectile in sight, as it does the units it is about
    cells = scene.presenter.prompt_focus_cells()
    assert cells == [tuple(match.state.attacks[0].pos)]
    assert not scene.prompt_panel.rect.colliderect(scene.view.cell_rect(cells[0]))
    # the brawler moved since the launch: each answer's numbers are the attack record's own
    from game.engine.systems.bindings import forecast
    for b in scene.prompt_panel.buttons:
        odds = forecast.defence_odds(match.state, b.payload.attack, b.payload.move)
        assert b.label.endswith("— " + forecast.defence_words(odds)), b.label
    take = scene.prompt_panel.buttons[-1]
    assert "Keeps this segment's slot and the round's budget" in take.tooltip
    assert "Costs a Move action and this segment's slot" in scene.prompt_panel.buttons[0].tooltip
    assert "a" in scene.view.marked                         # the attacker is outlined
    shot(app, "05_defend_prompt")
    # take it: offence 2d6 = 6+6, damage 1d6 = 6 -> far past 4 HP
    match.force_dice([6, 6, 6])
    app.click(scene.prompt_panel.buttons[-1].rect.center)
    app.settle(3)
    assert match.state.combatants["b"].down
    texts = [ln.text for ln, _ in scene.log.lines]
    assert any("Aeromancer hits Brawler" in t for t in texts)
    assert any("Brawler is down" in t for t in texts)
    # the offence roll is in the log with its terms for the hover tooltip
    roll = next(ln for ln, _ in scene.log.lines if ("2d6", "6 + 6") in ln.terms)
    assert roll.terms[-1][0] == "Total" and int(roll.terms[-1][1]) >= 12
    assert match.over and match.winner == 0
    for _ in range(5):
        app.step(dt=0.2)
    assert isinstance(app.top, ResultsScene)
    # per unit, the damage is the aeromancer's (the event names its move; #12's story per unit)
    stats = dict(app.top.stats)
    assert stats["Player 2's dice"].endswith(" 1 roll)")    # the one attack roll: not "1 rolls"
    dealt = match.tally().taken["b"]
    assert dealt > 0
    assert app.top.units == [[("Aeromancer", f"dealt {dealt} · took 0")],
                             [("Brawler", f"dealt 0 · took {dealt} · down")]]
    shot(app, "06_results")


def test_defend_with_dodge_then_the_attack_lands_on_the_defenders_turn(app):
    """A declared Dodge defers the attack to the defender's turn (BND-13); the prompt's options
    are exactly the engine's Defend actions."""
    match = duel(a=dict(x=0, y=0), b=dict(x=4, y=0))
    scene = open_battle(app, match)
    app.click(scene.button_pos("move:air_blast"))
    app.click(scene.cell_pos((4, 0)))
    app.click(scene.menu.buttons[0].rect.center)          # contact at once: 4 hexes at 5H
    assert match.decision.stage == "defend"
    lift_curtain(app)
    legal = {a.move for a in match.legal_actions() if isinstance(a, A.Defend)}
    shown = {b.payload.move for b in scene.prompt_panel.buttons}
    assert shown == legal
    # nobody moved since the launch: the answers' odds agree with the aiming forecast's, the
    # Reaction's with its no-defence case and the best answer's with its defended case
    from game.engine.systems.bindings.forecast import attack_odds
    odds = attack_odds(match.state, "a", "air_blast", (4, 0))
    pct = lambda p: f"{round(float(p) * 100)}%"             # noqa: E731
    take = scene.prompt_panel.buttons[-1]
    assert take.label == f"Take it (free) — hit {pct(odds.hit)} · {pct(odds.drop)} to drop" or \
        (odds.drop == 0 and take.label.startswith(f"Take it (free) — hit {pct(odds.hit)} · "))
    best = next(b for b in scene.prompt_panel.buttons if b.payload.move == odds.defended_by)
    assert f"— hit {pct(odds.hit_defended)}" in best.label
    # what each costs: the Dodge a Move, with what would be left of the round
    dodge = next(b for b in scene.prompt_panel.buttons if b.label.startswith("Dodge (Move)"))
    assert "Leaves Standard or Move · 2 Swifts this round" in dodge.tooltip
    app.move_mouse(dodge.rect.center)
    shot(app, "08_defend_prompt_unmoved")
    app.press_key(pygame.K_1 + scene.prompt_panel.buttons.index(dodge))
    assert match.state.combatants["b"].defending == "dodge"
    assert any("answers with Dodge" in ln.text for ln, _ in scene.log.lines)


def test_the_battle_reads_at_1920x1080():
    """The same screen at full HD: the timeline, the map and the sidebar lay out without overlap
    and the map fills its part of the window."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    from game.client.app import App
    big = App((1920, 1080), fullscreen=False)
    try:
        match = duel(a=dict(x=0, y=0), b=dict(x=6, y=0))
        scene = open_battle(big, match)
        assert scene.initiative.rect.h >= 80               # the segment timeline, not the bar
        assert scene.view.rect.top >= scene.initiative.rect.bottom
        assert scene.sidebar.rect.left >= scene.view.rect.right
        app_pos = scene.button_pos("move:air_blast")
        big.click(app_pos)
        big.move_mouse(scene.cell_pos((6, 0)))
        assert scene.hover_cell == (6, 0)
        shot(big, "10_fullhd_aim")
    finally:
        big.stack.clear()
        pygame.display.quit()


def test_the_opening_action_is_chosen_on_the_map(app):
    """BND-23: before round 1 the first combatant picks one action on the map (the buttons are
    the engine's Opening actions, "Begin combat" declines)."""
    match = duel(a=dict(x=0, y=0), b=dict(x=6, y=0), opening="a")
    scene = open_battle(app, match)
    assert match.decision.stage == "opening" and scene.prompt_panel is None
    ids = {b.payload.id for b in scene.bar.buttons if hasattr(b.payload, "id")}
    opened = {a.move for a in match.legal_actions() if isinstance(a, A.Opening) and a.move}
    assert {f"open:{m}" for m in opened} <= ids and "end_turn" in ids
    end = scene.bar.find("end_turn")
    assert end.label == "Begin combat" and end.enabled
    app.click(scene.button_pos("open:dash"))
    assert scene.effective_mode() == "open:dash"
    cells = scene._current_overlay().cells
    assert (3, 0) in cells
    app.click(scene.cell_pos((3, 0)))
    assert where(match, "a") == (3, 0)
    assert match.decision.stage == "act" and match.state.round == 1


def test_segment_3_end_turn_offers_what_unused_actions_buy(app):
    """BND-27..29: ending the last turn of a round with the budget unspent offers rising in the
    order or leading the next round; the choice is submitted, then the turn ends."""
    from tests.bindings.bndtools import run_to
    match = duel(a=dict(x=0, y=0), b=dict(x=8, y=0))
    run_to(match, 1, 3, "a")
    scene = open_battle(app, match)
    app.press_key(pygame.K_SPACE)
    assert scene.menu is not None and scene.menu.title == "End the turn"
    labels = [b.label for b in scene.menu.buttons]
    assert labels == ["Rise 2 ranks in the order", "Lead the first segment of next round",
                      "Just end the turn"]
    shot(app, "07_unused_choice")
    app.click(scene.menu.buttons[1].rect.center)
    assert match.state.combatants["a"].unused_choice == "lead"
    assert match.state.acting == "b" or match.decision.seat == 1
    assert any("will lead next round" in ln.text for ln, _ in scene.log.lines)


def test_ready_a_move_from_the_ready_menu(app):
    """BND-25: the Ready menu lists each move with its trigger; picking one readies it."""
    match = duel(a=dict(x=0, y=0), b=dict(x=8, y=0))
    scene = open_battle(app, match)
    app.click(scene.button_pos("ready"))
    entry = next(b for b in scene.menu.buttons if b.label == "Blade when an enemy comes in range")
    app.click(entry.rect.center)
    assert match.state.combatants["a"].readied is not None
    tok = next(t for t in scene.presenter.tokens() if t.id == "a")
    assert any(g == "R" and "Blade" in tip for g, tip in tok.badges)
    assert any("readies Blade when an enemy comes in range" in ln.text for ln, _ in scene.log.lines)


def test_the_tables_call_on_circumstances_and_cooldowns_on_the_buttons(app):
    """House rule gm_adv_prompt (BND-GM-01): after the defender answers, the attacker's seat
    gets the Circumstances prompt; its answer lets the attack resolve. Air Blast then shows its
    cooldown (BND-101) on its disabled button."""
    match = duel(a=dict(x=0, y=0), b=dict(x=3, y=0), house={"gm_adv_prompt": True})
    scene = open_battle(app, match)
    app.click(scene.button_pos("move:air_blast"))
    app.click(scene.cell_pos((3, 0)))
    app.click(scene.menu.buttons[0].rect.center)
    lift_curtain(app)                                       # the brawler's seat defends
    take = scene.prompt_panel.buttons[-1]
    assert take.label.startswith("Take it (free)")
    app.click(take.rect.center)
    assert match.decision.stage == "circumstance" and match.decision.seat == 0
    lift_curtain(app)                                       # back to the attacker's seat
    assert scene.prompt_panel.title == "Circumstances"
    assert [b.label for b in scene.prompt_panel.buttons] == [
        "Advantage (+3d6)", "No edge", "Disadvantage"]
    match.force_dice([1, 1, 1])
    app.click(scene.prompt_panel.buttons[1].rect.center)
    assert match.decision.stage == "act"
    assert any(ln.text.startswith("Aeromancer hits Brawler") or
               ln.text.startswith("Aeromancer misses Brawler") for ln, _ in scene.log.lines)
    b = scene.bar.find("move:air_blast")
    assert b is not None and not b.enabled and b.label == "Air Blast · R3"


def test_every_bindings_event_reads_as_our_own_words(monkeypatch):
    """Each event record of the bindings system gets a written line (or is bookkeeping the log
    skips on purpose), never the generic field dump."""
    import dataclasses
    import typing
    from game.client.systems.bindings.presenter import BindingsPresenter
    from game.engine.systems.bindings import events as E
    match = duel(a=dict(x=0, y=0), b=dict(x=6, y=0))
    p = BindingsPresenter(match)

    def generic(e):
        raise AssertionError(f"{type(e).__name__} fell through to the generic words")
    monkeypatch.setattr(p.event_log(), "fields_text", generic)
    samples = {str: "a", int: 1, bool: True, float: 0.5}
    silent = {"AttackAdvanced"}                       # drawn by the flight overlay instead
    classes = [c for c in vars(E).values() if isinstance(c, type) and dataclasses.is_dataclass(c)
               and c.__module__ == E.__name__]
    assert len(classes) >= 25
    skipped: list[str] = []
    for cls in classes:
        hints = typing.get_type_hints(cls)
        kw = {}
        for f in dataclasses.fields(cls):
            t = hints[f.name]
            origin = typing.get_origin(t)
            if f.name in ("path", "cells"):
                kw[f.name] = ((1, 0), (2, 0))
            elif f.name in ("aim", "source", "at", "target") and "int" in str(t):
                kw[f.name] = (2, 0)
            elif f.name in ("order", "combatants"):
                kw[f.name] = ("a", "b")
            elif f.name == "sixes":
                kw[f.name] = (2, 1)
            elif f.name == "delayed":
                kw[f.name] = (("b", 2),)
            elif f.name == "reasons":
                kw[f.name] = ("cover",)
            elif f.name in ("move", "source") and t is str:
                kw[f.name] = "air_blast"
            elif f.name == "condition":
                kw[f.name] = "staggered"
            elif f.name in ("actor", "subject", "by", "cause"):
                kw[f.name] = "a"
            elif f.name == "target":
                kw[f.name] = "b"
            elif origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
                kw[f.name] = None
            else:
                kw[f.name] = samples.get(t, "a")
        e = cls(**kw)
        line = p._line(e, 1)             # the words themselves, without log_lines' safety net
        if cls.__name__ in silent:
            assert line is None
            continue
        text = line.text if hasattr(line, "text") else line
        if text is None:                 # bookkeeping skipped on purpose must be rare
            skipped.append(cls.__name__)
            continue
        assert text and "_" not in text, (cls.__name__, text)
    assert len(skipped) <= 3, skipped


def test_undo_takes_back_a_move_and_the_map_follows(app):
    """Ctrl+Z after a dice-free move: the combatant is back, the budget too, and the tints and
    buttons are worked out from the restored state (no stale caches)."""
    match = duel(a=dict(x=0, y=0), b=dict(x=8, y=0))
    scene = open_battle(app, match)
    app.click(scene.button_pos("movement"))
    app.click(next(b for b in scene.menu.buttons if b.label.startswith("Dash")).rect.center)
    assert scene.effective_mode() == "mv:dash"
    dest = max(scene._current_overlay().cells, key=lambda h: (h[1] == 0, h[0]))
    app.click(scene.cell_pos(dest))
    assert where(match, "a") == dest and match.state.combatants["a"].spent == ["move"]
    assert scene.bar.find("move:air_blast") is not None
    app.press_key(pygame.K_z, mod=pygame.KMOD_CTRL)
    app.settle(1)
    assert where(match, "a") == (0, 0) and match.state.combatants["a"].spent == []
    assert any(ln.text == "Undone." for ln, _ in scene.log.lines)
    app.click(scene.button_pos("movement"))
    labels = [b.label for b in scene.menu.buttons]
    assert any(lab.startswith("Dash") for lab in labels)


def test_placing_a_veil_shows_where_it_may_go_and_what_it_does(app):
    """A structure or area move is placed on a hex: its legal hexes are tinted (not red
    targets), the hover names what it makes, no sight line is drawn, and a click places it."""
    match = duel(a=dict(x=0, y=0), b=dict(x=6, y=0))
    scene = open_battle(app, match)
    app.click(scene.button_pos("move:dust_veil"))
    ov = scene._current_overlay()
    legal = {a.target for a in match.legal_actions()
             if isinstance(a, A.UseMove) and a.move == "dust_veil" and not a.reduce}
    assert set(ov.cells) == legal and not ov.targets
    app.move_mouse(scene.cell_pos((2, 1)))
    fc = scene._current_forecast()
    assert fc.startswith("Dust Veil at hex 2,1") and "Concealment 1 over 3 hexes" in fc
    assert scene.presenter.sight_query(scene.effective_mode(), "a", (2, 1)) is None
    app.click(scene.cell_pos((2, 1)))
    if scene.menu is not None:
        app.click(scene.menu.buttons[0].rect.center)
    assert [f.kind for f in match.state.features] == ["veil"]
    assert "Feature" in [ln.label for ln in scene.presenter.tile_panel((2, 1)).lines]


def test_pointing_at_the_timeline_rings_that_combatant_on_the_map(app):
    match = duel(a=dict(x=0, y=0), b=dict(x=6, y=0))
    scene = open_battle(app, match)
    bar = scene.initiative
    spot = next((x, y) for y in range(bar.rect.top, bar.rect.bottom, 3)
                for x in range(bar.rect.left, bar.rect.right, 3) if bar.unit_at((x, y)) == "b")
    app.move_mouse(spot)
    assert scene.view.lit == {"b"}
    tip = bar.tip_at(spot)
    assert tip is not None and "Brawler" in tip[0]
    app.move_mouse(scene.cell_pos((3, 3)))
    assert scene.view.lit == set()


def test_a_dodge_started_on_its_own_turn_is_spent_from_the_prompt(app):
    """BND-54 / GM-30: the brawler dodges on its own turn (first in S1); the aeromancer's Air
    Blast then reaches it in the same segment, when no defence can be declared (its slot is
    used): its seat gets the "Dodge?" prompt, each answer with its exact odds, and clicking
    "Use the Dodge" makes the attack roll at a disadvantage."""
    from game.engine.systems.bindings import forecast
    match = duel(a=dict(x=0, y=0), b=dict(x=4, y=0), order=["b", "a"])
    scene = open_battle(app, match)
    if isinstance(app.top, HandoffScene):
        lift_curtain(app)
    assert match.state.acting == "b" and scene.viewer == 1
    app.click(scene.button_pos("movement"))
    entry = next(b for b in scene.menu.buttons if b.label.startswith("Dodge"))
    app.click(entry.rect.center)
    assert scene.effective_mode() == "mv:dodge"
    dest = (4, 1)
    assert dest in scene._current_overlay().cells
    app.click(scene.cell_pos(dest))
    assert where(match, "b") == dest and match.state.combatants["b"].has("dodging", 0)
    app.press_key(pygame.K_SPACE)
    from game.client.ui.dialogs import ConfirmDialog
    if isinstance(app.top, ConfirmDialog):                  # hexes of the dodge left: end anyway
        app.press_key(pygame.K_RETURN)
        app.settle(1)
    lift_curtain(app)
    assert match.state.acting == "a" and scene.viewer == 0
    app.click(scene.button_pos("move:air_blast"))
    app.click(scene.cell_pos(dest))
    if scene.menu is not None:                              # the talent's cheaper variant
        app.click(scene.menu.buttons[0].rect.center)
    d = match.decision
    assert d.stage == "use_dodge" and d.seat == 1
    lift_curtain(app)
    panel = scene.prompt_panel
    assert panel is not None and panel.title == "Dodge?"
    assert "Aeromancer's Air Blast reaches Brawler" in panel.body
    by_use = {b.payload.use: b for b in panel.buttons}
    assert set(by_use) == {True, False}
    aid = by_use[True].payload.attack
    used = forecast.defence_odds(match.state, aid, None, dodge=True)
    kept = forecast.defence_odds(match.state, aid, None, dodge=False)
    assert used.hit < kept.hit                              # the disadvantage shows
    assert by_use[True].label == "Use the Dodge — " + forecast.defence_words(used)
    assert by_use[False].label == "Keep the Dodge — " + forecast.defence_words(kept)
    app.move_mouse(by_use[True].rect.center)
    shot(app, "09_use_dodge_prompt")
    # offence 2d6, its disadvantage 3d6, then the Reaction is flat; damage 1d6 on a hit
    match.force_dice([6, 6, 1, 1, 1, 3])
    app.click(by_use[True].rect.center)
    app.settle(2)
    texts = [ln.text for ln, _ in scene.log.lines]
    assert not match.state.combatants["b"].has("dodging", match.state.tick)
    assert not match.state.attacks and match.decision.stage == "act"
    # 12 - 3 = 9 plus INT against the flat Reaction: the roll and its disadvantage are logged
    assert any("disadvantage: -3" in t for t in texts), texts[-8:]
    assert any("Aeromancer hits Brawler" in t for t in texts), texts[-8:]


def test_hovering_a_creature_that_cannot_be_aimed_at_says_why():
    """A target missing from the highlights is explained on hover: behind solid rock there is no
    line of sight; past the move's reach it is too far."""
    from game.client.systems.bindings.presenter import BindingsPresenter
    rows = ["...#........"] + ["#" * 12] * 6
    match = duel(a=dict(x=0, y=0), b=dict(x=5, y=0), rows=rows)
    p = BindingsPresenter(match)
    assert match.state.acting == "a"
    text = p.forecast("use:blade", "a", (5, 0))
    assert text is not None and "cannot aim at Brawler" in text and "No line of sight" in text
    far = duel(a=dict(x=0, y=0), b=dict(x=9, y=0))
    q = BindingsPresenter(far)
    text = q.forecast("use:unarmed_strike", "a", (9, 0))   # a fist reaches 5 ft = 1 hex
    assert text is not None and "9 hexes away" in text and "reaches 1 hex" in text
    # an aimable target still gets the odds, not the excuse
    near = BindingsPresenter(duel(a=dict(x=0, y=0), b=dict(x=3, y=0)))
    assert "cannot aim" not in (near.forecast("use:blade", "a", (3, 0)) or "cannot aim")

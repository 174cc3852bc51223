"""The gems battle screen's rough edges a new player meets, driven headless through the real App:
an ability is previewed before it is used, two gems on one tile both show, attacking has an
Attack button and a one-click path (the whole plan's forecast, then a confirmation), hovering
what cannot be done says why (the engine's refusal), arm tooltips carry the weapon's numbers,
and the range overlay stays on the board."""
from __future__ import annotations

import pygame
import pytest

from game.client.presenters import TokenInfo
from game.client.render.board_view import stack_layout
from game.client.systems.gems.shots import shot_match
from game.engine.systems.gems import actions as A
from tests.client.test_battle import open_battle

pytestmark = pytest.mark.client


def test_the_ability_key_previews_the_ability_and_a_second_press_uses_it(app):
    match = shot_match("iolite")
    scene = open_battle(app, match)
    before = len(match.log)
    app.press_key(pygame.K_5)                           # Ability: Quicken works on herself
    assert len(match.log) == before, "the ability was used with no preview"
    assert scene.effective_mode() == "ability:quicken"
    iolite = match.state.units["iolite"]
    overlay = scene._current_overlay()
    assert (iolite.x, iolite.y) in overlay.targets and overlay.target_block == [(iolite.x, iolite.y)]
    app.move_mouse(scene.cell_pos((iolite.x, iolite.y)))
    preview = scene._current_forecast()
    assert preview.startswith("Quicken") and "+2 Movement Speed" in preview
    assert any("Quicken" in t.text for t in scene.toasts)
    use = next(b for b in scene.presenter.buttons("iolite", scene.effective_mode()) if b.id == "ability")
    assert use.label == "Use Quicken" and use.action is not None
    app.press_key(pygame.K_5)                           # the second press commits
    assert "quicken" in match.state.units["iolite"].active and match.state.slots == 1


def test_a_click_on_the_previewed_gem_uses_the_ability(app):
    match = shot_match("iolite")
    scene = open_battle(app, match)
    app.press_key(pygame.K_5)
    app.click(scene.cell_pos((1, 1)))
    assert "quicken" in match.state.units["iolite"].active


def test_two_gems_on_one_tile_are_both_drawn_clearly():
    a = TokenInfo("a", "A", 0, 3, 3)
    b = TokenInfo("b", "B", 1, 3, 3)
    c = TokenInfo("c", "C", 0, 5, 5)
    lay = stack_layout([a, b, c])
    assert "c" not in lay                               # alone on her tile: drawn as ever
    (ax, ay, ak), (bx, by, bk) = lay["a"], lay["b"]
    assert ak == bk and 0.55 <= ak < 1                  # each big enough to read
    assert (ax, ay) != (bx, by)                         # side by side, not on top of each other
    assert abs(ax - bx) + (1 - ak) >= 0.35 or abs(ay - by) >= 0.35


def test_attack_button_and_one_click_attack_with_the_whole_plans_forecast(app):
    match = shot_match("garnet")
    scene = open_battle(app, match)
    attack = next(b for b in scene.presenter.buttons("garnet", None) if b.id == "ready")
    assert attack.label == "Attack"
    beryl = match.state.units["beryl"]
    app.move_mouse(scene.cell_pos((beryl.x, beryl.y)))
    hover = scene._current_forecast()
    assert hover.startswith("Attack Beryl") and "Arm 1" in hover and "Arm 2" in hover
    before = len(match.log)
    app.click(scene.cell_pos((beryl.x, beryl.y)))      # one click: the plan, not yet done
    assert len(match.log) == before and scene.menu is not None
    assert "Hit" in scene.menu.body and scene.menu.buttons[0].label.startswith("Strike")
    match.force_dice([18, 14])
    app.press_key(pygame.K_1)                           # confirm: Ready, aim both arms, Strike
    kinds = [entry["action"]["kind"] for entry in match.log[before:] if "action" in entry]
    assert kinds[:4] == ["gems.ready", "gems.assign_arm", "gems.assign_arm", "gems.strike"]
    assert match.decision.stage == "choose_counters"


def test_cancelling_the_one_click_attack_changes_nothing(app):
    match = shot_match("garnet")
    scene = open_battle(app, match)
    beryl = match.state.units["beryl"]
    before = len(match.log)
    app.click(scene.cell_pos((beryl.x, beryl.y)))
    labels = [b.label for b in scene.menu.buttons]
    app.press_key(getattr(pygame, f"K_{labels.index('Cancel') + 1}"))
    assert len(match.log) == before and not match.state.ready_open and scene.menu is None


def test_the_forecast_of_a_second_arm_names_the_whole_strike(app):
    match = shot_match("garnet")
    scene = open_battle(app, match)
    app.press_key(pygame.K_6)
    beryl = match.state.units["beryl"]
    app.click(scene.cell_pos((beryl.x, beryl.y)))      # aim arm 1
    app.move_mouse(scene.cell_pos((beryl.x, beryl.y)))
    fc = scene._current_forecast()
    head, _, rest = fc.partition("\n")
    assert head.startswith("Arm 2 melee at Beryl") and "with arm 1" in head
    assert "Arm 1 melee" in rest and "Arm 2 melee" in rest    # each arm on its own line


def test_hovering_what_cannot_be_done_says_why(app):
    match = shot_match("garnet")
    scene = open_battle(app, match)
    app.move_mouse(scene.cell_pos((13, 0)))            # out of her walk
    assert "too far" in (scene._current_forecast() or "")
    app.press_key(pygame.K_6)                           # Ready
    onyx = match.state.units["onyx"]
    app.move_mouse(scene.cell_pos((onyx.x, onyx.y)))
    why = scene._current_forecast() or ""
    assert why.startswith("Cannot aim at Onyx") and "out of reach" in why


def test_arm_lines_show_the_weapons_numbers():
    match = shot_match("garnet")
    from game.client.systems.gems.presenter import GemsPresenter
    p = GemsPresenter(match)
    arm = p.unit_panel("beryl").arms[0]
    for word in ("Damage", "Melee reach", "Knockback"):
        assert word in arm.tooltip
    rock = p.unit_panel("jasper").arms[0]
    assert "Thrown" in rock.tooltip


def test_the_range_overlay_stays_on_the_board():
    from game.client.systems.gems.presenter import GemsPresenter
    match = shot_match("beryl")                         # one row from the top edge
    match.submit(A.Ready("beryl"))
    p = GemsPresenter(match)
    p.cycle_attack_mode()                               # prefer throws: the longest reach
    board = p.board()
    ov = p.overlay("attack", "beryl", None)
    assert ov.range_cells and all(board.in_bounds(*c) for c in ov.range_cells)


def test_each_strike_line_names_its_arm():
    from game.client.systems.gems.presenter import GemsPresenter
    match = shot_match("garnet")
    p = GemsPresenter(match)
    match.submit(A.Ready("garnet"))
    for arm in (0, 1):
        match.submit(next(a for a in match.legal_actions() if isinstance(a, A.AssignArm)
                          and a.arm == arm and a.target == (5, 3) and a.mode == "melee"))
    match.force_dice([18, 3])
    events = list(match.submit(A.Strike("garnet")).events)
    while match.decision.stage != "act":                # Beryl makes no counter roll
        events += list(match.submit(min(match.legal_actions(),
                                        key=lambda a: getattr(a, "count", 0))).events)
    texts = [ln.text for ln in p.log_lines(events)]
    assert "Garnet's arm 1 hits Beryl for 2" in texts
    assert "Garnet's arm 2 misses Beryl (6)" in texts


def test_a_weapon_on_the_ground_shows_its_numbers_on_hover():
    from game.client.systems.gems.presenter import GemsPresenter
    match = shot_match("garnet")
    p = GemsPresenter(match)
    here = next(ln for ln in p.tile_panel((3, 3)).lines if ln.label == "Here")
    assert "Damage" in here.tooltip and "Thrown" in here.tooltip


def test_flying_says_why_not_too():
    from game.client.systems.gems.presenter import GemsPresenter
    match = shot_match("iolite")                        # she flies (FMS 4)
    p = GemsPresenter(match)
    far = p.forecast("fly", "iolite", (13, 8))
    assert far.startswith("Cannot fly here") and "no flight path" in far
    assert p.forecast("fly", "iolite", (2, 2)).startswith("Fly here")

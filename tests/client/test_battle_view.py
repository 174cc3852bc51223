"""The battle screen's pieces: camera (zoom and pan only when the map outgrows the view),
relayout on resize, tokens (disarmed arms at half opacity, GEM-38), the presenter's words for
tiles and pending stages, and the screenshot scenes `game shots` photographs."""
from __future__ import annotations

import pygame
import pytest

from game.client.systems.gems.presenter import GemsPresenter
from game.client.render import sprites
from game.client.render.board_view import BoardView
from game.client.scene import reset
from game.client.scenes.battle import BattleScene
from game.client.systems.gems.shots import build as shot_scenes
from game.client.systems.gems.shots import shot_match
from game.engine.boards import Board

pytestmark = pytest.mark.client


def test_zoom_and_pan_only_when_the_map_is_larger_than_the_view():
    small = BoardView(Board.from_rows(["...."] * 3))
    small.set_rect(pygame.Rect(0, 0, 800, 600))
    zoom = small.zoom
    small.zoom_by(-1)
    assert small.zoom == zoom and not small.can_pan()   # it all shows: no zooming out
    before = list(small.cam)
    small.pan(200, 200)
    assert small.cam == before                          # and nothing to pan

    big = BoardView(Board.from_rows(["." * 60] * 40))
    big.set_rect(pygame.Rect(0, 0, 800, 600))
    fitted = big.zoom
    big.zoom_by(1, (400, 300))
    assert big.zoom > fitted and big.can_pan()
    cell = big.cell_at((400, 300))
    big.pan(300, 0)
    assert big.cell_at((400, 300))[0] > cell[0]         # panning moved the map under the pointer
    big.pan(-10_000, -10_000)
    assert big.cam == [0.0, 0.0]                        # clamped at the map's edge
    # a drag pans and is reported, so the scene does not take the release for a click
    big.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(400, 300), button=1))
    big.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 250), rel=(0, 0), buttons=(1, 0, 0)))
    assert big.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(300, 250), button=1))
    assert big.cam == [100.0, 50.0]


def test_window_resize_relays_out_and_clicks_still_land(app):
    match = shot_match("garnet")
    app.settings.animation_speed = "instant"
    scene = BattleScene(app, match)
    app.apply(reset(scene))
    app.settle(1)
    small_view = scene.view.rect.copy()
    app.set_window((1920, 1080))
    app.settle(1)
    assert scene.view.rect.w > small_view.w and scene.view.rect.h > small_view.h
    assert scene.sidebar.rect.right == 1920 and scene.log.rect.bottom == 1080
    assert scene.view.tile >= 48                        # the map grew to fill the bigger view
    app.click(scene.cell_pos((2, 4)))
    assert (match.state.units["garnet"].x, match.state.units["garnet"].y) == (2, 4)


def test_disarmed_arm_is_drawn_at_half_opacity():
    whole = sprites.unit_token((196, 38, 64), 0, (74, 163, 255), 96, ((False, None), (False, None)))
    lost = sprites.unit_token((196, 38, 64), 0, (74, 163, 255), 96, ((False, None), (True, None)))
    changed = [(x, y) for x in range(96) for y in range(96) if whole.get_at((x, y)) != lost.get_at((x, y))]
    assert changed, "a disarmed arm must look different"
    # only the second arm (drawn on the left) fades; the right arm and the gem are untouched
    assert all(x < 48 for x, _ in changed)
    x, y = 96 // 2 - int(96 * 0.4 * 0.58), 96 // 2
    a, b = whole.get_at((x, y)), lost.get_at((x, y))
    assert a != b


def test_presenter_words_for_tiles_and_block_prompts():
    from game.client.systems.gems import shots as battle_shots

    class Host:                         # submit straight to the match (no scene needed)
        def __init__(self, match):
            self.match = match

        def submit(self, action):
            self.match.submit(action)

    m = shot_match("garnet")
    host = Host(m)
    battle_shots.block_pending(host.submit)
    p = GemsPresenter(m)
    prompt = p.prompt()
    assert prompt.title == "Assign blocks" and "Beryl" in prompt.text
    assert [o[0] for o in prompt.options] == ["Counter 21 stops Garnet's arm 2 (17)", "Block nothing"]
    water = p.tile_panel((7, 4))
    labels = {l.label: l.text for l in water.lines}
    assert labels["Terrain"] == "Water" and labels["Current"].startswith("flows E")
    beryl = p.tile_panel((5, 3))
    assert {l.label: l.text for l in beryl.lines}["Here"] == "Beryl  (1/2)"


def test_shot_scenes_show_reach_forecast_and_block_prompt(app):
    shots = dict(shot_scenes(app))
    assert {"battle_move", "battle_forecast", "battle_block"} <= set(shots)
    move = shots["battle_move"]
    app.apply(reset(move))
    app.settle(2)
    assert move._current_overlay().cells and move._current_forecast().startswith("Move here")
    fc = shots["battle_forecast"]
    app.apply(reset(fc))
    app.settle(2)
    text = fc._current_forecast()
    assert "Beryl" in text and "Hit" in text
    block = shots["battle_block"]
    app.apply(reset(block))
    app.settle(2)
    assert block.prompt_panel is not None and block.prompt_panel.title == "Assign blocks"
    assert app.top is block                             # no curtain: the viewer is the defender


def test_hex_maps_place_and_pick_cells_through_the_map_geometry():
    """The same view draws a staggered hex map: every cell's centre picks that cell, tints are
    hexagons (a cell's corner is left untinted), and tokens sit in their hex."""
    from game import paths
    from game.client.presenters import Overlay, TokenInfo
    from game.engine.boards.tmx import load_board
    path = paths.maps_dir() / "hex_crossing.tmx"
    board = load_board(path)
    assert board.orientation == "hexagonal"
    view = BoardView(board, path)
    view.set_rect(pygame.Rect(0, 0, 1000, 700))
    assert view.geo.hex is not None
    for cell in [(0, 0), (3, 3), (4, 4), (board.width - 1, board.height - 1)]:
        centre = tuple(int(v) for v in view.cell_center(cell))
        assert view.cell_at(centre) == cell
    surf = pygame.Surface((1000, 700))
    view.draw(surf, [], [], None)
    plain = surf.copy()
    view.draw(surf, [TokenInfo("a", "A", 0, 1, 1, 1, 5, 10)], [],
              Overlay(cells={(4, 4): 1}, veil=True))
    r = view.cell_rect((4, 4))
    centre = tuple(int(v) for v in view.cell_center((4, 4)))
    assert surf.get_at(centre) != plain.get_at(centre)            # the reachable hex is tinted
    far = tuple(int(v) for v in view.cell_center((board.width - 1, board.height - 1)))
    assert sum(surf.get_at(far)[:3]) < sum(plain.get_at(far)[:3])  # out of reach is veiled
    corner = (r.x + 1, r.y + 1)            # inside the hex's box but outside the hexagon
    assert view.cell_at(corner) != (4, 4)
    assert sum(surf.get_at(corner)[:3]) < sum(plain.get_at(corner)[:3])   # veiled, not cleared


@pytest.mark.parametrize("speed", [1.0, 0.0])
def test_floating_texts_on_one_creature_stack_without_overlapping(speed):
    """Several texts on one creature at once (a flurry's hits, a reaction, 'Down') each get a
    line of their own above it while they rise, at any animation speed (the third of a run
    used to land on the second)."""
    from game.client.presenters import AnimStep
    from game.client.presenters import TokenInfo
    view = BoardView(Board.from_rows(["......"] * 6))
    view.set_rect(pygame.Rect(0, 0, 800, 600))
    view.speed = speed
    tok = TokenInfo("a", "A", 0, 2, 3, 1, 10, 10, (200, 80, 80))
    view.shown = {"a": tok}
    view.play([AnimStep("hit", "a", text="-5"), AnimStep("hit", "a", text="-3"),
               AnimStep("float", "a", text="Parry!"), AnimStep("hit", "a", text="-4"),
               AnimStep("float", "a", text="Down")])
    from game.client.render.board_view import FLOAT_LINE as line, FLOAT_RISE
    seen = 0
    for _ in range(60):
        rise = [f.stack * line + f.age / f.life * FLOAT_RISE for f in view.floats]
        seen = max(seen, len(rise))
        for i, a in enumerate(rise):
            for b in rise[i + 1:]:
                assert abs(a - b) >= line - 1e-6, [(f.text, f.stack, f.age) for f in view.floats]
        view.update(0.05)
    assert seen >= 3


def test_hex_fill_layers_are_cut_to_their_cells_and_cover_the_same_pixels():
    """A cached hex tint is as small as its cells' box in the view (a view-sized layer per
    cached fill was 4 MB at 1080p) and puts the same pixels where a view-sized layer would,
    for cells inside the view, across its edges and with the camera off whole pixels."""
    import random
    from game import paths
    from game.engine.boards.tmx import load_board
    path = paths.maps_dir() / "bindings_pass.tmx"
    board = load_board(path)
    view = BoardView(board, path)
    view.set_rect(pygame.Rect(40, 30, 700, 500))
    view.zoom = 1.37
    rng = random.Random(5)
    every = [(x, y) for x in range(board.width) for y in range(board.height)]
    for trial in range(12):
        view.cam = [rng.uniform(-30, 400), rng.uniform(-30, 300)]
        cells = rng.sample(every, rng.randint(1, 40))
        border = trial % 2 == 0
        # what a layer the size of the view held
        full = pygame.Surface(view.rect.size, pygame.SRCALPHA)
        for c in cells:
            poly = [(x - view.rect.x, y - view.rect.y) for x, y in view.cell_polygon(c)]
            pygame.draw.polygon(full, (200, 120, 40, 90), poly)
            if border:
                pygame.draw.polygon(full, (200, 120, 40, 180), poly, 1)
        layer, (bx, by) = view._hex_fill_layer(cells, (200, 120, 40), 90, border)
        assert layer.get_width() <= view.rect.w and layer.get_height() <= view.rect.h
        placed = pygame.Surface(view.rect.size, pygame.SRCALPHA)
        placed.blit(layer, (bx, by))
        assert pygame.image.tobytes(placed, "RGBA") == pygame.image.tobytes(full, "RGBA"), trial
    view.cam = [0.0, 0.0]
    assert view.rect.collidepoint(view.cell_center((5, 5)))
    one = view._hex_fill_layer([(5, 5)], (200, 120, 40), 90, True)[0]
    assert one.get_width() > 0 and one.get_width() * one.get_height() < view.rect.w * view.rect.h // 20

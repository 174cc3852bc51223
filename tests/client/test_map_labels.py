"""Text on the bindings battle map never hides what it is about: a wall's caption keeps off a
projectile marker, the hover forecast keeps off the cover note at the target, the aiming line
runs under the units' letters, and every caption stays clear of the others. The rectangles are
the ones the frame really drew into (blits of the caption backings, the markers' circles)."""
from __future__ import annotations

import pygame
import pytest

from game.client.render.board_view import BoardView
from game.client.render.labels import LabelPlacer, around
from game.client.systems.bindings import flight as flight_mod
from game.client.systems.bindings.flight import FlightOverlay
from game.client.systems.bindings.shots import pass_match
from game.client.systems.bindings.timing import Flight, FlightView, Structure, sight_view
from tests.bindings.bndtools import duel
from tests.client.test_bindings_battle import open_battle

pytestmark = pytest.mark.client


class Recording(pygame.Surface):
    """A screen that remembers where each picture was blitted (the clipped rect drawn)."""

    def __init__(self, size: tuple[int, int]):
        super().__init__(size, pygame.SRCALPHA)
        self.blits: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        got = super().blit(source, dest, area, special_flags)
        self.blits.append((source, got))
        return got


def spy(ov: FlightOverlay, monkeypatch) -> dict[str, list]:
    """Record the caption backings and the markers (projectile glyphs, arrival bursts) that
    `ov` hands out while drawing."""
    seen: dict[str, list] = {"backings": [], "markers": []}
    backing, glyph, burst = ov._backing, ov._glyph, ov._burst

    def _backing(size):
        got = backing(size)
        seen["backings"].append(got)
        return got

    def _glyph(surface, at, colour, g, tile, direction):
        r = max(7.0, tile * 0.30)
        seen["markers"].append(pygame.Rect(int(at[0] - r), int(at[1] - r), int(2 * r), int(2 * r)))
        return glyph(surface, at, colour, g, tile, direction)

    def _burst(surface, c, tile):
        r = tile * 0.46 * 0.62          # the star's inner ring: the part that reads as the mark
        seen["markers"].append(pygame.Rect(int(c[0] - r), int(c[1] - r), int(2 * r), int(2 * r)))
        return burst(surface, c, tile)

    monkeypatch.setattr(ov, "_backing", _backing)
    monkeypatch.setattr(ov, "_glyph", _glyph)
    monkeypatch.setattr(ov, "_burst", _burst)
    return seen


def caption_rects(screen: Recording, seen: dict[str, list]) -> list[pygame.Rect]:
    ids = {id(b) for b in seen["backings"]}
    return [r for s, r in screen.blits if id(s) in ids]


def test_a_wall_caption_keeps_off_the_projectile_marker_just_above_it(monkeypatch):
    m = pass_match()
    board = m.state.board
    view = BoardView(board)
    view.set_rect(pygame.Rect(0, 0, 1000, 640))
    # a projectile at (8, 5) flying right, and a wall growing next into (8, 6): the wall's
    # caption sits above its next hex by default, over the hex the projectile is in
    blast = Flight("atk1", "air_blast", "Air Blast", "aera", "brawl", (200, 230, 250), "AB",
                   (4, 5), (8, 5), (12, 5), ((5, 5), (6, 5), (7, 5), (8, 5)),
                   ((9, 5), (10, 5)), 2, False, False, 3, "open", "hits S3")
    wall = Structure("w1", "wall", "petra", "earth_wall", "Earth Wall", (150, 120, 90),
                     ((7, 7),), ((8, 6),), (), 0, -1, "Earth Wall", "Earth Wall +1 S2")
    ov = FlightOverlay()
    ov.set_view(FlightView(1, (blast,), (), (wall,)))
    seen = spy(ov, monkeypatch)
    view.layers_below.append(ov.draw_below)
    view.layers_above.append(ov.draw_above)
    screen = Recording((1000, 640))
    view.draw(screen, [], [])
    captions = caption_rects(screen, seen)
    assert len(captions) == 2 and seen["markers"]
    for c in captions:
        for mk in seen["markers"]:
            assert not c.colliderect(mk), (c, mk)
    a, b = captions
    assert not a.colliderect(b)


def _cover_duel():
    # a boulder between the aeromancer and the brawler: the line gets a cover note
    rows = ["..........", "..........", "..........", "....o.....", "..........",
            "..........", ".........."]
    return duel(a=dict(x=1, y=3), b=dict(x=6, y=3), rows=rows)


def test_the_forecast_box_keeps_off_the_cover_note_at_the_target(app, monkeypatch):
    from game.client.scenes import battle as battle_mod
    match = _cover_duel()
    scene = open_battle(app, match)
    app.click(scene.button_pos("move:air_blast"))
    assert scene.effective_mode() == "use:air_blast"
    app.move_mouse(scene.cell_pos((6, 3)))
    line = sight_view(match.state, (1, 3), (6, 3))
    assert line.cover and line.label            # the note under the target
    ov = flight_mod.overlay_for(scene.view)
    seen = spy(ov, monkeypatch)
    boxes: list[pygame.Rect] = []
    tooltip = battle_mod.W.draw_tooltip

    def record(*args, **kw):
        got = tooltip(*args, **kw)
        boxes.append(got)
        return got
    monkeypatch.setattr(battle_mod.W, "draw_tooltip", record)
    screen = Recording(app.size)
    scene.draw(screen)
    assert boxes, "no forecast drawn"
    forecast = boxes[-1]
    captions = caption_rects(screen, seen)
    assert captions, "no cover note drawn"
    for c in captions:
        assert not forecast.colliderect(c), (forecast, c)
    # nor does it sit on the target it is about
    assert not forecast.colliderect(scene.view.cell_rect((6, 3)))


def test_the_aiming_line_runs_under_the_units_letters():
    # the brawler stands on the line from the aeromancer to the scout
    rows = ["..........", "..........", "..........", "..........", ".........."]
    from tests.bindings.bndtools import make
    m = make([{"id": "a", "sheet": "aeromancer", "side": 0, "x": 1, "y": 2},
              {"id": "b", "sheet": "brawler", "side": 1, "x": 4, "y": 2},
              {"id": "c", "sheet": "scout", "side": 1, "x": 7, "y": 2}], rows=rows)
    from game.client.systems.bindings.presenter import BindingsPresenter
    p = BindingsPresenter(m)
    tokens = p.tokens()
    line = sight_view(m.state, (1, 2), (7, 2))
    view = BoardView(m.state.board)
    view.set_rect(pygame.Rect(0, 0, 900, 500))

    def frame(sight) -> pygame.Surface:
        ov = FlightOverlay()
        ov.set_view(FlightView(1), sight)
        v = BoardView(m.state.board)
        v.set_rect(view.rect)
        v.layers_below.append(ov.draw_below)
        v.layers_above.append(ov.draw_above)
        s = pygame.Surface((900, 500))
        v.draw(s, tokens, [])
        return s

    plain, aimed = frame(None), frame(line)
    brawler = next(t for t in tokens if t.id == "b")
    px = int(view.tile + 0.999)
    glyph = view._glyph(brawler, view.cell_rect((4, 2)), px, px)
    assert glyph is not None
    img, at = glyph
    letters = img.get_bounding_rect().move(at)
    # the line crosses the brawler's hex ...
    cx, cy = view.cell_center((4, 2))
    assert aimed.get_at((int(cx) - int(view.tile * 0.6), int(cy))) != \
        plain.get_at((int(cx) - int(view.tile * 0.6), int(cy)))
    # ... and leaves her letters as they were
    for x in range(letters.left, letters.right):
        for y in range(letters.top, letters.bottom):
            assert aimed.get_at((x, y)) == plain.get_at((x, y)), (x, y)


def test_the_placer_takes_the_first_clear_spot_else_the_least_hidden():
    placer = LabelPlacer()
    placer.reset(pygame.Rect(0, 0, 200, 200))
    placer.protect(pygame.Rect(90, 110, 20, 20))          # a marker under the anchor
    spots = around((100, 100), (40, 10), 8, below=True)
    got = placer.place("a", (40, 10), spots)
    assert got.bottom <= 92                                # below was taken: above it
    again = placer.place("b", (40, 10), spots)
    assert not again.colliderect(got) and not again.colliderect(placer.protected[0])
    boxed = LabelPlacer()
    boxed.reset(pygame.Rect(0, 0, 50, 50))
    # nothing fits: the spot hiding least wins (outside the bounds counts heavier)
    boxed.protect(pygame.Rect(0, 0, 50, 50))
    inside, outside = (5, 5), (60, 60)
    assert boxed.place("c", (10, 10), [outside, inside]).topleft == inside

"""The bindings flight overlay: the hexes it previews are the ones the engine then moves things
through (projectiles, pushbacks, walls, on maps staggered by rows and by columns), and drawing
works on all four hex layouts, zoomed and panned, with pixels where the board's MapGeometry puts
each hex (checked by picking the hex back from the pixel)."""
from __future__ import annotations

import pygame
import pytest

from game.client.systems.bindings.timing import flight_view, sight_view
from game.client.systems.bindings import flight as flight_mod
from game.client.render.board_view import BoardView
from game.client.systems.bindings.flight import FlightOverlay, board_layer, overlay_for
from game.client.systems.bindings.shots import grove_match, pass_match
from game.engine.actions import EndTurn
from game.engine.match import Match
from game.engine.rules import MatchConfig, SeatConfig
from game.engine.systems.bindings import actions as A
from game.engine.systems.bindings import events as ev

pytestmark = pytest.mark.client

ROWS = ["..............",
        "..............",
        "....o.........",
        "..............",
        "..............",
        "..........#...",
        "..............",
        ".............."]


def _grid_match(axis: str, index: str) -> Match:
    """An inline battlefield in the given layout with an Air Blast just launched across it (it
    lands on its next segment)."""
    combatants = [{"id": "aera", "sheet": "aeromancer", "side": 0, "x": 1, "y": 3},
                  {"id": "brawl", "sheet": "brawler", "side": 1, "x": 10, "y": 3},
                  {"id": "scout", "sheet": "scout", "side": 1, "x": 12, "y": 7}]
    setup = {"grid": {"rows": ROWS, "stagger_axis": axis, "stagger_index": index},
             "combatants": combatants}
    for seed in range(1, 200):
        m = Match.new(MatchConfig("bindings", seed, [SeatConfig("human"), SeatConfig("human")],
                                  None, {}, setup))
        if m.state.combatants["aera"].first_segment == 1:
            break
    for _ in range(10):
        if m.state.acting == "aera":
            act = next(a for a in m.legal_actions() if isinstance(a, A.UseMove)
                       and a.move == "air_blast" and a.target == (10, 3))
            m.submit(act)
            return m
        m.submit(next(a for a in m.legal_actions() if isinstance(a, EndTurn)))
    raise AssertionError("the aeromancer never got a turn")


def _transparent(view: BoardView) -> pygame.Surface:
    s = pygame.Surface((view.rect.right + 10, view.rect.bottom + 10), pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    return s


@pytest.mark.parametrize("axis,index", [("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even")])
def test_overlay_pixels_land_on_the_hexes_mapgeometry_places(axis, index):
    m = _grid_match(axis, index)
    fv = flight_view(m.state)
    (f,) = fv.flights
    assert f.move == "air_blast" and f.next_path and f.pos != f.origin
    view = BoardView(m.state.board)
    view.set_rect(pygame.Rect(30, 40, 700, 500))
    for zoom, pan in ((1.0, (0, 0)), (1.5, (60, 30))):
        view.zoom = zoom
        view.cam = [float(pan[0]), float(pan[1])]
        ov = FlightOverlay()
        ov.set_view(fv)
        below = _transparent(view)
        ov.draw_below(below, view)
        for h in f.next_path:
            x, y = view.cell_center(h)
            gx, gy = view.geo.cell_center(*h)           # the board's MapGeometry, by hand
            assert (x, y) == (view.rect.x - view.cam[0] + gx * zoom,
                              view.rect.y - view.cam[1] + gy * zoom)
            if view.rect.collidepoint(x, y):
                assert view.cell_at((int(x), int(y))) == tuple(h)   # picks the same hex back
                assert below.get_at((int(x), int(y))).a > 0, h
        # far from everything in flight: nothing drawn
        empty = (0, len(ROWS) - 1)
        ex, ey = view.cell_center(empty)
        if view.rect.collidepoint(ex, ey):
            assert below.get_at((int(ex), int(ey))).a == 0
        above = _transparent(view)
        ov.draw_above(above, view)
        px, py = view.cell_center(f.pos)
        if view.rect.collidepoint(px, py):
            assert above.get_at((int(px), int(py))).a == 255          # the projectile glyph
            assert view.cell_at((int(px), int(py))) == tuple(f.pos)


def _first(m, kind, pred, limit=40):
    """Answer decisions the plain way until an event of `kind` matching `pred` happens."""
    for _ in range(limit):
        d = m.decision
        if d.stage == "defend":
            out = m.submit(next(a for a in m.legal_actions() if isinstance(a, A.Defend)
                                and a.move is None))
        elif d.stage == "use_dodge":
            out = m.submit(next(a for a in m.legal_actions() if isinstance(a, A.UseDodge)))
        else:
            out = m.submit(next(a for a in m.legal_actions() if isinstance(a, EndTurn)))
        for e in out.events:
            if isinstance(e, kind) and pred(e):
                return e
    raise AssertionError(f"no {kind.__name__} happened")


@pytest.mark.rule("BND-49")
@pytest.mark.rule("BND-73")
def test_next_segment_hexes_are_what_the_engine_then_does_rows_staggered():
    m = pass_match()
    fv = flight_view(m.state)
    (blast,) = fv.flights
    (push,) = fv.pushes
    wall = next(s for s in fv.structures if s.kind == "wall")
    assert blast.contact_next and blast.label == "hits S2"
    assert push.next_path and push.remaining == 1
    pushed = _first(m, ev.CombatantPushed, lambda e: e.subject == push.subject)
    assert tuple(pushed.path) == push.next_path
    flew = _first(m, ev.AttackAdvanced, lambda e: e.attack == blast.id)
    assert tuple(flew.path) == blast.next_path
    assert flew.path[-1] == blast.goal                            # it entered the target's hex
    grew = _first(m, ev.FeaturePlaced, lambda e: e.feature == wall.id)
    assert tuple(grew.cells) == wall.next_cells


@pytest.mark.rule("BND-49")
def test_next_segment_hexes_are_what_the_engine_then_does_columns_staggered():
    m = grove_match()
    fv = flight_view(m.state)
    assert m.state.board.stagger_axis == "x"
    for f in fv.flights:
        flew = _first(grove_match(), ev.AttackAdvanced, lambda e, f=f: e.attack == f.id)
        assert tuple(flew.path) == f.next_path, f.move


def test_slides_play_and_skip():
    m = grove_match()
    fv = flight_view(m.state)
    ov = FlightOverlay()
    ov.set_view(fv)
    f = fv.flights[0]
    ov.play([ev.AttackAdvanced(f.id, f.next_path)])
    assert ov.animating
    ov.update(0.1)
    assert ov.animating
    ov.update(1.0)
    assert not ov.animating
    ov.play([ev.AttackAdvanced(f.id, f.next_path)])
    ov.skip()
    assert not ov.animating
    ov.speed = 0
    ov.play([ev.AttackAdvanced(f.id, f.next_path)])
    assert not ov.animating


def test_board_layer_draws_both_halves_once_hooked():
    m = pass_match()
    view = BoardView(m.state.board)
    view.set_rect(pygame.Rect(0, 0, 900, 600))
    screen = _transparent(view)
    view.layers_below.append(lambda s, v: board_layer(s, v, m.state))
    view.draw(screen, [], [])
    view.draw(screen, [], [])
    ov = overlay_for(view)
    assert view.layers_above.count(ov.draw_above) == 1
    (blast,) = ov.view.flights
    x, y = view.cell_center(blast.pos)
    assert screen.get_at((int(x), int(y))).a == 255


def test_the_layer_under_the_tokens_is_drawn_on_one_canvas_and_kept_cropped():
    # a new view-sized canvas each time the camera or what flies changed was 4 MB at 1080p
    m = pass_match()
    view = BoardView(m.state.board)
    view.set_rect(pygame.Rect(0, 0, 900, 600))
    view.layers_below.append(lambda s, v: board_layer(s, v, m.state))
    view.draw(_transparent(view), [], [])
    ov = overlay_for(view)
    canvas, (kept, box) = ov._canvas, ov._below
    assert canvas is not None and canvas.get_size() == view.rect.size
    assert kept.get_width() * kept.get_height() < canvas.get_width() * canvas.get_height()
    view.pan(30, 20)                                   # a new key: drawn again, same canvas
    view.draw(_transparent(view), [], [])
    assert ov._canvas is canvas and ov._below[1] != box
    # what is kept is what a fresh overlay draws where the camera now stands
    fresh = BoardView(m.state.board)
    fresh.set_rect(pygame.Rect(view.rect))
    fresh.zoom, fresh.cam = view.zoom, list(view.cam)
    fresh.layers_below.append(lambda s, v: board_layer(s, v, m.state))
    fresh.draw(_transparent(fresh), [], [])
    again = overlay_for(fresh)._below
    assert again[1] == ov._below[1]
    assert pygame.image.tobytes(again[0], "RGBA") == pygame.image.tobytes(ov._below[0], "RGBA")


def test_board_layer_slides_a_projectile_that_moved_between_states():
    m = grove_match()
    view = BoardView(m.state.board)
    view.set_rect(pygame.Rect(0, 0, 900, 600))
    view.layers_below.append(lambda s, v: board_layer(s, v, m.state))
    screen = _transparent(view)
    view.draw(screen, [], [])
    ov = overlay_for(view)
    assert not ov.animating
    before = {f.id: f.pos for f in ov.view.flights}
    _first(m, ev.AttackAdvanced, lambda e: True)
    view.draw(screen, [], [])
    moved = [f for f in ov.view.flights if f.id in before and before[f.id] != f.pos]
    assert moved and ov.animating
    assert {sl.attack for sl in ov.slides} == {f.id for f in moved}
    ov.skip()
    view.draw(screen, [], [])
    assert not ov.animating                              # nothing new moved: no new slide


@pytest.mark.rule("BND-85")
@pytest.mark.rule("BND-88")
def test_sight_line_record_and_drawing():
    st = pass_match().state
    # a boulder two hexes out on the centre line gives cover (BND-85); a thicket hex crossed
    # gives one level of concealment (BND-88)
    s = sight_view(st, (3, 6), (7, 6))
    assert s.can_see and s.cover and s.blocked_by == ((5, 6),)
    assert s.label == "cover: disadvantage"
    hazy = sight_view(st, (1, 8), (4, 8))
    assert not hazy.cover and hazy.concealment == 1
    assert hazy.label == "concealment 1 (1/6 miss)"
    view = BoardView(st.board)
    view.set_rect(pygame.Rect(0, 0, 900, 600))
    ov = FlightOverlay()
    ov.set_view(None, s)
    screen = _transparent(view)
    # the line is drawn under the units (draw_below), its markers over them (draw_above)
    ov.draw_below(screen, view)
    ov.draw_above(screen, view)
    # the line's middle is drawn where the board maps the engine's pixel line, and the
    # obstacle gets its shield marker
    (p0, p1) = s.lines[0]
    for k in (0.3, 0.7):
        pt = view.board_to_screen((p0[0] + (p1[0] - p0[0]) * k, p0[1] + (p1[1] - p0[1]) * k))
        assert any(screen.get_at((int(pt[0]) + dx, int(pt[1]) + dy)).a
                   for dx in (-1, 0, 1) for dy in (-1, 0, 1))
    bx, by = view.cell_center((5, 6))
    assert screen.get_at((int(bx), int(by))).a == 255
    assert flight_mod.board_layer is board_layer


def test_shot_scenes_draw_the_timeline_and_the_flight(app):
    from game.client.scene import reset
    from game.client.systems.bindings import shots as bindings_shots
    shots = dict(bindings_shots.shot_scenes(app))
    assert {"bindings_pass", "bindings_grove", "bindings_timeline_tip"} <= set(shots)
    for name in ("bindings_pass", "bindings_grove"):
        scene = shots[name]
        app.apply(reset(scene))
        app.settle(2)
        assert app.top is scene and not app._fatal, name
        flights = flight_view(scene.match.state).flights
        assert flights
        f = flights[0]
        x, y = scene.view.cell_center(f.pos)
        # the projectile glyph, in its move's colour, is where the board puts its hex
        r = max(7.0, scene.view.tile * 0.30)
        got = app.screen.get_at((int(x), int(y + 0.8 * r)))[:3]
        assert all(abs(a - b) <= 12 for a, b in zip(got, f.colour)), (got, f.colour)
        assert scene.view.cell_at((int(x), int(y))) == f.pos
    tip = shots["bindings_timeline_tip"]
    app.apply(reset(tip))
    app.settle(2)
    title, lines = tip.initiative.tip_at(tip.mouse)
    assert title == tip.match.state.combatants["aera"].name
    assert ("Air Blast at Hydromancer", "hits S2") in lines


def test_the_kept_layer_is_every_pixel_drawn_under_the_tokens_in_random_play():
    """The layer's box is looked for only around the hexes and trails drawn (FlightOverlay._near):
    in random games on both maps, zoomed in and out, it is exactly the box of every pixel drawn
    on the whole layer, and the kept picture is those pixels."""
    from tests.randomplay import positions
    checked = 0
    for seed in (1, 2):
        for m in positions("bindings", seed, 400):
            if len(m.log) % 4:
                continue
            view = BoardView(m.state.board)
            view.set_rect(pygame.Rect(20, 10, 900, 600))
            view.zoom_by(-1 if len(m.log) // 4 % 2 else 1, view.rect.center)
            view.layers_below.append(lambda s, v, st=m.state: board_layer(s, v, st))
            view.draw(_transparent(view), [], [])
            ov = overlay_for(view)
            if ov._canvas is None:
                continue
            whole = ov._canvas.get_bounding_rect()
            if not (whole.w and whole.h):
                assert ov._below is None
                continue
            kept, at = ov._below
            assert at == whole.move(view.rect.topleft)
            assert pygame.image.tobytes(kept, "RGBA") == pygame.image.tobytes(
                ov._canvas.subsurface(whole), "RGBA")
            checked += 1
    assert checked > 20, f"only {checked} positions had something under the tokens"

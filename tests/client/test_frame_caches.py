"""What the frame caches keep: a kept picture must look exactly like drawing afresh after every
kind of change (pointer, move, mode, selection, camera), and nothing a long match shows may
make a cache grow without bound (the client's memory stays flat over hours of play)."""
from __future__ import annotations

import math

import pygame
import pytest

from game.client.presenters import LogLine, PanelLine, TilePanel, UnitPanel
from game.client.render import sprites
from game.client.render.board_view import PLATE_BUDGET
from game.client.scene import reset
from game.client.scenes.battle import RECAP_KEPT, BattleScene
from game.client.systems.gems.shots import shot_match
from game.client.systems.gemwielders import cards as R
from game.client.ui import battle_widgets as W
from game.engine import registry
from game.engine.ai.base import make_bot
from game.engine.ai.runner import ask_bot
from game.engine.match import Match
from game.engine.rules import SeatConfig

pytestmark = pytest.mark.client

DT = 1 / 60


def _regions(scene: BattleScene) -> list[pygame.Rect]:
    """Everything but the log (a new scene's log starts from the history, not the session)."""
    return [scene.view.rect, scene.sidebar.rect, scene.initiative.rect, scene.bar.rect]


def _picture(scene: BattleScene, surface: pygame.Surface) -> list[bytes]:
    return [pygame.image.tobytes(surface.subsurface(r), "RGB") for r in _regions(scene)]


def _fresh_drawing(app, scene: BattleScene) -> list[bytes]:
    """The same match, selection, mode, pointer and camera drawn by a scene with no caches."""
    fresh = BattleScene(app, scene.match)
    fresh.viewer = scene.viewer
    fresh.update(DT)                    # a first update may select and centre (turn start)
    fresh.selected, fresh.mode, fresh.pin_cell = scene.selected, scene.mode, scene.pin_cell
    fresh.view.zoom, fresh.view.cam = scene.view.zoom, list(scene.view.cam)
    fresh.view.user_zoomed = scene.view.user_zoomed
    fresh.view.skip()
    fresh.update(DT)
    surface = pygame.Surface(app.size)
    fresh.draw(surface)
    return _picture(fresh, surface)


def _kept_drawing(app, scene: BattleScene) -> list[bytes]:
    """Three frames: the first draws, the next two reuse what was kept."""
    surface = pygame.Surface(app.size)
    for _ in range(3):
        scene.update(DT)
        scene.draw(surface)
    return _picture(scene, surface)


def _reachable(scene: BattleScene) -> list[tuple[int, int]]:
    ov = scene.presenter.overlay(scene.effective_mode(), scene.selected, None)
    return sorted(ov.cells) if ov is not None else []


def _check_changes(app, scene: BattleScene, changes) -> None:
    for name, change in changes:
        change(scene)
        scene.view.skip()
        assert _kept_drawing(app, scene) == _fresh_drawing(app, scene), name


def _gems_shot(app) -> BattleScene:
    app.settings.animation_speed = "instant"
    m = shot_match("garnet")
    s = BattleScene(app, m)
    app.apply(reset(s))
    s.viewer = m.decision.seat
    s.update(DT)
    return s


def test_gems_battle_kept_pictures_match_a_fresh_drawing_after_every_change(app):
    s = _gems_shot(app)

    def first(sc):
        sc.selected = "garnet"
        sc.pin_cell = _reachable(sc)[0]

    def other_cell(sc):
        sc.pin_cell = _reachable(sc)[-1]

    def move(sc):
        from game.engine.systems.gems import actions as A
        step = next(a for a in sc.match.legal_actions() if isinstance(a, A.Move))
        sc.submit(step)

    def attack_mode(sc):
        sc.mode = "attack"
        sc.pin_cell = (5, 3)

    def other_unit(sc):
        sc.mode = None
        sc.selected = "beryl"
        sc.pin_cell = (9, 4)

    def zoom_and_pan(sc):
        sc.view.zoom_by(2, sc.view.rect.center)
        sc.view.pan(37, 21)

    _check_changes(app, s, [("first", first), ("other cell", other_cell), ("move", move),
                            ("attack mode", attack_mode), ("other unit", other_unit),
                            ("zoom and pan", zoom_and_pan)])


def test_a_new_reach_paints_over_the_last_veil_and_ground_picture(app):
    """A move gives a new reach: the map-sized veil and the view-sized ground picture are
    painted over in place, not made anew (megabytes made and dropped per move grew the heap),
    and what shows is what a scene with no caches draws."""
    s = _gems_shot(app)
    s.selected = "garnet"
    s.pin_cell = _reachable(s)[0]
    _kept_drawing(app, s)
    veil, picture = s.view._veil, s.view._ground[1]
    assert veil is not None and picture is not None
    before = _reachable(s)
    from game.engine.systems.gems import actions as A
    s.submit(next(a for a in s.match.legal_actions() if isinstance(a, A.Move)))
    s.view.skip()
    s.selected = "garnet"
    s.pin_cell = _reachable(s)[0]
    assert _reachable(s) != before                    # a new reach, so a new veil and ground
    assert _kept_drawing(app, s) == _fresh_drawing(app, s)
    assert s.view._veil is veil and s.view._ground[1] is picture


def test_bindings_battle_kept_pictures_match_a_fresh_drawing_after_moves(app):
    """The hex map with its flight layer: moves by both sides, the pointer wandering."""
    app.settings.animation_speed = "instant"
    # seed 1: walls and veils go up and a projectile flies within the first fifty actions
    cfg = registry.get("bindings").example_config(1)
    cfg.seats = [SeatConfig("human", name="Player 1"), SeatConfig("human", name="Player 2")]
    m = Match.new(cfg)
    s = BattleScene(app, m)
    app.apply(reset(s))
    s.viewer = m.decision.seat
    s.update(DT)
    bot = make_bot("bindings", "random")

    def play(sc):
        for _ in range(6):
            if sc.match.over:
                break
            sc.viewer = sc.match.decision.seat
            assert sc.submit(ask_bot(sc.match, bot, sc.match.decision.seat))
        sc.viewer = sc.match.decision.seat if sc.match.decision else sc.viewer
        assert sc.app.top is sc            # no hand-off curtain hides the board
        cells = _reachable(sc)
        sc.pin_cell = cells[len(cells) // 2] if cells else (3, 3)

    _check_changes(app, s, [(f"play {i}", play) for i in range(8)])


def test_a_region_is_drawn_again_only_when_what_it_shows_changes():
    surface = pygame.Surface((400, 400))
    bar = W.Sidebar(W.Text())
    bar.rect = pygame.Rect(100, 0, 300, 400)
    unit = UnitPanel("u", "Una", "a test", 0, (200, 100, 100), 5, 9,
                     arms=[PanelLine("a sword", "Arm", tooltip="sharp")])
    same = UnitPanel("u", "Una", "a test", 0, (200, 100, 100), 5, 9,
                     arms=[PanelLine("a sword", "Arm", tooltip="sharp")])
    portrait = lambda panel, size: pygame.Surface((size, size))  # noqa: E731
    bar.draw(surface, unit, TilePanel("Grass"), portrait)
    tips = list(bar.tips)
    bar.draw(surface, same, TilePanel("Grass"), portrait)        # equal records: one blit
    assert bar._cache.draws == 1 and bar.tips == tips and tips
    same.hp = 4
    bar.draw(surface, same, TilePanel("Grass"), portrait)
    assert bar._cache.draws == 2
    bar.rect = pygame.Rect(0, 0, 300, 400)                       # moved: drawn again
    bar.draw(surface, same, TilePanel("Grass"), portrait)
    assert bar._cache.draws == 3


def test_a_long_log_does_not_fill_the_text_cache():
    text = W.Text()
    log = W.CombatLog(text)
    log.rect = pygame.Rect(0, 0, 1200, 120)
    for i in range(3 * log.limit):
        log.append([LogLine(f"Round {i}: the archer looses at the knight and misses by {i % 7}")])
    assert len(log.lines) == log.limit
    assert len(text._cache) == 0          # log lines are kept by the log, once


def test_the_text_cache_stays_within_its_pixel_budget():
    text = W.Text()
    for i in range(4000):
        text.render(f"Forecast {i}: 55% to hit, 3-9 damage, 12% to drop her " * 2, 15)
        assert text.bytes <= text.budget
    assert text.bytes == sum(s.get_width() * s.get_height() * s.get_bytesize()
                             for s in text._cache.values())


def _dressed_one_by_one(view, surface: pygame.Surface, tokens, px: int) -> None:
    """Every token drawn piece by piece straight onto the surface (no plates), in row order."""
    for tok in sorted(tokens, key=lambda t: (t.y + t.size, t.x)):
        size_px = math.ceil(px * tok.size)
        lift = int(px * 0.18) if tok.altitude is not None else 0
        r = view.cell_rect((tok.x, tok.y), tok.size)
        if tok.altitude is not None:
            sh = pygame.Rect(0, 0, int(size_px * 0.6), int(size_px * 0.22))
            sh.center = (r.centerx, int(r.bottom - size_px * 0.14))
            shadow = pygame.Surface(sh.size, pygame.SRCALPHA)
            pygame.draw.ellipse(shadow, (0, 0, 0, 90), shadow.get_rect())
            surface.blit(shadow, sh)
        if r.w != size_px:
            r = pygame.Rect(r.centerx - size_px // 2, r.centery - size_px // 2, size_px, size_px)
        view._dress(surface, tok, r.move(0, -lift), px, size_px, view._token_sprite(tok, size_px), None)


@pytest.mark.parametrize("system_id", ["bindings", "gems"])
def test_token_plates_look_exactly_like_tokens_drawn_piece_by_piece(app, system_id):
    """A still token is one composed picture (sprite, glyph, rings, HP bar) plus its HP number
    and badges; on the map art, at every zoom, selected, marked or pointed at, the frame is the
    same pixels as drawing each piece onto the screen."""
    app.settings.animation_speed = "instant"
    cfg = registry.get(system_id).example_config(2)
    cfg.seats = [SeatConfig("human", name="Player 1"), SeatConfig("human", name="Player 2")]
    m = Match.new(cfg)
    s = BattleScene(app, m)
    app.apply(reset(s))
    bot = make_bot(system_id, "random")
    for _ in range(60):                    # wounds, badges and (bindings) fliers by now
        if m.over:
            break
        s.viewer = m.decision.seat
        assert s.submit(ask_bot(m, bot, m.decision.seat), from_ai=True)
    s.view.skip()
    tokens = s.presenter.tokens(s.viewer)
    assert len(tokens) >= 3
    view = s.view
    view.selected, view.marked, view.lit = tokens[0].id, {tokens[1].id}, {tokens[2].id, tokens[0].id}
    for steps in (0, 2, 4):
        view.zoom_by(steps, view.rect.center)
        px = math.ceil(view.tile)
        kept = pygame.Surface(app.size)
        direct = pygame.Surface(app.size)
        for surface in (kept, direct):     # as BoardView.draw: nothing spills out of the map
            surface.set_clip(view.rect)
        for _ in range(2):                 # the second time from the kept plates
            view._draw_ground(kept, None, px)
            view._draw_tokens(kept, tokens, px)
        view._draw_ground(direct, None, px)
        _dressed_one_by_one(view, direct, tokens, px)
        assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(direct, "RGB"), steps


def test_the_sprite_cache_is_bounded():
    sprites.clear_cache()
    for px in range(20, 140):
        for glow in (False, True):
            for side in range(3):
                sprites.unit_token((200, 80, 80), side, (90, 90, 200), px, (), glow=glow)
    assert 0 < len(sprites._cache) <= 512


def test_a_long_bot_match_keeps_the_client_caches_bounded(app):
    """Bindings between two bots through the scene, one frame per move: the caches that grow
    with what the match shows (text, sprites, legends, presenter answers, kept pictures) stay
    within their bounds."""
    app.settings.animation_speed = "instant"
    cfg = registry.get("bindings").example_config(5)
    cfg.seats = [SeatConfig("human", name="Player 1"), SeatConfig("human", name="Player 2")]
    m = Match.new(cfg)
    s = BattleScene(app, m)
    app.apply(reset(s))
    bot = make_bot("bindings", "random")
    board = m.state.board
    sizes = []
    for i in range(400):
        if m.over:
            break
        s.viewer = m.decision.seat
        assert s.submit(ask_bot(m, bot, m.decision.seat), from_ai=True)
        s.view.skip()
        s.viewer = m.decision.seat if m.decision is not None else s.viewer
        s.pin_cell = (i % board.width, (i * 7) % board.height)
        app.step()
        assert app.top is s                 # the board is what was drawn
        sizes.append(len(s.text._cache))
    assert len(m.log) > 150
    assert s.text.bytes <= s.text.budget
    assert len(s.text._cache) <= 3001 and max(sizes) <= 3001
    assert len(s._asked) <= 257
    assert len(sprites._cache) <= 512
    assert len(s.view._legends) <= 33
    assert 0 < len(s.view._plates) <= PLATE_BUDGET
    assert len(s.log.lines) <= s.log.limit
    assert all(len(lines) <= RECAP_KEPT for lines in s.recap.values())


def test_a_gem_token_is_the_gem_and_its_shadow_drawn_directly():
    for r, letter in ((9, "R"), (14, "B"), (21, "*")):
        direct = pygame.Surface((120, 120))
        direct.fill((18, 30, 30))
        sh = pygame.Surface((r * 3, r * 3), pygame.SRCALPHA)
        pygame.draw.ellipse(sh, (0, 0, 0, 80), pygame.Rect(r // 2, r, r * 2 + 2, r * 2 - r // 2))
        direct.blit(sh, (60 - r * 3 // 2 + max(1, r // 5), 60 - r * 3 // 2 + r // 3))
        R.draw_gem(direct, (60, 60), r, letter)
        kept = pygame.Surface((120, 120))
        kept.fill((18, 30, 30))
        R.draw_gem_token(kept, (60, 60), r, letter)
        R.draw_gem_token(kept, (60, 60), r, letter)       # the kept picture, again
        again = pygame.Surface((120, 120))
        again.fill((18, 30, 30))
        R.draw_gem_token(again, (60, 60), r, letter)
        assert pygame.image.tobytes(again, "RGB") == pygame.image.tobytes(direct, "RGB"), letter


def test_card_table_bands_match_a_fresh_drawing_as_the_game_goes_on(app):
    from game.client.systems.gemwielders.shots import new_match, pick
    from game.client.systems.gemwielders.table import CardTableScene
    from game.engine.rng import Rng
    m = new_match(3)
    s = CardTableScene(app, m)
    app.apply(reset(s))
    rng = Rng.from_seed(11)
    for step in range(40):
        for _ in range(2):
            if m.over:
                break
            s.viewer = m.decision.seat
            s.submit(pick(m, rng))
            s.show = None
        s.viewer = m.decision.seat if m.decision is not None else s.viewer
        kept = pygame.Surface(app.size)
        s.draw(kept)
        s.flash.clear()             # a counter's flash has run out (a new scene shows none)
        for _ in range(3):
            s.draw(kept)
        fresh = CardTableScene(app, m)
        fresh.viewer = s.viewer
        again = pygame.Surface(app.size)
        fresh.draw(again)
        # the whole table but the right column (its log starts from what the scene saw)
        for band in ("opp", "mid", "me", "top"):
            r = s.rects[band]
            assert (pygame.image.tobytes(kept.subsurface(r), "RGB")
                    == pygame.image.tobytes(again.subsurface(r), "RGB")), (step, band)
        r = s.rects["right"]
        for part in (pygame.Rect(0, 0, r.x, app.size[1]),):
            assert (pygame.image.tobytes(kept.subsurface(part), "RGB")
                    == pygame.image.tobytes(again.subsurface(part), "RGB")), (step, "table")
        assert [h.key for h in s.hot] == [h.key for h in fresh.hot]


def _veil_for_the_view(view, ov) -> pygame.Surface:
    """The move range's veil drawn for the view alone, hole by hole in screen places (what
    BoardView drew every time the camera moved, before it kept one veil for the whole map)."""
    veil = pygame.Surface(view.rect.size, pygame.SRCALPHA)
    veil.fill((8, 10, 14, 125))
    for cell in ov.cells:
        if view.geo.hex is None:
            veil.fill((0, 0, 0, 0), view.cell_rect(cell, ov.size).move(-view.rect.x, -view.rect.y))
        else:
            pygame.draw.polygon(veil, (0, 0, 0, 0), [(x - view.rect.x, y - view.rect.y)
                                                     for x, y in view.cell_polygon(cell)])
    return veil


@pytest.mark.parametrize("system_id", ["gems", "rpgstuck"])      # the systems that veil
def test_the_veil_kept_for_the_whole_map_looks_like_one_drawn_for_the_view(app, system_id):
    """The veil over what a unit cannot reach is drawn once per reach and zoom over the whole
    map and moved with the camera; at whole-pixel cameras (zoomed out with margins round the
    map, and zoomed in and panned) the ground must look exactly as with a veil drawn for the
    view where the camera stands."""
    cfg = registry.get(system_id).example_config(3)
    cfg.seats = [SeatConfig("human", name="Player 1"), SeatConfig("human", name="Player 2")]
    m = Match.new(cfg)
    bot = make_bot(system_id, "random")
    while m.decision.stage != "act":       # a unit of a side to act, her reach veiled
        m.submit(ask_bot(m, bot, m.decision.seat))
    s = BattleScene(app, m)
    app.apply(reset(s))
    s.viewer = m.decision.seat
    s._turn_started()
    s.update(DT)
    view = s.view
    checked = 0
    for zoom, pan in ((0, (0, 0)), (2, (37, 21)), (1, (-60, 45))):
        view.zoom_by(zoom, view.rect.center)
        view.pan(*pan)
        view.cam = [float(round(c)) for c in view.cam]
        ov = s._current_overlay()
        if ov is None or not ov.veil or not ov.cells:
            continue
        kept = pygame.Surface(app.size)
        by_hand = pygame.Surface(app.size)
        for surface in (kept, by_hand):
            surface.set_clip(view.rect)
            surface.fill((16, 19, 24))
        static = view._static()
        area = pygame.Rect(max(0, int(view.cam[0])), max(0, int(view.cam[1])), *view.rect.size)
        dest = (view.rect.x + max(0, -int(view.cam[0])), view.rect.y + max(0, -int(view.cam[1])))
        for surface in (kept, by_hand):
            surface.blit(static, dest, area)
        view._draw_veil(kept, ov, 0)
        by_hand.blit(_veil_for_the_view(view, ov), view.rect.topleft)
        assert (pygame.image.tobytes(kept.subsurface(view.rect), "RGB")
                == pygame.image.tobytes(by_hand.subsurface(view.rect), "RGB")), (zoom, pan)
        checked += 1
    assert checked >= 2


def test_dimmed_screens_and_drawn_lines_reuse_their_pictures_and_look_the_same():
    """The card table's attack show dims the screen and writes its sums every frame: the tint
    and each line are made once and reused, and the pixels are those made afresh."""
    from game.client import resources
    from game.client.ui import draw as D
    pygame.font.init()
    size = (320, 200)

    def by_hand(surface):
        veil = pygame.Surface(size, pygame.SRCALPHA)
        veil.fill((6, 8, 11, 120))
        surface.blit(veil, (0, 0))
        font = resources.font(30, True)
        img = font.render("Defense 7", True, (79, 163, 199))
        rect = img.get_rect(topright=(300, 20))
        sh = font.render("Defense 7", True, (0, 0, 0))
        sh.set_alpha(150)
        surface.blit(sh, rect.move(1, 1))
        surface.blit(img, rect)

    def kept(surface):
        D.dim(surface, 120)
        D.text(surface, "Defense 7", (300, 20), 30, (79, 163, 199), bold=True, anchor="topright")

    want = pygame.Surface(size)
    want.fill((40, 60, 80))
    by_hand(want)
    made = D._line.cache_info().misses, D._veil.cache_info().misses
    for _ in range(3):
        got = pygame.Surface(size)
        got.fill((40, 60, 80))
        kept(got)
        assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(want, "RGB")
    assert D._line.cache_info().misses - made[0] <= 1       # made at most once, then reused
    assert D._veil.cache_info().misses - made[1] <= 1


def test_a_kept_art_backdrop_is_the_rows_drawn_one_by_one():
    """cards._gradient: the art panel's backdrop kept per colours and size, blitted onto a
    see-through face, is pixel for pixel the rows a face drew on itself line by line."""
    for top, bottom, size in (((200, 120, 90), (40, 20, 10), (60, 33)),
                              ((90, 150, 210), (12, 30, 60), (97, 1)),
                              ((255, 255, 255), (0, 0, 0), (3, 120))):
        w, h = size
        direct = pygame.Surface((w + 10, h + 10), pygame.SRCALPHA)
        for i in range(h):
            t = i / max(1, h - 1)
            c = tuple(int(top[k] + (bottom[k] - top[k]) * t) for k in range(3))
            pygame.draw.line(direct, c, (5, 5 + i), (5 + w - 1, 5 + i))
        kept = pygame.Surface((w + 10, h + 10), pygame.SRCALPHA)
        R._gradient(top, bottom, size)
        kept.blit(R._gradient(top, bottom, size), (5, 5))
        assert pygame.image.tobytes(kept, "RGBA") == pygame.image.tobytes(direct, "RGBA"), size


def test_a_gems_kept_shades_are_its_colour_mixed_as_before():
    """cards._gem_shades and _mix: the body and facet colours a gem is drawn in, the same as
    mixing each channel of the gem's colour toward black and white."""
    def mix(a, b, t):
        return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))
    for base in ((214, 52, 64), (46, 170, 96), (0, 0, 0), (255, 255, 255), (1, 254, 127)):
        body, facets = R._gem_shades(base)
        assert body == mix(base, (0, 0, 0), 0.35)
        for k, got in enumerate(facets):
            shade = (math.cos(math.radians(45 * k + 45) - math.radians(225)) + 1) / 2
            dark, light = mix(base, (0, 0, 0), 0.4), mix(base, (255, 255, 255), 0.35)
            assert got == mix(dark, light, shade)
        assert R._mix(base, (7, 200, 33), 0.37) == mix(base, (7, 200, 33), 0.37)

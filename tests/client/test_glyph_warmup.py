"""Glyphs loaded ahead of use (game/client/ui/glyphs.py): the warmer's bounded steps and what it
renders, the card faces' fonts it is given (cards.face_fonts against what `_face` really asks
for), the card table handing them over and keeping them, and the attack show's veil made as the
table opens, not in the show's first frame."""
from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game.client import resources
from game.client.scenes import match_scene
from game.client.scenes.match_scene import MatchScene
from game.client.systems.gemwielders import cards as R
from game.client.systems.gemwielders.presenter import GemwieldersPresenter
from game.client.systems.gemwielders.shots import new_match
from game.client.systems.gemwielders.table import SHOW_DIM, CardTableScene
from game.client.ui import draw as D
from game.client.ui import glyphs
from game.client.ui.saving import battle_scene
from game.client.scene import reset

pytestmark = pytest.mark.client


class _Font:
    """A font that records what it is asked to render."""

    def __init__(self, key, log):
        self.key, self.log = key, log

    def render(self, letters, antialias, colour):
        self.log.append((self.key, letters))
        return pygame.Surface((1, 1))


def test_a_warmer_renders_each_fonts_letters_once_a_bounded_step_at_a_time(monkeypatch):
    log: list = []
    monkeypatch.setattr(resources, "font", lambda size, bold=False: _Font((size, bold), log))
    warmer = glyphs.GlyphWarmer([(12, True), (5, False), (12, True)])
    # no time at all still moves one step, and says there is more
    assert warmer.run(0.0) is True and len(log) == 1 and not warmer.done
    while warmer.run(0.0):
        pass
    assert warmer.done and warmer.run(1.0) is False
    # one font asked twice is loaded once; a size under the smallest is the smallest
    fonts = {key for key, _ in log}
    assert fonts == {(12, True), (6, False)}
    for key in fonts:
        letters = [s for k, s in log if k == key]
        assert "".join(letters) == glyphs.CHARS
        assert all(len(s) <= glyphs.CHUNK for s in letters)


def _all_faces():
    match = new_match(3)
    presenter = GemwieldersPresenter(match)
    content = presenter.content()
    faces = [presenter.face(cid) for cid in content.cards]
    faces += [presenter.bearer_face(bid) for bid in content.bearers]
    # a changed value (coloured badge) and a long name are drawn too
    faces.append(presenter.face(next(iter(content.cards)), sword=9))
    return faces


def _fonts_asked(monkeypatch, draw) -> set[tuple[int, bool]]:
    asked: set[tuple[int, bool]] = set()
    real = resources.font

    def spy(size, bold=False):
        asked.add((max(6, int(size)), bool(bold)))
        return real(size, bold)
    monkeypatch.setattr(resources, "font", spy)
    draw()
    monkeypatch.setattr(resources, "font", real)
    return asked


def test_face_fonts_names_every_font_a_card_face_draws_in(app, monkeypatch):
    faces = _all_faces()
    assert len(faces) > 50
    for w in (50, 57, 63, 76, 91, 105, 118, 133, 150, 176, 200, 240):
        asked = _fonts_asked(monkeypatch, lambda: [R._face(f, w) for f in faces])
        missing = asked - R.face_fonts(w)
        assert not missing, f"a card {w} px wide draws in {sorted(missing)} unwarmed"


def _open_ai_table(app, size=(1280, 720)) -> CardTableScene:
    app.set_window(size)
    app.settings.animation_speed = "fast"
    scene = battle_scene(app, new_match(5, seats=("ai", "ai"), names=("A", "B")))
    assert isinstance(scene, CardTableScene)
    scene.ai_use_process = False
    app.apply(reset(scene))
    return scene


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_card_table_warms_the_fonts_of_the_faces_it_draws_and_keeps_them(app, monkeypatch,
                                                                             size):
    log: list = []

    def recording(size, bold=False):
        f = resources.font(size, bold)
        log.append(((size, bold), f))
        return f
    # the fonts the warmer loads (it alone reads them through this name)
    monkeypatch.setattr(glyphs, "resources", SimpleNamespace(font=recording))
    drawn: list[tuple] = []
    real_face = R._face

    def face(card, w):
        drawn.append((card, w))
        return real_face(card, w)
    monkeypatch.setattr(R, "_face", face)
    # no time to spare in a frame: each frame still takes one step of the warm-up
    monkeypatch.setattr(match_scene, "GLYPH_SLICE", 0.0)
    scene = _open_ai_table(app, size)
    wanted = {(max(6, s), b) for s, b in scene.warm_fonts()}
    assert scene._glyphs is not None and not scene._glyphs.done
    frames = 0
    while scene._glyphs is not None:
        app.step(dt=1 / 60)
        frames += 1
        assert frames < 5000, "the warm-up never ended"
    # every font handed over was loaded, one step a frame
    assert {key for key, _ in log} == wanted
    steps = -(-len(glyphs.CHARS) // glyphs.CHUNK)
    assert frames == len(log) == len(wanted) * steps
    # play on: every face drawn since opening was at a width the table warmed for
    for _ in range(300):
        if scene.match.over or app.top is not scene:
            break
        scene.pacer.skip()
        app.step(dt=1 / 60)
    assert drawn, "the table drew no card face"
    for card, w in drawn:
        assert R.face_fonts(w) <= wanted, f"a face {w} px wide was not warmed for"
    # and the fonts loaded are the very ones drawing uses: none let go by the font cache
    monkeypatch.undo()
    for key, font in log:
        assert resources.font(*key) is font, f"font {key} was dropped after its warm-up"


def test_the_attack_shows_veil_is_made_as_the_table_opens(app):
    D._veil.cache_clear()
    _open_ai_table(app)
    before = D._veil.cache_info()
    D.dim(pygame.Surface(app.size), SHOW_DIM)
    after = D._veil.cache_info()
    assert after.misses == before.misses and after.hits == before.hits + 1


def test_a_scene_without_fonts_to_warm_has_no_warmer(app):
    from game.engine.ai.runner import example_match
    from game.engine.match import Match
    scene = battle_scene(app, Match.new(example_match("gems", 1, "gems_riverbend.tmx")))
    assert isinstance(scene, MatchScene) and scene.warm_fonts() == []
    app.apply(reset(scene))
    assert scene._glyphs is None

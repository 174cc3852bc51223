"""The rest screen between two battles of a series, driven through the real client: the results
of a series battle lead to it, hit dice are chosen with + and -, the short rest heals, the next
battle opens with the party as the rest left it."""
from __future__ import annotations

import os

import pygame
import pytest

from game.client.scenes.rest import RestScene
from game.client.scenes.results import ResultsScene
from game.engine.actions import Concede
from game.engine.series import Series
from tests.client.conftest import find_button
from tests.rpgstuck.engine_helpers import battle

PARTY = [("psion", "psion", 0, 1, 1), ("knight", "knight", 0, 1, 3), ("imp", "imp", 1, 8, 1)]


def fought() -> Series:
    s = Series.start(battle(PARTY).config)
    m = s.next_battle()
    m.state.creatures["psion"].hp = 9
    m.edited()
    while not m.over:
        if m.decision.seat == 1:
            m.submit(Concede(1))
        else:
            m.submit(next(a for a in m.legal_actions() if a.kind == "end_turn"))
    return s


def press(app, text: str) -> None:
    app.settle(1)
    app.click(find_button(app, text).rect.center)
    app.settle(1)


@pytest.mark.rule("RS-136", "RS-SM-16")
def test_results_lead_to_a_rest_and_the_next_battle(app, tmp_path):
    s = fought()
    app.series = s
    from game.client.scene import reset
    app.apply(reset(ResultsScene(app, s.match)))
    press(app, "Rest")
    assert isinstance(app.top, RestScene)
    assert len(s.battles) == 1
    scene = app.top
    plus = [b for b in scene._buttons if b.text == "+"]
    assert len(plus) == 2                               # one per creature with hit dice
    app.click(plus[0].rect.center)
    app.settle(1)
    assert scene.chosen[("short", "psion")] == 1
    shot = tmp_path / "rest_1280.png"
    pygame.image.save(app.screen, str(shot))
    s.rng.force([4])
    press(app, "Short rest")
    assert s.carried["members"]["psion"]["hp"] == 9 + 4 + 1
    assert any("Psion spent 1 hit die" in line for line in scene.done)
    if os.environ.get("SERIES_SHOTS"):
        pygame.image.save(app.screen, os.path.join(os.environ["SERIES_SHOTS"], "rest_done.png"))
    press(app, "Next battle")
    assert s.match is not None and s.match.state.creatures["psion"].hp == 14
    assert app.series is s


def test_the_rest_screen_fits_1920x1080(tmp_path):
    from game.client.app import App
    from game.client.scene import reset
    big = App((1920, 1080), fullscreen=False)
    try:
        s = fought()
        s.finish_battle()
        big.apply(reset(RestScene(big, s)))
        big.settle(2)
        box = big.top.box()
        for b in big.top._buttons:
            assert box.contains(b.rect), b.text
        if os.environ.get("SERIES_SHOTS"):
            pygame.image.save(big.screen, os.path.join(os.environ["SERIES_SHOTS"],
                                                       "rest_1920.png"))
    finally:
        big.stack.clear()
        pygame.display.quit()


def test_a_finished_match_goes_on_as_a_series_and_the_load_screen_continues_it(app):
    from game.client.scene import reset
    from game.client.scenes.load import LoadScene
    from game.client.scenes.rest import series_file
    s = fought()                                        # a plain match, not yet a series
    app.apply(reset(ResultsScene(app, s.match)))
    press(app, "Go on as a series")
    assert isinstance(app.top, RestScene)
    kept = app.series
    assert kept is not s and len(kept.battles) == 1
    assert kept.carried["members"]["psion"]["hp"] == 9
    assert series_file().is_file()                      # kept for "Continue series"
    press(app, "Menu")
    assert app.series is None
    app.apply(reset(LoadScene(app)))
    press(app, "Continue series")
    assert isinstance(app.top, RestScene)
    assert app.series.carried == kept.carried


def test_the_next_battle_may_be_on_another_map_against_other_foes(app):
    from game.client.scene import reset
    from game.engine import registry
    system = registry.get("rpgstuck")
    s = Series.start(system.example_config(3))
    m = s.next_battle()
    while not m.over:
        m.submit(Concede(m.decision.seat) if m.decision.seat == 1 else
                 next(a for a in m.legal_actions() if a.kind == "end_turn"))
    s.finish_battle()
    app.apply(reset(RestScene(app, s)))
    app.settle(2)
    scene = app.top
    other = next(mc.id for mc in scene.maps if mc.id != s.config.map)
    scene._pick_map(other)
    app.settle(1)
    assert scene._foes and all(t != s.config.setup["teams"][0] for _, t in scene._foes)
    if os.environ.get("SERIES_SHOTS"):
        pygame.image.save(app.screen, os.path.join(os.environ["SERIES_SHOTS"], "rest_map.png"))
    press(app, "Next battle")
    assert s.match.config.map == other
    assert s.match.config.setup["teams"][1] == scene.foe
    party = [c for c in s.match.state.creatures.values() if c.side == 0]
    assert party and all(c.id in s.carried["members"] for c in party)

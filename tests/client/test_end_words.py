"""The end of a battle reads the same everywhere a player looks: the log's last line and the
results' headline name the winning side alike (the team the seat picked, else its colour), and
the engine's reason names the other side the same way (#12-#14)."""
from __future__ import annotations

import pygame
import pytest

from game.client.scene import reset
from game.client.scenes.battle import BattleScene
from game.client.scenes.results import ResultsScene
from game.engine import registry
from game.engine.actions import Concede
from game.engine.match import Match


@pytest.mark.parametrize("system, teams, verb", [
    ("gems", ["Ember Ford", "Tidewatch"], "conceded"),
    ("bindings", ["Gale Company", "Ember Company"], "yielded"),
])
def test_a_concession_reads_the_same_in_the_log_and_the_results(app, system, teams, verb):
    match = Match.new(registry.get(system).example_config(3))
    assert match.state.side_names == teams
    app.settings.animation_speed = "instant"
    scene = BattleScene(app, match)
    scene.ai_use_process = False
    app.apply(reset(scene))
    app.settle(2)
    seat = match.decision.seat
    loser_team, winner_team = teams[seat], teams[1 - seat]
    assert scene.submit(Concede(seat))
    app.settle(3)
    assert isinstance(app.top, ResultsScene)
    assert app.top.headline == f"{winner_team} wins"
    assert app.top.reason == f"{loser_team} {verb}"
    last = scene.log.lines[-1][0].text
    assert last == f"{winner_team} wins: {loser_team} {verb}"
    # the seats line says which side each seat played
    seats = match.config.seats
    assert dict(app.top.stats)["Seats"].startswith(f"{seats[0].name} · {teams[0]}  vs  ")
    # the per-unit table heads its columns with the same names
    assert [app.top.side_name(s) for s in app.top.unit_sides] == teams


def test_a_side_without_a_team_is_named_by_its_colour_in_the_log_and_the_results(app):
    from game.client.systems.gems.shots import shot_match
    match = shot_match("garnet")
    assert match.state.side_names == []
    app.settings.animation_speed = "instant"
    scene = BattleScene(app, match)
    app.apply(reset(scene))
    app.settle(2)
    seat = match.decision.seat
    assert scene.submit(Concede(seat))
    app.settle(3)
    assert isinstance(app.top, ResultsScene)
    colour = scene.presenter.side_name(1 - seat)
    assert colour.endswith(" side") and app.top.headline == f"{colour} wins"
    assert scene.log.lines[-1][0].text == f"{colour} wins: the other side conceded"
    assert app.top.reason == "the other side conceded"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_long_unit_names_keep_their_size_in_the_results(app, size):
    """gu_masters' numbered names ("Moon Orchid Disciple 1") and a full line beside them were
    shrunk to fit a fixed-width box: the box widens (within the window) so each name and its
    line read at the table's one size."""
    from game.client import resources
    from game.client.scenes.results import UNIT_GAP, UNIT_TEXT
    from game.client.systems.gems.shots import shot_match
    from game.client.scene import push
    app.set_window(size, False)
    match = shot_match("garnet")
    units = [(u.id, f"Moon Orchid Elder Disciple {i + 1}", u.side)
             for i, u in enumerate(match.state.units.values())]
    scene = ResultsScene(app, match, "Red side conceded", units=units)
    scene.units = [[(name, "dealt 24 · took 31 · down") for name, _ in col] for col in scene.units]
    app.apply(push(scene))
    app.settle(2)
    box = scene.box()
    assert pygame.Rect((0, 0), app.size).contains(box)
    colw = scene.unit_column_width()
    plain, bold = resources.font(scene.px(UNIT_TEXT)), resources.font(scene.px(UNIT_TEXT), True)
    for col in scene.units:
        for name, line in col:
            assert plain.size(name)[0] + scene.px(UNIT_GAP) + bold.size(line)[0] <= colw, name
    for rect in scene.drawn:
        assert box.contains(rect), rect

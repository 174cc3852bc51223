"""The end of a battle reads the same everywhere a player looks: the log's last line and the
results' headline name the winning side alike (the team the seat picked, else its colour), and
the engine's reason names the other side the same way (#12-#14)."""
from __future__ import annotations

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
    assert scene.log.lines[-1][0].text.startswith(f"{colour} wins: ")

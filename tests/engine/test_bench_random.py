"""The engine benchmark's random-legal rows come from a fresh process per system: the child
(`python -m benchmarks.engine --random SYSTEM`) prints that system's rows as JSON, which the
parent reads back into rows."""
from __future__ import annotations

import json

from benchmarks import engine
from benchmarks.report import Row


def test_the_child_prints_one_systems_rows_of_one_part_as_json(capsys):
    assert engine.main(["--random", "gemwielders", "--part", "rate", "--quick"]) == 0
    rows = [Row(**fields) for fields in json.loads(capsys.readouterr().out)]
    assert [r.what for r in rows] == ["gemwielders random-legal play, from cold"]
    play = rows[0]
    assert play.value > 0 and play.better == "higher" and play.goal == 20000.0
    assert "2 games from cold (a fresh process)" in play.note
    assert engine.main(["--random", "gemwielders", "--part", "calls", "--quick"]) == 0
    rows = [Row(**fields) for fields in json.loads(capsys.readouterr().out)]
    assert [r.what for r in rows] == [
        "gemwielders legal_actions p95", "gemwielders legal_actions max",
        "gemwielders submit median"]
    assert rows[1].value >= rows[0].value > 0          # the worst call is no faster than p95


def test_the_rate_and_the_per_call_timings_play_the_same_games():
    # the two parts are two processes' runs of one set of games: only the clock reads differ
    plain = engine._random_games("bindings", ["bindings_grove.tmx"], range(1, 2), False)
    timed = engine._random_games("bindings", ["bindings_grove.tmx"], range(1, 2), True)
    assert plain[0] == timed[0] > 0
    assert plain[2] == [] and plain[3] == []
    assert len(timed[2]) == len(timed[3]) == timed[0]

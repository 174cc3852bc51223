"""The engine benchmark's random-legal rows come from a fresh process per system: the child
(`python -m benchmarks.engine --random SYSTEM`) prints that system's rows as JSON, which the
parent reads back into rows."""
from __future__ import annotations

import json

from benchmarks import engine
from benchmarks.report import Row


def test_the_child_prints_one_systems_rows_as_json(capsys):
    assert engine.main(["--random", "gemwielders", "--quick"]) == 0
    rows = [Row(**fields) for fields in json.loads(capsys.readouterr().out)]
    assert [r.what for r in rows] == [
        "gemwielders random-legal play, from cold", "gemwielders legal_actions p95",
        "gemwielders legal_actions max", "gemwielders submit median"]
    play = rows[0]
    assert play.value > 0 and play.better == "higher" and play.goal == 20000.0
    assert "2 games from cold (a fresh process)" in play.note
    assert rows[2].value >= rows[1].value > 0          # the worst call is no faster than p95

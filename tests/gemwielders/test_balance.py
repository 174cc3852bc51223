"""`python -m game balance` on a tiny run: the JSON summary's shape and counts, the schedule
of ordered Gembearer pairings, and determinism."""
from __future__ import annotations

import json

from game.cli import balance


def test_schedule_cycles_every_ordered_pairing_of_distinct_gembearers():
    plan = balance.schedule("gemwielders", 24, 100)
    pairs = [(a, b) for _, a, b in plan]
    assert [s for s, _, _ in plan] == list(range(100, 124))
    assert len(set(pairs[:12])) == 12 and all(a != b for a, b in pairs)
    assert pairs[:12] == pairs[12:]


def test_balance_summary_on_four_games(capsys):
    assert balance.main(["--system", "gemwielders", "--games", "4", "--seed", "3",
                         "--workers", "1"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 4 and report["finished"] + report["unfinished"] == 4
    assert sum(p["games"] for p in report["picks"].values()) == 8
    assert sum(p["wins"] for p in report["picks"].values()) == report["finished"]
    assert 0 <= report["first_player_wins"] <= report["finished"]
    assert report["first_player_win_rate"] == round(report["first_player_wins"] / report["finished"], 4)
    assert report["median_turns"] > 0
    assert 0 <= report["deck_out_games"] <= report["finished"]
    # the scheduled picks went to the scheduled players
    plan = balance.schedule("gemwielders", 4, 3)
    assert sorted(report["pairings"]) == sorted(f"{a} v {b}" for _, a, b in plan)


def test_play_one_is_deterministic_and_honours_the_picks():
    a = balance.play_one("gemwielders", "normal", 21, "longbow", "hammer", 5000)
    b = balance.play_one("gemwielders", "normal", 21, "longbow", "hammer", 5000)
    assert a == b and a["finished"]
    assert a["picks"][str(a["first"])] == "longbow"
    assert a["picks"][str(1 - a["first"])] == "hammer"


def test_unknown_system_is_a_clear_error(capsys):
    assert balance.main(["--system", "nope", "--games", "2"]) == 2
    assert "nope" in capsys.readouterr().err


def test_worker_processes_give_the_same_tally_as_one_process():
    """The spawned workers exchange only JSON and change nothing in the results."""
    one = balance.balance("gemwielders", 4, 40, workers=1)
    two = balance.balance("gemwielders", 4, 40, workers=2)
    assert one == two and one["games"] == 4

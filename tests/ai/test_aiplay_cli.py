"""The AI benchmark command line shared by the grid systems: `--seeds A..B` and `--only PART`
choose the games, and a wrong value stops with a message instead of measuring something else."""
from __future__ import annotations

import pytest

from benchmarks import ai_rpgstuck
from benchmarks.aiplay import PARTS, cli, parse_seeds


def test_seeds_are_an_inclusive_range():
    assert parse_seeds("3..7") == range(3, 8)
    assert parse_seeds("5..5") == range(5, 6)


@pytest.mark.parametrize("text", ["0..3", "4..2", "1-3", "a..b", "3"])
def test_bad_seeds_stop_with_a_message(text):
    with pytest.raises(SystemExit, match="--seeds"):
        parse_seeds(text)


def test_unknown_part_stops_with_a_message():
    with pytest.raises(SystemExit, match="--only takes one of"):
        cli(ai_rpgstuck.rows, ["--only", "strength"])


def test_only_hard_plays_the_hard_games_alone(capsys):
    """One seed of hard against normal: four games (two maps, each bot on each side), and the
    rows printed are that figure and the thinking time, none of the others."""
    assert PARTS == ("random", "knockout", "hard")
    cli(ai_rpgstuck.rows, ["--only", "hard", "--seeds", "1..1"])
    out = capsys.readouterr().out
    assert "hard vs normal" in out and "4 games" in out and "seeds 1..1" in out
    assert "vs random" not in out and "knockout" not in out
    assert "thinking per turn, max" in out

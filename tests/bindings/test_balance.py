"""Bindings balance: the two teams made for each bundled map, played bot against bot (normal
difficulty) in mirrored pairs - the same seed twice, the teams swapped between the sides - so a
side's advantage cancels out and a lopsided score means the teams' content is lopsided.

Deterministic (fixed seeds; the bots draw only from the match generator). The sample is small to
keep the test near 30 s, so it guards only against gross imbalance (a team taking more than three
of four battles) and battles that drag to the time call; the real measurement, 40 mirrored pairs a
map, is tools/bindings_balance.py with its figures in the bindings README ("Balance")."""
from __future__ import annotations

import statistics

import pytest

from game.engine.ai.base import make_bot
from game.engine.ai.runner import play_match
from game.engine.rules import MatchConfig, SeatConfig
from game.engine.systems.bindings.content import teams_for_map

MAPS = ["bindings_pass.tmx", "bindings_grove.tmx", "hex_crossing.tmx"]
# mirrored pairs a map (the Pass's four-a-side battles take twice as long, so it plays fewer)
SEEDS = {"bindings_pass.tmx": range(1, 3), "bindings_grove.tmx": range(1, 5),
         "hex_crossing.tmx": range(1, 4)}


def battle(map_name: str, teams: tuple[str, str], seed: int) -> dict:
    seats = [SeatConfig("ai", "normal", f"AI {i + 1}") for i in range(2)]
    config = MatchConfig("bindings", seed, seats, map_name, {}, {"teams": list(teams)})
    return play_match(config, [make_bot("bindings", "normal") for _ in range(2)], max_actions=6000)


@pytest.mark.slow
@pytest.mark.parametrize("map_name", MAPS)
def test_each_maps_pairing_is_not_lopsided_and_battles_end(map_name):
    a, b = [t.id for t in teams_for_map(map_name)][:2]
    wins = {a: 0, b: 0}
    sides_won = [0, 0]
    rounds: list[int] = []
    knockouts = 0
    for seed in SEEDS[map_name]:
        for teams in ((a, b), (b, a)):
            out = battle(map_name, teams, seed)
            assert out["finished"], (map_name, teams, seed, out["reason"])
            rounds.append(out["rounds"])
            if "time was called" not in out["reason"]:
                knockouts += 1
            if isinstance(out["winner"], int):
                wins[teams[out["winner"]]] += 1
                sides_won[out["winner"]] += 1
    games = 2 * len(SEEDS[map_name])
    # neither team takes more than 3 of 4 mirrored battles
    assert max(wins.values()) <= games * 3 // 4, (map_name, wins, sides_won)
    # most battles are decided by knockout, well before the 20-round time call
    assert knockouts > games // 2, (map_name, knockouts, rounds)
    assert statistics.median(rounds) < 16, (map_name, rounds)

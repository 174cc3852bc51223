"""The gu_masters AI's figures: does it beat random play, does it fight to a finish, does hard
beat normal, and how long a turn takes to think.

Owns: `rows(quick)` and `python -m benchmarks.ai_gu_masters [--quick] [--verbose] [--jobs N] [--only PART] [--seeds A..B]`. Games are
played on every shipped gu_masters map (`maps/gu_*.tmx`; the system's example match when none
is shipped): against random play in each map's example battle (the first two sides the system
offers for the map), and bot against bot with the first side on both ends (a fair fight); where
two different players meet, in MIRRORED pairs (the same seed twice, each player taking each
side once), through benchmarks.aiplay. Figures:
  * the share of mirrored normal-against-random games normal wins (goal 90%);
  * the share of normal-against-normal games that end by knockout (goal 90%);
  * the share of mirrored hard-against-normal games hard wins, a draw counting half (goal 60%);
  * AI thinking per turn: the CPU time one side spends choosing every decision of one
    creature's turn (its reactions in another's turn count to that other turn), p95 and max.

Must not: change a rule or a bot to look better; seeds are fixed so two runs compare. Every
figure is CPU time of this thread (benchmarks.report.cpu).
"""
from __future__ import annotations

import sys
from typing import Any

from benchmarks.aiplay import cli, map_battles, mirrored_rows
from benchmarks.report import Row
from game.engine import registry
from game.engine.rules import MatchConfig, SeatConfig

SYSTEM = "gu_masters"
MAX_ACTIONS = 6000           # far past any battle's round limit: a stop means a stuck game


def battles(mirror: bool = False) -> list[MatchConfig]:
    """The example battle on each shipped map (the first two sides the system offers for it),
    or with `mirror` the first side against itself; the system's example match when no map is
    shipped."""
    system = registry.get(SYSTEM)
    out = map_battles(SYSTEM, "gu_*.tmx",
                      lambda name: [t for t, _ in system.teams_for_map(name)][:2], mirror)
    if out:
        return out
    example = system.example_config(0)
    seats = [SeatConfig("ai"), SeatConfig("ai")]
    setup = dict(example.setup)
    if mirror and "creatures" in setup:
        # side 0's creatures also stand on side 1's squares, in order (a fair fight)
        own = [c for c in setup["creatures"] if c["side"] == 0]
        other = [c for c in setup["creatures"] if c["side"] == 1]
        setup["creatures"] = own + [{**own[i % len(own)], "id": f"{o['id']}_m", "side": 1,
                                     "x": o["x"], "y": o["y"]} for i, o in enumerate(other)]
    return [MatchConfig(SYSTEM, 0, seats, example.map, example.house_rules, setup)]


def turn_of(state: Any, seat: int) -> tuple:
    """One creature's turn: the round and whose turn it is (a reaction belongs to the turn it
    interrupts), with the deciding seat."""
    return state.round, state.turn.actor, seat


def rows(quick: bool, verbose: bool = False, jobs: int = 1, only: str | None = None,
         seeds: range | None = None) -> list[Row]:
    """Quick: 3 seeds per battle (a few seconds a map); full: 25 seeds per battle (50
    mirrored games against random, 25 normal mirrors, 50 hard-normal games per battle)."""
    if seeds is None:
        seeds = range(1, 4) if quick else range(1, 26)
    return mirrored_rows(SYSTEM, battles(), battles(mirror=True), seeds, turn_of, MAX_ACTIONS,
                         verbose, jobs, only)


def main(argv: list[str]) -> int:
    return cli(rows, argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

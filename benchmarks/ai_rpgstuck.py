"""The rpgstuck AI's figures: does it beat random play, does it fight, does hard beat normal, and
how long a turn takes to think.

Owns: `rows(quick)` and `python -m benchmarks.ai_rpgstuck [--quick] [--verbose] [--jobs N] [--only PART] [--seeds A..B]`. Games are
played on every shipped rpgstuck map (the inline battlefield when the maps are missing): against
random play in each map's example battle (its first party against its first encounter), bot
against bot with that party on both sides (a fair fight); where two different players meet, in
MIRRORED pairs: the same seed twice, each player taking each side once, so neither the map's
sides nor the initiative dice favour one. Figures:
  * the share of mirrored normal-against-random games normal wins (goal 90%);
  * the share of normal-against-normal games that end by knockout before the round limit
    (goal 90%): the bots advance and finish fights;
  * the share of mirrored hard-against-normal games hard wins, a draw counting half (goal 60%);
  * AI thinking per turn: the CPU time one side spends choosing every action of one creature's
    turn, p95 and max.

Must not: change a rule or a bot to look better; seeds are fixed so two runs compare. Every
figure is CPU time of this thread (benchmarks.report.cpu).
"""
from __future__ import annotations

import sys

from benchmarks.aiplay import cli, map_battles, mirrored_rows
from benchmarks.report import Row
from game.engine import registry
from game.engine.rules import MatchConfig

SYSTEM = "rpgstuck"
MAX_ACTIONS = 6000           # far past the round limit of any battle: a stop means a stuck game


def battles(mirror: bool = False) -> list[MatchConfig]:
    """The example battle on each shipped map (its first party against its first encounter),
    or with `mirror` the first party against itself (a fair fight for comparing two bots);
    the inline battle when the maps are missing."""
    system = registry.get(SYSTEM)
    out = map_battles(SYSTEM, "rpgstuck_*.tmx", system._first_teams, mirror)
    return out or [system.example_config(0)]


def turn_of(state, seat: int) -> tuple:
    """One creature's turn: the round, its slot in the order, the deciding seat."""
    return state.round, state.index, seat


def rows(quick: bool, verbose: bool = False, jobs: int = 1, only: str | None = None,
         seeds: range | None = None) -> list[Row]:
    """Quick: 4 seeds per battle (a few seconds); full: 25 seeds per battle (50 mirrored games
    against random, 25 normal mirrors, 50 hard-normal games per battle)."""
    if seeds is None:
        seeds = range(1, 5) if quick else range(1, 26)
    return mirrored_rows(SYSTEM, battles(), battles(mirror=True), seeds, turn_of, MAX_ACTIONS,
                         verbose, jobs, only)


def main(argv: list[str]) -> int:
    return cli(rows, argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

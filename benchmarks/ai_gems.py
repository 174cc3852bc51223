"""The gems AI's figures: does it fight, does hard beat normal, and how long a turn takes to think.

Owns: `rows(quick)` and `python -m benchmarks.ai_gems [--quick]`. Games are played on every
shipped gems map (`maps/gems_*.tmx`) in MIRRORED pairs: the same seed twice, each bot taking
each side once, so neither the map's sides nor the initiative dice favour a bot. Figures:
  * the share of normal-against-normal games that end by knockout before time is called
    (GEM-GM-32) - the bots advance and finish fights;
  * the share of mirrored hard-against-normal games hard wins (a draw counts half);
  * AI thinking per turn: the CPU time one side spends choosing every action of one gem's turn
    (its own decisions from that gem's turn start until another gem acts), p95 and max.

Must not: change a rule or a bot to look better; seeds and maps are fixed so two runs compare.
Every figure is CPU time of this thread (benchmarks.report.cpu).
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.report import Row, cpu, format_row, median, percentile
from game.engine.ai.base import load_bots, make_bot
from game.engine.ai.runner import ask_bot, example_match
from game.engine.events import MatchEnded
from game.engine.match import Match
from game.engine.runtime import settle

MAPS = sorted(p.name for p in (Path(__file__).resolve().parent.parent / "maps").glob("gems_*.tmx"))
MAX_ACTIONS = 4000           # far past 30 rounds of any shipped map: a stop means a stuck game


@dataclass
class Game:
    """One played game: who won (a side or None), whether it ended by knockout, and the CPU
    seconds each whole turn took to think."""

    winner: int | None
    knockout: bool
    turns: list[float] = field(default_factory=list)
    actions: int = 0


def play(map_name: str, seed: int, difficulties: tuple[str, str]) -> Game:
    """One game, side 0 played by difficulties[0]; every decision asked as a seat asks it."""
    load_bots("gems")
    m = Match.new(example_match("gems", seed, map_name, difficulties))
    bots = [make_bot("gems", d) for d in difficulties]
    settle()
    turns: list[float] = []
    turn_key: tuple | None = None
    spent = 0.0
    knockout = False
    while not m.over and len(m.log) < MAX_ACTIONS:
        seat = m.decision.seat
        key = (m.state.round, m.state.acting, seat)
        if key != turn_key:
            if turn_key is not None:
                turns.append(spent)
            turn_key, spent = key, 0.0
        t0 = cpu()
        action = ask_bot(m, bots[seat], seat)
        spent += cpu() - t0
        for ev in m.submit(action).events:
            if isinstance(ev, MatchEnded):
                knockout = not ev.reason.startswith("time is called")
    turns.append(spent)
    return Game(m.winner if m.over else None, knockout and m.over, turns, len(m.log))


def rows(quick: bool, verbose: bool = False) -> list[Row]:
    """Per map and seed: normal against normal, then hard against normal from each side (quick:
    one seed, six games, under a minute; full: four seeds, 24 games, a few minutes)."""
    seeds = range(1, 2) if quick else range(1, 5)
    maps = MAPS
    turns: list[float] = []
    nn = ko = 0
    hard_points = 0.0
    hn = 0
    t_all = cpu()
    for map_name in maps:
        for seed in seeds:
            for difficulties in (("normal", "normal"), ("hard", "normal"), ("normal", "hard")):
                g = play(map_name, seed, difficulties)
                turns += g.turns
                if difficulties == ("normal", "normal"):
                    nn += 1
                    ko += g.knockout        # its mirror is itself: normal plays both sides
                else:
                    hn += 1
                    hard = difficulties.index("hard")
                    hard_points += 1.0 if g.winner == hard else 0.5 if g.winner is None else 0.0
                if verbose:
                    print(f"    {map_name} seed {seed} {difficulties[0]}-{difficulties[1]}: "
                          f"winner {g.winner} knockout {g.knockout} actions {g.actions} "
                          f"turn max {max(g.turns):.2f}s", flush=True)
    where = f"{', '.join(maps)}; seeds {seeds.start}..{seeds.stop - 1}"
    return [
        Row("ai", "gems normal vs normal ending by knockout", 100.0 * ko / max(1, nn), "%", 90.0,
            "higher", note=f"{nn} games; {where}"),
        Row("ai", "gems hard vs normal, mirrored, hard's score", 100.0 * hard_points / max(1, hn),
            "%", 60.0, "higher", note=f"{hn} games, a draw counts half"),
        Row("ai", "gems AI thinking per turn, p95", percentile(turns, .95), "s", 1.0,
            note=f"median {median(turns) * 1e3:.0f} ms over {len(turns)} turns"),
        Row("ai", "gems AI thinking per turn, max", max(turns, default=0.0), "s", 1.0,
            note=f"all games {cpu() - t_all:.0f} s CPU"),
    ]


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    for row in rows(quick, verbose=True):
        print(format_row(row))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Bindings balance measurement: each map's two ready-made teams, bot against bot, in mirrored
pairs (the same seed played twice with the teams swapped between the sides), so a side or seat
advantage cancels out and what remains is the teams' own strength.

Owns: the measuring loop and its printed table (wins per team, knockouts against time calls,
median rounds). Must not: change content or rules, or read a clock into the figures (the same
arguments give the same table).

Usage: .venv/bin/python tools/bindings_balance.py [--pairs 20] [--seed0 1] [--jobs 2]
                                                  [--difficulty normal] [--map NAME ...]
"""
from __future__ import annotations

import argparse
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

MAPS = ("bindings_pass.tmx", "bindings_grove.tmx", "hex_crossing.tmx")


def play(map_name: str, teams: tuple[str, str], seed: int, difficulty: str) -> dict:
    """One bot-against-bot battle; returns which team won (or None), how it ended and its rounds."""
    from game.engine.ai.base import make_bot
    from game.engine.ai.runner import play_match
    from game.engine.rules import MatchConfig, SeatConfig
    seats = [SeatConfig("ai", difficulty, f"AI {i + 1}") for i in range(2)]
    config = MatchConfig("bindings", seed, seats, map_name, {}, {"teams": list(teams)})
    summary = play_match(config, [make_bot("bindings", difficulty) for _ in range(2)],
                         max_actions=6000)
    winner = summary["winner"]
    return {"map": map_name, "seed": seed, "teams": teams,
            "winner": teams[winner] if isinstance(winner, int) else None,
            "reason": summary["reason"], "rounds": summary["rounds"],
            "finished": summary["finished"]}


def measure(map_name: str, pairs: int, seed0: int, jobs: int, difficulty: str) -> dict:
    from game.engine.systems.bindings.content import teams_for_map
    a, b = [t.id for t in teams_for_map(map_name)][:2]
    tasks = []
    for seed in range(seed0, seed0 + pairs):
        tasks.append((map_name, (a, b), seed, difficulty))
        tasks.append((map_name, (b, a), seed, difficulty))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(play, *zip(*tasks)))
    return summarise(map_name, a, b, results, seed0, pairs)


def is_knockout(reason: str) -> bool:
    """A battle ended by knockout rather than the round limit or an action cap."""
    low = reason.lower()
    return not any(word in low for word in ("time", "round limit", "stopped", "limit"))


def summarise(map_name: str, a: str, b: str, results: list[dict], seed0: int, pairs: int) -> dict:
    wins = {a: [0, 0], b: [0, 0]}          # team -> [wins as side 0, wins as side 1]
    for r in results:
        if r["winner"] is not None:
            wins[r["winner"]][r["teams"].index(r["winner"])] += 1
    knockouts = sum(1 for r in results if r["finished"] and is_knockout(r["reason"]))
    return {"map": map_name, "a": a, "b": b, "wins": wins, "games": len(results),
            "draws": sum(1 for r in results if r["winner"] is None), "knockouts": knockouts,
            "median_rounds": statistics.median(r["rounds"] for r in results),
            "seeds": f"{seed0}..{seed0 + pairs - 1}",
            "reasons": sorted({r["reason"] for r in results})}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pairs", type=int, default=20)
    ap.add_argument("--seed0", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--difficulty", default="normal")
    ap.add_argument("--map", action="append", default=None)
    args = ap.parse_args(argv)
    for map_name in args.map or MAPS:
        s = measure(map_name, args.pairs, args.seed0, args.jobs, args.difficulty)
        wa, wb = s["wins"][s["a"]], s["wins"][s["b"]]
        print(f"{s['map']}: {s['a']} {sum(wa)} (side0 {wa[0]}, side1 {wa[1]}) - "
              f"{s['b']} {sum(wb)} (side0 {wb[0]}, side1 {wb[1]}), draws {s['draws']}, "
              f"knockouts {s['knockouts']}/{s['games']}, median rounds {s['median_rounds']}, "
              f"seeds {s['seeds']}; reasons {s['reasons']}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

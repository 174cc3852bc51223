"""`python -m game evaluate`: how often a system's bot beats an opponent over seeded games.

Owns: the command line of evaluate and the tally. Game i uses seed `seed + i`; the bot under test
plays seat 0 in even games and seat 1 in odd ones, so neither benefits from moving first. The
figure is a measurement to report, never a timed or flaky test.

Must not: import pygame or the client, or print anything but the JSON summary on stdout.
"""
from __future__ import annotations

import argparse
import json
import sys

from game.engine.ai.base import load_bots, make_bot
from game.engine.ai.runner import BotError, example_match, play_match
from game.engine.boards.board import BoardError
from game.engine.rules import ConfigError


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="strife-table evaluate",
                                description="Play N seeded games (alternating seats) of a bot "
                                            "against an opponent and print the win rate as JSON.")
    p.add_argument("--system", required=True)
    p.add_argument("--opponent", default="random",
                   help="the opponent's difficulty: random (default), easy, normal or hard")
    p.add_argument("--difficulty", default="normal", help="the bot under test")
    p.add_argument("--games", type=int, default=50)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--map", default=None)
    p.add_argument("--max-actions", type=int, default=3000)
    p.add_argument("--details", action="store_true", help="include every game's summary")
    p.add_argument("--progress", action="store_true", help="one line per game on stderr")
    return p


def evaluate(system: str, difficulty: str, opponent: str, games: int, seed: int,
             map_name: str | None = None, max_actions: int = 3000,
             progress: bool = False) -> dict:
    """Play the games and tally them (a library function, so tests need no subprocess)."""
    load_bots(system)
    wins = losses = draws = unfinished = 0
    results = []
    for i in range(games):
        seat = i % 2
        diffs = [opponent, opponent]
        diffs[seat] = difficulty
        config = example_match(system, seed + i, map_name, diffs)
        bots = [make_bot(system, d) for d in diffs]
        summary = play_match(config, bots, max_actions)
        if not summary["finished"]:
            unfinished += 1
            outcome = "unfinished"
        elif summary["winner"] is None:
            draws += 1
            outcome = "draw"
        elif summary["winner"] == seat:
            wins += 1
            outcome = "win"
        else:
            losses += 1
            outcome = "loss"
        results.append({"seed": seed + i, "seat": seat, "outcome": outcome,
                        "rounds": summary["rounds"], "actions": summary["actions"]})
        if progress:
            print(f"game {i + 1}/{games} seed {seed + i} seat {seat}: {outcome} "
                  f"({summary['rounds']} rounds; {wins} won so far)", file=sys.stderr, flush=True)
    return {"system": system, "difficulty": difficulty, "opponent": opponent, "games": games,
            "seed": seed, "map": map_name, "wins": wins, "losses": losses, "draws": draws,
            "unfinished": unfinished, "win_rate": round(wins / games, 4) if games else 0.0,
            "results": results}


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    if args.games < 1:
        print("evaluate: --games must be at least 1", file=sys.stderr)
        return 2
    try:
        report = evaluate(args.system, args.difficulty, args.opponent, args.games, args.seed,
                          args.map, args.max_actions, args.progress)
    except (ConfigError, BoardError, OSError) as exc:
        print(f"evaluate: {exc}", file=sys.stderr)
        return 2
    except BotError as exc:
        print(f"evaluate: {exc}", file=sys.stderr)
        return 1
    if not args.details:
        report.pop("results")
    print(json.dumps(report, sort_keys=True))
    return 0

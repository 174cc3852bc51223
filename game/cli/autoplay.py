"""`python -m game autoplay`: one AI-against-AI match, headless, summarised as JSON.

Owns: the command line of autoplay. The match itself is runner.play_match; the same system, map,
seed and difficulties always print the same summary.

Must not: import pygame or the client, or print anything but the JSON summary on stdout
(errors go to stderr with exit code 2).
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
    p = argparse.ArgumentParser(prog="strife-table autoplay",
                                description="Play one match AI against AI, headless, and print a "
                                            "JSON summary (winner, rounds, actions).")
    p.add_argument("--system", required=True, help="a registered rule system id")
    p.add_argument("--map", default=None, help="map path (relative to maps/ or absolute)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--difficulty", default="normal",
                   help="bot for both seats: easy, normal, hard or random")
    p.add_argument("--vs", default=None, metavar="DIFFICULTY",
                   help="a different bot for seat 1 (default: the same as --difficulty)")
    p.add_argument("--max-actions", type=int, default=3000)
    return p


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    diffs = (args.difficulty, args.vs or args.difficulty)
    try:
        load_bots(args.system)
        config = example_match(args.system, args.seed, args.map, diffs)
        bots = [make_bot(args.system, d) for d in diffs]
        summary = play_match(config, bots, args.max_actions)
    except (ConfigError, BoardError, OSError) as exc:
        print(f"autoplay: {exc}", file=sys.stderr)
        return 2
    except BotError as exc:
        print(f"autoplay: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(summary, sort_keys=True))
    return 0

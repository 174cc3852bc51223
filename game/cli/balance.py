"""`python -m game balance`: many seeded AI-against-AI games of one system, summarised as JSON.

Owns: the command line of balance, the schedule of games (game i uses seed `seed + i` and the
i-th ordered pairing of the system's roster, so every pairing is played equally often), the fast
headless loop that plays them, the worker processes that share the games out, and the tally
(first-player win rate, each roster entry's win rate, median length, how games ended).

What a system must offer (its `balance_hooks()` returns them; rules.BalanceHooks is the type):
  * `roster(config) -> list[str]`: the picks to pair up (e.g. Gembearer ids);
  * `answer_pick(state, decision, legal, wanted: dict[str, str]) -> action | None`: the action
    that makes the pick scheduled for the deciding player (wanted maps "first"/"second" to a
    roster id), or None when this decision is not a pick (the bots then play it);
  * `describe(state) -> dict`: {"first": seat of the first player, "picks": {seat: id},
    "turns": int, "deck_out": bool} at the end of a game.

Must not: import pygame or the client; read a clock into the summary (the same arguments always
print the same JSON); let a bot see anything but its seat's view, the legal actions and its own
forked generator (the same fork as runner.bot_rng); send anything but JSON text between
processes.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys

from game.engine import registry
from game.engine.ai.base import load_bots, make_bot
from game.engine.ai.runner import BotError, example_match
from game.engine.records import to_json
from game.engine.rng import Rng
from game.engine.rules import BalanceHooks, ConfigError, resolve_house_rules


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="strife-table balance",
                                description="Play N seeded AI-vs-AI games over every ordered "
                                            "pairing of the system's roster and print win rates "
                                            "(first player, each pick), game length and endings "
                                            "as JSON.")
    p.add_argument("--system", required=True, help="a registered rule system id")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--difficulty", default="normal", help="the bot for both seats")
    p.add_argument("--workers", type=int, default=0,
                   help="worker processes (0: one per core, at most 2; 1: no processes)")
    p.add_argument("--max-actions", type=int, default=5000)
    return p


def hooks(system_id: str) -> BalanceHooks:
    """The system's balance hooks, its bots loaded; a system without hooks is a ConfigError."""
    load_bots(system_id)
    hook = registry.get(system_id).balance_hooks()
    if hook is None:
        raise ConfigError(f"balance: system {system_id!r} offers no balance hooks")
    return hook


def schedule(system_id: str, games: int, seed: int) -> list[tuple[int, str, str]]:
    """(seed, first player's pick, second player's pick) for every game: ordered pairings of
    distinct roster entries, cycled."""
    hook = hooks(system_id)
    roster = list(hook.roster(registry.get(system_id).example_config(seed)))
    pairs = [(a, b) for a in roster for b in roster if a != b] or [(a, a) for a in roster]
    return [(seed + i, *pairs[i % len(pairs)]) for i in range(games)]


def play_one(system_id: str, difficulty: str, seed: int, first_pick: str, second_pick: str,
             max_actions: int) -> dict:
    """One game, played on the live state without Match's per-action copies (a measurement loop:
    every action is still checked against the legal list before it is applied)."""
    hook = hooks(system_id)
    system = registry.get(system_id)
    config = example_match(system_id, seed, None, (difficulty, difficulty))
    config.house_rules = resolve_house_rules(system, config.house_rules)
    rng = Rng.from_seed(config.seed)
    rng.force(config.setup_dice)
    state, _ = system.setup(config, rng)
    bots = [make_bot(system_id, difficulty) for _ in config.seats]
    wanted = {"first": first_pick, "second": second_pick}
    actions = 0
    while not system.is_over(state) and actions < max_actions:
        decision = system.decision(state)
        if decision is None:
            raise BotError(f"seed {seed}: no decision although the game is not over")
        legal = system.legal_actions(state)
        action = hook.answer_pick(state, decision, legal, wanted)
        if action is None:
            seat = decision.seat
            bot_rng = rng.fork(f"bot{seat}").fork(f"decision{actions}")
            try:
                action = bots[seat].choose(system.view(state, seat), list(legal), bot_rng)
            except Exception as exc:
                raise BotError(f"seed {seed}: bot for seat {seat} failed at stage "
                               f"{decision.stage!r}: {exc.__class__.__name__}: {exc}") from exc
        if action not in legal:
            raise BotError(f"seed {seed}: {to_json(action)!r} is not legal at stage "
                           f"{decision.stage!r}")
        system.apply(state, action, rng)
        actions += 1
    facts = hook.describe(state)
    return {"seed": seed, "finished": bool(system.is_over(state)),
            "winner": system.winner(state) if system.is_over(state) else None,
            "first": facts["first"], "picks": {str(k): v for k, v in facts["picks"].items()},
            "turns": facts["turns"], "deck_out": bool(facts["deck_out"]), "actions": actions}


def _worker(message: str) -> str:
    """Process entry: a JSON request in, a JSON list of game results out."""
    req = json.loads(message)
    out = [play_one(req["system"], req["difficulty"], s, a, b, req["max_actions"])
           for s, a, b in req["games"]]
    return json.dumps(out)


def tally(system_id: str, difficulty: str, seed: int, results: list[dict]) -> dict:
    """The summary of a list of game results (see play_one)."""
    n = len(results)
    finished = [r for r in results if r["finished"]]
    first_wins = sum(1 for r in finished if r["winner"] == r["first"])
    per: dict[str, dict[str, int]] = {}
    for r in results:
        for seat, pick in r["picks"].items():
            row = per.setdefault(pick, {"games": 0, "wins": 0})
            row["games"] += 1
            if r["finished"] and r["winner"] is not None and str(r["winner"]) == seat:
                row["wins"] += 1
    for row in per.values():
        row["win_rate"] = round(row["wins"] / row["games"], 4) if row["games"] else 0.0
    pairs: dict[str, dict[str, int]] = {}
    for r in finished:
        first_pick = r["picks"][str(r["first"])]
        second_pick = next(v for k, v in r["picks"].items() if k != str(r["first"]))
        row = pairs.setdefault(f"{first_pick} v {second_pick}", {"games": 0, "first_wins": 0})
        row["games"] += 1
        row["first_wins"] += int(r["winner"] == r["first"])
    deck_out = sum(1 for r in finished if r["deck_out"])
    turns = [r["turns"] for r in finished]
    return {
        "system": system_id, "difficulty": difficulty, "seed": seed, "games": n,
        "finished": len(finished), "unfinished": n - len(finished),
        "first_player_wins": first_wins,
        "first_player_win_rate": round(first_wins / len(finished), 4) if finished else 0.0,
        "picks": dict(sorted(per.items())),
        "pairings": dict(sorted(pairs.items())),
        "median_turns": statistics.median(turns) if turns else 0,
        "deck_out_games": deck_out,
        "deck_out_share": round(deck_out / len(finished), 4) if finished else 0.0,
        "actions": sum(r["actions"] for r in results),
    }


def balance(system_id: str, games: int, seed: int, difficulty: str = "normal", workers: int = 1,
            max_actions: int = 5000) -> dict:
    """Play the scheduled games (in `workers` spawned processes when above 1) and tally them."""
    plan = schedule(system_id, games, seed)
    if workers <= 1 or games < 4:
        results = [play_one(system_id, difficulty, s, a, b, max_actions) for s, a, b in plan]
    else:
        chunk = max(1, min(25, games // (workers * 4)))
        messages = [json.dumps({"system": system_id, "difficulty": difficulty,
                                "max_actions": max_actions, "games": plan[i:i + chunk]})
                    for i in range(0, len(plan), chunk)]
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(workers) as pool:
            results = [r for text in pool.map(_worker, messages) for r in json.loads(text)]
    return tally(system_id, difficulty, seed, results)


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    if args.games < 1:
        print("balance: --games must be at least 1", file=sys.stderr)
        return 2
    workers = args.workers or min(2, multiprocessing.cpu_count())
    try:
        report = balance(args.system, args.games, args.seed, args.difficulty, workers,
                         args.max_actions)
    except (ConfigError, OSError, KeyError) as exc:
        print(f"balance: {exc}", file=sys.stderr)
        return 2
    except BotError as exc:
        print(f"balance: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(report, sort_keys=True))
    return 0

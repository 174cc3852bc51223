"""The engine's figures: random-legal play, legal_actions and submit per call, AI thinking, and
whole AI games, each measured as CPU time of this thread.

Owns: `rows(quick)`. Random-legal play is what balance runs and the test suite do most: ask the
position's legal actions, pick one uniformly (surrender aside), submit it. The per-call figures
come from the same games: `legal_actions` timed when a position is first asked (the match
builds the list once per position), `submit` timed after it (so it is the door itself: the
membership check, apply, log and events). Opening a match (`Match.new`) is not timed: a bindings
match reads its map's shipped sight tables there (bindings/sighttable.py, a few milliseconds),
so its "from cold" games start with those answers and build everything else on the way.

"From cold" means a fresh process: each system's random games run in one of their own
(`python -m benchmarks.engine --random SYSTEM --part PART`), as a player's session starts, rather than after
another system's games in this process (after the gems games the same bindings games ran about
5% slower on this machine with 0.4% more instructions: the caches, not the work).

The rate and the per-call figures come from two such processes playing the same games: the
rate's games read the clock only as each game starts and ends, the per-call games four times
an action. Reading this thread's CPU clock is a system call, and four of them an action made
the same bindings games about 4% slower here (more than the calls themselves take: the code
after each one runs slower too), time that is the benchmark's, not the engine's.

Must not: change a rule or a bot to look faster; seeds and maps are fixed so two runs compare.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import subprocess
import sys

from benchmarks.report import ROOT, Row, cpu, median, percentile
from game.engine.ai.base import make_bot, playable
from game.engine.ai.runner import ask_bot, example_match, play_match
from game.engine.match import Match
from game.engine.rng import Rng
from game.engine.runtime import settle

# (system, map) pairs played at random: every shipped battle map, and the card game
RANDOM_GAMES = [("gems", "gems_riverbend.tmx"), ("gems", "gems_quarry.tmx"),
                ("bindings", "bindings_pass.tmx"), ("bindings", "bindings_grove.tmx"),
                ("gemwielders", None)]
RANDOM_GOALS = {"gems": 5000.0, "bindings": 5000.0, "gemwielders": 20000.0}
MAX_ACTIONS = 3000


def _random_games(system_id: str, maps: list, seeds: range, per_call: bool = True
                  ) -> tuple[int, float, list, list]:
    """Actions played, CPU seconds, legal_actions times, submit times (the last two empty
    unless `per_call`: each call timed on its own, at a cost to the whole, see above)."""
    actions, spent, legal_t, submit_t = 0, 0.0, [], []
    for map_name in maps:
        for seed in seeds:
            m = Match.new(example_match(system_id, seed, map_name, ("random", "random")))
            settle()                         # as the game does when a match opens
            pick = Rng.from_seed(seed)
            t_game = cpu()
            if per_call:
                while not m.over and len(m.log) < MAX_ACTIONS:
                    t0 = cpu()
                    legal = m.legal_actions()
                    t1 = cpu()
                    pool = playable(legal)
                    action = pool[pick.randint(0, len(pool) - 1)]
                    t2 = cpu()
                    m.submit(action)
                    t3 = cpu()
                    legal_t.append(t1 - t0)
                    submit_t.append(t3 - t2)
                    actions += 1
            else:
                while not m.over and len(m.log) < MAX_ACTIONS:
                    pool = playable(m.legal_actions())
                    m.submit(pool[pick.randint(0, len(pool) - 1)])
                    actions += 1
            spent += cpu() - t_game
    return actions, spent, legal_t, submit_t


def system_random_rows(system_id: str, quick: bool, part: str) -> list[Row]:
    """One system's random-legal rows of `part` ("rate" or "calls"), from the games played here
    (the first of the process when run as `python -m benchmarks.engine --random SYSTEM ...`):
    every table is built on the way; the sight section times bindings warm."""
    seeds = range(1, 3) if quick else range(1, 7)
    maps = [m for s, m in RANDOM_GAMES if s == system_id]
    n, spent, legal_t, submit_t = _random_games(system_id, maps, seeds, part == "calls")
    if part == "rate":
        where = f"{len(maps) * len(seeds)} games from cold (a fresh process), {n} actions"
        return [Row("engine", f"{system_id} random-legal play, from cold", n / spent,
                    "actions/s", RANDOM_GOALS[system_id], "higher", note=where)]
    return [Row("engine", f"{system_id} legal_actions p95", percentile(legal_t, .95) * 1e3,
                "ms", 1.0, note=f"median {median(legal_t) * 1e6:.0f} us"),
            Row("engine", f"{system_id} legal_actions max", max(legal_t) * 1e3, "ms", 5.0),
            Row("engine", f"{system_id} submit median", median(submit_t) * 1e6, "us",
                100.0, note=f"p95 {percentile(submit_t, .95) * 1e6:.0f} us")]


def random_play_rows(quick: bool) -> list[Row]:
    """Each system's random-legal rows: the rate, then the per-call figures, each measured in
    a fresh process of its own."""
    rows: list[Row] = []
    for system_id in RANDOM_GOALS:
        for part in PARTS:
            command = [sys.executable, "-m", "benchmarks.engine", "--random", system_id,
                       "--part", part]
            done = subprocess.run(command + (["--quick"] if quick else []), cwd=ROOT,
                                  capture_output=True, text=True)
            if done.returncode != 0:
                raise RuntimeError(f"the {system_id} random games failed:\n{done.stderr}")
            rows += [Row(**fields) for fields in json.loads(done.stdout)]
    return rows


PARTS = ("rate", "calls")


def think_rows(quick: bool) -> list[Row]:
    """The gems normal AI: time per decision along a normal-vs-normal game (each decision asked
    of a fresh bot call, exactly as a seat asks it)."""
    rows: list[Row] = []
    m = Match.new(example_match("gems", 1, "gems_riverbend.tmx"))
    bots = [make_bot("gems", "normal"), make_bot("gems", "normal")]
    settle()
    times: list[float] = []
    limit = 60 if quick else 2000
    t_game = cpu()
    while not m.over and len(times) < limit:
        seat = m.decision.seat
        t0 = cpu()
        action = ask_bot(m, bots[seat], seat)
        times.append(cpu() - t0)
        m.submit(action)
    whole = cpu() - t_game
    what = "whole game" if m.over else f"first {len(times)} decisions"
    rows.append(Row("ai", "gems normal AI thinking per decision, p95", percentile(times, .95) * 1e3,
                    "ms", 50.0, note=f"median {median(times) * 1e3:.1f} ms; {what} {whole:.1f} s"))
    return rows


def card_ai_rows(quick: bool) -> list[Row]:
    games = 4 if quick else 30
    t0 = cpu()
    for seed in range(1, games + 1):
        play_match(example_match("gemwielders", seed),
                   [make_bot("gemwielders", "normal"), make_bot("gemwielders", "normal")])
    spent = cpu() - t0
    return [Row("ai", "gemwielders AI against AI (normal)", games / spent, "games/s", 50.0,
                "higher", note=f"{games} games")]


def rows(quick: bool) -> list[Row]:
    return random_play_rows(quick) + think_rows(quick) + card_ai_rows(quick)


def main(argv: list[str] | None = None) -> int:
    """`--random SYSTEM --part rate|calls [--quick]`: that system's random-legal rows of that
    part as JSON on stdout (what random_play_rows reads from a fresh process)."""
    p = argparse.ArgumentParser(prog="python -m benchmarks.engine")
    p.add_argument("--random", required=True, choices=sorted(RANDOM_GOALS))
    p.add_argument("--part", required=True, choices=PARTS)
    p.add_argument("--quick", action="store_true")
    args = p.parse_args(argv)
    rows = system_random_rows(args.random, args.quick, args.part)
    print(json.dumps([dataclasses.asdict(r) for r in rows]))
    return 0


if __name__ == "__main__":
    sys.exit(main())

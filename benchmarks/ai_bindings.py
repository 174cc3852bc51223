"""Benchmark section "ai_bindings": does the bindings AI fight, win when it should, and think fast?

Owns: playing bot-against-bot battles on every shipped bindings map in mirrored pairs and
turning them into three kinds of rows (issue: "an AI that fights and finishes fights"):
  * normal against normal: the share of battles ended by knockout (one side unable to fight)
    before the round limit (goal >= 90%). Both seats run the same bot, so a pair mirrors the
    map's two teams between the sides (the same seed twice): a side's or team's edge cancels;
  * hard against normal: the share of battles hard wins, a draw counting half (goal >= 60%).
    A pair is the same seed and teams played twice with the bots swapped between the seats;
  * thinking: CPU seconds of one side's whole turn, i.e. every bot decision of one seat between
    two decisions of the other seat (the wait a human sees), p95 and max over all battles
    (goal < 1 s each).
The same arguments give the same battles (seeds are fixed; thinking time is the only clock).

Must not: change rules, content or bots; time anything but the bots' decisions (the rules'
own work in `Match.submit` is measured by the engine section); read wall time.

Usage: `python -m benchmarks.ai_bindings [--quick]` (also a section of `python -m benchmarks`).
"""
from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field

from benchmarks.report import Row, cpu, format_row, percentile

SECTION = "ai_bindings"
MAPS = ("bindings_pass.tmx", "bindings_grove.tmx", "hex_crossing.tmx")
MAX_ACTIONS = 6000          # far above any finished battle (about 600-1500 actions)
SEED0 = 1
FULL_PAIRS = 15             # a map's pairs in a full run: 90 battles of each kind, ~10 minutes


@dataclass(slots=True)
class Battle:
    """One battle's outcome from the measuring side's point of view."""

    map_name: str
    seed: int
    winner: int | None          # seat index, None for a draw
    knockout: bool              # ended because a side could no longer fight
    rounds: int
    turns: list[float] = field(default_factory=list)   # CPU s of each side's whole turn


def play(map_name: str, seed: int, teams: tuple[str, str], difficulties: tuple[str, str]
         ) -> Battle:
    """One battle to its end: `difficulties[i]` plays seat i with team `teams[i]`."""
    from game.engine.ai.base import make_bot
    from game.engine.ai.runner import ask_bot
    from game.engine.match import Match
    from game.engine.rules import MatchConfig, SeatConfig
    seats = [SeatConfig("ai", d, f"AI {i + 1} ({d})") for i, d in enumerate(difficulties)]
    config = MatchConfig("bindings", seed, seats, map_name, {}, {"teams": list(teams)})
    match = Match.new(config)
    bots = [make_bot("bindings", d) for d in difficulties]
    turns: list[float] = []
    seat, spent = None, 0.0
    for _ in range(MAX_ACTIONS):
        if match.over:
            break
        d = match.decision
        if d.seat != seat:
            if seat is not None:
                turns.append(spent)
            seat, spent = d.seat, 0.0
        t0 = cpu()
        action = ask_bot(match, bots[d.seat], d.seat)
        spent += cpu() - t0
        match.submit(action)
    if seat is not None:
        turns.append(spent)
    state = match.state
    knockout = bool(match.over) and "time was called" not in state.end_reason
    return Battle(map_name, seed, match.winner if match.over else None, knockout,
                  int(state.round), turns)


def _teams(map_name: str) -> tuple[str, str]:
    from game.engine.systems.bindings.content import teams_for_map
    a, b = [t.id for t in teams_for_map(map_name)][:2]
    return a, b


def normal_pairs(pairs: int) -> list[Battle]:
    """Normal against normal, each seed with the teams one way round and then the other."""
    out = []
    for map_name in MAPS:
        a, b = _teams(map_name)
        for seed in range(SEED0, SEED0 + pairs):
            out.append(play(map_name, seed, (a, b), ("normal", "normal")))
            out.append(play(map_name, seed, (b, a), ("normal", "normal")))
    return out


def hard_pairs(pairs: int) -> tuple[float, list[Battle]]:
    """Hard against normal, each seed with hard in seat 0 and then in seat 1 (same teams):
    hard's score (a win 1, a draw 1/2) and the battles."""
    score, out = 0.0, []
    for map_name in MAPS:
        teams = _teams(map_name)
        for seed in range(SEED0 + 100, SEED0 + 100 + pairs):
            for hard_seat in (0, 1):
                diffs = ("hard", "normal") if hard_seat == 0 else ("normal", "hard")
                b = play(map_name, seed, teams, diffs)
                score += 1.0 if b.winner == hard_seat else 0.5 if b.winner is None else 0.0
                out.append(b)
    return score, out


def rows(quick: bool) -> list[Row]:
    from game.engine.systems.bindings import ai  # noqa: F401  (registers the bots)
    n_pairs = 1 if quick else FULL_PAIRS
    normal = normal_pairs(n_pairs)
    score, hard = hard_pairs(n_pairs)
    out: list[Row] = []
    ko = sum(b.knockout for b in normal)
    per_map = ", ".join(f"{m.split('.')[0]} {sum(b.knockout for b in normal if b.map_name == m)}"
                        f"/{sum(1 for b in normal if b.map_name == m)}" for m in MAPS)
    rounds = sorted(b.rounds for b in normal)
    out.append(Row(SECTION, "bindings normal v normal: knockouts before time", 100.0 * ko / len(normal),
                   "%", 90.0, "higher",
                   note=f"{ko}/{len(normal)}; {per_map}; median round {rounds[len(rounds) // 2]}"))
    per_map_h = ", ".join(
        f"{m.split('.')[0]} " + _score_text([b for b in hard if b.map_name == m]) for m in MAPS)
    out.append(Row(SECTION, "bindings hard v normal: hard's share (draw = half)",
                   100.0 * score / len(hard), "%", 60.0, "higher",
                   note=f"{score:g}/{len(hard)} mirrored; {per_map_h}"))
    turns = [t for b in normal + hard for t in b.turns]
    out.append(Row(SECTION, "bindings AI thinking per side's turn, p95", percentile(turns, 0.95),
                   "s", 1.0, note=f"{len(turns)} turns, normal and hard"))
    out.append(Row(SECTION, "bindings AI thinking per side's turn, max", max(turns, default=0.0),
                   "s", 1.0))
    return out


def _score_text(battles: list[Battle]) -> str:
    """Hard's score on these battles (hard is the seat whose index equals the battle's parity
    in `hard_pairs`: seat 0 first, then seat 1)."""
    score = 0.0
    for i, b in enumerate(battles):
        hard_seat = i % 2
        score += 1.0 if b.winner == hard_seat else 0.5 if b.winner is None else 0.0
    return f"{score:g}/{len(battles)}"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.ai_bindings")
    p.add_argument("--quick", action="store_true", help="one pair a map (about a minute)")
    args = p.parse_args(argv)
    for row in rows(args.quick):
        print(format_row(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

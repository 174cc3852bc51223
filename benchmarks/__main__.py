"""`python -m benchmarks [--system ID] [--seed N] [--games N] [--quick]`: print the figures."""
from __future__ import annotations

import argparse
import copy
import gc
import json
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from game.engine import registry, saves
from game.engine.ai.base import difficulties, make_bot
from game.engine.ai.runner import ask_bot, example_match, play_match
from game.engine.match import Match


def _fmt_rate(n: int, seconds: float, unit: str) -> str:
    return f"{n / seconds:,.0f} {unit}/s" if seconds > 0 else "n/a"


def _ms(values: list[float]) -> str:
    if not values:
        return "n/a"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return (f"mean {statistics.fmean(values) * 1e3:.2f} ms, median {statistics.median(values) * 1e3:.2f}"
            f" ms, p95 {p95 * 1e3:.2f} ms, max {max(values) * 1e3:.2f} ms (n={len(values)})")


def playthrough(system_id: str, seed: int, max_actions: int = 3000) -> list[Match]:
    """Positions of one random-vs-random game (copies), to measure against."""
    m = Match.new(example_match(system_id, seed, difficulties=("random", "random")))
    bots = [make_bot(system_id, "random"), make_bot(system_id, "random")]
    positions = []
    while not m.over and len(m.log) < max_actions:
        positions.append(copy.deepcopy(m))
        m.submit(ask_bot(m, bots[m.decision.seat], m.decision.seat))
    positions.append(copy.deepcopy(m))
    return positions


def bench_system(system_id: str, seed: int, games: int, quick: bool) -> None:
    print(f"== {system_id} (seed {seed})")
    start = time.perf_counter()
    positions = playthrough(system_id, seed)
    print(f"  random playthrough: {len(positions) - 1} actions in {time.perf_counter() - start:.3f} s")
    live = [p for p in positions if not p.over]

    # legal_actions throughput
    reps = 1 if quick else 3
    t0 = time.perf_counter()
    count = 0
    sizes = []
    for _ in range(reps):
        for p in live:
            sizes.append(len(p.legal_actions()))
            count += 1
    dt = time.perf_counter() - t0
    print(f"  legal_actions: {_fmt_rate(count, dt, 'calls')} "
          f"(mean {statistics.fmean(sizes) if sizes else 0:.1f} actions, max {max(sizes, default=0)})")

    # submit throughput (validate + deep copy + apply + commit)
    replay = Match.new(positions[0].config)
    t0 = time.perf_counter()
    for entry in positions[-1].log:
        replay.apply_log_entry(entry)
    dt = time.perf_counter() - t0
    print(f"  submit: {_fmt_rate(len(positions[-1].log), dt, 'actions')}")

    # state copy cost
    sample = live[:: max(1, len(live) // 50)] or positions
    t0 = time.perf_counter()
    for p in sample:
        copy.deepcopy(p.state)
    dt = time.perf_counter() - t0
    print(f"  state deepcopy: {dt / len(sample) * 1e6:,.0f} us per copy")
    # what a bot's every decision starts with: the seat's redacted copy of the state
    t0 = time.perf_counter()
    for p in sample:
        p.system.view(p.state, p.decision.seat)
    dt = time.perf_counter() - t0
    print(f"  view (decision seat): {dt / len(sample) * 1e6:,.0f} us per view")
    t0 = time.perf_counter()
    for p in sample:
        json.dumps(p.system.state_to_json(p.state))
    dt = time.perf_counter() - t0
    print(f"  state_to_json + dumps: {dt / len(sample) * 1e6:,.0f} us per state")

    # save / load of the final position
    final = positions[-1]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.json"
        t0 = time.perf_counter()
        saves.save(final, path)
        t_save = time.perf_counter() - t0
        t0 = time.perf_counter()
        saves.load(path)
        t_load = time.perf_counter() - t0
        size = path.stat().st_size
    print(f"  save: {t_save * 1e3:.1f} ms, load (replay {len(final.log)} actions + check): "
          f"{t_load * 1e3:.1f} ms, {size / 1024:.1f} KiB")

    # think time per decision, per difficulty
    for difficulty in difficulties(system_id):
        if difficulty == "random":
            continue
        bot = make_bot(system_id, difficulty)
        times = []
        budget = 40 if quick else 150
        for p in live[:: max(1, len(live) // budget)]:
            seat = p.decision.seat
            t0 = time.perf_counter()
            ask_bot(p, bot, seat)
            times.append(time.perf_counter() - t0)
        print(f"  think {difficulty}: {_ms(times)}")

    # whole games, normal vs normal, with peak memory of the first
    durations, actions = [], []
    for i in range(games):
        config = example_match(system_id, seed + i)
        bots = [make_bot(system_id, "normal"), make_bot(system_id, "normal")]
        gc.collect()
        if i == 0:
            tracemalloc.start()
        t0 = time.perf_counter()
        summary = play_match(config, bots)
        durations.append(time.perf_counter() - t0)
        if i == 0:
            _, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            print(f"  memory peak during one normal-vs-normal game: {peak / 2**20:.2f} MiB "
                  f"(tracemalloc; the timed games below run without it)")
        else:
            actions.append(summary["actions"])
    if durations[1:]:
        print(f"  autoplay normal vs normal: mean {statistics.fmean(durations[1:]):.3f} s per game, "
              f"max {max(durations[1:]):.3f} s, mean {statistics.fmean(actions):.0f} actions "
              f"({len(durations) - 1} games)")


def bench_seat(system_id: str, seed: int) -> None:
    """The AI worker process: start-up until ready, and one answer through the JSON pipe."""
    from game.client.seats import AISeat
    m = Match.new(example_match(system_id, seed))
    seat_no = m.decision.seat
    t0 = time.perf_counter()
    seat = AISeat(system_id, seat_no, "normal")
    try:
        ready = seat.wait_ready(60.0)
        t_ready = time.perf_counter() - t0
        if not ready:
            print(f"  ai seat process: did not start ({seat.notice})")
            return
        t0 = time.perf_counter()
        seat.request(m)
        while seat.poll() is None:
            time.sleep(0.001)
        t_answer = time.perf_counter() - t0
        t0 = time.perf_counter()
        ask_bot(m, make_bot(system_id, "normal"), seat_no)
        t_inline = time.perf_counter() - t0
        print(f"  ai seat process: ready in {t_ready * 1e3:.0f} ms; first answer "
              f"{t_answer * 1e3:.0f} ms (same decision in-process: {t_inline * 1e3:.0f} ms)")
    finally:
        seat.close()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks")
    p.add_argument("--system", action="append", help="only this system (repeatable)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--games", type=int, default=2, help="autoplay games per system (plus one "
                                                        "under tracemalloc)")
    p.add_argument("--quick", action="store_true")
    args = p.parse_args(argv)
    sys.stdout.reconfigure(line_buffering=True)     # figures appear as they are measured
    ids = args.system or [s.id for s in registry.all_systems()]
    print(f"Strife Table benchmarks, Python {sys.version.split()[0]}")
    for system_id in ids:
        bench_system(system_id, args.seed, args.games + 1, args.quick)
        bench_seat(system_id, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())

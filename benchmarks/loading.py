"""Benchmark section "loading": how long a long save takes to load, per system.

Owns: making long saves (seeded random-legal play, written with `saves.save` to a temporary
folder), timing `saves.load` on them (read, parse, replay every action through `Match.submit`,
check the snapshot), and timing the slices the client's loading screen replays per frame
(`saves.Replay.step` with the client's `loading.SLICE`), which must each fit in a frame.

Figures are CPU time of the measuring thread, scaled to 1,000 actions so saves of different
lengths compare (the goal: 150 ms for 1,000 actions).

Must not: write outside its temporary folder.
"""
from __future__ import annotations

import statistics
import tempfile
from pathlib import Path

from benchmarks.report import Row, cpu

SECTION = "loading"
SYSTEMS = ("gems", "bindings", "gemwielders")
GOAL_PER_1000 = 150.0            # ms
FRAME = 1000.0 / 60              # ms


def long_match(system_id: str, actions: int, seed: int = 1):
    """The longest of a few seeded random-legal games, each stopped at `actions` actions."""
    from game.engine.ai.base import make_bot
    from game.engine.ai.runner import ask_bot, example_match
    from game.engine.match import Match
    best = None
    for s in range(seed, seed + 4):
        m = Match.new(example_match(system_id, s, difficulties=("random", "random")))
        bot = make_bot(system_id, "random")
        while not m.over and len(m.log) < actions:
            m.submit(ask_bot(m, bot, m.decision.seat))
        if best is None or len(m.log) > len(best.log):
            best = m
        if len(best.log) >= actions:
            break
    return best


def measure(system_id: str, folder: Path, actions: int, reps: int) -> tuple[float, float, int]:
    """(ms per 1,000 actions of a whole load, longest loading-screen slice in ms, log length)."""
    from game.client.ui.loading import SLICE
    from game.engine import saves
    match = long_match(system_id, actions)
    path = folder / f"{system_id}.json"
    saves.save(match, path)
    n = len(match.log)
    loads = []
    for _ in range(reps):
        start = cpu()
        loaded = saves.load(path)
        loads.append(cpu() - start)
        assert loaded.snapshot() == match.snapshot()
    replay = saves.Replay(saves.read_document(path), path)
    worst = 0.0
    while True:
        start = cpu()
        done = replay.step(SLICE)
        worst = max(worst, cpu() - start)
        if done:
            break
    return statistics.median(loads) * 1e6 / max(1, n), worst * 1e3, n


def rows(quick: bool) -> list[Row]:
    # the median of three loads in both modes: a single load also times one-off costs (the
    # first replay through a system warms its tables), which a 250-action save would magnify
    actions, reps = (250, 3) if quick else (1000, 3)
    out: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="strife-bench-load-") as tmp:
        for system_id in SYSTEMS:
            per_1000, worst, n = measure(system_id, Path(tmp), actions, reps)
            out.append(Row(SECTION, f"{system_id} load, per 1,000 actions", per_1000, "ms",
                           GOAL_PER_1000, note=f"a {n}-action save, replayed and checked"))
            out.append(Row(SECTION, f"{system_id} longest loading-screen slice", worst, "ms",
                           FRAME, note="the frame stays inside 16.7 ms while a long load runs"))
    return out


if __name__ == "__main__":
    import sys
    from benchmarks.report import format_row
    for row in rows("--quick" in sys.argv):
        print(format_row(row))

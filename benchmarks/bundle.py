"""Benchmark section "bundle": the size of the frozen build and how fast it starts.

Owns: measuring dist/strife-table (what `make dist` builds): its size on disk, and the start-up
of the frozen executable to its first drawn frame, launched N times with `play --first-frame`
(the game draws the title once, prints the CPU time its process took from exec, and exits).
Without a build (no dist/) the size row is left out and the start-up rows measure the unfrozen
`python -m game` instead; their note says so.

Why the launched process's CPU time: every figure of `make bench` is CPU time, and start-up is
another process, so the figure is that process's own CPU (user + system, all threads) from exec
to the end of its first frame, as it reports it; the wall time of the same launches is in the
note, since on a shared machine it measures the neighbours as much as the game.

Must not: build the bundle (that takes minutes; `make dist` does it) or change anything in dist/.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.report import ROOT, Row, median

DIST = ROOT / "dist" / "strife-table"
EXECUTABLE = DIST / "strife-table"
SIZE_GOAL_MB = 45.0
START_GOAL_S = 0.35
_FIRST_FRAME = re.compile(r"first frame: ([0-9.]+) s CPU, ([0-9.]+) s wall")


def bundle_mb(folder: Path = DIST) -> float:
    """Size of every file under `folder`, in MB of 2**20 bytes (what `du -m` counts)."""
    files = [p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()]
    return sum(p.stat().st_size for p in files) / 2**20


def first_frame(command: list[str]) -> tuple[float, float]:
    """Launch `command play --first-frame` headless once: (CPU seconds, wall seconds) it reports."""
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   STRIFE_TABLE_HOME=home)
        done = subprocess.run(command + ["play", "--first-frame"], env=env, cwd=ROOT,
                              capture_output=True, text=True, timeout=120, check=False)
    found = _FIRST_FRAME.search(done.stdout)
    if done.returncode != 0 or found is None:
        raise RuntimeError(f"{' '.join(command)} play --first-frame exited {done.returncode}: "
                           f"{done.stdout[-500:]}{done.stderr[-1500:]}")
    return float(found.group(1)), float(found.group(2))


def rows(quick: bool) -> list[Row]:
    frozen = EXECUTABLE.is_file()
    command = [str(EXECUTABLE)] if frozen else [sys.executable, "-m", "game"]
    launches = 5 if quick else 16
    first_frame(command)    # warm the file cache: the first launch after a build reads the disk
    runs = [first_frame(command) for _ in range(launches)]
    cpu = [c for c, _ in runs]
    wall = [w for _, w in runs]
    where = "frozen dist/strife-table" if frozen else (
        "dist/ not built (make dist): unfrozen python -m game measured instead")
    walls = f"wall median {median(wall):.2f} s, max {max(wall):.2f} s"
    out = []
    if frozen:
        out.append(Row("bundle", "frozen bundle size", bundle_mb(), "MB", SIZE_GOAL_MB,
                       note="dist/strife-table, MB of 2**20 bytes"))
    out.append(Row("bundle", "start to first frame, median", median(cpu), "s", START_GOAL_S,
                   note=f"{where}; CPU of the launched process; {launches} launches; {walls}"))
    out.append(Row("bundle", "start to first frame, worst", max(cpu), "s", START_GOAL_S,
                   note=f"{where}; CPU of the launched process; {launches} launches"))
    return out


if __name__ == "__main__":
    from benchmarks.report import format_row
    for row in rows(quick="--quick" in sys.argv[1:]):
        print(format_row(row))

"""One measured figure of `make bench`, its goal, and the peer measured beside it.

Owns: `Row` (what was measured, our figure, the goal and which way is better, and optionally the
same measurement of a peer such as pyscroll taken in the same run), the CPU clocks every section
measures with, the repository's root (`ROOT`, where sections start other processes), and the
printing and JSON writing of a run's rows.

Why CPU time: the machine is shared (two cores, tests and builds running beside a benchmark), so
wall time measures the neighbours; the issue's goals are stated as CPU time of the measuring
thread. Sections that measure another process (start-up, a worker) say so in the row's note.

Must not: measure anything itself or import the game (sections do; this is only the report).
"""
from __future__ import annotations

import json
import os
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path

cpu = time.thread_time          # CPU time of the measuring thread (see Why above)
ROOT = Path(__file__).resolve().parent.parent     # the repository (benchmarks/ sits in it)


@dataclass(frozen=True, slots=True)
class Row:
    section: str                 # "engine", "frame", "ai", "load", "bundle", ...
    what: str                    # "gems random-legal play"
    value: float                 # our figure
    unit: str                    # "actions/s", "ms", "us", "MB", "games/s", "frames", "x"
    goal: float
    better: str = "lower"        # "lower" or "higher"
    peer: float | None = None    # the same figure for the peer, measured in the same run
    peer_name: str = ""
    note: str = ""

    @property
    def met(self) -> bool:
        return self.value <= self.goal if self.better == "lower" else self.value >= self.goal

    @property
    def ratio(self) -> float | None:
        """Our figure over the peer's (for times: how many times slower we are)."""
        if self.peer is None or self.peer == 0:
            return None
        return self.value / self.peer


def percentile(values: list[float], q: float) -> float:
    """The q-th quantile (0..1) by nearest rank; 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def median(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0


def _num(v: float) -> str:
    if v >= 100:
        return f"{v:,.0f}"
    if v >= 10:
        return f"{v:.1f}"
    return f"{v:.2f}"


def format_row(row: Row) -> str:
    sign = "<=" if row.better == "lower" else ">="
    mark = "ok  " if row.met else "MISS"
    text = f"  {mark} {row.what:<52} {_num(row.value):>10} {row.unit:<9} goal {sign} {_num(row.goal)}"
    if row.peer is not None:
        text += f"   {row.peer_name} {_num(row.peer)} (ratio {row.ratio:.2f}x)"
    if row.note:
        text += f"   [{row.note}]"
    return text


def write_json(rows: list[Row], path: Path, meta: dict) -> None:
    """Every row as JSON (plus `met` and `ratio`), so two runs can be compared; written to a
    temporary name and renamed, so an interrupted run leaves no half file."""
    data = {"meta": meta,
            "rows": [asdict(r) | {"met": r.met, "ratio": r.ratio} for r in rows]}
    tmp = path.with_name(path.name + ".part")
    tmp.write_text(json.dumps(data, indent=1), encoding="utf-8")
    tmp.replace(path)


@contextmanager
def temporary_home() -> Iterator[str]:
    """A throw-away user folder for the game (STRIFE_TABLE_HOME) while benchmarks run: the
    client's turn-start autosaves and settings go there, never into the player's own folder."""
    old = os.environ.get("STRIFE_TABLE_HOME")
    with tempfile.TemporaryDirectory(prefix="strife-bench-") as home:
        os.environ["STRIFE_TABLE_HOME"] = home
        try:
            yield home
        finally:
            if old is None:
                os.environ.pop("STRIFE_TABLE_HOME", None)
            else:
                os.environ["STRIFE_TABLE_HOME"] = old

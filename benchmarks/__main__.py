"""`python -m benchmarks [--quick] [--section NAME] [--json PATH]`: every speed figure of the
project beside its goal (and beside the peer where there is one), as CPU time.

Sections: engine (random-legal play, legal_actions, submit, AI), sight (bindings' sight lines
per map), loading, the client's, and the AI's strength and think time (ai_gems, ai_bindings,
ai_rpgstuck, ai_gu_masters: mirrored bot games on every shipped map), each in its own module with `rows(quick)`. Results are printed as they are measured and also written as JSON
(default `bench-results.json`) so two runs can be compared. Exit status 0 even when a goal is
missed: this measures, the MISS marks say what is off. Each section's header, and the last line,
give the time of a fixed piece of plain Python work just then (benchmarks/machine.py): when it
reads slower than usual, so do the figures beside it.
"""
from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

from benchmarks import (ai_bindings, ai_gems, ai_gu_masters, ai_rpgstuck, bundle, engine, frames,
                        hitches, loading, machine, sight)
from benchmarks.report import Row, format_row, write_json

SECTIONS = {"engine": engine.rows, "sight": sight.rows, "loading": loading.rows,
            "frames": frames.rows, "hitches": hitches.rows, "bundle": bundle.rows,
            "ai_gems": ai_gems.rows, "ai_bindings": ai_bindings.rows,
            "ai_rpgstuck": ai_rpgstuck.rows, "ai_gu_masters": ai_gu_masters.rows}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks")
    p.add_argument("--quick", action="store_true", help="a few seconds a section (developer mode)")
    p.add_argument("--section", action="append", choices=sorted(SECTIONS),
                   help="only this section (repeatable)")
    p.add_argument("--json", type=Path, default=Path("bench-results.json"),
                   help="where to write the figures as JSON")
    args = p.parse_args(argv)
    sys.stdout.reconfigure(line_buffering=True)     # figures appear as they are measured
    print(f"Strife Table benchmarks ({'quick' if args.quick else 'full'}), Python "
          f"{sys.version.split()[0]}, CPU time of the measuring thread")
    rows: list[Row] = []
    reference: dict[str, float] = {}
    for name in args.section or list(SECTIONS):
        reference[name] = machine.reference()[0]
        print(f"== {name}   (reference work {reference[name]:.3f} s)")
        for row in SECTIONS[name](args.quick):
            print(format_row(row))
            rows.append(row)
    reference["end"] = machine.reference()[0]
    missed = [r for r in rows if not r.met]
    print(f"{len(rows) - len(missed)} of {len(rows)} figures meet their goal "
          f"(reference work at the end {reference['end']:.3f} s)")
    write_json(rows, args.json, {"quick": args.quick, "python": sys.version.split()[0],
                                 "machine": platform.machine(), "time": time.time(),
                                 "reference_seconds": reference})
    print(f"written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

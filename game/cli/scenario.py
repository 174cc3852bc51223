"""`python -m game scenario FILE_OR_FOLDER...`: run scenario files and say what differed.

Owns: the command line around game.engine.scenario: finding the files (a folder means every
*.toml under it), printing PASS/FAIL/ERROR per file with each difference, and the exit status
(0 when every file passed, 1 otherwise, 2 for a usage mistake). `--show` prints what happened at
every step, which is what a game master checking a ruling or a bug report wants to read.

Must not: print a traceback for a bad file or a failing rule; those are reported as text.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.engine import scenario as sc


def _files(targets: list[str]) -> tuple[list[Path], list[str]]:
    files: list[Path] = []
    missing: list[str] = []
    for t in targets:
        p = Path(t)
        if p.is_dir():
            found = sorted(p.rglob("*.toml"))
            if not found:
                missing.append(f"{t}: the folder holds no .toml scenario files")
            files.extend(found)
        elif p.exists():
            files.append(p)
        else:
            missing.append(f"{t}: the file does not exist")
    return files, missing


def _show(result: sc.Result, out) -> None:
    if result.initial_events:
        print("    set-up:", file=out)
        for e in result.initial_events:
            print(f"      {_event_line(e)}", file=out)
    for step, events, refusal in result.steps:
        print(f"    {step.label}{' - ' + step.note if step.note else ''}:", file=out)
        if refusal is not None:
            print(f"      refused: {refusal}", file=out)
        for e in events:
            print(f"      {_event_line(e)}", file=out)


def _event_line(e: dict) -> str:
    text = e.get("text")
    if isinstance(text, str) and text:
        return f"{e.get('kind')}: {text}"
    return sc.describe(e)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="strife-table scenario",
        description="Run scenario files (see docs/scenarios.md). Exit 0 when all pass, else 1.")
    parser.add_argument("paths", nargs="+", metavar="FILE_OR_FOLDER")
    parser.add_argument("--show", action="store_true",
                        help="print the events of every step, not only the differences")
    args = parser.parse_args(argv)
    out = sys.stdout
    files, missing = _files(args.paths)
    for m in missing:
        print(f"ERROR {m}", file=out)
    passed = failed = broken = 0
    for path in files:
        try:
            result = sc.run_file(path)
        except sc.ScenarioError as exc:
            broken += 1
            print(f"ERROR {exc.path}: {exc.problem}", file=out)
            continue
        title = result.scenario.name
        if result.errors:
            broken += 1
            print(f"ERROR {path}  {title}", file=out)
            for d in result.errors + result.differences:
                print(f"  - {d}", file=out)
        elif result.passed:
            passed += 1
            print(f"PASS  {path}  {title}", file=out)
        else:
            failed += 1
            print(f"FAIL  {path}  {title}", file=out)
            for d in result.differences:
                print(f"  - {d}", file=out)
        if args.show:
            _show(result, out)
    broken += len(missing)
    print(f"{passed} passed, {failed} failed, {broken} could not be run", file=out)
    return 0 if failed == 0 and broken == 0 and files else 1

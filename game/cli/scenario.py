"""`python -m game scenario FILE_OR_FOLDER...`: run scenario files and say what differed.

Owns: the command line around game.engine.scenario: finding the files (a folder means every
*.toml under it), printing PASS/FAIL/ERROR per file with each difference, and the exit status
(0 when every file passed, 1 otherwise, 2 for a usage mistake). `--show` prints what happened at
every step, which is what a game master checking a ruling or a bug report wants to read, and
then every state path a check or a [start] set can name, with its value at the end
(`--paths` prints only those). `--new SYSTEM FILE` copies the system's starter file (its data
folder's scenario_starter.toml: every key explained, passes as written); the command itself
names no system.

Must not: print a traceback for a bad file or a failing rule; those are reported as text.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from game.engine import scenario as sc
from game.engine import registry
from game.paths import data_dir

STARTER = "scenario_starter.toml"    # in each system's data folder: the --new sample


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


def starter_files() -> dict[str, Path]:
    """The starter scenario of every registered system that ships one, by system id."""
    found = {s.id: data_dir() / s.id / STARTER for s in registry.all_systems()}
    return {sid: path for sid, path in found.items() if path.is_file()}


def state_paths(data: Any, prefix: str = "") -> list[tuple[str, Any]]:
    """Every leaf of the state JSON as (dotted path, value): list items that carry an "id" are
    named by it (as `lookup` reads them), others by position; a list of plain values is one
    leaf, and so is an empty table."""
    if isinstance(data, dict) and data:
        out: list[tuple[str, Any]] = []
        for key, value in data.items():
            out += state_paths(value, f"{prefix}.{key}" if prefix else str(key))
        return out
    if isinstance(data, list) and any(isinstance(v, (dict, list)) for v in data):
        out = []
        for i, value in enumerate(data):
            name = value.get("id") if isinstance(value, dict) else None
            seg = str(name) if isinstance(name, str) and name and not name.lstrip("-").isdigit() \
                else str(i)
            out += state_paths(value, f"{prefix}.{seg}" if prefix else seg)
        return out
    return [(prefix, data)]


def _show_paths(result: sc.Result, out, width: int = 100) -> None:
    if result.match is None:
        return
    state = json.loads(json.dumps(result.match.system.state_to_json(result.match.state)))
    print("    state paths at the end (for state checks and [start] set):", file=out)
    for dotted, value in state_paths(state):
        text = json.dumps(value)
        if len(text) > width:
            text = text[:width - 3] + "..."
        print(f"      {dotted} = {text}", file=out)


def _event_line(e: dict) -> str:
    text = e.get("text")
    if isinstance(text, str) and text:
        return f"{e.get('kind')}: {text}"
    return sc.describe(e)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="strife-table scenario",
        description="Run scenario files (see docs/scenarios.md). Exit 0 when all pass, else 1.")
    parser.add_argument("paths", nargs="*", metavar="FILE_OR_FOLDER")
    parser.add_argument("--show", action="store_true",
                        help="print the events of every step and the state paths at the end, "
                             "not only the differences")
    parser.add_argument("--paths", action="store_true", dest="paths_only",
                        help="print only the state paths at the end (what a state check or a "
                             "[start] set can name), with their values")
    parser.add_argument("--new", metavar="SYSTEM",
                        help="write a starter scenario for SYSTEM to the one FILE given (every "
                             "key explained; it passes as written)")
    args = parser.parse_args(argv)
    out = sys.stdout
    if args.new:
        if len(args.paths) != 1:
            parser.error("--new SYSTEM needs exactly one FILE to write")
        starters = starter_files()
        if args.new not in starters:
            print(f"ERROR --new {args.new}: no starter for that system (starters: "
                  f"{', '.join(sorted(starters)) or 'none'})", file=out)
            return 2
        target = Path(args.paths[0])
        if target.exists():
            print(f"ERROR {target}: the file exists; choose another name", file=out)
            return 1
        target.write_text(starters[args.new].read_text(encoding="utf-8"), encoding="utf-8")
        print(f"wrote {target}: run it with python -m game scenario {target}", file=out)
        return 0
    if not args.paths:
        parser.error("give at least one FILE_OR_FOLDER")
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
        if args.show or args.paths_only:
            _show_paths(result, out)
    broken += len(missing)
    print(f"{passed} passed, {failed} failed, {broken} could not be run", file=out)
    return 0 if failed == 0 and broken == 0 and files else 1

"""`python -m game scenario FILE_OR_FOLDER...`: run scenario files and say what differed.

Owns: the command line around game.engine.scenario: finding the files (a folder means every
*.toml under it), printing PASS/FAIL/ERROR per file with each difference, and the exit status
(0 when every file passed, 1 otherwise, 2 for a usage mistake). `--show` prints what happened at
every step, which is what a game master checking a ruling or a bug report wants to read, and
the state paths a check can use at the end. `--new SYSTEM [FILE]` writes a starter file (every
key explained) for a rule system, to FILE or to the screen.

Must not: print a traceback for a bad file or a failing rule; those are reported as text.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from game import paths
from game.engine import registry
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
    match = result.match
    if match is not None:
        print("    state paths at the end (for [start] and state checks):", file=out)
        data = json.loads(json.dumps(match.system.state_to_json(match.state)))
        for line in state_paths(data):
            print(f"      {line}", file=out)


def state_paths(value, prefix: str = "") -> list[str]:
    """Every leaf of a state's JSON as `dotted.path = value` (what [start] can set and a state
    check can read); a list also gets its count as `path.# = n`."""
    out: list[str] = []
    if isinstance(value, dict):
        for k, v in value.items():
            out += state_paths(v, f"{prefix}.{k}" if prefix else str(k))
        if not value and prefix:
            out.append(f"{prefix} = {{}}")
    elif isinstance(value, list):
        out.append(f"{prefix}.# = {len(value)}")
        if all(not isinstance(v, (dict, list)) for v in value):
            out.append(f"{prefix} = {json.dumps(value)}")
        else:
            for i, v in enumerate(value):
                out += state_paths(v, f"{prefix}.{i}")
    else:
        out.append(f"{prefix} = {json.dumps(value)}")
    return out


def starter(system_id: str) -> Path:
    """The starter file of a rule system (game/data/scenarios/<id>.toml)."""
    return paths.data_dir() / "scenarios" / f"{system_id}.toml"


def _new(system_id: str, target: str | None, out) -> int:
    known = [s.id for s in registry.all_systems()]
    if system_id not in known:
        print(f"ERROR --new: no rule system {system_id!r} (known: {', '.join(known)})", file=out)
        return 2
    src = starter(system_id)
    if not src.is_file():
        print(f"ERROR --new: {system_id} has no starter file ({src})", file=out)
        return 2
    text = src.read_text(encoding="utf-8")
    if target is None:
        out.write(text)
        return 0
    dest = Path(target)
    if dest.exists():
        print(f"ERROR --new: {dest} already exists (nothing was written)", file=out)
        return 2
    try:
        dest.write_text(text, encoding="utf-8")
    except OSError as exc:
        print(f"ERROR --new: {dest} cannot be written: {exc.strerror or exc}", file=out)
        return 2
    print(f"wrote {dest}: run it with  python -m game scenario {dest}", file=out)
    return 0


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
    parser.add_argument("--new", metavar="SYSTEM",
                        help="write a starter scenario for this rule system to the one FILE "
                             "given (never over an existing file), or to the screen")
    args = parser.parse_args(argv)
    out = sys.stdout
    if args.new is not None:
        if len(args.paths) > 1:
            parser.error("--new takes at most one FILE to write")
        return _new(args.new, args.paths[0] if args.paths else None, out)
    if not args.paths:
        parser.error("give at least one FILE_OR_FOLDER to run (or --new SYSTEM)")
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

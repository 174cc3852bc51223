"""`python -m game check-map MAP [--system ID] [--json]`: validate a Tiled map.

Owns: printing every problem of a map, one per line as "file: layer 'name' (x, y): message"
(or, with --json, one JSON document `{"file", "system", "problems": [{"layer", "x", "y",
"message", "kind"}]}` on stdout, which the Tiled extension reads), and the exit code (0 clean,
1 problems, 2 bad usage). Generic checks come from
boards.tmx.check_board_file; with --system, registry.check_map_file adds the rule system's own
map checks.

Must not: import pygame, or stop at the first problem.
"""
from __future__ import annotations

import argparse
import json
import sys

from game import paths
from game.engine import registry
from game.engine.boards.tmx import MapProblem, check_board_file


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="strife-table check-map",
                                description="Check a Tiled map: XML, tilesets, layers, "
                                            "properties, objects, and optionally one rule "
                                            "system's own requirements.")
    p.add_argument("map", help="a .tmx file (a path, or a name inside the maps folder)")
    p.add_argument("--system",
                   help="also run this rule system's map checks (a registered system id)")
    p.add_argument("--json", action="store_true",
                   help="print one JSON document listing every problem with its layer, x, y, "
                        "message and kind (for editors and scripts)")
    return p


def as_json(path: object, system: str | None, problems: list[MapProblem]) -> str:
    """The --json document: the file, the system checked for (null for generic checks only) and
    each problem's place (layer, x, y: null when it has none) and message."""
    return json.dumps({"file": str(path), "system": system,
                       "problems": [{"layer": p.layer, "x": p.x, "y": p.y, "message": p.message,
                                     "kind": p.kind} for p in problems]}, indent=1)


def main(argv: list[str] | None = None) -> int:
    try:
        args = parser().parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0) if e.code in (0, None) else 2
    path = paths.resolve_map(args.map)
    problems = (registry.check_map_file(path, args.system) if args.system
                else check_board_file(path))
    if args.json:
        print(as_json(path, args.system, problems))
        return 1 if problems else 0
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} problem{'s' if len(problems) != 1 else ''} in {path}",
              file=sys.stderr)
        return 1
    print(f"{path}: OK" + (f" for {args.system}" if args.system else ""))
    return 0

"""Bindings' shipped sight tables (game/engine/systems/bindings/sighttable.py): write the table of
every bindings map in maps/ after a map or the sight geometry changed, or check them.

Usage: .venv/bin/python tools/sight_tables.py [--check]
(--check writes nothing and exits 1 when a table is missing, differs or belongs to no map)
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine.systems.bindings import sighttable  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; report problems")
    args = parser.parse_args()
    problems = sighttable.write_all(args.check)
    for p in problems:
        print(("" if args.check else "fixed: ") + p, file=sys.stderr if args.check else sys.stdout)
    return 1 if problems and args.check else 0


if __name__ == "__main__":
    raise SystemExit(main())

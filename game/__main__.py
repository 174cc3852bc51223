"""`python -m game` (and the frozen `strife-table`): the client, or one of the subcommands.

Each subcommand lives in game/cli/<name>.py with a `main(argv) -> int`; this module only
dispatches, so adding a command never touches the others.
"""
from __future__ import annotations

import sys
from types import ModuleType
from typing import Callable


# Each command's module is imported plainly, inside its own function, so only the command being
# run is loaded (the client starts without the CLI tools and the other way round).
def _play() -> ModuleType:
    from game.cli import play
    return play


def _scenario() -> ModuleType:
    from game.cli import scenario
    return scenario


def _check_map() -> ModuleType:
    from game.cli import check_map
    return check_map


def _render_map() -> ModuleType:
    from game.cli import render_map
    return render_map


def _autoplay() -> ModuleType:
    from game.cli import autoplay
    return autoplay


def _evaluate() -> ModuleType:
    from game.cli import evaluate
    return evaluate


def _shots() -> ModuleType:
    from game.cli import shots
    return shots


def _selftest() -> ModuleType:
    from game.cli import selftest
    return selftest


def _balance() -> ModuleType:
    from game.cli import balance
    return balance


def _soak() -> ModuleType:
    from game.cli import soak
    return soak


COMMANDS: dict[str, Callable[[], ModuleType]] = {
    "play": _play,
    "scenario": _scenario,
    "check-map": _check_map,
    "render-map": _render_map,
    "autoplay": _autoplay,
    "evaluate": _evaluate,
    "shots": _shots,
    "selftest": _selftest,
    "balance": _balance,
    "soak": _soak,
}

USAGE = """usage: strife-table [COMMAND] [ARGS...]

With no command, opens the game. `strife-table --version` prints the version. Commands:
  play --map MAP [--system ID] [--ai SEAT[:LEVEL]]...   start a match on a map at once
  scenario FILE...                  run scenario files (exit 1 on any difference)
  check-map MAP [--system ID] [--json]   validate a Tiled map
  render-map MAP OUT.png            draw a map's tile layers to a PNG
  autoplay --system ID --seed N     AI against AI, headless; prints a JSON summary
  evaluate --system ID --opponent random --games N --seed N
  shots DIR                         render every scene to PNG files
  soak [--games N] [--system ID]    random games with invariants checked; saves failures
  selftest                          one headless AI match per system
  balance --system ID --games N --seed S   AI-vs-AI win rates over every pairing (JSON)
"""


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in ("-h", "--help", "help"):
        print(USAGE)
        return 0
    if argv and argv[0] in ("--version", "-V"):
        from game.version import VERSION
        print(f"strife-table {VERSION}")
        return 0
    name = argv.pop(0) if argv and not argv[0].startswith("-") else "play"
    if name not in COMMANDS:
        print(f"unknown command {name!r}\n\n{USAGE}", file=sys.stderr)
        return 2
    return int(COMMANDS[name]().main(argv) or 0)


if __name__ == "__main__":
    sys.exit(main())

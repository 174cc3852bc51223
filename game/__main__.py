"""`python -m game` (and the frozen `strife-table`): the client, or one of the subcommands.

Each subcommand lives in game/cli/<name>.py with a `main(argv) -> int`; this module only
dispatches, so adding a command never touches the others.
"""
from __future__ import annotations

import importlib
import sys

COMMANDS = {
    "play": "play",
    "scenario": "scenario",
    "check-map": "check_map",
    "render-map": "render_map",
    "autoplay": "autoplay",
    "evaluate": "evaluate",
    "shots": "shots",
    "selftest": "selftest",
    "balance": "balance",
}

USAGE = """usage: strife-table [COMMAND] [ARGS...]

With no command, opens the game. Commands:
  scenario FILE...                  run scenario files (exit 1 on any difference)
  check-map MAP [--system ID]       validate a Tiled map
  render-map MAP OUT.png            draw a map's tile layers to a PNG
  autoplay --system ID --seed N     AI against AI, headless; prints a JSON summary
  evaluate --system ID --opponent random --games N --seed N
  shots DIR                         render every scene to PNG files
  selftest                          one headless AI match per system
  balance --system ID --games N --seed S   AI-vs-AI win rates over every pairing (JSON)
"""


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in ("-h", "--help", "help"):
        print(USAGE)
        return 0
    name = argv.pop(0) if argv and not argv[0].startswith("-") else "play"
    if name not in COMMANDS:
        print(f"unknown command {name!r}\n\n{USAGE}", file=sys.stderr)
        return 2
    module = importlib.import_module(f"game.cli.{COMMANDS[name]}")
    return int(module.main(argv) or 0)


if __name__ == "__main__":
    sys.exit(main())

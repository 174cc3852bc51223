"""`python -m game` / `python -m game play`: open the game window on the title screen.

Owns: the command-line entry of the client (optional --size WxH and --windowed).
Must not: contain client logic; the App does the work.
"""
from __future__ import annotations

import argparse
import sys


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="strife-table play", description="Open the game.")
    parser.add_argument("--size", help="window size, e.g. 1920x1080")
    parser.add_argument("--windowed", action="store_true", help="ignore the fullscreen setting")
    args = parser.parse_args(argv)
    size = None
    if args.size:
        try:
            w, h = (int(v) for v in args.size.lower().split("x"))
        except ValueError:
            parser.error(f"--size must look like 1280x720, not {args.size!r}")
        size = (w, h)
    from game.client.app import App
    try:
        app = App(size, fullscreen=False if args.windowed else None)
    except Exception as exc:     # before the window exists there is no dialog to show it in
        print(f"strife-table: the game window could not be opened: {type(exc).__name__}: {exc}",
              file=sys.stderr)
        return 1
    return app.run()

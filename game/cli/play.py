"""`python -m game` / `python -m game play`: open the game window on the title screen.

Owns: the command-line entry of the client (optional --size WxH and --windowed), and
--first-frame, which draws the title once, prints the CPU time the process took to get there
and exits (the start-up benchmark launches the built game with it).
Must not: contain client logic; the App does the work.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

_IMPORTED = time.monotonic()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="strife-table play", description="Open the game.")
    parser.add_argument("--size", help="window size, e.g. 1920x1080")
    parser.add_argument("--windowed", action="store_true", help="ignore the fullscreen setting")
    parser.add_argument("--first-frame", action="store_true",
                        help="draw the title once, print the CPU time from launch, and exit")
    args = parser.parse_args(argv)
    size = None
    if args.size:
        try:
            w, h = (int(v) for v in args.size.lower().split("x"))
        except ValueError:
            parser.error(f"--size must look like 1280x720, not {args.size!r}")
        size = (w, h)
    import pygame
    from game.client.app import App
    try:
        app = App(size, fullscreen=False if args.windowed else None)
    except Exception as exc:     # before the window exists there is no dialog to show it in
        print(f"strife-table: the game window could not be opened: {type(exc).__name__}: {exc}",
              file=sys.stderr)
        return 1
    if args.first_frame:
        # the loop draws the frame in which it handles QUIT, so this is exactly one frame
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        code = app.run()
        # process_time counts the whole process from exec, the frozen launcher's unpacking included
        print(f"first frame: {time.process_time():.4f} s CPU, "
              f"{time.monotonic() - _launched():.4f} s wall")
        return code
    return app.run()


def _launched() -> float:
    """When this process started, on time.monotonic's clock (Linux /proc; else import time)."""
    try:
        fields = Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()
        uptime = float(Path("/proc/uptime").read_text().split()[0])
    except OSError:
        return _IMPORTED
    # field 22 of stat (index 19 after the name) is the start time in clock ticks since boot
    started = int(fields[19]) / os.sysconf("SC_CLK_TCK")
    return time.monotonic() - (uptime - started)

"""`python -m game` / `python -m game play`: open the game window on the title screen, or with
`--map FILE` straight on a match on that map.

Owns: the command-line entry of the client (optional --size WxH and --windowed); --first-frame,
which draws the title once, prints the CPU time the process took to get there and exits (the
start-up benchmark launches the built game with it); `--map FILE [--system ID] [--ai
SEAT[:LEVEL]]... [--seed N]`, which checks the map as `check-map --system` does (its problems
and exit code 1, before any window opens), sets up the match (hotseat, or the seats named by
--ai played by the computer) and opens its play screen; and --frames N, which quits after N
frames (tests).
Must not: contain client logic or rules; the map check, the registry and the App do the work.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

_IMPORTED = time.monotonic()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="strife-table play", description="Open the game.")
    parser.add_argument("--size", help="window size, e.g. 1920x1080")
    parser.add_argument("--windowed", action="store_true", help="ignore the fullscreen setting")
    parser.add_argument("--first-frame", action="store_true",
                        help="draw the title once, print the CPU time from launch, and exit")
    parser.add_argument("--map", help="start a match on this Tiled map at once (a path, "
                                      "user:NAME for a map of your own, or a shipped map's name)")
    parser.add_argument("--system", help="the rule system to play the map with (default: the "
                                         "map's `system` property, or its file name's prefix)")
    parser.add_argument("--ai", action="append", default=[], metavar="SEAT[:LEVEL]",
                        help="the computer plays this seat (0, 1, ...) at LEVEL (default "
                             "normal); repeat for more seats; the others are hotseat humans")
    parser.add_argument("--seed", type=int, help="the match's seed (default: a random one)")
    parser.add_argument("--frames", type=int, help=argparse.SUPPRESS)   # quit after N frames
    args = parser.parse_args(argv)
    if (args.system or args.ai or args.seed is not None) and not args.map:
        parser.error("--system, --ai and --seed go with --map")
    match = None
    if args.map:
        match = map_match(args.map, args.system, args.ai, args.seed)
        if isinstance(match, int):
            return match
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
    first = None
    if match is not None:
        from game.client.ui import saving
        first = saving.battle_scene(app, match)
    if args.frames:
        _stop_after(app, args.frames)
    if args.first_frame:
        # the loop draws the frame in which it handles QUIT, so this is exactly one frame
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        code = app.run(first)
        # process_time counts the whole process from exec, the frozen launcher's unpacking included
        print(f"first frame: {time.process_time():.4f} s CPU, "
              f"{time.monotonic() - _launched():.4f} s wall")
        return code
    return app.run(first)


def _stop_after(app: Any, frames: int) -> None:
    """End the app's loop after `frames` frames (each a full step: events, update, draw)."""
    step = app.step
    done = 0

    def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal done
        out = step(*args, **kwargs)
        done += 1
        if done >= frames:
            app.running = False
        return out

    app.step = counted


def map_match(name: str, system_id: str | None, ai: list[str], seed: int | None) -> Any:
    """The match `--map` asks for, or the exit code after printing why there is none (every
    problem of the map as `check-map --system` prints it; a bad --ai). No window is opened and
    pygame is not imported here."""
    from game import paths, usermaps
    from game.engine import registry
    from game.engine.ai.base import difficulties
    from game.engine.match import Match
    from game.engine.rules import MatchConfig, SeatConfig

    path = paths.resolve_map(name)
    if not path.is_file():
        print(f"strife-table play: {path}: no such map file", file=sys.stderr)
        return 1
    if system_id is None:
        system_id = usermaps.system_of(path, [str(s.id) for s in registry.all_systems()])
        if system_id is None:
            print(f"strife-table play: {path} names no rule system (map property `system`): "
                  f"give one with --system", file=sys.stderr)
            return 1
    problems = registry.check_map_file(path, system_id)
    if problems:
        for p in problems:
            print(p)
        print(f"{len(problems)} problem{'s' if len(problems) != 1 else ''} in {path}: "
              f"it cannot be played with {system_id}", file=sys.stderr)
        return 1
    system = registry.get(system_id)
    lo, hi = system.seat_count
    levels = [d for d in difficulties(system_id) if d != "random"] or ["random"]
    computer: dict[int, str] = {}
    for given in ai:
        seat_text, _, level = given.partition(":")
        level = level or ("normal" if "normal" in levels else levels[0])
        if not seat_text.isdigit() or int(seat_text) >= hi:
            print(f"strife-table play: --ai {given}: the seat is a number from 0 to {hi - 1}",
                  file=sys.stderr)
            return 2
        if level not in levels and level != "random":
            print(f"strife-table play: --ai {given}: {system_id}'s levels are "
                  f"{', '.join(levels)}", file=sys.stderr)
            return 2
        computer[int(seat_text)] = level
    count = max(lo, max(computer, default=-1) + 1)
    seats = [SeatConfig("ai", computer[i], f"AI {i + 1}") if i in computer
             else SeatConfig("human", "normal", f"Player {i + 1}") for i in range(count)]
    seats += [SeatConfig("human", "normal", str(label)) for label in system.extra_seats(
        {h.id: h.default for h in system.house_rules})]
    config = MatchConfig(system_id, seed if seed is not None else random.randrange(1, 1_000_000),
                         seats, usermaps.config_name(path))
    config.house_rules = {h.id: h.default for h in system.house_rules}
    teams = [str(tid) for tid, _ in system.teams_for_map(str(path))]
    if teams:       # as New match deals them out: seat i takes team i, round the list
        config.setup = {**config.setup, "teams": [teams[i % len(teams)] for i in range(count)]}
    try:
        return Match.new(config)
    except (ValueError, OSError) as exc:     # a config the system refuses
        print(f"strife-table play: {path}: {exc}", file=sys.stderr)
        return 1


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

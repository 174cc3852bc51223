"""Benchmark section "hitches": frames over 16.7 ms while two AI seats play, in each of the five
systems, and the longest poll of in-process AI seats (the fallback when the AI process cannot
start or dies: the seat thinks in the frame, a slice of steps a poll).

Owns: driving the real client headless (SDL dummy driver, the real `App.step`, the system's real
play screen with two AI seats at "normal", AI workers in processes as a player gets them) for a
stretch of play at 60 Hz, timing every frame on the main thread, and the rows that report it.

How a frame is timed: CPU time of the main thread (`report.cpu`) around one `App.step`, so the
neighbours on a shared machine do not count; the loop sleeps to the next 1/60 s boundary as the
real loop's clock does, so the AI workers think in the time they would really have. When a match
ends the next seeded one opens; the frame that opens it is a scene change, not AI play, and is
left out. Opening a scene happens in `App.apply`, outside any frame (it includes the match
scene's off-screen priming draw and its garbage collection); every frame after it counts, the
first one included.

Must not: write outside a temporary user folder (the autosaves go there), or leave a worker
process behind (every scene that leaves is closed).
"""
from __future__ import annotations

import os
import time

from benchmarks.report import Row, cpu, temporary_home

SECTION = "hitches"
FRAME_BUDGET = 1.0 / 60          # 16.7 ms: one frame at 60 Hz
SYSTEMS = ("gems", "bindings", "gemwielders", "rpgstuck", "gu_masters")
INLINE_ACTIONS = 300             # actions of each system's match played by in-process AI seats


def play_frames(system_id: str, seconds: float, seed: int = 1,
                size: tuple[int, int] = (1280, 720)) -> list[float]:
    """CPU seconds of each frame of `seconds` of AI-against-AI play (see the module docstring)."""
    from game.client.app import App
    from game.client.scene import reset
    from game.client.scenes.match_scene import MatchScene
    from game.client.settings import Settings
    from game.engine.ai.runner import example_match
    from game.engine.match import Match

    app = App(size, settings=Settings(), fullscreen=False)
    frames: list[float] = []
    try:
        def open_match(n: int) -> None:
            match = Match.new(example_match(system_id, seed + n, difficulties=("normal", "normal")))
            app.apply(reset(app.screens.play(match)))   # builds the scene: not a frame

        games = 0
        open_match(games)
        period = FRAME_BUDGET
        due = time.perf_counter()
        for _ in range(int(seconds * 60)):
            # no name for the scene here: a finished one must be free to go as the next opens
            if not isinstance(app.top, MatchScene) or app.top.match.over:
                games += 1
                open_match(games)
                continue
            start = cpu()
            app.step(dt=period)
            frames.append(cpu() - start)
            due += period
            pause = due - time.perf_counter()
            if pause > 0:
                time.sleep(pause)
            else:
                due = time.perf_counter()  # behind: the real loop's clock does not catch up
    finally:
        for scene in list(reversed(app.stack)):
            app._close(scene)
        app.stack.clear()
        import pygame
        pygame.display.quit()
    return frames


def inline_polls(system_id: str, actions: int, seed: int = 1) -> list[float]:
    """CPU seconds of each `poll()` of in-process AI seats (client/seats.py's AISeat without a
    process: the fallback when the AI process cannot start or dies) playing the system's
    example match between two normal bots for up to `actions` actions: what a frame waits on
    while such a seat thinks, a slice of steps at a time."""
    from game.client.seats import AISeat
    from game.engine.ai.runner import example_match
    from game.engine.match import Match
    from game.engine.runtime import settle

    match = Match.new(example_match(system_id, seed, difficulties=("normal", "normal")))
    seats: dict[int, AISeat] = {}
    settle()                            # as the client does when a match opens
    polls: list[float] = []
    while not match.over and len(match.log) < actions:
        n = match.decision.seat
        seat = seats.get(n) or seats.setdefault(n, AISeat(system_id, n, use_process=False))
        if not seat.busy:
            seat.request(match)
        start = cpu()
        action = seat.poll()
        polls.append(cpu() - start)
        if action is not None:
            match.submit(action)
    return polls


def rows(quick: bool) -> list[Row]:
    from game.client.seats import DEFAULT_SLICE

    seconds = 4.0 if quick else 20.0
    actions = 60 if quick else INLINE_ACTIONS
    out: list[Row] = []
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with temporary_home():
        for system_id in SYSTEMS:
            frames = play_frames(system_id, seconds)
            over = sum(1 for f in frames if f > FRAME_BUDGET)
            out.append(Row(SECTION, f"{system_id} frames over 16.7 ms in {seconds:.0f} s AI play",
                           over, "frames", 0, note=f"of {len(frames)}"))
            out.append(Row(SECTION, f"{system_id} worst frame in AI play",
                           max(frames) * 1e3 if frames else 0.0, "ms", FRAME_BUDGET * 1e3,
                           note="main-thread CPU"))
        for system_id in SYSTEMS:
            polls = sorted(inline_polls(system_id, actions))
            out.append(Row(SECTION, f"{system_id} longest in-process AI poll",
                           polls[-1] * 1e3, "ms", FRAME_BUDGET * 1e3,
                           note=f"p99 {polls[int(len(polls) * 0.99)] * 1e3:.1f} ms over "
                                f"{len(polls)} polls of the first {actions} actions; "
                                f"{DEFAULT_SLICE * 1e3:.0f} ms slices; the fallback when the AI "
                                f"process cannot start"))
    return out


if __name__ == "__main__":
    import sys
    from benchmarks.report import format_row
    for row in rows("--quick" in sys.argv):
        print(format_row(row))

"""`python -m game selftest`: a quick health check of an installed or frozen build.

Owns: playing one whole headless AI match per registered system (the normal bot against random
play, checking the system's invariants after every action; a match that does not finish within
--max-actions fails), one round trip through an AI seat's worker process, which proves that
multiprocessing works in this build (freeze_support in the entry script), and with --client the
client itself: the title, new-match and battle screens rendered off-screen, which proves the
build finds its fonts, theme, maps and art (game.paths and sys._MEIPASS), plus the media
libraries a trimmed build could lose: the bundled fonts render, PNG images load and save, and the
mixer decodes and plays a sound (on SDL's dummy audio driver). Exit 0 when everything
finished cleanly, 1 otherwise; one line per check on stdout.

Must not: import pygame unless --client is given (the engine checks run without a display), or
take more than about half a minute.
"""
from __future__ import annotations

import argparse
import time

from game.engine import registry
from game.engine.ai.base import make_bot
from game.engine.ai.runner import example_match, play_match


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="strife-table selftest",
                                description="One headless AI match per rule system, plus an AI "
                                            "worker-process round trip.")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-actions", type=int, default=5000,
                   help="a match still running after this many actions fails")
    p.add_argument("--client", action="store_true",
                   help="also render the title, new-match and battle screens off-screen")
    p.add_argument("--no-process", action="store_true",
                   help="skip the AI worker-process check")
    return p


def check_systems(seed: int, max_actions: int) -> list[tuple[bool, str]]:
    out = []
    for system in registry.all_systems():
        start = time.perf_counter()
        try:
            # the normal bot against random play: every part of the bot runs, at half the cost
            config = example_match(system.id, seed, difficulties=("normal", "random"))
            summary = play_match(config, [make_bot(system.id, d) for d in ("normal", "random")],
                                 max_actions, check_invariants=True)
        except Exception as exc:
            out.append((False, f"{system.id}: {exc.__class__.__name__}: {exc}"))
            continue
        ok = not summary["problems"] and bool(summary["finished"])
        took = time.perf_counter() - start
        state = (f"winner seat {summary['winner']}" if summary["finished"] else summary["reason"])
        detail = f"; problems: {summary['problems']}" if summary["problems"] else ""
        out.append((ok, f"{system.id}: {summary['actions']} actions, {summary['rounds']} rounds, "
                        f"{state} ({took:.2f} s){detail}"))
    return out


def check_process(seed: int) -> tuple[bool, str]:
    """An AI seat's worker process answers a real decision with a legal action."""
    from game.client.seats import AISeat
    from game.engine.match import Match
    systems = registry.all_systems()
    if not systems:
        return False, "ai process: no rule system is registered"
    system = systems[0]
    match = Match.new(example_match(system.id, seed))
    decision = match.decision
    if decision is None:
        return False, f"ai process: {system.id}'s example match has no decision"
    seat = AISeat(system.id, decision.seat, "normal")
    try:
        start = time.perf_counter()
        if not seat.wait_ready(30.0):
            return False, f"ai process: the worker did not start ({seat.notice or 'no reply'})"
        seat.request(match)
        action = None
        while action is None and time.perf_counter() - start < 60.0:
            action = seat.poll()
            if action is None:
                time.sleep(0.01)
        if seat.mode != "process":
            return False, f"ai process: fell back to in-process thinking ({seat.notice})"
        if action is None or action not in match.legal_actions():
            return False, "ai process: no legal answer within 60 s"
        return True, (f"ai process: {system.id} seat {decision.seat} answered "
                      f"{getattr(action, 'kind', action)} in {time.perf_counter() - start:.2f} s")
    finally:
        seat.close()


def check_client() -> tuple[bool, str]:
    """The real client draws its screens off-screen (SDL's dummy video driver)."""
    import os
    import tempfile
    from pathlib import Path

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.cli import shots
    from game.client.systems import CLIENT_SYSTEMS
    # the menus, and each system's own play screen as its client registration names it
    wanted = ["title", "new_match"] + [n for reg in CLIENT_SYSTEMS for n in reg.selftest_shots]
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        code = shots.main([tmp, "--only", ",".join(wanted)])
        made = sorted(p.stem for p in Path(tmp).glob("*.png") if p.stat().st_size > 1000)
    missing = [w for w in wanted if w not in made]
    if code != 0 or missing:
        return False, f"client: shots exited {code}, missing {missing}"
    return True, f"client: drew {', '.join(made)} ({time.perf_counter() - start:.2f} s)"


def check_media() -> tuple[bool, str]:
    """The fonts, image codec and sound the frozen build ships still work after trimming it.

    Nothing plays sound yet, but the build keeps the mixer for when something does, so this
    proves the mixer and its WAV decoder load; a PNG is written and read back (the map tiles are
    PNG) and every bundled tileset loads.
    """
    import io
    import os
    import struct
    import wave

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game import paths
    from game.client import resources

    pygame.font.init()
    rendered = [resources.font(18, bold).render("Strife Table", True, (255, 255, 255))
                for bold in (False, True)]
    if min(img.get_width() for img in rendered) < 40:
        return False, "media: the bundled fonts rendered nothing"

    buffer = io.BytesIO()
    pygame.image.save(rendered[0], buffer, "check.png")
    buffer.seek(0)
    back = pygame.image.load(buffer, "check.png")
    if back.get_size() != rendered[0].get_size():
        return False, f"media: a PNG read back as {back.get_size()}, not {rendered[0].get_size()}"
    tiles = sorted(paths.maps_dir().rglob("*.png"))
    for path in tiles:
        pygame.image.load(str(path))

    sound = io.BytesIO()
    with wave.open(sound, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(22050)
        wav.writeframes(b"".join(struct.pack("<h", (i % 50) * 400) for i in range(2205)))
    sound.seek(0)
    pygame.mixer.init(22050, -16, 1)
    try:
        clip = pygame.mixer.Sound(file=sound)
        length = clip.get_length()
        clip.play()
    finally:
        pygame.mixer.quit()
    if not 0.09 < length < 0.11:
        return False, f"media: a 0.1 s WAV decoded to {length:.3f} s"
    return True, (f"media: fonts, PNG (written, read back, {len(tiles)} tilesets) and "
                  f"sound (WAV decoded, {length:.2f} s) work")


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    results = check_systems(args.seed, args.max_actions)
    if args.client:
        try:
            results.append(check_client())
        except Exception as exc:
            results.append((False, f"client: {exc.__class__.__name__}: {exc}"))
        try:
            results.append(check_media())
        except Exception as exc:
            results.append((False, f"media: {exc.__class__.__name__}: {exc}"))
    if not args.no_process:
        try:
            results.append(check_process(args.seed))
        except Exception as exc:
            results.append((False, f"ai process: {exc.__class__.__name__}: {exc}"))
    for ok, line in results:
        print(f"{'ok  ' if ok else 'FAIL'} {line}")
    failed = sum(1 for ok, _ in results if not ok)
    print(f"selftest: {len(results) - failed}/{len(results)} checks passed")
    return 1 if failed or not results else 0

"""Entry point of the frozen build (PyInstaller runs this file as __main__), for both
executables build.spec makes: `strife-table` (windowed) and `strife-table-cli` (console).

multiprocessing.freeze_support() must run first so the AI seats' worker processes start the
worker rather than a second copy of the game.

A windowed executable on Windows has no standard streams (sys.stdout and sys.stderr are None),
and anything printed would raise; there, output goes to <user data>/logs/launcher.log instead,
so a start-up failure still leaves a trace a player can attach to a report.
"""
import multiprocessing
import sys


def _streams_for_a_windowed_start() -> None:
    if sys.stdout is not None and sys.stderr is not None:
        return
    from game import paths
    try:
        folder = paths.user_data_dir() / "logs"
        folder.mkdir(parents=True, exist_ok=True)
        log = open(folder / "launcher.log", "a", encoding="utf-8", buffering=1)
    except OSError:
        import os
        log = open(os.devnull, "w", encoding="utf-8")
    if sys.stdout is None:
        sys.stdout = log
    if sys.stderr is None:
        sys.stderr = log


if __name__ == "__main__":
    multiprocessing.freeze_support()
    _streams_for_a_windowed_start()
    from game.__main__ import main

    sys.exit(main())

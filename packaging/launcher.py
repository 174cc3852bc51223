"""Entry point of the frozen build (PyInstaller runs this file as __main__).

multiprocessing.freeze_support() must run first so the AI seats' worker processes start the
worker rather than a second copy of the game.
"""
import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from game.__main__ import main

    sys.exit(main())

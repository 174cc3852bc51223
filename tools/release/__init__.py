"""Release tools: the application icon, the licence notices, the archive and its checksums.

Run from the repository root as modules (`python -m tools.release.pack ...`); see
docs/release.md. Nothing here is imported by the game.
"""

"""The one home of Strife Table's version.

Owns: the version string of the game. pyproject.toml reads it from here (setuptools' dynamic
version), `strife-table --version` prints it, the title screen shows it, every save records it in
its header, and the release archive is named after it (tools/release).

Must not: import anything (setuptools reads this file before the game is installed, and the
engine records it in saves without pulling in the client).
"""
from __future__ import annotations

# Bumped by hand when a release is cut (docs/release.md); the tag is `v` + this string.
VERSION = "0.1.0"

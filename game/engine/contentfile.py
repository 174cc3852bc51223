"""Reading rules content files: the one place TOML content is opened and parsed.

Owns: turning a content file into a dict, or into the caller's error class with a message that
names the file and what is wrong (missing, not TOML). The shapes are then checked by
game.engine.tactics.content against each system's entry types.

Must not: know any system's schema, or execute anything (TOML is data only).
"""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any


def read_toml(path: Path, error: type[Exception]) -> dict[str, Any]:
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise error(f"{path}: missing content file") from None
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{path}: not valid TOML ({exc})") from None

"""Reading rules content files: the one place TOML content is opened and parsed.

Owns: turning a content file into a dict, or into the caller's error class with a message that
names the file and what is wrong (missing, not TOML). Each system's content.py then validates the
shape with its own schema.

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


def check_table(where: str, entry: Any, schema: dict[str, tuple[Any, Any]],
                error: type[Exception]) -> dict[str, Any]:
    """One content entry checked against `schema` (key -> (type, default); default `...` means
    required): unknown keys, missing keys and wrong types are refused, naming `where` and the key.
    Returns the entry with defaults filled in (list and dict defaults copied)."""
    if not isinstance(entry, dict):
        raise error(f"{where}: expected a table")
    unknown = sorted(set(entry) - set(schema))
    if unknown:
        raise error(f"{where}: unknown key {unknown[0]!r} (known: {', '.join(sorted(schema))})")
    out: dict[str, Any] = {}
    for key, (tp, default) in schema.items():
        if key not in entry:
            if default is ...:
                raise error(f"{where}: missing required key {key!r}")
            out[key] = type(default)(default) if isinstance(default, (list, dict)) else default
            continue
        value = entry[key]
        # TOML booleans are ints to Python; a number field must not accept true/false
        is_number = tp is int or tp == (int, float)
        if not isinstance(value, tp) or (isinstance(value, bool) and is_number):
            raise error(f"{where}: key {key!r} has the wrong type ({value!r})")
        out[key] = value
    return out

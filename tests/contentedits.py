"""Broken copies of a system's bundled content folder, for the tests that a refusal names the
file, the entry and the key (every system whose content is one TOML file per section)."""
from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game import paths


def copy_of(tmp_path: Path, system: str) -> Path:
    """A copy of the bundled content folder of `system` under `tmp_path`."""
    folder = tmp_path / system
    shutil.copytree(paths.data_dir() / system, folder)
    return folder


def broken_copy(tmp_path: Path, system: str, file: str, old: str, new: str) -> Path:
    """A copy of the bundled folder with the first `old` in `<file>.toml` replaced by `new`
    (the text must be there: a test that edits nothing would pass for the wrong reason)."""
    folder = copy_of(tmp_path, system)
    path = folder / f"{file}.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def refusal(load: Callable[[Path], Any], error: type[Exception], folder: Path,
            *words: str) -> str:
    """The message of the `error` loading `folder` raises; each of `words` must be in it."""
    with pytest.raises(error) as err:
        load(folder)
    msg = str(err.value)
    for w in words:
        assert w in msg, (w, msg)
    return msg

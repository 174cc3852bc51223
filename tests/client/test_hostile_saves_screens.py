"""Hostile files in the saves folder never lock the player out: the title screen opens, the Load
screen lists every file (the bad ones marked with why), and nothing hangs on a pipe or a device
(issue: hostile files)."""
from __future__ import annotations

import os
import time

from game import paths
from game.client.scene import reset
from game.client.scenes.load import LoadScene
from game.client.scenes.title import TitleScene
from tests.client.conftest import find_button, texts

HEAD = b'{"format": "strife-table-save", "version": 1, "system": "gems", '


def hostile_folder() -> dict[str, str]:
    """Write the hostile saves; return file name -> words its problem must contain."""
    folder = paths.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "huge_int.json").write_bytes(HEAD + b'"label": "x", "n": ' + b"7" * 5000 + b"}")
    (folder / "deep.json").write_bytes(b"[" * 1000 + b"]" * 1000)
    (folder / "long_label.json").write_bytes(HEAD + b'"label": "' + b"L" * 3_000_000 + b'"}')
    os.mkfifo(folder / "pipe.json")
    (folder / "zero.json").symlink_to("/dev/zero")
    (folder / "autosave.json").write_bytes(b"[" * 5000)
    return {"huge_int.json": "digits", "deep.json": "levels deep",
            "long_label.json": "characters", "pipe.json": "pipe", "zero.json": "device",
            "autosave.json": "levels deep"}


def test_title_and_load_screens_survive_a_folder_of_hostile_saves(app):
    expected = hostile_folder()
    t0 = time.monotonic()
    app.apply(reset(TitleScene(app)))
    app.settle()
    assert isinstance(app.top, TitleScene)
    app.click_element(find_button(app, "Load game"))
    assert isinstance(app.top, LoadScene)
    assert time.monotonic() - t0 < 20            # generous: nothing blocked on the pipe
    scene = app.top
    listed = {e.path.name: e for e in scene.entries}
    for name, words in expected.items():
        assert name in listed, name
        assert words in listed[name].problem, (name, listed[name].problem)
    assert "Cannot be read" in texts(app)


def test_the_title_screen_clears_temporary_files_of_interrupted_saves(app):
    folder = paths.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    leftovers = [folder / f".slot{i}.json.x{i}y.tmp" for i in range(3)]
    for p in leftovers:
        p.write_bytes(b"{" * 100)
        os.utime(p, (time.time() - 7200, time.time() - 7200))
    app.apply(reset(TitleScene(app)))
    app.settle()
    assert not any(p.exists() for p in leftovers)


def test_an_unreadable_autosave_disables_continue_and_says_why(app):
    folder = paths.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "autosave.json").write_bytes(b"[" * 5000)
    app.apply(reset(TitleScene(app)))
    app.settle()
    button = find_button(app, "Continue")
    assert not button.is_enabled
    assert "cannot be read" in button.tool_tip_text and "levels deep" in button.tool_tip_text

"""Autosaves: one file per match, named by its system, map and when it began; a new match (even
an AI demo) never overwrites another's; the newest few are kept; a match loaded from its
autosave goes on in the same file."""
from __future__ import annotations

import os

import pytest

from game import paths
from game.client.ui import saving
from game.client.ui.saving import (AUTOSAVE_KEPT, AutosaveWriter, autosave, autosave_label,
                                   autosave_path_for, list_saves, prune_autosaves)
from game.engine import saves
from game.engine.ai.runner import example_match
from game.engine.match import Match

pytestmark = pytest.mark.client


def _match(system: str = "gems", seed: int = 1) -> Match:
    return Match.new(example_match(system, seed, difficulties=("random", "random")))


def test_each_match_autosaves_to_its_own_file(app):
    first, second = _match("gems", 1), _match("bindings", 2)
    a = autosave_path_for(first, now=1_800_000_000)
    assert autosave(first, a) is None
    b = autosave_path_for(second, now=1_800_000_000)
    assert b != a and autosave(second, b) is None
    assert a.exists() and b.exists()                       # the second kept the first
    assert a.name.startswith("autosave-gems-") and b.name.startswith("autosave-bindings-")
    entries = {e.path.name: e for e in list_saves()}
    assert entries[a.name].autosave and entries[a.name].header["label"] == autosave_label(first)
    # the same system and map opened in the same second still gets a file of its own
    a2 = autosave_path_for(_match("gems", 3), now=1_800_000_000)
    assert a2 != a and a2.name.startswith(a.stem)


def test_only_the_newest_autosaves_are_kept(app):
    folder = paths.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    made = []
    for n in range(AUTOSAVE_KEPT + 2):
        p = folder / f"autosave-gems-x-{n}.json"
        p.write_text("{}")
        os.utime(p, (1_000 + n, 1_000 + n))
        made.append(p)
    named = folder / "evening.json"
    named.write_text("{}")
    prune_autosaves(made[0])                         # the one just written is never removed
    left = sorted(p.name for p in folder.glob("autosave*.json"))
    assert made[0].name in left and len(left) == AUTOSAVE_KEPT + 1
    assert not made[1].exists() and made[-1].exists() and named.exists()


def test_a_match_loaded_from_its_autosave_goes_on_in_it(app):
    m = _match()
    path = autosave_path_for(m)
    assert autosave(m, path) is None
    assert autosave_path_for(saves.load(path), path) == path
    named = paths.saves_dir() / "evening.json"
    saves.save(m, named)
    assert autosave_path_for(m, named).name.startswith("autosave-")   # a named save is not
    assert saving.save_path_for("autosave-x").name == "saved-autosave-x.json"


def test_the_writer_prunes_after_writing(app):
    folder = paths.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for n in range(AUTOSAVE_KEPT + 3):
        p = folder / f"autosave-old-{n}.json"
        p.write_text("{}")
        os.utime(p, (1_000 + n, 1_000 + n))
    m = _match()
    writer = AutosaveWriter(autosave_path_for(m))
    writer.write(m)
    assert writer.flush() and writer.finished() == [None]
    assert len(list(folder.glob("autosave*.json"))) == AUTOSAVE_KEPT
    assert writer.path.exists()


def test_the_load_screen_shows_map_progress_and_seats(app):
    from game.client.scene import reset
    from game.client.scenes.load import LoadScene
    from tests.client.conftest import texts
    m = _match("gems", 1)
    path = autosave_path_for(m)
    assert autosave(m, path) is None
    app.apply(reset(LoadScene(app)))
    app.settle()
    shown = texts(app)
    assert "Riverbend" in shown and "Round 1" in shown
    for seat in m.config.seats:                   # both are random bots in this match
        assert f"{seat.name} (AI, {seat.difficulty})" in shown
    scene = app.top
    assert scene.thumb_rect is not None
    assert scene.thumbnail(m.config.map, scene.thumb_rect.size) is not None
    assert scene.thumbnail("../../etc/passwd", (40, 40)) is None      # only the maps folder

"""The turn-start autosave is written off the frame (`ui.saving.AutosaveWriter`): the file holds
the match as it was when the write was asked for, never half a document, the newest of queued
writes wins, a failure comes back as a problem to show; and a match scene starts its AI seats
when it opens, not on their first turn."""
from __future__ import annotations

import json

import pytest

from game.client.scene import reset
from game.client.scenes.match_scene import MatchScene
from game.client.ui.saving import AutosaveWriter
from game.engine import saves
from game.engine.actions import EndTurn
from tests.client.test_menus import toy_match

pytestmark = pytest.mark.client


def test_the_file_holds_the_match_as_it_was_when_asked(tmp_path, toy_system):
    match = toy_match(rounds=5)
    writer = AutosaveWriter(tmp_path / "auto.json")
    writer.write(match)
    before = match.snapshot()
    match.submit(EndTurn())                   # the live match moves on while the thread writes
    assert writer.flush() and writer.idle
    assert writer.finished() == [None] and writer.finished() == []
    doc = json.loads((tmp_path / "auto.json").read_text(encoding="utf-8"))
    assert doc["snapshot"] == json.loads(json.dumps(before)) and doc["actions"] == []
    assert doc["label"] == "Autosave - Toy duel"
    assert saves.load(tmp_path / "auto.json").snapshot() == before
    assert [p.name for p in tmp_path.iterdir()] == ["auto.json"]   # no temporary file left


def test_the_writer_hands_freed_memory_back_after_writing(tmp_path, toy_system, monkeypatch):
    import threading
    from game.client.ui import saving
    asked: list[str] = []
    monkeypatch.setattr(saving, "give_back", lambda: asked.append(threading.current_thread().name))
    match = toy_match(rounds=5)
    writer = AutosaveWriter(tmp_path / "auto.json")
    writer.write(match)
    assert writer.flush()
    assert asked == ["strife-autosave"]       # once, on the writer's thread, not the frame's


def test_the_newest_write_wins(tmp_path, toy_system):
    match = toy_match(rounds=5)
    writer = AutosaveWriter(tmp_path / "auto.json")
    for _ in range(4):
        match.submit(EndTurn())
        writer.write(match)
    assert writer.flush()
    assert writer.finished() == [None] * 4    # one answer per write asked for
    assert saves.load(tmp_path / "auto.json").log == match.log


def test_a_failed_write_is_reported(tmp_path, toy_system):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the saves folder should be", encoding="utf-8")
    writer = AutosaveWriter(blocker / "auto.json")
    writer.write(toy_match())
    assert writer.flush()
    [problem] = writer.finished()
    assert problem and "could not write the save" in problem and str(blocker) in problem


class ToyTable(MatchScene):
    """The bare match scene: the machinery without any drawing."""

    ai_use_process = False

    def _turn_start_key(self):
        return (self.match.state.round, self.match.state.seat)


def test_a_match_scene_starts_its_ai_seats_when_it_opens(app, toy_system):
    scene = ToyTable(app, toy_match())       # seat 1 is an AI seat, seat 0 decides first
    app.apply(reset(scene))
    assert set(scene.ai_seats) == {1} and not scene.ai_seats[1].busy
    scene.finish_autosaves()
    assert scene.autosaves == 1               # the opening turn start was autosaved
    scene.close()
    assert scene.ai_seats == {}

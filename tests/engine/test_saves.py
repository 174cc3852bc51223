"""Saves: round trip, replay, atomic writes, and a clear SaveError (file untouched) for bad files."""
from __future__ import annotations

import json
import os

import pytest

from game.engine import saves
from game.engine.actions import EndTurn
from game.engine.match import Match
from game.engine.saves import SaveError
from tests.contract import toy


@pytest.fixture
def played(toy_match) -> Match:
    """A few turns in: steps, a forced roll with its bonus stage, a seeded roll, a peek."""
    m = toy_match
    m.submit(toy.Step(0))
    m.force_dice([6])
    m.submit(toy.RollDie(0))
    m.submit(toy.Bonus(0, False))
    m.submit(EndTurn())
    m.submit(toy.RollDie(1))
    m.submit(toy.Peek(1))
    return m


def test_save_and_load_round_trip(played, tmp_path):
    path = tmp_path / "slot1.json"
    saves.save(played, path, label="after the peek")
    loaded = saves.load(path)
    assert loaded.snapshot() == played.snapshot()
    assert loaded.log == played.log
    assert loaded.legal_actions() == played.legal_actions()
    assert loaded.decision == played.decision
    seats = [{"name": s.name, "kind": s.kind, "difficulty": s.difficulty}
             for s in played.config.seats]
    assert saves.peek(path) == {"system": toy.SYSTEM_ID, "label": "after the peek",
                                "saved_at": json.loads(path.read_text())["saved_at"],
                                "actions": len(played.log),
                                "summary": {"map": "", "seats": seats, "progress": "",
                                            "over": played.over}}


def test_peek_summary_says_map_seats_and_progress_and_survives_bad_shapes(tmp_path):
    from game.engine.ai.runner import example_match
    from game.engine.match import Match
    m = Match.new(example_match("gems", 3))
    path = tmp_path / "g.json"
    saves.save(m, path)
    got = saves.peek(path)["summary"]
    assert got["map"] == m.config.map and got["progress"] == "Round 1" and not got["over"]
    assert [s["kind"] for s in got["seats"]] == [s.kind for s in m.config.seats]
    doc = json.loads(path.read_text())
    doc["summary"] = {"map": 7, "seats": ["x", {"name": "y" * 500}] * 20, "progress": None}
    path.write_text(json.dumps(doc))
    got = saves.peek(path)["summary"]
    assert got["map"] == "" and got["progress"] == "" and len(got["seats"]) == 8
    assert all(len(s["name"]) <= 120 for s in got["seats"])
    assert saves.load(path).snapshot() == m.snapshot()   # the summary is never read to load


def test_loaded_match_plays_on_exactly_like_the_original(played, tmp_path):
    path = tmp_path / "s.json"
    saves.save(played, path)
    loaded = saves.load(path)
    for m in (played, loaded):
        m.submit(EndTurn())
        m.submit(toy.RollDie(0))          # seeded roll: the generator state must have survived
    assert loaded.snapshot() == played.snapshot()


def test_replaying_the_log_gives_the_identical_state(played):
    replay = Match.new(played.config)
    for entry in played.log:
        replay.apply_log_entry(entry)
    assert replay.snapshot() == played.snapshot()


def test_save_is_versioned_json_without_pickle(played, tmp_path):
    path = tmp_path / "s.json"
    saves.save(played, path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["format"] == saves.FORMAT and doc["version"] == saves.VERSION
    assert {"config", "actions", "snapshot"} <= set(doc)


# -- bad files ----------------------------------------------------------------------------------
def _doc(played) -> dict:
    return json.loads(json.dumps(saves.to_document(played)))


def _bad_files(played) -> dict[str, tuple[bytes, str]]:
    """name -> (file content, fragment the error message must contain)."""
    good = json.dumps(_doc(played)).encode()

    def edited(change) -> bytes:
        doc = _doc(played)
        change(doc)
        return json.dumps(doc).encode()

    def set_(*path_and_value):
        *path, value = path_and_value

        def change(doc):
            target = doc
            for key in path[:-1]:
                target = target[key]
            target[path[-1]] = value
        return change

    def drop(key):
        return lambda doc: doc.pop(key)

    return {
        "empty": (b"", "empty"),
        "whitespace": (b"  \n\t ", "empty"),
        "truncated": (good[: len(good) // 2], "not valid JSON"),
        "not_json": (b"this is my shopping list\n", "not valid JSON"),
        "binary": (bytes(range(256)) * 4, "not text"),
        "json_list": (b"[1, 2, 3]", "not a Strife Table save"),
        "foreign_json": (b'{"format": "someone-else", "version": 1}', "not a Strife Table save"),
        "newer_version": (edited(set_("version", saves.VERSION + 1)), "newer"),
        "no_version": (edited(drop("version")), "no format version"),
        "ancient_version": (edited(set_("version", 0)), "can no longer be read"),
        "missing_snapshot": (edited(drop("snapshot")), "missing its 'snapshot'"),
        "missing_actions": (edited(drop("actions")), "missing its 'actions'"),
        "edited_snapshot": (edited(set_("snapshot", "state", "positions", [99, 0])),
                            "does not reach the saved position"),
        "edited_rng": (edited(set_("snapshot", "rng", "state", 1)),
                       "does not reach the saved position"),
        "actions_not_list": (edited(set_("actions", {"a": 1})), "not a list"),
        "log_entry_not_object": (edited(set_("actions", 0, 17)), "action 1 of the log is malformed"),
        "log_entry_unknown_kind": (edited(set_("actions", 0, {"action": {"kind": "fly"}})),
                                   "action 1 of the log cannot be replayed"),
        "log_entry_illegal": (edited(set_("actions", 0, {"action": {"kind": "toy_step", "seat": 1}})),
                              "action 1 of the log cannot be replayed"),
        "log_entry_bad_force": (edited(set_("actions", 1, {"force": "six"})),
                                "action 2 of the log cannot be replayed"),
        "log_entry_force_not_list": (edited(set_("actions", 1, {"force": 6})),
                                     "action 2 of the log cannot be replayed"),
        "log_entry_force_out_of_range": (edited(set_("actions", 1, {"force": [60]})),
                                         "action 3 of the log cannot be replayed"),
        "unknown_system": (edited(set_("config", "system", "chess")), "unknown rule system"),
        "config_not_object": (edited(set_("config", 5)), "cannot be set up again"),
        "bad_seed": (edited(set_("config", "seed", "abc")), "seed must be an integer"),
        "bad_seat": (edited(set_("config", "seats", [7])), "cannot be set up again"),
        "bad_setup": (edited(set_("config", "setup", {"goal": -4})), "goal must be a positive"),
        "bad_house_rule": (edited(set_("config", "house_rules", {"bonus_on_six": 3})), "not one of"),
    }


BAD = ["empty", "whitespace", "truncated", "not_json", "binary", "json_list", "foreign_json",
       "newer_version", "no_version", "ancient_version", "missing_snapshot", "missing_actions",
       "edited_snapshot", "edited_rng", "actions_not_list", "log_entry_not_object",
       "log_entry_unknown_kind", "log_entry_illegal", "log_entry_bad_force",
       "log_entry_force_not_list", "log_entry_force_out_of_range", "unknown_system",
       "config_not_object", "bad_seed", "bad_seat", "bad_setup", "bad_house_rule"]


@pytest.mark.parametrize("name", BAD)
def test_bad_file_gives_a_save_error_naming_file_and_problem_and_stays_untouched(played, tmp_path,
                                                                                 name):
    content, fragment = _bad_files(played)[name]
    path = tmp_path / f"{name}.json"
    path.write_bytes(content)
    with pytest.raises(SaveError) as err:
        saves.load(path)
    message = str(err.value)
    assert str(path) in message and err.value.path == str(path)
    assert fragment in message, message
    assert path.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{name}.json"]


def test_every_bad_file_case_is_run(played):
    assert sorted(BAD) == sorted(_bad_files(played))


def test_missing_file_is_a_save_error(tmp_path):
    with pytest.raises(SaveError, match="does not exist"):
        saves.load(tmp_path / "nope.json")


def test_peek_refuses_garbage_with_the_file_name(tmp_path):
    path = tmp_path / "junk.json"
    path.write_bytes(b"\x00\x01garbage")
    with pytest.raises(SaveError, match="junk.json"):
        saves.peek(path)


# -- atomic writes ------------------------------------------------------------------------------
def test_failed_write_leaves_the_old_save_and_no_temporary_file(played, tmp_path, monkeypatch):
    path = tmp_path / "slot.json"
    path.write_text("the old save", encoding="utf-8")

    def boom(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(SaveError) as err:
        saves.save(played, path)
    assert "slot.json" in str(err.value) and "No space left" in str(err.value)
    assert path.read_text(encoding="utf-8") == "the old save"
    assert [p.name for p in tmp_path.iterdir()] == ["slot.json"]


def test_failed_rename_leaves_no_partial_file(played, tmp_path, monkeypatch):
    path = tmp_path / "new.json"

    def boom(src, dst):
        raise OSError(13, "Permission denied")
    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(SaveError):
        saves.save(played, path)
    assert list(tmp_path.iterdir()) == []


def test_interrupted_write_leaves_no_partial_file(played, tmp_path, monkeypatch):
    # A crash half-way through writing (here: the write itself raises after part of the text).
    path = tmp_path / "slot.json"
    path.write_text("old", encoding="utf-8")
    real_fdopen = os.fdopen

    class HalfWriter:
        def __init__(self, fh):
            self.fh = fh

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.fh.close()

        def write(self, text):
            self.fh.write(text[: len(text) // 2])
            raise KeyboardInterrupt

        def __getattr__(self, name):
            return getattr(self.fh, name)

    monkeypatch.setattr(os, "fdopen", lambda fd, *a, **k: HalfWriter(real_fdopen(fd, *a, **k)))
    with pytest.raises(KeyboardInterrupt):
        saves.save(played, path)
    assert path.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["slot.json"]


def test_successful_save_replaces_the_old_file_whole(played, tmp_path):
    path = tmp_path / "deep" / "er" / "slot.json"
    saves.save(played, path)
    saves.save(played, path, label="second")
    assert json.loads(path.read_text())["label"] == "second"
    assert [p.name for p in path.parent.iterdir()] == ["slot.json"]


def test_a_loaded_match_keeps_the_events_of_its_replayed_log(played, tmp_path):
    assert played.history[0] == played.initial_events[0]          # set-up first
    rolls = [e for e in played.history if e.kind == "dice_rolled"]
    assert len(rolls) == 2                                          # the forced 6 and the seeded roll
    path = tmp_path / "mid.json"
    saves.save(played, path)
    loaded = saves.load(path)
    assert loaded.history == played.history                        # not just the set-up
    assert [e for e in loaded.history if e.kind == "dice_rolled"] == rolls

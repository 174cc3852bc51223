"""Saves built to hurt the loader (issue: hostile files): each is refused quickly with a message
naming the file, `peek` (what the Load screen lists) never raises anything but SaveError, and
temporary files left by interrupted writes are cleared."""
from __future__ import annotations

import json
import os
import threading
import time

import pytest

from game.engine import saves
from game.engine.ai.runner import example_match
from game.engine.match import Match

GOOD_HEAD = '{"format": "strife-table-save", "version": 1, "system": "gems", '


def good_document() -> dict:
    m = Match.new(example_match("gemwielders", 2, difficulties=("random", "random")))
    return saves.to_document(m, "a save")


def refused(path, words: str) -> None:
    before = path.read_bytes() if path.is_file() else None
    for reader in (saves.load, saves.peek):
        t0 = time.monotonic()
        with pytest.raises(saves.SaveError) as got:
            reader(path)
        assert time.monotonic() - t0 < 2.0
        assert str(path) in str(got.value) and words in got.value.problem, got.value.problem
    if before is not None:
        assert path.read_bytes() == before


@pytest.mark.parametrize("text, words", [
    (GOOD_HEAD + '"n": ' + "7" * 5000 + "}", "digits"),
    ("[" * 1000 + "]" * 1000, "levels deep"),
    ('{"a": ' * 1000 + "1" + "}" * 1000, "levels deep"),
    (GOOD_HEAD + '"label": "' + "L" * 10_000_000 + '"}', "characters"),
])
def test_files_that_break_a_limit_are_refused(tmp_path, text, words):
    p = tmp_path / "bad.json"
    p.write_text(text, encoding="utf-8")
    refused(p, words)


@pytest.mark.parametrize("count, words", [(1_000_000, "1,000,000 entries"),
                                           (100_000, "at most 1000 at a time")])
def test_huge_forced_dice_are_refused_before_replaying(tmp_path, count, words):
    doc = good_document()
    doc["actions"] = [{"force": [1] * count}]
    p = tmp_path / "dice.json"
    p.write_text(json.dumps(doc), encoding="utf-8")
    t0 = time.monotonic()
    with pytest.raises(saves.SaveError, match=words):
        saves.load(p)
    assert time.monotonic() - t0 < 2.0


def test_many_small_forced_entries_are_capped_too(tmp_path):
    doc = good_document()
    doc["actions"] = [{"force": [1] * 1000}] * 11
    p = tmp_path / "dice.json"
    p.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(saves.SaveError, match="more than 10,000 dice"):
        saves.load(p)


def test_a_pipe_named_like_a_save_does_not_block(tmp_path):
    p = tmp_path / "pipe.json"
    os.mkfifo(p)
    got: list = []

    def peek():
        try:
            saves.peek(p)
        except saves.SaveError as exc:
            got.append(exc.problem)
    t = threading.Thread(target=peek, daemon=True)
    t.start()
    t.join(3)
    assert not t.is_alive() and "pipe" in got[0]


@pytest.mark.parametrize("target, words", [("/dev/zero", "device"), (None, "cannot be read")])
def test_links_to_devices_or_to_themselves_are_refused(tmp_path, target, words):
    p = tmp_path / "link.json"
    p.symlink_to(target or p)
    refused(p, words)


def test_peek_cuts_a_long_label_to_what_a_list_shows(tmp_path):
    doc = good_document()
    doc["label"] = "x" * 50_000
    p = tmp_path / "long.json"
    p.write_text(json.dumps(doc), encoding="utf-8")
    assert len(saves.peek(p)["label"]) == saves.LABEL_SHOWN


def test_stale_temporary_files_are_removed_and_fresh_ones_kept(tmp_path):
    stale = tmp_path / ".slot1.json.abc123.tmp"
    fresh = tmp_path / ".slot2.json.def456.tmp"
    keep = tmp_path / "slot1.json"
    for p in (stale, fresh, keep):
        p.write_text("{}")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    assert saves.clean_temporary(tmp_path) == [stale]
    assert not stale.exists() and fresh.exists() and keep.exists()

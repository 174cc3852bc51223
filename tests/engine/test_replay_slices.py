"""A save replayed a slice at a time (`saves.Replay`, the client's loading screen) reaches the very
match a load at once does, reports its progress, and refuses what `load` refuses."""
from __future__ import annotations

import json

import pytest

from game.engine import saves
from game.engine.actions import EndTurn
from game.engine.ai.base import make_bot
from game.engine.ai.runner import ask_bot, example_match
from game.engine.match import Match
from game.engine.saves import SaveError
from tests.contract import toy


@pytest.fixture
def document(toy_match) -> dict:
    m = toy_match
    m.submit(toy.Step(0))
    m.force_dice([6])
    m.submit(toy.RollDie(0))
    m.submit(toy.Bonus(0, False))
    m.submit(EndTurn())
    m.submit(toy.RollDie(1))
    return json.loads(json.dumps(saves.to_document(m)))


def test_a_replay_in_slices_reaches_the_same_match(document):
    whole = saves.from_document(document)
    replay = saves.Replay(document)
    progress = [replay.done]
    while not replay.step(0.0):                # each slice replays at least one entry
        progress.append(replay.done)
    assert progress == list(range(len(progress))) and replay.done == replay.total
    assert replay.match.snapshot() == whole.snapshot()
    assert replay.match.log == whole.log
    assert [e.to_json() for e in replay.match.history] == [e.to_json() for e in whole.history]
    assert replay.step(0.0)                     # finished stays finished


def test_the_match_is_not_handed_out_before_the_replay_ends(document):
    replay = saves.Replay(document)
    replay.step(0.0)
    with pytest.raises(RuntimeError):
        replay.match


def test_a_slice_refuses_an_illegal_entry_and_a_wrong_snapshot(document):
    bad = json.loads(json.dumps(document))
    bad["actions"][0] = {"action": {"kind": "end_turn", "nonsense": 1}}
    replay = saves.Replay(bad, "edited.json")
    with pytest.raises(SaveError) as err:
        while not replay.step(0.0):
            pass
    assert err.value.path == "edited.json" and "action 1 of the log" in err.value.problem
    moved = json.loads(json.dumps(document))
    moved["snapshot"]["rng"] = saves.Replay(document).step(None) and {"edited": True}
    with pytest.raises(SaveError, match="does not reach the saved position"):
        saves.Replay(moved, "moved.json").step(None)


@pytest.mark.parametrize("system_id", ["gems", "bindings", "gemwielders"])
def test_real_systems_load_the_same_in_slices(system_id):
    m = Match.new(example_match(system_id, 3, difficulties=("random", "random")))
    bot = make_bot(system_id, "random")
    while not m.over and len(m.log) < 60:
        m.submit(ask_bot(m, bot, m.decision.seat))
    doc = json.loads(json.dumps(saves.to_document(m)))
    replay = saves.Replay(doc)
    while not replay.step(0.001):
        pass
    assert replay.match.snapshot() == saves.from_document(doc).snapshot()

"""The generic series record (game/engine/series.py): its order (battle, record, rest, next
battle), its file (atomic, read within safeio's limits, named errors) and a system without the
hooks offering none. The carrier here is rpgstuck, the one system with series hooks; what it
carries is tested in tests/rpgstuck/test_series_carry.py."""
from __future__ import annotations

import json

import pytest

from game.engine.actions import Concede
from game.engine.carry import SeriesError
from game.engine.rules import ConfigError
from game.engine.saves import SaveError
from game.engine.series import Series
from tests.contract import toy
from tests.rpgstuck.engine_helpers import battle

PARTY = [("psion", "psion", 0, 1, 1), ("knight", "knight", 0, 1, 3), ("imp", "imp", 1, 8, 1)]


def finish(s: Series) -> None:
    m = s.match
    while not m.over:
        if m.decision.seat == 1:
            m.submit(Concede(1))
        else:
            m.submit(next(a for a in m.legal_actions() if a.kind == "end_turn"))
    s.finish_battle()


def test_a_system_without_the_hooks_offers_no_series(toy_system):
    assert not toy_system.offers_series
    with pytest.raises(ConfigError, match="no series"):
        Series.start(toy.MatchConfig(toy.SYSTEM_ID, 7, setup={"goal": 12, "secrets": [2, 5]}))


def test_the_order_of_a_series():
    s = Series.start(battle(PARTY).config)
    assert s.rest_options() == []                     # nothing to rest from yet
    with pytest.raises(SeriesError):
        s.rest("short")
    with pytest.raises(SeriesError):
        s.finish_battle()                             # no battle fought
    s.next_battle()
    with pytest.raises(SeriesError, match="still being fought"):
        s.next_battle()
    assert s.rest_options() == []                     # not in the middle of a battle
    finish(s)
    assert s.battles == [{"map": "", "winner": 0, "seconds": 6}]
    assert s.clock == 6
    with pytest.raises(SeriesError, match="no 'nap' rest"):
        s.rest("nap")
    out = s.rest("short", {})
    assert s.rests == [{"after": 1, "kind": "short", "start": 6, "seconds": out.seconds,
                        "lines": list(out.lines)}]
    with pytest.raises(ConfigError, match="same rules"):
        s.next_battle(toy.MatchConfig("gems"))


def test_a_series_is_saved_and_loaded_with_its_battle_in_progress(tmp_path):
    s = Series.start(battle(PARTY).config, label="Crypt run")
    s.next_battle()
    s.match.state.creatures["psion"].hp = 9
    s.match.edited()
    finish(s)
    s.rng.force([2])
    s.rest("short", {"dice": {"psion": 1}})
    m = s.next_battle()
    m.submit(next(a for a in m.legal_actions() if a.kind == "end_turn"))
    path = tmp_path / "run.json"
    s.save(path)
    assert not list(tmp_path.glob(".*.tmp"))          # written atomically
    back = Series.load(path)
    assert back.to_document() | {"saved_at": ""} == s.to_document() | {"saved_at": ""}
    assert back.match.snapshot() == m.snapshot()
    assert back.match.state.creatures["psion"].hp == 9 + 2 + 1
    assert back.label == "Crypt run"
    finish(back)
    assert len(back.battles) == 2


def test_a_damaged_or_foreign_file_is_refused_by_name(tmp_path):
    s = Series.start(battle(PARTY).config)
    s.next_battle()
    finish(s)
    doc = s.to_document()
    path = tmp_path / "s.json"
    for broken, words in [({**doc, "format": "strife-table-save"}, "not a Strife Table series"),
                          ({**doc, "version": 99}, "cannot be read"),
                          ({**doc, "clock": -5}, "damaged"),
                          ({**doc, "battles": "many"}, "damaged"),
                          ({k: v for k, v in doc.items() if k != "rng"}, "damaged")]:
        path.write_text(json.dumps(broken))
        with pytest.raises(SaveError, match=words) as err:
            Series.load(path)
        assert str(path) in str(err.value)
    path.write_text("[" * 5000)
    with pytest.raises(SaveError):
        Series.load(path)
    with pytest.raises(SaveError, match="does not exist"):
        Series.load(tmp_path / "missing.json")

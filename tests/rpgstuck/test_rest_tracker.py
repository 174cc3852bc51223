"""The initiative tracker shows a rider and its mount as one slot (RS-131, RS-B-17): the mount
acts right after its rider in the engine's order, and the tracker draws the pair once, lit while
either of them acts."""

from __future__ import annotations

import pytest

from game.client.systems.rpgstuck.presenter import RpgStuckPresenter
from game.engine.actions import EndTurn
from game.engine.systems.rpgstuck.actions import Mount
from tests.rpgstuck.engine_helpers import battle


def knight_and_horse():
    return battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 8, 4),
                   ("horse", "warhorse", 0, 2, 1)], rows=["." * 10] * 7)


@pytest.mark.rule("RS-131", "RS-B-17")
def test_a_rider_and_its_mount_share_one_tracker_slot_lit_on_either_turn():
    m = knight_and_horse()
    p = RpgStuckPresenter(m)
    assert [e.id for e in p.initiative()[0]] == ["knight", "imp", "horse"]
    m.submit(Mount("knight", "horse"))
    assert m.state.order == ["knight", "horse", "imp"]
    entries = p.initiative()[0]
    assert [e.id for e in entries] == ["knight", "imp"]
    assert entries[0].name.endswith("on " + p.unit_name("horse")) and entries[0].current
    m.submit(EndTurn())
    assert m.state.acting.id == "horse"
    entries = p.initiative()[0]
    assert [e.id for e in entries] == ["knight", "imp"] and entries[0].current
    assert not entries[1].current

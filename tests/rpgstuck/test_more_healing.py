"""Healing (RS-01, B-16): never above max, and above 0 HP it ends Unconscious."""
from __future__ import annotations

import pytest

from game.engine.systems.rpgstuck import turns
from game.engine.systems.rpgstuck.events import ConditionChanged, Healed
from tests.rpgstuck.engine_helpers import battle, of


@pytest.mark.rule("RS-B-16", "RS-01", "RS-03")
def test_healing_above_0_ends_unconscious_but_not_prone():
    m = battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 5, 5)])
    knight = m.state.creatures["knight"]
    turns.lose_hp(m.state, knight, knight.hp, "test")
    assert knight.status == "unconscious"
    events = turns.heal(m.state, knight, 5, "potion")
    m.edited()
    assert knight.status == "up" and knight.hp == 5 and knight.has("prone")
    assert of(events, Healed)[0].amount == 5
    assert of(events, ConditionChanged)[0].condition == "unconscious"


@pytest.mark.rule("RS-01")
def test_healing_stops_at_max_and_never_wakes_the_dead():
    m = battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 5, 5)])
    knight = m.state.creatures["knight"]
    knight.hp = knight.max_hp - 2
    assert of(turns.heal(m.state, knight, 10, "potion"), Healed)[0].amount == 2
    assert knight.hp == knight.max_hp
    turns.kill(m.state, knight, "test")
    assert turns.heal(m.state, knight, 10, "potion") == [] and knight.status == "dead"

"""House-rule tables: defaults, a match's own choice, and unknown ids failing loudly."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from game.engine.rules import HouseRule
from game.engine.tactics.house import HouseTable, UnknownHouseRule

RULES = (HouseRule("tie_hits", "Ties hit", "T-GM-01", False, ((False, "no"), (True, "yes"))),
         HouseRule("rounds", "Rounds", "T-GM-02", 10, ((5, "5"), (10, "10"))))


def test_defaults_come_from_the_rules_and_a_matchs_choice_wins():
    table = HouseTable(RULES)
    assert table.defaults == {"tie_hits": False, "rounds": 10}
    state = SimpleNamespace(house={"rounds": 5})
    assert table.read(state, "rounds") == 5
    assert table.read(state, "tie_hits") is False       # a save that predates the rule
    assert table.rule("tie_hits").rule == "T-GM-01"


def test_an_unknown_id_fails_loudly_even_when_the_state_holds_it():
    table = HouseTable(RULES)
    state = SimpleNamespace(house={"typo": 1})
    with pytest.raises(UnknownHouseRule):
        table.read(state, "typo")
    with pytest.raises(KeyError):
        table.rule("typo")


def test_a_rule_declared_twice_is_refused():
    with pytest.raises(ValueError, match="twice"):
        HouseTable(RULES + RULES[:1])


def test_every_system_reads_its_house_rules_through_one_table():
    from game.engine.systems.bindings import house as bnd
    from game.engine.systems.gems import house as gems
    from game.engine.systems.gemwielders import house as gw
    for mod in (gems, bnd, gw):
        assert isinstance(mod.HOUSE, HouseTable)
        assert mod.house == mod.HOUSE.read
        assert set(mod.HOUSE.defaults) == {h.id for h in mod.HOUSE_RULES}

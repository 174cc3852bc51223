"""RPGStuck content reaching a match: a set-up's inline `content` table adds or changes
creatures and abilitechs for that match only, and a broken one is refused at set-up naming the
entry and the key."""
from __future__ import annotations

import pytest

from game.engine.rng import Rng
from game.engine.rules import ConfigError, MatchConfig
from game.engine.systems.rpgstuck import RPGSTUCK
from game.engine.systems.rpgstuck.content import content
from game.engine.systems.rpgstuck.system import example_setup


def setup_with(inline: dict) -> dict:
    s = example_setup()
    s["content"] = inline
    return s


def test_an_inline_creature_and_abilitech_take_the_field():
    s = setup_with({
        "abilitechs": {"goblin_stab": {"name": "Stab", "action": "major", "to_hit": 3,
                                       "vs": "ac", "reach_ft": 5, "dmg": "1d6+1"}},
        "creatures": {"goblin": {"name": "Goblin", "kind": "monster", "size": "small",
                                 "tier": 1, "cr": 1, "hp": 12, "ac": 13, "reflex": 13,
                                 "will": 10, "damage": {"base": "1d6", "mod": 1},
                                 "scores": {"STR": 8, "DEX": 14, "CON": 10, "INT": 10,
                                            "WIS": 8, "CHA": 8},
                                 "actions": ["goblin_stab"]},
                      "imp": {"hp": 30}}})
    s["creatures"][2]["entry"] = "goblin"
    state, _ = RPGSTUCK.setup(MatchConfig("rpgstuck", seed=3, setup=s), Rng(3))
    assert state.creatures["imp_a"].hp == 12             # the goblin stands where imp_a was
    assert state.creatures["imp_b"].hp == 30             # the changed imp
    assert content().creatures["imp"].hp == 16           # the shipped set is untouched


def test_a_broken_inline_table_is_refused_at_set_up():
    s = setup_with({"creatures": {"imp": {"hp": "many"}}})
    with pytest.raises(ConfigError, match=r"\[creatures\.imp\]: key 'hp'"):
        RPGSTUCK.setup(MatchConfig("rpgstuck", seed=3, setup=s), Rng(3))

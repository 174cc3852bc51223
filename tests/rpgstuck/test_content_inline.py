"""RPGStuck content laid over by a match's inline table (a scenario's or a set-up's `content`):
creatures, abilitechs and Steps can be added or changed, each checked as a file's entry would
be, and the shipped set is never touched."""
from __future__ import annotations

import pytest

from game.engine.systems.rpgstuck import content as C
from game.engine.systems.rpgstuck.content import ContentError, content, with_inline


def test_no_inline_table_is_the_shipped_set():
    assert with_inline(None) is content()
    assert with_inline({}) is content()


def test_a_known_creature_keeps_what_the_table_does_not_name():
    c = with_inline({"creatures": {"ogre": {"hp": 50}}})
    assert c.creatures["ogre"].hp == 50
    assert c.creatures["ogre"].ac == 13 and c.creatures["ogre"].actions == \
        content().creatures["ogre"].actions
    assert content().creatures["ogre"].hp == 45            # the shipped set is untouched


@pytest.mark.rule("RS-B-02", "RS-B-07")
def test_a_pc_at_another_level_gets_its_tier_and_defences_again():
    c = with_inline({"creatures": {"knight": {"level": 5}}})
    k = c.creatures["knight"]
    assert (k.level, k.tier) == (5, 2)
    assert (k.ac, k.reflex, k.will) == (15, 15, 14)        # P 3 instead of 2


def test_a_new_creature_and_abilitech():
    c = with_inline({
        "abilitechs": {"goblin_stab": {"name": "Stab", "action": "major", "to_hit": 3,
                                       "vs": "ac", "reach_ft": 5, "dmg": "1d6+1"}},
        "creatures": {"goblin": {"name": "Goblin", "kind": "monster", "size": "small",
                                 "tier": 1, "cr": 1, "hp": 12, "ac": 13, "reflex": 13,
                                 "will": 10, "damage": {"base": "1d6", "mod": 1},
                                 "scores": {"STR": 8, "DEX": 14, "CON": 10, "INT": 10,
                                            "WIS": 8, "CHA": 8},
                                 "actions": ["goblin_stab"]}}})
    g = c.creatures["goblin"]
    assert (g.hp, g.dc, g.footprint) == (12, 12, 1)          # DC from B-09
    assert C.known_actions("goblin", c)[0] == "goblin_stab"
    assert "goblin" not in content().creatures


def test_the_same_table_is_built_once():
    table = {"creatures": {"imp": {"hp": 20}}}
    assert with_inline(table) is with_inline({"creatures": {"imp": {"hp": 20}}})


def test_a_change_to_a_step():
    c = with_inline({"steps": {"defensive_stance": {"block_steps": 2}}})
    assert c.steps["defensive_stance"].block_steps == 2


def test_refusals_name_the_entry_and_the_key():
    with pytest.raises(ContentError, match=r"content \[creatures\.ogre\]: key 'hp' has the wrong"):
        with_inline({"creatures": {"ogre": {"hp": "lots"}}})
    with pytest.raises(ContentError, match=r"content \[creatures\.imp\]: key 'actions'.*'kick'"):
        with_inline({"creatures": {"imp": {"actions": ["kick"]}}})
    with pytest.raises(ContentError, match=r"content \[abilitechs\.new\]: missing required key"):
        with_inline({"abilitechs": {"new": {"name": "New"}}})
    with pytest.raises(ContentError, match=r"unknown section 'parties'"):
        with_inline({"parties": {}})
    with pytest.raises(ContentError, match=r"snake_case"):
        with_inline({"creatures": {"Big Imp": {}}})

"""Gu Masters content: every kind of broken entry is refused with a ContentError naming the file,
the entry and the key; dangling ids between files are refused too."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.systems.gu_masters.content import ContentError, load_content, with_inline
from tests.contentedits import broken_copy, copy_of, refusal


def broken(tmp_path: Path, file: str, old: str, new: str) -> Path:
    return broken_copy(tmp_path, "gu_masters", file, old, new)


def refused(folder: Path, *words: str) -> str:
    return refusal(load_content, ContentError, folder, *words)


def test_a_copy_of_the_bundled_folder_loads(tmp_path):
    assert load_content(copy_of(tmp_path, "gu_masters")) == load_content()


@pytest.mark.rule("GU-X-08")
def test_unknown_key(tmp_path):
    f = broken(tmp_path, "gu", 'name = "Moonlight Gu"\n', 'name = "Moonlight Gu"\nglow = 2\n')
    refused(f, "gu.toml", "[gu.moonlight]", "unknown key 'glow'")


@pytest.mark.rule("GU-X-08")
def test_wrong_type(tmp_path):
    f = broken(tmp_path, "gu", 'name = "Moonlight Gu"\nrank = 1\n',
               'name = "Moonlight Gu"\nrank = "1"\n')
    refused(f, "gu.toml", "[gu.moonlight]", "'rank'", "wrong type")


@pytest.mark.rule("GU-X-08", "GU-95")
def test_unknown_damage_type_in_an_effect(tmp_path):
    f = broken(tmp_path, "gu", 'amount = 8, type = "rending"', 'amount = 8, type = "lunar"')
    refused(f, "gu.toml", "[gu.moonlight]", "effects[0].damage.type", "'lunar'")


@pytest.mark.rule("GU-X-08")
def test_an_effect_needs_exactly_one_verb(tmp_path):
    f = broken(tmp_path, "gu", "effects = [{ heal = { amount = 8 } }]",
               "effects = [{ heal = { amount = 8 }, push = { meters = 1 } }]")
    refused(f, "[gu.spring_water]", "effects[0]", "exactly one verb")


@pytest.mark.rule("GU-X-08")
def test_unknown_key_inside_a_verb(tmp_path):
    f = broken(tmp_path, "gu", "{ heal = { amount = 8 } }", "{ heal = { amount = 8, over = 1 } }")
    refused(f, "gu.toml", "[gu.spring_water]", "'over'")


@pytest.mark.rule("GU-X-08", "GU-GM-47")
def test_upkeep_needs_the_sustained_keyword(tmp_path):
    f = broken(tmp_path, "gu", 'upkeep = 1\nkeywords = ["sustained"]\neffects = [{ dr',
               'upkeep = 1\neffects = [{ dr')
    refused(f, "[gu.metal_skin]", "'upkeep'")


@pytest.mark.rule("GU-X-10")
def test_killer_move_component_must_exist(tmp_path):
    f = broken(tmp_path, "killer_moves", "moonlight = 2, fire_pellet = 2",
               "moonlight = 2, ice_pellet = 2")
    refused(f, "killer_moves.toml", "[killer_moves.burning_moon_volley]", "'components'",
            "'ice_pellet'")


@pytest.mark.rule("GU-X-10", "GU-47")
def test_killer_move_cost_must_be_its_components(tmp_path):
    f = broken(tmp_path, "killer_moves", "activations = 4\nessence = 8\n",
               "activations = 4\nessence = 6\n")
    refused(f, "[killer_moves.burning_moon_volley]", "'essence'", "cost 8")
    f2 = broken(tmp_path / "b", "killer_moves", "activations = 4\nessence = 8\n",
                "activations = 3\nessence = 8\n")
    refused(f2, "[killer_moves.burning_moon_volley]", "'activations'", "make 4")


@pytest.mark.rule("GU-47")
def test_a_creature_must_carry_the_gu_of_its_killer_moves(tmp_path):
    f = broken(tmp_path, "creatures", 'gu = ["moonlight", "fire_pellet", "jelly_bubble"',
               'gu = ["moonlight", "jelly_bubble"')
    refused(f, "creatures.toml", "[creatures.moon_captain]", "'killer_moves'", "'fire_pellet'")


@pytest.mark.rule("GU-X-12", "GU-52")
def test_weapons_must_fit_the_hands(tmp_path):
    f = broken(tmp_path, "creatures", 'weapons = ["sword", "dagger"]',
               'weapons = ["sword", "greatsword"]')
    refused(f, "[creatures.moon_captain]", "'weapons'", "3 hands")


@pytest.mark.rule("GU-X-02")
def test_every_attribute_is_given(tmp_path):
    f = broken(tmp_path, "creatures", "cognition = 50, activations = 2 }",
               "activations = 2 }")
    refused(f, "[creatures.gu_master_r1]", "'attributes'", "missing cognition")


@pytest.mark.rule("GU-X-11")
def test_unknown_size(tmp_path):
    f = broken(tmp_path, "creatures", 'size = "large"', 'size = "colossal"')
    refused(f, "[creatures.boar]", "'size'", "'colossal'")


@pytest.mark.rule("GU-X-11", "GU-59")
def test_body_plan_must_exist(tmp_path):
    f = broken(tmp_path, "creatures", 'body = "quadruped"', 'body = "centaur"')
    refused(f, "creatures.toml", "'body'", "'centaur'")


def test_side_member_and_encounter_side_must_exist(tmp_path):
    f = broken(tmp_path, "sides", '{ creature = "stone_ape" }', '{ creature = "stone_yeti" }')
    refused(f, "sides.toml", "[sides.cliff_beasts]", "'stone_yeti'")
    f2 = broken(tmp_path / "b", "encounters", 'sides = ["moon_orchid", "iron_bone"]',
                'sides = ["moon_orchid", "iron_bones"]')
    refused(f2, "encounters.toml", "[encounters.cliff_feud]", "'iron_bones'")


@pytest.mark.rule("GU-X-01")
def test_inline_content_is_checked_like_a_file():
    got = with_inline({"creatures": {"gu_master_r1": {"skills": {"close_combat": 60}}}})
    assert got.creatures["gu_master_r1"].skills == {"close_combat": 60}
    assert got.creatures["gu_master_r1"].gu == ("moonlight", "stone_shell", "metal_skin",
                                                 "wind_wings")
    with pytest.raises(ContentError, match=r"\[creatures.gu_master_r1\].*'skills'"):
        with_inline({"creatures": {"gu_master_r1": {"skills": {"stealth": 60}}}})
    with pytest.raises(ContentError, match="unknown section"):
        with_inline({"maps": {}})

"""RPGStuck content: every kind of broken file is refused with a message naming the file, the
entry and the key, and the cross-checks between files hold (actions, Steps, anatomy kinds,
party members and encounter creatures exist)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.engine.systems.rpgstuck.content import ContentError, load_content
from tests.contentedits import broken_copy, copy_of, refusal


def broken(tmp_path: Path, file: str, old: str, new: str) -> Path:
    return broken_copy(tmp_path, "rpgstuck", file, old, new)


def refused(folder: Path, *words: str) -> str:
    return refusal(load_content, ContentError, folder, *words)


def test_bundled_folder_loads_from_a_copy(tmp_path):
    assert load_content(copy_of(tmp_path, "rpgstuck")) == load_content()


def test_unknown_key(tmp_path):
    f = broken(tmp_path, "creatures", 'name = "Imp"\n', 'name = "Imp"\nwings = 2\n')
    refused(f, "creatures.toml", "[creatures.imp]", "unknown key 'wings'")


def test_missing_key(tmp_path):
    f = broken(tmp_path, "abilitechs", 'name = "Fang Bite"\naction = "major"\n',
               'name = "Fang Bite"\n')
    refused(f, "abilitechs.toml", "[abilitechs.fang_bite]", "'action'")


def test_wrong_type(tmp_path):
    f = broken(tmp_path, "creatures", "hp = 45\n", 'hp = "45"\n')
    refused(f, "creatures.toml", "[creatures.ogre]", "'hp'", "wrong type")


def test_wrong_type_in_a_nested_table(tmp_path):
    f = broken(tmp_path, "creatures", "speed = { walk = 35, climb = 20 }",
               'speed = { walk = 35, climb = "fast" }')
    refused(f, "[creatures.basilisk]", "'speed'")


def test_unknown_enum_value(tmp_path):
    f = broken(tmp_path, "creatures", 'size = "huge"\ntier = 3', 'size = "colossal"\ntier = 3')
    refused(f, "[creatures.titachnid]", "'size'", "'colossal'")


@pytest.mark.rule("RS-B-01")
def test_score_out_of_range(tmp_path):
    f = broken(tmp_path, "creatures", "STR = 22", "STR = 31")
    refused(f, "[creatures.titachnid]", "scores.STR", "1..30")


def test_a_score_missing(tmp_path):
    f = broken(tmp_path, "creatures", "{ STR = 10, DEX = 14, CON = 12, INT = 8, WIS = 10, CHA = 8 }",
               "{ STR = 10, DEX = 14, CON = 12, INT = 8, WIS = 10 }")
    refused(f, "[creatures.imp]", "'scores'", "CHA")


@pytest.mark.rule("RS-88")
def test_cr_out_of_range(tmp_path):
    f = broken(tmp_path, "creatures", "cr = 3\n", "cr = 5\n")
    refused(f, "[creatures.giclops]", "'cr'", "1..4")


@pytest.mark.rule("RS-B-02")
def test_a_pc_may_not_give_its_tier(tmp_path):
    f = broken(tmp_path, "creatures", 'kind = "pc"\nlevel = 1\n', 'kind = "pc"\nlevel = 1\ntier = 2\n')
    refused(f, "[creatures.knight]", "'tier'", "B-02")


def test_a_monster_needs_every_defence(tmp_path):
    f = broken(tmp_path, "creatures", "reflex = 11\nwill = 12\n", "will = 12\n")
    refused(f, "[creatures.giclops]", "'reflex'")


def test_a_bad_distance(tmp_path):
    f = broken(tmp_path, "abilitechs", "range_ft = 30\ndmg = \"1d4+3\"",
               "range_ft = 32\ndmg = \"1d4+3\"")
    refused(f, "[abilitechs.stony_glare]", "'range_ft'", "multiple of 5")


def test_an_aim_die_off_the_ladder(tmp_path):
    f = broken(tmp_path, "abilitechs", "aim_die = 4", "aim_die = 5")
    refused(f, "[abilitechs.aim]", "'aim_die'")


def test_a_use_count_without_a_period(tmp_path):
    f = broken(tmp_path, "abilitechs", 'uses = { per = "short_rest", count = 1 }',
               "uses = { count = 1 }")
    refused(f, "[abilitechs.psi_pulse]", "'uses'")


def test_an_attack_with_both_to_hit_and_stat(tmp_path):
    f = broken(tmp_path, "abilitechs", "to_hit = 10\nvs = \"ac\"", "to_hit = 10\nstat = \"STR\"\nvs = \"ac\"")
    refused(f, "[abilitechs.fang_bite]", "'to_hit'")


def test_an_unknown_anatomy_effect(tmp_path):
    f = broken(tmp_path, "anatomy", 'effect = "daze"', 'effect = "explode"')
    refused(f, "anatomy.toml", "[anatomy.vitals]", "'effect'", "'explode'")


def test_an_unknown_step_condition(tmp_path):
    f = broken(tmp_path, "steps", 'when = "marked_target"', 'when = "sometimes"')
    refused(f, "steps.toml", "[steps.trace]", "'when'")


def test_an_encounter_slot_out_of_range(tmp_path):
    f = broken(tmp_path, "encounters", '{ creature = "harpy", slot = 2 }',
               '{ creature = "harpy", slot = 6 }')
    refused(f, "encounters.toml", "[encounters.crypt_swarm]", "slot")


def test_ids_are_snake_case(tmp_path):
    f = broken(tmp_path, "steps", "[steps.trace]", "[steps.Trace]")
    refused(f, "steps.toml", "[steps.Trace]", "snake_case")


# -- cross-checks -------------------------------------------------------------------------------
def test_an_action_that_does_not_exist(tmp_path):
    f = broken(tmp_path, "creatures", '"imp_claw", "imp_pounce"', '"imp_claw", "imp_leap"')
    refused(f, "[creatures.imp]", "'actions'", "'imp_leap'", "abilitechs.toml")


def test_a_basic_action_listed(tmp_path):
    f = broken(tmp_path, "creatures", 'actions = ["shoot", "strike"]\n',
               'actions = ["shoot", "strike", "aim"]\n')
    refused(f, "[creatures.scout]", "'aim'", "basic action")


def test_a_basic_action_missing(tmp_path):
    f = broken(tmp_path, "abilitechs", "[abilitechs.hide]", "[abilitechs.hide_away]")
    refused(f, "abilitechs.toml", "'hide'", "B-12")


def test_a_step_that_does_not_exist(tmp_path):
    f = broken(tmp_path, "creatures", 'steps = ["trace"]', 'steps = ["tracer"]')
    refused(f, "[creatures.scout_l5]", "'steps'", "'tracer'", "steps.toml")


def test_a_granted_abilitech_that_does_not_exist(tmp_path):
    f = broken(tmp_path, "steps", 'grants = "pratfall"', 'grants = "pitfall"')
    refused(f, "[steps.pratfall]", "'grants'", "'pitfall'")


@pytest.mark.rule("RS-51")
def test_an_anatomy_kind_that_does_not_exist(tmp_path):
    f = broken(tmp_path, "creatures", '[{ part = "head" }, { part = "leg", count = 8 }]',
               '[{ part = "head" }, { part = "eyestalk" }, { part = "leg", count = 8 }]')
    refused(f, "[creatures.titachnid]", "anatomy[1]", "'eyestalk'", "anatomy.toml")


@pytest.mark.rule("RS-57")
def test_a_secret_part_listed_in_plain_sight(tmp_path):
    f = broken(tmp_path, "creatures", '{ part = "leg", count = 8 }]',
               '{ part = "leg", count = 8 }, { part = "vitals" }]')
    refused(f, "[creatures.titachnid]", "anatomy[2]", "secrets", "RS-57")


@pytest.mark.rule("RS-59")
def test_an_artery_needs_hp(tmp_path):
    f = broken(tmp_path, "creatures", '{ part = "artery", hp = 25 }', '{ part = "artery" }')
    refused(f, "[creatures.titachnid]", "secrets[0]", "HP")


@pytest.mark.rule("RS-56")
def test_a_tool_y_outside_two_to_six(tmp_path):
    f = broken(tmp_path, "creatures", 'name = "Club", y = 2', 'name = "Club", y = 7')
    refused(f, "[creatures.ogre]", "anatomy[3]", "2..6")


@pytest.mark.rule("RS-58")
def test_a_psi_core_on_a_creature_that_is_not_psionic(tmp_path):
    f = broken(tmp_path, "creatures", 'secrets = [{ part = "shatterpoint" }]\ndescription = "Bites',
               'secrets = [{ part = "psi_core" }]\ndescription = "Bites')
    refused(f, "[creatures.basilisk]", "secrets[0]", "psionic")


def test_a_tool_an_action_needs_is_missing(tmp_path):
    f = broken(tmp_path, "abilitechs", 'requires_tool = "Club"', 'requires_tool = "Hammer"')
    refused(f, "[creatures.ogre]", "'club_smash'", "'Hammer'")


def test_a_grapple_limb_the_creature_lacks(tmp_path):
    f = broken(tmp_path, "abilitechs", 'limb = "Tail"', 'limb = "Tongue"')
    refused(f, "[creatures.basilisk]", "'basilisk_bite'", "'Tongue'")


@pytest.mark.rule("RS-84", "RS-85")
def test_a_horde_has_no_called_shot_parts(tmp_path):
    f = broken(tmp_path, "creatures", "traits = { horde = true, horde_strength = true }\n",
               "traits = { horde = true, horde_strength = true }\nanatomy = [{ part = \"head\" }]\n")
    refused(f, "[creatures.imp_horde]", "'anatomy'", "horde")


@pytest.mark.rule("RS-125")
def test_a_willing_mount_is_large_or_bigger(tmp_path):
    f = broken(tmp_path, "creatures", 'kind = "mount"\nsize = "large"', 'kind = "mount"\nsize = "medium"')
    refused(f, "[creatures.warhorse]", "willing_mount", "large")


@pytest.mark.rule("RS-133")
def test_a_minion_names_its_source(tmp_path):
    f = broken(tmp_path, "creatures", 'minion_source = "companion"\n', "")
    refused(f, "[creatures.hound]", "'minion_source'")


def test_a_party_member_that_does_not_exist(tmp_path):
    f = broken(tmp_path, "parties", '"hound"]', '"wolf"]')
    refused(f, "parties.toml", "[parties.first_strife]", "'members'", "'wolf'")


def test_an_encounter_creature_that_does_not_exist(tmp_path):
    f = broken(tmp_path, "encounters", '{ creature = "ogre", slot = 0 }',
               '{ creature = "troll", slot = 0 }')
    refused(f, "[encounters.crypt_ogre]", "monsters[0]", "'troll'", "creatures.toml")


def test_an_encounter_creature_that_is_not_a_monster(tmp_path):
    f = broken(tmp_path, "encounters", '{ creature = "ogre", slot = 0 }',
               '{ creature = "knight", slot = 0 }')
    refused(f, "[encounters.crypt_ogre]", "'knight'", "not a monster")


def test_an_encounter_party_that_does_not_exist(tmp_path):
    f = broken(tmp_path, "encounters", 'party = "seasoned"', 'party = "rookies"')
    refused(f, "[encounters.ravine_titachnid]", "'party'", "'rookies'")


def test_a_broken_file_names_itself(tmp_path):
    f = broken(tmp_path, "steps", "[steps.trace]", "[steps.trace")
    msg = refused(f, "steps.toml")
    assert re.search(r"steps\.toml", msg)


@pytest.mark.rule("RS-16")
def test_a_damage_listing_that_does_not_parse(tmp_path):
    f = broken(tmp_path, "abilitechs", 'dmg = "2d10+6"', 'dmg = "2d10+FOO"')
    refused(f, "[abilitechs.fang_bite]", "'dmg'", "2d10+FOO")


@pytest.mark.rule("RS-91")
def test_a_monster_base_damage_that_does_not_parse(tmp_path):
    f = broken(tmp_path, "creatures", 'damage = { base = "2d8", mod = 3 }',
               'damage = { base = "two d8", mod = 3 }')
    refused(f, "[creatures.ogre]", "'damage.base'", "two d8")


@pytest.mark.rule("RS-16", "RS-17")
def test_every_shipped_listing_parses_and_pc_ones_sit_on_a_ladder():
    from game.engine.systems.rpgstuck.content import content
    from game.engine.systems.rpgstuck.listing import parse
    for a in content().abilitechs.values():
        if a.dmg:
            listing = parse(a.dmg)
            if a.stat:                       # a PC listing resizes on its own ladder
                assert listing.unit == "Q" and listing.ladder is not None, a.id
                assert listing.stat == a.stat, a.id


def test_two_monsters_on_one_spawn(tmp_path):
    f = broken(tmp_path, "encounters", '{ creature = "harpy", slot = 2 }',
               '{ creature = "harpy", slot = 0 }')
    refused(f, "[encounters.crypt_swarm]", "'monsters'", "slot")


@pytest.mark.rule("RS-125")
def test_a_rider_on_something_that_is_not_a_willing_mount(tmp_path):
    f = broken(tmp_path, "parties", 'mounted = { knight_l5 = "warhorse" }',
               'mounted = { knight_l5 = "scout_l5" }')
    refused(f, "[parties.seasoned]", "'mounted'", "RS-125")


def test_a_rider_who_is_not_in_the_party(tmp_path):
    f = broken(tmp_path, "parties", 'mounted = { knight_l5 = "warhorse" }',
               'mounted = { knight = "warhorse" }')
    refused(f, "[parties.seasoned]", "'mounted'", "members")

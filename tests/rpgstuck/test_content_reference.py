"""RPGStuck rules reference: a page for every creature, abilitech, Step and anatomy part made
from the content (so the numbers never drift), and prose pages for the rule terms, all links
resolving."""
from __future__ import annotations

import pytest

from game import paths
from game.engine import reference as R
from game.engine.systems.rpgstuck.content import content, with_inline
from game.engine.systems.rpgstuck.reference import reference_entries

PROSE = paths.data_dir() / "rpgstuck" / "reference.toml"


@pytest.fixture(scope="module")
def ref() -> R.Reference:
    return R.build("rpgstuck", reference_entries(), R.load_prose(PROSE), str(PROSE))


def test_every_content_entry_has_a_page(ref):
    c = content()
    for prefix, ids in (("creature", c.creatures), ("abilitech", c.abilitechs),
                        ("step", c.steps), ("part", c.anatomy)):
        for eid in ids:
            assert f"{prefix}_{eid}" in ref.entries


def test_generated_pages_carry_the_content_numbers(ref):
    ogre = ref.text_of(ref.entries["creature_ogre"])
    assert "HP 45" in ogre and "AC 13 · Reflex 11 · Will 11 · DC 11" in ogre
    assert "Club +2 (12 HP)" in ogre
    assert "Large (2x2 squares)" in ogre
    charge = ref.text_of(ref.entries["abilitech_battering_charge"])
    assert "To hit +10 against Reflex" in charge and "pushes 35 ft" in charge
    assert "Cooldown (1)" in charge
    assert "Leg (8) +2 (4 at once)" in ref.text_of(ref.entries["creature_titachnid"])
    assert "d20 + STR + P" in ref.text_of(ref.entries["abilitech_strike"])


def test_pages_follow_inline_content():
    c = with_inline({"creatures": {"ogre": {"hp": 50}}})
    page = [e for e in reference_entries(c) if e.id == "creature_ogre"][0]
    assert "HP 50" in page.text


@pytest.mark.rule("RS-49")
def test_psi_pulse_page_says_no_called_shot(ref):
    assert "No called shots" in ref.text_of(ref.entries["abilitech_psi_pulse"])
    assert "No called shots" not in ref.text_of(ref.entries["abilitech_strike"])


@pytest.mark.parametrize("term", [
    "Aim", "Block", "die ladder", "crit range", "called shot", "horde", "Horde Strength",
    "grapple", "cover", "darkness", "hiding", "falling", "collision", "temp HP", "Aegis",
    "limited uses", "short rest", "long rest", "CR"])
def test_every_rule_term_finds_a_page(ref, term):
    assert ref.search(term), term


def test_rule_ids_find_their_page(ref):
    assert ref.find("RS-82").id == "horde_strength"
    assert ref.find("RS-112").id == "cover"
    assert ref.find("CR").id == "combat_rating"


def test_a_prose_link_to_no_page_is_refused(tmp_path):
    bad = tmp_path / "reference.toml"
    bad.write_text('[entries.x]\nsection = "Rules"\ntitle = "X"\ntext = "see [[nowhere]]"\n',
                   encoding="utf-8")
    with pytest.raises(R.ReferenceError, match=r"\[entries\.x\]: key 'text': links to 'nowhere'"):
        R.build("rpgstuck", reference_entries(), R.load_prose(bad), str(bad))


def test_the_pages_build_beside_the_systems_house_rules():
    from game.engine.systems.rpgstuck import RPGSTUCK
    got = R.build("rpgstuck", [*reference_entries(), *R.house_entries(RPGSTUCK)],
                  R.load_prose(PROSE), str(PROSE))
    assert "House rules" in got.sections() and "Creatures" in got.sections()


def test_the_registered_system_serves_the_pages():
    from game.engine.systems.rpgstuck import RPGSTUCK
    got = R.reference(RPGSTUCK, folder=PROSE.parent)
    assert "creature_titachnid" in got.entries and "horde_strength" in got.entries

"""gu_masters rules reference: a page for every Gu, killer move, weapon, body and creature made
from the content (the numbers come from the content and its derived figures, so they never
drift), prose pages for the rule terms and statuses, every link resolving."""
from __future__ import annotations

import pytest

from game import paths
from game.engine import reference as R
from game.engine.systems.gu_masters.content import STATUSES, content, max_hp, with_inline
from game.engine.systems.gu_masters.reference import reference_entries

PROSE = paths.data_dir() / "gu_masters" / "reference.toml"


@pytest.fixture(scope="module")
def ref() -> R.Reference:
    return R.build("gu_masters", reference_entries(), R.load_prose(PROSE), str(PROSE))


def test_every_content_entry_has_a_page(ref):
    c = content()
    for prefix, ids in (("gu", c.gu), ("killer", c.killer_moves), ("weapon", c.weapons),
                        ("body", c.bodies), ("creature", c.creatures)):
        for eid in ids:
            assert f"{prefix}_{eid}" in ref.entries, (prefix, eid)


def test_every_status_has_a_page(ref):
    for sid in STATUSES:
        assert f"status_{sid}" in ref.entries, sid


@pytest.mark.rule("GU-X-07", "GU-X-08")
def test_generated_pages_carry_the_content_numbers(ref):
    c = content()
    g = c.gu["moonlight"]
    page = ref.text_of(ref.entries["gu_moonlight"])
    assert f"Rank {g.rank} · {g.cost} essence" in page and f"range {g.range_m} m" in page
    master = c.creatures["gu_master_r1"]
    sheet = ref.text_of(ref.entries["creature_gu_master_r1"])
    assert f"HP {max_hp(master)}" in sheet and "Moonlight" in sheet
    k = next(iter(c.killer_moves.values()))
    assert f"{k.activations} activations · {k.essence} essence" in \
        ref.text_of(ref.entries[f"killer_{k.id}"])


def test_pages_follow_inline_content():
    c = with_inline({"weapons": {"sword": {"damage": 19}}})
    page = [e for e in reference_entries(c) if e.id == "weapon_sword"][0]
    assert page.text.startswith("19 ")


@pytest.mark.parametrize("term", [
    "degrees of success", "opposed", "initiative", "dodge", "parry", "shield", "killer move",
    "essence", "flight", "dive", "altitude", "grapple", "called shot", "final stand", "dying",
    "falling", "injury", "cover", "high ground", "primeval stone", "held action", "Bleeding"])
def test_every_rule_term_finds_a_page(ref, term):
    assert ref.search(term), term


def test_rule_ids_find_their_page(ref):
    assert ref.find("GU-81").id == "dodge"
    assert ref.find("GU-114").id == "dying"
    assert ref.find("GU-164").id == "areas"


def test_the_pages_build_beside_the_systems_house_rules():
    from game.engine.systems.gu_masters.house import HOUSE_RULES
    assert HOUSE_RULES
    from game.engine.systems.gu_masters import GU_MASTERS
    got = R.build("gu_masters", [*reference_entries(), *R.house_entries(GU_MASTERS)],
                  R.load_prose(PROSE), str(PROSE))
    assert {"House rules", "Gu", "Creatures", "Statuses"} <= set(got.sections())


@pytest.mark.parametrize("term, page", [
    ("Gu bar", "gu_bar"), ("kept up", "gu_bar"), ("activations left", "gu_bar"),
    ("soul cost", "gu_bar"), ("essence meter", "gu_bar"), ("reaction pips", "gu_bar"),
    ("area template", "gu_targeting"), ("forecast", "gu_targeting"),
    ("best aim", "gu_targeting"), ("caught in an area", "caught_in_area"),
    ("dodge out", "caught_in_area"), ("gets through", "caught_in_area"),
    ("which effect first", "turn_effects_order"), ("last seen", "last_seen"),
    ("out of sight", "last_seen")])
def test_every_word_the_battle_screen_shows_finds_its_page(ref, term, page):
    """The Gu bar, the Gu targeting, the area and turn-effects prompts and the last-seen mark
    say words a player may look up (F1 or the reference's search)."""
    assert ref.search(term)[0].id == page, term

"""The rules reference: every term the UI shows has a page, a broken reference file is refused
by file, entry and key, and search finds pages by their words."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.engine import registry
from game.engine.reference import (ProseEntry, Reference, ReferenceError, build, house_entries,
                                   load_prose, reference)
from game.engine.systems.bindings.content import content as bindings_content
from game.engine.systems.gems.content import content as gems_content
from game.engine.systems.gemwielders.content import content as gw_content

SYSTEMS = ("gems", "bindings", "gemwielders")


def ref(system_id: str) -> Reference:
    return reference(registry.get(system_id))


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_every_house_rule_has_a_page_with_its_choices(system_id):
    system = registry.get(system_id)
    r = ref(system_id)
    for h in system.house_rules:
        page = r.entries[f"house_{h.id}"]
        assert page.title == h.label
        text = r.text_of(page)
        assert h.rule in text
        for _, label in h.choices:
            assert str(label) in text
        # the id the house rules screen shows finds the page
        assert r.find(h.rule) is not None
        assert r.find(h.id) == page or r.find(h.id) is not None


def test_every_gems_sheet_item_and_ability_has_a_page():
    c = gems_content()
    r = ref("gems")
    for sid, s in c.sheets.items():
        page = r.entries[f"sheet_{sid}"]
        assert page.title == s["name"] and f"CPR {s['cpr']}" in page.text
        assert r.find(s["name"]) == page
    for iid, i in c.items.items():
        assert f"Damage {i['damage']}" in r.entries[f"item_{iid}"].text
    for aid, a in c.abilities.items():
        assert r.entries[f"ability_{aid}"].title == a["name"]


def test_every_bindings_move_talent_condition_and_combatant_has_a_page():
    c = bindings_content()
    r = ref("bindings")
    for prefix, table in (("move", c.moves), ("talent", c.talents),
                          ("condition", c.conditions), ("combatant", c.combatants)):
        for eid, item in table.items():
            page = r.entries[f"{prefix}_{eid}"]
            assert page.title == item.name
    aero = r.text_of(r.entries["combatant_aeromancer"])
    assert "HP 22" in aero and "Air Blast" in aero and "Quick Gust" in aero


def test_every_gemwielders_card_and_gembearer_has_a_page():
    c = gw_content()
    r = ref("gemwielders")
    for cid, card in c.cards.items():
        assert r.entries[f"card_{cid}"].title == card.name
    for bid, b in c.bearers.items():
        page = r.entries[f"gembearer_{bid}"]
        assert b.ability in page.text
        for cid in b.deck:
            assert f"[[card_{cid}]]" in page.text


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_every_link_leads_to_a_page(system_id):
    r = ref(system_id)
    for e in r.entries.values():
        assert e.text.strip(), e.id
        for target in e.see:
            assert target in r.entries
    assert "Rules" in r.sections()


def test_terms_the_screens_show_are_explained():
    gems, bnd = ref("gems"), ref("bindings")
    assert gems.find("FMS").id == "fms"
    assert gems.find("Action Slot").id == "action_slot"
    assert bnd.find("Edge: cover").id == "edge"
    # the card table's words: card triggers, the used state, who goes first, the redeal
    gw = ref("gemwielders")
    for word, page in (("Reveal", "attack"), ("ready", "ready_used"), ("used", "ready_used"),
                       ("wins ties", "overview"), ("redeal", "gem_card_deck"),
                       ("life", "life"), ("Scrap", "scrap"), ("gem pool", "gem_pool")):
        assert gw.find(word) is not None and gw.find(word).id == page, word
    # a log line names its terms, the longest name first
    assert [e.id for e in bnd.mentioned("Aeromancer uses Air Blast")][:2] == [
        "combatant_aeromancer", "move_air_blast"]


def test_search_finds_pages_by_their_words():
    r = ref("gems")
    assert r.search("knockback")[0].id == "knockback"
    assert "falls" in [e.id for e in r.search("fall damage")]
    assert [e.id for e in r.search("garnet")][0] == "sheet_garnet"
    assert r.search("no such word anywhere") == []
    assert len(r.search("", "House rules")) == len(registry.get("gems").house_rules)


# -- a broken reference file -------------------------------------------------------------------

class _Toy:
    id = "toy"
    house_rules = ()

    def reference_entries(self):
        return []


def _write(tmp_path: Path, text: str) -> Path:
    (tmp_path / "reference.toml").write_text(text, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("text, words", [
    ('[entries.a]\nsection = "Rules"\ntitle = "A"\ntext = "x"\ncolour = "red"\n',
     "[entries.a]: unknown key 'colour'"),
    ('[entries.a]\nsection = "Rules"\ntitle = "A"\n', "[entries.a]: missing required key 'text'"),
    ('[entries.a]\ntitle = "A"\ntext = "x"\n', "[entries.a]: missing required key 'section'"),
    ('[entries.a]\nsection = "Rules"\ntitle = "A"\ntext = "see [[nowhere]]"\n',
     "[entries.a]: key 'text': links to 'nowhere'"),
    ('[entries.a]\nsection = "Rules"\ntitle = "A"\ntext = "x"\nsee = ["b"]\n',
     "[entries.a]: key 'see': links to 'b'"),
    ('[entries.a]\nsection = "Rules"\ntitle = "A"\ntext = "x"\nterms = "FMS"\n',
     "[entries.a]: key 'terms' has the wrong type"),
    ('[entries.Bad]\nsection = "Rules"\ntitle = "A"\ntext = "x"\n', "[entries.Bad]: ids are"),
    ('[others.a]\ntext = "x"\n', "unknown top-level key 'others'"),
])
def test_a_broken_file_is_refused_by_file_entry_and_key(tmp_path, text, words):
    folder = _write(tmp_path, text)
    with pytest.raises(ReferenceError) as got:
        reference(_Toy(), folder)
    assert str(folder / "reference.toml") in str(got.value)
    assert words in str(got.value)


def test_prose_adds_to_a_generated_page_but_may_not_rename_it(tmp_path):
    gems = registry.get("gems")
    folder = _write(tmp_path, '[entries.sheet_garnet]\ntext = "She likes tea."\nterms = ["tea"]\n')
    r = reference(gems, folder)
    page = r.entries["sheet_garnet"]
    assert page.text.startswith("She likes tea.") and "CPR 3" in page.text
    assert r.find("tea") == page
    folder = _write(tmp_path, '[entries.sheet_garnet]\ntitle = "Ruby"\ntext = "x"\n')
    with pytest.raises(ReferenceError, match=r"\[entries.sheet_garnet\]: key 'title'"):
        reference(gems, folder)


def test_a_system_without_a_file_has_its_generated_pages(tmp_path):
    gems = registry.get("gems")
    r = reference(gems, tmp_path)
    assert set(r.entries) == {e.id for e in (*gems.reference_entries(), *house_entries(gems))}
    assert load_prose(tmp_path / "reference.toml") == {}


def test_shipped_files_parse_as_prose_entries():
    from game import paths
    for system_id in SYSTEMS:
        got = load_prose(paths.data_dir() / system_id / "reference.toml")
        assert got and all(isinstance(p, ProseEntry) for p in got.values())
    with pytest.raises(ReferenceError, match="made twice"):
        build("toy", [*house_entries(registry.get("gems"))] * 2, {}, "here")


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_every_house_rule_page_says_what_it_decides(system_id):
    """A page holds words of its own beyond the generated list of choices: the rule's help, or
    prose from the reference file."""
    r = ref(system_id)
    for h in registry.get(system_id).house_rules:
        text = r.entries[f"house_{h.id}"].text
        own = text.replace(f"A house rule, settled before the match ({h.rule}). The choices:", "")
        for _, label in h.choices:
            own = own.replace(f"- {label} (default)", "").replace(f"- {label}", "")
        assert len(own.strip()) > 20, h.id

"""The bundled Gemwielders content set, its validation (a broken file names the file and the
key), requirement strings (GW-22, GW-U-02) and the card text rendered from the data."""
from __future__ import annotations

import shutil
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from game import paths
from game.engine.systems.gemwielders import effects
from game.engine.systems.gemwielders.content import (
    NEUTRAL_BEARER, ContentError, bearer_text, card_lines, card_text, describe, eligible, load, load_content,
    parse_requirement)

DATA = paths.data_dir() / "gemwielders"


@pytest.fixture(scope="module")
def c():
    return load()


@pytest.mark.rule("GW-06")
@pytest.mark.rule("GW-U-01")
def test_four_gembearers_each_with_an_ability_and_a_ten_card_weapon_deck(c):
    assert set(c.bearers) >= {"hammer", "twinblades", "longbow", "wardens_staff"}
    for bid, b in c.bearers.items():
        if bid == NEUTRAL_BEARER:          # the plain built-in stand-in (test_inline_content)
            continue
        assert any((b.use, b.other, b.hit, b.miss)), bid
        deck = c.weapon_deck(bid)
        assert len(deck) == 10
        assert all(c.cards[w].origin == bid for w in deck)
        kinds = Counter(c.cards[w].kind for w in deck)
        assert kinds["attack"] >= 5 and kinds["defense"] >= 3, bid


@pytest.mark.rule("GW-08")
@pytest.mark.rule("GW-U-20")
def test_five_gem_types_with_four_tokens_each(c):
    assert c.gems == {"R": 4, "S": 4, "E": 4, "T": 4, "A": 4}
    assert {g.name for g in c.gem_types.values()} == {"Ruby", "Sapphire", "Emerald", "Topaz",
                                                      "Amethyst"}


@pytest.mark.rule("GW-09")
def test_forty_gem_cards_across_the_four_kinds(c):
    assert len(c.gem_cards) == 40
    kinds = Counter(c.cards[g].kind for g in c.gem_cards)
    assert kinds == {"attack": 12, "defense": 10, "skill": 10, "modification": 8}
    for g in set(c.gem_cards):
        card = c.cards[g]
        assert card.req and not card.origin
        if card.kind == "attack":
            assert card.sword > 0
        if card.kind == "defense":
            assert card.shield > 0
    # the features the brief asks the set to show
    used = {s.get("verb") for g in set(c.gem_cards) for t in ("play", "reveal", "hit", "miss", "use")
            if getattr(c.cards[g], t) for s in getattr(c.cards[g], t).effects}
    assert None in used                              # power clauses
    assert any(c.cards[g].use for g in c.gem_cards)
    assert any(c.cards[g].reveal for g in c.gem_cards)
    assert any(c.cards[g].hit for g in c.gem_cards) and any(c.cards[g].miss for g in c.gem_cards)


@pytest.mark.rule("GW-10")
@pytest.mark.rule("GW-U-21")
def test_twelve_sources_and_the_named_cards(c):
    assert c.source_count == 12
    src = c.cards[c.source_cid]
    assert src.kind == "source" and src.play.opts[0].cost == 2
    names = {card.name for card in c.cards.values()} | {b.name for b in c.bearers.values()}
    assert {"Hammer", "Intuition", "Adrenaline"} <= names


def test_every_verb_is_used_by_the_bundled_content_or_the_tests(c):
    def verbs(steps):
        for s in steps:
            if "cost" in s:
                yield from verbs(s["effects"])
                yield from verbs(s["otherwise"])
            else:
                yield s["verb"]
    used = set()
    for card in list(c.cards.values()) + list(c.bearers.values()):
        for t in ("play", "reveal", "hit", "miss", "use", "attacking", "defending", "other"):
            clause = getattr(card, t, None)
            if clause:
                used |= set(verbs(clause.effects))
    # pay_power and scrap-from-hand exist for designers; everything else shows up in cards
    assert set(effects.VERBS) - used <= {"pay_power"}


# --- requirements (GW-22, GW-U-02) ------------------------------------------------------------

@pytest.mark.rule("GW-22")
def test_GW_TV_16_typed_and_wildcard_requirements():
    have = ["R", "S"]
    assert eligible("R", have) and eligible("R*", have) and eligible("*", have)
    assert not eligible("RRR", have)


@pytest.mark.rule("GW-22")
def test_GW_TV_17_two_types_both_covered():
    assert eligible("RS", ["R", "R", "S"])
    assert not eligible("RS", ["R", "R"])
    assert not eligible("RR**", ["R", "R", "S"])      # wildcards need gems left over


def test_parse_requirement_rejects_stray_letters():
    assert parse_requirement("RR*") == (Counter({"R": 2}), 1)
    with pytest.raises(ValueError, match="'X'"):
        parse_requirement("RX")
    with pytest.raises(ValueError, match="'X'"):
        parse_requirement("RX")          # a refused text is refused again, not remembered


def test_parsed_requirements_are_parsed_once_but_handed_out_fresh():
    first = parse_requirement("RS*")
    first[0]["R"] += 5                   # a caller may change what it was given
    assert parse_requirement("RS*") == (Counter({"R": 1, "S": 1}), 1)


@pytest.mark.rule("GW-22")
@pytest.mark.rule("GW-U-02")
def test_eligible_agrees_with_counting_gems_for_every_printed_requirement(c):
    """The rules read requirements parsed once; the answer is the plain count: every typed gem
    covered, and the gems left over at least the wildcards."""
    reqs = {d.req for d in c.cards.values()} | {"", "*", "**", "RR*", "RSETA"}
    letters = "RSETA"
    hands = [[]] + [[g] for g in letters] + [[a, b] for a in letters for b in letters]
    hands += [list("RRS"), list("RSETA"), list("RRRRR"), list("TTAA"), list("ESE")]
    for req in reqs:
        typed, wild = Counter(ch for ch in req if ch != "*"), req.count("*")
        for gems in hands:
            have = Counter(gems)
            expected = all(have[g] >= n for g, n in typed.items()) and \
                len(gems) - sum(typed.values()) >= wild
            assert eligible(req, gems) == expected, (req, gems)
            assert eligible(req, "".join(gems)) == expected, (req, gems)


# --- broken files -----------------------------------------------------------------------------

def _broken(tmp_path: Path, name: str, old: str, new: str) -> Path:
    folder = tmp_path / "gw"
    shutil.copytree(DATA, folder)
    path = folder / name
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))
    return folder


@pytest.mark.parametrize("name, old, new, message", [
    ("cards.toml", 'name = "Swing"', 'name = "Swing"\ncolour = "red"',
     r"cards\.toml \[cards\.w_swing\]: unknown key 'colour'"),
    ("cards.toml", '{ verb = "gain_power", n = 2 }', '{ verb = "gain_powr", n = 2 }',
     r"cards\.toml \[cards\.w_steady_breath\]\.play\[0\]: unknown verb 'gain_powr'"),
    ("cards.toml", 'req = "RR*"', 'req = "RQ*"',
     r"\[cards\.g_fury_totem\]: key 'req' 'RQ\*' is not a requirement"),
    ("cards.toml", 'verb = "draw", n = 1 }]', 'verb = "draw", count = 1 }]',
     r"verb 'draw' has no parameter 'count'"),
    ("cards.toml", 'mode = "random"', 'mode = "sometimes"',
     r"parameter 'mode' of 'discard' must be one of choice, random"),
    ("cards.toml", 'kind = "attack"', 'kind = "spell"', r"\[cards\.w_swing\]: key 'kind' must be one of"),
    ("cards.toml", "sword = 4", 'sword = "4"', r"\[cards\.w_swing\]: key 'sword' has the wrong type"),
    ("cards.toml", 'req = "RRR*"', 'req = "RRRRR"', r"needs 5 R but the pool holds 4"),
    ("cards.toml", '[{ cost = 2, effects = [{ verb = "mod_sword"',
     '[{ cost = 0, effects = [{ verb = "mod_sword"', r"key 'cost' must be a whole number of 1 or more"),
    ("gembearers.toml", "w_swing = 4", "w_swing = 5", r"\[gembearers\.hammer\]: key 'deck' holds 11 cards"),
    ("gembearers.toml", "w_swing = 4", "w_arrow = 4",
     r"\[gembearers\.hammer\]: key 'deck': 'w_arrow' is not a weapon card of 'hammer'"),
    ("gems.toml", 'letter = "T"', 'letter = "R"', r"\[gems\.topaz\]: key 'letter' 'R' is used by two"),
    ("sources.toml", "stack = 12", "stack = 0", r"\[sources\.source\]: key 'stack'"),
    ("cards.toml", "[cards.w_swing]", "[cards.w_swing", r"cards\.toml: not valid TOML"),
    # the entry types (GemDef, CardEntry, BearerEntry) refuse wrong types, unknown and missing keys
    ("gems.toml", "tokens = 4", 'tokens = "four"',
     r"\[gems\.ruby\]: key 'tokens' has the wrong type \('four': expected an integer, got text\)"),
    ("gems.toml", 'theme = "aggression"', 'theme = "aggression"\nshine = 2',
     r"\[gems\.ruby\]: unknown key 'shine'"),
    ("gems.toml", 'name = "Ruby"\n', "", r"\[gems\.ruby\]: missing required key 'name'"),
    ("gembearers.toml", 'ability = "Crush"', "ability = 3",
     r"\[gembearers\.hammer\]: key 'ability' has the wrong type"),
    ("gembearers.toml", 'ability = "Crush"\n', "",
     r"\[gembearers\.hammer\]: missing required key 'ability'"),
    ("gembearers.toml", 'ability = "Crush"', 'ability = "Crush"\npower = 1',
     r"\[gembearers\.hammer\]: unknown key 'power'"),
    ("gembearers.toml", "deck = { w_swing = 4, w_overhead_smash = 2, w_haft_guard = 3, "
     "w_steady_breath = 1 }", 'deck = ["w_swing"]',
     r"\[gembearers\.hammer\]: key 'deck' has the wrong type \(\['w_swing'\]: expected a table"),
    ("sources.toml", "stack = 12", "stack = 12.5", r"\[sources\.source\]: key 'stack' has the wrong type"),
    ("sources.toml", 'kind = "source"\n', "", r"\[sources\.source\]: missing required key 'kind'"),
    ("cards.toml", 'name = "Swing"', 'name = "Swing"\nplay = "draw"',
     r"\[cards\.w_swing\]: key 'play' has the wrong type \('draw': expected a list, got text\)"),
])
def test_a_broken_file_names_the_file_and_the_key(tmp_path, name, old, new, message):
    folder = _broken(tmp_path, name, old, new)
    with pytest.raises(ContentError, match=message) as info:
        load_content(folder)
    assert str(folder / name) in str(info.value)


def test_a_missing_file_is_named(tmp_path):
    folder = tmp_path / "gw"
    shutil.copytree(DATA, folder)
    (folder / "sources.toml").unlink()
    with pytest.raises(ContentError, match=r"sources\.toml: missing content file"):
        load_content(folder)


# --- text rendered from the data --------------------------------------------------------------

def test_card_text_is_rendered_from_the_effects(c):
    assert card_text("g_adrenaline", c) == (
        "Draw 2 cards. Discard 1 card. Pay 2: +2 to your attack value this turn.")
    assert card_lines(c.cards["g_bramble_ward"]) == [
        "Hit: Your opponent loses 2 life.", "Miss: Gain 2 life."]
    assert card_text("g_scrying_pool", c) == "Use (pay 2): Draw 1 card."
    assert "2 or more cards" in bearer_text("hammer", c)
    assert card_lines(c.cards["g_hex_sigil"])[0] == "Place in your opponent's area."


def test_changing_the_numbers_changes_the_text(tmp_path):
    folder = _broken(tmp_path, "cards.toml",
                     '{ verb = "draw", n = 2 },\n  { verb = "discard", n = 1, mode = "choice" }',
                     '{ verb = "draw", n = 3 },\n  { verb = "discard", n = 2, mode = "choice" }')
    changed = load_content(folder)
    assert card_text("g_adrenaline", changed).startswith("Draw 3 cards. Discard 2 cards.")


def test_every_card_has_short_text_and_no_rules_sentence_is_empty(c):
    for cid, card in c.cards.items():
        lines = card_lines(card)
        has_effects = any(getattr(card, t) for t in ("play", "reveal", "hit", "miss", "use",
                                                     "attacking", "defending"))
        assert bool(lines) == has_effects, cid
        assert all(len(line) <= 170 for line in lines), cid
        assert len(card.text) <= 80, cid
    assert describe([]) == ""


# --- presentation keyed by the same ids -------------------------------------------------------

def test_presentation_covers_every_id(c):
    assets = paths.assets_dir() / "gemwielders"
    with open(assets / "gems.toml", "rb") as fh:
        gems = tomllib.load(fh)
    with open(assets / "frames.toml", "rb") as fh:
        frames = tomllib.load(fh)
    with open(assets / "art.toml", "rb") as fh:
        art = tomllib.load(fh)
    assert set(c.gems) | {"*"} == set(gems)
    assert {card.kind for card in c.cards.values()} | {"gembearer", "back"} == set(frames)
    assert set(art["cards"]) == set(c.cards) and set(art["gembearers"]) == set(c.bearers)
    for entry in list(gems.values()) + list(frames.values()):
        for key in ("colour", "outline", "frame", "fill", "accent"):
            if key in entry:
                assert len(entry[key]) == 7 and entry[key].startswith("#")


@pytest.mark.parametrize("name", ["../gems", "/etc", "x/../..", ""])
def test_content_set_names_from_saves_cannot_leave_the_data_folder(name):
    """A save names its content set; a path there must be refused, not followed."""
    with pytest.raises(ContentError, match="plain name"):
        load(name)


def test_card_entries_declare_one_effect_list_per_trigger():
    from dataclasses import fields

    from game.engine.systems.gemwielders.content import TRIGGERS, CardEntry
    lists = [f.name for f in fields(CardEntry) if f.type == "list[Any]"]
    assert sorted(lists) == sorted(TRIGGERS)

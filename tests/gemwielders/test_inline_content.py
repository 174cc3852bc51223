"""Inline content in a match set-up (`setup.content` as a table): new cards with any effect of the
verb vocabulary, overrides of shipped cards that the rules then count, the cross-checks run on
the merged set, the reserved neutral Gembearer, and saves that carry the inline table."""
from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from game import paths
from game.engine import saves
from game.engine.ai.base import make_bot
from game.engine.ai.runner import run_match
from game.engine.match import Match
from game.engine.rules import ConfigError, MatchConfig, SeatConfig
from game.engine.systems.gemwielders import actions as A
from game.engine.systems.gemwielders import events as E
from game.engine.systems.gemwielders import rules
from game.engine.systems.gemwielders.content import (NEUTRAL_BEARER, ContentError, load,
                                                     load_content)
from game.engine.systems.gemwielders.system import GEMWIELDERS

from .gwtools import moves, put, set_phase, start_play

# a gem card no shipped card resembles: the opponent loses 6 life and its owner gains 3 power
TITHE = {"name": "Tithe", "kind": "skill",
         "play": [{"verb": "lose_life", "n": 6}, {"verb": "gain_power", "n": 3}]}


def _match(content: Any, gembearers: list[str] | None = None, seed: int = 1,
           stack: dict | None = None) -> Match:
    setup: dict[str, Any] = {"content": content,
                             "gembearers": gembearers or ["hammer", "twinblades"]}
    if stack:
        setup["stack"] = stack
    return Match.new(MatchConfig("gemwielders", seed, [SeatConfig(), SeatConfig()], None, {},
                                 setup))


def test_an_inline_card_with_a_new_effect_is_played_and_its_effect_happens():
    m = start_play(_match({"cards": {"x_tithe": TITHE}}))
    s = set_phase(m, 0, "main")
    (card,) = put(s, 0, "hand", ["x_tithe"])
    m.edited()
    life, power = s.players[1].life, s.players[0].power
    assert A.PlaySkill(card) in moves(m)
    m.submit(A.PlaySkill(card))
    assert m.state.players[1].life == life - 6
    assert m.state.players[0].power == power + 3
    assert m.state.cards[card].cid == "x_tithe"


@pytest.mark.rule("GW-36")
@pytest.mark.rule("GW-40")
def test_an_override_of_a_shipped_card_is_what_the_rules_count():
    m = start_play(_match({"cards": {"w_swing": {"sword": 9}}}))
    s = set_phase(m, 0, "attack", turn=4)
    atk = put(s, 0, "hand", ["w_swing", "w_swing"])
    put(s, 1, "defense", ["w_parry"])
    put(s, 0, "mods", [])
    put(s, 1, "mods", [])
    m.edited()
    for c in atk:
        m.submit(A.AddToAttack(c))
    out = m.submit(A.Announce())
    cmp_ = [e for e in out.events if isinstance(e, E.AttackCompared)][0]
    # 9 + 9 against Parry's 7, less 3 from Hammer's Crush (two attack cards, GW-39)
    assert (cmp_.sword, cmp_.shield, cmp_.result) == (18, 4, "hit")
    # the override keeps every field it does not name
    c = rules.content_of(m.state)
    assert (c.card("w_swing").name, c.card("w_swing").origin) == ("Swing", "hammer")
    assert load().card("w_swing").sword == 4        # the shipped set is untouched


def test_a_string_still_names_a_set_and_base_lays_inline_content_over_another_set():
    m = _match({"base": "checklist", "cards": {"L_A3": {"sword": 5}}},
               gembearers=["plain_left", "plain_right"])
    assert m.state.content == "checklist"
    assert rules.content_of(m.state).card("L_A3").sword == 5
    plain = _match("checklist", gembearers=["plain_left", "plain_right"])
    assert plain.state.inline is None and rules.content_of(plain.state).card("L_A3").sword == 3


def test_a_deck_may_name_an_inline_weapon_card():
    club = {"name": "Club", "kind": "attack", "origin": "hammer", "sword": 6}
    m = _match({"cards": {"x_club": club},
                "gembearers": {"hammer": {"deck": {"x_club": 10}}}})
    deck = [m.state.cards[c].cid for c in m.state.players[0].deck + m.state.players[0].hand]
    assert deck == ["x_club"] * 10
    assert rules.content_of(m.state).bearers["hammer"].ability == "Crush"


@pytest.mark.parametrize("content,pattern", [
    ({"cards": {"x": {"name": "X", "kind": "attack", "sword": "lots"}}}, r"\[cards\.x\].*'sword'"),
    ({"cards": {"x": {"name": "X", "kind": "skill", "play": [{"verb": "explode"}]}}},
     r"\[cards\.x\]\.play\[0\].*'explode'"),
    ({"cards": {"x": {"kind": "skill"}}}, r"\[cards\.x\].*'name'"),
    ({"cards": {"w_swing": {"colour": "red"}}}, r"\[cards\.w_swing\].*'colour'"),
    ({"gembearers": {"hammer": {"deck": {"nothing": 10}}}}, r"\[gembearers\.hammer\].*'deck'"),
    ({"spells": {}}, r"'spells'"),
    ({"cards": 3}, r"cards"),
    ({"base": "no such set!"}, r"no such set"),
])
def test_a_bad_inline_table_is_refused_naming_the_entry_and_the_key(content, pattern):
    with pytest.raises(ConfigError, match=pattern):
        _match(content)


# --- the neutral Gembearer ----------------------------------------------------------------------

def test_the_neutral_gembearer_is_plain_and_ready_for_any_set_up():
    c = load()
    b = c.bearers[NEUTRAL_BEARER]
    assert (b.use, b.other, b.hit, b.miss) == (None, None, None, None)
    deck = c.weapon_deck(NEUTRAL_BEARER)
    assert len(deck) == 10
    for cid in deck:
        d = c.card(cid)
        assert d.origin == NEUTRAL_BEARER and d.kind in ("attack", "defense")
        assert (d.reveal, d.hit, d.miss) == (None, None, None)
    m = _match("default", gembearers=[NEUTRAL_BEARER, "hammer"])
    assert m.state.players[0].gembearer == NEUTRAL_BEARER
    # the checklist set has one too, and an inline table may change it like any entry
    m = _match({"base": "checklist", "gembearers": {"neutral": {"ability": "Nothing"}}},
               gembearers=["neutral", "plain_right"])
    assert rules.content_of(m.state).bearers["neutral"].ability == "Nothing"


@pytest.mark.rule("GW-05")
def test_the_neutral_gembearer_is_not_offered_at_the_choice():
    m = _match("default")
    m = Match.new(MatchConfig("gemwielders", 1, [SeatConfig(), SeatConfig()], None, {}, {}))
    picks = [a for a in m.legal_actions() if isinstance(a, A.ChooseGembearer)]
    assert picks and NEUTRAL_BEARER not in {a.gembearer for a in picks}


def test_a_data_file_cannot_define_the_neutral_gembearer(tmp_path: Path):
    folder = tmp_path / "gemwielders"
    shutil.copytree(paths.data_dir() / "gemwielders", folder,
                    ignore=shutil.ignore_patterns("checklist"))
    with open(folder / "gembearers.toml", "a", encoding="utf-8") as fh:
        fh.write('\n[gembearers.neutral]\nname = "Mine"\nability = "x"\n'
                 'deck = { w_swing = 10 }\n')
    with pytest.raises(ContentError, match=r"\[gembearers\.neutral\].*reserved"):
        load_content(folder)


# --- saves --------------------------------------------------------------------------------------

def test_a_save_with_inline_content_reloads_and_replays_equal(tmp_path: Path):
    m = _match({"cards": {"x_tithe": {**TITHE, "req": "*"}, "w_swing": {"sword": 7}}},
               seed=4, stack={"gem_deck": ["x_tithe"]})
    for _ in range(40):
        if m.over:
            break
        m.submit(moves(m)[-1])
    saves.save(m, tmp_path / "inline.json")
    again = saves.load(tmp_path / "inline.json")
    assert again.state.inline == m.state.inline
    assert again.snapshot() == m.snapshot()
    assert rules.content_of(again.state).card("w_swing").sword == 7


def test_a_state_without_inline_content_saves_as_before():
    m = _match("default")
    assert "inline" not in GEMWIELDERS.state_to_json(m.state)


@pytest.mark.parametrize("inline,pattern", [
    ({"cards": {"x": {"name": 3, "kind": "skill"}}}, r"\[cards\.x\].*'name'"),
    ([1, 2], r"inline"),
    ({"cards": {"x_tithe": {**TITHE, "play": [{"verb": "draw", "n": "all"}]}}},
     r"\[cards\.x_tithe\]\.play\[0\]"),
])
def test_inline_content_read_from_a_save_is_checked(inline, pattern):
    m = _match({"cards": {"x_tithe": TITHE}})
    data = json.loads(json.dumps(GEMWIELDERS.state_to_json(m.state)))
    data["inline"] = inline
    with pytest.raises(ConfigError, match=pattern):
        GEMWIELDERS.state_from_json(data)


def test_a_save_naming_content_by_something_other_than_text_is_refused():
    m = _match("default")
    data = json.loads(json.dumps(GEMWIELDERS.state_to_json(m.state)))
    data["content"] = 5
    with pytest.raises(ConfigError, match="content"):
        GEMWIELDERS.state_from_json(data)


# --- the AI -------------------------------------------------------------------------------------

def test_the_ai_plays_a_match_with_inline_cards():
    club = {"name": "Club", "kind": "attack", "origin": "hammer", "sword": 5,
            "hit": [{"verb": "draw", "n": 1}]}
    wall = {"name": "Wall", "kind": "defense", "origin": "hammer", "shield": 6,
            "reveal": [{"verb": "gain_life", "n": 1}]}
    content = {"cards": {"x_club": club, "x_wall": wall, "x_tithe": {**TITHE, "req": "R", "qty": 4}},
               "gembearers": {"hammer": {"deck": {"x_club": 6, "x_wall": 4}}}}
    config = MatchConfig("gemwielders", 3, [SeatConfig("ai", "normal"), SeatConfig("ai", "normal")],
                         None, {}, {"content": content, "gembearers": ["hammer", "longbow"]})
    m = Match.new(config)
    result = run_match(m, [make_bot("gemwielders", "normal"), make_bot("gemwielders", "normal")],
                       check_invariants=True)
    assert m.over, result
    placed = {e.cid for e in m.history if isinstance(e, E.AttackCardPlaced)}
    assert "x_club" in placed


# --- where the content is read ------------------------------------------------------------------

def test_copies_share_the_built_set_and_a_reloaded_table_builds_an_equal_one():
    m = _match({"cards": {"w_swing": {"sword": 9}}})
    c = rules.content_of(m.state)
    assert rules.content_of(m.state.copy()) is c
    assert rules.content_of(GEMWIELDERS.view(m.state, 0)) is c
    again = GEMWIELDERS.state_from_json(json.loads(json.dumps(GEMWIELDERS.state_to_json(m.state))))
    assert again.inline is not m.state.inline and again.inline == m.state.inline
    assert rules.content_of(again).card("w_swing").sword == 9


def test_the_order_a_table_is_written_in_does_not_change_the_match():
    one = _match({"cards": {"x_b": {**TITHE, "name": "B"}, "x_a": {**TITHE, "name": "A"}}}, seed=9)
    two = _match({"cards": {"x_a": {**TITHE, "name": "A"}, "x_b": {**TITHE, "name": "B"}}}, seed=9)
    assert one.state.inline == two.state.inline
    assert list(one.state.inline["cards"]) == ["x_a", "x_b"]
    assert GEMWIELDERS.state_to_json(one.state) == GEMWIELDERS.state_to_json(two.state)


def test_the_card_table_shows_inline_cards_with_their_own_text():
    from game.client.systems.gemwielders.presenter import GemwieldersPresenter
    m = _match({"cards": {"x_tithe": TITHE, "w_swing": {"sword": 9}}})
    p = GemwieldersPresenter(m)
    assert p.cdef("x_tithe").name == "Tithe" and p.cdef("w_swing").sword == 9
    assert p.face("x_tithe").name == "Tithe"


def test_the_documented_example_passes():
    from game.engine import scenario as sc
    root = Path(__file__).resolve().parents[2]
    result = sc.run_file(root / "docs" / "examples" / "content-gemwielders.toml")
    assert result.status == "PASS", result.errors + result.differences


def test_a_scenario_with_a_bad_inline_card_is_an_error_naming_it(tmp_path: Path):
    from game.engine import scenario as sc
    path = tmp_path / "bad.toml"
    path.write_text('name = "bad"\nrules = ["GW-26"]\n[match]\nsystem = "gemwielders"\n'
                    '[setup.content.cards.x_bad]\nname = "Bad"\nkind = "skill"\n'
                    'play = [{verb = "draw", n = "two"}]\n[expect]\nover = false\n',
                    encoding="utf-8")
    result = sc.run_file(path)
    assert result.status == "ERROR"
    assert any("[cards.x_bad].play[0]" in e and "'n'" in e for e in result.errors), result.errors


def test_inline_content_over_a_set_built_in_code_is_refused():
    from .gwtools import TEST_SET, test_content
    test_content()                       # the flow tests' fixture cards, registered in code
    with pytest.raises(ConfigError, match="built in code"):
        _match({"base": TEST_SET, "cards": {"w_swing": {"sword": 9}}})

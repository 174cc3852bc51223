"""The bindings system object: set-up from maps, inline grids and teams, refusals with clear
messages, JSON of the state mid-battle, views, invariants and the map hook."""
from __future__ import annotations

import copy
import json

import pytest

from game.engine import registry
from game.engine.actions import EndTurn
from game.engine.match import Match
from game.engine.rules import ConfigError, IllegalAction, MatchConfig, SeatConfig
from game.engine.systems.bindings import BINDINGS
from game.engine.systems.bindings.actions import MoveTo, StartMovement, UseMove
from game.engine.systems.bindings.state import BindingsState

from .bndtools import act, config, duel, run_to, where


def setup_error(**kw) -> str:
    with pytest.raises(ConfigError) as exc:
        Match.new(config(**kw))
    return str(exc.value)


def test_registered_with_metadata():
    assert registry.get("bindings") is BINDINGS
    assert BINDINGS.name == "Bindings" and BINDINGS.seat_count == (2, 2)
    ids = {h.id for h in BINDINGS.house_rules}
    assert {"round_limit", "movement_overlap", "tie_rerolls", "dash_line"} <= ids


def test_inline_grid_is_a_hex_board_both_ways():
    m = duel()
    b = m.state.board
    assert (b.orientation, b.stagger_axis, b.tile_width, b.tile_height) == \
        ("hexagonal", "y", 28, 32)
    flat = duel(axis="x", index="even")
    fb = flat.state.board
    assert (fb.stagger_axis, fb.stagger_index, fb.tile_width, fb.tile_height) == \
        ("x", "even", 32, 28)
    assert all("spawn" in str(p) for p in BINDINGS.check_map(b))      # cells are fine


def test_a_team_match_on_a_shipped_map():
    cfg = BINDINGS.example_config(3)
    assert cfg.map and cfg.setup["teams"]
    m = Match.new(cfg)
    s = m.state
    assert len(s.combatants) >= 4 and {c.side for c in s.combatants.values()} == {0, 1}
    assert BINDINGS.check_map(s.board) == []
    assert m.decision.stage in ("act", "opening")


def test_hex_crossing_with_its_teams():
    cfg = MatchConfig("bindings", 1, [SeatConfig(), SeatConfig()], "hex_crossing.tmx", {},
                      {"teams": ["crossing_wind", "crossing_flame"]})
    m = Match.new(cfg)
    spots = {(c.x, c.y) for c in m.state.combatants.values()}
    assert (1, 2) in spots and (11, 3) in spots               # slot 0 of each side


def test_square_maps_are_refused():
    cfg = MatchConfig("bindings", 1, [SeatConfig(), SeatConfig()], "gems_quarry.tmx", {},
                      {"combatants": [{"id": "a", "sheet": "brawler", "side": 0, "x": 1, "y": 1},
                                      {"id": "b", "sheet": "brawler", "side": 1, "x": 3, "y": 1}]})
    with pytest.raises(ConfigError, match="hex maps"):
        Match.new(cfg)


@pytest.mark.parametrize("kw,words", [
    (dict(combatants=[{"id": "a", "sheet": "nobody", "side": 0, "x": 0, "y": 0},
                      {"id": "b", "sheet": "brawler", "side": 1, "x": 2, "y": 0}]),
     "nobody"),
    (dict(combatants=[{"id": "a", "sheet": "brawler", "side": 0, "x": 0, "y": 0, "wings": 2},
                      {"id": "b", "sheet": "brawler", "side": 1, "x": 2, "y": 0}]), "wings"),
    (dict(combatants=[{"id": "a", "sheet": "brawler", "side": 0, "x": 0, "y": 0, "hp": "lots"},
                      {"id": "b", "sheet": "brawler", "side": 1, "x": 2, "y": 0}]), "hp"),
    (dict(combatants=[{"id": "a", "sheet": "brawler", "side": 0, "x": 0, "y": 0},
                      {"id": "b", "sheet": "brawler", "side": 1, "x": 0, "y": 0}]), "share"),
    (dict(combatants=[{"id": "a", "sheet": "brawler", "side": 0, "x": 0, "y": 0},
                      {"id": "b", "sheet": "brawler", "side": 0, "x": 2, "y": 0}]), "both sides"),
    (dict(combatants=[{"id": "a", "sheet": "brawler", "side": 0, "x": 40, "y": 0},
                      {"id": "b", "sheet": "brawler", "side": 1, "x": 2, "y": 0}]), "off the board"),
    (dict(combatants=[{"id": "a", "sheet": "brawler", "side": 0, "x": 0, "y": 0},
                      {"id": "b", "sheet": "brawler", "side": 1, "x": 2, "y": 0}],
          rows=["#..", "..."]), "obstacle"),
    (dict(combatants=[{"id": "a", "sheet": "brawler", "side": 0, "x": 0, "y": 0, "moves": ["x"]},
                      {"id": "b", "sheet": "brawler", "side": 1, "x": 2, "y": 0}]), "unknown move"),
    (dict(combatants=[{"id": "a", "sheet": "brawler", "side": 0, "x": 0, "y": 0},
                      {"id": "b", "sheet": "brawler", "side": 1, "x": 2, "y": 0}],
          rows=["..?", "..."]), "unknown grid character"),
])
def test_bad_setups_are_refused_with_the_reason(kw, words):
    kw.setdefault("setup_dice", [])
    assert words in setup_error(**kw)


def test_overrides_apply():
    m = duel(a=dict(sheet="brawler", hp=7, ab=4, db=3, base_speed=60, scores={"DEX": 18},
                    moves=["air_blast"], talents=["quick_gust"]))
    a = m.state.combatants["a"]
    assert (a.hp, a.max_hp, a.ab, a.db, a.base_speed, a.mod("DEX")) == (7, 7, 4, 3, 60, 4)
    assert a.moves == ["unarmed_strike", "brace", "air_blast"] and a.talents == ["quick_gust"]


def test_two_of_one_sheet_are_told_apart():
    m = duel(a=dict(sheet="brawler"), b=dict(sheet="brawler"))
    assert {c.name for c in m.state.combatants.values()} == {"Brawler 1", "Brawler 2"}


def _json_twice(state: BindingsState) -> BindingsState:
    data = json.loads(json.dumps(BINDINGS.state_to_json(state)))
    return BINDINGS.state_from_json(data)


def test_state_survives_json_mid_push_and_mid_move():
    m = duel(a=dict(sheet="aeromancer", x=0, y=0, base_speed=30), b=dict(x=2, y=0))
    m.force_dice([6, 6, 3, 6, 6, 6])
    act(m, UseMove("a", "air_blast", (2, 0)))
    if m.state.pending:
        back = _json_twice(m.state)
        assert back.pending == m.state.pending and back.attacks == m.state.attacks
        p = m.state.pending[-1]
        from game.engine.systems.bindings.actions import Defend
        act(m, Defend("b", p.data["attack"], None))
    act(m, EndTurn())
    act(m, StartMovement("b", "move", where(m, "b")))
    back = _json_twice(m.state)
    assert back.to_json() == m.state.to_json()
    assert back.pushbacks == m.state.pushbacks and back.movements == m.state.movements
    assert isinstance(back.pushbacks[0].source, tuple)
    assert BINDINGS.legal_actions(back) == BINDINGS.legal_actions(m.state)


def test_damaged_saves_are_refused_clearly():
    m = duel()
    data = BINDINGS.state_to_json(m.state)
    for broken in ({**data, "version": 99}, {**data, "combatants": {"a": {"id": "a"}}}, [], {}):
        with pytest.raises(ConfigError, match="damaged"):
            BINDINGS.state_from_json(broken)


def test_view_is_an_independent_copy():
    m = duel()
    v = BINDINGS.view(m.state, 1)
    v.combatants["a"].x = 9
    assert where(m, "a") == (0, 0)
    assert v.board is m.state.board                      # the board never changes: shared


def test_invariants_catch_broken_states():
    m = duel()
    assert BINDINGS.check_invariants(m.state) == []
    s = copy.deepcopy(m.state)
    s.combatants["b"].x, s.combatants["b"].y = 0, 0
    s.combatants["a"].spent = ["full", "move"]
    s.combatants["a"].swifts = 3
    problems = " | ".join(BINDINGS.check_invariants(s))
    assert "share the hex" in problems and "BND-36" in problems and "BND-37" in problems


def test_illegal_actions_say_why():
    m = duel()
    with pytest.raises(IllegalAction, match="not .*'s turn"):
        m.submit(StartMovement("b", "move", (3, 0)))
    act(m, StartMovement("a", "move", (0, 1)))
    with pytest.raises(IllegalAction):
        m.submit(MoveTo("a", (9, 6)))
    assert m.decision.actor == "a"


def test_decision_prompts_name_the_budget():
    m = duel()
    d = m.decision
    assert d.stage == "act" and d.seat == 0 and "segment 1" in d.prompt
    run_to(m, 1, 2, "a")
    act(m, UseMove("a", "brace"))
    assert "Move left" in m.decision.prompt and "2 Swifts" in m.decision.prompt


def test_legal_actions_are_quick_to_list_twice():
    """The reachable-hex cache: asking again for the same position reuses the search."""
    from game.engine.systems.bindings import movement
    m = duel()
    first = movement.reachable(m.state, "a", "move")
    assert movement.reachable(copy.deepcopy(m.state), "a", "move") is first

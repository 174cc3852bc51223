"""Gems content (sheets, items, abilities, teams, presentation), the pp builder (GEM-03,
GEM-GM-11), map set-up and checks, saving, invariants and the legal/validate contract."""
from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path

import pytest

from game import paths
from game.engine.actions import EndTurn
from game.engine.ai.base import RandomBot
from game.engine.boards import Board, MapObject
from game.engine.match import Match
from game.engine.rng import Rng
from game.engine.rules import ConfigError, MatchConfig
from game.engine.systems.gems import actions as A
from game.engine.systems.gems.content import (ContentError, content, cpr_cost, load_content,
                                              sheet_cost)
from game.engine.systems.gems.house import HOUSE_RULES
from game.engine.systems.gems.rules import describe_tile
from game.engine.systems.gems.system import GEMS, example_setup, teams_for_map
from game.engine.systems.gems.verbs import VERBS

from .gemtools import match, open_field, unit

DATA = paths.data_dir() / "gems"


def test_all_content_loads_and_covers_the_brief():
    c = load_content()
    sheets = c.sheets.values()
    assert len(c.sheets) >= 6
    assert {s["size"] for s in sheets} >= {1, 2}
    assert any(s["fms"] > 0 for s in sheets)
    assert any(s["blocking"] for s in sheets) and any(not s["blocking"] for s in sheets)
    assert any(s["disarming"] for s in sheets) and any(not s["disarming"] for s in sheets)
    assert any(s["arms"] == 4 for s in sheets)
    assert any(s["weapons"] for s in sheets) and any(s["abilities"] for s in sheets)
    assert any(i["hardlight"] for i in c.items.values())
    assert {a["verb"] for a in c.abilities.values()} == set(VERBS)


def test_presentation_covers_every_sheet_and_item():
    for name, ids in (("sheets.toml", content().sheets), ("items.toml", content().items)):
        with open(paths.assets_dir() / "gems" / name, "rb") as fh:
            look = tomllib.load(fh)
        missing = set(ids) - set(look)
        assert not missing, f"assets/gems/{name} lacks {sorted(missing)}"
        for key, entry in look.items():
            assert key in ids or key == "gemstone", f"assets/gems/{name}: {key} is unknown"
            assert entry["colour"].startswith("#") and len(entry["colour"]) == 7


@pytest.mark.parametrize("file,section,key", [
    ("sheets.toml", "sheets.garnet", "armz"),
    ("items.toml", "items.rock", "weight"),
    ("abilities.toml", "abilities.mend", "power"),
    ("teams.toml", "teams.wanderers", "leader"),
])
def test_schemas_reject_unknown_keys_naming_file_and_key(tmp_path: Path, file, section, key):
    folder = tmp_path / "gems"
    shutil.copytree(DATA, folder)
    text = (folder / file).read_text()
    text = text.replace(f"[{section}]\n", f"[{section}]\n{key} = 1\n")
    (folder / file).write_text(text)
    with pytest.raises(ContentError) as err:
        load_content(folder)
    assert file in str(err.value) and repr(key) in str(err.value)


@pytest.mark.parametrize("file,old,new,words", [
    ("items.toml", "[items.rock]\nname = \"Rock\"\nsize = 0.5\ndamage = 2",
     "[items.rock]\nname = \"Rock\"\nsize = 0.5\ndamage = \"2\"",
     ["[items.rock]", "key 'damage' has the wrong type", "expected an integer, got text"]),
    ("items.toml", "size = 0.5", "size = true", ["[items.rock]", "key 'size' has the wrong type"]),
    ("sheets.toml", 'weapons = ["hardlight_blade"]', 'weapons = ["hardlight_blade", 3]',
     ["[sheets.garnet]", "key 'weapons' has the wrong type", "at weapons[1]"]),
    ("sheets.toml", "budget = 20", 'budget = "lots"', ["sheets.toml [costs]", "key 'budget'"]),
    ("sheets.toml", "budget = 20", "budget = 20\nrebate = 1", ["[costs]", "unknown key 'rebate'"]),
    ("abilities.toml", 'name = "Mend"\nkind = "active"', 'name = "Mend"',
     ["[abilities.mend]", "missing required key 'kind'"]),
    ("teams.toml", 'name = "Wanderers"\n', "",
     ["[teams.wanderers]", "missing required key 'name'"]),
])
def test_schemas_name_file_entry_and_key_for_wrong_types_and_missing_keys(tmp_path: Path, file,
                                                                           old, new, words):
    folder = tmp_path / "gems"
    shutil.copytree(DATA, folder)
    text = (folder / file).read_text()
    assert old in text
    (folder / file).write_text(text.replace(old, new, 1))
    with pytest.raises(ContentError) as err:
        load_content(folder)
    assert str(folder / file) in str(err.value)
    for w in words:
        assert w in str(err.value), str(err.value)


def test_content_cross_references_are_checked(tmp_path: Path):
    folder = tmp_path / "gems"
    shutil.copytree(DATA, folder)
    text = (folder / "abilities.toml").read_text().replace('verb = "heal"', 'verb = "explode"')
    (folder / "abilities.toml").write_text(text)
    with pytest.raises(ContentError, match="explode"):
        load_content(folder)


@pytest.mark.rule("GEM-03")
def test_GEM_TV_05_cpr_costs_two_pp_per_rank():
    assert cpr_cost(0, 1) == 2
    assert cpr_cost(0, 4) == 8
    assert cpr_cost(2, 3) == 2
    with pytest.raises(ValueError):
        cpr_cost(3, 1)


@pytest.mark.rule("GEM-03")
@pytest.mark.rule("GEM-GM-11")
def test_GM_11_sheets_fit_the_budget_and_over_budget_sheets_are_refused(tmp_path: Path):
    c = content()
    assert c.costs["budget"] == 20 and c.costs["cpr_rank"] == 2
    for sid, s in c.sheets.items():
        assert sheet_cost(s, c.costs) <= c.costs["budget"], sid
    folder = tmp_path / "gems"
    shutil.copytree(DATA, folder)
    text = (folder / "sheets.toml").read_text().replace(
        '[sheets.garnet]\nname = "Garnet"', '[sheets.garnet]\nname = "Garnet"\nspr = 9\nfms = 5')
    text = text.replace("cpr = 3\nblocking = true\nweapons = [\"hardlight_blade\"]",
                        "cpr = 6\nblocking = true\nweapons = [\"hardlight_blade\"]", 1)
    (folder / "sheets.toml").write_text(text)
    with pytest.raises(ContentError, match="over the budget"):
        load_content(folder)


def test_every_map_has_two_teams_and_both_maps_set_up():
    for name in ("gems_riverbend.tmx", "gems_quarry.tmx"):
        teams = teams_for_map(name)
        assert len(teams) >= 2
        m = Match.new(MatchConfig("gems", 3, map=name, setup={"teams": teams[:2]}))
        assert not GEMS.check_invariants(m.state)
        sides = {u.side for u in m.state.units.values()}
        assert sides == {0, 1}
        assert len(m.state.units) == sum(len(content().teams[t]["members"]) for t in teams[:2])


def test_bundled_maps_pass_the_gems_checks():
    from game.engine.boards.tmx import load_board
    problems = []
    for name in ("gems_riverbend.tmx", "gems_quarry.tmx"):
        problems += [str(p) for p in GEMS.check_map(load_board(paths.resolve_map(name)))]
    assert problems == []


def test_check_map_lists_every_gems_problem():
    board = Board.from_rows(["..", ".."], objects=[
        MapObject(1, "s", "spawn", 0, 0, "spawns", {"side": 3, "slot": 0, "sheet": "nobody"}),
        MapObject(2, "i", "item", 1, 1, "items", {"kind": "anvil", "size": "big"}),
    ])
    board.cells[0][1]["elevation"] = 1.5
    board.cells[1][0].update({"water": True, "current_dir": "UP"})
    text = " | ".join(str(p) for p in GEMS.check_map(board))
    for bit in ("side must be 0 or 1", "unknown sheet 'nobody'", "unknown kind 'anvil'",
                "size must be a positive number", "elevation must be a whole number",
                "current_dir 'UP'", "no spawn for side 0", "no spawn for side 1"):
        assert bit in text


def test_bad_setups_are_refused_with_clear_reasons():
    with pytest.raises(ConfigError, match="unknown sheet 'quartzz'"):
        match(open_field(), [unit("a", 0, 0, sheet="quartzz"), unit("b", 3, 3, side=1)])
    with pytest.raises(ConfigError, match="unknown override 'wings'"):
        match(open_field(), [unit("a", 0, 0, wings=2), unit("b", 3, 3, side=1)])
    with pytest.raises(ConfigError, match="solid"):
        match(["#...", "...."], [unit("a", 0, 0), unit("b", 3, 1, side=1)])
    with pytest.raises(ConfigError, match="both sides"):
        match(open_field(), [unit("a", 0, 0), unit("b", 3, 3)])
    with pytest.raises(ConfigError, match="override 'cpr' has the wrong type"):
        match(open_field(), [unit("a", 0, 0, cpr="3"), unit("b", 3, 3, side=1)])
    with pytest.raises(ConfigError, match="above max_hp"):
        match(open_field(), [unit("a", 0, 0, hp=30, max_hp=20), unit("b", 3, 3, side=1)])
    with pytest.raises(ConfigError, match="unknown kind"):
        match(open_field(), [unit("a", 0, 0), unit("b", 3, 3, side=1)],
              items=[{"id": "g", "kind": "gemstone", "x": 1, "y": 1}])


def test_gems_sharing_a_sheet_get_told_apart():
    m = match(open_field(), [unit("a", 0, 0), unit("b", 3, 3, side=1), unit("c", 5, 5, side=1,
                                                                            sheet="onyx")])
    assert [m.state.units[k].name for k in ("a", "b", "c")] == ["Garnet 1", "Garnet 2", "Onyx"]


def test_house_rules_name_their_checklist_entries():
    ids = [h.id for h in HOUSE_RULES]
    assert len(ids) == len(set(ids))
    for h in HOUSE_RULES:
        assert h.rule.startswith("GEM-GM-") and h.default in [c for c, _ in h.choices]
    readme = (Path(__file__).resolve().parents[2] / "game/engine/systems/gems/README.md").read_text()
    for h in HOUSE_RULES:
        assert f"`{h.id}`" in readme, f"README does not list house rule {h.id}"


def _play(m: Match, steps: int, seed: int) -> None:
    bot, rng = RandomBot(), Rng.from_seed(seed)
    for _ in range(steps):
        if m.over:
            return
        legal = m.legal_actions()
        for a in legal[:: max(1, len(legal) // 12)]:
            assert GEMS.validate(m.state, a) is None, a
        m.submit(bot.choose(m.view(0), legal, rng))
        assert GEMS.check_invariants(m.state) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_random_play_keeps_invariants_and_legal_actions_validate(seed):
    m = Match.new(MatchConfig("gems", seed, setup=example_setup()))
    _play(m, 150, seed)


@pytest.mark.parametrize("house", [
    {"initiative": "each_round", "diagonal_cost": "alternating", "fall_slots": "ends_turn"},
    {"move_elevation": "in_move", "flight_free_change": "unlimited", "pickup_reach": "any",
     "hp_per_size": 10, "fall_formula": "literal", "truce_length": "encounter"},
])
def test_random_play_with_house_rules_keeps_invariants(house):
    m = Match.new(MatchConfig("gems", 5, house_rules=dict(house), setup=example_setup()))
    _play(m, 120, 5)


def test_save_and_load_mid_game_round_trips():
    m = Match.new(GEMS.example_config(4))
    _play(m, 40, 4)
    data = json.loads(json.dumps(GEMS.state_to_json(m.state)))
    assert "board" not in data
    back = GEMS.state_from_json(data)
    assert GEMS.state_to_json(back) == data
    assert back.board.width == m.state.board.width
    assert GEMS.legal_actions(back) == GEMS.legal_actions(m.state)
    with pytest.raises(ConfigError, match="damaged"):
        GEMS.state_from_json({"units": 3})


def test_same_seed_same_game():
    def run():
        m = Match.new(MatchConfig("gems", 9, setup=example_setup()))
        _play(m, 60, 9)
        return GEMS.state_to_json(m.state)
    assert run() == run()


@pytest.mark.rule("GEM-GM-32")
def test_concede_and_end_of_encounter():
    m = match(open_field(), [unit("a", 0, 0), unit("b", 3, 3, side=1)])
    from game.engine.actions import Concede
    assert m.legal_actions()[-1] == Concede(0)          # offered to the deciding seat, last
    assert Concede(1) not in m.legal_actions()
    assert GEMS.validate(m.state, Concede(1)) == "only the seat that is deciding may concede"
    out = m.submit(Concede(0))
    assert m.over and m.winner == 1 and out.decision is None and m.legal_actions() == []


def test_concede_is_listed_for_the_defender_answering_a_stage_and_random_bots_never_pick_it():
    from game.engine.actions import Concede
    m = match(open_field(), [unit("a", 0, 0, blocking=False),
                             unit("b", 1, 0, side=1, blocking=True, held=["rock"])])
    m.submit(A.Ready("a"))
    m.submit(A.AssignArm("a", 0, (1, 0), "melee"))
    m.force_dice([19])
    out = m.submit(A.Strike("a"))
    assert out.decision.seat == 1 and out.decision.stage == "choose_counters"
    legal = m.legal_actions()
    assert legal[-1] == Concede(1) and Concede(0) not in legal
    assert Concede.surrender and not getattr(legal[0], "surrender", False)
    bot, rng = RandomBot(), Rng.from_seed(3)
    assert all(not isinstance(bot.choose(None, legal, rng), Concede) for _ in range(200))
    assert bot.choose(None, [Concede(1)], rng) == Concede(1)   # the last resort still works


def test_example_config_plays_and_describe_tile():
    cfg = GEMS.example_config(0)
    m = Match.new(cfg)
    assert m.decision is not None and EndTurn() in m.legal_actions()
    u = m.state.units[m.decision.actor]
    info = describe_tile(m.state, u.x, u.y)
    assert u.id in [o["id"] for o in info["occupants"]] and info["capacity"] == 2
    assert describe_tile(m.state, -1, 0) == {"x": -1, "y": 0, "in_bounds": False}
    water = [(x, y) for x, y in m.state.board.coords() if m.state.board.prop(x, y, "water")]
    if water:
        assert describe_tile(m.state, *water[0])["water"]


def test_validate_reasons_read_like_a_player_would_say_them():
    m = match(open_field(), [unit("g", 1, 1), unit("foe", 6, 6, side=1, sheet="jasper")])
    m.submit(A.Move("g", (2, 2)))
    m.submit(A.Move("g", (3, 3)))
    assert GEMS.validate(m.state, A.Summon("g", "hardlight_blade", 0)) == \
        "Garnet has no Action Slots left"


def test_hex_maps_are_not_for_gems():
    board = Board.from_rows(["...", "..."])
    board.orientation = "hexagonal"
    problems = GEMS.check_map(board)
    assert len(problems) == 1 and "square grids" in str(problems[0])
    from game.engine.boards.tmx import load_board
    for p in paths.maps_dir().glob("*.tmx"):
        if load_board(p).orientation != "orthogonal":
            with pytest.raises(ConfigError, match="square grids"):
                Match.new(MatchConfig("gems", 1, map=p.name, setup={"units": [
                    unit("a", 0, 0), unit("b", 1, 1, side=1)]}))


def _candidates(state) -> list:
    """A broad set of turn actions for the acting gem, legal or not."""
    u = state.units[state.acting]
    near = [(u.x + dx, u.y + dy) for dx in range(-6, 7) for dy in range(-6, 7)]
    out: list = []
    for t in near:
        out += [A.Move(u.id, t), A.Climb(u.id, t), A.Drop(u.id, t), A.Fly(u.id, t)]
    out += [A.ChangeAltitude(u.id, h) for h in range(0, 14)]
    for ident in list(state.items) + list(state.units):
        out += [A.PickUp(u.id, ident), A.DropItem(u.id, ident), A.Dismiss(u.id, ident),
                A.Shatter(u.id, ident), A.Negotiate(u.id, ident)]
    for w in ("hardlight_blade", "hardlight_bow", "hardlight_hammer", "rock"):
        out += [A.Summon(u.id, w, arm) for arm in range(5)]
    for ab in content().abilities:
        out += [A.UseAbility(u.id, ab, None), A.EndAbility(u.id, ab)]
        out += [A.UseAbility(u.id, ab, t) for t in near if max(abs(t[0] - u.x), abs(t[1] - u.y)) <= 3]
    return out


@pytest.mark.parametrize("seed", [3, 11])
def test_legal_actions_are_exactly_the_turn_actions_validate_accepts(seed):
    m = Match.new(MatchConfig("gems", seed, setup=example_setup()))
    bot, rng = RandomBot(), Rng.from_seed(seed)
    checked = 0
    for step in range(160):
        if m.over:
            break
        legal = m.legal_actions()
        if step % 8 == 0 and not m.state.pending and not m.state.ready_open:
            legal_set = set(legal)
            for a in _candidates(m.state):
                ok = GEMS.validate(m.state, a) is None
                assert ok == (a in legal_set), (a, GEMS.validate(m.state, a))
                checked += 1
        m.submit(bot.choose(m.view(0), legal, rng))
    assert checked > 1000


def test_broken_spawns_on_an_inline_map_are_refused_clearly():
    grid = {"rows": ["....", "...."], "objects": [
        {"type": "spawn", "x": 0, "y": 0, "properties": {"side": "zero", "slot": 0}},
        {"type": "spawn", "x": 3, "y": 1, "properties": {"side": 1, "slot": 0}}]}
    with pytest.raises(ConfigError, match="spawn 0: side must be 0 or 1, not 'zero'"):
        Match.new(MatchConfig("gems", 1, setup={"grid": grid, "teams": ["wanderers", "drifters"]}))
    grid["objects"][0]["properties"]["side"] = 0
    grid["objects"].append({"type": "spawn", "x": 1, "y": 0, "properties": {"side": 0, "slot": 1}})
    grid["objects"].append({"type": "spawn", "x": 2, "y": 1, "properties": {"side": 1, "slot": 1}})
    m = Match.new(MatchConfig("gems", 1, setup={"grid": grid, "teams": ["wanderers", "drifters"]}))
    assert sorted((u.side, u.x, u.y) for u in m.state.units.values()) == \
        [(0, 0, 0), (0, 1, 0), (1, 2, 1), (1, 3, 1)]


# --- held items at set-up -----------------------------------------------------------------------

def _two_rocks() -> Match:
    setup = {"grid": {"rows": ["." * 6] * 6},
             "units": [{"id": "a", "sheet": "garnet", "side": 0, "x": 1, "y": 1,
                        "overrides": {"held": ["rock", "rock"]}},
                       {"id": "b", "sheet": "garnet", "side": 1, "x": 4, "y": 4}]}
    return Match.new(MatchConfig("gems", 5, setup=setup, setup_dice=[20, 1]))


def test_two_held_items_of_one_kind_get_their_own_ids():
    m = _two_rocks()
    a = m.state.units["a"]
    first, second = a.arms[0].holding, a.arms[1].holding
    assert first and second and first != second
    assert m.state.items[first].held_by == "a" and m.state.items[second].held_by == "a"
    assert GEMS.check_invariants(m.state) == []
    # dropping one rock leaves the other in her hand
    m.submit(A.DropItem("a", first))
    assert m.state.units["a"].held_objects() == [second]
    assert m.state.items[first].held_by is None and GEMS.check_invariants(m.state) == []


def test_invariants_catch_one_item_in_two_arms_and_dangling_ids():
    m = _two_rocks()
    state = m.state
    a = state.units["a"]
    first, second = a.arms[0].holding, a.arms[1].holding
    a.arms[1].holding = first                       # the old set-up bug: both arms, one item
    state.items[second].held_by = None
    assert any("both hold" in p for p in GEMS.check_invariants(state))
    a.arms[1].holding = "nowhere"
    assert any("unknown item 'nowhere'" in p for p in GEMS.check_invariants(state))
    a.arms[1].holding = None
    state.items["b"] = state.items.pop(second)      # an item id that is also a unit's
    problems = GEMS.check_invariants(state)
    assert any("also a unit id" in p for p in problems)
    assert any("calls itself" in p for p in problems)


# --- inline grids get the map checks --------------------------------------------------------

@pytest.mark.parametrize("props, named", [
    ({"water": True, "current_dir": "east"}, "current_dir 'east'"),
    ({"elevation": "high"}, "elevation must be a whole number, not 'high'"),
    ({"water": True, "water_penalty": 1.5}, "water_penalty must be a whole number, not 1.5"),
    ({"solid": "yes"}, "solid must be true or false"),
])
def test_inline_grid_with_a_bad_property_value_is_refused_naming_cell_and_value(props, named):
    rows = ["......", "..c...", "......"]
    with pytest.raises(ConfigError) as err:
        match(rows, [unit("a", 0, 0), unit("b", 5, 2, side=1)], legend={"c": props})
    assert "inline grid (2, 1)" in str(err.value) and named in str(err.value)


def test_inline_grid_with_good_currents_and_a_bad_item_object():
    rows = ["..c...", "......"]
    m = match(rows, [unit("a", 0, 0), unit("b", 5, 1, side=1)],
              legend={"c": {"water": True, "current_dir": "ne", "current_threshold": 12}})
    assert m.state.board.prop(2, 0, "current_dir") == "ne"
    setup = {"grid": {"rows": ["......", "......"], "objects": [{"type": "item", "x": 3, "y": 1,
                                                   "properties": {"kind": "boulderish"}}]},
             "units": [unit("a", 0, 0), unit("b", 5, 1, side=1)]}
    with pytest.raises(ConfigError, match="unknown kind 'boulderish'"):
        Match.new(MatchConfig("gems", 1, setup=setup))

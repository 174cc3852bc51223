"""Board building: an inline grid wins over a map, a map of the wrong shape or a missing one is
the system's own set-up error, and a grid's unknown keys or bad rows are refused; the example
match takes the first bundled map offering two teams, else the inline set-up."""
from __future__ import annotations

import pytest

from game.engine.boards import Board
from game.engine.rules import ConfigError
from game.engine.tactics import boardbuild
from game.engine.tactics.boardbuild import build_board, example_match, grid_rows, rows_board


def err(msg: str) -> ConfigError:
    return ConfigError(f"toy set-up: {msg}")


def inline(grid: dict) -> Board:
    return rows_board(grid_rows(grid, ("rows",), err), None, None, [], err)


def build(map_name, grid, orientation="orthogonal"):
    return build_board(map_name, grid, orientation=orientation, from_grid=inline, error=err,
                       missing="needs a map or a grid",
                       wrong_shape="{path}: toy plays on squares, not {orientation} maps")


def test_an_inline_grid_wins_over_a_map():
    board, source = build("gems_riverbend.tmx", {"rows": ["..", ".."]})
    assert source == "inline" and (board.width, board.height) == (2, 2)


def test_a_map_of_the_right_shape_loads_by_name():
    board, source = build("gems_riverbend.tmx", None)
    assert source == "gems_riverbend.tmx" and board.orientation == "orthogonal"


def test_a_map_of_the_wrong_shape_or_none_at_all_is_a_setup_error():
    with pytest.raises(ConfigError, match="toy plays on squares, not hexagonal maps"):
        build("bindings_pass.tmx", None)
    with pytest.raises(ConfigError, match="toy set-up: needs a map or a grid"):
        build(None, None)
    with pytest.raises(ConfigError, match="no_such_map"):
        build("no_such_map.tmx", None)


def test_a_grid_with_unknown_keys_or_no_rows_is_refused():
    with pytest.raises(ConfigError, match="unknown key 'colour'"):
        grid_rows({"rows": ["."], "colour": 1}, ("rows",), err)
    with pytest.raises(ConfigError, match="rows"):
        grid_rows({"rows": []}, ("rows",), err, need_rows=True)
    with pytest.raises(ConfigError, match="rows"):
        grid_rows(["."], ("rows",), err)
    with pytest.raises(ConfigError, match="toy set-up"):
        rows_board(["..", "."], None, None, [], err)          # ragged rows


def test_the_example_match_plays_on_the_first_present_map_with_two_teams(tmp_path, monkeypatch):
    monkeypatch.setattr(boardbuild, "maps_dir", lambda: tmp_path)
    for name in ("one_team.tmx", "two_teams.tmx", "later.tmx"):
        (tmp_path / name).write_text("<map/>", encoding="utf-8")
    teams = {"one_team.tmx": ["a"], "two_teams.tmx": ["b", "c", "d"], "later.tmx": ["e", "f"]}
    cfg = example_match("toy", 7, ("absent.tmx", "one_team.tmx", "two_teams.tmx", "later.tmx"),
                        teams.__getitem__, lambda: {"grid": "unused"})
    assert (cfg.system, cfg.seed, cfg.map) == ("toy", 7, "two_teams.tmx")
    assert cfg.setup == {"teams": ["b", "c"]}
    assert [(s.kind, s.name) for s in cfg.seats] == [("human", "Player 1"), ("ai", "Computer")]


def test_without_its_maps_the_example_match_uses_the_inline_set_up(tmp_path, monkeypatch):
    monkeypatch.setattr(boardbuild, "maps_dir", lambda: tmp_path)
    cfg = example_match("toy", 1, ("absent.tmx",), lambda name: ["x", "y"],
                        lambda: {"grid": {"rows": ["..."]}})
    assert cfg.map is None and cfg.setup == {"grid": {"rows": ["..."]}}

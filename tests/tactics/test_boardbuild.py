"""Board building: an inline grid wins over a map, a map of the wrong shape or a missing one is
the system's own set-up error, and a grid's unknown keys or bad rows are refused."""
from __future__ import annotations

import pytest

from game.engine.boards import Board
from game.engine.rules import ConfigError
from game.engine.tactics.boardbuild import build_board, grid_rows, rows_board


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

"""RPGStuck terrain: reading a map's squares and lights into a Field (B-24, SM-15, RS-101), and
the corner-line walk the cover rule stands on (tactics/lines.py, B-23)."""
from __future__ import annotations

from pathlib import Path

import pytest

import game
from game.engine.boards.board import Board, BoardError, MapObject
from game.engine.boards.tmx import load_board
from game.engine.systems.rpgstuck import mapcheck, terrain
from game.engine.systems.rpgstuck.terrain import (BRIGHT, DARK, DIM, Field, LightSource,
                                                  field_of)
from game.engine.tactics.lines import corner_lines_blocked, corner_segment_steps


def light_rows(f: Field) -> list[str]:
    mark = {"bright": "B", "dim": "d", "dark": "."}
    return ["".join(mark[f.light_at((x, y))] for x in range(f.width)) for y in range(f.height)]


@pytest.mark.rule("RS-B-24", "RS-SM-15")
def test_missing_properties_take_the_defaults():
    board = Board.from_rows(["..", ".."], {".": {}})
    f = Field.from_board(board)
    c = (1, 1)
    assert (f.is_wall(c), f.cover_at(c), f.terrain_at(c), f.light_at(c), f.elevation_at(c),
            f.pit_depth_at(c)) == (False, "none", "normal", "bright", 0, 0)


@pytest.mark.rule("RS-B-24", "RS-SM-15")
def test_every_property_of_the_contract_is_read_from_the_board():
    legend = {"a": {"wall": True}, "b": {"cover": "threequarter", "light": "dim"},
              "c": {"terrain": "swim", "elevation_ft": -5}, "d": {"pit_depth_ft": 20,
                                                                   "elevation_ft": 10}}
    f = Field.from_board(Board.from_rows(["abcd"], legend))
    assert f.is_wall((0, 0)) and f.is_solid((0, 0)) and f.blocks_sight((0, 0))
    assert f.cover_at((1, 0)) == "threequarter" and f.is_solid((1, 0))
    assert not f.blocks_sight((1, 0))
    assert f.terrain_at((2, 0)) == "swim" and f.floor_at((2, 0)) == -5
    assert (f.elevation_at((3, 0)), f.pit_depth_at((3, 0)), f.floor_at((3, 0))) == (10, 20, -10)


@pytest.mark.rule("RS-B-23", "RS-B-24")
def test_full_cover_objects_stop_sight_and_the_edge_is_a_hard_surface():
    f = Field.from_rows(["F."])
    assert f.blocks_sight((0, 0)) and f.is_solid((0, 0))
    assert f.blocks_sight((-1, 0)) and f.is_solid((2, 0)) and f.is_solid((0, 1))


@pytest.mark.parametrize("props, word", [
    ({"cover": "quarter"}, "cover"), ({"terrain": "lava"}, "terrain"),
    ({"light": "gloom"}, "light"), ({"wall": "yes"}, "wall"),
    ({"elevation_ft": 2.5}, "elevation_ft"), ({"pit_depth_ft": -5}, "pit_depth_ft")])
@pytest.mark.rule("RS-B-24")
def test_a_value_outside_the_contract_is_refused_with_its_square(props, word):
    with pytest.raises(BoardError, match=rf"square \(1, 0\).*{word}"):
        Field.from_board(Board.from_rows([".x"], {".": {}, "x": props}))


@pytest.mark.rule("RS-101", "RS-B-24", "RS-SM-15")
def test_a_light_source_lights_bright_then_dim_and_leaves_the_rest_dark():
    # A 20/20 ft lamp (the B-24 default) in a dark room 11 squares wide: 4 squares bright on
    # each side (20 ft), 4 more dim, the last ones dark. Chebyshev distance (B-14).
    f = Field.from_rows(["%" * 11], lights=[LightSource(0, 0)])
    assert light_rows(f) == ["BBBBBdddd.."]
    lamp = MapObject(1, "lamp", "light", 5, 0, "lights", {"bright_ft": 5, "dim_ft": 5})
    f2 = Field.from_board(Board.from_rows(["%" * 11], {"%": {"light": "dark"}}, objects=[lamp]))
    assert light_rows(f2) == ["...dBBBd..."]


@pytest.mark.rule("RS-101")
def test_a_source_only_raises_the_light():
    # bright on its own square only (0 ft), dim 5 ft further: the bright row stays bright
    f = Field.from_rows([":::::", "BBBBB"], legend={"B": {}}, lights=[LightSource(0, 0, 0, 5)])
    assert light_rows(f) == ["Bdddd", "BBBBB"]
    assert f.lit[f.index((4, 1))] == BRIGHT and f.lit[f.index((4, 0))] == DIM


@pytest.mark.rule("RS-101", "RS-B-23")
def test_walls_keep_a_lamp_in_its_own_room():
    f = Field.from_rows(["%%#%%", "%%#%%", "%%#%%"], lights=[LightSource(0, 1)])
    rows = light_rows(f)
    assert [r[3:] for r in rows] == ["..", "..", ".."]
    assert [r[:2] for r in rows] == ["BB", "BB", "BB"]
    assert f.lit[f.index((4, 1))] == DARK


@pytest.mark.rule("RS-SM-15")
def test_the_field_of_a_board_is_read_once():
    board = Board.from_rows(["..."], {".": {}})
    assert field_of(board) is field_of(board)
    other = Board.from_rows(["..."], {".": {}})
    assert field_of(other) is not field_of(board)


# -- the corner-line walk (generic, tactics/lines.py) ---------------------------------------------
def test_a_corner_segment_lists_the_cells_it_crosses():
    assert corner_segment_steps((0, 0), (2, 1)) == [((0, 0),), ((1, 0),)]
    # exactly through the corner (1, 1): the two cells beside it are one step
    assert corner_segment_steps((0, 0), (2, 2)) == [((0, 0),), ((1, 0), (0, 1)), ((1, 1),)]
    # along a grid line: the cells on either side of each stretch
    assert corner_segment_steps((3, 2), (3, 0)) == [((2, 1), (3, 1)), ((2, 0), (3, 0))]
    assert corner_segment_steps((0, 0), (2, 0)) == [((0, -1), (0, 0)), ((1, -1), (1, 0))]


def test_corner_segments_are_the_same_walk_from_either_end():
    for q in [(3, 1), (-2, 5), (4, 4), (0, 3), (-3, 0), (5, -2)]:
        ahead = {frozenset(s) for s in corner_segment_steps((1, 1), (1 + q[0], 1 + q[1]))}
        back = {frozenset(s) for s in corner_segment_steps((1 + q[0], 1 + q[1]), (1, 1))}
        assert ahead == back


@pytest.mark.rule("RS-B-23")
def test_corner_lines_count_from_the_best_attacker_corner():
    def walls(*cells):
        return lambda c: c in cells
    assert corner_lines_blocked((0, 0), (2, 0), walls()) == 0
    assert corner_lines_blocked((0, 0), (2, 0), walls((1, 0))) == 2
    assert corner_lines_blocked((0, 0), (2, 0), walls((1, -1), (1, 0), (1, 1))) == 4
    assert corner_lines_blocked((0, 0), (2, 0), walls((1, -1))) == 0
    # the end squares never block
    assert corner_lines_blocked((0, 0), (2, 0), walls((0, 0), (2, 0))) == 0


@pytest.mark.rule("RS-B-24", "RS-SM-15")
@pytest.mark.parametrize("name", ["rpgstuck_crypt.tmx", "rpgstuck_ravine.tmx"])
def test_the_shipped_maps_read_into_fields(name):
    path = Path(game.__file__).resolve().parent.parent / "maps" / name
    board = load_board(path)
    f = field_of(board)
    assert (f.width, f.height) == (board.width, board.height)
    assert f.sources, "the shipped maps have light sources"
    assert {f.light_at(c) for c in f.cells()} == {"bright", "dim", "dark"}


def test_the_map_checker_allows_exactly_the_values_the_field_reads():
    assert set(mapcheck.COVER) == set(terrain.COVERS)
    assert set(mapcheck.TERRAIN) == set(terrain.TERRAINS)
    assert set(mapcheck.LIGHT) == set(terrain.LIGHTS)

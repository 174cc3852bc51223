"""Rpgstuck map checks on small broken maps: each slip a map maker can make gives a problem that
names the place to fix it (the square, the tile layer and the tile that set the value)."""
from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest

from game.engine.boards import Board, MapObject, load_board
from game.engine.systems.rpgstuck import mapcheck
from tests.maps.mapgen import check_map, edited_spawns, point, prop, spawn

W, H = 16, 8

PARTY = [(1, y) for y in range(1, 7)]
MONSTERS = [(10, 1, 3)] + [(14, y, 1) for y in range(1, 6)]


def light(oid: int, x: int, y: int, cls: str = "light", **radii: object) -> str:
    return point(oid, f"torch{oid}", cls, x, y, **radii)


def default_spawns() -> list[str]:
    out = [spawn(100 + i, 0, i, x, y) for i, (x, y) in enumerate(PARTY)]
    out += [spawn(200 + i, 1, i, x, y, size) for i, (x, y, size) in enumerate(MONSTERS)]
    return out


def make_map(folder: Path, tile: str = "", marks: list[tuple[int, int]] = (),
             spawns: list[str] | None = None, lights: list[str] = (), layer_props: str = "",
             orientation: str = "orthogonal") -> Path:
    """A 16x8 map on the rpgstuck tileset image: tile 0 plain floor everywhere on `ground`, tile
    1 (with the properties `tile`) on the `features` layer at `marks`."""
    return check_map(folder, "rpgstuck", ("rpgstuck_terrain.png", 256, 160, 36), W, H,
                     [tile], [("features", list(marks))],
                     [("lights", list(lights)),
                      ("spawns", default_spawns() if spawns is None else spawns)],
                     layer_props=layer_props, orientation=orientation)


def problems(folder: Path, **kw: object) -> list[str]:
    return [str(p) for p in mapcheck.check_map(load_board(make_map(folder, **kw)))]


def one(folder: Path, **kw: object) -> str:
    found = problems(folder, **kw)
    assert len(found) == 1, found
    return found[0]


@pytest.mark.rule("RS-B-24")
def test_the_plain_map_passes(tmp_path):
    assert problems(tmp_path) == []


@pytest.mark.rule("RS-B-24", "RS-112", "RS-113", "RS-114")
def test_a_cover_value_outside_the_list_names_square_layer_and_tile(tmp_path):
    msg = one(tmp_path, tile=prop("cover", "halfway"), marks=[(6, 3)])
    assert "layer 'features' (6, 3)" in msg
    assert "cover is 'halfway'; it must be one of none, half, threequarter, full" in msg
    assert "set by tile 1 of t" in msg


@pytest.mark.rule("RS-B-24", "RS-101", "RS-106")
@pytest.mark.parametrize("bad, words", [
    (prop("terrain", "mud"), "terrain is 'mud'; it must be one of normal, difficult, climb, swim"),
    (prop("light", "twilight"), "light is 'twilight'; it must be one of bright, dim, dark"),
    (prop("wall", "yes"), "wall must be true or false, not 'yes'"),
    (prop("elevation_ft", "high"), "elevation_ft must be a whole number of feet, not 'high'"),
    (prop("elevation_ft", 7), "elevation_ft is 7; heights go in 5 ft steps"),
    (prop("pit_depth_ft", -10), "pit_depth_ft is -10; it must be from 0 to 1000"),
    (prop("label", 3), "label must be text, not 3"),
])
def test_each_square_property_has_its_type_and_values(tmp_path, bad, words):
    msg = one(tmp_path, tile=bad, marks=[(7, 2)])
    assert words in msg and "layer 'features' (7, 2)" in msg


@pytest.mark.rule("RS-B-24")
def test_a_wrong_layer_property_is_one_line_for_the_whole_layer(tmp_path):
    msg = one(tmp_path, layer_props=prop("light", "gloomy"))
    assert "layer 'ground' (0, 0)" in msg
    assert "set by the layer's own properties" in msg
    assert f"and {W * H - 1} more squares like it" in msg


@pytest.mark.rule("RS-B-24", "RS-117", "RS-106", "RS-115")
@pytest.mark.parametrize("tile, words", [
    (prop("wall", True) + prop("terrain", "swim"), "cannot also be water to swim in"),
    (prop("wall", True) + prop("terrain", "climb"), "cannot also be a surface to climb"),
    (prop("wall", True) + prop("pit_depth_ft", 20), "a wall square cannot also be a pit"),
    (prop("cover", "half") + prop("pit_depth_ft", 20), "cannot stand over a pit"),
])
def test_a_square_cannot_say_two_things_that_exclude_each_other(tmp_path, tile, words):
    msg = one(tmp_path, tile=tile, marks=[(6, 6)])
    assert words in msg and "(6, 6)" in msg and "tile 1 of t" in msg


@pytest.mark.rule("RS-B-24", "RS-101")
@pytest.mark.parametrize("radii, words", [
    ({"bright_ft": -5}, "bright_ft is -5; it must be from 0 to 200"),
    ({"dim_ft": 500}, "dim_ft is 500; it must be from 0 to 200"),
    ({"bright_ft": 12}, "bright_ft is 12; light reaches in 5 ft steps"),
    ({"dim_ft": "far"}, "dim_ft must be a whole number of feet, not 'far'"),
    ({"bright_ft": 0, "dim_ft": 0}, "bright_ft and dim_ft are both 0, so it lights nothing"),
])
def test_a_light_has_sane_radii(tmp_path, radii, words):
    msg = one(tmp_path, lights=[light(1, 6, 4, **radii)])
    assert f"layer 'lights' (6, 4): light torch1: {words}" in msg


@pytest.mark.rule("RS-B-24")
def test_a_light_inside_a_wall_and_a_misspelt_light_class_are_reported(tmp_path):
    found = problems(tmp_path, tile=prop("wall", True), marks=[(6, 4)],
                     lights=[light(1, 6, 4), light(2, 7, 4, cls="lite")])
    assert len(found) == 2, found
    assert "light torch1: stands inside a wall" in found[0]
    assert "class 'lite', which rpgstuck does not use; did you mean 'light'?" in found[1]


@pytest.mark.rule("RS-B-24")
def test_a_light_without_radii_takes_the_defaults(tmp_path):
    """Bright 20 ft and a further 20 ft dim (B-24) come from the `light` class defaults."""
    board = load_board(make_map(tmp_path, lights=[light(1, 6, 4)]))
    (torch,) = board.objects_of("light")
    assert torch.properties == {"bright_ft": 20, "dim_ft": 20}
    assert mapcheck.check_lights(board) == []


# the default spawns with side/slot `slot` replaced by `new` (or removed)
edited = partial(edited_spawns, side0=len(PARTY))


@pytest.mark.rule("RS-B-24")
@pytest.mark.parametrize("change, words", [
    ((0, 5), None),
    ((0, 2), "side must be 0 (the party) or 1 (the monsters), not 2"),
    ((0, 3), "slot must be a whole number from 0 to 5, not 6"),
    ((1, 4), "side 1 slot 2 is also used by spawn s1_2"),
])
def test_spawns_give_each_side_slots_0_to_5_once(tmp_path, change, words):
    side, slot = change
    new = {(0, 5): None,
           (0, 2): spawn(102, 2, 2, *PARTY[2]),
           (0, 3): spawn(103, 0, 6, *PARTY[3]),
           (1, 4): spawn(204, 1, 2, 14, 4)}[change]
    found = problems(tmp_path, spawns=edited(default_spawns(), change, new))
    if words is None:
        assert found == [f"{tmp_path / 'rpgstuck_test.tmx'}: side 0 (party) has no spawn for "
                         f"slot 5; rpgstuck needs slots 0 to 5 on each side"]
    else:
        assert any(words in f for f in found), found
        where = {(0, 2): PARTY[2], (0, 3): PARTY[3], (1, 4): (14, 4)}[change]
        assert any(f"layer 'spawns' {where}" in f
                   for f in found), found


@pytest.mark.rule("RS-B-15")
@pytest.mark.parametrize("tile, words", [
    (prop("wall", True), "covers a wall at (11, 2)"),
    (prop("cover", "half") + prop("label", "crate"), "covers a half cover object (crate) at (11, 2)"),
    (prop("terrain", "swim"), "covers water to swim in at (11, 2)"),
    (prop("pit_depth_ft", 10), "covers a pit at (11, 2)"),
    (prop("elevation_ft", 10), "spans several heights (0, 10 ft)"),
])
def test_a_big_monster_footprint_must_be_clear_level_ground(tmp_path, tile, words):
    found = problems(tmp_path, tile=tile, marks=[(11, 2)])
    assert any("layer 'spawns' (10, 1): spawn s1_0: its 3x3 footprint " + words in f
               for f in found), found
    assert any("no monster spawn has room for a Huge creature" in f for f in found), found


@pytest.mark.rule("RS-B-15")
def test_footprints_stay_on_the_map_apart_and_in_range(tmp_path):
    spawns = edited(default_spawns(), (1, 1), spawn(201, 1, 1, 14, 1, size=3))   # off the edge
    spawns = edited(spawns, (1, 2), spawn(202, 1, 2, 12, 3, size=2))            # overlaps slot 0
    spawns = edited(spawns, (1, 3), spawn(203, 1, 3, 14, 3, size=5))            # too big
    found = problems(tmp_path, spawns=spawns)
    assert any("s1_1: its 3x3 footprint runs off the map at (16, 1)" in f for f in found), found
    assert any("s1_2: its 2x2 footprint overlaps spawn s1_0" in f for f in found), found
    assert any("s1_3: size (the footprint in squares a side, B-15) must be 1 to 4, not 5" in f
               for f in found), found


@pytest.mark.rule("RS-B-15")
def test_the_monsters_need_room_for_a_huge_creature(tmp_path):
    spawns = edited(default_spawns(), (1, 0), spawn(200, 1, 0, 10, 1, size=2))
    assert problems(tmp_path, spawns=spawns) == [
        f"{tmp_path / 'rpgstuck_test.tmx'}: no monster spawn has room for a Huge creature: give "
        f"one side 1 spawn size 3 with a clear 3x3 footprint (B-15)"]


@pytest.mark.rule("RS-B-24", "RS-114")
def test_every_spawn_can_reach_the_other_side(tmp_path):
    wall = [(8, y) for y in range(H)]
    msgs = problems(tmp_path, tile=prop("wall", True), marks=wall)
    assert len(msgs) == len(PARTY) + len(MONSTERS), msgs
    assert "(1, 1): a creature at the side 0 spawn (1, 1) cannot get to any side 1 spawn" in msgs[0]
    assert any("a 3x3 creature at the side 1 spawn (10, 1) cannot get" in m for m in msgs)
    # a row of pillars (full cover) cuts it too; water and climbing do not
    assert problems(tmp_path, tile=prop("cover", "full"), marks=wall)
    assert problems(tmp_path, tile=prop("terrain", "swim"), marks=wall) == []
    assert problems(tmp_path, tile=prop("terrain", "climb") + prop("elevation_ft", 20),
                    marks=wall) == []


@pytest.mark.rule("RS-B-15")
def test_a_gap_too_narrow_for_the_huge_monster_is_reported(tmp_path):
    """A wall across the map with a one-square gap lets the party and the small monsters
    through, but not the 3x3 creature of monster slot 0 (B-15 footprints)."""
    wall = [(8, y) for y in range(H) if y != 4]
    msgs = problems(tmp_path, tile=prop("wall", True), marks=wall)
    assert len(msgs) == 1, msgs
    assert "a 3x3 creature at the side 1 spawn (10, 1) cannot get to any side 0 spawn" in msgs[0]


@pytest.mark.rule("RS-B-14")
def test_a_hex_map_is_refused(tmp_path):
    msg = one(tmp_path, orientation="hexagonal", spawns=[])
    assert "rpgstuck plays on square maps, not hexagonal ones" in msg


@pytest.mark.rule("RS-B-24")
def test_inline_boards_can_skip_the_spawn_count():
    board = Board.from_rows(["....", "...."], legend={".": {"terrain": "normal"}},
                            objects=[MapObject(1, "a", "spawn", 0, 0, "", {"side": 0, "slot": 0}),
                                     MapObject(2, "b", "spawn", 3, 1, "", {"side": 1, "slot": 0})])
    assert mapcheck.check_spawns(board, need_spawns=False) == []
    assert mapcheck.check_cells(board) == []
    assert len(mapcheck.check_spawns(board, need_spawns=True)) == 3   # 5 slots a side, no Huge

"""Gu Masters map checks on small broken maps: each slip a map maker can make gives a problem that
names the place to fix it (the square, the tile layer and the tile that set the value)."""
from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest

from game.engine.boards import load_board
from game.engine.systems.gu_masters import mapcheck
from tests.maps.mapgen import check_map, edited_spawns, point, prop, spawn

W, H = 16, 10

SIDE0 = [(1, y) for y in range(1, 7)]
SIDE1 = [(10, 1, 3)] + [(14, y, 1) for y in range(4, 9)]


def stone(oid: int, x: int, y: int, cls: str = "primeval_stone", **props: object) -> str:
    return point(oid, f"stone{oid}", cls, x, y, **props)


def default_spawns() -> list[str]:
    out = [spawn(100 + i, 0, i, x, y) for i, (x, y) in enumerate(SIDE0)]
    out += [spawn(200 + i, 1, i, x, y, size) for i, (x, y, size) in enumerate(SIDE1)]
    return out


def make_map(folder: Path, tile: str = "", marks: list[tuple[int, int]] = (),
             second: str = "", marks2: list[tuple[int, int]] = (),
             spawns: list[str] | None = None, stones: list[str] = (), layer_props: str = "",
             orientation: str = "orthogonal") -> Path:
    """A 16x10 map on the gu tileset image: tile 0 plain ground everywhere on `ground`; tile 1
    (with the properties `tile`) on the `features` layer at `marks`, tile 2 (`second`) on the
    `more` layer at `marks2`."""
    return check_map(folder, "gu_masters", ("gu_terrain.png", 256, 256, 56), W, H,
                     [tile, second], [("features", list(marks)), ("more", list(marks2))],
                     [("stones", list(stones)),
                      ("spawns", default_spawns() if spawns is None else spawns)],
                     layer_props=layer_props, orientation=orientation)


def problems(folder: Path, **kw: object) -> list[str]:
    return [str(p) for p in mapcheck.check_map(load_board(make_map(folder, **kw)))]


def one(folder: Path, **kw: object) -> str:
    found = problems(folder, **kw)
    assert len(found) == 1, found
    return found[0]


@pytest.mark.rule("GU-X-15")
def test_the_plain_map_passes(tmp_path):
    assert problems(tmp_path) == []


@pytest.mark.rule("GU-X-15", "GU-X-16")
def test_a_cover_value_outside_the_list_names_square_layer_and_tile(tmp_path):
    msg = one(tmp_path, tile=prop("cover", "half"), marks=[(6, 3)])
    assert "layer 'features' (6, 3)" in msg
    assert "cover is 'half'; it must be one of none, partial, full" in msg
    assert "set by tile 1 of t" in msg


@pytest.mark.rule("GU-X-15", "GU-39", "GU-41", "GU-13", "GU-GM-05")
@pytest.mark.parametrize("bad, words", [
    (prop("terrain", "swim"), "terrain is 'swim'; it must be one of normal, difficult, water"),
    (prop("wall", "yes"), "wall must be true or false, not 'yes'"),
    (prop("hide", 1), "hide must be true or false, not 1"),
    (prop("climbable", "no"), "climbable must be true or false, not 'no'"),
    (prop("elevation_m", "high"), "elevation_m must be a whole number of metres, not 'high'"),
    (prop("elevation_m", 5000), "elevation_m is 5000; it must be from -1000 to 1000"),
    (prop("climb_test_mod", "hard"), "climb_test_mod must be a whole number, not 'hard'"),
    (prop("climb_test_mod", 150), "climb_test_mod is 150; it must be from -100 to 100"),
    (prop("label", 3), "label must be text, not 3"),
])
def test_each_square_property_has_its_type_and_values(tmp_path, bad, words):
    msg = one(tmp_path, tile=bad, marks=[(7, 8)])
    assert words in msg and "layer 'features' (7, 8)" in msg


@pytest.mark.rule("GU-X-15")
def test_a_wrong_layer_property_is_one_line_for_the_whole_layer(tmp_path):
    msg = one(tmp_path, layer_props=prop("hide", "sometimes"))
    assert "layer 'ground' (0, 0)" in msg
    assert "set by the layer's own properties" in msg
    assert f"and {W * H - 1} more squares like it" in msg


@pytest.mark.rule("GU-39", "GU-37", "GU-13", "GU-X-16", "GU-GM-05")
@pytest.mark.parametrize("tile, words", [
    (prop("wall", True) + prop("terrain", "water"), "a wall square cannot also be water"),
    (prop("cover", "partial") + prop("terrain", "water"),
     "a cover object (partial) cannot stand in water"),
    (prop("wall", True) + prop("climbable", True), "a wall cannot be climbable"),
    (prop("cover", "full") + prop("hide", True), "a cover object cannot be a place to hide"),
    (prop("climb_test_mod", 10), "a climb test (climb_test_mod) on a square that is not "
                                 "climbable"),
])
def test_a_square_cannot_say_two_things_that_exclude_each_other(tmp_path, tile, words):
    msg = one(tmp_path, tile=tile, marks=[(6, 8)])
    assert words in msg and "(6, 8)" in msg and "tile 1 of t" in msg


@pytest.mark.rule("GU-37", "GU-X-15")
def test_a_climbable_square_needs_a_higher_square_beside_it(tmp_path):
    msg = one(tmp_path, tile=prop("climbable", True), marks=[(6, 8)])
    assert "layer 'features' (6, 8)" in msg
    assert "a climbable square with no square more than 1 m higher beside it" in msg
    # with a 3 m ledge next to it, the face is there
    assert problems(tmp_path, tile=prop("climbable", True), marks=[(6, 8)],
                    second=prop("elevation_m", 3), marks2=[(7, 8), (7, 9)]) == []
    # a 1 m step is walked, not climbed
    found = problems(tmp_path, tile=prop("climbable", True), marks=[(6, 8)],
                     second=prop("elevation_m", 1), marks2=[(7, 8)])
    assert len(found) == 1 and "no square more than 1 m higher" in found[0]


@pytest.mark.rule("GU-69", "GU-X-15")
def test_primeval_stones_have_a_count_and_lie_where_they_can_be_picked_up(tmp_path):
    found = problems(tmp_path, tile=prop("wall", True), marks=[(6, 4)],
                     stones=[stone(1, 6, 4, count=2), stone(2, 7, 4, count=0),
                             stone(3, 8, 4, cls="primeval_stones")])
    assert len(found) == 3, found
    assert "layer 'stones' (6, 4): primeval_stone stone1: lies in a wall" in found[0]
    assert "layer 'stones' (7, 4): primeval_stone stone2: count must be a whole number of 1 " \
           "or more, not 0" in found[1]
    assert "class 'primeval_stones', which gu_masters does not use; did you mean " \
           "'primeval_stone'?" in found[2]


# the default spawns with side/slot `slot` replaced by `new` (or removed)
edited = partial(edited_spawns, side0=len(SIDE0))


@pytest.mark.rule("GU-X-11")
@pytest.mark.parametrize("change, words, where", [
    ((0, 5), "side 0 (the first side) has no spawn for slot 5; gu_masters needs slots 0 to 5 "
             "on each side", None),
    ((0, 2), "side must be 0 (the first side) or 1 (the second side), not 2", SIDE0[2]),
    ((0, 3), "slot must be a whole number from 0 to 5, not 6", SIDE0[3]),
    ((1, 4), "side 1 slot 2 is also used by spawn s1_2", (14, 8)),
])
def test_spawns_give_each_side_slots_0_to_5_once(tmp_path, change, words, where):
    new = {(0, 5): None,
           (0, 2): spawn(102, 2, 2, *SIDE0[2]),
           (0, 3): spawn(103, 0, 6, *SIDE0[3]),
           (1, 4): spawn(204, 1, 2, 14, 8)}[change]
    found = problems(tmp_path, spawns=edited(default_spawns(), change, new))
    assert any(words in f for f in found), found
    if where is not None:
        assert any(f"layer 'spawns' {where}" in f for f in found), found


@pytest.mark.rule("GU-X-11", "GU-39", "GU-X-16")
@pytest.mark.parametrize("tile, words", [
    (prop("wall", True), "covers a wall at (11, 2)"),
    (prop("cover", "partial") + prop("label", "crate"),
     "covers a partial cover object (crate) at (11, 2)"),
    (prop("terrain", "water") + prop("label", "pool"), "covers water (pool) at (11, 2)"),
    (prop("elevation_m", 3), "spans heights 0 to 3 m"),
])
def test_a_huge_footprint_must_be_clear_level_dry_ground(tmp_path, tile, words):
    found = problems(tmp_path, tile=tile, marks=[(11, 2)])
    assert any("layer 'spawns' (10, 1): spawn s1_0: its 3x3 footprint " + words in f
               for f in found), found


@pytest.mark.rule("GU-X-11")
def test_a_footprint_level_within_a_metre_is_fine(tmp_path):
    assert problems(tmp_path, tile=prop("elevation_m", 1), marks=[(11, 2)]) == []


@pytest.mark.rule("GU-X-11")
def test_one_second_side_spawn_has_room_for_a_huge_beast(tmp_path):
    spawns = edited(default_spawns(), (1, 0), spawn(200, 1, 0, 10, 1, size=2))
    found = problems(tmp_path, spawns=spawns)
    assert any("no side 1 spawn has room for a 3x3 creature" in f for f in found), found


@pytest.mark.rule("GU-X-11")
def test_footprints_stay_on_the_map_apart_and_in_range(tmp_path):
    spawns = edited(default_spawns(), (1, 1), spawn(201, 1, 1, 14, 1, size=3))   # off the edge
    spawns = edited(spawns, (1, 2), spawn(202, 1, 2, 12, 3, size=2))            # overlaps slot 0
    spawns = edited(spawns, (1, 3), spawn(203, 1, 3, 14, 3, size=4))            # too big
    found = problems(tmp_path, spawns=spawns)
    assert any("s1_1: its 3x3 footprint runs off the map at (16, 1)" in f for f in found), found
    assert any("s1_2: its 2x2 footprint overlaps spawn s1_0" in f for f in found), found
    assert any("s1_3: size (the footprint in squares a side) must be 1 to 3, not 4" in f
               for f in found), found


@pytest.mark.rule("GU-19", "GU-37", "GU-GM-34")
def test_every_spawn_must_be_able_to_walk_to_the_other_side(tmp_path):
    wall_column = [(8, y) for y in range(H)]
    found = problems(tmp_path, tile=prop("wall", True), marks=wall_column)
    assert len(found) == 12, found
    assert "(1, 1): a creature at the side 0 spawn (1, 1) cannot get to any other side's " \
           "spawn" in found[0]
    # a 4 m high ridge instead: cut off without a face to climb...
    ridge = problems(tmp_path, tile=prop("elevation_m", 4), marks=wall_column)
    assert len(ridge) == 12, ridge
    # ...and passable once both feet of it are marked climbable, except for the Huge beast,
    # which cannot stand on a ridge 1 m wide
    feet = [(7, 5), (9, 5)]
    (huge,) = problems(tmp_path, tile=prop("elevation_m", 4), marks=wall_column,
                       second=prop("climbable", True), marks2=feet)
    assert "a 3x3 creature at the side 1 spawn (10, 1) cannot get to" in huge


@pytest.mark.rule("GU-X-15")
def test_a_hex_map_is_refused_at_once(tmp_path):
    msg = one(tmp_path, orientation="hexagonal", spawns=[])
    assert "gu_masters plays on square maps, not hexagonal ones" in msg

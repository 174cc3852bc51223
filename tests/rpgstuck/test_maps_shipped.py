"""The shipped rpgstuck maps and tileset: they pass the rpgstuck checks, hold every kind of ground
the rules need (walls, the three cover levels, dim and dark areas, light sources, water to swim
in, a pit and a ledge to fall from, climbable faces, elevation) and give each side six spawns;
and the Tiled value lists are exactly the values the checks allow."""
from __future__ import annotations

import json
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from game.engine.boards import load_board
from game.engine.boards.square import neighbours4
from game.engine.systems.rpgstuck import mapcheck

ROOT = Path(__file__).resolve().parents[2]
MAPS = [ROOT / "maps" / "rpgstuck_crypt.tmx", ROOT / "maps" / "rpgstuck_ravine.tmx"]
TSX = ROOT / "maps" / "tilesets" / "rpgstuck_terrain.tsx"


def squares(board, name, default=None):
    return {(x, y): board.prop(x, y, name, default) for x, y in board.coords()}


@pytest.mark.rule("RS-B-24", "RS-B-14")
@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_shipped_map_passes_the_rpgstuck_checks(path):
    board = load_board(path)
    assert mapcheck.check_map(board) == []
    assert board.properties["system"] == "rpgstuck"
    assert 24 <= board.width <= 30 and 18 <= board.height <= 20
    assert (board.tile_width, board.tile_height) == (32, 32)


@pytest.mark.rule("RS-B-15", "RS-B-24")
@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_six_spawns_a_side_with_room_for_large_party_and_huge_monsters(path):
    board = load_board(path)
    sides = board.spawns_by_side()
    assert sorted(sides) == [0, 1]
    for side, need in ((0, 2), (1, 3)):
        assert [s.properties["slot"] for s in sides[side]] == list(range(6))
        # every spawn of the side fits a creature of that footprint, clear of the others
        assert all(s.properties["size"] >= need for s in sides[side])
    party = [(s.x, s.y) for s in sides[0]]
    monsters = [(s.x, s.y) for s in sides[1]]
    assert max(x for x, _ in party) < min(x for x, _ in monsters), "the sides start apart"


@pytest.mark.rule("RS-B-24", "RS-101", "RS-112", "RS-113", "RS-114", "RS-106", "RS-115",
                  "RS-117", "RS-B-25")
@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_the_map_holds_every_kind_of_ground_the_rules_read(path):
    board = load_board(path)
    walls = squares(board, "wall", False)
    assert any(walls.values())
    cover = set(squares(board, "cover", "none").values())
    assert {"half", "threequarter", "full"} <= cover
    light = set(squares(board, "light", "bright").values())
    assert {"bright", "dim", "dark"} <= light
    assert board.objects_of("light"), "light sources on the map"
    terrain = set(squares(board, "terrain", "normal").values())
    assert {"difficult", "climb", "swim"} <= terrain
    assert any(squares(board, "pit_depth_ft", 0).values()), "a pit to fall into"
    height = squares(board, "elevation_ft", 0)
    assert len(set(height.values())) >= 2, "raised ground"
    # room to swim under and hold breath (RS-117): a body of water, not a puddle
    swim = {s for s, t in squares(board, "terrain").items() if t == "swim"}
    assert len(swim) >= 12


@pytest.mark.rule("RS-B-25", "RS-115", "RS-106")
def test_the_ravine_has_ledges_from_10_to_30_ft_a_drop_and_faces_to_climb():
    board = load_board(MAPS[1])
    height = squares(board, "elevation_ft", 0)
    assert {10, 20, 30} <= set(height.values())
    drops = {height[s] - height[n] for s in height for n in neighbours4(*s)
             if n in height and not board.prop(*n, "wall") and not board.prop(*s, "wall")}
    assert max(drops) >= 20, "a drop to fall from"
    climbs = [s for s in height if board.prop(*s, "terrain") == "climb"]
    assert climbs and all(height[s] > 0 for s in climbs), "faces lead up to a ledge"


@pytest.mark.rule("RS-B-24")
def test_board_origin_names_the_layer_and_tile_behind_a_property():
    board = load_board(MAPS[0])
    wall = next(s for s, v in squares(board, "wall", False).items() if v)
    layer, tile = board.origin(*wall, "wall")
    assert layer == "walls" and tile == "tile 16 of rpgstuck_terrain"
    assert board.origin(*wall, "no_such_property") == (None, None)
    # a property the ground set and no upper layer changed keeps the ground as its origin
    assert board.origin(*wall, "terrain")[0] == "ground"


def tiled_enum(name: str) -> list[str]:
    types = json.loads((ROOT / "maps" / "propertytypes.json").read_text(encoding="utf-8"))
    (t,) = [t for t in types if t["name"] == name]
    assert t["type"] == "enum" and t["storageType"] == "string"
    return t["values"]


@pytest.mark.rule("RS-B-24")
def test_the_tiled_value_lists_are_the_values_the_check_allows():
    assert tiled_enum("rs_cover") == list(mapcheck.COVER)
    assert tiled_enum("rs_terrain") == list(mapcheck.TERRAIN)
    assert tiled_enum("rs_light") == list(mapcheck.LIGHT)


@pytest.mark.rule("RS-B-24")
def test_every_tileset_tile_uses_the_value_lists_so_tiled_offers_them():
    enums = {"cover": "rs_cover", "terrain": "rs_terrain", "light": "rs_light"}
    root = ET.parse(TSX).getroot()
    seen = set()
    for tile in root.findall("tile"):
        assert tile.get("type") == "rs_square"
        for p in tile.iter("property"):
            name = p.get("name")
            seen.add(name)
            if name in enums:
                assert p.get("propertytype") == enums[name], (tile.get("id"), name)
                assert p.get("value") in tiled_enum(enums[name])
            elif name in ("elevation_ft", "pit_depth_ft"):
                assert p.get("type") == "int" and int(p.get("value")) % 5 == 0
            elif name == "wall":
                assert p.get("type") == "bool"
            else:
                assert name == "label" and p.get("type", "string") == "string"
    assert seen == {"cover", "terrain", "light", "wall", "elevation_ft", "pit_depth_ft", "label"}


@pytest.mark.rule("RS-B-24")
@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_check_map_for_rpgstuck_passes_the_shipped_maps(path, capsys):
    from game.__main__ import main
    assert main(["check-map", str(path), "--system", "rpgstuck"]) == 0
    assert "OK for rpgstuck" in capsys.readouterr().out


@pytest.mark.rule("RS-B-24")
def test_check_map_for_rpgstuck_refuses_a_square_map_of_another_system(capsys):
    from game.__main__ import main
    assert main(["check-map", str(ROOT / "maps" / "gems_riverbend.tmx"), "--system",
                 "rpgstuck"]) == 1
    out = capsys.readouterr().out
    assert "terrain is 'grass'; it must be one of normal, difficult, climb, swim" in out
    assert "object" in out and "which rpgstuck does not use" in out


@pytest.mark.rule("RS-B-15", "RS-B-14")
@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_a_creature_of_each_spawn_size_can_walk_from_its_spawn_to_the_other_side(path):
    """The room a spawn promises is room to move too: a Large party member and a Huge monster
    get from their spawns to the other side's spawns (moves.py's reach, any budget)."""
    from game.engine.systems.rpgstuck.moves import MoveRules, reach
    from game.engine.systems.rpgstuck.terrain import field_of
    board = load_board(path)
    field = field_of(board)
    sides = board.spawns_by_side()
    for side in (0, 1):
        enemy = [(o.x, o.y) for o in sides[1 - side]]
        for spot in sides[side]:
            size = spot.properties["size"]
            got = reach(field, (spot.x, spot.y), 10_000, MoveRules(size=size))
            closest = min(max(abs(x - ex), abs(y - ey)) for x, y in got for ex, ey in enemy)
            assert closest <= size, (spot.name, size, closest)

"""Every shipped map loads with real pytmx and keeps the map contract of docs/maps.md."""
from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from game.engine.boards import check_board_file, load_board
from game.engine.boards.square import ORTHOGONAL

ROOT = Path(__file__).resolve().parents[2]
MAPS = sorted((ROOT / "maps").glob("*.tmx"))
GEMS_MAPS = [m for m in MAPS if m.name.startswith("gems_")]
DIRS = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"}
CONTRACT = {"elevation": int, "solid": bool, "water": bool, "water_penalty": int,
            "current_dir": str, "current_threshold": int, "terrain": str, "move_cost": int}
ITEM_KINDS = {"rock", "crate", "hardlight_spear", "hardlight_sword", "gem_shard", "barrel",
              "gemstone"}


def test_there_are_gems_maps_of_different_sizes():
    sizes = {(b.width, b.height) for b in map(load_board, GEMS_MAPS)}
    assert len(GEMS_MAPS) >= 2 and len(sizes) >= 2


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_map_loads_and_has_no_problems(path):
    assert check_board_file(path) == []
    board = load_board(path)
    assert board.width > 0 and board.height > 0
    assert len(board.cells) == board.height and all(len(r) == board.width for r in board.cells)
    assert board.layers, "a map needs at least one tile layer"
    # Every cell is painted on some layer: no holes in the ground.
    painted = set().union(*board.layer_cells.values())
    assert painted == set(board.coords())


@pytest.mark.parametrize("path", GEMS_MAPS, ids=lambda p: p.name)
def test_gems_spawns_give_each_side_four_ordered_slots(path):
    board = load_board(path)
    spawns = board.objects_of("spawn")
    for side in (0, 1):
        mine = [s for s in spawns if s.properties["side"] == side]
        assert len(mine) >= 4
        assert sorted(s.properties["slot"] for s in mine) == list(range(len(mine)))
    assert {s.properties["side"] for s in spawns} == {0, 1}
    for s in spawns:
        assert board.in_bounds(s.x, s.y)
        assert not board.prop(s.x, s.y, "solid", False), f"spawn on a solid cell {s}"
        assert not board.prop(s.x, s.y, "water", False), f"spawn in water {s}"
        assert isinstance(s.properties.get("size", 1), int) and s.properties.get("size", 1) >= 1
    cells = [(s.x, s.y) for s in spawns]
    assert len(cells) == len(set(cells))


@pytest.mark.parametrize("path", GEMS_MAPS, ids=lambda p: p.name)
def test_gems_items_are_loose_objects_on_open_ground(path):
    board = load_board(path)
    items = board.objects_of("item")
    assert len(items) >= 4
    assert {i.properties["kind"] for i in items} >= {"rock", "crate"}
    for it in items:
        p = it.properties
        assert p["kind"] in ITEM_KINDS
        assert isinstance(p["size"], float) and p["size"] > 0
        assert isinstance(p["carriable"], bool)
        assert not board.prop(it.x, it.y, "solid", False)


@pytest.mark.parametrize("path", GEMS_MAPS, ids=lambda p: p.name)
def test_gems_terrain_has_ledges_a_damaging_cliff_water_current_and_obstacles(path):
    board = load_board(path)
    drops = set()
    for x, y in board.coords():
        for dx, dy in ORTHOGONAL:
            if board.in_bounds(x + dx, y + dy):
                drops.add(board.prop(x, y, "elevation", 0) - board.prop(x + dx, y + dy,
                                                                          "elevation", 0))
    assert 1 in drops and 2 in drops, "ledges of one and two levels"
    assert max(drops) >= 3, "a drop above 2 x Size deals fall damage (GEM-14)"
    currents = [board.props(x, y) for x, y in board.coords()
                if board.prop(x, y, "water") and board.prop(x, y, "current_dir")]
    assert currents and all(c["current_dir"] in DIRS for c in currents)
    assert all(isinstance(c["current_threshold"], int) for c in currents)
    assert any(board.prop(x, y, "solid") for x, y in board.coords())


TILESETS = sorted((ROOT / "maps" / "tilesets").glob("*.tsx"))


@pytest.mark.parametrize("tsx", TILESETS, ids=lambda p: p.name)
def test_tileset_properties_follow_the_contract(tsx):
    root = ET.parse(tsx).getroot()
    image = root.find("image")
    assert (tsx.parent / image.get("source")).is_file()
    seen = 0
    for tile in root.findall("tile"):
        for prop in tile.iter("property"):
            name, typ = prop.get("name"), prop.get("type", "string")
            if name in CONTRACT:
                seen += 1
                want = {int: "int", bool: "bool", str: "string"}[CONTRACT[name]]
                assert typ == want, f"{tsx.name} tile {tile.get('id')}: {name} is {typ}"
                if name == "current_dir":
                    assert prop.get("value") in DIRS
                    assert prop.get("propertytype") == "current_dir"
    assert seen or root.get("name") == "gems_items"

"""Loading Tiled maps into Boards (real pytmx), and reporting every problem of broken maps."""
from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.engine import registry
from game.engine.boards import BoardError, MapProblem, check_board_file, load_board
from tests.maps import mapgen

ROOT = Path(__file__).resolve().parents[2]

TILE_PROPS = {
    0: '<property name="terrain" value="grass"/>',
    1: ('<property name="terrain" value="water"/><property name="water" type="bool" value="true"/>'
        '<property name="current_dir" propertytype="current_dir" value="E"/>'),
    2: '<property name="solid" type="bool" value="true"/><property name="terrain" value="wall"/>',
    3: '<property name="elevation" type="int" value="2"/><property name="terrain" value="ledge"/>',
}


def make_tileset(folder: Path, name: str = "set", props: dict[int, str] | None = None,
                 image: str | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    img = mapgen.sheet(random.Random(1), 4, 4, 16, 16, partial_alpha=False)
    pygame.image.save(img, str(folder / f"{name}.png"))
    tsx = folder / f"{name}.tsx"
    tsx.write_text('<?xml version="1.0" encoding="UTF-8"?>\n' + mapgen.tileset_xml(
        name, 16, 16, 4, 4, image or f"{name}.png", img.get_size(),
        props=TILE_PROPS if props is None else props), encoding="utf-8")
    return tsx


def write_map(folder: Path, body: list[str], w: int = 4, h: int = 3, name: str = "m.tmx",
              **kw) -> Path:
    p = folder / name
    p.write_text(mapgen.map_xml(w, h, 16, 16, body, **kw), encoding="utf-8")
    return p


def copy_property_types(folder: Path) -> None:
    shutil.copy(ROOT / "maps" / "propertytypes.json", folder / "propertytypes.json")


TS = ' <tileset firstgid="1" source="set.tsx"/>'


def test_layers_merge_bottom_to_top_and_flips_keep_properties(tmp_path):
    make_tileset(tmp_path)
    copy_property_types(tmp_path)
    ground = [1] * 12
    ground[5] = 2 | mapgen.FLIP_H | mapgen.FLIP_D          # flipped water
    upper = [0] * 12
    upper[5] = 3                                           # a wall painted over the water
    upper[0] = 4                                           # a ledge tile (elevation 2)
    raised = [0] * 12
    raised[11] = 1                                         # grass on a layer with elevation 3
    body = [TS,
            mapgen.layer_xml(1, "ground", 4, 3, ground),
            ' <objectgroup id="2" name="between"/>',       # pytmx would reorder around this
            mapgen.layer_xml(3, "walls", 4, 3, upper),
            mapgen.layer_xml(4, "hill", 4, 3, raised,
                             props='<property name="elevation" type="int" value="3"/>')]
    b = load_board(write_map(tmp_path, body))
    assert (b.width, b.height, b.tile_width) == (4, 3, 16)
    assert b.layers == ["ground", "walls", "hill"]
    assert b.object_layers == ["between"]
    assert b.layer_cells["walls"] == frozenset({(1, 1), (0, 0)})
    water_then_wall = b.props(1, 1)
    assert water_then_wall["solid"] is True and water_then_wall["terrain"] == "wall"
    assert water_then_wall["water"] is True and water_then_wall["current_dir"] == "E"
    assert b.prop(0, 0, "elevation") == 2
    assert b.prop(3, 2, "elevation") == 3 and b.prop(3, 2, "terrain") == "grass"
    assert b.prop(2, 2, "elevation", 0) == 0
    assert b.prop(9, 9, "elevation", -1) == -1               # off the board: the default


def test_embedded_and_external_tilesets_give_the_same_board(tmp_path):
    make_tileset(tmp_path)
    gids = [1, 2, 3, 4] * 3
    ext = load_board(write_map(tmp_path, [TS, mapgen.layer_xml(1, "g", 4, 3, gids)]))
    img = pygame.image.load(str(tmp_path / "set.png"))
    emb_ts = mapgen.tileset_xml("set", 16, 16, 4, 4, "set.png", img.get_size(),
                                props=TILE_PROPS, firstgid=1)
    emb = load_board(write_map(tmp_path, [emb_ts, mapgen.layer_xml(1, "g", 4, 3, gids)],
                               name="e.tmx"))
    assert ext.cells == emb.cells
    assert ext.prop(2, 0, "solid") is True


def test_objects_become_cells_with_class_defaults_templates_and_tile_properties(tmp_path):
    make_tileset(tmp_path)
    copy_property_types(tmp_path)
    (tmp_path / "crate.tx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<template><object type="item" width="16" '
        'height="16"><properties><property name="kind" value="crate"/></properties>'
        '</object></template>', encoding="utf-8")
    objs = (' <objectgroup id="2" name="spawns">'
            '<object id="1" type="spawn" x="20" y="4" width="8" height="8"><properties>'
            '<property name="side" type="int" propertytype="side" value="1"/></properties></object>'
            '<object id="2" type="spawn" x="40" y="40"><point/></object>'
            ' </objectgroup>'
            ' <objectgroup id="3" name="items">'
            '<object id="3" template="crate.tx" x="48" y="0"/>'
            '<object id="4" type="item" gid="3" x="0" y="48" width="16" height="16"><properties>'
            '<property name="size" type="float" value="0.5"/></properties></object>'
            ' </objectgroup>')
    b = load_board(write_map(tmp_path, [TS, mapgen.layer_xml(1, "g", 4, 3, [1] * 12), objs]))
    s1, s2 = b.objects_of("spawn")
    assert (s1.x, s1.y, s1.layer) == (1, 0, "spawns")
    assert s1.properties["side"] == 1 and s1.properties["size"] == 1 and s1.properties["slot"] == 0
    assert "sheet" not in s1.properties                   # empty default: the system decides
    assert (s2.x, s2.y) == (2, 2) and s2.properties["side"] == 0
    crate, wall = b.objects_of("item")
    assert (crate.x, crate.y) == (3, 0) and crate.properties["kind"] == "crate"
    assert crate.properties["carriable"] is True
    # A tile object hangs from its bottom-left corner and inherits the tile's properties.
    assert (wall.x, wall.y) == (0, 2)
    assert wall.properties["solid"] is True and wall.properties["size"] == 0.5


def test_hex_map_objects_use_tiled_picking(tmp_path):
    make_tileset(tmp_path)
    lay = ' <objectgroup id="2" name="o"><object id="1" x="30" y="20"><point/></object></objectgroup>'
    body = [TS, mapgen.layer_xml(1, "g", 4, 3, [1] * 12), lay]
    b = load_board(write_map(tmp_path, body, orientation="hexagonal", stagger=("y", "odd", 8)))
    assert b.orientation == "hexagonal" and b.stagger_axis == "y" and b.hex_side_length == 8
    from game.engine.boards.hex import HexLayout
    assert HexLayout.from_board(b) == HexLayout("y", "odd", 16, 16, 8)
    expected = HexLayout("y", "odd", 16, 16, 8).pixel_to_offset(30, 20)
    assert (b.objects[0].x, b.objects[0].y) == expected == (1, 1)


def test_every_problem_is_listed_with_file_layer_and_position(tmp_path):
    make_tileset(tmp_path)
    copy_property_types(tmp_path)
    gids = [1] * 12
    gids[6] = 99                                                      # no tileset has it
    body = [TS, ' <tileset firstgid="20" source="missing.tsx"/>',
            mapgen.layer_xml(1, "ground", 4, 3, gids,
                             props='<property name="elevation" type="int" value="high"/>'),
            ' <objectgroup id="2" name="items">'
            '<object id="7" name="lost" x="500" y="10"/>'
            '<object id="8" x="5" y="5"><properties>'
            '<property name="current_dir" propertytype="current_dir" value="UP"/>'
            '<property name="carriable" type="bool" value="maybe"/></properties></object>'
            ' </objectgroup>']
    path = write_map(tmp_path, body)
    problems = check_board_file(path)
    text = [str(p) for p in problems]
    assert len(problems) == 6, text
    assert all(isinstance(p, MapProblem) and p.file == str(path) for p in problems)
    by = {p.message.split()[0]: p for p in problems}
    assert any("missing.tsx" in t and "does not exist" in t for t in text)
    gid = next(p for p in problems if "gid 99" in p.message)
    assert (gid.layer, gid.x, gid.y) == ("ground", 2, 1)
    assert f"{path}: layer 'ground' (2, 1): tile gid 99 belongs to no tileset" in text
    assert any("'elevation'" in t and "'high'" in t and "not a valid int" in t for t in text)
    lost = next(p for p in problems if "outside the map" in p.message)
    assert lost.layer == "items" and lost.kind == "object" and "'lost'" in lost.message
    assert any("'UP'" in t and "current_dir allows" in t for t in text)
    assert any("'maybe'" in t and "bool" in t for t in text)
    assert by                                              # parsed without an exception
    with pytest.raises(BoardError) as err:
        load_board(path)
    assert all(t in str(err.value) for t in text)


@pytest.mark.parametrize("case, expected", [
    ("infinite", "infinite maps are not supported"),
    ("orientation", "orientation 'isometric' is not supported"),
    ("xml", "is not valid XML"),
    ("image", "does not exist"),
    ("missing", "does not exist"),
    ("size", "the map needs 4x3=12"),
    ("stagger", "stagger axis 'z'"),
    ("chunks", "infinite maps are not supported"),
])
def test_broken_maps_are_reported_not_crashed(tmp_path, case, expected):
    make_tileset(tmp_path, image="gone.png" if case == "image" else None)
    layer = mapgen.layer_xml(1, "g", 4, 3, [1] * 12)
    if case == "infinite":
        path = write_map(tmp_path, [TS, layer], infinite=True)
    elif case == "orientation":
        path = write_map(tmp_path, [TS, layer], orientation="isometric")
    elif case == "xml":
        path = tmp_path / "m.tmx"
        path.write_text("<map width='4'><layer></map>", encoding="utf-8")
    elif case == "missing":
        path = tmp_path / "nope.tmx"
    elif case == "size":
        path = write_map(tmp_path, [TS, mapgen.layer_xml(1, "g", 4, 3, [1] * 10)])
    elif case == "stagger":
        path = write_map(tmp_path, [TS, layer], orientation="hexagonal", stagger=("z", "odd", 4))
    elif case == "chunks":
        path = write_map(tmp_path, [TS, ' <layer id="1" name="g" width="4" height="3"><data '
                                        'encoding="csv"><chunk x="0" y="0" width="16" '
                                        'height="16">1</chunk></data></layer>'])
    else:
        path = write_map(tmp_path, [TS, layer])
    problems = check_board_file(path)
    assert problems and any(expected in str(p) for p in problems), [str(p) for p in problems]
    assert all(str(p).startswith(str(path)) for p in problems)
    with pytest.raises(BoardError, match="|".join([expected.replace("(", r"\(")])):
        load_board(path)


class _FakeSystem:
    id = "fake_maps"

    def check_map(self, board):
        if not board.objects_of("spawn"):
            return [MapProblem(board.source, "spawns", None, None, "no spawn points", "system")]
        return []


class _NoHook:
    """A system whose maps need nothing beyond the generic checks."""
    id = "fake_nohook"

    def check_map(self, board):
        return []


class _Broken:
    id = "fake_broken"

    def check_map(self, board):
        raise RuntimeError("boom")


def test_check_map_file_hands_the_systems_own_checks_to_the_loader(tmp_path, monkeypatch):
    make_tileset(tmp_path)
    path = write_map(tmp_path, [TS, mapgen.layer_xml(1, "g", 4, 3, [1] * 12)])
    registry._load()
    monkeypatch.setitem(registry._SYSTEMS, "fake_maps", _FakeSystem())
    monkeypatch.setitem(registry._SYSTEMS, "fake_nohook", _NoHook())
    monkeypatch.setitem(registry._SYSTEMS, "fake_broken", _Broken())
    assert check_board_file(path) == []
    found = registry.check_map_file(path, "fake_maps")
    assert [p.message for p in found] == ["no spawn points"]
    assert registry.check_map_file(path, "fake_nohook") == []
    broken = registry.check_map_file(path, "fake_broken")
    assert len(broken) == 1 and "fake_broken map checks failed" in broken[0].message
    unknown = registry.check_map_file(path, "no_such_system")
    assert len(unknown) == 1 and "no_such_system" in unknown[0].message


def test_map_problem_reads_file_layer_position_message():
    assert str(MapProblem("a.tmx", "ground", 3, 4, "too high")) == \
        "a.tmx: layer 'ground' (3, 4): too high"
    assert str(MapProblem("a.tmx", message="bad")) == "a.tmx: bad"


def test_loading_never_imports_pygame():
    code = ("import sys; from game.engine.boards import load_board; "
            "b = load_board('maps/gems_riverbend.tmx'); "
            "print('pygame' in sys.modules, len(b.objects))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["False", str(len(load_board(ROOT / "maps/gems_riverbend.tmx")
                                                     .objects))]


def test_property_types_json_matches_the_tiled_project():
    project = json.loads((ROOT / "maps" / "strife-table.tiled-project").read_text())
    exported = json.loads((ROOT / "maps" / "propertytypes.json").read_text())
    assert project["propertyTypes"] == exported
    names = {t["name"]: t for t in exported}
    assert names["current_dir"]["values"] == ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    assert {m["name"] for m in names["spawn"]["members"]} == {"side", "slot", "sheet", "size", "unaware"}
    assert {m["name"] for m in names["item"]["members"]} == {"kind", "size", "carriable"}
    # Tiled 1.8 reads object defaults from object types: the same names, types and defaults.
    from xml.etree import ElementTree as ET
    types = ET.parse(ROOT / "maps" / project["objectTypesFile"]).getroot()
    for ot in types.findall("objecttype"):
        members = {m["name"]: m for m in names[ot.get("name")]["members"]}
        props = {p.get("name"): p for p in ot.findall("property")}
        assert set(props) == set(members)
        for name, p in props.items():
            assert p.get("type") == members[name]["type"]
            want = members[name]["value"]
            assert p.get("default") == (str(want).lower() if isinstance(want, bool) else str(want))


def test_spawns_by_side_groups_in_slot_order_and_names_a_bad_spawn():
    from game.engine.boards import Board, MapObject
    spawn = lambda i, side, slot: MapObject(i, f"s{i}", "spawn", i, 0, "spawns",  # noqa: E731
                                            {"side": side, "slot": slot})
    board = Board.from_rows(["....."], objects=[spawn(1, 1, 1), spawn(2, 0, 0), spawn(3, 1, 0),
                                                 spawn(4, 0, 2)])
    got = {side: [o.id for o in spots] for side, spots in board.spawns_by_side().items()}
    assert got == {0: [2, 4], 1: [3, 1]}
    board.objects.append(spawn(5, "left", 0))
    with pytest.raises(BoardError, match="spawn s5 at \\(5, 0\\) needs whole-number side"):
        board.spawns_by_side()

"""The bindings hex maps, their tiles and the bindings map checks (docs/maps.md, "The bindings
contract"): the shipped maps are playable and fair, the tiles carry the contract's properties
under fixed ids, and mapcheck names the map and the cell of every problem."""
from __future__ import annotations

import json
import shutil
from pathlib import Path
from xml.etree import ElementTree as ET

import pygame
import pytest

from game.engine.boards import Board, check_board_file, load_board
from game.engine.boards.board import MapObject
from game.engine.boards.hex import HexLayout
from game.engine.systems.bindings import mapcheck

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"
BINDINGS_MAPS = sorted(MAPS.glob("bindings_*.tmx"))

# The tile id contract (local ids, the same in hex_pointy.tsx and hex_flat.tsx).
BINDINGS_TILES = {
    10: {"terrain": "boulders", "cover": True},
    11: {"terrain": "low_wall", "cover": True},
    12: {"terrain": "thicket", "conceal": 1, "move_cost": 2},
    13: {"conceal": 1},
    14: {"dark": True},
    15: {"terrain": "rubble", "move_cost": 2},
    16: {"terrain": "shallows", "water": True, "move_cost": 2},
    17: {"terrain": "tree", "solid": True},
    18: {"terrain": "bridge", "water": False, "move_cost": 1},
    19: {"terrain": "dirt", "move_cost": 1},
}


def tile_props(tsx: Path) -> dict[int, dict[str, object]]:
    out: dict[int, dict[str, object]] = {}
    for tile in ET.parse(tsx).getroot().findall("tile"):
        props: dict[str, object] = {}
        for p in tile.iter("property"):
            typ, raw = p.get("type", "string"), p.get("value")
            props[p.get("name")] = {"int": int, "bool": lambda v: v == "true"}.get(typ, str)(raw)
        out[int(tile.get("id"))] = props
    return out


def mirror(board: Board, x: int, y: int) -> tuple[int, int]:
    return board.width - 1 - x, board.height - 1 - y


def spawns(board: Board, side: int) -> list[MapObject]:
    return sorted((o for o in board.objects_of("spawn") if o.properties["side"] == side),
                  key=lambda o: o.properties["slot"])


# ---------------------------------------------------------------------------- tiles
@pytest.mark.parametrize("name", ["hex_pointy", "hex_flat"])
def test_bindings_tiles_keep_their_ids_and_properties(name):
    props = tile_props(MAPS / "tilesets" / f"{name}.tsx")
    for tid, want in BINDINGS_TILES.items():
        assert props[tid] == want, (name, tid)
    # The first ten tiles are older than bindings and keep their meaning.
    assert props[6] == {"terrain": "mountain", "solid": True}
    assert props[9] == {"terrain": "wall", "solid": True}
    assert props[3]["water"] is True


def test_both_hex_tilesets_give_every_id_the_same_properties():
    assert tile_props(MAPS / "tilesets" / "hex_pointy.tsx") == \
        tile_props(MAPS / "tilesets" / "hex_flat.tsx")


@pytest.mark.parametrize("name, size", [("hex_pointy", (28, 32)), ("hex_flat", (32, 28))])
def test_feature_tiles_leave_the_hex_surroundings_clear_and_overlays_are_translucent(name, size):
    sheet = pygame.image.load(str(MAPS / "tilesets" / f"{name}.png"))
    w, h = size
    cols = sheet.get_width() // w

    def tile(tid: int) -> pygame.Surface:
        return sheet.subsurface(((tid % cols) * w, (tid // cols) * h, w, h))

    for tid in (10, 11, 15, 17):              # boulder, low wall, rubble, tree: ground shows
        alphas = [tile(tid).get_at((x, y)).a for x in range(w) for y in range(h)]
        assert alphas.count(0) > w * h // 4, tid
    for tid in (13, 14):                      # mist, darkness: see-through over the ground
        a = tile(tid).get_at((w // 2, h // 2)).a
        assert 0 < a < 255, tid
    assert tile(14).get_at((w // 2, h // 2))[:3] < (40, 40, 60)     # darkness is dark
    assert sum(tile(13).get_at((w // 2, h // 2))[:3]) > 500         # mist is pale


def test_property_types_offer_the_bindings_properties():
    types = {t["name"]: t for t in json.loads((MAPS / "propertytypes.json").read_text())}
    terrain = {m["name"]: m for m in types["terrain"]["members"]}
    assert (terrain["cover"]["type"], terrain["cover"]["value"]) == ("bool", False)
    assert (terrain["dark"]["type"], terrain["dark"]["value"]) == ("bool", False)
    assert (terrain["conceal"]["type"], terrain["conceal"]["value"]) == ("int", 0)
    assert (terrain["move_cost"]["type"], terrain["move_cost"]["value"]) == ("int", 1)
    spawn = {m["name"]: m for m in types["spawn"]["members"]}
    assert (spawn["unaware"]["type"], spawn["unaware"]["value"]) == ("bool", False)


# ---------------------------------------------------------------------------- shipped maps
def test_two_bindings_maps_of_different_sizes_on_both_stagger_axes():
    boards = [load_board(p) for p in BINDINGS_MAPS]
    assert len(boards) >= 2
    assert {b.stagger_axis for b in boards} == {"x", "y"}
    assert len({(b.width, b.height) for b in boards}) == len(boards)
    assert all(b.orientation == "hexagonal" for b in boards)


@pytest.mark.parametrize("path", BINDINGS_MAPS, ids=lambda p: p.name)
def test_map_is_clean_for_the_generic_and_the_bindings_checks(path):
    assert check_board_file(path) == []
    board = load_board(path)
    assert mapcheck.check_map(board) == []
    assert board.properties["system"] == "bindings"
    assert board.properties["title"] and len(board.properties["description"]) > 20
    assert board.layers == ["ground", "features", "overlay"]
    assert board.object_layers == ["spawns"]


@pytest.mark.parametrize("path", BINDINGS_MAPS, ids=lambda p: p.name)
def test_map_holds_every_kind_of_bindings_terrain(path):
    board = load_board(path)
    cells = [board.props(x, y) for x, y in board.coords()]
    assert any(c.get("solid") for c in cells), "walls or cliffs"
    assert any(c.get("cover") for c in cells), "cover obstacles"
    assert any(c.get("conceal", 0) >= 1 and not c.get("solid") for c in cells), "concealment"
    assert any(c.get("dark") and not c.get("solid") for c in cells), "darkness to stand in"
    assert any(c.get("water") and not c.get("solid") for c in cells), "water to swim"
    assert any(c.get("move_cost", 1) >= 2 and not c.get("water") for c in cells), "difficult"
    # Overlays keep the ground beneath them: a dark hex still says what ground it is.
    assert all(c.get("terrain") for c in cells)


@pytest.mark.parametrize("path", BINDINGS_MAPS, ids=lambda p: p.name)
def test_map_is_the_same_for_both_sides(path):
    """A half turn about the centre maps every hex's rules onto its mirror and every side 0
    spawn onto the side 1 spawn of the same slot, and keeps hex distances."""
    board = load_board(path)
    layout = HexLayout.from_board(board)
    for x, y in board.coords():
        assert board.props(x, y) == board.props(*mirror(board, x, y)), (x, y)
    a, b = spawns(board, 0), spawns(board, 1)
    assert [mirror(board, s.x, s.y) for s in a] == [(s.x, s.y) for s in b]
    some = [(0, 0), (3, 2), (board.width - 2, 5), (7, board.height - 1)]
    for p in some:
        for q in some:
            assert layout.distance(p, q) == layout.distance(mirror(board, *p), mirror(board, *q))


@pytest.mark.parametrize("path", BINDINGS_MAPS, ids=lambda p: p.name)
def test_spawns_face_each_other_at_a_fair_distance_with_cover_nearby(path):
    board = load_board(path)
    layout = HexLayout.from_board(board)
    for side in (0, 1):
        mine, theirs = spawns(board, side), spawns(board, 1 - side)
        assert [s.properties["slot"] for s in mine] == [0, 1, 2, 3]
        for s in mine:
            near = min(layout.distance((s.x, s.y), (t.x, t.y)) for t in theirs)
            assert 8 <= near <= 14, (s.name, near)
            around = [board.props(*h) for h in layout.area((s.x, s.y), 3) if board.in_bounds(*h)]
            assert any(c.get("cover") or c.get("solid") or c.get("conceal") for c in around), \
                f"{s.name} has nothing to hide behind within 3 hexes"


def test_hex_crossing_still_passes_the_bindings_checks():
    assert mapcheck.check_map(load_board(MAPS / "hex_crossing.tmx")) == []


@pytest.mark.parametrize("path", BINDINGS_MAPS, ids=lambda p: p.name)
def test_overlays_are_drawn_over_the_ground(path):
    """Darkness darkens and mist pales the hexes they lie on; everything else is untouched."""
    from game.client.render import tilemap
    tilemap.clear_cache()
    board = load_board(path)
    geo = tilemap.MapGeometry.from_board(board)
    full = tilemap.render_tile_layers(path)
    bare = tilemap.render_tile_layers(path, hide_layers=["overlay"])
    overlay = board.layer_cells["overlay"]
    for x, y in board.coords():
        cx, cy = (int(v) for v in geo.cell_center(x, y))
        lit, under = full.get_at((cx, cy)), bare.get_at((cx, cy))
        if (x, y) not in overlay:
            assert lit == under, (x, y)
        elif board.prop(x, y, "dark"):
            assert sum(lit[:3]) < sum(under[:3]) // 2, (x, y)
        else:
            assert sum(lit[:3]) > sum(under[:3]), (x, y)


def test_check_map_cli_accepts_the_bindings_maps(capsys):
    """Needs the bindings system registered (game/engine/systems/bindings/system.py)."""
    from game.__main__ import main
    for path in BINDINGS_MAPS:
        assert main(["check-map", str(path), "--system", "bindings"]) == 0, capsys.readouterr()
        assert "OK for bindings" in capsys.readouterr().out


# ---------------------------------------------------------------------------- mapcheck
def hex_board(rows: list[str], objects: list[MapObject], source: str = "test.tmx") -> Board:
    legend = {".": {"terrain": "grass"}, "#": {"solid": True}, "~": {"water": True},
              "o": {"cover": True}}
    board = Board.from_rows(rows, legend, source=source, objects=objects)
    board.orientation = "hexagonal"
    board.tile_width, board.tile_height = 28, 32
    board.stagger_axis, board.stagger_index, board.hex_side_length = "y", "odd", 16
    return board


def spawn(oid: int, x: int, y: int, side: object, slot: object = 0, **extra: object) -> MapObject:
    return MapObject(oid, f"s{oid}", "spawn", x, y, "spawns",
                     {"side": side, "slot": slot, **extra})


GOOD = [spawn(1, 0, 0, 0, 0), spawn(2, 0, 1, 0, 1), spawn(3, 5, 0, 1, 0), spawn(4, 5, 1, 1, 1)]


def test_a_clean_inline_board_has_no_problems():
    assert mapcheck.check_map(hex_board(["......", "......"], GOOD)) == []


def test_a_square_map_is_refused():
    board = Board.from_rows(["...", "..."], source="square.tmx", objects=GOOD)
    (p,) = mapcheck.check_map(board)
    assert p.file == "square.tmx" and "hexagonal" in p.message


def test_cell_property_types_and_ranges_are_reported_with_their_cell():
    board = hex_board(["......", "......"], GOOD, source="bad.tmx")
    board.cells[0][2].update(move_cost=0, conceal=-1)
    board.cells[1][3].update(move_cost="2", conceal=1.5, cover="yes", dark=1, water="false",
                             solid=None, terrain=4)
    found = {(p.x, p.y, p.message.split(" ")[0]) for p in mapcheck.check_map(board)}
    assert found == {(2, 0, "move_cost"), (2, 0, "conceal"),
                     (3, 1, "move_cost"), (3, 1, "conceal"), (3, 1, "cover"), (3, 1, "dark"),
                     (3, 1, "water"), (3, 1, "solid"), (3, 1, "terrain")}
    assert all(str(p).startswith("bad.tmx") for p in mapcheck.check_map(board))
    board.cells[0][2].update(move_cost=2, conceal=3)     # difficult ground, thick smoke: fine
    assert len(mapcheck.check_map(board)) == 7


def test_spawns_must_stand_on_dry_open_hexes_on_the_map():
    objs = GOOD + [spawn(5, 1, 0, 0, 2), spawn(6, 2, 0, 0, 3), spawn(7, 3, 0, 0, 4),
                   spawn(8, 9, 9, 0, 5)]
    board = hex_board([".#o~..", "......"], objs)
    msgs = {p.x: p.message for p in mapcheck.check_map(board)}
    assert "solid" in msgs[1] and "cover" in msgs[2] and "water" in msgs[3]
    assert "off the map" in msgs[9]
    assert all(m.startswith(f"spawn s{i}") for i, m in zip((5, 6, 7, 8), (msgs[1], msgs[2],
                                                                         msgs[3], msgs[9])))


def test_spawn_sides_slots_and_flags_are_checked():
    objs = [spawn(1, 0, 0, 0, 0), spawn(2, 0, 1, 0, 0), spawn(3, 1, 1, 0, 2),
            spawn(4, 2, 1, 2, 0), spawn(5, 3, 1, 0, -1), spawn(6, 1, 0, 0, 1, unaware="no"),
            spawn(7, 1, 0, 0, 3)]
    msgs = [str(p) for p in mapcheck.check_map(hex_board(["......", "......"], objs))]
    assert any("side 0 slot 0 is also used by spawn s1" in m for m in msgs)
    assert any("s4: side must be 0 or 1" in m for m in msgs)
    assert any("s5: slot must be a whole number" in m for m in msgs)
    assert any("s6: unaware must be true or false" in m for m in msgs)
    assert any("s7: shares its hex with spawn s6" in m for m in msgs)
    assert any("no spawn for side 1" in m for m in msgs)
    assert not any("slots are" in m for m in msgs)          # 0, 1, 2, 3 have no gap
    gap = [spawn(1, 0, 0, 0, 0), spawn(2, 0, 1, 0, 2), spawn(3, 5, 0, 1, 0)]
    msgs = [str(p) for p in mapcheck.check_map(hex_board(["......", "......"], gap))]
    assert msgs == ["test.tmx: side 0 spawn slots are [0, 2]; number them 0, 1, 2... without gaps"]


def test_sides_cut_off_from_each_other_are_reported():
    rows = ["..~...", "..#...", "..o..."]
    msgs = [p for p in mapcheck.check_map(hex_board(rows, GOOD))]
    assert len(msgs) == 4 and all("cannot walk" in p.message for p in msgs)
    assert {(p.x, p.y) for p in msgs} == {(0, 0), (0, 1), (5, 0), (5, 1)}
    rows = ["..~...", "..#...", "......"]                 # a dry way round along the bottom
    assert mapcheck.check_map(hex_board(rows, GOOD)) == []


def test_a_broken_copy_of_a_shipped_map_names_the_file_and_cells(tmp_path):
    shutil.copytree(MAPS / "tilesets", tmp_path / "tilesets")
    shutil.copy(MAPS / "propertytypes.json", tmp_path / "propertytypes.json")
    text = (MAPS / "bindings_grove.tmx").read_text()
    # Move side 1's spawns onto side 0 (duplicate slots) by renumbering their side.
    text = text.replace('name="side" type="int" propertytype="side" value="1"',
                        'name="side" type="int" propertytype="side" value="0"')
    path = tmp_path / "broken_grove.tmx"
    path.write_text(text)
    msgs = [str(p) for p in mapcheck.check_map(load_board(path))]
    assert sum("is also used by" in m for m in msgs) == 4
    assert any(m.endswith("no spawn for side 1 (add a 'spawn' object with side = 1 to the "
                          "spawns layer)") for m in msgs)
    assert all(m.startswith(str(path)) for m in msgs)

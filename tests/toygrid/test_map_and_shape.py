"""toy_grid's map loads through the game's board building and passes check-map; its packages
stand alone (no other system is imported, the engine package imports no pygame or client)."""
from __future__ import annotations

import ast
from pathlib import Path

from game.cli import check_map
from game.engine import registry
from game.engine.boards.tmx import load_board

HERE = Path(__file__).resolve().parent
MAP = HERE / "maps" / "toy_field.tmx"


def test_the_map_loads_with_the_square_tileset_and_its_spawns():
    board = load_board(MAP)
    assert (board.width, board.height, board.orientation) == (10, 7, "orthogonal")
    assert board.properties["system"] == "toy_grid"
    assert board.prop(6, 1, "solid") is True and board.prop(0, 0, "solid", False) is False
    assert board.prop(0, 0, "terrain") == "grass"
    assert {side: len(s) for side, s in board.spawns_by_side().items()} == {0: 3, 1: 3}


def test_check_map_finds_no_problem(toy_grid, capsys):
    assert registry.check_map_file(MAP, "toy_grid") == []
    assert check_map.main([str(MAP), "--system", "toy_grid"]) == 0
    assert "OK for toy_grid" in capsys.readouterr().out


def test_check_map_reports_the_toys_own_problem(toy_grid, tmp_path):
    broken = tmp_path / "one_sided.tmx"
    text = MAP.read_text(encoding="utf-8").replace(
        'source="../../../maps/tilesets/', f'source="{HERE.parent.parent}/maps/tilesets/')
    broken.write_text(text.replace('name="side" type="int" value="1"',
                                   'name="side" type="int" value="0"'), encoding="utf-8")
    problems = [str(p) for p in registry.check_map_file(broken, "toy_grid")]
    assert any("side 1 needs 1 to 3 spawns" in p for p in problems), problems


def imported_modules(folder: Path) -> set[str]:
    found = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module)
    return found


def test_the_toys_packages_import_no_other_system():
    for folder in (HERE / "engine", HERE / "client"):
        mods = imported_modules(folder)
        assert mods, f"{folder}: the import reader found nothing"
        others = sorted(m for m in mods if any(name in m.split(".")
                                               for name in ("gems", "bindings", "gemwielders")))
        assert others == [], f"{folder.name} imports {others}"


def test_the_toys_engine_imports_no_pygame_and_no_client():
    mods = imported_modules(HERE / "engine")
    assert not [m for m in mods if m.split(".")[0] == "pygame" or m.startswith("game.client")
                or m.startswith("tests.toygrid.client")]
    assert "game.client.presenters" in imported_modules(HERE / "client")   # the reader sees it

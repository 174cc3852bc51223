"""Bindings' shipped sight tables: the bare board's unseen listing (BND-91) worked out ahead of
time for the shipped maps, so the first positions of a match read it instead of building it.

Owns: `fingerprint(board)`, `build(board)` (a table from the board itself), `load(board)` (the
shipped table for this board, or None), `preload(view)` (a bare Viewer takes a table's answers)
`install_geometry()` (hexsight's shipped line masks, the same for every map: see
hexsight.install_masks) and `write_all(check)`, which writes (or only checks) the geometry and
the table of every bindings map in maps/ and removes tables no map has any more
(`python tools/sight_tables.py [--check]`).

What a table holds, for the board alone (no walls or veils) under the default sight house rules
(graze_blocks off, concealment_line "best"): for each open hex, the hexes it has a line to but
cannot see into, in listing order with their distances (what `Viewer.unseen` works out for the
whole board at once): the same answers the listing builds as it plays, only built before; and
the pairs of open hexes with no line between them (BND-84; a sixth of the Pass's pairs), which
walls can never open, so a listing under walls and veils and `can_see` skip them unasked. (The
pair witnesses the listing meets on the way are left out: shipped too, they made a table three
times the size and slower to read for a few per cent of cold play, within the noise.)

Trust: a table is found by the fingerprint of everything its answers are read from: the board's
shape and hex layout, each cell's sight properties (solid, cover, conceal, dark) and
TABLE_VERSION. A board with no table under its fingerprint (a player's own map, a map edited
after its table was written, a board changed by hand and `forget`-ed) builds its answers as it
plays, as before; nothing is read by map name, so a stale table is never found. A table whose
contents do not carry the fingerprint it is filed under is refused loudly. Raise TABLE_VERSION
whenever hexsight's geometry or the listing's answers change: tests/bindings/test_sighttable.py
rebuilds every shipped map's table and compares, so a forgotten bump fails there.

Must not: hold anything that depends on the state (positions, walls, veils, house rules other
than the defaults); know a rule beyond asking the Viewer.
"""
from __future__ import annotations

import hashlib
import json
import zlib
from pathlib import Path
from typing import Any

from game import paths
from game.engine.boards.hex import HexLayout
from game.engine.tactics import hexsight as hs

from .boardcache import per_board

TABLE_VERSION = 3
SIGHT_PROPS = ("solid", "cover", "conceal", "dark")
READING = (False, "best")        # graze_blocks, concealment_line: the house rules' defaults

Hex = tuple[int, int]


def tables_dir() -> Path:
    return paths.data_dir() / "bindings" / "sight"


def fingerprint(board: Any) -> str:
    """A digest of everything a table's answers depend on (see the module docstring)."""
    lay = HexLayout.from_board(board)
    cells = [[board.cells[y][x].get(p) for p in SIGHT_PROPS] + list(lay.to_cube(x, y))
             for x, y in board.coords()]
    text = json.dumps([TABLE_VERSION, board.orientation, board.width, board.height,
                       board.stagger_axis, board.stagger_index, cells], separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def build(board: Any) -> dict[str, Any]:
    """The table of `board`: every open hex's bare listing over the whole board, worked out by a
    Viewer of its own (never the shared one, which may hold a loaded table)."""
    from .sight import Viewer, _Grid

    view = Viewer.of(board, (READING[0], READING[1], frozenset(), frozenset()))
    grid = _Grid(board)
    unseen = [[h[0], h[1], [[dist, x, y] for dist, (x, y) in view._unseen_from(h, grid.span)]]
              for _q, _r, _s, h in grid.open]
    # the pairs of open hexes with no line between them (lines read the same both ways): for
    # each open hex, by its place in the board's open hexes, the later ones it has no line to
    cells = [h for _q, _r, _s, h in grid.open]
    nolines = [[j for j in range(i + 1, len(cells)) if not view.can_see(a, cells[j])]
               for i, a in enumerate(cells)]
    return {"version": TABLE_VERSION, "fingerprint": fingerprint(board), "span": grid.span,
            "unseen": unseen, "nolines": nolines}


def load(board: Any) -> dict[str, Any] | None:
    """The shipped table for this board (remembered per board), or None when there is none."""
    return per_board("sight table", board, _read)


def _read(board: Any) -> dict[str, Any] | None:
    fp = fingerprint(board)
    path = tables_dir() / f"{fp}.json"
    if not path.is_file():
        return None
    table = json.loads(path.read_text(encoding="utf-8"))
    if table.get("fingerprint") != fp or table.get("version") != TABLE_VERSION:
        raise ValueError(f"{path}: the sight table does not match the fingerprint it is filed "
                         f"under (rebuild it: python tools/sight_tables.py)")
    return table


def preload(view: Any) -> bool:
    """Give a bare Viewer (no walls or veils, default house rules) the shipped table's answers
    for its board; False when there is no table for it."""
    if view._features_c or (view.graze, view.mode) != READING:
        raise ValueError("a sight table holds the bare board's answers under the default rules")
    table = load(view.board)
    if table is None:
        return False
    span = int(table["span"])
    for x, y, rows in table["unseen"]:
        found = tuple((dist, (hx, hy)) for dist, hx, hy in rows)
        view._shipped[(x, y)] = (span, found)
    cells = [(x, y) for x, y, _rows in table["unseen"]]       # the board's open hexes, in order
    apart: list[list[Hex]] = [[] for _ in cells]
    for i, later in enumerate(table["nolines"]):
        for j in later:
            apart[i].append(cells[j])
            apart[j].append(cells[i])
    view._nolines.update((h, frozenset(no)) for h, no in zip(cells, apart))
    return True


GEOMETRY_FILE = "geometry.bin"       # hexsight's line masks, the same for every map
EXTRAS_FILE = "geometry-extras.bin"  # hexsight's region rows, centre lines and seams (the same)


def install_geometry() -> None:
    """Let hexsight read its shipped line masks (hexsight.install_masks checks them; a missing
    file leaves every mask to be worked out when first asked, as before)."""
    path = tables_dir() / GEOMETRY_FILE
    if path.is_file():
        hs.install_masks(path.read_bytes())
    path = tables_dir() / EXTRAS_FILE
    if path.is_file():
        hs.install_extras(path.read_bytes())


def shipped_maps() -> list[Path]:
    return sorted(paths.maps_dir().glob("bindings_*.tmx"))


def write_all(check: bool) -> list[str]:
    """Write the table of every bindings map in maps/ and remove tables no map has; with
    `check`, write nothing. The problems found (a table missing, differing or left over)."""
    from game.engine.boards.tmx import load_board

    wanted: set[str] = set()
    problems: list[str] = []
    for map_path in shipped_maps():
        board = load_board(map_path)
        table = build(board)
        text = json.dumps(table, separators=(",", ":")) + "\n"
        out = tables_dir() / f"{table['fingerprint']}.json"
        wanted.add(out.name)
        if out.is_file() and out.read_text(encoding="utf-8") == text:
            continue
        problems.append(f"{map_path.name}: its sight table {out.name} is missing or differs")
        if not check:
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(text, encoding="utf-8")
    geometry = tables_dir() / GEOMETRY_FILE
    data = hs.build_masks()
    if not geometry.is_file() or zlib.decompress(geometry.read_bytes()) != zlib.decompress(data):
        problems.append(f"{GEOMETRY_FILE}: the line masks are missing or differ")
        if not check:
            geometry.parent.mkdir(parents=True, exist_ok=True)
            geometry.write_bytes(data)
    extras = tables_dir() / EXTRAS_FILE
    data = hs.build_extras()
    if not extras.is_file() or zlib.decompress(extras.read_bytes()) != zlib.decompress(data):
        problems.append(f"{EXTRAS_FILE}: the region rows, centre lines or seams are missing "
                        f"or differ")
        if not check:
            extras.write_bytes(data)
    for left in sorted(tables_dir().glob("*.json")):
        if left.name not in wanted:
            problems.append(f"{left.name}: a sight table no bindings map has")
            if not check:
                left.unlink()
    return problems

"""Author the first version of maps/hex_crossing.tmx (pointy hexes, rows staggered) from a text
layout, for the hex rule systems and the hex renderer tests.

Must not: overwrite a map someone has since edited in Tiled without checking the diff.
Run: `.venv/bin/python tools/tiles/make_hex_maps.py`.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tmx_writer import Layer, Obj, ObjectLayer, write_tmx  # noqa: E402

MAPS = Path(__file__).resolve().parents[2] / "maps"
CHARS = {".": 0, "f": 1, "h": 2, "~": 3, "s": 4, "o": 5, "M": 6, "m": 7, "D": 8, "W": 9}
W, H = 14, 10
TILE_W, TILE_H, SIDE = 28, 32, 16

LAYOUT = [
    "..ff.h~~..hh..",
    ".fff.s~~s..hM.",
    "..f..s~D~s.hMM",
    ".....s~D~s..h.",
    ".hh..oooo.....",   # a stone ford across the river
    "hhM..s~~s..ff.",
    ".hh..s~D~s.fff",
    "..m..s~~~s..f.",
    ".mm...s~~s..W.",
    "..m...s~~s..W.",
]
SPAWNS = [[(1, 2), (2, 3), (1, 6), (3, 7)], [(11, 3), (12, 5), (10, 7), (11, 1)]]


def main() -> int:
    rows = [r for r in LAYOUT]
    assert len(rows) == H and all(len(r) == W for r in rows), "layout size"
    gids = [[1 + CHARS[c] for c in r] for r in rows]
    objs = []
    oid = 1
    for side, cells in enumerate(SPAWNS):
        for slot, (x, y) in enumerate(cells):
            px = x * TILE_W + (TILE_W // 2 if y % 2 else 0) + TILE_W // 2
            py = y * (TILE_H - (TILE_H - SIDE) // 2) + TILE_H // 2
            objs.append(Obj(oid, px, py, type="spawn", name=f"side{side}_slot{slot}", point=True,
                            properties={"side": side, "slot": slot}))
            oid += 1
    out = write_tmx(MAPS / "hex_crossing.tmx", W, H, TILE_W, TILE_H,
                    [(1, "tilesets/hex_pointy.tsx")],
                    [Layer("ground", gids), ObjectLayer("spawns", objs)],
                    properties={"title": "River Crossing (hex)"}, orientation="hexagonal",
                    stagger_axis="y", stagger_index="odd", hex_side=SIDE)
    print("wrote", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())

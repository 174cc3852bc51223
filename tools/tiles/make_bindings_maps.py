"""Author the first versions of the bindings hex maps: maps/bindings_pass.tmx (pointy hexes, rows
staggered, 22x16) and maps/bindings_grove.tmx (flat hexes, columns staggered, 16x12).

Owns: the hand-drawn layouts below and how their characters become the three tile layers
(`ground`, `features`, `overlay`) and the `spawns` object layer of the bindings contract
(docs/maps.md). Each layout draws the WEST half of its map; the east half is the same ground
turned half a circle around the map's centre (cell (x, y) -> (W-1-x, H-1-y), an exact point
reflection of the hex grid when the staggered dimension is even), so both sides face the same
terrain and the maps stay fair for mirrored play.

Must not: be imported by the game, or overwrite a map someone has since edited in Tiled without
checking the diff. Run: `.venv/bin/python tools/tiles/make_bindings_maps.py`.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))
from tmx_writer import Layer, Obj, ObjectLayer, write_tmx  # noqa: E402

from game.engine.boards.hex import HexLayout  # noqa: E402

MAPS = ROOT / "maps"

# Local tile ids of hex_pointy.tsx / hex_flat.tsx (the same order in both; a contract).
TILE = {"grass": 0, "forest": 1, "hills": 2, "water": 3, "sand": 4, "stone": 5, "mountain": 6,
        "marsh": 7, "deep": 8, "wall": 9, "boulder": 10, "low_wall": 11, "thicket": 12,
        "mist": 13, "darkness": 14, "rubble": 15, "shallows": 16, "tree": 17, "bridge": 18,
        "dirt": 19}

# One character per cell: (ground, feature or None, overlay or None).
LEGEND: dict[str, tuple[str, str | None, str | None]] = {
    ".": ("grass", None, None),
    ",": ("dirt", None, None),
    ":": ("sand", None, None),
    "o": ("stone", None, None),
    "h": ("hills", None, None),
    "M": ("mountain", None, None),
    "W": ("wall", None, None),
    "~": ("water", None, None),
    "s": ("shallows", None, None),
    "D": ("deep", None, None),
    "B": ("grass", "boulder", None),
    "b": ("dirt", "boulder", None),
    "L": ("grass", "low_wall", None),
    "l": ("stone", "low_wall", None),
    "T": ("grass", "thicket", None),
    "R": ("grass", "rubble", None),
    "r": ("dirt", "rubble", None),
    "Y": ("grass", "tree", None),
    "=": ("water", "bridge", None),
    "m": ("grass", None, "mist"),
    "n": ("shallows", None, "mist"),
    "w": ("water", None, "mist"),
    "K": ("grass", None, "darkness"),
    "d": ("dirt", None, "darkness"),
    "k": ("stone", None, "darkness"),
}


@dataclass(frozen=True)
class MapSpec:
    file: str
    title: str
    description: str
    tile_w: int
    tile_h: int
    stagger_axis: str
    tileset: str
    west: list[str]                      # the west half, one string per row
    width: int
    spawns: list[tuple[int, int]]        # side 0, slots 0..3; side 1 is their mirror


PASS = MapSpec(
    file="bindings_pass.tmx",
    title="The Broken Pass",
    description="A mountain stream splits the pass. Hold the bridge or wade the fords; low "
                "ruined walls, boulders and a dark cave mouth give both sides places to hide.",
    tile_w=28, tile_h=32, stagger_axis="y", tileset="tilesets/hex_pointy.tsx", width=22,
    west=[
        # x: 0123456789A
        "MMMMMMMMMD~",   # 0  cliffs; the stream leaves the gorge
        "MMhMMkkMM:~",   # 1  the cave mouth (darkness on stone)
        "Mh,,hddd,so",   # 2  the north ford: stepping stones
        "h,,,,,r,B:~",   # 3
        ".,,...RL.:~",   # 4
        ".......L.:~",   # 5  a ruined wall, two hexes, facing the stream
        ".T...B...:~",   # 6
        ".TT.....,:=",   # 7  the bridge (two hexes wide with its mirror)
        "..T....L,:=",   # 8
        ".......L.nw",   # 9  mist over the water, south of the bridge
        "....B.T.Wsw",   # 10 the stump of a watchtower, rubble at its foot
        "..YY..TRW:~",   # 11
        ".TYT..B..:~",   # 12
        "hTT.....,so",   # 13 the south ford
        "MhhMh,hMMM~",   # 14
        "MMMMMMMMMM~",   # 15
    ],
    spawns=[(6, 6), (6, 8), (5, 4), (5, 10)],
)

GROVE = MapSpec(
    file="bindings_grove.tmx",
    title="The Hollow Grove",
    description="A clearing ringed by old trees around a misty pond and a fallen shrine. "
                "Thickets and a dark hollow hide the flanks.",
    tile_w=32, tile_h=28, stagger_axis="x", tileset="tilesets/hex_flat.tsx", width=16,
    west=[
        # x: 01234567
        "YYTYYYTY",   # 0  the tree line
        "Y..KKY..",   # 1  the dark hollow under the canopy
        "T..KK.T.",   # 2
        "...B.mms",   # 3  mist drifting off the pond
        ".....L.s",   # 4  the shrine's broken wall
        ".,,...L~",   # 5
        ".,,..R.w",   # 6  mist on the pond
        "......ss",   # 7
        "..T.B.Y.",   # 8
        ".TTT..oo",   # 9  flagstones of the shrine path
        "Y.T..YB.",   # 10
        "YYYTYYYY",   # 11
    ],
    spawns=[(2, 4), (2, 6), (1, 3), (1, 8)],
)


def full_rows(spec: MapSpec) -> list[str]:
    """The whole map: the west half as drawn, the east half its point reflection."""
    h, w = len(spec.west), spec.width
    half = len(spec.west[0])
    assert all(len(r) == half for r in spec.west) and 2 * half == w, f"{spec.file}: layout size"
    rows = []
    for y in range(h):
        row = [spec.west[y][x] if x < half else spec.west[h - 1 - y][w - 1 - x] for x in range(w)]
        rows.append("".join(row))
    return rows


def build(spec: MapSpec) -> Path:
    rows = full_rows(spec)
    h, w = len(rows), spec.width
    layers: dict[str, list[list[int]]] = {n: [[0] * w for _ in range(h)]
                                           for n in ("ground", "features", "overlay")}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            ground, feature, overlay = LEGEND[ch]
            layers["ground"][y][x] = 1 + TILE[ground]
            if feature:
                layers["features"][y][x] = 1 + TILE[feature]
            if overlay:
                layers["overlay"][y][x] = 1 + TILE[overlay]
    hexes = HexLayout(spec.stagger_axis, "odd", spec.tile_w, spec.tile_h, 16)
    objs = []
    oid = 1
    for side in (0, 1):
        for slot, (x, y) in enumerate(spec.spawns):
            if side == 1:
                x, y = w - 1 - x, h - 1 - y
            px, py = hexes.center(x, y)
            objs.append(Obj(oid, px, py, type="spawn", name=f"side{side}_slot{slot}", point=True,
                            properties={"side": side, "slot": slot}))
            oid += 1
    return write_tmx(
        MAPS / spec.file, w, h, spec.tile_w, spec.tile_h, [(1, spec.tileset)],
        [Layer("ground", layers["ground"]), Layer("features", layers["features"]),
         Layer("overlay", layers["overlay"]), ObjectLayer("spawns", objs)],
        properties={"title": spec.title, "description": spec.description, "system": "bindings"},
        orientation="hexagonal", stagger_axis=spec.stagger_axis, stagger_index="odd",
        hex_side=16)


def main() -> int:
    for spec in (PASS, GROVE):
        print("wrote", build(spec))
        print("\n".join(full_rows(spec)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

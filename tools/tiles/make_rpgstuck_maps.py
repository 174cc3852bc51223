"""Author the first versions of the rpgstuck maps: maps/rpgstuck_crypt.tmx (26x18, a flooded crypt)
and maps/rpgstuck_ravine.tmx (28x20, a river ravine under a cliff).

Owns: the layouts below (built from rectangles and single squares on a ground grid, a feature
grid and a light grid) and how they become the tile layers `ground`, `walls`, `objects`,
`decor` and `light` and the object layers `lights` and `spawns` of the rpgstuck contract
(docs/maps.md). Spawns: six per side, party (side 0) with room for 2x2 creatures, monsters
(side 1) with room for 3x3 ones (B-15), each footprint clear of the others.

Must not: be imported by the game, or overwrite a map someone has since edited in Tiled without
checking the diff. Run: `.venv/bin/python tools/tiles/make_rpgstuck_maps.py`.
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
from rpgstuck_tiles import ID  # noqa: E402
from tmx_writer import Layer, Obj, ObjectLayer, write_tmx  # noqa: E402

MAPS = ROOT / "maps"
T = 32
TILESET = "tilesets/rpgstuck_terrain.tsx"

GROUND = {".": "crypt_floor", ",": "crypt_floor_cracked", "r": "rubble", "D": "dais",
          "G": "gallery", "s": "shallows", "W": "deep_water", "w": "flooded", "g": "grass",
          "p": "path", "x": "scree", "f": "forest_floor", "v": "cave_floor", "1": "ledge10",
          "2": "ledge20", "3": "ledge30"}
WALLS = {"#": "crypt_wall", "X": "cliff", "^": "climb_wall", "/": "climb_cliff", "O": "pit",
         "V": "crevasse"}
OBJECTS = {"P": "pillar", "c": "crate", "C": "crates", "m": "masonry", "S": "sarcophagus",
           "T": "statue", "B": "boulder", "L": "log", "Y": "tree", "b": "bush"}
DECOR = {"t": "torch", "z": "brazier"}
LIGHT = {"d": "dim", "k": "dark"}


class Plan:
    """Three character grids (ground, feature, light) plus lights and spawns."""

    def __init__(self, w: int, h: int, ground: str) -> None:
        self.w, self.h = w, h
        self.ground = [[ground] * w for _ in range(h)]
        self.feature = [[" "] * w for _ in range(h)]
        self.light = [["."] * w for _ in range(h)]
        self.lights: list[tuple[int, int, int, int]] = []       # x, y, bright_ft, dim_ft
        self.spawns: list[tuple[int, int, int, int, int]] = []  # side, slot, x, y, size

    def rect(self, grid: list[list[str]], x0: int, y0: int, x1: int, y1: int, ch: str) -> None:
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                grid[y][x] = ch

    def at(self, grid: list[list[str]], ch: str, *cells: tuple[int, int]) -> None:
        for x, y in cells:
            grid[y][x] = ch

    def layers(self) -> list[Layer | ObjectLayer]:
        def layer(name: str, grid: list[list[str]], table: dict[str, str]) -> Layer:
            return Layer(name, [[ID[table[c]] + 1 if c in table else 0 for c in row]
                                for row in grid])
        out: list[Layer | ObjectLayer] = [
            layer("ground", self.ground, GROUND),
            layer("walls", self.feature, WALLS),
            layer("objects", self.feature, OBJECTS),
            layer("decor", self.feature, DECOR),
            layer("light", self.light, LIGHT),
        ]
        oid = 1
        lights = []
        for x, y, bright, dim in self.lights:
            lights.append(Obj(oid, x * T + T / 2, y * T + T / 2, type="light",
                              name=f"light{oid}", point=True,
                              properties={"bright_ft": bright, "dim_ft": dim}))
            oid += 1
        spawns = []
        for side, slot, x, y, size in self.spawns:
            spawns.append(Obj(oid, x * T + T / 2, y * T + T / 2, type="spawn",
                              name=f"side{side}_slot{slot}", point=True,
                              properties={"side": side, "slot": slot, "size": size}))
            oid += 1
        return out + [ObjectLayer("lights", lights), ObjectLayer("spawns", spawns)]


def spawn_block(plan: Plan, side: int, anchors: list[tuple[int, int]], size: int) -> None:
    for slot, (x, y) in enumerate(anchors):
        plan.spawns.append((side, slot, x, y, size))


def crypt() -> Plan:
    p = Plan(26, 18, ".")
    g, f, li = p.ground, p.feature, p.light
    # outer walls; the west antechamber (x1-6), the pillared hall (x8-17) with a gallery above
    # it, the flooded chamber south of the hall, the ossuary in the east (x19-24)
    p.rect(f, 0, 0, 25, 0, "#")
    p.rect(f, 0, 17, 25, 17, "#")
    p.rect(f, 0, 0, 0, 17, "#")
    p.rect(f, 25, 0, 25, 17, "#")
    p.rect(f, 7, 1, 7, 16, "#")
    p.rect(f, 18, 1, 18, 16, "#")
    # doorways: three squares wide between the big rooms, so a Huge (3x3) creature passes
    p.at(f, " ", (7, 5), (7, 6), (7, 7), (7, 14), (18, 5), (18, 6), (18, 7), (18, 12))
    # the gallery: 10 ft up, reached by climbing its face from the hall (RS-106)
    p.rect(g, 8, 1, 17, 3, "G")
    p.rect(f, 8, 4, 17, 4, "^")
    p.at(f, "T", (10, 2), (15, 2))
    p.at(f, "c", (12, 1))
    # the hall: pillars (full cover) in its south half, a 5 ft dais with a sarcophagus (half
    # cover), braziers, and a 20 ft pit beside the east doorway; the north half (y5-7) stays
    # open, the way through for big creatures
    p.rect(g, 11, 7, 14, 9, "D")
    p.at(f, "S", (12, 8), (13, 8))
    p.at(f, "z", (11, 7), (14, 9))
    p.at(f, "P", (9, 8), (9, 10), (15, 10), (12, 10))
    p.rect(f, 16, 8, 17, 9, "O")
    p.at(g, "r", (10, 8), (10, 9), (15, 5), (14, 10))
    p.at(g, ",", (8, 5), (12, 6), (13, 10))
    p.at(f, "m", (10, 10))
    # the wall between hall and flooded chamber, open in the middle
    p.rect(f, 8, 11, 17, 11, "#")
    p.at(f, " ", (12, 11), (13, 11))
    # flooded chamber: deep water to swim and hold breath in (RS-117), shallow rim
    p.rect(g, 8, 12, 17, 16, "s")
    p.rect(g, 9, 13, 16, 15, "w")
    p.at(f, "m", (8, 16), (16, 12))
    # antechamber: crates and masonry along the walls, torches by the doors
    p.at(f, "c", (1, 1), (6, 15))
    p.at(f, "C", (1, 15), (2, 15))
    p.at(f, "m", (5, 1), (1, 12))
    p.at(f, "t", (6, 4), (6, 10))
    p.at(g, ",", (3, 3), (4, 13), (2, 4))
    # ossuary: statues and crates south of the monsters' ground, rubble
    p.at(f, "T", (20, 13), (23, 13))
    p.at(f, "C", (24, 16))
    p.at(f, "c", (19, 16), (24, 10))
    p.at(f, "m", (21, 16))
    p.at(f, "t", (19, 11))
    p.rect(g, 21, 11, 22, 12, "r")
    # light: the antechamber and the flooded chamber dim, the hall, gallery and ossuary dark;
    # torches and braziers light their surroundings (lights layer, RS-101)
    p.rect(li, 1, 1, 6, 16, "d")
    p.rect(li, 8, 1, 17, 10, "k")
    p.rect(li, 7, 5, 7, 7, "d")
    p.rect(li, 8, 12, 17, 16, "d")
    p.rect(li, 19, 1, 24, 16, "k")
    p.rect(li, 18, 5, 18, 7, "k")
    p.at(li, "d", (12, 11), (13, 11), (7, 14))
    p.at(li, "k", (18, 12))
    # (small radii: pools of light around each flame, the rest of each room stays as painted)
    p.lights += [(6, 4, 5, 10), (6, 10, 5, 10), (11, 7, 5, 5), (14, 9, 5, 5), (19, 11, 5, 10)]
    spawn_block(p, 0, [(2, 5), (4, 5), (2, 7), (4, 7), (2, 9), (4, 9)], 2)
    spawn_block(p, 1, [(19, 1), (22, 1), (19, 4), (22, 4), (19, 7), (22, 7)], 3)
    return p


def ravine() -> Plan:
    p = Plan(28, 20, "g")
    g, f, li = p.ground, p.feature, p.light
    # the forest edge along the north-west: trees (full cover) and bushes in dim light
    p.rect(g, 0, 0, 10, 3, "f")
    p.rect(li, 0, 0, 10, 3, "d")
    p.rect(li, 0, 4, 4, 4, "d")
    p.rect(g, 0, 4, 4, 4, "f")
    p.at(f, "Y", (0, 0), (2, 0), (5, 0), (7, 0), (9, 0), (1, 1), (4, 1), (8, 2), (0, 3),
         (3, 2), (6, 2), (10, 1), (2, 4))
    p.at(f, "b", (1, 3), (5, 3), (7, 3), (9, 3), (4, 4))
    # the river: deep water to swim (two squares wide), shallow banks, a ford in the south
    p.rect(g, 12, 0, 12, 19, "s")
    p.rect(g, 15, 0, 15, 19, "s")
    p.rect(g, 13, 0, 14, 19, "W")
    p.rect(g, 12, 15, 15, 16, "s")
    p.at(f, "B", (12, 3), (15, 11))
    p.at(f, "L", (11, 9), (16, 17))
    # the west bank: a path to the ford, rocks and logs, scree and a crevasse (a 30 ft drop)
    p.rect(g, 5, 15, 11, 16, "p")
    p.rect(g, 0, 17, 7, 19, "x")
    p.rect(f, 3, 18, 4, 18, "V")
    p.at(f, "B", (9, 6), (9, 12), (1, 13))
    p.at(f, "L", (7, 11), (10, 15))
    p.at(f, "b", (11, 5), (11, 12))
    # the cliff in the north-east: ledges at 10, 20 and 30 ft (a fall off the top, RS-115);
    # climbable faces (RS-106) with hand-holds; solid rock (walls) frames two dark caves cut into
    # its foot
    p.rect(g, 17, 0, 18, 8, "1")
    p.rect(g, 19, 0, 21, 8, "2")
    p.rect(g, 22, 0, 27, 8, "3")
    p.at(f, "/", (17, 3), (17, 4), (17, 5), (19, 2), (19, 3), (22, 4), (22, 5))
    p.at(f, "X", (18, 0), (21, 0), (27, 0))
    p.rect(g, 16, 9, 27, 9, "x")           # scree at the foot of the cliff
    p.rect(g, 24, 6, 25, 8, "v")           # the deep cave under the clifftop
    p.rect(f, 23, 5, 26, 5, "X")
    p.rect(f, 23, 6, 23, 8, "X")
    p.rect(f, 26, 6, 26, 8, "X")
    p.rect(li, 24, 6, 25, 8, "k")
    p.rect(g, 20, 7, 20, 8, "v")           # a shallow cave under the 20 ft ledge
    p.rect(f, 19, 6, 21, 6, "X")
    p.at(f, "X", (19, 7), (19, 8), (21, 7), (21, 8))
    p.rect(li, 20, 7, 20, 8, "k")
    p.at(f, "B", (20, 1), (24, 1), (18, 6))
    p.at(f, "t", (23, 9))
    p.lights += [(23, 9, 5, 10)]
    # the south-east meadow where the monsters gather: a few rocks and logs around it
    p.at(f, "B", (17, 12), (27, 14), (20, 19), (25, 18))
    p.at(f, "L", (17, 16), (22, 18))
    p.at(g, "x", (16, 12), (16, 13), (27, 11))
    spawn_block(p, 0, [(3, 6), (5, 6), (3, 8), (5, 8), (3, 10), (5, 10)], 2)
    spawn_block(p, 1, [(18, 10), (21, 10), (24, 10), (18, 13), (21, 13), (24, 13)], 3)
    return p


MAPS_TO_WRITE = {
    "rpgstuck_crypt": (crypt, "The Drowned Crypt",
                       "Dark halls under a crypt: a pillared hall with a raised gallery, a dais, "
                       "a pit and a flooded chamber; torches light the way in."),
    "rpgstuck_ravine": (ravine, "Ravine Crossing",
                        "A river ravine in daylight under a stepped cliff with dark caves; the "
                        "forest edge lies in shade and a crevasse splits the scree."),
}


def main() -> int:
    for name, (build, title, description) in MAPS_TO_WRITE.items():
        plan = build()
        write_tmx(MAPS / f"{name}.tmx", plan.w, plan.h, T, T, [(1, TILESET)], plan.layers(),
                  properties={"system": "rpgstuck", "title": title, "description": description})
        print(f"wrote maps/{name}.tmx ({plan.w}x{plan.h})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

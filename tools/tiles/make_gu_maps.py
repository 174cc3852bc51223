"""Author the gu_masters maps: maps/gu_cliffs.tmx (30x20, a stepped mountain cliff with a
waterfall) and maps/gu_marsh.tmx (30x20, a marsh village of stilt huts among channels).

Owns: the layouts below (rectangles and single squares on a ground grid and a feature grid) and
how they become the tile layers `ground`, `edges`, `faces`, `overlays`, `walls` and `objects` and
the object layers `spawns` and `stones` of the gu_masters contract (docs/maps.md). The `edges`
layer is worked out from the heights: a brink mark on every side of a square that drops more than
1 m. Spawns: six per side, slots 0..5, each the top-left of a clear, level 3x3 block (room for
a Huge beast), the blocks of a side side by side without overlapping.

Must not: be imported by the game, or overwrite a map someone has since edited in Tiled without
checking the diff. Run: `.venv/bin/python tools/tiles/make_gu_maps.py`.
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
from gu_tiles import ID, TILES, brink_id  # noqa: E402
from tmx_writer import Layer, Obj, ObjectLayer, write_tmx  # noqa: E402

MAPS = ROOT / "maps"
T = 32
TILESET = "tilesets/gu_terrain.tsx"
SPAWN_ROOM = 3          # each spawn's block: a Huge (3x3) creature stands on it

GROUND = {".": "grass", ",": "meadow", "=": "path", "r": "rock_floor", "x": "scree",
          "m": "mud", "o": "pool", "W": "channel", "F": "waterfall", "b": "boardwalk",
          **{str(m % 10): f"rock{m}" for m in range(1, 11)},
          "A": "platform1", "B": "platform2", "C": "platform3", "D": "platform4"}
WALLS = {"#": "rock_wall"}
OBJECTS = {"O": "boulder", "S": "spire", "c": "crate", "k": "crates", "-": "fence_h",
           "|": "fence_v", "H": "hut_wall", "L": "log"}
OVERLAYS = {"y": "bamboo", "q": "reeds", "f": "ferns", "v": "loose_scree"}
FACES = {"l": "ladder", "R": "rope", "h": "holds", "Z": "sheer", "P": "posts"}
PROPS = {name: props for name, _draw, props in TILES}


class Plan:
    """Two character grids (ground, features: one feature a square) plus spawns and stones."""

    def __init__(self, w: int, h: int, ground: str) -> None:
        self.w, self.h = w, h
        self.ground = [[ground] * w for _ in range(h)]
        self.feature = [[" "] * w for _ in range(h)]
        self.spawns: list[tuple[int, int, int, int]] = []      # side, slot, x, y
        self.stones: list[tuple[int, int, int]] = []           # x, y, count

    def rect(self, grid: list[list[str]], x0: int, y0: int, x1: int, y1: int, ch: str) -> None:
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                grid[y][x] = ch

    def box(self, grid: list[list[str]], x0: int, y0: int, x1: int, y1: int, ch: str) -> None:
        """The outline of a rectangle (a hut's walls)."""
        for x in range(x0, x1 + 1):
            grid[y0][x] = grid[y1][x] = ch
        for y in range(y0, y1 + 1):
            grid[y][x0] = grid[y][x1] = ch

    def at(self, grid: list[list[str]], ch: str, *cells: tuple[int, int]) -> None:
        for x, y in cells:
            grid[y][x] = ch

    def height(self, x: int, y: int) -> int:
        return PROPS[GROUND[self.ground[y][x]]].get("elevation_m", 0)

    def brinks(self) -> list[list[int]]:
        """Per square, the brink tile's gid (0: none): each side whose neighbour on the map
        stands more than 1 m lower, walls left out (rock has no brink to fall from)."""
        out = [[0] * self.w for _ in range(self.h)]
        for y in range(self.h):
            for x in range(self.w):
                if self.feature[y][x] in WALLS:
                    continue
                mask = 0
                for bit, (dx, dy) in ((1, (0, -1)), (2, (1, 0)), (4, (0, 1)), (8, (-1, 0))):
                    nx, ny = x + dx, y + dy
                    if 0 <= nx < self.w and 0 <= ny < self.h \
                            and self.feature[ny][nx] not in WALLS \
                            and self.height(x, y) - self.height(nx, ny) > 1:
                        mask |= bit
                out[y][x] = brink_id(mask) + 1 if mask else 0
        return out

    def layers(self) -> list[Layer | ObjectLayer]:
        def layer(name: str, grid: list[list[str]], table: dict[str, str]) -> Layer:
            return Layer(name, [[ID[table[c]] + 1 if c in table else 0 for c in row]
                                for row in grid])
        out: list[Layer | ObjectLayer] = [
            layer("ground", self.ground, GROUND),
            Layer("edges", self.brinks()),
            layer("faces", self.feature, FACES),
            layer("overlays", self.feature, OVERLAYS),
            layer("walls", self.feature, WALLS),
            layer("objects", self.feature, OBJECTS),
        ]
        oid = 1
        spawns = []
        for side, slot, x, y in self.spawns:
            spawns.append(Obj(oid, x * T + T / 2, y * T + T / 2, type="spawn",
                              name=f"side{side}_slot{slot}", point=True,
                              properties={"side": side, "slot": slot, "size": SPAWN_ROOM}))
            oid += 1
        stones = []
        for x, y, count in self.stones:
            stones.append(Obj(oid, x * T + T / 2, y * T + T / 2, type="primeval_stone",
                              name=f"stones{oid}", point=True, properties={"count": count}))
            oid += 1
        return out + [ObjectLayer("spawns", spawns), ObjectLayer("stones", stones)]


def spawn_blocks(plan: Plan, side: int, x0: int, y0: int) -> None:
    """Six spawns in two columns of three, each the top-left of its own 3x3 block."""
    anchors = [(x0 + dx, y0 + dy) for dy in (0, 3, 6) for dx in (0, 3)]
    for slot, (x, y) in enumerate(anchors):
        plan.spawns.append((side, slot, x, y))


def cliffs() -> Plan:
    p = Plan(30, 20, ".")
    g, f = p.ground, p.feature
    # the mountain in the north, in three steps: a 10 m top (rows 0-2), a 6 m ledge (rows 3-5)
    # and a 3 m ledge (rows 6-7); solid rock frames the corners
    p.rect(g, 0, 0, 29, 2, "0")
    p.rect(g, 0, 3, 29, 5, "6")
    p.rect(g, 0, 6, 29, 7, "3")
    p.rect(f, 0, 0, 4, 2, "#")
    p.rect(f, 25, 0, 29, 2, "#")
    p.rect(f, 0, 3, 1, 5, "#")
    p.rect(f, 28, 3, 29, 5, "#")
    # the waterfall cuts the mountain in two and falls into a pool; its stream runs south with a
    # rocky ford half-way (a 10 m dive off the top lands in water)
    p.rect(g, 14, 0, 15, 7, "F")
    p.rect(g, 12, 8, 17, 10, "o")
    p.rect(g, 14, 11, 15, 19, "o")
    p.rect(g, 14, 14, 15, 14, "r")
    # a stair cut in the rock in the west, one metre at a time, for those who cannot climb:
    # ground -> 1 -> 2 -> 3 m, then 4, 5 -> 6 m, then 7, 8, 9 -> 10 m
    p.rect(g, 0, 9, 1, 9, "1")
    p.rect(g, 0, 8, 1, 8, "2")
    p.rect(g, 2, 7, 3, 7, "4")
    p.rect(g, 2, 6, 3, 6, "5")
    p.at(g, "7", (5, 5), (6, 5))
    p.at(g, "8", (5, 4), (6, 4))
    p.at(g, "9", (5, 3), (6, 3))
    # scree at the cliff's foot and on the ledges (difficult ground)
    p.rect(g, 4, 8, 10, 8, "x")
    p.rect(g, 19, 8, 26, 8, "x")
    p.at(f, "v", (10, 6), (11, 6), (22, 4), (23, 4), (9, 1), (10, 1), (16, 0), (17, 0),
         (16, 1))
    # faces to climb, marked at their foot: ropes need no test, rough faces +10, sheer +20
    p.at(f, "R", (7, 8), (24, 8), (20, 6), (21, 3))
    p.at(f, "h", (22, 8), (9, 6), (11, 3), (26, 6), (8, 3))
    p.at(f, "Z", (10, 8), (25, 6), (18, 3), (12, 3))
    # cover: boulders (partial), rock spires (full)
    p.at(f, "O", (7, 15), (9, 15), (20, 13), (23, 17), (12, 17), (18, 16), (8, 4), (20, 1),
         (12, 6), (17, 12), (11, 12))
    p.at(f, "S", (8, 11), (21, 10), (17, 4), (12, 1))
    p.at(f, "L", (11, 16))
    # bamboo thickets to hide in (and slow going), undergrowth by the pool
    p.rect(f, 7, 17, 10, 19, "y")
    p.rect(f, 19, 18, 22, 19, "y")
    p.rect(f, 23, 6, 24, 7, "y")
    p.rect(f, 19, 3, 20, 4, "y")
    p.at(f, "f", (11, 9), (18, 9), (11, 10), (18, 10), (13, 12), (16, 14))
    p.rect(g, 6, 13, 12, 14, ",")
    p.rect(g, 17, 14, 22, 15, ",")
    p.rect(g, 16, 10, 17, 11, "=")
    spawn_blocks(p, 0, 0, 11)
    spawn_blocks(p, 1, 24, 11)
    p.stones += [(13, 2, 2), (16, 5, 1), (6, 15, 1), (23, 13, 1)]
    return p


def marsh() -> Plan:
    p = Plan(30, 20, ".")
    g, f = p.ground, p.feature
    # deep channels: one north-south down the middle, one from the east into a pond
    p.rect(g, 13, 0, 14, 19, "W")
    p.rect(g, 15, 9, 23, 10, "W")
    p.rect(g, 21, 7, 23, 8, "W")
    # boardwalks over the water
    p.rect(g, 12, 3, 15, 3, "b")
    p.rect(g, 12, 11, 15, 11, "b")
    p.rect(g, 12, 17, 15, 17, "b")
    p.rect(g, 18, 9, 18, 10, "b")
    # mud (difficult) and reed beds in the shallows (difficult, a place to hide)
    p.rect(g, 5, 12, 10, 14, "m")
    p.rect(g, 16, 6, 20, 8, "m")
    p.rect(g, 25, 11, 29, 12, "m")
    p.rect(g, 7, 8, 11, 9, "m")
    p.rect(f, 11, 5, 12, 9, "q")
    p.rect(f, 15, 12, 16, 16, "q")
    p.rect(f, 6, 16, 10, 18, "q")
    p.rect(f, 24, 9, 27, 10, "q")
    p.rect(f, 16, 0, 18, 2, "q")
    # the west hut: a platform 3 m up on stilts, walls round a room, its door south; a ladder
    # up at the front, bare posts to climb elsewhere
    p.rect(g, 3, 1, 10, 6, "C")
    p.box(f, 4, 1, 8, 4, "H")
    p.at(f, " ", (6, 4))
    p.at(f, "k", (9, 1))
    p.at(f, "c", (10, 6))
    p.at(f, "l", (6, 7))
    p.at(f, "P", (2, 3), (2, 5), (11, 2), (4, 7), (9, 7))
    # a ramp of planks from the boardwalk up to the west hut's deck
    p.at(g, "A", (11, 3))
    p.at(g, "B", (11, 4))
    # the south-east hut: 4 m up, door west, a lookout deck south
    p.rect(g, 18, 12, 25, 17, "D")
    p.box(f, 19, 12, 23, 15, "H")
    p.at(f, " ", (19, 14))
    p.at(f, "l", (21, 18), (17, 13))
    p.at(f, "P", (26, 14), (26, 16), (18, 18))
    p.at(f, "k", (24, 17))
    p.at(f, "c", (25, 12))
    # crates and fences (partial cover) around the yards
    p.at(f, "c", (8, 11), (3, 9), (19, 4), (26, 18), (10, 16))
    p.at(f, "k", (16, 4))
    p.rect(f, 2, 10, 6, 10, "-")
    p.rect(f, 23, 0, 23, 2, "|")
    p.rect(f, 18, 5, 22, 5, "-")
    p.rect(f, 7, 15, 11, 15, "-")
    p.at(f, "L", (28, 13))
    p.rect(g, 0, 7, 3, 8, "=")
    spawn_blocks(p, 0, 0, 11)
    spawn_blocks(p, 1, 24, 0)
    p.stones += [(5, 2, 2), (21, 13, 2), (16, 18, 1), (9, 12, 1)]
    return p


MAPS_TO_WRITE = {
    "gu_cliffs": (cliffs, "Waterfall Cliffs",
                  "A mountain side in three steps, 3, 6 and 10 m high, split by a waterfall "
                  "over a pool; rock spires, boulders and bamboo below, ropes and hand-holds "
                  "up the faces."),
    "gu_marsh": (marsh, "Stilt Village",
                 "A marsh village of stilt huts 3 and 4 m up, deep channels crossed by "
                 "boardwalks, reed beds and mud, crates and fences in the yards."),
}


def main() -> int:
    for name, (build, title, description) in MAPS_TO_WRITE.items():
        plan = build()
        write_tmx(MAPS / f"{name}.tmx", plan.w, plan.h, T, T, [(1, TILESET)], plan.layers(),
                  properties={"system": "gu_masters", "title": title,
                              "description": description})
        print(f"wrote maps/{name}.tmx ({plan.w}x{plan.h})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

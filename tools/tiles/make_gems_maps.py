"""Author the first versions of the gems maps (maps/gems_*.tmx) from text layouts.

Owns: the layouts of gems_riverbend and gems_quarry as text grids (terrain, elevation,
features) and the autotiling of plateau edges from the elevation grid.

Must not: be run over maps someone has since edited in Tiled without checking the diff: once a
map is committed, the .tmx is the source of truth and this script only shows how it began.
Run: `.venv/bin/python tools/tiles/make_gems_maps.py [NAME...]`.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gems_tiles import ITEM_KINDS, plateau_gid_offset, shadow_gid_offset  # noqa: E402
from tmx_writer import Layer, Obj, ObjectLayer, write_tmx  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"
T = 32
TERRAIN_FIRST = 1
ITEMS_FIRST = 201

# Ground characters -> gems_terrain tile id.
GROUND = {
    ".": 0, ",": 1, '"': 2, ";": 3, "d": 4, "e": 5, "m": 6, "s": 7, "z": 8, "f": 9, "F": 10,
    "r": 11, "~": 16, "D": 25,
    # Water with a current, keypad directions: 8 north, 9 north-east, 6 east ... 7 north-west.
    "8": 17, "9": 18, "6": 19, "3": 20, "2": 21, "1": 22, "4": 23, "7": 24,
}
# Feature characters (drawn on the "features" layer above ground and plateaus).
FEATURES = {"W": 12, "B": 13, "T": 14, "P": 15, "=": 26, "H": 27, "L": 28, "b": 29, "w": 30,
            "I": 31}


def grid(rows: list[str], width: int, height: int, what: str) -> list[str]:
    rows = [r for r in rows]
    if len(rows) != height:
        raise SystemExit(f"{what}: {len(rows)} rows, expected {height}")
    for y, r in enumerate(rows):
        if len(r) != width:
            raise SystemExit(f"{what}: row {y} has {len(r)} chars, expected {width}: {r!r}")
    return rows


def build(name: str, spec: dict[str, Any]) -> Path:
    w, h = spec["size"]
    ground = grid(spec["ground"], w, h, f"{name} ground")
    elev = grid(spec["elevation"], w, h, f"{name} elevation")
    feats = grid(spec["features"], w, h, f"{name} features")
    E = [[int(c) for c in row] for row in elev]

    def e(x: int, y: int) -> int:
        if 0 <= x < w and 0 <= y < h:
            return E[y][x]
        return E[min(max(y, 0), h - 1)][min(max(x, 0), w - 1)]

    g_gids = [[TERRAIN_FIRST + GROUND[c] for c in row] for row in ground]
    p_gids = [[0] * w for _ in range(h)]
    for y in range(h):
        for x in range(w):
            lv = E[y][x]
            if lv <= 0:
                continue
            mask = 0
            if e(x, y - 1) < lv:
                mask |= 1
            if e(x + 1, y) < lv:
                mask |= 2
            if e(x, y + 1) < lv:
                mask |= 4
            if e(x - 1, y) < lv:
                mask |= 8
            p_gids[y][x] = TERRAIN_FIRST + plateau_gid_offset(lv, mask)
    f_gids = [[(TERRAIN_FIRST + FEATURES[c]) if c in FEATURES else 0 for c in row]
              for row in feats]
    # Higher ground to the north or west casts a shadow on this cell (light from the top-left).
    s_gids = [[0] * w for _ in range(h)]
    for y in range(h):
        for x in range(w):
            lv = E[y][x]
            n = y > 0 and E[y - 1][x] > lv
            west = x > 0 and E[y][x - 1] > lv
            corner = x > 0 and y > 0 and E[y - 1][x - 1] > lv
            kind = "NW" if n and west else "N" if n else "W" if west else \
                "corner" if corner else None
            if kind:
                s_gids[y][x] = TERRAIN_FIRST + shadow_gid_offset(kind)

    spawns: list[Obj] = []
    oid = 1
    for side, cells in enumerate(spec["spawns"]):
        for slot, (x, y) in enumerate(cells):
            spawns.append(Obj(oid, x * T, (y + 1) * T, type="spawn", name=f"side{side}_slot{slot}",
                              gid=ITEMS_FIRST + len(ITEM_KINDS) + side, width=T, height=T,
                              properties={"side": side, "slot": slot}))
            oid += 1
    items: list[Obj] = []
    for kind, (x, y), size, carriable in spec["items"]:
        items.append(Obj(oid, x * T, (y + 1) * T, type="item", name=kind,
                         gid=ITEMS_FIRST + ITEM_KINDS.index(kind), width=T, height=T,
                         properties={"kind": kind, "size": float(size), "carriable": carriable}))
        oid += 1

    layers = [
        Layer("ground", g_gids),
        Layer("plateaus", p_gids),
        Layer("shadows", s_gids),
        Layer("features", f_gids),
        ObjectLayer("spawns", spawns),
        ObjectLayer("items", items),
    ]
    out = MAPS / f"{name}.tmx"
    write_tmx(out, w, h, T, T,
              [(TERRAIN_FIRST, "tilesets/gems_terrain.tsx"), (ITEMS_FIRST, "tilesets/gems_items.tsx")],
              layers, properties={"title": spec["title"], "system": "gems",
                                  "description": spec["description"]})
    return out


RIVERBEND = {
    "title": "Riverbend",
    "description": "A river bends between a wooded knoll and a high mesa with a deadly drop.",
    "size": (20, 14),
    #            01234567890123456789
    "ground": [
        ',.;..,.,.22s.,..,.,.',   # 0
        '.,..,..s.22s..,..,..',   # 1
        '..".,..s.22s.,.....,',   # 2
        '.,.,...ds22s,.,.....',   # 3
        ',.;.,..s.22s....,..,',   # 4
        '..,..,.s.3DD3s.,.,..',   # 5
        '.,.,..ms.sDDD3s.,...',   # 6
        '..,.,.m..s6DD2s.,.,.',   # 7
        ',..,..,...s322s..,..',   # 8
        '..;.,..,.,s122s.,..,',   # 9
        '.,.fff..,.s22~s.,..,',   # 10
        ',.,fFf..,.s22ss.,.,.',   # 11
        '..,.,dd..s.22s..,.,.',   # 12
        '.,.,..,..s.22s.,.,..',   # 13
    ],
    "elevation": [
        '01110000000000044444',   # 0
        '12220000000000044444',   # 1  (3,1)=2 next to (4,1)=0: a 2-level ledge
        '12221000000000044444',   # 2
        '01110000000000034444',   # 3  the mesa's west face drops 4: a damaging fall
        '00000000000000023444',   # 4
        '00000000000000012344',   # 5
        '00000000000000001233',   # 6
        '00000000000000000122',   # 7
        '00000000000000000011',   # 8
        '00000000000000000000',   # 9
        '00000000000000000000',   # 10
        '00000000000000000000',   # 11
        '00000000000000000000',   # 12
        '00000000000000000000',   # 13
    ],
    "features": [
        '......T.............',   # 0
        '..b.................',   # 1
        '...................B',   # 2
        '.........==.........',   # 3
        '....................',   # 4
        'T...................',   # 5
        '.T..................',   # 6
        '....B...............',   # 7
        '........L...........',   # 8
        'T..WWw.P..........T.',   # 9
        '...............b...T',   # 10
        '..I..I.............B',   # 11
        '..T.............T...',   # 12
        '.....P...........B..',   # 13
    ],
    "spawns": [
        [(1, 4), (2, 6), (0, 7), (3, 5)],
        [(16, 1), (18, 2), (17, 9), (15, 11)],
    ],
    "items": [
        ("rock", (6, 6), 0.5, True),
        ("rock", (15, 12), 0.5, True),
        ("crate", (4, 10), 1, True),
        ("hardlight_spear", (8, 7), 0.5, True),
        ("gem_shard", (12, 2), 0.5, True),
        ("hardlight_sword", (17, 4), 0.5, True),
        ("barrel", (6, 10), 1, True),
    ],
}

QUARRY = {
    "title": "The Quarry",
    "description": "A flooded quarry: both sides start on the rim, five levels above the pit.",
    "size": (28, 20),
    #            0123456789012345678901234567
    "ground": [
        '.,.,;..,.,..,.,..,..,.,.,;.,',   # 0
        ',..ddddddddddddddddddddddd.,',   # 1
        '..drrrfffffffffffffffrrrrd..',   # 2
        '.,drfffffffffffffffffffffd.,',   # 3
        '..dfffffrrffffffffffffffrd,.',   # 4
        ',.dfffffffffffffffffffffffd.',   # 5
        '..dffffffffffffffffffffffd.,',   # 6
        '.,dffffffff6666666666fffffd.',   # 7
        ',.dfffffff666666666663fffd.,',   # 8
        '..dffffff~DDDDDDDDDD2fffffd.',   # 9
        '.,dffffff~DDDDDDDDDD2ffffd..',   # 10
        ',.dfffffff4444444444ffffrd.,',   # 11
        '..dffrrfffffffffffffffffffd.',   # 12
        '.,dfffffffffffffffffffffffd.',   # 13
        ',.dffffffffffffffffffffffrd,',   # 14
        '..drrffffffffffffffffffffrd.',   # 15
        '.,dfffffffffffffffffffffffd.',   # 16
        ',.ddddddddddddddddddddddddd.',   # 17
        '..,.,.,;.,..,.,..,.;.,..,.,.',   # 18
        '.,..,.,..,.,..,.,.,..,..,.,.',   # 19
    ],
    "elevation": [
        '5555555555555555555555555555',   # 0  the rim: 5 up from the pit floor
        '5555555555555555555555555555',   # 1
        '5544444444444444444444444555',   # 2
        '5543333333333333333333334555',   # 3
        '5543222222222222222222234555',   # 4
        '5543211111111111111111234555',   # 5
        '5543210000000000000000123455',   # 6
        '5543210000000000000000123455',   # 7
        '5543210000000000000000123455',   # 8
        '5500000000000000000000123455',   # 9  west wall: a sheer 5-level drop into the pit
        '5500000000000000000000123455',   # 10
        '5543210000000000000000123455',   # 11
        '5543210000000000000000123455',   # 12
        '5543211111111111111111234555',   # 13
        '5543222222222222222222234555',   # 14
        '5543333333333333333333334555',   # 15
        '5544444444444444444444444555',   # 16
        '5555555555555555555555555555',   # 17
        '5555555555555555555555555555',   # 18
        '5555555555555555555555555555',   # 19
    ],
    "features": [
        'T.....B.............P.....T.',   # 0
        '............................',   # 1
        '....I...........I......I....',   # 2
        '............................',   # 3
        '.........B..................',   # 4
        '.......................L....',   # 5
        '............................',   # 6
        '............................',   # 7
        '............................',   # 8
        '..........................W.',   # 9
        '..........................w.',   # 10
        '............................',   # 11
        '......B.....................',   # 12
        '............................',   # 13
        '.............B..............',   # 14
        '....I...........I......I....',   # 15
        '............................',   # 16
        '............................',   # 17
        'P.....T.....B..........T..P.',   # 18
        '............................',   # 19
    ],
    "spawns": [
        [(4, 1), (6, 1), (8, 1), (10, 1), (5, 18)],
        [(16, 18), (18, 18), (20, 18), (22, 18), (21, 1)],
    ],
    "items": [
        ("rock", (8, 6), 0.5, True),
        ("rock", (14, 12), 0.5, True),
        ("rock", (20, 4), 0.5, True),
        ("crate", (12, 5), 1, True),
        ("crate", (13, 5), 1, True),
        ("barrel", (7, 13), 1, True),
        ("hardlight_spear", (3, 9), 0.5, True),
        ("hardlight_sword", (24, 12), 0.5, True),
        ("gem_shard", (15, 14), 0.5, True),
    ],
}

MAPS_SPEC = {"gems_riverbend": RIVERBEND, "gems_quarry": QUARRY}


def main(argv: list[str]) -> int:
    names = argv or list(MAPS_SPEC)
    for n in names:
        print("wrote", build(n, MAPS_SPEC[n]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Write the map templates "New map" copies: maps/templates/<system id>.tmx, one small valid map
per grid system (open ground, the layers that system's maps use, and a full set of spawns), so a
map maker starts from something `check-map --system ID` already accepts.

The templates sit one folder below maps/, so they name their tilesets `../tilesets/...`; the game
rewrites that to `tilesets/...` when it copies a template into the player's maps folder (beside
which it puts the tilesets). tests/usermaps checks every template passes its system's map check.

Must not: be imported by the game. Run: `.venv/bin/python tools/tiles/make_templates.py`.
"""
from __future__ import annotations

import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[2] / "maps" / "templates"


def _csv(width: int, height: int, gid: int) -> str:
    row = ",".join([str(gid)] * width)
    return ",\n".join([row] * height)


def _layer(lid: int, name: str, width: int, height: int, gid: int) -> str:
    return (f' <layer id="{lid}" name="{name}" width="{width}" height="{height}">\n'
            f'  <data encoding="csv">\n{_csv(width, height, gid)}\n</data>\n </layer>')


def _props(items: list[tuple[str, str, str]], indent: str = "   ") -> str:
    lines = [f'{indent}<property name="{n}" type="{t}" value="{v}"/>' if n != "side" else
             f'{indent}<property name="side" type="int" propertytype="side" value="{v}"/>'
             for n, t, v in items]
    return f"{indent[:-1]}<properties>\n" + "\n".join(lines) + f"\n{indent[:-1]}</properties>"


def _spawn(oid: int, side: int, slot: int, x: float, y: float, size: int | None = None,
           gid: int | None = None, tile: int = 32) -> str:
    props = [("side", "int", str(side)), ("slot", "int", str(slot))]
    if size is not None:
        props.append(("size", "int", str(size)))
    name = f"side{side}_slot{slot}"
    if gid is not None:         # a tile object: its position is its bottom-left corner
        head = (f'  <object id="{oid}" name="{name}" type="spawn" gid="{gid}" x="{x:g}" '
                f'y="{y + tile:g}" width="{tile}" height="{tile}">')
        return head + "\n" + _props(props) + "\n  </object>"
    head = f'  <object id="{oid}" name="{name}" type="spawn" x="{x:g}" y="{y:g}">'
    return head + "\n" + _props(props) + "\n   <point/>\n  </object>"


def _map(attrs: str, system: str, title: str, description: str, tilesets: list[str],
         body: list[str], next_layer: int, next_object: int) -> str:
    head = ['<?xml version="1.0" encoding="UTF-8"?>',
            f'<map version="1.8" tiledversion="1.8.2" {attrs} infinite="0" '
            f'nextlayerid="{next_layer}" nextobjectid="{next_object}">',
            _props([("title", "string", title), ("system", "string", system),
                    ("description", "string", description)], "  ")]
    return "\n".join(head + tilesets + body + ["</map>"]) + "\n"


def gems() -> str:
    w, h = 16, 12
    spawns = []
    oid = 1
    for side, col in ((0, 1), (1, w - 2)):
        for slot, row in enumerate((3, 5, 7, 9)):
            # the spawn marker tiles of gems_items.tsx: 7 (side 0) and 8 (side 1), firstgid 201
            spawns.append(_spawn(oid, side, slot, col * 32, row * 32, gid=208 + side))
            oid += 1
    body = [_layer(1, "ground", w, h, 1), _layer(2, "features", w, h, 0),
            ' <objectgroup id="3" name="items"/>',
            ' <objectgroup id="4" name="spawns">', *spawns, ' </objectgroup>']
    return _map(f'orientation="orthogonal" renderorder="right-down" width="{w}" height="{h}" '
                'tilewidth="32" tileheight="32"', "gems", "New gems map",
                "Open grass, four spawns a side: paint the ground, features and water.",
                [' <tileset firstgid="1" source="../tilesets/gems_terrain.tsx"/>',
                 ' <tileset firstgid="201" source="../tilesets/gems_items.tsx"/>'],
                body, 5, oid)


def bindings() -> str:
    w, h = 14, 10       # pointy hexes 28x32, side 16, stagger axis y (odd rows shifted right)
    spawns = []
    oid = 1
    for side, col in ((0, 1), (1, w - 2)):
        for slot, row in enumerate((3, 5, 2, 7)):
            cx = col * 28 + 14 + (14 if row % 2 else 0)
            cy = row * 24 + 16
            spawns.append(_spawn(oid, side, slot, cx, cy))
            oid += 1
    body = [_layer(1, "ground", w, h, 1), _layer(2, "features", w, h, 0),
            _layer(3, "overlay", w, h, 0),
            ' <objectgroup id="4" name="spawns">', *spawns, ' </objectgroup>']
    return _map(f'orientation="hexagonal" renderorder="right-down" width="{w}" height="{h}" '
                'tilewidth="28" tileheight="32" hexsidelength="16" staggeraxis="y" '
                'staggerindex="odd"', "bindings", "New bindings map",
                "Open grass, four spawns a side: paint ground, features and overlays.",
                [' <tileset firstgid="1" source="../tilesets/hex_pointy.tsx"/>'],
                body, 5, oid)


def rpgstuck() -> str:
    w, h = 18, 12
    spawns = []
    oid = 1
    # the party: size 2 (room for a Large creature); the monsters: size 3 (room for a Huge one)
    for side, cols, size in ((0, (1, 3), 2), (1, (11, 14), 3)):
        slot = 0
        for row in (1, 4, 7) if side else (2, 5, 8):
            for col in cols:
                spawns.append(_spawn(oid, side, slot, col * 32 + 16, row * 32 + 16, size=size))
                oid += 1
                slot += 1
    body = [_layer(1, "ground", w, h, 1), _layer(2, "walls", w, h, 0),
            _layer(3, "objects", w, h, 0), _layer(4, "decor", w, h, 0),
            _layer(5, "light", w, h, 0),
            ' <objectgroup id="6" name="lights"/>',
            ' <objectgroup id="7" name="spawns">', *spawns, ' </objectgroup>']
    return _map(f'orientation="orthogonal" renderorder="right-down" width="{w}" height="{h}" '
                'tilewidth="32" tileheight="32"', "rpgstuck", "New rpgstuck map",
                "A bare flagstone floor, six spawns a side: add walls, cover, light and heights.",
                [' <tileset firstgid="1" source="../tilesets/rpgstuck_terrain.tsx"/>'],
                body, 8, oid)


def gu_masters() -> str:
    w, h = 24, 16       # 1 m squares
    spawns = []
    oid = 1
    # six spawns a side, each with room for a Huge beast (3x3), as the shipped maps give
    for side, cols in ((0, (1, 4)), (1, (w - 7, w - 4))):
        slot = 0
        for row in (1, 6, 11):
            for col in cols:
                spawns.append(_spawn(oid, side, slot, col * 32 + 16, row * 32 + 16, size=3))
                oid += 1
                slot += 1
    body = [_layer(1, "ground", w, h, 1), _layer(2, "edges", w, h, 0),
            _layer(3, "faces", w, h, 0), _layer(4, "overlays", w, h, 0),
            _layer(5, "walls", w, h, 0), _layer(6, "objects", w, h, 0),
            ' <objectgroup id="7" name="spawns">', *spawns, ' </objectgroup>',
            ' <objectgroup id="8" name="stones"/>']
    return _map(f'orientation="orthogonal" renderorder="right-down" width="{w}" height="{h}" '
                'tilewidth="32" tileheight="32"', "gu_masters", "New gu_masters map",
                "Open grass, six spawns a side: add heights, water, cover and primeval stones.",
                [' <tileset firstgid="1" source="../tilesets/gu_terrain.tsx"/>'],
                body, 9, oid)


TEMPLATES = {"gems": gems, "bindings": bindings, "rpgstuck": rpgstuck, "gu_masters": gu_masters}


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for sid, make in TEMPLATES.items():
        (OUT / f"{sid}.tmx").write_text(make(), encoding="utf-8")
    print(f"wrote {', '.join(f'maps/templates/{s}.tmx' for s in TEMPLATES)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

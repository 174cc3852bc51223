"""Write Tiled .tmx files from Python data: used by our map authoring scripts and by tests.

Owns: the XML shape of a map as Tiled 1.8 saves it (CSV layer data, external tilesets, object
groups with typed properties). Must not: know any game rule.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.sax.saxutils import quoteattr

FLIP_H = 0x80000000
FLIP_V = 0x40000000
FLIP_D = 0x20000000


@dataclass
class Layer:
    name: str
    gids: list[list[int]]                 # gids[y][x], 0 = empty, flip bits allowed
    properties: dict[str, Any] = field(default_factory=dict)
    opacity: float = 1.0
    visible: bool = True
    offset: tuple[int, int] = (0, 0)


@dataclass
class Obj:
    id: int
    x: float
    y: float
    type: str = ""
    name: str = ""
    gid: int = 0
    width: float = 0
    height: float = 0
    point: bool = False
    properties: dict[str, Any] = field(default_factory=dict)


@dataclass
class ObjectLayer:
    name: str
    objects: list[Obj]
    properties: dict[str, Any] = field(default_factory=dict)
    visible: bool = True


ENUMS = {"current_dir": "current_dir", "side": "side"}


def prop_lines(props: dict[str, Any], indent: str) -> list[str]:
    if not props:
        return []
    out = [f"{indent}<properties>"]
    for k, v in props.items():
        if isinstance(v, bool):
            typ, text = "bool", "true" if v else "false"
        elif isinstance(v, int):
            typ, text = "int", str(v)
        elif isinstance(v, float):
            typ, text = "float", repr(v)
        else:
            typ, text = "string", str(v)
        extra = f" propertytype={quoteattr(ENUMS[k])}" if k in ENUMS else ""
        out.append(f"{indent} <property name={quoteattr(k)} type=\"{typ}\"{extra} value={quoteattr(text)}/>")
    out.append(f"{indent}</properties>")
    return out


def write_tmx(path: Path, width: int, height: int, tile_w: int, tile_h: int,
              tilesets: list[tuple[int, str]], layers: list[Layer | ObjectLayer],
              properties: dict[str, Any] | None = None, orientation: str = "orthogonal",
              stagger_axis: str | None = None, stagger_index: str | None = None,
              hex_side: int | None = None, renderorder: str = "right-down") -> Path:
    """`tilesets` are (firstgid, source .tsx path relative to the map)."""
    next_layer = len(layers) + 1
    next_obj = 1 + max([o.id for lay in layers if isinstance(lay, ObjectLayer) for o in lay.objects],
                       default=0)
    hexattrs = ""
    if orientation == "hexagonal":
        hexattrs = (f' hexsidelength="{hex_side}" staggeraxis="{stagger_axis}"'
                    f' staggerindex="{stagger_index}"')
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.8" tiledversion="1.8.2" orientation="{orientation}" '
        f'renderorder="{renderorder}" width="{width}" height="{height}" tilewidth="{tile_w}" '
        f'tileheight="{tile_h}" infinite="0"{hexattrs} nextlayerid="{next_layer}" '
        f'nextobjectid="{next_obj}">',
    ]
    lines += prop_lines(properties or {}, " ")
    for firstgid, source in tilesets:
        lines.append(f' <tileset firstgid="{firstgid}" source={quoteattr(source)}/>')
    for i, lay in enumerate(layers, 1):
        if isinstance(lay, Layer):
            attrs = f'id="{i}" name={quoteattr(lay.name)} width="{width}" height="{height}"'
            if not lay.visible:
                attrs += ' visible="0"'
            if lay.opacity != 1.0:
                attrs += f' opacity="{lay.opacity:g}"'
            if lay.offset != (0, 0):
                attrs += f' offsetx="{lay.offset[0]}" offsety="{lay.offset[1]}"'
            lines.append(f" <layer {attrs}>")
            lines += prop_lines(lay.properties, "  ")
            lines.append('  <data encoding="csv">')
            rows = [",".join(str(g) for g in row) for row in lay.gids]
            lines.append(",\n".join(rows))
            lines.append("</data>")
            lines.append(" </layer>")
        else:
            vis = "" if lay.visible else ' visible="0"'
            lines.append(f' <objectgroup id="{i}" name={quoteattr(lay.name)}{vis}>')
            lines += prop_lines(lay.properties, "  ")
            for o in lay.objects:
                attrs = f'id="{o.id}"'
                if o.name:
                    attrs += f" name={quoteattr(o.name)}"
                if o.type:
                    attrs += f" type={quoteattr(o.type)}"
                if o.gid:
                    attrs += f' gid="{o.gid}"'
                attrs += f' x="{o.x:g}" y="{o.y:g}"'
                if o.width or o.height:
                    attrs += f' width="{o.width:g}" height="{o.height:g}"'
                body = prop_lines(o.properties, "   ")
                if o.point:
                    body.append("   <point/>")
                if body:
                    lines.append(f"  <object {attrs}>")
                    lines += body
                    lines.append("  </object>")
                else:
                    lines.append(f"  <object {attrs}/>")
            lines.append(" </objectgroup>")
    lines.append("</map>")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path

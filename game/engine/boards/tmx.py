"""Tiled maps (.tmx) to Boards, and the generic checks every map must pass.

Owns: reading a .tmx with pytmx (never loading images), merging tile-layer properties into
cells (lower layers first, upper layers override), turning object layers into MapObjects in tile
coordinates, object templates (.tx, which pytmx ignores), class defaults from the exported
custom property types (maps/propertytypes.json), and `check_board_file`, which lists EVERY
problem of a map (file, layer, tile position) instead of stopping at the first.

Must not: import pygame, the client or the registry, or know what any property means to a rule
system; a system's own checks are handed in by the caller (registry.check_map_file).
"""
from __future__ import annotations

import base64
import math
import os
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable
from xml.etree import ElementTree as ET

from .. import safeio
from .board import Board, BoardError, MapObject
from .hex import HexLayout

FLIP_H = 0x80000000
FLIP_V = 0x40000000
FLIP_D = 0x20000000
ROT_120 = 0x10000000
GID_MASK = 0x0FFFFFFF
MAX_RAW_GID = 0xFFFFFFFF     # a tile number with its flip flags: 32 bits, never more

PROPERTY_TYPES_FILE = "propertytypes.json"
MAX_CELLS = 250_000          # a 500x500 battle map is far beyond any table-top fight
MAX_TILE_PIXELS = 1024
MAX_GROUP_DEPTH = 16         # layer groups inside groups; Tiled maps rarely use more than two
KNOWN_PROPERTY_TYPES = {"string", "int", "float", "bool", "color", "file", "object", "class"}


@dataclass(frozen=True, slots=True)
class MapProblem:
    """One thing wrong with a map. `layer`, `x`, `y` are given when the problem has a place."""

    file: str
    layer: str | None = None
    x: int | None = None
    y: int | None = None
    message: str = ""
    # "map" (structure, tilesets, layer data: the map cannot be drawn), "property", "object" or
    # "system" (a rule system's own check). Not part of the printed form.
    kind: str = "map"

    def __str__(self) -> str:
        where = self.file
        if self.layer is not None:
            where += f": layer '{self.layer}'"
        if self.x is not None and self.y is not None:
            where += f" ({self.x}, {self.y})"
        return f"{where}: {self.message}"


def unknown_object_classes(board: Board, known: Iterable[str], system: str) -> list[MapProblem]:
    """An object whose class the system does not use is a problem (a misspelt `spwan` would
    otherwise be ignored without a word): each names the object and the closest known class.
    Objects without a class (notes, decoration) are left alone."""
    import difflib
    known = sorted(known)
    out: list[MapProblem] = []
    for o in board.objects:
        if o.type and o.type not in known:
            near = difflib.get_close_matches(o.type, known, n=1)
            hint = f"; did you mean {near[0]!r}?" if near else f" (it uses {', '.join(known)})"
            out.append(MapProblem(board.source, o.layer, o.x, o.y,
                                  f"object {o.name or o.id} has class {o.type!r}, which {system} "
                                  f"does not use{hint}", "object"))
    return out


# ---------------------------------------------------------------------------- images
MAX_IMAGE_BYTES = 64 * 2**20
MAX_IMAGE_PIXELS = 64 * 2**20
_PNG_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}      # colour type -> samples per pixel
_IMAGE_PROBLEMS: dict[tuple[str, int, int], str | None] = {}


def image_problem(path: Path) -> str | None:
    """Why the image at `path` cannot be drawn, or None. PNGs (what Tiled tilesets use) are
    checked whole without decoding pixels: chunk checksums, the header, and that the pixel data
    inflates to exactly the rows the header promises, so a damaged tileset is found by check-map
    and not first by the renderer. JPEG, GIF and BMP are recognised by their signature."""
    try:
        st = path.stat()
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"
    key = (str(path), st.st_mtime_ns, st.st_size)
    if key not in _IMAGE_PROBLEMS:
        if len(_IMAGE_PROBLEMS) > 256:
            _IMAGE_PROBLEMS.clear()
        try:
            raw = safeio.read_limited(path, MAX_IMAGE_BYTES, "image")
        except safeio.FileRefused as exc:
            _IMAGE_PROBLEMS[key] = exc.reason
        else:
            _IMAGE_PROBLEMS[key] = _raw_image_problem(raw)
    return _IMAGE_PROBLEMS[key]


def _raw_image_problem(raw: bytes) -> str | None:
    if raw[:8] == b"\x89PNG\r\n\x1a\n":
        return _png_problem(raw)
    if raw[:3] == b"\xff\xd8\xff" or raw[:6] in (b"GIF87a", b"GIF89a") or raw[:2] == b"BM":
        return None
    return "is not an image the game reads (PNG, JPEG, GIF or BMP)"


def _png_problem(raw: bytes) -> str | None:
    pos, header, data = 8, b"", []
    while True:
        if pos + 12 > len(raw):
            return "is cut short (the PNG has no end)"
        length = int.from_bytes(raw[pos:pos + 4], "big")
        kind = raw[pos + 4:pos + 8]
        if pos + 12 + length > len(raw):
            return "is cut short (a PNG chunk runs past the end of the file)"
        body = raw[pos + 8:pos + 8 + length]
        if zlib.crc32(kind + body) != int.from_bytes(raw[pos + 8 + length:pos + 12 + length], "big"):
            return f"is damaged (the PNG chunk {kind.decode('latin-1')!r} fails its checksum)"
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            data.append(body)
        elif kind == b"IEND":
            break
        pos += 12 + length
    if len(header) != 13:
        return "is damaged (the PNG header is missing)"
    width, height = int.from_bytes(header[0:4], "big"), int.from_bytes(header[4:8], "big")
    depth, colour, interlace = header[8], header[9], header[12]
    if colour not in _PNG_CHANNELS or depth not in (1, 2, 4, 8, 16) or not width or not height:
        return "is damaged (the PNG header describes no image)"
    if width * height > MAX_IMAGE_PIXELS:
        return f"is {width}x{height} pixels; at most {MAX_IMAGE_PIXELS:,} pixels are read"
    row = 1 + (width * depth * _PNG_CHANNELS[colour] + 7) // 8
    want = height * row                       # what a plain (not interlaced) image inflates to
    inflater = zlib.decompressobj()
    try:
        got = len(inflater.decompress(b"".join(data), want * 2 + 64))
    except zlib.error:
        return "is damaged (the PNG pixel data does not inflate)"
    if not inflater.eof:
        return "is damaged (the PNG pixel data is cut short)"
    if interlace == 0 and got != want:
        return f"is damaged (the PNG pixel data holds {got} bytes, the header promises {want})"
    return None


# ---------------------------------------------------------------------------- custom types
@dataclass
class PropertyTypes:
    """The exported custom property types: enums (allowed values) and classes (member defaults)."""

    enums: dict[str, dict[str, Any]] = field(default_factory=dict)
    classes: dict[str, dict[str, Any]] = field(default_factory=dict)
    source: str | None = None

    @classmethod
    def load(cls, path: Path) -> "PropertyTypes":
        data = safeio.loads_json(safeio.read_limited(path, safeio.MAX_MAP_BYTES,
                                                     "property types file"),
                                 path, "property types file")
        if isinstance(data, dict) and "propertyTypes" in data:   # a .tiled-project file
            data = data["propertyTypes"]
        out = cls(source=str(path))
        for t in data:
            if t.get("type") == "enum":
                out.enums[t["name"]] = t
            elif t.get("type") == "class":
                out.classes[t["name"]] = t
        return out

    def class_defaults(self, name: str, use: str | None = None,
                       _within: tuple[str, ...] = ()) -> dict[str, Any]:
        t = self.classes.get(name)
        if t is None or (use and t.get("useAs") and use not in t["useAs"]):
            return {}
        if name in _within or len(_within) > safeio.MAX_DEPTH:
            return {}         # a class that contains itself: its own members stop the walk
        out: dict[str, Any] = {}
        for m in t.get("members", []):
            if m.get("type") == "class":
                out[m["name"]] = self.class_defaults(m.get("propertyType", ""),
                                                     _within=_within + (name,))
                out[m["name"]].update(m.get("value") or {})
            elif m.get("value") != "":
                # An empty string default means "not set": the system's own default applies.
                out[m["name"]] = m.get("value")
        return out


def find_property_types(map_path: Path) -> PropertyTypes | None:
    """propertytypes.json beside the map or in a parent folder (up to three levels)."""
    try:
        d = map_path.resolve().parent
    except (OSError, RuntimeError):          # a symlink loop (RuntimeError before Python 3.13)
        return None
    for _ in range(4):
        p = d / PROPERTY_TYPES_FILE
        if p.is_file():
            try:
                return PropertyTypes.load(p)
            except (OSError, ValueError, KeyError, TypeError, AttributeError):
                return None
        if d.parent == d:
            break
        d = d.parent
    return None


# ---------------------------------------------------------------------------- scanning
@dataclass
class _TilesetInfo:
    firstgid: int
    name: str
    tilecount: int
    tile_width: int
    tile_height: int
    tile_props: dict[int, dict[str, Any]] = field(default_factory=dict)   # local id -> props
    tile_class: dict[int, str] = field(default_factory=dict)


@dataclass
class _LayerInfo:
    kind: str                     # "tile" | "object" | "image"
    name: str
    props: dict[str, Any]
    gids: list[int] = field(default_factory=list)
    object_ids: list[int] = field(default_factory=list)


@dataclass
class _ObjectInfo:
    id: int
    name: str
    type: str
    layer: str
    px: float
    py: float
    props: dict[str, Any]
    gid: int = 0


@dataclass
class _Scan:
    path: Path
    label: str
    problems: list[MapProblem] = field(default_factory=list)
    root: ET.Element | None = None
    width: int = 0
    height: int = 0
    tile_width: int = 0
    tile_height: int = 0
    orientation: str = "orthogonal"
    hex: HexLayout | None = None
    props: dict[str, Any] = field(default_factory=dict)
    tilesets: list[_TilesetInfo] = field(default_factory=list)
    layers: list[_LayerInfo] = field(default_factory=list)
    objects: list[_ObjectInfo] = field(default_factory=list)
    ptypes: PropertyTypes | None = None

    def problem(self, message: str, layer: str | None = None, x: int | None = None,
                y: int | None = None, kind: str = "map") -> None:
        self.problems.append(MapProblem(self.label, layer, x, y, message, kind))

    def tileset_for(self, gid: int) -> _TilesetInfo | None:
        best = None
        for ts in self.tilesets:
            if ts.firstgid <= gid and (best is None or ts.firstgid > best.firstgid):
                best = ts
        if best is None or gid - best.firstgid >= best.tilecount:
            return None
        return best

    def tile_props(self, gid: int) -> dict[str, Any]:
        ts = self.tileset_for(gid)
        if ts is None:
            return {}
        return ts.tile_props.get(gid - ts.firstgid, {})

    def pixel_to_cell(self, px: float, py: float) -> tuple[int, int]:
        if self.hex is not None:
            return self.hex.pixel_to_offset(px, py)
        return math.floor(px / self.tile_width), math.floor(py / self.tile_height)


def _int_attr(s: _Scan, elem: ET.Element, name: str, default: int | None = None,
              where: str = "map", minimum: int | None = None) -> int:
    raw = elem.get(name)
    if raw is None:
        if default is None:
            s.problem(f"{where} has no '{name}' attribute")
            return 0
        return default
    try:
        value = int(raw)
    except ValueError:
        s.problem(f"{where} attribute {name}={raw!r} is not a whole number")
        return default or 0
    if minimum is not None and value < minimum:
        s.problem(f"{where} attribute {name}={value} must be at least {minimum}")
    return value


def _convert(s: _Scan, ptype: str, raw: str | None, what: str, enum: str | None,
             layer: str | None, x: int | None, y: int | None) -> tuple[bool, Any]:
    if ptype not in KNOWN_PROPERTY_TYPES:
        s.problem(f"{what} has unknown type {ptype!r}", layer, x, y, "property")
        return False, None
    value: Any
    raw = "" if raw is None else raw
    try:
        # a typed value must be written out: Tiled always does, and pytmx cannot read it empty
        if ptype == "int" or ptype == "object":
            value = int(raw)
        elif ptype == "float":
            value = float(raw)
        elif ptype == "bool":
            if raw not in ("true", "false", "1", "0"):
                raise ValueError
            value = raw in ("true", "1")
        else:
            value = raw
    except ValueError:
        s.problem(f"{what} has value {raw!r}, which is not a valid {ptype}", layer, x, y,
                  "property")
        return False, None
    if enum and s.ptypes is not None:
        e = s.ptypes.enums.get(enum)
        if e is None:
            s.problem(f"{what} uses custom type {enum!r}, which {PROPERTY_TYPES_FILE} does not "
                      f"define", layer, x, y, "property")
        else:
            values = list(e.get("values", []))
            if e.get("storageType") == "int":
                ok = isinstance(value, int) and 0 <= value < len(values) if not e.get(
                    "valuesAsFlags") else isinstance(value, int) and value >= 0
            else:
                ok = (value in values) if not e.get("valuesAsFlags") else all(
                    v in values for v in str(value).split(",") if v)
            if not ok:
                shown = values if e.get("storageType") != "int" else list(range(len(values)))
                s.problem(f"{what} is {value!r}; {enum} allows {shown}", layer, x, y, "property")
    return True, value


def _read_props(s: _Scan, elem: ET.Element, owner: str, layer: str | None = None,
                x: int | None = None, y: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    node = elem.find("properties")
    if node is None:
        return out
    for p in node.findall("property"):
        name = p.get("name")
        if not name:
            s.problem(f"{owner} has a property without a name", layer, x, y, "property")
            continue
        ptype = p.get("type", "string")
        what = f"{owner} property '{name}'"
        if ptype == "class":
            cls = p.get("propertytype", "")
            base: dict[str, Any] = {}
            if s.ptypes is None:
                s.problem(f"{what} is of class {cls!r} but no {PROPERTY_TYPES_FILE} was found "
                          f"(export it from Tiled: File > Export As > custom types)", layer, x, y,
                          "property")
            elif cls not in s.ptypes.classes:
                s.problem(f"{what} uses class {cls!r}, which {PROPERTY_TYPES_FILE} does not "
                          f"define", layer, x, y, "property")
            else:
                base = s.ptypes.class_defaults(cls)
            base.update(_read_props(s, p, what, layer, x, y))
            out[name] = base
            continue
        raw = p.get("value")
        if raw is None:
            raw = p.text or ""
        ok, value = _convert(s, ptype, raw, what, p.get("propertytype"), layer, x, y)
        if ok:
            out[name] = value
    return out


def read_xml(path: Path, what: str = "map") -> ET.Element:
    """The root element of a Tiled file, read within safeio's limits (regular file, size,
    nesting, a readable encoding). Raises safeio.FileRefused naming the file and the reason."""
    return safeio.parse_xml(safeio.read_limited(path, safeio.MAX_MAP_BYTES, what), path, what)


def _parse_xml(s: _Scan, path: Path, what: str) -> ET.Element | None:
    try:
        return read_xml(path, what)
    except safeio.FileRefused as e:
        if not path.exists() and not path.is_symlink():
            s.problem(f"{what} {path.name} does not exist (looked for {path})")
        else:
            s.problem(f"{what} {path.name}: {e.reason}")
    return None


def _scan_tileset(s: _Scan, ref: ET.Element) -> None:
    firstgid = _int_attr(s, ref, "firstgid", where="tileset reference", minimum=1)
    base_dir = s.path.parent
    node = ref
    label = ref.get("name", "embedded tileset")
    source = ref.get("source")
    if source:
        label = f"tileset {source}"
        if not source.lower().endswith(".tsx"):
            s.problem(f"{label}: only .tsx external tilesets are supported")
            return
        tsx_path = base_dir / source
        node = _parse_xml(s, tsx_path, "tileset file")  # type: ignore[assignment]
        if node is None:
            return
        base_dir = tsx_path.parent
    tw = _int_attr(s, node, "tilewidth", where=label, minimum=1)
    th = _int_attr(s, node, "tileheight", where=label, minimum=1)
    tilecount = _int_attr(s, node, "tilecount", default=-1, where=label)
    image = node.find("image")
    if image is not None:
        src = image.get("source", "")
        if not src or not (base_dir / src).is_file():
            s.problem(f"{label}: image {src or '(none)'} does not exist "
                      f"(looked for {base_dir / src})")
        else:
            bad = image_problem(base_dir / src)
            if bad:
                s.problem(f"{label}: image {src} {bad}")
        if tilecount < 0:
            cols = _int_attr(s, node, "columns", default=0, where=label)
            iw = _int_attr(s, image, "width", default=0, where=label)
            ih = _int_attr(s, image, "height", default=0, where=label)
            spacing = _int_attr(s, node, "spacing", default=0, where=label)
            margin = _int_attr(s, node, "margin", default=0, where=label)
            cols = cols or max(0, (iw - 2 * margin + spacing) // max(1, tw + spacing))
            rows = max(0, (ih - 2 * margin + spacing) // max(1, th + spacing))
            tilecount = cols * rows
    info = _TilesetInfo(firstgid, node.get("name", label), max(tilecount, 0), tw, th)
    max_id = -1
    for tile in node.findall("tile"):
        tid = _int_attr(s, tile, "id", where=f"{label} tile", minimum=0)
        max_id = max(max_id, tid)
        timg = tile.find("image")
        if timg is not None:
            src = timg.get("source", "")
            if not src or not (base_dir / src).is_file():
                s.problem(f"{label}: tile {tid} image {src or '(none)'} does not exist "
                          f"(looked for {base_dir / src})")
            elif (bad := image_problem(base_dir / src)):
                s.problem(f"{label}: tile {tid} image {src} {bad}")
        cls = tile.get("class") or tile.get("type") or ""
        if cls:
            info.tile_class[tid] = cls
        props = _read_props(s, tile, f"{label} tile {tid}")
        if props:
            info.tile_props[tid] = props
    if image is None:
        info.tilecount = max(info.tilecount, max_id + 1)
    s.tilesets.append(info)


def _decode_data(s: _Scan, data: ET.Element, name: str) -> list[int] | None:
    if data.find("chunk") is not None:
        s.problem("infinite maps are not supported: turn off Map > Map Properties > Infinite "
                  "and resize the map", name)
        return None
    encoding = data.get("encoding")
    compression = data.get("compression")
    text = (data.text or "").strip()
    try:
        if encoding == "csv":
            values = text.replace("\n", "").split(",")
            if values and not values[-1].strip():
                values.pop()                     # a trailing comma ends the last row
            if any(not v.strip() for v in values):
                s.problem("layer data has an empty value between two commas", name)
                return None
            return [int(v) for v in values]
        if encoding == "base64":
            raw = base64.b64decode(text)
            # never inflate more than the layer can hold: a few bytes of zlib can claim gigabytes
            room = s.width * s.height * 4 + 4
            if compression in ("zlib", "gzip"):
                inflater = zlib.decompressobj(wbits=47)      # 47: zlib or gzip header, either
                raw = inflater.decompress(raw, room)
                if inflater.unconsumed_tail:
                    s.problem(f"layer data inflates to more than the {s.width}x{s.height} cells "
                              f"the map has", name)
                    return None
            elif compression:
                s.problem(f"layer data compression {compression!r} is not supported "
                          f"(use CSV or zlib/gzip)", name)
                return None
            return list(struct.unpack(f"<{len(raw) // 4}I", raw[: len(raw) // 4 * 4]))
        if encoding is None and data.find("tile") is not None:
            s.problem("layer data stored as XML <tile> elements is not supported; save with "
                      "CSV or Base64 layer format", name)
            return None
    except (ValueError, zlib.error, OSError, struct.error) as e:
        s.problem(f"layer data cannot be decoded: {e}", name)
        return None
    s.problem(f"layer data encoding {encoding!r} is not supported", name)
    return None


def _object_anchor(o: ET.Element, tmpl: ET.Element | None) -> tuple[float, float]:
    """The object's centre in map pixels, following Tiled's origins and rotation. ValueError
    for a number that is not finite (nan, inf, 1e309)."""
    def attr(name: str, default: float = 0.0) -> float:
        v = o.get(name)
        if v is None and tmpl is not None:
            v = tmpl.get(name)
        value = float(v) if v is not None else default
        if not math.isfinite(value):
            raise ValueError(f"{name}={v!r}")
        return value
    x, y = attr("x"), attr("y")
    w, h = attr("width"), attr("height")
    gid = o.get("gid") or (tmpl.get("gid") if tmpl is not None else None)
    rot = math.radians(attr("rotation"))
    poly = o.find("polygon")
    if poly is None:
        poly = o.find("polyline")
    if poly is not None:
        pts = [tuple(map(float, p.split(","))) for p in poly.get("points", "").split()]
        if not all(math.isfinite(c) for pt in pts for c in pt):
            raise ValueError("a polygon point is not finite")
        if pts:
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        else:
            cx = cy = 0.0
    elif gid:
        cx, cy = w / 2, -h / 2       # tile objects hang from their bottom-left corner
    else:
        cx, cy = w / 2, h / 2
    c, sn = math.cos(rot), math.sin(rot)
    return x + cx * c - cy * sn, y + cx * sn + cy * c


def _scan_objects(s: _Scan, group: ET.Element, lname: str, info: _LayerInfo) -> None:
    for o in group.findall("object"):
        oid = _int_attr(s, o, "id", default=0, where=f"object in layer '{lname}'")
        tmpl_obj: ET.Element | None = None
        tmpl_props: dict[str, Any] = {}
        tmpl_type = ""
        tsrc = o.get("template")
        if tsrc:
            before = len(s.problems)
            troot = _parse_xml(s, s.path.parent / tsrc, f"object {oid} template")
            for i in range(before, len(s.problems)):
                p = s.problems[i]
                s.problems[i] = MapProblem(p.file, lname, p.x, p.y, p.message, "object")
            if troot is not None:
                tmpl_obj = troot.find("object")
                if tmpl_obj is None:
                    s.problem(f"template {tsrc} has no object", lname, kind="object")
                else:
                    tmpl_props = _read_props(s, tmpl_obj, f"template {tsrc}", lname)
                    tmpl_type = tmpl_obj.get("class") or tmpl_obj.get("type") or ""
        otype = o.get("class") or o.get("type") or tmpl_type
        name = o.get("name") or (tmpl_obj.get("name", "") if tmpl_obj is not None else "")
        try:
            px, py = _object_anchor(o, tmpl_obj)
        except ValueError:
            s.problem(f"object {oid} has a position or size that is not a finite number",
                      lname, kind="object")
            continue
        cx, cy = s.pixel_to_cell(px, py)
        label = f"object {name!r} (id {oid})" if name else f"object id {oid}"
        own = _read_props(s, o, label, lname, cx, cy)
        props: dict[str, Any] = {}
        if s.ptypes is not None and otype:
            props.update(s.ptypes.class_defaults(otype, "object"))
        gid_raw = o.get("gid") or (tmpl_obj.get("gid") if tmpl_obj is not None else None)
        gid = 0
        if gid_raw and not tsrc:
            try:
                gid = int(gid_raw)
                if not 0 <= gid <= MAX_RAW_GID:
                    raise ValueError
                gid &= GID_MASK
            except ValueError:
                s.problem(f"{label} has gid {gid_raw!r}, which is not a tile number", lname, cx,
                          cy, "object")
            else:
                if s.tileset_for(gid) is None:
                    s.problem(f"{label} shows tile gid {gid}, which no tileset has", lname, cx,
                              cy, "object")
                props.update(s.tile_props(gid))
        props.update(tmpl_props)
        props.update(own)
        if not (0 <= cx < s.width and 0 <= cy < s.height):
            s.problem(f"{label} at pixel ({px:g}, {py:g}) is outside the map "
                      f"({s.width}x{s.height} tiles)", lname, cx, cy, "object")
        s.objects.append(_ObjectInfo(oid, name, otype, lname, px, py, props, gid))
        info.object_ids.append(oid)


def _scan_layers(s: _Scan, parent: ET.Element, prefix: str = "", depth: int = 0) -> None:
    if depth > MAX_GROUP_DEPTH:
        s.problem(f"layer groups nest more than {MAX_GROUP_DEPTH} deep", prefix.rstrip("/"))
        return
    for child in parent:
        tag = child.tag
        if tag not in ("layer", "objectgroup", "imagelayer", "group"):
            continue
        lname = child.get("name", "")
        shown = prefix + lname
        props = _read_props(s, child, f"layer '{shown}'", shown)
        if tag == "group":
            _scan_layers(s, child, prefix=shown + "/", depth=depth + 1)
            continue
        if tag == "imagelayer":
            img = child.find("image")
            src = img.get("source", "") if img is not None else ""
            if src and not (s.path.parent / src).is_file():
                s.problem(f"image {src} does not exist", shown)
            elif src and (bad := image_problem(s.path.parent / src)):
                s.problem(f"image {src} {bad}", shown)
            s.layers.append(_LayerInfo("image", shown, props))
            continue
        if tag == "objectgroup":
            info = _LayerInfo("object", shown, props)
            _scan_objects(s, child, shown, info)
            s.layers.append(info)
            continue
        info = _LayerInfo("tile", shown, props)
        lw, lh = child.get("width", str(s.width)), child.get("height", str(s.height))
        if (lw, lh) != (str(s.width), str(s.height)):
            s.problem(f"layer is {lw}x{lh} cells but the map is {s.width}x{s.height}", shown)
            continue
        data = child.find("data")
        if data is None:
            s.problem("tile layer has no data", shown)
            continue
        gids = _decode_data(s, data, shown)
        if gids is None:
            s.layers.append(info)
            continue
        if len(gids) != s.width * s.height:
            s.problem(f"layer has {len(gids)} cells, the map needs {s.width}x{s.height}="
                      f"{s.width * s.height}", shown)
            gids = (gids + [0] * (s.width * s.height))[: s.width * s.height]
        for i, raw in enumerate(gids):
            if not 0 <= raw <= MAX_RAW_GID:
                s.problem(f"tile value {raw} is not a tile number (0 to {MAX_RAW_GID})", shown,
                          i % s.width, i // s.width)
                gids[i] = 0
                continue
            gid = raw & GID_MASK
            if gid and s.tileset_for(gid) is None:
                s.problem(f"tile gid {gid} belongs to no tileset", shown, i % s.width, i // s.width)
        info.gids = gids
        s.layers.append(info)


def _scan(path: str | os.PathLike[str], ptypes: PropertyTypes | None = None) -> _Scan:
    p = Path(path)
    s = _Scan(path=p, label=str(path))
    root = _parse_xml(s, p, "map")
    if root is None:
        return s
    if root.tag != "map":
        s.problem(f"the file is a <{root.tag}>, not a Tiled <map>")
        return s
    s.root = root
    s.ptypes = ptypes if ptypes is not None else find_property_types(p)
    s.width = _int_attr(s, root, "width", minimum=1)
    s.height = _int_attr(s, root, "height", minimum=1)
    s.tile_width = _int_attr(s, root, "tilewidth", minimum=1)
    s.tile_height = _int_attr(s, root, "tileheight", minimum=1)
    if s.width * s.height > MAX_CELLS or max(s.tile_width, s.tile_height) > MAX_TILE_PIXELS:
        s.problem(f"the map is too large ({s.width}x{s.height} cells of {s.tile_width}x"
                  f"{s.tile_height} pixels; at most {MAX_CELLS} cells of "
                  f"{MAX_TILE_PIXELS} pixels)")
        return s
    if root.get("infinite", "0") == "1":
        s.problem("infinite maps are not supported: turn off Map > Map Properties > Infinite "
                  "and resize the map")
    s.orientation = root.get("orientation", "orthogonal")
    if s.orientation == "hexagonal":
        axis, index = root.get("staggeraxis", "y"), root.get("staggerindex", "odd")
        side = _int_attr(s, root, "hexsidelength", default=0, minimum=0)
        if axis not in ("x", "y"):
            s.problem(f"hexagonal map has stagger axis {axis!r}; expected 'x' or 'y'")
        elif index not in ("odd", "even"):
            s.problem(f"hexagonal map has stagger index {index!r}; expected 'odd' or 'even'")
        else:
            s.hex = HexLayout(axis, index, max(1, s.tile_width), max(1, s.tile_height), side)
    elif s.orientation != "orthogonal":
        s.problem(f"orientation {s.orientation!r} is not supported; use orthogonal or hexagonal")
    s.props = _read_props(s, root, "map")
    for ref in root.findall("tileset"):
        _scan_tileset(s, ref)
    if s.width > 0 and s.height > 0 and s.tile_width > 0 and s.tile_height > 0:
        _scan_layers(s, root)
    return s


# ---------------------------------------------------------------------------- public API
# A system's own map checks: problems (MapProblems, or anything whose str() says what is wrong).
MapCheck = Callable[[Board], Iterable[Any]]


def check_board_file(path: str | os.PathLike[str], check: MapCheck | None = None,
                     system: str = "system") -> list[MapProblem]:
    """Every problem of a map file. With `check` (a rule system's `check_map`, handed over by a
    caller that knows the system; this loader knows none), also that system's own problems;
    `system` names it in a report. Never raises for a bad map."""
    s = _scan(path)
    problems = list(s.problems)
    if problems or check is None:
        return problems
    try:
        board = load_board(path)
    except BoardError as e:
        return [MapProblem(str(path), message=str(e))]
    try:
        found = list(check(board) or [])
    except Exception as e:  # a system's check must not crash check-map: report it instead
        return [MapProblem(str(path), message=f"the {system} map checks failed: {e!r}",
                           kind="system")]
    for p in found:
        problems.append(p if isinstance(p, MapProblem)
                        else MapProblem(str(path), message=str(p), kind="system"))
    return problems


def import_pytmx() -> Any:
    """pytmx without pygame: pytmx imports pygame when it can (only for a type alias), and the
    engine must never pull pygame in. If the client already loaded pygame, nothing changes."""
    import sys
    if "pytmx" in sys.modules or "pygame" in sys.modules:
        import pytmx
        return pytmx
    import logging
    quiet = logging.getLogger("pytmx.util_pygame")   # it logs an error when pygame is missing
    was_disabled = quiet.disabled
    quiet.disabled = True
    sys.modules["pygame"] = None  # type: ignore[assignment]  # makes `import pygame` fail
    try:
        import pytmx
    finally:
        del sys.modules["pygame"]
        quiet.disabled = was_disabled
    return pytmx


# Boards by (path, modification time): a board never changes during play, so every match and
# reloaded save of the same, unchanged map file shares one (systems share it, never mutate it).
_BOARDS: dict[tuple[str, int], Board] = {}


def load_board_cached(path: str | os.PathLike[str]) -> Board:
    """load_board, remembered until the file changes (a few maps at most are kept)."""
    stamp = (str(path), os.stat(path).st_mtime_ns)
    board = _BOARDS.get(stamp)
    if board is None:
        board = load_board(path)
        if len(_BOARDS) > 8:
            _BOARDS.clear()
        _BOARDS[stamp] = board
    return board


def load_board(path: str | os.PathLike[str]) -> Board:
    """Read a Tiled map into a Board. Raises BoardError listing every problem found."""
    s = _scan(path)
    if s.problems:
        raise BoardError("\n".join(str(p) for p in s.problems))
    try:
        pytmx = import_pytmx()
        tm = pytmx.TiledMap(str(path),
                            custom_property_filename=s.ptypes.source if s.ptypes and s.ptypes.source
                            and s.ptypes.source.endswith(".json") else None)
    except Exception as e:  # pytmx raises bare Exceptions for some malformed input
        raise BoardError(f"{path}: pytmx could not read the map: {e}") from e
    try:
        return _build_board(s, tm)
    except BoardError:
        raise
    except (IndexError, KeyError, ValueError, TypeError, AttributeError) as e:
        raise BoardError(f"{path}: the map's layers or objects could not be read: {e!r}") from e


def _plain(value: Any) -> Any:
    """pytmx's class-typed values become plain dicts so boards stay JSON-friendly."""
    if hasattr(value, "__dict__") and type(value).__name__ == "TiledClassType":
        return {k: _plain(v) for k, v in vars(value).items() if k != "name"}
    return value


def _build_board(s: _Scan, tm: Any) -> Board:
    pytmx = import_pytmx()
    board = Board(width=tm.width, height=tm.height, orientation=s.orientation,
                  tile_width=tm.tilewidth, tile_height=tm.tileheight, source=str(s.path))
    if s.hex is not None:
        board.stagger_axis = s.hex.stagger_axis
        board.stagger_index = s.hex.stagger_index
        board.hex_side_length = s.hex.side_length
    board.properties = {k: _plain(v) for k, v in tm.properties.items()}
    board.cells = [[{} for _ in range(board.width)] for _ in range(board.height)]
    tile_layers = [lay for lay in tm.layers if isinstance(lay, pytmx.TiledTileLayer)]
    scanned = [lay for lay in s.layers if lay.kind == "tile"]
    if len(tile_layers) != len(scanned):
        raise BoardError(f"{s.path}: pytmx found {len(tile_layers)} tile layers, the file has "
                         f"{len(scanned)}")
    for info, layer in zip(scanned, tile_layers):
        layer_props = {k: _plain(v) for k, v in layer.properties.items()}
        painted: set[tuple[int, int]] = set()
        for y, row in enumerate(layer.data):
            for x, pgid in enumerate(row):
                if not pgid:
                    continue
                tiled_gid = tm.tiledgidmap.get(pgid, 0)
                wanted = s.tile_props(tiled_gid)
                got = tm.tile_properties.get(pgid, {})
                cell = board.cells[y][x]
                cell.update(layer_props)
                # Only the tile's custom properties: pytmx mixes in attributes (id, width...).
                cell.update({k: _plain(got.get(k, v)) for k, v in wanted.items()})
                for k in layer_props:
                    board.origins[(x, y, k)] = (info.name, None)
                if wanted:
                    ts = s.tileset_for(tiled_gid)
                    tile = f"tile {tiled_gid - ts.firstgid} of {ts.name}" if ts else None
                    for k in wanted:
                        board.origins[(x, y, k)] = (info.name, tile)
                painted.add((x, y))
        board.layers.append(info.name)
        board.layer_cells[info.name] = frozenset(painted)
    for lay in s.layers:
        if lay.kind == "object":
            board.object_layers.append(lay.name)
    for o in s.objects:
        cx, cy = s.pixel_to_cell(o.px, o.py)
        props = dict(o.props)
        pobj = tm.objects_by_id.get(o.id)
        if pobj is not None:
            for k in list(props):
                if k in pobj.properties:
                    props[k] = _plain(pobj.properties[k])
        board.objects.append(MapObject(id=o.id, name=o.name, type=o.type, x=cx, y=cy,
                                       layer=o.layer, properties=props))
    return board

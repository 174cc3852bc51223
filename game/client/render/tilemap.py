"""Draw a Tiled map's tile layers exactly as Tiled does, and map cells to pixels and back.

Owns: the picture of a map (orthogonal and staggered hexagonal; layer order, visibility and
opacity including group layers; layer offsets; render order; flipped tiles including the
diagonal flip; tileset tile offsets; tiles larger than the grid anchored bottom-left; image
layers; the first frame of animated tiles; Qt's own blending arithmetic), cached as
one Surface per map file and options; thumbnails; and `MapGeometry`, the cell <-> pixel helpers
for square and hex maps that the battle scene uses for drawing and picking.

Must not: decide any rule, or draw objects (spawns, items, units: the battle scene draws those
from the Board). The result is checked pixel for pixel against Tiled's own tmxrasterizer.
"""
from __future__ import annotations

import math
import os
import struct
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable
from xml.etree import ElementTree as ET

import pygame

from game.engine.boards.board import BoardError
from game.paths import resolve_map
from game.engine.boards.hex import HexLayout
from game.engine.boards.tmx import (FLIP_D, FLIP_H, FLIP_V, GID_MASK, ROT_120, _decode_data,
                                     _scan)


# ---------------------------------------------------------------------------- geometry
@dataclass(frozen=True, slots=True)
class MapGeometry:
    """Cell <-> pixel for one map at scale 1, in the rendered Surface's pixels. `origin` is where
    map pixel (0, 0) lies on that Surface (non-zero only when layer offsets grow the canvas)."""

    width: int
    height: int
    tile_width: int
    tile_height: int
    hex: HexLayout | None = None
    origin: tuple[int, int] = (0, 0)

    @classmethod
    def from_board(cls, board: Any) -> "MapGeometry":
        hx = HexLayout.from_board(board) if board.orientation == "hexagonal" else None
        return cls(board.width, board.height, board.tile_width, board.tile_height, hx)

    @property
    def pixel_size(self) -> tuple[int, int]:
        if self.hex is not None:
            return self.hex.map_pixel_size(self.width, self.height)
        return self.width * self.tile_width, self.height * self.tile_height

    def cell_rect(self, x: int, y: int) -> pygame.Rect:
        """The bounding box of the cell's grid shape (a square, or the hexagon's box)."""
        ox, oy = self.origin
        if self.hex is not None:
            px, py = self.hex.tile_origin(x, y)
            return pygame.Rect(ox + px, oy + py, self.hex.tw, self.hex.th)
        return pygame.Rect(ox + x * self.tile_width, oy + y * self.tile_height,
                           self.tile_width, self.tile_height)

    def cell_center(self, x: int, y: int) -> tuple[float, float]:
        ox, oy = self.origin
        if self.hex is not None:
            cx, cy = self.hex.center(x, y)
            return ox + cx, oy + cy
        return ox + (x + 0.5) * self.tile_width, oy + (y + 0.5) * self.tile_height

    def cell_polygon(self, x: int, y: int) -> list[tuple[int, int]]:
        """The cell's outline: four corners, or the hexagon's six."""
        ox, oy = self.origin
        if self.hex is not None:
            return [(ox + px, oy + py) for px, py in self.hex.corners(x, y)]
        r = self.cell_rect(x, y)
        return [r.topleft, (r.right, r.top), (r.right, r.bottom), (r.left, r.bottom)]

    def cell_at(self, px: float, py: float) -> tuple[int, int] | None:
        """The cell under a pixel (as Tiled picks it), or None outside the map."""
        px -= self.origin[0]
        py -= self.origin[1]
        if self.hex is not None:
            x, y = self.hex.pixel_to_offset(px, py)
        else:
            x, y = math.floor(px / self.tile_width), math.floor(py / self.tile_height)
        if 0 <= x < self.width and 0 <= y < self.height:
            return x, y
        return None


# ---------------------------------------------------------------------------- map model
@dataclass
class _Tile:
    image: pygame.Surface          # the tile's own pixels (a subsurface copy)
    offset: tuple[int, int]        # the tileset's <tileoffset>


@dataclass
class _RenderLayer:
    name: str
    gids: list[int]
    opacity: float
    visible: bool
    offset: tuple[float, float]
    image: pygame.Surface | None = None      # image layers: drawn at the layer's offset


@dataclass
class _RenderMap:
    path: Path
    geometry: MapGeometry
    renderorder: str
    layers: list[_RenderLayer] = field(default_factory=list)
    margins: tuple[int, int, int, int] = (0, 0, 0, 0)     # left, top, right, bottom
    load_images: bool = True
    tiles: dict[int, _Tile] = field(default_factory=dict)  # gid without flags -> tile


def _load_image(path: Path, cache: dict[Path, pygame.Surface]) -> pygame.Surface:
    img = cache.get(path)
    if img is None:
        try:
            img = pygame.image.load(str(path))
        except (pygame.error, FileNotFoundError, OSError) as e:
            raise BoardError(f"{path}: cannot load image: {e}") from e
        if img.get_bitsize() != 32 or not (img.get_flags() & pygame.SRCALPHA):
            # Palette and RGB images become 32-bit RGBA; fully opaque unless a colour key says.
            conv = pygame.Surface(img.get_size(), pygame.SRCALPHA, 32)
            conv.blit(img, (0, 0))
            img = conv
        cache[path] = img
    return img


def _parse_trans(value: str | None) -> tuple[int, int, int] | None:
    if not value:
        return None
    v = value.lstrip("#")
    try:
        return int(v[0:2], 16), int(v[2:4], 16), int(v[4:6], 16)
    except ValueError:
        return None


def _keyed(img: pygame.Surface, key: tuple[int, int, int] | None) -> pygame.Surface:
    """Pixels of the tileset's transparent colour become fully transparent, as in Tiled."""
    if key is None:
        return img
    out = img.copy()
    w, h = out.get_size()
    for y in range(h):
        for x in range(w):
            c = out.get_at((x, y))
            if (c.r, c.g, c.b) == key:
                out.set_at((x, y), (0, 0, 0, 0))
    return out


def _load_tilesets(root: ET.Element, path: Path, used: set[int]) -> dict[int, _Tile]:
    images: dict[Path, pygame.Surface] = {}
    tiles: dict[int, _Tile] = {}
    refs = sorted(((int(r.get("firstgid", "1")), r) for r in root.findall("tileset")),
                  key=lambda t: t[0])
    for i, (firstgid, ref) in enumerate(refs):
        limit = refs[i + 1][0] if i + 1 < len(refs) else 1 << 29
        wanted = sorted(g for g in used if firstgid <= g < limit)
        if not wanted:
            continue
        node, base = ref, path.parent
        if ref.get("source"):
            tsx = path.parent / ref.get("source", "")
            node = ET.parse(tsx).getroot()
            base = tsx.parent
        tw, th = int(node.get("tilewidth", "0")), int(node.get("tileheight", "0"))
        spacing, margin = int(node.get("spacing", "0")), int(node.get("margin", "0"))
        off = node.find("tileoffset")
        offset = (int(off.get("x", "0")), int(off.get("y", "0"))) if off is not None else (0, 0)
        image = node.find("image")
        per_tile = {int(t.get("id", "0")): t for t in node.findall("tile")}

        def shown_id(tid: int) -> int:
            """An animated tile shows its first frame, as Tiled draws it at time zero."""
            t = per_tile.get(tid)
            frame = t.find("animation/frame") if t is not None else None
            return int(frame.get("tileid", tid)) if frame is not None else tid

        if image is not None:
            sheet = _keyed(_load_image(base / image.get("source", ""), images),
                           _parse_trans(image.get("trans")))
            columns = int(node.get("columns", "0")) or max(
                1, (sheet.get_width() - 2 * margin + spacing) // (tw + spacing))
            for gid in wanted:
                tid = shown_id(gid - firstgid)
                x = margin + (tid % columns) * (tw + spacing)
                y = margin + (tid // columns) * (th + spacing)
                rect = pygame.Rect(x, y, tw, th)
                if not sheet.get_rect().contains(rect):
                    raise BoardError(f"{path}: tile gid {gid} lies outside its tileset image")
                tiles[gid] = _Tile(sheet.subsurface(rect).copy(), offset)
        else:
            for gid in wanted:
                t = per_tile.get(shown_id(gid - firstgid))
                timg = t.find("image") if t is not None else None
                if timg is None:
                    raise BoardError(f"{path}: tile gid {gid} has no image")
                img = _keyed(_load_image(base / timg.get("source", ""), images),
                             _parse_trans(timg.get("trans")))
                tiles[gid] = _Tile(img, offset)
    return tiles


def _collect_layers(parent: ET.Element, m: _RenderMap, opacity: float, visible: bool,
                    offset: tuple[float, float], width: int, height: int) -> None:
    for child in parent:
        if child.tag not in ("layer", "group", "objectgroup", "imagelayer"):
            continue
        op = opacity * float(child.get("opacity", "1"))
        vis = visible and child.get("visible", "1") != "0"
        off = (offset[0] + float(child.get("offsetx", "0")),
               offset[1] + float(child.get("offsety", "0")))
        if child.tag != "group":
            # Tiled grows the image so that every layer's offset stays inside it.
            l, t, r, b = m.margins
            m.margins = (max(l, math.ceil(-off[0])), max(t, math.ceil(-off[1])),
                         max(r, math.ceil(off[0])), max(b, math.ceil(off[1])))
        if child.tag == "group":
            _collect_layers(child, m, op, vis, off, width, height)
        elif child.tag == "layer":
            data = child.find("data")
            gids: list[int] = []
            if data is not None:
                from game.engine.boards.tmx import _Scan
                gids = _decode_data(_Scan(m.path, str(m.path)), data, child.get("name", "")) or []
            m.layers.append(_RenderLayer(child.get("name", ""), gids, op, vis, off))
        elif child.tag == "imagelayer":
            img = child.find("image")
            src = img.get("source", "") if img is not None else ""
            picture = None
            if src and m.load_images:
                picture = _keyed(_load_image(m.path.parent / src, {}),
                                 _parse_trans(img.get("trans") if img is not None else None))
            m.layers.append(_RenderLayer(child.get("name", ""), [], op, vis, off, picture))


def _fatal(problems: list[Any]) -> list[Any]:
    """Problems that stop a map from being drawn (bad properties or objects do not)."""
    return [p for p in problems if p.kind == "map"]


def _read_map(path: Path) -> _RenderMap:
    scan = _scan(path)
    if _fatal(scan.problems):
        raise BoardError("\n".join(str(p) for p in _fatal(scan.problems)))
    root = scan.root
    assert root is not None
    geo = MapGeometry(scan.width, scan.height, scan.tile_width, scan.tile_height, scan.hex)
    m = _RenderMap(path, geo, root.get("renderorder", "right-down"))
    _collect_layers(root, m, 1.0, True, (0.0, 0.0), scan.width, scan.height)
    used = {g & GID_MASK for lay in m.layers for g in lay.gids if g & GID_MASK}
    m.tiles = _load_tilesets(root, path, used)
    ml, mt, _, _ = m.margins
    m.geometry = MapGeometry(geo.width, geo.height, geo.tile_width, geo.tile_height, geo.hex,
                             (ml, mt))
    return m


# ---------------------------------------------------------------------------- drawing
def _oriented(img: pygame.Surface, raw: int, hexagonal: bool = False) -> pygame.Surface:
    """The tile image with Tiled's flip flags applied. Square grids: the diagonal flip (a
    transpose) first, then horizontal, then vertical. Hex grids (Tiled 1.8+): flips first, then
    a turn of 60 degrees for the diagonal bit and 120 for the hex-rotation bit, about the
    tile's centre; those turns are resampled smoothly, so they match Tiled only closely."""
    fh, fv = bool(raw & FLIP_H), bool(raw & FLIP_V)
    if hexagonal:
        if fh or fv:
            img = pygame.transform.flip(img, fh, fv)
        angle = (60 if raw & FLIP_D else 0) + (120 if raw & ROT_120 else 0)
        if angle:
            img = pygame.transform.rotozoom(img, -angle, 1.0)
        return img
    if raw & FLIP_D:
        img = pygame.transform.flip(pygame.transform.rotate(img, -90), True, False)
    if fh or fv:
        img = pygame.transform.flip(img, fh, fv)
    return img


def _cell_order(m: _RenderMap) -> Iterable[tuple[int, int]]:
    g = m.geometry
    w, h = g.width, g.height
    if g.hex is not None:
        if g.hex.stagger_axis == "x":
            # Tiled draws each row's raised columns first, then the lowered (staggered) ones.
            for y in range(h):
                for lowered in (False, True):
                    for x in range(w):
                        if g.hex.staggered(x, y) == lowered:
                            yield x, y
        else:
            for y in range(h):
                for x in range(w):
                    yield x, y
        return
    xs = range(w) if m.renderorder.startswith("right") else range(w - 1, -1, -1)
    ys = range(h) if m.renderorder.endswith("down") else range(h - 1, -1, -1)
    for y in ys:
        for x in xs:
            yield x, y


# Qt's fixed-point helpers, reproduced so blending matches Tiled's output bit for bit.
def _div255(v: int) -> int:
    return (v + (v >> 8) + 0x80) >> 8


@dataclass
class _Prepared:
    """A tile image split for fast exact drawing: opaque runs are copied as bytes, the few
    partly transparent pixels are blended one by one (premultiplied, as Qt stores them)."""

    width: int
    height: int
    runs: list[tuple[int, int, bytes]]                    # (row, x0, straight RGBA bytes)
    partial: list[tuple[int, int, int, int, int, int]]    # (x, row, r, g, b, a) premultiplied


def _prepare(img: pygame.Surface) -> _Prepared:
    w, h = img.get_size()
    raw = pygame.image.tobytes(img, "RGBA")
    runs: list[tuple[int, int, bytes]] = []
    partial: list[tuple[int, int, int, int, int, int]] = []
    for y in range(h):
        row = raw[y * w * 4:(y + 1) * w * 4]
        x = 0
        while x < w:
            a = row[x * 4 + 3]
            if a == 255:
                x0 = x
                while x < w and row[x * 4 + 3] == 255:
                    x += 1
                runs.append((y, x0, bytes(row[x0 * 4:x * 4])))
                continue
            if a:
                r, g, b = row[x * 4], row[x * 4 + 1], row[x * 4 + 2]
                partial.append((x, y, _div255(r * a), _div255(g * a), _div255(b * a), a))
            x += 1
    return _Prepared(w, h, runs, partial)


def _d65535(v: int) -> int:
    return (v + (v >> 16) + 0x8000) >> 16


def _to8(v: int) -> int:
    """16-bit to 8-bit as Qt rounds it."""
    v += 128
    return (v - (v >> 8)) >> 8


def _f32(v: float) -> float:
    return struct.unpack("<f", struct.pack("<f", v))[0]


_INV255: dict[int, float] = {}


def _inv255(a16: int) -> float:
    """255 / alpha in single precision, as Qt's SSE4 store computes it (it refines the CPU's
    approximate reciprocal, so a tie can still round differently on some processors)."""
    f = _INV255.get(a16)
    if f is None:
        f = _INV255[a16] = _f32(_f32(1.0 / a16) * 255.0)
    return f


def _blend(buf: bytearray, i: int, sr: int, sg: int, sb: int, sa: int, full: bool) -> None:
    """Source-over of one premultiplied 16-bit pixel onto the straight-alpha 8-bit canvas at
    byte index i, following Qt 5's raster engine for an ARGB32 image: the destination is
    widened and premultiplied, blended in 16 bits, then divided back by alpha in single
    precision. `full` is Qt's "constant alpha is 255" branch."""
    if full and sa == 0:
        return
    dr, dg, db, da = buf[i], buf[i + 1], buf[i + 2], buf[i + 3]
    if da == 255:
        Dr, Dg, Db, Da = dr * 257, dg * 257, db * 257, 65535
    elif da == 0:
        Dr = Dg = Db = Da = 0
    else:
        Da = da * 257
        Dr, Dg, Db = (dr * 257 * Da) >> 16, (dg * 257 * Da) >> 16, (db * 257 * Da) >> 16
        Dr += Dr >> 15
        Dg += Dg >> 15
        Db += Db >> 15
    inv = 65535 - sa
    r = sr + _d65535(Dr * inv)
    g = sg + _d65535(Dg * inv)
    b = sb + _d65535(Db * inv)
    a = sa + _d65535(Da * inv)
    if a >= 65535:
        buf[i], buf[i + 1], buf[i + 2], buf[i + 3] = _to8(r), _to8(g), _to8(b), 255
    elif a == 0:
        buf[i] = buf[i + 1] = buf[i + 2] = buf[i + 3] = 0
    else:
        f = _inv255(a)
        buf[i] = min(255, round(_f32(r * f)))
        buf[i + 1] = min(255, round(_f32(g * f)))
        buf[i + 2] = min(255, round(_f32(b * f)))
        buf[i + 3] = _to8(a)


def _draw_tile(buf: bytearray, cw: int, ch: int, t: _Prepared, dx: int, dy: int,
               const_alpha: int) -> None:
    if dx >= cw or dy >= ch or dx + t.width <= 0 or dy + t.height <= 0:
        return
    if const_alpha == 255:
        for row, x0, data in t.runs:
            y = dy + row
            if not 0 <= y < ch:
                continue
            xa, xb = dx + x0, dx + x0 + len(data) // 4
            if xa < 0:
                data = data[-xa * 4:]
                xa = 0
            if xb > cw:
                data = data[:len(data) - (xb - cw) * 4]
                xb = cw
            if xb > xa:
                i = (y * cw + xa) * 4
                buf[i:i + len(data)] = data
        for x, row, r, g, b, a in t.partial:
            px, py = dx + x, dy + row
            if 0 <= px < cw and 0 <= py < ch:
                _blend(buf, (py * cw + px) * 4, r * 257, g * 257, b * 257, a * 257, True)
        return
    # Layer opacity: Qt scales every premultiplied source channel by the constant alpha.
    k = const_alpha * 257
    for row, x0, data in t.runs:
        py = dy + row
        if not 0 <= py < ch:
            continue
        sa = _d65535(65535 * k)
        for n in range(len(data) // 4):
            px = dx + x0 + n
            if 0 <= px < cw:
                _blend(buf, (py * cw + px) * 4, _d65535(data[n * 4] * 257 * k),
                       _d65535(data[n * 4 + 1] * 257 * k), _d65535(data[n * 4 + 2] * 257 * k),
                       sa, False)
    for x, row, r, g, b, a in t.partial:
        px, py = dx + x, dy + row
        if 0 <= px < cw and 0 <= py < ch:
            _blend(buf, (py * cw + px) * 4, _d65535(r * 257 * k), _d65535(g * 257 * k),
                   _d65535(b * 257 * k), _d65535(a * 257 * k), False)


def _draw_layer(buf: bytearray, cw: int, ch: int, m: _RenderMap, layer: _RenderLayer,
                prepared: dict[int, _Prepared]) -> None:
    g = m.geometry
    ox = g.origin[0] + layer.offset[0]
    oy = g.origin[1] + layer.offset[1]
    # As Qt's raster engine: opacity truncated to 1/256 steps, then the 0..255 blend factor.
    const_alpha = (int(layer.opacity * 256) * 255) >> 8
    if const_alpha <= 0:
        return
    if layer.image is not None:
        _draw_tile(buf, cw, ch, _prepare(layer.image), math.floor(ox), math.floor(oy),
                   const_alpha)
        return
    for x, y in _cell_order(m):
        raw = layer.gids[y * g.width + x] if y * g.width + x < len(layer.gids) else 0
        gid = raw & GID_MASK
        if not gid:
            continue
        tile = m.tiles[gid]
        hexed = g.hex is not None
        key = raw & (GID_MASK | FLIP_H | FLIP_V | FLIP_D | (ROT_120 if hexed else 0))
        t = prepared.get(key)
        if t is None:
            t = prepared[key] = _prepare(_oriented(tile.image, raw, hexed))
        if g.hex is not None:
            px, py = g.hex.tile_origin(x, y)
            bottom = py + g.hex.th
        else:
            px, bottom = x * g.tile_width, (y + 1) * g.tile_height
        # Anchored bottom-left like Tiled, so tiles taller or wider than the grid grow up/right.
        dx = math.floor(ox + px + tile.offset[0])
        dy = math.floor(oy + bottom + tile.offset[1]) - t.height
        if hexed and raw & (FLIP_D | ROT_120):
            # A turned hex tile keeps the centre of its unturned rectangle.
            w0, h0 = tile.image.get_size()
            dx += (w0 - t.width) // 2
            dy += t.height - h0 + (h0 - t.height) // 2
        _draw_tile(buf, cw, ch, t, dx, dy, const_alpha)


_CACHE: dict[tuple[Any, ...], pygame.Surface] = {}
MAX_CANVAS_PIXELS = 64_000_000


def _cache_key(path: Path, *extra: Any) -> tuple[Any, ...]:
    p = path.resolve()
    try:
        stamp = os.stat(p).st_mtime_ns
    except OSError:
        stamp = 0
    return (str(p), stamp, *extra)


def _render(p: Path, hidden: frozenset[str], shown: frozenset[str],
            ignore_visibility: bool) -> pygame.Surface:
    m = _read_map(p)
    w, h = m.geometry.pixel_size
    ml, mt, mr, mb = m.margins
    cw, ch = w + ml + mr, h + mt + mb
    if cw * ch > MAX_CANVAS_PIXELS or cw <= 0 or ch <= 0:
        raise BoardError(f"{p}: the picture would be {cw}x{ch} pixels, too large to draw "
                         f"(check layer offsets and tile sizes)")
    buf = bytearray(cw * ch * 4)
    prepared: dict[int, _Prepared] = {}
    for layer in m.layers:
        if layer.name in hidden or not (layer.visible or ignore_visibility):
            continue
        if shown and layer.name not in shown:
            continue
        _draw_layer(buf, cw, ch, m, layer, prepared)
    canvas = pygame.image.frombytes(bytes(buf), (cw, ch), "RGBA")
    return canvas


def render_tile_layers(path: str | os.PathLike[str], hide_layers: Iterable[str] = (),
                       ignore_visibility: bool = False,
                       show_layers: Iterable[str] = ()) -> pygame.Surface:
    """Every visible tile layer of the map drawn as Tiled draws it, on one transparent Surface.

    `hide_layers`, `show_layers` (only these) and `ignore_visibility` mean what they mean to
    tmxrasterizer. A relative path that does not exist is looked up in the maps folder. Cached
    per file (and its modification time) and options: treat the result as read-only and
    `copy()` it before drawing on it. Raises BoardError naming every problem of a broken map."""
    p = resolve_map(path)
    hidden = frozenset(hide_layers)
    shown = frozenset(show_layers)
    key = _cache_key(p, hidden, ignore_visibility, shown)
    surf = _CACHE.get(key)
    if surf is not None:
        return surf
    try:
        canvas = _render(p, hidden, shown, ignore_visibility)
    except BoardError:
        raise
    except (ET.ParseError, OSError, ValueError, LookupError, IndexError, KeyError,
            pygame.error) as e:
        raise BoardError(f"{p}: {e}") from e
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        canvas = canvas.convert_alpha()
    _CACHE[key] = canvas
    return canvas


def map_geometry(path: str | os.PathLike[str]) -> MapGeometry:
    """Cell <-> pixel helpers matching `render_tile_layers(path)`."""
    return _read_geometry(resolve_map(path))


def _read_geometry(p: Path) -> MapGeometry:
    scan = _scan(p)
    if _fatal(scan.problems):
        raise BoardError("\n".join(str(x) for x in _fatal(scan.problems)))
    m = _RenderMap(p, MapGeometry(scan.width, scan.height, scan.tile_width, scan.tile_height,
                                  scan.hex), "right-down", load_images=False)
    assert scan.root is not None
    _collect_layers(scan.root, m, 1.0, True, (0.0, 0.0), scan.width, scan.height)
    return MapGeometry(scan.width, scan.height, scan.tile_width, scan.tile_height, scan.hex,
                       (m.margins[0], m.margins[1]))


def render_thumbnail(path: str | os.PathLike[str], max_w: int, max_h: int) -> pygame.Surface:
    """The map scaled down (never up) to fit max_w x max_h, keeping its proportions."""
    p = resolve_map(path)
    key = _cache_key(p, "thumb", max_w, max_h)
    surf = _CACHE.get(key)
    if surf is not None:
        return surf
    full = render_tile_layers(p)
    w, h = full.get_size()
    scale = min(1.0, max_w / max(1, w), max_h / max(1, h))
    size = (max(1, int(w * scale)), max(1, int(h * scale)))
    surf = full if size == (w, h) else pygame.transform.smoothscale(full, size)
    _CACHE[key] = surf
    return surf


def clear_cache() -> None:
    _CACHE.clear()

"""The map view of the battle screen: terrain, overlays, units, items and animations, with a
camera that pans and zooms.

Owns: the camera (drag / WASD / arrows to pan, wheel to zoom, only when the map is larger than
the view), the static terrain cached on one Surface per zoom level (from the maps engineer's
`tilemap.render_tile_layers` for Tiled maps, from grid_art for inline square boards and from
code-drawn hex art for inline hex boards), per-frame drawing of only the dynamic parts (overlay
tints, path, targets, lines of sight, cell marks, tokens with glyphs, HP bars, badges, floating
numbers) batched with `fblits`, extra layers a scene plugs in under and over the tokens,
cell <-> screen conversion, and the animation queue (moves tween, hits flash, knockback slides,
poofs fade; numbers float) that the scene can skip.

Cells are placed by a geometry object (the maps engineer's `tilemap.MapGeometry`: square or
staggered hex, with the art's origin), so a hex map needs no other view: squares take a fast
path (rect blits), hexes are drawn as polygons.

Must not: know any rule system; it draws presenter records (TokenInfo, ItemInfo, Overlay,
AnimStep).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.client import resources
from game.client.render.canvas import canvas
from game.client.presenters import AnimStep, ItemInfo, Overlay, TokenInfo

from game.engine.boards.board import BoardError
from game.engine.boards.hex import HexLayout

from . import grid_art, sprites, tilemap
from .labels import LabelPlacer
from .tilemap import MapGeometry

Cell = tuple[int, int]

ZOOMS = (0.5, 0.625, 0.75, 0.875, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0)
WARM = (232, 163, 61)
COOL = (111, 194, 228)
DANGER = (232, 80, 64)
#: how many composed token pictures a view keeps before it starts again (a few per unit)
PLATE_BUDGET = 256


@dataclass(slots=True)
class _Float:
    text: str
    colour: tuple[int, int, int]
    cell: Cell
    size: int
    stack: int = 0
    age: float = 0.0
    life: float = 0.9


#: a floating text's line above its unit and how far it rises in its life, in tiles
FLOAT_LINE = 0.35
FLOAT_RISE = 0.7

#: two units sharing a tile are each drawn this big, one to the top left and one to the bottom
#: right, so both read at a glance (a small badge on one token was easy to miss)
STACK_SCALE = 0.62


def stack_layout(tokens: list[TokenInfo]) -> dict[str, tuple[float, float, float]]:
    """Where units that share a tile go: id -> (x offset, y offset, scale), offsets as fractions
    of the footprint's box. Units alone on their tile are left out (drawn at full size)."""
    groups: dict[tuple[int, int, int], list[str]] = {}
    for t in tokens:
        groups.setdefault((t.x, t.y, t.size), []).append(t.id)
    out: dict[str, tuple[float, float, float]] = {}
    for ids in groups.values():
        if len(ids) < 2:
            continue
        step = (1 - STACK_SCALE) / (len(ids) - 1)
        for i, ident in enumerate(ids):
            out[ident] = (i * step, i * step, STACK_SCALE)
    return out


def _square_geometry(board: Any, tile: int) -> MapGeometry:
    return MapGeometry(board.width, board.height, tile, tile)


#: inline hex boards (tests, scenarios) are drawn at this multiple of their tile size: a 28x32
#: hex would otherwise be blown up blurry by the camera
HEX_ART_SCALE = 2


def _hex_geometry(board: Any, k: int):
    """The MapGeometry of a hexagonal Board with every size multiplied by `k` (the same cells,
    the same picking, a bigger picture)."""
    lay = HexLayout.from_board(board)
    big = HexLayout(lay.stagger_axis, lay.stagger_index, lay.tile_width * k, lay.tile_height * k,
                    lay.side_length * k)
    return MapGeometry(board.width, board.height, big.tile_width, big.tile_height, big)


def _render_hex_board(board: Any, geo: Any) -> pygame.Surface:
    """Code-drawn art for an inline hex board, from the hex map contract's cell properties:
    ground, difficult ground (speckled), water (ripples), cover (a boulder), concealment (leafy
    dots), darkness (near black) and solid rock (a raised block). Light from the upper left."""
    w, h = geo.pixel_size
    surf = pygame.Surface((w + 2, h + 2))
    surf.fill((16, 19, 24))
    t = min(geo.tile_width, geo.tile_height)
    for y in range(board.height):
        for x in range(board.width):
            poly = geo.cell_polygon(x, y)
            cx, cy = geo.cell_center(x, y)
            prop = lambda name, d=None: board.prop(x, y, name, d)  # noqa: E731
            var = (grid_art._h(x, y) - 0.5) * 0.08
            if prop("solid", False):
                base = sprites.shade(grid_art.WALL, -0.45)
            elif prop("water", False):
                base = grid_art.WATER
            elif prop("dark", False):
                base = (28, 30, 40)
            elif int(prop("move_cost", 1) or 1) > 1:
                base = (122, 104, 74)
            else:
                base = grid_art.GROUND
            base = sprites.shade(base, var) if var >= 0 else sprites.shade(base, var)
            pygame.draw.polygon(surf, base, poly)
            if prop("solid", False):
                top = [(cx + (px - cx) * 0.78 - t * 0.04, cy + (py - cy) * 0.78 - t * 0.05)
                       for px, py in poly]
                pygame.draw.polygon(surf, sprites.shade(grid_art.WALL, var), top)
                pygame.draw.polygon(surf, sprites.OUTLINE, top, 2)
            elif prop("water", False):
                for k in range(2):
                    wy = cy - t * 0.12 + k * t * 0.22
                    wx = cx - t * 0.2 + grid_art._h(x, y, k) * t * 0.1
                    pts = [(wx + i * t * 0.09, wy + math.sin(i * 1.4) * t * 0.035) for i in range(5)]
                    pygame.draw.lines(surf, sprites.shade(base, 0.35), False, pts, 2)
            elif int(prop("move_cost", 1) or 1) > 1:
                for k in range(6):
                    px_ = cx + (grid_art._h(x, y, k + 1) - 0.5) * t * 0.6
                    py_ = cy + (grid_art._h(x, y, k + 9) - 0.5) * t * 0.5
                    pygame.draw.circle(surf, sprites.shade(base, -0.3), (px_, py_), max(2, t // 22))
            if prop("cover", False):
                r = t * 0.22
                pygame.draw.ellipse(surf, (0, 0, 0), (cx - r, cy - r * 0.2, r * 2.1, r * 1.2))
                pygame.draw.circle(surf, (138, 134, 128), (cx - r * 0.1, cy - r * 0.1), r)
                pygame.draw.circle(surf, (176, 172, 164), (cx - r * 0.4, cy - r * 0.4), r * 0.35)
                pygame.draw.circle(surf, sprites.OUTLINE, (cx - r * 0.1, cy - r * 0.1), r, 2)
            conceal = int(prop("conceal", 0) or 0)
            if conceal > 0:
                leaf = (70, 140, 70) if not prop("dark", False) else (60, 70, 90)
                for k in range(5 + 3 * conceal):
                    px_ = cx + (grid_art._h(x, y, k + 20) - 0.5) * t * 0.7
                    py_ = cy + (grid_art._h(x, y, k + 40) - 0.5) * t * 0.6
                    pygame.draw.circle(surf, sprites.shade(leaf, (k % 3 - 1) * 0.15), (px_, py_),
                                       max(2, t // 12))
            if prop("dark", False):
                pygame.draw.circle(surf, (70, 74, 110), (cx + t * 0.18, cy - t * 0.16), max(2, t // 14))
            pygame.draw.polygon(surf, (0, 0, 0), poly, 1)
    return surf


def _ready(surf: pygame.Surface, alpha: bool = True) -> pygame.Surface:
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surf.convert_alpha() if alpha else surf.convert()
    return surf


class BoardView:
    """Draws one board into `rect` (screen coordinates)."""

    def __init__(self, board: Any, map_path: str | Path | None = None,
                 side_colour=lambda side: (200, 200, 200), cost_colours: dict[int, tuple] | None = None,
                 emblem: str = "disc"):
        self.board = board
        self.side_colour = side_colour
        self.emblem = emblem             # what every token wears (render.sprites.EMBLEMS)
        self.cost_colours = cost_colours or {0: (120, 220, 140), 1: (240, 190, 80), 2: (240, 110, 80)}
        self.rect = pygame.Rect(0, 0, 800, 600)
        self.static_base, self.geo = self._build_static(board, map_path)
        # board pixels -> art pixels: inline boards are drawn bigger than their tile size (hex
        # ones at HEX_ART_SCALE, square ones at grid_art's tile), Tiled maps at their own
        self.art_scale = (self.geo.tile_width / board.tile_width
                          if getattr(board, "tile_width", 0) else 1.0)
        self.base_tile = int(self.geo.tile_width)
        self.zoom = 1.0
        self.cam = [0.0, 0.0]            # world pixels (at current zoom) at the view's top-left
        self._scaled: tuple[float, pygame.Surface] | None = None
        #: the ground picture (map art and overlay tints) and the key it was drawn for
        self._ground: tuple[Any, pygame.Surface | None] = (None, None)
        self._ground_spare: pygame.Surface | None = None   # a let-go ground picture, reused
        self._legends: dict[tuple, tuple[list, pygame.Surface]] = {}
        self._tints: dict[tuple, pygame.Surface] = {}
        self._digits: dict[tuple, pygame.Surface] = {}
        #: still tokens composed once (see _plate) and fliers' shadows, by what they show
        self._plates: dict[tuple, tuple[pygame.Surface, tuple[int, int]]] = {}
        self._shadows: dict[tuple[int, int], pygame.Surface] = {}
        self._arts: dict[tuple[Cell, int], pygame.Rect] = {}
        #: the last still frame's token key and its (picture, place) list (see _draw_tokens)
        self._still: tuple[Any, list[tuple[pygame.Surface, Any]]] = (None, [])
        self.show_elevation = False
        #: the square property the elevation digits read (a system may name its own)
        self.elevation_prop = "elevation"
        self.hover: Cell | None = None
        self.selected: str | None = None
        self.marked: set[str] = set()    # units outlined in red (the attacker of a pending choice)
        self.lit: set[str] = set()       # units outlined warm (pointed at elsewhere, a timeline)
        # animation state
        self.queue: list[AnimStep] = []
        self.step: AnimStep | None = None
        self.step_t = 0.0
        self.step_len = 0.3
        self.speed = 1.0                 # multiplier on durations; 0 = no animation
        self.floats: list[_Float] = []
        self.shown: dict[str, TokenInfo] = {}   # the tokens as last drawn while idle
        self._drag: tuple[int, int, float, float] | None = None
        self.dragged = False
        self.ui_scale = 1.0
        self.user_zoomed = False
        #: extra drawing a scene plugs in (things in flight, walls): called as fn(surface, view)
        #: under the tokens and above them
        self.layers_below: list[Any] = []
        self.layers_above: list[Any] = []
        #: this frame's text boxes on the map: units are protected, and every layer (and the
        #: scene's hover forecast) places its labels through it so none hides another
        self.labels = LabelPlacer()

    # -- terrain ------------------------------------------------------------------------------
    @staticmethod
    def _build_static(board: Any, map_path: str | Path | None):
        """The map's tile layers drawn once, and the geometry placing cells on that picture.
        Tiled maps come from the maps engineer's tilemap module; inline square boards, or a map
        it cannot draw, from grid_art."""
        if map_path:
            try:
                art = tilemap.render_tile_layers(map_path)
                geo = tilemap.map_geometry(map_path)
                surf = pygame.Surface(art.get_size())     # opaque: the table shows through gaps
                surf.fill((16, 19, 24))
                surf.blit(art, (0, 0))
                return _ready(surf, alpha=False), geo
            except BoardError:      # a map the renderer cannot draw: drawn from the board
                pass
        if getattr(board, "orientation", "orthogonal") == "hexagonal":
            geo = _hex_geometry(board, HEX_ART_SCALE)
            return _ready(_render_hex_board(board, geo), alpha=False), geo
        tile = 64
        return _ready(grid_art.render_board(board, tile), alpha=False), _square_geometry(board, tile)

    @property
    def tile(self) -> float:
        return self.base_tile * self.zoom

    def world_size(self) -> tuple[int, int]:
        w, h = self.static_base.get_size()
        return (int(w * self.zoom), int(h * self.zoom))

    def world_rect(self, cell: Cell, size: int = 1) -> pygame.Rect:
        """A cell's (or footprint's) box in a picture of the whole map at this zoom (one drawn
        once per zoom and moved with the camera by `blit_world`)."""
        r = self._art_rect((int(cell[0]), int(cell[1])), size)
        z = self.zoom
        x0, y0 = round(r.x * z), round(r.y * z)
        return pygame.Rect(x0, y0, round(r.right * z) - x0, round(r.bottom * z) - y0)

    def blit_world(self, surface: pygame.Surface, picture: pygame.Surface) -> pygame.Rect:
        """Blit the part of a whole-map picture (world_size, this zoom) the camera looks at into
        the view; returns the screen rect it covered (less than the view round a small map)."""
        area = pygame.Rect(max(0, int(self.cam[0])), max(0, int(self.cam[1])),
                           self.rect.w, self.rect.h)
        dest = (self.rect.x + max(0, -int(self.cam[0])), self.rect.y + max(0, -int(self.cam[1])))
        return surface.blit(picture, dest, area)

    def _static(self) -> pygame.Surface:
        if self._scaled is None or self._scaled[0] != self.zoom:
            size = self.world_size()
            if size == self.static_base.get_size():
                surf = self.static_base
            else:
                surf = _ready(pygame.transform.smoothscale(self.static_base, size), alpha=False)
            self._scaled = (self.zoom, surf)
        return self._scaled[1]

    # -- layout and camera -----------------------------------------------------------------------
    def set_rect(self, rect: pygame.Rect) -> None:
        """Lay the view out; until the player zooms by hand, a new size refits the map."""
        changed = pygame.Rect(rect) != self.rect
        self.rect = pygame.Rect(rect)
        if changed and not self.user_zoomed:
            self.fit()
        self.clamp()

    def fit(self) -> None:
        """The zoom at which the whole map fills the view (capped so art stays crisp)."""
        # fill the view, but never blow the art up past ~80 px a tile (pixel art gets mushy)
        most = max(1.0, 80 / self.base_tile)
        w, h = self.static_base.get_size()
        fit = min(self.rect.w / max(1, w), self.rect.h / max(1, h), most)
        if self.geo.hex is not None:
            fit *= 0.95     # a rim of table round a hex map: labels over the top row stay in view
        best = max(ZOOMS[0], int(fit * 32) / 32)
        if self.base_tile * best < 40:    # too small to read: prefer scrolling
            best = max(best, min(1.0, 48 / self.base_tile))
        self.zoom = best
        w, h = self.static_base.get_size()
        self.cam = [(w * best - self.rect.w) / 2, (h * best - self.rect.h) / 2]
        self.clamp()

    def center_on(self, cell: tuple[float, float], size: int = 1) -> None:
        """Put a cell (or a footprint whose top-left is `cell`) in the middle of the view."""
        x, y = self._art_center((int(cell[0]), int(cell[1])), size)
        self.cam = [x * self.zoom - self.rect.w / 2, y * self.zoom - self.rect.h / 2]
        self.clamp()

    def clamp(self) -> None:
        ww, wh = self.world_size()
        for i, (world, view) in enumerate(((ww, self.rect.w), (wh, self.rect.h))):
            if world <= view:
                self.cam[i] = -(view - world) / 2       # centred, no panning
            else:
                self.cam[i] = max(0.0, min(self.cam[i], world - view))

    def can_pan(self) -> bool:
        ww, wh = self.world_size()
        return ww > self.rect.w or wh > self.rect.h

    def pan(self, dx: float, dy: float) -> None:
        self.cam[0] += dx
        self.cam[1] += dy
        self.clamp()

    def zoom_by(self, steps: int, anchor: tuple[int, int] | None = None) -> None:
        """Zoom one step per wheel notch around `anchor`; only when the map does not already fit
        at the smaller zoom (zooming out past "fits" is pointless)."""
        if steps > 0:
            bigger = [z for z in ZOOMS if z > self.zoom + 1e-6]
            if not bigger:
                return
            new = bigger[0]
        else:
            if not self.can_pan():
                return          # the whole map already shows: zooming out only shrinks it
            smaller = [z for z in ZOOMS if z < self.zoom - 1e-6]
            if not smaller:
                return
            new = smaller[-1]
        self.user_zoomed = True
        ax, ay = anchor or self.rect.center
        wx = (ax - self.rect.x + self.cam[0]) / self.zoom
        wy = (ay - self.rect.y + self.cam[1]) / self.zoom
        self.zoom = new
        self.cam = [wx * self.zoom - (ax - self.rect.x), wy * self.zoom - (ay - self.rect.y)]
        self.clamp()

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        if not self.rect.collidepoint(pos):
            return None
        got = self.geo.cell_at((pos[0] - self.rect.x + self.cam[0]) / self.zoom,
                               (pos[1] - self.rect.y + self.cam[1]) / self.zoom)
        return (int(got[0]), int(got[1])) if got is not None else None

    def _art_rect(self, cell: Cell, size: int = 1) -> pygame.Rect:
        """A cell's (or footprint's) box in the map art's pixels. The board and its geometry
        never change under a view, so each box is worked out once (a hex one costs a layout
        sum); the cache holds at most one box per cell and footprint size."""
        key = (cell, size)
        r = self._arts.get(key)
        if r is None:
            r = self.geo.cell_rect(cell[0], cell[1])
            if size > 1:
                r = r.union(self.geo.cell_rect(cell[0] + size - 1, cell[1] + size - 1))
            self._arts[key] = r
        return r

    def _art_center(self, cell: Cell, size: int = 1) -> tuple[float, float]:
        if size == 1:
            return self.geo.cell_center(cell[0], cell[1])
        return self._art_rect(cell, size).center

    def cell_rect(self, cell: tuple[float, float], size: int = 1) -> pygame.Rect:
        """Screen box of a cell (or of a Size x Size footprint from its top-left cell)."""
        r = self._art_rect((int(cell[0]), int(cell[1])), size)
        z = self.zoom
        ox, oy = self.rect.x - self.cam[0], self.rect.y - self.cam[1]
        x0, y0 = round(ox + r.x * z), round(oy + r.y * z)
        return pygame.Rect(x0, y0, round(ox + r.right * z) - x0, round(oy + r.bottom * z) - y0)

    def cell_center(self, cell: tuple[float, float], size: int = 1) -> tuple[float, float]:
        x, y = self._art_center((int(cell[0]), int(cell[1])), size)
        return (self.rect.x - self.cam[0] + x * self.zoom, self.rect.y - self.cam[1] + y * self.zoom)

    def board_to_screen(self, p: tuple[float, float]) -> tuple[float, float]:
        """A point in the board's own pixel space (its Tiled tile sizes, as HexLayout.from_board
        places cells; engine sight lines use it) on the screen."""
        k = self.art_scale
        ox, oy = self.geo.origin
        return (self.rect.x - self.cam[0] + (p[0] * k + ox) * self.zoom,
                self.rect.y - self.cam[1] + (p[1] * k + oy) * self.zoom)

    def cell_polygon(self, cell: Cell) -> list[tuple[float, float]]:
        ox, oy, z = self.rect.x - self.cam[0], self.rect.y - self.cam[1], self.zoom
        return [(ox + x * z, oy + y * z) for x, y in self.geo.cell_polygon(cell[0], cell[1])]

    # -- input -----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Camera input. Returns True when the event was a camera gesture (a drag that moved),
        so the scene does not treat the mouse-up as a click."""
        if event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if self.rect.collidepoint(pos):
                self.zoom_by(1 if event.y > 0 else -1, pos)
                return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
            if self.rect.collidepoint(event.pos):
                self._drag = (event.pos[0], event.pos[1], self.cam[0], self.cam[1])
                self.dragged = False
        elif event.type == pygame.MOUSEMOTION and self._drag is not None:
            sx, sy, cx, cy = self._drag
            dx, dy = event.pos[0] - sx, event.pos[1] - sy
            if abs(dx) + abs(dy) > 8 and self.can_pan():
                self.dragged = True
            if self.dragged:
                self.cam = [cx - dx, cy - dy]
                self.clamp()
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 2, 3):
            was = self.dragged
            self._drag = None
            self.dragged = False
            return was
        return False

    def update_keys(self, dt: float, keys) -> None:
        speed = 700 * dt
        dx = dy = 0.0
        if keys[pygame.K_LEFT] or keys[pygame.K_a]:
            dx -= speed
        if keys[pygame.K_RIGHT] or keys[pygame.K_d]:
            dx += speed
        if keys[pygame.K_UP] or keys[pygame.K_w]:
            dy -= speed
        if keys[pygame.K_DOWN] or keys[pygame.K_s]:
            dy += speed
        if dx or dy:
            self.pan(dx, dy)

    # -- animation -------------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        return self.step is not None or bool(self.queue)

    def play(self, steps: list[AnimStep]) -> None:
        if self.speed <= 0:
            for s in steps:
                if s.text:
                    self._float_for(s)
            return
        self.queue.extend(steps)
        if self.step is None:
            self._next()

    def skip(self) -> None:
        self.queue.clear()
        self.step = None
        self.floats.clear()

    def _next(self) -> None:
        self.step = self.queue.pop(0) if self.queue else None
        self.step_t = 0.0
        if self.step is None:
            return
        s = self.step
        if s.kind in ("move", "knock"):
            n = max(1, len(s.path) - (0 if len(s.path) == 1 else 1))
            self.step_len = max(0.2, min(0.45, 0.1 * n)) * self.speed
        elif s.kind == "poof":
            self.step_len = 0.4 * self.speed
        elif s.kind == "hit":
            self.step_len = 0.25 * self.speed
        else:
            self.step_len = 0.0
        if s.text:
            self._float_for(s)
        if self.step_len <= 0:
            self._next()

    def _float_for(self, s: AnimStep) -> None:
        tok = self.shown.get(s.unit or "")
        if tok is not None:
            cell, size = (tok.x, tok.y), tok.size
        elif s.cell is not None:
            cell, size = tuple(s.cell), 1
        else:
            return
        # the lowest line clear of every text still rising over the same creature: each one has
        # climbed by its age, so counting the young ones put a run's third text on its second
        risen = [f.stack * FLOAT_LINE + f.age / f.life * FLOAT_RISE
                 for f in self.floats if f.cell == cell]
        stack = 0
        while any(abs(stack * FLOAT_LINE - r) < FLOAT_LINE - 1e-6 for r in risen):
            stack += 1
        self.floats.append(_Float(s.text, s.colour, cell, size, stack))

    def update(self, dt: float) -> None:
        for f in self.floats:
            f.age += dt
        self.floats = [f for f in self.floats if f.age < f.life]
        if self.step is not None:
            self.step_t += dt
            if self.step_t >= self.step_len:
                self._next()

    def _anim_pos(self, tok: TokenInfo) -> tuple[float, float, float, float]:
        """(dx, dy, alpha 0..1, flash 0..1): a token's screen offset from its own cell and
        its look under the current animation step (offsets work for squares and hexes alike)."""
        s = self.step
        if s is None or s.unit != tok.id:
            return (0.0, 0.0, 1.0, 0.0)
        k = min(1.0, self.step_t / self.step_len) if self.step_len else 1.0
        if s.kind in ("move", "knock"):
            pts = [tuple(p) for p in s.path]
            prev = self.shown.get(tok.id)
            if prev is not None and (not pts or pts[0] != (prev.x, prev.y)):
                pts.insert(0, (prev.x, prev.y))
            if len(pts) < 2:
                return (0.0, 0.0, 1.0, 0.0)
            if s.kind == "move":
                k = k * k * (3 - 2 * k)          # ease in-out for walking
            else:
                k = 1 - (1 - k) ** 3             # knockback decelerates
            seg = k * (len(pts) - 1)
            i = min(int(seg), len(pts) - 2)
            f = seg - i
            (x0, y0) = self.cell_center(pts[i], tok.size)
            (x1, y1) = self.cell_center(pts[i + 1], tok.size)
            hx, hy = self.cell_center((tok.x, tok.y), tok.size)
            return (x0 + (x1 - x0) * f - hx, y0 + (y1 - y0) * f - hy, 1.0, 0.0)
        if s.kind == "hit":
            return (0.0, 0.0, 1.0, 1.0 - k)
        if s.kind == "poof":
            return (0.0, 0.0, 1.0 - k, 0.5 * (1 - k))
        return (0.0, 0.0, 1.0, 0.0)

    # -- drawing ---------------------------------------------------------------------------------
    def _tint(self, colour: tuple[int, int, int], alpha: int, px: int, border: bool = True) -> pygame.Surface:
        key = (colour, alpha, px, border)
        got = self._tints.get(key)
        if got is None:
            got = pygame.Surface((px, px), pygame.SRCALPHA)
            got.fill((*colour, alpha))
            if border:
                pygame.draw.rect(got, (*colour, min(255, alpha * 2)), got.get_rect(), max(1, px // 32))
            got = _ready(got)
            self._tints[key] = got
        return got

    def _digit(self, text: str, colour, size: int) -> pygame.Surface:
        key = (text, colour, size)
        got = self._digits.get(key)
        if got is None:
            font = resources.font(size, bold=True)
            fg = font.render(text, True, colour)
            got = pygame.Surface((fg.get_width() + 2, fg.get_height() + 2), pygame.SRCALPHA)
            got.blit(font.render(text, True, (0, 0, 0)), (2, 2))
            got.blit(fg, (0, 0))
            got = _ready(got)
            self._digits[key] = got
        return got

    def visible_cells(self) -> tuple[int, int, int, int]:
        """(x0, y0, x1, y1): the range of cells that can show (every cell on hex maps)."""
        if self.geo.hex is not None:
            return 0, 0, self.board.width, self.board.height
        t = self.tile
        ox, oy = self.geo.origin
        x0 = max(0, int((self.cam[0] / self.zoom - ox) // self.base_tile))
        y0 = max(0, int((self.cam[1] / self.zoom - oy) // self.base_tile))
        x1 = min(self.board.width, x0 + int(self.rect.w // t) + 2)
        y1 = min(self.board.height, y0 + int(self.rect.h // t) + 2)
        return x0, y0, x1, y1

    def _fill_cells(self, surface: pygame.Surface, cells, colour, alpha: int, px: int,
                    border: bool = True) -> None:
        """Tint cells: one cached square blitted per cell (fblits), or hex polygons on one layer."""
        if self.geo.hex is None:
            tile = self._tint(colour, alpha, px, border)
            surface.fblits([(tile, self.cell_rect(c).topleft) for c in cells])
            return
        # the polygons are drawn once per (cells, colour, camera) and the layer reused while
        # nothing changes: redrawing a few hundred hexes every frame costs several ms
        key = (frozenset(cells), colour, alpha, border, int(self.cam[0]), int(self.cam[1]),
               self.zoom, tuple(self.rect))
        cache = self.__dict__.setdefault("_hex_fills", {})
        layer = cache.get(key)
        if layer is None:
            layer = self._hex_fill_layer(key[0], colour, alpha, border)
            if len(cache) > 8:
                cache.clear()
            cache[key] = layer
        surface.blit(layer[0], (self.rect.x + layer[1][0], self.rect.y + layer[1][1]))

    def _hex_fill_layer(self, cells, colour, alpha: int, border: bool
                        ) -> tuple[pygame.Surface, tuple[int, int]]:
        """The tinted hexes of `cells` on a layer as small as their box within the view, and
        where that box sits in the view. A layer the size of the whole view was 4 MB at 1080p
        per cached fill: the client's memory climbed as the allocator kept what they left.
        Each polygon is moved by whole pixels only, so it covers the same pixels as on a
        view-sized layer."""
        off_x, off_y = -self.rect.x, -self.rect.y
        polys = [[(x + off_x, y + off_y) for x, y in self.cell_polygon(c)] for c in cells]
        if not polys:
            return pygame.Surface((0, 0), pygame.SRCALPHA), (0, 0)
        xs = [x for poly in polys for x, _ in poly]
        ys = [y for poly in polys for _, y in poly]
        # points left of or above the view keep their place (the view clips them anyway)
        bx = min(max(0, math.floor(min(xs))), self.rect.w)
        by = min(max(0, math.floor(min(ys))), self.rect.h)
        w = max(0, min(self.rect.w, math.ceil(max(xs)) + 2) - bx)
        h = max(0, min(self.rect.h, math.ceil(max(ys)) + 2) - by)
        layer = pygame.Surface((w, h), pygame.SRCALPHA)
        for poly in polys:
            moved = [(x - bx, y - by) for x, y in poly]
            pygame.draw.polygon(layer, (*colour, alpha), moved)
            if border:
                pygame.draw.polygon(layer, (*colour, min(255, alpha * 2)), moved, 1)
        return layer, (bx, by)

    def _outline_cell(self, surface: pygame.Surface, cell: Cell, colour, width: int) -> None:
        if self.geo.hex is None:
            pygame.draw.rect(surface, colour, self.cell_rect(cell), width, border_radius=3)
        else:
            pygame.draw.polygon(surface, colour, self.cell_polygon(cell), width)

    def draw(self, surface: pygame.Surface, tokens: list[TokenInfo], items: list[ItemInfo],
             overlay: Overlay | None = None, forecast_cells: bool = True) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        px = math.ceil(self.tile)
        self.labels.reset(self.rect)
        for tok in tokens:
            # a label keeps off a unit's letters, HP bar and badges: the token's square, as
            # _draw_tokens centres it in its box
            side = math.ceil(px * tok.size)
            box = pygame.Rect(0, 0, side, side)
            box.center = self.cell_rect((tok.x, tok.y), tok.size).center
            self.labels.protect(box)
        self._draw_ground(surface, overlay, px)
        legend = None
        if overlay is not None:
            legend = self._draw_overlay_top(surface, overlay, px)
        if self.show_elevation:
            self._draw_elevation(surface)
        # items first (they lie on the ground), then units by row so lower ones overlap upper
        batch = []
        ipx = max(8, int(px * 0.62))
        occupied = {}
        for tok in tokens:
            for dy in range(tok.size):
                for dx in range(tok.size):
                    occupied[(tok.x + dx, tok.y + dy)] = True
        per_cell: dict[Cell, int] = {}
        for it in items:
            k = per_cell.get((it.x, it.y), 0)
            per_cell[(it.x, it.y)] = k + 1
            spr = sprites.item_sprite(it.kind, it.colour, ipx, it.hardlight)
            r = self.cell_rect((it.x, it.y))
            if (it.x, it.y) in occupied:      # share the tile with a piece: tuck it in a corner
                pos = (r.right - ipx + ipx // 6, r.bottom - ipx + ipx // 6)
            else:
                pos = (r.x + (px - ipx) // 2 + (k * ipx // 3) - (ipx // 6 if k else 0),
                       r.y + (px - ipx) // 2)
            batch.append((spr, pos))
        if batch:
            surface.fblits(batch)
        for layer in self.layers_below:
            layer(surface, self)
        self._draw_tokens(surface, tokens, px)
        for layer in self.layers_above:
            layer(surface, self)
        if self.hover is not None:
            if (overlay is not None and overlay.size > 1 and self.hover in overlay.cells
                    and self.geo.hex is None):
                # a big piece's destination: outline the whole footprint it would cover
                pygame.draw.rect(surface, (255, 246, 224), self.cell_rect(self.hover, overlay.size),
                                 2, border_radius=3)
            else:
                self._outline_cell(surface, self.hover, (255, 246, 224), 2)
        self._draw_floats(surface)
        if legend is not None:
            self._blit_legend(surface, *legend)     # over the tokens: a key is read, not hidden
        surface.set_clip(clip)
        if self.step is None and not self.queue:
            self.shown = {t.id: t for t in tokens}

    def _draw_veil(self, surface: pygame.Surface, ov: Overlay, px: int) -> None:
        """Darken everything she cannot reach (like Wesnoth), so reachable ground reads at a
        glance on any map art. Drawn once per (reach, zoom) over the whole map, as the map art
        is, and blitted where the camera looks: a moving camera only moves the blit (rebuilding
        a view-sized layer every frame was most of a panning frame). Beyond the map's edges
        the view is darkened alike."""
        key = (dict(ov.cells), ov.size, self.zoom)
        if getattr(self, "_veil_key", None) != key:
            z = self.zoom
            # a new reach at the same zoom paints over the last veil (render.canvas)
            veil = canvas(getattr(self, "_veil", None), self.world_size())
            veil.fill(VEIL)
            for cell in ov.cells:
                if self.geo.hex is None:
                    veil.fill((0, 0, 0, 0), self.world_rect(cell, ov.size))
                else:
                    poly = [(x * z, y * z) for x, y in self.geo.cell_polygon(cell[0], cell[1])]
                    pygame.draw.polygon(veil, (0, 0, 0, 0), poly)
            self._veil, self._veil_key = veil, key
        shown = self.blit_world(surface, self._veil)
        # the margins round a map smaller than the view: the veil's colour over the background
        for r in _margins(self.rect, shown):
            surface.blit(_veil_patch(r.size), r.topleft)

    def _ground_key(self, ov: Overlay | None, surface: pygame.Surface) -> tuple:
        """Everything the ground picture depends on, copied (a presenter may reuse its sets)."""
        fills = None
        if ov is not None:
            fills = (dict(ov.cells), frozenset(ov.range_cells), frozenset(ov.targets),
                     tuple(ov.area), frozenset(ov.cover_cells), frozenset(ov.conceal_cells),
                     ov.veil, ov.size, ov.cost_digits)
        return (fills, int(self.cam[0]), int(self.cam[1]), self.zoom, tuple(self.rect),
                surface.get_size())

    def _draw_ground(self, surface: pygame.Surface, ov: Overlay | None, px: int) -> None:
        """The map art with the overlay's tints (veil, costs, range, targets, cover, digits).
        Drawn once per (tints, camera) and then one blit a frame: redrawing a move range is a
        few hundred fills and rects, and it does not change while the pointer moves along a
        path or the unit stands still."""
        key = self._ground_key(ov, surface)
        last_key, last_picture = self._ground
        if key == last_key and last_picture is not None:
            surface.blit(last_picture, self.rect.topleft)
            return
        surface.fill((16, 19, 24), self.rect)
        static = self._static()
        area = pygame.Rect(max(0, int(self.cam[0])), max(0, int(self.cam[1])), self.rect.w, self.rect.h)
        dest = (self.rect.x + max(0, -int(self.cam[0])), self.rect.y + max(0, -int(self.cam[1])))
        surface.blit(static, dest, area)
        if ov is not None:
            self._draw_overlay_fills(surface, ov, px)
        # the picture is kept once the same key comes twice in a row: while the camera moves
        # every frame has a new key, and copying a view-sized picture no frame reuses cost
        # a third of a panning frame
        shown = self.rect.clip(surface.get_rect())
        picture = None
        if key == last_key and shown.size == self.rect.size:
            # painted into the last picture's surface when it has the size (render.canvas)
            picture = self._ground_spare
            if picture is None or picture.get_size() != shown.size \
                    or picture.get_bitsize() != surface.get_bitsize() \
                    or surface.get_flags() & pygame.SRCALPHA:       # a blit there would blend
                picture = surface.subsurface(shown).copy()
            else:
                picture.blit(surface, (0, 0), shown)
            self._ground_spare = None
        elif last_picture is not None:
            self._ground_spare = last_picture
        self._ground = (key, picture)

    def _draw_overlay_fills(self, surface: pygame.Surface, ov: Overlay, px: int) -> None:
        if ov.veil and ov.cells:
            self._draw_veil(surface, ov, px)
        by_cost: dict[int, list[Cell]] = {}
        for cell, cost in ov.cells.items():
            by_cost.setdefault(cost, []).append(cell)
        for cost, cells in by_cost.items():
            colour = self.cost_colours.get(cost, self.cost_colours[max(self.cost_colours)])
            self._fill_cells(surface, cells, colour, 48, px)
        if ov.range_cells:
            self._fill_cells(surface, ov.range_cells, COOL, 40, px, border=False)
        if ov.targets:
            self._fill_cells(surface, ov.targets, DANGER, 60, px)
        if ov.area:
            self._fill_cells(surface, ov.area, DANGER, 90, px)
        if ov.cover_cells:
            for c in ov.cover_cells:
                self._outline_cell(surface, c, (20, 20, 20), 4)
                self._outline_cell(surface, c, (255, 214, 120), 2)
        if ov.conceal_cells:
            self._fill_cells(surface, ov.conceal_cells, (150, 200, 160), 50, px, border=False)
        if ov.cells and px >= 28 and ov.cost_digits:
            # the slot cost written on tiles that cost other than the usual 1 (free descents,
            # 2-slot drops), so the numbers that matter stand out
            size = max(11, min(18, px // 3))
            marks = []
            for cell, cost in ov.cells.items():
                if cost == 1:
                    continue
                d = self._digit(str(cost), (255, 250, 236), size)
                r = self.cell_rect(cell)
                if self.geo.hex is None:
                    marks.append((d, (r.right - d.get_width() - 3, r.bottom - d.get_height() - 1)))
                else:
                    marks.append((d, (r.centerx - d.get_width() // 2, r.bottom - d.get_height() - r.h // 8)))
            if marks:
                surface.fblits(marks)

    def _draw_overlay_top(self, surface: pygame.Surface, ov: Overlay, px: int
                          ) -> tuple[list, pygame.Surface, pygame.Rect] | None:
        """The overlay's parts that follow the pointer: marks, lines, path, target; the legend
        is returned (its place kept free of labels) to be drawn over the tokens."""
        legend = None
        if ov.cells:
            legend = self._legend(sorted(set(ov.cells.values())), dict(ov.legend))
        if ov.marks:
            size = max(11, min(18, px // 3))
            batch = []
            for cell, text in ov.marks.items():
                d = self._digit(text, (255, 250, 236), size)
                cx, cy = self.cell_center(cell)
                batch.append((d, (cx - d.get_width() // 2, cy + px * 0.18)))
            surface.fblits(batch)
        for a, b, colour in ov.pixel_lines:
            pa, pb = self.board_to_screen(a), self.board_to_screen(b)
            pygame.draw.line(surface, (20, 20, 20), pa, pb, 5)
            pygame.draw.line(surface, colour, pa, pb, 3)
        if len(ov.path) >= 2:
            pts = [self.cell_center(c, ov.size) for c in ov.path]
            pygame.draw.lines(surface, (20, 20, 20), False, pts, max(3, px // 8) + 2)
            pygame.draw.lines(surface, WARM, False, pts, max(3, px // 8))
            end = pts[-1]
            pygame.draw.circle(surface, WARM, end, max(4, px // 7))
            pygame.draw.circle(surface, (20, 20, 20), end, max(4, px // 7), 2)
        if len(ov.line) >= 2:
            pts = [self.cell_center(c, ov.size) for c in ov.line]
            _dashed(surface, COOL, pts[0], pts[-1], max(2, px // 14), px // 4)
        if ov.target_block and self.geo.hex is not None:
            for c in ov.target_block:
                pygame.draw.polygon(surface, (20, 20, 20), self.cell_polygon(c), 5)
                pygame.draw.polygon(surface, DANGER, self.cell_polygon(c), 3)
        elif ov.target_block:
            r = self.cell_rect(ov.target_block[0])
            for c in ov.target_block[1:]:
                r = r.union(self.cell_rect(c))
            pygame.draw.rect(surface, (20, 20, 20), r.inflate(4, 4), 4, border_radius=4)
            pygame.draw.rect(surface, DANGER, r, 3, border_radius=4)
            # corner brackets read as "target" even for colour-blind players
            ln = max(6, r.w // 4)
            for (cx, cy, sx, sy) in ((r.left, r.top, 1, 1), (r.right - 1, r.top, -1, 1),
                                     (r.left, r.bottom - 1, 1, -1), (r.right - 1, r.bottom - 1, -1, -1)):
                pygame.draw.line(surface, (255, 240, 230), (cx, cy), (cx + sx * ln, cy), 3)
                pygame.draw.line(surface, (255, 240, 230), (cx, cy), (cx, cy + sy * ln), 3)
        return legend

    def _legend(self, costs: list[int], labels: dict[int, str] | None = None
                ) -> tuple[list, pygame.Surface, pygame.Rect]:
        """A small key in the map's lower-left corner: which tint means what (by default how
        many slots a tile costs; a presenter may name its tints). Kept free of labels; drawn
        by `_blit_legend`."""
        k = self.ui_scale
        x, y = self.rect.x + int(10 * k), self.rect.bottom - int(28 * k)
        key = (tuple(costs), tuple(sorted((labels or {}).items())), k)
        got = self._legends.get(key)
        if got is None:
            # the labels and the backing are made once per legend, not every frame
            font = resources.font(int(13 * k), bold=True)
            parts = []
            for c in costs:
                text = (labels or {}).get(c) or f"{c} slot{'s' if c != 1 else ''}"
                parts.append((c, font.render(text, True, (232, 226, 212))))
            w = sum(int(18 * k) + l.get_width() + 12 for _, l in parts) + 10
            bg = pygame.Surface((w, int(22 * k)), pygame.SRCALPHA)
            bg.fill((16, 19, 24, 200))
            if len(self._legends) > 32:
                self._legends.clear()
            got = self._legends[key] = (parts, bg)
        parts, bg = got
        box = pygame.Rect((x, y), bg.get_size())
        self.labels.protect(box)
        return parts, bg, box

    def _blit_legend(self, surface: pygame.Surface, parts: list, bg: pygame.Surface,
                     box: pygame.Rect) -> None:
        k = self.ui_scale
        surface.blit(bg, box)
        cx = box.x + 8
        for c, label in parts:
            colour = self.cost_colours.get(c, self.cost_colours[max(self.cost_colours)])
            sq = int(12 * k)
            pygame.draw.rect(surface, colour, (cx, box.centery - sq // 2, sq, sq), border_radius=2)
            surface.blit(label, (cx + sq + 4, box.centery - label.get_height() // 2))
            cx += int(18 * k) + label.get_width() + 12

    def _draw_elevation(self, surface: pygame.Surface) -> None:
        x0, y0, x1, y1 = self.visible_cells()
        size = max(10, min(16, int(self.tile // 3.5)))
        batch = []
        for y in range(y0, y1):
            for x in range(x0, x1):
                e = self.board.prop(x, y, self.elevation_prop, 0) or 0
                d = self._digit(str(e), (200, 230, 255), size)
                r = self.cell_rect((x, y))
                if self.geo.hex is None:
                    batch.append((d, (r.x + 3, r.y + 1)))
                else:
                    batch.append((d, (r.centerx - d.get_width() // 2, r.y + r.h // 8)))
        if batch:
            surface.fblits(batch)

    def _draw_tokens(self, surface: pygame.Surface, tokens: list[TokenInfo], px: int) -> None:
        """Units by row. A still token is one kept plate (sprite, rings, HP bar, composed once
        for what it shows) with its glyph, HP number and badges laid over it, and a flier's
        shadow under it; all of them go out in one `fblits`. A token in an animation step
        (fading, flashing) is drawn piece by piece in the same order, so what shows is the same
        either way."""
        still = None
        if self.step is None:
            # nothing animates: the frame's token pictures and places are those of the last
            # frame while the tokens, their marks and the camera are (one fblits)
            still = (tuple(tokens), px, tuple(self.cam), self.zoom, tuple(self.rect),
                     self.selected, frozenset(self.lit), frozenset(self.marked), self.emblem,
                     tuple(self.side_colour(t.side) for t in tokens))
            if still == self._still[0]:
                surface.fblits(self._still[1])
                return
        ghosts = []
        if self.step is not None and self.step.kind == "poof" and self.step.unit:
            if not any(t.id == self.step.unit for t in tokens) and self.step.unit in self.shown:
                ghosts.append(self.shown[self.step.unit])
        order = sorted(list(tokens) + ghosts, key=lambda t: (t.y + t.size, t.x))
        stacked = stack_layout(list(tokens))
        batch: list[tuple[pygame.Surface, tuple[int, int]]] = []
        for tok in order:
            dx, dy, alpha, flash = self._anim_pos(tok)
            if tok in ghosts and self.step is not None:
                k = min(1.0, self.step_t / max(self.step_len, 1e-6))
                alpha, flash = 1.0 - k, 0.5 * (1 - k)
            size_px = math.ceil(px * tok.size)
            lift = 0
            if tok.altitude is not None:
                lift = int(px * 0.18)
                # the flier's shadow stays on the ground, under this token and over earlier ones
                sh = pygame.Rect(0, 0, int(size_px * 0.6), int(size_px * 0.22))
                home = self.cell_rect((tok.x, tok.y), tok.size).move(int(dx), int(dy))
                sh.center = (home.centerx, int(home.bottom - size_px * 0.14))
                batch.append((self._shadow(sh.size), sh.topleft))
            r = self.cell_rect((tok.x, tok.y), tok.size).move(int(dx), int(dy))
            if r.w != size_px:     # hex boxes are not square: centre the token in the box
                r = pygame.Rect(r.centerx - size_px // 2, r.centery - size_px // 2, size_px, size_px)
            if tok.id in stacked:  # sharing the tile: smaller, and beside the other one
                fx, fy, k = stacked[tok.id]
                size_px = math.ceil(px * tok.size * k)
                r = pygame.Rect(r.x + round(fx * r.w), r.y + round(fy * r.h), size_px, size_px)
            top = r.move(0, -lift)
            if alpha >= 1.0 and flash <= 0:
                plate, off = self._plate(tok, top.size, px, size_px)
                batch.append((plate, (top.x + off[0], top.y + off[1])))
                glyph = self._glyph(tok, top, px, size_px)
                if glyph is not None:
                    batch.append(glyph)
                digit = self._hp_digit(tok, top, px)
                if digit is not None:
                    batch.append(digit)
                batch.extend(self._badge_blits(tok, top, px))
                continue
            if batch:
                surface.fblits(batch)
                batch = []
            still = None                   # drawn piece by piece: nothing to keep
            spr = self._token_sprite(tok, size_px)
            if alpha < 1.0:
                spr = spr.copy()
                spr.set_alpha(int(255 * max(0.0, alpha)))
            white = None
            if flash > 0:
                white = spr.copy()
                white.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)
                white.fill((255, 255, 255, int(200 * flash)), special_flags=pygame.BLEND_RGBA_MIN)
            self._dress(surface, tok, top, px, size_px, spr, white)
        if batch:
            surface.fblits(batch)
        self._still = (still, batch) if still is not None else (None, [])

    def _token_sprite(self, tok: TokenInfo, size_px: int) -> pygame.Surface:
        return sprites.unit_token(tok.colour, tok.side, self.side_colour(tok.side), size_px,
                                  tok.arms, glow=tok.acting, edge=tok.outline, emblem=self.emblem)

    def _shadow(self, size: tuple[int, int]) -> pygame.Surface:
        got = self._shadows.get(size)
        if got is None:
            got = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.ellipse(got, (0, 0, 0, 90), got.get_rect())
            self._shadows[size] = got
        return got

    def _plate(self, tok: TokenInfo, box: tuple[int, int], px: int,
               size_px: int) -> tuple[pygame.Surface, tuple[int, int]]:
        """A still token as one picture and its offset from the token's box, composed once for
        what it shows (not where it stands: a move reuses it)."""
        key = (tok.size, tok.hp, tok.max_hp, tok.temp_hp, tok.bars, tok.pips, tok.colour, tok.arms,
               tok.badges, tok.altitude,
               tok.acting, tok.outline, tok.glyph, tok.side, self.side_colour(tok.side),
               self.emblem, px, size_px, box, tok.id in self.lit, tok.id == self.selected,
               tok.id in self.marked)
        got = self._plates.get(key)
        if got is None:
            if len(self._plates) >= PLATE_BUDGET:
                # a zoom or a long game leaves plates nothing shows: start again, bounded
                self._plates.clear()
            # a margin wide enough for the warm ring
            pad = px // 8 + 4
            canvas = pygame.Surface((box[0] + 2 * pad, box[1] + 2 * pad), pygame.SRCALPHA)
            self._dress(canvas, tok, pygame.Rect((pad, pad), box), px, size_px,
                        self._token_sprite(tok, size_px), None, loose=False)
            used = canvas.get_bounding_rect(min_alpha=1)
            plate = _ready(canvas.subsurface(used).copy())
            got = (plate, (used.x - pad, used.y - pad))
            self._plates[key] = got
        return got

    def _dress(self, surface: pygame.Surface, tok: TokenInfo, r: pygame.Rect, px: int,
               size_px: int, spr: pygame.Surface, white: pygame.Surface | None,
               loose: bool = True) -> None:
        """One token at its (lifted) box `r`: sprite, glyph, hit flash, rings, HP bar, its number
        and the badges. With `loose` False (a plate) the glyph, number and badges are left out:
        the frame lays them over the plate, in the same order."""
        surface.blit(spr, r.topleft)
        if loose:
            got = self._glyph(tok, r, px, size_px)
            if got is not None:
                surface.blit(*got)
        if white is not None:
            surface.blit(white, r.topleft)
        if tok.id in self.lit:
            ring = r.inflate(max(4, px // 8), max(4, px // 8))
            pygame.draw.rect(surface, WARM, ring, 3, border_radius=max(4, px // 4))
        if tok.id == self.selected:
            sel = r.inflate(-max(2, px // 16), -max(2, px // 16))
            pygame.draw.rect(surface, (255, 246, 224), sel, 2, border_radius=max(4, px // 5))
        elif tok.id in self.marked:
            # a piece a pending choice is about (the attacker): dashed red corners
            m = r.inflate(-max(2, px // 16), -max(2, px // 16))
            ln = max(5, m.w // 4)
            for (cx, cy, sx, sy) in ((m.left, m.top, 1, 1), (m.right - 1, m.top, -1, 1),
                                     (m.left, m.bottom - 1, 1, -1), (m.right - 1, m.bottom - 1, -1, -1)):
                pygame.draw.line(surface, DANGER, (cx, cy), (cx + sx * ln, cy), 3)
                pygame.draw.line(surface, DANGER, (cx, cy), (cx, cy + sy * ln), 3)
        self._hp_bar(surface, tok, r, px)
        if loose:
            got = self._hp_digit(tok, r, px)
            if got is not None:
                surface.blit(*got)
            self._badges(surface, tok, r, px)

    @staticmethod
    def _bar_box(tok: TokenInfo, r: pygame.Rect, px: int) -> pygame.Rect:
        """Where the HP bar goes: along the token's foot, raised by the height of the further
        meters (`tok.bars`) drawn under it."""
        w = int(r.w * 0.74)
        h = max(4, px // 11)
        below = len(tok.bars) * (max(3, px // 16) + 1)
        return pygame.Rect(r.centerx - w // 2, r.bottom - h - max(1, px // 32) - below, w, h)

    def _hp_bar(self, surface: pygame.Surface, tok: TokenInfo, r: pygame.Rect, px: int) -> None:
        if tok.max_hp <= 0:
            return
        bar = self._bar_box(tok, r, px)
        pygame.draw.rect(surface, (12, 12, 16), bar.inflate(2, 2), border_radius=2)
        frac = max(0.0, min(1.0, tok.hp / tok.max_hp))
        colour = (110, 210, 110) if frac > 0.5 else (236, 196, 70) if frac > 0.25 else (232, 80, 64)
        fill = bar.copy()
        fill.w = max(0, int(bar.w * frac))
        pygame.draw.rect(surface, (50, 24, 24), bar, border_radius=2)
        if fill.w:
            pygame.draw.rect(surface, colour, fill, border_radius=2)
        if tok.temp_hp > 0:
            # temporary HP: a pale segment after the HP (the bar's scale is max HP; a pool past
            # the end is drawn to the end, and a light rim says there is one at all)
            extra = bar.copy()
            extra.x = fill.right
            extra.w = max(2, min(bar.right - fill.right, int(bar.w * tok.temp_hp / tok.max_hp)))
            if extra.right > bar.right:
                extra.x = bar.right - extra.w
            pygame.draw.rect(surface, (150, 214, 255), extra, border_radius=2)
            pygame.draw.rect(surface, (200, 236, 255), bar.inflate(2, 2), 1, border_radius=2)
        self._meters(surface, tok, bar, px)
        self._pips(surface, tok, bar, px)

    @staticmethod
    def _meters(surface: pygame.Surface, tok: TokenInfo, bar: pygame.Rect, px: int) -> None:
        """The further meters (`tok.bars`), thin, one under the other below the HP bar."""
        h = max(3, px // 16)
        y = bar.bottom + 1
        for value, most, colour in tok.bars:
            box = pygame.Rect(bar.x, y, bar.w, h)
            pygame.draw.rect(surface, (12, 12, 16), box.inflate(2, 2))
            pygame.draw.rect(surface, (30, 30, 40), box)
            frac = max(0.0, min(1.0, value / most)) if most > 0 else 0.0
            if frac > 0:
                pygame.draw.rect(surface, colour, (box.x, box.y, max(1, int(box.w * frac)), h))
            y += h + 1

    @staticmethod
    def _pips(surface: pygame.Surface, tok: TokenInfo, bar: pygame.Rect, px: int) -> None:
        """One pip per use `tok.pips` counts, just above the HP bar's left end: filled while
        left, hollow once spent."""
        left, of = tok.pips
        if of <= 0:
            return
        rad = max(2, px // 18)
        y = bar.y - rad - 2
        for i in range(of):
            cx = bar.x + rad + i * (2 * rad + 2)
            pygame.draw.circle(surface, (12, 12, 16), (cx, y), rad + 1)
            if i < left:
                pygame.draw.circle(surface, (250, 214, 110), (cx, y), rad)
            else:
                pygame.draw.circle(surface, (90, 84, 70), (cx, y), rad, 1)

    def _glyph(self, tok: TokenInfo, r: pygame.Rect, px: int,
               size_px: int) -> tuple[pygame.Surface, tuple[int, int]] | None:
        """The letters on the token (what it is) and where they go. Kept out of the plate: the
        token's art has half-transparent spots under them, where text blends differently inside
        a plate than on the screen. Nothing else on the plate reaches the middle."""
        if not tok.glyph or px < 24:
            return None
        g = self._digit(tok.glyph, (255, 255, 255), max(10, int(size_px * 0.3)))
        return g, (r.centerx - g.get_width() // 2, r.centery - g.get_height() // 2)

    def _hp_digit(self, tok: TokenInfo, r: pygame.Rect,
                  px: int) -> tuple[pygame.Surface, tuple[int, int]] | None:
        """The HP number over the bar's right end (big tiles only), and where it goes. Kept out
        of the plate: it overhangs the token's soft rim, and text laid on a half-transparent rim
        inside a plate blends differently from text laid on the screen."""
        if tok.max_hp <= 0 or px < 44:
            return None
        bar = self._bar_box(tok, r, px)
        right, top = bar.right, bar.y
        d = self._digit(str(tok.hp), (255, 255, 255), max(10, px // 6))
        return d, (right - d.get_width() + 1, top - d.get_height() + 3)

    def _badges(self, surface: pygame.Surface, tok: TokenInfo, r: pygame.Rect, px: int) -> None:
        batch = self._badge_blits(tok, r, px)
        if batch:
            surface.fblits(batch)

    def _badge_blits(self, tok: TokenInfo, r: pygame.Rect,
                     px: int) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """Status badges along the top and the altitude number, as (picture, place) pairs. Kept
        out of the plate for the same reason as the HP number: they overhang the soft rim."""
        if not tok.badges and tok.altitude is None:
            return []
        size = max(12, px // 4)
        font = resources.font(max(8, int(size * 0.62)), bold=True)
        x = r.x + 1
        batch = []
        for glyph, _tip in tok.badges:
            batch.append((sprites.badge(glyph, size, font, sprites.BADGE_COLOURS.get(glyph, (70, 70, 80))),
                          (x, r.y + 1)))
            x += size - 2
        if tok.altitude is not None:
            d = self._digit(f"alt {tok.altitude}", (180, 220, 255), max(10, px // 5))
            batch.append((d, (r.right - d.get_width() - 1, r.y)))
        return batch

    def _draw_floats(self, surface: pygame.Surface) -> None:
        if not self.floats:
            return
        size = max(18, int(self.tile * 0.42))
        for f in self.floats:
            k = f.age / f.life
            d = self._digit(f.text, f.colour, size)
            cx, top = self.cell_center(f.cell, f.size)[0], self.cell_rect(f.cell, f.size).y
            y = top - self.tile * (0.25 + f.stack * FLOAT_LINE + k * FLOAT_RISE)
            spr = d
            if k > 0.6:
                spr = d.copy()
                spr.set_alpha(int(255 * (1 - (k - 0.6) / 0.4)))
            surface.blit(spr, (cx - d.get_width() / 2, y))


VEIL = (8, 10, 14, 125)          # the move range's veil over what she cannot reach
_VEIL_PATCHES: dict[tuple[int, int], pygame.Surface] = {}


def _veil_patch(size: tuple[int, int]) -> pygame.Surface:
    """A surface of the veil's colour, for the view's margins round a map (a few sizes kept)."""
    got = _VEIL_PATCHES.get(size)
    if got is None:
        if len(_VEIL_PATCHES) >= 8:
            _VEIL_PATCHES.clear()
        got = _VEIL_PATCHES[size] = pygame.Surface(size, pygame.SRCALPHA)
        got.fill(VEIL)
    return got


def _margins(view: pygame.Rect, shown: pygame.Rect) -> list[pygame.Rect]:
    """The parts of `view` outside `shown` (a rect inside it), as up to four rects."""
    if shown.w <= 0 or shown.h <= 0:
        return [pygame.Rect(view)]
    out = [pygame.Rect(view.x, view.y, view.w, shown.y - view.y),
           pygame.Rect(view.x, shown.bottom, view.w, view.bottom - shown.bottom),
           pygame.Rect(view.x, shown.y, shown.x - view.x, shown.h),
           pygame.Rect(shown.right, shown.y, view.right - shown.right, shown.h)]
    return [r for r in out if r.w > 0 and r.h > 0]


def _dashed(surface, colour, a, b, width, dash) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    ln = math.hypot(dx, dy)
    if ln < 1:
        return
    dash = max(4, dash)
    n = int(ln // dash)
    for i in range(0, n, 2):
        s = (a[0] + dx * i / n, a[1] + dy * i / n)
        e = (a[0] + dx * min(i + 1, n) / n, a[1] + dy * min(i + 1, n) / n)
        pygame.draw.line(surface, colour, s, e, width)

"""The bindings map overlay: what is in flight and what is about to happen, drawn on the board.

Owns: drawing a `FlightView` (game.client.systems.bindings.timing) over the board view:
projectiles at their front hex with a fading trail from their origin, the hexes each covers on
its next turn as dashed ghost hexes with an arrow and an arrival burst on the target when it lands
then ("hits S2"), pushbacks as an arrow along the push (the next
segment's hexes solid, the rest dashed), walls (placed cells as stone, the next growth ghosted, the
rest of the plan dotted) and veils as drifting mist; a targeting line from a `SightLine` (centre
line, the clear line used, cover markers, the hexes that conceal and the count). Plus short
animations for AttackAdvanced (the glyph slides along the hexes it entered, 200-400 ms, skippable).

Cells are placed only through the board view's camera (`cell_center`, `cell_polygon`, `tile`,
`board_to_screen`), which goes through tilemap.MapGeometry, so both stagger axes, zoom and pan
work unchanged.

How K1's battle scene calls it (the short way, as attach_bindings does):
    view.layers_below.append(lambda surface, v: board_layer(surface, v, match.state))
    projectiles that moved slide by themselves; skip: overlay_for(view).skip()
The long way, with a sight line of its own:
    self.flight = FlightOverlay()
    self.view.layers_below.append(self.flight.draw_below)   # ghosts, walls, mist, trails
    self.view.layers_above.append(self.flight.draw_above)   # glyphs, arrows, labels, sight
    each frame: self.flight.set_view(timing.flight_view(state), sight_line_or_None)
    after submit: self.flight.play(events); per frame: self.flight.update(dt)
    skip: self.flight.skip(); self.flight.animating tells whether a slide is running.

Must not: know the rules or read match state; it draws the presenter's records only.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterable

import pygame

from game.client import resources
from game.client.render.canvas import canvas
from game.client.render.labels import LabelPlacer, around
from game.client.systems.bindings.timing import (Flight, FlightView, Push, SightLine,
                                                  Structure)

Point = tuple[float, float]
Colour = tuple[int, int, int]
OUTLINE = (14, 16, 22)
DANGER = (232, 80, 64)
PUSH = (240, 200, 80)
SIGHT = (245, 245, 235)
COOL = (111, 194, 228)
MIST = (214, 218, 226)


@dataclass(slots=True)
class _Slide:
    attack: str
    points: list[tuple[int, int]]       # hexes, the start first
    colour: Colour
    glyph: str
    t: float = 0.0
    length: float = 0.3


class FlightOverlay:
    """See the module docstring."""

    def __init__(self) -> None:
        self._clock: float | None = None
        self._above_hooked = False
        self.view: FlightView | None = None
        self.sight: SightLine | None = None
        self.speed = 1.0                  # multiplier on animation lengths; 0 = no animation
        self.ui_scale = 1.0               # the UI scale setting (read from the board view)
        self.slides: list[_Slide] = []
        self._labels: dict[tuple, pygame.Surface] = {}
        self._last_pos: dict[str, tuple[int, int]] = {}
        self._looks: dict[str, tuple[Colour, str]] = {}
        self._below_key: Any = None       # see draw_below
        self._below: tuple[pygame.Surface, pygame.Rect] | None = None
        self._canvas: pygame.Surface | None = None      # what _draw_below draws on, reused
        #: the frame's captions, drawn after every line and marker (see draw_above)
        self._captions: list[tuple[str, Point, float, Colour, bool]] = []
        self._placer: LabelPlacer | None = None

    # -- state ------------------------------------------------------------------------------------
    def set_view(self, view: FlightView | None, sight: SightLine | None = None,
                 auto: bool = False) -> None:
        """What to draw from now on (call every frame; cheap). With `auto`, a projectile whose
        front hex changed since the last view slides there by itself (for scenes that do not
        call play())."""
        self.view = view
        self.sight = sight
        if view is None:
            return
        sliding = {sl.attack for sl in self.slides}
        for f in view.flights:
            self._looks[f.id] = (f.colour, f.glyph)
            old = self._last_pos.get(f.id)
            if old is not None and old != f.pos and f.id not in sliding:
                if auto and self.speed > 0:
                    self.slides.append(_Slide(f.id, [old, f.pos], f.colour, f.glyph, 0.0,
                                              0.3 * self.speed))
            if f.id not in sliding or auto:
                self._last_pos[f.id] = f.pos

    @property
    def animating(self) -> bool:
        return bool(self.slides)

    def play(self, events: Iterable[Any]) -> None:
        """Slide each projectile along the hexes an AttackAdvanced event says it entered."""
        from game.engine.systems.bindings.events import AttackAdvanced
        if self.speed <= 0:
            return
        for e in events:
            if not isinstance(e, AttackAdvanced) or not e.path:
                continue
            start = self._last_pos.get(e.attack)
            pts = [tuple(h) for h in e.path]
            if start is not None and start != pts[0]:
                pts.insert(0, start)
            if len(pts) < 2:
                continue
            colour, glyph = self._looks.get(e.attack, ((230, 230, 230), "•"))
            length = max(0.2, min(0.4, 0.07 * (len(pts) - 1))) * self.speed
            self.slides.append(_Slide(e.attack, pts, colour, glyph, 0.0, length))
            self._last_pos[e.attack] = pts[-1]

    def update(self, dt: float) -> None:
        for s in self.slides:
            s.t += dt
        self.slides = [s for s in self.slides if s.t < s.length]

    def skip(self) -> None:
        self.slides.clear()

    # -- drawing ----------------------------------------------------------------------------------
    def draw_below(self, surface: pygame.Surface, cam: Any) -> None:
        """Under the tokens: walls, veils, next-segment ghost hexes, trails, and the targeting
        line (under the units it passes, so their letters and HP stay readable)."""
        self.ui_scale = float(getattr(cam, "ui_scale", 1.0) or 1.0)
        v = self.view
        if v is not None:
            # the layer is drawn once per (what is in flight, camera) and kept, cropped to what
            # it shows: rebuilding a view-sized layer every frame cost a fifth of a frame
            key = (v, tuple(cam.rect), tuple(int(c) for c in cam.cam), cam.zoom, float(cam.tile),
                   self.ui_scale)
            if key != self._below_key:
                layer = self._draw_below(cam, v)
                # the drawn pixels' box, looked for only around the hexes drawn on (reading
                # the whole view-sized layer's alpha took 3-7 ms of a frame)
                box: pygame.Rect | None = None
                for near in self._near(cam, v, layer.get_rect()):
                    got = layer.subsurface(near).get_bounding_rect()
                    if got.w and got.h:
                        got.move_ip(near.topleft)
                        box = got if box is None else box.union(got)
                self._below = None if box is None else (layer.subsurface(box).copy(),
                                                        box.move(cam.rect.topleft))
                self._below_key = key
            if self._below is not None:
                surface.blit(*self._below)
        if self.sight is not None:
            self._sight_line(surface, cam, self.sight, max(8.0, float(cam.tile)))

    def _near(self, cam: Any, v: FlightView, bounds: pygame.Rect) -> list[pygame.Rect]:
        """Where `_draw_below` can draw, in layer pixels, inside `bounds`: a box around every
        hex it draws on and every trail, grown by more than anything reaches past them (a
        block's shadow and lift, dashes, puffs, a trail's width)."""
        cells = [h for st in v.structures for h in (*st.cells, *st.next_cells, *st.later_cells)]
        cells += [h for p in v.pushes for h in p.next_path]
        spans = []
        for f in v.flights:
            cells += f.next_path
            if f.origin != f.pos:
                spans.append((f.origin, f.pos))
        grow = 8 + int(max(8.0, float(cam.tile)) * 0.35)
        ox, oy = cam.rect.x, cam.rect.y
        out = []
        for pts in [cam.cell_polygon(h) for h in cells] + \
                [[cam.cell_center(a), cam.cell_center(b)] for a, b in spans]:
            x0, y0 = min(x for x, _ in pts), min(y for _, y in pts)
            x1, y1 = max(x for x, _ in pts), max(y for _, y in pts)
            box = pygame.Rect(int(x0) - ox - grow, int(y0) - oy - grow,
                              int(x1 - x0) + 2 * grow + 2, int(y1 - y0) + 2 * grow + 2).clip(bounds)
            if box.w and box.h:
                out.append(box)
        return out

    def _draw_below(self, cam: Any, v: FlightView) -> pygame.Surface:
        # one view-sized buffer drawn on again (only its cropped copy is kept; render.canvas)
        layer = self._canvas = canvas(self._canvas, cam.rect.size)
        layer.fill((0, 0, 0, 0))
        off = (-cam.rect.x, -cam.rect.y)
        tile = max(8.0, float(cam.tile))
        for st in v.structures:
            self._structure(layer, cam, st, off, tile)
        for p in v.pushes:
            for h in p.next_path:
                self._ghost(layer, cam, h, PUSH, off, 60, dashed=True, width=2)
        for f in v.flights:
            self._trail(layer, cam, f, off, tile)
            for h in f.next_path:
                self._ghost(layer, cam, h, f.colour, off, 70, dashed=True, width=2)
        return layer

    def draw_above(self, surface: pygame.Surface, cam: Any) -> None:
        """Over the tokens: push arrows, projectiles, arrival bursts, the sight line's markers,
        then the captions. One layout rule: every line and marker first, every caption last,
        each placed (through the view's LabelPlacer) where it hides no unit, marker or earlier
        caption; the sight line's caption goes first, as it answers the pointer."""
        self.ui_scale = float(getattr(cam, "ui_scale", 1.0) or 1.0)
        v = self.view
        tile = max(8.0, float(cam.tile))
        placer = getattr(cam, "labels", None)
        if placer is None:          # a camera without a frame placer: one for this call
            placer = LabelPlacer()
            placer.reset(cam.rect)
        self._placer = placer
        self._captions = []
        if self.sight is not None:
            self._sight(surface, cam, self.sight, tile)
        if v is not None:
            for st in v.structures:
                if st.caption and st.next_cells:
                    self._label(surface, st.caption, cam.cell_center(st.next_cells[-1]), tile,
                                _shade(st.colour, 0.4), below=False)
            for p in v.pushes:
                self._push(surface, cam, p, tile)
            sliding = {s.attack for s in self.slides}
            for f in v.flights:
                self._flight(surface, cam, f, tile, f.id not in sliding)
        for s in self.slides:
            k = min(1.0, s.t / s.length) if s.length else 1.0
            k = 1 - (1 - k) ** 2
            seg = k * (len(s.points) - 1)
            i = min(int(seg), len(s.points) - 2)
            a, b = cam.cell_center(s.points[i]), cam.cell_center(s.points[i + 1])
            fr = seg - i
            at = (a[0] + (b[0] - a[0]) * fr, a[1] + (b[1] - a[1]) * fr)
            head = cam.cell_center(s.points[-1])
            self._glyph(surface, at, s.colour, s.glyph, tile, (head[0] - at[0], head[1] - at[1]))
        for text, at, size, accent, below in self._captions:
            self._caption(surface, placer, text, at, size, accent, below)
        self._captions = []

    # -- pieces -----------------------------------------------------------------------------------
    def _poly(self, cam: Any, h: tuple[int, int], off: Point) -> list[Point]:
        return [(x + off[0], y + off[1]) for x, y in cam.cell_polygon(h)]

    def _ghost(self, layer: pygame.Surface, cam: Any, h: tuple[int, int], colour: Colour,
               off: Point, alpha: int, dashed: bool = False, width: int = 1) -> None:
        poly = self._poly(cam, h, off)
        pygame.draw.polygon(layer, (*colour, alpha), poly)
        if dashed:
            # a light dash over a dark one, so the ghost reads on grass, sand and water alike
            n = len(poly)
            inner = _inset(poly, 0.9)
            for i in range(n):
                _dashed(layer, (*OUTLINE, 200), inner[i], inner[(i + 1) % n], width + 2, 5)
                _dashed(layer, (*_shade(colour, 0.55), 255), inner[i], inner[(i + 1) % n],
                        width, 5)
        else:
            pygame.draw.polygon(layer, (*colour, min(255, alpha * 3)), poly, width)

    def _structure(self, layer: pygame.Surface, cam: Any, st: Structure, off: Point,
                   tile: float) -> None:
        if st.kind == "veil":
            for h in st.cells:
                poly = self._poly(cam, h, off)
                pygame.draw.polygon(layer, (*MIST, 85 + 25 * min(3, st.conceal)), poly)
                inner = _inset(poly, 0.92)
                n = len(inner)
                for i in range(n):
                    _dashed(layer, (*MIST, 200), inner[i], inner[(i + 1) % n], 1, 4)
                cx, cy = cam.cell_center(h)
                cx, cy = cx + off[0], cy + off[1]
                # soft puffs, placed by the hex so they do not shimmer between frames
                for k in range(4):
                    a = (h[0] * 7 + h[1] * 13 + k * 89) % 360
                    r = tile * (0.16 + 0.04 * (k % 2))
                    px = cx + math.cos(math.radians(a)) * tile * 0.18
                    py = cy + math.sin(math.radians(a)) * tile * 0.14
                    pygame.draw.circle(layer, (*MIST, 75), (px, py), r)
            return
        # a raised block of the move's stone: dark sides, a lit top face shifted up, mortar lines
        stone = _mix(st.colour, (150, 146, 138), 0.45)
        for h in st.cells:
            poly = self._poly(cam, h, off)
            cx, cy = cam.cell_center(h)
            cx, cy = cx + off[0], cy + off[1]
            lift = tile * 0.16
            top = [(cx + (x - cx) * 0.86, cy + (y - cy) * 0.86 - lift) for x, y in poly]
            pygame.draw.polygon(layer, (0, 0, 0, 90), [(x + tile * 0.05, y + tile * 0.06)
                                                       for x, y in poly])
            pygame.draw.polygon(layer, (*_shade(stone, -0.45), 255), poly)
            pygame.draw.polygon(layer, (*_shade(stone, 0.10), 255), top)
            ys = sorted(y for _x, y in top)
            for k in (1, 2):
                yy = ys[0] + (ys[-1] - ys[0]) * k / 3
                xs = [x for x, _y in top]
                pygame.draw.line(layer, (*_shade(stone, -0.25), 255), (min(xs) + tile * 0.08, yy),
                                 (max(xs) - tile * 0.08, yy), max(1, int(tile * 0.03)))
            pygame.draw.line(layer, (*_shade(stone, 0.45), 255), top[0], top[1], max(1, int(tile * 0.04)))
            pygame.draw.polygon(layer, (*OUTLINE, 255), top, max(1, int(tile * 0.035)))
            pygame.draw.polygon(layer, (*OUTLINE, 255), poly, max(1, int(tile * 0.035)))
        for h in st.next_cells:
            self._ghost(layer, cam, h, _shade(stone, 0.2), off, 110, dashed=True, width=2)
            cx, cy = cam.cell_center(h)
            r = tile * 0.14
            c = (cx + off[0], cy + off[1])
            pygame.draw.line(layer, (*OUTLINE, 230), (c[0] - r, c[1]), (c[0] + r, c[1]), 5)
            pygame.draw.line(layer, (*OUTLINE, 230), (c[0], c[1] - r), (c[0], c[1] + r), 5)
            pygame.draw.line(layer, (255, 240, 210, 255), (c[0] - r, c[1]), (c[0] + r, c[1]), 3)
            pygame.draw.line(layer, (255, 240, 210, 255), (c[0], c[1] - r), (c[0], c[1] + r), 3)
        for h in st.later_cells:
            poly = self._poly(cam, h, off)
            n = len(poly)
            for i in range(n):
                _dashed(layer, (*_shade(stone, 0.3), 170), poly[i], poly[(i + 1) % n], 1, 3)

    def _trail(self, layer: pygame.Surface, cam: Any, f: Flight, off: Point, tile: float) -> None:
        """A straight streak from the origin's centre to the front hex, fading toward the origin
        (the hexes it crossed zig-zag; the streak reads as one shot)."""
        if f.origin == f.pos:
            return
        a0, b0 = cam.cell_center(f.origin), cam.cell_center(f.pos)
        a = (a0[0] + off[0], a0[1] + off[1])
        b = (b0[0] + off[0], b0[1] + off[1])
        w = max(2, int(tile * 0.10))
        n = 12
        for i in range(n):
            k0, k1 = i / n, (i + 1) / n
            p = (a[0] + (b[0] - a[0]) * k0, a[1] + (b[1] - a[1]) * k0)
            q = (a[0] + (b[0] - a[0]) * k1, a[1] + (b[1] - a[1]) * k1)
            pygame.draw.line(layer, (*f.colour, int(25 + 130 * k1)), p, q,
                             max(1, int(w * (0.5 + 1.5 * k1))))
            pygame.draw.line(layer, (255, 255, 255, int(30 + 160 * k1)), p, q,
                             max(1, int(w * 0.5 * k1)))

    def _flight(self, surface: pygame.Surface, cam: Any, f: Flight, tile: float,
                glyph: bool) -> None:
        at = cam.cell_center(f.pos)
        # the arrow of the next segment: to the last hex it will enter, or onto the target
        end_hex = f.goal if f.contact_next else (f.next_path[-1] if f.next_path else None)
        if end_hex is not None and end_hex != f.pos:
            end = cam.cell_center(end_hex)
            _arrow(surface, f.colour, at, end, max(2, int(tile * 0.07)), tile * 0.22,
                   dashed=True, shrink=tile * (0.30 if f.contact_next else 0.1))
        if f.contact_next:
            self._burst(surface, cam.cell_center(f.goal), tile)
        if glyph:
            if f.pos == f.goal and f.origin != f.pos:
                # arrived, waiting on the defence: sit on the hex's near edge, not on the token
                o = cam.cell_center(f.origin)
                dx, dy = at[0] - o[0], at[1] - o[1]
                d = max(1e-6, (dx * dx + dy * dy) ** 0.5)
                at = (at[0] - dx / d * tile * 0.5, at[1] - dy / d * tile * 0.5)
                head = cam.cell_center(f.goal)
            else:
                head = cam.cell_center(f.next_path[0]) if f.next_path else cam.cell_center(f.goal)
            self._glyph(surface, at, f.colour, f.glyph, tile, (head[0] - at[0], head[1] - at[1]))
        anchor = cam.cell_center(f.goal) if f.contact_next else at
        self._label(surface, f"{f.name} · {f.label}", anchor, tile,
                    DANGER if f.contact_next else f.colour, below=not f.contact_next)

    def _glyph(self, surface: pygame.Surface, at: Point, colour: Colour, glyph: str,
               tile: float, direction: Point) -> None:
        r = max(7.0, tile * 0.30)
        d = math.hypot(*direction)
        if d > 1e-6:   # speed streaks behind it
            ux, uy = direction[0] / d, direction[1] / d
            for k, spread in ((0, 0.0), (1, 0.45), (2, -0.45)):
                px, py = -uy * r * spread, ux * r * spread
                a = (at[0] - ux * r * 0.6 + px, at[1] - uy * r * 0.6 + py)
                b = (at[0] - ux * r * (1.9 - 0.3 * k) + px, at[1] - uy * r * (1.9 - 0.3 * k) + py)
                pygame.draw.line(surface, OUTLINE, a, b, max(2, int(r * 0.32)) + 2)
                pygame.draw.line(surface, _shade(colour, 0.3), a, b, max(2, int(r * 0.32)))
        self._protect(pygame.Rect(int(at[0] - r - 2), int(at[1] - r - 2), int(2 * r + 5),
                                  int(2 * r + 5)))
        pygame.draw.circle(surface, OUTLINE, at, r + 2)
        pygame.draw.circle(surface, colour, at, r)
        pygame.draw.circle(surface, _shade(colour, 0.45), (at[0] - r * 0.3, at[1] - r * 0.3), r * 0.35)
        img = self._text(glyph, max(8, int(r * 0.95)), (16, 18, 22))
        surface.blit(img, img.get_rect(center=(int(at[0]), int(at[1]))))

    def _burst(self, surface: pygame.Surface, c: Point, tile: float) -> None:
        r = tile * 0.46
        pts = []
        for i in range(16):
            rad = r if i % 2 == 0 else r * 0.62
            a = math.pi * 2 * i / 16
            pts.append((c[0] + rad * math.cos(a), c[1] + rad * math.sin(a)))
        self._protect(pygame.Rect(int(c[0] - r), int(c[1] - r), int(2 * r) + 1, int(2 * r) + 1))
        pygame.draw.polygon(surface, OUTLINE, pts, max(3, int(tile * 0.07)) + 2)
        pygame.draw.polygon(surface, DANGER, pts, max(3, int(tile * 0.07)))

    def _push(self, surface: pygame.Surface, cam: Any, p: Push, tile: float) -> None:
        start = cam.cell_center(p.pos)
        w = max(3, int(tile * 0.09))
        if p.next_path:
            pts = [start] + [cam.cell_center(h) for h in p.next_path]
            pygame.draw.lines(surface, OUTLINE, False, pts, w + 3)
            pygame.draw.lines(surface, PUSH, False, pts, w)
            _head(surface, PUSH, pts[-2], pts[-1], tile * 0.26)
            last = pts[-1]
        else:
            last = start
        if p.later_path:
            pts = [last] + [cam.cell_center(h) for h in p.later_path]
            for a, b in zip(pts, pts[1:]):
                _dashed(surface, PUSH, a, b, max(2, w - 1), max(4, int(tile * 0.12)))
            _head(surface, PUSH, pts[-2], pts[-1], tile * 0.2, hollow=True)
        self._label(surface, p.label, start, tile, PUSH, below=False)

    def _sight_line(self, surface: pygame.Surface, cam: Any, s: SightLine, tile: float) -> None:
        """The targeting line itself (under the tokens): the centre line, and the clear line
        used when it is not the centre one."""
        to_screen = getattr(cam, "board_to_screen", None)
        if s.lines and to_screen is not None:
            (p0, p1) = s.lines[0]
            a, b = to_screen(p0), to_screen(p1)
        else:
            a, b = cam.cell_center(s.a), cam.cell_center(s.b)
        colour = _sight_colour(s)
        w = max(2, int(tile * 0.05))
        if s.can_see:
            pygame.draw.line(surface, OUTLINE, a, b, w + 2)
            pygame.draw.line(surface, colour, a, b, w)
        else:
            _dashed(surface, colour, a, b, w, max(5, int(tile * 0.15)))
        if len(s.lines) > 1 and to_screen is not None:
            q0, q1 = to_screen(s.lines[1][0]), to_screen(s.lines[1][1])
            _dashed(surface, COOL, q0, q1, max(1, w - 1), max(4, int(tile * 0.1)))

    def _sight(self, surface: pygame.Surface, cam: Any, s: SightLine, tile: float) -> None:
        """The targeting line's markers over the tokens (what conceals, what gives cover) and
        its caption at the target."""
        to_screen = getattr(cam, "board_to_screen", None)
        if s.lines and to_screen is not None:
            b = to_screen(s.lines[0][1])
        else:
            b = cam.cell_center(s.b)
        colour = _sight_colour(s)
        for h in s.concealed_by:
            c = cam.cell_center(h)
            self._protect(pygame.Rect(int(c[0] - tile * 0.14 - 1), int(c[1] - tile * 0.14 - 1),
                                      int(tile * 0.28) + 3, int(tile * 0.28) + 3))
            pygame.draw.circle(surface, OUTLINE, c, tile * 0.14 + 1)
            pygame.draw.circle(surface, (150, 200, 150), c, tile * 0.14)
        for h in s.blocked_by:
            c = cam.cell_center(h)
            r = tile * 0.22
            self._protect(pygame.Rect(int(c[0] - r), int(c[1] - r * 0.8), int(2 * r) + 1,
                                      int(1.8 * r) + 1))
            _shield(surface, c, r, (240, 170, 70) if s.can_see else DANGER)
        self._label(surface, s.label, b, tile, colour, below=True)

    def _backing(self, size: tuple[int, int]) -> pygame.Surface:
        """A label's dark see-through box, made once per size (not a new Surface a frame)."""
        key = ("backing", size)
        got = self._labels.get(key)
        if got is None:
            if len(self._labels) > 400:
                self._labels.clear()
            got = pygame.Surface(size, pygame.SRCALPHA)
            got.fill((16, 19, 24, 215))
            self._labels[key] = got
        return got

    # -- text -------------------------------------------------------------------------------------
    def _text(self, text: str, size: int, colour: Colour) -> pygame.Surface:
        key = (text, size, colour)
        got = self._labels.get(key)
        if got is None:
            if len(self._labels) > 400:
                self._labels.clear()
            got = resources.font(size, True).render(text, True, colour)
            self._labels[key] = got
        return got

    def _protect(self, rect: pygame.Rect) -> None:
        """A marker drawn this frame: captions keep off it."""
        if self._placer is not None:
            self._placer.protect(rect)

    def _label(self, surface: pygame.Surface, text: str, at: Point, tile: float, accent: Colour,
               below: bool = True) -> None:
        """A caption about the marker at `at`, preferably below it (or above): kept for the end
        of draw_above, where every caption is placed once every marker is known."""
        self._captions.append((text, at, tile, accent, below))

    def _caption(self, surface: pygame.Surface, placer: LabelPlacer, text: str, at: Point,
                 tile: float, accent: Colour, below: bool) -> None:
        k = self.ui_scale
        size = max(int(11 * k), min(int(16 * k), int(tile * 0.26)))
        img = self._text(text, size, (245, 242, 232))
        pad = 4
        dims = (img.get_width() + 2 * pad, img.get_height() + 2)
        # just off the marker's hex (a unit's protected square reaches half a tile from its
        # centre)
        box = placer.place(text, dims, around(at, dims, tile * 0.5 + 2, below, step=tile * 0.5))
        surface.blit(self._backing(box.size), box)
        pygame.draw.rect(surface, accent, box, 1, border_radius=3)
        surface.blit(img, (box.x + pad, box.y + 1))


# -- primitives ---------------------------------------------------------------------------------
def _sight_colour(s: SightLine) -> Colour:
    """White for a clear line, amber through cover, red when the target cannot be seen."""
    return SIGHT if s.can_see and not s.cover else (240, 170, 70) if s.can_see else DANGER


def _inset(poly: list[Point], k: float) -> list[Point]:
    cx = sum(x for x, _ in poly) / len(poly)
    cy = sum(y for _, y in poly) / len(poly)
    return [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in poly]


def _mix(a: Colour, b: Colour, k: float) -> Colour:
    return tuple(int(x + (y - x) * k) for x, y in zip(a, b))  # type: ignore[return-value]


def _shade(c: Colour, f: float) -> Colour:
    if f >= 0:
        return tuple(min(255, int(v + (255 - v) * f)) for v in c)  # type: ignore[return-value]
    return tuple(max(0, int(v * (1 + f))) for v in c)  # type: ignore[return-value]


def _dashed(surface: pygame.Surface, colour: Any, a: Point, b: Point, width: int,
            dash: int) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    ln = math.hypot(dx, dy)
    if ln < 1:
        return
    n = max(1, int(ln // max(2, dash)))
    for i in range(0, n, 2):
        s = (a[0] + dx * i / n, a[1] + dy * i / n)
        e = (a[0] + dx * min(i + 1, n) / n, a[1] + dy * min(i + 1, n) / n)
        pygame.draw.line(surface, colour, s, e, width)


def _head(surface: pygame.Surface, colour: Colour, a: Point, b: Point, size: float,
          hollow: bool = False) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy)
    if d < 1e-6:
        return
    ux, uy = dx / d, dy / d
    tip = b
    left = (b[0] - ux * size - uy * size * 0.6, b[1] - uy * size + ux * size * 0.6)
    right = (b[0] - ux * size + uy * size * 0.6, b[1] - uy * size - ux * size * 0.6)
    pygame.draw.polygon(surface, OUTLINE, [tip, left, right], 0 if not hollow else 4)
    pygame.draw.polygon(surface, colour, [tip, left, right], 0 if not hollow else 2)


def _arrow(surface: pygame.Surface, colour: Colour, a: Point, b: Point, width: int, head: float,
           dashed: bool = False, shrink: float = 0.0) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy)
    if d < 1e-6:
        return
    if shrink and d > shrink * 2:
        b = (b[0] - dx / d * shrink, b[1] - dy / d * shrink)
    if dashed:
        _dashed(surface, OUTLINE, a, b, width + 2, max(5, int(head * 0.6)))
        _dashed(surface, colour, a, b, width, max(5, int(head * 0.6)))
    else:
        pygame.draw.line(surface, OUTLINE, a, b, width + 2)
        pygame.draw.line(surface, colour, a, b, width)
    _head(surface, colour, a, b, head)


def _shield(surface: pygame.Surface, c: Point, r: float, colour: Colour) -> None:
    pts = [(c[0] - r, c[1] - r * 0.8), (c[0] + r, c[1] - r * 0.8), (c[0] + r * 0.85, c[1] + r * 0.2),
           (c[0], c[1] + r), (c[0] - r * 0.85, c[1] + r * 0.2)]
    pygame.draw.polygon(surface, OUTLINE, pts)
    inner = [(c[0] + (x - c[0]) * 0.78, c[1] + (y - c[1]) * 0.78) for x, y in pts]
    pygame.draw.polygon(surface, colour, inner)


# -- the battle scene's hook --------------------------------------------------------------------
def overlay_for(view: Any) -> FlightOverlay:
    """The FlightOverlay that belongs to a board view (made on first use), so the scene can call
    `.play(events)`, `.skip()` and read `.animating` on the same one `board_layer` draws."""
    got = getattr(view, "_flight_overlay", None)
    if got is None:
        got = FlightOverlay()
        view._flight_overlay = got
    return got


def board_layer(surface: pygame.Surface, view: Any, state: Any, sight: SightLine | None = None,
                seen: FlightView | None = None) -> None:
    """A BoardView layer (`view.layers_below`): everything in flight for `state`. It also hangs
    its over-the-tokens half (projectiles, arrows, arrival bursts, labels) on
    `view.layers_above` the first time, so one `layers_below` hook draws both halves. Animations
    advance by the wall clock, and a projectile whose front hex moved between two states slides
    there by itself (overlay_for(view).skip() ends the slides; .play(events) is not needed).
    `seen` is `flight_view(state)` when the caller keeps it per position (match.version)."""
    from game.client.systems.bindings.timing import flight_view
    ov = overlay_for(view)
    now = pygame.time.get_ticks() / 1000.0
    last, ov._clock = ov._clock, now
    if last is not None and ov.slides:
        ov.update(max(0.0, min(0.1, now - last)))
    ov.set_view(seen if seen is not None else flight_view(state),
                sight if sight is not None else ov.sight, auto=True)
    if not ov._above_hooked:
        view.layers_above.append(ov.draw_above)
        ov._above_hooked = True
    ov.draw_below(surface, view)

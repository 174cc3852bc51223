"""RPGStuck terrain: the per-square facts of a map and its light sources, read once per board.

Owns: `Field`, a frozen reading of a Board under the map property contract (B-24, SM-15):
per square `wall`, `cover` (none/half/threequarter/full), `terrain` (normal/difficult/climb/
swim), `light` (bright/dim/dark), `elevation_ft`, `pit_depth_ft`; the `light` objects of the map
with `bright_ft` and `dim_ft`; and what follows from those alone, worked out once: which squares
stop sight (B-23), which cannot be entered, each square's floor height, and each square's light
level after the sources (RS-101). `field_of(board)` caches one Field per board (a board never
changes during a match). `Field.from_rows` builds a small one for tests.

Must not: know creatures, match state, content or house rules; import pygame or use randomness.
Sight questions are in sight.py, movement in moves.py.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from game.engine.boards.board import Board, BoardError, MapObject
from game.engine.boards.square import Cell
from game.engine.tactics.lines import line_of_sight
from game.engine.tactics.squarefield import (PerBoard, SquareField, read_choice, read_flag,
                                             read_whole)

COVERS: tuple[str, ...] = ("none", "half", "threequarter", "full")     # index = cover rank
TERRAINS: tuple[str, ...] = ("normal", "difficult", "climb", "swim")
LIGHTS: tuple[str, ...] = ("dark", "dim", "bright")                    # index = light rank
DARK, DIM, BRIGHT = 0, 1, 2
NO_COVER, HALF, THREEQUARTER, FULL = 0, 1, 2, 3

LIGHT_TYPE = "light"            # the Tiled class of a light source object (layer `lights`)
DEFAULT_BRIGHT_FT = 20          # B-24: a source lights 20 ft brightly...
DEFAULT_DIM_FT = 20             # ...and a further 20 ft dimly
FEET_PER_SQUARE = 5             # B-14

# Tile property defaults (B-24): a square says only what differs from open, lit, level ground.
DEFAULTS: dict[str, Any] = {"wall": False, "cover": "none", "terrain": "normal",
                            "light": "bright", "elevation_ft": 0, "pit_depth_ft": 0}

# The characters Field.from_rows understands without a legend of its own.
LEGEND: dict[str, dict[str, Any]] = {
    ".": {},
    "#": {"wall": True},
    "h": {"cover": "half"},
    "q": {"cover": "threequarter"},
    "F": {"cover": "full"},
    "d": {"terrain": "difficult"},
    "c": {"terrain": "climb"},
    "~": {"terrain": "swim"},
    ":": {"light": "dim"},
    "%": {"light": "dark"},
}


@dataclass(frozen=True, slots=True)
class LightSource:
    """A light on the map (B-24): bright within `bright_ft`, dim for a further `dim_ft`."""

    x: int
    y: int
    bright_ft: int = DEFAULT_BRIGHT_FT
    dim_ft: int = DEFAULT_DIM_FT


@dataclass(frozen=True, slots=True, eq=False)
class Field(SquareField):
    """One map's squares, as flat tuples indexed `y * width + x`. Built by `from_board`; the
    derived tuples (`opaque`, `solid`, `floor`, `lit`) are worked out there, once.

    `opaque`: stops line of sight and corner lines (a wall or a full-cover object, B-23).
    `solid`: cannot be entered and is a hard surface for forced movement (a wall, or an object
    giving cover: it stands in its square; RS-116).
    `floor`: the height a creature stands at, elevation minus pit depth, in feet.
    `lit`: the square's light rank after the sources (RS-101: sources only raise it).
    `sight_stops`: the opaque squares plus the ring just off the map, as one set: the test every
    line walk makes, kept to a set look-up.
    `cache`: per-board answers of sight.py (lines and cover between squares), filled lazily."""

    width: int
    height: int
    wall: tuple[bool, ...]
    cover: tuple[int, ...]
    terrain: tuple[str, ...]
    light: tuple[int, ...]
    elevation: tuple[int, ...]
    pit: tuple[int, ...]
    sources: tuple[LightSource, ...]
    opaque: tuple[bool, ...]
    solid: tuple[bool, ...]
    floor: tuple[int, ...]
    lit: tuple[int, ...]
    sight_stops: frozenset[Cell]
    source: str = "inline"
    cache: dict[Any, Any] = field(default_factory=dict, repr=False)

    # -- per square (bounds, index, is_solid and cells are SquareField's) ----------------------
    def is_wall(self, c: Cell) -> bool:
        return self.wall[self.index(c)]

    def cover_at(self, c: Cell) -> str:
        return COVERS[self.cover[self.index(c)]]

    def terrain_at(self, c: Cell) -> str:
        return self.terrain[self.index(c)]

    def light_at(self, c: Cell) -> str:
        """The square's light level with the map's sources counted (RS-101)."""
        return LIGHTS[self.lit[self.index(c)]]

    def elevation_at(self, c: Cell) -> int:
        return self.elevation[self.index(c)]

    def pit_depth_at(self, c: Cell) -> int:
        return self.pit[self.index(c)]

    def floor_at(self, c: Cell) -> int:
        return self.floor[self.index(c)]

    def blocks_sight(self, c: Cell) -> bool:
        """B-23: walls and full-cover objects stop sight; off the map counts as a wall (only the
        ring just off the map is ever asked: lines between squares stay beside it)."""
        return c in self.sight_stops

    # -- building ----------------------------------------------------------------------------
    @classmethod
    def from_board(cls, board: Board) -> "Field":
        """Read every square and light of `board`. A value outside the contract is a BoardError
        naming the square (the map checker reports the same, this refuses to play it)."""
        if board.orientation != "orthogonal":
            raise BoardError(f"{board.source}: terrain needs a square map, not {board.orientation}")
        w, h = board.width, board.height
        wall, cover, terrain, light, elev, pit = [], [], [], [], [], []
        for y in range(h):
            for x in range(w):
                p = board.cells[y][x]
                wall.append(_flag(board, x, y, p, "wall"))
                cover.append(_choice(board, x, y, p, "cover", COVERS))
                terrain.append(TERRAINS[_choice(board, x, y, p, "terrain", TERRAINS)])
                light.append(_choice(board, x, y, p, "light", LIGHTS))
                elev.append(_whole(board, x, y, p, "elevation_ft"))
                pit.append(_whole(board, x, y, p, "pit_depth_ft", minimum=0))
        sources = tuple(_source(board, o) for o in board.objects if o.type == LIGHT_TYPE)
        opaque = tuple(wl or cv == FULL for wl, cv in zip(wall, cover))
        solid = tuple(wl or cv != NO_COVER for wl, cv in zip(wall, cover))
        floor = tuple(e - d for e, d in zip(elev, pit))
        lit = _light_levels(w, h, light, opaque, sources)
        ring = ([(x, -1) for x in range(-1, w + 1)] + [(x, h) for x in range(-1, w + 1)]
                + [(-1, y) for y in range(h)] + [(w, y) for y in range(h)])
        stops = frozenset([(i % w, i // w) for i, o in enumerate(opaque) if o] + ring)
        return cls(w, h, tuple(wall), tuple(cover), tuple(terrain), tuple(light), tuple(elev),
                   tuple(pit), sources, opaque, solid, floor, lit, stops, board.source)

    @classmethod
    def from_rows(cls, rows: list[str], legend: Mapping[str, Mapping[str, Any]] | None = None,
                  lights: list[LightSource] | None = None) -> "Field":
        """A field from text rows (LEGEND by default, or `legend` added over it) and light
        sources, read through `from_board` like a real map."""
        table = {**LEGEND, **(legend or {})}
        objects = [MapObject(id=i + 1, name="", type=LIGHT_TYPE, x=s.x, y=s.y, layer="lights",
                             properties={"bright_ft": s.bright_ft, "dim_ft": s.dim_ft})
                   for i, s in enumerate(lights or [])]
        return cls.from_board(Board.from_rows(rows, {k: dict(v) for k, v in table.items()},
                                              objects=objects))


# The Field of a board, read once and then reused: a board never changes during a match, and
# the field's derived facts and sight cache are what make the many questions of a turn cheap.
field_of: PerBoard[Field] = PerBoard(Field.from_board)


def _light_levels(w: int, h: int, base: list[int], opaque: tuple[bool, ...],
                  sources: tuple[LightSource, ...]) -> tuple[int, ...]:
    """RS-101 with B-24's sources: each source makes the squares it can see within bright_ft
    bright and those within bright_ft + dim_ft at least dim; a source only raises a square's own
    level. Distance is Chebyshev squares x 5 ft (B-14). Light does not pass walls or full-cover
    objects (the same lines as sight), so a lamp lights its own room."""
    lit = list(base)

    def blocks(c: Cell) -> bool:
        return not (0 <= c[0] < w and 0 <= c[1] < h) or opaque[c[1] * w + c[0]]

    for s in sources:
        reach = (s.bright_ft + s.dim_ft) // FEET_PER_SQUARE
        for y in range(max(0, s.y - reach), min(h, s.y + reach + 1)):
            for x in range(max(0, s.x - reach), min(w, s.x + reach + 1)):
                i = y * w + x
                if lit[i] == BRIGHT:
                    continue
                ft = max(abs(x - s.x), abs(y - s.y)) * FEET_PER_SQUARE
                level = BRIGHT if ft <= s.bright_ft else DIM
                if level > lit[i] and line_of_sight((s.x, s.y), (x, y), blocks):
                    lit[i] = level
    return tuple(lit)


def _flag(board: Board, x: int, y: int, p: Mapping[str, Any], name: str) -> bool:
    return read_flag(board, x, y, name, p.get(name, DEFAULTS[name]))


def _choice(board: Board, x: int, y: int, p: Mapping[str, Any], name: str,
            allowed: tuple[str, ...]) -> int:
    return allowed.index(read_choice(board, x, y, name, p.get(name, DEFAULTS[name]), allowed))


def _whole(board: Board, x: int, y: int, p: Mapping[str, Any], name: str,
           minimum: int | None = None) -> int:
    return read_whole(board, x, y, name, p.get(name, DEFAULTS[name]), "feet", minimum)


def _source(board: Board, o: MapObject) -> LightSource:
    out = []
    for name, default in (("bright_ft", DEFAULT_BRIGHT_FT), ("dim_ft", DEFAULT_DIM_FT)):
        v = o.properties.get(name, default)
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise BoardError(f"{board.source}: light {o.name or o.id} at ({o.x}, {o.y}): "
                             f"{name} must be a whole number of feet, not {v!r}")
        out.append(v)
    if not board.in_bounds(o.x, o.y):
        raise BoardError(f"{board.source}: light {o.name or o.id} at ({o.x}, {o.y}) is off the map")
    return LightSource(o.x, o.y, out[0], out[1])

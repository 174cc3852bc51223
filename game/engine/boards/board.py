"""The headless board: a grid of cells with terrain properties, plus the map's objects.

Owns: cell properties (merged from the map's tile layers, upper layers overriding lower ones),
map objects (spawns and loose objects, in tile coordinates), and building small boards inline
from text rows for tests and scenarios.

Must not: draw anything or know any rule system. Meaning of properties (elevation, solid, water,
...) belongs to each system and to docs/maps.md.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator


class BoardError(ValueError):
    """A map or inline grid cannot become a board. The message names the source and the place."""


@dataclass(frozen=True, slots=True)
class MapObject:
    """An object from a Tiled object layer, positioned in tile coordinates.

    `type` is the Tiled class (e.g. "spawn", "item"); `x`, `y` is the tile holding the object's
    anchor (its centre for tile and point objects); `layer` is the object layer's name."""

    id: int
    name: str
    type: str
    x: int
    y: int
    layer: str
    properties: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)


@dataclass(slots=True)
class Board:
    width: int
    height: int
    orientation: str = "orthogonal"          # "orthogonal" or "hexagonal"
    tile_width: int = 32
    tile_height: int = 32
    stagger_axis: str | None = None          # hex only: "x" or "y"
    stagger_index: str | None = None         # hex only: "odd" or "even"
    hex_side_length: int = 0                 # hex only
    cells: list[list[dict[str, Any]]] = field(default_factory=list)   # cells[y][x] -> props
    objects: list[MapObject] = field(default_factory=list)
    properties: dict[str, Any] = field(default_factory=dict)          # map-level properties
    source: str = "inline"
    # Tile layer names bottom to top, the cells each one paints, and the object layer names
    # (filled by boards.tmx; empty for inline boards).
    layers: list[str] = field(default_factory=list)
    layer_cells: dict[str, frozenset[tuple[int, int]]] = field(default_factory=dict)
    object_layers: list[str] = field(default_factory=list)
    # Where a cell property came from, for map checks that name the place to fix:
    # (x, y, name) -> (tile layer, "tile ID of TILESET" or None when the layer's own property
    # set it). Filled by boards.tmx; empty for inline boards.
    origins: dict[tuple[int, int, str], tuple[str, str | None]] = field(default_factory=dict)

    def in_bounds(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def props(self, x: int, y: int) -> dict[str, Any]:
        return self.cells[y][x]

    def prop(self, x: int, y: int, name: str, default: Any = None) -> Any:
        if not self.in_bounds(x, y):
            return default
        return self.cells[y][x].get(name, default)

    def origin(self, x: int, y: int, name: str) -> tuple[str | None, str | None]:
        """(layer, tile) that set property `name` of cell (x, y): (None, None) when unknown."""
        return self.origins.get((x, y, name), (None, None))

    def coords(self) -> Iterator[tuple[int, int]]:
        for y in range(self.height):
            for x in range(self.width):
                yield x, y

    def objects_of(self, type_: str) -> list[MapObject]:
        return [o for o in self.objects if o.type == type_]

    def spawns_by_side(self) -> dict[int, list[MapObject]]:
        """The map's `spawn` objects grouped by their int `side`, each side in `slot` order (then
        object id): where every system places its teams. BoardError names a spawn whose side or
        slot is not a whole number."""
        by_side: dict[int, list[MapObject]] = {}
        for o in self.objects_of("spawn"):
            side, slot = o.properties.get("side", 0), o.properties.get("slot", 0)
            if not isinstance(side, int) or not isinstance(slot, int) \
                    or isinstance(side, bool) or isinstance(slot, bool):
                raise BoardError(f"{self.source}: spawn {o.name or o.id} at ({o.x}, {o.y}) "
                                 f"needs whole-number side and slot")
            by_side.setdefault(side, []).append(o)
        for spots in by_side.values():
            spots.sort(key=lambda o: (o.properties.get("slot", 0), o.id))
        return by_side

    @classmethod
    def from_rows(cls, rows: list[str], legend: dict[str, dict[str, Any]] | None = None,
                  elevation: list[str] | None = None, source: str = "inline",
                  objects: list[MapObject] | None = None) -> "Board":
        """A square board from text rows. Each character is looked up in `legend` (default:
        '.' open ground, '#' solid, '~' water); `elevation`, if given, is rows of digits."""
        legend = legend or {".": {}, "#": {"solid": True}, "~": {"water": True}}
        if not rows:
            raise BoardError(f"{source}: the grid has no rows")
        width = len(rows[0])
        cells: list[list[dict[str, Any]]] = []
        for y, row in enumerate(rows):
            if len(row) != width:
                raise BoardError(f"{source}: row {y} has {len(row)} cells, expected {width}")
            line = []
            for x, ch in enumerate(row):
                if ch not in legend:
                    raise BoardError(f"{source}: unknown grid character {ch!r} at ({x}, {y})")
                line.append(dict(legend[ch]))
            cells.append(line)
        if elevation is not None:
            if len(elevation) != len(rows):
                raise BoardError(f"{source}: elevation has {len(elevation)} rows, grid has {len(rows)}")
            for y, row in enumerate(elevation):
                if len(row) != width:
                    raise BoardError(f"{source}: elevation row {y} has {len(row)} cells, expected {width}")
                for x, ch in enumerate(row):
                    if not ch.isdigit():
                        raise BoardError(f"{source}: elevation {ch!r} at ({x}, {y}) is not a digit")
                    cells[y][x]["elevation"] = int(ch)
        return cls(width=width, height=len(rows), cells=cells, objects=list(objects or []),
                   source=source)

"""Gu Masters areas of effect: the squares, and the heights above them, that a radius or a line
covers (GU-161..164, GU-GM-21, GU-GM-22).

Owns, as pure functions over a Ground (terrain.py) and plain numbers:
  - `radius`: the source square and every square a walk of at most R metres reaches from it
    (GU-164: diagonals cost 1 m, so open ground gives a (2R+1) x (2R+1) block, the document's
    "four-pointed star"), a breadth-first search that walls stop (GU-GM-21's default; difficult
    ground costs 1 like any step unless the table says otherwise); its 3D extent: a creature is
    inside when its square is and its height is within R of the source's (GU-GM-22);
  - `line`: a line of width x length (and height, the width unless given: GU-162) from a source
    square toward an aimed square, each strand stopping at the first wall; `line_source_ok`
    checks GU-163 (a source next to the creator, or, for a Gu that lets the user choose, the
    source and the far end both within its range).

Must not: know creatures' state, content or the house table (options arrive as keyword
arguments with the checklist's defaults), roll dice or import pygame. Who in an area may dodge
out of it (GU-161) is the engine's question, asked with terrain.reach.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from game.engine.boards.square import READING8, Cell
from game.engine.tactics.lines import bresenham

from .terrain import DIFFICULT_STEP_M, STEP_M, Ground, gap


@dataclass(frozen=True, slots=True)
class Area:
    """The squares an area covers (reading order) and the heights it fills over them: a creature
    is caught when one of its squares is in `cells` and its body (feet at `height`, `tall`
    metres) meets the span `low`..`high` (metres, both included)."""

    cells: tuple[Cell, ...]
    low: int
    high: int

    def __contains__(self, c: object) -> bool:
        return c in self.cells

    def catches(self, squares: Iterable[Cell], height: int, tall: int = 1) -> bool:
        """Whether a creature standing on `squares` with its feet at `height` (floor plus
        altitude) and `tall` metres high is inside (GU-GM-22)."""
        if gap(height, height + tall - 1, self.low, self.high) > 0:
            return False
        inside = set(self.cells)
        return any(c in inside for c in squares)


def radius_cells(ground: Ground, source: Cell, r: int, *,
                 difficult_costs: bool = False) -> tuple[Cell, ...]:
    """GU-164 / GU-GM-21: the source square and every square reached from it with at most `r`
    metres of walking, each of the 8 steps costing 1 m, walls impassable (objects and heights
    do not stop a blast). `difficult_costs` is GU-GM-21's table option: leaving difficult ground
    (or water) costs 2 m as it does a walker (default off: difficult ground ignored). A wall
    source covers nothing. Reading order."""
    if not ground.in_bounds(source) or ground.is_wall(source) or r < 0:
        return ()
    costs: dict[Cell, int] = {source: 0}
    # every step costs 1 or 2: settle in rounds of cost, cheapest first (a small Dijkstra)
    pending: dict[int, list[Cell]] = {0: [source]}
    done: set[Cell] = set()
    while pending:
        c = min(pending)
        frontier = pending.pop(c)
        for here in frontier:
            if here in done or costs[here] != c:
                continue
            done.add(here)
            price = DIFFICULT_STEP_M if difficult_costs and ground.is_difficult(here) else STEP_M
            total = c + price
            if total > r:
                continue
            for dx, dy in READING8:
                nb = (here[0] + dx, here[1] + dy)
                if ground.is_wall(nb):
                    continue
                old = costs.get(nb)
                if old is None or total < old:
                    costs[nb] = total
                    pending.setdefault(total, []).append(nb)
    return tuple(sorted(costs, key=lambda c: (c[1], c[0])))


def radius(ground: Ground, source: Cell, r: int, *, source_height: int | None = None,
           difficult_costs: bool = False) -> Area:
    """A radius-`r` area around `source` (GU-164, GU-GM-21) with its 3D extent (GU-GM-22): the
    heights within `r` metres of the source's height (by default the source square's floor; an
    area bursting in the air gives the height of its centre)."""
    h = ground.elevation_at(source) if source_height is None else source_height
    return Area(radius_cells(ground, source, r, difficult_costs=difficult_costs), h - r, h + r)


def _strand_offsets(width: int) -> range:
    """Sideways offsets of a line's strands from its centre strand: 1 -> 0; 2 -> 0, 1;
    3 -> -1, 0, 1; an even width leans to the right or below of the centre strand."""
    return range(-((width - 1) // 2), width // 2 + 1)


def line_cells(ground: Ground, source: Cell, toward: Cell, width: int, length: int
               ) -> tuple[Cell, ...]:
    """GU-162: the squares of a line `width` squares wide and `length` metres long starting at
    `source` and aimed at `toward` (a different square): the centre strand is the thin line from
    the source through the aimed square, its first `length` squares (a diagonal metre is one
    square, GU-19); the other strands are the centre strand shifted sideways across its main
    axis. Each strand stops before the first wall (or the map's edge). Reading order."""
    if width < 1 or length < 1:
        raise ValueError(f"a line needs width and length of at least 1, not {width} x {length}")
    if toward == source:
        raise ValueError("a line needs an aimed square other than its source")
    dx, dy = toward[0] - source[0], toward[1] - source[1]
    n = max(abs(dx), abs(dy))
    # aim far enough past the target that the centre strand is `length` squares long
    k = -(-length // n)
    far = (source[0] + dx * k, source[1] + dy * k)
    centre = bresenham(source, far)[:length]
    side = (0, 1) if abs(dx) >= abs(dy) else (1, 0)      # across the main axis
    out: set[Cell] = set()
    for off in _strand_offsets(width):
        for x, y in centre:
            c = (x + side[0] * off, y + side[1] * off)
            if ground.is_wall(c):
                break
            out.add(c)
    return tuple(sorted(out, key=lambda c: (c[1], c[0])))


def line(ground: Ground, source: Cell, toward: Cell, width: int, length: int, *,
         height: int | None = None, base: int | None = None) -> Area:
    """A line area (GU-162) with its 3D extent: from `base` (the source square's floor unless
    given, e.g. the flying creator's height) up `height` metres, the width when not given."""
    h = width if height is None else height
    b = ground.elevation_at(source) if base is None else base
    return Area(line_cells(ground, source, toward, width, length), b, b + h - 1)


def line_source_ok(creator: Sequence[Cell], source: Cell, far_end: Cell, range_m: int | None,
                   *, choose_source: bool = False) -> bool:
    """GU-163: a line starts from a square next to its creator's footprint (not under it); a Gu
    that lets the user choose the source needs the source and the far end both within its range
    (metres, Chebyshev from the creator's nearest square)."""
    def dist(c: Cell) -> int:
        return min(max(abs(c[0] - p[0]), abs(c[1] - p[1])) for p in creator)
    if not choose_source:
        return dist(source) == 1
    if range_m is None:
        raise ValueError("a line with a chosen source needs the Gu's range")
    return dist(source) <= range_m and dist(far_end) <= range_m


def line_far_end(source: Cell, toward: Cell, length: int) -> Cell:
    """The last square of the centre strand of a `length`-metre line from `source` aimed at
    `toward`, walls not counted (what GU-163's range is measured to)."""
    dx, dy = toward[0] - source[0], toward[1] - source[1]
    n = max(abs(dx), abs(dy))
    if n == 0:
        raise ValueError("a line needs an aimed square other than its source")
    k = -(-length // n)
    return bresenham(source, (source[0] + dx * k, source[1] + dy * k))[length - 1]

"""RPGStuck distances with altitude (B-25): how far apart two creatures are once one of them is
in the air, for reach, range, grapples, shoves and opportunity attacks.

Owns: a creature's body in layers of 5 ft (its feet at its floor plus its altitude, arith.height;
it stands as tall as its footprint is wide: ours, the document gives creatures no height), the
distance in squares between two creatures or from a creature to a square, and what a square
looks like to a side that cannot see the flier on it (a ground square: an unseen creature's
altitude is not told, as its square is not, RS-103).

Our reading: while both stand on the ground the distance is the flat one (the map's floors do
not part two walkers; B-24's heights price their steps and falls); once either is aloft it is
three-dimensional Chebyshev, the larger of the squares across and the layers between their
bodies (tactics.footprint.cells_distance3), so a Medium flier 5 ft up is still next to a
Medium creature beside it and 10 ft up is out of a 5 ft reach.

Must not: move anyone or decide what is legal (rules.py, flight.py, grapple.py).
"""
from __future__ import annotations

from game.engine.tactics.footprint import cells_distance, layer_gap

from . import arith, terrain
from .state import Cell, Creature, RpgState

FT = terrain.FEET_PER_SQUARE


def low_layer(state: RpgState, c: Creature) -> int:
    """The layer of `c`'s feet above the map's zero (B-25: 5 ft steps)."""
    return arith.height(state, c) // FT


def distance(state: RpgState, a: Creature, b: Creature) -> int:
    """Squares between two creatures: flat on the ground, with the layers between them once
    either is aloft (B-25)."""
    flat = cells_distance(a.cells(), b.cells())
    if not (a.aloft or b.aloft):
        return flat
    return max(flat, layer_gap(low_layer(state, a), a.size, low_layer(state, b), b.size))


def distance_ft(state: RpgState, a: Creature, b: Creature) -> int:
    return distance(state, a, b) * FT


def as_seen(state: RpgState, c: Creature, cell: Cell) -> Creature | None:
    """The creature at `cell` whose height `c`'s side may measure: one it perceives, or one on
    the ground (a ground square's height is the map's). An unseen flier counts as not there, so
    the legal list never tells how high it is."""
    d = state.at(*cell)
    if d is None or not d.aloft or arith.side_sees(state, c.side, d):
        return d
    return None


def to_cell(state: RpgState, c: Creature, cell: Cell, d: Creature | None = None,
            measured: bool = False) -> int:
    """Squares from `c` to the target square `cell` (B-29 step 2 measures to it): flat when
    nobody there is aloft and `c` is not; else with the layers between `c` and the body on the
    square (`d`; with `measured` False, `as_seen` picks it), or the square's floor when it
    holds nobody that counts."""
    flat = cells_distance(c.cells(), [cell])
    if not measured:
        d = as_seen(state, c, cell)
    if not c.aloft and (d is None or not d.aloft):
        return flat
    if d is None:
        low, tall = arith.field(state).floor_at(cell) // FT, 1
    else:
        low, tall = low_layer(state, d), d.size
    return max(flat, layer_gap(low_layer(state, c), c.size, low, tall))


def flat_only(state: RpgState, c: Creature, cell: Cell) -> bool:
    """Whether `c` reaches `cell` across the map but not up or down to it (the reason a melee
    attack at a flier is refused)."""
    return to_cell(state, c, cell) > cells_distance(c.cells(), [cell])


def apart(state: RpgState, c: Creature, d: Creature) -> str:
    """How high `d` is from `c`, in the words every message about it uses: the gap between their
    feet (what reach measures, B-25), and, when they are over ground of different heights, each
    flier's altitude (the number its token wears) and the ground's step, so the two agree."""
    dz = arith.height(state, d) - arith.height(state, c)
    words = f"{abs(dz)} ft {'above' if dz > 0 else 'below' if dz < 0 else 'level with'} {c.name}"
    step = arith.floor_under(state, c) - arith.floor_under(state, d)
    if step:
        notes = [f"{x.name} flies {x.altitude} ft up" for x in (d, c) if x.aloft]
        notes.append(f"{c.name}'s ground is {abs(step)} ft {'higher' if step > 0 else 'lower'}")
        words += f" ({'; '.join(notes)})"
    return words


def out_of_reach(state: RpgState, c: Creature, d: Creature, reach_ft: int, what: str) -> str:
    """The words of a refusal when `d` is across from `c` but too high or low for `what` (an
    attack's name, "a shove") to reach it (B-25)."""
    return f"{d.name} is {apart(state, c, d)}, beyond {what}'s {reach_ft} ft reach"

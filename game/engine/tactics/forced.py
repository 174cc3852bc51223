"""Forced movement in a straight line: knockbacks and pushbacks, with collisions.

Owns: the direction of a push on a square grid (`snap8`: a vector snapped to the nearest of the
8 compass steps, exactly in integers), the cells of a straight push (`straight`), and one
stepper (`shove`) that walks a line of cells one at a time, asks the caller what the next cell
holds, and reports where and why the walk stopped:

  FREE      nothing in the way: the mover enters
  SOLID     a wall, a cliff face, anything that does not move: it stops before the cell
  EDGE      the edge of the board: it stops before the cell
  OCCUPANT  something that could be hit: it stops before the cell, or passes through when the
            caller says so (`Ahead.through`, a pass-through rule)
  DROP      the mover enters the cell and stops there (it fell off a ledge)

What counts as each, what a collision costs and who moves along are the rule system's: the
callbacks may carry state (a train of pushed things, a game master's answers).

Must not: know any rule system, read a Board, move pieces itself, or use randomness.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from game.engine.boards.square import Cell

FREE, SOLID, EDGE, OCCUPANT, DROP = "free", "solid", "edge", "occupant", "drop"
KINDS = (FREE, SOLID, EDGE, OCCUPANT, DROP)
STOPS_BEFORE = (SOLID, EDGE, OCCUPANT)


@dataclass(frozen=True, slots=True)
class Ahead:
    """What the next cell holds for the mover. `what` names it (ids, or a terrain word) for the
    report; `through` lets the mover pass an occupant instead of stopping."""

    kind: str = FREE
    what: tuple[str, ...] = ()
    through: bool = False

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown kind {self.kind!r}; expected one of {', '.join(KINDS)}")


@dataclass(frozen=True, slots=True)
class Shove:
    """Where a forced movement went. `path` is the start then every cell entered; `stop` is ""
    when it used its whole length, else the kind that stopped it; `at` is the cell that stopped
    it (not entered, except for DROP); `met` is everything met on the way, in order, once each
    (what was passed through, then what stopped it); `passed` only what was passed through."""

    path: tuple[Cell, ...]
    stop: str = ""
    at: Cell | None = None
    met: tuple[str, ...] = ()
    passed: tuple[str, ...] = ()

    @property
    def moved(self) -> int:
        return len(self.path) - 1

    @property
    def end(self) -> Cell:
        return self.path[-1]


Look = Callable[[Cell, Cell], Ahead]
Enter = Callable[[Cell, Cell], "Ahead | None"]


def shove(start: Cell, cells: Iterable[Cell], look: Look, enter: Enter | None = None) -> Shove:
    """Walk from `start` through `cells` in order. Before each cell `look(here, there)` says what
    it holds; after entering one, `enter(here, there)` (if given) may move the caller's pieces
    and return Ahead(DROP) to end the walk in that cell (a fall). An empty `cells` is a walk of
    length 0."""
    here = start
    path = [start]
    met: list[str] = []
    passed: list[str] = []

    def note(names: tuple[str, ...], into: list[str]) -> None:
        for n in names:
            if n not in into:
                into.append(n)

    for there in cells:
        ahead = look(here, there)
        if ahead.kind == DROP:
            raise ValueError("look() reports what is ahead; a drop is reported by enter()")
        if ahead.kind in STOPS_BEFORE and not (ahead.kind == OCCUPANT and ahead.through):
            note(ahead.what, met)
            return Shove(tuple(path), ahead.kind, there, tuple(met), tuple(passed))
        if ahead.kind == OCCUPANT:
            note(ahead.what, met)
            note(ahead.what, passed)
        path.append(there)
        landed = enter(here, there) if enter is not None else None
        here = there
        if landed is not None and landed.kind == DROP:
            note(landed.what, met)
            return Shove(tuple(path), DROP, there, tuple(met), tuple(passed))
    return Shove(tuple(path), "", None, tuple(met), tuple(passed))


def straight(start: Cell, step: Cell, n: int) -> list[Cell]:
    """The n cells after `start` along the step (dx, dy): start + step, start + 2*step, ..."""
    return [(start[0] + step[0] * k, start[1] + step[1] * k) for k in range(1, n + 1)]


def snap8(dx: float, dy: float) -> Cell | None:
    """The nearest of the 8 compass steps to the vector (dx, dy); None for the zero vector.
    Exactly on a 22.5-degree boundary the diagonal wins (exact for whole numbers)."""
    if dx == 0 and dy == 0:
        return None
    ax, ay = abs(dx), abs(dy)
    sx = (dx > 0) - (dx < 0)
    sy = (dy > 0) - (dy < 0)
    # tan(22.5 deg) = sqrt(2) - 1: the vector is near an axis when the small side is below that
    # share of the large side, i.e. (small + large)^2 < 2 * large^2 (exact in integers).
    if ay < ax and (ay + ax) ** 2 < 2 * ax * ax:
        return (sx, 0)
    if ax < ay and (ax + ay) ** 2 < 2 * ay * ay:
        return (0, sy)
    return (sx, sy)

"""RPGStuck sight: line of sight, cover, light, seeing a creature, and hiding (A9, A11, B-23).

Owns, as pure functions over a Field (terrain.py) and creatures' squares:
  - line of sight centre to centre, stopped by walls and full-cover objects (B-23);
  - cover by corner lines (B-23, RS-112..114): from the attacker corner with the fewest blocked
    lines to the target square's 4 corners, 0 none, 1-2 half, 3 three-quarters, 4 full; a half
    or three-quarter cover object on the line between gives at least its own cover; creatures in
    the way give none unless the table option makes them half (B-23);
  - creatures bigger than one square (B-15): the best square of each;
  - seeing a creature (RS-98..100, RS-114, B-16 Invisible) and the disadvantage terms that follow
    (RS-102 unseen target, RS-98 dim light on sight-based Perception);
  - hiding and Stealth (RS-104/105, SM-09, B-08): who could sense a creature, when a check is
    due, passive Perception and the outcome of a check against it.
Answers between two squares are cached in the Field (a board never changes during a match).

Must not: know match state, content or house tables (a house rule arrives as a keyword argument
with the checklist's default), decide who is an enemy, roll dice, or import pygame.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Collection, Iterable, Sequence

from game.engine.boards.square import Cell
from game.engine.tactics.footprint import cells_distance
from game.engine.tactics.lines import corner_lines_blocked, cover as line_cover
from game.engine.tactics.lines import line_of_sight as grid_line_of_sight

from .terrain import (BRIGHT, COVERS, DARK, DIM, FEET_PER_SQUARE, FULL, HALF, LIGHTS, NO_COVER,
                      THREEQUARTER, Field)

# B-23: blocked corner lines (0..4) -> cover rank.
CORNER_COVER: tuple[int, ...] = (NO_COVER, HALF, HALF, THREEQUARTER, FULL)
# RS-112/113 (AMB-17 default: a hit malus): what each cover costs an attack against AC/Reflex.
COVER_MALUS: dict[str, int] = {"none": 0, "half": 2, "threequarter": 4, "full": 0}
COVERED_DEFENCES = ("ac", "reflex")          # RS-114: cover never changes Will
SENSE_RANGE_FT = 30                          # SM-09 default: a Stealth check within 30 ft

# Why a creature is not seen (Sight.reason); "" when it is seen.
NO_LINE, FULL_COVER, BLIND, INVISIBLE, IN_DARKNESS = (
    "no_line", "full_cover", "blind", "invisible", "dark")


# -- squares -------------------------------------------------------------------------------------
def line_of_sight(field: Field, a: Cell, b: Cell) -> bool:
    """B-23: the line between the centres of a and b passes no wall or full-cover object (the
    end squares never block; a line through a grid corner is stopped only if both squares beside
    it stop it, tactics/lines.py). Symmetric."""
    if a > b:
        a, b = b, a
    key = ("los", a, b)
    hit = field.cache.get(key)
    if hit is None:
        hit = field.cache[key] = grid_line_of_sight(a, b, field.sight_stops.__contains__)
    return hit


def square_cover(field: Field, a: Cell, b: Cell) -> int:
    """The cover rank (terrain.COVERS) target square b has against attacker square a from the
    map alone: FULL when there is no line of sight; otherwise the corner-line count (B-23) raised
    to the best half or three-quarter object on the centre line between them."""
    key = ("cover", a, b)
    hit = field.cache.get(key)
    if hit is not None:
        return hit
    if not line_of_sight(field, a, b):
        rank = FULL
    else:
        rank = CORNER_COVER[corner_lines_blocked(a, b, field.sight_stops.__contains__)]
        if rank < THREEQUARTER:
            cover, opaque, w = field.cover, field.opaque, field.width

            def weight(c: Cell) -> float:
                i = c[1] * w + c[0]
                return 0.0 if opaque[i] else float(cover[i])
            rank = max(rank, int(line_cover(a, b, weight)))
    field.cache[key] = rank
    return rank


def cover_from(field: Field, attacker: Sequence[Cell],
               squares: Iterable[Cell] | None = None) -> dict[Cell, str]:
    """The map's cover (terrain.COVERS) of each square (every square by default) against the
    attacker's squares: what the battle screen shades while a target is being chosen."""
    return {t: COVERS[min(square_cover(field, a, t) for a in attacker)]
            for t in (field.cells() if squares is None else squares)}


def _creature_cover(a: Cell, b: Cell, occupied: Collection[Cell]) -> int:
    """B-23 table option: a creature on the centre line between gives half cover."""
    return HALF if line_cover(a, b, lambda c: 1.0 if c in occupied else 0.0) else NO_COVER


# -- creatures -----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Sight:
    """What one creature makes of another. `seen`: it can see it; `reason` says why not
    (NO_LINE, FULL_COVER, BLIND, INVISIBLE, IN_DARKNESS; "" when seen). `cover` (terrain.COVERS)
    and `light` (terrain.LIGHTS) are those of the target's best square (B-15), `square` that
    square (None with no line to any). `targetable`: a line exists and cover is not full, so an
    attack may be declared at it (RS-114; unseen for another reason: at a guessed square)."""

    seen: bool
    reason: str
    cover: str
    light: str
    square: Cell | None

    @property
    def targetable(self) -> bool:
        return self.reason not in (NO_LINE, FULL_COVER)


def cover_between(field: Field, attacker: Sequence[Cell], target: Sequence[Cell], *,
                  occupied: Collection[Cell] = (), creatures_cover: bool = False) -> str:
    """The cover (terrain.COVERS) the target has against the attacker, each given as the squares
    of its footprint: the best pair of squares (B-15). "full" when no pair has a line (RS-114).
    `creatures_cover` is B-23's table option (default off: creatures in the way give none);
    `occupied` the squares of the other creatures, read only when it is on."""
    return COVERS[_best_pair(field, attacker, target, occupied, creatures_cover, False)[0]]


def _best_pair(field: Field, attacker: Sequence[Cell], target: Sequence[Cell],
               occupied: Collection[Cell], creatures_cover: bool, lit_first: bool
               ) -> tuple[int, Cell | None, int]:
    """(cover rank, target square, light rank) of the best target square: with `lit_first` a
    square not in darkness before any dark one (what can be seen), then the least cover, then the
    most light, then reading order; (FULL, None, DARK) when every pair is fully covered."""
    best: tuple[int, Cell | None, int] = (FULL, None, DARK)
    lit, w = field.lit, field.width
    others = {c for c in occupied if c not in attacker and c not in target} \
        if creatures_cover else set()
    for t in sorted(target, key=lambda c: (c[1], c[0])):
        rank = FULL
        for a in attacker:
            r = square_cover(field, a, t)
            if r < FULL and others:
                r = max(r, _creature_cover(a, t, others))
            rank = min(rank, r)
            if rank == NO_COVER:
                break
        if rank == FULL:
            continue
        light = lit[t[1] * w + t[0]]
        if best[1] is None or _order(rank, light, lit_first) < _order(best[0], best[2], lit_first):
            best = (rank, t, light)
    return best


def _order(rank: int, light: int, lit_first: bool) -> tuple[bool, int, int]:
    return (lit_first and light == DARK, rank, -light)


def observe(field: Field, observer: Sequence[Cell], target: Sequence[Cell], *,
            blind: bool = False, invisible: bool = False, occupied: Collection[Cell] = (),
            creatures_cover: bool = False) -> Sight:
    """Whether the creature on `observer` squares sees the one on `target` squares.

    Not seen: no line of sight to any square or full cover from every square (RS-114; not even
    targetable), the observer is blind, the target is invisible (B-16), or every square it could
    be seen in is dark (RS-99: darkness hides completely; RS-100: dim light still shows the
    outline, so a creature in dim light is seen). Among the squares in sight the best is the one
    with the least cover, then the most light (B-15)."""
    rank, square, light = _best_pair(field, observer, target, occupied, creatures_cover, True)
    if square is None:
        los = any(line_of_sight(field, a, t) for a in observer for t in target)
        return Sight(False, FULL_COVER if los else NO_LINE, "full", "dark", None)
    if blind or invisible:
        return Sight(False, BLIND if blind else INVISIBLE, COVERS[rank], LIGHTS[light], square)
    if light == DARK:
        # RS-99; the best square is dark only when every square in sight is.
        return Sight(False, IN_DARKNESS, COVERS[rank], LIGHTS[light], square)
    return Sight(True, "", COVERS[rank], LIGHTS[light], square)


def attack_disadvantages(sight: Sight) -> int:
    """RS-102: one disadvantage on an attack at a target the attacker cannot see, whether its
    square is guessed or sensed otherwise. A net term for B-10's stacking."""
    return 0 if sight.seen else 1


def perception_disadvantages(light: str, *, sight_based: bool = True) -> int:
    """RS-98: a Perception check that relies on sight, at something in dim light, has one
    disadvantage. (In darkness the thing is not seen at all, RS-99: no sight-based check.)"""
    if light not in LIGHTS:
        raise ValueError(f"light must be one of {', '.join(LIGHTS)}, not {light!r}")
    return 1 if sight_based and LIGHTS.index(light) == DIM else 0


def cover_malus(cover: str, defence: str) -> int:
    """RS-112/113 as a hit malus (AMB-17 default): 2 for half cover, 4 for three-quarters, on an
    attack against AC or Reflex; Will is never covered (RS-114). Full cover is not a malus: the
    target cannot be targeted at all."""
    if cover not in COVER_MALUS:
        raise ValueError(f"cover must be one of {', '.join(COVERS)}, not {cover!r}")
    return COVER_MALUS[cover] if defence.lower() in COVERED_DEFENCES else 0


# -- hiding and stealth --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Observer:
    """A creature that might notice a hidden one: its id, squares, passive Perception (B-08) and
    the conditions that stop it sensing (SM-09: blind or deafened)."""

    id: str
    cells: tuple[Cell, ...]
    passive: int = 10
    blind: bool = False
    deafened: bool = False


def passive_perception(bonus: int) -> int:
    """B-08: 10 + the Perception bonus."""
    return 10 + bonus


def can_hide(sights: Iterable[Sight]) -> bool:
    """RS-104: a creature can hide when none of the given watchers (its enemies) sees it, by
    darkness, full cover, invisibility or their blindness. The document asks that nobody has line
    of sight; with no watchers at all it can always hide."""
    return not any(s.seen for s in sights)


def could_sense(observer: Observer, hider: Sequence[Cell], *,
                range_ft: int = SENSE_RANGE_FT) -> bool:
    """SM-09 default: an observer could sense the hider when it is neither blind nor deafened and
    within `range_ft` of it (footprint to footprint, Chebyshev squares x 5 ft). Walls do not
    matter: the check stands for sound, breath and the like (RS-105)."""
    if observer.blind or observer.deafened:
        return False
    return cells_distance(observer.cells, hider) * FEET_PER_SQUARE <= range_ft


def sensing(observers: Iterable[Observer], hider: Sequence[Cell], *,
            range_ft: int = SENSE_RANGE_FT) -> list[Observer]:
    """The observers that could sense the hider, in the order given."""
    return [o for o in observers if could_sense(o, hider, range_ft=range_ft)]


def stealth_due(hidden: bool, ended_move: bool, observers: Iterable[Observer],
                hider: Sequence[Cell], *, mode: str = "auto",
                range_ft: int = SENSE_RANGE_FT) -> str:
    """Whether a Stealth check is called for (RS-105, SM-09): "roll", "ask" or "none".

    mode "auto" (default): "roll" at the end of any move of a hidden creature while an enemy that
    could sense it is present (`could_sense`); mode "prompt": the table decides, so "ask" at the
    end of every such move while hidden. Never while not hidden (there is nothing to keep)."""
    if mode not in ("auto", "prompt"):
        raise ValueError(f"stealth mode must be 'auto' or 'prompt', not {mode!r}")
    if not hidden or not ended_move:
        return "none"
    if mode == "prompt":
        return "ask"
    return "roll" if sensing(observers, hider, range_ft=range_ft) else "none"


def stealth_holds(total: int, passive: int, *, was_hidden: bool) -> bool:
    """One observer against a Stealth total (RS-105, B-08): beating its passive Perception keeps
    (or makes) the creature undetected, falling short gets it detected; a tie leaves things as
    they were (B-08, AMB-21: the current state wins)."""
    if total != passive:
        return total > passive
    return was_hidden


def detected_by(total: int, observers: Iterable[Observer], *, was_hidden: bool) -> list[str]:
    """The ids of the observers a Stealth total fails against, in the order given."""
    return [o.id for o in observers if not stealth_holds(total, o.passive, was_hidden=was_hidden)]


def seen_squares(field: Field, origin: Cell) -> list[Cell]:
    """Every square the centre of `origin` has a line to and that is not dark: what a one-square
    creature there could see a creature in (for the client's fog and the bots' view)."""
    lit, w = field.lit, field.width
    return [c for c in field.cells()
            if lit[c[1] * w + c[0]] != DARK and line_of_sight(field, origin, c)]


__all__ = ["BRIGHT", "DIM", "DARK", "Sight", "Observer", "line_of_sight", "square_cover",
           "cover_from", "cover_between", "observe", "attack_disadvantages", "perception_disadvantages",
           "cover_malus", "passive_perception", "can_hide", "could_sense", "sensing",
           "stealth_due", "stealth_holds", "detected_by", "seen_squares"]

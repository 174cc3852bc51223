"""Exact odds: the distribution of any roll the rules make, as exact fractions.

Owns: `Dist` (value -> probability, a Fraction; the probabilities sum to 1) and the few ways
rolls combine: n dice of s sides (`dice`, `notation`), sums and differences of independent
rolls (`add`, `sub`), a flat modifier (`shift`), a floor such as "damage never below 0"
(`floor_at`), keeping the best or worst of several (`best_of`), and the chance one roll beats
another or a threshold (`p_above`, `p_beats`, `p_greater`). Every system's forecast builds its
rolls from these, so an AI and a tooltip read the same numbers.

Why our own module and not a dice library: the rolls here are sums of a few d6/d20 and their
differences; a page of exact convolution covers them, with no import cost at start-up.

Must not: roll anything (no generator, no `random`) or know any system's rules.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Callable, Iterable, Mapping

from game.engine.dice import DiceSpec, parse

Dist = Mapping[int, Fraction]
ZERO = Fraction(0)
ONE = Fraction(1)


def certain(value: int = 0) -> dict[int, Fraction]:
    """A "roll" with one outcome (a flat value, or no dice at all)."""
    return {value: ONE}


@lru_cache(maxsize=None)
def counts(n: int, sides: int = 6) -> tuple[tuple[int, int], ...]:
    """(total, ways) for the sum of n dice of `sides` faces, ascending; n = 0 gives ((0, 1),)."""
    if n < 0 or sides < 1:
        raise ValueError(f"cannot roll {n} dice of {sides} sides")
    ways = {0: 1}
    for _ in range(n):
        nxt: dict[int, int] = {}
        for total, w in ways.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, 0) + w
        ways = nxt
    return tuple(sorted(ways.items()))


@lru_cache(maxsize=None)
def _dice(n: int, sides: int) -> tuple[tuple[int, Fraction], ...]:
    table = counts(n, sides)
    denom = sides ** n
    return tuple((v, Fraction(w, denom)) for v, w in table)


def dice(n: int, sides: int = 6) -> dict[int, Fraction]:
    """The sum of n dice of `sides` faces (0 dice: always 0)."""
    return dict(_dice(n, sides))


def notation(text: str | DiceSpec) -> dict[int, Fraction]:
    """A roll written as dice notation ("2d6+1", "d20")."""
    spec = parse(text) if isinstance(text, str) else text
    return shift(dice(spec.count, spec.sides), spec.bonus)


def combine(a: Dist, b: Dist, op: Callable[[int, int], int]) -> dict[int, Fraction]:
    """The distribution of op(x, y) for independent x ~ a and y ~ b."""
    out: dict[int, Fraction] = {}
    for x, px in sorted(a.items()):
        for y, py in sorted(b.items()):
            v = op(x, y)
            out[v] = out.get(v, ZERO) + px * py
    return dict(sorted(out.items()))


def add(*rolls: Dist) -> dict[int, Fraction]:
    """The sum of independent rolls."""
    out: dict[int, Fraction] = certain(0)
    for r in rolls:
        out = combine(out, r, lambda x, y: x + y)
    return out


def sub(a: Dist, b: Dist) -> dict[int, Fraction]:
    """a - b for independent rolls."""
    return combine(a, b, lambda x, y: x - y)


def shift(a: Dist, by: int) -> dict[int, Fraction]:
    """A flat modifier added to every outcome."""
    return {v + by: p for v, p in sorted(a.items())}


def floor_at(a: Dist, lowest: int = 0) -> dict[int, Fraction]:
    """Outcomes below `lowest` count as `lowest` (damage never below 0)."""
    out: dict[int, Fraction] = {}
    for v, p in sorted(a.items()):
        k = max(lowest, v)
        out[k] = out.get(k, ZERO) + p
    return out


def best_of(rolls: Iterable[Dist], worst: bool = False) -> dict[int, Fraction]:
    """The highest (or with `worst` the lowest) of independent rolls."""
    pick = min if worst else max
    out: dict[int, Fraction] | None = None
    for r in rolls:
        out = dict(r) if out is None else combine(out, r, pick)
    if out is None:
        raise ValueError("best_of needs at least one roll")
    return out


def p_above(a: Dist, threshold: int, ties: bool = False) -> Fraction:
    """P(roll > threshold), or >= with `ties`."""
    return sum((p for v, p in a.items() if v > threshold or (ties and v == threshold)), ZERO)


def p_greater(a: Dist, b: Dist, margin: int = 0, ties: bool = False) -> Fraction:
    """P(a - b > margin) for independent rolls (>= with `ties`)."""
    return p_above(sub(a, b), margin, ties)


def p_beats(a: Dist, b: Dist, ties: bool = False) -> Fraction:
    """An opposed roll: P(a > b), or a >= b when ties go to `a`."""
    return p_greater(a, b, 0, ties)


def mean(a: Dist) -> Fraction:
    return sum((v * p for v, p in a.items()), ZERO)


def transform(a: Dist, f: Callable[[int], int]) -> dict[int, Fraction]:
    """The distribution of f(x) for x ~ a (a damage step such as a percentage or a reduction)."""
    out: dict[int, Fraction] = {}
    for v, p in sorted(a.items()):
        k = f(v)
        out[k] = out.get(k, ZERO) + p
    return dict(sorted(out.items()))


def mix(parts: Iterable[tuple[Fraction, Dist]]) -> dict[int, Fraction]:
    """A roll that is `dist` with chance `weight` for each part (the weights sum to 1)."""
    out: dict[int, Fraction] = {}
    for w, d in parts:
        for v, p in d.items():
            out[v] = out.get(v, ZERO) + w * p
    return dict(sorted(out.items()))


@lru_cache(maxsize=None)
def _keep_highest(keep: int, rolled: int, sides: int) -> tuple[tuple[int, Fraction], ...]:
    # Faces from the highest down: choose how many of the dice not yet placed show this face
    # (binomial ways); the first `keep` placed are the kept ones. Polynomial, not sides**rolled.
    states: dict[tuple[int, int, int], int] = {(rolled, keep, 0): 1}
    for face in range(sides, 0, -1):
        nxt: dict[tuple[int, int, int], int] = {}
        for (left, need, total), w in states.items():
            for c in range(left + 1):
                took = min(c, need)
                key = (left - c, need - took, total + took * face)
                nxt[key] = nxt.get(key, 0) + w * comb(left, c)
        states = nxt
    denom = sides ** rolled
    out: dict[int, Fraction] = {}
    for (left, _need, total), w in states.items():
        if left == 0:
            out[total] = out.get(total, ZERO) + Fraction(w, denom)
    return tuple(sorted(out.items()))


def keep_highest(keep: int, rolled: int, sides: int) -> dict[int, Fraction]:
    """The sum of the `keep` highest of `rolled` dice of `sides` faces (keep <= rolled)."""
    if not 0 <= keep <= rolled or sides < 1:
        raise ValueError(f"cannot keep {keep} of {rolled} dice of {sides} sides")
    return dict(_keep_highest(keep, rolled, sides))

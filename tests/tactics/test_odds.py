"""Exact odds against brute-force enumeration of every face combination."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from game.engine.tactics import odds


def brute(groups: list[tuple[int, int]], value) -> dict[int, Fraction]:
    """Enumerate every face of every die: groups are (count, sides); value(faces per group)."""
    dice = [sides for count, sides in groups for _ in range(count)]
    out: dict[int, int] = {}
    total = 0
    for faces in product(*[range(1, s + 1) for s in dice]):
        parts, i = [], 0
        for count, _ in groups:
            parts.append(faces[i:i + count])
            i += count
        v = value(*parts)
        out[v] = out.get(v, 0) + 1
        total += 1
    return {k: Fraction(n, total) for k, n in out.items()}


@pytest.mark.parametrize("n,sides", [(0, 6), (1, 20), (2, 6), (3, 6), (2, 8)])
def test_dice_sums(n, sides):
    want = brute([(n, sides)], lambda f: sum(f)) if n else {0: Fraction(1)}
    assert odds.dice(n, sides) == want
    assert sum(odds.dice(n, sides).values()) == 1


def test_notation_with_a_modifier():
    assert odds.notation("2d4+3") == brute([(2, 4)], lambda f: sum(f) + 3)
    assert odds.notation("d6-1") == brute([(1, 6)], lambda f: f[0] - 1)


def test_advantage_and_disadvantage_as_three_dice_added_or_taken_away():
    assert odds.add(odds.dice(2), odds.dice(3)) == brute([(2, 6), (3, 6)],
                                                         lambda a, b: sum(a) + sum(b))
    assert odds.sub(odds.dice(2), odds.dice(3)) == brute([(2, 6), (3, 6)],
                                                         lambda a, b: sum(a) - sum(b))


def test_damage_floored_at_zero():
    got = odds.floor_at(odds.shift(odds.dice(2, 6), -5), 0)
    assert got == brute([(2, 6)], lambda f: max(0, sum(f) - 5))
    assert min(got) == 0


def test_best_and_worst_of_two_d20():
    assert odds.best_of([odds.dice(1, 20)] * 2) == brute([(1, 20), (1, 20)],
                                                         lambda a, b: max(a[0], b[0]))
    assert odds.best_of([odds.dice(1, 20)] * 2, worst=True) == \
        brute([(1, 20), (1, 20)], lambda a, b: min(a[0], b[0]))


@pytest.mark.parametrize("ties", [False, True])
def test_opposed_rolls_and_thresholds(ties):
    a, b = odds.shift(odds.dice(1, 20), 3), odds.dice(1, 20)
    wins = sum(1 for x in range(1, 21) for y in range(1, 21)
               if x + 3 > y or (ties and x + 3 == y))
    assert odds.p_beats(a, b, ties) == Fraction(wins, 400)
    over = sum(1 for x in range(1, 21) if x + 3 > 15 or (ties and x + 3 == 15))
    assert odds.p_above(a, 15, ties) == Fraction(over, 20)
    two, three = odds.dice(2), odds.dice(3)
    beat = brute([(2, 6), (3, 6)], lambda x, y: int(sum(x) - sum(y) > 1 or
                                                    (ties and sum(x) - sum(y) == 1)))
    assert odds.p_greater(two, three, 1, ties) == beat.get(1, 0)


def test_mean_and_bad_rolls():
    assert odds.mean(odds.dice(2, 6)) == 7
    with pytest.raises(ValueError):
        odds.dice(-1, 6)
    with pytest.raises(ValueError):
        odds.best_of([])

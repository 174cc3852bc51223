"""Who is ahead when time is called on a battle that has not ended by itself.

Owns: the one comparison every grid system uses at its round limit (our default for a call the
rules documents leave to the table; each system's checklist names it): the side that lost fewer
fighters wins; then the side that took the larger share of its enemies' starting HP; otherwise
nobody. A side is never ahead for what it started with (more fighters, bigger fighters), so a
battle where nobody was hurt is a draw.

Must not: know any system's state; each system counts its own sides into `Tally` records.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence


@dataclass(frozen=True, slots=True)
class Tally:
    """One side at the call: fighters knocked out, HP lost (a fighter knocked out has lost all
    of it) and HP it started with (its fighters' maximum)."""

    knocked_out: int
    hp_lost: int
    hp_start: int


def ahead(sides: Sequence[Tally]) -> int | None:
    """The index of the side ahead among two, or None for a draw (or more than two sides)."""
    return ahead_and_why(sides)[0]


def ahead_and_why(sides: Sequence[Tally]) -> tuple[int | None, str]:
    """`ahead`, with the reason in a few words for the end of the match's message."""
    if len(sides) != 2:
        return None, "more than two sides"
    a, b = sides
    if a.knocked_out != b.knocked_out:
        return (0 if a.knocked_out < b.knocked_out else 1), "it lost fewer fighters"
    # a's share of b's HP against b's share of a's, cross-multiplied to stay exact
    dealt_a = b.hp_lost * max(1, a.hp_start)
    dealt_b = a.hp_lost * max(1, b.hp_start)
    if dealt_a != dealt_b:
        return (0 if dealt_a > dealt_b else 1), "it took the larger share of its enemies' HP"
    if not a.hp_lost and not b.hp_lost:
        return None, "nobody was hurt"
    return None, "both took the same share of each other's HP"

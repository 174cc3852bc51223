"""Primeval stones of gu_masters: absorbing them for essence (GU-69/70, GU-GM-33).

Owns: how many stones one Absorb may take (one per free hand, GU-69) and the essence they
give, capped at the maximum with the excess lost (GU-70, GU-GM-33).

Must not: read the match or decide which hands are free (the engine counts hands from limbs,
broken hands and held items).
"""
from __future__ import annotations

from dataclasses import dataclass

ESSENCE_PER_STONE = 5       # GU-70


def absorb_limit(free_hands: int, stones: int) -> int:
    """GU-69: at most one stone per free hand, and no more than the creature carries."""
    return max(0, min(free_hands, stones))


@dataclass(frozen=True, slots=True)
class Absorbed:
    """The outcome of absorbing `stones`: essence `before` and `after`, `gained` and `lost`
    (what the cap threw away, GU-GM-33)."""

    stones: int
    before: int
    after: int
    gained: int
    lost: int


def absorb(essence: int, essence_max: int, stones: int) -> Absorbed:
    """GU-70: each stone gives 5 essence and crumbles; GU-GM-33: essence stops at its maximum."""
    if stones < 0:
        raise ValueError("cannot absorb a negative number of stones")
    raw = ESSENCE_PER_STONE * stones
    after = min(essence_max, essence + raw)
    gained = max(0, after - essence)
    return Absorbed(stones, essence, after, gained, raw - gained)

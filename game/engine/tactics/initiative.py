"""Initiative ranking: order by score, break ties by a secondary key, then by re-rolls.

Owns: `rank`, the one tie-breaking walk every grid system uses. Scores come first (highest
acts first); pieces with equal sort keys form a tied block, and a tied block re-rolls among
itself (through the system's `reroll`, which rolls on the match generator and records its own
events) until it is strictly ordered, each block left to right before the next. Two limits stop
an endless tie: `max_depth` (nested re-rolls of one block; past it the block keeps its order)
and `max_rerolls` (re-rolls in the whole ranking; past it `settle` orders what is still tied,
e.g. a seeded shuffle).

Must not: roll dice itself, know what a score means, or use `random`: the system's callbacks
make every roll on the match's generator.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

Key = Callable[[str, Any], tuple]


def by_score(piece: str, score: Any) -> tuple:
    """The plainest order: higher score first."""
    return (-score,)


@dataclass(frozen=True, slots=True)
class Ranking:
    order: tuple[str, ...]    # first to act first
    rerolls: int              # tied blocks that re-rolled


def rank(pieces: Sequence[str], scores: Mapping[str, Any],
         reroll: Callable[[list[str]], Mapping[str, Any]], *, key: Key = by_score,
         max_depth: int | None = None, max_rerolls: int | None = None,
         settle: Callable[[list[str]], list[str]] | None = None) -> Ranking:
    """Rank `pieces` by `key(piece, score)` (ascending; the default puts the highest score
    first, a stable sort keeps the given order among equals until a re-roll splits them).
    `reroll(block)` returns new scores for a tied block (in the block's order); the new scores
    only order that block. With `max_rerolls`, a block met once that many re-rolls happened is
    ordered by `settle(block)` instead (it must be given)."""
    if max_rerolls is not None and settle is None:
        raise ValueError("max_rerolls needs a settle function for what stays tied")
    count = 0

    def ordered(group: list[str], score: Mapping[str, Any], depth: int) -> list[str]:
        keyed = sorted(group, key=lambda p: key(p, score[p]))
        out: list[str] = []
        i = 0
        while i < len(keyed):
            k = key(keyed[i], score[keyed[i]])
            j = i + 1
            while j < len(keyed) and key(keyed[j], score[keyed[j]]) == k:
                j += 1
            block = keyed[i:j]
            if len(block) > 1:
                block = split(block, depth)
            out += block
            i = j
        return out

    def split(block: list[str], depth: int) -> list[str]:
        nonlocal count
        if max_rerolls is not None and count >= max_rerolls:
            return list(settle(block))  # type: ignore[misc]
        if max_depth is not None and depth >= max_depth:
            return block
        count += 1
        fresh = reroll(block)
        return ordered(block, fresh, depth + 1)

    order = ordered(list(pieces), scores, 0)
    return Ranking(tuple(order), count)

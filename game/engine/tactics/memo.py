"""Bounded memos that let their oldest entry go one at a time, shared by every rule system.

Owns: `Kept` (a dict that remembers the order its keys came in) and `keep` (remember a value,
dropping the oldest entry once a limit is reached). Used wherever a rule system remembers the
answers of its own searches (walks, reach, what cannot be seen from a place).

Must not: know a rule or decide what goes in a key; the caller keys an answer by everything
it reads.
"""
from __future__ import annotations

from collections import deque
from typing import Any


class Kept(dict):
    """A memo that remembers the order its keys came in (see keep)."""

    __slots__ = ("order",)

    def __init__(self) -> None:
        super().__init__()
        self.order: deque[Any] = deque()

    def clear(self) -> None:
        super().clear()
        self.order.clear()


def keep(memo: Kept, key: Any, value: Any, limit: int) -> None:
    """Remember `value` under `key`, letting the oldest entry go once `limit` are kept: one at
    a time, not all at once (emptying a full memo freed thousands of paths inside a single
    legal_actions call, its slowest), and the recent positions, the likeliest to come back,
    stay. The oldest key is taken from the memo's own queue: a dict's first key, once many
    have gone from its front, is found only by stepping over every gap they left (about 2 us
    a call for a full memo here, against 0.2)."""
    if key not in memo:
        if len(memo) >= limit:
            del memo[memo.order.popleft()]
        memo.order.append(key)
    memo[key] = value

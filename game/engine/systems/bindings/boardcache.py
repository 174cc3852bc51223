"""Bindings' derived data per board: what movement and sight compute from a board once and reuse.

Owns: `per_board(name, board, build)` (one value per board object and name, built on first use:
terrain tables for movement, sight memos), `records(name, board)` (a bounded memo of frozen
action records) with `listed` (a listing's records from it, by group, then item) and
`forget(board)` (drop everything derived from a
board, for code that edits a board's cells by hand, such as tests setting a rock down mid-match)
(bounded memos use `tactics.memo`).

Why per board: the board never changes during a match (only the state does, and in place since
Match stopped copying it), so what is read from the cells alone is computed once per match
instead of on every legal-actions call. Entries are keyed by id(board) with the board kept
beside the value and compared on a hit: an id may be reused once a board is gone, and the
stored reference keeps a cached board alive.

Must not: hold anything that depends on the state (positions, features, house rules) without
putting it in the key of the memo that holds it; know a rule.
"""
from __future__ import annotations

from typing import Any, Callable, TypeVar

T = TypeVar("T")

_LIMIT = 32                     # boards remembered at once (a test run builds hundreds)
_CACHE: dict[tuple[str, int], tuple[Any, Any]] = {}


def per_board(name: str, board: Any, build: Callable[[Any], T]) -> T:
    """The value `build(board)` for this board object, built once and remembered under `name`."""
    key = (name, id(board))
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is board:
        return hit[1]
    if hit is None and len(_CACHE) >= _LIMIT:
        # the oldest entry goes (emptying the whole cache could drop, halfway through
        # preparing a board, the tables just built for it)
        del _CACHE[next(iter(_CACHE))]
    value = build(board)
    _CACHE[key] = (board, value)
    return value


RECORDS_LIMIT = 100_000         # records kept per memo before it starts over


def records(name: str, board: Any) -> dict[tuple, Any]:
    """The records listed so far on this board under `name` (read them with `listed`: by group,
    then item): the same actions come back position after position, and a frozen record costs
    more to build than to look up. Emptied when it holds RECORDS_LIMIT groups (each group holds
    at most one record per hex of the board, so a long match never grows it without bound)."""
    made: dict[tuple, Any] = per_board(name, board, lambda _b: {})
    if len(made) >= RECORDS_LIMIT:
        made.clear()
    return made


def listed(made: dict, group: tuple, items: list, make: Callable[[Any], Any]) -> list:
    """The records of `group` (e.g. one combatant's moves of one mode) for each of `items`,
    from `made` (a `records` memo): kept by group, then by item, each made once with
    `make(item)`. Records are always true, so a None in the look-up is one not made yet."""
    per = made.get(group)
    if per is None:
        per = made[group] = {}
    got = list(map(per.get, items))
    if not all(got):
        for i, item in enumerate(items):
            if got[i] is None:
                got[i] = per[item] = make(item)
    return got


def forget(board: Any) -> None:
    """Drop everything derived from `board` (call after changing its cells by hand)."""
    for key in [k for k, (b, _) in _CACHE.items() if b is board]:
        del _CACHE[key]

"""Small wordings every map presenter shares: a chance as players read it, and the names of
creatures that share one told apart by number.

Owns: `pct` and `numbered_names`. Must not: know any system, decide a rule, or import pygame.
"""
from __future__ import annotations

from typing import Any, Iterable


def pct(p: Any) -> str:
    """A chance as a whole percent, never 0% or 100% for what can still go either way."""
    v = float(p)
    if 0 < v < 0.01:
        return "<1%"
    if 0.99 < v < 1:
        return ">99%"
    return f"{v:.0%}"


def numbered_names(named: Iterable[tuple[str, str]]) -> dict[str, str]:
    """(id, name) pairs -> id -> the name a player reads: where several share a name ("Imp"),
    each gets its number in the given order ("Imp 2"), so the log, the pickers and the prompts
    say which."""
    pairs = list(named)
    count: dict[str, int] = {}
    for _, name in pairs:
        count[name] = count.get(name, 0) + 1
    seen: dict[str, int] = {}
    out: dict[str, str] = {}
    for uid, name in pairs:
        if count[name] > 1:
            seen[name] = seen.get(name, 0) + 1
            out[uid] = f"{name} {seen[name]}"
        else:
            out[uid] = name
    return out

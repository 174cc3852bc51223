"""How the engine's process keeps the garbage collector out of play.

Owns: `settle()`, called once the long-lived data of a match is loaded (rule systems, content,
boards, the match itself): it collects what is garbage now, then freezes every survivor
(`gc.freeze`), so the collector's full passes during play scan only what play creates. Without
it, a full pass rescans every content record and board cell and stalls whatever is running for
10-15 ms (seen as the worst `legal_actions` call, and as a dropped frame in the client).

Calling it again (the next match) first thaws what the last call froze, so a finished match's
objects are collected rather than kept frozen for the rest of the session.

It also spaces the full passes out (FULL_EVERY young passes of the middle generation between
two, Python's default being 10). Frozen objects do not count as long-lived, so with the default
a full pass came every few hundred actions, each walking every memo entry play had added (a
hex board's sight and movement memos: 5-15 ms, the worst `legal_actions` calls of a
random game once its geometry ships). The young passes are untouched: a cycle made in play is
still collected within a few hundred allocations.

Middle passes come every MIDDLE young passes (Python's default: 10). A middle pass walks what
the young passes since the last one kept, mostly the memo entries the listings add, so passes
more often are shorter for the same total: over the benchmark's hex-map games the longest went
from about 3 ms (every 10) to 1.6 ms (every 5); with more remembered per position since, every
5 read 2.3-2.7 ms again (and one pass of 3.9-4.2 ms landed inside a 5 ms listing, the worst
legal_actions call of its run), every 2 reads 1.3-1.6 ms, the time spent in them the same
(70-95 ms over the twelve games either way). FULL_EVERY counts middle passes, so it grows with
them to keep the full passes as far apart as before.

Last, on Linux with the GNU C library, it hands the memory the collection freed back to the
system (`malloc_trim`): glibc keeps freed blocks inside its heap for reuse, and a client that
opened match after match grew by the holes the last match's objects and pictures left (about
17 MB between the first and the fourth hex-map match of the memory benchmark, its live
objects unchanged). Elsewhere there is nothing to call and nothing happens. `give_back()` is
that step alone, which the client's autosave writer also takes after each turn-start write.

Must not: be called inside play (a full collection costs tens of milliseconds), or turn the
collector off: cycles made during play are still collected.
"""
from __future__ import annotations

import gc
import sys

FULL_EVERY = 500          # middle-generation passes between two full ones (Python's default: 10)
YOUNG = 700               # allocations between two youngest-generation passes (Python's default)
MIDDLE = 2                # youngest passes between two middle ones (Python's default: 10)


def settle() -> None:
    gc.unfreeze()
    gc.collect()
    give_back()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, FULL_EVERY)


_TRIM: list = []        # [the C library's malloc_trim, or None where there is none], found once


def give_back() -> bool:
    """Return the C heap's free memory to the system where the C library can (glibc's
    `malloc_trim`); True when it was asked. A few milliseconds on a client's heap."""
    if not _TRIM:
        _TRIM.append(_find_trim())
    trim = _TRIM[0]
    if trim is None:
        return False
    trim(0)
    return True


def _find_trim():
    if not sys.platform.startswith("linux"):
        return None
    import ctypes
    # the process's own symbols: glibc's when that is the C library (musl has no malloc_trim)
    return getattr(ctypes.CDLL(None), "malloc_trim", None)

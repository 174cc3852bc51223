"""How the engine's process keeps the garbage collector out of play.

Owns: `settle()`, called once the long-lived data of a match is loaded (rule systems, content,
boards, the match itself): it collects what is garbage now, then freezes every survivor
(`gc.freeze`), so the collector's full passes during play scan only what play creates. Without
it, a full pass rescans every content record and board cell and stalls whatever is running for
10-15 ms (seen as the worst `legal_actions` call, and as a dropped frame in the client).

Calling it again (the next match) first thaws what the last call froze, so a finished match's
objects are collected rather than kept frozen for the rest of the session.

Must not: be called inside play (a full collection costs tens of milliseconds), or turn the
collector off: cycles made during play are still collected.
"""
from __future__ import annotations

import gc


def settle() -> None:
    gc.unfreeze()
    gc.collect()
    gc.freeze()

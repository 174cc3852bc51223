"""runtime.settle: garbage is collected, survivors are frozen out of the collector's way, and a
second call thaws the first call's objects so a finished match can still be collected."""
from __future__ import annotations

import gc
import weakref

from game.engine.runtime import settle


class Node:
    def __init__(self):
        self.other = self


def test_settle_collects_garbage_and_freezes_survivors():
    try:
        cycle = Node()
        gone = weakref.ref(cycle)
        del cycle                          # unreachable, held only by its own cycle
        kept = Node()
        settle()
        assert gone() is None
        assert gc.get_freeze_count() > 0
        alive = weakref.ref(kept)
        del kept                           # frozen, then dropped: a later settle collects it
        settle()
        assert alive() is None
    finally:
        gc.unfreeze()


def _collections_while_holding(n: int) -> tuple[list[int], bool]:
    """Generations collected while `n` new long-lived lists are made, and whether a cycle
    dropped at the start was collected on the way (no explicit collect)."""
    seen: list[int] = []

    def note(phase, info):
        if phase == "start":
            seen.append(info["generation"])

    cycle = Node()
    gone = weakref.ref(cycle)
    del cycle
    gc.callbacks.append(note)
    try:
        held = [[] for _ in range(n)]
    finally:
        gc.callbacks.remove(note)
    del held
    return seen, gone() is None


def test_after_settle_play_meets_young_passes_but_full_ones_are_spaced_out():
    old = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)           # Python's defaults: a full pass comes soon
        gc.freeze()                             # as settle leaves it, thresholds aside
        before, collected_before = _collections_while_holding(150_000)
        gc.unfreeze()
        assert 2 in before and collected_before         # the same play meets a full pass
        settle()
        after, collected_after = _collections_while_holding(150_000)
        assert 0 in after and 1 in after                # the young passes still run
        assert collected_after                          # and a dropped cycle is still collected
        assert 2 not in after                           # but no full pass walks the memos
    finally:
        gc.unfreeze()
        gc.set_threshold(*old)


def test_settle_hands_freed_memory_back_to_the_system(monkeypatch):
    import sys
    from game.engine import runtime
    asked = []
    monkeypatch.setattr(runtime, "give_back", lambda: asked.append(True) or True)
    try:
        settle()
    finally:
        gc.unfreeze()
    assert asked == [True]
    monkeypatch.undo()
    # on this Linux with glibc the C library is asked; elsewhere nothing is called
    if sys.platform.startswith("linux") and runtime._find_trim() is not None:
        assert runtime.give_back() is True
    monkeypatch.setattr(runtime, "_TRIM", [None])
    assert runtime.give_back() is False

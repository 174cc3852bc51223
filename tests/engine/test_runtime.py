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

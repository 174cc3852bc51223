"""One picture buffer reused while its size holds.

Owns: `canvas(last, size)`. A picture drawn again whenever what it shows changes (a move
range's veil, a flight layer, the timeline bar) keeps its buffer: a new one each time was
megabytes made and dropped per move at 1080p, and the C heap grew by what they left.

Must not: clear or draw anything: the caller paints the whole buffer again.
"""
from __future__ import annotations

import pygame


def canvas(last: pygame.Surface | None, size: tuple[int, int]) -> pygame.Surface:
    """A per-pixel-alpha surface of `size`: `last` when it is one already, else a new one."""
    if last is not None and last.get_size() == tuple(size) \
            and last.get_flags() & pygame.SRCALPHA:
        return last
    return pygame.Surface(size, pygame.SRCALPHA)

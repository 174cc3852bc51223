"""Loading a font's glyphs before a frame needs them, a bounded slice of work per frame.

Owns: `GlyphWarmer`. The first time a size of the bundled font draws or measures a letter, the
font library loads and hints that letter: about 40 us a glyph here, so the first words at a new
size cost a millisecond or more (a card table's first sight of several new cards in one frame
measured 8-12 ms, nearly all of it this). A scene that knows the sizes it will draw in hands them
to a warmer when it opens and gives it a couple of milliseconds of each frame until every glyph
is loaded; the glyphs stay with the font objects `resources.font` keeps.

Must not: draw anything on screen, or render any text but the character set below (nothing a
player may not see: no card, name or number of the match).
"""
from __future__ import annotations

import time
from collections import deque
from typing import Iterable

from game.client import resources

# what the game's words are made of: printable ASCII and the few typographic marks it prints
CHARS = "".join(chr(c) for c in range(32, 127)) + "…·−×’"
CHUNK = 12                       # letters loaded per step: about half a millisecond here


class GlyphWarmer:
    """Loads every glyph of `CHARS` at each (size, bold) given, in order, a few letters a step."""

    def __init__(self, fonts: Iterable[tuple[int, bool]], chars: str = CHARS) -> None:
        seen: set[tuple[int, bool]] = set()
        self._todo: deque[tuple[int, bool, str]] = deque()
        for size, bold in fonts:
            key = (max(6, int(size)), bool(bold))
            if key in seen:
                continue
            seen.add(key)
            for i in range(0, len(chars), CHUNK):
                self._todo.append((key[0], key[1], chars[i:i + CHUNK]))

    @property
    def done(self) -> bool:
        return not self._todo

    def run(self, seconds: float) -> bool:
        """Load glyphs for about `seconds` (at least one step); True while some remain."""
        end = time.perf_counter() + seconds
        todo = self._todo
        while todo:
            size, bold, letters = todo.popleft()
            resources.font(size, bold).render(letters, True, (255, 255, 255))
            if time.perf_counter() >= end:
                break
        return bool(todo)

"""Where text goes on the map: one small placer shared by everything that writes on the board
view in a frame (the map's own layers, a system's overlay, the scene's hover forecast).

Owns: the frame's protected boxes (units, projectile markers, cover shields: things a label must
not hide) and the boxes already given to labels, and the choice of a spot for a new box: the
first of the caller's candidate spots that stays inside the bounds and touches nothing taken,
else the one that hides least. Candidates are the caller's (it knows which side of its anchor
reads best); `around` gives the usual ring of them.

Must not: draw, or know what the boxes are about (no rule, no system): it only keeps rectangles.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

Point = tuple[float, float]


@dataclass(slots=True)
class LabelPlacer:
    """The boxes of one frame. `reset()` starts a frame; `protect()` marks what must stay
    visible; `place()` picks a spot for a label and keeps it, so later labels avoid it too."""

    bounds: pygame.Rect | None = None
    protected: list[pygame.Rect] = field(default_factory=list)
    placed: list[tuple[str, pygame.Rect]] = field(default_factory=list)

    def reset(self, bounds: pygame.Rect | None = None) -> None:
        self.bounds = pygame.Rect(bounds) if bounds is not None else None
        self.protected.clear()
        self.placed.clear()

    def protect(self, rect: pygame.Rect) -> None:
        self.protected.append(pygame.Rect(rect))

    def taken(self) -> list[pygame.Rect]:
        """Every box a new label or panel should keep off: protected ones and placed labels."""
        return self.protected + [r for _t, r in self.placed]

    def cost(self, rect: pygame.Rect) -> int:
        """How much of what is taken `rect` would hide (pixels), plus what falls outside the
        bounds, counted heavier: a label cut by the map's edge cannot be read at all."""
        hidden = 0
        for r in self.taken():
            c = rect.clip(r)
            hidden += c.w * c.h
        if self.bounds is not None:
            inside = rect.clip(self.bounds)
            hidden += 4 * (rect.w * rect.h - inside.w * inside.h)
        return hidden

    def place(self, text: str, size: tuple[int, int],
              candidates: list[tuple[int, int]]) -> pygame.Rect:
        """A box of `size` at the first candidate top-left that hides nothing, else at the one
        that hides least (the earlier on a tie: candidates come best first). Kept as placed."""
        best: pygame.Rect | None = None
        best_cost = -1
        for spot in candidates:
            r = pygame.Rect(spot, size)
            c = self.cost(r)
            if c == 0:
                best = r
                break
            if best is None or c < best_cost:
                best, best_cost = r, c
        if best is None:
            raise ValueError("a label needs at least one candidate spot")
        self.placed.append((text, best))
        return best


def around(anchor: Point, size: tuple[int, int], gap: float, below: bool = True,
           step: float = 0.0) -> list[tuple[int, int]]:
    """Top-left spots for a box of `size` about a marker at `anchor` whose half-height is `gap`:
    the preferred side (below or above) first, then the other, then right and left of it, then
    the same a `step` further out (a row of markers side by side)."""
    w, h = size
    ax, ay = anchor
    out: list[tuple[int, int]] = []
    for far in (0.0, step) if step else (0.0,):
        under = (int(ax - w / 2), int(ay + gap + far))
        over = (int(ax - w / 2), int(ay - gap - far - h))
        right = (int(ax + gap + far), int(ay - h / 2))
        left = (int(ax - gap - far - w), int(ay - h / 2))
        out += [under, over] if below else [over, under]
        out += [right, left]
    return out

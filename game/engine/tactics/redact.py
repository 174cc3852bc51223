"""A seat's view of a grid battle without the enemies it cannot perceive: the one home of the
redaction every grid system's `view` hook does for hidden creatures.

Owns: `drop_unseen`, which takes a COPY of a battle state (an object with `creatures` (id ->
piece with `x`, `y` and `hidden`), `order` (ids in acting order) and `index` (into `order`))
and removes the pieces the viewer does not perceive. Whose turn it is, is no secret: an unseen
piece whose turn it is stays in the order, standing on the square the viewer last knew, or off
the board (-1, -1) when it was never seen, and is marked hidden.

Must not: decide who perceives whom (each system's sight or hiding rules do), copy the state
(the caller hands a copy), or know any system.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

NOWHERE = (-1, -1)


def drop_unseen(view: Any, unseen: Iterable[str], acting: str | None,
                last_known: Mapping[str, Sequence[int]]) -> None:
    """Remove the pieces `unseen` from `view` (a copy), keeping the acting one as a ghost on
    its last known square (see the module docstring); `acting` is None when the battle is
    over."""
    for cid in unseen:
        if cid == acting:
            ghost = view.creatures[cid]
            ghost.x, ghost.y = last_known.get(cid, NOWHERE)
            ghost.hidden = True
            continue
        del view.creatures[cid]
        view.order.remove(cid)
    if acting is not None:
        view.index = view.order.index(acting)

"""What one seat sees of a gu_masters battle: the state without the enemies hidden from it
(GU-13), for the battle screen and the bots alike.

Owns: `redacted(state, seat)`: a copy of the state in which every hidden creature of the other
side is left out; if it is the one acting, it stays in the order as a ghost on the square where
the seat last saw it (where it hid). The removal itself is the shared toolkit's
(tactics.redact.drop_unseen, also rpgstuck's).

Must not: decide who is hidden (hiding.py) or change the state it is handed.
"""
from __future__ import annotations

import copy

from game.engine.tactics import redact

from .state import GuState


def redacted(state: GuState, seat: int) -> GuState:
    out = copy.deepcopy(state)
    acting = None if state.over else state.acting.id
    unseen = [c.id for c in state.creatures.values()
              if c.hidden and c.side != seat and c.on_board]
    key = str(seat)
    last = {c.id: c.seen_at[key] for c in state.creatures.values() if key in c.seen_at}
    redact.drop_unseen(out, unseen, acting, last)
    return out

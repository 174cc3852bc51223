"""Who holds whom in gu_masters: a hold is the Restrained status its grappler put on the held
creature (source `grapple:<grappler id>`), read here for every module that must know it (the
grapple itself in grips.py, the strikes a grappler may still make in attack.py, GU-64).

Must not: make or break a hold (grips.py does), or roll dice.
"""
from __future__ import annotations

from .state import Creature, GuState

HOLD = "grapple:"                   # the Restrained status's source prefix


def holder_of(state: GuState, c: Creature) -> Creature | None:
    """The creature holding `c`, if any."""
    s = next((s for s in c.statuses if s.id == "restrained" and s.source.startswith(HOLD)), None)
    if s is None:
        return None
    return state.creatures.get(s.source[len(HOLD):])


def held_by(state: GuState, c: Creature) -> list[Creature]:
    """The creatures `c` holds."""
    return [o for o in state.living() if o.id != c.id and holder_of(state, o) is c]


def grappling(state: GuState, c: Creature) -> bool:
    """GU-64: whether it holds someone (one fewer punching arm, no kicks)."""
    return bool(held_by(state, c))

"""RPGStuck grappling limbs (RS-73, RS-74): which limb of a holder keeps each of its holds, the
free swap of a hold to another limb, and the holds a lost limb drops.

A creature whose stat block marks parts `grapple_limb` (the ogre's and the brawler's arms, the
basilisk's tail) holds with one copy of such a part per hold: the holder's
`Condition("grappling", value=n)` keeps n = the limb's place in `grapple_limbs` + 1 (0: a hold
with no limb tracked, by a creature with no such parts or by a grip of other means, RS-79).
A new hold takes the first free limb, and none is made with every limb busy or lost; a limb
destroyed (RS-48) or seized (RS-68) drops the hold it kept, since a holder with no limb on the
target has no hold (RS-74); a called shot that damages a holding limb tests only the holds that
limb keeps (RS-53/73: one limb per hold here, so hitting it is hitting all of them).

Must not: roll dice or decide checks (called.py's keep_hold), or make and end holds itself
beyond asking grapple.end.
"""
from __future__ import annotations

from .actions import SwapLimb
from .events import ConditionChanged
from .profiles import content_of
from .state import Creature, RpgState

ACTIONS = (SwapLimb,)
COPY = "#"


def grapple_limbs(state: RpgState, c: Creature) -> list[str]:
    """Every grappling limb copy of `c` in stat-block order, as "arm#0", "arm#1", "tail#0"."""
    entry = content_of(state).creatures[c.entry]
    return [f"{p.part}{COPY}{n}" for p in entry.anatomy if p.grapple_limb
            for n in range(p.count)]


def _lost(state: RpgState, c: Creature, limb: str) -> bool:
    part, _, _n = limb.partition(COPY)
    entry = content_of(state).creatures[c.entry]
    listing = next(p for p in entry.anatomy if p.part == part)
    broken = bool(listing.hp) and c.part_damage.get(limb, 0) >= listing.hp
    return broken or part in c.seized


def limb_of(c: Creature, target: str) -> int:
    """The limb number (place + 1) keeping `c`'s hold on `target`; 0 when none is tracked."""
    return next(k.value for k in c.conditions if k.id == "grappling" and k.source == target)


def free_limbs(state: RpgState, c: Creature) -> list[int]:
    """The limb numbers of `c` free to take or keep a hold: not holding, not lost."""
    busy = {k.value for k in c.conditions if k.id == "grappling"}
    return [n + 1 for n, limb in enumerate(grapple_limbs(state, c))
            if n + 1 not in busy and not _lost(state, c, limb)]


def may_grab(state: RpgState, c: Creature) -> bool:
    """A new hold needs a free limb when the creature grapples with limbs at all."""
    return not grapple_limbs(state, c) or bool(free_limbs(state, c))


def take(state: RpgState, c: Creature) -> int:
    """The limb a new hold uses (0 for a creature without grappling limbs)."""
    free = free_limbs(state, c)
    return free[0] if free else 0


def name(state: RpgState, c: Creature, n: int) -> str:
    """A limb as a player reads it: "arm 2", "tail"."""
    limbs = grapple_limbs(state, c)
    part, _, copy = limbs[n - 1].partition(COPY)
    count = sum(1 for x in limbs if x.partition(COPY)[0] == part)
    words = content_of(state).anatomy[part].name.lower()
    return f"{words} {int(copy) + 1}" if count > 1 else words


# --- the free swap (RS-74) ----------------------------------------------------------------------
def choices(state: RpgState, c: Creature) -> list:
    out = []
    free = free_limbs(state, c)
    for k in c.conditions:
        if k.id == "grappling" and k.value:
            out += [SwapLimb(c.id, k.source, n) for n in free]
    return out


def refusal(state: RpgState, c: Creature, action: SwapLimb) -> tuple[str, str] | None:
    if not any(k.id == "grappling" and k.source == action.target and k.value
               for k in c.conditions):
        return f"{c.id} holds no {action.target} with a limb", "RS-74"
    if action.limb not in free_limbs(state, c):
        return f"limb {action.limb} of {c.id} is not free to take the hold", "RS-74"
    return None


def swap(state: RpgState, c: Creature, action: SwapLimb) -> list:
    for k in c.conditions:
        if k.id == "grappling" and k.source == action.target:
            k.value = action.limb
    return [ConditionChanged(c.id, "grappling", True, action.limb)]


# --- a limb lost or hit --------------------------------------------------------------------------
def holds_on(c: Creature, part: str, copies: list[int] | None, limbs: list[str]) -> list[str]:
    """The targets whose holds are kept by `part` (only `copies` of it, when given); a hold
    with no limb recorded (a state from before limbs were tracked) counts as kept by any."""
    out = []
    for k in c.conditions:
        if k.id != "grappling":
            continue
        if not k.value:
            out.append(k.source)
            continue
        p, _, n = limbs[k.value - 1].partition(COPY)
        if p == part and (copies is None or int(n) in copies):
            out.append(k.source)
    return out


def drop_lost(state: RpgState, c: Creature) -> list:
    """RS-74: a hold whose limb was destroyed or seized is broken."""
    from . import grapple
    limbs = grapple_limbs(state, c)
    events: list = []
    for k in list(c.conditions):
        if k.id == "grappling" and k.value and _lost(state, c, limbs[k.value - 1]):
            events += grapple.end(state, c, state.creatures[k.source], "limb lost")
    return events

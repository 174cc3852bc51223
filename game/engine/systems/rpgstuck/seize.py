"""RPGStuck seizing a part of a creature already held (RS-68): a tool out of its hands, its
wings, its vitals, a limb.

Owns: which parts a holder may try to seize (the anatomy kind's `grappleable`: "always", or
"with_hp" for a listing with HP of its own and a copy still whole; a secret part only once the
holder's side has found it, as for called shots), the Seize action's refusals and its opposed
check (the holder's Athletics against the held creature's better skill plus the part's bonus,
the document's "add that part's bonus"), and what a seized part does: a tool is wrested away
with the abilitechs the stat block ties to it (it stays taken when the hold ends: our reading),
wings ground the creature and vitals Daze it while the hold lasts (grapple.py lets them go
with the hold, `grapple.let_go_parts`); other parts are simply held.

Must not: roll except on the Rng it is handed (grapple.py's opposed check), or touch holds
themselves (grapple.py).
"""
from __future__ import annotations

from fractions import Fraction

from game.engine.rng import Rng

from . import arith, called, grapple, limbs
from .actions import Seize
from .called import Aimed
from .events import ConditionChanged, PartSeized
from .state import Condition, Creature, RpgState

ACTIONS = (Seize,)


def seizable(state: RpgState, c: Creature, d: Creature) -> list[Aimed]:
    """The parts of `d` (held by `c`) that `c` may try to seize now."""
    out = []
    for aimed in called.parts(state, c.side, d, None):
        how = aimed.kind.grappleable
        if how == "never" or aimed.key in d.seized:
            continue
        if how == "with_hp" and not aimed.hp:
            continue
        out.append(aimed)
    return out


def choices(state: RpgState, c: Creature, major: bool) -> list:
    if not major:
        return []
    return [Seize(c.id, d.id, aimed.key) for d in grapple.held_by(state, c)
            for aimed in seizable(state, c, d)]


def refusal(state: RpgState, c: Creature, action: Seize, major: bool) -> tuple[str, str] | None:
    d = state.creatures.get(action.target)
    if d is None or d not in grapple.held_by(state, c):
        return f"{c.id} does not hold {action.target}: seize a part of a creature held", "RS-68"
    if action.part not in {a.key for a in seizable(state, c, d)}:
        return (f"{d.id} has no {action.part} {c.id} can seize (it needs HP of its own, or "
                f"it is already seized, destroyed or not found)", "RS-68")
    if not major:
        return f"{c.id} has no major action left", "RS-B-11"
    return None


def seize_net(c: Creature) -> int:
    """The net advantage of `c`'s attempt to seize a part."""
    return -1 if c.has("loose_grip") else 0                     # RS-53: a hurt arm


def seize_odds(state: RpgState, c: Creature, d: Creature, part: str) -> Fraction:
    """The chance `c` seizes `d`'s `part` (a key of `seizable`): the same opposed check as
    `apply`, the part's bonus on the held creature's side."""
    aimed = next(a for a in seizable(state, c, d) if a.key == part)
    return arith.opposed_odds(state, c, "athletics", seize_net(c), d,
                              arith.defence_skill(d), k_bonus=aimed.y)


def apply(state: RpgState, c: Creature, action: Seize, rng: Rng) -> list:
    d = state.creatures[action.target]
    aimed = next(a for a in seizable(state, c, d) if a.key == action.part)
    state.turn.major = False
    won, events = arith.opposed_check(state, rng, c, "athletics", seize_net(c), d,
                                      arith.defence_skill(d), f"seize the {aimed.name.lower()}",
                                      k_bonus=aimed.y)
    if not won:
        return events
    d.seized[aimed.key] = c.id
    events.append(PartSeized(c.id, d.id, aimed.name))
    events += limbs.drop_lost(state, d)                  # RS-74: a seized limb lets go
    effect = aimed.kind.effect
    if effect in grapple.TAKEN_FOR_GOOD:
        lost = [a for a in aimed.listing.disables if a in d.actions]
        d.actions = [a for a in d.actions if a not in lost]
    elif effect in grapple.WHILE_SEIZED:
        cid = grapple.WHILE_SEIZED[effect]
        d.conditions.append(Condition(cid, 0, c.id, grapple.SEIZED))
        events.append(ConditionChanged(d.id, cid, True, 0))
    return events

"""RPGStuck teleporting (RS-109, RS-70, RS-71): an abilitech with `teleport_ft` moves its user to
a square it can see within that many feet.

Owns: the Teleport action (which squares, why not, what it does): the destination must be
seen and free for the user's whole footprint (moves.can_teleport, RS-109); a holder brings
every creature it holds along at the same offset, so a square where one of them would not fit
is not offered (RS-70); a held creature may teleport although it cannot walk, and its holds end
(RS-71); the action's cost and cooldown are the abilitech's (RS-97).

Must not: price steps or see for itself (moves.py and sight through moves.can_teleport), or
hold grapples (grapple.py: `end`, `held_by`, `holders_of`).
"""
from __future__ import annotations

from game.engine.tactics.footprint import block, cells_distance

from . import arith, attack, grapple, moves, terrain
from .actions import Teleport
from .events import Moved
from .profiles import content_of
from .state import Cell, Creature, RpgState

ACTIONS = (Teleport,)
FT = terrain.FEET_PER_SQUARE


def means(state: RpgState, c: Creature) -> list[str]:
    """The abilitechs of `c` that teleport and are ready (cooldown, RS-97)."""
    techs = content_of(state).abilitechs
    return [a for a in c.actions if a in techs and techs[a].teleport_ft
            and c.ready_round.get(a, 0) <= state.round]


def _affordable(state: RpgState, cost: str, can_major: bool, can_minor: bool) -> bool:
    return can_major if cost == "major" else can_minor


def destinations(state: RpgState, c: Creature, ability: str) -> list[Cell]:
    """RS-109/RS-70: anchors within range that `c` sees, free for it and for everyone it holds
    at the same offset."""
    reach = content_of(state).abilitechs[ability].teleport_ft // FT
    f = arith.field(state)
    held = grapple.held_by(state, c)
    movers = {c.id} | {d.id for d in held}
    taken = {k for o in state.creatures.values() if o.id not in movers
             and o.status in ("up", "unconscious") for k in o.cells()}
    out = []
    for y in range(c.y - reach, c.y + reach + 1):
        for x in range(c.x - reach, c.x + reach + 1):
            if (x, y) == (c.x, c.y) or not all(f.in_bounds(k) for k in block((x, y), c.size)):
                continue
            if cells_distance(c.cells(), block((x, y), c.size)) > reach:
                continue
            if not moves.can_teleport(f, c.cells(), (x, y), c.size, taken):
                continue
            dx, dy = x - c.x, y - c.y
            if all(all(f.in_bounds(k) and not f.is_solid(k) and k not in taken
                       for k in block((d.x + dx, d.y + dy), d.size)) for d in held):
                out.append((x, y))
    return out


def choices(state: RpgState, c: Creature, can_major: bool, can_minor: bool) -> list:
    techs = content_of(state).abilitechs
    out = []
    for a in means(state, c):
        if _affordable(state, techs[a].action, can_major, can_minor):
            out += [Teleport(c.id, a, x, y) for x, y in destinations(state, c, a)]
    return out


def refusal(state: RpgState, c: Creature, action: Teleport, can_major: bool, can_minor: bool
            ) -> tuple[str, str] | None:
    techs = content_of(state).abilitechs
    if action.ability not in means(state, c):
        return f"{c.id} has no teleport {action.ability!r} ready", "RS-109"
    if not _affordable(state, techs[action.ability].action, can_major, can_minor):
        return f"{c.id} has no {techs[action.ability].action} action left", "RS-B-11"
    if (action.x, action.y) not in destinations(state, c, action.ability):
        return (f"{action.x},{action.y} is out of range, out of sight or taken (for {c.id} or "
                f"a creature it holds)", "RS-109")
    return None


def apply(state: RpgState, c: Creature, action: Teleport) -> list:
    a = content_of(state).abilitechs[action.ability]
    if a.action == "major":
        state.turn.major = False
    else:
        attack.spend_minor(state)
    if a.cooldown:
        c.ready_round[action.ability] = state.round + a.cooldown + 1         # RS-97
    events: list = []
    for h in grapple.holders_of(state, c):                                  # RS-71
        events += grapple.end(state, h, c, "teleported")
    dx, dy = action.x - c.x, action.y - c.y
    c.x, c.y = action.x, action.y
    events.append(Moved(c.id, ((c.x, c.y),), "teleport", False, 0))
    for d in grapple.held_by(state, c):                                     # RS-70
        d.x, d.y = d.x + dx, d.y + dy
        events.append(Moved(d.id, ((d.x, d.y),), "teleport", True, 0))
    return events

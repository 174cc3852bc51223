"""RPGStuck tools out of their wielder's hands (RS-56, AMB-09): a called shot at a Tool by an
attack that pushes knocks the tool away instead of (table option: as well as) the wielder, and
a creature next to a tool on the ground picks it up.

A tool on the ground is data on its owner: `Creature.dropped` maps the part id ("tool") to the
square it lies on, and the owner's `seized` marks the part out of its hands ("ground"), so
called shots no longer name it (called.parts) and the abilitechs its listing `disables` are
gone until it is picked up again.

Owns: `knocks` (whether a hit knocks a tool), `knock` (where it lands: the push's line, the
push's distance, stopped by a wall or the map's edge, flying over creatures: our reading),
the PickUp action (a minor action for a creature on or next to the square, our reading: the
document does not price it): the owner gets its tool and abilitechs back; anyone else takes it
away from the fight.

Must not: move creatures (arith.push does, when the table option says both move), or roll dice.
"""
from __future__ import annotations

from game.engine.tactics.footprint import cells_distance

from . import arith, house, moves, terrain
from .actions import PickUp
from .called import Aimed
from .events import ToolDropped
from .profiles import content_of
from .state import Creature, RpgState

ACTIONS = (PickUp,)
ON_GROUND = "ground"         # a `seized` value: the part lies on the map, nobody holds it


def knocks(aimed: Aimed | None) -> bool:
    """AMB-09: a hit naming a Tool (the kind whose loss disarms) by an attack that pushes."""
    return aimed is not None and aimed.kind.effect == "disarm"


def both_move(state: RpgState) -> bool:
    """AMB-09's table option: by default only the tool flies; `both`: the wielder is pushed too."""
    return house.read(state, "tool_push") == "both"


def landing(state: RpgState, c: Creature, d: Creature, ft: int) -> tuple[int, int]:
    """Where the tool lands: from the wielder's square straight away from the attacker, `ft`
    feet, stopping before a wall or the map's edge (creatures do not stop it)."""
    f = arith.field(state)
    at = (d.x, d.y)
    for dx, dy in moves.push_steps((c.x, c.y), c.size, (d.x, d.y), d.size,
                                   ft // terrain.FEET_PER_SQUARE):
        nxt = (at[0] + dx, at[1] + dy)
        if not f.in_bounds(nxt) or f.is_solid(nxt):
            break
        at = nxt
    return at


def knock(state: RpgState, c: Creature, d: Creature, aimed: Aimed, ft: int) -> list:
    """The tool leaves `d`'s hands for the square `landing` finds; its abilitechs go with it."""
    x, y = landing(state, c, d, ft)
    d.seized[aimed.key] = ON_GROUND
    d.dropped[aimed.key] = [x, y]
    d.actions = [a for a in d.actions if a not in aimed.listing.disables]
    return [ToolDropped(d.id, aimed.name, x, y)]


def _tool(state: RpgState, owner: Creature, part: str):
    entry = content_of(state).creatures[owner.entry]
    return next(p for p in (*entry.anatomy, *entry.secrets) if p.part == part)


def part_name(state: RpgState, owner: Creature, part: str) -> str:
    """What `part` of `owner` is called on its stat block ("Club" for the ogre's tool); the
    kind's name for a part its stat block does not list (a described, unlisted action)."""
    entry = content_of(state).creatures[owner.entry]
    listing = next((p for p in (*entry.anatomy, *entry.secrets) if p.part == part), None)
    if listing is not None and listing.name:
        return listing.name
    kind = content_of(state).anatomy.get(part)
    return kind.name if kind is not None else part


def choices(state: RpgState, c: Creature, minor: bool) -> list:
    if not minor:
        return []
    out = []
    for owner in state.creatures.values():
        for part, (x, y) in owner.dropped.items():
            if cells_distance(c.cells(), [(x, y)]) <= 1:
                out.append(PickUp(c.id, owner.id, part))
    return out


def refusal(state: RpgState, c: Creature, action: PickUp, minor: bool) -> tuple[str, str] | None:
    owner = state.creatures.get(action.owner)
    if owner is None or action.part not in owner.dropped:
        return f"no {action.part} of {action.owner} lies on the ground", "RS-AMB-09"
    x, y = owner.dropped[action.part]
    if cells_distance(c.cells(), [(x, y)]) > 1:
        return f"{c.id} is not on or next to {x},{y}, where it lies", "RS-AMB-09"
    if not minor:
        return f"{c.id} has no minor action left", "RS-B-11"
    return None


def pick_up(state: RpgState, c: Creature, action: PickUp) -> list:
    owner = state.creatures[action.owner]
    listing = _tool(state, owner, action.part)
    name = part_name(state, owner, action.part)
    del owner.dropped[action.part]
    if c.id == owner.id:
        del owner.seized[action.part]
        entry = content_of(state).creatures[owner.entry]
        owner.actions += [a for a in listing.disables
                          if a in entry.actions and a not in owner.actions]
    else:
        owner.seized[action.part] = c.id          # taken away: as wrested (seize.py)
    return [ToolDropped(owner.id, name, -1, -1, c.id)]

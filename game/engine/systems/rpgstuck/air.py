"""RPGStuck air (RS-117, RS-118, SM-03, TV-54): a creature under water holds its breath, runs out
of it, drops to 0 HP, and with the table's lethal options dies if still without air.

Our reading of "without air": a creature whose every square is deep water (terrain `swim`) and
that has no swim speed of its own is under water; one with a swim speed breathes there (the
bestiary's swimmers), and one that leaves the water breathes again (its count starts over).
`Creature.air_lost` keeps the round its air ran out (0: breathing); moves.breath turns it into
the rounds held, the rounds survived and the round its HP drops (CON is the modifier, B-01).
The drop comes as its turn starts (RS-118); death (SM-03, with lethal strife on) at its next slot
while still under water, taken even though a creature at 0 HP has no turn of its own.

Must not: price moving in water (moves.py), or change HP except through turns.py.
"""
from __future__ import annotations

from . import house, moves
from .events import Damaged
from .profiles import content_of
from .state import Creature, RpgState


def under_water(state: RpgState, c: Creature) -> bool:
    from . import arith
    f = arith.field(state)
    if content_of(state).creatures[c.entry].speed.swim > 0:
        return False
    return all(f.terrain_at(x) == "swim" for x in c.cells())


def breath(state: RpgState, c: Creature) -> moves.Breath:
    lethal = bool(house.read(state, "lethal")) and bool(house.read(state, "suffocation_death"))
    return moves.breath(c.mod("CON"), c.air_lost, lethal=lethal)


def at_turn_start(state: RpgState, c: Creature) -> list:
    """As `c`'s turn starts: it breathes again out of the water, or counts its held breath; the
    round its air runs out it drops to 0 HP and 0 temp HP (RS-118)."""
    from . import turns
    if not under_water(state, c):
        c.air_lost = 0
        return []
    if not c.air_lost:
        c.air_lost = state.round
    b = breath(state, c)
    if state.round < b.drops_at or not c.up:
        return []
    lost, temp = c.hp, c.temp_hp
    c.hp, c.temp_hp = 0, 0
    events: list = [Damaged(c.id, lost, 0, "no air", temp, 0, lost + temp, 100)]
    return events + turns.knock_out(state, c)


def at_slot(state: RpgState, c: Creature) -> list:
    """An unconscious creature's slot comes round (it has no turn): SM-03 with lethal strife, it
    dies if its air ran out and it is still under water."""
    from . import turns
    if c.status != "unconscious" or not c.air_lost or not under_water(state, c):
        return []
    b = breath(state, c)
    if b.dies_at is None or state.round < b.drops_at + 1:
        return []
    return turns.kill(state, c, "suffocation")

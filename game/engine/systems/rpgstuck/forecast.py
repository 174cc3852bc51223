"""RPGStuck forecasts on the board: what an attack the acting creature could declare would do,
for the client's hover and for the bots (STYLE habit 13: one computation, both readers).

Owns: `predict(state, attacker, ability, target)` (the terms the engine would use: net
advantage, the attack bonus, Aim and Block dice, cover, the defence; then the odds),
`opportunity` (the same for an opportunity attack: one roll, no Aim or Assail, B-26) and
`shelter` (how much cover and darkness a square gives against a set of enemies).

Must not: compute odds itself (the arithmetic module's odds do; arith.py is the door) or change
the state.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import arith, attack, called
from .profiles import block_reaction, profile
from .state import Creature, RpgState


@dataclass(frozen=True, slots=True)
class Forecast:
    """`hit` and `crit` chances, `expected` damage of the attack (every roll of it), `drop` the
    chance the target ends at 0 HP, as floats for ranking; `exact` holds the odds module's
    forecast of one roll with its Fractions and distributions (what the hover shows)."""

    hit: float
    crit: float
    expected: float
    drop: float
    exact: Any


def predict(state: RpgState, c: Creature, ability: str, d: Creature, aim: int = 0,
            assail: bool = False, part: str = "", trade: bool = False,
            rolls: int | None = None, unless: frozenset[str] = frozenset()) -> Forecast:
    """`part` names a called shot's part (RS-44; its Y, trade and bonuses count, RS-45..61);
    `rolls` how many rolls the attack makes (None: every roll of the abilitech, RS-96);
    `unless` a what-if for pricing what a hold takes away (attack.advantage's `unless`): the
    same blow were the two not within 5 ft ("close"), or neither prone ("prone")."""
    p = profile(state, c, ability)
    aimed = called.find(state, c.side, d, p, part) if part else None
    cell = (d.x, d.y)
    net = attack.advantage(state, c, d, p, cell, unless)
    block = []
    reaction = block_reaction(state, d)
    if reaction is not None and attack.can_block(state, d):
        block.append(arith.block_die(state, d, reaction.block_die))
    if d.has("averting"):
        block.append(arith.block_die(state, d, attack.AVERT_DIE))
    f = arith.attack_odds(state, c, p, d, net=net, aim=[arith.aim_die(state, c)] * aim,
                          block=block, cover=arith.cover(state, c, cell, p.vs), assail=assail,
                          aimed=aimed, trade=trade and aimed is not None)
    rolls_ = p.attacks if rolls is None else rolls    # RS-96: each roll on its own
    miss_all = (1 - f.drop) ** rolls_
    return Forecast(float(f.attack.hit), float(f.attack.crit), float(f.expected) * rolls_,
                    float(1 - miss_all), f)

def opportunity(state: RpgState, o: Creature, ability: str, d: Creature) -> Forecast:
    """The opportunity attack `o` may make at `d` leaving its reach (B-26): one roll of
    `ability`, with no Aim dice (whatever Aim waits on the mover's turn is not `o`'s) and no
    Assail, as the engine rolls it."""
    return predict(state, o, ability, d, rolls=1)


def shelter(state: RpgState, c: Creature, foes: list[Creature]) -> float:
    """How hidden or covered `c` is from `foes` where it stands: +1 for each foe that cannot see
    it, + the cover malus / 2 for each that can."""
    out = 0.0
    for f in foes:
        if not arith.sees_creature(state, f, c, (c.x, c.y)):
            out += 1
        else:
            out += arith.cover(state, f, (c.x, c.y)) / 2
    return out

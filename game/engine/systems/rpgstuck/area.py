"""RPGStuck area attacks: a burst around its user (B-21 Psi Pulse), one attack roll per creature
in it; and abilities that attack every target in range once (RS-87), played the same way.

Owns: which squares a burst covers, which creatures it meets and how many times (a horde once per
square of it inside, RS-85/86), each roll and its damage (half on a miss where the abilitech says
so), and the limited use (RS-144: an effect on a miss spends it). The seat names no target, so
the action never hints where an unseen creature stands; a creature hidden in the burst is hit all
the same.

Must not: compute a rule the arithmetic modules own (rolls, damage and limits through arith.py
and limits.py, as attack.py does), or read content beyond `profile`.
"""
from __future__ import annotations

from dataclasses import replace

from game.engine.events import DiceRolled
from game.engine.rng import Rng

from . import arith, attack, limits, rolls, turns
from .events import AttackDeclared, AttackRolled, ConditionChanged, Spotted
from .profiles import Profile, content_of, profile
from .state import Cell, Creature, RpgState

MEDIUM = 2          # content.SIZE_INDEX["medium"]: RS-86's Medium horde on one square


def is_area(state: RpgState, ability: str) -> bool:
    """An abilitech played as an area attack: a burst, or one attack per target in range
    (RS-87), with an attack roll and damage."""
    a = content_of(state).abilitechs.get(ability)
    return (a is not None and a.category == "attack"
            and (a.area == "burst" or a.one_attack_per_target)
            and a.action in ("major", "minor") and bool(a.vs) and bool(a.dmg))


def radius_ft(p: Profile) -> int:
    """How far the area reaches from its user: the burst's size, or for one attack per target
    the ability's range (its reach for a melee one)."""
    e = p.entry
    if e.area == "burst":
        return e.area_ft
    return e.range_ft or e.reach_ft


def burst_cells(state: RpgState, c: Creature, p: Profile) -> set[Cell]:
    """The squares within the area's feet of the user's footprint (B-14 Chebyshev, 5 ft a
    square) that its line reaches (B-23: a wall or full cover stops it, RS-114), the user's own
    squares excluded."""
    r = radius_ft(p) // 5
    own = set(c.cells())
    xs = [x for x, _ in own]
    ys = [y for _, y in own]
    out: set[Cell] = set()
    for x in range(min(xs) - r, max(xs) + r + 1):
        for y in range(min(ys) - r, max(ys) + r + 1):
            if (x, y) not in own and state.board.in_bounds(x, y) and arith.sees_cell(state, c, (x, y)):
                out.add((x, y))
    return out


def caught(state: RpgState, c: Creature, p: Profile) -> list[tuple[Creature, int]]:
    """Every other creature that is up with a square in the burst (our reading: an area spares
    nobody, friends included), in initiative order, with how many times the area meets it: once,
    or a horde once per square of it inside (RS-85) and a Medium horde on one square three times
    (RS-86). One attack per target in range (RS-87) meets the same way every enemy in range the
    user's side perceives (our reading: a target is chosen, so friends and the unseen are not
    among them)."""
    cells = burst_cells(state, c, p)
    cont = content_of(state)
    per_target = p.entry.area != "burst"
    out: list[tuple[Creature, int]] = []
    for cid in state.order:
        d = state.creatures[cid]
        if d.id == c.id or not d.up:
            continue
        if per_target and (d.side == c.side or not arith.side_sees(state, c.side, d)):
            continue
        inside = sum(1 for cell in d.cells() if cell in cells)
        if not inside:
            continue
        if cont.creatures[d.entry].traits.horde:
            inside = rolls.horde_area_hits(inside, single_square_medium=(
                d.size == 1 and d.size_index == MEDIUM))
        else:
            inside = 1
        out.append((d, inside))
    return out


def usable(state: RpgState, c: Creature, ability: str) -> bool:
    """Cooldown (RS-97) and uses (RS-141/142) allow it; the action cost is the caller's."""
    p = profile(state, c, ability)
    if c.ready_round.get(ability, 0) > state.round:
        return False
    return not (p.uses and c.uses.get(ability, 0) >= p.uses)


def declare(state: RpgState, c: Creature, ability: str, rng: Rng) -> list:
    """Pay the action, then one roll against each creature caught (B-29 steps 4-10 for each;
    no Block stage: the seat named no target to answer, our reading); then RS-144."""
    p = profile(state, c, ability)
    events: list = [AttackDeclared(c.id, ability, (), "")]
    if p.cost == "major":
        state.turn.major = False
    else:
        attack.spend_minor(state)
    if p.cooldown:
        c.ready_round[ability] = state.round + p.cooldown + 1          # RS-97
    if c.hidden:
        c.hidden = False
        events.append(Spotted(c.id))
    aim = [arith.aim_die(state, c)] * state.turn.aim
    assail = state.turn.assail
    state.turn.aim, state.turn.assail = 0, False      # B-12: they serve this attack alone
    took: list[bool] = []
    for d, times in caught(state, c, p):
        if state.over:
            break
        got, assail_used = _roll_against(state, c, p, d, times, aim, assail, rng)
        events += got
        aim = []                                      # B-12 Aim: the first roll only
        assail = assail and not assail_used
        took.append(True if p.entry.damage_on_miss else
                    any(isinstance(e, AttackRolled) and e.hit for e in got))
    if p.uses and (p.entry.damage_on_miss or limits.use_spent("limited", took)):
        c.uses[p.id] = c.uses.get(p.id, 0) + 1         # RS-144: an effect on a miss spends it
    return events + turns.check_end(state)


def _roll_against(state: RpgState, c: Creature, p: Profile, d: Creature, times: int,
                  aim: list[rolls.ABDie], assail: bool, rng: Rng) -> tuple[list, bool]:
    cell = (d.x, d.y)
    events: list = []
    block: list[rolls.ABDie] = []
    averting = next((k for k in d.conditions if k.id == "averting"), None)
    if averting is not None:                           # B-12 Avert: the first roll against it
        block.append(arith.block_die(state, d, attack.AVERT_DIE))
        d.conditions.remove(averting)
        events.append(ConditionChanged(d.id, "averting", False))
    against = attack.DEFENSE_KINDS[p.vs]
    result = arith.attack_roll(rng, state, c, p, net=attack.advantage(state, c, d, p, cell),
                               aim=aim, block=block, defense=getattr(d, p.vs),
                               defense_kind=against, cover=arith.cover(state, c, cell, p.vs))
    for r in result.rolls:
        events.append(DiceRolled(r, c.id, f"{c.name} {r.purpose}: {r.breakdown()}"))
    events.append(AttackRolled(c.id, d.id if result.hit else None, cell, result.natural,
                               result.total, result.defense, against, tuple(result.terms),
                               result.hit, result.crit))
    on_miss = p.entry.damage_on_miss
    if not result.hit and not on_miss:
        return events, False
    mode = arith.house.read(state, "horde_damage")
    shared = None
    for n in range(times):                             # RS-85: once per square, AMB-08
        if not d.up:
            break
        crit_n = result.crit and not (mode == "first_crit" and n)
        if shared is None or mode != "one_roll":
            shared = arith.damage_roll(rng, state, c, p, crit=crit_n, assail=assail and n == 0,
                                       target=d)
            for r in shared.rolls:
                events.append(DiceRolled(r, c.id, f"{c.name} {r.purpose}: {r.breakdown()}"))
        halved = 1 if not result.hit and on_miss == "half" else 0      # B-21 Psi Pulse
        events += attack.apply_damage(state, d, replace(shared, halvings=shared.halvings + halved),
                                      p.id)
    return events, assail

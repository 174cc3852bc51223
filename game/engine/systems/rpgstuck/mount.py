"""RPGStuck mounted combat (checklist A12, RS-110/111, RS-125..131): mounting and dismounting,
the rider moving on its mount's speed with the mount under it, the mount keeping to the
rider's turn, and falling off.

A rider sits on its mount's footprint: the rider carries `Condition("mounted", value=<the
mount's speed>, source=<mount>)` and the mount `Condition("ridden", source=<rider>)`, so a
state saves and loads with no new field. The rider's square is the mount's bottom-right one
(a Medium rider on a Large horse: the horse's other three squares stay the horse's to be hit;
`RpgState.at` answers the smaller creature on a shared square).

Owns: the Mount and Dismount actions (legal, refused, applied), the rider's walk (the mount's
reach, RS-110/127), steering with the table option SM-04 on (a free hand and an Animal Handling
check once a turn, RS-126), the mount's lost movement on its own turn (RS-131), and `settle`,
run after every action, which unseats a rider that was knocked Prone, moved by force or whose
mount went Prone or down (RS-128/129).

Must not: roll dice except the steering check (through rolls.py, on the Rng it is handed), price
steps (moves.py: `mount_cost`, `can_mount`), or hold the AI's
fleeing mount (SM-05 is the bots').
"""
from __future__ import annotations

from game.engine.events import DiceRolled
from game.engine.rng import Rng
from game.engine.tactics.footprint import block, cells_distance

from . import arith, house, moves, rolls
from .actions import Dismount, Mount
from .events import CheckMade, ConditionChanged, Dismounted, Mounted, Moved
from .profiles import content_of
from .state import Cell, Condition, Creature, RpgState

ACTIONS = (Mount, Dismount)


def mount_of(state: RpgState, c: Creature) -> Creature | None:
    k = next((k for k in c.conditions if k.id == "mounted"), None)
    return None if k is None else state.creatures[k.source]


def rider_of(state: RpgState, m: Creature) -> Creature | None:
    k = next((k for k in m.conditions if k.id == "ridden"), None)
    return None if k is None else state.creatures[k.source]


def seat(m: Creature, rider: Creature) -> Cell:
    """The rider's anchor on its mount: the mount's bottom-right block of the rider's size."""
    return (m.x + m.size - rider.size, m.y + m.size - rider.size)


def _free_beside(state: RpgState, m: Creature, rider: Creature) -> list[Cell]:
    """Squares next to the mount where the rider could stand (dismounting, falling off)."""
    f = arith.field(state)
    taken = {k for o in state.creatures.values() if o.id not in (rider.id,)
             and o.status in ("up", "unconscious") for k in o.cells()}
    out = []
    for y in range(m.y - rider.size, m.y + m.size + 1):
        for x in range(m.x - rider.size, m.x + m.size + 1):
            cells = block((x, y), rider.size)
            if any(f.is_solid(k) or k in taken for k in cells):
                continue
            if min(max(abs(a - b) for a, b in zip(k, j)) for k in cells for j in m.cells()) == 1:
                out.append((x, y))
    return sorted(out)


def willing(state: RpgState, m: Creature) -> bool:
    return content_of(state).creatures[m.entry].traits.willing_mount


# --- legal list and refusals --------------------------------------------------------------------
def _candidates(state: RpgState, c: Creature) -> list[Creature]:
    """RS-125: an adjacent, willing creature one size larger or more (an ally whose stat block
    says it is a willing mount; SM-04 off: it obeys without Animal Handling), not already
    ridden and not itself riding."""
    return [m for m in state.standing(c.side) if m.id != c.id and willing(state, m)
            and moves.can_mount(c.size_index, m.size_index) and not m.has("ridden")
            and not m.has("mounted") and not m.has("prone")
            and cells_distance(c.cells(), m.cells()) == 1]


def choices(state: RpgState, c: Creature) -> list:
    out: list = []
    m = mount_of(state, c)
    left = state.turn.move_left
    if m is None:
        if c.has("grappled") or c.has("grappling") or c.has("prone") or c.has("ridden"):
            return []
        if left >= moves.mount_cost(c.speed):                   # RS-111, TV-52
            out += [Mount(c.id, o.id) for o in _candidates(state, c)]
    elif left >= moves.mount_cost(m.speed):                      # RS-111: the mount's speed
        out += [Dismount(c.id, x, y) for (x, y) in _free_beside(state, m, c)]
    return out


def refusal(state: RpgState, c: Creature, action: object) -> tuple[str, str] | None:
    left = state.turn.move_left
    if isinstance(action, Mount):
        m = state.creatures.get(action.mount)
        if m is None or m.side != c.side or not m.up:
            return f"{action.mount} is no standing ally of {c.id}", "RS-125"
        if not moves.can_mount(c.size_index, m.size_index):
            return f"{m.id} is not at least one size larger than {c.id}", "RS-125"
        if not willing(state, m):
            return f"{m.id} is not a willing mount", "RS-125"
        if mount_of(state, c) is not None or m.has("ridden") or m.has("mounted"):
            return f"{c.id} or {m.id} is already mounted", "RS-125"
        if cells_distance(c.cells(), m.cells()) != 1:
            return f"{m.id} is not next to {c.id}", "RS-125"
        if left < moves.mount_cost(c.speed):
            return (f"mounting costs {moves.mount_cost(c.speed)} ft; {c.id} has {left} ft left",
                    "RS-111")
    elif isinstance(action, Dismount):
        m = mount_of(state, c)
        if m is None:
            return f"{c.id} is not mounted", "RS-111"
        if left < moves.mount_cost(m.speed):
            return (f"dismounting costs {moves.mount_cost(m.speed)} ft; {c.id} has {left} ft "
                    f"left", "RS-111")
        if (action.x, action.y) not in _free_beside(state, m, c):
            return f"{action.x},{action.y} is not a free square beside {m.id}", "RS-111"
    return None


# --- doing it -----------------------------------------------------------------------------------
def apply(state: RpgState, c: Creature, action: object) -> list:
    t = state.turn
    if isinstance(action, Mount):
        m = state.creatures[action.mount]
        cost = moves.mount_cost(c.speed)
        used = c.speed - t.move_left + cost          # what it has walked, and the climb up
        c.conditions.append(Condition("mounted", m.speed, m.id))
        m.conditions.append(Condition("ridden", 0, c.id))
        c.x, c.y = seat(m, c)
        t.move_left = max(0, m.speed - used)         # RS-127: from now on the mount's speed
        _share_slot(state, c, m)
        return [Mounted(c.id, m.id, cost), Moved(c.id, ((c.x, c.y),), "mount", False, cost)]
    assert isinstance(action, Dismount)
    m = mount_of(state, c)
    cost = moves.mount_cost(m.speed)
    t.move_left = max(0, min(t.move_left, c.speed) - cost)   # back on its own feet
    return _unseat(state, c, m, (action.x, action.y), cost, "dismounted")


def _share_slot(state: RpgState, c: Creature, m: Creature) -> None:
    """RS-131 (B-17): the mount acts on its rider's initiative: its slot moves to just after the
    rider's, so the two act together."""
    acting = state.order[state.index]
    state.order.remove(m.id)
    state.order.insert(state.order.index(c.id) + 1, m.id)
    state.index = state.order.index(acting)


def _unseat(state: RpgState, c: Creature, m: Creature, to: Cell, cost: int, why: str) -> list:
    c.conditions = [k for k in c.conditions if not (k.id == "mounted" and k.source == m.id)]
    m.conditions = [k for k in m.conditions if not (k.id == "ridden" and k.source == c.id)]
    c.x, c.y = to
    return [Dismounted(c.id, m.id, why, cost), Moved(c.id, (to,), "dismount", why != "dismounted",
                                                     cost)]


def saddle(state: RpgState, pairs: list[tuple[str, str]]) -> None:
    """Set-up: riders that start the battle in the saddle (a party's `mounted`, RS-125), each
    on its mount's seat, the mount's slot right after its rider's (B-17, RS-131)."""
    for rider_id, mount_id in pairs:
        c, m = state.creatures[rider_id], state.creatures[mount_id]
        c.conditions.append(Condition("mounted", m.speed, m.id))
        m.conditions.append(Condition("ridden", 0, c.id))
        c.x, c.y = seat(m, c)
        state.order.remove(m.id)
        state.order.insert(state.order.index(c.id) + 1, m.id)


# --- steering (RS-126, SM-04) --------------------------------------------------------------------
STEER_DC = 10          # SM-04 on: the table's DC for an Animal Handling check to steer

# Turn.steered: 0 not tried this turn, 1 the mount obeys this turn, -1 it refused this turn


def steering_rule(state: RpgState) -> bool:
    return bool(house.read(state, "animal_handling"))


def free_hand(c: Creature) -> bool:
    """Our reading of RS-126's free hand: hands are not tracked one by one, so a rider has one
    unless a hold it keeps takes it (RS-66: a grapple needs a free hand)."""
    return not c.has("grappling")


SADDLEKIND = "saddlekind"


def saddlekind(state: RpgState, c: Creature) -> bool:
    """RS-132: a rider with a Saddlekind abilitech steers with no Animal Handling check. The
    rest of Saddlekind (heavy weapons one-handed at a malus whose size the document leaves to
    another book) is out of scope, SM-17: hands are not tracked, so nothing else changes."""
    techs = content_of(state).abilitechs
    return any(a in techs and techs[a].specibus == SADDLEKIND for a in c.actions)


def may_ride(state: RpgState, c: Creature) -> bool:
    """Whether the rider may walk its mount now: always with SM-04 off (willing mounts obey);
    with it on, a free hand and no refusal this turn."""
    if not steering_rule(state) or mount_of(state, c) is None:
        return True
    return free_hand(c) and state.turn.steered >= 0


def steer(state: RpgState, c: Creature, rng: Rng) -> tuple[bool, list]:
    """SM-04 on: the first ride of a turn asks an Animal Handling check against DC 10; a
    failure keeps the mount still for the rest of the turn (our reading: the rider may still
    dismount or act). With the option off, or once steered this turn, nothing is rolled."""
    t = state.turn
    if not steering_rule(state) or mount_of(state, c) is None or t.steered:
        return t.steered >= 0, []
    if saddlekind(state, c):                 # RS-132: Saddlekind riders need no Animal Handling
        t.steered = 1
        return True, []
    got = rolls.roll_check(rng, c.skills["animal_handling"], dc=STEER_DC,
                           nat_rules=house.read(state, "skill_naturals"), purpose="steer")
    t.steered = 1 if got.success else -1
    events: list = [DiceRolled(got.d20.roll, c.id, f"{c.name} steers: {got.d20.roll.breakdown()}"),
                    CheckMade(c.id, "animal_handling", got.total, STEER_DC, bool(got.success),
                              "steer")]
    return bool(got.success), events


# --- the rider's walk -----------------------------------------------------------------------------
def reach(state: RpgState, c: Creature, budget: int) -> dict[Cell, tuple[int, list[Cell]]]:
    """RS-110/127: a rider walks where its mount could, on the mount's speed; the squares are
    the rider's seat on the mount at each place the mount could stand."""
    m = mount_of(state, c)
    assert m is not None
    out = {}
    for (x, y), (cost, path) in arith.reach(state, m, budget, ignore=c.id).items():
        dx, dy = x - m.x, y - m.y
        out[(c.x + dx, c.y + dy)] = (cost, [(p[0] - m.x + c.x, p[1] - m.y + c.y) for p in path])
    return out


def carry(state: RpgState, c: Creature, start: Cell) -> list:
    """After the rider walked from `start`, its mount goes the same way under it (RS-110)."""
    m = mount_of(state, c)
    if m is None:
        return []
    dx, dy = c.x - start[0], c.y - start[1]
    if not (dx or dy):
        return []
    m.x, m.y = m.x + dx, m.y + dy
    return [Moved(m.id, ((m.x, m.y),), "ridden", False, 0)]


def after_forced(state: RpgState, d: Creature, start: Cell) -> list:
    """RS-129: a rider moved by force is unseated where it stopped; a mount moved by force
    carries its rider along."""
    m = mount_of(state, d)
    if m is not None and (d.x, d.y) != seat(m, d):
        where = (d.x, d.y)
        return _unseat(state, d, m, where, 0, "moved off")
    r = rider_of(state, d)
    if r is not None:
        r.x, r.y = seat(d, r)
    return []


def settle(state: RpgState) -> list:
    """After every action: a rider knocked Prone or down falls off (RS-129); a mount that went
    Prone or down throws its rider, who lands Prone beside it unless it spends its reaction
    (RS-128, our reading: spent whenever it is unspent)."""
    events: list = []
    for c in list(state.creatures.values()):
        m = mount_of(state, c)
        if m is None:
            continue
        rider_falls = c.has("prone") or not c.up
        mount_falls = m.has("prone") or not m.up
        if not (rider_falls or mount_falls):
            continue
        spots = _free_beside(state, m, c)
        to = spots[0] if spots else (c.x, c.y)
        events += _unseat(state, c, m, to, 0, "fell off")
        if mount_falls and not rider_falls and c.up:
            if c.reaction:
                c.reaction = False
            else:
                c.conditions.append(Condition("prone", source=m.id))
                events.append(ConditionChanged(c.id, "prone", True))
    return events

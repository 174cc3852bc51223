"""RPGStuck grappling (checklist A6, RS-64..79): starting a hold, escaping it, letting go,
carrying a held creature along, and what ends a hold when somebody is moved or goes down.

A hold is data on the two creatures, so it saves with them and old states load unchanged: the
held creature carries `Condition("grappled", value=<ft the hold was made at>, source=<holder>)`
and the holder `Condition("grappling", source=<held>)`, one pair per hold (RS-76: each hold is
tracked on its own). Nothing else in the state names a grapple.

Owns: the Grapple, Escape and Release actions (what is legal, why not, what they do) and the
exact chances of their checks (`grapple_odds`, `escape_odds`: the hover and the bots read
these), the size disadvantage of RS-66/67 with AMB-20, who checks against whom in RS-64/65
(the opposed check itself with SM-20 and AMB-21 is arith.opposed_check, shared with seizing
and shoves), the holder's half speed (RS-69), dragging held creatures along a walk at the
distance the hold was made (RS-77/78), and the ends of RS-72/AMB-19 (forced movement), RS-76
(an involuntary loss drops every hold) and a holder or held creature leaving the fight.

Must not: roll except on the Rng it is handed, compute dice arithmetic itself (rolls.py), or
hold rules of the basic actions, attacks or movement costs (rules.py, attack.py, moves.py).
"""
from __future__ import annotations

from fractions import Fraction

from game.engine.rng import Rng
from game.engine.tactics import pending
from game.engine.tactics.footprint import block, cells_distance, layer_gap

from . import arith, heights, house, limbs, mount, moves, terrain
from .actions import Escape, Grapple, Haul, Release, Resist
from .events import ConditionChanged, GrappleEnded, GrappleStarted, Moved, PartSeized
from .profiles import content_of, is_attack, profile
from .state import Cell, Condition, Creature, RpgState

FT = terrain.FEET_PER_SQUARE
ACTIONS = (Grapple, Escape, Release, Haul)
RESIST_STAGE = "resist_grapple"     # SM-20 `manual`: the defender names its skill
SKILLS = ("athletics", "acrobatics")


# --- who holds whom -------------------------------------------------------------------------------
def held_by(state: RpgState, c: Creature) -> list[Creature]:
    """The creatures `c` holds (RS-76: each hold on its own), in id order."""
    return sorted((state.creatures[k.source] for k in c.conditions if k.id == "grappling"),
                  key=lambda d: d.id)


def holders_of(state: RpgState, d: Creature) -> list[Creature]:
    return sorted((state.creatures[k.source] for k in d.conditions if k.id == "grappled"),
                  key=lambda c: c.id)


def hold_ft(c: Creature, d: Creature) -> int:
    """RS-78: the distance the hold on `d` was made at."""
    return next(k.value for k in d.conditions if k.id == "grappled" and k.source == c.id)


def grapple_reach(state: RpgState, c: Creature) -> int:
    """How far `c` can grab, in ft: its longest melee reach (B-22 Strike: 5 ft), or further
    with a grip by other means (RS-79: an abilitech's `hold_ft`, a psionic grip; the same
    skills decide it, as the document asks unless the means says otherwise)."""
    best = 1
    techs = content_of(state).abilitechs
    for ability in c.actions:
        if is_attack(state, ability):
            p = profile(state, c, ability)
            if p.melee:
                best = max(best, p.reach)
    other = max((techs[a].hold_ft for a in c.actions if a in techs), default=0)
    return max(best * FT, other)


def distance_ft(state: RpgState, a: Creature, b: Creature) -> int:
    """Feet between two creatures, with the heights once either is in the air (B-25)."""
    return heights.distance_ft(state, a, b)


# --- the odds' ingredients ----------------------------------------------------------------------
def size_disadvantage(grappler_size: int, target_size: int, mount_size: int | None = None, *,
                      stack: bool = True) -> int:
    """The net advantage a grapple attempt starts with (negative), B-15 size indices.
    RS-66: a target 1+ sizes larger gives disadvantage, 3+ sizes larger double disadvantage.
    RS-67: grabbing a rider together with its mount gives disadvantage unless the grappler is
    2+ sizes larger than both. AMB-20: by default both count (netted per B-10); `stack=False`
    keeps only the larger of the two."""
    diff = target_size - grappler_size
    size = 2 if diff >= 3 else 1 if diff >= 1 else 0
    mounted = 0
    if mount_size is not None and grappler_size < max(target_size, mount_size) + 2:
        mounted = 1
    return -(size + mounted) if stack else -max(size, mounted)


def attempt_net(state: RpgState, c: Creature, d: Creature) -> int:
    """The net advantage of `c`'s grapple attempt on `d`: RS-66/67 sizes (AMB-20) and RS-53's
    loose grip."""
    steed = mount.mount_of(state, d)                # RS-67: a rider comes with its mount
    net = size_disadvantage(c.size_index, d.size_index,
                            None if steed is None else steed.size_index,
                            stack=house.read(state, "grapple_disadvantage") == "stack")
    if c.has("loose_grip"):
        net -= 1                                    # RS-53: an arm hit by a called shot
    return net


def grapple_odds(state: RpgState, c: Creature, d: Creature) -> Fraction:
    """The chance `c`'s grapple attempt on `d` makes the hold (RS-64), `d` resisting with its
    better skill (SM-20; with the `manual` setting it may pick the worse, never better for it)."""
    return arith.opposed_odds(state, c, "athletics", attempt_net(state, c, d), d, arith.defence_skill(d))


def escape_odds(state: RpgState, d: Creature, c: Creature) -> Fraction:
    """The chance `d` breaks free of `c`'s hold with one Escape (RS-65)."""
    return arith.opposed_odds(state, d, arith.defence_skill(d), 0, c, "athletics")


# --- legal list and refusals --------------------------------------------------------------------
def _targets(state: RpgState, c: Creature) -> list[Creature]:
    """Enemies `c` may try to grab: up, seen by its side, within its reach, not held by it."""
    mine = {d.id for d in held_by(state, c)}
    reach_ft = grapple_reach(state, c)
    return [d for d in state.standing() if d.side != c.side and d.id not in mine
            and 0 < distance_ft(state, c, d) <= reach_ft and arith.side_sees(state, c.side, d)]


def choices(state: RpgState, c: Creature, major: bool) -> list:
    """RS-64 Grapple and RS-65 Escape (majors, B-12); RS-76 Release (free); RS-77 Haul (paid
    from movement)."""
    out: list = []
    if major and limbs.may_grab(state, c):                        # RS-66: a free limb
        out += [Grapple(c.id, d.x, d.y) for d in _targets(state, c)]
        out += [Escape(c.id, h.id) for h in holders_of(state, c)]
    out += [Release(c.id, d.id) for d in held_by(state, c)]
    for d in held_by(state, c):
        out += [Haul(c.id, d.id, x, y) for (x, y) in haul_cells(state, c, d)]
    return out


def haul_cost(d: Creature, cell: Cell) -> int:
    """RS-77: the ft the held creature is moved (5 ft squares, B-14)."""
    return cells_distance(d.cells(), block(cell, d.size)) * FT


def haul_cells(state: RpgState, c: Creature, d: Creature) -> list[Cell]:
    """RS-77: where `c` may move the held `d`: a free square within `c`'s reach that its
    movement left pays for."""
    if c.id != state.turn.actor:
        return []
    f = arith.field(state)
    reach_ft = grapple_reach(state, c)
    taken = {k for o in state.creatures.values() if o.id != d.id
             and o.status in ("up", "unconscious") for k in o.cells()}
    span = reach_ft // FT + d.size
    up = c.aloft or d.aloft
    keep = arith.height(state, d) if d.aloft else None      # B-25: carried at its height
    out = []
    for y in range(c.y - span, c.y + c.size + span):
        for x in range(c.x - span, c.x + c.size + span):
            cells = block((x, y), d.size)
            if (x, y) == (d.x, d.y) or any(f.is_solid(k) or k in taken for k in cells):
                continue
            apart = cells_distance(c.cells(), cells)
            if up:
                floor = arith.floor_under(state, d, (x, y))
                if keep is not None and floor >= keep:
                    continue                        # a face the held creature would fly into
                low = (keep if keep is not None else floor) // FT
                apart = max(apart, layer_gap(heights.low_layer(state, c), c.size, low, d.size))
            if 0 < apart * FT <= reach_ft and haul_cost(d, (x, y)) <= state.turn.move_left:
                out.append((x, y))
    return out


def refusal(state: RpgState, c: Creature, action: object, major: bool) -> tuple[str, str] | None:
    """The reason (text, rule ID) a grapple action is refused, or None."""
    if isinstance(action, Grapple):
        d = state.at(action.x, action.y)
        if d is None or d.side == c.side or not d.up:
            return f"no standing enemy of {c.id} is at {action.x},{action.y}", "RS-64"
        if not arith.side_sees(state, c.side, d):
            return f"{c.id}'s side cannot see anything at {action.x},{action.y}", "RS-99"
        if d in held_by(state, c):
            return f"{c.id} already holds {d.id}", "RS-76"
        if not 0 < distance_ft(state, c, d) <= grapple_reach(state, c):
            if cells_distance(c.cells(), d.cells()) * FT <= grapple_reach(state, c):
                return (heights.out_of_reach(state, c, d, grapple_reach(state, c), "a grapple"),
                        "RS-B-25")
            return f"{d.id} is beyond {c.id}'s {grapple_reach(state, c)} ft reach", "RS-64"
        if not limbs.may_grab(state, c):
            return f"every grappling limb of {c.id} is holding or lost", "RS-74"
    elif isinstance(action, Escape):
        if action.grappler not in {h.id for h in holders_of(state, c)}:
            return f"{c.id} is not held by {action.grappler}", "RS-65"
    elif isinstance(action, (Release, Haul)):
        if action.target not in {d.id for d in held_by(state, c)}:
            return f"{c.id} holds no {action.target}", "RS-76"
        if isinstance(action, Haul) and (action.x, action.y) not in \
                haul_cells(state, c, state.creatures[action.target]):
            return (f"{action.x},{action.y} is not a free square within {c.id}'s reach that its "
                    f"{state.turn.move_left} ft left pays for", "RS-77")
        return None
    if not major:
        return f"{c.id} has no major action left", "RS-B-11"
    return None


# --- doing it -----------------------------------------------------------------------------------
def apply(state: RpgState, c: Creature, action: object, rng: Rng) -> list:
    if isinstance(action, Release):
        return end(state, c, state.creatures[action.target], "let go")
    if isinstance(action, Haul):
        d = state.creatures[action.target]
        cost = haul_cost(d, (action.x, action.y))
        state.turn.move_left -= cost                # RS-77: the holder's speed pays
        high = arith.height(state, d)
        d.x, d.y = action.x, action.y
        if d.aloft:                                 # B-25: carried along at its height
            d.altitude = high - arith.floor_under(state, d)
        for k in d.conditions:                      # RS-78: the new distance is the hold's
            if k.id == "grappled" and k.source == c.id:
                k.value = distance_ft(state, c, d)
        return [Moved(d.id, ((d.x, d.y),), "dragged", True, cost)]
    state.turn.major = False
    if isinstance(action, Grapple):
        return attempt(state, c, state.at(action.x, action.y), rng)
    assert isinstance(action, Escape)
    return escape(state, c, state.creatures[action.grappler], rng)


def attempt(state: RpgState, c: Creature, d: Creature, rng: Rng) -> list:
    """RS-64: the grappler's Athletics (at RS-66's size disadvantage) against the target's
    better skill (SM-20); a win makes the hold at the current distance (RS-78)."""
    net = attempt_net(state, c, d)
    if house.read(state, "grapple_defence") == "manual":         # SM-20: ask the defender
        pending.push(state.pending, pending.Pending(RESIST_STAGE, d.side, d.id,
                                                    {"grappler": c.id, "net": net}))
        return []
    return resolve(state, c, d, net, arith.defence_skill(d), rng)


def stage_choices(stage: pending.Pending) -> list:
    """SM-20 `manual`: the defender's two answers."""
    return [Resist(stage.actor, skill) for skill in SKILLS]


def answer(state: RpgState, action: Resist, rng: Rng) -> list:
    """The defender named its skill: the grapple attempt goes on (RS-64)."""
    stage = pending.pop(state.pending, RESIST_STAGE)
    c = state.creatures[stage.data["grappler"]]
    return resolve(state, c, state.creatures[action.unit], int(stage.data["net"]), action.skill,
                   rng)


def resolve(state: RpgState, c: Creature, d: Creature, net: int, skill: str, rng: Rng) -> list:
    """RS-64's opposed check, and the hold if the grappler wins."""
    won, events = arith.opposed_check(state, rng, c, "athletics", net, d, skill, "grapple")
    if not won:
        return events
    ft = distance_ft(state, c, d)
    d.conditions.append(Condition("grappled", ft, c.id))
    first = not c.has("grappling")
    c.conditions.append(Condition("grappling", limbs.take(state, c), d.id))   # RS-74
    if first and state.turn.actor == c.id:
        state.turn.move_left //= 2                  # RS-69: what is left of its move halves
    return events + [GrappleStarted(c.id, d.id, ft), ConditionChanged(d.id, "grappled", True, ft)]


def escape(state: RpgState, d: Creature, c: Creature, rng: Rng) -> list:
    """RS-65: the held creature's better skill (SM-20) against the holder's Athletics."""
    from .turns import speed_of                     # turns.py calls this module at its top
    won, events = arith.opposed_check(state, rng, d, arith.defence_skill(d), 0, c, "athletics", "escape")
    if not won:
        return events
    events += end(state, c, d, "escaped")
    if not d.has("grappled") and state.turn.actor == d.id:
        state.turn.move_left = speed_of(d)          # it could not walk yet this turn (RS-71)
    return events


def end(state: RpgState, c: Creature, d: Creature, why: str) -> list:
    """One hold ends (`c` holding `d`)."""
    d.conditions = [k for k in d.conditions if not (k.id in ("grappled", "carried")
                                                    and k.source == c.id)]
    c.conditions = [k for k in c.conditions if not (k.id == "grappling" and k.source == d.id)]
    events: list = [GrappleEnded(c.id, d.id, why)] + let_go_parts(state, c, d)
    if not d.has("grappled"):
        events.append(ConditionChanged(d.id, "grappled", False))
    return events


# what a hold on a part does while it lasts (RS-68 with the parts' own lines: wings grounded,
# vitals Dazed); a seized tool is wrested away and stays taken when the hold ends (ours)
WHILE_SEIZED = {"ground": "flightless", "daze": "daze"}
TAKEN_FOR_GOOD = ("disarm",)
SEIZED = "seized"          # the `until` of a condition that lasts while a part is held


def let_go_parts(state: RpgState, c: Creature, d: Creature) -> list:
    """The parts of `d` that `c` seized come free with the hold on `d`, all but a wrested tool
    (RS-68), and what holding them did ends."""
    anatomy = content_of(state).anatomy
    freed = [part for part, holder in d.seized.items()
             if holder == c.id and anatomy[part].effect not in TAKEN_FOR_GOOD]
    if not freed:
        return []
    for part in freed:
        del d.seized[part]
    d.conditions = [k for k in d.conditions if not (k.source == c.id and k.until == SEIZED)]
    return [PartSeized(c.id, d.id, anatomy[part].name, False) for part in freed]


def end_all(state: RpgState, c: Creature, why: str) -> list:
    """Every hold `c` is part of ends (RS-76: an involuntary loss drops them all); used when it
    goes down or leaves the board."""
    events: list = []
    for d in held_by(state, c):
        events += end(state, c, d, why)
    for h in holders_of(state, c):
        events += end(state, h, c, why)
    return events


# --- movement -----------------------------------------------------------------------------------
def _carried_to(state: RpgState, c: Creature, cell: Cell) -> list[tuple[Creature, Cell]] | None:
    """RS-78: where each held creature ends up if `c` moves its anchor to `cell` (the same shift,
    so every hold keeps its distance), or None if one of them would not fit there."""
    dx, dy = cell[0] - c.x, cell[1] - c.y
    held = held_by(state, c)
    if not held:
        return []
    f = arith.field(state)
    movers = {c.id} | {d.id for d in held}
    taken = {k for o in state.creatures.values() if o.id not in movers
             and o.status in ("up", "unconscious") for k in o.cells()}
    out = []
    for d in held:
        to = (d.x + dx, d.y + dy)
        if any(f.is_solid(k) or k in taken for k in block(to, d.size)):
            return None
        if d.aloft and arith.floor_under(state, d, to) >= arith.height(state, d):
            return None              # B-25: carried at its height, into a face it would strike
        out.append((d, to))
    return out


def fits(state: RpgState, c: Creature, cell: Cell) -> bool:
    """A walk of a holder may end only where every held creature can come along (RS-78)."""
    return _carried_to(state, c, cell) is not None


def drag(state: RpgState, c: Creature, start: Cell, path: tuple[Cell, ...]) -> list:
    """After `c` walked from `start` along `path`, its held creatures follow the same steps
    (RS-77/78: forced movement for them, never a fall, RS-77)."""
    cell = path[-1] if path else start
    c_now = (c.x, c.y)
    c.x, c.y = start
    carried = _carried_to(state, c, cell)
    c.x, c.y = c_now
    events: list = []
    for d, to in carried or []:
        dx, dy = to[0] - d.x, to[1] - d.y
        trail = tuple((p[0] - cell[0] + to[0], p[1] - cell[1] + to[1]) for p in path)
        high = arith.height(state, d) if d.aloft else None
        d.x, d.y = to
        if high is not None:                        # B-25: carried along at its height
            d.altitude = high - arith.floor_under(state, d)
        if dx or dy:
            events.append(Moved(d.id, trail, "dragged", True, len(trail) * FT))
    return events


def after_forced(state: RpgState, moved: Creature) -> list:
    """RS-72: a holder moved by force keeps a hold only while the held creature is still within
    its reach; AMB-19 (default "ends"): a held creature pushed out of reach is let go."""
    events: list = []
    for d in held_by(state, moved):
        if not moves.still_within_reach(moved.cells(), d.cells(), grapple_reach(state, moved),
                                        _layers(state, moved, d)):
            events += end(state, moved, d, "holder moved")
    if house.read(state, "grapple_pushed_out") == "ends":
        for h in holders_of(state, moved):
            if not moves.still_within_reach(h.cells(), moved.cells(), grapple_reach(state, h),
                                            _layers(state, h, moved)):
                events += end(state, h, moved, "pushed out of reach")
    return events


def _layers(state: RpgState, a: Creature, b: Creature) -> int:
    """The 5 ft layers between two creatures' bodies once either is in the air (B-25)."""
    if not (a.aloft or b.aloft):
        return 0
    return layer_gap(heights.low_layer(state, a), a.size, heights.low_layer(state, b), b.size)

"""Grapples on the map in gu_masters: Grapple, carrying the catch, Throw and Break Free
(GU-62..68, GU-GM-26, GU-GM-43); the numbers are grapple.py's.

Owns: the action records, `legal` for the acting creature, `apply`, who holds whom (a held
creature carries Restrained with the source "grapple:<grappler>", GU-63) and `settle`, which
ends holds that no longer stand (the grappler left, fell or went down).

Must not: hold a number grapple.py owns, or walk creatures other than along a carry or throw.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.actions import action
from game.engine.events import event
from game.engine.records import Record
from game.engine.rng import Rng
from game.engine.rules import Refusal
from game.engine.tactics import forced, pending

from . import attack, checks, grapple, moves, terrain
from .events import Moved, StatusChanged
from .state import Creature, GuState, Status
from .holds import HOLD, held_by, holder_of
from .house import HOUSE
from .terrain import floor_of, ground_of
from .turns import test_event

@action("gu.grapple")
@dataclass(frozen=True, slots=True)
class Grapple(Record):
    """Grapple the adjacent `target` (GU-62): opposed Athletics; the combat action."""
    actor: str
    target: str


@action("gu.carry")
@dataclass(frozen=True, slots=True)
class Carry(Record):
    """Spend the movement on an Athletics test to carry the held creature to (x, y) (GU-65)."""
    actor: str
    x: int
    y: int


@action("gu.throw")
@dataclass(frozen=True, slots=True)
class Throw(Record):
    """Throw the held creature toward step (dx, dy) (GU-66/67): the bonus action."""
    actor: str
    dx: int
    dy: int


@action("gu.break_free")
@dataclass(frozen=True, slots=True)
class BreakFree(Record):
    """A held creature's combat action: opposed Athletics against its grappler (GU-68)."""
    actor: str


@event("gu.grappled")
@dataclass(frozen=True, slots=True)
class Grappled(Record):
    """`grappler` took hold of `target` (`held` True), or the hold ended (`held` False, `why`
    "broke free", "thrown", "released", "let go")."""
    grappler: str
    target: str
    held: bool
    why: str = ""


@event("gu.thrown")
@dataclass(frozen=True, slots=True)
class Thrown(Record):
    """`thrower` threw `target` along `path` (`distance` m allowed); `hit` what it struck
    ("" when nothing): both took `damage` force (GU-67)."""
    thrower: str
    target: str
    path: tuple[tuple[int, int], ...]
    distance: int
    hit: str = ""
    damage: int = 0


# --- who holds whom -----------------------------------------------------------------------
def _release(state: GuState, grappler: Creature | None, target: Creature, why: str) -> list:
    target.statuses = [s for s in target.statuses
                       if not (s.id == "restrained" and s.source.startswith(HOLD))]
    return [StatusChanged(target.id, "restrained", False),
            Grappled(grappler.id if grappler else "", target.id, False, why)]


def settle(state: GuState) -> list:
    """End every hold whose grappler is gone, down, or no longer shares a square with its catch
    (it walked off: the carry of GU-65 is the only way to take it along)."""
    events: list = []
    for c in state.living():
        g = holder_of(state, c)
        if g is None and not any(s.id == "restrained" and s.source.startswith(HOLD)
                                 for s in c.statuses):
            continue
        if g is None or not g.on_board or not g.conscious \
                or not set(g.cells()) & set(c.cells()):
            events += _release(state, g, c, "let go")
    return events


# --- listing ------------------------------------------------------------------------------
def _weight(c: Creature) -> int:
    return c.weight


def legal(state: GuState, c: Creature) -> list:
    if pending.top(state.pending) is not None or not c.conscious or c.condition != "up":
        return []
    out: list = []
    t = state.turn
    holder = holder_of(state, c)
    if holder is not None:
        if not t.action:
            out.append(BreakFree(c.id))
        return out
    caught = held_by(state, c)
    if not t.action and not caught and not c.has("stunned"):
        for o in attack.targets(state, c, 1):
            if o.id != c.id and o.side != c.side and holder_of(state, o) is None \
                    and grapple.can_grapple(c.size_class.lower(), o.size_class.lower()):
                out.append(Grapple(c.id, o.id))
    if caught:
        d = caught[0]
        if t.moved == 0 and t.maneuvers == 0 and moves.base_movement(c) > 0:
            room = grapple.carry_distance(moves.base_movement(c))
            for cell in sorted(moves.reach(state, c, room)):
                out.append(Carry(c.id, cell[0], cell[1]))
        strength = attack.gu.attribute(c, "Strength")
        if not t.bonus and grapple.can_throw(strength, _weight(d)):
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    if (dx or dy) and _throw_room(state, c, d, dx, dy):
                        out.append(Throw(c.id, dx, dy))
    return out


def _throw_room(state: GuState, c: Creature, d: Creature, dx: int, dy: int) -> bool:
    """A throw needs room for the held creature's first square that way: it shares the
    grappler's square and may not stay there once the hold ends (GU-24, GU-63)."""
    ground = ground_of(state.board)
    cells = [(x + dx, y + dy) for x, y in d.cells()]
    if any(not ground.in_bounds(p) or ground.is_solid(p) for p in cells):
        return False
    return not any(o.id not in (c.id, d.id) and set(o.cells()) & set(cells)
                   for o in state.living())


# --- applying -----------------------------------------------------------------------------
def _athletics(c: Creature, purpose: str, rng: Rng, mods: tuple = ()) -> tuple[Any, list]:
    t = checks.roll_test(rng, c.skills.get("Athletics", 0), mods + moves.dodge_mods(c)[0:0],
                         purpose=purpose)
    return t, [test_event(c.id, "Athletics", purpose, t)]


def apply(state: GuState, a: Any, rng: Rng) -> list:
    c = state.creatures[a.actor]
    t = state.turn
    if isinstance(a, Grapple):
        t.action = True
        d = state.creatures[a.target]
        mine, events = _athletics(c, f"grapple {d.id}", rng)
        theirs, ev = _athletics(d, f"resist {c.id}", rng)
        events += ev
        if not grapple.wins(mine, theirs):                               # GU-62, GU-GM-07
            return events + [Grappled(c.id, d.id, False, "failed")]
        events += attack.add_status(d, Status("restrained", 0, -1, HOLD + c.id))   # GU-63
        if (d.x, d.y) != (c.x, c.y):
            d.x, d.y = c.x, c.y
            events.append(Moved(d.id, ((c.x, c.y),), "grapple", True, 0))
        return events + [Grappled(c.id, d.id, True)]
    if isinstance(a, BreakFree):
        t.action = True
        g = holder_of(state, c)
        assert g is not None
        mine, events = _athletics(c, f"break free of {g.id}", rng)
        theirs, ev = _athletics(g, f"hold {c.id}", rng)
        events += ev
        if grapple.wins(mine, theirs):                                   # GU-68
            events += _release(state, g, c, "broke free")
        return events
    d = held_by(state, c)[0]
    if isinstance(a, Carry):
        room = moves.base_movement(c)
        t.moved = room                                                   # GU-65: all of it
        test, events = _athletics(c, f"carry {d.id}",
                                  rng, (("carried weight", grapple.carry_penalty(d.weight)),))
        if not test.success:
            return events
        cost, path = moves.reach(state, c, grapple.carry_distance(room))[(a.x, a.y)]
        from . import reactions
        mine = reactions.threats(state, c)
        theirs = reactions.threats(state, d) if HOUSE.read(state, "forced_provokes") \
            else {}                                                      # GU-GM-23
        c.x, c.y = a.x, a.y
        d.x, d.y = a.x, a.y
        # GU-88: the carrier walks out of reach; the carried one is moved by force (GU-GM-23)
        reactions.provoke(state, d, reactions.left_behind(state, d, theirs))
        reactions.provoke(state, c, reactions.left_behind(state, c, mine))
        return events + [Moved(c.id, tuple(path), "carry", False, cost),
                         Moved(d.id, tuple(path), "carry", True, 0)]
    if isinstance(a, Throw):
        t.bonus = True                                                   # GU-66, GU-92
        return _throw(state, c, d, (a.dx, a.dy), rng)
    raise AssertionError(f"not a grapple action: {a!r}")


def _throw(state: GuState, c: Creature, d: Creature, step: tuple[int, int], rng: Rng) -> list:
    strength = attack.gu.attribute(c, "Strength")
    metres = grapple.throw_distance(strength, d.weight)
    ground = ground_of(state.board)
    start = (d.x, d.y)
    start_floor = floor_of(ground, start, d.size) + d.altitude
    from . import reactions
    before = reactions.threats(state, d) if HOUSE.read(state, "forced_provokes") \
        else {}                                                          # GU-GM-23: off by default
    events = _release(state, c, d, "thrown")                            # GU-GM-26

    def look(a: tuple[int, int], b: tuple[int, int]) -> forced.Ahead:
        cells = [(x - d.x + b[0], y - d.y + b[1]) for x, y in d.cells()]
        if any(not ground.in_bounds(p) for p in cells):
            return forced.Ahead(forced.EDGE)
        # GU-GM-43: a wall, an object or a face rising above the flying creature stops it
        if terrain.forced_into(ground, a, b, d.size, start_floor - floor_of(ground, a, d.size),
                               in_air=True) == terrain.FORCED_SOLID:
            return forced.Ahead(forced.SOLID, ("wall",))
        others = [o.id for o in state.living() if o.id not in (d.id, c.id)
                  and set(o.cells()) & set(cells)]
        return forced.Ahead(forced.OCCUPANT, tuple(others)) if others else forced.Ahead()
    push = forced.shove(start, forced.straight(start, step, metres), look)
    d.x, d.y = push.end
    d.altitude = 0
    hit = ""
    dmg = 0
    if push.stop in (forced.SOLID, forced.OCCUPANT):                     # GU-67
        dmg = grapple.collision_damage(strength)
        hit = push.met[-1] if push.met else "wall"
    events.append(Thrown(c.id, d.id, push.path[1:], metres, hit, dmg))
    if push.moved:
        events.append(Moved(d.id, push.path[1:], "thrown", True, 0))
    if dmg:
        events += attack.harm(state, d, dmg, "force", c.id, rng)
        if hit in state.creatures:
            events += attack.harm(state, state.creatures[hit], dmg, "force", c.id, rng)
    drop = start_floor - floor_of(ground, push.end, d.size)
    landing = grapple.throw_landing(max(0, drop))
    if landing.fall_m and d.on_board:
        from . import falling
        fall = falling.fall_damage(landing.fall_m, fall_mode=str(HOUSE.read(state, "fall_mode")))
        if fall:
            events += attack.harm(state, d, fall, "force", "fall", rng)
    reactions.provoke(state, d, reactions.left_behind(state, d, before))
    return events


def refusal(state: GuState, a: Any) -> Refusal | None:
    """The specific reason a grapple action may not be made now (else None)."""
    c = state.creatures[a.actor]
    if isinstance(a, BreakFree):
        if holder_of(state, c) is None:
            return Refusal(f"{a.actor} is held by no one", "GU-68")
        if state.turn.action:
            return Refusal(f"{a.actor} has used its combat action", "GU-68")
        return None
    if isinstance(a, Grapple):
        d = state.creatures[a.target]
        if d.side == c.side:
            return Refusal(f"{a.actor} grapples only enemies", "GU-62")
        if attack.distance(state, c, d) > 1:
            return Refusal(f"{a.target} is not next to {a.actor}", "GU-62")
        if not grapple.can_grapple(c.size_class.lower(), d.size_class.lower()):
            return Refusal(f"{a.target} is bigger than {a.actor}", "GU-62")
        if state.turn.action:
            return Refusal(f"{a.actor} has used its combat action", "GU-62")
        if held_by(state, c):
            return Refusal(f"{a.actor} already holds someone", "GU-62")
        return None
    caught = held_by(state, c)
    if not caught:
        return Refusal(f"{a.actor} holds no one", "GU-65" if isinstance(a, Carry) else "GU-66")
    if isinstance(a, Carry):
        if state.turn.moved or state.turn.maneuvers:
            return Refusal(f"{a.actor} has moved this turn: a carry takes all of it", "GU-65")
        room = grapple.carry_distance(moves.base_movement(c))
        if (a.x, a.y) not in moves.reach(state, c, room):
            return Refusal(f"{a.x},{a.y} is beyond the {room} m {a.actor} can carry", "GU-65")
        return None
    if isinstance(a, Throw):
        if state.turn.bonus:
            return Refusal(f"{a.actor} has used its bonus action", "GU-66")
        if not grapple.can_throw(attack.gu.attribute(c, "Strength"), caught[0].weight):
            return Refusal(f"{a.actor} is not stronger than {caught[0].id}'s weight", "GU-66")
        if (a.dx, a.dy) == (0, 0) or max(abs(a.dx), abs(a.dy)) != 1:
            return Refusal("a throw goes one of the 8 ways (dx, dy in -1..1, not both 0)",
                           "GU-66")
    return None

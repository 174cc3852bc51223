"""Gu Masters Gu on a creature: the interpreter of content's effect verbs, and a creature's
numbers as its Gu change them.

Owns: what a creature's Gu make of its numbers (an attribute with its boosts, GU-X-02; the
Activations it may spend this turn with Dazed counted, GU-42/145; flat damage reduction,
resistances and shields as `damage.Defender`, GU-X-09, GU-101..107; punch recoil, GU-55), the
essence and upkeep of sustained Gu (GU-45, GU-GM-47), and `effect`: one function per effect
verb of the content's vocabulary (damage, soul, shield, heal, status, poison, push; the lasting
verbs dr, resistance, attribute, recoil, flight, conceal and divination act while the Gu is
sustained and are read from `c.sustained` by the queries below).

Must not: hold content (content.py) or damage arithmetic (damage.py, dying.py); decide who may
activate what (activate.py); roll except on the Rng it is handed.
"""
from __future__ import annotations

from typing import Iterable

from game.engine.rng import Rng

from . import content as C
from . import damage as arith
from . import dying, statuses, ticks
from .events import EssenceChanged, Healed, StatusChanged, SustainEnded
from .house import HOUSE
from .state import Creature, GuState, Status

KILLER = "killer:"        # a sustained killer move's entry in `Creature.sustained`


def lib() -> C.Content:
    return C.content()


def usable(uid: str) -> C.Gu | C.KillerMove:
    """A Gu, or a killer move named `killer:<id>` (how the sustained list keeps them)."""
    if uid.startswith(KILLER):
        return lib().killer_moves[uid[len(KILLER):]]
    return lib().gu[uid]


def _key(name: str) -> str:
    """The engine's display name ("Strength") as content's id ("strength")."""
    return name.strip().lower().replace(" ", "_")


def lasting(c: Creature) -> Iterable[tuple[C.Gu | C.KillerMove, C.Effect]]:
    """Every lasting effect the creature keeps up (its [Sustained] Gu and killer moves)."""
    for uid in c.sustained:
        u = usable(uid)
        for e in u.effects:
            yield u, e


def attribute(c: Creature, name: str) -> int:
    """An attribute with what its sustained Gu add (Copper Tendons: +40 Strength)."""
    key = _key(name)
    return c.attrs.get(name, 0) + sum(e.attribute.delta for _, e in lasting(c)
                                      if e.verb == "attribute" and e.attribute.name == key)


def movement_bonus(c: Creature) -> int:
    """Metres its sustained Gu add to its Movement (Wind Stride)."""
    return attribute(c, "movement") - c.attrs.get("movement", 0)


def activations(c: Creature) -> int:
    """GU-42, GU-145: its Activations now, its statuses counted (Dazed -2), never below 0."""
    n = attribute(c, "Activations")
    n += sum(statuses.RULES[s.id].activations for s in c.statuses if s.id in statuses.RULES)
    return max(0, n)


def recoil_cut(c: Creature) -> int:
    """How much its Gu take off its own punch recoil (GU-55): Metal Skin 4, Copper Tendons 2."""
    return max(0, -sum(e.recoil.delta for _, e in lasting(c) if e.verb == "recoil"))


def reductions(c: Creature) -> tuple[arith.Reduction, ...]:
    """Flat damage reduction its sustained Gu give, each at its Gu's rank (GU-101/102)."""
    return tuple(arith.Reduction(u.name, e.dr.amount, u.rank, frozenset(e.dr.types),
                                 vs_direct=e.dr.direct)
                 for u, e in lasting(c) if e.verb == "dr")


def affinities(c: Creature) -> tuple[arith.Affinity, ...]:
    """Natural resistances from its stat block (no rank) and those its sustained Gu grant, at
    the Gu's rank (GU-103..107)."""
    entry = lib().creatures.get(c.entry)
    out = [arith.Affinity(t, level, None, "natural")
           for t, level in (entry.resistances.items() if entry else ())]
    out += [arith.Affinity(t, e.resistance.level, u.rank, u.name)
            for u, e in lasting(c) if e.verb == "resistance" for t in e.resistance.types]
    return tuple(out)


def shields(c: Creature) -> tuple[arith.Shield, ...]:
    """Its shield points (GU-X-09), split by the shield Gu that raised them, each saying
    whether it stops touch and sonic damage (GU-160, GU-97). Points raised by nothing we know
    of (a scenario's) stop everything but direct damage."""
    left = c.shield
    out: list[arith.Shield] = []
    for gid, pts in c.shield_gu.items():
        take = min(pts, left)
        if take <= 0:
            continue
        s = next(e.shield for e in usable(gid).effects if e.verb == "shield")
        out.append(arith.Shield(gid, take, s.blocks_touch, s.blocks_sonic))
        left -= take
    if left > 0:
        out.append(arith.Shield("shield", left, True, True))
    return tuple(out)


def defender(c: Creature) -> arith.Defender:
    """The creature's numbers the damage pipeline reads, its Gu included."""
    return arith.Defender(c.hp, c.max_hp, attribute(c, "Fortitude"), shields(c),
                          reductions(c), affinities(c))


def spend_shields(c: Creature, absorbed: Iterable[tuple[str, int]]) -> None:
    """Take the points a damage instance used off the shields that gave them."""
    for name, n in absorbed:
        c.shield = max(0, c.shield - n)
        if name in c.shield_gu:
            c.shield_gu[name] = max(0, c.shield_gu[name] - n)


def divines(c: Creature, metres: int) -> bool:
    """GU-157: a sustained divination shows every creature within its range."""
    return any(e.divination.range_m >= metres for _, e in lasting(c) if e.verb == "divination")


def concealment(c: Creature) -> int:
    """GU-13: the penalty its sustained concealment Gu put on a test to notice it."""
    return sum(e.conceal.penalty for _, e in lasting(c) if e.verb == "conceal")


def sustaining_moves(c: Creature) -> int:
    """[Sustained] killer moves it keeps up (GU-49)."""
    return sum(1 for uid in c.sustained if uid.startswith(KILLER))


# -- essence ------------------------------------------------------------------------------------
def pay(c: Creature, cost: int, why: str) -> list:
    """Spend primeval essence (the caller checked there is enough)."""
    if cost <= 0:
        return []
    c.essence -= cost
    return [EssenceChanged(c.id, -cost, c.essence, why)]


def upkeep(state: GuState, c: Creature) -> list:
    """GU-45, GU-GM-47: at the start of its turn a creature pays each sustained Gu's upkeep,
    in the order it began sustaining them; one it cannot pay for ends. Its shield points of
    last round have lapsed (GU-X-09), so the record of which Gu raised them goes too."""
    c.shield_gu.clear()
    events: list = []
    for uid in list(c.sustained):
        if uid.startswith(KILLER):
            continue
        cost = lib().gu[uid].upkeep
        if c.essence >= cost:
            events += pay(c, cost, f"upkeep {uid}")
        else:
            events += release(c, uid, "no essence for its upkeep")
    return events


def upkeep_activations(state: GuState, c: Creature) -> int:
    """GU-GM-47 "activation": each sustained Gu uses one of the turn's activations."""
    if HOUSE.read(state, "upkeep") != "activation":
        return 0
    return sum(1 for uid in c.sustained if not uid.startswith(KILLER))


def release(c: Creature, uid: str, why: str = "released") -> list:
    """Stop sustaining a Gu or a killer move (GU-45)."""
    if uid not in c.sustained:
        return []
    c.sustained.remove(uid)
    return [SustainEnded(c.id, uid, why)]


# -- the effect verbs ---------------------------------------------------------------------------
def effect(state: GuState, u: C.Gu | C.KillerMove, e: C.Effect, user: Creature,
           target: Creature, rng: Rng, *, touch: bool = False, hurt: set[str] | None = None
           ) -> list:
    """Apply one effect of `u` to `target` (the user itself for a self Gu). `hurt` collects
    the creatures this activation damaged in their HP (a status `if_hurt` needs it)."""
    hurt = set() if hurt is None else hurt
    return VERBS[e.verb](state, u, e.args, user, target, rng, touch, hurt)


def _source(u: C.Gu | C.KillerMove) -> str:
    return u.id


def _uid(u: C.Gu | C.KillerMove) -> str:
    """How events name a Gu, or a killer move (`killer:<id>`)."""
    return KILLER + u.id if isinstance(u, C.KillerMove) else u.id


def _damage(state, u, a: C.Damage, user, target, rng, touch, hurt) -> list:
    from .attack import harm
    before = target.hp
    # the user deals it (the results count it to the user), with the Gu named
    events = harm(state, target, a.amount, a.type, user.id, rng, direct=a.direct,
                  rank=u.rank, touch=touch, by_gu=_uid(u))
    if target.hp < before:
        hurt.add(target.id)
    return events


def _soul(state, u, a: C.Soul, user, target, rng, touch, hurt) -> list:
    """GU-100: soul damage lowers soul only; at 0 the creature is dying (GU-GM-32)."""
    return soul_harm(state, target, a.amount, user.id, by_gu=_uid(u))


def soul_harm(state: GuState, c: Creature, amount: int, source: str, *, by_gu: str = ""
              ) -> list:
    """`c` takes soul damage (GU-100; killer moves GU-48/49); soul 0 -> GU-GM-32's reading.
    `by_gu`: the Gu the creature `source` deals it with."""
    from .attack import life_of, set_life
    from .events import Damaged
    if not c.on_board or amount <= 0:
        return []
    before = c.soul
    c.soul = arith.soul_damage(c.soul, amount)
    events: list = [Damaged(c.id, 0, c.hp, source, amount, "soul", (("soul", before - c.soul),),
                            by_gu)]
    if c.soul == 0 and before > 0:
        change = dying.soul_at_zero(life_of(c), soul_zero=HOUSE.read(state, "soul_zero"))
        events += set_life(state, c, change.life, change.note)
    return events


def _shield(state, u, a: C.Shield, user, target, rng, touch, hurt) -> list:
    """GU-X-09: shield points on the user until the start of its next turn."""
    target.shield += a.points
    target.shield_gu[u.id] = target.shield_gu.get(u.id, 0) + a.points
    return [StatusChanged(target.id, "shield", True, target.shield, -1)]


def _heal(state, u, a: C.Heal, user, target, rng, touch, hurt) -> list:
    """GU-X-17 through damage.heal: HP up to the maximum; then ticks.healed: each HP regained
    removes a stack of Bleeding (GU-141) and an Ablaze knock-out ends (GU-GM-11); a final stand
    ends (GU-112), a dying creature wakes (GU-GM-12/13)."""
    from .attack import life_of, set_life
    if not target.on_board:
        return []
    bleed = target.status("bleeding")
    got = arith.heal(target.hp, target.max_hp, a.amount, bleed.value if bleed else 0)
    target.hp = got.hp_after
    events: list = [Healed(target.id, got.gained, target.hp, _source(u))]
    # the statuses' side of healing has one home: Bleeding stacks off (GU-141) and a creature
    # knocked out by Ablaze wakes (GU-136, GU-GM-11, GU-X-13)
    events += ticks.healed(target, got.gained)
    change = dying.healed(life_of(target), got.gained,
                          dying_heal="wake" if HOUSE.read(state, "heal_dying") else "none",
                          predicament_reset="rest" if HOUSE.read(state, "keep_predicament")
                          else "recovery")
    if change.life.state == "fine" and target.condition in ("dying", "final_stand"):
        events += set_life(state, target, change.life, change.note)
        target.unconscious = False
    return events


def immune(c: Creature, sid: str) -> bool:
    """GU-108: a condition its stat block is immune to never takes."""
    entry = lib().creatures.get(c.entry)
    return entry is not None and sid in entry.immune


def _status(state, u, a: C.Status, user, target, rng, touch, hurt) -> list:
    from .attack import add_status
    if not target.on_board or (a.if_hurt and target.id not in hurt) or immune(target, a.id):
        return []
    return add_status(target, Status(a.id, a.stacks, a.turns or -1, _source(u), u.rank,
                                     by=user.id))


def _poison(state, u, a: C.Poison, user, target, rng, touch, hurt) -> list:
    """GU-148, GU-GM-45: Poisoned by this source, `amount` at each of its turn starts."""
    from .attack import add_status
    if not target.on_board or immune(target, "poisoned"):
        return []
    return add_status(target, Status("poisoned", a.amount, a.turns, _source(u), u.rank,
                                     by=user.id))


def _push(state, u, a: C.Push, user, target, rng, touch, hurt) -> list:
    """Straight away from the user, stopping at walls, the edge and creatures (GU-GM-43)."""
    from .attack import knock
    if not target.on_board or target is user:
        return []
    return knock(state, user, target, a.meters, prone=False)


def _lasting(state, u, a, user, target, rng, touch, hurt) -> list:
    """dr, resistance, attribute, recoil, flight, conceal, divination: they act while the Gu
    is sustained, read by the queries above (activate.py puts it on `sustained`)."""
    return []


VERBS = {"damage": _damage, "soul": _soul, "shield": _shield, "heal": _heal,
         "status": _status, "poison": _poison, "push": _push, "dr": _lasting,
         "resistance": _lasting, "attribute": _lasting, "recoil": _lasting,
         "flight": _lasting, "conceal": _lasting, "divination": _lasting}
if set(VERBS) != set(C.VERBS):
    raise ImportError("gu.VERBS must give every verb of the content's vocabulary a function")

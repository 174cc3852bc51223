"""Gu Masters on the map: the Activate Gu and killer-move combat actions, releasing what is
sustained, and the shield Gu reaction.

Owns: which Gu and killer moves the acting creature may use now and at what (`legal`, one
entry per Gu and target: creatures in reach, area anchors in range), why one is refused
(`refusal`, with the rule ID), what one does (`apply`: the turn's economy GU-42..46, essence,
soul for killer moves GU-48/49, the attack test, the hit handed to the reactions like a strike's,
GU-77), what a Gu's hit does once every reaction is settled (`land`, called by attack.land for a
blow that carries a Gu), and the shield Gu reaction (`shield_offers`, `resolve_shield`, added to
reactions.OFFERS / RESOLVERS at import: GU-46, GU-79, GU-80, GU-97, GU-160).

Must not: interpret an effect verb (gu.py), price damage (damage.py through attack.harm), build
areas (areas.py, areagu.py) or roll except on the Rng it is handed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.actions import action
from game.engine.records import Record
from game.engine.rng import Rng
from game.engine.rules import Refusal

from . import areagu, attack, gu, hiding, killer, reactions, statuses, terrain
from . import content as C
from .actions import SHIELD, Activate, React, Release
from .events import Activated, Struck
from .moves import can_move
from .state import Creature, GuState
from .turns import roll, test_event

TOUCH_M = 1               # GU-159


@action("gu.killer")
@dataclass(frozen=True, slots=True)
class Killer(Record):
    """Use the killer move `move` (GU-47..49) at `target` (a creature) or the square (x, y)
    (an area's anchor); the combat action."""
    actor: str
    move: str
    target: str = ""
    x: int = -1
    y: int = -1


@action("gu.killer_release")
@dataclass(frozen=True, slots=True)
class ReleaseMove(Record):
    """Stop sustaining the [Sustained] killer move `move` (GU-49); free on the own turn."""
    actor: str
    move: str


# -- who may use what ---------------------------------------------------------------------------
def skill_name(skill: str) -> str:
    """Content's skill id as the engine's records key it ("ranged_attack" -> "Ranged Attack")."""
    return " ".join(w.capitalize() for w in skill.split("_"))


def harmful(u: C.Gu | C.KillerMove) -> bool:
    """Whether its effects are aimed at foes (anything but healing and shielding)."""
    return any(e.verb not in ("heal", "shield") for e in u.effects)


def budget(state: GuState, c: Creature) -> int:
    """Activations it may spend in this turn's Activate Gu action (GU-42, GU-145 Dazed,
    GU-GM-47 under "activation": each sustained Gu uses one)."""
    return max(0, gu.activations(c) - gu.upkeep_activations(state, c))


def _acts(c: Creature) -> bool:
    """Conscious and not kept from acting by a status (GU-153 Stunned, GU-113)."""
    return c.conscious and not any(statuses.RULES[s.id].no_actions for s in c.statuses
                                   if s.id in statuses.RULES)


def gu_refusal(state: GuState, c: Creature, gid: str) -> tuple[str, str] | None:
    """Why `c` may not activate its Gu `gid` now, as (words, rule ID), or None."""
    g = gu.lib().gu.get(gid)
    if g is None or gid not in c.gu:
        return f"carries no Gu {gid!r}", "GU-42"
    if not _acts(c):
        return "cannot act now", "GU-153" if c.has("stunned") else "GU-113"
    if g.use == "passive":
        return f"{g.name} works by itself and is not activated", "GU-42"
    if gid in c.sustained:
        return f"is sustaining {g.name}: release it first", "GU-45"
    t = state.turn
    if t.action and t.activations <= 0:
        return "has no activations left (its combat action is spent)", "GU-42"
    if not t.action and budget(state, c) < 1:
        return "has no Activations to spend (Dazed, or its upkeep uses them)", "GU-42"
    if c.essence < g.cost:
        return f"needs {g.cost} essence for {g.name}, has {c.essence}", "GU-42"
    return None


def killer_refusal(state: GuState, c: Creature, kid: str, *, held: bool = False
                   ) -> tuple[str, str] | None:
    """Why `c` may not use the killer move `kid` now, or None (GU-47, GU-110). `held`: fired
    as a held action (GU-72), which needs no combat action left in the turn now going on."""
    k = gu.lib().killer_moves.get(kid)
    entry = gu.lib().creatures.get(c.entry)
    if k is None or entry is None or kid not in entry.killer_moves:
        return f"knows no killer move {kid!r}", "GU-47"
    if not _acts(c) or c.condition != "up":
        return "cannot use a killer move now (a final stand allows only Gu)", "GU-110"
    if state.turn.action and not held:
        return "has used its combat action this turn", "GU-18"
    if gu.KILLER + kid in c.sustained:
        return f"is sustaining {k.name}: release it first", "GU-45"
    return killer.cost(k, c.gu, c.essence, gu.activations(c),
                       sustaining=gu.sustaining_moves(c)).refused


def reach_of(u: C.Gu | C.KillerMove) -> int:
    return TOUCH_M if u.touch else u.range_m


def aim_mods(state: GuState, c: Creature, t: Creature, u: C.Gu | C.KillerMove
             ) -> tuple[tuple[str, int], ...] | None:
    """The modifiers on the attack test of `u` at `t` (penalties positive, GU-02), or None
    when `t` may not be aimed at (GU-156 full cover). Cover and high ground count for a ranged
    Gu only (GU-155..158; a touch Gu reaches round nothing); the bearers' statuses by
    statuses.RULES; an Evade by its penalty (GU-35, GU-GM-48)."""
    mods: list[tuple[str, int]] = []
    skill = u.skill
    ranged = not u.touch
    if ranged:
        ground = terrain.ground_of(state.board)
        cover = terrain.cover_between(ground, c.cells(), t.cells())
        dist = attack.distance(state, c, t)
        cm = terrain.cover_mod(cover, u.has("piercing"), gu.divines(c, dist))
        if cm is None:
            return None
        if cm:
            mods.append((f"{cover} cover", cm))
        hg = terrain.high_ground_mod(attack.height(state, c), attack.height(state, t),
                                     skill == "ranged_attack")
        if hg:
            mods.append(("high ground", hg))
    if not skill:
        return tuple(mods)
    for s in c.statuses:
        rule = statuses.RULES.get(s.id)
        if rule is not None:
            mods += [(rule.label.lower(), v) for k, v in rule.own if k in (skill, statuses.ALL)]
    for s in t.statuses:
        rule = statuses.RULES.get(s.id)
        if rule is not None:
            mods += [(f"target {rule.label.lower()}", v) for k, v in rule.against if k == skill]
    if t.evade:
        mods.append(("evading", t.evade))
    return tuple(mods)


def _targets(state: GuState, c: Creature, u: C.Gu | C.KillerMove) -> list[Creature]:
    """The creatures `u` may be aimed at: foes for a harmful one, else its own side (itself
    too); within reach in 3D (GU-X-15, GU-159) and not in full cover (GU-156)."""
    hostile = harmful(u)
    out = []
    for t in state.living():
        if (t.side != c.side) != hostile or hiding.unseen(c, t):     # GU-13
            continue
        if attack.distance(state, c, t) > reach_of(u):
            continue
        if hostile and aim_mods(state, c, t, u) is None:
            continue
        out.append(t)
    return out


def _aims(state: GuState, c: Creature, u: C.Gu | C.KillerMove) -> list[tuple[str, int, int]]:
    """(target, x, y) for each way to aim `u` now."""
    if u.target == "self":
        return [("", -1, -1)]
    if u.target == "creature":
        return [(t.id, -1, -1) for t in _targets(state, c, u)]
    return [("", x, y) for x, y in areagu.anchors(state, c, u)]


def legal(state: GuState, c: Creature) -> list:
    out: list = []
    for uid in c.sustained:
        if uid.startswith(gu.KILLER):
            out.append(ReleaseMove(c.id, uid[len(gu.KILLER):]))
        else:
            out.append(Release(c.id, uid))
    if not _acts(c):
        return out
    for gid in sorted(set(c.gu)):
        if gu_refusal(state, c, gid) is None:
            g = gu.lib().gu[gid]
            out += [Activate(c.id, gid, t, x, y) for t, x, y in _aims(state, c, g)]
    entry = gu.lib().creatures.get(c.entry)
    for kid in (entry.killer_moves if entry else ()):
        if killer_refusal(state, c, kid) is None:
            k = gu.lib().killer_moves[kid]
            out += [Killer(c.id, kid, t, x, y) for t, x, y in _aims(state, c, k)]
    return out


def refusal(state: GuState, a: Any) -> Refusal | None:
    """The specific reason an Activate, Killer or release may not be made now (else None);
    an aim that is not listed is refused by the dispatcher against the legal list."""
    c = state.creatures[a.actor]
    if isinstance(a, Release):
        if a.gu not in c.sustained:
            return Refusal(f"{a.actor} is not sustaining {a.gu}", "GU-45")
        return None
    if isinstance(a, ReleaseMove):
        if gu.KILLER + a.move not in c.sustained:
            return Refusal(f"{a.actor} is not sustaining the killer move {a.move}", "GU-49")
        return None
    why = gu_refusal(state, c, a.gu) if isinstance(a, Activate) \
        else killer_refusal(state, c, a.move)
    if why is not None:
        return Refusal(f"{a.actor} {why[0]}", why[1])
    u = gu.lib().gu[a.gu] if isinstance(a, Activate) else gu.lib().killer_moves[a.move]
    if (a.target, a.x, a.y) in _aims(state, c, u):
        return None
    return _aim_refusal(state, c, u, a.target, (a.x, a.y))


def _aim_refusal(state: GuState, c: Creature, u: C.Gu | C.KillerMove, target: str,
                 cell: tuple[int, int]) -> Refusal:
    """Why `u` may not be aimed at `target` / `cell` (the aim is not among the listed ones)."""
    if u.target == "self":
        return Refusal(f"{u.name} acts on its user: name no target and no square", "GU-42")
    if u.target == "area":
        if target or cell == (-1, -1):
            return Refusal(f"{u.name} is aimed at a square (x, y), not at a creature", "GU-163")
        return Refusal(f"{cell[0]},{cell[1]} is out of {u.name}'s range of {u.range_m} m, or "
                       "its area would catch no foe there", "GU-163")
    if not target or cell != (-1, -1):
        return Refusal(f"{u.name} is aimed at a creature: name one, and no square", "GU-42")
    t = state.creatures[target]
    if (t.side != c.side) != harmful(u):
        return Refusal(f"{u.name} is for {'foes' if harmful(u) else 'its own side'}, not "
                       f"{target}", "GU-42")
    if attack.distance(state, c, t) > reach_of(u):
        return Refusal(f"{target} is beyond {u.name}'s reach of {reach_of(u)} m",
                       "GU-159" if u.touch else "GU-42")
    return Refusal(f"{target} is behind full cover from {c.id}", "GU-156")


# -- doing it -----------------------------------------------------------------------------------
def _spend_activation(state: GuState, c: Creature) -> None:
    """GU-42: the first activation spends the combat action and opens the turn's budget."""
    t = state.turn
    if not t.action:
        t.action = True
        t.activations = budget(state, c)
    t.activations -= 1


def apply(state: GuState, a: Any, rng: Rng) -> list:
    c = state.creatures[a.actor]
    if isinstance(a, Release):
        return gu.release(c, a.gu)
    if isinstance(a, ReleaseMove):
        return gu.release(c, gu.KILLER + a.move, "released")
    if isinstance(a, Activate):
        _spend_activation(state, c)
        return activate_once(state, c, a, rng, left=state.turn.activations)
    if isinstance(a, Killer):
        state.turn.action = True                       # its own combat action (GU-47)
        state.turn.activations = 0
        return killer_once(state, c, a, rng)
    raise AssertionError(f"not a Gu action: {a!r}")


def killer_once(state: GuState, c: Creature, a: Killer, rng: Rng) -> list:
    """The killer move `a.move` made by `c`, its combat action settled by the caller (the own
    turn, or a held killer move fired as a reaction, GU-72): the essence of every activation,
    GU-48/49's soul, then what it does."""
    k = gu.lib().killer_moves[a.move]
    cost = killer.cost(k, c.gu, c.essence, gu.activations(c),
                       sustaining=gu.sustaining_moves(c))
    events = gu.pay(c, cost.essence, k.id)
    events.append(Activated(c.id, gu.KILLER + k.id, a.target, 0))
    events += gu.soul_harm(state, c, cost.soul, "killer move")          # GU-48/49
    return events + use(state, c, k, a.target, (a.x, a.y), rng)


def activate_once(state: GuState, c: Creature, a: Activate, rng: Rng, *, left: int = 0) -> list:
    """One activation of `a.gu` by `c`, its economy already settled by the caller (the own
    turn's budget, or a held Activate Gu triggered as a reaction, GU-74): essence, an
    expendable Gu's end, GU-49's soul while a [Sustained] killer move is kept up, then what
    the Gu does. `left` is the activations left to report."""
    g = gu.lib().gu[a.gu]
    events = gu.pay(c, g.cost, g.id)
    if g.has("expendable"):                            # it dies in its own use
        c.gu.remove(g.id)
    events += gu.soul_harm(state, c, killer.sustained_soul_cost(gu.sustaining_moves(c)),
                           "sustained killer move")
    events.append(Activated(c.id, g.id, a.target, left))
    return events + use(state, c, g, a.target, (a.x, a.y), rng)


def uid_of(u: C.Gu | C.KillerMove) -> str:
    return gu.KILLER + u.id if isinstance(u, C.KillerMove) else u.id


def use(state: GuState, c: Creature, u: C.Gu | C.KillerMove, target: str, cell: tuple[int, int],
        rng: Rng) -> list:
    """What `u` does once activated: on the user, at a creature, or over an area."""
    if u.target == "self":
        if u.has("sustained"):
            c.sustained.append(uid_of(u))            # GU-45: kept up from now on
        hurt: set[str] = set()
        events: list = []
        for e in u.effects:
            events += gu.effect(state, u, e, c, c, rng, hurt=hurt)
        return events
    if u.target == "area":
        return areagu.release(state, c, u, cell, rng)
    t = state.creatures[target]
    if not harmful(u):                               # healing an ally: nothing to react to
        events = []
        hurt = set()
        for e in u.effects:
            events += gu.effect(state, u, e, c, t, rng, touch=u.touch, hurt=hurt)
        return events
    return aim(state, c, t, u, rng)


def aim(state: GuState, c: Creature, t: Creature, u: C.Gu | C.KillerMove, rng: Rng) -> list:
    """The attack test of a harmful Gu at one creature, then the hit handed to the reactions
    (GU-77: what the Gu makes is reacted to, never the activation itself)."""
    events: list = []
    mods = aim_mods(state, c, t, u) or ()
    if not u.skill or (u.touch and not can_move(t)):  # no test, or GU-50 for a touch Gu
        hit, raw, dos, rolled = True, 0, 0, False
    else:
        skill = skill_name(u.skill)
        r = roll(state, rng, c.skills.get(skill, 0), mods, purpose=f"{u.id} {t.id}")
        events.append(test_event(c.id, skill, f"{u.id} {t.id}", r))
        hit, raw, dos, rolled = r.success, r.raw, r.dos, True
    events.append(Struck(c.id, t.id, "gu", hit, uid_of(u)))
    if not hit:
        return events
    return events + reactions.after_hit(state, blow(c, t, u, rolled, raw, dos), rng)


def blow(c: Creature, t: Creature, u: C.Gu | C.KillerMove, rolled: bool, raw: int, dos: int,
         **more: Any) -> dict[str, Any]:
    """The record of a Gu's hit waiting for the defender's answer (the shape attack.strike
    hands on, plus the Gu)."""
    return {"attacker": c.id, "target": t.id, "kind": "gu", "weapon": "", "gu": uid_of(u),
            "rolled": rolled, "raw": raw, "dos": dos, "melee": u.touch, "touch": u.touch,
            "counter": False, "unreactable": u.has("unreactable"), **more}


def land(state: GuState, blow: dict[str, Any], rng: Rng) -> list:
    """A Gu's hit that no reaction stopped: its effects on the target, in content order."""
    u = gu.usable(blow["gu"])
    c, t = state.creatures[blow["attacker"]], state.creatures[blow["target"]]
    hurt: set[str] = set()
    events: list = []
    for e in u.effects:
        events += gu.effect(state, u, e, c, t, rng, touch=bool(blow.get("touch")), hurt=hurt)
    return events


# -- the shield Gu reaction ---------------------------------------------------------------------
def _incoming(state: GuState, blow: dict[str, Any]) -> list[tuple[str, bool]]:
    """The (damage type, direct) of each damage instance the blow will deal."""
    if blow.get("gu"):
        return [(e.damage.type, e.damage.direct) for e in gu.usable(blow["gu"]).effects
                if e.verb == "damage"]
    kind = blow.get("kind", "")
    if blow.get("weapon"):
        return [(gu.lib().weapons[blow["weapon"]].type, False)]
    return [("rending" if kind == "bite" else "force", False)]


def shield_helps(g: C.Gu, blow: dict[str, Any], state: GuState) -> bool:
    """Whether the shield Gu `g` can take any of the blow's damage: never direct damage
    (GU-98), a touch attack only when it says so (GU-160), sonic likewise (GU-97)."""
    s = next(e.shield for e in g.effects if e.verb == "shield")
    if blow.get("touch") and not s.blocks_touch:
        return False
    return any(not direct and (dtype != "sonic" or s.blocks_sonic)
               for dtype, direct in _incoming(state, blow))


def shield_offers(state: GuState, c: Creature, blow: dict[str, Any]) -> list:
    """GU-80: each shield Gu it carries and can pay for, when it would take some of this hit;
    no activation is needed (GU-46). Never in its own turn (GU-76: only a parry answers a
    counter-attack there, GU-87)."""
    if state.turn.actor == c.id and not state.over:
        return []
    out = []
    for gid in sorted(set(c.gu)):
        g = gu.lib().gu.get(gid)
        if g is None or not g.has("shield") or g.use == "passive" or c.essence < g.cost:
            continue
        if shield_helps(g, blow, state):
            out.append(React(c.id, SHIELD, gid))
    return out


def resolve_shield(state: GuState, c: Creature, blow: dict[str, Any], action: React, rng: Rng
                   ) -> tuple[list, bool]:
    """The shield goes up before the damage is rolled (GU-80); the hit then lands on it."""
    return raise_shield(state, c, action.gu, rng), False


def raise_shield(state: GuState, c: Creature, gid: str, rng: Rng) -> list:
    """`c` activates its shield Gu `gid` as a reaction: its essence, then its effects."""
    g = gu.lib().gu[gid]
    events = gu.pay(c, g.cost, g.id)
    events.append(Activated(c.id, g.id, "", 0))
    for e in g.effects:
        events += gu.effect(state, g, e, c, c, rng)
    return events


reactions.OFFERS.append(shield_offers)
reactions.RESOLVERS[SHIELD] = resolve_shield

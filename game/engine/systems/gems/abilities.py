"""Gemstone Abilities: the one implementation of each verb in verbs.py (GEM-GM-29).

Owns: which targets an ability may take (`targets`, `problem`) and applying it (`use`):
  heal     restore HP to a gem in range (never above her maximum)
  shield   lasting: each attack on her deals `amount` less (common.damage_reduction)
  haste    lasting: +`amount` Movement Speed (common.ms_now)
  empower  lasting: +`amount` damage on her arm attacks (common.damage_bonus, read by combat)
  leap     move to a tile within `range`, up to `amount` higher or 2xSize lower, over anything
"Lasting" verbs run until switched off (kind "continuous", EndAbility is free) or for `turns` of
her own turns (kind "active" with turns > 0). The 1-slot cost is charged by rules.py (GEM-07).

Must not: invent verbs at run time; content names only verbs listed in verbs.py.
"""
from __future__ import annotations


from . import events as ev
from .common import (chebyshev, content_of, footprint, footprint_distance, ground_elevation,
                     occupy_problem, place_unit)
from .state import GemsState, Unit
from .verbs import VERBS

Tile = tuple[int, int]


def _unit_at(state: GemsState, tile: Tile) -> Unit | None:
    for g in state.units.values():
        if g.formed and g.carried_by is None and tile in footprint(g):
            return g
    return None


def targets(state: GemsState, u: Unit, aid: str) -> list[Tile | None]:
    """Every target `aid` may take now (None for self abilities)."""
    a = content_of(state).abilities.get(aid)
    if a is None:
        return []
    if a["target"] == "self":
        return [None] if problem(state, u, aid, None) is None else []
    if a["target"] in ("ally", "any"):
        out: list[Tile | None] = []
        for g in state.units.values():
            t = (g.x, g.y)
            if problem(state, u, aid, t) is None:
                out.append(t)
        return out
    reach = max(1, a["range"])
    return [(u.x + dx, u.y + dy) for dy in range(-reach, reach + 1) for dx in range(-reach, reach + 1)
            if problem(state, u, aid, (u.x + dx, u.y + dy)) is None]


def problem(state: GemsState, u: Unit, aid: str, target: Tile | None) -> str | None:
    if aid not in u.abilities:
        return f"{u.name} does not have that ability"
    a = content_of(state).abilities[aid]
    verb = VERBS[a["verb"]]
    if verb.lasting:
        if a["kind"] == "continuous" and aid in u.active:
            return f"{a['name']} is already on"
        if a["kind"] == "active" and any(e.get("ability") == aid for e in u.effects):
            return f"{a['name']} is still running"
    if a["target"] == "self":
        if target is not None:
            return f"{a['name']} works on herself and takes no target"
        return None
    if target is None:
        return f"{a['name']} needs a target"
    if a["target"] in ("ally", "any"):
        g = _unit_at(state, target)
        if g is None:
            return "no gem there"
        if a["target"] == "ally" and g.side != u.side:
            return f"{a['name']} only works on her own side"
        if footprint_distance(footprint(u), footprint(g)) > a["range"]:
            return f"out of range ({a['range']})"
        if a["verb"] == "heal" and g.hp >= g.max_hp:
            return f"{g.name} is not hurt"
        return None
    # tile abilities: leap
    if u.carried_by is not None or u.altitude is not None:
        return f"{u.name} cannot leap from where she is"
    if u.carrying and not u.carry_ok:
        return f"{u.name} cannot move while straining under her load"
    if target == (u.x, u.y):
        return "she is already there"
    if chebyshev(target, (u.x, u.y)) > max(1, a["range"]):
        return f"out of range ({a['range']})"
    why = occupy_problem(state, u, *target)
    if why:
        return why
    d = ground_elevation(state, target[0], target[1], u.size) - \
        ground_elevation(state, u.x, u.y, u.size)
    if d > a["amount"]:
        return f"too high to leap ({d} up, at most {a['amount']})"
    if -d > 2 * u.size:
        return "too far down to land safely"
    return None


def use(state: GemsState, u: Unit, aid: str, target: Tile | None) -> list:
    a = content_of(state).abilities[aid]
    verb = a["verb"]
    out: list = []
    if verb == "heal":
        g = _unit_at(state, target) if target is not None else u
        assert g is not None
        before = g.hp
        g.hp = min(g.max_hp, g.hp + a["amount"])
        out.append(ev.AbilityUsed(u.id, aid, verb, g.id, None, 0))
        out.append(ev.UnitHealed(g.id, g.hp - before, aid, g.hp))
    elif verb == "leap":
        assert target is not None
        place_unit(state, u.id, *target)
        out.append(ev.AbilityUsed(u.id, aid, verb, None, target, 0))
        out.append(ev.UnitMoved(u.id, (target,), "leap", 0))
    elif VERBS[verb].lasting:
        if a["kind"] == "continuous":
            u.active.append(aid)
            out.append(ev.AbilityUsed(u.id, aid, verb, u.id, None, 0))
        else:
            turns = max(1, a["turns"])
            u.effects.append({"ability": aid, "verb": verb, "amount": a["amount"],
                              "turns": turns})
            out.append(ev.AbilityUsed(u.id, aid, verb, u.id, None, turns))
    else:  # pragma: no cover - content validation keeps unknown verbs out
        raise ValueError(f"unknown ability verb {verb!r}")
    return out

"""The gu_masters pages of the rules reference made from the content files: every Gu, killer
move, weapon, body plan and creature with its numbers, linked to one another.

Owns: turning a content set into `game.engine.reference.Entry`s (ids `gu_<id>`, `killer_<id>`,
`weapon_<id>`, `body_<id>`, `creature_<id>`) through `reference_entries()`, which the system's
class hands to the reference builder. Must not: hold prose about the rules (that is
game/data/gu_masters/reference.toml) or change any figure: it only reads them (the derived
numbers through content.py's own functions).
"""
from __future__ import annotations

from game.engine.reference import Entry

from .content import (Area, Body, Content, Creature, Effect, Gu, KillerMove, Weapon,
                      called_shot_modifier, content, essence_max, essence_regen, max_hp,
                      max_soul, movement, part_size)

USE_WORDS = {"activation": "activated in the user's turn", "reaction": "activated as a reaction",
             "passive": "always on"}


def _area(a: Area | None) -> str:
    if a is None:
        return ""
    if a.radius:
        return f"radius {a.radius} m"
    shape = f"line {a.width} m wide, {a.length} m long"
    return shape + (" from a square the user picks" if a.choose_source else "")


def _effect(e: Effect) -> str:
    """One verb of the effect vocabulary in words, with its numbers."""
    v = e.args
    match e.verb:
        case "damage":
            return f"{v.amount} {v.type} damage" + (" (direct)" if v.direct else "")
        case "soul":
            return f"{v.amount} soul damage"
        case "shield":
            extra = [w for w, on in (("stops touch attacks", v.blocks_touch),
                                     ("stops sonic damage", v.blocks_sonic)) if on]
            return f"[[shield_gu|shield]] of {v.points} points until its next turn" + \
                (f" ({', '.join(extra)})" if extra else "")
        case "dr":
            kinds = "/".join(v.types) if v.types else "every type of"
            return f"[[damage_reduction|damage reduction]] {v.amount} against {kinds} damage"
        case "resistance":
            return f"{v.level} to {'/'.join(v.types)}"
        case "attribute":
            return f"{v.name.capitalize()} {v.delta:+d}"
        case "recoil":
            return f"own punch recoil {v.delta:+d}"
        case "flight":
            return f"[[flight|flying speed]] {v.speed} m, {v.maneuvers} maneuvers a turn"
        case "heal":
            return f"heals {v.amount} HP (each HP also stops one Bleeding)"
        case "status":
            bits = [f"[[status_{v.id}|{v.id.replace('_', ' ').capitalize()}]]"]
            if v.stacks:
                bits.append(str(v.stacks))
            if v.turns:
                bits.append(f"for {v.turns} turns")
            if v.if_hurt:
                bits.append("on those it hurt")
            return " ".join(bits)
        case "poison":
            return f"poisons: {v.amount} poison damage a turn for {v.turns} turns"
        case "push":
            return f"pushes {v.meters} m away"
        case "conceal":
            return f"harder to notice (Awareness +{v.penalty})"
        case "divination":
            return f"knows where every creature within {v.range_m} m stands"
    raise ValueError(f"no words for the effect verb {e.verb!r}")


def _usable(u: Gu | KillerMove) -> list[str]:
    bits = []
    if u.skill:
        bits.append(f"{u.skill.replace('_', ' ').title()} test")
    if u.touch:
        bits.append("touch")
    elif u.range_m:
        bits.append(f"range {u.range_m} m")
    if u.area is not None:
        bits.append(_area(u.area))
    if u.keywords:
        bits.append(" ".join(f"[{k}]" for k in u.keywords))
    if u.turns:
        bits.append(f"lasts {u.turns} turns")
    return bits


def _gu(g: Gu, used_by: list[str], in_moves: list[str]) -> Entry:
    head = [f"Rank {g.rank}", f"{g.cost} essence", USE_WORDS.get(g.use, g.use)]
    if g.upkeep:
        head.append(f"upkeep {g.upkeep} a turn")
    lines = [" · ".join(head + _usable(g))]
    if g.effects:
        lines.append("Effect: " + "; ".join(_effect(e) for e in g.effects) + ".")
    if g.refined:
        lines.append("Refined: its owner may [[self_detonation|detonate]] it.")
    if g.description:
        lines.append(g.description)
    if in_moves:
        lines.append("Part of: " + ", ".join(f"[[killer_{k}]]" for k in in_moves) + ".")
    if used_by:
        lines.append("Carried by: " + ", ".join(f"[[creature_{c}]]" for c in used_by) + ".")
    return Entry(f"gu_{g.id}", "Gu", g.name, "\n".join(lines), (g.id,), ("activate_gu",))


def _killer(k: KillerMove) -> Entry:
    parts = ", ".join(f"[[gu_{gid}]]" + (f" x{n}" if n > 1 else "") for gid, n in
                      k.components.items())
    lines = [" · ".join([f"Rank {k.rank}", f"{k.activations} activations",
                         f"{k.essence} essence"] + _usable(k)),
             f"Needs: {parts}."]
    if k.effects:
        lines.append("Effect: " + "; ".join(_effect(e) for e in k.effects) + ".")
    if k.description:
        lines.append(k.description)
    return Entry(f"killer_{k.id}", "Killer moves", k.name, "\n".join(lines), (k.id,),
                 ("killer_move",))


def _weapon(w: Weapon) -> Entry:
    bits = [f"{w.damage} {w.type} damage (+ Strength / 20)", f"reach {w.reach_m} m",
            f"{w.hands} hand{'s' if w.hands > 1 else ''}"]
    if w.keywords:
        bits.append(" ".join(f"[{k}]" for k in w.keywords))
    text = " · ".join(bits) + (f"\n{w.description}" if w.description else "")
    return Entry(f"weapon_{w.id}", "Weapons", w.name, text, (w.id,), ("weapon_attack",))


def _body(b: Body) -> Entry:
    rows = [f"{p.name}{f' ({p.count})' if p.count > 1 else ''}: {p.size} on a Medium creature "
            f"({called_shot_modifier(p.size):+d} to the roll), injury: {p.injury.replace('_', ' ')}"
            for p in b.parts]
    text = "\n".join(rows) if rows else "Nothing to aim a called shot at."
    if b.description:
        text += f"\n{b.description}"
    return Entry(f"body_{b.id}", "Bodies", b.name, text, (b.id,), ("called_shot",))


def _creature(c: Creature, cont: Content) -> Entry:
    head = [c.kind.replace("_", " ").capitalize(), c.size.capitalize(), f"{c.weight_kg} kg"]
    if c.rank:
        head.append(f"rank {c.rank}")
    stats = [f"HP {max_hp(c)}", f"soul {max_soul(c)}", f"movement {movement(c)} m"]
    if c.rank:
        stats.append(f"essence {essence_max(c)} (+{essence_regen(c)} a turn)")
    attrs = ", ".join(f"{k.capitalize()} {v}" for k, v in c.attributes.items())
    skills = ", ".join(f"{k.replace('_', ' ').title()} {v}" for k, v in c.skills.items() if v)
    lines = [" · ".join(head), " · ".join(stats), f"Attributes: {attrs}.",
             f"Skills: {skills}."]
    body = cont.bodies[c.body]
    if body.parts:
        sized = ", ".join(f"{p.name} {part_size(p, c.size)}" for p in body.parts)
        lines.append(f"Body: [[body_{body.id}|{body.name}]] ({sized}).")
    kit = []
    if c.weapons:
        kit.append("weapons " + ", ".join(f"[[weapon_{w}]]" for w in c.weapons))
    if c.unarmed:
        kit.append("unarmed " + ", ".join(c.unarmed))
    if c.gu:
        kit.append("Gu " + ", ".join(f"[[gu_{g}]]" for g in c.gu))
    if c.killer_moves:
        kit.append("killer moves " + ", ".join(f"[[killer_{k}]]" for k in c.killer_moves))
    if c.primeval_stones:
        kit.append(f"{c.primeval_stones} primeval stones")
    if kit:
        lines.append("Carries: " + "; ".join(kit) + ".")
    if c.resistances:
        lines.append("By nature: " + ", ".join(f"{lvl} to {t}" for t, lvl in
                                                c.resistances.items()) + ".")
    if c.description:
        lines.append(c.description)
    return Entry(f"creature_{c.id}", "Creatures", c.name, "\n".join(lines), (c.id,))


def reference_entries(cont: Content | None = None) -> list[Entry]:
    """Every content entry as a reference page (the shipped content unless one is given)."""
    cont = cont if cont is not None else content()
    carriers: dict[str, list[str]] = {}
    for c in cont.creatures.values():
        for g in c.gu:
            carriers.setdefault(g, []).append(c.id)
    moves: dict[str, list[str]] = {}
    for k in cont.killer_moves.values():
        for g in k.components:
            moves.setdefault(g, []).append(k.id)
    out = [_gu(g, carriers.get(g.id, []), moves.get(g.id, [])) for g in cont.gu.values()]
    out += [_killer(k) for k in cont.killer_moves.values()]
    out += [_weapon(w) for w in cont.weapons.values()]
    out += [_body(b) for b in cont.bodies.values()]
    out += [_creature(c, cont) for c in cont.creatures.values()]
    return out

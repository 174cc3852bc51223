"""The bindings pages of the rules reference made from the content files: every combatant, move,
talent and condition with its numbers, linked to one another.

Owns: turning `content()` into `game.engine.reference.Entry`s (ids `combatant_<id>`,
`move_<id>`, `talent_<id>`, `condition_<id>`). Must not: hold prose about the rules (that is
game/data/bindings/reference.toml) or change any figure: it only reads them.
"""
from __future__ import annotations

from game.engine.reference import Entry

from .content import BASIC_MOVES, ConditionDef, Effect, MoveDef, SheetDef, TalentDef, content

# what each condition verb does, in a player's words (the verbs: content.CONDITION_VERBS)
CONDITION_WORDS = {
    "halve_movement": "every movement covers half as many hexes, bonus hexes dropped",
    "adv_defence": "defence totals and the Reaction value are rolled with advantage",
    "adv_checks": "ability checks are rolled with advantage",
    "dis_checks": "ability checks are rolled with disadvantage",
    "melee_adv_against": "melee attacks against it have advantage",
    "ranged_dis_against": "projectile attacks against it have disadvantage",
    "no_move": "cannot start or continue moving",
}


def _rounds(n: int) -> str:
    return "until the round ends" if n == 0 else f"for {n} round{'s' if n != 1 else ''}"


def _effect(e: Effect) -> str:
    if e.verb == "condition":
        return f"on a hit, the target is [[condition_{e.condition}]] {_rounds(e.rounds)}"
    if e.verb == "self_condition":
        return f"the user becomes [[condition_{e.condition}]] {_rounds(e.rounds)}"
    if e.verb == "wall":
        return f"raises a wall of {e.hexes} hexes {_rounds(e.rounds)}"
    if e.verb == "veil":
        return f"a veil of {e.hexes} hexes, concealment {e.conceal}, {_rounds(e.rounds)}"
    if e.verb == "boost":
        return f"adds {e.hexes} hexes to the movement under way"
    return e.verb


def _move(m: MoveDef) -> Entry:
    lines = [m.description, f"{m.school.capitalize()} · {m.action.capitalize()} action · {m.kind}"]
    reach = []
    if m.speed:
        reach.append(f"speed {m.speed}H (hexes per segment)")
    if m.range_ft:
        reach.append(f"range {m.range_ft} ft" + (" (-1 per 20 ft beyond)" if
                                                   m.ranged == "increments" else ""))
    if reach:
        lines.append(", ".join(reach).capitalize())
    if m.offence:
        lines.append(f"Attack: AB + {m.offence} mod + 2d6")
    if m.defence:
        lines.append(f"As a counter: DB + {m.defence} mod + 2d6")
    if m.contest:
        lines.append(f"The target opposes with {m.contest}")
    if m.damage_dice or m.damage_bonus or m.damage_ability:
        parts = [p for p in (f"{m.damage_ability} mod" if m.damage_ability else "",
                             m.damage_dice, str(m.damage_bonus) if m.damage_bonus else "") if p]
        lines.append("Damage: " + " + ".join(parts))
    if m.pushback_ft:
        lines.append(f"Pushes the target {m.pushback_ft} ft back")
    if m.cooldown:
        lines.append(f"Cooldown: {m.cooldown} round{'s' if m.cooldown != 1 else ''}")
    if m.attaches_to:
        lines.append("Boosts: " + ", ".join(m.attaches_to))
    lines += [_effect(e).capitalize() for e in m.effects]
    if m.id in BASIC_MOVES:
        lines.append("Every combatant knows it.")
    return Entry(f"move_{m.id}", "Moves", m.name, "\n".join(x for x in lines if x), (m.id,))


def _sheet(s: SheetDef) -> Entry:
    scores = " · ".join(f"{k} {v}" for k, v in s.scores.items())
    lines = [s.description, f"Level {s.level} · HP {s.hp} · AB {s.ab} · DB {s.db}", scores,
             f"Speed {s.base_speed_ft} ft · swim {s.swim_speed_ft} ft",
             "Moves: " + ", ".join(f"[[move_{m}]]" for m in (*s.moves, *BASIC_MOVES))]
    if s.talents:
        lines.append("Talents: " + ", ".join(f"[[talent_{t}]]" for t in s.talents))
    return Entry(f"combatant_{s.id}", "Combatants", s.name, "\n".join(x for x in lines if x),
                 (s.id,))


def _talent(t: TalentDef) -> Entry:
    text = (f"{t.description}\n" if t.description else "") + \
        f"[[move_{t.reduces}]] costs one action step less, {t.per_round} time(s) a round."
    return Entry(f"talent_{t.id}", "Talents", t.name, text, (t.id,))


def _condition(c: ConditionDef) -> Entry:
    lines = [c.description] + [CONDITION_WORDS[v].capitalize() + "." for v in c.verbs]
    return Entry(f"condition_{c.id}", "Conditions", c.name, "\n".join(x for x in lines if x),
                 (c.id,))


def entries() -> list[Entry]:
    c = content()
    return ([_sheet(s) for s in c.combatants.values()] + [_move(m) for m in c.moves.values()]
            + [_talent(t) for t in c.talents.values()]
            + [_condition(x) for x in c.conditions.values()])

"""Called shots in the match: the parts a strike may aim at on a target, the attack roll's
modifier for one, and what a harmful hit on it does (GU-59..61, GU-127..132, GU-GM-17/18/20).

Owns: the part names a Strike carries (`Strike.part`): a body part of the target's body plan
("head", "torso", "arm", "hand", "leg"), a weapon it holds ("item:<weapon>"), or the wings of
a flight Gu it sustains ("wings:<gu>"); `parts` (every part the target has now, body parts
first), `aimed` (the called.CalledPart: size and modifier; the table's leg size, GU-GM-17)
and `after_hit`, GU-GM-18's outcome once the hit took HP: a body part's injury (the injury
itself is rolled with the hit's other injuries in attack.harm), a held item dropped, wings
ended.

Must not: hold the size ladder, the body plans or the modifiers (content.py, called.py) or the
injury tables (injuries.py); roll dice.
"""
from __future__ import annotations

from . import called
from . import content as C
from .events import SustainEnded
from .house import HOUSE
from .limbs import Injured
from .state import Creature, GuState

ITEM, WINGS = "item:", "wings:"


def _body(d: Creature) -> C.Body | None:
    entry = C.content().creatures.get(d.entry)
    return C.content().bodies.get(entry.body) if entry is not None else None


def _wings(d: Creature) -> dict[str, str]:
    """The flight Gu it sustains that manifest wings, with their size on a Medium wearer."""
    out: dict[str, str] = {}
    for gid in d.sustained:
        g = C.content().gu.get(gid)
        for e in (g.effects if g is not None else ()):
            if e.verb == "flight" and e.args.wings:
                out[gid] = e.args.wings
    return out


def parts(state: GuState, d: Creature) -> list[str]:
    """GU-59: every part of `d` a strike may aim at now: its body plan's parts, the weapons it
    holds, the wings it has manifested."""
    body = _body(d)
    out = [p.id for p in body.parts] if body is not None else []
    out += [ITEM + w for w in dict.fromkeys(d.weapons)]
    out += [WINGS + g for g in _wings(d)]
    return out


def aimed(state: GuState, d: Creature, part: str) -> called.CalledPart:
    """The aimed part with its size on `d` and the roll's modifier (GU-60/61, GU-GM-17)."""
    if part.startswith(ITEM):
        if part[len(ITEM):] not in d.weapons:
            raise ValueError(f"{d.id} holds no {part[len(ITEM):]!r}")
        return called.item_part(part[len(ITEM):])
    if part.startswith(WINGS):
        wings = _wings(d)
        gid = part[len(WINGS):]
        if gid not in wings:
            raise ValueError(f"{d.id} has no wings of {gid!r}")
        return called.manifested_part(part, wings[gid], d.size_class)
    body = _body(d)
    if body is None:
        raise ValueError(f"{d.id} has no body plan to aim at")
    leg = str(HOUSE.read(state, "leg_size")) if part == "leg" else None
    return called.body_part(body, part, d.size_class, medium_size=leg)


def modifier(state: GuState, d: Creature, part: str) -> tuple[str, int]:
    """The (source, value) the called shot adds to the attack roll (GU-60)."""
    got = aimed(state, d, part)
    return (got.label, got.modifier)


def injury_part(state: GuState, d: Creature, part: str) -> str | None:
    """The injury table a harmful hit on `part` rolls on (GU-127..132), None for items and
    wings."""
    if not part or part.startswith((ITEM, WINGS)):
        return None
    return aimed(state, d, part).injury or None


def after_hit(state: GuState, d: Creature, part: str) -> list:
    """GU-GM-18 for items and wings once the called shot took HP (the `called_items` table
    option "damage_only" leaves both be): the item is dropped; the wings' flight Gu ends, and a
    creature left in the air without flight falls when the action settles (GU-119)."""
    if HOUSE.read(state, "called_items") != "core" or not d.on_board:
        return []
    if part.startswith(ITEM):
        w = part[len(ITEM):]
        if w in d.weapons:
            d.weapons.remove(w)
            return [Injured(d.id, "dropped", f"Dropped {w}", "", (w,))]
    if part.startswith(WINGS):
        gid = part[len(WINGS):]
        if gid in d.sustained:
            d.sustained.remove(gid)
            return [SustainEnded(d.id, gid, "its wings were struck")]
    return []

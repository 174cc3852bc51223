"""Words for a Gu or a killer move on the battle screen: what each of its effects does, how far
it reaches, what it costs, read from the content record (the engine's data) in our own words.

Owns: `effect_words`, `reach_words`, `card_words`, `keyword_words`, and the words of held
actions (`trigger_words`, `held_words`, `DEED_WORDS`: GU-71, GU-GM-36). Must not: decide a rule (whether a Gu may
be used, at whom, and its odds are the engine's: activate.py, areagu.py, forecast.py) or import
pygame.
"""
from __future__ import annotations

from typing import Any

from game.client.presenters.eventlog import title

KEYWORDS = {
    "shield": "a shield Gu: raised as a reaction when a hit comes",
    "sustained": "sustained: kept up until released, with its upkeep each turn",
    "piercing": "piercing: partial cover does not hinder it",
    "unreactable": "no dodge or parry against it",
    "expendable": "expendable: used up in its one activation",
}


def _effect(verb: str, a: Any) -> str:
    if verb == "damage":
        return f"{a.amount} {a.type} damage" + (" (direct: past shields and reduction)"
                                                 if a.direct else "")
    if verb == "soul":
        return f"{a.amount} soul damage"
    if verb == "shield":
        also = [w for w, on in (("touch", a.blocks_touch), ("sonic", a.blocks_sonic)) if on]
        return f"a shield of {a.points} points" + (f" (stops {' and '.join(also)} too)"
                                                   if also else "")
    if verb == "dr":
        kinds = ", ".join(a.types) if a.types else "all"
        return f"takes {a.amount} off each hit of {kinds} damage"
    if verb == "resistance":
        return f"{a.level} to {', '.join(a.types)}"
    if verb == "attribute":
        return f"{title(a.name)} {a.delta:+d}"
    if verb == "recoil":
        return f"punch recoil {a.delta:+d}"
    if verb == "flight":
        return f"flight: {a.speed} m a turn, {a.maneuvers} maneuvers"
    if verb == "heal":
        return f"heals {a.amount} HP"
    if verb == "status":
        words = title(a.id) + (f" {a.stacks}" if a.stacks else "")
        if a.turns:
            words += f" for {a.turns} turn{'s' if a.turns != 1 else ''}"
        return words + (" (if it took HP)" if a.if_hurt else "")
    if verb == "poison":
        return f"poison: {a.amount} a turn for {a.turns} turns"
    if verb == "push":
        return f"pushes {a.meters} m away"
    if verb == "conceal":
        return f"conceals its user (Awareness {a.penalty:+d} to notice it)"
    if verb == "divination":
        return f"shows hidden squares within {a.range_m} m"
    return title(verb)


def effect_words(u: Any) -> list[str]:
    """One short phrase per effect of the Gu or killer move `u`."""
    return [_effect(e.verb, e.args) for e in u.effects]


def after_damage_words(u: Any) -> list[str]:
    """The phrases of the effects of `u` that are not its damage (a poison, a status, a push):
    what taking its blow brings besides the HP."""
    return [_effect(e.verb, e.args) for e in u.effects if e.verb != "damage"]


def reach_words(u: Any) -> str:
    """'20 m', 'touch', 'self', 'a 2 m radius within 12 m', 'a 1 x 6 m line'."""
    a = u.area
    if u.target == "area" and a is not None:
        shape = (f"a {a.radius} m radius" if a.radius else f"a {a.width} x {a.length} m line")
        if u.range_m:
            return f"{shape} within {u.range_m} m"
        return f"{shape} around itself" if a.radius else f"{shape} from its side"
    if u.touch:
        return "touch"
    if u.target == "self":
        return "self"
    return f"{u.range_m} m"


def card_words(u: Any) -> str:
    """The Gu bar card's short reach: '15 m', 'area 10 m', 'line 12 m', 'self', 'touch',
    'reaction' (a shield Gu)."""
    if u.use == "reaction" or "shield" in u.keywords:
        return "reaction"
    if u.target == "area" and u.area is not None:
        kind = "area" if u.area.radius else "line"
        return f"{kind} {u.range_m} m" if u.range_m else f"{kind}, at hand"
    if u.touch:
        return "touch"
    if u.target == "self":
        return "self"
    return f"{u.range_m} m"


def keyword_words(u: Any) -> list[str]:
    return [KEYWORDS.get(k, title(k)) for k in u.keywords]


# -- held actions (GU-71, GU-GM-36) ------------------------------------------------------------
TRIGGER_WORDS = {"enemy_attacks": "an enemy attacks", "enemy_moves": "an enemy moves",
                 "any_hostile_act": "an enemy does anything hostile",
                 "enemy_enters_range": "an enemy comes within {range_m} m",
                 "enemy_uses_gu": "an enemy uses {named}"}
DEED_WORDS = {"attack": "attacks", "move": "moves", "gu": "uses a Gu"}


def trigger_words(kind: str, range_m: int = 0, named: str = "") -> str:
    """'an enemy comes within 2 m', 'an enemy uses Fire Pellet Gu' (`named` already a name)."""
    return TRIGGER_WORDS.get(kind, title(kind)).format(range_m=range_m, named=named)


def held_words(held: str, gu_name: str = "") -> str:
    """What is held: 'a strike', 'Moonlight Gu (one activation)' or 'Thunder Gale Palm
    (killer move)'."""
    if held == "strike":
        return "a strike"
    return f"{gu_name} (killer move)" if held == "killer" else f"{gu_name} (one activation)"

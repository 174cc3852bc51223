"""Gu Masters bots: advance on the enemy, strike with the best expected damage, focus the hurt,
use Gu by what their effects do, answer every reaction prompt by its odds, never stall.

Owns: `GuBot` on tactics.bots.BotBase and its registration for "easy", "normal" and "hard";
`role(gu)`, what a Gu (or killer move) is good for in a bot's eyes, read from its content
effects (one AI hint per verb, STYLE habit 7).

Must not: read the real match or its generator (a bot has its seat's redacted view, the legal
actions and its own forked generator), or compute a rule: chances and damage come from the
engine's offers and forecasts (odds.py, the reaction offers' own odds), reach and costs from
the legal list.
"""
from __future__ import annotations

from .content import Gu, KillerMove

ROLES = ("damage", "shield", "heal", "buff", "flight", "other")


def role(gu: Gu | KillerMove) -> str:
    """What a Gu is for, from its effects: "damage" (harms a creature or an area: damage, soul,
    poison, a status), "shield" (shield points, taken as a reaction), "heal", "flight" (wings),
    "buff" (a lasting change on the user: reduction, resistance, attribute, recoil, conceal,
    divination), else "other"."""
    verbs = {e.verb for e in gu.effects}
    if verbs & {"damage", "soul", "poison"} or (gu.target != "self" and "status" in verbs):
        return "damage"
    if "shield" in verbs:
        return "shield"
    if "heal" in verbs:
        return "heal"
    if "flight" in verbs:
        return "flight"
    if verbs & {"dr", "resistance", "attribute", "recoil", "conceal", "divination"}:
        return "buff"
    return "other"

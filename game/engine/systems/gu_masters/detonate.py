"""Self-detonation of Gu in gu_masters: when a Gu Master may destroy its own Gu (GU-91).

Owns: the conditions (conscious; the Gu is its own and refined; not suppressed) and when it
may be done (a reaction outside its turn, free at any moment of its own turn).

Must not: read the match or remove Gu (the engine does; a detonated Gu simply dies and its own
detonation ability does not fire, GU-91).
"""
from __future__ import annotations


def refusal(conscious: bool, owns: bool, refined: bool, suppressed: bool) -> tuple[str, str] | None:
    """GU-91: why this Gu may not be detonated, as (words, rule ID), or None."""
    if not conscious:
        return "must be conscious to detonate a Gu", "GU-91"
    if not owns or not refined:
        return "only its own refined Gu can be detonated", "GU-91"
    if suppressed:
        return "a suppressed Gu cannot be detonated", "GU-91"
    return None


def costs_reaction(own_turn: bool) -> bool:
    """GU-91: free on the owner's own turn; outside it, it spends one of its reactions."""
    return not own_turn

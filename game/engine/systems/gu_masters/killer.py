"""Killer moves of gu_masters as numbers: may the user start one, and what it costs in soul
(GU-47..49).

Owns: the check that the user owns every component Gu and has the essence for every
activation (GU-47), the soul damage of activations beyond the Activations attribute (GU-48) and
the soul damage of each Gu activation made while a [Sustained] killer move is kept up (GU-49).

Must not: load content (the engine hands in the killer move's entry), roll, or apply damage
(the damage module's `soul_damage` does).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from .content import KillerMove


def refusal(components: Mapping[str, int], owned: Mapping[str, int], essence: int,
            essence_cost: int) -> tuple[str, str] | None:
    """GU-47: why the killer move may not start, as (words, rule ID), or None. `components`
    maps each Gu id to the copies the move needs (one copy can serve several activations: the
    document asks for the Gu, not one per activation) and `owned` the user's Gu."""
    missing = sorted(g for g in components if owned.get(g, 0) < 1)
    if missing:
        return "lacks " + ", ".join(g.replace("_", " ") for g in missing), "GU-47"
    if essence < essence_cost:
        return f"needs {essence_cost} essence, has {essence}", "GU-47"
    return None


def soul_cost(move_activations: int, activations_attribute: int) -> int:
    """GU-48: 1 soul damage per activation of the killer move beyond the user's Activations
    (the value in play now, so Dazed's -2 counts)."""
    return max(0, move_activations - max(0, activations_attribute))


def sustained_soul_cost(sustaining: int, activations: int = 1) -> int:
    """GU-49: each Gu activation made while a [Sustained] killer move is kept up deals 1 soul
    damage to its user; `sustaining` is how many such killer moves it keeps up (each counts)."""
    return max(0, sustaining) * max(0, activations)


@dataclass(frozen=True, slots=True)
class Cost:
    """What starting a killer move takes: `essence` spent (GU-47), `soul` damage for the
    activations beyond the user's Activations (GU-48) plus 1 per [Sustained] killer move it
    already keeps up, since the move activates Gu (GU-49); `refused` (words, rule) when it may
    not start at all."""

    essence: int
    soul: int
    refused: tuple[str, str] | None = None


def cost(move: KillerMove, owned: Iterable[str], essence: int, activations: int, *,
         sustaining: int = 0) -> Cost:
    """The killer move `move` (content) for a user owning the Gu `owned`, with `essence` now,
    `activations` its Activations in play (Dazed counted) and `sustaining` [Sustained] killer
    moves already kept up (GU-47..49)."""
    have: dict[str, int] = {}
    for g in owned:
        have[g] = have.get(g, 0) + 1
    why = refusal(move.components, have, essence, move.essence)
    soul = soul_cost(move.activations, activations) \
        + sustained_soul_cost(sustaining, move.activations)
    return Cost(move.essence, soul, why)

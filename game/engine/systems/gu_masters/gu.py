"""Gu Masters Gu on a creature: the interpreter of content's effect verbs, and a creature's
numbers as its Gu change them.

Owns: what a creature's Gu make of its numbers (an attribute with its boosts, GU-X-02; flat
damage reduction; punch recoil reduction), activating a Gu (GU-42..46: essence, activations,
sustained Gu and their upkeep, GU-GM-47), and one function per effect verb of the content's
vocabulary (damage, shield, dr, attribute, recoil, heal, status, ...).

Must not: hold content (content.py) or damage arithmetic (damage.py); roll except on the Rng it
is handed.
"""
from __future__ import annotations

from .state import Creature


def attribute(c: Creature, name: str) -> int:
    """An attribute with what its sustained Gu add (e.g. +40 Strength)."""
    return c.attrs.get(name, 0)


def recoil_cut(c: Creature) -> int:
    """How much its Gu take off its own punch recoil (GU-55)."""
    return 0

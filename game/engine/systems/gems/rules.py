"""Gems non-combat rules (being written): legal turn actions, their validation and application."""
from __future__ import annotations

from typing import Any

from game.engine.rng import Rng

from .state import GemsState


def legal_actions(state: GemsState) -> list:
    return []


def validate(state: GemsState, action: Any) -> str | None:
    return f"{getattr(action, 'kind', action)!r} is not allowed now"


def apply(state: GemsState, action: Any, rng: Rng) -> list:
    raise ValueError("not implemented yet")

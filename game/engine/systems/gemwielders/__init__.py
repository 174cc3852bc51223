"""The Gemwielders rule system: a two-player deck-builder with hidden information.

Its system object is GEMWIELDERS (system.py); game/engine/systems/__init__.py lists it for the
registry. See README.md for the module map, the interfaces between the modules and the house rules.
"""
from . import actions, events  # noqa: F401  (register action and event kinds)
from .system import GEMWIELDERS, GemwieldersSystem

__all__ = ["GEMWIELDERS", "GemwieldersSystem"]

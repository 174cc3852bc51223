"""The gems rule system: encounter combat for gems on an elevation grid.

Its system object is GEMS (system.py); game/engine/systems/__init__.py lists it for the registry.
See README.md for the module map, the house rules and the helpers the client and AI may call.
"""
from . import actions, events  # noqa: F401  (register action and event kinds)
from .system import GEMS, GemsSystem

__all__ = ["GEMS", "GemsSystem"]

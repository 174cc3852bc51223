"""The gems rule system: encounter combat for gems on an elevation grid.

Importing this package registers GEMS (system.py) in game.engine.registry. See README.md for the
module map, the house rules and the helpers the client and AI may call.
"""
from game.engine import registry

from . import actions, events  # noqa: F401  (register action and event kinds)
from .system import GEMS, GemsSystem

registry.register(GEMS)

__all__ = ["GEMS", "GemsSystem"]

"""The Gemwielders rule system: a two-player deck-builder with hidden information.

Importing this package registers GEMWIELDERS (system.py) in game.engine.registry. See README.md
for the module map, the interfaces between the modules and the house rules.
"""
from game.engine import registry

from . import actions, events  # noqa: F401  (register action and event kinds)
from .system import GEMWIELDERS, GemwieldersSystem

registry.register(GEMWIELDERS)

__all__ = ["GEMWIELDERS", "GemwieldersSystem"]

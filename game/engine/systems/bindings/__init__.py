"""The bindings rule system: segment-timed battles on hex maps (issue 4).

Importing this package registers BINDINGS (system.py) in game.engine.registry. See README.md for
the module map, the house rules and the helpers the client and AI call.
"""
from game.engine import registry

from . import actions, events  # noqa: F401  (register action and event kinds)
from .system import BINDINGS, BindingsSystem

registry.register(BINDINGS)

__all__ = ["BINDINGS", "BindingsSystem"]

"""The bindings rule system: segment-timed battles on hex maps (issue 4).

Its system object is BINDINGS (system.py); game/engine/systems/__init__.py lists it for the
registry. See README.md for the module map, the house rules and the helpers the client and AI call.
"""
from . import actions, events  # noqa: F401  (register action and event kinds)
from .system import BINDINGS, BindingsSystem

__all__ = ["BINDINGS", "BindingsSystem"]

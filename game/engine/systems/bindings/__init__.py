"""The bindings rule system: segment-timed battles on hex maps (issue 4).

Importing this package registers BINDINGS (system.py) in game.engine.registry once system.py
exists. See README.md for the module map, the house rules and the helpers the client and AI call.
"""
from game.engine import registry

from . import actions, events  # noqa: F401  (register action and event kinds)

try:
    from .system import BINDINGS, BindingsSystem
except ImportError:          # system.py lands later in the same issue
    BINDINGS = BindingsSystem = None  # type: ignore[assignment]
else:
    registry.register(BINDINGS)

__all__ = ["BINDINGS", "BindingsSystem"]

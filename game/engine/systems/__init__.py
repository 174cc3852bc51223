"""The registration list of rule systems: every system the game offers, one line each.

Owns: `SYSTEMS`, which game.engine.registry registers on first use. A system package never imports
the registry (the registry is above the systems, so the two never import each other); adding a
system is one import and one entry here (docs/new-system.md).
"""
from .bindings import BINDINGS
from .gems import GEMS
from .gemwielders import GEMWIELDERS
from .gu_masters import GU_MASTERS
from .rpgstuck import RPGSTUCK

SYSTEMS = (GEMS, GEMWIELDERS, BINDINGS, RPGSTUCK, GU_MASTERS)

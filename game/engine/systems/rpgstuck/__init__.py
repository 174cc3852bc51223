"""RPGStuck: d20 strife on square maps (checklist `RS-nn`, ../shared/rules/rpgstuck.md).

Owns: the system package and its export, `RPGSTUCK` (the instance the registration list in
game/engine/systems/__init__.py holds). Its modules are listed in README.md beside this file.
"""
from .system import RPGSTUCK

__all__ = ["RPGSTUCK"]

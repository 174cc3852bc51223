"""RPGStuck: d20 strife on square maps (checklist `RS-nn`, ../shared/rules/rpgstuck.md).

Owns: the system package. Its modules are listed in README.md beside this file.
"""

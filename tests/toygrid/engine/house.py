"""toy_grid house rules: the one game-master call, settled before play.

Owns: HOUSE (the table) and its rule. Must not: apply it (rules.py reads it with HOUSE.read).
"""
from __future__ import annotations

from game.engine.rules import HouseRule
from game.engine.tactics.house import HouseTable

HOUSE = HouseTable((
    HouseRule("parry_on", "Parry succeeds on", "TG-GM-01", 5,
              ((5, "5 or more"), (4, "4 or more")),
              "The d6 a defender needs to turn a hit aside (TG-05)."),
))

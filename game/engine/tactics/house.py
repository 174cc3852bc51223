"""House-rule tables: reading a match's resolved game-master calls.

Owns: `HouseTable`, built once per system from its `HouseRule`s (game.engine.rules): the
defaults, the rule for an id, and `read(state, id)`, the value a match plays with (its default
when a save predates the rule). An id the table does not hold is a bug and fails loudly.

Must not: declare any system's rules (each system's house.py does) or resolve a match's
choices at set-up (rules.resolve_house_rules does, and refuses unknown ids there).
"""
from __future__ import annotations

from typing import Any, Iterable

from game.engine.rules import HouseRule


class UnknownHouseRule(KeyError):
    """A rule id the system does not declare (a typo in the rules code, never a player's)."""


class HouseTable:
    """A system's house rules by id, with their defaults."""

    __slots__ = ("rules", "by_id", "defaults")

    def __init__(self, rules: Iterable[HouseRule]) -> None:
        self.rules: tuple[HouseRule, ...] = tuple(rules)
        self.by_id: dict[str, HouseRule] = {}
        for h in self.rules:
            if h.id in self.by_id:
                raise ValueError(f"house rule {h.id!r} is declared twice")
            self.by_id[h.id] = h
        self.defaults: dict[str, Any] = {h.id: h.default for h in self.rules}

    def rule(self, rule_id: str) -> HouseRule:
        try:
            return self.by_id[rule_id]
        except KeyError:
            raise UnknownHouseRule(rule_id) from None

    def read(self, state: Any, rule_id: str) -> Any:
        """The value `state` plays with: the match's choice, else the rule's default."""
        try:
            default = self.defaults[rule_id]
        except KeyError:
            raise UnknownHouseRule(rule_id) from None
        return state.house.get(rule_id, default)

"""The closed vocabulary of Gemstone Ability effects (GEM-GM-29).

Owns: the verb names content may use, what each does in a line, and the hint the AI reads to
decide when an ability is worth a slot. Each verb is implemented exactly once in abilities.py.

Must not: import rules code (content.py validates against this list at load time).
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Verb:
    lasting: bool      # True: a modifier that stays on (continuous) or runs for `turns`
    hint: str          # AI hint: "heal_wounded", "before_attack", "when_far", "when_hit", ...
    summary: str


VERBS: dict[str, Verb] = {
    "heal": Verb(False, "heal_wounded", "restores `amount` HP to the target, up to her maximum"),
    "shield": Verb(True, "when_threatened", "takes `amount` off every attack's damage to her"),
    "haste": Verb(True, "when_far", "adds `amount` to her Movement Speed"),
    "empower": Verb(True, "before_attack", "adds `amount` to the damage of her arm attacks"),
    "leap": Verb(False, "when_far", "jumps to a free tile within `range`, up to `amount` higher, "
                 "over anything in between"),
}

"""Dice notation and rolls.

Owns: parsing notation such as "d20", "2d6+3" or "3d6-1", rolling it on the match's Rng, and the
`Roll` record every roll produces (purpose, the dice, each modifier with its source, the total).

Must not: keep any randomness of its own; it always rolls on the generator it is given.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .rng import Rng

_NOTATION = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$")


@dataclass(frozen=True, slots=True)
class DiceSpec:
    count: int
    sides: int
    bonus: int = 0

    def __str__(self) -> str:
        base = f"{self.count if self.count != 1 else ''}d{self.sides}"
        if self.bonus:
            base += f"{'+' if self.bonus > 0 else '-'}{abs(self.bonus)}"
        return base


def parse(notation: str) -> DiceSpec:
    m = _NOTATION.match(notation)
    if not m:
        raise ValueError(f"not dice notation: {notation!r} (expected e.g. 'd20' or '2d6+3')")
    count = int(m.group(1)) if m.group(1) else 1
    sides = int(m.group(2))
    if count < 1 or sides < 2:
        raise ValueError(f"dice notation needs at least one die of two or more sides: {notation!r}")
    bonus = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)
    return DiceSpec(count, sides, bonus)


@dataclass(frozen=True, slots=True)
class Roll:
    """One roll: what it was for, the faces, each labelled modifier, and the total."""

    purpose: str
    notation: str
    faces: tuple[int, ...]
    modifiers: tuple[tuple[str, int], ...]
    total: int

    def breakdown(self) -> str:
        """'d20 14 + CPR 3 = 17' style text for logs and tooltips."""
        parts = [f"{self.notation} {'+'.join(str(f) for f in self.faces)}"]
        for label, value in self.modifiers:
            parts.append(f"{'+' if value >= 0 else '-'} {label} {abs(value)}")
        return " ".join(parts) + f" = {self.total}"

    def to_json(self) -> dict:
        return {"purpose": self.purpose, "notation": self.notation, "faces": list(self.faces),
                "modifiers": [list(m) for m in self.modifiers], "total": self.total}

    @classmethod
    def from_json(cls, d: dict) -> "Roll":
        return cls(d["purpose"], d["notation"], tuple(d["faces"]),
                   tuple((str(a), int(b)) for a, b in d["modifiers"]), int(d["total"]))


def roll(rng: Rng, notation: str | DiceSpec, purpose: str,
         modifiers: tuple[tuple[str, int], ...] | list[tuple[str, int]] = ()) -> Roll:
    spec = parse(notation) if isinstance(notation, str) else notation
    faces = tuple(rng.randint(1, spec.sides) for _ in range(spec.count))
    mods = tuple((str(label), int(v)) for label, v in modifiers)
    if spec.bonus:
        mods = mods + (("bonus", spec.bonus),)
    total = sum(faces) + sum(v for _, v in mods)
    shown = str(DiceSpec(spec.count, spec.sides))
    return Roll(purpose, shown, faces, mods, total)

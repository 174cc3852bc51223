"""The records a rule system hands a series of battles (game.engine.series): the rests it offers
and what a rest did, and the error a refused series step raises.

Owns: `RestOption`, `RestOutcome`, `SeriesError`: plain data, so a system's series hooks can
build them without importing the series machinery (the registry, matches and saves behind it).

Must not: hold any rule or know any system.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


class SeriesError(ValueError):
    """A series step that is not allowed now (a rest before any battle, a rest the system
    refuses, a battle recorded twice). The message says why in a player's words."""


@dataclass(frozen=True, slots=True)
class RestOption:
    """One rest a system offers between two battles: `kind` is what `rest` takes, `allowed`
    whether it may be chosen now (`why` says why not), `rule` the rule or table option that
    decides it, `lines` what the rest screen shows (per creature: what it would give), and
    `counts` the numbers the player chooses, one per creature: (creature id, label, most,
    expected gain per unit), e.g. the hit dice to spend and the HP one die heals on average;
    `caps` (creature id, the most that gain can add up to), e.g. the HP it is missing, for the
    counts whose gain has such a bound."""

    kind: str
    label: str
    allowed: bool = True
    why: str = ""
    rule: str = ""
    lines: tuple[str, ...] = ()
    counts: tuple[tuple[str, str, int, float], ...] = ()
    caps: tuple[tuple[str, float], ...] = ()

    def expected(self, cid: str, n: int) -> float:
        """The gain `n` units of creature `cid`'s count are expected to bring, within its cap."""
        gain = next((g for c, _label, _most, g in self.counts if c == cid), 0.0)
        cap = dict(self.caps).get(cid)
        return n * gain if cap is None else min(n * gain, cap)


@dataclass(frozen=True, slots=True)
class RestOutcome:
    """What a rest did: the carried data after it, the seconds it took, and the lines the
    results show (each creature's healing, recharges, refusals with their rule IDs)."""

    data: dict[str, Any]
    seconds: int
    lines: tuple[str, ...] = ()

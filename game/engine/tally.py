"""What happened in a match, counted from its events: the results screen's story.

Owns: folding the core facts every system reports (DamageDealt, Downed, DiceRolled,
TurnStarted) into per-unit and per-seat figures: damage dealt (by the unit the event counts it to, `dealer`)
and taken, who went down, turns played, and how each roller's dice compared with what dice of
that kind give on average (the luck line: the mean of the rolls' standardised differences, so a
d20 and 3d6 count alike). `Match.tally()` hands one out for a whole match (events dropped from
the match's recent history are folded as they leave it).

Must not: know any system: everything here reads only the core event fields; which side a unit
is on is the system's answer (`RuleSystem.side_of`).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any, Iterable

from .events import DamageDealt, DiceRolled, Downed, TurnStarted

_NOTATION = re.compile(r"^(\d*)d(\d+)$")


def die_spread(notation: str, faces: int) -> tuple[float, float] | None:
    """(mean, standard deviation) of the sum of `faces` dice written `notation` ("d20", "3d6":
    each face 1..sides, uniform), or None for a notation that is not plain dice."""
    found = _NOTATION.match(notation.strip().lower())
    if found is None or faces <= 0:
        return None
    sides = int(found.group(2))
    if sides < 2:
        return None
    mean = (sides + 1) / 2
    var = (sides * sides - 1) / 12
    return faces * mean, math.sqrt(faces * var)


@dataclass
class Tally:
    dealt: dict[str, int] = field(default_factory=dict)        # by source named in the events
    taken: dict[str, int] = field(default_factory=dict)        # by victim (unit id or seat)
    downed: list[str] = field(default_factory=list)            # in the order they went down
    turns: dict[int, int] = field(default_factory=dict)        # turns started, by seat
    rounds: int = 0
    luck_sum: dict[str, float] = field(default_factory=dict)   # by roller
    rolls: dict[str, int] = field(default_factory=dict)        # rolls counted, by roller

    def add(self, events: Iterable[Any]) -> None:
        for e in events:
            if isinstance(e, DamageDealt):
                victim = str(e.victim)
                self.taken[victim] = self.taken.get(victim, 0) + int(e.amount)
                if e.dealer:
                    self.dealt[e.dealer] = self.dealt.get(e.dealer, 0) + int(e.amount)
            elif isinstance(e, Downed):
                self.downed.append(str(e.victim))
            elif isinstance(e, TurnStarted):
                self.turns[e.seat] = self.turns.get(e.seat, 0) + 1
                self.rounds = max(self.rounds, int(e.round))
            elif isinstance(e, DiceRolled) and e.actor is not None:
                spread = die_spread(e.roll.notation, len(e.roll.faces))
                if spread is None or spread[1] <= 0:
                    continue
                who = str(e.actor)
                z = (sum(e.roll.faces) - spread[0]) / spread[1]
                self.luck_sum[who] = self.luck_sum.get(who, 0.0) + z
                self.rolls[who] = self.rolls.get(who, 0) + 1

    def merged(self, events: Iterable[Any]) -> "Tally":
        """A copy with `events` added (the tally itself is left as it is)."""
        out = Tally(dict(self.dealt), dict(self.taken), list(self.downed), dict(self.turns),
                    self.rounds, dict(self.luck_sum), dict(self.rolls))
        out.add(events)
        return out

    def luck(self, rollers: Iterable[str]) -> tuple[float, int]:
        """(mean standardised difference from the average roll, rolls counted) over `rollers`:
        +1 means their dice came up one standard deviation high on average."""
        total, n = 0.0, 0
        for r in rollers:
            total += self.luck_sum.get(r, 0.0)
            n += self.rolls.get(r, 0)
        return (total / n if n else 0.0), n

"""The words a battle's end uses for a side, the same in every grid system.

Owns: `side_name(names, side)`: the side's ready-made name (its team, party or encounter, as the
set-up gave it), else "the other side". The engine names only the side that lost in those
words, and whoever reads the event names the winner ("Blue side wins: the other side
conceded"), so a side with no name is never "side 2" in a line whose reader calls it by its
colour.

Must not: know a system's state; it reads the list of names a state keeps.
"""
from __future__ import annotations

from typing import Sequence

OTHER_SIDE = "the other side"


def side_name(names: Sequence[str], side: int, fallback: str = OTHER_SIDE) -> str:
    return names[side] if 0 <= side < len(names) else fallback

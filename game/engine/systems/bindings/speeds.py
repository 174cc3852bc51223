"""Bindings movement speeds: the per-segment rates of Move, Dash, Dodge, Swim and the five-foot
step for any base speed, and halving.

Owns: the speed table (BND-58..70) and the formulas that reproduce it for any base (BND-71), the
swim rate of the invented core (BND-X-10), the NH+B notation (BND-51) and halving (BND-GM-26).

Must not: read the board, the state's clock or content; callers pass numbers in feet.
"""
from __future__ import annotations

from dataclasses import dataclass

HEX_FT = 5                                   # BND-05
SEGMENTS = {"move": 2, "dash": 1, "dodge": 1, "swim": 3, "step": 1}   # BND-52..56
COSTS = {"move": "move", "dash": "move", "dodge": "move", "swim": "move", "step": "swift"}


@dataclass(frozen=True, slots=True)
class Rate:
    """NH+B (BND-51): `hexes` every segment, plus `bonus` hexes once in the whole action."""

    hexes: int
    bonus: int = 0

    def __str__(self) -> str:
        return f"{self.hexes}H+{self.bonus}" if self.bonus else f"{self.hexes}H"


def move_rate(base_ft: int) -> Rate:
    """BND-71: floor(base / 10) H, with one bonus hex when base ends in 5 (e.g. 35 ft: 3H+1)."""
    base_ft = max(0, int(base_ft))
    return Rate(base_ft // 10, 1 if base_ft % 10 == 5 else 0)


def dash_rate(base_ft: int) -> Rate:
    """BND-71: round(base / 5 x 2/3) H, computed in integers (2*base/15, halves round up)."""
    base_ft = max(0, int(base_ft))
    return Rate((4 * base_ft + 15) // 30)


def dodge_rate(base_ft: int) -> Rate:
    """BND-71: floor(base / 15) H."""
    return Rate(max(0, int(base_ft)) // 15)


def swim_feet(base_ft: int, swim_ft: int = 0) -> int:
    """The swim speed in feet: the sheet's, or half the base rounded down to 5 ft (BND-X-10)."""
    if swim_ft > 0:
        return int(swim_ft)
    return (max(0, int(base_ft)) // 2) // HEX_FT * HEX_FT


def swim_rate(base_ft: int, swim_ft: int = 0) -> Rate:
    """Swim covers its speed over three segments (BND-55): floor(hexes / 3) each segment, the
    remainder as bonus hexes (the invented core's BND-51 reading)."""
    hexes = swim_feet(base_ft, swim_ft) // HEX_FT
    return Rate(hexes // 3, hexes % 3)


def rate(mode: str, base_ft: int, swim_ft: int = 0) -> Rate:
    """The rate of movement `mode` for a combatant with these speeds (five-foot step: 1 hex,
    BND-56)."""
    if mode == "move":
        return move_rate(base_ft)
    if mode == "dash":
        return dash_rate(base_ft)
    if mode == "dodge":
        return dodge_rate(base_ft)
    if mode == "swim":
        return swim_rate(base_ft, swim_ft)
    if mode == "step":
        return Rate(1)
    raise ValueError(f"unknown movement mode {mode!r}")


def halve(hexes: int, bonus: int, how: str = "floor") -> tuple[int, int]:
    """Halved movement (BND-GM-26): "floor" rounds each per-segment rate down and drops the bonus
    hexes; "ceil" rounds up and keeps them."""
    if how == "ceil":
        return (hexes + 1) // 2, bonus
    return hexes // 2, 0


def table(bases: range = range(30, 95, 5)) -> list[tuple[int, Rate, Rate, Rate]]:
    """(base, Move, Dash, Dodge) rows, as the client's help screen shows them."""
    return [(b, move_rate(b), dash_rate(b), dodge_rate(b)) for b in bases]

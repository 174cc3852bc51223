"""Small set-ups for the rpgstuck engine tests: an inline grid, creatures from the bundled
content placed by hand, and the initiative order given (no initiative dice), so a test forces
only the dice of what it checks."""
from __future__ import annotations

from typing import Any

from game.engine.match import Match
from game.engine.rules import MatchConfig, SeatConfig

OPEN = ["..........",
        "..........",
        "..........",
        "..........",
        "..........",
        ".........."]


def battle(creatures: list[tuple[str, str, int, int, int]], *, rows: list[str] | None = None,
           order: list[str] | None = None, house: dict[str, Any] | None = None,
           overrides: dict[str, dict[str, Any]] | None = None, seed: int = 1,
           content: dict[str, Any] | None = None,
           legend: dict[str, dict[str, Any]] | None = None) -> Match:
    """`creatures` as (id, entry, side, x, y); `order` the initiative (default: as listed)."""
    setup: dict[str, Any] = {
        "grid": {"rows": rows or OPEN, **({"legend": legend} if legend else {})},
        "creatures": [{"id": cid, "entry": entry, "side": side, "x": x, "y": y,
                       **({"overrides": overrides[cid]} if overrides and cid in overrides
                          else {})}
                      for cid, entry, side, x, y in creatures],
        "initiative": order or [c[0] for c in creatures],
    }
    if content:
        setup["content"] = content
    return Match.new(MatchConfig("rpgstuck", seed, [SeatConfig(), SeatConfig()], None,
                                 dict(house or {}), setup))


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]


def of(events: list, cls: type) -> list:
    return [e for e in events if isinstance(e, cls)]

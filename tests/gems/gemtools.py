"""Helpers for gems rule tests: small inline battlefields built through the one door.

Matches are made with Match.new(MatchConfig(system="gems", setup={grid, units, items})) and
driven with match.submit; initiative is forced with setup_dice so the first listed unit acts
first (she rolls 20, everyone else 1).
"""
from __future__ import annotations

from typing import Any

from game.engine.actions import EndTurn
from game.engine.match import Match
from game.engine.rules import MatchConfig


def unit(uid: str, x: int, y: int, side: int = 0, sheet: str = "garnet", **over: Any) -> dict:
    spec: dict[str, Any] = {"id": uid, "sheet": sheet, "side": side, "x": x, "y": y}
    if over:
        spec["overrides"] = over
    return spec


def match(rows: list[str], units: list[dict], items: list[dict] | None = None,
          elevation: list[str] | None = None, legend: dict | None = None,
          house: dict | None = None, setup_dice: list[int] | None = None,
          seed: int = 7, content: dict | None = None) -> Match:
    grid: dict[str, Any] = {"rows": rows}
    if elevation is not None:
        grid["elevation"] = elevation
    if legend is not None:
        grid["legend"] = legend
    if setup_dice is None:
        setup_dice = [20] + [1] * (len(units) - 1)
        if len(units) > 2:
            # everyone else ties at 1 + CPR; give them distinct faces instead, in listed order
            setup_dice = [20] + [max(1, 12 - n) for n in range(len(units) - 1)]
    setup: dict[str, Any] = {"grid": grid, "units": units, "items": list(items or [])}
    if content is not None:
        setup["content"] = content
    cfg = MatchConfig("gems", seed, map=None, house_rules=dict(house or {}), setup=setup,
                      setup_dice=list(setup_dice))
    return Match.new(cfg)


def open_field(w: int = 8, h: int = 8) -> list[str]:
    return ["." * w for _ in range(h)]


def end_turn(m: Match) -> list:
    return m.submit(EndTurn()).events


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]


def of(events: list, cls: type) -> list:
    return [e for e in events if isinstance(e, cls)]

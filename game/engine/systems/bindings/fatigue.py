"""Fatigue from prolonged binding (BND-103..106): hours of continuous binding outside battle.

Owns: a small, serialisable tracker of one creature's prolonged binding (filling a ship's sails,
clearing a quarry): the hour count of the current stretch, the next Strength check's DC, and
whether it is exhausted; the hourly check rolled on the match Rng and reported as FatigueChecked.

This is not part of battles: a battle lasts seconds, and the battle rules never call it. A
scenario, a game-master tool or a future travel screen uses it between battles. The check is the
invented core's ability check (2d6 + STR mod, advantage +3d6, disadvantage -3d6) against the DC.

Must not: touch a BindingsState or any battle rule; use `random`.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from game.engine import dice
from game.engine.events import DiceRolled

from . import events as ev

FIRST_DC = 10          # BND-103
DC_STEP = 2            # BND-104


@dataclass(slots=True)
class Fatigue:
    """One creature's prolonged binding. `hours` counts the current unbroken stretch; `dc` is
    the next check's DC (it only goes back to 10 after a night's rest, BND-105, BND-GM-32)."""

    actor: str
    str_mod: int = 0
    hours: int = 0
    dc: int = FIRST_DC
    binding: bool = False
    exhausted: bool = False

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Fatigue":
        return cls(**d)


def start(f: Fatigue) -> bool:
    """Begin (or resume) binding; an exhausted creature cannot (invented core's Exhausted)."""
    if f.exhausted:
        return False
    f.binding = True
    return True


def hour_passed(f: Fatigue, rng: Any, edge: str = "none") -> list:
    """One more hour of continuous binding: the Strength check against the current DC
    (BND-103/104). A pass raises the next DC by 2; a failure ends the binding and exhausts
    (BND-106). `edge` is "advantage", "disadvantage" or "none" (BND-95/96)."""
    if not f.binding:
        raise ValueError(f"{f.actor} is not binding")
    f.hours += 1
    mods: list[tuple[str, int]] = [("STR", f.str_mod)]
    roll = dice.roll(rng, "2d6", "fatigue", mods)
    total = roll.total
    out: list = [DiceRolled(roll, f.actor, f"{f.actor} keeps binding: {total} against DC {f.dc}")]
    if edge in ("advantage", "disadvantage"):
        extra = dice.roll(rng, "3d6", f"fatigue {edge}")
        total += extra.total if edge == "advantage" else -extra.total
        out.append(DiceRolled(extra, f.actor, f"{edge}: {extra.total}"))
    passed = total >= f.dc
    out.append(ev.FatigueChecked(f.actor, f.hours, f.dc, total, passed))
    if passed:
        f.dc += DC_STEP
    else:
        f.binding = False
        f.exhausted = True
    return out


def take_break(f: Fatigue) -> None:
    """Any break in the binding starts a new hour count; the DC stays (BND-GM-32)."""
    f.binding = False
    f.hours = 0


def night_rest(f: Fatigue) -> None:
    """A full night's rest resets the DC to 10 and clears Exhausted (BND-105)."""
    f.binding = False
    f.hours = 0
    f.dc = FIRST_DC
    f.exhausted = False

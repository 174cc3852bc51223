"""Events: past-tense facts returned by `Match.submit`.

Owns: the event registry and the events every system shares. The client animates and logs events
but always re-reads state as the truth. Each field is documented on its class.

Must not: carry references to live state objects; events are plain values.
"""
from __future__ import annotations

from dataclasses import dataclass

from .dice import Roll
from .records import Record, Registry

EVENTS = Registry("event")
event = EVENTS.register


@event("dice_rolled")
@dataclass(frozen=True, slots=True)
class DiceRolled(Record):
    """A roll happened. `roll` holds purpose, faces, labelled modifiers and total;
    `actor` is the unit or seat that rolled (if any); `text` is a one-line log reading."""

    roll: Roll
    actor: str | None = None
    text: str = ""


@event("turn_started")
@dataclass(frozen=True, slots=True)
class TurnStarted(Record):
    """`seat` now decides; `actor` is the unit whose turn it is (None for seat turns);
    `round` counts rounds from 1."""

    seat: int
    actor: str | None
    round: int


@event("turn_ended")
@dataclass(frozen=True, slots=True)
class TurnEnded(Record):
    """The turn of `actor` (or of `seat`) finished."""

    seat: int
    actor: str | None


@event("match_ended")
@dataclass(frozen=True, slots=True)
class MatchEnded(Record):
    """The match is over. `winner` is the winning side index, or None for a draw;
    `reason` is a short explanation in our own words."""

    winner: int | None
    reason: str


@event("ruling_made")
@dataclass(frozen=True, slots=True)
class RulingMade(Record):
    """A game-master call was settled by a house rule or default (`rule` names the checklist
    entry, `choice` what was decided) so the log shows every ruling."""

    rule: str
    choice: str


@event("note")
@dataclass(frozen=True, slots=True)
class Note(Record):
    """Free text for the log (used sparingly; prefer a specific event)."""

    text: str


def revealed_hidden(events) -> bool:
    """True when any event revealed something hidden (marks the action as not undoable)."""
    return any(getattr(e, "reveals", False) for e in events)


def rolled_dice(events) -> bool:
    return any(isinstance(e, DiceRolled) for e in events)

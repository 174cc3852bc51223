"""Events: past-tense facts returned by `Match.submit`.

Owns: the event registry, the events every system shares, and the core tactical vocabulary.
The client animates and logs events but always re-reads state as the truth. Each field is
documented on its class.

The core vocabulary. Every system reports the same few facts of a fight: something moved, took
damage, went down, was healed, the initiative order was settled, a turn started, a die was
rolled. `TurnStarted` and `DiceRolled` are events of their own that every system emits as they
are. The other five are base classes here (`Moved`, `DamageDealt`, `Downed`, `Healed`,
`InitiativeSettled`): a system's event for that fact inherits from one, keeps its own kind
string and fields, and answers the core names through read-only properties (where its field has
another name, e.g. a system whose field is `actor` answers the core `mover`). The client words and animates the
five facts once, by `isinstance`, whatever system emitted them.

Why base classes and not shared event kinds: renaming the kinds (two systems' "unit moved" and
"combatant moved" both becoming one `moved`) would rewrite every stored golden playthrough, save
and scenario file, and force field renames that lose each system's own words (the tile where
what is left of a piece lies, a card game's `life` instead of HP). Base classes give the client
one vocabulary while the JSON each system writes stays byte for byte what it was. A base class
is not a dataclass: it only annotates the core names (which adds nothing to `to_json` or to the
checked schema, and leaves no class attribute a subclass field could mistake for its default).
Each subclass answers every core name with a field of that name or a property, and
tests/engine/test_events_core.py checks that every registered subclass does.

Must not: carry references to live state objects; events are plain values. The core bases must
not gain dataclass fields: that would change the JSON of every system event built on them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

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


# --- the core tactical vocabulary (base classes; see the module docstring) ----------------------

Cell = tuple[int, int]


class Moved(Record):
    """Core fact: a unit changed place on the board.

    Core fields:
      mover  (str)              id of the unit that moved.
      path   (tuple[Cell, ...]) every cell entered, in order, the start cell excluded; the last is
                                where it now stands. Empty: it did not leave its cell.
      mode   (str)              how it moved, in the system's own words ("walk", "dash",
                                "knockback", "pushed"...); the client looks the verb up per system.
      forced (bool)             True when something else moved it (pushed, knocked back, swept
                                away, carried) rather than its own movement.
    """

    __slots__ = ()
    core_fields: ClassVar[tuple[str, ...]] = ("mover", "path", "mode", "forced")

    mover: str
    path: tuple[Cell, ...]
    mode: str
    forced: bool


class DamageDealt(Record):
    """Core fact: something lost hit points (or life) to damage.

    Core fields:
      victim (str | int) id of the unit that took the damage; a seat number in a game whose
                         players themselves have the life total (a card game).
      amount (int)       what was lost, after every reduction (0: all of it was stopped).
      hp     (int)       what the victim has left afterwards (HP, or life in a card game).
      source (str)       what dealt it: a unit, move or ability id, or a cause in a word
                         ("fall", "current"); "" when the system does not say.
    `dealer` is the unit the damage is counted to (the results' "dealt"): the source unless
    a system's event names the unit apart from the move it used.
    """

    __slots__ = ()
    core_fields: ClassVar[tuple[str, ...]] = ("victim", "amount", "hp", "source")

    victim: str | int
    amount: int
    hp: int
    source: str

    @property
    def dealer(self) -> str:
        return str(self.source)


class Downed(Record):
    """Core fact: a unit dropped out of the fight (0 HP, poofed, down).

    Core fields:
      victim (str)         id of the unit that went down.
      cell   (Cell | None) where what is left of it lies, when the rules leave something on the
                           board (a gem's gemstone); None otherwise.
    """

    __slots__ = ()
    core_fields: ClassVar[tuple[str, ...]] = ("victim", "cell")

    victim: str
    cell: Cell | None


class Healed(Record):
    """Core fact: a unit regained hit points.

    Core fields:
      victim (str) id of the unit healed (the word matches DamageDealt: the one it happened to).
      amount (int) HP regained.
      hp     (int) its HP afterwards.
      source (str) what healed it (an ability or move id; "" when the system does not say).
    """

    __slots__ = ()
    core_fields: ClassVar[tuple[str, ...]] = ("victim", "amount", "hp", "source")

    victim: str
    amount: int
    hp: int
    source: str


class InitiativeSettled(Record):
    """Core fact: the acting order was fixed (after any tie re-rolls).

    Core fields:
      order   (tuple[str, ...]) unit ids, the first to act first.
      scores  (tuple[int, ...]) each one's initiative score, in the same order (what the system
                                ranks by: a d20 total, a count of sixes).
      rerolls (int)             how many rounds of tie-break re-rolls were needed.
    """

    __slots__ = ()
    core_fields: ClassVar[tuple[str, ...]] = ("order", "scores", "rerolls")

    order: tuple[str, ...]
    scores: tuple[int, ...]
    rerolls: int


#: the core bases a system event may inherit from (TurnStarted and DiceRolled are used as is)
CORE_BASES: tuple[type, ...] = (Moved, DamageDealt, Downed, Healed, InitiativeSettled)


def revealed_hidden(events) -> bool:
    """True when any event revealed something hidden (marks the action as not undoable)."""
    return any(getattr(e, "reveals", False) for e in events)


def rolled_dice(events) -> bool:
    return any(isinstance(e, DiceRolled) for e in events)

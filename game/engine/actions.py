"""Actions: the small, serialisable records that are the only way to ask for change.

Owns: the action registry and the few actions every system shares. A system's own actions live in
its `systems/<id>/actions.py` and register here with `@action("kind")`.

Must not: validate or apply anything; that is the system's `rules` and `Match.submit`'s job.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .records import Record, Registry

ACTIONS = Registry("action")
action = ACTIONS.register


@action("end_turn")
@dataclass(frozen=True, slots=True)
class EndTurn(Record):
    """Finish the acting unit's or seat's turn."""


@action("concede")
@dataclass(frozen=True, slots=True)
class Concede(Record):
    """The deciding seat gives up; the other side wins. Systems list it in `legal_actions` for
    the seat that is deciding, like any other choice; `surrender` tells bots and the UI that it
    is a last resort, not a move (bots pick it only when nothing else is legal, the UI offers it
    from its own menu instead of among the moves)."""

    surrender: ClassVar[bool] = True

    seat: int

"""A match: one system's state, its random generator and the log of everything submitted.

Owns: the one door for change (`submit`), undo, forcing dice for tests and scenarios, and the
action log that saves and replays are made of.

`history` keeps the most recent events (set-up first, then every submit's, replays included), so
a match loaded from a save can show what happened before it was saved; it is capped at
HISTORY_LIMIT events and is not part of saves (replaying the log rebuilds it).

`submit` asks the system's `validate` (which accepts exactly its `legal_actions`), applies it to a copy of the
state and of the generator, and only then commits, so a rejected or failing action leaves the
match exactly as it was. It returns the events (past-tense facts) and the next decision.

Must not: do any I/O (see saves.py) or decide a rule itself.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from . import registry
from .actions import ACTIONS
from .decisions import Decision
from .events import EVENTS, revealed_hidden, rolled_dice
from .records import to_json
from .rng import Rng
from .rules import IllegalAction, MatchConfig, RuleSystem, resolve_house_rules


# The most events `Match.history` keeps: a long evening's battle log, small enough that copying a
# match stays cheap.
HISTORY_LIMIT = 2000


@dataclass(frozen=True, slots=True)
class Outcome:
    events: list
    decision: Decision | None


@dataclass(slots=True)
class _UndoPoint:
    state: Any
    rng: Rng
    log_len: int
    seat: int | None
    history_total: int = 0       # events ever recorded before this action (see Match.history)


@dataclass
class Match:
    config: MatchConfig
    system: RuleSystem
    state: Any
    rng: Rng
    log: list[dict] = field(default_factory=list)      # {"action": ...} or {"force": [...]}
    initial_events: list = field(default_factory=list)
    #: recent events, oldest first: set-up, then each submit's (at most HISTORY_LIMIT)
    history: list = field(default_factory=list)
    _history_dropped: int = field(default=0, repr=False)   # events trimmed off the front
    _undo: list[_UndoPoint] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        if not self.history and self.initial_events:
            self._record(self.initial_events)

    # -- creation -------------------------------------------------------------------------
    @classmethod
    def new(cls, config: MatchConfig) -> "Match":
        system = registry.get(config.system)
        config.house_rules = resolve_house_rules(system, config.house_rules)
        rng = Rng.from_seed(config.seed)
        rng.force(config.setup_dice)
        state, events = system.setup(config, rng)
        return cls(config, system, state, rng, initial_events=list(events))

    # -- reading ----------------------------------------------------------------------------
    def legal_actions(self) -> list:
        return self.system.legal_actions(self.state)

    @property
    def decision(self) -> Decision | None:
        return self.system.decision(self.state)

    @property
    def over(self) -> bool:
        return self.system.is_over(self.state)

    @property
    def winner(self) -> int | None:
        return self.system.winner(self.state)

    def view(self, seat: int) -> Any:
        return self.system.view(self.state, seat)

    # -- the one door -----------------------------------------------------------------------
    def submit(self, action) -> Outcome:
        if self.over:
            raise IllegalAction("the match is over")
        reason = self.system.validate(self.state, action)
        if reason:
            raise IllegalAction(reason)
        before = self.decision
        state = copy.deepcopy(self.state)
        rng = copy.deepcopy(self.rng)
        events = self.system.apply(state, action, rng)
        point = _UndoPoint(self.state, self.rng, len(self.log), before.seat if before else None,
                           self._history_dropped + len(self.history))
        self.state, self.rng = state, rng
        self.log.append({"action": to_json(action)})
        self._record(events)
        if rolled_dice(events) or revealed_hidden(events):
            self._undo.clear()       # nothing random or hidden may be taken back
        else:
            self._undo.append(point)
        return Outcome(events, self.decision)

    def _record(self, events: list) -> None:
        self.history.extend(events)
        extra = len(self.history) - HISTORY_LIMIT
        if extra > 0:
            del self.history[:extra]
            self._history_dropped += extra

    def force_dice(self, values: list[int]) -> None:
        """Make the next rolls come out as `values` (tests, scenarios). Logged, so replays and
        saves reproduce it exactly."""
        self.rng.force(list(values))
        self.log.append({"force": [int(v) for v in values]})
        self._undo.clear()

    # -- undo -------------------------------------------------------------------------------
    def can_undo(self) -> bool:
        """The last action may be taken back: it rolled no dice, revealed nothing, and the seat
        asking now is the one that made it."""
        if not self._undo:
            return False
        d = self.decision
        return d is not None and self._undo[-1].seat == d.seat

    def undo(self) -> None:
        if not self.can_undo():
            raise IllegalAction("nothing to undo: the last action rolled dice, revealed something "
                                "or belonged to another seat")
        point = self._undo.pop()
        self.state, self.rng = point.state, point.rng
        del self.log[point.log_len:]
        # the undone action's events are no longer part of what happened
        del self.history[max(0, point.history_total - self._history_dropped):]

    # -- replay -----------------------------------------------------------------------------
    def apply_log_entry(self, entry: dict) -> Outcome | None:
        if "force" in entry:
            self.force_dice(entry["force"])
            return None
        return self.submit(ACTIONS.from_json(entry["action"]))

    def snapshot(self) -> dict:
        return {"state": self.system.state_to_json(self.state), "rng": self.rng.to_json()}


def event_from_json(data: dict):
    return EVENTS.from_json(data)

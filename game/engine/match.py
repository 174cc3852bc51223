"""A match: one system's state, its random generator and the log of everything submitted.

Owns: the one door for change (`submit`), undo, forcing dice for tests and scenarios, the action
log that saves and replays are made of, and the legal actions and the decision of the current
position (each computed once per position and shared by whoever asks: the client, a bot, and
`submit` itself).

`history` keeps the most recent events (set-up first, then every submit's, replays included), so
a match loaded from a save can show what happened before it was saved; it is capped at
HISTORY_LIMIT events and is not part of saves (replaying the log rebuilds it).

`submit` accepts an action the position lists (anything else is refused with the system's
`validate` reason) and applies it to the state in place. Nothing is copied per action: the match
keeps one checkpoint (a copy of the state and generator at some earlier log position, refreshed
every CHECKPOINT_EVERY actions) and rebuilds any earlier position by replaying the log from it,
which the engine's determinism makes exact. That is how `undo` goes back, and how an action that
fails inside `apply` (a rules bug) leaves the match exactly as it was before it.

`version` changes whenever the position does (submit, undo, forced dice, `edited`) and is never
shared by two positions or two matches, so callers cache what they derive from the state by it. Code that changes `state` by hand (tests, scenario
set-up) calls `edited()` afterwards.

Must not: do any I/O (see saves.py) or decide a rule itself.
"""
from __future__ import annotations

import copy
import itertools
from dataclasses import dataclass, field
from typing import Any

from . import registry
from .actions import ACTIONS
from .decisions import Decision
from .events import EVENTS, revealed_hidden, rolled_dice
from .records import to_json
from .rng import Rng
from .tally import Tally
from .rules import IllegalAction, MatchConfig, RuleSystem, resolve_house_rules


# The most events `Match.history` keeps: a long evening's battle log, small enough that copying a
# match stays cheap.
HISTORY_LIMIT = 2000

# Actions between checkpoint copies: undo and a failed apply replay at most this many actions
# (plus the undo chain) from the checkpoint, and one state copy is paid per this many actions.
CHECKPOINT_EVERY = 64

# Versions are drawn from one counter for every match in the process, so a version names one
# position of one match: a cache keyed by it cannot mistake a new match's start for an old one's.
_VERSIONS = itertools.count(1)


@dataclass(frozen=True, slots=True)
class Outcome:
    events: list
    decision: Decision | None


@dataclass(slots=True)
class _UndoPoint:
    log_len: int                 # the log's length before the action (the position to go back to)
    seat: int | None
    history_total: int = 0       # events ever recorded before this action (see Match.history)


@dataclass(slots=True)
class _Checkpoint:
    state: Any                   # a private copy: never handed out, only copied again
    rng: Rng
    log_len: int


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
    #: changes whenever the position does; cache what is derived from the state by it
    version: int = field(default_factory=lambda: next(_VERSIONS), repr=False)
    #: a look-ahead match (see `scratch`): no checkpoint, no undo, a failed apply is the caller's
    scratch: bool = field(default=False, repr=False)
    _history_dropped: int = field(default=0, repr=False)   # events trimmed off the front
    _folded: Tally = field(default_factory=Tally, repr=False)   # the trimmed events, counted
    _undo: list[_UndoPoint] = field(default_factory=list, repr=False)
    _entries: list = field(default_factory=list, repr=False)   # the log decoded, entry by entry
    _checkpoint: _Checkpoint | None = field(default=None, repr=False)
    _legal_version: int = field(default=-1, repr=False)
    _legal: list = field(default_factory=list, repr=False)
    _legal_set: set | None = field(default=None, repr=False)
    _decision_version: int = field(default=-1, repr=False)
    _decision: Decision | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if not self.history and self.initial_events:
            self._record(self.initial_events)
        if self.log and not self._entries:
            raise ValueError("a match with a log must be built by replaying it (saves.load)")

    # -- creation -------------------------------------------------------------------------
    @classmethod
    def new(cls, config: MatchConfig) -> "Match":
        system = registry.get(config.system)
        config.house_rules = resolve_house_rules(system, config.house_rules)
        rng = Rng.from_seed(config.seed)
        rng.force(config.setup_dice)
        state, events = system.setup(config, rng)
        return cls(config, system, state, rng, initial_events=list(events))

    @classmethod
    def around(cls, system: RuleSystem, state: Any, rng: Rng) -> "Match":
        """A look-ahead match that works on `state` and `rng` themselves (pass copies): no
        checkpoint is kept, nothing can be undone, and if an action fails inside `apply` the
        objects are left half-changed for the caller to discard."""
        return cls(MatchConfig(system.id), system, state, rng, scratch=True)

    # -- reading ----------------------------------------------------------------------------
    def legal_actions(self) -> list:
        """The legal actions of this position (a fresh list; computed once per position)."""
        return list(self._legal_now())

    def _legal_now(self) -> list:
        if self._legal_version != self.version:
            self._legal = self.system.legal_actions(self.state)
            self._legal_set = None
            self._legal_version = self.version
        return self._legal

    def is_legal(self, action: Any) -> bool:
        if self._legal_version != self.version:
            # nobody has asked for the whole list here: the part listing this kind will do
            part = self.system.legal_part(self.state, type(action))
            if part is not None:
                # the same object first (a plain loop, cheaper than a generator), then equality
                for listed in part:
                    if listed is action:
                        return True
                return action in part
        legal = self._legal_now()
        for listed in legal:         # the usual caller hands back an object from this very list
            if listed is action:
                return True
        if self._legal_set is None:
            try:
                self._legal_set = set(legal)
            except TypeError:            # an unhashable action kind: compare one by one
                return action in legal
        try:
            return action in self._legal_set
        except TypeError:
            return action in legal

    @property
    def decision(self) -> Decision | None:
        """Who decides what now (asked of the system once per position: submit, the runner
        and the client all ask it several times a position)."""
        if self._decision_version != self.version:
            self._decision = self.system.decision(self.state)
            self._decision_version = self.version
        return self._decision

    @property
    def over(self) -> bool:
        return self.system.is_over(self.state)

    @property
    def winner(self) -> int | None:
        return self.system.winner(self.state)

    def view(self, seat: int) -> Any:
        return self.system.view(self.state, seat)

    def edited(self) -> None:
        """The state was changed by hand (a test or a scenario's set-up): forget what was derived
        from it, and start the checkpoint again from here (the log no longer leads to it)."""
        self.version = next(_VERSIONS)
        self._undo.clear()
        if not self.scratch:
            self._checkpoint = self._copy_here()

    # -- the one door -----------------------------------------------------------------------
    def submit(self, action) -> Outcome:
        if self.over:
            raise IllegalAction("the match is over")
        if not self.is_legal(action):
            reason = self.system.validate(self.state, action)
            raise IllegalAction(reason or "that action is not among the legal actions now")
        before = self.decision
        point = _UndoPoint(len(self.log), before.seat if before else None,
                           self._history_dropped + len(self.history))
        if self._undo and self._undo[-1].seat != point.seat:
            # undo walks back only through one seat's run of actions: once another seat acts,
            # the earlier points can never be reached again
            self._undo.clear()
        if not self.scratch and (self._checkpoint is None or (
                not self._undo and len(self.log) - self._checkpoint.log_len >= CHECKPOINT_EVERY)):
            self._checkpoint = self._copy_here()
        drawn = (self.rng.state, len(self.rng.forced))
        try:
            events = self.system.apply(self.state, action, self.rng)
        except BaseException:
            if not self.scratch:
                self._rebuild(len(self.log))       # as it was: the failure is the caller's news
            raise
        self.version = next(_VERSIONS)
        self.log.append({"action": to_json(action)})
        self._entries.append(action)
        self._record(events)
        # nothing random or hidden may be taken back: a system's own roll events count as well
        # as the core DiceRolled, so any draw from the generator (forced dice too) makes it final
        if rolled_dice(events) or revealed_hidden(events) \
                or drawn != (self.rng.state, len(self.rng.forced)):
            self._undo.clear()
        else:
            self._undo.append(point)
        return Outcome(events, self.decision)

    def _record(self, events: list) -> None:
        self.history.extend(events)
        extra = len(self.history) - HISTORY_LIMIT
        if extra > 0:
            self._folded.add(self.history[:extra])     # the tally keeps what history drops
            del self.history[:extra]
            self._history_dropped += extra

    def tally(self) -> Tally:
        """What happened in the whole match so far, counted (see game.engine.tally)."""
        return self._folded.merged(self.history)

    def force_dice(self, values: list[int]) -> None:
        """Make the next rolls come out as `values` (tests, scenarios). Logged, so replays and
        saves reproduce it exactly."""
        if self._checkpoint is None and not self.scratch:
            self._checkpoint = self._copy_here()
        forced = [int(v) for v in values]
        self.rng.force(list(forced))
        self.log.append({"force": forced})
        self._entries.append(forced)
        self._undo.clear()
        self.version = next(_VERSIONS)

    # -- checkpoint and rebuilding -----------------------------------------------------------
    def _copy_here(self) -> _Checkpoint:
        return _Checkpoint(copy.deepcopy(self.state), copy.deepcopy(self.rng), len(self.log))

    def _rebuild(self, log_len: int) -> None:
        """Set the state and generator to what they were when the log had `log_len` entries:
        a copy of the checkpoint, then the logged entries after it applied again."""
        cp = self._checkpoint
        if cp is None or cp.log_len > log_len:
            raise RuntimeError("no checkpoint at or before that position")   # an engine bug
        state, rng = copy.deepcopy(cp.state), copy.deepcopy(cp.rng)
        for entry in self._entries[cp.log_len:log_len]:
            if type(entry) is list:
                rng.force(list(entry))
            else:
                self.system.apply(state, entry, rng)
        self.state, self.rng = state, rng
        self.version = next(_VERSIONS)

    # -- undo -------------------------------------------------------------------------------
    def can_undo(self) -> bool:
        """The last action may be taken back: it rolled no dice, revealed nothing, and the seat
        asking now is the one that made it."""
        if not self._undo or self.scratch:
            return False
        d = self.decision
        return d is not None and self._undo[-1].seat == d.seat

    def undo(self) -> None:
        if not self.can_undo():
            raise IllegalAction("nothing to undo: the last action rolled dice, revealed something "
                                "or belonged to another seat")
        point = self._undo.pop()
        self._rebuild(point.log_len)
        del self.log[point.log_len:]
        del self._entries[point.log_len:]
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

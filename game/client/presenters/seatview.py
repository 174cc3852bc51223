"""The part every presenter of a square-map system with hidden creatures shares: the state as the
viewing seat sees it, numbered creature names, side colours and the log's treatment of moves the
other side may not see.

Owns: `SeatViewPresenter`, a `Presenter` whose state holds `creatures` (id -> creature with a
`name`), `round`, `over` and `sides` (the ready-made sides' names, empty when the set-up listed
its creatures) and whose match answers `view(seat)` with the seat's redacted state.
A subclass names its side colours and says which moves are unseen (`_unseen_by_foes`,
`_hidden_move`); the rest (tokens, panels, words) stays the system's own.

Must not: decide what a seat may see (the engine's `view` does) or word an event (the system's
`EventLog` does).
"""
from __future__ import annotations

import re

from typing import Any

from game.engine.events import InitiativeSettled, Moved

from . import ItemInfo, LogLine, Presenter
from .eventlog import INFO, NOTE, EventLog
from .words import numbered_names


class SeatViewPresenter(Presenter):
    """A presenter that shows each seat its own view of the battle; see the module docstring."""

    #: the sides' colours, side 0 first (a system's looks)
    side_colours: tuple[tuple[int, int, int], ...] = ()
    #: the colours' names, side 0 first ("Blue"), for a side without a ready-made name
    side_colour_names: tuple[str, ...] = ()

    def __init__(self, match: Any):
        super().__init__(match)
        self._seen_key: Any = None
        self._seen: Any = None
        self._names: dict[str, str] | None = None      # the creatures never change in a match
        self._event_log: EventLog | None = None

    # -- what the viewing seat may see ---------------------------------------------------------
    def preview_key(self) -> Any:
        return self.seat            # the answers kept per position are per pair of eyes

    def seen(self) -> Any:
        """The state as the viewing seat sees it (the engine's redacted view: enemies hidden from
        it left out or kept as marked ghosts); the whole state when nobody in particular looks,
        and once the battle is over. Kept per position and seat."""
        key = (self.match.version, self.seat)
        if key != self._seen_key:
            st = self.state
            self._seen = st if self.seat is None or st.over else self.match.view(self.seat)
            self._seen_key = key
        assert self._seen is not None
        return self._seen

    def _unseen_by_foes(self, uid: str) -> bool:
        """Whether the other side cannot see `uid` now: its moves stay out of the shared log (both
        seats read it) and off the map's animations."""
        raise NotImplementedError

    def _hidden_move(self, e: Any) -> bool:
        """Whether event `e` moves a creature the other side cannot see (a subclass adds its own
        kinds of movement to the core's walk)."""
        return isinstance(e, Moved) and self._unseen_by_foes(e.mover)

    # -- names and looks -----------------------------------------------------------------------
    def side_colour(self, side: int) -> tuple[int, int, int]:
        return self.side_colours[side % len(self.side_colours)]

    def side_name(self, side: int) -> str:
        """A side as players read it: the ready-made side the seat picked (the engine's name
        for it), else its token colour ('Blue side')."""
        return self.team_or_colour(self.state.sides, self.side_colour_names, side)

    def unit_name(self, uid: str | None) -> str:
        """The creature's name; where several share one ("Wolf"), each gets its number in the
        set-up's order ("Wolf 2"), so the log, the pickers and the prompts say which."""
        if uid is None:
            return "?"
        if self._names is None:
            self._names = numbered_names((cid, c.name) for cid, c in self.state.creatures.items())
        return self._names.get(uid, str(uid))

    def decision_words(self, decision: Any) -> str:
        """The engine's prompt with each creature id it names put as the screen names it
        ('bone_lancer_0_2 is hit' -> 'Iron Bone Lancer is hit')."""
        creatures = self.state.creatures
        return re.sub(r"[A-Za-z0-9_]+", lambda mo: self.unit_name(mo.group(0))
                      if mo.group(0) in creatures else mo.group(0), decision.prompt or "")

    def items(self, seat: int | None = None) -> list[ItemInfo]:
        return []

    # -- the log -------------------------------------------------------------------------------
    def _log_event(self, e: Any) -> Any:
        """The event as the log words it (a subclass may rename its actor); the event itself by
        default."""
        return e

    def log_lines(self, events: list) -> list[LogLine]:
        log = self.event_log()
        rnd = self.state.round
        out: list[LogLine] = []
        for e in events:
            if self._hidden_move(e):
                out.append(LogLine("Something moves out of sight", NOTE, (), rnd))
                continue
            if isinstance(e, InitiativeSettled) and not any(e.scores):
                # an order the set-up gave (a scenario): no rolls to show
                out.append(LogLine("Turn order: " + " › ".join(map(self.unit_name, e.order)),
                                   INFO, (), rnd))
                continue
            line = log.line(self._log_event(e), rnd)
            if line is not None:
                out.append(line)
        return out

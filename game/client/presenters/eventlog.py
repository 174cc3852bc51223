"""The one log formatter and the one animator for the core tactical events.

Owns: turning the core facts of game.engine.events (Moved, DamageDealt, Downed, Healed,
InitiativeSettled, TurnStarted, DiceRolled, and MatchEnded, RulingMade, Note) into log lines and
animation steps, worded and animated once for every system. A system's presenter hands in a
`Wording`: how to name a unit, its verbs per movement mode, a few words of flavour, and a table
(kind -> function) of the lines for its own events. Nothing here is an if-chain over one
system's kinds, and this module names no system.

Must not: decide a rule or re-read the state (the presenter's naming functions may), import
pygame, or drop an event quietly: an event with no entry in the table gets a plain line built
from its fields, and only the kinds a system lists as `silent` get no line.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from game.engine.events import (DamageDealt, DiceRolled, Downed, Healed, InitiativeSettled,
                                MatchEnded, Moved, Note, RulingMade, TurnEnded, TurnStarted)

from game.client.presenters import AnimStep, LogLine

Colour = tuple[int, int, int]
#: a system's words for one of its events: a line, plain text (drawn in PLAIN), or None (no line)
LineFn = Callable[[Any], "LogLine | str | None"]

PLAIN: Colour = (210, 206, 196)
INFO: Colour = (150, 200, 230)
TURN: Colour = (111, 194, 228)
DAMAGE: Colour = (255, 130, 110)
DOWN: Colour = (240, 110, 80)
GOOD: Colour = (160, 220, 170)
FORCED: Colour = (240, 180, 90)
WARM: Colour = (255, 212, 138)
RULING: Colour = (170, 160, 200)
NOTE: Colour = (190, 190, 190)
ROLL: Colour = (230, 226, 212)
ROLL_FAIL: Colour = (160, 168, 180)


def title(text: str) -> str:
    """'air_blast' -> 'Air blast' (ids and purposes read as words)."""
    text = str(text).replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else ('es' if word.endswith(('x', 's')) else 's')}"


def _no_you(_who: Any) -> bool:
    return False


@dataclass(frozen=True)
class Wording:
    """What one system tells the formatter.

    name: unit id (or seat) -> the name a player reads. side_name: winning side -> "Blue side".
    moves: Moved.mode -> verb ("walks"; a mode not listed reads "moves"). downed: the words after
    the name when a unit goes down. hp_word: "HP" or "life". initiative: the label of the turn
    order line. silent: kinds that get no line. texts: kind -> the words for the system's own
    events. tails: kind -> words added after the core sentence of a core event (a system detail,
    e.g. where a gemstone lies); for DamageDealt they go right after "damage". you: True when the
    name is the reader themself ("You take 3 damage")."""

    name: Callable[[Any], str]
    side_name: Callable[[int], str] = lambda side: f"Side {side + 1}"
    moves: Mapping[str, str] = field(default_factory=dict)
    downed: str = "is down!"
    hp_word: str = "HP"
    initiative: str = "Turn order"
    silent: frozenset[str] = frozenset()
    texts: Mapping[str, LineFn] = field(default_factory=dict)
    tails: Mapping[str, Callable[[Any], str]] = field(default_factory=dict)
    you: Callable[[Any], bool] = _no_you


class EventLog:
    """Log lines for events: the core facts worded once, a system's own events from its table."""

    def __init__(self, words: Wording):
        self.words = words

    def lines(self, events: list, rnd: int | None = None) -> list[LogLine]:
        out: list[LogLine] = []
        for e in events:
            line = self.line(e, rnd)
            if line is not None:
                out.append(line)
        return out

    def line(self, e: Any, rnd: int | None = None) -> LogLine | None:
        """The line for one event (None: a kind the system keeps silent, or a fact with nothing to
        show such as an empty path)."""
        w = self.words
        kind = getattr(e, "kind", "")
        if kind in w.silent or isinstance(e, TurnEnded):
            return None
        core = self.core(e, rnd)
        if core is not None or _is_core(e):
            return core
        fn = w.texts.get(kind)
        got = fn(e) if fn is not None else self.fields_text(e)
        if got is None or isinstance(got, LogLine):
            return got
        return LogLine(got, PLAIN, (), rnd)

    # -- the core facts ---------------------------------------------------------------------
    def _verb(self, who: Any, third: str) -> str:
        """'takes' for a name, 'take' for the reader ("You take")."""
        if not self.words.you(who):
            return third
        first, _, rest = third.partition(" ")
        base = {"is": "are", "has": "have"}.get(first, first[:-1] if first.endswith("s") else first)
        return f"{base} {rest}".strip()

    def _tail(self, e: Any) -> str:
        fn = self.words.tails.get(getattr(e, "kind", ""))
        return fn(e) if fn is not None else ""

    def core(self, e: Any, rnd: int | None = None) -> LogLine | None:
        """The line for a core fact (None for anything else, or nothing to show)."""
        w, n = self.words, self.words.name
        if isinstance(e, DiceRolled):
            r = e.roll
            terms = [("Roll for", title(r.purpose)),
                     (r.notation, " + ".join(str(f) for f in r.faces) or "-")]
            terms += [(label, f"{v:+d}") for label, v in r.modifiers]
            terms.append(("Total", str(r.total)))
            who = n(e.actor) if e.actor else ""
            text = e.text or f"{who} {title(r.purpose).lower()}: {r.breakdown()}".strip()
            low = text.lower()
            colour = ROLL
            if "no contact" in low or "miss" in low or "fail" in low:
                colour = ROLL_FAIL
            elif "contact" in low or "success" in low:
                colour = WARM
            return LogLine(text, colour, tuple(terms), rnd)
        if isinstance(e, TurnStarted):
            who = n(e.actor) if e.actor else f"Player {e.seat + 1}"
            return LogLine(f"Round {e.round} · {who}'s turn", TURN, (), e.round)
        if isinstance(e, MatchEnded):
            who = "Draw" if e.winner is None else f"{w.side_name(e.winner)} wins"
            return LogLine(f"{who}: {e.reason}", WARM, (), rnd)
        if isinstance(e, RulingMade):
            return LogLine(f"Ruling {e.rule}: {e.choice}", RULING, (), rnd)
        if isinstance(e, Note):
            return LogLine(e.text, NOTE, (), rnd)
        if isinstance(e, Moved):
            if not e.path:
                return None
            end = e.path[-1]
            verb = self._verb(e.mover, w.moves.get(e.mode, "moves"))
            return LogLine(f"{n(e.mover)} {verb} to {end[0]},{end[1]}{self._tail(e)}",
                           FORCED if e.forced else PLAIN, (), rnd)
        if isinstance(e, DamageDealt):
            take = self._verb(e.victim, "takes")
            return LogLine(f"{n(e.victim)} {take} {e.amount} damage{self._tail(e)} · "
                           f"{e.hp} {w.hp_word} left", DAMAGE, (), rnd)
        if isinstance(e, Healed):
            heal = self._verb(e.victim, "heals")
            return LogLine(f"{n(e.victim)} {heal} {e.amount}{self._tail(e)} · {e.hp} {w.hp_word}",
                           GOOD, (), rnd)
        if isinstance(e, Downed):
            return LogLine(f"{n(e.victim)} {self._verb(e.victim, w.downed)}{self._tail(e)}",
                           DOWN, (), rnd)
        if isinstance(e, InitiativeSettled):
            # the score in brackets: a numbered name ("Wolf 2") must not run into it
            parts = [f"{n(u)} ({s})" for u, s in zip(e.order, e.scores)]
            again = f" (ties re-rolled {e.rerolls}×)" if e.rerolls else ""
            return LogLine(f"{w.initiative}: " + " › ".join(parts) + again + self._tail(e),
                           INFO, (), rnd)
        return None

    # -- anything without words ----------------------------------------------------------------
    def fields_text(self, e: Any) -> str:
        """A plain reading of an event the system gave no words: its kind and its fields, ids
        named, so a new event is never silently left out of the log."""
        text = getattr(e, "text", None)
        if isinstance(text, str) and text:
            return text
        kind = getattr(e, "kind", type(e).__name__).split(".")[-1]
        bits = []
        for name in getattr(e, "__slots__", ()):
            v = getattr(e, name, None)
            if v is None or v == () or v == []:
                continue
            if isinstance(v, str):
                v = self.words.name(v)
            elif isinstance(v, (tuple, list)) and len(v) == 2 and all(isinstance(i, int) for i in v):
                v = f"{v[0]},{v[1]}"
            bits.append(f"{name.replace('_', ' ')} {v}")
        return f"{title(kind)}: " + ", ".join(bits) if bits else title(kind)


def _is_core(e: Any) -> bool:
    return isinstance(e, (DiceRolled, TurnStarted, MatchEnded, RulingMade, Note, Moved,
                          DamageDealt, Healed, Downed, InitiativeSettled))


#: a system's animation for one of its own events (None: nothing to play)
StepFn = Callable[[Any], "AnimStep | None"]


@dataclass(frozen=True)
class Animator:
    """Animation steps for events: a move slides along its path (a forced one as a knock), damage
    flashes the unit with the amount, healing floats the amount, a downed unit fades with
    `downed_text`; a system's own events play what its `extra` table (kind -> step) says."""

    downed_text: str = "Down"
    extra: Mapping[str, StepFn] = field(default_factory=dict)

    def steps(self, events: list) -> list[AnimStep]:
        out: list[AnimStep] = []
        for e in events:
            step = self.step(e)
            if step is not None:
                out.append(step)
        return out

    def step(self, e: Any) -> AnimStep | None:
        if isinstance(e, Moved):
            if not e.path:
                return None
            return AnimStep("knock" if e.forced else "move", e.mover,
                            tuple(tuple(p) for p in e.path))
        if isinstance(e, DamageDealt):
            if e.amount <= 0:
                return None
            return AnimStep("hit", e.victim, text=f"-{e.amount}", colour=(255, 110, 90))
        if isinstance(e, Healed):
            if e.amount <= 0:
                return None
            return AnimStep("float", e.victim, text=f"+{e.amount}", colour=(140, 230, 150))
        if isinstance(e, Downed):
            return AnimStep("poof", e.victim, text=self.downed_text, colour=(255, 240, 200))
        fn = self.extra.get(getattr(e, "kind", ""))
        return fn(e) if fn is not None else None

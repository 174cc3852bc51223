"""Headless match runners: bots against bots, for autoplay, evaluate, selftest and benchmarks.

Owns: `play_match` / `run_match` (drive one match to its end through `Match.submit`, asking the
bot of the deciding seat each time), `bot_rng` (the only stream a bot may draw from) and the JSON
summary they return.

Must not: let a bot see anything but `match.view(seat)`, the legal actions and its own forked
generator; read a clock into the summary (the same config and seed must give the same summary,
byte for byte); or decide a rule (an illegal choice is the bot's bug and is reported as such).
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from ..events import MatchEnded, TurnStarted
from ..match import Match
from ..records import to_json
from ..rng import Rng
from ..rules import MatchConfig
from .base import Bot, playable


class BotError(RuntimeError):
    """A bot failed or chose an action that is not legal. The message names the bot, the seat,
    the stage and the action."""


def bot_rng(match: Match, seat: int) -> Rng:
    """The generator a bot may draw from for this decision.

    Forked from the match generator (forking never advances it) under the label "bot<seat>",
    then once more by the log length so successive decisions get different streams. It is a
    function of the match position only, so a bot thinking in another process (client/seats.py)
    draws exactly what it would have drawn in-process, and the match's own dice are untouched.
    """
    return match.rng.fork(f"bot{seat}").fork(f"decision{len(match.log)}")


def ask_bot(match: Match, bot: Bot, seat: int) -> Any:
    """One decision: the bot's choice for `seat`, checked against the legal actions."""
    legal = match.legal_actions()
    if not legal:
        raise BotError(f"seat {seat} must decide but no action is legal "
                       f"(stage {getattr(match.decision, 'stage', None)!r})")
    only = playable(legal)
    if len(only) == 1:
        return only[0]       # one thing to do: every bot does it (no view, no thinking)
    view = match.view(seat)
    try:
        action = bot.choose(view, list(legal), bot_rng(match, seat))
    except Exception as exc:  # a bot bug must name the bot, not crash somewhere anonymous
        raise BotError(f"bot {getattr(bot, 'name', bot)!r} for seat {seat} failed at stage "
                       f"{getattr(match.decision, 'stage', None)!r}: "
                       f"{exc.__class__.__name__}: {exc}") from exc
    if action not in legal:
        raise BotError(f"bot {getattr(bot, 'name', bot)!r} for seat {seat} chose "
                       f"{to_json(action)!r}, which is not legal at stage "
                       f"{getattr(match.decision, 'stage', None)!r}")
    return action


@dataclass(slots=True)
class _SeatStats:
    actions: int = 0
    kinds: dict[str, int] | None = None

    def add(self, action: Any) -> None:
        self.actions += 1
        if self.kinds is None:
            self.kinds = {}
        kind = getattr(action, "kind", type(action).__name__)
        self.kinds[kind] = self.kinds.get(kind, 0) + 1

    def to_json(self) -> dict:
        return {"actions": self.actions, "kinds": dict(sorted((self.kinds or {}).items()))}


def state_digest(match: Match) -> str:
    """A short fingerprint of the match position (state and generator), for determinism checks."""
    text = json.dumps(match.snapshot(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def run_match(match: Match, bots_by_seat: Mapping[int, Bot] | Sequence[Bot], max_actions: int = 2000,
              check_invariants: bool = False,
              on_action: Callable[[Match, Any, list], None] | None = None) -> dict:
    """Drive `match` until it is over or `max_actions` actions were submitted.

    Returns a JSON-able summary: system, seed, finished, winner, reason, rounds, actions,
    per-seat stats, the final state digest and (with `check_invariants`) any invariant problems,
    which also stop the run. Raises BotError if a bot fails or picks an illegal action.
    """
    bots = dict(enumerate(bots_by_seat)) if isinstance(bots_by_seat, Sequence) else dict(bots_by_seat)
    stats: dict[int, _SeatStats] = {seat: _SeatStats() for seat in sorted(bots)}
    rounds = _round_of(match, match.initial_events, 0)
    reason = ""
    problems: list[str] = []
    submitted = 0
    while not match.over and submitted < max_actions:
        decision = match.decision
        if decision is None:
            reason = "the system reports no decision although the match is not over"
            break
        bot = bots.get(decision.seat)
        if bot is None:
            raise BotError(f"seat {decision.seat} must decide but has no bot")
        action = ask_bot(match, bot, decision.seat)
        outcome = match.submit(action)
        submitted += 1
        stats.setdefault(decision.seat, _SeatStats()).add(action)
        rounds = _round_of(match, outcome.events, rounds)
        for ev in outcome.events:
            if isinstance(ev, MatchEnded):
                reason = ev.reason
        if on_action is not None:
            on_action(match, action, outcome.events)
        if check_invariants:
            problems = list(match.system.check_invariants(match.state))
            if problems:
                reason = f"invariant broken after action {submitted}"
                break
    if not match.over and not reason:
        reason = f"stopped after {max_actions} actions"
    summary = {
        "system": match.config.system,
        "seed": match.config.seed,
        "map": match.config.map,
        "finished": bool(match.over),
        "winner": match.winner if match.over else None,
        "reason": reason,
        "rounds": rounds,
        "actions": submitted,
        "seats": {str(seat): {"bot": getattr(bots.get(seat), "name", None), **s.to_json()}
                  for seat, s in sorted(stats.items())},
        "digest": state_digest(match),
    }
    if check_invariants:
        summary["problems"] = problems
    return summary


def play_match(config: MatchConfig, bots_by_seat: Mapping[int, Bot] | Sequence[Bot],
               max_actions: int = 2000, check_invariants: bool = False) -> dict:
    """A new match from `config`, played to the end by the given bots (see `run_match`)."""
    return run_match(Match.new(config), bots_by_seat, max_actions, check_invariants)


def _round_of(match: Match, events: list, current: int) -> int:
    """The round count so far: from TurnStarted events, else the state's own `round`."""
    best = current
    for ev in events:
        if isinstance(ev, TurnStarted):
            best = max(best, int(ev.round))
    state_round = getattr(match.state, "round", None)
    if isinstance(state_round, int) and not isinstance(state_round, bool):
        best = max(best, state_round)
    return best


def example_match(system_id: str, seed: int, map_name: str | None = None,
                  difficulties: Sequence[str] = ("normal", "normal")) -> MatchConfig:
    """The system's playable default match for `seed`, on `map_name` if given, with AI seats."""
    from .. import registry
    from ..rules import SeatConfig
    system = registry.get(system_id)
    config = system.example_config(seed)
    config.seed = seed
    if map_name is not None:
        config.map = map_name
    config.seats = [SeatConfig("ai", d, f"AI {i + 1} ({d})") for i, d in enumerate(difficulties)]
    return config

"""The bot base every grid system's bots stand on.

Owns: `BotBase` (a name, a difficulty's `noise` and `random_rate`, and the three habits every
system bot shares: leave surrender aside unless it is the only choice, now and then play a plain
random legal action, blur a score by uniform noise) and `dry_run`, which tries an action on a
throwaway `Match` around the position, so a bot's look-ahead goes through the same door as a
real action (the legal list, then apply, on a copy) and never around it. Bots register with
`game.engine.ai.base.register_bot`, re-exported here with `playable`.

Must not: read the real match or its generator (a bot has its view, the legal actions and its
own forked generator), use `random`, or swallow anything but IllegalAction in a dry run: a rules
bug in a look-ahead is a bug, not "the bot just does not choose it".
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from game.engine.ai.base import Bot, playable, register_bot
from game.engine.match import Match
from game.engine.rng import Rng
from game.engine.rules import IllegalAction, RuleSystem

__all__ = ["BotBase", "DryRun", "dry_run", "playable", "register_bot", "step"]


class BotBase(Bot):
    """What every system bot shares. `noise` (easy bots) is the size of the uniform noise added
    to each score; `random_rate` the chance of a plain random legal action instead of thinking."""

    def __init__(self, name: str, noise: float = 0.0, random_rate: float = 0.0) -> None:
        self.name = name
        self.noise = noise
        self.random_rate = random_rate

    def playable(self, legal: list) -> list:
        return playable(legal)

    def random_pick(self, legal: list, rng: Rng) -> Any | None:
        """A plain random legal action `random_rate` of the time, else None. Draws once from
        `rng` (twice when it picks), so a bot without a random rate draws nothing."""
        if self.random_rate and rng.randint(0, 999) < int(self.random_rate * 1000):
            return legal[rng.randint(0, len(legal) - 1)]
        return None

    def noisy(self, value: float, rng: Rng) -> float:
        """`value` blurred by uniform noise of size `noise` in steps of a thousandth (no draw
        without noise)."""
        if not self.noise:
            return value
        return value + (rng.randint(0, 2000) / 1000.0 - 1.0) * self.noise


@dataclass(frozen=True, slots=True)
class DryRun:
    state: Any           # the position after the action, or None when the rules refuse it
    events: list
    refusal: str = ""    # why the rules refused it


def step(system: RuleSystem, state: Any, action: Any, rng: Rng) -> tuple[Any, list]:
    """`action` submitted to a throwaway Match around a copy of `state` with the bot's generator
    `rng`: the new position and its events. `state` is left as it was; `rng` moves on by exactly
    the draws the action made, so successive steps draw on. A refusal raises IllegalAction (a
    look-ahead playing an action it was not offered is a bot bug)."""
    match = Match.around(system, copy.deepcopy(state), rng)
    outcome = match.submit(action)
    return match.state, outcome.events


def dry_run(system: RuleSystem, state: Any, action: Any, rng: Rng) -> DryRun:
    """Like `step`, but a refusal is an answer (state None and the reason), not an error."""
    try:
        after, events = step(system, state, action, rng)
    except IllegalAction as refused:
        return DryRun(None, [], str(refused))
    return DryRun(after, events)

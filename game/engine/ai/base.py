"""The Bot base class, the random-legal bot and the registry of system bots.

Owns: `Bot`, what every bot provides (`choose(view, legal, rng) -> action`, and
`think(view, legal, rng)`, a generator that yields None between small steps of work, or
LONG_STEP before a step it knows to be long, and finally returns the action, so a client can
slice long thinking across frames; by default `choose` in one step), `playable` (the
legal actions a bot weighs: surrender only as the last choice), `RandomBot` (the baseline
opponent of `evaluate`), and `BOTS`, where system bots (systems/<id>/ai.py) register by
(system id, difficulty).

Must not: read the real match state or its generator. A bot gets the seat's view, the legal
actions and its own forked generator (see runner.bot_rng), nothing else.
"""
from __future__ import annotations

from typing import Any, Callable, Generator

from ..rng import Rng

DIFFICULTIES: tuple[str, ...] = ("easy", "normal", "hard")


#: what a bot's thinking yields instead of None when its next step is a long one (a dry run of a
#: whole action through the engine): a client thinking in slices starts that step in a slice of
#: its own rather than after other steps, so the slice and the step do not add up past a frame
LONG_STEP = "long step"

Thinking = Generator[str | None, None, Any]


class Bot:
    """The base of every bot. `choose` picks the action; `think` is the same choice as a
    generator (see the module docstring), by default `choose` in one step: a bot that thinks at
    length overrides `think` and answers `choose` with `run_thinking(self.think(...))`."""

    name: str = ""

    def choose(self, view: Any, legal: list, rng: Rng) -> Any:
        raise NotImplementedError

    def think(self, view: Any, legal: list, rng: Rng) -> Thinking:
        yield None
        return self.choose(view, legal, rng)


def playable(legal: list) -> list:
    """The legal actions a bot weighs: giving up (an action class marked `surrender`, e.g.
    Concede) only when nothing else is legal; a bot that resigns among its moves measures
    nothing."""
    surrender = _SURRENDER
    out = []
    for a in legal:
        t = type(a)
        gives_up = surrender.get(t)
        if gives_up is None:
            gives_up = surrender[t] = bool(getattr(t, "surrender", False))
        if not gives_up:
            out.append(a)
    return out or list(legal)


# action class -> whether it is marked `surrender` (asked once per class: playable runs over
# every legal list a bot or a random game sees)
_SURRENDER: dict[type, bool] = {}


class RandomBot(Bot):
    """Picks uniformly among the legal actions (surrender only when it is the sole choice): the
    baseline every real bot must beat."""

    name = "random"

    def choose(self, view: Any, legal: list, rng: Rng) -> Any:
        if not legal:
            raise ValueError("no legal action to choose from")
        pool = playable(legal)
        return pool[rng.randint(0, len(pool) - 1)]


def think(bot: Bot, view: Any, legal: list, rng: Rng) -> Thinking:
    """The bot's thinking as a generator (yield None = "a slice of work done, may pause here",
    LONG_STEP = "and the next one is long"; the generator's return value is the action);
    Bot.think's default runs `choose` in one step."""
    return bot.think(view, legal, rng)


def run_thinking(gen: Thinking) -> Any:
    """Drive a thinking generator to its end and return the action (for `choose`)."""
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


# (system id, difficulty) -> factory
BOTS: dict[tuple[str, str], Callable[[], Bot]] = {}


def register_bot(system_id: str, difficulty: str):
    def deco(factory):
        BOTS[(system_id, difficulty)] = factory
        return factory
    return deco


def load_bots(system_id: str) -> None:
    """Have the system load its bots (its `load_bots` hook imports its own ai.py, whose import
    registers them; a system without bots does nothing), so a system package need not import
    its AI at start-up and nothing here names a system's modules."""
    from .. import registry
    registry.get(system_id).load_bots()


def difficulties(system_id: str) -> list[str]:
    """The difficulties a system's bots offer (always including "random")."""
    load_bots(system_id)
    own = [d for (s, d) in BOTS if s == system_id]
    ordered = [d for d in DIFFICULTIES if d in own] + sorted(d for d in own if d not in DIFFICULTIES)
    return ordered + ["random"]


def make_bot(system_id: str, difficulty: str) -> Bot:
    """A fresh bot. Unknown difficulties fall back to the system's "normal" bot, and a system
    without bots plays randomly (so every system is playable against the computer)."""
    if difficulty == "random":
        return RandomBot()
    load_bots(system_id)
    factory = BOTS.get((system_id, difficulty)) or BOTS.get((system_id, "normal"))
    if factory is None:
        return RandomBot()
    return factory()

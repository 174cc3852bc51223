"""The Bot protocol and the random-legal bot.

Owns: what every bot provides (`choose(view, legal, rng) -> action`) and `RandomBot`, the
baseline opponent of `evaluate`. System bots live in systems/<id>/ai.py and register in
`BOTS` by (system id, difficulty).

Must not: read the real match state or its generator.
"""
from __future__ import annotations

from typing import Any, Callable, Protocol

from ..rng import Rng


class Bot(Protocol):
    name: str

    def choose(self, view: Any, legal: list, rng: Rng) -> Any: ...


class RandomBot:
    """Picks uniformly among the legal actions: the baseline every real bot must beat."""

    name = "random"

    def choose(self, view: Any, legal: list, rng: Rng) -> Any:
        if not legal:
            raise ValueError("no legal action to choose from")
        return legal[rng.randint(0, len(legal) - 1)]


# (system id, difficulty) -> factory
BOTS: dict[tuple[str, str], Callable[[], Bot]] = {}


def register_bot(system_id: str, difficulty: str):
    def deco(factory):
        BOTS[(system_id, difficulty)] = factory
        return factory
    return deco


def make_bot(system_id: str, difficulty: str) -> Bot:
    if difficulty == "random":
        return RandomBot()
    from .. import registry
    registry.get(system_id)          # make sure the system (and its bots) are imported
    factory = BOTS.get((system_id, difficulty)) or BOTS.get((system_id, "normal"))
    if factory is None:
        return RandomBot()
    return factory()

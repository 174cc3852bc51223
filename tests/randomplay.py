"""Positions of a seeded random-legal game, for property tests that check an answer at every
position of real play (e.g. that a remembered search equals a new one)."""
from __future__ import annotations

from collections.abc import Iterator

from game.engine.ai.base import playable
from game.engine.ai.runner import example_match
from game.engine.match import Match
from game.engine.rng import Rng


def positions(system_id: str, seed: int, actions: int) -> Iterator[Match]:
    """The match before each of up to `actions` random legal actions (seeded by `seed`)."""
    m = Match.new(example_match(system_id, seed, None, ("random", "random")))
    pick = Rng.from_seed(seed)
    while not m.over and len(m.log) < actions:
        yield m
        pool = playable(m.legal_actions())
        m.submit(pool[pick.randint(0, len(pool) - 1)])

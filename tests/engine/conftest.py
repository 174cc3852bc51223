"""Fixtures for the engine's own tests: the toy rule system, registered only while a test runs."""
from __future__ import annotations

import pytest

from game.engine.match import Match
from tests.contract import toy


@pytest.fixture
def toy_system():
    with toy.registered() as system:
        yield system


@pytest.fixture
def toy_match(toy_system) -> Match:
    """A fresh race to 12 with known secrets (no set-up rolls), seat 0 to act."""
    return Match.new(toy.MatchConfig(toy.SYSTEM_ID, 7, setup={"goal": 12, "secrets": [2, 5]}))

"""The toy_grid registration, for the tests only.

A shipped system adds one line to game/engine/systems/__init__.py (`SYSTEMS`) and one to
game/client/systems/__init__.py (`CLIENT_SYSTEMS`). toy_grid must never appear to players, so
the `toy_grid` fixture stands in for those two lines: it registers the system in the engine
registry and its client package in the client registration list for one test, and removes both
afterwards.
"""
from __future__ import annotations

from typing import Iterator

import pytest

from game.engine import registry
from tests.toygrid.engine import TOY_GRID
from tests.toygrid.engine.system import ToyGrid


@pytest.fixture
def toy_grid(monkeypatch) -> Iterator[ToyGrid]:
    from game.client import systems as client_systems
    from tests.toygrid.client import CLIENT
    registry.all_systems()         # the real systems first, so they stay after the toy leaves
    registry.register(TOY_GRID)
    monkeypatch.setattr(client_systems, "CLIENT_SYSTEMS", client_systems.CLIENT_SYSTEMS + (CLIENT,))
    try:
        yield TOY_GRID
    finally:
        registry._SYSTEMS.pop(TOY_GRID.id, None)

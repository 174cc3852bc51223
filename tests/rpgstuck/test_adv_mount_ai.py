"""rpgstuck bots and mounts: with SM-05 on (the default), a mount left with no ally standing
runs from the enemy instead of fighting on (RS-130); with it off, it fights like any creature."""
from __future__ import annotations

import pytest

from game.engine.ai.base import load_bots, make_bot
from game.engine.ai.runner import ask_bot
from game.engine.systems.rpgstuck.actions import Move
from tests.rpgstuck.engine_helpers import battle


@pytest.mark.rule("RS-130", "RS-SM-05")
@pytest.mark.parametrize("flees", [True, False])
def test_a_lone_mount_runs_from_the_enemy(flees):
    load_bots("rpgstuck")
    m = battle([("horse", "warhorse", 0, 4, 2), ("imp", "imp", 1, 7, 2)],
               rows=["." * 14] * 6, house={"mount_flees": flees})
    action = ask_bot(m, make_bot("rpgstuck", "normal"), 0)
    if flees:
        assert isinstance(action, Move) and action.x < 4
    else:
        assert not (isinstance(action, Move) and action.x < 4)

"""Why a creature in its final stand may not walk, sprint, jump or strike (GU-110): the
refusal names the final stand, not the reach or a spent action (the battle screen shows the
engine's reason on its greyed buttons)."""
from __future__ import annotations

import pytest

from game.engine.systems.gu_masters.actions import Jump, Move, Sprint, Strike
from game.engine.systems.gu_masters.rules import validate
from tests.gu_masters.test_engine_slice import man, match


@pytest.mark.rule("GU-110")
def test_a_final_stand_refuses_moving_and_striking_with_its_own_reason():
    m = match([man("a", 0, 1, 1), man("b", 1, 2, 1)], initiative=["a", "b"])
    a = m.state.creatures["a"]
    a.hp, a.condition = 0, "final_stand"
    for action in (Move("a", 1, 2), Sprint("a"), Strike("a", "b", "weapon", "sword"),
                   Jump("a", 3, 3)):
        why = validate(m.state, action)
        assert why is not None and why.rule == "GU-110", (action, why)
        assert "final stand" in why.words

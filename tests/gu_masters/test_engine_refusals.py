"""Refused gu_masters actions say why, naming the rule (engine dispatcher in rules.py)."""
from __future__ import annotations

import pytest

from game.engine.rng import Rng
from game.engine.systems.gu_masters.actions import WEAPON, Strike
from game.engine.systems.gu_masters.rules import validate
from game.engine.systems.gu_masters.system import GuMasters


@pytest.mark.rule("GU-51")
def test_weapon_strike_without_a_weapon_name_is_refused_with_its_reason() -> None:
    system = GuMasters()
    state, _ = system.setup(system.example_config(12), Rng.from_seed(12))
    me = state.acting
    target = next(c for c in state.creatures.values() if c.side != me.side)
    refusal = validate(state, Strike(me.id, target.id, WEAPON, ""))
    assert refusal is not None
    assert "weapon strike" in refusal.words
    assert refusal.rule == "GU-51"

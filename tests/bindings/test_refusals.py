"""Refusals name their reason: a UseMove that check_use_move refuses is refused by Match.submit
with that specific reason (and its rule ID), not a generic "not allowed now"."""
from __future__ import annotations

import pytest

from game.engine.rules import IllegalAction
from game.engine.systems.bindings import actions as A

from .bndtools import duel, make


@pytest.mark.rule("BND-84")
def test_an_attack_out_of_reach_is_refused_with_the_reach_reason():
    m = duel(b=dict(x=6, y=0))             # a's unarmed strike reaches one hex; b is six away
    assert m.state.acting == "a"
    with pytest.raises(IllegalAction) as info:
        m.submit(A.UseMove("a", "unarmed_strike", (6, 0)))
    assert "not allowed now" not in str(info.value)
    assert "cannot reach 30 ft" in str(info.value)


@pytest.mark.rule("BND-GM-31")
def test_an_attack_on_an_ally_carries_its_rule_id():
    m = make([{"id": "a", "sheet": "aeromancer", "side": 0, "x": 0, "y": 0},
              {"id": "c", "sheet": "brawler", "side": 0, "x": 1, "y": 0},
              {"id": "b", "sheet": "brawler", "side": 1, "x": 8, "y": 0}],
             house={"friendly_fire": False})
    assert m.state.acting == "a"
    with pytest.raises(IllegalAction) as info:
        m.submit(A.UseMove("a", "unarmed_strike", (1, 0)))
    assert "allies" in str(info.value)
    assert info.value.rule == "GM-31"

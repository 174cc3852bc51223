"""An attack waiting on its target's turn (a Dodge defers it, BND-13) ends when that target is
knocked out before the turn comes: the engine settles it as stopped, target gone, so nothing
keeps it in the state for the rest of the battle (the client once drew it there)."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.systems.bindings import actions as A
from game.engine.systems.bindings.events import AttackStopped
from tests.bindings.bndtools import act, make


def dodged_blast():
    """(match, the blast's id, the ally's blow): an Air Blast on a brawler who Dodges it, so it
    waits for the brawler's turn (BND-13), and the ally's strike that will knock the brawler
    out before that turn; the client's test of the same moment starts here too."""
    cs = [{"id": "a", "sheet": "aeromancer", "side": 0, "x": 0, "y": 3},
          {"id": "c", "sheet": "brawler", "side": 0, "x": 7, "y": 3},
          {"id": "b", "sheet": "brawler", "side": 1, "x": 8, "y": 3, "hp": 1},
          {"id": "d", "sheet": "scout", "side": 1, "x": 11, "y": 6}]
    m = make(cs, order=["a", "c", "b", "d"])
    act(m, next(x for x in m.legal_actions() if isinstance(x, A.UseMove)
                and x.move == "air_blast" and x.target == (8, 3)))
    blast = m.state.attacks[0].id
    while m.decision.stage != "defend":
        m.submit(EndTurn())
    act(m, A.Defend("b", blast, "dodge"))
    assert m.state.attacks[0].status == "deferred"
    while m.state.acting != "c":
        m.submit(EndTurn())
    strike = next(x for x in m.legal_actions() if isinstance(x, A.UseMove)
                  and x.move == "unarmed_strike" and x.target == (8, 3))
    return m, blast, strike


@pytest.mark.rule("BND-13")
def test_an_attack_deferred_to_a_fallen_target_is_stopped_when_it_falls():
    m, blast, strike = dodged_blast()
    events = act(m, strike, [6] * 10)
    assert m.state.combatants["b"].down
    stopped = [e for e in events if isinstance(e, AttackStopped) and e.attack == blast]
    assert stopped and stopped[0].reason == "target_gone"
    assert all(a.id != blast or a.status == "done" for a in m.state.attacks)

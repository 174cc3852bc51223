"""GU-64 on the map: a creature holding another in a grapple may not kick and punches with one
arm fewer (a humanoid: one punch instead of two), where a free one kicks and punches twice."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.systems.gu_masters.actions import KICK, PUNCH, React, Strike
from game.engine.systems.gu_masters.grips import Grapple, holder_of
from tests.gu_masters.test_adv_map import battle


def grappler_on_its_next_turn(hold: bool):
    m = battle([{"id": "a", "entry": "gu_master_r1", "side": 0, "x": 2, "y": 2},
                {"id": "b", "entry": "gu_master_r1", "side": 1, "x": 3, "y": 2}])
    if hold:
        m.rng.force([30, 95])                      # a's Athletics wins, b's fails
        m.submit(Grapple("a", "b"))
        assert holder_of(m.state, m.state.creatures["b"]) is m.state.creatures["a"]
    m.submit(EndTurn())
    m.submit(EndTurn())                            # b waits, held or not
    assert m.state.turn.actor == "a"
    return m


def punch_taken(m) -> None:
    """a punches b and the punch lands: b takes it rather than react."""
    m.rng.force([1])
    m.submit(Strike("a", "b", PUNCH))
    m.submit(React("b", "take"))
    assert m.state.turn.actor == "a" and m.decision.actor == "a"


def kinds(m) -> set[str]:
    return {a.strike for a in m.legal_actions() if isinstance(a, Strike) and not a.part}


@pytest.mark.rule("GU-64", "GU-53")
def test_a_grappler_has_no_kick_and_one_punch():
    free = grappler_on_its_next_turn(False)
    assert {PUNCH, KICK} <= kinds(free)
    punch_taken(free)
    assert PUNCH in kinds(free)                    # the second arm's punch

    held = grappler_on_its_next_turn(True)
    assert PUNCH in kinds(held) and KICK not in kinds(held)
    punch_taken(held)
    assert kinds(held) == set(), "a grappler punched with both arms"

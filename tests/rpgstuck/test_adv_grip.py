"""rpgstuck grapples made by other means (RS-79): the mind imp's Mind Grip takes hold from
30 ft with the same opposed Athletics check, and the hold keeps the distance it was made at;
a companion minion grapples on its master's side with its own skills."""
from __future__ import annotations

import pytest

from game.engine.systems.rpgstuck import grapple
from game.engine.systems.rpgstuck.actions import Grapple
from game.engine.systems.rpgstuck.events import CheckMade, GrappleStarted
from tests.rpgstuck.engine_helpers import battle, of


@pytest.mark.rule("RS-79", "RS-78", "RS-64")
def test_a_psionic_grip_takes_hold_from_afar_with_the_same_skills():
    m = battle([("imp", "mind_imp", 1, 1, 1), ("knight", "knight", 0, 5, 1)],
               rows=["." * 10] * 5)
    s = m.state
    imp, knight = s.creatures["imp"], s.creatures["knight"]
    assert grapple.grapple_reach(s, imp) == 30
    assert Grapple("imp", 5, 1) in m.legal_actions()          # 20 ft away
    m.rng.force([18, 18, 2])                                # the knight is larger: two d20s (RS-66)
    events = m.submit(Grapple("imp", 5, 1)).events
    check = of(events, CheckMade)[0]
    best = max(knight.skills["athletics"], knight.skills["acrobatics"])
    assert (check.skill, check.total, check.against) == ("athletics",
                                                          18 + imp.skills["athletics"], 2 + best)
    assert of(events, GrappleStarted) == [GrappleStarted("imp", "knight", 20)]
    assert grapple.hold_ft(imp, knight) == 20


@pytest.mark.rule("RS-79")
def test_without_such_a_means_the_reach_is_the_hand_s():
    m = battle([("imp", "imp", 1, 1, 1), ("knight", "knight", 0, 5, 1)], rows=["." * 10] * 5)
    assert grapple.grapple_reach(m.state, m.state.creatures["imp"]) == 5
    assert not [a for a in m.legal_actions() if isinstance(a, Grapple)]


@pytest.mark.rule("RS-79", "RS-133")
def test_a_companion_grapples_for_its_side_with_its_own_athletics():
    m = battle([("hound", "hound", 0, 1, 1), ("imp", "imp", 1, 2, 1)], rows=["." * 6] * 4)
    hound = m.state.creatures["hound"]
    m.rng.force([12, 3])
    events = m.submit(Grapple("hound", 2, 1)).events
    assert of(events, CheckMade)[0].total == 12 + hound.skills["athletics"]
    assert grapple.held_by(m.state, hound) == [m.state.creatures["imp"]]

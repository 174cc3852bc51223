"""rpgstuck teleporting (RS-109, RS-70, RS-71, TV-42): the mind imp's Mind Step to a seen, free
square in range; a holder brings what it holds at the same offset; a held creature slips free."""
from __future__ import annotations

import pytest

from game.engine.rules import IllegalAction
from game.engine.systems.rpgstuck import grapple, teleport
from game.engine.systems.rpgstuck.actions import Grapple, Teleport
from game.engine.systems.rpgstuck.events import GrappleEnded, Moved
from tests.rpgstuck.engine_helpers import battle, of

ROWS = ["." * 12] * 3 + [".......#...."] + ["." * 12] + ["#####......."] + ["." * 12] * 2


@pytest.mark.rule("RS-109", "RS-97")
def test_a_mind_step_goes_to_a_seen_free_square_in_range_and_cools_down():
    m = battle([("imp", "mind_imp", 1, 1, 1), ("knight", "knight", 0, 3, 1)], rows=ROWS)
    s = m.state
    dests = teleport.destinations(s, s.creatures["imp"], "mind_step")
    assert (7, 1) in dests and (3, 1) not in dests          # taken by the knight
    assert (8, 1) not in dests                               # 35 ft: beyond 30
    assert (1, 6) not in dests and (1, 4) in dests           # behind the wall row: unseen
    events = m.submit(Teleport("imp", "mind_step", 7, 1)).events
    assert (s.creatures["imp"].x, s.creatures["imp"].y) == (7, 1)
    assert of(events, Moved) == [Moved("imp", ((7, 1),), "teleport", False, 0)]   # no ft paid
    assert not [a for a in m.legal_actions() if isinstance(a, Teleport)]   # cooling down
    with pytest.raises(IllegalAction, match="no teleport"):
        m.submit(Teleport("imp", "mind_step", 6, 1))


@pytest.mark.rule("RS-70", "RS-78")
def test_a_holder_teleporting_brings_what_it_holds_at_the_same_offset():
    m = battle([("imp", "mind_imp", 1, 1, 1), ("knight", "knight", 0, 4, 1)], rows=ROWS)
    m.rng.force([18, 18, 2])                                 # Mind Grip from 15 ft
    m.submit(Grapple("imp", 4, 1))
    s = m.state
    imp, knight = s.creatures["imp"], s.creatures["knight"]
    assert knight in grapple.held_by(s, imp)
    # a square where the knight (3 squares east of the imp) would land in the wall is not offered
    assert (4, 2) in teleport.destinations(s, imp, "mind_step")
    assert (4, 3) not in teleport.destinations(s, imp, "mind_step")   # the knight: (7,3), wall
    m.submit(Teleport("imp", "mind_step", 1, 3))
    assert (imp.x, imp.y, knight.x, knight.y) == (1, 3, 4, 3)
    assert grapple.hold_ft(imp, knight) == 15 and knight in grapple.held_by(s, imp)


@pytest.mark.rule("RS-71", "RS-TV-42")
def test_a_held_creature_that_teleports_slips_free():
    m = battle([("knight", "knight", 0, 1, 1), ("imp", "mind_imp", 1, 2, 1)], rows=ROWS,
               order=["knight", "imp"])
    m.rng.force([18, 2])
    m.submit(Grapple("knight", 2, 1))
    s = m.state
    assert s.creatures["imp"].has("grappled")
    from game.engine.actions import EndTurn
    m.submit(EndTurn())
    assert Teleport("imp", "mind_step", 6, 1) in m.legal_actions()   # held, yet it may teleport
    events = m.submit(Teleport("imp", "mind_step", 6, 1)).events
    assert of(events, GrappleEnded) == [GrappleEnded("knight", "imp", "teleported")]
    assert not s.creatures["imp"].has("grappled") and s.creatures["imp"].x == 6

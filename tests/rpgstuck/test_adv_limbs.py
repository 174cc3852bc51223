"""rpgstuck grappling limbs (RS-74, RS-73): each hold is kept by one limb; a creature with every
grappling limb busy makes no new hold; a hold moves to a free limb as a free action; a limb
destroyed takes its hold with it."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.rules import IllegalAction
from game.engine.systems.rpgstuck import grapple, limbs
from game.engine.systems.rpgstuck.actions import Attack, Grapple, SwapLimb
from game.engine.systems.rpgstuck.events import GrappleEnded
from tests.rpgstuck.engine_helpers import battle, of

ROWS = ["." * 8] * 6


def ogre_and_two_imps(**kw):
    m = battle([("ogre", "ogre", 1, 2, 2), ("imp_a", "imp", 0, 1, 2), ("imp_b", "imp", 0, 4, 2),
                ("imp_c", "imp", 0, 2, 1)], rows=ROWS,
               order=["ogre", "imp_a", "imp_b", "imp_c"], **kw)
    return m


def grab(m, who: str, x: int, y: int) -> None:
    m.rng.force([20, 1])
    m.submit(Grapple(who, x, y))


def next_ogre_turn(m) -> None:
    m.submit(EndTurn())
    while m.state.acting.id != "ogre":
        m.submit(EndTurn())


@pytest.mark.rule("RS-74", "RS-76")
def test_each_hold_takes_a_free_arm_and_two_arms_hold_two():
    m = ogre_and_two_imps()
    s = m.state
    ogre = s.creatures["ogre"]
    assert limbs.grapple_limbs(s, ogre) == ["arm#0", "arm#1"]
    grab(m, "ogre", 1, 2)
    assert limbs.limb_of(ogre, "imp_a") == 1 and limbs.free_limbs(s, ogre) == [2]
    next_ogre_turn(m)
    grab(m, "ogre", 4, 2)
    assert limbs.limb_of(ogre, "imp_b") == 2 and limbs.free_limbs(s, ogre) == []
    next_ogre_turn(m)
    assert not [a for a in m.legal_actions() if isinstance(a, Grapple)]   # no free arm left
    with pytest.raises(IllegalAction, match="every grappling limb"):
        m.submit(Grapple("ogre", 2, 1))


@pytest.mark.rule("RS-74")
def test_a_hold_moves_to_a_free_arm_as_a_free_action():
    m = ogre_and_two_imps()
    s = m.state
    grab(m, "ogre", 1, 2)
    swap = SwapLimb("ogre", "imp_a", 2)
    assert swap in m.legal_actions()
    t = s.turn
    before = (t.major, t.minor, t.move_left)
    m.submit(swap)
    assert limbs.limb_of(s.creatures["ogre"], "imp_a") == 2
    assert (t.major, t.minor, t.move_left) == before              # free
    assert limbs.name(s, s.creatures["ogre"], 2) == "arm 2"
    with pytest.raises(IllegalAction, match="not free"):
        m.submit(SwapLimb("ogre", "imp_a", 2))


@pytest.mark.rule("RS-74", "RS-48", "RS-73")
def test_a_destroyed_holding_arm_drops_its_hold_but_not_the_other_arms():
    arms = {"creatures": {"ogre": {"anatomy": [
        {"part": "head"}, {"part": "arm", "count": 2, "hp": 3, "strikable": True,
                           "grapple_limb": True}, {"part": "leg", "count": 2},
        {"part": "tool", "name": "Club", "y": 2, "hp": 12, "disables": ["club_smash"]}]}},
        "abilitechs": {"maul": {"name": "Maul", "action": "major", "stat": "STR", "vs": "ac",
                                "reach_ft": 5, "dmg": "2d8+STR"}}}
    m = ogre_and_two_imps(content=arms)
    s = m.state
    grab(m, "ogre", 1, 2)
    next_ogre_turn(m)
    grab(m, "ogre", 4, 2)
    m.submit(EndTurn())
    assert s.acting.id == "imp_a"
    s.creatures["imp_a"].actions = ["maul"]
    m.edited()
    m.rng.force([19, 8, 8])                       # the first arm copy takes it all: destroyed
    events = m.submit(Attack("imp_a", "maul", ((2, 2),), "arm")).events
    assert GrappleEnded("ogre", "imp_a", "limb lost") in of(events, GrappleEnded)
    ogre = s.creatures["ogre"]
    assert [d.id for d in grapple.held_by(s, ogre)] == ["imp_b"]
    assert limbs.free_limbs(s, ogre) == []        # arm 1 gone, arm 2 busy

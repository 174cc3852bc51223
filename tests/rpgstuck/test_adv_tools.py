"""rpgstuck tools knocked out of their wielder's hands (RS-56, AMB-09): a Shield Bash named at
the ogre's Club sends the club flying the push's distance while the ogre stays (the default;
the table option moves both), the club's abilitech goes with it, and it is picked up again by
its owner (or taken away by anyone else) with a minor action from a square next to it."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.rules import IllegalAction
from game.engine.systems.rpgstuck import RPGSTUCK
from game.engine.systems.rpgstuck.actions import Attack, PickUp
from game.engine.systems.rpgstuck.events import Moved, ToolDropped
from tests.rpgstuck.engine_helpers import battle, of


def bash_the_club(**kw):
    """The knight at (1,1) Shield Bashes the ogre (Large, at (2,1)) at its Club."""
    m = battle([("knight", "knight", 0, 1, 1), ("ogre", "ogre", 1, 2, 1)],
               rows=["." * 10] * 7, **kw)
    bash = Attack("knight", "shield_bash", ((2, 1),), "tool")
    assert bash in m.legal_actions()
    m.rng.force([19, 1])                              # a hit; 1 + STR to the club (12 HP)
    return m, m.submit(bash).events


@pytest.mark.rule("RS-AMB-09", "RS-56")
def test_a_push_at_a_tool_sends_the_tool_flying_and_not_its_wielder():
    m, events = bash_the_club()
    ogre = m.state.creatures["ogre"]
    assert (ogre.x, ogre.y) == (2, 1) and not [e for e in of(events, Moved) if e.mover == "ogre"]
    (dropped,) = of(events, ToolDropped)
    # two 5 ft steps along the line from the knight through the ogre (as the ogre would go)
    assert (dropped.part, dropped.x, dropped.y) == ("Club", 4, 2)
    assert "club_smash" not in ogre.actions and ogre.dropped == {"tool": [4, 2]}
    # out of its hands, the club is no longer a part a called shot may name
    assert Attack("knight", "shield_bash", ((2, 1),), "tool") not in m.legal_actions()
    assert RPGSTUCK.check_invariants(m.state) == []


@pytest.mark.rule("RS-AMB-09")
def test_with_the_table_option_both_the_tool_and_its_wielder_fly():
    m, events = bash_the_club(house={"tool_push": "both"})
    assert of(events, ToolDropped) and [e for e in of(events, Moved) if e.mover == "ogre"]
    assert m.state.creatures["ogre"].x > 2


@pytest.mark.rule("RS-AMB-09")
def test_the_owner_picks_its_tool_up_from_next_to_it_and_gets_its_abilitech_back():
    m, _ = bash_the_club()
    assert not [a for a in m.legal_actions() if isinstance(a, PickUp)]   # the knight: too far
    with pytest.raises(IllegalAction, match="not on or next to"):
        m.submit(PickUp("knight", "ogre", "tool"))
    m.submit(EndTurn())
    assert m.state.acting.id == "ogre"
    assert PickUp("ogre", "ogre", "tool") in m.legal_actions()
    events = m.submit(PickUp("ogre", "ogre", "tool")).events
    assert of(events, ToolDropped)[0].picked_by == "ogre"
    ogre = m.state.creatures["ogre"]
    assert "club_smash" in ogre.actions and ogre.dropped == {} and ogre.seized == {}
    assert not m.state.turn.minor or not m.state.turn.major          # a minor action spent


@pytest.mark.rule("RS-AMB-09")
def test_anyone_else_picking_it_up_takes_it_away_from_the_fight():
    m, _ = bash_the_club()
    knight = m.state.creatures["knight"]
    knight.x, knight.y = 5, 2                         # next to the club at (4,2)
    m.edited()
    m.submit(EndTurn()), m.submit(EndTurn())
    assert m.state.acting.id == "knight"
    m.submit(PickUp("knight", "ogre", "tool"))
    ogre = m.state.creatures["ogre"]
    assert ogre.seized == {"tool": "knight"} and ogre.dropped == {}
    assert "club_smash" not in ogre.actions


@pytest.mark.rule("RS-AMB-09")
def test_the_screen_marks_the_club_on_the_map_describes_the_pick_up_and_logs_both():
    from game.client.systems.rpgstuck.presenter import RpgStuckPresenter
    m, events = bash_the_club()
    p = RpgStuckPresenter(m)
    texts = [line.text for line in p.log_lines(events)]
    assert "Ogre's club flies out of its hands to 4,2" in texts
    assert p.dropped_tools() == [((4, 2), "Ogre's Club")]
    assert any(line.text == "Ogre's Club lies here" for line in p.tile_panel((4, 2)).lines)
    m.submit(EndTurn())
    assert p.describe(PickUp("ogre", "ogre", "tool")) == "Pick up your club"
    events = m.submit(PickUp("ogre", "ogre", "tool")).events
    assert "Ogre picks up Ogre's club" in [line.text for line in p.log_lines(events)]
    assert p.dropped_tools() == []

"""Attacks of opportunity through Match.submit: a walk, a flight, a dodge's step and (by the
table option) a knockback out of an enemy's melee range give that enemy one strike at it as a
pending stage of its seat; the walk pauses there and goes on after the answer."""
from __future__ import annotations

import pytest

from game.engine.systems.gu_masters import reactions
from game.engine.systems.gu_masters.actions import DODGE, DodgeMove, Move, Opportunity, React, Strike
from game.engine.systems.gu_masters.events import Moved, Reacted, Tested
from tests.gu_masters.test_engine_slice import events_of, man, match


def walk_away() -> object:
    # a (side 0) stands next to b (side 1); a walks three squares east, out of b's reach
    return match([man("a", 0, 3, 1), man("b", 1, 2, 1)], initiative=["a", "b"])


@pytest.mark.rule("GU-88", "GU-GM-44")
def test_walking_out_of_reach_offers_one_strike_then_the_walk_goes_on():
    m = walk_away()
    legal_before = [a for a in m.legal_actions() if isinstance(a, Move)]
    out = m.submit(Move("a", 7, 1))
    d = m.decision
    assert d.stage == reactions.OPPORTUNITY_STAGE and d.actor == "b"
    a = m.state.creatures["a"]
    moved = events_of(out, Moved)
    assert moved and (a.x, a.y) == moved[-1].path[-1] != (7, 1)   # paused where it left
    answers = m.legal_actions()
    strikes = [x for x in answers if isinstance(x, Opportunity) and x.strike]
    # GU-GM-44: one strike with one weapon or one punch; GU-88: never a kick
    assert strikes and {x.strike for x in strikes} <= {"weapon", "punch"}
    assert Opportunity("b", "a") in answers
    out = m.submit(Opportunity("b", "a"))                           # let it go
    assert (a.x, a.y) == (7, 1) and m.decision.stage == "act"
    assert m.state.creatures["b"].reactions == 2                    # declining costs nothing
    # the walk's own legal list kept its size: no entry per path
    assert len(legal_before) == len(set(legal_before))


@pytest.mark.rule("GU-88", "GU-GM-44", "GU-18")
def test_the_strike_spends_a_reaction_and_the_walk_resumes():
    m = walk_away()
    m.submit(Move("a", 7, 1))
    strike = next(x for x in m.legal_actions() if isinstance(x, Opportunity) and x.strike)
    m.force_dice([99])                                              # a miss
    out = m.submit(strike)
    assert [e for e in events_of(out, Reacted) if e.reaction == "opportunity"]
    assert len(events_of(out, Tested)) == 1                         # one attack roll
    assert m.state.creatures["b"].reactions == 1
    a = m.state.creatures["a"]
    assert (a.x, a.y) == (7, 1) and m.decision.stage == "act"


@pytest.mark.rule("GU-88")
def test_no_strike_without_a_reaction_left_or_from_a_final_stand():
    m = walk_away()
    m.state.creatures["b"].reactions = 0
    m.edited()
    m.submit(Move("a", 7, 1))
    assert m.decision.stage == "act" and (m.state.creatures["a"].x, 1) == (7, 1)
    m = walk_away()
    m.state.creatures["b"].condition = "final_stand"                # GU-110
    m.edited()
    m.submit(Move("a", 7, 1))
    assert m.decision.stage == "act"


@pytest.mark.rule("GU-88")
def test_walking_within_reach_does_not_provoke():
    m = walk_away()
    m.submit(Move("a", 3, 2))                                       # still next to b
    assert m.decision.stage == "act"


@pytest.mark.rule("GU-85", "GU-T-36", "GU-X-06")
def test_a_dodge_step_out_of_reach_provokes_at_disadvantage():
    # b strikes a; c (b's ally) stands next to a too; a dodges and steps away from both
    m = match([man("a", 0, 3, 2), man("b", 1, 2, 2), man("c", 1, 4, 2)],
              initiative=["b", "a", "c"])
    m.force_dice([10])
    m.submit(Strike("b", "a", "weapon", "sword"))
    assert m.decision.stage == "react"
    m.force_dice([5])
    m.submit(React("a", DODGE))
    assert m.decision.stage == "dodge_move"
    steps = [x for x in m.legal_actions() if isinstance(x, DodgeMove)]
    m.submit(max(steps, key=lambda x: (min(abs(x.x - 4), abs(x.y - 2)), x.y, x.x)))
    d = m.decision
    assert d.stage == reactions.OPPORTUNITY_STAGE and d.actor == "c"
    assert m.state.pending[-1].data["disadvantage"] is True
    strike = next(x for x in m.legal_actions() if isinstance(x, Opportunity) and x.strike)
    m.force_dice([99, 98])
    out = m.submit(strike)
    assert events_of(out, Tested)[0].raws == (99, 98)             # two d100, keep the worse


@pytest.mark.rule("GU-GM-23", "GU-57")
def test_a_knockback_provokes_only_by_the_table_option():
    def kicked(option: bool):
        # a kicks b east, 1 m (GU-T-04); c, a's ally, stood next to b and is then 2 m off
        m = match([man("a", 0, 3, 2, skills={"Close Combat": 90}), man("b", 1, 4, 2),
                   man("c", 0, 3, 3)], initiative=["a", "b", "c"])
        m.state.house["forced_provokes"] = option
        m.edited()
        m.force_dice([10])
        m.submit(Strike("a", "b", "kick"))
        if m.decision.stage == "react":
            m.submit(React("b", "take"))
        b = m.state.creatures["b"]
        assert (b.x, b.y) == (5, 2)
        return m
    assert kicked(False).decision.stage == "act"                    # the default: no
    m = kicked(True)
    assert m.decision.stage == reactions.OPPORTUNITY_STAGE and m.decision.actor == "c"


@pytest.mark.rule("GU-89")
def test_flying_out_of_reach_provokes():
    from game.engine.systems.gu_masters.maneuvers import Fly
    m = match([man("a", 0, 3, 2), man("b", 1, 2, 2)], initiative=["a", "b"])
    a = m.state.creatures["a"]
    a.sustained.append("wind_wings")                    # flying speed 8
    a.altitude = 1                                      # 1 m up: still in b's reach
    m.edited()
    fly = next(x for x in m.legal_actions() if isinstance(x, Fly) and (x.x, x.y) == (7, 2)
               and x.altitude == 1)
    m.submit(fly)
    assert m.decision.stage == reactions.OPPORTUNITY_STAGE and m.decision.actor == "b"
    assert (a.x, a.y) == (7, 2)
    assert any(x.strike for x in m.legal_actions() if isinstance(x, Opportunity))


@pytest.mark.rule("GU-89", "GU-30")
def test_taking_flight_straight_up_out_of_reach_provokes():
    from game.engine.systems.gu_masters.maneuvers import TakeFlight
    # a takes flight by Wind Wings (F 8): it rises 4 m above b, whose sword reaches 2 m
    m = match([man("a", 0, 3, 2), man("b", 1, 2, 2)], initiative=["a", "b"])
    a = m.state.creatures["a"]
    a.sustained.append("wind_wings")
    m.edited()
    m.submit(TakeFlight("a", "wind_wings"))
    assert a.altitude == 4 and (a.x, a.y) == (3, 2)
    assert m.decision.stage == reactions.OPPORTUNITY_STAGE and m.decision.actor == "b"
    assert m.state.pending[-1].data["disadvantage"] is False
    assert any(x.strike == "weapon" for x in m.legal_actions() if isinstance(x, Opportunity))


@pytest.mark.rule("GU-89", "GU-30")
def test_taking_flight_that_stays_within_reach_does_not_provoke():
    from game.engine.systems.gu_masters.maneuvers import TakeFlight
    # b is a flier 3 m up beside a: a's rise of 4 m keeps it within b's 2 m reach
    m = match([man("a", 0, 3, 2), man("b", 1, 2, 2)], initiative=["a", "b"])
    a, b = m.state.creatures["a"], m.state.creatures["b"]
    a.sustained.append("wind_wings")
    b.sustained.append("wind_wings")
    b.altitude = 3
    m.edited()
    m.submit(TakeFlight("a", "wind_wings"))
    assert m.decision.stage == "act"


@pytest.mark.rule("GU-85", "GU-83", "GU-X-06")
def test_a_dodge_step_out_of_an_area_provokes_at_disadvantage():
    from game.engine.systems.gu_masters.actions import Activate, TAKE
    # a sets off Poison Mist (radius 1) at (7,2): it catches b at (8,2), not c at (9,2), b's
    # enemy; b steps out to (8,4), 2 m from c, out of c's sword
    m = match([{**man("a", 0, 1, 1), "entry": "fire_adept"}, man("b", 1, 8, 2), man("c", 0, 9, 2)],
              initiative=["a", "b", "c"])
    m.submit(Activate("a", "poison_mist", "", 7, 2))
    assert m.decision.stage == "area_react" and m.decision.actor == "b"
    m.submit(React("b", DODGE))
    assert m.decision.stage == "area_step"
    m.submit(DodgeMove("b", 8, 4))
    b = m.state.creatures["b"]
    assert (b.x, b.y) == (8, 4) and not b.has("poisoned")
    d = m.decision
    assert d.stage == reactions.OPPORTUNITY_STAGE and d.actor == "c"
    assert m.state.pending[-1].data["disadvantage"] is True
    # a stays out of it: it is a's own turn (GU-76); letting it go ends the stages
    m.submit(Opportunity("c", "b"))
    assert m.decision.stage == "act" and m.decision.actor == "a"
    assert React("b", TAKE) not in m.legal_actions()


@pytest.mark.rule("GU-GM-23", "GU-66")
def test_a_throw_provokes_only_by_the_table_option():
    from game.engine.systems.gu_masters.grips import Grapple, Throw

    def thrown(option: bool):
        # a holds b in its square; c, a's ally, stands 1 m off; a throws b 6 m east
        m = match([man("a", 0, 3, 2, attrs={"Strength": 200}), man("b", 1, 4, 2), man("c", 0, 2, 2)],
                  initiative=["a", "b", "c"])
        m.state.house["forced_provokes"] = option
        m.edited()
        m.force_dice([10, 90])
        m.submit(Grapple("a", "b"))
        b = m.state.creatures["b"]
        assert (b.x, b.y) == (3, 2)
        m.submit(Throw("a", 1, 0))
        assert b.x >= 5
        return m
    assert thrown(False).decision.stage == "act"
    m = thrown(True)
    assert m.decision.stage == reactions.OPPORTUNITY_STAGE and m.decision.actor == "c"


@pytest.mark.rule("GU-89", "GU-36")
def test_landing_out_of_a_fliers_reach_provokes():
    from game.engine.systems.gu_masters.maneuvers import Land
    # a and b fly side by side 3 m up; a lands: 3 m below b, out of its sword's 2 m
    m = match([man("a", 0, 3, 2), man("b", 1, 2, 2)], initiative=["a", "b"])
    for cid in ("a", "b"):
        c = m.state.creatures[cid]
        c.sustained.append("wind_wings")
        c.altitude = 3
    m.edited()
    m.submit(Land("a"))
    assert m.state.creatures["a"].altitude == 0
    assert m.decision.stage == reactions.OPPORTUNITY_STAGE and m.decision.actor == "b"


@pytest.mark.rule("GU-88", "GU-65", "GU-GM-23")
def test_a_carry_out_of_reach_provokes_for_the_carrier_and_by_the_option_for_the_carried():
    from game.engine.systems.gu_masters.grips import Carry, Grapple

    def carried(option: bool):
        # a holds b; e (b's ally) stands next to a; a carries b 3 m west, out of e's reach;
        # c (a's ally) stood next to b and is left 4 m off
        m = match([man("a", 0, 5, 2), man("b", 1, 6, 2), man("e", 1, 5, 3),
                   man("c", 0, 6, 1)], initiative=["a", "b", "e", "c"])
        m.state.house["forced_provokes"] = option
        m.edited()
        m.force_dice([10, 90])
        m.submit(Grapple("a", "b"))
        m.force_dice([5])                                       # a's Athletics to carry
        m.submit(next(x for x in m.legal_actions() if isinstance(x, Carry)
                      and (x.x, x.y) == (2, 2)))
        assert (m.state.creatures["a"].x, m.state.creatures["b"].x) == (2, 2)
        return m
    m = carried(False)
    assert m.decision.stage == reactions.OPPORTUNITY_STAGE and m.decision.actor == "e"
    m.submit(Opportunity("e", "a"))
    assert m.decision.stage == "act"                            # c gets none by default
    m = carried(True)
    seen = []
    while m.decision.stage == reactions.OPPORTUNITY_STAGE:
        seen.append(m.decision.actor)
        m.submit(Opportunity(m.decision.actor, m.state.pending[-1].data["target"]))
    assert sorted(seen) == ["c", "e"]

"""rpgstuck grappling through a real match (checklist A6): taking hold and escaping with opposed
checks, the size disadvantage, the holder's half speed, carrying the held creature at the
distance the hold was made, letting go, and the holds that end when somebody is pushed or goes
down (RS-64..78, AMB-19/20, SM-20, TV-39..42)."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.events import DiceRolled
from game.engine.rules import IllegalAction
from game.engine.systems.rpgstuck import grapple
from game.engine.systems.rpgstuck.actions import (Escape, Grapple, Haul, Move, Release, Resist,
                                                 Shift, Shove)
from game.engine.systems.rpgstuck.events import CheckMade, GrappleEnded, GrappleStarted, Moved
from tests.rpgstuck.engine_helpers import battle, of


def held(m, holder: str, target: str) -> bool:
    s = m.state
    return s.creatures[target] in grapple.held_by(s, s.creatures[holder])


def knight_holds_imp(**kw):
    """Knight (Athletics +5) grabs the imp (Acrobatics +4, its better skill, SM-20)."""
    m = battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 2, 1)], **kw)
    m.rng.force([10, 3])                          # 10 + 5 = 15 against 3 + 4 = 7
    events = m.submit(Grapple("knight", 2, 1)).events
    return m, events


@pytest.mark.rule("RS-64", "RS-B-12", "RS-SM-20", "RS-71", "RS-B-16")
def test_a_won_grapple_holds_the_target_which_cannot_move_of_its_own_will():
    m, events = knight_holds_imp()
    check = of(events, CheckMade)[0]
    assert (check.skill, check.total, check.against, check.success) == ("athletics", 15, 7, True)
    rolls = of(events, DiceRolled)
    assert "acrobatics" in rolls[1].text                 # SM-20: the better of the two
    assert of(events, GrappleStarted)[0] == GrappleStarted("knight", "imp", 5)
    assert held(m, "knight", "imp") and not m.state.turn.major
    m.submit(EndTurn())
    legal = m.legal_actions()
    assert not [a for a in legal if isinstance(a, (Move, Shift))]
    assert Escape("imp", "knight") in legal
    with pytest.raises(IllegalAction, match="grappled"):
        m.submit(Move("imp", 4, 1))


@pytest.mark.rule("RS-64", "RS-AMB-21")
def test_a_tie_keeps_the_status_quo_and_the_grapple_fails():
    m = battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 2, 1)])
    m.rng.force([6, 7])                           # 6 + 5 = 11 against 7 + 4 = 11
    events = m.submit(Grapple("knight", 2, 1)).events
    assert not of(events, CheckMade)[0].success and not of(events, GrappleStarted)
    assert not held(m, "knight", "imp") and not m.state.turn.major


@pytest.mark.rule("RS-65", "RS-B-12")
def test_escape_is_the_held_creatures_better_skill_against_the_holders_athletics():
    m, _ = knight_holds_imp()
    m.submit(EndTurn())
    m.rng.force([15, 10])                         # imp 15 + 4 = 19 against 10 + 5 = 15
    events = m.submit(Escape("imp", "knight")).events
    assert of(events, GrappleEnded) == [GrappleEnded("knight", "imp", "escaped")]
    assert not m.state.creatures["imp"].has("grappled")
    assert not m.state.creatures["knight"].has("grappling")
    assert any(isinstance(a, Move) for a in m.legal_actions())     # free to walk again


@pytest.mark.rule("RS-66", "RS-67", "RS-AMB-20", "RS-TV-39")
def test_size_disadvantage_of_tv39():
    medium, large, huge, garg = 2, 3, 4, 5
    assert grapple.size_disadvantage(medium, large) == -1
    assert grapple.size_disadvantage(medium, huge) == -1
    assert grapple.size_disadvantage(medium, garg) == -2
    assert grapple.size_disadvantage(medium, medium) == 0
    assert grapple.size_disadvantage(large, medium, large) == -1       # a rider with its mount
    assert grapple.size_disadvantage(garg, medium, large) == 0
    assert grapple.size_disadvantage(medium, large, large) == -2       # AMB-20: both count
    assert grapple.size_disadvantage(medium, large, large, stack=False) == -1


@pytest.mark.rule("RS-66", "RS-TV-39", "RS-B-10")
def test_a_medium_grappler_against_a_gargantuan_one_keeps_the_lower_of_two_d20_less_4():
    m = battle([("knight", "knight", 0, 1, 1), ("ogre", "ogre", 1, 2, 1)],
               content={"creatures": {"ogre": {"size": "gargantuan"}}})
    m.rng.force([12, 5, 1])                       # 2d20 keep lower [12, 5] = 5 - 4 + 5 = 6
    events = m.submit(Grapple("knight", 2, 1)).events
    first = of(events, DiceRolled)[0]
    assert first.roll.faces == (12, 5) and of(events, CheckMade)[0].total == 6


@pytest.mark.rule("RS-69", "RS-TV-40")
def test_a_holder_moves_at_half_speed_but_a_shift_is_not_halved():
    m, _ = knight_holds_imp()
    assert m.state.turn.move_left == 15              # speed 30 while holding: 15 (TV-40)
    m.submit(EndTurn())
    m.submit(EndTurn())
    assert m.state.turn.move_left == 15              # the next turn too
    assert any(isinstance(a, Shift) for a in m.legal_actions())


@pytest.mark.rule("RS-77", "RS-78", "RS-TV-40")
def test_the_held_creature_comes_along_and_keeps_its_distance():
    m, _ = knight_holds_imp()
    events = m.submit(Move("knight", 1, 3)).events        # 10 ft south, half speed 15
    dragged = [e for e in of(events, Moved) if e.mover == "imp"]
    assert dragged and dragged[0].forced and dragged[0].mode == "dragged"
    imp = m.state.creatures["imp"]
    assert (imp.x, imp.y) == (2, 3) and m.state.turn.move_left == 5


@pytest.mark.rule("RS-78", "RS-TV-41")
def test_a_hold_made_at_10_ft_stays_10_ft_as_the_holder_moves_15_ft():
    # the basilisk (Large, tail reach 10 ft) holds the knight two squares west of its body
    m = battle([("bas", "basilisk", 1, 4, 4), ("knight", "knight", 0, 2, 4)],
               rows=["." * 10] * 8)
    m.rng.force([15, 2])                          # 15 + 5 = 20 against 2 + 5 = 7
    events = m.submit(Grapple("bas", 2, 4)).events
    assert of(events, GrappleStarted)[0].ft == 10
    m.rng.force([])
    # speed 35 halves to 17 while holding; 15 ft north
    m.submit(Move("bas", 4, 1))
    k, b = m.state.creatures["knight"], m.state.creatures["bas"]
    assert (k.x, k.y) == (2, 1) and grapple.distance_ft(m.state, b, k) == 10


@pytest.mark.rule("RS-76")
def test_release_is_free_and_drops_only_the_hold_named():
    m, _ = knight_holds_imp()
    assert Release("knight", "imp") in m.legal_actions()
    events = m.submit(Release("knight", "imp")).events
    assert of(events, GrappleEnded) == [GrappleEnded("knight", "imp", "let go")]
    assert not m.state.creatures["imp"].has("grappled")


@pytest.mark.rule("RS-72", "RS-TV-42")
def test_a_holder_pushed_out_of_reach_loses_the_hold_but_not_when_still_in_reach():
    # the knight at (3,2) holds the imp at (4,2); a second imp north of the knight shoves it
    rows = ["......", "......", "......", "......", "......", "......"]
    m = battle([("knight", "knight", 0, 3, 2), ("imp", "imp", 1, 4, 2), ("imp2", "imp", 1, 3, 1)],
               rows=rows)
    m.rng.force([10, 3])
    m.submit(Grapple("knight", 4, 2))
    m.submit(EndTurn())
    m.submit(EndTurn())
    m.rng.force([15, 1])                          # shove 15 + 2 against 1 + 5: pushed 10 ft
    events = m.submit(Shove("imp2", 3, 2, False)).events
    assert (m.state.creatures["knight"].x, m.state.creatures["knight"].y) == (3, 4)
    assert GrappleEnded("knight", "imp", "holder moved") in of(events, GrappleEnded)
    # the same with a wall two squares south: the knight moves 5 ft and still reaches the imp
    rows = ["......", "......", "......", "......", "######", "......"]
    m = battle([("knight", "knight", 0, 3, 2), ("imp", "imp", 1, 4, 2), ("imp2", "imp", 1, 3, 1)],
               rows=rows)
    m.rng.force([10, 3])
    m.submit(Grapple("knight", 4, 2))
    m.submit(EndTurn())
    m.submit(EndTurn())
    m.rng.force([15, 1])
    events = m.submit(Shove("imp2", 3, 2, False)).events
    assert (m.state.creatures["knight"].x, m.state.creatures["knight"].y) == (3, 3)
    assert not of(events, GrappleEnded) and held(m, "knight", "imp")


@pytest.mark.rule("RS-AMB-19")
@pytest.mark.parametrize("option, holds", [(None, False), ("holds", True)])
def test_a_held_creature_pushed_out_of_reach_is_let_go_by_default(option, holds):
    # the knight at (1,3) holds the imp at (2,3); the scout south of the imp shoves it 10 ft north
    m = battle([("knight", "knight", 0, 1, 3), ("scout", "scout", 0, 2, 4),
                ("imp", "imp", 1, 2, 3)],
               rows=["......"] * 7, house={"grapple_pushed_out": option} if option else {})
    m.rng.force([10, 3])
    m.submit(Grapple("knight", 2, 3))
    m.submit(EndTurn())
    m.rng.force([19, 1])                          # scout 19 + Athletics against 1 + 4
    events = m.submit(Shove("scout", 2, 3, False)).events
    assert (m.state.creatures["imp"].x, m.state.creatures["imp"].y) == (2, 1)
    assert held(m, "knight", "imp") is holds
    assert bool(of(events, GrappleEnded)) is not holds


@pytest.mark.rule("RS-76", "RS-03")
def test_going_down_drops_every_hold():
    m, _ = knight_holds_imp(overrides={"knight": {"hp": 1}})
    m.submit(EndTurn())
    m.rng.force([19, 6])                           # the imp claws the knight down
    from game.engine.systems.rpgstuck.actions import Attack, Block
    m.submit(Attack("imp", "imp_claw", ((1, 1),)))
    if m.decision.stage == "block":
        m.submit(Block("knight", False))
    assert m.state.creatures["knight"].status == "unconscious"
    assert not m.state.creatures["imp"].has("grappled")


@pytest.mark.rule("RS-SM-20", "RS-64")
def test_with_the_manual_option_the_defending_seat_names_its_skill():
    m = battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 2, 1)],
               house={"grapple_defence": "manual"})
    assert m.submit(Grapple("knight", 2, 1)).events == []
    d = m.decision
    assert (d.seat, d.stage, d.actor) == (1, grapple.RESIST_STAGE, "imp")
    assert set(m.legal_actions()) >= {Resist("imp", "athletics"), Resist("imp", "acrobatics")}
    with pytest.raises(IllegalAction, match="SM-20"):
        m.submit(EndTurn())
    m.rng.force([10, 7])                           # 10 + 5 = 15 against 7 + Athletics 2 = 9
    events = m.submit(Resist("imp", "athletics")).events
    check = of(events, CheckMade)[0]
    assert (check.total, check.against, check.success) == (15, 9, True)
    assert held(m, "knight", "imp") and m.decision.stage == "act"


@pytest.mark.rule("RS-77", "RS-TV-40")
def test_moving_the_held_creature_within_reach_costs_the_holder_that_much_movement():
    m, _ = knight_holds_imp()                        # 15 ft left while holding
    legal = [a for a in m.legal_actions() if isinstance(a, Haul)]
    assert Haul("knight", "imp", 2, 2) in legal and Haul("knight", "imp", 4, 1) not in legal
    events = m.submit(Haul("knight", "imp", 1, 2)).events        # 5 ft, still beside
    assert of(events, Moved)[0].forced and m.state.turn.move_left == 10
    assert held(m, "knight", "imp")
    with pytest.raises(IllegalAction, match="RS-77"):
        m.submit(Haul("knight", "imp", 3, 3))

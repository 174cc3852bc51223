"""rpgstuck opportunity attacks (B-26): none by default, as the document; with the table option
on, a creature leaving an enemy's melee reach on its own stops on its last square inside it,
the enemy's seat answers (one attack with its reaction, or none) and the move goes on."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.rng import Rng
from game.engine.systems.rpgstuck import RPGSTUCK
from game.engine.systems.rpgstuck.actions import Attack, Fly, Move, Opportunity, Shift
from game.engine.systems.rpgstuck.ai import RpgBot
from game.engine.systems.rpgstuck.events import AttackRolled, Damaged, Moved
from game.engine.tactics.footprint import cells_distance
from tests.rpgstuck.engine_helpers import battle, of

ON = {"opportunity_attacks": True}
ROOMY = ["." * 8] * 7


def walking_away(house=ON):
    """The scout at (1,1) beside an imp at (2,1) walks to (1,5), out of the imp's reach."""
    return battle([("scout", "scout", 0, 1, 1), ("imp", "imp", 1, 2, 1)], rows=ROOMY, house=house)


@pytest.mark.rule("RS-B-26")
def test_off_by_default_and_leaving_is_free():
    assert RPGSTUCK.house_rules and not dict((h.id, h.default) for h in RPGSTUCK.house_rules)[
        "opportunity_attacks"]
    m = walking_away(house={})
    m.submit(Move("scout", 1, 5))
    assert (m.state.creatures["scout"].x, m.state.creatures["scout"].y) == (1, 5)
    assert not m.state.pending and m.decision.seat == 0


@pytest.mark.rule("RS-B-26", "RS-B-11")
def test_leaving_a_reach_stops_the_walk_and_the_enemy_may_attack_once():
    m = walking_away()
    events = m.submit(Move("scout", 1, 5)).events
    s, imp = m.state.creatures["scout"], m.state.creatures["imp"]
    assert cells_distance(s.cells(), imp.cells()) == 1      # stopped on its last square in reach
    assert of(events, Moved)[0].cost == 5 * len(of(events, Moved)[0].path)
    d = m.decision
    assert (d.seat, d.stage, d.actor) == (1, "opportunity", "imp")
    assert [a for a in m.legal_actions() if isinstance(a, Opportunity)] == [
        Opportunity("imp", "scout", "imp_claw"), Opportunity("imp", "scout", "")]
    m.rng.force([15, 4])                                     # 15 + 4 = 19 hits; 4 + 2 = 6
    events = m.submit(Opportunity("imp", "scout", "imp_claw")).events
    assert of(events, AttackRolled)[0].hit
    assert of(events, Damaged)[0].amount == 6
    # the walk went on to its goal, paid in full (20 ft), and it is the scout's turn again
    assert (s.x, s.y) == (1, 5) and m.state.turn.move_left == 30 - 20
    assert not imp.reaction and m.decision.seat == 0
    assert RPGSTUCK.check_invariants(m.state) == []


@pytest.mark.rule("RS-B-26")
def test_an_enemy_that_lets_it_go_keeps_its_reaction_and_is_not_asked_again():
    m = walking_away()
    m.submit(Move("scout", 1, 5))
    events = m.submit(Opportunity("imp", "scout", "")).events
    assert not of(events, AttackRolled)
    s = m.state.creatures["scout"]
    assert (s.x, s.y) == (1, 5) and m.state.creatures["imp"].reaction
    assert not m.state.pending


@pytest.mark.rule("RS-B-26", "RS-B-12")
def test_a_shift_or_a_push_provokes_nothing():
    m = walking_away()
    m.submit(Shift("scout", 0, 1))                           # two squares from the imp now
    assert not m.state.pending and m.decision.seat == 0
    # the knight's Shield Bash pushes the imp out of the scout's reach: forced, no question
    m = battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 2, 1),
                ("scout", "scout", 0, 2, 2)], rows=ROOMY, house=ON)
    m.rng.force([20, 1])
    m.submit(Attack("knight", "shield_bash", ((2, 1),)))
    assert m.state.creatures["imp"].x > 2 and not m.state.pending


@pytest.mark.rule("RS-B-26", "RS-B-11", "RS-B-16")
def test_no_reaction_no_opportunity():
    m = walking_away()
    m.state.creatures["imp"].reaction = False
    m.edited()
    m.submit(Move("scout", 1, 5))
    assert not m.state.pending and m.state.creatures["scout"].y == 5


@pytest.mark.rule("RS-B-26", "RS-B-25")
def test_flying_up_out_of_reach_provokes():
    m = battle([("harpy", "harpy", 1, 2, 1), ("knight", "knight", 0, 1, 1)], rows=ROOMY,
               house=ON)
    m.submit(Fly("harpy", 15))
    assert m.state.creatures["harpy"].altitude == 5          # 5 ft up is still within reach
    assert (m.decision.stage, m.decision.actor) == ("opportunity", "knight")
    assert Opportunity("knight", "harpy", "strike") in m.legal_actions()
    m.submit(Opportunity("knight", "harpy", ""))
    assert m.state.creatures["harpy"].altitude == 15
    assert m.state.turn.move_left == 40 - 15


@pytest.mark.rule("RS-B-26")
def test_the_bot_answers_with_an_attack_when_it_has_one():
    m = walking_away()
    m.submit(Move("scout", 1, 5))
    choice = RpgBot("t").choose(m.view(1), m.legal_actions(), Rng.from_seed(1))
    assert choice == Opportunity("imp", "scout", "imp_claw")
    m.submit(choice)
    m.submit(EndTurn())
    assert m.state.acting.id == "imp"


@pytest.mark.rule("RS-B-26", "RS-B-25", "RS-75")
@pytest.mark.parametrize("seed", [3, 4])
def test_bots_play_a_battle_with_fliers_and_opportunity_attacks_to_the_end(seed):
    from game.engine.ai.base import make_bot
    from game.engine.ai.runner import ask_bot
    RPGSTUCK.load_bots()
    m = battle([("knight", "knight", 0, 1, 1), ("scout", "scout", 0, 1, 4),
                ("harpy", "harpy", 1, 6, 1), ("imp", "mind_imp", 1, 6, 4)],
               rows=["........", "...#....", "........", "........", "...#....", "........"],
               house=ON, seed=seed, order=["harpy", "knight", "imp", "scout"])
    players = {0: make_bot("rpgstuck", "normal"), 1: make_bot("rpgstuck", "hard")}
    seen = set()
    while not m.over:
        seat = m.decision.seat
        action = ask_bot(m, players[seat], seat)
        seen.add(action.kind)
        m.submit(action)
        assert RPGSTUCK.check_invariants(m.state) == []
        assert len(m.log) < 2000
    assert "rs.fly" in seen                  # the harpy took to the air

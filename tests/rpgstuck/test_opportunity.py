"""rpgstuck opportunity attacks (B-26): none by default, as the document; with the table option
on, a creature leaving an enemy's melee reach on its own stops on its last square inside it,
the enemy's seat answers (one attack with its reaction, or none) and the move goes on."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.rng import Rng
from game.engine.systems.rpgstuck import RPGSTUCK
from game.engine.systems.rpgstuck.actions import Attack, Block, Fly, LongJump, Move, Opportunity, Shift
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


# --- a jump is movement too (RS-107: a jump uses ordinary movement), so it provokes -----------
PIT = {"v": {"pit_depth_ft": 20}}
PIT_ROWS = ["....vv....", "....vv....", "....vv....", "....vv...."]


def knight_by_the_pit(house=ON):
    """The knight runs up 10 ft to the pit's edge at (3,1), beside an imp at (3,0)."""
    m = battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 3, 0)], rows=PIT_ROWS,
               overrides={"knight": {"speed": 40}}, legend=PIT, house=house)
    m.submit(Move("knight", 3, 1))
    assert not m.state.pending                               # walking into a reach is free
    return m


@pytest.mark.rule("RS-B-26", "RS-107")
def test_a_jump_out_of_reach_provokes_before_the_leap():
    m = knight_by_the_pit()
    k = m.state.creatures["knight"]
    events = m.submit(LongJump("knight", 6, 1)).events
    assert not of(events, Moved) and (k.x, k.y) == (3, 1)   # still at the edge, in reach
    assert (m.decision.seat, m.decision.stage, m.decision.actor) == (1, "opportunity", "imp")
    m.rng.force([15, 4])                                     # 19 hits the knight's AC 14; 6
    m.submit(Opportunity("imp", "knight", "imp_claw"))
    assert (m.decision.stage, m.decision.actor) == ("block", "knight")
    events = m.submit(Block("knight", False)).events
    assert of(events, Damaged)[0].amount == 6
    # then the leap goes on: 15 ft over the pit, paid once
    assert of(events, Moved) == [Moved("knight", ((6, 1),), "jump", False, 15)]
    assert (k.x, k.y) == (6, 1) and m.state.turn.move_left == 40 - 10 - 15
    assert not m.state.pending and m.decision.seat == 0
    assert RPGSTUCK.check_invariants(m.state) == []


@pytest.mark.rule("RS-B-26", "RS-107")
def test_a_jump_is_free_with_the_option_off_and_within_reach():
    m = knight_by_the_pit(house={})
    m.submit(LongJump("knight", 6, 1))
    assert m.state.creatures["knight"].x == 6 and not m.state.pending
    # an imp across the pit at (7,1) is not left by a jump toward it: it reaches (6,1) too
    m = battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 7, 1)], rows=PIT_ROWS,
               overrides={"knight": {"speed": 40}}, legend=PIT, house=ON)
    m.submit(Move("knight", 3, 1))
    m.submit(LongJump("knight", 6, 1))
    assert m.state.creatures["knight"].x == 6 and not m.state.pending


@pytest.mark.rule("RS-B-26", "RS-107", "RS-B-32")
def test_a_jumper_the_attack_drops_stays_on_its_side_of_the_pit():
    m = knight_by_the_pit()
    k = m.state.creatures["knight"]
    k.hp = 4
    m.edited()
    m.submit(LongJump("knight", 6, 1))
    m.rng.force([15, 4])                                     # 6 damage: the knight goes down
    m.submit(Opportunity("imp", "knight", "imp_claw"))
    m.submit(Block("knight", False))
    assert not k.up and (k.x, k.y) == (3, 1) and m.state.turn.move_left == 40 - 10
    assert not m.state.pending


@pytest.mark.rule("RS-B-26", "RS-SM-06")
def test_a_longer_jump_by_a_check_provokes_and_then_rolls_its_check():
    from game.engine.systems.rpgstuck.actions import StretchJump
    from game.engine.systems.rpgstuck.events import CheckMade
    m = battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 3, 0)],
               rows=["....vvv...", "....vvv..."], overrides={"knight": {"speed": 40}},
               legend=PIT, house={**ON, "jump_check": True})
    m.submit(Move("knight", 3, 1))
    m.submit(StretchJump("knight", 7, 1))
    assert (m.decision.stage, m.decision.actor) == ("opportunity", "imp")
    m.rng.force([15])                                        # the check: 15 + 3 >= DC 14
    events = m.submit(Opportunity("imp", "knight", "")).events
    assert of(events, CheckMade)[0].success
    assert (m.state.creatures["knight"].x, m.state.creatures["knight"].y) == (7, 1)


@pytest.mark.rule("RS-B-26", "RS-96")
def test_a_bot_prices_an_opportunity_attack_at_the_one_roll_it_gets():
    """An opportunity attack is one roll: the brawler's two-roll Hamstring Flurry is worth half
    what it is on its own turn, below a plain Strike; the bot takes the Strike."""
    from game.engine.ai.runner import ask_bot
    from game.engine.systems.rpgstuck import forecast
    m = battle([("imp", "imp", 1, 1, 1), ("brawler", "brawler", 0, 2, 1)], rows=ROOMY, house=ON)
    m.submit(Move("imp", 1, 5))
    assert m.decision.stage == "opportunity"
    st = m.state
    b, imp = st.creatures["brawler"], st.creatures["imp"]
    strike, flurry = (forecast.opportunity(st, b, x, imp).expected for x in ("strike", "flurry"))
    assert forecast.predict(st, b, "flurry", imp).expected > strike > flurry
    assert ask_bot(m, RpgBot("t"), m.decision.seat) == Opportunity("brawler", "imp", "strike")

"""rpgstuck attacks through the engine: the B-29 pipeline's order in the log, hits and misses with
the natural 20 and 1, Block as the defender's pending decision, Aim, Assail and Avert, Shoot up
close, Prone, cooldowns, and what each seat may see (hidden creatures, RS-103)."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.events import DiceRolled
from game.engine.rules import IllegalAction
from game.engine.systems.rpgstuck import RPGSTUCK
from game.engine.systems.rpgstuck.actions import Aim, Assail, Attack, Avert, Block, Move
from game.engine.systems.rpgstuck.events import (AttackDeclared, AttackRolled, BlockDeclared,
                                                 Damaged)
from game.engine.systems.rpgstuck.state import Condition
from tests.rpgstuck.engine_helpers import battle, of


def knight_next_to_imp(**kw):
    return battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 2, 1)], **kw)


@pytest.mark.rule("RS-B-29", "RS-B-06", "RS-B-22")
def test_a_strike_declares_rolls_totals_and_deals_damage_in_order():
    m = knight_next_to_imp()
    m.rng.force([12, 5])                # d20 12 + STR 3 + P 2 = 17 vs AC 13; 1d8 5 + STR 3
    events = m.submit(Attack("knight", "strike", ((2, 1),))).events
    order = [type(e).__name__ for e in events if not isinstance(e, DiceRolled)]
    assert order[:3] == ["AttackDeclared", "AttackRolled", "Damaged"]
    rolled = of(events, AttackRolled)[0]
    assert (rolled.natural, rolled.total, rolled.defense, rolled.hit) == (12, 17, 13, True)
    dmg = of(events, Damaged)[0]
    assert (dmg.amount, dmg.hp) == (8, 8) and m.state.creatures["imp"].hp == 8
    assert not m.state.turn.major


@pytest.mark.rule("RS-40", "RS-41", "RS-36")
def test_natural_20_hits_and_doubles_natural_1_misses():
    m = knight_next_to_imp(overrides={"imp": {"ac": 30}})
    m.rng.force([20, 4])                 # crit: (4 + 3) x 2 = 14
    events = m.submit(Attack("knight", "strike", ((2, 1),))).events
    rolled = of(events, AttackRolled)[0]
    assert rolled.hit and rolled.crit and of(events, Damaged)[0].amount == 14
    m2 = knight_next_to_imp(overrides={"imp": {"ac": 1}})
    m2.rng.force([1])
    events = m2.submit(Attack("knight", "strike", ((2, 1),))).events
    assert not of(events, AttackRolled)[0].hit and not of(events, Damaged)


@pytest.mark.rule("RS-B-12", "RS-30", "RS-B-11")
def test_block_is_offered_to_the_defending_seat_before_the_roll_and_lowers_it():
    m = battle([("imp", "imp", 1, 2, 1), ("knight", "knight", 0, 1, 1)])
    m.submit(Attack("imp", "imp_claw", ((1, 1),)))
    d = m.decision
    assert (d.seat, d.stage, d.actor) == (0, "block", "knight")
    assert set(m.legal_actions()) >= {Block("knight", True), Block("knight", False)}
    with pytest.raises(IllegalAction):
        m.submit(EndTurn())
    m.rng.force([12, 3])                 # d20 12 + 4 = 16, Block d4 3: 13 vs AC 14, a miss
    events = m.submit(Block("knight", True)).events
    assert of(events, BlockDeclared)[0].die == "d4"
    rolled = of(events, AttackRolled)[0]
    assert rolled.total == 13 and not rolled.hit and ("block", -3) in rolled.terms
    assert not m.state.creatures["knight"].reaction
    m.submit(EndTurn())                  # the knight's turn: its reaction comes back (B-11)
    assert m.state.creatures["knight"].reaction


@pytest.mark.rule("RS-B-12")
def test_declining_to_block_keeps_the_reaction():
    m = battle([("imp", "imp", 1, 2, 1), ("knight", "knight", 0, 1, 1)])
    m.submit(Attack("imp", "imp_claw", ((1, 1),)))
    m.rng.force([12, 3])
    events = m.submit(Block("knight", False)).events
    assert of(events, AttackRolled)[0].total == 16 and m.state.creatures["knight"].reaction


@pytest.mark.rule("RS-B-12", "RS-27", "RS-28", "RS-30")
def test_aim_adds_a_d4_and_cancels_against_block():
    m = knight_next_to_imp()
    m.submit(Aim("knight"))
    m.rng.force([8, 3, 5])               # d20 8 + 5, Aim d4 3 = 16; damage 5 + 3
    rolled = of(m.submit(Attack("knight", "strike", ((2, 1),))).events, AttackRolled)[0]
    assert ("aim", 3) in rolled.terms and rolled.total == 16
    m2 = knight_next_to_imp()
    m2.state.creatures["imp"].conditions.append(Condition("averting", source="imp",
                                                          until="own_turn"))
    m2.edited()
    m2.submit(Aim("knight"))
    m2.rng.force([8, 5])                 # the Aim d4 and the Avert d4 cancel: no die rolled
    rolled = of(m2.submit(Attack("knight", "strike", ((2, 1),))).events, AttackRolled)[0]
    assert rolled.total == 13 and not [t for t in rolled.terms if t[0] in ("aim", "block")]
    assert not m2.state.creatures["imp"].has("averting")     # spent on the first roll


@pytest.mark.rule("RS-B-12", "RS-92")
def test_assail_adds_the_stat_mod_to_the_next_damage_roll():
    m = knight_next_to_imp()
    m.submit(Assail("knight"))
    m.rng.force([15, 2])                 # 1d8 2 + STR 3 + Assail 3
    assert of(m.submit(Attack("knight", "strike", ((2, 1),))).events, Damaged)[0].amount == 8


@pytest.mark.rule("RS-B-12")
def test_avert_lasts_until_the_creatures_own_next_turn():
    m = knight_next_to_imp()
    m.submit(Avert("knight"))
    assert m.state.creatures["knight"].has("averting")
    m.submit(EndTurn())
    assert m.state.creatures["knight"].has("averting")      # the imp's turn: still there
    m.submit(EndTurn())
    assert not m.state.creatures["knight"].has("averting")


@pytest.mark.rule("RS-B-22", "RS-B-10")
def test_shoot_has_disadvantage_within_5_ft():
    m = battle([("scout", "scout", 0, 1, 1), ("imp", "imp", 1, 2, 1)])
    m.rng.force([15, 3])                 # 2d20, the lower kept: 3 + DEX 3 + P 2 = 8, a miss
    rolled = of(m.submit(Attack("scout", "shoot", ((2, 1),))).events, AttackRolled)[0]
    assert rolled.natural == 3 and not rolled.hit
    far = battle([("scout", "scout", 0, 1, 1), ("imp", "imp", 1, 8, 1)])
    far.rng.force([15, 3])
    rolled = of(far.submit(Attack("scout", "shoot", ((8, 1),))).events, AttackRolled)[0]
    assert rolled.natural == 15 and rolled.hit


@pytest.mark.rule("RS-B-16")
def test_melee_against_a_prone_target_has_advantage():
    m = knight_next_to_imp()
    m.state.creatures["imp"].conditions.append(Condition("prone", source="knight"))
    m.edited()
    m.rng.force([3, 15, 1])              # 2d20, the higher kept
    rolled = of(m.submit(Attack("knight", "strike", ((2, 1),))).events, AttackRolled)[0]
    assert rolled.natural == 15


@pytest.mark.rule("RS-97", "RS-96")
def test_a_cooldown_of_1_skips_one_round():
    m = battle([("imp", "imp", 1, 2, 1), ("knight", "knight", 0, 1, 1)])
    m.rng.force([1])                     # a natural 1: the pounce misses
    m.submit(Attack("imp", "imp_pounce", ((1, 1),)))
    m.submit(Block("knight", False))
    assert m.state.creatures["imp"].ready_round["imp_pounce"] == 3
    for round_ in (2, 3):
        m.submit(EndTurn())
        m.submit(EndTurn())
        pounces = [a for a in m.legal_actions() if isinstance(a, Attack)
                   and a.ability == "imp_pounce"]
        assert bool(pounces) == (round_ == 3)


@pytest.mark.rule("RS-99", "RS-103")
def test_a_seat_does_not_see_an_enemy_behind_a_wall_and_keeps_its_last_known_square():
    rows = ["..........",
            "....#.....",
            "....#.....",
            "..........",
            ".........."]
    m = battle([("knight", "knight", 0, 1, 2), ("imp", "imp", 1, 7, 4)], rows=rows,
               order=["imp", "knight"])
    view = RPGSTUCK.view(m.state, 0)
    assert "imp" in view.creatures and view.last_seen["0"]["imp"] == [7, 4]
    m.submit(Move("imp", 6, 1))          # behind the wall: out of the knight's sight
    m.submit(EndTurn())
    view = RPGSTUCK.view(m.state, 0)
    assert "imp" not in view.creatures and "imp" not in view.order
    assert view.last_seen["0"]["imp"] == [7, 4]
    assert RPGSTUCK.view(m.state, 1).creatures["imp"].x == 6
    assert "1" not in view.last_seen     # the other side's knowledge is not shown


@pytest.mark.rule("RS-103", "SM-08")
def test_an_attack_on_the_square_the_target_left_misses_like_any_miss():
    m = battle([("scout", "scout", 0, 0, 0), ("imp", "imp", 1, 9, 0)])
    m.state.creatures["imp"].hidden = True        # hiding: the scout's side cannot see it
    m.state.last_seen["0"]["imp"] = [9, 1]        # and believes it is at 9,1
    m.edited()
    assert Attack("scout", "shoot", ((9, 0),)) not in m.legal_actions()
    events = m.submit(Attack("scout", "shoot", ((9, 1),))).events
    rolled = of(events, AttackRolled)[0]
    assert rolled.target is None and not rolled.hit and not of(events, Damaged)
    assert of(events, AttackDeclared)[0].targets == ((9, 1),)


@pytest.mark.rule("RS-116", "RS-B-22", "RS-B-14")
def test_shield_bash_pushes_10_ft_and_a_wall_costs_p_per_5_ft_unspent():
    m = battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 2, 1)],
               rows=["..........", "....#.....", ".........."])
    m.rng.force([15, 1])                 # hit; Qd4 1 + STR 3 = 4 damage
    events = m.submit(Attack("knight", "shield_bash", ((2, 1),))).events
    imp = m.state.creatures["imp"]
    assert (imp.x, imp.y) == (3, 1)      # one square, then the wall
    pushed = [e for e in events if e.kind == "rs.moved"]
    assert pushed and pushed[0].forced and pushed[0].mode == "pushed"
    assert [e.amount for e in of(events, Damaged)] == [4, 2]     # the hit, then P = 2 for 5 ft
    assert imp.hp == 16 - 6


@pytest.mark.rule("RS-119", "RS-B-12", "RS-124")
def test_a_shove_into_another_imp_splits_2p_when_the_second_fails_its_check():
    from game.engine.systems.rpgstuck.actions import Shove
    trio = [("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 2, 1), ("imp2", "imp", 1, 3, 1)]
    m = battle(trio)
    # shove: knight Athletics 15 + 5 = 20 vs imp 5 + 4; imp2 resists with 5 + 4 = 9: hit
    m.rng.force([15, 5, 5])
    events = m.submit(Shove("knight", 2, 1, False)).events
    assert [(e.victim, e.amount) for e in of(events, Damaged)] == [("imp", 2), ("imp2", 2)]
    m2 = battle(trio)
    m2.rng.force([15, 5, 20])            # imp2 resists (24 > 20): the imp takes all 4
    events = m2.submit(Shove("knight", 2, 1, False)).events
    assert [(e.victim, e.amount) for e in of(events, Damaged)] == [("imp", 4)]


@pytest.mark.rule("RS-57", "RS-B-12", "RS-B-09", "RS-SM-13")
def test_discern_finds_a_secret_of_that_creature_only():
    from game.engine.systems.rpgstuck.actions import Discern
    from game.engine.systems.rpgstuck.events import SecretFound
    m = battle([("scout", "scout", 0, 1, 1), ("imp", "imp", 1, 5, 1), ("imp2", "imp", 1, 5, 3)])
    m.rng.force([15])                    # Perception 2 + P 2 + 15 = 19 vs DC 12
    events = m.submit(Discern("scout", 5, 1, False)).events
    assert of(events, SecretFound)[0].part == "opening"
    assert m.state.secrets["0"] == {"imp": ["opening"]}
    assert Discern("scout", 5, 1, True) not in m.legal_actions()      # nothing left to find
    assert Discern("scout", 5, 3, True) in m.legal_actions()          # the other imp's
    scouted = battle([("scout", "scout", 0, 1, 1), ("imp", "imp", 1, 5, 1)],
                     house={"scouted": True})
    assert not [a for a in scouted.legal_actions() if isinstance(a, Discern)]

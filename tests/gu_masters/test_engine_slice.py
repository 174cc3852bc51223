"""gu_masters engine through Match.submit with forced dice: initiative, the turn, walking past
enemies, the strikes and their numbers, and dodge and parry as pending stages."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.match import Match
from game.engine.rules import MatchConfig, SeatConfig
from game.engine.systems.gu_masters.actions import (DODGE, PARRY, TAKE, DodgeMove, Move,
                                                    Opportunity, React, Strike)
from game.engine.systems.gu_masters.events import Damaged, InitiativeSettled, Moved, Tested

ROWS = ["..........", "..........", "..........", "..........", ".........."]


def match(creatures: list[dict], *, humans: tuple[bool, bool] = (True, True),
          dice: list[int] | None = None, initiative: list[str] | None = None,
          rows: list[str] | None = None) -> Match:
    setup: dict = {"grid": {"rows": rows or ROWS}, "creatures": creatures}
    if initiative is not None:
        setup["initiative"] = initiative
    seats = [SeatConfig("human" if h else "ai") for h in humans]
    return Match.new(MatchConfig("gu_masters", 1, seats, None, {}, setup,
                                 setup_dice=list(dice or [])))


def man(cid: str, side: int, x: int, y: int, **over) -> dict:
    return {"id": cid, "entry": "gu_master_r1", "side": side, "x": x, "y": y,
            "overrides": over} if over else {"id": cid, "entry": "gu_master_r1", "side": side,
                                             "x": x, "y": y}


def events_of(out, kind) -> list:
    return [e for e in out.events if isinstance(e, kind)]


@pytest.mark.rule("GU-05", "GU-06", "GU-07", "GU-08", "GU-11", "GU-T-01", "GU-GM-02")
def test_initiative_by_degrees_then_die_then_pcs():
    # dice go to the creatures in id order. a (PC) next to c: Close Combat 45, raw 23 -> DoS 3;
    # b (PC) far from enemies: Ranged Attack 60, raw 41 -> DoS 3; c (NPC) next to a: 45, raw
    # 27 -> DoS 3; d (NPC, surprised): Ranged 45, 25 + 20 = 45 -> DoS 1
    m = match([man("a", 0, 1, 1), man("b", 0, 1, 4, skills={"Ranged Attack": 60}),
               man("c", 1, 2, 1), {**man("d", 1, 8, 4), "surprised": True}],
              humans=(True, False), dice=[23, 41, 27, 25])
    assert m.state.order == ["a", "c", "b", "d"]     # three tie on 3: the lower die first
    m = match([man("a", 0, 1, 1), man("b", 0, 1, 4, skills={"Ranged Attack": 60}),
               man("c", 1, 2, 1), {**man("d", 1, 8, 4), "surprised": True}],
              humans=(True, False), dice=[23, 20, 27, 25])
    assert m.state.order == ["b", "a", "c", "d"]     # b 20 vs 60: DoS 5, first


@pytest.mark.rule("GU-07", "GU-08", "GU-T-02", "GU-GM-31")
def test_equal_degrees_lower_die_then_pc_first():
    # both next to each other: Close Combat 45; raws 27 and 27: same DoS and die -> PC first
    m = match([man("e", 0, 1, 1), man("c", 1, 2, 1)], humans=(True, False), dice=[27, 27])
    assert m.state.order == ["e", "c"]
    m = match([man("e", 0, 1, 1), man("c", 1, 2, 1)], humans=(False, True), dice=[27, 27])
    assert m.state.order == ["c", "e"]
    # same DoS (3), lower die first (dice in id order: c, then e)
    m = match([man("e", 0, 1, 1), man("c", 1, 2, 1)], humans=(True, True), dice=[25, 21])
    assert m.state.order == ["e", "c"]


@pytest.mark.rule("GU-09", "GU-GM-01")
def test_tied_players_choose_the_order():
    m = match([man("e", 0, 1, 1), man("c", 1, 2, 1)], humans=(True, True), dice=[27, 27])
    d = m.decision
    assert d.stage == "initiative"
    from game.engine.systems.gu_masters.actions import GoesFirst
    m.submit(GoesFirst("c"))
    assert m.state.order == ["c", "e"] and m.decision.stage == "act"


@pytest.mark.rule("GU-15", "GU-18", "GU-GM-39", "GU-14")
def test_turn_start_regains_essence_and_two_reactions():
    m = match([man("a", 0, 1, 1, essence=10), man("b", 1, 8, 1)], initiative=["a", "b"])
    a = m.state.creatures["a"]
    assert a.essence == 13 and a.reactions == 2       # 30 max, +3 at the start of its turn
    m.submit(EndTurn())
    assert m.state.acting.id == "b" and m.state.round == 1
    m.submit(EndTurn())
    assert m.state.round == 2 and m.state.creatures["a"].essence == 16


@pytest.mark.rule("GU-19", "GU-20", "GU-T-20", "GU-41")
def test_walking_costs_and_split_movement():
    m = match([man("a", 0, 0, 0), man("b", 1, 9, 4)], initiative=["a", "b"],
              rows=["....,.....", "..........", "..........", "..........", ".........."])
    legal = m.legal_actions()
    assert Move("a", 8, 0) in legal and Move("a", 9, 0) not in legal   # leaving ',' costs 2
    m.submit(Move("a", 3, 3))                         # 3 diagonal steps: 3 m
    assert m.state.turn.moved == 3
    assert Move("a", 8, 3) in m.legal_actions() and Move("a", 9, 3) not in m.legal_actions()


@pytest.mark.rule("GU-23", "GU-GM-38", "GU-T-39", "GU-GM-37", "GU-24")
def test_passing_a_hostile_square_needs_a_dodge():
    creatures = [man("a", 0, 0, 0), man("f", 0, 1, 0), man("b", 1, 2, 0), man("z", 1, 9, 4)]
    m = match(creatures, initiative=["a", "b", "f", "z"])
    assert Move("a", 1, 0) not in m.legal_actions()   # may pass an ally, never end there
    m.force_dice([10])                                # Dodge 40: passes b's square
    out = m.submit(Move("a", 3, 0))
    assert m.state.creatures["a"].x == 3 and events_of(out, Tested)[0].success
    m = match(creatures, initiative=["a", "b", "f", "z"])
    m.force_dice([90])                                # fails: stops on its last legal square
    out = m.submit(Move("a", 3, 0))
    assert (m.state.creatures["a"].x, m.state.creatures["a"].y) == (0, 0)
    assert not [a for a in m.legal_actions() if isinstance(a, Move)]     # movement used up


@pytest.mark.rule("GU-51", "GU-T-06", "GU-76", "GU-81")
def test_weapon_strike_then_taking_the_hit():
    m = match([man("a", 0, 1, 1), man("b", 1, 2, 1)], initiative=["a", "b"])
    m.force_dice([20])                                # Close Combat 45: hit
    m.submit(Strike("a", "b", "weapon", "sword"))
    d = m.decision
    assert d.stage == "react" and d.seat == 1
    assert set(m.legal_actions()) >= {React("b", DODGE), React("b", PARRY), React("b", TAKE)}
    out = m.submit(React("b", TAKE))
    hurt = events_of(out, Damaged)[0]
    assert hurt.amount == 7 + 50 // 20 == 9 and m.state.creatures["b"].hp == 51


@pytest.mark.rule("GU-81", "GU-82", "GU-79", "GU-T-36")
def test_dodge_wins_then_steps_away():
    m = match([man("a", 0, 1, 1), man("b", 1, 2, 1)], initiative=["a", "b"])
    m.force_dice([32])                                # 45 vs 32: DoS 2
    m.submit(Strike("a", "b", "weapon", "sword"))
    m.force_dice([12])                                # Dodge 40 vs 12: DoS 3 -> dodged
    m.submit(React("b", DODGE))
    assert m.decision.stage == "dodge_move"
    moves = m.legal_actions()
    assert DodgeMove("b", 6, 1) in moves and DodgeMove("b", 7, 1) not in moves  # floor(8/2)
    m.submit(DodgeMove("b", 6, 1))
    b = m.state.creatures["b"]
    assert (b.x, b.y, b.hp, b.reactions) == (6, 1, 60, 1)


@pytest.mark.rule("GU-81", "GU-X-05", "GU-T-36")
def test_dodge_tie_goes_to_the_lower_die():
    m = match([man("a", 0, 1, 1), man("b", 1, 2, 1, skills={"Dodge": 45})],
              initiative=["a", "b"])
    m.force_dice([32])                                # DoS 2 (45 vs 32)
    m.submit(Strike("a", "b", "weapon", "sword"))
    m.force_dice([34])                                # Dodge 45 vs 34: DoS 2, die 34 > 32
    out = m.submit(React("b", DODGE))
    assert events_of(out, Damaged) and m.decision.stage == "act"


@pytest.mark.rule("GU-86", "GU-87", "GU-T-37")
def test_parry_and_its_counter_which_may_be_parried():
    m = match([man("a", 0, 1, 1), man("b", 1, 2, 1, skills={"Close Combat": 60})],
              initiative=["a", "b"])
    m.force_dice([32])
    m.submit(Strike("a", "b", "weapon", "sword"))
    m.force_dice([18])                                # 18 + 10 = 28 vs 60: DoS 4 > 2
    out = m.submit(React("b", PARRY))
    assert not events_of(out, Damaged) and m.decision.stage == "counter"
    m.force_dice([10])
    m.submit(Opportunity("b", "a", "weapon", "sword"))
    assert m.decision.stage == "react" and m.decision.actor == "a"   # its own turn, yet
    assert React("a", PARRY) in m.legal_actions()


@pytest.mark.rule("GU-54", "GU-55", "GU-53", "GU-GM-40", "GU-T-03")
def test_two_punches_each_with_its_recoil():
    m = match([man("a", 0, 1, 1), man("b", 1, 2, 1, skills={"Dodge": 0})],
              initiative=["a", "b"])
    m.force_dice([10])
    m.submit(Strike("a", "b", "punch"))
    out = m.submit(React("b", TAKE))
    hurt = events_of(out, Damaged)
    assert [h.amount for h in hurt] == [6, 1]         # 1 + 50//10 = 6; recoil 6//5 = 1
    assert Strike("a", "b", "punch") in m.legal_actions()            # the second arm


@pytest.mark.rule("GU-56", "GU-57", "GU-T-04")
def test_kick_knocks_back_and_prones():
    m = match([man("a", 0, 1, 1), man("b", 1, 2, 1)], initiative=["a", "b"])
    m.force_dice([10])
    m.submit(Strike("a", "b", "kick"))
    out = m.submit(React("b", TAKE))
    assert events_of(out, Damaged)[0].amount == 11                   # 1 + 50//5
    b = m.state.creatures["b"]
    assert (b.x, b.y) == (3, 1) and b.has("prone")


@pytest.mark.rule("GU-58", "GU-T-05")
def test_bite_leaves_bleeding():
    m = match([{"id": "w", "entry": "wolf", "side": 0, "x": 1, "y": 1}, man("b", 1, 2, 1)],
              initiative=["w", "b"])
    m.force_dice([10])
    m.submit(Strike("w", "b", "bite"))
    m.submit(React("b", TAKE))
    b = m.state.creatures["b"]
    assert b.hp == 60 - 10 and b.status("bleeding").value == 2      # 2 + 40//5; 10//5


@pytest.mark.rule("GU-52", "GU-T-07")
def test_two_weapons_two_strikes_at_plus_twenty():
    m = match([man("a", 0, 1, 1, weapons=["sword", "dagger"]), man("b", 1, 2, 1)],
              initiative=["a", "b"])
    m.force_dice([30])                                # 30 + 20 = 50 > 45: miss
    out = m.submit(Strike("a", "b", "multi", "sword"))
    t = events_of(out, Tested)[0]
    assert t.modified == 50 and not t.success
    assert Strike("a", "b", "multi", "dagger") in m.legal_actions()
    assert Strike("a", "b", "multi", "sword") not in m.legal_actions()


@pytest.mark.rule("GU-50", "GU-94", "GU-GM-46")
def test_down_then_the_battle_ends():
    m = match([man("a", 0, 1, 1), man("b", 1, 2, 1, hp=5)], initiative=["a", "b"])
    m.force_dice([10])
    m.submit(Strike("a", "b", "weapon", "sword"))
    m.force_dice([90])                                # Perseverance 45: fails -> dying
    m.submit(React("b", TAKE))
    assert m.state.creatures["b"].condition == "dying"
    assert m.over and m.winner == 0


@pytest.mark.rule("GU-113", "GU-114", "GU-T-16", "GU-T-17")
def test_dying_creature_rolls_its_tokens_when_its_turn_passes():
    m = match([man("a", 0, 1, 1), man("b", 1, 2, 1, hp=5), man("c", 1, 8, 4)],
              initiative=["a", "b", "c"])
    m.force_dice([10])
    m.submit(Strike("a", "b", "weapon", "sword"))
    m.force_dice([90])                                # 0 HP: Perseverance 45 fails -> dying
    m.submit(React("b", TAKE))
    b = m.state.creatures["b"]
    assert b.condition == "dying" and b.unconscious and not m.over
    m.force_dice([30])                                # its turn passes: 30 <= 45, +1 token
    out = m.submit(EndTurn())
    assert b.tokens == [1, 0] and m.state.acting.id == "c"
    assert any(isinstance(e, Tested) and e.purpose == "dying" for e in out.events)
    m.force_dice([98])                                # next round: a fumble, +2 Predicament
    m.submit(EndTurn())                               # c
    m.submit(EndTurn())                               # a; b passes again
    assert b.tokens == [1, 2]

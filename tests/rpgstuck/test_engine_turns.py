"""rpgstuck through the engine: set-up, initiative, the turn's action economy, movement and the
end of the battle, all through Match.submit with forced dice."""
from __future__ import annotations

import pytest

from game.engine.actions import Concede, EndTurn
from game.engine.events import MatchEnded, TurnStarted
from game.engine.match import Match
from game.engine.rules import IllegalAction, MatchConfig, SeatConfig
from game.engine.systems.rpgstuck.actions import (Aim, Assail, Attack, Avert, Dash, Finish, Move,
                                                  Shift, StandUp)
from game.engine.systems.rpgstuck.events import FellUnconscious, InitiativeSettled, Moved
from game.engine.systems.rpgstuck.state import Condition
from tests.rpgstuck.engine_helpers import battle, of


def duel(**kw) -> Match:
    return battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 6, 1)], **kw)


# -- set-up and initiative ----------------------------------------------------------------------
@pytest.mark.rule("RS-B-15", "RS-B-13", "RS-05")
def test_creatures_come_from_content_with_their_numbers_and_footprints():
    m = battle([("knight", "knight", 0, 1, 1), ("ogre", "ogre", 1, 5, 1)])
    k, o = m.state.creatures["knight"], m.state.creatures["ogre"]
    assert (k.hp, k.max_hp, k.ac, k.speed, k.size) == (20, 20, 14, 30, 1)   # RS-05: 10 + 8 + 2
    assert (o.hp, o.size, o.size_index) == (45, 2, 3)                        # Large: 2x2
    assert m.state.at(6, 2) is o and m.state.at(7, 1) is None


@pytest.mark.rule("RS-B-17")
def test_initiative_is_d20_plus_dex_then_dex_then_a_coin():
    # knight 10+2, scout 9+3, imp 10+2: all 12; the scout's DEX 16 goes first, the knight and
    # the imp (both DEX 14) toss a coin: the knight 1, the imp 2
    config = MatchConfig("rpgstuck", 1, [SeatConfig(), SeatConfig()], None, {}, {
        "grid": {"rows": ["......", "......", "......"]},
        "creatures": [{"id": "knight", "entry": "knight", "side": 0, "x": 0, "y": 0},
                      {"id": "scout", "entry": "scout", "side": 0, "x": 0, "y": 2},
                      {"id": "imp", "entry": "imp", "side": 1, "x": 5, "y": 1}]},
        setup_dice=[10, 9, 10, 1, 2])
    m = Match.new(config)
    assert m.state.order == ["scout", "imp", "knight"]
    settled = of(m.history, InitiativeSettled)[0]
    assert settled.scores == (12, 12, 12) and settled.rerolls == 1


# -- the action economy (B-11) ------------------------------------------------------------------
@pytest.mark.rule("RS-B-11", "RS-B-12")
def test_a_major_action_can_stand_in_for_a_second_minor():
    m = duel()
    m.submit(Aim("knight"))
    m.submit(Assail("knight"))                   # the major, used as a minor
    assert not m.state.turn.major and not m.state.turn.minor
    assert not [a for a in m.legal_actions() if isinstance(a, (Attack, Dash, Avert))]
    with pytest.raises(IllegalAction) as refused:
        m.submit(Avert("knight"))
    assert refused.value.rule == "RS-B-11"


@pytest.mark.rule("RS-B-11", "RS-B-14")
def test_movement_splits_around_actions_and_diagonals_cost_5_ft():
    m = duel()
    m.submit(Move("knight", 3, 3))              # two diagonal squares: 10 ft
    assert m.state.turn.move_left == 20
    m.submit(Aim("knight"))
    m.submit(Move("knight", 5, 2))              # two more squares: 10 ft
    assert m.state.turn.move_left == 10
    moved = of(m.history, Moved)
    assert [e.cost for e in moved] == [10, 10]
    with pytest.raises(IllegalAction) as refused:
        m.submit(Move("knight", 5, 5))          # 15 ft away
    assert refused.value.rule == "RS-B-11"


@pytest.mark.rule("RS-B-14")
def test_the_alternating_diagonal_house_rule():
    m = duel(house={"diagonals": "alternating"})
    m.submit(Move("knight", 3, 3))              # 5 + 10
    assert m.state.turn.move_left == 15


@pytest.mark.rule("RS-B-12")
def test_dash_adds_speed_and_shift_moves_5_ft_without_it():
    m = duel()
    m.submit(Dash("knight"))
    assert m.state.turn.move_left == 60
    m.submit(Move("knight", 1, 5))
    before = m.state.turn.move_left
    m.submit(Shift("knight", 2, 5))
    assert m.state.turn.move_left == before and not m.state.turn.minor


@pytest.mark.rule("RS-B-16")
def test_daze_allows_a_major_or_a_minor_not_both():
    m = duel()
    m.state.creatures["knight"].conditions.append(Condition("daze", source="imp",
                                                            until="turn:imp"))
    m.edited()
    m.submit(Aim("knight"))
    assert not [a for a in m.legal_actions() if isinstance(a, (Attack, Dash, Assail))]


@pytest.mark.rule("RS-B-16", "RS-B-12")
def test_standing_up_costs_half_speed_and_a_prone_creature_must_stand_to_walk():
    m = duel()
    m.state.creatures["knight"].conditions.append(Condition("prone", source="imp"))
    m.edited()
    assert not [a for a in m.legal_actions() if isinstance(a, Move)]
    m.submit(StandUp("knight"))
    assert m.state.turn.move_left == 15 and not m.state.creatures["knight"].has("prone")


@pytest.mark.rule("RS-B-16")
def test_one_round_conditions_end_when_the_inflicting_creature_starts_its_turn():
    m = duel()
    m.state.creatures["knight"].conditions.append(Condition("cripple", 10, "imp", "turn:imp"))
    m.edited()
    assert m.state.turn.move_left == 30        # its turn began before the Cripple
    m.submit(EndTurn())                          # the imp's turn starts: the Cripple ends
    assert not m.state.creatures["knight"].has("cripple")


@pytest.mark.rule("RS-B-16")
def test_cripple_lowers_speed_and_stacks():
    m = duel()
    imp = m.state.creatures["imp"]
    imp.conditions += [Condition("cripple", 10, "knight", "turn:knight"),
                       Condition("cripple", 10, "knight", "turn:knight")]
    m.edited()
    m.submit(EndTurn())
    assert m.state.turn.actor == "imp" and m.state.turn.move_left == 10


# -- going down and the end (RS-03/04, B-27, B-32) -----------------------------------------------
@pytest.mark.rule("RS-03", "RS-04", "RS-B-27", "RS-SM-01")
def test_zero_hp_is_unconscious_not_dead_and_the_last_one_down_ends_the_battle():
    m = duel(overrides={"imp": {"hp": 3}})
    m.submit(Move("knight", 5, 1))
    m.rng.force([15, 4])                         # hit; 1d8 4 + STR 3 = 7
    events = m.submit(Attack("knight", "strike", ((6, 1),))).events
    imp = m.state.creatures["imp"]
    assert imp.hp == 0 and imp.status == "unconscious" and imp.has("prone")
    assert of(events, FellUnconscious) and m.over and m.winner == 0
    assert of(events, MatchEnded)[0].winner == 0


@pytest.mark.rule("RS-B-32", "RS-SM-02")
def test_coup_de_grace_only_with_lethal_strife():
    trio = [("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 2, 1), ("imp2", "imp", 1, 8, 4)]
    for lethal in (False, True):
        m = battle(trio, house={"lethal": lethal}, overrides={"imp": {"hp": 0}})
        m.state.creatures["imp"].status = "unconscious"
        m.edited()
        finish = [a for a in m.legal_actions() if isinstance(a, Finish)]
        assert bool(finish) == lethal
        if lethal:
            m.submit(finish[0])
            assert m.state.creatures["imp"].status == "dead"
        else:
            with pytest.raises(IllegalAction) as refused:
                m.submit(Finish("knight", 2, 1))
            assert refused.value.rule == "RS-SM-02"


@pytest.mark.rule("RS-B-27")
def test_the_round_limit_gives_the_battle_to_the_side_ahead():
    m = duel(house={"round_limit": 20})
    m.state.creatures["imp"].hp = 10             # the imp has lost HP, the knight none
    m.edited()
    while not m.over:
        m.submit(EndTurn())
    assert m.winner == 0 and m.state.round == 21
    assert "time" in of(m.history, MatchEnded)[0].reason


def test_concede_ends_the_battle_for_the_other_side():
    m = duel()
    m.submit(Concede(0))
    assert m.over and m.winner == 1


def test_turns_go_round_and_skip_creatures_that_are_down():
    m = battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 6, 1),
                ("imp2", "imp", 1, 6, 4)])
    m.state.creatures["imp"].status, m.state.creatures["imp"].hp = "unconscious", 0
    m.edited()
    started = of(m.submit(EndTurn()).events, TurnStarted)
    assert started[0].actor == "imp2"
    started = of(m.submit(EndTurn()).events, TurnStarted)
    assert (started[0].actor, started[0].round) == ("knight", 2)


@pytest.mark.rule("RS-B-27")
def test_the_end_of_a_map_battle_names_the_beaten_party_or_encounter():
    """A battle of ready-made sides (a party against an encounter) ends in their names, not
    'side 2'; a concession too; the names are kept in the state's JSON (a set-up listing its
    own creatures keeps 'side N')."""
    from game.client.systems.rpgstuck.presenter import RpgStuckPresenter
    from game.engine.systems.rpgstuck import turns
    seats = [SeatConfig("human"), SeatConfig("human")]
    m = Match.new(MatchConfig("rpgstuck", 3, seats, "rpgstuck_crypt.tmx", {},
                              {"teams": ["first_strife", "crypt_ogre"]}))
    assert m.state.sides == ["First Strife", "The Ogre's Larder"]
    for c in m.state.creatures.values():
        if c.side == 1:
            c.hp, c.status = 0, "unconscious"
    end = turns.check_end(m.state)[-1]
    assert isinstance(end, MatchEnded) and end.winner == 0
    assert end.reason == "The Ogre's Larder has nobody left standing"
    line = RpgStuckPresenter(m).log_lines([end])[0].text
    assert line == "First Strife wins: The Ogre's Larder has nobody left standing"
    m = Match.new(MatchConfig("rpgstuck", 3, seats, "rpgstuck_crypt.tmx", {},
                              {"teams": ["first_strife", "crypt_ogre"]}))
    seat = m.decision.seat
    out = m.submit(Concede(seat))
    assert [e.reason for e in out.events if isinstance(e, MatchEnded)] == [
        f"{m.state.sides[seat]} conceded"]
    again = type(m.state).from_json(m.state.to_json(), m.state.board)
    assert again.sides == m.state.sides
    plain = duel()
    assert plain.state.sides == [] and "sides" not in plain.state.to_json()

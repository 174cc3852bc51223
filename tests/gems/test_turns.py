"""Gems encounter set-up, initiative, Action Slots and rounds (GEM-01, 02, 04..08, GM-09)."""
from __future__ import annotations

import pytest

from game.engine.events import DiceRolled, TurnStarted
from game.engine.rng import Rng
from game.engine.rules import IllegalAction
from game.engine.systems.gems import actions as A
from game.engine.systems.gems import events as ev
from game.engine.systems.gems.common import combat_roll

from .gemtools import end_turn, match, of, open_field, unit


@pytest.mark.rule("GEM-04")
def test_GEM_04_grid_with_elevation_and_every_gem_marked():
    m = match(["....", "...."], [unit("a", 0, 0), unit("b", 3, 1, side=1)],
              elevation=["0123", "4567"])
    started = of(m.initial_events, ev.EncounterStarted)
    assert started and started[0].units == ("a", "b")
    assert m.state.board.prop(3, 0, "elevation") == 3 and m.state.board.prop(1, 1, "elevation") == 5
    assert (m.state.units["a"].x, m.state.units["a"].y) == (0, 0)
    assert (m.state.units["b"].x, m.state.units["b"].y) == (3, 1)


@pytest.mark.rule("GEM-01")
@pytest.mark.rule("GEM-05")
@pytest.mark.rule("GEM-GM-09")
def test_GEM_TV_06_initiative_highest_first_ties_to_higher_cpr():
    m = match(open_field(), [unit("A", 0, 0, cpr=2), unit("B", 2, 0, side=1, cpr=0),
                             unit("C", 4, 0, cpr=4)], setup_dice=[10, 15, 8])
    rolls = of(m.initial_events, DiceRolled)
    assert [r.roll.total for r in rolls] == [12, 15, 12]
    assert rolls[0].roll.modifiers == (("CPR", 2),)          # GEM-01: CPR drives initiative
    assert m.state.order == ["B", "C", "A"]
    assert m.decision.actor == "B"


@pytest.mark.rule("GEM-05")
@pytest.mark.rule("GEM-GM-09")
def test_GEM_TV_07_tied_initiative_rerolls_until_broken():
    m = match(open_field(), [unit("A", 0, 0, cpr=1), unit("B", 2, 0, side=1, cpr=1)],
              setup_dice=[9, 9, 3, 17])
    rolls = of(m.initial_events, DiceRolled)
    assert [r.roll.faces[0] for r in rolls] == [9, 9, 3, 17]
    assert m.state.order == ["B", "A"]
    assert of(m.initial_events, ev.InitiativeSet)[0].rerolls == 1


@pytest.mark.rule("GEM-02")
def test_GEM_02_combat_roll_is_d20_plus_cpr_only():
    m = match(open_field(), [unit("a", 0, 0, cpr=3), unit("b", 5, 5, side=1)])
    rng = Rng.from_seed(1)
    rng.force([14, 20, 1])
    u = m.state.units["a"]
    assert [combat_roll(rng, u, "test")[0] for _ in range(3)] == [17, 23, 4]
    total, event = combat_roll(Rng.from_seed(2), u, "attack", "a hits b")
    assert event.roll.notation == "d20" and event.roll.modifiers == (("CPR", 3),)
    assert total == event.roll.faces[0] + 3 and "CPR 3" in event.text


@pytest.mark.rule("GEM-06")
@pytest.mark.rule("GEM-08")
def test_GEM_TV_17_move_move_then_no_slots_left():
    m = match(open_field(), [unit("a", 0, 0), unit("b", 7, 7, side=1)])
    assert m.state.slots == 2
    m.submit(A.Move("a", (1, 1)))
    assert m.state.slots == 1
    m.submit(A.Move("a", (2, 2)))                 # GEM-08: the same action twice
    assert m.state.slots == 0
    assert not any(isinstance(a, (A.Ready, A.Move)) for a in m.legal_actions())
    with pytest.raises(IllegalAction):
        m.submit(A.Ready("a"))
    with pytest.raises(IllegalAction, match="no Action Slots left"):
        m.submit(A.Move("a", (3, 3)))
    events = end_turn(m)
    assert m.decision.actor == "b" and m.state.slots == 2      # GEM-06: a fresh turn, 2 slots
    assert of(events, TurnStarted)[0].actor == "b"


@pytest.mark.rule("GEM-06")
def test_turns_follow_the_order_and_rounds_count():
    m = match(open_field(), [unit("a", 0, 0), unit("b", 7, 7, side=1)])
    assert m.state.round == 1
    end_turn(m)
    events = end_turn(m)
    assert of(events, ev.RoundStarted)[0].round == 2
    assert m.state.round == 2 and m.decision.actor == "a"


@pytest.mark.rule("GEM-GM-09")
def test_initiative_each_round_house_rule_rerolls():
    m = match(open_field(), [unit("a", 0, 0), unit("b", 7, 7, side=1)],
              house={"initiative": "each_round"})
    end_turn(m)
    m.force_dice([1, 20])
    events = end_turn(m)
    assert of(events, ev.InitiativeSet)[0].order == ("b", "a")
    assert m.decision.actor == "b"
    m2 = match(open_field(), [unit("a", 0, 0), unit("b", 7, 7, side=1)])
    end_turn(m2)
    assert not of(end_turn(m2), ev.InitiativeSet)


def test_wrong_unit_and_wrong_seat_are_refused_with_reasons():
    m = match(open_field(), [unit("a", 0, 0), unit("b", 7, 7, side=1)])
    with pytest.raises(IllegalAction, match="turn"):
        m.submit(A.Move("b", (6, 6)))
    assert m.decision.seat == 0 and m.decision.stage == "act"
    assert "2 Action Slots" in m.decision.prompt


def _called(units: list[dict], dice: list[int]):
    m = match(open_field(), units, house={"round_limit": 10}, setup_dice=dice)
    for _ in range(len(units) * 10 - 1):
        end_turn(m)
    assert not m.over and m.state.round == 10
    events = end_turn(m)
    ended = [e for e in events if e.kind == "match_ended"][0]
    assert m.over and ended.winner == m.winner
    assert m.decision is None and m.legal_actions() == []
    return m


@pytest.mark.rule("GEM-GM-32")
def test_GM_32_time_called_on_a_battle_nobody_fought_is_a_draw():
    # side 1 starts with two gems and more HP; nobody was hurt, so that counts for nothing
    m = _called([unit("a", 0, 0), unit("b", 7, 7, side=1), unit("c", 5, 5, side=1, size=2)],
                [20, 5, 3])
    assert m.winner is None


@pytest.mark.rule("GEM-GM-32")
def test_GM_32_time_called_goes_to_the_larger_share_of_damage_dealt():
    # a lost 4 of her 20 HP (a fifth); side 1 lost 6 of its 60 (a tenth): side 1 dealt more
    m = _called([unit("a", 0, 0, hp=16, max_hp=20), unit("b", 7, 7, side=1, hp=14, max_hp=20),
                 unit("c", 5, 5, side=1, size=2)], [20, 5, 3])
    assert m.winner == 1
    # side 1 lost 13 of 60, just over a fifth: now side 0 dealt the larger share
    m = _called([unit("a", 0, 0, hp=16, max_hp=20), unit("b", 7, 7, side=1, hp=7, max_hp=20),
                 unit("c", 5, 5, side=1, size=2)], [20, 5, 3])
    assert m.winner == 0
    # exactly a fifth each: a draw
    m = _called([unit("a", 0, 0, hp=16, max_hp=20), unit("b", 7, 7, side=1, hp=8, max_hp=20),
                 unit("c", 5, 5, side=1, size=2)], [20, 5, 3])
    assert m.winner is None


@pytest.mark.rule("GEM-GM-32")
def test_GM_32_a_knockout_counts_before_damage():
    # side 0 is badly hurt (38 of 40 lost) but knocked out one of side 1's two gems
    m = match(open_field(), [unit("a", 0, 0, hp=1, max_hp=20), unit("d", 2, 0, hp=1, max_hp=20),
                             unit("b", 7, 7, side=1), unit("c", 5, 5, side=1)],
              house={"round_limit": 10}, setup_dice=[20, 12, 11, 10])
    from game.engine.systems.gems.common import apply_damage
    apply_damage(m.state, "c", 20, "untyped", "test")
    m.edited()
    assert not m.state.units["c"].formed
    for _ in range(4 * 10):
        end_turn(m)
        if m.over:
            break
    assert m.over and m.winner == 0



@pytest.mark.rule("GEM-GM-32")
def test_an_encounter_of_teams_ends_in_their_names():
    """Teams the seats picked name the side that lost (who has no gem left, who conceded), as
    the log's last line and the results read them (they name the winner: the reasons do not);
    a set-up listing its own gems says 'the other side', never 'side 2' beside a reader's
    'Red side', and keeps the state's JSON as it was."""
    import json
    from game.engine import registry
    from game.engine.actions import Concede
    from game.engine.match import Match
    from game.engine.systems.gems import common, turns
    config = registry.get("gems").example_config(3)
    assert config.setup["teams"] == ["riverbend_ember", "riverbend_tide"]
    m = Match.new(config)
    assert m.state.side_names == ["Ember Ford", "Tidewatch"]
    for u in m.state.units.values():
        if u.side == 1:
            u.poofed = True
    end = common.check_end(m.state)
    assert end[0].winner == 0 and end[0].reason == "Tidewatch has no gem still formed"
    again = registry.get("gems").state_from_json(json.loads(json.dumps(m.state.to_json())))
    assert again.side_names == ["Ember Ford", "Tidewatch"]
    m = Match.new(config)
    seat = m.decision.seat
    out = m.submit(Concede(seat))
    assert [e.reason for e in out.events if e.kind == "match_ended"] == [
        f"{m.state.side_names[seat]} conceded"]
    m = Match.new(config)
    next(u for u in m.state.units.values() if u.side == 1).hp -= 2
    end = turns.call_time(m.state, 30)[-1]
    assert end.winner == 0 and end.reason.startswith(
        "time is called after 30 rounds, as ")
    plain = match(open_field(), [unit("a", 1, 1), unit("b", 5, 5, side=1, sheet="jasper")])
    assert plain.state.side_names == [] and "side_names" not in plain.state.to_json()
    plain.state.units["b"].poofed = True
    assert common.check_end(plain.state)[0].reason == "the other side has no gem still formed"

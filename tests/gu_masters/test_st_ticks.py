"""gu_masters statuses ticking in the engine (ticks.py through turns.py): the start-of-turn damage
in the order the bearer chooses, durations ending at the end of its turns, Dazed and Stunned,
Ablaze's end-of-turn test, and Bleeding on a creature in its final stand."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.systems.gu_masters import ticks
from game.engine.systems.gu_masters.events import Damaged, StatusChanged, Tested
from game.engine.systems.gu_masters.state import Status
from game.engine.systems.gu_masters.ticks import OrderEffect
from tests.gu_masters.test_engine_slice import man, match


def _sources(out) -> list[str]:
    return [e.source for e in out.events if isinstance(e, Damaged)]


def _bleeding_and_burning() -> list[dict]:
    return [{"id": "bleeding", "value": 2}, {"id": "burning", "rank": 1}]


@pytest.mark.rule("GU-16", "GU-139", "GU-143")
def test_a_player_creature_orders_its_start_of_turn_effects():
    m = match([man("a", 0, 1, 1), man("b", 1, 8, 1, statuses=_bleeding_and_burning())],
              initiative=["a", "b"])
    out = m.submit(EndTurn())
    d = m.decision
    assert d.stage == ticks.EFFECTS_STAGE and d.seat == 1
    assert set(a for a in m.legal_actions() if isinstance(a, OrderEffect)) == {
        OrderEffect("b", "bleeding"), OrderEffect("b", "burning")}
    assert not _sources(out)                      # nothing resolves before its choice
    out = m.submit(OrderEffect("b", "burning"))
    assert _sources(out) == ["burning", "bleeding"]   # the last one needs no choice
    b = m.state.creatures["b"]
    assert b.hp == 60 - 10 - 2 and m.decision.stage == "act" and m.decision.seat == 1


@pytest.mark.rule("GU-16")
def test_a_computer_creature_takes_them_in_the_order_gained():
    m = match([man("a", 0, 1, 1), man("b", 1, 8, 1, statuses=_bleeding_and_burning())],
              initiative=["a", "b"], humans=(True, False))
    out = m.submit(EndTurn())
    assert _sources(out) == ["bleeding", "burning"]
    assert m.decision.stage == "act" and m.state.creatures["b"].hp == 48


@pytest.mark.rule("GU-17", "GU-T-40")
def test_a_three_turn_effect_ends_at_the_end_of_the_bearers_third_turn():
    m = match([man("a", 0, 1, 1, statuses=[{"id": "deafened", "turns": 3}]),
               man("b", 1, 8, 1)], initiative=["b", "a"])
    a = m.state.creatures["a"]
    left = []
    for _ in range(3):
        m.submit(EndTurn())                 # b's turn ends; a's starts
        m.submit(EndTurn())                 # a's turn ends: one turn off
        s = a.status("deafened")
        left.append(s.turns if s else 0)
    assert left == [2, 1, 0]


@pytest.mark.rule("GU-17", "GU-GM-09")
def test_a_duration_gained_in_the_own_turn_ticks_at_its_end_by_default():
    for tick, want in ((True, 1), (False, 2)):
        m = match([man("a", 0, 1, 1), man("b", 1, 8, 1)], initiative=["a", "b"])
        m.state.house["tick_own_turn"] = tick
        a = m.state.creatures["a"]
        ticks.give(m.state, a, Status("deafened", turns=2))
        m.edited()
        assert a.status("deafened").fresh
        m.submit(EndTurn())
        assert a.status("deafened").turns == want


@pytest.mark.rule("GU-145", "GU-154", "GU-153", "GU-GM-10", "GU-T-30")
def test_stunned_becomes_a_dazed_that_lasts_through_the_next_turn():
    m = match([man("a", 0, 1, 1, statuses=[{"id": "stunned"}]), man("b", 1, 8, 1)],
              initiative=["a", "b"])
    a = m.state.creatures["a"]
    m.submit(EndTurn())
    assert not a.has("stunned") and a.has("dazed")
    m.submit(EndTurn())                     # b's turn
    assert a.has("dazed")                   # its next turn: still dazed
    m.submit(EndTurn())
    assert not a.has("dazed")


@pytest.mark.rule("GU-145")
def test_dazed_ends_at_the_end_of_the_bearers_turn():
    m = match([man("a", 0, 1, 1, statuses=[{"id": "dazed"}]), man("b", 1, 8, 1)],
              initiative=["b", "a"])
    a = m.state.creatures["a"]
    m.submit(EndTurn())
    assert a.has("dazed")
    out = m.submit(EndTurn())
    assert not a.has("dazed")
    assert StatusChanged("a", "dazed", False) in out.events


@pytest.mark.rule("GU-135", "GU-136", "GU-GM-11")
def test_ablaze_burns_then_a_failed_test_knocks_out_until_healed():
    m = match([man("a", 0, 1, 1), man("b", 1, 8, 1, statuses=[{"id": "ablaze", "rank": 1}])],
              initiative=["a", "b"], humans=(True, False))
    out = m.submit(EndTurn())
    b = m.state.creatures["b"]
    assert _sources(out) == ["ablaze"] and b.hp == 30
    assert m.state.turn.ablaze
    m.force_dice([90])                      # Perseverance 45: 90 fails
    out = m.submit(EndTurn())
    tests = [e for e in out.events if isinstance(e, Tested) and e.purpose == "ablaze"]
    assert tests and not tests[0].success
    assert b.unconscious and not b.conscious and b.has("unconscious")
    ticks.healed(b, 1)                      # GU-GM-11: any HP gained wakes it
    assert not b.unconscious and not b.has("unconscious")


@pytest.mark.rule("GU-136")
def test_ablaze_a_passed_test_keeps_it_awake():
    m = match([man("a", 0, 1, 1), man("b", 1, 8, 1, statuses=[{"id": "ablaze", "rank": 1}])],
              initiative=["a", "b"], humans=(True, False))
    m.submit(EndTurn())
    m.force_dice([10])
    m.submit(EndTurn())
    assert m.state.creatures["b"].conscious


@pytest.mark.rule("GU-GM-11")
def test_ablaze_sleep_for_one_turn_under_the_house_option():
    m = match([man("a", 0, 1, 1),
               man("b", 1, 8, 1, statuses=[{"id": "ablaze", "rank": 1}], max_hp=100),
               man("c", 1, 8, 3)], initiative=["a", "b", "c"], humans=(True, False))
    m.state.house["ablaze_sleep"] = "one_turn"
    m.edited()
    m.submit(EndTurn())
    m.force_dice([90])
    m.submit(EndTurn())
    b = m.state.creatures["b"]
    assert b.unconscious and b.status("unconscious").turns == 1
    m.submit(EndTurn())                     # c
    # a's turn ends; b's next turn burns it again and passes at once, and it wakes at its end
    out = m.submit(EndTurn())
    assert _sources(out) == ["ablaze"] and b.hp == 40
    assert not b.has("unconscious") and not b.unconscious
    assert m.state.acting.id == "c"


@pytest.mark.rule("GU-111", "GU-139", "GU-T-18", "GU-T-27")
def test_bleeding_in_a_final_stand_sends_it_dying():
    m = match([man("a", 0, 1, 1), man("b", 1, 8, 1, hp=0, statuses=[{"id": "bleeding",
                                                                      "value": 1}])],
              initiative=["a", "b"], humans=(True, False))
    b = m.state.creatures["b"]
    b.condition = "final_stand"
    m.edited()
    out = m.submit(EndTurn())
    assert _sources(out)[0] == "bleeding"
    assert b.condition == "dying" and b.unconscious


@pytest.mark.rule("GU-108", "GU-134", "GU-140")
def test_giving_statuses_goes_through_the_status_rules():
    m = match([man("a", 0, 1, 1), man("b", 1, 8, 1)], initiative=["a", "b"])
    b = m.state.creatures["b"]
    ticks.give(m.state, b, Status("bleeding", 2))
    ticks.give(m.state, b, Status("bleeding", 3))
    assert b.status("bleeding").value == 5
    ticks.give(m.state, b, Status("burning", rank=1))
    ticks.give(m.state, b, Status("ablaze", rank=2))
    assert b.has("ablaze") and not b.has("burning")
    assert ticks.give(m.state, b, Status("burning")) == [] and not b.has("burning")

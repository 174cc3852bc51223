"""Going under water and holding one's breath (GU-40) through Match.submit: a creature in water
may go under (putting out Burning and Ablaze, GU-138/144) and come up; each of its turns ended
under water counts, at the span it falls unconscious and at twice the span it drowns; out of
the water it breathes again."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.systems.gu_masters import breath, falling
from game.engine.systems.gu_masters.actions import Move
from game.engine.systems.gu_masters.breath import Breath, Submerge, Surface
from game.engine.systems.gu_masters.state import Status
from tests.gu_masters.test_engine_slice import events_of, man, match

# a pond of 3x3 water squares in the middle of dry ground
POND = ["..........", "...~~~....", "...~~~....", "...~~~....", ".........."]


def pond(**over) -> object:
    # c, a's friend on dry ground, keeps side 0 in the fight while a is out
    return match([man("a", 0, 4, 2, **over), man("b", 1, 9, 4), man("c", 0, 0, 0)],
                 initiative=["a", "b", "c"], rows=POND)


@pytest.mark.rule("GU-40")
def test_only_a_creature_in_water_may_go_under_and_then_come_up():
    m = pond()
    assert Submerge("a") in m.legal_actions() and Surface("a") not in m.legal_actions()
    m.submit(Move("a", 6, 2))                                      # out onto dry ground
    assert Submerge("a") not in m.legal_actions()
    m = pond()
    out = m.submit(Submerge("a"))
    a = m.state.creatures["a"]
    assert a.under and events_of(out, Breath)[0].what == "under"
    assert Surface("a") in m.legal_actions() and Submerge("a") not in m.legal_actions()
    m.submit(Surface("a"))
    assert not a.under


@pytest.mark.rule("GU-40", "GU-T-21")
def test_breath_runs_out_after_the_span_then_it_drowns_after_the_same_again():
    # Fortitude 45: 4 minutes, 24 turns
    m = pond(attrs={"Fortitude": 45})
    a = m.state.creatures["a"]
    assert breath.span(a) == falling.breath_turns(45) == 24
    m.submit(Submerge("a"))
    m.submit(EndTurn())
    assert a.breath_out == 1 and a.conscious
    a.breath_out = 23
    m.edited()
    m.submit(EndTurn())                                            # b's turn
    m.submit(EndTurn())                                            # c's turn
    out = m.submit(EndTurn())                                      # a's 24th turn ends under
    assert a.breath_out == 24 and not a.conscious and a.has("unconscious")
    assert [e.what for e in events_of(out, Breath)] == ["out"]
    a.breath_out = 46
    m.edited()
    m.submit(EndTurn())                                            # b's
    out = m.submit(EndTurn())                                      # c's; a's passes at once
    assert a.breath_out == 47 and a.condition != "dead"
    assert [e.what for e in events_of(out, Breath)] == ["held"]
    m.submit(EndTurn())                                            # b's
    out = m.submit(EndTurn())                                      # c's; a's passes at once
    assert a.condition == "dead" and [e.what for e in events_of(out, Breath)] == ["drowned"]


@pytest.mark.rule("GU-40")
def test_out_of_the_water_it_breathes_again_and_wakes():
    m = pond(attrs={"Fortitude": 45})
    a = m.state.creatures["a"]
    m.submit(Submerge("a"))
    a.breath_out = 10
    m.edited()
    m.submit(Move("a", 6, 2))                                      # walks out: air
    assert not a.under and a.breath_out == 0
    # an unconscious one carried out wakes as it breathes
    m = pond(attrs={"Fortitude": 45})
    a = m.state.creatures["a"]
    a.under, a.breath_out = True, 30
    a.statuses.append(Status("unconscious", source=breath.BREATH))
    a.unconscious = True
    a.x = 7                                                        # (as a carry would)
    m.edited()
    out = m.submit(EndTurn())
    assert not a.under and a.breath_out == 0 and a.conscious and not a.has("unconscious")
    assert "up" in [e.what for e in events_of(out, Breath)]


@pytest.mark.rule("GU-138", "GU-144", "GU-T-28")
def test_going_under_puts_out_burning_and_ablaze():
    m = pond(statuses=[{"id": "ablaze", "source": "fire"}])
    m.submit(Submerge("a"))
    assert not m.state.creatures["a"].has("ablaze")
    m = pond(statuses=[{"id": "burning", "source": "fire"}])
    m.submit(Submerge("a"))
    assert not m.state.creatures["a"].has("burning")


@pytest.mark.rule("GU-40")
def test_a_turn_at_the_surface_or_on_land_costs_no_breath():
    m = pond(attrs={"Fortitude": 45})
    m.submit(EndTurn())
    assert m.state.creatures["a"].breath_out == 0


@pytest.mark.rule("GU-40", "GU-110")
def test_a_creature_that_cannot_move_does_not_go_under_but_may_come_up():
    m = pond()
    a = m.state.creatures["a"]
    a.condition, a.hp = "final_stand", 0                          # GU-110: it cannot move
    m.edited()
    assert Submerge("a") not in m.legal_actions()
    a.under = True
    m.edited()
    assert Surface("a") in m.legal_actions()                      # air is never refused

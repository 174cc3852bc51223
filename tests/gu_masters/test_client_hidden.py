"""The battle screen and a hidden creature (GU-13): the other seat never sees its token nor
reads its moves in the shared log, and the square where it was last seen is marked; its own
seat still sees it."""
from __future__ import annotations

import pytest

from game.client.systems.gu_masters.presenter import GuMastersPresenter
from game.engine.actions import EndTurn
from game.engine.systems.gu_masters.actions import Move
from game.engine.systems.gu_masters.hiding import Hide
from tests.gu_masters.test_engine_slice import man, match

ROWS = ["hhh.......", "hhh.......", "..........", ".........."]


def _hidden():
    """a hides among the reeds (b's Awareness misses a forced 90), both turns pass."""
    m = match([man("a", 0, 0, 0), man("b", 1, 8, 3)], initiative=["a", "b"], rows=ROWS)
    m.force_dice([90])
    m.submit(Hide("a"))
    m.submit(EndTurn())
    m.submit(EndTurn())
    assert m.state.creatures["a"].hidden and m.decision.actor == "a"
    return m


@pytest.mark.rule("GU-13")
def test_a_hidden_creatures_moves_stay_out_of_the_log_and_off_the_other_seats_map():
    m = _hidden()
    p = GuMastersPresenter(m)
    out = m.submit(Move("a", 2, 1))                     # still among the reeds: still hidden
    assert m.state.creatures["a"].hidden
    lines = [ln.text for ln in p.log_lines(out.events)]
    assert lines and not any(p.unit_name("a") in t for t in lines), lines
    assert not any("2,1" in t for t in lines), lines
    p.seat = 1
    assert "a" not in {t.id for t in p.tokens(1)}        # not drawn for the other seat
    assert p.unit_at((2, 1)) is None and p.unit_panel("a") is None
    assert p.last_known() == [((0, 0), 1, p.unit_name("a"))]     # where it hid
    p.seat = 0
    mine = {t.id: t for t in p.tokens(0)}
    assert (mine["a"].x, mine["a"].y) == (2, 1)         # its own side sees it where it is
    assert any(g == "H" for g, _ in mine["a"].badges)
    assert p.last_known() == []


@pytest.mark.rule("GU-13")
def test_a_found_creature_is_drawn_again_and_its_mark_goes():
    m = _hidden()
    p = GuMastersPresenter(m)
    m.submit(Move("a", 4, 2))                            # out of the reeds: found
    assert not m.state.creatures["a"].hidden
    p.seat = 1
    assert "a" in {t.id for t in p.tokens(1)} and p.last_known() == []


@pytest.mark.rule("GU-13")
def test_a_hidden_creatures_walk_is_not_played_and_its_flight_not_told():
    """The animations would show the other seat where it went: a hidden creature's walk plays no
    step, and a flight with a path reads as something moving out of sight."""
    from game.engine.systems.gu_masters.maneuvers import Flew
    m = _hidden()
    p = GuMastersPresenter(m)
    out = m.submit(Move("a", 2, 1))
    assert m.state.creatures["a"].hidden
    assert not [s for s in p.animations(out.events) if s.unit == "a"]
    flight = Flew("a", "fly", 2, ((2, 2), (3, 2)))
    assert [ln.text for ln in p.log_lines([flight])] == ["Something moves out of sight"]
    m.submit(Move("a", 4, 2))                            # out of the reeds: found
    assert "3,2" in p.log_lines([flight])[0].text        # a seen flight is told with its end

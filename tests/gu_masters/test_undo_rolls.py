"""Undo in gu_masters stops at the dice (the battle screen's Undo button asks `can_undo`): an
action that rolled a percentile test, or drew any number from the match's generator, cannot be
taken back, or a player could see a failed roll, undo it and spend that die on something else.
Gu Masters reports its rolls as its own `gu.tested` events, not the core DiceRolled, so the match
must notice the draw itself. An action with no die (a walk, a hold) may still be undone."""
from __future__ import annotations

import pytest

from game.engine.systems.gu_masters.actions import Move, Strike
from game.engine.systems.gu_masters.maneuvers import Evade, TakeFlight
from tests.gu_masters.test_engine_slice import man, match


@pytest.mark.rule("GU-01", "GU-50")
def test_a_strike_that_rolled_its_test_cannot_be_undone():
    m = match([man("a", 0, 1, 1), man("b", 1, 2, 1)], initiative=["a", "b"])
    m.submit(Move("a", 1, 2))
    assert m.can_undo()                                 # a walk rolls nothing
    m.submit(Move("a", 1, 1))
    m.force_dice([90])                                  # a miss: the player has seen the die
    m.submit(Strike("a", "b", "weapon", "sword"))
    assert not m.can_undo()


@pytest.mark.rule("GU-01", "GU-34")
def test_a_flying_test_cannot_be_undone_but_taking_flight_can():
    m = match([man("a", 0, 1, 1, sustained=["wind_wings"]), man("b", 1, 6, 3)],
              initiative=["a", "b"])
    m.submit(TakeFlight("a", "wind_wings"))             # no test: may be taken back
    assert m.can_undo()
    m.submit(Evade("a"))                                # a Flying test (GU-35)
    assert not m.can_undo()


@pytest.mark.rule("GU-01")
def test_a_draw_from_the_generator_without_a_test_event_still_blocks_undo():
    """Unforced dice count too: the generator's state moved, so the action is final."""
    m = match([man("a", 0, 1, 1), man("b", 1, 2, 1)], initiative=["a", "b"])
    before = m.rng.state
    m.submit(Strike("a", "b", "weapon", "sword"))
    assert m.rng.state != before and not m.can_undo()

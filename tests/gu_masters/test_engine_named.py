"""Engine rules played since the first slice whose tests did not name them: the fixed order of
a whole battle (GU-10), a surprised creature's missing reactions (GU-12), Sprint (GU-75,
GU-T-22) and an [Unreactable] blow (GU-78)."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.systems.gu_masters import moves, reactions
from game.engine.systems.gu_masters.actions import Sprint
from game.engine.systems.gu_masters.state import Status
from tests.gu_masters.test_engine_slice import man, match


@pytest.mark.rule("GU-10")
def test_the_initiative_order_holds_for_the_whole_battle():
    m = match([man("a", 0, 1, 1), man("b", 1, 6, 3), man("c", 1, 8, 4)],
              initiative=["b", "a", "c"])
    seen = []
    for _ in range(9):
        seen.append(m.state.acting.id)
        m.submit(EndTurn())
    assert seen == ["b", "a", "c"] * 3 and m.state.order == ["b", "a", "c"]


@pytest.mark.rule("GU-12", "GU-11")
def test_a_surprised_creature_cannot_react_before_its_first_turn():
    m = match([man("a", 0, 1, 1), {**man("b", 1, 2, 1), "surprised": True}],
              initiative=["a", "b"])
    b = m.state.creatures["b"]
    assert b.surprised and not b.started
    assert not reactions.may_react(m.state, b, {})
    m.submit(EndTurn())                                  # b's turn begins: it may from now on
    m.submit(EndTurn())
    assert b.started and reactions.may_react(m.state, b, {})


@pytest.mark.rule("GU-78")
def test_an_unreactable_blow_offers_no_reaction():
    m = match([man("a", 0, 1, 1), man("b", 1, 2, 1)], initiative=["a", "b"])
    b = m.state.creatures["b"]
    assert reactions.may_react(m.state, b, {})
    assert not reactions.may_react(m.state, b, {"unreactable": True})


@pytest.mark.rule("GU-75", "GU-T-22")
def test_sprint_triples_the_movement_left_and_spends_the_combat_action():
    m = match([man("a", 0, 1, 1), man("b", 1, 8, 4)], initiative=["a", "b"])
    a = m.state.creatures["a"]
    assert moves.movement_now(m.state, a) == a.movement == 8
    m.submit(Sprint("a"))
    assert moves.movement_now(m.state, a) == 24 and m.state.turn.action
    assert Sprint("a") not in m.legal_actions()
    tired = match([man("a", 0, 1, 1, statuses=[{"id": "fatigued"}]), man("b", 1, 8, 4)],
                  initiative=["a", "b"])                  # GU-147: -3 m, from the set-up
    assert tired.state.creatures["a"].statuses == [Status("fatigued")]
    tired.submit(Sprint("a"))
    assert moves.movement_now(tired.state, tired.state.creatures["a"]) == 15   # (8 - 3) x 3

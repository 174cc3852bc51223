"""When a gu_masters battle is over (GU-GM-46 with GU-110..113): a creature in its final stand
is awake and still in the fight (it may activate Gu), so a side whose last creature stands at
0 HP has not lost; the side loses once that one is dying or dead (unconscious). Two sides
whose every creature is in a final stand with nothing left to activate fight on to the round
limit, where time is called."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.events import MatchEnded
from game.engine.systems.gu_masters.actions import TAKE, Activate, React, Strike
from tests.gu_masters.test_engine_slice import events_of, man, match


@pytest.mark.rule("GU-GM-46", "GU-110", "GU-111", "GU-113", "GU-50")
def test_a_side_whose_last_creature_makes_a_final_stand_fights_on_until_it_is_dying():
    m = match([man("a", 0, 1, 1), man("b", 1, 2, 1, hp=0)], initiative=["a", "b"])
    b = m.state.creatures["b"]
    b.condition = "final_stand"
    m.edited()
    assert b.conscious and not m.over
    # in its final stand b may still activate a Gu (GU-110): the battle is not decided
    m.submit(EndTurn())
    assert m.state.acting.id == "b" and any(isinstance(x, Activate) for x in m.legal_actions())
    assert not any(isinstance(x, Strike) for x in m.legal_actions())
    m.submit(EndTurn())
    out = m.submit(Strike("a", "b", "weapon", "sword"))      # GU-50: it cannot move, no roll
    if m.decision.stage == "react":
        out = m.submit(React("b", TAKE))
    assert b.condition == "dying" and m.over and m.winner == 0      # GU-111, GU-113
    assert events_of(out, MatchEnded)[0].reason == "the other side has no conscious creature left"


@pytest.mark.rule("GU-GM-46", "GU-110")
def test_two_sides_left_only_in_final_stands_without_gu_run_to_the_round_limit():
    # wolves have no Gu: in a final stand they can do nothing, yet they are awake
    wolves = [{"id": "w", "entry": "wolf", "side": 0, "x": 1, "y": 1, "overrides": {"hp": 0}},
              {"id": "v", "entry": "wolf", "side": 1, "x": 5, "y": 1, "overrides": {"hp": 0}}]
    m = match(wolves, initiative=["w", "v"])
    for c in m.state.creatures.values():
        c.condition = "final_stand"
    m.state.round = m.state.house["round_limit"]
    m.edited()
    assert [type(x).__name__ for x in m.legal_actions()] == ["EndTurn", "Concede"]
    m.submit(EndTurn())
    out = m.submit(EndTurn())
    assert m.over and events_of(out, MatchEnded)[0].reason.startswith("time: after")


@pytest.mark.rule("GU-116", "GU-113")
def test_a_dying_creature_that_dies_does_not_drop_a_second_time():
    from game.client.systems.gu_masters.presenter import GuMastersPresenter
    from game.engine.systems.gu_masters.events import ConditionChanged, Downed
    m = match([man("a", 0, 1, 1), man("b", 1, 6, 1, hp=0), man("c", 1, 6, 3)],
              initiative=["a", "b", "c"])
    b = m.state.creatures["b"]
    b.condition, b.tokens, b.unconscious = "dying", [0, 4], True
    m.edited()
    m.force_dice([99])                          # b's end-of-turn Perseverance test fails
    out = m.submit(EndTurn())                   # a ends; b, dying, passes at once
    assert b.condition == "dead"
    assert [e.condition for e in events_of(out, ConditionChanged)] == ["dead"]
    assert not events_of(out, Downed)           # it was down already
    lines = [x.text for x in GuMastersPresenter(m).log_lines(out.events)]
    assert not [t for t in lines if "drops" in t], lines

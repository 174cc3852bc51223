"""Resumable turn steps: a stage opened while a turn starts or ends (a defend prompt when a
projectile arrives, a deferred attack at the end of the defender's turn) continues exactly where
it stopped, nothing advances twice, and a save taken at that moment replays the same."""
from __future__ import annotations

import json

import pytest

from game.engine.actions import EndTurn
from game.engine.events import TurnStarted
from game.engine.match import Match
from game.engine.systems.bindings import BINDINGS
from game.engine.systems.bindings import events as ev
from game.engine.systems.bindings import turns
from game.engine.systems.bindings.actions import Defend, MoveTo, StartMovement, UseMove

from .bndtools import act, duel, of, where


def bullet_duel():
    """p's Stone Bullet (3H) at t five hexes off: 3 hexes in S1, contact at p's S2 turn."""
    m = duel(a=dict(sheet="petramancer", x=0, y=0), b=dict(sheet="brawler", x=5, y=0))
    act(m, UseMove("a", "stone_bullet", (5, 0)))
    return m


@pytest.mark.rule("BND-08")
@pytest.mark.rule("BND-50")
def test_a_defend_prompt_at_the_start_of_a_turn_resumes_that_turn():
    m = bullet_duel()
    act(m, EndTurn())
    act(m, StartMovement("b", "move", (5, 0)))     # b holds still, keeping its budget
    out = act(m, EndTurn())
    # S2 begins with p's turn: the bullet arrives and b (yet to act in S2) is asked
    assert m.decision.stage == "defend" and m.decision.actor == "b"
    assert m.state.turn_step == turns.ONGOING and m.state.acting == "a"
    assert len(of(out, ev.AttackAdvanced)) == 1
    # a save taken now comes back at the same step
    data = json.loads(json.dumps(BINDINGS.state_to_json(m.state)))
    back = BINDINGS.state_from_json(data)
    assert back.turn_step == m.state.turn_step and back.pending == m.state.pending
    out = act(m, Defend("b", m.state.pending[-1].data["attack"], None), dice=[1, 1, 1])
    assert m.decision.stage == "act" and m.decision.actor == "a"
    assert of(out, ev.AttackAdvanced) == [] and of(out, TurnStarted) == []   # nothing twice
    assert len(of(out, ev.AttackResolved)) == 1
    assert m.state.turn_step == turns.ACTING


@pytest.mark.rule("BND-13")
@pytest.mark.rule("BND-GM-06")
def test_a_deferred_attack_resolves_when_the_defender_ends_its_turn():
    m = duel(a=dict(sheet="brawler", x=0, y=0), b=dict(sheet="brawler", x=1, y=0))
    act(m, UseMove("a", "dagger", (1, 0)))
    out = act(m, Defend("b", "a1", "dodge"))
    assert of(out, ev.AttackContacted)[0].deferred
    act(m, EndTurn())
    assert m.decision.actor == "b"
    out = act(m, MoveTo("b", (3, 0)))           # the declared Dodge gave b its hexes first
    assert where(m, "b") == (3, 0) and of(out, ev.AttackResolved) == []
    m.force_dice([3, 3, 2, 2, 2, 1])
    out = act(m, EndTurn())
    names = [type(e).__name__ for e in out]
    assert names.index("AttackResolved") < names.index("TurnEnded")
    res = of(out, ev.AttackResolved)[0]
    assert res.edge == "disadvantage"
    assert of(out, ev.SegmentStarted)[0].segment == 2
    assert not m.state.ending


def test_the_clock_never_stalls_in_a_long_random_game():
    from game.engine.ai.base import RandomBot
    from game.engine.rng import Rng
    m = Match.new(BINDINGS.example_config(4))
    bot, rng = RandomBot(), Rng.from_seed(4)
    ticks = []
    while not m.over and len(m.log) < 500:
        ticks.append(m.state.tick)
        m.submit(bot.choose(m.view(m.decision.seat), m.legal_actions(), rng))
        assert BINDINGS.check_invariants(m.state) == []
    assert ticks == sorted(ticks)                # time only moves forward
    assert m.over or m.state.round >= 3

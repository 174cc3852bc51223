"""Bindings bots fight: they close in on a foe out of reach, shoot the hurt foe of two in reach
(focus fire), and a seeded bot-against-bot battle ends by knockout and replays the same. These
are sanity checks in seconds; how often the bots finish fights and how often hard beats normal
are benchmark figures (`python -m benchmarks.ai_bindings`), never asserted here."""
from __future__ import annotations

import pytest

from benchmarks.ai_bindings import play
from game.engine.ai.base import make_bot
from game.engine.ai.runner import ask_bot
from game.engine.systems.bindings import actions as A
from game.engine.systems.bindings import ai
from tests.bindings import bndtools as T


@pytest.mark.parametrize("difficulty", ["normal", "hard"])
def test_a_bot_with_no_foe_in_reach_closes_in(difficulty):
    """Two brawlers at opposite ends of open ground: the one acting first spends its turn
    walking at the other, not waiting for it."""
    m = T.duel(a=dict(sheet="brawler", x=0, y=3), b=dict(sheet="brawler", x=11, y=3))
    j = ai.Judge(m.state, 0)
    before = j.dist(T.where(m, "a"), T.where(m, "b"))
    bot = make_bot("bindings", difficulty)
    chosen = []
    while m.state.acting == "a" and m.decision.stage == "act" and len(chosen) < 10:
        chosen.append(ask_bot(m, bot, 0))
        m.submit(chosen[-1])
    assert any(isinstance(c, (A.StartMovement, A.MoveTo)) for c in chosen), chosen
    assert j.dist(T.where(m, "a"), T.where(m, "b")) < before


@pytest.mark.parametrize("difficulty", ["normal", "hard"])
def test_a_bot_shoots_the_hurt_foe_of_two(difficulty):
    """Focus fire: two brawlers equally far from an archer, one nearly down; the archer's shot
    goes to the one it can drop (whether it steps back first is its own business; both sides are
    played by the same bot until the archer's first shot)."""
    m = T.make([{"id": "a", "sheet": "archer", "side": 0, "x": 2, "y": 3},
                {"id": "b", "sheet": "brawler", "side": 1, "x": 6, "y": 1},
                {"id": "c", "sheet": "brawler", "side": 1, "x": 6, "y": 5,
                 "overrides": {"hp": 4}}])
    j = ai.Judge(m.state, 0)
    assert j.dist((2, 3), (6, 1)) == j.dist((2, 3), (6, 5))
    shots = [a for a in m.legal_actions()
             if isinstance(a, A.UseMove) and a.move == "shortbow" and a.target in ((6, 1), (6, 5))]
    assert len(shots) == 2                                  # both in reach and sight
    bot = make_bot("bindings", difficulty)
    first = None
    for _ in range(60):                   # it may step back first: follow play to its shot
        d = m.decision
        action = ask_bot(m, bot, d.seat)
        if isinstance(action, A.UseMove) and action.actor == "a" and action.target is not None:
            first = (action.target, T.where(m, "b"), T.where(m, "c"))
            break
        m.submit(action)
    assert first is not None and first[0] == first[2], first


def test_a_seeded_battle_ends_by_knockout_and_replays_the_same():
    """The benchmark's battle runner on The Hollow Grove, normal against normal: the battle is
    decided before time is called, and the same seed gives the same battle."""
    from benchmarks.ai_bindings import _teams
    teams = _teams("bindings_grove.tmx")
    first = play("bindings_grove.tmx", 1, teams, ("normal", "normal"))
    again = play("bindings_grove.tmx", 1, teams, ("normal", "normal"))
    assert first.knockout and first.winner is not None
    assert (first.winner, first.rounds, len(first.turns)) == (
        again.winner, again.rounds, len(again.turns))
    assert all(t >= 0 for t in first.turns)

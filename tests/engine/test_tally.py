"""The match tally counts the core facts: damage taken by victim and dealt by source, who went
down, turns per seat and rounds, and each roller's dice against the average of their kind; the
events a match's recent history drops are still counted."""
from __future__ import annotations

import math

import pytest

from game.engine import match as match_mod
from game.engine.ai.base import make_bot
from game.engine.ai.runner import ask_bot, example_match
from game.engine.dice import Roll
from game.engine.events import DiceRolled, TurnStarted
from game.engine.match import Match
# a system's own events carry the core facts (their core bases take no fields of their own)
from game.engine.systems.bindings.events import CombatantDowned, DamageDealt
from game.engine.tally import Tally, die_spread


def test_die_spread_is_the_sum_of_uniform_dice():
    mean, sd = die_spread("d20", 1)
    assert mean == 10.5 and sd == pytest.approx(math.sqrt(399 / 12))
    mean, sd = die_spread("3d6", 3)
    assert mean == 10.5 and sd == pytest.approx(math.sqrt(3 * 35 / 12))
    assert die_spread("percent", 1) is None and die_spread("d1", 1) is None


def test_the_core_facts_are_counted():
    t = Tally()
    t.add([TurnStarted(0, "a", 1), TurnStarted(1, "b", 1), TurnStarted(0, "a", 2),
           DamageDealt("b", 4, 16, "bolt", "a"), DamageDealt("b", 16, 0, "bolt", "a"), CombatantDowned("b"),
           DiceRolled(Roll("attack", "d20", (20,), (), 20), "a"),
           DiceRolled(Roll("attack", "d20", (1,), (), 1), "b")])
    assert t.taken == {"b": 20} and t.dealt == {"a": 20} and t.downed == ["b"]
    assert t.turns == {0: 2, 1: 1} and t.rounds == 2
    high, n = t.luck(["a"])
    low, _ = t.luck(["b"])
    assert n == 1 and high > 1.5 and low < -1.5 and t.luck(["a", "b"])[0] == pytest.approx(0)


def test_a_long_match_still_counts_what_history_dropped(monkeypatch):
    monkeypatch.setattr(match_mod, "HISTORY_LIMIT", 40)
    m = Match.new(example_match("bindings", 2, difficulties=("random", "random")))
    whole = Tally()
    whole.add(m.history)
    bot = make_bot("bindings", "random")
    while not m.over and len(m.log) < 400:
        whole.add(m.submit(ask_bot(m, bot, m.decision.seat)).events)
    assert len(m.history) <= 40
    t = m.tally()
    assert (t.taken, t.downed, t.turns, t.rounds, t.rolls) == (
        whole.taken, whole.downed, whole.turns, whole.rounds, whole.rolls)
    assert sum(t.rolls.values()) > 0


def test_bindings_damage_is_counted_for_the_attacker_not_its_move():
    """Bindings' damage events name the move (`source`); the results screen's per-unit story
    counts damage by the combatant who dealt it, so the event also says who (`dealer`)."""
    m = Match.new(example_match("bindings", 2, difficulties=("random", "random")))
    bot = make_bot("bindings", "random")
    hits: list[DamageDealt] = []
    while not m.over and len(m.log) < 1500 and len(hits) < 2:
        hits += [e for e in m.submit(ask_bot(m, bot, m.decision.seat)).events
                 if isinstance(e, DamageDealt) and e.source != "collision"]
    assert len(hits) >= 2
    t = m.tally()
    assert t.dealt and all(m.state.combatants.get(uid) is not None for uid in t.dealt)
    assert sum(t.dealt.values()) == sum(t.taken.values()) - sum(
        e.amount for e in m.history if isinstance(e, DamageDealt) and e.source == "collision")

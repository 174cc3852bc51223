"""The forecast the battle screen shows (engine forecast.py) against the engine itself: the
chance a strike's roll hits and the chance each reaction stops a hit are counted by playing
every d100 face through the real rules, and the forecast damage is what landing the blow does."""
from __future__ import annotations

import copy
from fractions import Fraction

import pytest

from game.engine.match import Match
from game.engine.rules import MatchConfig, SeatConfig
from game.engine.systems.gu_masters import forecast
from game.engine.systems.gu_masters.actions import React, Strike
from game.engine.systems.gu_masters.events import Damaged, Reacted, Struck

GRID = {"rows": ["......", "......", "......"]}


def duel(wolf: dict | None = None, master: dict | None = None) -> Match:
    setup = {"grid": GRID, "initiative": ["master", "wolf"],
             "creatures": [{"id": "master", "entry": "gu_master_r1", "side": 0, "x": 1, "y": 1,
                            "overrides": master or {}},
                           {"id": "wolf", "entry": "wolf", "side": 1, "x": 2, "y": 1,
                            "overrides": wolf or {}}]}
    return Match.new(MatchConfig("gu_masters", 3, [SeatConfig("human"), SeatConfig("human")],
                                 None, {}, setup))


def played(match: Match, action, faces: list[int]) -> list:
    scratch = Match.around(match.system, copy.deepcopy(match.state), copy.deepcopy(match.rng))
    scratch.force_dice(faces)
    return scratch.submit(action).events


def strike(match: Match, kind: str, weapon: str = "") -> Strike:
    return next(a for a in match.legal_actions() if isinstance(a, Strike)
                and a.strike == kind and a.weapon == weapon)


@pytest.mark.rule("GU-01", "GU-X-03", "GU-X-04", "GU-51")
def test_the_chance_to_hit_is_the_share_of_faces_that_hit():
    m = duel(wolf={"statuses": []})
    a = strike(m, "weapon", "sword")
    st = m.state
    f = forecast.strike_forecast(st, st.creatures["master"], st.creatures["wolf"], "weapon",
                                 "sword")
    hits = sum(1 for raw in range(1, 101)
               if next(e for e in played(m, a, [raw]) if isinstance(e, Struck)).hit)
    assert f.odds.roll_hits == Fraction(hits, 100)
    assert not f.auto_hit and f.reactions == ("dodge", "parry")
    assert f.hit <= f.odds.roll_hits


@pytest.mark.rule("GU-51", "GU-93")
def test_the_forecast_damage_is_what_the_blow_deals():
    m = duel()
    a = strike(m, "weapon", "sword")
    st = m.state
    f = forecast.strike_forecast(st, st.creatures["master"], st.creatures["wolf"], "weapon",
                                 "sword")
    scratch = Match.around(m.system, copy.deepcopy(m.state), copy.deepcopy(m.rng))
    scratch.force_dice([10])
    scratch.submit(a)
    take = next(x for x in scratch.legal_actions() if isinstance(x, React) and
                x.reaction == "take")
    got = sum(e.amount for e in scratch.submit(take).events if isinstance(e, Damaged)
              and e.victim == "wolf")
    assert got == f.landing.dealt > 0
    assert scratch.state.creatures["wolf"].hp == f.landing.hp_after
    assert f.drop == 0 and f.dead == 0


@pytest.mark.rule("GU-94", "GU-109")
def test_a_blow_that_drops_the_target_counts_its_perseverance_test():
    m = duel(wolf={"hp": 5})
    st = m.state
    f = forecast.strike_forecast(st, st.creatures["master"], st.creatures["wolf"], "weapon",
                                 "sword")
    assert f.landing.hp_after == 0 and f.drop == f.hit
    assert f.final_stand + f.dying == f.drop and f.final_stand > 0 and f.dying > 0


@pytest.mark.rule("GU-81", "GU-86", "GU-X-05")
def test_each_reaction_stops_the_hit_as_often_as_the_rules_say():
    m = duel()
    m.force_dice([30])
    m.submit(strike(m, "weapon", "sword"))
    stage = m.state.pending[-1]
    odds = forecast.reaction_odds(m.state, stage.data, m.state.creatures["wolf"])
    for name in ("dodge", "parry"):
        answer = next(a for a in m.legal_actions() if isinstance(a, React)
                      and a.reaction == name)
        stopped = sum(1 for raw in range(1, 101)
                      if next(e for e in played(m, answer, [raw])
                              if isinstance(e, Reacted)).success)
        assert odds[name] == Fraction(stopped, 100), name
    assert odds["take"] == 0

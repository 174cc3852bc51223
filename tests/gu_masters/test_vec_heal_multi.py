"""gu_masters fixes found while writing the test vectors: healing wakes a creature knocked out
by Ablaze (GU-X-13, GU-GM-11 through ticks.healed), and a multi-weapon attack is all W strikes
or none (GU-52, GU-GM-25)."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.match import Match
from game.engine.rules import MatchConfig, SeatConfig
from game.engine.systems.gu_masters import rules, ticks
from game.engine.systems.gu_masters.actions import TAKE, Activate, Move, React, Strike
from game.engine.systems.gu_masters.state import Status

ROWS = ["..........", "..........", "..........", "..........", ".........."]


def match(creatures: list[dict], initiative: list[str]) -> Match:
    setup: dict = {"grid": {"rows": ROWS}, "creatures": creatures, "initiative": initiative}
    return Match.new(MatchConfig("gu_masters", 1, [SeatConfig("human"), SeatConfig("human")],
                                 None, {}, setup))


def man(cid: str, side: int, x: int, y: int, entry: str = "gu_master_r1", **over) -> dict:
    return {"id": cid, "entry": entry, "side": side, "x": x, "y": y, "overrides": over}


@pytest.mark.rule("GU-136", "GU-GM-11", "GU-X-13", "GU-X-17", "GU-T-28")
def test_healing_wakes_a_creature_knocked_out_by_ablaze():
    m = match([man("h", 0, 1, 1, "orchid_healer"), man("f", 0, 2, 1, hp=20),
               man("b", 1, 8, 1)], ["h", "f", "b"])
    f = m.state.creatures["f"]
    f.statuses.append(Status("ablaze", 0, -1, "b", 2))
    f.statuses.append(Status("unconscious", 0, -1, "ablaze"))       # its Perseverance failed
    ticks.sync_awake(f)
    m.edited()
    assert f.unconscious
    m.submit(Activate("h", "spring_water", "f"))
    assert f.hp == 28
    assert not f.has("unconscious") and not f.unconscious           # awake again
    assert f.has("ablaze")                                          # healing puts out no fire


@pytest.mark.rule("GU-52", "GU-GM-25", "GU-T-07")
def test_a_multi_weapon_attack_makes_every_strike_before_anything_else():
    m = match([man("a", 0, 1, 1, weapons=["sword", "dagger"]), man("b", 1, 2, 1)], ["a", "b"])
    m.force_dice([30])                                  # 30 + 20 = 50 > 45: a miss
    m.submit(Strike("a", "b", "multi", "sword"))
    legal = m.legal_actions()
    assert Strike("a", "b", "multi", "dagger") in legal
    assert EndTurn() not in legal                       # not stopping after one of two
    assert not any(isinstance(x, (Move, Activate)) for x in legal)
    why = rules.validate(m.state, EndTurn())
    assert why is not None and why.rule == "GU-GM-25"
    why = rules.validate(m.state, Move("a", 1, 3))
    assert why is not None and why.rule == "GU-GM-25"
    m.force_dice([5])
    m.submit(Strike("a", "b", "multi", "dagger"))
    m.submit(React("b", TAKE))
    assert EndTurn() in m.legal_actions()               # both made: the turn goes on


@pytest.mark.rule("GU-52", "GU-GM-25")
def test_a_single_weapon_strike_is_the_one_attack_without_the_penalty():
    m = match([man("a", 0, 1, 1, weapons=["sword", "dagger"]), man("b", 1, 2, 1)], ["a", "b"])
    m.force_dice([30])                                  # no +20: 30 hits
    m.submit(Strike("a", "b", "weapon", "sword"))
    m.submit(React("b", TAKE))
    legal = m.legal_actions()
    assert EndTurn() in legal and not any(isinstance(x, Strike) for x in legal)


@pytest.mark.rule("GU-52", "GU-GM-25")
def test_strikes_owed_lapse_when_no_weapon_left_reaches_a_foe():
    m = match([man("a", 0, 1, 1, weapons=["sword", "dagger"]), man("b", 1, 2, 1, hp=1)],
              ["a", "b"])
    m.force_dice([5, 90])                               # a hit; b's 0-HP test fails: dying
    m.submit(Strike("a", "b", "multi", "sword"))
    m.submit(React("b", TAKE))
    assert m.over or EndTurn() in m.legal_actions()

"""gu_masters Gu aimed across the map: cover against a Gu, [Piercing] and divination (GU-155..158,
GU-T-33), read from the engine's own aim modifiers and legal list."""
from __future__ import annotations

import pytest

from game.engine.match import Match
from game.engine.rules import MatchConfig, SeatConfig
from game.engine.systems.gu_masters import activate
from game.engine.systems.gu_masters.actions import Activate

from .test_gu_activate import man


def match(rows: list[str], creatures: list[dict]) -> Match:
    setup = {"grid": {"rows": rows}, "creatures": creatures,
             "initiative": [c["id"] for c in creatures]}
    return Match.new(MatchConfig("gu_masters", 1, [SeatConfig("human"), SeatConfig("human")],
                                 None, {}, setup))


def mods(m: Match, gid: str):
    s = m.state
    return activate.aim_mods(s, s.creatures["a"], s.creatures["b"], activate.gu.usable(gid))


@pytest.mark.rule("GU-156", "GU-157", "GU-158", "GU-T-33")
def test_cover_piercing_and_divination_against_gu():
    wall = ["...F....", "...F....", "...F....", "...F....", "...F...."]
    m = match(wall, [man("a", 0, 0, 2, gu=["moonlight", "bone_spear", "sky_eye"]),
                     man("b", 1, 6, 2)])
    assert mods(m, "moonlight") is None                          # full cover: no target
    assert Activate("a", "moonlight", "b") not in m.legal_actions()
    assert mods(m, "bone_spear") == (("full cover", 20),)       # [Piercing]: at +20
    m.submit(Activate("a", "sky_eye"))                           # divination, 30 m
    assert mods(m, "bone_spear") == ()                           # the +20 is gone
    rock = ["........", "........", "...p....", "........", "........"]
    m = match(rock, [man("a", 0, 0, 2, gu=["moonlight", "bone_spear"]), man("b", 1, 6, 2)])
    assert mods(m, "moonlight") == (("partial cover", 10),)
    assert mods(m, "bone_spear") == ()


@pytest.mark.rule("GU-155")
def test_high_ground_helps_a_ranged_gu():
    rows = ["55......", "55......", "55......", "........", "........"]
    m = match(rows, [man("a", 0, 0, 1, gu=["moonlight"]), man("b", 1, 6, 4)])
    assert ("high ground", -10) in mods(m, "moonlight")

"""gu_masters: whether a dodge has any room (GU-82, GU-GM-42) is asked by every reaction offer
and forecast; `reactions.can_dodge_step` answers it without listing the squares, and must agree
with `reactions.dodge_room`, the list the dodge's step is chosen from."""
from __future__ import annotations

import pytest

from game.engine.ai.base import RandomBot
from game.engine.ai.runner import ask_bot
from game.engine.match import Match
from game.engine.rules import MatchConfig, SeatConfig
from game.engine.systems.gu_masters import reactions
from tests.gu_masters.test_adv_map import battle


def agree(m: Match) -> list[bool]:
    out = []
    for c in m.state.living():
        room = reactions.dodge_room(m.state, c)
        assert reactions.can_dodge_step(m.state, c) == bool(room), c.id
        out.append(bool(room))
    return out


@pytest.mark.rule("GU-82", "GU-GM-42")
def test_open_ground_and_too_little_movement():
    m = battle([{"id": "a", "entry": "gu_master_r1", "side": 0, "x": 2, "y": 2},
                {"id": "b", "entry": "gu_master_r1", "side": 0, "x": 6, "y": 2,
                 "overrides": {"movement": 1}},                      # half of 1 m: no room
                {"id": "w", "entry": "wolf", "side": 1, "x": 10, "y": 6}])
    assert reactions.can_dodge_step(m.state, m.state.creatures["a"])
    assert not reactions.can_dodge_step(m.state, m.state.creatures["b"])
    agree(m)


@pytest.mark.rule("GU-82", "GU-24", "GU-GM-37")
def test_ringed_by_friends_it_steps_through_them_and_walled_in_it_cannot():
    rows = ["#####.....", "##.##.....", "#####....."]
    ring = [(x, y) for y in (1, 2, 3) for x in (5, 6, 7) if (x, y) != (6, 2)]
    friends = [{"id": f"f{i}", "entry": "gu_master_r1", "side": 0, "x": x, "y": y}
               for i, (x, y) in enumerate(ring)]
    m = battle([{"id": "a", "entry": "gu_master_r1", "side": 0, "x": 6, "y": 2,
                 "overrides": {"movement": 4}},                      # 2 m: past the ring
                {"id": "c", "entry": "gu_master_r1", "side": 0, "x": 2, "y": 1,
                 "overrides": {"movement": 8}},                      # boxed in by walls
                *friends,
                {"id": "w", "entry": "wolf", "side": 1, "x": 0, "y": 6}],
               rows=rows + ["." * 10] * 5)
    s = m.state
    assert reactions.can_dodge_step(s, s.creatures["a"])
    assert not reactions.can_dodge_step(s, s.creatures["c"])
    s.creatures["a"].movement = 2                                    # 1 m: only the ring
    assert not reactions.can_dodge_step(s, s.creatures["a"])
    agree(m)


@pytest.mark.rule("GU-82")
def test_agrees_with_the_dodge_room_through_a_seeded_random_battle_on_the_cliffs():
    m = Match.new(MatchConfig("gu_masters", 3, [SeatConfig("ai"), SeatConfig("ai")],
                              "gu_cliffs.tmx", {}, {"teams": ["moon_orchid", "iron_bone"]}))
    bot = RandomBot()
    checked = 0
    for _ in range(120):
        if m.over:
            break
        checked += len(agree(m))
        m.submit(ask_bot(m, bot, m.decision.seat))
    assert checked > 200

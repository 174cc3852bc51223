"""rpgstuck long jumps on the map (RS-107, TV-51): the Knight (STR 16) clears a pit with a
run-up of 10 ft walked this turn (15 ft: a three-square line), not from a standstill (8 ft: no
jump of two squares); a wall ends the line; jumps are offered only where walking costs more."""
from __future__ import annotations

import pytest

from game.engine.rules import IllegalAction
from game.engine.systems.rpgstuck import jumps
from game.engine.systems.rpgstuck.actions import LongJump, Move
from game.engine.systems.rpgstuck.events import Moved
from tests.rpgstuck.engine_helpers import battle, of

# a 20 ft pit two squares wide across the middle (columns 4 and 5)
PIT = {"v": {"pit_depth_ft": 20}}
ROWS = ["....vv....", "....vv....", "....vv....", "....vv#..."]


def knight_at(x: int, y: int):
    m = battle([("knight", "knight", 0, x, y), ("imp", "imp", 1, 9, 0)], rows=ROWS,
               legend=PIT)
    return m


def test_setup_has_the_pit():
    m = knight_at(3, 1)
    from game.engine.systems.rpgstuck import arith
    assert arith.field(m.state).floor_at((4, 1)) == -20


@pytest.mark.rule("RS-107", "RS-TV-51")
def test_a_running_jump_clears_the_pit_and_a_standing_one_cannot():
    m = knight_at(3, 1)
    s = m.state
    assert jumps.longest_ft(s, s.creatures["knight"]) == 5          # 16 // 2 = 8 -> 5 ft
    assert not [a for a in m.legal_actions() if isinstance(a, LongJump)]
    with pytest.raises(IllegalAction, match="RS-107|not a straight jump"):
        m.submit(LongJump("knight", 6, 1))
    m.submit(Move("knight", 1, 1))                                  # walk away: 10 ft
    m.submit(Move("knight", 3, 1))                                  # and back: 20 ft walked
    assert jumps.longest_ft(s, s.creatures["knight"]) == 15         # TV-51: 16 -> 15 ft
    assert s.turn.move_left == 10
    assert LongJump("knight", 5, 1) not in m.legal_actions()       # that lands in the pit
    assert LongJump("knight", 6, 1) not in m.legal_actions()       # 15 ft: only 10 ft left


@pytest.mark.rule("RS-107")
def test_a_jump_across_costs_its_feet_and_lands_beyond():
    m = battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 9, 0)], rows=ROWS,
               overrides={"knight": {"speed": 40}}, legend=PIT)
    m.submit(Move("knight", 3, 1))                                  # a 10 ft run-up
    s = m.state
    assert LongJump("knight", 6, 1) in m.legal_actions()           # 15 ft over two pit squares
    assert LongJump("knight", 6, 3) not in m.legal_actions()       # no straight line there
    events = m.submit(LongJump("knight", 6, 1)).events
    assert of(events, Moved) == [Moved("knight", ((6, 1),), "jump", False, 15)]
    k = s.creatures["knight"]
    assert (k.x, k.y) == (6, 1) and s.turn.move_left == 40 - 10 - 15 and k.hp == k.max_hp


@pytest.mark.rule("RS-107")
def test_a_wall_ends_the_line_and_open_ground_is_walked_not_jumped():
    m = battle([("knight", "knight", 0, 3, 3), ("imp", "imp", 1, 9, 0)], rows=ROWS,
               overrides={"knight": {"speed": 60}}, legend=PIT)
    m.submit(Move("knight", 1, 3))
    m.submit(Move("knight", 3, 3))                                  # 20 ft walked
    legal = [a for a in m.legal_actions() if isinstance(a, LongJump)]
    assert LongJump("knight", 6, 3) not in legal                   # (6,3) is the wall
    assert all(a.x >= 4 or a.y != 3 for a in legal)                # nothing west: open ground
    assert LongJump("knight", 6, 0) in legal                       # north-east, over the pit

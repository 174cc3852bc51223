"""rpgstuck SM-06 on the map: with the table option `jump_check` on, a jump one square beyond
RS-107's limit is offered and asks an Athletics check against 10 + the extra feet; a failure
lands one square short (falling into a pit there, RS-115). Off (the default), nothing changes."""
from __future__ import annotations

import pytest

from game.engine.systems.rpgstuck import jumps
from game.engine.systems.rpgstuck.actions import LongJump, Move
from game.engine.systems.rpgstuck.events import CheckMade, Moved
from tests.rpgstuck.engine_helpers import battle, of

# a 20 ft pit three squares wide (columns 4 to 6)
PIT = {"v": {"pit_depth_ft": 20}}
ROWS = ["....vvv...", "....vvv...", "....vvv...", "....vvv..."]


def run_up(check: bool):
    """The Knight (STR 16, Athletics +5, speed 40) walks a 10 ft run-up to the pit's edge."""
    m = battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 9, 3)], rows=ROWS,
               overrides={"knight": {"speed": 40}}, legend=PIT,
               house={"jump_check": check})
    m.submit(Move("knight", 3, 1))
    return m


@pytest.mark.rule("RS-SM-06", "RS-107")
def test_off_the_pit_is_too_wide_and_on_the_longer_jump_is_offered():
    off = run_up(False)
    assert jumps.longest_ft(off.state, off.state.creatures["knight"]) == 15
    assert not [a for a in off.legal_actions() if isinstance(a, LongJump)]
    on = run_up(True)
    legal = [a for a in on.legal_actions() if isinstance(a, LongJump)]
    assert LongJump("knight", 7, 1) in legal                       # 20 ft: 5 ft beyond
    assert LongJump("knight", 8, 1) not in legal                   # never more than +5 ft
    assert jumps.extra_ft(on.state, on.state.creatures["knight"], (7, 1)) == 5


@pytest.mark.rule("RS-SM-06")
def test_a_passed_check_lands_beyond():
    m = run_up(True)
    m.rng.force([10])                                  # 10 + 5 = 15 against DC 10 + 5
    events = m.submit(LongJump("knight", 7, 1)).events
    assert of(events, CheckMade) == [CheckMade("knight", "athletics", 15, 15, True, "jump")]
    k = m.state.creatures["knight"]
    assert (k.x, k.y) == (7, 1) and k.hp == k.max_hp and m.state.turn.move_left == 10


@pytest.mark.rule("RS-SM-06", "RS-115")
def test_a_failed_check_lands_one_square_short_and_falls_into_the_pit():
    m = run_up(True)
    m.rng.force([9, 3, 4])                             # 14 fails; then 2d6 for a 20 ft fall
    events = m.submit(LongJump("knight", 7, 1)).events
    assert of(events, CheckMade)[0].success is False
    assert of(events, Moved) == [Moved("knight", ((6, 1),), "jump", False, 20)]
    k = m.state.creatures["knight"]
    assert (k.x, k.y) == (6, 1) and k.hp == k.max_hp - 7
    assert m.state.turn.move_left == 10                # the attempt's feet are paid either way


@pytest.mark.rule("RS-SM-06")
def test_the_menu_names_the_checks_dc():
    from game.client.systems.rpgstuck.presenter import RpgStuckPresenter
    p = RpgStuckPresenter(run_up(True))
    assert p.describe(LongJump("knight", 7, 1)) == "Jump to 7,1 (Athletics DC 15)"
    assert p.describe(LongJump("knight", 6, 0)) == "Jump to 6,0"

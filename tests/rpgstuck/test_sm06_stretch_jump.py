"""SM-06 (table option `jump_check`): with it on, a creature may try to jump one square past its
long jump's reach on an Athletics check, DC 10 + the feet past the jump's true length; a failure
comes down on the square short of it (a fall where that is a pit, RS-115). Off (the default), the
jump is neither listed nor accepted."""
from __future__ import annotations

from fractions import Fraction

import pytest

from game.engine.rules import IllegalAction
from game.engine.systems.rpgstuck import jumps, moves, odds
from game.engine.systems.rpgstuck.actions import LongJump, Move, StretchJump
from game.engine.systems.rpgstuck.events import CheckMade, Damaged, Moved
from tests.rpgstuck.engine_helpers import battle, of

PIT = {"v": {"pit_depth_ft": 20}}
ROWS = ["....vvv...", "....vvv...", "....vvv...", "....vvv..."]     # three squares wide
TRY = StretchJump("knight", 7, 1)


def running_knight(on: bool):
    m = battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 9, 3)], rows=ROWS,
               overrides={"knight": {"speed": 40}}, legend=PIT,
               house={"jump_check": on})
    m.submit(Move("knight", 3, 1))                                   # a 10 ft run-up
    return m


@pytest.mark.rule("RS-SM-06", "RS-107")
def test_the_square_past_the_jump_and_its_dc():
    assert moves.stretch_jump(16, 10) == (20, 14)     # true 16 ft, 15 on the grid: 20 is 4 past
    assert moves.stretch_jump(16, 0) == (10, 12)      # standing: 8 ft true, 5 on the grid
    assert moves.stretch_jump(15, 10) == (20, 15)     # 5 ft past: the most SM-06 allows
    assert odds.check(5, 14) == Fraction(12, 20)      # d20 + 5 meets 14 on 9 or better


@pytest.mark.rule("RS-SM-06")
def test_off_the_longer_jump_is_not_listed_nor_taken():
    m = running_knight(False)
    assert not [a for a in m.legal_actions() if isinstance(a, StretchJump)]
    assert not [a for a in m.legal_actions() if isinstance(a, LongJump) and a.x == 7]
    with pytest.raises(IllegalAction, match="RS-SM-06|not used"):
        m.submit(TRY)


@pytest.mark.rule("RS-SM-06", "RS-107")
def test_a_made_check_clears_the_wide_pit():
    m = running_knight(True)
    assert TRY in m.legal_actions()
    assert StretchJump("knight", 6, 1) not in m.legal_actions()      # short of it is the pit
    k = m.state.creatures["knight"]
    m.rng.force([15])
    events = m.submit(TRY).events
    check = of(events, CheckMade)[0]
    assert check.against == 14 and check.success and check.skill == "athletics"
    assert of(events, Moved) == [Moved("knight", ((7, 1),), "jump", False, 20)]
    assert (k.x, k.y) == (7, 1) and k.hp == k.max_hp and m.state.turn.move_left == 40 - 10 - 20


@pytest.mark.rule("RS-SM-06", "RS-115")
def test_a_failed_check_comes_down_short_in_the_pit():
    m = running_knight(True)
    k = m.state.creatures["knight"]
    m.rng.force([1, 3, 4])                     # the check fails; 20 ft: 2d6 = 7
    events = m.submit(TRY).events
    assert not of(events, CheckMade)[0].success
    assert (k.x, k.y) == (6, 1)
    assert [d.amount for d in of(events, Damaged)] == [7] and k.hp == k.max_hp - 7
    assert m.state.turn.move_left == 40 - 10 - 20
    assert jumps.stretches(m.state, k) == {}   # 10 ft of movement left: no second try


@pytest.mark.rule("RS-SM-06")
def test_the_screen_names_the_check_and_its_chance():
    from game.client.systems.rpgstuck.presenter import RpgStuckPresenter
    m = running_knight(True)
    k = m.state.creatures["knight"]
    chance = odds.check(k.skills["athletics"], 14)
    text = RpgStuckPresenter(m).describe(TRY)
    assert text.startswith("Jump further to 7,1 (Athletics DC 14, ")
    assert f"{round(100 * float(chance))}%" in text


@pytest.mark.rule("RS-SM-06", "RS-107")
def test_a_weak_jumper_whose_stretch_is_one_square_is_offered_no_jump():
    # the mind imp (STR 8) standing: 4 ft true, 0 on the grid, so one square past it is 5 ft,
    # a step and not a jump; the legal list must neither offer it nor break on it
    assert moves.stretch_jump(8, 0) == (5, 11)
    m = battle([("imp", "mind_imp", 0, 1, 1), ("knight", "knight", 1, 9, 3)], rows=ROWS,
               legend=PIT, house={"jump_check": True})
    assert not [a for a in m.legal_actions() if isinstance(a, (StretchJump, LongJump))]

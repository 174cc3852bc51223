"""Area attacks (B-21 Psi Pulse): a 10 ft burst around the user, one roll per creature caught
against Will, half damage on a miss, a horde met once per square of it inside, the use spent even
when every roll misses, and no called shot."""
from __future__ import annotations

import pytest

from game.engine.match import Match
from game.engine.rules import IllegalAction
from game.engine.systems.rpgstuck.actions import AreaAttack, Attack
from game.engine.systems.rpgstuck.events import AttackRolled, Damaged
from tests.rpgstuck.engine_helpers import battle, of

PULSE = AreaAttack("psion", "psi_pulse")


def _psion_among(*others: tuple[str, str, int, int, int]) -> Match:
    return battle([("psion", "psion", 0, 2, 2), *others])


@pytest.mark.rule("RS-B-21", "RS-B-29")
def test_psi_pulse_rolls_once_against_will_for_each_creature_within_10_ft():
    m = _psion_among(("imp", "imp", 1, 4, 2), ("far", "imp", 1, 5, 2),
                     ("knight", "knight", 0, 2, 3))
    assert PULSE in m.legal_actions()
    m.rng.force([15, 4, 2, 3])       # imp: d20 15 + 5 vs Will 11, 1d6 4 + INT 3
    events = m.submit(PULSE).events  # knight (an area spares nobody): d20 2, a miss, half of 6
    rolled = of(events, AttackRolled)
    assert [(r.cell, r.against, r.hit) for r in rolled] == [((4, 2), "Will", True),
                                                             ((2, 3), "Will", False)]
    dmg = of(events, Damaged)
    assert [(d.victim, d.amount) for d in dmg] == [("imp", 7), ("knight", 3)]
    assert m.state.creatures["far"].hp == m.state.creatures["far"].max_hp   # 15 ft away
    assert not m.state.turn.major


@pytest.mark.rule("RS-144", "RS-TV-65", "RS-141")
def test_psi_pulse_is_spent_even_when_every_roll_misses():
    m = _psion_among(("imp", "imp", 1, 3, 2))
    m.rng.force([1, 4])              # a natural 1 misses; half of 1d6 4 + 3 = 3
    events = m.submit(PULSE).events
    assert not of(events, AttackRolled)[0].hit and of(events, Damaged)[0].amount == 3
    assert m.state.creatures["psion"].uses == {"psi_pulse": 1}
    assert PULSE not in m.legal_actions()


@pytest.mark.rule("RS-85", "RS-B-21")
def test_a_horde_is_met_once_per_square_of_it_inside_the_burst():
    m = _psion_among(("horde", "imp_horde", 1, 4, 1))     # 2x2: columns 4 and 5, 4 is inside
    m.rng.force([1, 4, 2])           # one roll, a miss: two squares, each half damage
    events = m.submit(PULSE).events
    assert len(of(events, AttackRolled)) == 1
    assert [d.amount for d in of(events, Damaged)] == [3, 2]


@pytest.mark.rule("RS-49", "RS-TV-35")
def test_no_called_shot_and_no_named_target_with_an_area():
    m = _psion_among(("imp", "imp", 1, 3, 2))
    for bad in (Attack("psion", "psi_pulse", ((3, 2),), part="head"),
                Attack("psion", "psi_pulse", ((3, 2),))):
        assert bad not in m.legal_actions()
        with pytest.raises(IllegalAction):
            m.submit(bad)


@pytest.mark.rule("RS-104", "RS-B-21")
def test_a_burst_is_listed_with_nobody_around_and_hits_a_hidden_creature():
    m = _psion_among(("imp", "imp", 1, 9, 5))
    assert PULSE in m.legal_actions()                # the list tells nothing of who is near
    m2 = _psion_among(("imp", "imp", 1, 3, 3))
    m2.state.creatures["imp"].hidden = True
    m2.edited()
    m2.rng.force([15, 4])
    assert of(m2.submit(PULSE).events, Damaged)[0].victim == "imp"

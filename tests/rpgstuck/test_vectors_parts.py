"""RPGStuck worked examples that no scenario file can play yet: the parts of TV-36 and TV-42 the
engine already decides (how many leg copies one use must hit; whether a grapple survives a push).

A scenario cannot say them because `rs.attack` takes no called shot yet and there is no grapple
action; these tests ask the engine's own functions and the shipped bestiary, and give way to
scenario files in tests/scenarios/rpgstuck/ once those actions exist.

Must not: redo the arithmetic the functions own (they are asked, never re-implemented).
"""
from __future__ import annotations

import pytest

from game.engine.systems.rpgstuck import content as C
from game.engine.systems.rpgstuck import moves
from game.engine.systems.rpgstuck.content import content


def _legs(creature_id: str) -> tuple[int, int]:
    """(how many legs the bestiary gives the creature, how many one use must hit)."""
    legs = [p for p in C.creature(creature_id).anatomy if p.part == "leg"][0]
    return legs.count, C.copies_needed(legs, content().anatomy["leg"])


@pytest.mark.rule("RS-TV-36", "RS-50", "RS-55")
def test_RS_TV_36_a_four_legged_basilisk_needs_two_legs_hit_a_biped_one() -> None:
    # The Basilisk has Leg (4): a single attack hitting one leg has no leg effect, since one use
    # must hit half of the copies; a Multiattack (2) hitting legs #1 and #2 has it.
    count, needed = _legs("basilisk")
    assert (count, needed) == (4, 2)
    assert 1 < needed <= 2
    # A biped (the Ogre, two legs): one leg hit is enough for the leg's effect.
    assert _legs("ogre") == (2, 1)


@pytest.mark.rule("RS-TV-42", "RS-72", "RS-AMB-19")
def test_RS_TV_42_a_grapple_ends_when_a_push_takes_the_target_out_of_reach() -> None:
    target = [(3, 0)]
    # The grappler (reach 5 ft) held the target from the next square, (2, 0).
    assert moves.still_within_reach([(2, 0)], target, 5)
    # Pushed 10 ft straight away, to (0, 0): 15 ft from the target, out of reach: it ends.
    assert not moves.still_within_reach([(0, 0)], target, 5)
    # Pushed 5 ft to (2, 1): still diagonally next to the target, within reach: it holds.
    assert moves.still_within_reach([(2, 1)], target, 5)

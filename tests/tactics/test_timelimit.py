"""Who is ahead when time is called (tactics.timelimit): knockouts first, then the share of the
enemies' starting HP taken; nothing a side started with counts."""
from __future__ import annotations

import pytest

from game.engine.tactics.timelimit import Tally, ahead


@pytest.mark.rule("GEM-GM-32")
@pytest.mark.rule("BND-GM-27")
@pytest.mark.parametrize("a, b, winner", [
    (Tally(0, 0, 80), Tally(0, 0, 60), None),        # nobody hurt: the bigger side is not ahead
    (Tally(0, 10, 80), Tally(0, 10, 60), 0),         # 10 of 60 is a larger share than 10 of 80
    (Tally(0, 8, 80), Tally(0, 6, 60), None),        # a tenth each
    (Tally(0, 79, 80), Tally(1, 20, 60), 0),         # a knockout outweighs any damage
    (Tally(2, 60, 60), Tally(1, 80, 80), 1),
])
def test_who_is_ahead(a, b, winner):
    assert ahead([a, b]) == winner
    swapped = None if winner is None else 1 - winner
    assert ahead([b, a]) == swapped


def test_only_two_sides_are_compared():
    assert ahead([Tally(0, 0, 1)]) is None
    assert ahead([Tally(0, 0, 1)] * 3) is None

"""The shared wordings of the map presenters (presenters/words.py): chances as players read
them and creatures sharing a name told apart by number."""
from __future__ import annotations

from fractions import Fraction

from game.client.presenters.words import numbered_names, pct


def test_a_chance_that_can_go_either_way_never_reads_0_or_100():
    assert pct(0) == "0%" and pct(1) == "100%" and pct(Fraction(351, 1000)) == "35%"
    assert pct(Fraction(1, 1000)) == "<1%" and pct(Fraction(999, 1000)) == ">99%"


def test_names_shared_by_several_get_their_number_in_order():
    got = numbered_names([("a", "Wolf"), ("m", "Gu Master"), ("b", "Wolf")])
    assert got == {"a": "Wolf 1", "m": "Gu Master", "b": "Wolf 2"}

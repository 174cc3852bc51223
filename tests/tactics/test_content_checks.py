"""The value checks every system's content cross-checks share (tactics.content): a word from a
closed list, a number within its range, a list of ids without repeats, each refused with the
system's own error naming the entry and the key."""
from __future__ import annotations

import pytest

from game.engine.tactics.content import check_one_of, check_range, check_unique


class BadContent(Exception):
    pass


WHERE = "things.toml [things.rock]"


def test_a_word_outside_its_list_is_refused_naming_the_choices():
    check_one_of(WHERE, "size", "small", ("small", "large"), error=BadContent)
    with pytest.raises(BadContent) as got:
        check_one_of(WHERE, "size", "huge", ("small", "large"), error=BadContent)
    assert str(got.value) == f"{WHERE}: key 'size': 'huge' is not one of small, large"


def test_a_number_outside_its_range_is_refused_with_the_range():
    check_range(WHERE, "weight", 1, 1, 5, error=BadContent)
    check_range(WHERE, "weight", 5, 1, 5, error=BadContent)
    with pytest.raises(BadContent) as got:
        check_range(WHERE, "weight", 6, 1, 5, error=BadContent)
    assert str(got.value) == f"{WHERE}: key 'weight' must be 1..5 (got 6)"


def test_an_id_listed_twice_is_refused():
    check_unique(WHERE, "parts", ("arm", "leg"), error=BadContent)
    with pytest.raises(BadContent) as got:
        check_unique(WHERE, "parts", ("arm", "leg", "arm"), error=BadContent)
    assert str(got.value) == f"{WHERE}: key 'parts' lists an id twice"

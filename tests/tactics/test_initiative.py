"""Initiative ranking with forced scores: order by score, a secondary key, tie re-rolls block by
block, and the two limits (nested depth, total re-rolls then a settle)."""
from __future__ import annotations

import pytest

from game.engine.tactics.initiative import rank


class Forced:
    """A re-roll that hands out forced scores in turn and records who re-rolled."""

    def __init__(self, *rolls: dict[str, int]) -> None:
        self.rolls = list(rolls)
        self.calls: list[list[str]] = []

    def __call__(self, block: list[str]) -> dict[str, int]:
        self.calls.append(list(block))
        scores = self.rolls.pop(0)
        assert set(scores) == set(block), (scores, block)
        return scores


def test_highest_score_first_and_no_reroll_without_a_tie():
    reroll = Forced()
    r = rank(["a", "b", "c"], {"a": 3, "b": 9, "c": 5}, reroll)
    assert r.order == ("b", "c", "a") and r.rerolls == 0 and reroll.calls == []


def test_a_secondary_key_breaks_a_tie_before_any_reroll():
    cpr = {"a": 1, "b": 4}
    r = rank(["a", "b"], {"a": 7, "b": 7}, Forced(), key=lambda p, s: (-s, -cpr[p]))
    assert r.order == ("b", "a") and r.rerolls == 0


def test_tied_blocks_reroll_among_themselves_left_to_right_and_again_while_tied():
    # a and b tie on 8, c and d on 2; a-b re-roll a tie again, then split
    reroll = Forced({"a": 4, "b": 4}, {"a": 1, "b": 6}, {"c": 5, "d": 6})
    r = rank(["a", "b", "c", "d", "e"], {"a": 8, "b": 8, "c": 2, "d": 2, "e": 5}, reroll)
    assert reroll.calls == [["a", "b"], ["a", "b"], ["c", "d"]]
    assert r.order == ("b", "a", "e", "d", "c")
    assert r.rerolls == 3


def test_a_reroll_orders_only_its_block():
    # a re-rolled 9 does not jump ahead of e, who beat the tied pair on the first roll
    reroll = Forced({"a": 9, "b": 1})
    r = rank(["a", "b", "e"], {"a": 2, "b": 2, "e": 5}, reroll)
    assert r.order == ("e", "a", "b")


def test_past_the_depth_limit_a_block_keeps_its_given_order():
    reroll = Forced({"a": 3, "b": 3}, {"a": 3, "b": 3})
    r = rank(["b", "a"], {"a": 1, "b": 1}, reroll, max_depth=2)
    assert r.order == ("b", "a") and r.rerolls == 2


def test_past_the_reroll_limit_the_settle_orders_what_is_still_tied():
    reroll = Forced({"a": 2, "b": 2})
    r = rank(["a", "b"], {"a": 0, "b": 0}, reroll, max_rerolls=1,
             settle=lambda block: sorted(block, reverse=True))
    assert r.order == ("b", "a") and r.rerolls == 1
    with pytest.raises(ValueError, match="settle"):
        rank(["a"], {"a": 1}, reroll, max_rerolls=1)

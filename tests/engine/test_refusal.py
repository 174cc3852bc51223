"""Refusals carry their words and the rule ID: Refusal records, and plain reasons whose rule is
the ID written in brackets at their end."""
from __future__ import annotations

from game.engine.rules import IllegalAction, Refusal, refuse_unlisted


def test_a_reason_ending_with_a_rule_id_names_that_rule():
    assert Refusal.of("Spear is still cooling down (BND-101)").rule == "BND-101"
    assert Refusal.of("the table does not allow attacking allies (BND-GM-31)").rule == "BND-GM-31"
    assert Refusal.of("no clear line (BND-84) to that hex").rule == ""     # only at the end
    assert Refusal.of("only a card nobody could draft (GW-16/17)").rule == ""
    assert Refusal.of("it is not your turn").rule == ""


def test_illegal_action_keeps_the_words_and_the_rule():
    exc = IllegalAction(Refusal("no single steps left this turn", "TOY-02"))
    assert str(exc) == "no single steps left this turn (TOY-02)" and exc.rule == "TOY-02"
    assert exc.reason == "no single steps left this turn"
    named = IllegalAction("a readied action waits (BND-25)")
    assert named.rule == "BND-25" and str(named) == "a readied action waits (BND-25)"  # once
    assert IllegalAction("words", rule="X-1").rule == "X-1"
    assert str(IllegalAction("it is not your turn")) == "it is not your turn"
    assert isinstance(exc, ValueError)       # older callers catch ValueError


def test_refuse_unlisted_accepts_exactly_the_listed_actions():
    assert refuse_unlisted([1, 2], 2) is None
    refusal = refuse_unlisted([1, 2], 3)
    assert refusal is not None and "not allowed now" in refusal.words

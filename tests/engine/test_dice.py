"""Dice notation, rolls on the match generator, and the breakdown text logs and tooltips show."""
from __future__ import annotations

import pytest

from game.engine import dice
from game.engine.dice import DiceSpec, Roll
from game.engine.rng import Rng


@pytest.mark.parametrize("text,spec", [
    ("d20", DiceSpec(1, 20, 0)),
    ("D20", DiceSpec(1, 20, 0)),
    ("1d20", DiceSpec(1, 20, 0)),
    ("2d6+3", DiceSpec(2, 6, 3)),
    ("3d6-1", DiceSpec(3, 6, -1)),
    (" 2 d 6 + 3 ", DiceSpec(2, 6, 3)),
    ("10d100", DiceSpec(10, 100, 0)),
])
def test_parse_accepts_notation(text, spec):
    assert dice.parse(text) == spec


@pytest.mark.parametrize("text", ["", "d", "2d", "20", "d1", "d0", "0d6", "2d6+", "2d6+x",
                                  "abc", "d6x", "2x6", "-1d6", "2d6*2", "d20+3+1"])
def test_parse_rejects_bad_notation_with_the_text_in_the_message(text):
    with pytest.raises(ValueError) as err:
        dice.parse(text)
    assert repr(text) in str(err.value)


@pytest.mark.parametrize("spec,text", [(DiceSpec(1, 20), "d20"), (DiceSpec(2, 6, 3), "2d6+3"),
                                       (DiceSpec(3, 6, -1), "3d6-1")])
def test_spec_prints_back_as_notation(spec, text):
    assert str(spec) == text
    assert dice.parse(str(spec)) == spec


def test_roll_uses_forced_faces_and_labels_modifiers():
    rng = Rng.from_seed(1)
    rng.force([14])
    r = dice.roll(rng, "d20", "attack", [("CPR", 3)])
    assert r.faces == (14,) and r.total == 17 and r.purpose == "attack"
    assert r.modifiers == (("CPR", 3),)
    assert r.breakdown() == "d20 14 + CPR 3 = 17"


def test_roll_of_several_dice_with_notation_bonus_and_penalty():
    rng = Rng.from_seed(1)
    rng.force([3, 4])
    r = dice.roll(rng, "2d6-1", "damage", [("rage", 2)])
    assert r.faces == (3, 4)
    assert r.total == 3 + 4 + 2 - 1
    assert r.breakdown() == "2d6 3+4 + rage 2 - bonus 1 = 8"


def test_roll_without_modifiers_reads_simply():
    rng = Rng.from_seed(1)
    rng.force([5])
    assert dice.roll(rng, "d6", "race").breakdown() == "d6 5 = 5"


def test_seeded_rolls_are_reproducible_and_in_range():
    a = [dice.roll(Rng.from_seed(8), "3d6", "x").faces for _ in range(1)]
    b = [dice.roll(Rng.from_seed(8), "3d6", "x").faces for _ in range(1)]
    assert a == b
    rng = Rng.from_seed(8)
    for _ in range(500):
        r = dice.roll(rng, "3d6+2", "x")
        assert all(1 <= f <= 6 for f in r.faces) and r.total == sum(r.faces) + 2


def test_roll_accepts_a_parsed_spec():
    rng = Rng.from_seed(2)
    rng.force([2, 2])
    assert dice.roll(rng, DiceSpec(2, 4, 1), "x").total == 5


def test_roll_record_json_round_trip():
    r = Roll("attack", "2d6", (3, 4), (("CPR", 2), ("bonus", -1)), 8)
    assert Roll.from_json(r.to_json()) == r

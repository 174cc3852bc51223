"""The exact attack forecast (STYLE habit 13): hit chances from enumerated dice for both defence
cases, concealment's miss chance first, advantage and disadvantage, damage distributions and the
chance to drop the target, contact timing, and the tooltip words. Checked against the real
resolution with every dice outcome forced, and against brute-force enumeration."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from game.engine.systems.bindings import actions as A
from game.engine.systems.bindings import events as E
from game.engine.systems.bindings import forecast as F
from game.engine.systems.bindings.state import Condition

from .combat_kit import ROW, Table, fighter, score


def pair(b_at: int = 5, **b_kw) -> Table:
    """BND-T-15's numbers: attacker AB 0, DEX -1, STR +2; defender DB 2, INT +1."""
    a = fighter("A", 0, 4, ab=0, DEX=score(-1), STR=score(2))
    b = fighter("B", 1, b_at, **{"db": 2, "INT": score(1), "DEX": score(0), "hp": 5,
                                 "max_hp": 30, **b_kw})
    return Table([a, b]).start()


@pytest.mark.rule("BND-T-15")
def test_the_hit_chance_matches_the_real_resolution_over_every_forced_roll():
    odds = F.attack_odds(pair().state, "A", "unarmed_strike", (5, ROW))
    assert odds.hit == Fraction(30, 36)              # 2d6 - 1 > 3
    hits = 0
    for x, y in product(range(1, 7), repeat=2):
        t = pair()
        t.use("A", "unarmed_strike", "B")
        t.force(x, y, 1).do(A.Defend("B", t.state.pending[-1].data["attack"], None))
        hits += t.of(E.AttackResolved)[-1].outcome == "hit"
    assert Fraction(hits, 36) == odds.hit


def brute(o_dice: int, o_extra: int, o_const: int, d_dice: int, d_extra: int, d_const: int,
          ties: bool = False) -> Fraction:
    """P(offence > defence) by listing every face; extra dice are +3d6 (1) or -3d6 (-1)."""
    def totals(n: int, extra: int, const: int):
        k = n + (3 if extra else 0)
        for faces in product(range(1, 7), repeat=k):
            yield const + sum(faces[:n]) + extra * sum(faces[n:])
    os = list(totals(o_dice, o_extra, o_const))
    ds = list(totals(d_dice, d_extra, d_const))
    wins = sum(1 for o in os for d in ds if o > d or (ties and o == d))
    return Fraction(wins, len(os) * len(ds))


@pytest.mark.rule("BND-95")
@pytest.mark.rule("BND-96")
@pytest.mark.parametrize("o_edge,o_extra,d_edge,d_extra", [
    ("none", 0, "none", 0), ("advantage", 1, "none", 0), ("disadvantage", -1, "none", 0),
    ("none", 0, "advantage", 1)])
def test_p_beats_equals_brute_force_enumeration(o_edge, o_extra, d_edge, d_extra):
    for ties in (False, True):
        got = F.p_beats(2, o_edge, 3, 2, d_edge, 2, "subtract_3d6", ties)
        assert got == brute(2, o_extra, 3, 2, d_extra, 2, ties)


def test_drop_dice_disadvantage_turns_the_attack_into_a_flat_total():
    assert F.p_beats(2, "disadvantage", 5, 0, "none", 4, "drop_dice", False) == 1
    assert F.p_beats(2, "disadvantage", 4, 0, "none", 4, "drop_dice", False) == 0


def test_damage_distribution_expected_damage_and_the_chance_to_drop():
    odds = F.attack_odds(pair().state, "A", "unarmed_strike", (5, ROW))
    assert odds.damage == {v: Fraction(1, 6) for v in range(3, 9)}      # STR 2 + 1d6
    assert (odds.min_damage, odds.max_damage) == (3, 8)
    assert odds.expected == odds.hit * Fraction(11, 2)
    assert odds.drop == odds.hit * Fraction(4, 6)                         # hp 5: 5..8 drops


def test_the_defended_case_takes_the_targets_best_declared_answer():
    t = pair(DEX=score(3))
    odds = F.attack_odds(t.state, "A", "unarmed_strike", (5, ROW))
    # options: Dodge (disadvantage vs Reaction 3), Brace (Reaction 3 + 3d6), Unarmed Strike
    # (DB 2 + DEX 3 + 2d6), ...; the lowest hit chance wins
    dodge = brute(2, -1, -1, 0, 0, 3)
    brace = brute(2, 0, -1, 0, 1, 3)
    counter = brute(2, 0, -1, 2, 0, 5)
    assert odds.hit_defended == min(dodge, brace, counter)
    best = {name for name, p in (("dodge", dodge), ("brace", brace),
                                 ("unarmed_strike", counter)) if p == odds.hit_defended}
    assert odds.defended_by in best       # Dodge and Brace tie here: -3d6 is the same as +3d6
    assert odds.hit_defended < odds.hit


@pytest.mark.rule("BND-92")
def test_concealment_multiplies_the_hit_chance_by_the_chance_not_to_miss():
    rows = ["......*........."] * 9
    a = fighter("A", 0, 4, ab=0, DEX=score(-1), INT=score(2))
    b = fighter("B", 1, 8, db=2, INT=score(1), hp=30, max_hp=30)
    t = Table([a, b], rows=rows).start()
    odds = F.attack_odds(t.state, "A", "air_blast", (8, ROW))
    assert odds.concealment == 1 and odds.miss_chance == Fraction(1, 6)
    assert odds.hit == Fraction(5, 6) * brute(2, 0, 2, 0, 0, 3)


def test_prone_gives_a_melee_attack_advantage_in_the_forecast():
    t = pair()
    t.c("B").conditions.append(Condition("prone", -1, "trip"))
    odds = F.attack_odds(t.state, "A", "unarmed_strike", (5, ROW))
    assert odds.edge == "advantage" and odds.hit == brute(2, 1, -1, 0, 0, 3)


@pytest.mark.rule("BND-50")
def test_when_the_attack_arrives_and_the_tooltip_in_words():
    a = fighter("A", 0, 1, ab=1, STR=score(2), moves=["unarmed_strike", "brace", "stone_bullet"])
    b = fighter("B", 1, 8, db=0, INT=score(0), hp=5, max_hp=30)
    t = Table([a, b]).start()
    odds = F.attack_odds(t.state, "A", "stone_bullet", (8, ROW))
    assert odds.segments == 3 and odds.arrives == (1, 3)
    text = F.tooltip(odds, t.state)
    assert text.startswith(f"Hit {round(float(odds.hit) * 100)}%")
    assert f"5–10 dmg, {float(odds.expected):.1f} expected" in text
    assert f"{round(float(odds.drop) * 100)}% to drop" in text and text.endswith("arrives S3")
    far = F.attack_odds(t.state, "A", "stone_bullet", (30, ROW))
    assert not far.legal and F.tooltip(far) == far.why


def test_the_forecast_does_not_touch_the_state_or_the_dice():
    t = pair()
    before = t.state.to_json()
    forced = list(t.rng.forced)
    rng_state = t.rng.state
    F.attack_odds(t.state, "A", "unarmed_strike", (5, ROW))
    assert t.state.to_json() == before and t.rng.forced == forced and t.rng.state == rng_state

"""The exact attack forecast (STYLE habit 13): hit chances from enumerated dice for both defence
cases, concealment's miss chance first, advantage and disadvantage, damage distributions and the
chance to drop the target, contact timing, and the tooltip words. Checked against the real
resolution with every dice outcome forced, and against brute-force enumeration."""
from __future__ import annotations

import copy
from fractions import Fraction
from itertools import product

import pytest

from game.engine.actions import EndTurn
from game.engine.systems.bindings import actions as A
from game.engine.systems.bindings import rules
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


# -- an attack already on its way: the odds of each answer to the defend prompt ------------------

def faces_by_total(n: int) -> list[tuple[tuple[int, ...], int]]:
    """One set of n d6 faces per total, with how many of the 6^n outcomes give that total."""
    ways: dict[int, int] = {}
    first: dict[int, tuple[int, ...]] = {}
    for faces in product(range(1, 7), repeat=n):
        ways[sum(faces)] = ways.get(sum(faces), 0) + 1
        first.setdefault(sum(faces), faces)
    return [(first[s], ways[s]) for s in sorted(ways)]


def real_odds(setup, answer, groups: list[int]) -> tuple[Fraction, Fraction]:
    """(hit chance, drop chance) of the real resolution: every total of each dice group in the
    order resolve rolls them is forced (weighted by how many outcomes give it), the attack is
    answered by `answer(table, attack_id)` and the turns run until it resolves. Each run starts
    from a copy of one validated set-up, and later steps go straight to rules.apply: validating
    an EndTurn lists every reachable hex, which would make this slow, and the answers are the
    stage's own legal actions (checked once below)."""
    base = setup()
    aid = base.state.pending[-1].data["attack"]
    hits = drops = total = 0
    for combo in product(*(faces_by_total(n) for n in groups)):
        weight = 1
        forced: list[int] = []
        for faces, ways in combo:
            weight *= ways
            forced += faces
        t = copy.deepcopy(base)
        t.force(*forced)
        answer(t, aid)
        for _ in range(6):
            if t.of(E.AttackResolved):
                break
            assert not t.state.pending, t.state.pending
            t.events += rules.apply(t.state, EndTurn(), t.rng)
        res = t.of(E.AttackResolved)
        assert len(res) == 1, res
        total += weight
        hits += weight * (res[0].outcome == "hit")
        drops += weight * t.c("B").down
    return Fraction(hits, total), Fraction(drops, total)


def struck(**house) -> Table:
    """A's Unarmed Strike reaches B before B's turn: the defend stage is open (pair's numbers:
    offence DEX -1 + 2d6 against DB 2 + INT 1 = 3; damage STR 2 + 1d6 against 5 HP)."""
    a = fighter("A", 0, 4, ab=0, DEX=score(-1), STR=score(2))
    b = fighter("B", 1, 5, db=2, INT=score(1), DEX=score(0), hp=5, max_hp=30)
    t = Table([a, b], house=house).start()
    t.use("A", "unarmed_strike", "B")
    assert t.stage == "defend"
    return t


def declare(option):
    def answer(t: Table, aid: str) -> None:
        action = A.Defend("B", aid, option)
        assert action in rules.legal_actions(t.state)
        t.events += rules.apply(t.state, action, t.rng)
    return answer


# the dice each answer makes resolve roll, in order: offence, defence, damage
DICE = {None: [2, 1], "dodge": [2, 3, 1], "brace": [2, 3, 1], "unarmed_strike": [2, 2, 1]}


@pytest.mark.rule("BND-43")
@pytest.mark.rule("BND-45")
@pytest.mark.rule("BND-46")
@pytest.mark.rule("BND-54")
@pytest.mark.parametrize("option", [None, "dodge", "brace", "unarmed_strike"])
def test_each_answer_to_the_defend_prompt_matches_the_real_resolution(option):
    t = struck()
    aid = t.state.pending[-1].data["attack"]
    odds = F.defence_odds(t.state, aid, option)
    assert (odds.hit, odds.drop) == real_odds(struck, declare(option), DICE[option])
    # offence AB 0 + DEX -1 + 2d6; Reaction DB 2 + INT 1; a counter DB 2 + DEX 0 + 2d6
    expected = {None: brute(2, 0, -1, 0, 0, 3), "dodge": brute(2, -1, -1, 0, 0, 3),
                "brace": brute(2, 0, -1, 0, 1, 3), "unarmed_strike": brute(2, 0, -1, 2, 0, 2)}
    assert odds.hit == expected[option]
    assert odds.drop == odds.hit * Fraction(4, 6)                     # 5..8 of 3..8 drops
    assert (odds.cost, odds.slot) == {None: (None, False), "dodge": ("move", True),
                                      "brace": ("standard", True),
                                      "unarmed_strike": ("standard", True)}[option]
    assert odds.dodge == (option == "dodge")


def test_the_defence_table_lists_the_stages_options_and_the_reaction_last():
    t = struck()
    aid = t.state.pending[-1].data["attack"]
    table = F.defence_table(t.state, aid)
    assert [o.option for o in table] == [*t.state.pending[-1].data["options"], None]
    # the prompt-time odds agree with the forecast made before the strike (nobody has moved)
    before = F.attack_odds(pair().state, "A", "unarmed_strike", (5, ROW))
    assert table[-1].hit == before.hit and table[-1].drop == before.drop
    assert min(o.hit for o in table) == before.hit_defended


@pytest.mark.rule("BND-GM-06")
def test_a_brace_that_resolves_after_the_attack_does_not_help_it():
    house = {"defend_order": "attack_first"}
    t = struck(**house)
    aid = t.state.pending[-1].data["attack"]
    brace = F.defence_odds(t.state, aid, "brace")
    assert brace.defence_edge == "none" and brace.hit == F.defence_odds(t.state, aid, None).hit
    assert (brace.hit, brace.drop) == real_odds(lambda: struck(**house), declare("brace"), [2, 1])


@pytest.mark.rule("BND-GM-11")
def test_a_brace_that_covers_only_checks_leaves_the_reaction_flat():
    house = {"brace_scope": "checks"}
    t = struck(**house)
    aid = t.state.pending[-1].data["attack"]
    brace = F.defence_odds(t.state, aid, "brace")
    assert brace.hit == brute(2, 0, -1, 0, 0, 3)
    assert (brace.hit, brace.drop) == real_odds(lambda: struck(**house), declare("brace"), [2, 1])


@pytest.mark.rule("BND-GM-12")
@pytest.mark.parametrize("option,groups", [(None, [2, 1]), ("brace", [2, 3, 1])])
def test_reaction_as_damage_reduction(option, groups):
    house = {"reaction_mode": "damage_reduction"}
    t = struck(**house)
    aid = t.state.pending[-1].data["attack"]
    odds = F.defence_odds(t.state, aid, option)
    assert odds.defence == "reduction"
    assert odds.hit == brute(2, 0, -1, 0, 0, 0)                 # against a defence of 0
    if option is None:
        # 3..8 damage less DB 2 + INT 1 = 3: 0..5, and only the 5 drops B (5 HP)
        assert odds.damage == {v: Fraction(1, 6) for v in range(6)}
        assert odds.drop == odds.hit * Fraction(1, 6)
    assert (odds.hit, odds.drop) == real_odds(lambda: struck(**house), declare(option), groups)


@pytest.mark.rule("BND-85")
@pytest.mark.rule("BND-81")
@pytest.mark.rule("BND-92")
def test_cover_concealment_and_range_penalty_come_from_the_record():
    """What the launch fixed is used, not what the positions would give now."""
    def setup():
        t = struck()
        a = t.state.attacks[0]
        a.cover, a.concealment, a.range_penalty = True, 1, -1
        return t
    t = setup()
    aid = t.state.pending[-1].data["attack"]
    odds = F.defence_odds(t.state, aid, None)
    assert odds.miss_chance == Fraction(1, 6) and odds.edge == "disadvantage"
    assert "cover" in odds.reasons
    assert odds.hit == Fraction(5, 6) * brute(2, -1, -2, 0, 0, 3)
    assert F.attack_odds(t.state, "A", "unarmed_strike", (5, ROW)).hit != odds.hit
    # resolve rolls: the miss d6, offence 2d6, its disadvantage 3d6, damage 1d6
    assert (odds.hit, odds.drop) == real_odds(setup, declare(None), [1, 2, 3, 1])


def dodging_then_struck() -> Table:
    """B started a Dodge on its own turn (first in S1); A's strike reaches it in the same
    segment: no defence can be declared (the slot is used), the use_dodge stage asks."""
    a = fighter("A", 0, 4, ab=0, DEX=score(-1), STR=score(2))
    b = fighter("B", 1, 5, db=2, INT=score(1), DEX=score(0), hp=5, max_hp=30)
    t = Table([a, b], order=["B", "A"]).start()
    t.do(A.StartMovement("B", "dodge", (5, ROW)))
    t.end()
    t.use("A", "unarmed_strike", "B")
    assert t.stage == "use_dodge"
    return t


@pytest.mark.rule("BND-54")
@pytest.mark.rule("BND-GM-30")
@pytest.mark.parametrize("use", [True, False])
def test_the_use_dodge_answer_matches_the_real_resolution(use):
    t = dodging_then_struck()
    aid = t.state.pending[-1].data["attack"]
    odds = F.defence_odds(t.state, aid, None, dodge=use)
    assert odds.dodge is use and odds.cost is None
    assert odds.hit == brute(2, -1 if use else 0, -1, 0, 0, 3)
    def answer(t: Table, aid: str) -> None:
        t.events += rules.apply(t.state, A.UseDodge("B", aid, use), t.rng)
    got = real_odds(dodging_then_struck, answer, [2, 3, 1] if use else [2, 1])
    assert (odds.hit, odds.drop) == got


def test_defence_words():
    t = struck()
    aid = t.state.pending[-1].data["attack"]
    odds = F.defence_odds(t.state, aid, None)
    assert F.defence_words(odds) == (f"hit {round(float(odds.hit) * 100)}% · "
                                     f"{round(float(odds.drop) * 100)}% to drop")
    t.c("B").hp = 30
    calm = F.defence_odds(t.state, aid, None)
    assert calm.drop == 0 and F.defence_words(calm).endswith("dmg expected")

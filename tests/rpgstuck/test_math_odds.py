"""Exact odds against brute force: every forced face sequence is played through the same roll
functions the engine uses, and the counts must equal the forecast's fractions exactly."""
from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.rng import Rng
from game.engine.systems.rpgstuck import damage as D
from game.engine.systems.rpgstuck import odds as X
from game.engine.systems.rpgstuck import rolls as R
from game.engine.systems.rpgstuck.listing import DamageDice, pc_numbers, resolve, roll_damage
from game.engine.systems.rpgstuck.rolls import ABDie
from game.engine.tactics import odds as O

PC1 = pc_numbers(1)


def forced(faces: Sequence[int]) -> Rng:
    rng = Rng.from_seed(11)
    rng.force(list(faces))
    return rng


def brute_attack(to_hit: int, defense: int, *, net: int = 0, aim: Sequence[ABDie] = (),
                 block: Sequence[ABDie] = (), crit_range: int = 0, horde: bool = False,
                 **kw: object) -> dict[tuple[int, bool], Fraction]:
    _, dice = R.cancel(aim, block)
    ranges = [range(1, 21)] * (2 if net else 1) + [range(1, d.sides + 1) for d in dice]
    counts: dict[tuple[int, bool], int] = {}
    n = 0
    for faces in itertools.product(*ranges):
        rng = forced(faces)
        d = R.roll_d20(rng, net)
        ab = R.roll_aim_block(rng, aim, block)
        assert not rng.forced
        t = R.attack_total(d.natural, to_hit, defense, aim_block=ab.value, stack=d.stack, **kw)
        o = R.outcome(d.natural, t.total, t.defense, crit_range=crit_range, horde=horde)
        counts[(o.hits, o.crit)] = counts.get((o.hits, o.crit), 0) + 1
        n += 1
    return {k: Fraction(v, n) for k, v in sorted(counts.items())}


@pytest.mark.rule("RS-B-10", "RS-26", "RS-27", "RS-28", "RS-29", "RS-33", "RS-34", "RS-35",
                  "RS-40", "RS-41", "RS-AMB-02", "RS-AMB-03")
@pytest.mark.parametrize("net,aim,block,crit_range", [
    (0, (), (), 0),
    (1, (), (), 2),
    (-1, (), (), 0),
    (2, (ABDie(4),), (), 0),
    (-3, (), (ABDie(4, 2),), 1),
    (0, (ABDie(4), ABDie(8)), (ABDie(6),), 0),
    (1, (ABDie(10, 2),), (), 19),
    (0, (), (ABDie(2, -3), ABDie(3)), 0),
])
def test_attack_odds_match_brute_force(net: int, aim: tuple[ABDie, ...],
                                       block: tuple[ABDie, ...], crit_range: int) -> None:
    got = X.attack(5, 16, net=net, aim=aim, block=block, crit_range=crit_range)
    assert got.table == brute_attack(5, 16, net=net, aim=aim, block=block, crit_range=crit_range)
    assert sum(got.table.values()) == 1


@pytest.mark.rule("RS-45", "RS-46", "RS-47", "RS-112", "RS-AMB-17", "RS-TV-31", "RS-TV-32")
def test_called_shot_and_cover_odds() -> None:
    got = X.attack(6, 20, crit_range=9, called_y=4, trade=True, cover=2)
    assert (got.defense, got.crit_range) == (20, 1)
    assert got.table == brute_attack(6, 20, crit_range=1, cover=2)
    plain = X.attack(2, 14, crit_range=2, called_y=4)
    assert (plain.defense, plain.crit_range) == (18, -2)
    assert plain.crit == Fraction(1, 20)             # only a natural 20 (TV-31)
    as_def = X.attack(2, 14, cover=2, cover_as="defense")
    assert as_def.defense == 16
    assert as_def.table == brute_attack(2, 14, cover=2, cover_as="defense")
    with pytest.raises(ValueError):
        X.attack(6, 20, crit_range=5, called_y=4, trade=True)


@pytest.mark.rule("RS-81", "RS-82", "RS-TV-43")
def test_horde_hit_distribution() -> None:
    got = X.attack(1, 14, horde=True, hit_terms=[("horde strength", 10)])
    assert got.table == brute_attack(1, 14, horde=True, hit_terms=[("horde strength", 10)])
    hits = got.hits()
    assert max(hits) == 1 + (20 + 11 - 14) // 5
    assert sum(hits.values()) == 1


def brute_damage(dice: DamageDice, advantage: bool, through) -> dict[int, Fraction]:
    rolled = dice.count * (2 if advantage else 1)
    counts: dict[int, int] = {}
    n = 0
    for faces in itertools.product(range(1, dice.die + 1), repeat=rolled):
        r = roll_damage(forced(faces), dice, advantage=advantage)
        v = through(r.total)
        counts[v] = counts.get(v, 0) + 1
        n += 1
    return {k: Fraction(c, n) for k, c in sorted(counts.items())}


@pytest.mark.rule("RS-17", "RS-21", "RS-22", "RS-25", "RS-37", "RS-38", "RS-51", "RS-92",
                  "RS-93", "RS-B-30", "RS-AMB-01")
@pytest.mark.parametrize("listing,steps,stat,kw", [
    ("Qd8+STR", 0, 3, {}),
    ("Qd8+STR", 1, 3, {"crit": True}),
    ("2d10+STR", 0, 3, {"advantage": True}),
    ("Qd4+DEX", -4, 2, {"halvings": 1}),
    ("2Qd12", 1, 0, {"crit": True, "head": True, "halvings": 1, "aegis": 2}),
    ("2d8+3", 0, 0, {"mod": 3, "assail": True, "weakened": True, "bonus": 100}),
    ("Qd6", 0, 0, {"head": True, "crit": True, "head_crit_mode": "stack", "advantage": True}),
    ("P", 1, 0, {"aegis": 1, "advantage": True}),
])
def test_damage_odds_match_brute_force(listing: str, steps: int, stat: int, kw: dict) -> None:
    dice = resolve(listing, PC1, steps=steps, stat_mod=stat)
    got = X.instance(dice, **kw)
    pct = D.bonus_percent(crit=kw.get("crit", False), head=kw.get("head", False),
                          extra=[kw.get("bonus", 0)],
                          head_crit_mode=kw.get("head_crit_mode", "example"))

    def through(total: int) -> int:
        pre = D.pre_multiplier(total, mod=kw.get("mod", 0), assail=kw.get("assail", False),
                               weakened=kw.get("weakened", False))
        return D.instance(pre, bonus=pct, halvings=kw.get("halvings", 0),
                          aegis=kw.get("aegis", 0)).amount

    assert got == brute_damage(dice, kw.get("advantage", False), through)


@pytest.mark.rule("RS-25")
def test_keep_highest_against_enumeration() -> None:
    for keep, rolled, sides in ((1, 2, 6), (2, 4, 10), (3, 6, 4), (2, 2, 8)):
        counts: dict[int, int] = {}
        for faces in itertools.product(range(1, sides + 1), repeat=rolled):
            s = sum(sorted(faces)[-keep:])
            counts[s] = counts.get(s, 0) + 1
        total = sides ** rolled
        assert O.keep_highest(keep, rolled, sides) == {k: Fraction(v, total) for k, v in counts.items()}


@pytest.mark.rule("RS-02", "RS-12", "RS-48", "RS-36", "RS-B-29")
def test_drop_chance_of_a_single_attack() -> None:
    dice = resolve("Qd8+STR", PC1, stat_mod=3)
    att = X.attack(5, 14, crit_range=2)
    total = X.attack_damage(att, X.instance(dice), X.instance(dice, crit=True))
    # Brute force: d20 then the damage die, as the engine rolls them.
    hp, temp = 12, 2
    drops = 0
    for nat, face in itertools.product(range(1, 21), range(1, 9)):
        rng = forced([nat, face])
        d = R.roll_d20(rng)
        o = R.outcome(d.natural, R.attack_total(d.natural, 5, 14).total, 14, crit_range=2)
        if not o.hit:
            continue
        pre = D.pre_multiplier(roll_damage(rng, dice).total)
        amount = D.instance(pre, bonus=D.bonus_percent(crit=o.crit)).amount
        drops += D.take(D.Vitals(hp, 20, temp), amount).vitals.down
    assert X.p_drop(total, hp, temp) == Fraction(drops, 160)
    assert X.p_drop(total, 0) == 1


@pytest.mark.rule("RS-81", "RS-AMB-08", "RS-B-16")
@pytest.mark.parametrize("mode", ["separate", "one_roll", "first_crit"])
def test_horde_damage_against_brute_force(mode: str) -> None:
    dice = resolve("1d4+1", PC1)
    att = X.attack(1, 14, horde=True, hit_terms=[("horde strength", 10)])
    hit = X.instance(dice, aegis=1)
    crit = X.instance(dice, crit=True, aegis=1)
    got = X.attack_damage(att, hit, crit, horde_mode=mode)  # type: ignore[arg-type]
    counts: dict[int, Fraction] = {}
    for nat in range(1, 21):
        total = R.attack_total(nat, 1, 14, hit_terms=[("horde strength", 10)]).total
        o = R.outcome(nat, total, 14, horde=True)
        plan = D.horde_plan(o.hits, o.crit, mode=mode)  # type: ignore[arg-type]
        rolls = sum(step.own_roll for step in plan)
        for faces in itertools.product(range(1, 5), repeat=rolls):
            rng = forced(faces)
            dealt = 0
            last = 0
            for step in plan:
                if step.own_roll:
                    last = roll_damage(rng, dice).total
                pct = D.bonus_percent(crit=step.crit)
                dealt += D.instance(D.pre_multiplier(last), bonus=pct, aegis=1).amount
            w = Fraction(1, 20) / Fraction(4 ** rolls)
            counts[dealt] = counts.get(dealt, Fraction(0)) + w
    assert got == dict(sorted(counts.items()))


@pytest.mark.rule("RS-48")
def test_part_hp_raises_what_a_drop_needs() -> None:
    dist = {10: Fraction(1, 2), 20: Fraction(1, 2)}
    assert X.p_drop(dist, 10) == 1
    assert X.p_drop(dist, 10, part_hp=5) == Fraction(1, 2)


@pytest.mark.rule("RS-B-29", "RS-B-30", "RS-51")
def test_forecast_bundles_the_pieces() -> None:
    dice = resolve("Qd8+STR", PC1, stat_mod=3)
    att = X.attack(5, 18, called_y=4, crit_range=2)
    terms = X.DamageTerms(head=True, aegis=1)
    f = X.forecast(att, dice, terms, hp=10, temp_hp=2)
    assert f.hit_damage == X.instance(dice, head=True, aegis=1)
    assert f.crit_damage == X.instance(dice, head=True, aegis=1, crit=True)
    assert f.total == X.attack_damage(att, f.hit_damage, f.crit_damage)
    assert f.drop == X.p_drop(f.total, 10, 2)
    assert f.expected == O.mean(f.total)


@pytest.mark.rule("RS-47", "RS-B-31", "RS-SM-19", "RS-TV-32", "RS-TV-33")
def test_ai_trade_choice() -> None:
    dice = resolve("Qd8+STR", PC1, stat_mod=3)
    # TV-32: range +9 against AC 20 at the head: +4 defence costs far more than 4 crit faces.
    assert X.trade_pays(6, 20, 9, 4, dice, hp=30)
    # TV-33: +5 cannot trade Y 4.
    assert not X.trade_pays(6, 20, 5, 4, dice, hp=30)
    # Only a natural 20 hits, and it crits either way: the trade gains nothing.
    assert not X.trade_pays(-30, 20, 8, 4, dice, hp=30)
    assert not X.trade_pays(6, 20, 8, 0, dice, hp=30)


_die = st.builds(ABDie, st.sampled_from(R.AB_LADDER), st.integers(-3, 3))


@pytest.mark.rule("RS-B-10", "RS-27", "RS-28", "RS-29", "RS-34", "RS-81", "RS-AMB-17")
@settings(max_examples=25, deadline=None)
@given(to_hit=st.integers(-5, 15), defense=st.integers(5, 30), net=st.integers(-3, 3),
       aim=st.lists(_die, max_size=2), block=st.lists(_die, max_size=2),
       crit_range=st.integers(-4, 20), cover=st.sampled_from([0, 2, 4]), horde=st.booleans())
def test_attack_odds_property(to_hit: int, defense: int, net: int, aim: list[ABDie],
                              block: list[ABDie], crit_range: int, cover: int,
                              horde: bool) -> None:
    got = X.attack(to_hit, defense, net=net, aim=aim, block=block, crit_range=crit_range,
                   cover=cover, horde=horde)
    assert got.table == brute_attack(to_hit, defense, net=net, aim=aim, block=block,
                                     crit_range=crit_range, cover=cover, horde=horde)


@pytest.mark.rule("RS-20", "RS-25", "RS-38", "RS-B-30")
@settings(max_examples=25, deadline=None)
@given(listing=st.sampled_from(["Qd4+STR", "2Qd3", "3Qd2", "1d6+2", "Q", "2d8"]),
       steps=st.integers(-4, 9), stat=st.integers(-1, 4), advantage=st.booleans(),
       crit=st.booleans(), halvings=st.integers(0, 3), aegis=st.integers(0, 3))
def test_damage_odds_property(listing: str, steps: int, stat: int, advantage: bool, crit: bool,
                              halvings: int, aegis: int) -> None:
    dice = resolve(listing, PC1, steps=steps, stat_mod=stat)
    if dice.die ** (dice.count * 2) > 5000:
        advantage = False          # keep the brute force small
    got = X.instance(dice, crit=crit, advantage=advantage, halvings=halvings, aegis=aegis)
    pct = D.bonus_percent(crit=crit)

    def through(total: int) -> int:
        return D.instance(D.pre_multiplier(total), bonus=pct, halvings=halvings,
                          aegis=aegis).amount

    assert got == brute_damage(dice, advantage, through)


@pytest.mark.rule("RS-29", "RS-AMB-03")
def test_literal_aim_block_odds_match_brute_force() -> None:
    aim, block = (ABDie(10, 2), ABDie(2, -2)), ()
    got = X.attack(5, 16, aim=aim, aimblock_floor="literal")
    counts: dict[tuple[int, bool], int] = {}
    for faces in itertools.product(range(1, 21), range(1, 11), range(1, 3)):
        rng = forced(faces)
        d = R.roll_d20(rng)
        ab = R.roll_aim_block(rng, aim, block, aimblock_floor="literal")
        o = R.outcome(d.natural, R.attack_total(d.natural, 5, 16, aim_block=ab.value).total, 16)
        counts[(o.hits, o.crit)] = counts.get((o.hits, o.crit), 0) + 1
    assert got.table == {k: Fraction(v, 400) for k, v in sorted(counts.items())}

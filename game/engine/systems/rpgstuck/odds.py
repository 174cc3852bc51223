"""Exact odds of an rpgstuck attack for the forecast and the bots (B-29/B-30 as fractions).

Owns: the distribution of the kept d20 with net advantage and of the Aim/Block value; the chance
to hit, to crit and (hordes) the joint distribution of hits and crit; the damage distribution of
one hit and one crit after the ladder, flats, Assail/Weakened, percentages, halving and Aegis;
the total damage of an attack (every horde hit its own instance, AMB-08) and the chance it drops
a target with given HP, temp HP and part HP.

Every number is computed by calling the same functions the engine resolves with (rolls.py,
damage.py, listing.py) on each possible face, so forecast and play cannot drift apart.

Must not: sample or roll (no generator at all), read creatures, maps or the match.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Sequence

from game.engine.tactics import odds as O
from game.engine.tactics.odds import Dist

from . import damage as D
from . import rolls as R
from .listing import DamageDice

ONE = Fraction(1)
ZERO = Fraction(0)


def d20(net: int = 0) -> dict[int, Fraction]:
    """The kept face (the natural, RS-42) with net advantage (B-10)."""
    die = O.dice(1, 20)
    if net == 0:
        return die
    return O.best_of([die, die], worst=net < 0)


def check(bonus: int, dc: int, *, net: int = 0) -> Fraction:
    """The chance a skill check (d20 + `bonus`, arith.check) meets `dc`."""
    return sum((p for face, p in d20(net).items() if face + bonus >= dc), ZERO)


def opposed(changer_mod: int, keeper_mod: int, *, changer_net: int = 0, nat_rules: bool = False,
            opposed_tie: R.OpposedTie = "status_quo", rolls: int = 1) -> Fraction:
    """The chance the side trying to change things wins an opposed check (B-08, AMB-21, SM-07):
    every pair of kept faces read by rolls.opposed, as the engine resolves it. The keeper rolls
    a plain d20. With the tie option "reroll" a tie rolls again, at most `rolls` times in all
    (the engine's cap); after the last tie the status quo stands."""
    mine = d20(changer_net)
    theirs = d20(0)
    stack = R.stack_term(changer_net)
    win = tie = ZERO
    for a, pa in mine.items():
        for b, pb in theirs.items():
            got = R.opposed(R.check_total(a, changer_mod, stack=stack),
                            R.check_total(b, keeper_mod), changer_natural=a,
                            keeper_natural=b, nat_rules=nat_rules, opposed_tie=opposed_tie)
            if got is None:
                tie += pa * pb
            elif got:
                win += pa * pb
    if tie == 0:
        return win
    return win * (1 - tie ** rolls) / (1 - tie)      # a tie, again and again, then a win


def aim_block(aim: Sequence[R.ABDie] = (), block: Sequence[R.ABDie] = (), *,
              pairing: R.Pairing = "largest",
              aimblock_floor: R.AimBlockFloor = "magnitude") -> dict[int, Fraction]:
    """The signed Aim/Block value after cancelling (RS-27..29, AMB-02/03): every face of the
    few surviving dice, read by rolls.ab_value."""
    kind, dice = R.cancel(aim, block, pairing=pairing)
    if kind == "none":
        return O.certain(0)
    weight = Fraction(1)
    for d in dice:
        weight /= d.sides
    out: dict[int, Fraction] = {}
    for faces in itertools.product(*(range(1, d.sides + 1) for d in dice)):
        v = R.ab_value(kind, dice, faces, aimblock_floor=aimblock_floor)
        out[v] = out.get(v, ZERO) + weight
    return dict(sorted(out.items()))


@dataclass(frozen=True, slots=True)
class AttackOdds:
    """Exact odds of one attack roll against one target.

    `table` maps (hits, crit) to its chance: (0, False) is a miss, (1, False) a plain hit,
    (1, True) a crit; a horde adds rows with more hits. `defense` and `crit_range` are the
    numbers actually used (after a called shot)."""

    table: dict[tuple[int, bool], Fraction] = field(default_factory=dict)
    defense: int = 0
    crit_range: int = 0

    @property
    def hit(self) -> Fraction:
        return sum((p for (h, _), p in self.table.items() if h > 0), ZERO)

    @property
    def crit(self) -> Fraction:
        return sum((p for (h, c), p in self.table.items() if c), ZERO)

    @property
    def miss(self) -> Fraction:
        return self.table.get((0, False), ZERO)

    def hits(self) -> dict[int, Fraction]:
        """The horde hit count (RS-81): 0 on a miss."""
        out: dict[int, Fraction] = {}
        for (h, _), p in self.table.items():
            out[h] = out.get(h, ZERO) + p
        return dict(sorted(out.items()))


def attack(to_hit: int, defense: int, *, net: int = 0, aim: Sequence[R.ABDie] = (),
           block: Sequence[R.ABDie] = (), crit_range: int = 0, called_y: int | None = None,
           trade: bool = False, hit_terms: Sequence[tuple[str, int]] = (), cover: int = 0,
           defense_kind: R.DefenseKind = "AC", horde: bool = False, nat1_can_hit: bool = False,
           ignore_maluses: bool = False, ignore_bonuses: bool = False,
           cover_as: R.CoverAs = "malus", aimblock_as_bonus: bool = False,
           pairing: R.Pairing = "largest",
           aimblock_floor: R.AimBlockFloor = "magnitude") -> AttackOdds:
    """The exact hit/crit/horde-hit odds of one attack roll (B-29 steps 4-8). The keywords are
    those of `rolls.attack_total` and `rolls.outcome`; `called_y` names a part's Y (RS-45) and
    `trade` the RS-47 trade (ValueError when not allowed)."""
    if called_y is not None:
        cs = R.called_shot(defense, crit_range, called_y, trade=trade)
        defense, crit_range = cs.defense, cs.crit_range
    stack = R.stack_term(net)
    ab = aim_block(aim, block, pairing=pairing, aimblock_floor=aimblock_floor)
    table: dict[tuple[int, bool], Fraction] = {}
    used_defense = defense
    for natural, pn in d20(net).items():
        for value, pa in ab.items():
            t = R.attack_total(natural, to_hit, defense, hit_terms=hit_terms, aim_block=value,
                               stack=stack, cover=cover, defense_kind=defense_kind,
                               ignore_maluses=ignore_maluses, ignore_bonuses=ignore_bonuses,
                               cover_as=cover_as, aimblock_as_bonus=aimblock_as_bonus)
            used_defense = t.defense
            o = R.outcome(natural, t.total, t.defense, crit_range=crit_range, horde=horde,
                          nat1_can_hit=nat1_can_hit)
            key = (o.hits, o.crit)
            table[key] = table.get(key, ZERO) + pn * pa
    return AttackOdds(dict(sorted(table.items())), used_defense, crit_range)


def base_roll(dice: DamageDice, *, advantage: bool = False) -> dict[int, Fraction]:
    """The base damage roll's total: dice (RS-25: with advantage the best `count` of twice as
    many) plus the listing's flats."""
    if dice.count == 0:
        return O.certain(dice.flat)
    rolled = dice.count * (2 if advantage else 1)
    return O.shift(O.keep_highest(dice.count, rolled, dice.die), dice.flat)


def instance(dice: DamageDice, *, crit: bool = False, advantage: bool = False, mod: int = 0,
             assail: bool = False, weakened: bool = False, riders: Sequence[int] = (),
             bonus: int = 0, head: bool = False, psi_core: bool = False, halvings: int = 0,
             aegis: int = 0, true_damage: bool = False,
             head_crit_mode: D.HeadCritMode = "example") -> dict[int, Fraction]:
    """One damage instance after B-30 steps 1-4. `bonus` is the sum of extra percentages
    (Trace and the like); crit, head and psi core add theirs (damage.bonus_percent)."""
    pct = D.bonus_percent(crit=crit, head=head, psi_core=psi_core, extra=[bonus] if bonus else [],
                          head_crit_mode=head_crit_mode)

    def through(total: int) -> int:
        pre = D.pre_multiplier(total, mod=mod, assail=assail, weakened=weakened, riders=riders)
        return D.instance(pre, bonus=pct, halvings=halvings, aegis=aegis,
                          true_damage=true_damage).amount

    return O.transform(base_roll(dice, advantage=advantage), through)


def attack_damage(odds: AttackOdds, hit: Dist, crit: Dist, *,
                  horde_mode: D.HordeDamageMode = "separate") -> dict[int, Fraction]:
    """Total damage of the attack: 0 on a miss; per AMB-08 each horde hit is its own instance
    (`separate`: each rolls; `one_roll`: one roll dealt by every hit; `first_crit`: only the
    first hit of a critting roll crits)."""
    parts: list[tuple[Fraction, Dist]] = []
    for (hits, is_crit), p in odds.table.items():
        if hits == 0:
            parts.append((p, O.certain(0)))
        elif horde_mode == "one_roll":
            parts.append((p, O.transform(crit if is_crit else hit, lambda v, k=hits: v * k)))
        else:
            plan = D.horde_plan(hits, is_crit, mode=horde_mode)
            parts.append((p, O.add(*(crit if step.crit else hit for step in plan))))
    return O.mix(parts)


def p_drop(damage: Dist, hp: int, temp_hp: int = 0, part_hp: int = 0) -> Fraction:
    """The chance the damage takes HP to 0: it must get through the part's HP (RS-48), temp HP
    (RS-12) and HP (RS-02)."""
    need = hp + temp_hp + part_hp
    return O.p_above(damage, need, ties=True) if need > 0 else ONE


@dataclass(frozen=True, slots=True)
class DamageTerms:
    """Everything besides the dice and the crit that shapes one instance (the keywords of
    `instance`), so a forecast can build the hit and the crit distribution from one record."""

    advantage: bool = False
    mod: int = 0
    assail: bool = False
    weakened: bool = False
    riders: tuple[int, ...] = ()
    bonus: int = 0
    head: bool = False
    psi_core: bool = False
    halvings: int = 0
    aegis: int = 0
    true_damage: bool = False
    head_crit_mode: D.HeadCritMode = "example"

    def dist(self, dice: DamageDice, crit: bool) -> dict[int, Fraction]:
        return instance(dice, crit=crit, advantage=self.advantage, mod=self.mod,
                        assail=self.assail, weakened=self.weakened, riders=self.riders,
                        bonus=self.bonus, head=self.head, psi_core=self.psi_core,
                        halvings=self.halvings, aegis=self.aegis, true_damage=self.true_damage,
                        head_crit_mode=self.head_crit_mode)


@dataclass(frozen=True, slots=True)
class Forecast:
    """What the hover shows and the bots weigh (habit 13): the roll's odds, the damage of a hit
    and of a crit, the attack's total damage and the chance it drops the target."""

    attack: AttackOdds
    hit_damage: dict[int, Fraction]
    crit_damage: dict[int, Fraction]
    total: dict[int, Fraction]
    drop: Fraction

    @property
    def expected(self) -> Fraction:
        return O.mean(self.total)


def forecast(att: AttackOdds, dice: DamageDice, terms: DamageTerms = DamageTerms(), *,
             hp: int, temp_hp: int = 0, part_hp: int = 0,
             horde_mode: D.HordeDamageMode = "separate") -> Forecast:
    hit = terms.dist(dice, False)
    crit = terms.dist(dice, True)
    total = attack_damage(att, hit, crit, horde_mode=horde_mode)
    return Forecast(att, hit, crit, total, p_drop(total, hp, temp_hp, part_hp))


def trade_pays(to_hit: int, defense: int, crit_range: int, y: int, dice: DamageDice,
               terms: DamageTerms = DamageTerms(), *, hp: int, temp_hp: int = 0,
               part_hp: int = 0, **attack_kw: object) -> bool:
    """B-31/SM-19 for the AI: take the RS-47 trade when it is allowed and raises the expected
    damage (more hits against fewer crits). `attack_kw` are the other keywords of `attack`."""
    if y == 0 or not R.trade_allowed(crit_range, y):
        return False
    plain = attack(to_hit, defense, crit_range=crit_range, called_y=y, **attack_kw)  # type: ignore[arg-type]
    traded = attack(to_hit, defense, crit_range=crit_range, called_y=y, trade=True,
                    **attack_kw)  # type: ignore[arg-type]
    a = forecast(plain, dice, terms, hp=hp, temp_hp=temp_hp, part_hp=part_hp)
    b = forecast(traded, dice, terms, hp=hp, temp_hp=temp_hp, part_hp=part_hp)
    return b.expected > a.expected

"""Exact odds of gu_masters tests, by enumerating the d100 (and pairs of d100 for opposed tests
and worst-of-two disadvantage): the chance a test succeeds, its degree distribution, the chance
one side wins an opposed test, and the chance an attack hits after the defender's best reaction
(dodge, parry at +10, or none; GU-81, GU-86), and what a hit then does: the chance to drop the
target, send it to Final Stand or Dying, or kill it (`hit_forecast`). The battle screen's
forecast and the bots read these numbers, so both agree with what `checks.resolve_test` would
roll and `damage.take` would deal.

Owns: the `Check` record (a test about to be rolled, its modifiers already summed) and exact
probabilities as `Fraction`s. Everything is counted in integer weights over 100 (one die) or
10 000 (worst of two) per test, and every outcome is decided by `checks`, never re-derived.

Must not: roll dice, read creatures or the match, or decide which reactions are allowed (the
caller passes only the reactions the defender can take).
"""
from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Literal

from game.engine.systems.gu_masters.checks import check_modes, contest, resolve_test
from game.engine.systems.gu_masters.damage import DamageResult

_SCALE = 10_000            # weights per test: 100 per face, or (2r - 1) for a worst-of-two face
Reaction = Literal["none", "dodge", "parry"]
PARRY_PENALTY = 10         # GU-86: the parry's Close Combat test is made at +10


@dataclass(frozen=True, slots=True)
class Check:
    """A test about to be rolled: the target, the sum of its modifiers (penalties positive,
    GU-02), whether it is made with disadvantage (GU-X-06) and whether a status fails it
    outright (GU-149, GU-152)."""

    target: int
    modifier: int = 0
    disadvantage: bool = False
    auto_fail: bool = False


@lru_cache(maxsize=4096)
def outcomes(check: Check, disadv_mode: str = "worst_of_two",
             crit_mode: str = "range") -> tuple[tuple[int, bool, int, bool, bool, int], ...]:
    """Every kept raw d100 of the check as (raw, success, dos, critical, fumble, weight), the
    weights summing to 10 000. Each is resolved by `checks.resolve_test` itself."""
    check_modes(disadv_mode, crit_mode)
    worst_of_two = check.disadvantage and disadv_mode == "worst_of_two"
    mods = [("modifiers", check.modifier)] if check.modifier else []
    rows = []
    for raw in range(1, 101):
        faces: int | tuple[int, int] = (raw, raw) if worst_of_two else raw
        t = resolve_test(faces, check.target, mods, disadvantage=check.disadvantage,
                         disadv_mode=disadv_mode, crit_mode=crit_mode,
                         auto_fail="auto" if check.auto_fail else None)
        weight = 2 * raw - 1 if worst_of_two else 100     # P(max of two = r) = (2r - 1)/10^4
        rows.append((raw, t.success, t.dos, t.critical, t.fumble, weight))
    return tuple(rows)


def p_success(check: Check, disadv_mode: str = "worst_of_two",
              crit_mode: str = "range") -> Fraction:
    """The chance the test succeeds (GU-01, GU-X-03/04/06)."""
    won = sum(w for _, ok, _, _, _, w in outcomes(check, disadv_mode, crit_mode) if ok)
    return Fraction(won, _SCALE)


def p_critical(check: Check, disadv_mode: str = "worst_of_two",
               crit_mode: str = "range") -> Fraction:
    """The chance of a critical success (GU-X-04)."""
    return Fraction(sum(r[5] for r in outcomes(check, disadv_mode, crit_mode) if r[3]), _SCALE)


def p_fumble(check: Check, disadv_mode: str = "worst_of_two",
             crit_mode: str = "range") -> Fraction:
    """The chance of a fumble (GU-X-04)."""
    return Fraction(sum(r[5] for r in outcomes(check, disadv_mode, crit_mode) if r[4]), _SCALE)


def dos_dist(check: Check, disadv_mode: str = "worst_of_two",
             crit_mode: str = "range") -> dict[int, Fraction]:
    """Signed degrees of success -> probability (GU-X-03)."""
    counts: dict[int, int] = {}
    for _, _, dos, _, _, w in outcomes(check, disadv_mode, crit_mode):
        counts[dos] = counts.get(dos, 0) + w
    return {dos: Fraction(n, _SCALE) for dos, n in sorted(counts.items())}


class _Beater:
    """For one side's outcomes, how much weight beats a given (dos, raw) outright: more degrees,
    or equal degrees and a lower raw (GU-X-05). Built once per check; queries are O(log n)."""

    def __init__(self, rows: tuple[tuple[int, bool, int, bool, bool, int], ...]) -> None:
        by_dos: dict[int, list[tuple[int, int]]] = {}
        for raw, _, dos, _, _, w in rows:
            by_dos.setdefault(dos, []).append((raw, w))
        self.above: dict[int, int] = {}         # weight with dos strictly above each key
        self.raws: dict[int, list[int]] = {}
        self.cum: dict[int, list[int]] = {}     # cumulative weight by ascending raw, per dos
        running = 0
        for dos in sorted(by_dos, reverse=True):
            self.above[dos] = running
            pairs = sorted(by_dos[dos])
            self.raws[dos] = [r for r, _ in pairs]
            acc, cum = 0, [0]
            for _, w in pairs:
                acc += w
                cum.append(acc)
            self.cum[dos] = cum
            running += acc
        self.keys = sorted(by_dos)

    def beating(self, dos: int, raw: int) -> int:
        """Weight of outcomes that strictly beat (dos, raw)."""
        if dos in self.above:
            return self.above[dos] + self.cum[dos][bisect_left(self.raws[dos], raw)]
        return sum(self.cum[k][-1] for k in self.keys if k > dos)

    def tying(self, dos: int, raw: int) -> int:
        """Weight of outcomes with the same degrees and the same raw (a full tie)."""
        raws = self.raws.get(dos)
        if not raws:
            return 0
        i = bisect_left(raws, raw)
        return self.cum[dos][i + 1] - self.cum[dos][i] if i < len(raws) and raws[i] == raw else 0


@lru_cache(maxsize=4096)
def _beater(check: Check, disadv_mode: str, crit_mode: str) -> _Beater:
    return _Beater(outcomes(check, disadv_mode, crit_mode))


def p_wins(a: Check, b: Check, *, status_quo: Literal["a", "b"],
           disadv_mode: str = "worst_of_two", crit_mode: str = "range") -> Fraction:
    """The chance side `a` wins the opposed test (GU-X-05, GU-GM-07: degrees, then the lower
    raw, then the status-quo side)."""
    beat_a = _beater(a, disadv_mode, crit_mode)
    won = 0
    for raw, _, dos, _, _, w in outcomes(b, disadv_mode, crit_mode):
        a_wins = beat_a.beating(dos, raw)
        if status_quo == "a":
            a_wins += beat_a.tying(dos, raw)
        won += w * a_wins
    return Fraction(won, _SCALE * _SCALE)


@dataclass(frozen=True, slots=True)
class AttackOdds:
    """Chances for one attack: `roll_hits` the attack test succeeds; `after` the damage lands
    for each reaction the defender may take ("none" always present); `best` the reaction with
    the lowest chance chosen before any die is seen; `after_best` the chance the damage lands
    when the defender, seeing the attack roll (GU-81/86 react after the hit is known), picks the
    better reaction for that roll."""

    roll_hits: Fraction
    after: dict[str, Fraction]
    best: str
    after_best: Fraction


def attack_odds(attack: Check | None, *, dodge: Check | None = None,
                parry: Check | None = None, disadv_mode: str = "worst_of_two",
                crit_mode: str = "range") -> AttackOdds:
    """Exact chance an attack's damage lands (GU-81, GU-86, GU-X-05).

    `attack` None is an attack with no roll (it hits; GU-50 or an area): a dodge then needs only
    to succeed. `dodge` and `parry` are the defender's tests as it would roll them (pass only
    the ones it may take: reactions left, melee for parry, able to move for dodge); the parry's
    +10 (GU-86) is added here, so pass the plain Close Combat check."""
    options: dict[str, Check] = {}
    if dodge is not None:
        options["dodge"] = dodge
    if parry is not None:
        options["parry"] = Check(parry.target, parry.modifier + PARRY_PENALTY,
                                 parry.disadvantage, parry.auto_fail)
    if attack is None:
        after = {"none": Fraction(1)}
        for name, check in options.items():
            after[name] = 1 - p_success(check, disadv_mode, crit_mode)
        best = min(after, key=lambda k: (after[k], k != "none"))
        return AttackOdds(Fraction(1), after, best, after[best])
    rows = [r for r in outcomes(attack, disadv_mode, crit_mode) if r[1]]
    hit = sum(r[5] for r in rows)
    beaters = {name: _beater(check, disadv_mode, crit_mode) for name, check in options.items()}
    stopped = {name: 0 for name in options}
    stopped_best = 0
    for raw, _, dos, _, _, w in rows:
        best_here = 0
        for name, beater in beaters.items():
            # The defence must beat the roll outright: on a full tie the attack stands
            # (status quo, GU-X-05); an automatic failure has negative degrees and never does.
            n = beater.beating(dos, raw)
            stopped[name] += w * n
            best_here = max(best_here, n)
        stopped_best += w * best_here
    denom = _SCALE * _SCALE
    after = {"none": Fraction(hit, _SCALE)}
    for name in options:
        after[name] = Fraction(hit * _SCALE - stopped[name], denom)
    best = min(after, key=lambda k: (after[k], k != "none"))
    return AttackOdds(Fraction(hit, _SCALE), after, best,
                      Fraction(hit * _SCALE - stopped_best, denom))


def p_opposed_pairs(a: Check, b: Check, *, status_quo: Literal["a", "b"],
                    disadv_mode: str = "worst_of_two", crit_mode: str = "range") -> Fraction:
    """`p_wins` by brute force over every pair of d100 (the tests' reference; slow)."""
    won = 0
    for ra, _, da, _, _, wa in outcomes(a, disadv_mode, crit_mode):
        for rb, _, db, _, _, wb in outcomes(b, disadv_mode, crit_mode):
            if contest(da, ra, db, rb, status_quo)[0] == "a":
                won += wa * wb
    return Fraction(won, _SCALE * _SCALE)


@dataclass(frozen=True, slots=True)
class HitForecast:
    """What one attack is likely to do to its target, for the forecast on hover and the bots:
    `lands` the chance its damage lands (from `attack_odds`), `dealt` and `hp_after` the damage
    after rank and reduction (from `damage.take`; damage amounts are fixed numbers), and the
    chances it drops the target to 0 HP, sends it to Final Stand or Dying, or kills it."""

    lands: Fraction
    dealt: int
    hp_after: int
    drop: Fraction
    final_stand: Fraction
    dying: Fraction
    dead: Fraction


def hit_forecast(lands: Fraction, result: DamageResult, perseverance: Check | None = None, *,
                 life: str = "fine", disadv_mode: str = "worst_of_two",
                 crit_mode: str = "range") -> HitForecast:
    """Combine the chance the damage lands with what it does (GU-94, GU-109, GU-111).

    `result` is `damage.take` of the hit against the target as it stands; `perseverance` the
    target's 0-HP test (needed when the hit would drop it); `life` its `dying.Life` state: in
    Final Stand any damage to HP means Dying, a Dying creature only dies of an instant kill."""
    zero = Fraction(0)
    if result.instant_death:
        return HitForecast(lands, result.dealt, 0, zero, zero, zero, lands)
    if life == "final_stand" and result.dealt > 0:
        return HitForecast(lands, result.dealt, 0, zero, zero, lands, zero)
    if life != "fine" or not result.dropped:
        return HitForecast(lands, result.dealt, result.hp_after, zero, zero, zero, zero)
    if perseverance is None:
        raise ValueError("a hit that drops its target needs the target's Perseverance check")
    stand = p_success(perseverance, disadv_mode, crit_mode)
    return HitForecast(lands, result.dealt, 0, lands, lands * stand, lands * (1 - stand), zero)

"""Gems forecast: the exact odds of an action, computed from the dice (STYLE habit 13).

Owns: `forecast(state, action) -> Forecast` and `summary(forecast) -> str`. The client's hover
tooltip and the AI both call this one function, so what a player is told and what the AI weighs
are the same numbers.

  * AssignArm / Strike: the whole planned Ready Action (the arms already assigned plus the one
    being aimed), per target: chance each arm makes contact (d20 + CPR above 15, GEM-23), chance
    it is blocked, the damage distribution, min / max / expected damage, the chance to poof her,
    and the chance of a disarm (GEM-33..35). Damage includes what knockback would add
    (collisions, ledges: GEM-42, GEM-GM-06), tried on a copy of the state.
    Assumption (stated in `assumptions`): the defender makes every counter roll she may (more
    counters never hurt her: they block more and raise her disarm sum) and assigns them the way
    the AI does, which is the first of combat.block_options (most damage stopped, then most
    attacks blocked). Each target's numbers are her own; with the shared-roll house default one
    arm's roll counts against every target in the block, so targets are not independent.
  * Negotiate: chance the Social Roll wins (strictly higher, GEM-50).
  * PickUp: chance the carry roll succeeds (1 when no roll is needed, GEM-54, GEM-GM-27).
  * Move / Climb / Drop: Action Slots and fall damage (GEM-10..14).

All probabilities are exact `fractions.Fraction`s (counts of equally likely d20 faces); float()
them for display. Nothing is sampled and no generator is touched.

Must not: change the state (it only reads), roll dice, or import the client.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, product
from math import factorial
from typing import Any

from game.engine.tactics import odds

from . import combat, common
from .house import house
from .state import AttackPlan, GemsState

FACES = 20


@dataclass(frozen=True, slots=True)
class ArmOdds:
    arm: int
    mode: str
    damage: int                  # what it deals on a clean hit (after her shields)
    contact: Fraction            # total above 15
    blocked: Fraction            # makes contact and is blocked


@dataclass(frozen=True, slots=True)
class TargetOdds:
    target: str
    name: str
    arms: tuple[ArmOdds, ...]
    hit: Fraction                # at least one attack lands (contact, not blocked)
    blocked: Fraction            # at least one contacting attack is blocked
    damage: dict[int, Fraction]  # damage dealt -> probability (sums to 1)
    min_damage: int
    max_damage: int
    expected_damage: Fraction
    poof: Fraction               # damage reaches her remaining HP
    disarm: Fraction
    counters: int                # counter rolls assumed
    hp: int


@dataclass(frozen=True, slots=True)
class Forecast:
    kind: str                                  # "attack", "negotiate", "carry", "move", "none"
    action: str                                # the action kind forecast
    targets: tuple[TargetOdds, ...] = ()
    chance: Fraction | None = None             # negotiate / carry success
    slots: int | None = None                   # Action Slots the action costs
    fall_damage: int | None = None
    assumptions: tuple[str, ...] = ()
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


BLOCK_ASSUMPTION = ("the defender makes every counter roll she may and blocks the way the AI "
                    "does: most damage stopped, then most attacks")


# =============================================================================================
# The dice maths (pure)
# =============================================================================================

def p_above(mod: int, threshold: int) -> Fraction:
    """P(d20 + mod > threshold)."""
    return odds.p_above(odds.dice(1, FACES), threshold - mod)


def p_beats(mod_a: int, mod_b: int) -> Fraction:
    """P(d20 + mod_a > d20 + mod_b): an opposed roll the first must win outright."""
    d20 = odds.dice(1, FACES)
    return odds.p_beats(odds.shift(d20, mod_a), odds.shift(d20, mod_b))


def _multisets(n: int, k: int, start: int = 0):
    """Non-increasing k-tuples of face indices 0..n-1 (each multiset once)."""
    if k == 0:
        yield ()
        return
    for v in range(start, n):
        for rest in _multisets(n, k - 1, v):
            yield (v,) + rest


def _arrangements(ms: tuple[int, ...]) -> int:
    count = factorial(len(ms))
    for v in set(ms):
        count //= factorial(ms.count(v))
    return count


@lru_cache(maxsize=None)
def _tail_table(lengths: tuple[int, ...]) -> tuple[int, ...]:
    """For attacks whose totals are uniform on intervals of these lengths (each shifted to start
    at 0): tail[s] = how many tuples have offset sum >= s."""
    dist = [1]
    for n in lengths:
        nxt = [0] * (len(dist) + n - 1)
        for base, c in enumerate(dist):
            if c:
                for v in range(n):
                    nxt[base + v] += c
        dist = nxt
    tail = [0] * (len(dist) + 1)
    for i in range(len(dist) - 1, -1, -1):
        tail[i] = tail[i + 1] + dist[i]
    return tuple(tail)


def _ways_sum_above(intervals: list[tuple[int, int]], limit: int) -> int:
    """How many tuples (one total from each inclusive interval) add up to more than `limit`."""
    lows = sum(lo for lo, _ in intervals)
    tail = _tail_table(tuple(sorted(hi - lo + 1 for lo, hi in intervals)))
    need = limit + 1 - lows                 # offset sum must be >= need
    if need <= 0:
        return tail[0]
    return tail[need] if need < len(tail) else 0


def _key_multisets(keys: list, k: int, start: int = 0):
    if k == 0:
        yield ()
        return
    for i in range(start, len(keys)):
        for rest in _key_multisets(keys, k - 1, i):
            yield (keys[i],) + rest


def _memoised(fn):
    """Cache a pure odds function on its arguments (lists frozen to tuples; a knockback's
    costs come as push_table's table, never as a function, so every call is cached). The AI
    asks the same odds many times while comparing dry runs; the result dicts are read-only to
    every caller."""
    cache: dict[tuple, Any] = {}

    def freeze(v: Any) -> Any:
        if isinstance(v, (list, tuple)):
            return tuple(freeze(x) for x in v)
        if callable(v):
            raise TypeError(f"{fn.__name__} is remembered by its arguments: pass values, "
                            f"not the function {v!r}")
        return v

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        key = (freeze(args), freeze(sorted(kwargs.items())))
        hit = cache.get(key)
        if hit is None:
            if len(cache) > 20000:
                cache.clear()
            hit = cache[key] = fn(*args, **kwargs)
        return hit

    wrapper.__doc__ = fn.__doc__
    wrapper.__wrapped__ = fn  # type: ignore[attr-defined]
    return wrapper


def attack_odds(attack_mod: int, damages: list[int], counters: int, counter_mod: int,
                disarm: bool, disarm_needs_contact: bool, hp: int,
                pushes: list[int] | None = None, push_all: bool = False,
                push_damage: Any = None) -> dict[str, Any]:
    """`_attack_counts` (see there) with "poof", the count of outcomes whose damage reaches
    `hp`, read off its damage counts: the target's HP changes nothing else, so one strike's
    counts (remembered) serve a target at any HP."""
    res = dict(_attack_counts(attack_mod, damages, counters, counter_mod, disarm,
                              disarm_needs_contact, pushes, push_all,
                              push_table(pushes, push_all, push_damage)))
    res["poof"] = sum(n for dmg, n in res["damage"].items() if dmg >= hp)
    return res


PushTable = tuple[tuple[tuple[int, ...], int], ...]


def push_table(pushes: list[int] | None, push_all: bool, cost: Any) -> PushTable | None:
    """Every series of pushes a strike can make (the knockbacks of the arms that push, in arm
    order: any non-empty choice of the arms with a knockback, or all of them when `push_all`)
    with `cost(series)`, what it would cost the target; None when nothing pushes. A table
    rather than the function, so a strike's counts are remembered with their knockback too."""
    if cost is None or not pushes or not any(pushes):
        return None
    arms = [i for i, n in enumerate(pushes) if n]
    sizes = [len(arms)] if push_all else range(1, len(arms) + 1)
    series = {tuple(pushes[i] for i in combo) for r in sizes for combo in combinations(arms, r)}
    return tuple(sorted((which, int(cost(which))) for which in series))


@_memoised
def _attack_counts(attack_mod: int, damages: list[int], counters: int, counter_mod: int,
                   disarm: bool, disarm_needs_contact: bool,
                   pushes: list[int] | None = None, push_all: bool = False,
                   push_costs: PushTable | None = None) -> dict[str, Any]:
    """Exact outcome of one target's share of a strike, as counts over all
    20^(attacks + counters) equally likely face outcomes.

    `damages[i]` is what arm attack i deals on a clean hit; every attack rolls d20 + attack_mod
    (GEM-22). The defender rolls `counters` counter rolls d20 + counter_mod when it matters, as in
    play (some attack makes contact, or a disarm that needs no contact is possible), and blocks
    per the first of combat.block_options (GEM-30/31). A disarm needs the attack sum strictly
    above the counter sum, 0 when none were rolled (GEM-33/34).

    Returns {"total", "damage": {dmg: count}, "hit", "blocked", "arm_contact": [..],
    "arm_blocked": [..], "disarm", "poof"}; "poof" is 0 here (attack_odds counts it for a
    target's HP).

    Method: for each multiset of counter totals (weighted by its arrangements), an attack total
    matters to blocking only through its class (contact?, how many counters beat it); classes
    are intervals of totals. Attacks of equal damage are interchangeable, so each group of them
    is enumerated as a multiset of classes (weighted by arrangements and class sizes). The
    disarm needs the exact sum: counted from the classes' interval lengths (a cached table).

    Knockback (optional): `pushes[i]` is arm i's knockback; `push_costs` (push_table's) says
    what each series of pushes (the pushes that happen, in arm order) would cost her
    (collisions, ledges). A push happens for each landing arm, or for every arm when `push_all`
    (GEM-GM-14)."""
    a = len(damages)
    totals = [f + attack_mod for f in range(1, FACES + 1)]
    cvals = [f + counter_mod for f in range(1, FACES + 1)]
    res: dict[str, Any] = {"total": FACES ** (a + counters), "damage": {}, "hit": 0,
                           "blocked": 0, "arm_contact": [0] * a, "arm_blocked": [0] * a,
                           "disarm": 0, "poof": 0}
    always_rolled = counters > 0 and disarm and not disarm_needs_contact
    groups: dict[int, list[int]] = {}
    kb = list(pushes or [0] * a)
    for i, d in enumerate(damages):
        groups.setdefault((d, kb[i]), []).append(i)     # interchangeable arms only
    group_list = list(groups.values())
    cost_of = dict(push_costs) if push_costs and any(kb) else None

    def pushed(keys: tuple, blocked: frozenset) -> int:
        if cost_of is None:
            return 0
        which = tuple(kb[i] for i, k in enumerate(keys)
                      if kb[i] and (push_all or (k[0] and i not in blocked)))
        return cost_of[which] if which else 0
    block_cache: dict[tuple, tuple[frozenset, bool]] = {}

    def outcome(keys: tuple, reps: list[int], csorted: list[int]) -> tuple[frozenset, bool]:
        if keys not in block_cache:
            opts = (combat.block_options(csorted, [[i, t] for i, t in enumerate(reps)], damages)
                    if csorted else [[]])
            blocked = frozenset(at for _, at in opts[0])
            lands = any(k[0] and i not in blocked for i, k in enumerate(keys))
            block_cache[keys] = (blocked, lands)
        return block_cache[keys]

    # Every choice of classes with the same keys (a class per arm) has the same blocks, damage
    # and tallies whatever the counter rolls behind it: the choices only add up their weights
    # per keys here (built a group at a time, in group order), and each keys' outcome is
    # worked out once below. The disarm alone reads the counter sum and the classes' exact
    # totals, so it is counted per choice.
    acc: dict[tuple, int] = {}     # keys in group order (flat) -> summed weight
    seen_with: dict[tuple, tuple[dict, list[int]]] = {}   # keys -> a multiset's classes giving them
    disarm_counted: dict[tuple, bool] = {}       # keys -> whether a disarm can come of them
    flat_order = [i for members in group_list for i in members]
    # arm i's class sits at unflat[i] of a group-order key
    unflat = None if flat_order == list(range(a)) else [flat_order.index(i) for i in range(a)]
    for ms in _multisets(FACES, counters):
        cw = _arrangements(ms)
        csorted = sorted((cvals[v] for v in ms), reverse=True)
        csum = sum(csorted)
        classes: dict[tuple[bool, int], list[int]] = {}
        for t in totals:
            key = (combat.contact(t), sum(1 for cv in csorted if cv > t))
            classes.setdefault(key, []).append(t)
        keys_list = list(classes)
        partial: list[tuple[tuple, int]] = [((), cw)]
        for members in group_list:
            options = []
            for km in _key_multisets(keys_list, len(members)):
                w = _arrangements(tuple(keys_list.index(k) for k in km))
                for k in km:
                    w *= len(classes[k])
                options.append((km, w))
            partial = [(p + km, pw * w) for p, pw in partial for km, w in options]
        for flat, weight in partial:
            got = acc.get(flat)
            if got is None:
                acc[flat] = weight
                seen_with[flat] = (classes, csorted)
            else:
                acc[flat] = got + weight
        if disarm:
            spans = {k: (v[0], len(v)) for k, v in classes.items()}
            for flat, weight in partial:
                counts = disarm_counted.get(flat)
                if counts is None:
                    keys = flat if unflat is None else tuple(flat[j] for j in unflat)
                    if counters and not always_rolled and not any(k[0] for k in keys):
                        counts = False      # no counter roll is made: counted below
                    else:
                        _, lands = outcome(keys, [classes[k][0] for k in keys], csorted)
                        counts = lands or not disarm_needs_contact
                    disarm_counted[flat] = counts
                if counts:
                    # weight / ways-of-classes * tuples in those classes whose sum beats csum
                    ways = 1
                    intervals = []
                    for k in flat:
                        lo, n = spans[k]
                        ways *= n
                        intervals.append((lo, lo + n - 1))
                    res["disarm"] += weight // ways * _ways_sum_above(intervals, csum)
    for flat, weight in acc.items():
        keys = flat if unflat is None else tuple(flat[j] for j in unflat)
        if counters and not always_rolled and not any(k[0] for k in keys):
            continue                        # no counter roll is made: counted below
        classes, csorted = seen_with[flat]
        blocked, lands = outcome(keys, [classes[k][0] for k in keys], csorted)
        dmg = sum(damages[i] for i, k in enumerate(keys) if k[0] and i not in blocked)
        dmg += pushed(keys, blocked)
        res["damage"][dmg] = res["damage"].get(dmg, 0) + weight
        if lands:
            res["hit"] += weight
        if blocked:
            res["blocked"] += weight
        for members in group_list:
            # arms of one group are interchangeable: share the group's tallies evenly
            n_con = sum(1 for i in members if keys[i][0])
            n_blk = sum(1 for i in members if i in blocked)
            for i in members:
                res["arm_contact"][i] += weight * n_con
                res["arm_blocked"][i] += weight * n_blk
    for members in group_list:
        for i in members:
            # contact is truly symmetric (a whole count); a block shared between equally
            # damaging arms may be a half-count, so keep it exact as a fraction
            res["arm_contact"][i] //= len(members)
            res["arm_blocked"][i] = Fraction(res["arm_blocked"][i], len(members))
    if counters and not always_rolled:
        # every attack missed, so no counter roll was made: nothing lands, nothing is blocked,
        # and a disarm (if any) would need contact, so none happens
        misses = sum(1 for t in totals if not combat.contact(t))
        weight = misses ** a * FACES ** counters
        if weight:
            dmg = pushed(tuple((False, 0) for _ in range(a)), frozenset())
            res["damage"][dmg] = res["damage"].get(dmg, 0) + weight
    return res


def odds_from_counts(res: dict[str, Any]) -> dict[str, Any]:
    total = res["total"]
    dist = {d: Fraction(n, total) for d, n in sorted(res["damage"].items()) if n}
    exp = sum((d * p for d, p in dist.items()), Fraction(0))
    return {"damage": dist, "expected": exp, "min": min(dist) if dist else 0,
            "max": max(dist) if dist else 0, "hit": Fraction(res["hit"], total),
            "blocked": Fraction(res["blocked"], total), "poof": Fraction(res["poof"], total),
            "disarm": Fraction(res["disarm"], total),
            "arm_contact": [Fraction(n, total) for n in res["arm_contact"]],
            "arm_blocked": [Fraction(n) / total for n in res["arm_blocked"]]}


# =============================================================================================
# Forecasting actions
# =============================================================================================

def forecast(state: GemsState, action: Any) -> Forecast:
    kind = getattr(action, "kind", "")
    if kind in ("gems.assign_arm", "gems.strike"):
        return _attack(state, action)
    if kind == "gems.negotiate":
        a, t = state.units[action.unit], state.units[action.target]
        return Forecast("negotiate", kind, chance=p_beats(a.spr, t.spr), slots=1,
                        note=f"Social Roll d20+{a.spr} must beat d20+{t.spr}")
    if kind == "gems.pick_up":
        return _carry(state, action)
    if kind in ("gems.move", "gems.climb", "gems.drop"):
        return _move(state, action)
    if kind == "gems.ready":
        return Forecast("none", kind, slots=1, note="opens a Ready Action")
    return Forecast("none", kind)


def _attack(state: GemsState, action: Any) -> Forecast:
    attacker = state.units[action.unit]
    plans = [p for p in state.plans if p.mode != combat.HAND_OVER]
    if action.kind == "gems.assign_arm":
        plans = [p for p in plans if p.arm != action.arm]
        plans.append(AttackPlan(action.arm, (int(action.target[0]), int(action.target[1])),
                                action.mode))
    ctx = combat.describe_strike(state, attacker.id, plans)
    needs_contact = bool(house(state, "disarm_needs_contact"))
    targets = []
    for fight in ctx["fights"]:
        target = state.units[fight["target"]]
        shield = common.damage_reduction(state, target.id)
        atks = [ctx["attacks"][k] for k, _ in fight["attacks"]]
        damages = [max(0, a["damage"] - shield) for a in atks]
        kbs = [a["knockback"] for a in atks]
        res = attack_odds(attacker.cpr, damages, fight["max_counters"], target.cpr,
                          combat.disarm_possible(attacker, target), needs_contact, target.hp,
                          kbs, house(state, "knockback_targets") == "all",
                          _push_preview(state, attacker.id, target.id, atks))
        o = odds_from_counts(res)
        arms = tuple(ArmOdds(a["arm"], a["mode"], d, o["arm_contact"][i], o["arm_blocked"][i])
                     for i, (a, d) in enumerate(zip(atks, damages)))
        targets.append(TargetOdds(target.id, target.name, arms, o["hit"], o["blocked"],
                                  o["damage"], o["min"], o["max"], o["expected"], o["poof"],
                                  o["disarm"], fight["max_counters"], target.hp))
    return Forecast("attack", action.kind, tuple(targets), slots=0,
                    assumptions=(BLOCK_ASSUMPTION,),
                    note="" if targets else "no target in that line")


def _push_preview(state: GemsState, attacker_id: str, target_id: str,
                  atks: list[dict[str, Any]]):
    """What a series of knockbacks would cost the target (GEM-42 collisions, ledge falls),
    tried on a copy of the state. She is pushed alone here; in play, gems sharing her block are
    pushed with her."""
    if not any(a["knockback"] for a in atks):
        return None
    import copy
    stop = next((a["stop"] for a in atks if a["knockback"] and a["stop"] is not None), None)
    aoe = max((a["aoe"] for a in atks if a["knockback"]), default=0)

    def cost(pushes: tuple[int, ...]) -> int:
        trial = copy.deepcopy(state)
        attacker = trial.units[attacker_id]
        before = trial.units[target_id].hp
        for n in pushes:
            t = trial.units[target_id]
            if not t.formed:
                break
            me = combat.centre2(t.x, t.y, t.size)
            origin = combat.centre2(attacker.x, attacker.y, attacker.size)
            if aoe and stop is not None:
                c = combat.centre2(stop[0], stop[1], attacker.size)
                if c != me:
                    origin = c
            d = combat.snap8(me[0] - origin[0], me[1] - origin[1])
            if d is not None:
                combat.knockback(trial, [target_id], d, n, attacker_id)
        return max(0, before - trial.units[target_id].hp)
    return cost


def carry_threshold(state: GemsState, ratio: float) -> int | None:
    """GEM-54, GEM-GM-27: None = no roll needed, -1 = cannot be carried, else the total to beat."""
    if ratio <= 0.5:
        return None
    if ratio <= 1:
        return int(house(state, "carry_threshold_light"))
    if ratio <= 2:
        return int(house(state, "carry_threshold_heavy"))
    return -1


def _carry(state: GemsState, action: Any) -> Forecast:
    unit = state.units[action.unit]
    ratio = common.carry_ratio(state, unit, action.item)
    t = carry_threshold(state, ratio)
    if t is None:
        return Forecast("carry", action.kind, chance=Fraction(1), slots=1, note="no roll needed")
    if t < 0:
        return Forecast("carry", action.kind, chance=Fraction(0), slots=1, note="too heavy")
    return Forecast("carry", action.kind, chance=p_above(unit.cpr, t), slots=1,
                    note=f"d20+{unit.cpr} must beat {t}")


def _move(state: GemsState, action: Any) -> Forecast:
    unit = state.units[action.unit]
    here = common.unit_elevation(state, unit)
    there = common.ground_elevation(state, action.to[0], action.to[1], unit.size)
    drop = here - there
    if action.kind == "gems.move":
        return Forecast("move", action.kind, slots=1, fall_damage=0)
    if action.kind == "gems.climb":
        return Forecast("move", action.kind, slots=1, fall_damage=0)
    dmg = 0 if unit.fms > 0 else common.fall_damage(state, unit.size, drop)
    slots = 2 if house(state, "fall_slots") == "both_unused" else max(1, state.slots)
    return Forecast("move", action.kind, slots=slots, fall_damage=dmg,
                    note=f"a fall of {drop}")


# =============================================================================================
# Words
# =============================================================================================

def pct(p: Fraction | float) -> str:
    v = float(p) * 100
    if 0 < v < 1:
        return "<1%"
    if 99 < v < 100:
        return ">99%"
    return f"{round(v)}%"


def target_summary(t: TargetOdds) -> str:
    if t.hit == 0:
        parts = ["No hit possible"]
    else:
        hurt = [d for d in t.damage if d > 0]
        lo, hi = (min(hurt), max(hurt)) if hurt else (0, 0)
        dmg = f"{lo} dmg" if lo == hi else f"{lo}\u2013{hi} dmg"
        parts = [f"Hit {pct(t.hit)}", dmg]
        if t.poof > 0:
            parts.append(f"{pct(t.poof)} to poof")
    if t.blocked > 0:
        parts.append(f"{pct(t.blocked)} blocked")
    if t.disarm > 0:
        parts.append(f"{pct(t.disarm)} disarm")
    return " \u00b7 ".join(parts)


def summary(f: Forecast) -> str:
    """One line in a player's words, e.g. "Hit 65% · 3–8 dmg · 22% to poof · 10% blocked"."""
    if f.kind == "attack":
        if not f.targets:
            return "No target"
        if len(f.targets) == 1:
            return target_summary(f.targets[0])
        return " | ".join(f"{t.name}: {target_summary(t)}" for t in f.targets)
    if f.kind == "negotiate":
        return f"Truce {pct(f.chance or 0)}"
    if f.kind == "carry":
        if f.note == "no roll needed":
            return "Pick up: no roll needed"
        return f"Carry roll {pct(f.chance or 0)}"
    if f.kind == "move":
        s = f"{f.slots} slot{'s' if f.slots != 1 else ''}"
        if f.fall_damage:
            s += f" \u00b7 {f.fall_damage} fall damage"
        return s
    if f.slots:
        return f"{f.slots} slot"
    return ""

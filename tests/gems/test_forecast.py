"""The gems forecast gives exact odds: checked against brute-force enumeration of every d20
outcome (small cases, and random small cases with hypothesis), and through real matches."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.actions import EndTurn
from game.engine.match import Match
from game.engine.rules import MatchConfig
from game.engine.systems.gems import actions as A
from game.engine.systems.gems import forecast as F


def brute(mod: int, damages: list[int], counters: int, cmod: int, disarm: bool,
          needs_contact: bool, hp: int, pushes=None, push_all=False, push_damage=None) -> dict:
    """Play every face combination the slow, obvious way. The defender blocks to stop the most
    damage, then the most attacks (found by trying every assignment)."""
    a = len(damages)
    dist: Counter = Counter()
    hit = blocked = disarms = poof = 0
    arm_contact = [0] * a
    arm_blocked = [0] * a
    for faces in product(range(1, 21), repeat=a + counters):
        atk = [f + mod for f in faces[:a]]
        con = [t > 15 for t in atk]
        rolled = counters > 0 and (any(con) or (disarm and not needs_contact))
        cnt = [f + cmod for f in faces[a:]] if rolled else []
        best = (0, 0, frozenset())
        for assign in product([None, *range(a)], repeat=len(cnt)):
            used = [x for x in assign if x is not None]
            if len(set(used)) != len(used):
                continue
            if any(x is not None and not (con[x] and cnt[i] > atk[x])
                   for i, x in enumerate(assign)):
                continue
            key = (sum(damages[x] for x in used), len(used))
            if key > best[:2]:
                best = (key[0], key[1], frozenset(used))
        blk = best[2]
        lands = any(con[i] and i not in blk for i in range(a))
        dmg = sum(damages[i] for i in range(a) if con[i] and i not in blk)
        if pushes:
            which = tuple(pushes[i] for i in range(a)
                          if pushes[i] and (push_all or (con[i] and i not in blk)))
            dmg += push_damage(which) if which else 0
        dist[dmg] += 1
        hit += lands
        blocked += bool(blk)
        poof += dmg >= hp
        for i in range(a):
            arm_contact[i] += con[i]
            arm_blocked[i] += i in blk
        if disarm and sum(atk) > sum(cnt) and (lands or not needs_contact):
            disarms += 1
    return {"total": 20 ** (a + counters), "damage": dict(dist), "hit": hit, "blocked": blocked,
            "disarm": disarms, "poof": poof, "arm_contact": arm_contact,
            "arm_blocked": arm_blocked}


def same(fast: dict, slow: dict, damages: list[int]) -> None:
    assert fast["total"] == slow["total"]
    assert {d: n for d, n in fast["damage"].items() if n} == slow["damage"]
    for key in ("hit", "blocked", "disarm", "poof", "arm_contact"):
        assert fast[key] == slow[key], key
    # which of two equally damaging arms a counter stops is a tie the defender may break
    # either way: the forecast shares it evenly, so compare per damage group
    for d in set(damages):
        idx = [i for i, x in enumerate(damages) if x == d]
        assert sum(fast["arm_blocked"][i] for i in idx) == sum(slow["arm_blocked"][i] for i in idx)
        if len(idx) == 1:
            assert fast["arm_blocked"][idx[0]] == slow["arm_blocked"][idx[0]]


@pytest.mark.rule("GEM-22")
@pytest.mark.rule("GEM-30")
@pytest.mark.rule("GEM-33")
@pytest.mark.parametrize("case", [
    (2, [2, 2], 1, 1, True, False, 20),     # TV-27-like, one buckler, disarming attacker
    (0, [3], 2, 0, False, False, 3),         # one hit poofs; two counters
    (5, [2, 4], 1, 3, True, True, 5),        # disarm needs contact (house option)
    (3, [1, 2, 3], 0, 0, True, False, 4),    # no counters: disarm sum against 0
])
def test_forecast_counts_equal_brute_force(case):
    same(F.attack_odds(*case), brute(*case), case[1])


@settings(max_examples=25, deadline=None)
@given(mod=st.integers(0, 8), damages=st.lists(st.integers(0, 5), min_size=1, max_size=2),
       counters=st.integers(0, 1), cmod=st.integers(0, 8), disarm=st.booleans(),
       needs=st.booleans(), hp=st.integers(1, 10))
def test_forecast_exact_for_random_small_cases(mod, damages, counters, cmod, disarm, needs, hp):
    same(F.attack_odds(mod, damages, counters, cmod, disarm, needs, hp),
         brute(mod, damages, counters, cmod, disarm, needs, hp), damages)


def test_one_strikes_counts_serve_a_target_at_any_hp(monkeypatch):
    """The target's HP only says which damage counts as a poof: the strike's counts are worked
    out once (the blocks tried on the first call only) and each HP's poof equals brute force."""
    from game.engine.systems.gems import combat
    tried = []
    real = combat.block_options
    monkeypatch.setattr(combat, "block_options", lambda *a: tried.append(1) or real(*a))
    case = (4, [3, 1], 1, 6, True, False)            # counts no other test asks for
    for hp in (1, 2, 3, 4, 5, 9):
        before = len(tried)
        fast = F.attack_odds(*case, hp)
        assert (len(tried) > before) == (hp == 1), hp
        same(fast, brute(*case, hp), case[1])


@pytest.mark.parametrize("case", [
    (2, [2, 3], 2, 1, True, False, 4),           # two attacks, two counters
    (1, [2, 2, 3], 1, 4, True, False, 5),        # a group of equal arms beside a stronger one
    (1, [2, 3, 2], 1, 4, True, True, 5),         # equal arms apart: grouped out of arm order
])
def test_forecast_four_dice_exact(case):
    same(F.attack_odds(*case), brute(*case), case[1])


def _wall(which):                  # a wall two tiles behind: each push beyond 2 tiles hurts
    return 3 * max(0, sum(which) - 2)


@pytest.mark.rule("GEM-42")
@pytest.mark.parametrize("case", [
    ((2, [4, 2], 1, 3, False, False, 9), ([2, 0], False)),
    ((2, [4, 4], 1, 3, True, False, 12), ([2, 2], False)),
    ((0, [4], 1, 0, False, False, 6), ([3], True)),     # house rule: misses push too
])
def test_forecast_with_knockback_equals_brute_force(case):
    base, (pushes, everyone) = case
    same(F.attack_odds(*base, pushes, everyone, _wall),
         brute(*base, pushes, everyone, _wall), base[1])


def test_opposed_and_threshold_odds():
    assert F.p_above(0, 15) == Fraction(5, 20)          # 16..20
    assert F.p_above(3, 15) == Fraction(8, 20)          # 13..20
    assert F.p_beats(0, 0) == Fraction(190, 400)         # ties fail (GEM-50)
    assert F.p_beats(20, 0) == 1


# --- through a match ---------------------------------------------------------------------------

def gem(uid, side, x, y, **over):
    base = {"name": uid.capitalize(), "cpr": 0, "blocking": False, "disarming": False,
            "held": [], "weapons": [], "abilities": []}
    base.update(over)
    return {"id": uid, "sheet": "garnet", "side": side, "x": x, "y": y, "overrides": base}


def match(units, rows=None, house=None, items=None) -> Match:
    setup = {"grid": {"rows": rows or ["........"] * 6}, "units": units}
    if items:
        setup["items"] = items
    m = Match.new(MatchConfig("gems", seed=3, house_rules=house or {}, setup=setup))
    return m


def turn_of(m: Match, uid: str) -> None:
    for _ in range(12):
        if m.state.acting == uid:
            return
        m.submit(EndTurn())
    raise AssertionError(f"{uid} never got a turn")


def test_forecast_of_a_planned_ready_action_and_its_summary():
    m = match([gem("a", 0, 2, 2, cpr=2),
               gem("d", 1, 3, 2, cpr=1, blocking=True, held=["buckler"], hp=2)])
    turn_of(m, "a")
    m.submit(A.Ready("a"))
    m.submit(A.AssignArm("a", 0, (3, 2), "melee"))
    f = F.forecast(m.state, A.AssignArm("a", 1, (3, 2), "melee"))
    assert f.kind == "attack" and len(f.targets) == 1
    t = f.targets[0]
    # the whole planned action: two unarmed attacks at d20+2 against one counter at d20+1
    slow = brute(2, [2, 2], 1, 1, False, False, 2)
    assert t.damage == {d: Fraction(n, slow["total"]) for d, n in slow["damage"].items()}
    assert t.hit == Fraction(slow["hit"], slow["total"])
    assert t.poof == Fraction(slow["poof"], slow["total"])       # 2 HP: any landing attack
    assert t.arms[0].contact == Fraction(7, 20)                   # 14..20 on the die
    assert t.min_damage == 0 and t.max_damage == 4
    assert t.expected_damage == sum(d * p for d, p in t.damage.items())
    assert "defender" in f.assumptions[0]
    text = F.summary(f)
    assert text.startswith(f"Hit {F.pct(t.hit)}") and "2\u20134 dmg" in text
    assert "blocked" in text and "disarm" not in text
    # forecasting never changes the match
    assert len(m.state.plans) == 1
    # Strike forecasts the plans as they stand: one arm only
    g = F.forecast(m.state, A.Strike("a"))
    assert len(g.targets[0].arms) == 1


@pytest.mark.rule("GEM-50")
def test_forecast_negotiate_carry_and_moves():
    m = match([gem("a", 0, 1, 1, spr=2), gem("b", 1, 4, 1)],
              rows=["........"] * 4, items=[{"id": "crate1", "kind": "crate", "x": 2, "y": 1}])
    f = F.forecast(m.state, A.Negotiate("a", "b"))
    assert f.chance == F.p_beats(2, 0) and F.summary(f).startswith("Truce ")
    c = F.forecast(m.state, A.PickUp("a", "crate1"))            # Size 1 load on Size 1: > 12
    assert c.chance == F.p_above(0, 12) and c.slots == 1
    assert F.summary(c) == f"Carry roll {F.pct(c.chance)}"


def test_forecast_drop_reports_fall_damage():
    # a cliff of 7 built from the inline elevation
    setup = {"grid": {"rows": ["......"] * 2, "elevation": ["700000", "700000"]},
             "units": [gem("a", 0, 0, 0), gem("b", 1, 4, 0)]}
    m = Match.new(MatchConfig("gems", seed=3, setup=setup))
    f = F.forecast(m.state, A.Drop("a", (1, 0)))
    assert f.slots == 2 and f.fall_damage == 15            # (7 - 2) x 3, as GEM-TV-10
    assert F.summary(f) == "2 slots \u00b7 15 fall damage"


@pytest.mark.rule("GEM-42")
def test_forecast_counts_a_hammer_into_the_wall():
    rows = ["........", "....#...", "........"]
    m = match([gem("a", 0, 2, 1, held=["hardlight_hammer"]), gem("d", 1, 3, 1, hp=10)],
              rows=rows)
    turn_of(m, "a")
    m.submit(A.Ready("a"))
    f = F.forecast(m.state, A.AssignArm("a", 0, (3, 1), "melee"))
    t = f.targets[0]
    # a hit deals the hammer's 4 and the wall stops the 2-tile push at once: 2 x 3 more
    assert t.damage == {0: Fraction(15, 20), 10: Fraction(5, 20)}
    assert t.poof == Fraction(5, 20)
    assert m.state.units["d"].hp == 10 and (m.state.units["d"].x, m.state.units["d"].y) == (3, 1)

"""The Combat Roll through a real attack: d20 + CPR against the contact line (GEM-TV-01..04;
GEM-02, with GEM-23's threshold and GEM-GM-10's plain natural 1 and 20)."""
from __future__ import annotations

import pytest

from game.engine.systems.gems import actions as A
from game.engine.systems.gems import events as ev

from .gemtools import match, of, open_field, unit


def one_arm_attack(cpr: int, faces: list[int]) -> list:
    """Attacker at (2, 2) swings one arm at a defender without Blocking at (3, 2), once per
    face (a Ready Action each); returns the AttackResolved events."""
    m = match(open_field(), [unit("a", 2, 2, cpr=cpr, blocking=False),
                             unit("d", 3, 2, side=1, blocking=False, hp=60)])
    out = []
    for face in faces:
        m.submit(A.Ready("a"))
        m.submit(A.AssignArm("a", 0, (3, 2), "melee"))
        m.force_dice([face])
        out += of(m.submit(A.Strike("a")).events, ev.AttackResolved)
    return out


@pytest.mark.rule("GEM-02")
def test_GEM_TV_01_fifteen_total_misses():
    (r,) = one_arm_attack(3, [12])
    assert (r.total, r.contact, r.damage) == (15, False, 0)


@pytest.mark.rule("GEM-02")
def test_GEM_TV_02_sixteen_total_makes_contact():
    (r,) = one_arm_attack(3, [13])
    assert (r.total, r.contact) == (16, True) and r.damage > 0


@pytest.mark.rule("GEM-02")
@pytest.mark.rule("GEM-GM-10")
def test_GEM_TV_03_natural_twenty_is_just_twenty():
    hit, miss = one_arm_attack(0, [20, 15])
    assert (hit.total, hit.contact) == (20, True)
    assert (miss.total, miss.contact) == (15, False)
    assert hit.damage == 2                 # unarmed damage, nothing extra for the 20


@pytest.mark.rule("GEM-02")
@pytest.mark.rule("GEM-GM-10")
def test_GEM_TV_04_natural_one_is_just_a_low_roll():
    (r,) = one_arm_attack(5, [1])
    assert (r.total, r.contact) == (6, False)

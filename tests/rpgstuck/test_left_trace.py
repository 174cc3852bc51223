"""rpgstuck Trace (B-21, TV-24's stand-in Step): a creature with a marked-target Step marks the
first creature it hits while no mark of its own stands; the +100% applies only against that
creature, from the next damage roll, and a new mark can be placed once the marked one is down."""
from __future__ import annotations

import pytest

from game.engine.systems.rpgstuck import arith
from game.engine.systems.rpgstuck.actions import Attack
from game.engine.systems.rpgstuck.events import ConditionChanged
from game.engine.systems.rpgstuck.profiles import profile
from tests.rpgstuck.engine_helpers import battle, of


def scout_between_imps():
    return battle([("scout", "scout_l5", 0, 1, 1), ("a", "imp", 1, 2, 1), ("b", "imp", 1, 1, 2)],
                  overrides={"a": {"hp": 60, "max_hp": 60}})


@pytest.mark.rule("RS-B-21")
def test_the_first_hit_marks_and_only_the_marked_one_takes_the_bonus():
    m = scout_between_imps()
    s = m.state
    scout, a, b = (s.creatures[k] for k in ("scout", "a", "b"))
    m.rng.force([19, 3, 4])                           # a hit on a, no crit
    events = m.submit(Attack("scout", "strike", ((2, 1),))).events
    assert ConditionChanged("a", "marked", True) in of(events, ConditionChanged)
    assert arith.marked_by(s, scout) is a
    assert arith.mark_bonus(s, scout, a) == 100 and arith.mark_bonus(s, scout, b) == 0
    p = profile(s, scout, "strike")
    m.rng.force([3, 4])
    on_a = arith.damage_roll(m.rng, s, scout, p, crit=False, assail=False, target=a)
    m.rng.force([3, 4])
    on_b = arith.damage_roll(m.rng, s, scout, p, crit=False, assail=False, target=b)
    assert (on_a.bonus, on_b.bonus) == (100, 0) and on_a.pre == on_b.pre
    assert arith.mark(s, scout, b) == []              # one mark at a time


@pytest.mark.rule("RS-B-21")
def test_a_new_mark_once_the_marked_one_is_down_and_nobody_else_marks():
    m = scout_between_imps()
    s = m.state
    scout, a, b = (s.creatures[k] for k in ("scout", "a", "b"))
    assert arith.mark(s, b, a) == []                  # an imp has no marked-target Step
    arith.mark(s, scout, a)
    a.hp, a.status = 0, "unconscious"
    assert arith.marked_by(s, scout) is None
    assert arith.mark(s, scout, b) == [ConditionChanged("b", "marked", True)]
    assert arith.mark_bonus(s, scout, b) == 100


@pytest.mark.rule("RS-B-21")
def test_the_screen_shows_the_mark_and_whose_it_is():
    from game.client.systems.rpgstuck.presenter import RpgStuckPresenter
    m = scout_between_imps()
    arith.mark(m.state, m.state.creatures["scout"], m.state.creatures["a"])
    m.edited()
    p = RpgStuckPresenter(m)
    badges = dict(p._badges(m.state.creatures["a"]))
    assert "Mk" in badges and badges["Mk"].endswith("(by Scout (level 5))")

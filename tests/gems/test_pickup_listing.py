"""GEM-56's pick-ups in a turn's legal list (rules._others) skip gems out of reach at a glance (footprints more than
a tile apart) before asking pickup_problem: over random games on both maps the gems listed are
exactly those pickup_problem accepts, asked of every gem."""
from __future__ import annotations

import pytest

from game.engine.systems.gems import actions as A
from game.engine.systems.gems.rules import _others, pickup_problem
from tests.randomplay import positions


@pytest.mark.rule("GEM-56")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_listed_pickups_of_gems_are_every_gem_pickup_problem_accepts(seed):
    checked = 0
    for m in positions("gems", seed, 400):
        s = m.state
        u = s.units.get(s.acting) if s.acting else None
        if u is None or s.slots < 1:
            continue
        listed = {a.item for a in _others(s, u) if isinstance(a, A.PickUp) and a.item in s.units}
        wanted = {gid for gid in s.units if gid != u.id and pickup_problem(s, u, gid) is None}
        assert listed == wanted
        checked += 1
    assert checked > 30

"""Random play that leans on combat: every legal action (stage answers included) must apply
cleanly and leave a sound state, and a forecast must exist for every attack choice."""
from __future__ import annotations

import pytest

from game.engine import registry
from game.engine.match import Match
from game.engine.rng import Rng
from game.engine.systems.gems import combat
from game.engine.systems.gems import forecast as F


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_combat_heavy_play_keeps_the_state_sound(seed):
    system = registry.get("gems")
    config = system.example_config(seed)
    config.map = None
    from game.engine.systems.gems.system import example_setup
    config.setup = example_setup()
    m = Match.new(config)
    pick = Rng.from_seed(seed, stream=99)
    strikes = stages = 0
    for _ in range(220):
        if m.over:
            break
        legal = m.legal_actions()
        assert legal, "a live match always offers something to do"
        # giving up is tested on its own; here it would only cut the fuzzing short
        legal = [a for a in legal if a.kind != "concede"]
        fight = [a for a in legal if a.kind in combat.COMBAT_KINDS]
        pool = fight if fight and pick.randint(1, 10) <= 8 else legal
        action = pool[pick.randint(0, len(pool) - 1)]
        if action.kind in ("gems.assign_arm", "gems.strike"):
            f = F.forecast(m.state, action)
            for t in f.targets:
                assert sum(t.damage.values()) == 1
                assert 0 <= t.hit <= 1 and 0 <= t.disarm <= 1
            assert isinstance(F.summary(f), str)
        strikes += action.kind == "gems.strike"
        stages += action.kind in ("gems.counter", "gems.assign_blocks",
                                  "gems.choose_lost_arm", "gems.choose_side")
        m.submit(action)
        assert system.check_invariants(m.state) == [], action
    assert strikes > 0

"""Random play that leans on combat: every legal action (stage answers included) must apply
cleanly and leave a sound state, and a forecast must exist for every attack choice."""
from __future__ import annotations

import pytest

from game.engine import registry
from game.engine.match import Match
from game.engine.rng import Rng
from game.engine.systems.gems import combat, common
from game.engine.systems.gems import forecast as F


def _skirmish(seed: int) -> Match:
    """The example skirmish on the plain board (no map), seeded."""
    config = registry.get("gems").example_config(seed)
    config.map = None
    from game.engine.systems.gems.system import example_setup
    config.setup = example_setup()
    return Match.new(config)


def _combat_pick(m: Match, pick: Rng) -> object:
    """A random legal action, four times in five a combat one when there is any."""
    legal = m.legal_actions()
    assert legal, "a live match always offers something to do"
    # giving up is tested on its own; here it would only cut the fuzzing short
    legal = [a for a in legal if a.kind != "concede"]
    fight = [a for a in legal if a.kind in combat.COMBAT_KINDS]
    pool = fight if fight and pick.randint(1, 10) <= 8 else legal
    return pool[pick.randint(0, len(pool) - 1)]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_combat_heavy_play_keeps_the_state_sound(seed):
    system = registry.get("gems")
    m = _skirmish(seed)
    pick = Rng.from_seed(seed, stream=99)
    strikes = stages = 0
    for _ in range(220):
        if m.over:
            break
        action = _combat_pick(m, pick)
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


def _traces_agree(state) -> tuple[int, int]:
    """Every line from every gem to every block in a wide square, in every mode, traced with
    and without the tile index (common.occupancy_index): (lines traced, lines that found targets)."""
    index = common.occupancy_index(state)
    traced = with_targets = 0
    for u in state.units.values():
        if not u.formed or u.carried_by is not None:
            continue
        for dx in range(-6, 7):
            for dy in range(-6, 7):
                target = (u.x + dx * u.size, u.y + dy * u.size)
                for mode in ("melee", "thrown", "projectile"):
                    plain = combat.trace(state, u, target, mode)
                    assert combat.trace(state, u, target, mode, index) == plain
                    traced += 1
                    with_targets += bool(plain["targets"])
    return traced, with_targets


@pytest.mark.rule("GEM-26")
@pytest.mark.rule("GEM-27")
@pytest.mark.parametrize("seed", [1, 2])
def test_a_trace_reads_the_same_through_the_gem_tile_index(seed):
    """Listings trace many lines on one position and look the gems up in a tile index built
    once (common.occupancy_index): each trace stops at the same block with the same targets as one
    that tests every gem's footprint, over positions of combat-heavy random play (gems moved,
    carried, poofed)."""
    m = _skirmish(seed)
    pick = Rng.from_seed(seed, stream=7)
    traced = with_targets = 0
    for step in range(160):
        if m.over:
            break
        if step % 8 == 0:
            n, hit = _traces_agree(m.state)
            traced, with_targets = traced + n, with_targets + hit
        m.submit(_combat_pick(m, pick))
    assert traced > 5_000 and with_targets > 200


@pytest.mark.rule("GEM-27")
def test_a_size_2_gem_is_one_target_through_the_gem_tile_index():
    """A Size-2 gem covers four tiles of the index; a block holding two of them, or a Size-2
    attacker's block holding her and smaller gems, names her once, as the plain trace does."""
    from game.engine.rules import MatchConfig

    def gem(uid, side, x, y, size=1):
        return {"id": uid, "sheet": "garnet", "side": side, "x": x, "y": y,
                "overrides": {"size": size, "held": [], "weapons": [], "abilities": []}}

    setup = {"grid": {"rows": ["." * 12] * 10},
             "units": [gem("big", 0, 0, 0, 2), gem("x", 1, 2, 0), gem("y", 1, 3, 1),
                       gem("huge", 1, 5, 3, 2), gem("z", 0, 8, 6), gem("w", 1, 4, 6, 2)]}
    m = Match.new(MatchConfig("gems", seed=7, setup=setup))
    traced, with_targets = _traces_agree(m.state)
    assert traced > 1_000 and with_targets > 50

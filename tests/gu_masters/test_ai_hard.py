"""gu_masters hard bot: what it does beyond normal, each on a small board through the engine."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.rng import Rng
from game.engine.systems.gu_masters import reactions
from game.engine.systems.gu_masters.actions import Move
from game.engine.systems.gu_masters.ai import GuBot
from game.engine.tactics.bots import dry_run

from .test_gu_activate import man, match


def _walks(m):
    return [a for a in m.legal_actions() if isinstance(a, (Move, EndTurn))]


@pytest.mark.rule("GU-88")
def test_a_wary_bot_does_not_walk_out_of_a_foes_reach():
    # a stands beside b; c, the most hurt foe, is a few metres off: normal walks to c and
    # leaves b's reach (an attack of opportunity), the wary bot does not
    m = match([man("a", 0, 1, 1), man("b", 1, 2, 1), man("c", 1, 6, 1)])
    m.state.creatures["c"].hp = 20
    assert reactions.threats(m.state, m.state.creatures["a"])
    legal = _walks(m)
    plain = GuBot("t").choose(m.view(0), legal, Rng.from_seed(1))
    assert isinstance(plain, Move)
    after = dry_run(m.system, m.state, plain, Rng.from_seed(1)).state
    assert any(p.stage == reactions.OPPORTUNITY_STAGE for p in after.pending)
    wary = GuBot("t", traits=frozenset({"wary"})).choose(m.view(0), legal, Rng.from_seed(1))
    if isinstance(wary, Move):
        after = dry_run(m.system, m.state, wary, Rng.from_seed(1)).state
        assert not after.pending
    assert wary != plain

"""A throw is offered only where the held creature has room to go (GU-24, GU-63, GU-66): it
shares the grappler's square while held and may not stay there once the hold ends."""
from __future__ import annotations

import pytest

from game.engine.systems.gu_masters.grips import Grapple, Throw
from tests.gu_masters.test_engine_slice import man, match


@pytest.mark.rule("GU-66", "GU-24")
def test_no_throw_off_the_map_edge():
    m = match([man("a", 0, 0, 0), {"id": "w", "entry": "wolf", "side": 1, "x": 1, "y": 0}],
              initiative=["a", "w"])
    m.force_dice([10, 90])                       # a's Athletics holds, the wolf's fails
    m.submit(Grapple("a", "w"))
    w = m.state.creatures["w"]
    assert (w.x, w.y) == (0, 0)
    throws = {(t.dx, t.dy) for t in m.legal_actions() if isinstance(t, Throw)}
    assert throws == {(1, 0), (0, 1), (1, 1)}
    m.submit(Throw("a", 1, 0))
    assert m.system.check_invariants(m.state) == []

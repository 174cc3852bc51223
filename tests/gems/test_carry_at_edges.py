"""Where a carried gem sits at the map's edge (found by a random game: a Size 1 gem on the
bottom row lifted a Size 2 gem, which then covered a row off the map). Our call, the rules being
silent on where a load rides: on the carrier's tile, moved up and left only as far as the edge
needs (common.carried_anchor)."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine.systems.gems import actions as A
from game.engine.systems.gems.common import carried_anchor, footprint

from .gemtools import match, open_field, unit


@given(st.integers(2, 12), st.integers(2, 12), st.integers(1, 3), st.data())
def test_a_carried_gem_stays_on_the_map_and_over_her_carrier(width, height, size, data):
    size = min(size, width, height)
    # every edge tile, corners included
    edge = [(x, y) for x in range(width) for y in range(height)
            if x in (0, width - 1) or y in (0, height - 1)]
    x, y = data.draw(st.sampled_from(edge))
    ax, ay = carried_anchor(width, height, size, x, y)
    covers = {(ax + dx, ay + dy) for dx in range(size) for dy in range(size)}
    assert all(0 <= cx < width and 0 <= cy < height for cx, cy in covers)
    assert (x, y) in covers
    if x <= width - size and y <= height - size:
        assert (ax, ay) == (x, y)                    # away from the far edges: right on her


@pytest.mark.rule("GEM-53")
@pytest.mark.parametrize("start, path", [
    ((1, 7), [(3, 7)]),                              # along the bottom row
    ((7, 1), [(7, 3)]),                              # down the right edge
    ((6, 7), [(7, 7)]),                              # into the bottom-right corner
])
def test_lifting_and_carrying_a_size_2_gem_along_an_edge_keeps_every_invariant(start, path):
    sx, sy = start
    # the Size 2 onyx lies just inside the carrier's corner of the field
    gx, gy = min(sx + 1, 6) if sx < 7 else 5, min(sy + 1, 6) if sy < 7 else 5
    m = match(open_field(), [unit("c", sx, sy, cpr=9, ms=8), unit("g", gx, gy, sheet="onyx"),
                             unit("foe", 0, 0, side=1)], setup_dice=[20, 5, 4])
    assert m.state.units["g"].size == 2
    m.force_dice([20])
    m.submit(A.PickUp("c", "g"))
    assert m.state.units["g"].carried_by == "c"
    assert m.system.check_invariants(m.state) == []
    for step in path:                                # picking up took one of two slots
        m.submit(A.Move("c", step))
        g = m.state.units["g"]
        assert (m.state.units["c"].x, m.state.units["c"].y) in footprint(g)
        assert m.system.check_invariants(m.state) == []

"""The toolkit's reach search: stateful step costs (alternating diagonals, elevation, flight),
paths, tie orders and the lazy allowed-check."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.boards.square import READING8, chebyshev
from game.engine.tactics import reach as R

OPEN = lambda a, b: True        # noqa: E731


def _feet(dx: int, dy: int) -> int:
    """5/10/5 feet on an open grid: straight steps 5, every second diagonal 10."""
    ax, ay = abs(dx), abs(dy)
    diag = min(ax, ay)
    return 5 * (max(ax, ay) - diag) + 5 * diag + 5 * (diag // 2)


def test_alternating_diagonals_cost_5_10_5():
    found = R.square_reach((0, 0), 30, OPEN, straight=5, diagonals=(5, 10))
    assert found[(1, 1)][0] == 5
    assert found[(2, 2)][0] == 15
    assert found[(3, 3)][0] == 20
    assert found[(4, 4)][0] == 30
    assert found[(3, 0)][0] == 15
    # a diagonal path alternates: the second diagonal is the dear one
    assert found[(2, 2)][1] == [(1, 1), (2, 2)]
    assert (5, 5) not in found                # 35 feet is beyond the budget


def test_uniform_diagonals_keep_one_node_per_cell():
    reach = R.search((0, 0, 0), R.square_moves(), max_cost=2)
    assert {n[2] for n in reach.costs} == {0}
    assert len(reach.costs) == 25
    alt = R.search((0, 0, 0), R.square_moves(diagonals=(1, 2)), max_cost=2)
    assert {n[2] for n in alt.costs} == {0, 1}   # parity is part of the node


@settings(deadline=None, max_examples=60)
@given(st.integers(-6, 6), st.integers(-6, 6))
def test_open_grid_costs_match_the_counting_rule(dx, dy):
    found = R.square_reach((0, 0), 60, OPEN, straight=5, diagonals=(5, 10))
    if (dx, dy) == (0, 0):
        assert (0, 0) not in found            # the start is not a destination
        return
    cost, path = found[(dx, dy)]
    assert cost == _feet(dx, dy)
    assert path[-1] == (dx, dy) and len(path) >= chebyshev((0, 0), (dx, dy))
    steps = [(0, 0)] + path
    assert all(chebyshev(p, q) == 1 for p, q in zip(steps, steps[1:]))


def test_walls_are_walked_around():
    wall = {(1, -1), (1, 0), (1, 1)}
    found = R.square_reach((0, 0), 4, lambda a, b: b not in wall)
    cost, path = found[(2, 0)]
    assert cost == 4 and not set(path) & wall     # round the end of the wall: 2 up, 2 down
    assert (2, 0) not in R.square_reach((0, 0), 3, lambda a, b: b not in wall)
    assert all(c not in found for c in wall)


def test_allowed_is_asked_only_about_cheaper_steps():
    asked: list[tuple] = []

    def allowed(a, b):
        asked.append(b)
        return True
    R.search((0, 0, 0), R.square_moves(), max_cost=1, ties="node", allowed=allowed)
    # each of the 8 neighbours is offered from the start and from its neighbours, but only
    # the first (cheapest) offer of each is checked
    assert sorted(asked) == sorted((dx, dy, 0) for dx, dy in READING8)


def test_an_elevation_cost_prices_climbs():
    height = {(1, 0): 2, (2, 0): 2}

    def nbrs(c):
        return [(c[0] + dx, c[1] + dy) for dx, dy in READING8
                if 0 <= c[0] + dx < 4 and 0 <= c[1] + dy < 2]

    def cost(a, b):
        up = height.get(b, 0) - height.get(a, 0)
        return 1 + max(up, 0) * 2              # each level climbed costs 2 more
    reach = R.dijkstra((0, 0), nbrs, cost)
    assert reach.costs[(1, 0)] == 5
    assert reach.costs[(3, 0)] == 3            # around the hill through row 1
    assert (1, 0) not in reach.path_to((3, 0)) and (2, 0) not in reach.path_to((3, 0))


def test_flight_carries_altitude_in_the_node():
    """Nodes (cell, altitude): climbing a level costs 1, moving at altitude 1 clears a wall
    that blocks the ground; the cheapest way to each cell is picked over all altitudes."""
    wall = {(1, 0)}

    def edges(node):
        (x, y), alt = node
        out = [(((x + dx, y), alt), None if alt == 0 and (x + dx, y) in wall else 1)
               for dx in (-1, 1) if 0 <= x + dx < 4]
        out += [(((x, y), a), 1) for a in (alt - 1, alt + 1) if 0 <= a <= 1]
        return out
    reach = R.search(((0, 0), 0), edges)
    best = R.cheapest_cells(reach, lambda n: n[0])
    assert best[(1, 0)] == ((1, 0), 1)         # only reached flying
    assert reach.costs[best[(3, 0)]] == 4      # up, three steps along
    assert [n[0] for n in reach.path_to(best[(3, 0)])] == [(0, 0), (0, 0), (1, 0), (2, 0),
                                                           (3, 0)]


def test_tie_orders_are_deterministic_and_named():
    for ties in ("insertion", "node"):
        a = R.search((0, 0, 0), R.square_moves(), max_cost=3, ties=ties)
        b = R.search((0, 0, 0), R.square_moves(), max_cost=3, ties=ties)
        assert a.order == b.order and a.parents == b.parents
    by_node = R.search((0, 0, 0), R.square_moves(), max_cost=1, ties="node")
    assert by_node.order[1:] == sorted(by_node.order[1:])     # equal costs in node order
    with pytest.raises(ValueError):
        R.search((0, 0, 0), R.square_moves(), ties="random")   # type: ignore[arg-type]


def test_impassable_and_refused_costs():
    def edges(n):
        return [(n + 1, None), (n + 2, float("inf")), (n + 3, 1)] if n < 6 else []
    assert set(R.search(0, edges).costs) == {0, 3, 6}
    with pytest.raises(ValueError):
        R.search(0, lambda n: [(n + 1, -1)])
    with pytest.raises(ValueError):
        R.search(0, lambda n: [(n + 1, float("nan"))])


def test_multi_start_and_astar_predicate_goal():
    def nbrs(n):
        return [n - 1, n + 1]
    reach = R.dijkstra([0, 10], nbrs, lambda a, b: 1, max_cost=2, multi=True)
    assert reach.costs[2] == 2 and reach.costs[8] == 2 and 5 not in reach
    found = R.astar(0, lambda n: n % 7 == 6 and n > 0, nbrs, lambda a, b: 1)
    assert found == ([0, 1, 2, 3, 4, 5, 6], 6)


def test_fewest_steps_draws_a_shortest_route_inside_the_allowed_cells():
    from game.engine.boards.square import neighbours8
    from game.engine.tactics.reach import fewest_steps
    allowed = {(1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2)}
    nbrs = lambda c: [(c[0] + dx, c[1] + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]  # noqa: E731
    path = fewest_steps((0, 0), (0, 2), allowed, nbrs)        # round the wall at (0,1),(1,1)
    assert path == [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2)]
    assert fewest_steps((0, 0), (1, 1), allowed | {(1, 1)}, lambda c: neighbours8(*c)) == \
        [(0, 0), (1, 1)]
    assert fewest_steps((0, 0), (5, 5), allowed, nbrs) == [(0, 0), (5, 5)]    # no route


def _heap_square_reach(start, budget, enter, straight, diagonals):
    """square_reach as the general heap search gives it (ties by node): the reference the
    bucketed search must match cost for cost and path for path."""
    reach = R.search((start[0], start[1], 0), R.square_moves(straight, diagonals),
                     max_cost=budget, ties="node",
                     allowed=lambda a, b: enter((a[0], a[1]), (b[0], b[1])))
    out, trail = {}, {}
    for node in reach.order:
        up = reach.parents[node]
        cell = (node[0], node[1])
        trail[node] = [] if up is None else trail[up] + [cell]
        if cell != start and cell not in out:
            out[cell] = (reach.costs[node], trail[node])
    return out


@settings(max_examples=60, deadline=None)
@given(walls=st.sets(st.tuples(st.integers(-4, 4), st.integers(-4, 4)), max_size=30),
       budget=st.integers(0, 7), costs=st.sampled_from([(1, (1, 1)), (1, (1, 2)), (5, (5, 10)),
                                                        (2, (3, 3)), (3, (3, 3)), (0.5, (0.5, 0.5))]))
def test_bucketed_square_reach_equals_the_heap_search(walls, budget, costs):
    straight, diagonals = costs
    budget *= straight
    # a step rule that depends on both ends, so parents and ties matter
    enter = lambda a, b: b not in walls and (a[0] + b[1]) % 5 != 0     # noqa: E731
    got = R.square_reach((0, 0), budget, enter, straight, diagonals)
    want = _heap_square_reach((0, 0), budget, enter, straight, diagonals)
    # the order too: legal lists are listed from it, and seeded games pick from those lists
    assert list(got.items()) == list(want.items())

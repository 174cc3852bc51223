"""Shortest paths over any grid: Dijkstra (every reachable cell and its cost) and A* (one goal).

Owns: the searches, with costs from a callback so each rule system prices steps its own way
(elevation, water, occupancy...), and deterministic tie-breaking (neighbour order, then
insertion order) so the same board always gives the same path, which replays depend on.

Must not: know any rule, read a Board, or use randomness. A step the callback prices as None or
infinity is impassable; negative costs are refused.
"""
from __future__ import annotations

import heapq
import itertools
import math
from dataclasses import dataclass, field
from typing import Callable, Generic, Hashable, Iterable, TypeVar

N = TypeVar("N", bound=Hashable)

Neighbours = Callable[[N], Iterable[N]]
StepCost = Callable[[N, N], "float | None"]


@dataclass
class Reach(Generic[N]):
    """Result of a Dijkstra search: the cheapest known cost to every reached node."""

    costs: dict[N, float] = field(default_factory=dict)
    parents: dict[N, N | None] = field(default_factory=dict)

    def __contains__(self, node: object) -> bool:
        return node in self.costs

    def path_to(self, node: N) -> list[N] | None:
        """Start .. node inclusive, or None if the node was not reached."""
        if node not in self.parents:
            return None
        out = [node]
        while (p := self.parents[out[-1]]) is not None:
            out.append(p)
        out.reverse()
        return out


def _price(cost: StepCost[N], a: N, b: N) -> float | None:
    c = cost(a, b)
    if c is None or c == math.inf:
        return None
    if c < 0 or c != c:
        raise ValueError(f"step {a} -> {b} has cost {c}; costs must be 0 or more")
    return c


def dijkstra(start: N | Iterable[N], neighbours: Neighbours[N], cost: StepCost[N],
             max_cost: float | None = None, multi: bool = False) -> Reach[N]:
    """Every node reachable from `start` (or from each node of `start` when multi=True) with a
    total cost of at most `max_cost`, and how to get there."""
    starts: list[N] = list(start) if multi else [start]  # type: ignore[list-item, arg-type]
    reach: Reach[N] = Reach()
    counter = itertools.count()
    heap: list[tuple[float, int, N]] = []
    for s in starts:
        reach.costs[s] = 0.0
        reach.parents[s] = None
        heapq.heappush(heap, (0.0, next(counter), s))
    done: set[N] = set()
    while heap:
        c, _, node = heapq.heappop(heap)
        if node in done:
            continue
        done.add(node)
        for nb in neighbours(node):
            step = _price(cost, node, nb)
            if step is None:
                continue
            total = c + step
            if max_cost is not None and total > max_cost:
                continue
            if nb not in reach.costs or total < reach.costs[nb]:
                reach.costs[nb] = total
                reach.parents[nb] = node
                heapq.heappush(heap, (total, next(counter), nb))
    return reach


def astar(start: N, goal: N | Callable[[N], bool], neighbours: Neighbours[N], cost: StepCost[N],
          heuristic: Callable[[N], float] = lambda n: 0.0,
          max_cost: float | None = None) -> tuple[list[N], float] | None:
    """The cheapest path from start to goal (a node, or a predicate for "any goal") and its
    cost, or None. The heuristic must never overestimate, or the path may not be cheapest."""
    is_goal = goal if callable(goal) else (lambda n: n == goal)
    counter = itertools.count()
    g: dict[N, float] = {start: 0.0}
    parent: dict[N, N | None] = {start: None}
    heap: list[tuple[float, int, N]] = [(heuristic(start), next(counter), start)]
    done: set[N] = set()
    while heap:
        _, _, node = heapq.heappop(heap)
        if node in done:
            continue
        if is_goal(node):
            path = [node]
            while (p := parent[path[-1]]) is not None:
                path.append(p)
            path.reverse()
            return path, g[node]
        done.add(node)
        for nb in neighbours(node):
            step = _price(cost, node, nb)
            if step is None:
                continue
            total = g[node] + step
            if max_cost is not None and total > max_cost:
                continue
            if nb not in g or total < g[nb]:
                g[nb] = total
                parent[nb] = node
                heapq.heappush(heap, (total + heuristic(nb), next(counter), nb))
    return None

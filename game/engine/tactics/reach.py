"""Reach and paths over any grid: Dijkstra (every reachable node and its cost) and A* (one goal).

Owns: the searches, with costs from a callback so each rule system prices steps its own way
(elevation, water, occupancy...); nodes may carry state beside the cell (a tuple such as
(cell, diagonal_parity) or (cell, altitude)), so alternating diagonals, elevation and flight are
ordinary costs; deterministic tie-breaking so the same board always gives the same path, which
replays depend on; square moves with uniform or alternating diagonal costs
(`square_moves`, `square_reach`, `cheapest_cells`); and bounded hex maps (`hex_reach`, `hex_path`).

Ties: "insertion" (default) settles equal costs in the order they were first offered
(neighbour order, then insertion); "node" settles them in the nodes' own sort order. Each
system keeps the one its replays were recorded with. Before either, `search(prefer=...)` may
rank paths of equal cost by a second sum along them (fewest diagonal steps, so a path across an
open room runs straight instead of zig-zagging where diagonals cost what straights do).

Must not: know any rule, read a Board, or use randomness. A step the callback prices as None or
infinity is impassable; negative costs are refused.
"""
from __future__ import annotations

import heapq
import itertools
import math
from dataclasses import dataclass, field
from typing import Callable, Generic, Hashable, Iterable, Literal, TypeVar

from game.engine.boards.hex import HexLayout, Offset, cube_distance
from game.engine.boards.square import READING8, Cell

N = TypeVar("N", bound=Hashable)
C = TypeVar("C", bound=Hashable)

Neighbours = Callable[[N], Iterable[N]]
StepCost = Callable[[N, N], "float | None"]
Edges = Callable[[N], Iterable[tuple[N, "float | None"]]]
Ties = Literal["insertion", "node"]


@dataclass
class Reach(Generic[N]):
    """Result of a Dijkstra search: the cheapest cost to every reached node, the parent of each
    on a cheapest path, and the order nodes were settled in (cheapest first)."""

    costs: dict[N, float] = field(default_factory=dict)
    parents: dict[N, N | None] = field(default_factory=dict)
    order: list[N] = field(default_factory=list)

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


def _price(c: float | None, a: object, b: object) -> float | None:
    if c is None or c == math.inf:
        return None
    if c < 0 or c != c:
        raise ValueError(f"step {a} -> {b} has cost {c}; costs must be 0 or more")
    return c


def search(start: N | Iterable[N], edges: Edges[N], max_cost: float | None = None,
           multi: bool = False, ties: Ties = "insertion",
           allowed: Callable[[N, N], bool] | None = None,
           prefer: Callable[[N, N], int] | None = None) -> Reach[N]:
    """Dijkstra over `edges(node)` -> (next node, step cost or None): every node reachable from
    `start` (or from each node of `start` when multi=True) for at most `max_cost`.

    `allowed(a, b)`, if given, is asked only about steps that would make b cheaper, so a costly
    check (occupancy, footprints) runs as rarely as possible; False makes the step impassable.

    `prefer(a, b)`, if given, is a second price of each step (0 or more): among paths of equal
    cost the one with the smallest sum of it wins (costs and reach are unchanged; only which of
    the equally cheap paths `parents` keeps, and the settling order within a cost)."""
    if prefer is not None:
        return _search_preferring(start, edges, max_cost, multi, ties, allowed, prefer)
    starts: list[N] = list(start) if multi else [start]  # type: ignore[list-item, arg-type]
    by_node = ties == "node"
    if ties not in ("insertion", "node"):
        raise ValueError(f"ties must be 'insertion' or 'node', not {ties!r}")
    reach: Reach[N] = Reach()
    costs, parents, order = reach.costs, reach.parents, reach.order
    counter = itertools.count()
    heap: list[tuple[float, object, N]] = []
    for s in starts:
        costs[s] = 0            # int steps keep int totals; float steps make them floats
        parents[s] = None
        heapq.heappush(heap, (0, s if by_node else next(counter), s))
    inf = math.inf
    limit = inf if max_cost is None else max_cost
    push, pop = heapq.heappush, heapq.heappop
    while heap:
        c, _, node = pop(heap)
        if c > costs[node]:
            continue            # a stale entry: the node was settled cheaper already
        order.append(node)
        for nb, step in edges(node):
            if step is None:
                continue
            if not 0 <= step < inf:
                if step == inf:
                    continue
                raise ValueError(f"step {node} -> {nb} has cost {step}; costs must be 0 or more")
            total = c + step
            if total > limit:
                continue
            old = costs.get(nb)
            if old is not None and total >= old:
                continue
            if allowed is not None and not allowed(node, nb):
                continue
            costs[nb] = total
            parents[nb] = node
            push(heap, (total, nb if by_node else next(counter), nb))
    return reach


def _search_preferring(start, edges, max_cost, multi, ties, allowed, prefer) -> Reach:
    """`search` ranking equal costs by the sum of `prefer`: Dijkstra over (cost, preference)
    pairs compared in that order, which are still non-negative sums, so it stays exact."""
    starts = list(start) if multi else [start]
    by_node = ties == "node"
    if ties not in ("insertion", "node"):
        raise ValueError(f"ties must be 'insertion' or 'node', not {ties!r}")
    reach: Reach = Reach()
    costs, parents, order = reach.costs, reach.parents, reach.order
    second: dict = {}
    counter = itertools.count()
    heap: list = []
    for s in starts:
        costs[s], second[s], parents[s] = 0, 0, None
        heapq.heappush(heap, (0, 0, s if by_node else next(counter), s))
    inf = math.inf
    limit = inf if max_cost is None else max_cost
    push, pop = heapq.heappush, heapq.heappop
    settled: set = set()
    while heap:
        c, p, _, node = pop(heap)
        if node in settled or c > costs[node] or p > second[node]:
            continue            # a stale entry
        settled.add(node)
        order.append(node)
        for nb, step in edges(node):
            if step is None:
                continue
            if not 0 <= step < inf:
                if step == inf:
                    continue
                raise ValueError(f"step {node} -> {nb} has cost {step}; costs must be 0 or more")
            total = c + step
            if total > limit or nb in settled:
                continue
            pref = p + prefer(node, nb)
            old = costs.get(nb)
            if old is not None and (total > old or (total == old and pref >= second[nb])):
                continue
            if allowed is not None and not allowed(node, nb):
                continue
            costs[nb], second[nb], parents[nb] = total, pref, node
            push(heap, (total, pref, nb if by_node else next(counter), nb))
    return reach


def dijkstra(start: N | Iterable[N], neighbours: Neighbours[N], cost: StepCost[N],
             max_cost: float | None = None, multi: bool = False,
             ties: Ties = "insertion") -> Reach[N]:
    """`search` with the steps given as neighbours and a cost for each step a -> b."""
    def edges(node: N) -> Iterable[tuple[N, float | None]]:
        return [(nb, cost(node, nb)) for nb in neighbours(node)]
    return search(start, edges, max_cost, multi, ties)


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
            step = _price(cost(node, nb), node, nb)
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


# -- squares with a diagonal rule --------------------------------------------------------------
SquareNode = tuple[int, int, int]      # (x, y, diagonal parity: diagonals taken so far, mod 2)


def square_moves(straight: float = 1, diagonals: tuple[float, float] = (1, 1),
                 order: tuple[Cell, ...] = READING8) -> Edges[SquareNode]:
    """8-way steps over (x, y, parity) nodes, priced by the diagonal rule. A straight step
    costs `straight`; a diagonal costs diagonals[0] on odd-numbered diagonals and diagonals[1]
    on even ones (5/10/5 feet: straight=5, diagonals=(5, 10)). With equal diagonal costs the
    parity stays 0, so the search has one node per cell. `order` is the neighbour order, which
    decides ties. Which steps are allowed is the search's `allowed` callback."""
    first, second = diagonals
    alternating = first != second
    table: list[list[tuple[int, int, float, int]]] = []
    for par in (0, 1):
        row = []
        for dx, dy in order:
            if dx and dy and alternating:
                row.append((dx, dy, second if par else first, 1 - par))
            else:
                row.append((dx, dy, first if dx and dy else straight, par))
        table.append(row)

    def edges(node: SquareNode) -> list[tuple[SquareNode, float | None]]:
        x, y, par = node
        return [((x + dx, y + dy, npar), step) for dx, dy, step, npar in table[par]]
    return edges


def cheapest_cells(reach: Reach[N], cell_of: Callable[[N], C]) -> dict[C, N]:
    """For a search over stateful nodes, the first-settled (cheapest, then by the search's tie
    order) node of each cell: cell -> node. `reach.path_to(node)` gives its path."""
    out: dict[C, N] = {}
    for node in reach.order:
        out.setdefault(cell_of(node), node)
    return out


def square_reach(start: Cell, budget: float, enter: Callable[[Cell, Cell], bool],
                 straight: float = 1, diagonals: tuple[float, float] = (1, 1),
                 ties: Ties = "node") -> dict[Cell, tuple[float, list[Cell]]]:
    """Cells reachable from `start` within `budget` by `square_moves`, each with its cheapest
    cost and path (start excluded); the start itself is left out."""
    if ties == "node" and straight == diagonals[0] == diagonals[1] and straight > 0:
        return _square_uniform(start, budget, enter, straight)
    if ties == "node" and min(straight, *diagonals) > 0:
        order, costs, parents = _square_buckets(start, budget, enter, straight, diagonals)
    else:
        def allowed(a: SquareNode, b: SquareNode) -> bool:
            return enter((a[0], a[1]), (b[0], b[1]))
        reach = search((start[0], start[1], 0), square_moves(straight, diagonals),
                       max_cost=budget, ties=ties, allowed=allowed)
        order, costs, parents = reach.order, reach.costs, reach.parents
    out: dict[Cell, tuple[float, list[Cell]]] = {}
    trail: dict[SquareNode, list[Cell]] = {}        # node -> cells entered to get there
    for node in order:                               # a parent is always settled before its child
        up = parents[node]
        cell = (node[0], node[1])
        trail[node] = [] if up is None else trail[up] + [cell]
        if cell != start and cell not in out:
            out[cell] = (costs[node], trail[node])
    return out


def _square_uniform(start: Cell, budget: float, enter: Callable[[Cell, Cell], bool],
                    step: float) -> dict[Cell, tuple[float, list[Cell]]]:
    """`square_reach` when every step costs the same: a breadth-first search, each layer
    settled in cell order, a cell's path its first offerer's plus itself (the heap's costs,
    paths and order: nothing a later layer offers is cheaper). Each turn's walk is one of these, so it skips the nodes, parents and trail the
    general searches keep for `square_reach` to turn into paths afterwards (a test holds it to
    the heap search, order included)."""
    out: dict[Cell, tuple[float, list[Cell]]] = {}
    trail: dict[Cell, list[Cell]] = {start: []}      # every cell offered so far -> its path
    layer = [start]
    c = step
    while c <= budget:
        grown: list[Cell] = []
        for here in layer:                            # in cell order: first offer wins
            x, y = here
            base = trail[here]
            for dx, dy in READING8:
                nb = (x + dx, y + dy)
                if nb in trail or not enter(here, nb):
                    continue
                trail[nb] = base + [nb]
                grown.append(nb)
        if not grown:
            break
        grown.sort()
        for cell in grown:
            out[cell] = (c, trail[cell])
        layer = grown
        c += step
    return out


def _square_buckets(start: Cell, budget: float, enter: Callable[[Cell, Cell], bool],
                    straight: float, diagonals: tuple[float, float]
                    ) -> tuple[list[SquareNode], dict[SquareNode, float],
                               dict[SquareNode, SquareNode | None]]:
    """`search` over `square_moves` with ties="node", for positive step costs, without a heap:
    nodes wait in one bucket per total cost, and each bucket is settled in node order once every
    cheaper one is done. With every step costing more than 0 nothing enters the bucket being
    settled, so the settling order, costs and parents are exactly the heap's (the heap pops by
    (cost, node) too), at a fraction of the price on the small searches of a turn's reach."""
    first = (start[0], start[1], 0)
    table = [[(dx, dy, step, npar) for (dx, dy), ((_, _), step, npar) in zip(
        READING8, _steps(straight, diagonals, par))] for par in (0, 1)]
    costs: dict[SquareNode, float] = {first: 0}
    parents: dict[SquareNode, SquareNode | None] = {first: None}
    order: list[SquareNode] = []
    buckets: dict[float, list[SquareNode]] = {0: [first]}
    get = costs.get
    cheapest = min(straight, *diagonals)
    while buckets:
        c = min(buckets)
        bucket = buckets.pop(c)
        bucket.sort()
        last = c + cheapest > budget      # every step from here would overspend
        for node in bucket:
            if c > costs[node]:
                continue            # offered again later at a lower cost: settled there
            order.append(node)
            if last:
                continue
            x, y, par = node
            here = (x, y)
            for dx, dy, step, npar in table[par]:
                total = c + step
                if total > budget:
                    continue
                nb = (x + dx, y + dy, npar)
                old = get(nb)
                if old is not None and total >= old:
                    continue
                if not enter(here, (nb[0], nb[1])):
                    continue
                costs[nb] = total
                parents[nb] = node
                wait = buckets.get(total)
                if wait is None:
                    buckets[total] = [nb]
                else:
                    wait.append(nb)
    return order, costs, parents


def _steps(straight: float, diagonals: tuple[float, float], par: int
           ) -> list[tuple[Cell, float, int]]:
    """The READING8 steps from a node of diagonal parity `par`, priced as `square_moves` does:
    ((dx, dy), cost, parity after)."""
    first, second = diagonals
    alternating = first != second
    out = []
    for dx, dy in READING8:
        if dx and dy and alternating:
            out.append(((dx, dy), second if par else first, 1 - par))
        else:
            out.append(((dx, dy), first if dx and dy else straight, par))
    return out


# -- bounded hex maps ------------------------------------------------------------------------------
HexCost = Callable[[Offset, Offset], "float | None"]


def hex_reach(layout: HexLayout, start: Offset, budget: float | None, cost: HexCost,
              width: int, height: int) -> Reach[Offset]:
    """Every cell of a width x height map reachable from `start` for at most `budget` (None: no
    limit), with the cheapest cost and a path to each (`reach.path_to(cell)`). `cost(a, b)` prices
    the step from a into its neighbour b; None or infinity means impassable."""
    def nbrs(c: Offset) -> list[Offset]:
        return layout.neighbours_in(c[0], c[1], width, height)
    return dijkstra(start, nbrs, cost, max_cost=budget)


def hex_path(layout: HexLayout, start: Offset, goal: Offset, cost: HexCost, width: int,
             height: int, budget: float | None = None,
             min_step: float = 1.0) -> tuple[list[Offset], float] | None:
    """The cheapest path start..goal (both included) and its cost, or None. A* with hex distance
    times `min_step` as the estimate: `min_step` must not exceed the cheapest real step (map
    move_cost is at least 1), or the path found may not be the cheapest."""
    gc = layout.to_cube(*goal)

    def nbrs(c: Offset) -> list[Offset]:
        return layout.neighbours_in(c[0], c[1], width, height)

    def estimate(c: Offset) -> float:
        return cube_distance(layout.to_cube(*c), gc) * min_step
    return astar(start, goal, nbrs, cost, heuristic=estimate, max_cost=budget)


def fewest_steps(start: N, goal: N, allowed: set[N], neighbours: Neighbours[N]) -> list[N]:
    """The path of fewest steps from `start` to `goal` through `allowed` nodes (start .. goal;
    [start, goal] when none exists). For drawing a route the rules already allow, never for
    deciding one: the rules' own paths come from the system's reach."""
    inside = set(allowed) | {start}
    found = dijkstra(start, lambda n: [m for m in neighbours(n) if m in inside],
                     lambda _a, _b: 1)
    return found.path_to(goal) or [start, goal]

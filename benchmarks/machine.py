"""How fast this machine is right now: a fixed piece of plain Python work, timed before each
section of a run, so a reader can tell a slow minute from slower code.

Owns: `reference()`, the work and its CPU time. The work is like the engine's (tuple keys in
dicts and sets, small objects made and dropped, a sort), fixed in size and result, about a
fifth of a second on a quiet 2-core machine here.

Why: on a shared machine every figure moves with the neighbours (the same code has read a third
slower ten minutes later, and the rows move together), and CPU time does not hide it (caches
and memory bandwidth are shared). The figure beside each section says how the machine stood
when that section ran; compare runs whose reference figures agree.

Must not: import the game (the work must stay the same whatever the game's code does).
"""
from __future__ import annotations

from dataclasses import dataclass

from benchmarks.report import cpu


@dataclass(slots=True)
class _Cell:
    x: int
    y: int
    cost: int


def _work() -> int:
    """The fixed work; returns a checksum of its result (the same every run)."""
    table: dict[tuple[int, int], _Cell] = {}
    for x in range(120):
        for y in range(120):
            table[(x, y)] = _Cell(x, y, (x * 31 + y * 17) % 11)
    seen: set[tuple[int, int]] = set()
    total = 0
    for step in range(60):
        for (x, y), cell in table.items():
            nxt = table.get(((x + step) % 120, (y * 3 + step) % 120))
            if nxt is not None and nxt.cost > cell.cost:
                seen.add((nxt.x, nxt.y))
                total += nxt.cost - cell.cost
    ordered = sorted(table.values(), key=lambda c: (c.cost, -c.x, c.y))
    return total * 7 + len(seen) * 3 + ordered[len(ordered) // 2].x


def reference() -> tuple[float, int]:
    """(CPU seconds of the fixed work, its checksum)."""
    start = cpu()
    got = _work()
    return cpu() - start, got

"""Gu Masters movement on foot: where a creature can walk this turn and what walking does.

Owns: the movement a creature has this turn (GU-19, GU-75 sprint, GU-110 final stand, GU-147
fatigue, GU-152 restrained), `reach` (the squares its top-left square can end on, each with its
cost and path: step costs from terrain, allies passed freely (GU-GM-37), hostile squares passed
only with a Dodge test (GU-23), never ending on another creature unless it is Tiny (GU-24);
`can_step` asks only whether there is one), the Move, Sprint and StandUp actions (their legal
lists and what they do), and the walk itself (a failed pass-through Dodge stops the mover on its
last legal square, GU-GM-38), paused where it steps out of an enemy's melee range for that
enemy's attack of opportunity (GU-88, reactions.provoke) and resumed after it (`resume`).

Must not: price a step itself (terrain.py), or roll except on the Rng it is handed.
"""
from __future__ import annotations

from typing import Any

from game.engine.rng import Rng
from game.engine.tactics import pending
from game.engine.boards.square import READING8
from game.engine.tactics.footprint import block_at
from game.engine.tactics.pending import Pending
from game.engine.tactics.memo import Kept, keep
from game.engine.tactics.reach import search, square_moves
from game.engine.tactics.squarefield import PerBoard

from . import gu
from . import terrain
from .actions import Move, Sprint, StandUp
from .events import Moved, Sprinted, StatusChanged, StoodUp
from .state import Creature, GuState
from .turns import roll, test_event

Cell = tuple[int, int]
FATIGUE = 3          # GU-147
WALK_STAGE = "walk_on"   # a walk paused for attacks of opportunity (GU-88); never answered:
                         # rules.apply resumes it as soon as it is on top (`resume`)


def base_movement(c: Creature) -> int:
    """Movement before sprinting: 0 when it cannot move (GU-110, GU-152, GU-153), fatigue -3."""
    if not c.conscious or c.condition == "final_stand" or c.has("restrained") \
            or c.has("stunned"):
        return 0
    m = c.movement + gu.movement_bonus(c)             # Wind Stride and the like (gu.py)
    if c.has("fatigued"):
        m -= FATIGUE
    return max(0, m)


def movement_now(state: GuState, c: Creature) -> int:
    """Metres it may still walk this turn (GU-19/20: split around its actions)."""
    m = base_movement(c)
    if state.turn.actor == c.id:
        if state.turn.sprint:
            m *= 3                                   # GU-75
        m -= state.turn.moved
    return max(0, m)


def can_move(c: Creature) -> bool:
    """A creature that cannot move is hit automatically in melee (GU-50)."""
    return base_movement(c) > 0


def _blocked(state: GuState, c: Creature, anchor: Cell) -> bool:
    board = state.board
    return any(not board.in_bounds(*cell) or board.prop(*cell, "wall", False)
               for cell in block_at(anchor[0], anchor[1], c.size))


def step_cost(state: GuState, c: Creature, a: Cell, b: Cell) -> int | None:
    """Metres for the footprint to step from anchor a to anchor b: the dearest of its squares'
    steps (terrain.py prices one square's step)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    worst = 0
    for (x, y) in block_at(a[0], a[1], c.size):
        got = terrain.step(terrain.ground_of(state.board), (x, y), (x + dx, y + dy))
        if got is None:
            return None
        worst = max(worst, got.cost)
    return worst


def hostile_at(state: GuState, c: Creature, anchor: Cell) -> list[Creature]:
    """Hostile Small-or-larger creatures the footprint at `anchor` would stand in (GU-23)."""
    cells = set(block_at(anchor[0], anchor[1], c.size))
    return [o for o in state.living() if o.id != c.id and o.side != c.side
            and o.size_class != "Tiny" and cells & set(o.cells())]


def can_end(state: GuState, c: Creature, anchor: Cell) -> bool:
    """GU-24: no ending in another creature's square unless that creature is Tiny."""
    cells = set(block_at(anchor[0], anchor[1], c.size))
    return not any(o.size_class != "Tiny" and cells & set(o.cells())
                   for o in state.living() if o.id != c.id)


def dodge_skill(c: Creature) -> str:
    """GU-29: a creature in the air dodges with its Flying skill, on the ground with Dodge."""
    return "Flying" if c.altitude > 0 else "Dodge"


class _Walks:
    """What walk searches keep per board: each footprint size's steps from each anchor (they
    read the board alone), and the latest REACHED_KEPT answers of `reach`."""

    __slots__ = ("steps", "reached")

    def __init__(self) -> None:
        #: footprint size -> {search node: [(next node, metres or None when blocked)]}
        self.steps: dict[int, dict[tuple, list]] = {}
        self.reached = Kept()


_walks_of: PerBoard[_Walks] = PerBoard(lambda _board: _Walks())
# a position's reach is asked by its legal list, again when the move it lists is checked and
# applied, and by the presenter and the bots: three searches in the frame that applied an
# AI's move cost 20-40 ms
REACHED_KEPT = 256


def reach(state: GuState, c: Creature, budget: int | None = None
          ) -> dict[Cell, tuple[int, list[Cell]]]:
    """Squares (top-left) the creature can end a walk on within `budget` (its movement left by
    default), each with its cost and path (the start excluded). The answer is shared with
    every later call for the same position: read it only."""
    if budget is None:
        budget = movement_now(state, c)
    if budget <= 0:
        return {}
    # what the search reads beyond the board: where it starts, its size and budget, and the
    # squares it may not end on (GU-24: anyone else's but a Tiny creature's)
    taken = frozenset(cell for o in state.living() if o.id != c.id and o.size_class != "Tiny"
                      for cell in o.cells())
    key = (c.x, c.y, c.size, budget, taken)
    reached = _walks_of(state.board).reached
    out = reached.get(key)
    if out is None:
        out = _search_reach(state, c, budget)
        keep(reached, key, out, REACHED_KEPT)
    return out


def _search_reach(state: GuState, c: Creature, budget: int
                  ) -> dict[Cell, tuple[int, list[Cell]]]:
    start = (c.x, c.y)
    moves = square_moves()
    # each anchor's steps read the board alone (walls, ground): worked out once per board and
    # footprint size, then shared by every search on it
    table = _walks_of(state.board).steps.setdefault(c.size, {})

    def edges(node: tuple[int, int, int]) -> list:
        got = table.get(node)
        if got is None:
            got = []
            a = (node[0], node[1])
            for nb, _ in moves(node):
                b = (nb[0], nb[1])
                got.append((nb, None if _blocked(state, c, b) else step_cost(state, c, a, b)))
            table[node] = got
        return got
    found = search((c.x, c.y, 0), edges, max_cost=budget, ties="node")
    out: dict[Cell, tuple[int, list[Cell]]] = {}
    for node in found.order:
        cell = (node[0], node[1])
        if cell == start or cell in out or not can_end(state, c, cell):
            continue
        path = found.path_to(node) or []
        out[cell] = (int(found.costs[node]), [(n[0], n[1]) for n in path[1:]])
    return out


def can_step(state: GuState, c: Creature, budget: int) -> bool:
    """Whether `reach(state, c, budget)` holds any square, without listing them: a neighbouring
    square it can step to within `budget` and end on settles it; only when none does is the
    whole search made (a step through friends to a free square beyond)."""
    if budget <= 0:
        return False
    a = (c.x, c.y)
    for dx, dy in READING8:
        b = (a[0] + dx, a[1] + dy)
        if _blocked(state, c, b):
            continue
        cost = step_cost(state, c, a, b)
        if cost is not None and cost <= budget and can_end(state, c, b):
            return True
    return bool(reach(state, c, budget))


def legal(state: GuState, c: Creature) -> list:
    out: list = []
    if c.altitude > 0:
        return out                  # airborne: it flies by maneuvers (maneuvers.py, GU-21)
    if c.has("prone"):
        if movement_now(state, c) >= stand_cost(c) and base_movement(c) > 0:
            out.append(StandUp(c.id))
        return out                  # a prone creature stands before it walks
    out += [Move(c.id, x, y) for (x, y) in sorted(reach(state, c))]
    if not state.turn.action and not state.turn.sprint and base_movement(c) > 0 \
            and c.condition == "up":
        out.append(Sprint(c.id))
    return out


def stand_cost(c: Creature) -> int:
    """GU-151, GU-GM-28: half its movement, rounded up."""
    return -(-base_movement(c) // 2)


def apply(state: GuState, action: Any, rng: Rng) -> list:
    c = state.creatures[action.actor]
    if isinstance(action, Sprint):
        state.turn.action = state.turn.sprint = True
        return [Sprinted(c.id, base_movement(c) * 3)]
    if isinstance(action, StandUp):
        cost = stand_cost(c)
        state.turn.moved += cost
        c.statuses = [s for s in c.statuses if s.id != "prone"]
        return [StoodUp(c.id, cost), StatusChanged(c.id, "prone", False)]
    return walk(state, c, (action.x, action.y), rng)


def walk(state: GuState, c: Creature, goal: Cell, rng: Rng) -> list:
    """Walk to `goal` along the cheapest path, testing Dodge on entering each hostile square
    (GU-23); a failure ends the movement on the last square it may end on (GU-GM-38).
    Stepping out of an enemy's melee range provokes (GU-88): on the first square it may stand
    on after that step the walk pauses, each such enemy gets an attack-of-opportunity stage
    and a WALK_STAGE beneath them carries on to `goal` once they are answered (`resume`).
    A step that brings it within an enemy_enters_range distance pauses it the same way for
    that holder's `held` stage (holding.entering, GU-71)."""
    from . import holding, reactions
    cost, path = reach(state, c)[goal]
    events: list = []
    walked: list[Cell] = []
    last_ok = (c.x, c.y)
    start = (c.x, c.y)
    spent = 0
    here = (c.x, c.y)
    stopped = False
    owed: reactions.Threats = {}
    paused = False
    ready: list[Creature] = []           # holders whose enemy_enters_range it set off (GU-71)
    for cell in path:
        spent += step_cost(state, c, here, cell) or 0
        before = reactions.threats(state, c)
        near = holding.distances(state, c)
        here = cell
        foes = hostile_at(state, c, cell)
        if foes:
            t = roll(state, rng, c.skills.get("Dodge", 0), dodge_mods(c), purpose="pass")
            events.append(test_event(c.id, "Dodge", f"pass {foes[0].id}", t))
            if not t.success:
                stopped = True
                break
        walked.append(cell)
        c.x, c.y = cell                  # stand there to see whose range it has left
        for oid, got in reactions.left_behind(state, c, before).items():
            owed.setdefault(oid, got)
        ready += [h for h in holding.entering(state, c, near) if h not in ready]
        if can_end(state, c, cell):
            last_ok = cell
            if (owed or ready) and cell != goal:
                paused = True
                break
    if stopped:
        while walked and walked[-1] != last_ok:
            walked.pop()
        state.turn.moved = movement_now(state, c) + state.turn.moved    # all of it (GU-23)
    elif paused:
        state.turn.moved += spent
    else:
        state.turn.moved += cost
    c.x, c.y = walked[-1] if walked else start
    if walked:
        came = walked[-2] if len(walked) > 1 else start               # GU-27: the run-up's way
        state.turn.run_dx, state.turn.run_dy = walked[-1][0] - came[0], walked[-1][1] - came[1]
        events.append(Moved(c.id, tuple(walked), "walk", False, spent))
    if ready:                            # the held actions that lose the race wait for the walk
        holding.wait(state, c)
    if paused:
        pending.push(state.pending, Pending(WALK_STAGE, c.side, c.id, {"goal": list(goal)}))
    if owed and not stopped:
        # a stop by a failed pass happened before any later step; what it left is still owed
        reactions.provoke(state, c, owed)
    elif owed:
        reactions.provoke(state, c, {k: v for k, v in owed.items()
                                     if k not in reactions.threats(state, c)})
    if ready:
        events += holding.ask(state, c, [(h, holding.MOVE) for h in ready])
    return events


def resume(state: GuState, rng: Rng) -> list:
    """Carry on the walks paused for attacks of opportunity once their stages are answered:
    the walker goes on to its goal if it still can (standing, conscious, the goal in reach);
    otherwise it stays where it is (GU-88: the rest of its movement is kept for later)."""
    events: list = []
    while True:
        stage = pending.top(state.pending)
        if stage is None or stage.stage != WALK_STAGE:
            return events
        pending.pop(state.pending, WALK_STAGE)
        c = state.creatures[stage.actor]
        goal = (stage.data["goal"][0], stage.data["goal"][1])
        if state.over or state.turn.actor != c.id or not c.on_board or c.has("prone") \
                or c.altitude > 0:
            continue
        if goal in reach(state, c):
            events += walk(state, c, goal, rng)


def dodge_mods(c: Creature) -> tuple[tuple[str, int], ...]:
    """Modifiers on its own Dodge tests from its statuses (GU-147 fatigued +20)."""
    mods = []
    if c.has("fatigued"):
        mods.append(("fatigued", 20))
    return tuple(mods)

"""Bindings combat: attacks from launch to resolution, defensive actions, walls and veils.

Owns:
- which moves the acting combatant may start and at what (`legal`, `use_move_options`,
  `check_use_move`), and applying UseMove, Defend, UseDodge and Judge (`apply`);
- the attack lifecycle: launch (range BND-80..83, sight BND-84..93 measured once, GM-14), flight
  `rate` hexes a segment on the attacker's turn along the cube line (BND-49/50; walls and rock on
  the way do not stop it, GM-14: `simulate` is the one walk of that line), falls short past the
  longest shot (GM-21), contact, the "defend" stage
  (BND-10..13, GM-04/05), deferral to the defender's turn (GM-06), resolution: concealment miss
  roll first (BND-92), Dodge choice (BND-54, GM-30), the table's call (GM-01), offence against
  defence (BND-42..47, BND-95..99), damage, conditions and pushback on a hit;
- walls that grow `speed` hexes a segment and veils that conceal (Feature records), and when they
  fade; the stealth contest (BND-94); the incoming-threat summary the AI and client draw.

Every step is resumable: when a step opens a stage (defend, use_dodge, circumstance) it returns
with `state.pending` set; the answer's `apply` finishes that one attack, and turns.py calls the
step again, which skips what was already done this tick (`advanced_tick`, `grown_tick`, statuses).

Must not: decide whose turn it is, the round budget or movement (turns.py, budget.py,
movement.py: this module calls their helpers), import pygame, or use `random` (every roll is on
the match Rng and reported as a DiceRolled event).
"""
from __future__ import annotations

import math
from typing import Any

from game.engine import dice
from game.engine.boards.hex import CUBE_DIRECTIONS, HexLayout, cube_distance
from game.engine.events import DiceRolled
from game.engine.rng import Rng
from game.engine.tactics import pending as stages
from game.engine.tactics.lines import cube_step

from . import budget
from .boardcache import listed, per_board, records
from . import content as content_mod
from .actions import EDGES, Defend, Judge, UseDodge, UseMove
from .events import (ActionStarted, AttackAdvanced, AttackContacted, AttackLaunched,
                     AttackResolved, AttackStopped, ConditionEnded,
                     ConditionGained, DamageDealt, DefenceDeclared,
                     FeatureFaded, FeaturePlaced)
from .house import house
from .sight import TOTAL_CONCEALMENT, Viewer, sight, unseen_by, viewer
from .state import (Attack, BindingsState, Combatant, Condition, Feature, Hex,
                    Pending, tick_of)

FT_PER_HEX = 5                     # BND-05
DODGE = "dodge"                    # Defend.move naming the Dodge movement (BND-54)
ATTACK_KINDS = ("projectile", "melee")


# =============================================================================================
# Small lookups
# =============================================================================================

def move_of(state: BindingsState, move_id: str) -> content_mod.MoveDef:
    """A move as this match defines it (shipped, or the set-up's inline content); KeyError names
    an unknown id."""
    return content_mod.move(move_id, content_mod.content_of(state))


def move_def(move_id: str) -> content_mod.MoveDef:
    """A shipped move (tools and tests); the rules read a match's moves through `move_of`."""
    return content_mod.move(move_id)


def condition_verbs(state: BindingsState, cond_id: str) -> tuple[str, ...]:
    c = content_mod.content_of(state).conditions.get(cond_id)
    return c.verbs if c else ()


def layout(state: BindingsState) -> HexLayout:
    if state.board is None:
        raise ValueError("combat needs the state's board (attach it after loading)")
    return per_board("layout", state.board, HexLayout.from_board)


def pos(c: Combatant) -> Hex:
    return (c.x, c.y)


def distance(state: BindingsState, a: Hex, b: Hex) -> int:
    return layout(state).distance(a, b)


def occupant(state: BindingsState, h: Hex) -> Combatant | None:
    """The standing combatant on hex `h`, if any (1 creature per hex, invented core)."""
    for c in state.combatants.values():
        if not c.down and (c.x, c.y) == tuple(h):
            return c
    return None


def active_verbs(state: BindingsState, c: Combatant) -> dict[str, list[Condition]]:
    """verb -> the conditions on `c` that give it right now."""
    out: dict[str, list[Condition]] = {}
    tick = state.tick
    for cond in c.conditions:
        if cond.until >= 0 and tick >= cond.until:
            continue
        for verb in condition_verbs(state, cond.id):
            out.setdefault(verb, []).append(cond)
    return out


def end_of_round(state: BindingsState) -> int:
    """The first tick of the next round (durations of 0 rounds end here)."""
    return tick_of(state.round + 1, 1)


def duration_until(state: BindingsState, rounds: int) -> int:
    """BND-77/78: N rounds counted in segments from this one (the current segment is the first);
    0 rounds lasts to the end of the current round."""
    return state.tick + 3 * rounds if rounds > 0 else end_of_round(state)


# =============================================================================================
# Budget and cooldowns (the round's budget is budget.py's; these wrap it for combat)
# =============================================================================================

def _budget():
    return budget


def reducing_talent(state: BindingsState, c: Combatant, move_id: str) -> str | None:
    """A talent of `c` that may lower `move_id` this round (BND-39)."""
    return _budget().reduction_talent(state, c, move_id)


def cost_of(state: BindingsState, c: Combatant, move_id: str, reduce: bool) -> str | None:
    """The action type `move_id` costs, or None when `reduce` asks for a talent `c` lacks."""
    if reduce and reducing_talent(state, c, move_id) is None:
        return None
    return _budget().move_cost(state, c, move_id, reduce)


def cooldown_ready(state: BindingsState, c: Combatant, move_id: str) -> bool:
    return _budget().cooldown_ready(state, c, move_id)


def can_afford(state: BindingsState, c: Combatant, cost: str) -> bool:
    return _budget().can_afford(state, c, cost)


# =============================================================================================
# Targets and ranges
# =============================================================================================

def range_penalty(dist_hexes: int, range_ft: int, mode: str = "ceil") -> int:
    """BND-81 / GM-18: -1 for every 20 ft beyond the listed range; "ceil" counts any part of
    20 ft, "floor" only whole steps."""
    excess = dist_hexes * FT_PER_HEX - range_ft
    if excess <= 0:
        return 0
    steps = -(-excess // 20) if mode == "ceil" else excess // 20
    return -steps


def max_range_hexes(state: BindingsState, m: content_mod.MoveDef) -> int:
    """The longest reach in hexes: BND-82/83 the listed range for absolute moves; BND-81 with
    GM-21 the range plus the table's extra for range-increment projectiles."""
    if m.ranged == "increments" and m.kind == "projectile":
        return (m.range_ft + int(house(state, "max_range_extra"))) // FT_PER_HEX
    return m.range_ft // FT_PER_HEX


def segments_to_contact(dist_hexes: int, rate: int) -> int:
    """BND-50: the launch segment counts as the first."""
    return max(1, math.ceil(dist_hexes / rate)) if rate > 0 else 0


def attack_targets(state: BindingsState, c: Combatant, m: content_mod.MoveDef,
                   seen: dict[Hex, bool] | None = None, view: Viewer | None = None,
                   dists: dict[Hex, int] | None = None) -> list[Hex]:
    """Hexes `c` may aim `m` at now (BND-84, BND-91, GM-22): each creature in reach it has a
    line to and can see into, and every open hex in reach it has a line to but cannot see into,
    occupied or not (a guess: the listing must not give hidden creatures away); allies only
    with friendly_fire (GM-31). `seen` caches lines across moves of one listing, `dists` the
    distances to the others, `view` is the position's sight.viewer when the caller holds it."""
    out: list[Hex] = []
    reach = max_range_hexes(state, m)
    ff = bool(house(state, "friendly_fire"))
    here = pos(c)
    if view is None:
        view = viewer(state)
    hidden_hexes = unseen_by(view, here, reach)
    hidden = set(hidden_hexes)
    friends: set[Hex] = set()
    lay = view.layout
    ch = lay.to_cube(*here)
    for o in state.combatants.values():
        if o.id == c.id or o.down:
            continue
        there = (o.x, o.y)
        if o.side == c.side and not ff:
            friends.add(there)
            continue
        if there in hidden:
            continue                              # an unseen creature: offered as its hex below
        if dists is None:
            far = cube_distance(ch, lay.to_cube(*there))
        else:
            far = dists.get(there, -1)
            if far < 0:
                far = dists[there] = cube_distance(ch, lay.to_cube(*there))
        if far > reach:
            continue
        if seen is not None and there in seen:
            visible = seen[there]
        else:
            visible = view.can_see(here, there)
            if seen is not None:
                seen[there] = visible
        if visible:
            out.append(there)
    out.extend(h for h in hidden_hexes if h not in friends)
    return out


def place_targets(state: BindingsState, c: Combatant, m: content_mod.MoveDef) -> list[Hex]:
    """Hexes a wall or veil may be centred on: any open hex within the absolute range (BND-82)."""
    board = state.board
    assert board is not None
    reach = m.range_ft // FT_PER_HEX
    # the board's answer per (hex, reach), remembered: it reads nothing of the state
    kept: dict[tuple[Hex, int], tuple[Hex, ...]] = per_board("place targets", board, lambda _b: {})
    key = (pos(c), reach)
    got = kept.get(key)
    if got is None:
        lay = layout(state)
        got = kept[key] = tuple(h for h in lay.area(key[0], reach)
                                if board.in_bounds(*h) and not board.prop(h[0], h[1], "solid", False))
    return list(got)


def _ongoing_modes(state: BindingsState, c: Combatant) -> set[str]:
    """Modes of `c`'s movements giving hexes this segment (what a Swift modifier can boost)."""
    return {mv.mode for mv in state.movements
            if mv.owner == c.id and mv.refreshed_tick == state.tick}


def use_move_options(state: BindingsState, cid: str, slot_free: bool | None = None) -> list[UseMove]:
    """Every UseMove `cid` may start now (without checking whose turn it is): affordable,
    off cooldown, with a slot unless it is a slotless modifier (BND-35), and each valid target;
    with `reduce=True` variants where a talent allows (BND-39)."""
    c = state.combatants[cid]
    if c.down:
        return []
    if slot_free is None:
        slot_free = _budget().slot_free(state, c)
    out: list[UseMove] = []
    modes = _ongoing_modes(state, c)
    if not slot_free and not modes:
        return out            # with no slot only a modifier of an ongoing movement may start
    seen: dict[Hex, bool] = {}
    dists: dict[Hex, int] = {}
    view: Viewer | None = None
    made: dict[tuple, dict] | None = None
    for mid in c.moves:
        try:
            m = move_of(state, mid)
        except KeyError:
            continue
        if m.kind == "modifier":
            if not (set(m.attaches_to) & modes):
                continue
        elif not slot_free:
            continue
        if not cooldown_ready(state, c, mid):
            continue
        variants = [False]
        if reducing_talent(state, c, mid):
            variants.append(True)
        costs = [(r, cost_of(state, c, mid, r)) for r in variants]
        costs = [(r, k) for r, k in costs if k is not None and can_afford(state, c, k)]
        if not costs:
            continue
        if m.kind in ATTACK_KINDS:
            if view is None:
                view = viewer(state)
            hexes: list[Hex | None] = list(attack_targets(state, c, m, seen, view, dists))
        elif m.kind in ("structure", "area"):
            hexes = list(place_targets(state, c, m))
        else:
            hexes = [None]
        if made is None:
            made = records("listed moves", state.board)
        for r, _ in costs:
            out += listed(made, (cid, mid, r), hexes,
                          lambda h, mid=mid, r=r: UseMove(cid, mid, h, r))
    return out


# =============================================================================================
# Defence timing and options (BND-10..13, GM-04/05)
# =============================================================================================

def turn_to_come(state: BindingsState, cid: str) -> bool:
    """`cid` still has a turn later in the current segment."""
    return cid in state.seg_order[state.turn + 1:]


def may_declare(state: BindingsState, t: Combatant) -> bool:
    """BND-10/11 with GM-04/05: may `t` answer an attack reaching it now with a defensive
    action (budget aside)?"""
    if t.down or state.opening is not None:
        return False
    if not _budget().slot_free(state, t) or t.defend_tick == state.tick:
        return False                      # this segment's slot is already used (BND-11)
    if state.round == 1 and t.first_segment > state.segment \
            and not house(state, "delayed_can_defend"):
        return False                      # BND-22 / GM-04: Reaction only while delayed
    if state.acting == t.id:
        return False
    if turn_to_come(state, t.id):
        return True
    return bool(house(state, "defend_after_turn"))      # GM-05


def defence_options(state: BindingsState, t: Combatant) -> list[str]:
    """Defensive actions `t` could declare with its remaining budget: Dodge (a Move, BND-54),
    Brace (BND-45) and every move with a defence formula (BND-43), off cooldown."""
    out: list[str] = []
    if can_afford(state, t, "move") and "no_move" not in active_verbs(state, t):
        out.append(DODGE)
    for mid in t.moves:
        try:
            m = move_of(state, mid)
        except KeyError:
            continue
        if not (m.can_counter or mid == "brace" or (m.kind == "self" and m.defence)):
            continue
        if cooldown_ready(state, t, mid) and can_afford(state, t, m.action):
            out.append(mid)
    return out


# =============================================================================================
# legal / apply
# =============================================================================================

def _attack(state: BindingsState, aid: str) -> Attack | None:
    for a in state.attacks:
        if a.id == aid:
            return a
    return None


def legal(state: BindingsState) -> list:
    """This module's share of the legal actions right now."""
    if state.over:
        return []
    if state.pending:
        p = stages.top(state.pending)
        aid = p.data.get("attack", "")
        if p.stage == "defend":
            return [Defend(p.actor, aid, None)] + [Defend(p.actor, aid, mv)
                                                    for mv in p.data.get("options", [])]
        if p.stage == "use_dodge":
            return [UseDodge(p.actor, aid, True), UseDodge(p.actor, aid, False)]
        if p.stage == "circumstance":
            return [Judge(p.seat, aid, e) for e in EDGES]
        return []
    actor = state.acting
    if actor is None:
        return []
    c = state.combatants[actor]
    if state.round == 1 and c.first_segment > state.segment:
        return []
    return use_move_options(state, actor)


def check_use_move(state: BindingsState, action: UseMove, slot_free: bool | None = None) -> str | None:
    """Why `action` cannot start now (budget, cooldown, slot, target, range, sight), or None.
    Whose turn it is and open stages are rules.validate's business."""
    c = state.combatants.get(action.actor)
    if c is None or c.down:
        return "no such combatant standing"
    if action.move not in c.moves:
        return f"{c.name} does not know {action.move}"
    m = move_of(state, action.move)
    if not cooldown_ready(state, c, action.move):
        return f"{m.name} is still cooling down (BND-101)"
    cost = cost_of(state, c, action.move, action.reduce)
    if cost is None:
        return f"no talent lowers {m.name} this round"
    if not can_afford(state, c, cost):
        return f"{m.name} needs a {cost} action, and this round's budget has none left"
    if slot_free is None:
        slot_free = _budget().slot_free(state, c)
    if m.kind == "modifier":
        if not set(m.attaches_to) & _ongoing_modes(state, c):
            return f"{m.name} needs an ongoing {' or '.join(m.attaches_to)} to modify"
        return None
    if not slot_free:
        return "this segment's action has already been started (BND-07)"
    if m.kind in ("self",):
        return None if action.target is None else f"{m.name} takes no target"
    if action.target is None:
        return f"{m.name} needs a target hex"
    h = (int(action.target[0]), int(action.target[1]))
    board = state.board
    assert board is not None
    if not board.in_bounds(*h):
        return "that hex is off the map"
    d = distance(state, pos(c), h)
    if m.kind in ("structure", "area"):
        if d > m.range_ft // FT_PER_HEX:
            return f"{m.name} reaches only {m.range_ft} ft (BND-82)"
        if board.prop(h[0], h[1], "solid", False):
            return "that hex is solid"
        return None
    if h == pos(c):
        return "a combatant cannot attack itself"
    if d > max_range_hexes(state, m):
        return f"{m.name} cannot reach {d * FT_PER_HEX} ft"
    s = sight(state, pos(c), h, c.id)
    if not s.can_see:
        return "no clear line to that hex (BND-84)"
    o = occupant(state, h)
    if o is not None and o.side == c.side and not house(state, "friendly_fire"):
        return "the table does not allow attacking allies (GM-31)"
    if o is None and s.concealment < TOTAL_CONCEALMENT:
        return "nobody is there"
    return None


def apply(state: BindingsState, action: Any, rng: Rng) -> list:
    if isinstance(action, UseMove):
        return use_move(state, action, rng)
    if isinstance(action, Defend):
        return _defend(state, action, rng)
    if isinstance(action, UseDodge):
        return _use_dodge(state, action, rng)
    if isinstance(action, Judge):
        return _judge(state, action, rng)
    raise TypeError(f"combat cannot apply {action!r}")


# =============================================================================================
# Starting moves
# =============================================================================================

def _pay(state: BindingsState, c: Combatant, move_id: str, cost: str, slot: bool,
         reduced: bool, target: Hex | None, shown_slot: bool | None = None) -> list:
    """Spend the budget, the slot, the talent and start the cooldown; report them."""
    b = _budget()
    b.spend(state, c, cost, slot=slot)
    if reduced:
        tid = reducing_talent(state, c, move_id)
        if tid:
            b.use_reduction(state, c, tid)
    out: list = [ActionStarted(c.id, move_id, cost, target, slot if shown_slot is None
                               else shown_slot, reduced)]
    if move_id != DODGE:
        out += b.start_cooldown(state, c, move_id)
    return out


def use_move(state: BindingsState, action: UseMove, rng: Rng, slot_free: bool | None = None) -> list:
    """Start a move (the acting combatant's UseMove; also the opening action and fired readied
    actions, which call this with their own slot rules)."""
    why = check_use_move(state, action, slot_free)
    if why:
        from game.engine.rules import IllegalAction
        raise IllegalAction(why)
    c = state.combatants[action.actor]
    m = move_of(state, action.move)
    cost = cost_of(state, c, action.move, action.reduce)
    assert cost is not None
    slotless = m.kind == "modifier"           # BND-35: modifies another action, no slot
    target = tuple(action.target) if action.target is not None else None  # type: ignore[arg-type]
    out = _pay(state, c, action.move, cost, not slotless, action.reduce, target)
    if m.kind in ATTACK_KINDS:
        out += launch(state, c, m, target, rng)  # type: ignore[arg-type]
    elif m.kind == "self":
        out += self_effects(state, c, m)
    elif m.kind == "structure":
        out += raise_wall(state, c, m, target)  # type: ignore[arg-type]
    elif m.kind == "area":
        out += place_veil(state, c, m, target)  # type: ignore[arg-type]
    elif m.kind == "modifier":
        out += _boost(state, c, m)
    return out


def self_effects(state: BindingsState, c: Combatant, m: content_mod.MoveDef) -> list:
    out: list = []
    for e in m.effects_of("self_condition"):
        out += add_condition(state, c, e.condition, duration_until(state, e.rounds), m.id)
    return out


def add_condition(state: BindingsState, c: Combatant, cond_id: str, until: int,
                  source: str) -> list:
    """BND-77: applies at once; the same condition again is refreshed, never stacked."""
    c.conditions = [x for x in c.conditions if x.id != cond_id]
    c.conditions.append(Condition(cond_id, until, source))
    return [ConditionGained(c.id, cond_id, until, source)]


def remove_condition(c: Combatant, cond_id: str) -> list:
    before = len(c.conditions)
    c.conditions = [x for x in c.conditions if x.id != cond_id]
    return [ConditionEnded(c.id, cond_id)] if len(c.conditions) != before else []


def _boost(state: BindingsState, c: Combatant, m: content_mod.MoveDef) -> list:
    """A slotless Swift modifier: extra hexes for an ongoing movement this segment (BND-35)."""
    from . import movement
    hexes = sum(e.hexes for e in m.effects_of("boost"))
    movement.boost(state, c.id, hexes, m.attaches_to)
    return []


# =============================================================================================
# Walls and veils
# =============================================================================================

def _cart(c: tuple[int, int, int]) -> tuple[float, float]:
    return (math.sqrt(3) * (c[0] + c[1] / 2), 1.5 * c[1])


def _across(state: BindingsState, origin: Hex, aim: Hex, count: int) -> list[Hex]:
    """`count` hexes in a straight line through `aim`, laid across the caster's line of sight
    (the hex axis closest to perpendicular), alternating sides: aim, +1, -1, +2, -2, ..."""
    lay = layout(state)
    o, a = lay.to_cube(*origin), lay.to_cube(*aim)
    v = _cart((a[0] - o[0], a[1] - o[1], a[2] - o[2]))
    best, best_dot = CUBE_DIRECTIONS[0], 2.0
    for d in CUBE_DIRECTIONS[:3]:
        w = _cart(d)
        norm = math.hypot(*v) or 1.0
        dot = abs(v[0] * w[0] + v[1] * w[1]) / (norm * math.hypot(*w))
        if dot < best_dot - 1e-9:
            best, best_dot = d, dot
    cells = [a]
    k = 1
    while len(cells) < count:
        for sign in (1, -1):
            if len(cells) < count:
                cells.append((a[0] + sign * k * best[0], a[1] + sign * k * best[1],
                              a[2] + sign * k * best[2]))
        k += 1
    return [lay.from_cube(x) for x in cells]


def _area_cells(state: BindingsState, origin: Hex, aim: Hex, count: int) -> list[Hex]:
    """A veil's hexes: up to 5 in a line across the line of sight, 7 or more as a blob."""
    if count < 7:
        return _across(state, origin, aim, count)
    lay = layout(state)
    radius = 1
    while 1 + 3 * radius * (radius + 1) < count:
        radius += 1
    return lay.area(aim, radius)[:count]


def raise_wall(state: BindingsState, c: Combatant, m: content_mod.MoveDef, aim: Hex) -> list:
    """Earth Wall and kin: a line of hexes grown `speed` a segment from this one (BND-49),
    lasting `rounds` rounds from now (BND-78)."""
    out: list = []
    for e in m.effects_of("wall"):
        board = state.board
        assert board is not None
        plan = [h for h in _across(state, pos(c), aim, e.hexes) if board.in_bounds(*h)]
        f = Feature(state.new_id("f"), "wall", c.id, m.id, [], plan, m.speed, 0,
                    duration_until(state, e.rounds))
        state.features.append(f)
        out += _grow(state, f)
    return out


def place_veil(state: BindingsState, c: Combatant, m: content_mod.MoveDef, aim: Hex) -> list:
    out: list = []
    board = state.board
    assert board is not None
    for e in m.effects_of("veil"):
        cells = [h for h in _area_cells(state, pos(c), aim, e.hexes) if board.in_bounds(*h)]
        f = Feature(state.new_id("f"), "veil", c.id, m.id, cells, [], 0, e.conceal,
                    duration_until(state, e.rounds), state.tick)
        state.features.append(f)
        out.append(FeaturePlaced(f.id, "veil", m.id, tuple(cells), f.until))
    return out


def _grow(state: BindingsState, f: Feature) -> list:
    """Place the next `rate` planned hexes; a hex holding a creature or solid rock is skipped
    (a wall never crushes anyone)."""
    board = state.board
    assert board is not None
    f.grown_tick = state.tick
    added: list[Hex] = []
    while f.plan and len(added) < max(1, f.rate):
        h = tuple(f.plan.pop(0))
        if occupant(state, h) is not None or board.prop(h[0], h[1], "solid", False):  # type: ignore[arg-type]
            continue
        f.cells.append(h)  # type: ignore[arg-type]
        added.append(h)  # type: ignore[arg-type]
    return [FeaturePlaced(f.id, "wall", f.move, tuple(added), f.until)] if added else []


def fade_features(state: BindingsState) -> list:
    """Remove every feature whose time is up (whoever owns it)."""
    out: list = []
    keep = []
    for f in state.features:
        if 0 <= f.until <= state.tick:
            out.append(FeatureFaded(f.id))
        else:
            keep.append(f)
    state.features = keep
    return out


def advance_features(state: BindingsState, actor: str, rng: Rng | None = None) -> list:
    """Turn step 2c: fade what ran out; the actor's walls grow one segment (once a tick)."""
    out = fade_features(state)
    for f in state.features:
        if f.owner == actor and f.kind == "wall" and f.plan and f.grown_tick != state.tick:
            out += _grow(state, f)
    return out


# =============================================================================================
# Attacks: launch and flight
# =============================================================================================

def launch(state: BindingsState, c: Combatant, m: content_mod.MoveDef, aim: Hex, rng: Rng,
           readied: bool = False) -> list:
    """An attack leaves `c` toward hex `aim`: range, cover and concealment are measured now
    (GM-14), then it covers its first segment at once (BND-50)."""
    here = pos(c)
    d = distance(state, here, aim)
    s = sight(state, here, aim, c.id)
    o = occupant(state, aim)
    guess = o is None or s.concealment >= TOTAL_CONCEALMENT
    target = None if guess else o.id                           # type: ignore[union-attr]
    conceal = TOTAL_CONCEALMENT if guess else s.concealment    # BND-91 / GM-22
    penalty = 0
    if m.kind == "projectile" and m.ranged == "increments":
        penalty = range_penalty(d, m.range_ft, str(house(state, "range_round")))
    a = Attack(id=state.new_id("a"), move=m.id, attacker=c.id, target=target, aim=aim,
               origin=here, pos=here, rate=m.speed, max_travel=max_range_hexes(state, m),
               started=state.tick, cover=bool(s.cover), concealment=conceal,
               range_penalty=penalty, readied=readied)
    state.attacks.append(a)
    out: list = [AttackLaunched(a.id, m.id, c.id, target, aim, a.cover, conceal, penalty,
                                segments_to_contact(d, a.rate))]
    t = state.combatants[target] if target else None
    if t is not None and t.readied and t.readied.get("trigger") == "attacked":
        # BND-25 / GM-24: a readied answer to being attacked goes off at once, as an interrupt
        from . import turns
        out += turns.fire_readied(state, t.id, c.id, rng)
        if a.status == "done" or state.pending:
            return out
    out += _advance(state, a, rng)
    return out


def launch_readied(state: BindingsState, cid: str, move_id: str, aim: Hex, rng: Rng) -> list:
    """A readied move fires (turns.fire_readied has checked budget and cooldown and handles the
    slot, GM-24): pay for it and start it at `aim`, outside the combatant's own turn. Nothing
    happens when the aim is no longer reachable or visible."""
    action = UseMove(cid, move_id, tuple(aim))  # type: ignore[arg-type]
    if check_use_move(state, action, slot_free=True) is not None:
        return []
    c = state.combatants[cid]
    m = move_of(state, move_id)
    cost = cost_of(state, c, move_id, False)
    assert cost is not None
    out = _pay(state, c, move_id, cost, True, False, action.target)
    if m.kind in ATTACK_KINDS:
        before = {x.id for x in state.attacks}
        out += launch(state, c, m, action.target, rng, readied=True)  # type: ignore[arg-type]
        for x in state.attacks:
            if x.id not in before:
                x.readied = True
    elif m.kind == "self":
        out += self_effects(state, c, m)
    elif m.kind == "structure":
        out += raise_wall(state, c, m, action.target)  # type: ignore[arg-type]
    elif m.kind == "area":
        out += place_veil(state, c, m, action.target)  # type: ignore[arg-type]
    return out


def _destination(state: BindingsState, a: Attack) -> Hex:
    """Where the attack is heading: the tracked creature's hex (GM-14 "track"), else the aimed
    hex (a guess, or GM-14 "hex")."""
    if a.target is not None and house(state, "projectile_tracking") == "track":
        t = state.combatants[a.target]
        return pos(t)
    return a.aim


def _finish(state: BindingsState, a: Attack) -> None:
    a.status = "done"
    state.attacks = [x for x in state.attacks if x.id != a.id]


def _advance(state: BindingsState, a: Attack, rng: Rng) -> list:
    """One segment of flight: up to `rate` hexes along the cube line toward the destination, as
    `simulate` walks it. A wall or rock on the way does not stop it: BND-84 and cover
    (BND-85/86) were settled at launch and the projectile tracks its target (GM-14), so an
    obstacle between the two, there at launch or raised or stepped behind since, is no
    shield; only the miss chance and cover fixed at launch weigh on the roll at contact."""
    a.advanced_tick = state.tick
    steps, end = simulate(state, a, limit=a.rate)
    out: list = []
    if end == "gone":
        _finish(state, a)
        return [AttackStopped(a.id, "target_gone", a.pos)]
    if steps:
        a.pos = steps[-1]
        a.travelled += len(steps)
        out.append(AttackAdvanced(a.id, tuple(steps)))
    if end == "short":
        _finish(state, a)
        return out + [AttackStopped(a.id, "short", a.pos)]           # GM-21
    if end == "empty":
        _finish(state, a)
        return out + [AttackResolved(a.id, a.attacker, a.target, "empty")]
    if end == "contact":
        if steps and steps[-1] != _destination(state, a):           # GM-28: hits the first
            o = occupant(state, a.pos)
            assert o is not None
            a.target = o.id
            a.aim = a.pos
        elif a.target is None or house(state, "projectile_tracking") == "hex":
            o = occupant(state, a.aim)
            assert o is not None
            a.target = o.id
        return out + _contact(state, a, rng)
    return out                                                      # "open": flying on


def advance_attacks(state: BindingsState, actor: str, rng: Rng) -> list:
    """Turn step 2a: each attack `actor` has in flight covers one more segment (once a tick).
    Stops early when a contact opens the "defend" stage; call again after the answer."""
    out: list = []
    for a in list(state.attacks):
        if a.status == "flying" and state.combatants[a.attacker].down:
            _finish(state, a)              # downed some other way (a collision): it falls
            out.append(AttackStopped(a.id, "short", a.pos))
    for a in list(state.attacks):
        if state.pending:
            break
        if a.attacker != actor or a.status != "flying" or a.advanced_tick == state.tick:
            continue
        out += _advance(state, a, rng)
    return out


def _contact(state: BindingsState, a: Attack, rng: Rng) -> list:
    """The attack reaches its target: ask for a defence (BND-10/11) or resolve at once."""
    assert a.target is not None
    t = state.combatants[a.target]
    options = defence_options(state, t) if may_declare(state, t) else []
    if options:
        a.status = "awaiting_defence"
        stages.push(state.pending, Pending("defend", t.side, t.id,
                                           {"attack": a.id, "options": options}))
        return []
    return [AttackContacted(a.id, a.target, False)] + resolve(state, a, rng)


def _defend(state: BindingsState, action: Defend, rng: Rng) -> list:
    p = stages.pop(state.pending)
    a = _attack(state, action.attack)
    assert a is not None and p.stage == "defend"
    t = state.combatants[action.actor]
    out: list = [DefenceDeclared(t.id, a.id, action.move)]
    if action.move is None:                                     # BND-12: resolved at once
        out.append(AttackContacted(a.id, a.target, False))
        a.status = "resolving"
        return out + resolve(state, a, rng)
    # BND-13: the declared action is this segment's slot; the attack waits for t's turn.
    cost = "move" if action.move == DODGE else move_of(state, action.move).action
    out += _pay(state, t, action.move, cost, True, False, None, shown_slot=False)
    t.defending = action.move
    t.defend_tick = state.tick
    a.defence = action.move
    a.status = "deferred"
    out.append(AttackContacted(a.id, a.target, True))
    if not turn_to_come(state, t.id):
        # GM-05 allowed a defence after t's own turn: its action and the attack settle now.
        out += resolve_declared(state, t.id, rng)
        if not state.pending:
            out += resolve_deferred(state, t.id, rng)
    return out


# =============================================================================================
# Declared defensive actions and deferred attacks (BND-13, GM-06)
# =============================================================================================

def resolve_declared(state: BindingsState, actor: str, rng: Rng) -> list:
    """Turn step 3: the defensive action `actor` declared this segment resolves its segment
    (Brace and self moves take effect; a Dodge gives its hexes). Under GM-06 "attack_first"
    the deferred attacks on it resolve first."""
    c = state.combatants[actor]
    if c.defending is None or c.defend_tick != state.tick:
        return []
    out: list = []
    if house(state, "defend_order") == "attack_first":
        out += resolve_deferred(state, actor, rng)
        if state.pending:
            return out
    mv = c.defending
    c.defending = None
    if mv == DODGE:
        out += _start_dodge(state, c, rng)
    else:
        out += self_effects(state, c, move_of(state, mv))
    return out


def _after_stage(state: BindingsState, a: Attack, rng: Rng) -> list:
    """After a stage answer finished attack `a`: under GM-06 "attack_first" at the defender's
    turn start, the rest of its deferred attacks and then its declared action follow."""
    if state.pending or a.target is None or state.acting != a.target:
        return []
    t = state.combatants[a.target]
    if house(state, "defend_order") == "attack_first" and t.defending is not None \
            and t.defend_tick == state.tick:
        return resolve_declared(state, t.id, rng)
    return []


def _start_dodge(state: BindingsState, c: Combatant, rng: Rng) -> list:
    """The declared Dodge starts now (movement.py owns movements; already paid for)."""
    from . import movement
    return movement.begin(state, c.id, DODGE)


def resolve_deferred(state: BindingsState, actor: str, rng: Rng) -> list:
    """When `actor` ends its turn: every attack deferred to it resolves, in launch order."""
    out: list = []
    for a in list(state.attacks):
        if state.pending:
            break
        if a.target == actor and a.status in ("deferred", "resolving"):
            a.status = "resolving"
            out += resolve(state, a, rng)
    return out


def _escaped(state: BindingsState, a: Attack, t: Combatant) -> bool:
    """GM-07: melee needs the target within the move's reach of the attacker; a projectile
    needs it still on the hex where it arrived."""
    m = move_of(state, a.move)
    if m.kind == "melee":
        att = state.combatants[a.attacker]
        return distance(state, pos(att), pos(t)) > m.range_ft // FT_PER_HEX
    return pos(t) != tuple(a.pos)


# =============================================================================================
# Resolution
# =============================================================================================

def offence_edge(state: BindingsState, a: Attack, t: Combatant) -> tuple[str, tuple[str, ...]]:
    """Net edge on the attack roll and why (BND-85, 95..97, 100; conditions; Dodge)."""
    m = move_of(state, a.move)
    adv: list[str] = []
    dis: list[str] = []
    verbs = active_verbs(state, t)
    if a.cover:
        dis.append("cover")
    if m.kind == "melee" and "melee_adv_against" in verbs:
        adv.append(f"{verbs['melee_adv_against'][0].id}")
    if m.kind == "projectile" and "ranged_dis_against" in verbs:
        dis.append(f"{verbs['ranged_dis_against'][0].id}")
    if a.dodge == "yes":
        dis.append("dodge")
    if a.edge == "advantage":
        adv.append("circumstances")
    elif a.edge == "disadvantage":
        dis.append("circumstances")
    return _net(adv, dis)


def _net(adv: list[str], dis: list[str]) -> tuple[str, tuple[str, ...]]:
    """BND-97: any advantage and any disadvantage cancel completely; several of a kind count
    once."""
    if adv and dis:
        return "none", tuple(adv + dis)
    if adv:
        return "advantage", tuple(adv)
    if dis:
        return "disadvantage", tuple(dis)
    return "none", ()


def defence_edge(state: BindingsState, t: Combatant) -> str:
    """Advantage on `t`'s defence totals and Reaction value (adv_defence; Brace only when
    brace_scope covers defences, GM-11)."""
    for cond in active_verbs(state, t).get("adv_defence", []):
        if cond.source == "brace" and house(state, "brace_scope") != "defence":
            continue
        return "advantage"
    return "none"


def roll_total(state: BindingsState, rng: Rng, purpose: str, actor: str, dice_count: int,
               mods: list[tuple[str, int]], edge: str, text: str) -> tuple[int, list]:
    """2d6-style total with BND-95/96 (GM-20): advantage adds a 3d6; disadvantage subtracts a
    3d6 ("subtract_3d6") or takes 3 dice away ("drop_dice", at least 0 left)."""
    out: list = []
    n = dice_count
    if edge == "disadvantage" and house(state, "disadv_mode") == "drop_dice":
        n = max(0, n - 3)
    if n > 0:
        r = dice.roll(rng, f"{n}d6", purpose, mods)
        total = r.total
        out.append(DiceRolled(r, actor, f"{text}: {r.breakdown()}"))
    else:
        total = sum(v for _, v in mods)
    if edge == "advantage":
        r = dice.roll(rng, "3d6", f"{purpose} advantage")
        total += r.total
        out.append(DiceRolled(r, actor, f"{text}, advantage: +{r.total}"))
    elif edge == "disadvantage" and house(state, "disadv_mode") != "drop_dice":
        r = dice.roll(rng, "3d6", f"{purpose} disadvantage")
        total -= r.total
        out.append(DiceRolled(r, actor, f"{text}, disadvantage: -{r.total}"))
    return total, out


def _defence_total(state: BindingsState, a: Attack, t: Combatant, m: content_mod.MoveDef,
                   rng: Rng) -> tuple[int, int, list]:
    """(defence total, damage reduction, events): a maneuver's contest (the target always
    rolls), a declared counter's DB + X + 2d6 (BND-43), or the free Reaction DB + INT (BND-46,
    GM-12; also when the declared action has no defence formula)."""
    edge = defence_edge(state, t)
    if m.contest:
        mods = [("DB", t.db), (m.contest, t.mod(m.contest))]
        total, ev = roll_total(state, rng, "contest", t.id, 2, mods, edge, f"{t.name} resists")
        return total, 0, ev
    counter = move_of(state, a.defence) if a.defence and a.defence != DODGE else None
    if counter is not None and counter.defence:
        mods = [("DB", t.db), (counter.defence, t.mod(counter.defence))]
        total, ev = roll_total(state, rng, "defence", t.id, 2, mods, edge,
                               f"{t.name} defends with {counter.name}")
        return total, 0, ev
    value = t.db + t.mod("INT")
    ev: list = []
    if edge == "advantage":                      # BND-45 / GM-11: +3d6 on the flat value
        r = dice.roll(rng, "3d6", "reaction advantage")
        value += r.total
        ev.append(DiceRolled(r, t.id, f"{t.name}'s Reaction, advantage: +{r.total}"))
    if house(state, "reaction_mode") == "damage_reduction":
        return 0, max(0, value), ev
    return value, 0, ev


def resolve(state: BindingsState, a: Attack, rng: Rng) -> list:
    """Settle a contacted attack. May stop for the "use_dodge" or "circumstance" stage; the
    answer calls this again and it carries on where it stopped."""
    a.status = "resolving"
    att = state.combatants[a.attacker]
    t = state.combatants[a.target] if a.target else None
    if t is None or t.down:
        _finish(state, a)
        return [AttackStopped(a.id, "target_gone", a.pos)]
    m = move_of(state, a.move)
    out: list = []
    if (a.defence and house(state, "defensive_move_escapes") and a.defence == DODGE
            and _escaped(state, a, t)):
        _finish(state, a)
        return [AttackResolved(a.id, att.id, t.id, "miss", reasons=("out of reach",))]
    if not a.concealment_checked:                                   # BND-92: miss roll first
        a.concealment_checked = True
        if a.concealment > 0:
            r = dice.roll(rng, "1d6", "miss chance")
            out.append(DiceRolled(r, att.id, f"Concealment {a.concealment}/6: rolled {r.total}"))
            if r.total <= a.concealment:
                _finish(state, a)
                return out + [AttackResolved(a.id, att.id, t.id, "concealed",
                                             reasons=(f"concealment {a.concealment}",))]
    if a.dodge == "":                                                # BND-54, GM-30
        if a.defence == DODGE:
            a.dodge = "yes"
            out += remove_condition(t, "dodging")
        elif t.has("dodging", state.tick):
            stages.push(state.pending, Pending("use_dodge", t.side, t.id, {"attack": a.id}))
            return out
        else:
            a.dodge = "no"
    if house(state, "gm_adv_prompt") and not a.judged:               # GM-01
        stages.push(state.pending, Pending("circumstance", att.side, att.id, {"attack": a.id}))
        return out
    edge, reasons = offence_edge(state, a, t)
    ability = m.offence or "STR"
    mods = [("AB", att.ab), (ability, att.mod(ability))]
    if a.range_penalty:
        mods.append(("range", a.range_penalty))
    offence, ev = roll_total(state, rng, "attack", att.id, 2, mods, edge,
                             f"{att.name}'s {m.name}")
    out += ev
    defence, reduction, ev = _defence_total(state, a, t, m, rng)
    out += ev
    hit = offence > defence or (offence == defence and bool(house(state, "tie_hits")))
    out.append(AttackResolved(a.id, att.id, t.id, "hit" if hit else "miss", offence, defence,
                              edge, reasons))
    _finish(state, a)
    if hit:
        out += on_hit(state, a, att, t, m, edge, reduction, rng)
    return out


def damage_parts(att: Combatant, m: content_mod.MoveDef) -> tuple[int, int, int]:
    """(number of d6, sides, flat part) of a move's damage: ability mod + dice + bonus."""
    n, sides = 0, 6
    if m.damage_dice:
        spec = dice.parse(m.damage_dice)
        n, sides = spec.count, spec.sides
    flat = (att.mod(m.damage_ability) if m.damage_ability else 0) + m.damage_bonus
    return n, sides, flat


def deals_damage(m: content_mod.MoveDef) -> bool:
    return bool(m.damage_dice or m.damage_ability or m.damage_bonus)


def on_hit(state: BindingsState, a: Attack, att: Combatant, t: Combatant,
           m: content_mod.MoveDef, edge: str, reduction: int, rng: Rng) -> list:
    out: list = []
    if deals_damage(m):
        n, sides, flat = damage_parts(att, m)
        # each flat term named by its source, so the log's roll tooltip reads "INT 2 + move 2"
        mods = [(m.damage_ability, att.mod(m.damage_ability))] if m.damage_ability else []
        if m.damage_bonus:
            mods.append((m.name, m.damage_bonus))
        if n:
            r = dice.roll(rng, f"{n}d{sides}", "damage", mods)
            amount = r.total
            out.append(DiceRolled(r, att.id, f"{m.name} damage: {r.breakdown()}"))
        else:
            amount = flat
        # BND-99: never an edge on damage, unless the table says so (GM-33).
        if edge == "advantage" and house(state, "damage_advantage"):
            r = dice.roll(rng, "3d6", "damage advantage")
            amount += r.total
            out.append(DiceRolled(r, att.id, f"{m.name} damage, advantage: +{r.total}"))
        amount = max(0, amount - reduction)
        t.hp = max(0, t.hp - amount)
        out.append(DamageDealt(t.id, amount, t.hp, m.id, att.id))
        if t.hp == 0:
            out += knock_down(state, t)
            return out
    for e in m.effects_of("condition"):
        out += add_condition(state, t, e.condition, duration_until(state, e.rounds), m.id)
    if m.pushback_hexes > 0:
        from . import movement
        out += movement.start_pushback(state, t.id, att.id, a.origin, m.pushback_hexes, a.rate,
                                       rng)
    return out


def knock_down(state: BindingsState, t: Combatant) -> list:
    """HP 0: down and out (invented core; movement.knock_down ends its movements and pushes).
    Its attacks still in the air fall harmlessly, and attacks deferred to its turn (BND-13)
    end with it: that turn never comes, so nothing would ever settle them."""
    from . import movement
    if t.down:
        return []
    out: list = movement.knock_down(state, t)
    for a in list(state.attacks):
        if a.attacker == t.id and a.status == "flying":
            _finish(state, a)
            out.append(AttackStopped(a.id, "short", a.pos))
        elif a.target == t.id and a.status == "deferred":
            _finish(state, a)
            out.append(AttackStopped(a.id, "target_gone", a.pos))
    return out


def _use_dodge(state: BindingsState, action: UseDodge, rng: Rng) -> list:
    stages.pop(state.pending)
    a = _attack(state, action.attack)
    assert a is not None
    t = state.combatants[action.actor]
    out: list = []
    if action.use:
        a.dodge = "yes"
        out += remove_condition(t, "dodging")
    else:
        a.dodge = "no"
    out += resolve(state, a, rng)
    return out + _after_stage(state, a, rng)


def _judge(state: BindingsState, action: Judge, rng: Rng) -> list:
    stages.pop(state.pending)
    a = _attack(state, action.attack)
    assert a is not None
    a.edge = action.edge
    a.judged = True
    out = resolve(state, a, rng)
    return out + _after_stage(state, a, rng)


# =============================================================================================
# Stealth (BND-94) and incoming threats
# =============================================================================================

def check_edge(state: BindingsState, c: Combatant) -> list[str]:
    """adv/dis sources on `c`'s ability checks from its conditions."""
    verbs = active_verbs(state, c)
    out = []
    if "adv_checks" in verbs:
        out.append("adv")
    if "dis_checks" in verbs:
        out.append("dis")
    return out


def stealth_contest(state: BindingsState, hider: str, observer: str, rng: Rng) -> tuple[bool, list]:
    """The invented core's stealth contest: hider 2d6 + DEX against observer 2d6 + WIS; the hider
    must beat it. BND-94: the hider rolls at advantage when it has any concealment from the
    observer. Returns (hider won, events)."""
    h, o = state.combatants[hider], state.combatants[observer]
    s = sight(state, pos(o), pos(h), o.id)
    adv = [s.concealment > 0 and "concealment"] + ["adv" in check_edge(state, h) and "condition"]
    dis = ["dis" in check_edge(state, h) and "condition"]
    h_edge, _ = _net([x for x in adv if x], [x for x in dis if x])
    oc = check_edge(state, o)
    o_edge, _ = _net(["c"] if "adv" in oc else [], ["c"] if "dis" in oc else [])
    ht, ev1 = roll_total(state, rng, "stealth", h.id, 2, [("DEX", h.mod("DEX"))], h_edge,
                         f"{h.name} hides")
    ot, ev2 = roll_total(state, rng, "perception", o.id, 2, [("WIS", o.mod("WIS"))], o_edge,
                         f"{o.name} watches")
    return ht > ot, ev1 + ev2


def simulate(state: BindingsState, a: Attack, limit: int = 200) -> tuple[list[Hex], str]:
    """Follow attack `a` hex by hex for at most `limit` hexes, assuming nobody moves: (hexes it
    enters, how it ends: "contact", "short" (GM-21), "empty" (it reaches the aimed hex and
    nobody it may hit is there), "gone" (its target is down) or "open" (still flying after
    `limit` hexes)). Each step is the next hex of the cube line from where it is toward its
    destination (BND-49/50); solid hexes and walls do not stop it (GM-14, see `_advance`, which
    applies this walk). Reads only: the AI and the client's flight overlay ask it too."""
    if a.target is not None and state.combatants[a.target].down:
        return [], "gone"
    lay = layout(state)
    dest = _destination(state, a)
    dc = lay.to_cube(*dest)
    cur = lay.to_cube(*a.pos)
    travelled = a.travelled
    steps: list[Hex] = []
    hits_first = bool(house(state, "projectile_hits_first"))
    for _ in range(limit):
        if cur == dc:
            break
        if travelled >= a.max_travel:
            return steps, "short"
        cur = cube_step(cur, dc)
        nxt = lay.from_cube(cur)
        steps.append(nxt)
        travelled += 1
        if hits_first and nxt != dest:
            o = occupant(state, nxt)
            if o is not None and o.id != a.attacker:
                return steps, "contact"                            # GM-28
    if cur != dc:
        return steps, "open"
    o = occupant(state, a.aim)
    if (a.target is None or house(state, "projectile_tracking") == "hex") and \
            (o is None or (a.target is not None and o.id != a.target)):
        return steps, "empty"
    return steps, "contact"


def incoming(state: BindingsState, cid: str) -> list[tuple[Attack, int, tuple[Hex, ...]]]:
    """Attacks that will reach `cid` if nobody moves: (attack, segments until contact, hexes it
    covers on its next advance). 0 segments = contact later this segment (its attacker's turn
    is still to come) or already waiting to resolve; 1 = the next segment. Attacks that will
    fall short or find the hex empty are left out (walls do not stop them, GM-14)."""
    c = state.combatants[cid]
    out = []
    for a in state.attacks:
        if a.target != cid and not (a.target is None and tuple(a.aim) == pos(c)):
            continue
        if a.status != "flying":
            out.append((a, 0, ()))
            continue
        steps, end = simulate(state, a)
        if end != "contact":
            continue
        needed = segments_to_contact(len(steps), a.rate) if steps else 1
        segs = needed - 1 if a.advanced_tick != state.tick else needed
        out.append((a, max(0, segs), tuple(steps[:a.rate])))
    return out

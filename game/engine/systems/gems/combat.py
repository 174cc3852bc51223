"""Gems combat: the Ready Action, Arm Actions and everything an attack sets off.

Owns (GEM-21..43 and their game-master defaults):
  * the Ready Action: Ready spends one Action Slot and opens `state.ready_open`; AssignArm /
    UnassignArm aim and take back arms (each working arm at most once, in total no more than the
    Arm Counter, GEM-21); HandOver is an Arm Action done on the spot (GEM-GM-30); Strike resolves
    every assigned arm;
  * targeting geometry: target blocks of the attacker's Size on a grid anchored at her top-left
    tile, range in those blocks (Chebyshev, elevation ignored, GEM-24/25, GEM-GM-21), lines for
    thrown and projectile attacks that stop at the first occupied block (GEM-26, GEM-GM-22),
    Area of Effect rings (GEM-39, GEM-GM-20);
  * resolution: one Combat Roll per arm (GEM-22, GEM-GM-15), contact above 15 (GEM-23), counter
    rolls and blocks as pending stages for the defender (GEM-28..32, GEM-GM-16), disarms with the
    target choosing the arm and the attacker choosing where its object lands (GEM-33..37,
    GEM-GM-17/19), damage (GEM-GM-03), knockback (GEM-40..43, GEM-GM-13/14);
  * `describe_strike`: the same targeting and arithmetic without dice, for forecast.py.

Stages (pushed on `state.pending`, answered through `apply`):
  choose_counters -> Counter(unit, count)      defender: how many counter rolls (0..Held Objects)
  assign_blocks   -> AssignBlocks(unit, pairs) defender: (counter index, attack index) pairs
  choose_lost_arm -> ChooseLostArm(unit, arm)  disarmed target: which working arm she loses
  choose_side     -> ChooseSide(unit, side)    attacker: "left" or "right" for the dropped object
The in-progress strike lives in the pending entry's `data["strike"]` (plain JSON), so a saved
match can stop at any stage and continue after loading.

With a game-master seat (gm.py) each knockback collision with an object is a gm_call (GEM-GM-13):
the strike's pushes are played out on a copy of the state, answers so far in
`strike["kb_choices"]`; at a collision without an answer the copy is dropped and the game master
is asked; once every collision is answered the copy becomes the state. Pushes roll no dice, so
the replay is exact.

Must not: decide whose turn it is or end turns (system.py), touch presentation, or use any
randomness but the match Rng it is handed. It never calls out to a seat: it waits for answers.
"""
from __future__ import annotations

import copy
from itertools import combinations
from typing import Any, Callable

from game.engine import dice
from game.engine.events import DiceRolled
from game.engine.tactics import pending as stages
from game.engine.tactics.footprint import area_cells as aoe_tiles
from game.engine.tactics.footprint import area_offsets as aoe_block_offsets
from game.engine.tactics.footprint import block as block_tiles
from game.engine.tactics.footprint import block_anchor, block_line, centre2
from game.engine.tactics.footprint import offsets_holding
from game.engine.tactics.footprint import ring_cells as aoe_ring_tiles
from game.engine.tactics.forced import OCCUPANT, SOLID, Ahead, shove, snap8, straight

from . import common
from . import events as ev
from . import gm
from .actions import (AssignArm, AssignBlocks, ChooseLostArm, ChooseSide, Counter, HandOver,
                      Ready, Strike, UnassignArm)
from .house import house
from .state import AttackPlan, GemsState, Item, Pending, Unit

Tile = tuple[int, int]

CONTACT_ABOVE = 15          # GEM-23: a Combat Roll must be higher than this to make contact
UNARMED_DAMAGE = 2          # GEM-GM-03
HARDLIGHT_DAMAGE = 3        # GEM-GM-03, when the weapon's data gives no other value
KNOCKBACK_DAMAGE = 3        # GEM-42: Melee Damage per tile not travelled
DEFAULT_THROW_RANGE = 4     # our default, in attacker-Size blocks, when an item gives no range
MODES = ("melee", "thrown", "projectile")
HAND_OVER = "hand_over"     # AttackPlan.mode of an arm spent on a hand-over (GEM-GM-30)
COMBAT_KINDS = ("gems.ready", "gems.assign_arm", "gems.unassign_arm", "gems.hand_over",
                "gems.strike", "gems.counter", "gems.assign_blocks", "gems.choose_lost_arm",
                "gems.choose_side")
STAGES = ("choose_counters", "assign_blocks", "choose_lost_arm", "choose_side")


def contact(total: int) -> bool:
    """GEM-23: strictly above 15."""
    return total > CONTACT_ABOVE


# =============================================================================================
# Geometry (pure)
# =============================================================================================

# Blocks, block lines and areas are the toolkit's (tactics/footprint.py, GEM-24..26, GEM-39):
#   block_tiles(anchor, size)       the Size x Size block whose top-left is `anchor` (GEM-25)
#   block_anchor(origin, size, i, j) top-left of the block i, j blocks away (GEM-24)
#   block_offsets(reach)            offsets within reach, nearest first, then reading order
#   block_line(i, j)                Bresenham in block units: as wide as the attacker (GEM-26)
#   aoe_block_offsets(n, shape)     GEM-39 rings; GEM-GM-20 "filled" (default) or "ring"
#   aoe_ring_tiles / aoe_tiles      the cells of ring k alone / of the whole area, reading order
#   centre2(x, y, size)             twice a body's centre, in integers
# and the knockback direction, snap8 (tactics/forced.py, GEM-GM-14: diagonal wins a tie).


def side_offset(facing: Tile, side: str) -> Tile:
    """Unit step to the left or right of `facing` as seen from behind it (GEM-GM-19: x grows
    rightward, y downward, so facing east the left is north)."""
    fx, fy = facing
    return (fy, -fx) if side == "left" else (-fy, fx)


# =============================================================================================
# Reading the state
# =============================================================================================

def _unit(state: GemsState, uid: str) -> Unit:
    return state.units[uid]


def arm_item(state: GemsState, unit: Unit, arm: int) -> Item | None:
    a = unit.arms[arm]
    if a.disarmed or not a.holding:
        return None
    return state.items.get(a.holding)


def free_arms(state: GemsState, unit: Unit) -> list[int]:
    """Working arms not yet used in the open Ready Action and not taken by a carried load."""
    used = {p.arm for p in state.plans}
    return [i for i in unit.working_arms() if i not in used and not unit.arms[i].load]


def arm_cap(unit: Unit) -> int:
    """GEM-21: Arm Actions in one Ready Action are capped by the Arm Counter."""
    return unit.arm_counter()


def attack_profile(state: GemsState, unit: Unit, arm: int, mode: str) -> dict[str, Any]:
    """What an arm's attack in `mode` would be: its item, reach in blocks, damage (GEM-GM-03
    plus "empower"), knockback and AoE from the item's data."""
    item = arm_item(state, unit, arm)
    damage = common.damage_bonus(state, unit.id)
    if item is None:
        reach = {"melee": 1, "thrown": DEFAULT_THROW_RANGE}.get(mode, 0)
        return {"item": None, "damage": UNARMED_DAMAGE + damage, "reach": reach,
                "knockback": 0, "aoe": 0}
    damage += item.damage if item.damage else (HARDLIGHT_DAMAGE if item.hardlight
                                               else UNARMED_DAMAGE)
    if mode == "melee":
        reach = item.melee_range or 1
    elif mode == "thrown":
        reach = item.range or DEFAULT_THROW_RANGE
    else:
        reach = item.range
    return {"item": item.id, "damage": damage, "reach": reach, "knockback": item.knockback,
            "aoe": item.aoe}


def mode_allowed(state: GemsState, unit: Unit, arm: int, mode: str) -> str | None:
    """Why arm `arm` cannot attack in `mode`, or None."""
    item = arm_item(state, unit, arm)
    if mode == "melee":
        return None
    if item is None:
        return f"arm {arm + 1} holds nothing to {'throw' if mode == 'thrown' else 'shoot'}"
    if mode == "thrown":
        if not item.throwable:
            return f"{item.name} cannot be thrown"
        return None
    if mode == "projectile":
        if not item.projectile:
            return f"{item.name} does not shoot"
        return None
    return f"unknown attack mode {mode!r} (melee, thrown or projectile)"


def targetable(state: GemsState, attacker: Unit, other: Unit) -> bool:
    """A formed gem other than the attacker with no truce binding the two (GEM-GM-26)."""
    return (other.id != attacker.id and other.formed and other.carried_by is None
            and not common.truce_between(state, attacker.id, other.id))


# common.occupancy_index: what stands on each occupied tile (gem and item ids), built once by a
# caller that traces many lines on one position and handed to `trace`, which then looks up the
# blocks a line passes instead of testing every gem's footprint at each block
TileIndex = dict[Tile, list[str]]


def gems_in_tiles(state: GemsState, tiles: list[Tile], index: TileIndex | None = None
                  ) -> list[Unit]:
    """The formed, uncarried gems covering any of `tiles`, in reading order then id (`index`:
    common.occupancy_index of this position, when the caller has it)."""
    if index is not None:
        units = state.units
        found = {i: u for t in tiles for i in index.get(t, ())
                 if (u := units.get(i)) is not None and u.formed and u.carried_by is None}
        out = list(found.values())
    else:
        cover = set(tiles)
        out = [u for u in state.units.values() if u.formed and u.carried_by is None
               and any(t in cover for t in common.footprint(u))]
    out.sort(key=lambda u: (u.y, u.x, u.id))
    return out


def targets_in_block(state: GemsState, attacker: Unit, anchor: Tile,
                     index: TileIndex | None = None) -> list[str]:
    """Every gem the attack on this block attacks (GEM-27), in reading order then id."""
    return [u.id for u in gems_in_tiles(state, block_tiles(anchor, attacker.size), index)
            if targetable(state, attacker, u)]


def _block_solid(state: GemsState, anchor: Tile, size: int) -> bool:
    """A solid tile anywhere in the block stops lines and sight (GEM-GM-21). Off-board tiles
    only count when the whole block is off the board."""
    tiles = block_tiles(anchor, size)
    inside = [t for t in tiles if common.in_bounds(state, *t)]
    if not inside:
        return True
    return any(state.board.prop(x, y, "solid", False) for x, y in inside)


def _block_solid_object(state: GemsState, anchor: Tile, size: int) -> bool:
    return any(common.solid_item_at(state, x, y) for x, y in block_tiles(anchor, size))


def trace(state: GemsState, attacker: Unit, target: Tile, mode: str,
          index: TileIndex | None = None) -> dict[str, Any]:
    """Follow an attack from the attacker's block to the block at `target` (`index`:
    common.occupancy_index of this position, for a caller tracing many lines).

    Melee needs a clear line (solid tiles block, GEM-GM-21) and hits the target block. Thrown
    and projectile attacks stop at the first block holding a gem or a solid object (GEM-26,
    GEM-GM-22) and resolve against every gem there. Returns {"stop": anchor or None, "targets":
    [ids], "path": [anchors passed, stop last], "blocked": reason or ""}."""
    s = attacker.size
    dx, dy = target[0] - attacker.x, target[1] - attacker.y
    if dx % s or dy % s:
        return {"stop": None, "targets": [], "path": [], "blocked": "not on the attacker's grid"}
    i, j = dx // s, dy // s
    line = block_line(i, j)
    path: list[Tile] = []
    if not line:        # her own block (another gem shares her tiles)
        return {"stop": target, "targets": targets_in_block(state, attacker, target, index),
                "path": [target], "blocked": ""}
    for k, (bi, bj) in enumerate(line):
        anchor = block_anchor((attacker.x, attacker.y), s, bi, bj)
        last = k == len(line) - 1
        if _block_solid(state, anchor, s):
            return {"stop": path[-1] if path else None, "targets": [], "path": path,
                    "blocked": "a wall is in the way"}
        path.append(anchor)
        if mode == "melee":
            if last:
                return {"stop": anchor,
                        "targets": targets_in_block(state, attacker, anchor, index),
                        "path": path, "blocked": ""}
            continue
        found = targets_in_block(state, attacker, anchor, index)
        if found or _block_solid_object(state, anchor, s) or last:
            return {"stop": anchor, "targets": found, "path": path, "blocked": ""}
    return {"stop": path[-1] if path else None, "targets": [], "path": path, "blocked": ""}


def area_targets(state: GemsState, attacker: Unit, stop: Tile, n: int,
                 first: list[str]) -> list[str]:
    """Targets of an attack with AoE n centred on the block at `stop` (GEM-39, GEM-GM-20):
    the gems in the stop block first, then the rest of the area in reading order. Allies are hit;
    a truce partner is skipped unless the house rule says area effects still hit (GEM-GM-26)."""
    if n <= 0:
        return list(first)
    tiles = aoe_tiles(stop, attacker.size, n, house(state, "aoe_shape"))
    out = list(first)
    hit_truce = house(state, "truce_aoe") == "hit"
    for u in gems_in_tiles(state, tiles):
        if u.id in out or u.id == attacker.id:
            continue
        if targetable(state, attacker, u) or (hit_truce and u.formed):
            out.append(u.id)
    return out


def _aimable_tiles(state: GemsState, attacker: Unit) -> set[Tile]:
    """Every tile a gem the attacker may target covers. A block can only be aimed at when its
    trace stops there with targets, so a block outside these tiles needs no trace at all."""
    return {t for u in state.units.values() if targetable(state, attacker, u)
            for t in common.footprint(u)}


def melee_targets(state: GemsState, attacker: Unit, arm: int,
                  aimable: set[Tile] | None = None) -> list[Tile]:
    """Target blocks a melee attack with `arm` may aim at (GEM-24, GEM-25, GEM-27).
    `aimable`: `_aimable_tiles` of this position, when the caller already has it."""
    reach = attack_profile(state, attacker, arm, "melee")["reach"]
    out = []
    if aimable is None:
        aimable = _aimable_tiles(state, attacker)
    # only blocks someone stands in (in block_offsets order): elsewhere a trace comes back empty
    offsets = list(offsets_holding((attacker.x, attacker.y), attacker.size, aimable, reach))
    index = common.occupancy_index(state) if offsets else None      # none in reach: nothing to trace
    for (i, j) in offsets:
        anchor = block_anchor((attacker.x, attacker.y), attacker.size, i, j)
        t = trace(state, attacker, anchor, "melee", index)
        if t["targets"] and t["stop"] == anchor:
            out.append(anchor)
    return out


def line_targets(state: GemsState, attacker: Unit, arm: int, mode: str,
                 aimable: set[Tile] | None = None) -> list[Tile]:
    """Target blocks a thrown or projectile attack may aim at (GEM-26, GEM-GM-22): any block in
    range holding a gem she may attack, when the line toward it reaches a gem before any wall.
    The shot follows that line and resolves against the first gems it meets, which need not be
    the ones aimed at: a gem in front can be hit by a shot aimed past it, along a line the
    gem's own block could not be aimed along."""
    reach = attack_profile(state, attacker, arm, mode)["reach"]
    if reach <= 0:
        return []
    out = []
    if aimable is None:
        aimable = _aimable_tiles(state, attacker)
    offsets = list(offsets_holding((attacker.x, attacker.y), attacker.size, aimable, reach))
    index = common.occupancy_index(state) if offsets else None      # none in reach: nothing to trace
    for (i, j) in offsets:
        if (i, j) == (0, 0):
            continue
        anchor = block_anchor((attacker.x, attacker.y), attacker.size, i, j)
        t = trace(state, attacker, anchor, mode, index)
        if t["targets"] and not t["blocked"]:
            out.append(anchor)
    return out


def aim_options(state: GemsState, attacker: Unit, arm: int, mode: str,
                aimable: set[Tile] | None = None) -> list[Tile]:
    """Target blocks arm `arm` may aim at in `mode`; `aimable` as for melee_targets (the tiles
    of the gems she may target do not change between her arms and modes)."""
    if mode_allowed(state, attacker, arm, mode):
        return []
    if mode == "melee":
        return melee_targets(state, attacker, arm, aimable)
    return line_targets(state, attacker, arm, mode, aimable)


def hand_over_options(state: GemsState, unit: Unit) -> list[tuple[int, str]]:
    """(arm, ally id) pairs for HandOver: an arm holding something, an ally touching her with a
    free working arm (GEM-GM-30)."""
    out = []
    arms = [a for a in free_arms(state, unit) if unit.arms[a].holding]
    if not arms or len(state.plans) >= arm_cap(unit):
        return out
    mine = common.footprint(unit)
    for other in sorted(state.units.values(), key=lambda u: u.id):
        if other.id == unit.id or other.side != unit.side or not other.formed:
            continue
        if other.carried_by is not None or _receiving_arm(other) is None:
            continue
        if common.footprint_distance(mine, common.footprint(other)) > 1:
            continue
        out += [(a, other.id) for a in arms]
    out.sort()
    return out


def _receiving_arm(unit: Unit) -> int | None:
    for i in unit.working_arms():
        a = unit.arms[i]
        if not a.holding and not a.load:
            return i
    return None


# =============================================================================================
# Legal actions
# =============================================================================================

def _acting_unit(state: GemsState) -> Unit | None:
    uid = state.acting
    if uid is None or state.over or state.pending:
        return None
    u = state.units.get(uid)
    return u if u is not None and u.formed else None


def _any_arm_action(state: GemsState, unit: Unit) -> bool:
    saved = state.plans
    state.plans = []
    try:
        if arm_cap(unit) <= 0 or not free_arms(state, unit):
            return False
        if hand_over_options(state, unit):
            return True
        aimable = _aimable_tiles(state, unit)
        if not aimable:
            return False        # nobody she may attack: no arm has a target
        return any(aim_options(state, unit, a, m, aimable)
                   for a in free_arms(state, unit) for m in MODES)
    finally:
        state.plans = saved


def legal_actions(state: GemsState) -> list:
    """Every combat action allowed now, in a canonical order."""
    if state.over:
        return []
    if state.pending:
        top = stages.top(state.pending)
        if top.stage in STAGES:
            return stage_answers(state, top)
        return []
    unit = _acting_unit(state)
    if unit is None:
        return []
    if not state.ready_open:
        if state.slots >= 1 and _any_arm_action(state, unit):
            return [Ready(unit.id)]
        return []
    out: list = []
    if len(state.plans) < arm_cap(unit):
        aimable = _aimable_tiles(state, unit)
        for a in free_arms(state, unit):
            for m in MODES:
                out += [AssignArm(unit.id, a, t, m)
                        for t in aim_options(state, unit, a, m, aimable)]
        out += [HandOver(unit.id, a, to) for a, to in hand_over_options(state, unit)]
    out += [UnassignArm(unit.id, p.arm) for p in sorted(state.plans, key=lambda p: p.arm)
            if p.mode != HAND_OVER]
    out.append(Strike(unit.id))
    return out


def stage_answers(state: GemsState, pending: Pending) -> list:
    ctx = pending.data["strike"]
    fight = ctx["fights"][ctx["at"]]
    if pending.stage == "choose_counters":
        return [Counter(fight["target"], n) for n in range(fight["max_counters"] + 1)]
    if pending.stage == "assign_blocks":
        return [AssignBlocks(fight["target"], tuple(tuple(p) for p in m))
                for m in fight["options"]]
    if pending.stage == "choose_lost_arm":
        target = _unit(state, fight["target"])
        return [ChooseLostArm(target.id, a) for a in target.working_arms()]
    if pending.stage == "choose_side":
        return [ChooseSide(ctx["attacker"], "left"), ChooseSide(ctx["attacker"], "right")]
    return []


def validate(state: GemsState, action: Any) -> str | None:
    """Why a combat action is not allowed now, in a player's words, or None if it is."""
    if action in legal_actions(state):
        return None
    if state.over:
        return "the encounter is over"
    if state.pending:
        top = stages.top(state.pending)
        if action.kind in ("gems.counter", "gems.assign_blocks", "gems.choose_lost_arm",
                           "gems.choose_side"):
            stage = {"gems.counter": "choose_counters", "gems.assign_blocks": "assign_blocks",
                     "gems.choose_lost_arm": "choose_lost_arm",
                     "gems.choose_side": "choose_side"}[action.kind]
            if stage != top.stage:
                return (f"the game is waiting for {top.stage.replace('_', ' ')}, "
                        f"not {stage.replace('_', ' ')}")
            return f"that answer is not one of the choices ({pending_prompt(state, top)})"
        return f"first answer: {pending_prompt(state, top)}"
    unit = state.units.get(getattr(action, "unit", ""), None)
    acting = state.acting
    if unit is None:
        return f"no gem called {getattr(action, 'unit', '?')!r}"
    if unit.id != acting:
        return f"it is not {unit.name}'s turn"
    if action.kind == "gems.ready":
        if state.ready_open:
            return "a Ready Action is already open: assign arms, then strike"
        if state.slots < 1:
            return "no Action Slots left this turn"
        return f"{unit.name} has no arm that could act (no target in reach, nothing to hand over)"
    if not state.ready_open and action.kind in COMBAT_KINDS:
        return "open a Ready Action first"
    if action.kind == "gems.assign_arm":
        a = action.arm
        if not 0 <= a < len(unit.arms):
            return f"{unit.name} has no arm {a + 1}"
        if unit.arms[a].disarmed:
            return f"arm {a + 1} was disarmed and can do nothing (GEM-38)"
        if any(p.arm == a for p in state.plans):
            return f"arm {a + 1} already acts in this Ready Action (GEM-21)"
        if unit.arms[a].load:
            return f"arm {a + 1} is busy carrying a load"
        if len(state.plans) >= arm_cap(unit):
            return f"her Arm Counter ({arm_cap(unit)}) is used up (GEM-21)"
        why = mode_allowed(state, unit, a, action.mode)
        if why:
            return why
        t = trace(state, unit, tuple(action.target), action.mode)
        if t["blocked"]:
            return t["blocked"]
        if action.mode != "melee" and t["stop"] is not None and not t["targets"]:
            return "the shot would stop at a solid object before reaching a gem (GEM-GM-22)"
        return "no gem there that she may attack, or it is out of reach (GEM-24)"
    if action.kind == "gems.unassign_arm":
        return f"arm {action.arm + 1} is not assigned (or already handed something over)"
    if action.kind == "gems.hand_over":
        return "hand-over needs an arm holding something and an ally next to her with a free arm"
    return "that is not allowed now"


def pending_prompt(state: GemsState, pending: Pending) -> str:
    return str(pending.data.get("prompt", pending.stage))


# =============================================================================================
# Apply
# =============================================================================================

def apply(state: GemsState, action: Any, rng) -> list:
    kind = action.kind
    if kind == "gems.ready":
        return _ready(state, action)
    if kind == "gems.assign_arm":
        return _assign(state, action)
    if kind == "gems.unassign_arm":
        state.plans = [p for p in state.plans if p.arm != action.arm]
        return [ev.ArmUnassigned(action.unit, action.arm)]
    if kind == "gems.hand_over":
        return _hand_over(state, action)
    if kind == "gems.strike":
        return _strike(state, action, rng)
    if kind in ("gems.counter", "gems.assign_blocks", "gems.choose_lost_arm",
                "gems.choose_side"):
        return _answer(state, action, rng)
    raise ValueError(f"combat cannot apply {kind!r}")


def _ready(state: GemsState, action: Ready) -> list:
    # GEM-07 / GEM-21: a Ready Action costs one Action Slot
    state.slots -= 1
    state.ready_open = True
    state.plans = []
    return [ev.SlotsSpent(action.unit, 1, state.slots, action.kind),
            ev.ReadyOpened(action.unit, state.slots)]


def _assign(state: GemsState, action: AssignArm) -> list:
    state.plans.append(AttackPlan(action.arm, (int(action.target[0]), int(action.target[1])),
                                  action.mode))
    return [ev.ArmAssigned(action.unit, action.arm, tuple(action.target), action.mode)]


def _hand_over(state: GemsState, action: HandOver) -> list:
    giver = _unit(state, action.unit)
    taker = _unit(state, action.to_unit)
    to_arm = _receiving_arm(taker)
    item_id = giver.arms[action.arm].holding
    giver.arms[action.arm].holding = None
    taker.arms[to_arm].holding = item_id
    item = state.items[item_id]
    item.held_by = taker.id
    item.x, item.y = taker.x, taker.y
    # the arm is spent for this Ready Action and counts toward the Arm Counter (GEM-21)
    state.plans.append(AttackPlan(action.arm, (taker.x, taker.y), HAND_OVER))
    return [ev.ObjectHandedOver(giver.id, action.arm, taker.id, to_arm, item_id)]


# --- the strike ------------------------------------------------------------------------------

def describe_strike(state: GemsState, attacker_id: str,
                    plans: list[AttackPlan]) -> dict[str, Any]:
    """Resolve targeting for a set of plans without rolling: the attacks (one per attacking arm,
    in arm order) and, per target, which attacks reach her. Used by Strike and the forecast."""
    attacker = _unit(state, attacker_id)
    attacks: list[dict[str, Any]] = []
    index = common.occupancy_index(state) if len(plans) > 1 else None      # one line: no index to build
    for p in sorted(plans, key=lambda p: p.arm):
        if p.mode == HAND_OVER:
            continue
        prof = attack_profile(state, attacker, p.arm, p.mode)
        t = trace(state, attacker, tuple(p.target), p.mode, index)
        targets = t["targets"]
        if t["stop"] is not None:
            targets = area_targets(state, attacker, t["stop"], prof["aoe"], targets)
        attacks.append({"arm": p.arm, "mode": p.mode, "item": prof["item"],
                        "damage": prof["damage"], "knockback": prof["knockback"],
                        "aoe": prof["aoe"], "target": list(p.target),
                        "stop": list(t["stop"]) if t["stop"] is not None else None,
                        "path": [list(a) for a in t["path"]], "targets": targets})
    order: list[str] = []
    for a in attacks:
        for uid in a["targets"]:
            if uid not in order:
                order.append(uid)
    fights = []
    for uid in order:
        target = _unit(state, uid)
        idx = [k for k, a in enumerate(attacks) if uid in a["targets"]]
        fights.append({"target": uid, "attacks": [[k, 0] for k in idx],
                       "max_counters": max_counters(state, attacker, target),
                       "disarm": disarm_possible(attacker, target),
                       "counters": [], "blocked": [], "options": [], "step": "start"})
    return {"attacker": attacker_id, "attacks": attacks, "fights": fights, "at": 0,
            "disarmed": []}


def max_counters(state: GemsState, attacker: Unit, target: Unit) -> int:
    """How many counter rolls the target may make: 0 without Blocking (GEM-28) or when she is
    larger than her attacker (GEM-32), else up to her Held Objects (GEM-29, GEM-GM-18)."""
    if not target.blocking or target.size > attacker.size:
        return 0
    return len(target.held_objects())


def disarm_possible(attacker: Unit, target: Unit) -> bool:
    """GEM-33/35: the attacker has Disarming and the target is her Size with an arm to lose."""
    return attacker.disarming and attacker.size == target.size and bool(target.working_arms())


def _strike(state: GemsState, action: Strike, rng) -> list:
    attacker = _unit(state, action.unit)
    plans = list(state.plans)
    state.plans = []
    ctx = describe_strike(state, attacker.id, plans)
    out: list = []
    shared = house(state, "multi_target_rolls") == "shared"
    for k, atk in enumerate(ctx["attacks"]):
        if not atk["targets"]:
            continue
        # GEM-22: each arm rolls; GEM-GM-15: that one roll counts against every target unless
        # the house rule asks for a roll per target
        groups = [atk["targets"]] if shared else [[t] for t in atk["targets"]]
        for group in groups:
            r = dice.roll(rng, "d20", "attack", modifiers=[("CPR", attacker.cpr)])
            names = " and ".join(common.unit_name(state, t) for t in group)
            verdict = (f"> {CONTACT_ABOVE}, contact" if contact(r.total)
                       else f"not above {CONTACT_ABOVE}, no contact")
            what = {"melee": "attacks", "thrown": "throws at",
                    "projectile": "shoots at"}[atk["mode"]]
            out.append(DiceRolled(r, attacker.id, f"{attacker.name} {what} {names} "
                                  f"(arm {atk['arm'] + 1}): {r.breakdown()} {verdict}"))
            for fight in ctx["fights"]:
                if fight["target"] in group:
                    for pair in fight["attacks"]:
                        if pair[0] == k:
                            pair[1] = r.total
    # thrown objects land where they stopped (GEM-26): the stop block, nearest tile first,
    # falling back along the line when that block cannot take them
    for atk in ctx["attacks"]:
        if atk["mode"] == "thrown" and atk["item"] in state.items:
            arm = attacker.arms[atk["arm"]]
            if arm.holding == atk["item"]:
                arm.holding = None
            item = state.items[atk["item"]]
            spot = _throw_landing(state, attacker, atk)
            item.held_by = None
            item.x, item.y = spot
            out.append(ev.ObjectLanded(item.id, spot[0], spot[1], "thrown"))
    out += _advance(state, ctx, rng)
    return out


def _push(state: GemsState, stage: str, seat: int, actor: str, ctx: dict, prompt: str) -> None:
    stages.push(state.pending, Pending(stage, seat, actor, {"strike": ctx, "prompt": prompt}))


def _advance(state: GemsState, ctx: dict[str, Any], rng) -> list:
    """Carry the strike on until it needs an answer from a seat or is done."""
    out: list = []
    attacker = _unit(state, ctx["attacker"])
    while ctx["at"] < len(ctx["fights"]):
        fight = ctx["fights"][ctx["at"]]
        target = _unit(state, fight["target"])
        step = fight["step"]
        if step == "start":
            if not target.formed or state.over:
                fight["step"] = "done"
            else:
                fight["step"] = "disarm"
                contacts = any(contact(total) for _, total in fight["attacks"])
                matters = contacts or (fight["disarm"] and attacker.disarming
                                       and not house(state, "disarm_needs_contact"))
                # re-read: an earlier fight (push-along knockback) may have changed things
                fight["max_counters"] = max_counters(state, attacker, target)
                if fight["max_counters"] > 0 and matters:
                    fight["step"] = "counters"
                    _push(state, "choose_counters", common.seat_of(state, target.id), target.id,
                          ctx, f"{target.name}: how many counter rolls against "
                               f"{attacker.name}? (up to {fight['max_counters']})")
                    return out
            continue
        if step == "disarm":
            fight["step"] = "effects"
            need_arm = _check_disarm(state, ctx, fight, attacker, target, out)
            if need_arm:
                arms = target.working_arms()
                if len(arms) == 1:
                    out += _lose_arm(state, ctx, fight, attacker, target, arms[0])
                    if fight["step"] == "side":
                        return out
                else:
                    fight["step"] = "lost_arm"
                    _push(state, "choose_lost_arm", common.seat_of(state, target.id), target.id,
                          ctx, f"{target.name} is disarmed: which arm does she lose?")
                    return out
            continue
        if step == "effects":
            out += _effects(state, ctx, fight, attacker, target)
            fight["step"] = "done"
            continue
        if step == "done":
            ctx["at"] += 1
            continue
        raise RuntimeError(f"strike stuck at step {step!r}")
    out += _finish(state, ctx, attacker)
    return out


def _check_disarm(state, ctx, fight, attacker: Unit, target: Unit, out: list) -> bool:
    if not target.formed or not disarm_possible(attacker, target):
        return False
    if target.id in ctx["disarmed"]:       # GEM-GM-17: at most once per Ready Action per target
        return False
    blocked = {a for _, a in fight["blocked"]}
    if house(state, "disarm_needs_contact"):
        hits = [n for n, (_, total) in enumerate(fight["attacks"])
                if contact(total) and n not in blocked]
        if not hits:
            return False
    attack_sum = sum(total for _, total in fight["attacks"])
    counter_sum = sum(fight["counters"])
    # GEM-33/34: strictly higher; no counter rolls count as 0
    success = attack_sum > counter_sum
    out.append(ev.DisarmChecked(attacker.id, target.id, attack_sum, counter_sum, success))
    if success:
        ctx["disarmed"].append(target.id)
    return success


def _lose_arm(state, ctx, fight, attacker: Unit, target: Unit, arm: int) -> list:
    """The target loses `arm` (GEM-33, GEM-36). If it held an object or wore an Arm Enhancer,
    the attacker first chooses the side it flies to (GEM-37); the arm is only marked lost once
    that is settled, so the state stays whole while the question is open."""
    a = target.arms[arm]
    if a.holding or a.enhancer:
        fight["lost_arm"] = arm
        fight["step"] = "side"
        what = [common.unit_name(state, a.holding)] if a.holding else []
        if a.enhancer:
            what.append(a.enhancer.replace("_", " "))
        _push(state, "choose_side", common.seat_of(state, attacker.id), attacker.id, ctx,
              f"{attacker.name}: throw {target.name}'s {' and '.join(what)} to her left or "
              f"right?")
        return []
    return _mark_lost(state, attacker, target, arm, None)


def _mark_lost(state: GemsState, attacker: Unit, target: Unit, arm: int,
               side: str | None) -> list:
    a = target.arms[arm]
    out: list = [ev.ArmLost(target.id, arm, attacker.id)]
    if a.load:                              # a load carried with that arm is let go
        out += common.release_load(state, target)
    loose: list[str] = []
    if a.holding:
        loose.append(a.holding)
    if a.enhancer:
        eid = common.new_id(state, "enhancer")
        state.items[eid] = Item(id=eid, kind=a.enhancer, name=a.enhancer.replace("_", " "),
                                x=target.x, y=target.y, held_by=None)
        loose.append(eid)
    a.holding = None
    a.enhancer = None
    a.disarmed = True                      # GEM-38: cosmetic from now on
    for item_id in loose:
        item = state.items.get(item_id)
        if item is None:
            continue
        item.held_by = None
        item.x, item.y = -1, -1            # off the board while its landing tile is found
        reach = item.melee_range or 1
        spot = landing_tile(state, attacker, target, side or "left", reach)
        item.x, item.y = spot
        out.append(ev.ObjectLanded(item_id, spot[0], spot[1], "disarm"))
    return out


def landing_tile(state: GemsState, attacker: Unit, target: Unit, side: str,
                 reach: int = 1) -> Tile:
    """Where a disarmed object lands (GEM-37, GEM-GM-17/19): its Melee Range (`reach`, default
    1, in attacker-Size tiles) to the target's left or right as the attacker sees her; if that
    tile is solid or full, it falls back toward the target to the nearest tile that can take
    it."""
    facing = snap8(*(_sub(centre2(target.x, target.y, target.size),
                          centre2(attacker.x, attacker.y, attacker.size))))
    facing = facing or (1, 0)
    ox, oy = side_offset(facing, side)
    dist = reach * attacker.size
    for d in range(dist, -1, -1):
        x, y = target.x + ox * d, target.y + oy * d
        if _item_fits(state, x, y):
            return (x, y)
    spot = common.free_tile_near(state, target.x, target.y)
    return spot or (target.x, target.y)


def _sub(a: Tile, b: Tile) -> Tile:
    return (a[0] - b[0], a[1] - b[1])


def _item_fits(state: GemsState, x: int, y: int) -> bool:
    return (common.in_bounds(state, x, y) and not common.is_solid(state, x, y)
            and not common.solid_item_at(state, x, y)
            and common.occupancy(state, x, y) < common.TILE_CAPACITY)


def _effects(state, ctx, fight, attacker: Unit, target: Unit) -> list:
    """Damage and knockback for one target once blocks and disarms are settled."""
    out: list = []
    blocked = {a for _, a in fight["blocked"]}
    everyone = house(state, "knockback_targets") == "all"
    for n, (k, total) in enumerate(fight["attacks"]):
        atk = ctx["attacks"][k]
        hit = contact(total) and n not in blocked
        dealt = atk["damage"] if hit and target.formed else 0
        out.append(ev.AttackResolved(attacker.id, target.id, atk["arm"], atk["mode"], total,
                                     contact(total), n in blocked, dealt))
        if dealt:
            # GEM-GM-03: each contacting, unblocked arm attack deals its damage
            out += common.apply_damage(state, target.id, dealt, atk["mode"], attacker.id)
        if atk["knockback"] > 0 and (hit or everyone):
            # GEM-43: every target the attack involves; GEM-GM-14: only those it contacted
            # and that did not block, unless the house rule pushes everyone. The pushes wait
            # until every target is settled so targets sharing a block move together.
            ctx.setdefault("pushes", []).append([k, target.id])
    return out


def _knockbacks(state: GemsState, ctx: dict[str, Any], attacker: Unit,
                ask: "Callable[..., str] | None" = None) -> list:
    """Carry out the recorded pushes, attack by attack. GEM-40, GEM-GM-14: straight away from
    the attacker's centre (or the AoE centre), snapped to 8 directions; targets of one attack
    pushed the same way move together."""
    out: list = []
    for k, atk in enumerate(ctx["attacks"]):
        ids = [uid for kk, uid in ctx.get("pushes", []) if kk == k
               and state.units[uid].formed]
        groups: dict[Tile, list[str]] = {}
        for uid in ids:
            u = state.units[uid]
            me = centre2(u.x, u.y, u.size)
            origin = centre2(attacker.x, attacker.y, attacker.size)
            if atk["aoe"] and atk["stop"] is not None:
                c = centre2(atk["stop"][0], atk["stop"][1], attacker.size)
                if c != me:
                    origin = c
            d = snap8(*_sub(me, origin))
            if d is not None:
                groups.setdefault(d, []).append(uid)
        for d, group in groups.items():
            out += knockback(state, group, d, atk["knockback"], attacker.id, ask)
    return out


class _NeedRuling(Exception):
    """A knockback collision that the game master has not answered yet."""

    def __init__(self, knocked: list[str], others: list[str], moved: int, tiles: int):
        super().__init__("a game-master call is needed")
        self.knocked, self.others, self.moved, self.tiles = knocked, others, moved, tiles


def _gm_knockbacks(state: GemsState, ctx: dict[str, Any], attacker: Unit) -> list | None:
    """The strike's pushes with the game master settling each collision (GEM-GM-13): played on a
    copy with the answers given so far; None when a new collision has been put to her."""
    answers = list(ctx.get("kb_choices", []))
    used = [0]

    def ask(knocked: list[str], others: list[str], moved: int, tiles: int) -> str:
        if used[0] < len(answers):
            used[0] += 1
            return str(answers[used[0] - 1])
        raise _NeedRuling(list(knocked), list(others), moved, tiles)

    trial = copy.deepcopy(state)
    try:
        out = _knockbacks(trial, ctx, trial.units[attacker.id], ask)
    except _NeedRuling as q:
        _ask_collision(state, ctx, q)
        return None
    for name in GemsState.__slots__:      # type: ignore[attr-defined]
        setattr(state, name, getattr(trial, name))
    return out


def _ask_collision(state: GemsState, ctx: dict[str, Any], q: _NeedRuling) -> None:
    names = " and ".join(common.unit_name(state, t) for t in q.knocked)
    hit = " and ".join(common.unit_name(state, t) for t in q.others)
    short = q.tiles - q.moved
    plural = "s" if q.tiles != 1 else ""
    gm.ask(state, "GEM-GM-13", q.knocked[0],
           f"{names}, knocked back {q.tiles} tile{plural}, runs into {hit} after {q.moved}. "
           f"What happens?",
           [("stop", f"Stop there: {names} takes {KNOCKBACK_DAMAGE * short} Melee Damage"),
            ("push", f"Push {hit} along"),
            ("pass", f"Pass through {hit}")],
           str(house(state, "knockback_collision")),
           {"kind": "knockback"}, {"strike": ctx})


def resume_gm(state: GemsState, ctx: dict[str, Any], choice: str, rng: Any) -> list:
    """Carry the strike on after the game master settled a knockback collision."""
    ctx["kb_choices"] = list(ctx.get("kb_choices", [])) + [choice]
    return _finish(state, ctx, _unit(state, ctx["attacker"]))


def _finish(state: GemsState, ctx: dict[str, Any], attacker: Unit) -> list:
    if ctx.get("pushes") and gm.seat(state) is not None:
        pushed = _gm_knockbacks(state, ctx, attacker)
        if pushed is None:
            return []       # waiting for the game master; the Ready Action stays open
        out: list = pushed
    else:
        out = _knockbacks(state, ctx, attacker)
    state.ready_open = False
    state.plans = []
    out.append(ev.StrikeResolved(attacker.id))
    out += common.check_end(state)
    return out


def _throw_landing(state: GemsState, attacker: Unit, atk: dict[str, Any]) -> Tile:
    me = centre2(attacker.x, attacker.y, attacker.size)
    for anchor in reversed(atk["path"]):
        tiles = block_tiles(tuple(anchor), attacker.size)
        tiles.sort(key=lambda t: (max(abs(2 * t[0] + 1 - me[0]), abs(2 * t[1] + 1 - me[1])),
                                  t[1], t[0]))
        for x, y in tiles:
            if _item_fits(state, x, y):
                return (x, y)
    return common.free_tile_near(state, attacker.x, attacker.y) or (attacker.x, attacker.y)


# --- answers to stages -----------------------------------------------------------------------

def block_options(counters: list[int], attacks: list[list[int]],
                  damages: list[int]) -> list[list[list[int]]]:
    """Every useful way to assign counter rolls to attacks (GEM-31): each counter covers at most
    one attack and is only offered against a contacting attack it beats strictly (GEM-30).
    Canonical order: most damage stopped first, then most blocks, then the pairs themselves; the
    empty assignment is always last. `attacks` are [attack index, total] pairs of one target."""
    useful = [(c, a) for c in range(len(counters)) for a in range(len(attacks))
              if contact(attacks[a][1]) and counters[c] > attacks[a][1]]
    found: list[tuple[tuple[int, int], ...]] = []
    for r in range(len(counters), 0, -1):
        for combo in combinations(useful, r):
            cs = {c for c, _ in combo}
            as_ = {a for _, a in combo}
            if len(cs) == len(combo) and len(as_) == len(combo):
                found.append(combo)
    found.sort(key=lambda m: (-sum(damages[a] for _, a in m), -len(m), m))
    return [[list(p) for p in m] for m in found] + [[]]


def _answer(state: GemsState, action: Any, rng) -> list:
    pending = stages.pop(state.pending)
    ctx = pending.data["strike"]
    fight = ctx["fights"][ctx["at"]]
    attacker = _unit(state, ctx["attacker"])
    target = _unit(state, fight["target"])
    out: list = []
    if action.kind == "gems.counter":
        out.append(ev.CountersDeclared(target.id, attacker.id, action.count))
        for n in range(action.count):
            r = dice.roll(rng, "d20", "counter", modifiers=[("CPR", target.cpr)])
            fight["counters"].append(r.total)
            out.append(DiceRolled(r, target.id, f"{target.name} counters {attacker.name} "
                                  f"({n + 1} of {action.count}): {r.breakdown()}"))
        damages = [ctx["attacks"][k]["damage"] for k, _ in fight["attacks"]]
        options = block_options(fight["counters"], fight["attacks"], damages)
        fight["step"] = "disarm"
        if len(options) > 1:         # something can be blocked: the defender assigns (GEM-31)
            fight["options"] = options
            fight["step"] = "blocks"
            _push(state, "assign_blocks", pending.seat, target.id, ctx,
                  f"{target.name}: which counter roll blocks which attack?")
            return out
    elif action.kind == "gems.assign_blocks":
        fight["blocked"] = [list(p) for p in action.pairs]
        for c, a in fight["blocked"]:
            k, total = fight["attacks"][a]
            out.append(ev.AttackBlocked(target.id, attacker.id, ctx["attacks"][k]["arm"], c,
                                        fight["counters"][c], total))
        fight["step"] = "disarm"
    elif action.kind == "gems.choose_lost_arm":
        fight["step"] = "effects"
        out += _lose_arm(state, ctx, fight, attacker, target, action.arm)
        if fight["step"] == "side":
            return out
    elif action.kind == "gems.choose_side":
        out += _mark_lost(state, attacker, target, fight.pop("lost_arm"), action.side)
        fight["step"] = "effects"
    out += _advance(state, ctx, rng)
    return out


# =============================================================================================
# Knockback (GEM-40..43, GEM-GM-13/14)
# =============================================================================================

def _thing_box(state: GemsState, tid: str) -> tuple[int, int, int]:
    if tid in state.units:
        u = state.units[tid]
        return u.x, u.y, u.size
    it = state.items[tid]
    return it.x, it.y, 1


def _blockers(state: GemsState, train: list[str], d: Tile,
              aloft: dict[str, int] | None = None) -> tuple[str, list[str]]:
    """What stops the train moving one step along `d`: a terrain reason ("" if none) and the
    objects in the way (gems, solid objects, and whatever fills a full tile). A gem in `aloft`
    went over an edge during this push and is carried at that edge's height (GEM-GM-14)."""
    members = set(train)
    others: list[str] = []
    terrain = ""
    # how many of the train step onto each tile: gems pushed together fill a tile together
    incoming: dict[Tile, int] = {}
    for tid in train:
        x, y, s = _thing_box(state, tid)
        for t in common.footprint_at(x + d[0], y + d[1], s):
            incoming[t] = incoming.get(t, 0) + 1
    for tid in train:
        x, y, s = _thing_box(state, tid)
        nx, ny = x + d[0], y + d[1]
        tiles = common.footprint_at(nx, ny, s)
        for tx, ty in tiles:
            if common.is_solid(state, tx, ty):
                terrain = terrain or "wall"
        if terrain:
            continue
        if tid in state.units and state.units[tid].altitude is None:
            u = state.units[tid]
            here = common.ground_elevation(state, x, y, s)
            if aloft and tid in aloft:
                here = max(here, aloft[tid])
            there = common.ground_elevation(state, nx, ny, s)
            if there - here > u.size:       # a cliff face she could not climb (GEM-10)
                terrain = terrain or "cliff"
                continue
        for tx, ty in tiles:
            occ = [o for o in common.occupants(state, tx, ty) if o not in members]
            solid = [o for o in occ if o in state.units
                     or (o in state.items and state.items[o].solid)]
            if len(occ) + incoming[(tx, ty)] > common.TILE_CAPACITY:
                solid = occ                 # GEM-GM-14: a full tile counts as a solid collision
            for o in solid:
                if o not in others:
                    others.append(o)
    return terrain, others


def knockback(state: GemsState, things: str | list[str], d: Tile, tiles: int,
              source: str, ask: "Callable[..., str] | None" = None) -> list:
    """Push the unit(s) `things` up to `tiles` tiles along the 8-way step `d` (GEM-40); several
    units pushed by one attack move together (GEM-43).

    Terrain (walls, cliffs higher than 1xSize, the board's edge) always stops them. Objects in
    the way (other gems, solid objects, full tiles) follow the GEM-GM-13 house rule: "stop"
    (default) stops them; "push" sends what they hit along; "pass" lets them through, backing up
    to the last place they may stand. On a stop each pushed unit takes 3 Melee Damage per tile
    not travelled (GEM-42). Stepping down more than 2xSize is a forced fall (GEM-GM-06,
    GEM-GM-14) that ends the push.

    `ask(knocked, others, moved, tiles)`, when given, is the game master (GEM-GM-13): it names
    the outcome of each collision with objects instead of the house rule."""
    mode = house(state, "knockback_collision")
    knocked = [things] if isinstance(things, str) else list(things)
    train = list(knocked)
    starts = {t: _thing_box(state, t)[:2] for t in train}
    moved = 0
    hit: list[str] = []
    paths = {t: [starts[t]] for t in knocked}
    fell: list = []
    aloft: dict[str, int] = {}        # gem -> the height of the edge she went over

    def look(here: Tile, there: Tile) -> Ahead:
        """What the train meets one step further along `d` (the stepper walks its lead)."""
        nonlocal mode
        terrain, others = _blockers(state, train, d, aloft)
        if ask is not None:
            mode = ask(knocked, others, moved, tiles) if others and not terrain else mode
        if mode == "push":
            while others and not terrain:
                for o in others:
                    if o not in train:
                        train.append(o)
                        starts[o] = _thing_box(state, o)[:2]
                        hit.append(o)
                terrain, others = _blockers(state, train, d, aloft)
        if terrain:
            if terrain not in hit:
                hit.append(terrain)
            return Ahead(SOLID, (terrain,))
        if others and mode in ("stop", "pass"):
            hit.extend([o for o in others if o not in hit])
            return Ahead(OCCUPANT, tuple(others), through=mode == "pass")
        return Ahead()

    def enter(here: Tile, there: Tile) -> Ahead | None:
        """Move the whole train one step. A step down of more than 2xSize takes a gem over an
        edge: the push carries her on at that edge's height and she falls where it ends
        (GEM-40 with GEM-GM-14/06: only a solid object stops a push early)."""
        nonlocal moved
        elevs = {tid: common.unit_elevation(state, state.units[tid])
                 for tid in train if tid in state.units}
        for tid in train:
            x, y, _s = _thing_box(state, tid)
            _move(state, tid, x + d[0], y + d[1])
        moved += 1
        for t in knocked:
            paths[t].append(_thing_box(state, t)[:2])
        for tid in train:
            if tid in state.units and state.units[tid].altitude is None and tid not in aloft:
                u = state.units[tid]
                if elevs[tid] - common.unit_elevation(state, u) > 2 * u.size:
                    aloft[tid] = elevs[tid]
        return None

    went = shove(starts[knocked[0]], straight(starts[knocked[0]], d, tiles), look, enter)
    outcome = {SOLID: "stop", OCCUPANT: "stop"}.get(went.stop, "")
    if not outcome and went.passed:
        outcome = "pass"
    if outcome == "pass":       # only set by a pass-through
        # passing through must not leave anyone where she cannot stand: back up together
        def stuck() -> bool:
            return any(common.occupy_problem(state, state.units[t], state.units[t].x,
                                             state.units[t].y) is not None for t in knocked)
        while moved > 0 and stuck():
            moved -= 1
            for t in knocked:
                paths[t].pop()
                _move(state, t, *paths[t][-1])
    for tid, top in aloft.items():          # she lands where the push ended
        fell.extend(common.forced_fall(state, tid, top - common.unit_elevation(
            state, state.units[tid]), source))
    out: list = []
    for tid in train:
        end = _thing_box(state, tid)[:2]
        mine = tid in knocked
        out.append(ev.KnockedBack(tid, starts[tid], end, moved, tiles if mine else moved,
                                  tuple(hit) if mine else (), outcome))
        if tid in state.units and end != starts[tid]:
            out.append(ev.UnitMoved(tid, (end,), "knockback", 0))
    out += fell
    short = tiles - moved
    if outcome == "stop" and short > 0:
        for t in knocked:
            if t in state.units and state.units[t].formed:
                # GEM-42: 3 Melee Damage for each tile she was not knocked back
                out += common.apply_damage(state, t, KNOCKBACK_DAMAGE * short, "melee", source)
    return out


def _move(state: GemsState, tid: str, x: int, y: int) -> None:
    if tid in state.units:
        common.place_unit(state, tid, x, y)
    else:
        state.items[tid].x, state.items[tid].y = x, y


def push_area(state: GemsState, source: Unit, centre: Tile, n: int, tiles: int) -> list:
    """Knockback from an area effect centred on the block at `centre` (abilities use this):
    every gem in the area except the source (and her truce partners, GEM-GM-26) is pushed away
    from the centre, farthest first so nearer gems do not collide with them needlessly."""
    victims = [uid for uid in area_targets(state, source, centre, n, [])]
    c = centre2(centre[0], centre[1], source.size)
    victims.sort(key=lambda uid: -max(abs(a) for a in _sub(
        centre2(state.units[uid].x, state.units[uid].y, state.units[uid].size), c)))
    out: list = []
    for uid in victims:
        u = state.units[uid]
        d = snap8(*_sub(centre2(u.x, u.y, u.size), c)) or snap8(*_sub(
            centre2(u.x, u.y, u.size), centre2(source.x, source.y, source.size)))
        if d is not None and u.formed:
            out += knockback(state, uid, d, tiles, source.id)
    return out


__all__ = ["legal_actions", "apply", "validate", "describe_strike", "knockback", "push_area",
           "aoe_tiles", "aoe_ring_tiles", "aoe_block_offsets", "snap8", "block_options",
           "contact"]

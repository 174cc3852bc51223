"""RPGStuck rules: what is legal, why anything else is refused, and what an action does.

Owns: `reach` (movement with step costs, B-11/B-14), `legal_actions`, `validate` (the specific
reason and rule ID first, then exactly what legal_actions lists), `apply` (dispatch to
attack.py and turns.py), and the basic actions of B-12 that are not attacks (Aim, Assail,
Avert, Shift, Dash, Stand up, Shove, Hide, Discern/Scrutinize, coup de grace).

Must not: import pygame or the client, roll except on the Rng it is handed, or compute a rule
the arithmetic or terrain modules own (it calls them through arith.py).
"""
from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from game.engine.actions import Concede, EndTurn
from game.engine.events import MatchEnded
from game.engine.rng import Rng
from game.engine.rules import IllegalAction, Refusal, refuse_unlisted
from game.engine.tactics import pending
from game.engine.tactics.footprint import cells_distance

from . import (area, arith, attack, called, flight, grapple, heights, house, jumps, limbs, mount,
               opportunity, rolls, seize, stepacts, teleport, tools, turns)
from .actions import (AreaAttack, Aim, Assail, Attack, Avert, Block, Dash, Discern, Finish, Fly,
                      Hide, HoldAloft, LongJump, Move, Opportunity, Release, Resist, Shift, Shove,
                      StandUp, StretchJump, UseStep)
from .events import ActionTaken, ConditionChanged, Moved, Spotted
from .profiles import content_of, is_attack, profile
from .state import Cell, Condition, Creature, RpgState


# --- what a creature may still do this turn ---------------------------------------------------
def can_major(state: RpgState) -> bool:
    """B-11, with B-16 Daze: a Dazed creature takes a major or a minor action, not both."""
    t = state.turn
    if state.acting.has("daze") and not (t.major and t.minor):
        return False
    return t.major


def can_minor(state: RpgState) -> bool:
    """B-11: the minor action, or the major used as a minor."""
    t = state.turn
    if state.acting.has("daze") and not (t.major and t.minor):
        return False
    return t.minor or t.major


def may_move(c: Creature) -> bool:
    """Moving by its own will: not while Grappled (RS-71) or Prone (stand up first, B-16)."""
    return c.up and not c.has("grappled") and not c.has("prone")


def reach(state: RpgState, c: Creature, budget: int | None = None
          ) -> dict[Cell, tuple[int, list[Cell]]]:
    """Squares `c` can walk to with `budget` ft (its movement left), each with its cost in ft
    and path (B-14: 5 ft squares; the cost of each step from the terrain module)."""
    budget = state.turn.move_left if budget is None else budget
    if c.has("mounted"):                            # RS-110: it goes where its mount can
        if not mount.may_ride(state, c):            # RS-126/SM-04: no hand or it refused
            return {}
        out = mount.reach(state, c, budget)
    else:
        out = arith.reach(state, c, budget)
    if c.has("grappling"):                          # RS-78: the held come along
        out = {k: v for k, v in out.items() if grapple.fits(state, c, k)}
    return out


def shift_cells(state: RpgState, c: Creature) -> list[Cell]:
    """B-12 Shift: the squares one step away that `c` may stand on (a rider dismounts or rides
    instead: ours)."""
    if c.has("mounted"):
        return []
    return sorted(cell for cell, (_cost, path) in arith.reach(state, c, 5, free=True).items()
                  if len(path) == 1 and grapple.fits(state, c, cell))


def enemies_in_view(state: RpgState, c: Creature) -> list[Creature]:
    return [d for d in state.creatures.values()
            if d.side != c.side and d.status in ("up", "unconscious")]


def target_cells(state: RpgState, c: Creature) -> list[Cell]:
    """The squares `c`'s side may aim at: every enemy it perceives (its anchor square) and the
    last known square of each enemy it does not (RS-103: a guess may be wrong)."""
    out: list[Cell] = []
    for d in enemies_in_view(state, c):
        if not d.up:
            continue
        if arith.side_sees(state, c.side, d):
            out.append((d.x, d.y))
        else:
            seen = state.last_seen.get(str(c.side), {}).get(d.id)
            if seen is not None:
                out.append((seen[0], seen[1]))
    return sorted(set(out))


def ready_attacks(state: RpgState, c: Creature) -> list[str]:
    """The attack abilitechs the acting `c` could use now at a target in range: its action
    left (B-11), no cooldown running (RS-97), a limited use left (RS-141/142). Bots plan their
    walks with it."""
    majors, minors = can_major(state), can_minor(state)
    out = []
    for ability in c.actions:
        if not is_attack(state, ability):
            continue
        p = profile(state, c, ability)
        if not (majors if p.cost == "major" else minors):
            continue
        if c.ready_round.get(ability, 0) > state.round:        # RS-97 cooldown
            continue
        if p.uses and c.uses.get(ability, 0) >= p.uses:        # RS-141/142
            continue
        out.append(ability)
    return out


def attack_choices(state: RpgState, c: Creature) -> list[Attack]:
    out: list[Attack] = []
    cells = target_cells(state, c)
    for ability in ready_attacks(state, c):
        p = profile(state, c, ability)
        ok = [cell for cell in cells if attack.in_range(state, c, p, cell)]
        may_call = called.allowed(p)
        crit = arith.base_crit_range(state, c)
        pull = p.entry.on_hit.pull_together_ft > 0
        for n in range(2 if pull else 1, p.targets + 1):        # B-22 Cleave: up to 2 targets
            for group in combinations_with_replacement(ok, n):
                if pull and not pull_pair(state, group):
                    continue                    # B-21 Pratfall: two creatures, one to each
                if repeat_refusal(state, c, p, group) is not None:
                    continue                    # RS-84: one target twice only for a horde
                plain = Attack(c.id, ability, tuple(group))
                out.append(plain)
                d = called.one_target(state, plain.targets) if may_call else None
                if d is not None and d.up and arith.side_sees(state, c.side, d):
                    out += called.variants(state, c, plain, p, crit, d)     # RS-44..47
    return out


def repeat_refusal(state: RpgState, c: Creature, p: Any, cells: tuple) -> str | None:
    """Why `c` may not name a square twice in one multi-target attack, or None. RS-84 lets
    every attack of such an ability (Cleave, `same_target`) strike the same *horde*; against
    anything else the attacks go to different targets (our reading of the document: the
    permission sits under Horde Anatomy, and a Cleave is one attack against each target).
    The creature is the one `c`'s side believes is there (seen, or last seen: RS-103)."""
    seen = set()
    for cell in map(tuple, cells):
        if cell not in seen:
            seen.add(cell)
            continue
        d = believed_at(state, c, cell)
        if not (p.entry.same_target and d is not None
                and content_of(state).creatures[d.entry].traits.horde):
            return (f"{p.name} names {cell[0]},{cell[1]} twice: only a horde may take more "
                    f"than one of its attacks")
    return None


def believed_at(state: RpgState, c: Creature, cell: Cell) -> Creature | None:
    """The enemy `c`'s side aims at on `cell` (as `target_cells` lists it), or None."""
    for d in enemies_in_view(state, c):
        if not d.up:
            continue
        if arith.side_sees(state, c.side, d):
            where = (d.x, d.y)
        else:
            seen = state.last_seen.get(str(c.side), {}).get(d.id)
            where = (seen[0], seen[1]) if seen is not None else None
        if where == tuple(cell):
            return d
    return None


def pull_pair(state: RpgState, cells: tuple) -> bool:
    """B-21 Pratfall's targets: two squares holding two different creatures."""
    found = [state.at(*cell) for cell in cells]
    return len(found) == 2 and None not in found and found[0] is not found[1]


def called_refusal(state: RpgState, c: Creature, p: Any, action: Attack) -> Refusal | None:
    """Why a called shot (or a trade) cannot be made, or None (RS-44..49, RS-57/58)."""
    if not action.part:
        return Refusal("only a called shot can trade crit range for its defense bonus", "RS-47")
    if not called.allowed(p):
        return Refusal(f"{action.ability} cannot make a called shot (it hits without a roll, "
                       f"covers an area, works on a miss or rolls a skill check)", "RS-49")
    d = called.one_target(state, action.targets)
    if d is None or not d.up:
        return Refusal("a called shot names a part of one creature", "RS-44")
    aimed = called.find(state, c.side, d, p, action.part)
    if aimed is None:
        return Refusal(f"{c.id}'s side knows of no part {action.part!r} on {d.id} to aim at",
                       "RS-57")
    if action.trade and not (aimed.y and rolls.trade_allowed(
            called.crit_range(arith.base_crit_range(state, c), aimed), aimed.y)):
        return Refusal(f"the crit range left after the {aimed.name}'s penalty cannot pay for "
                       f"the trade", "RS-47")
    return None


def area_choices(state: RpgState, c: Creature) -> list[AreaAttack]:
    """Area abilitechs `c` may use now (B-21 Psi Pulse): listed whoever stands around, so the
    list never hints at an unseen creature in the burst."""
    majors, minors = can_major(state), can_minor(state)
    return [AreaAttack(c.id, ability) for ability in c.actions
            if area.is_area(state, ability) and area.usable(state, c, ability)
            and (majors if profile(state, c, ability).cost == "major" else minors)]


def secret_targets(state: RpgState, c: Creature) -> list[Creature]:
    """Enemies in view whose secrets `c`'s side has not all found (B-12 Discern, RS-57)."""
    return [d for d in enemies_in_view(state, c) if d.up and arith.side_sees(state, c.side, d)
            and arith.unknown_secrets(state, c.side, d)]


def adjacent_targets(state: RpgState, c: Creature, status: str = "up") -> list[Creature]:
    return [d for d in enemies_in_view(state, c) if d.status == status
            and attack.distance(state, c, d) == 1 and arith.side_sees(state, c.side, d)]


def legal_actions(state: RpgState) -> list:
    if state.over:
        return []
    stage = pending.top(state.pending)
    if stage is not None and stage.stage == grapple.RESIST_STAGE:
        return grapple.stage_choices(stage) + [Concede(stage.seat)]
    if stage is not None and stage.stage == flight.HOLD_STAGE:              # RS-75 (c)
        return list(flight.stage_choices(state, stage)) + [Concede(stage.seat)]
    if stage is not None and stage.stage == opportunity.STAGE:              # B-26 option
        return list(opportunity.stage_choices(state, stage)) + [Concede(stage.seat)]
    if stage is not None:
        return [Block(stage.actor, True), Block(stage.actor, False), Concede(stage.seat)]
    c = state.acting
    t = state.turn
    out: list = []
    if may_move(c) and t.move_left >= 5:
        out += [Move(c.id, x, y) for (x, y) in sorted(reach(state, c))]
    if may_move(c) and can_minor(state):
        out += [Shift(c.id, x, y) for (x, y) in shift_cells(state, c)]
    out += flight.choices(state, c)                      # B-25 rising, sinking, landing
    if c.has("prone") and not c.has("grappled") and t.move_left >= c.speed // 2:
        out.append(StandUp(c.id))
    out += attack_choices(state, c)
    out += area_choices(state, c)
    out += [UseStep(c.id, s.id) for s in stepacts.activated(state, c)]       # B-21
    if can_minor(state):
        out += [Aim(c.id), Assail(c.id), Avert(c.id)]
    for d in secret_targets(state, c):                          # B-12, RS-57
        if can_minor(state):
            out.append(Discern(c.id, d.x, d.y, False))
        if can_major(state):
            out.append(Discern(c.id, d.x, d.y, True))
    if can_major(state):
        out.append(Dash(c.id))
        for d in adjacent_targets(state, c):
            out += [Shove(c.id, d.x, d.y, False), Shove(c.id, d.x, d.y, True)]
        out += [a for a in grapple.choices(state, c, True) if not isinstance(a, Release)]
        out += seize.choices(state, c, True)                      # RS-68
        if not c.hidden and not arith.exposed(state, c):          # RS-104
            out.append(Hide(c.id))
        if house.read(state, "lethal"):                          # B-32, SM-02
            out += [Finish(c.id, d.x, d.y) for d in adjacent_targets(state, c, "unconscious")]
    out += tools.choices(state, c, can_minor(state))    # AMB-09: a tool on the ground
    out += teleport.choices(state, c, can_major(state), can_minor(state))     # RS-109
    out += jumps.choices(state, c)                       # RS-107 long jumps
    out += grapple.choices(state, c, False)             # RS-76 Release, free
    out += limbs.choices(state, c)                       # RS-74 swapping limbs, free
    out += mount.choices(state, c)                       # RS-111, RS-125
    return out + [EndTurn(), Concede(c.side)]


def deciding_seat(state: RpgState) -> int:
    stage = pending.top(state.pending)
    return stage.seat if stage is not None else state.acting.side


# --- validate -----------------------------------------------------------------------------------
def validate(state: RpgState, action: Any) -> Refusal | None:
    if state.over:
        return Refusal("the battle is over")
    stage = pending.top(state.pending)
    uid = getattr(action, "unit", None)
    if isinstance(action, Concede) and action.seat != deciding_seat(state):
        return Refusal(f"only seat {deciding_seat(state) + 1}, who is deciding, may concede")
    if uid is not None and uid not in state.creatures:
        return Refusal(f"there is no creature {uid!r}")
    if stage is not None and stage.stage == grapple.RESIST_STAGE:
        if not isinstance(action, (Resist, Concede)) or (uid is not None and uid != stage.actor):
            return Refusal(f"{stage.actor} must first name the skill it resists the grapple "
                           f"with", "RS-SM-20")
        return refuse_unlisted(legal_actions(state), action)
    if isinstance(action, Resist):
        return Refusal(f"{uid} has no grapple to resist now", "RS-SM-20")
    for name, answer, words, rule in ((flight.HOLD_STAGE, HoldAloft,
                                       "say whether it holds up what it carries", "RS-75"),
                                      (opportunity.STAGE, Opportunity,
                                       "answer the creature leaving its reach", "RS-B-26")):
        if stage is not None and stage.stage == name:
            if not isinstance(action, (answer, Concede)) or (uid is not None and
                                                              uid != stage.actor):
                return Refusal(f"{stage.actor} must first {words}", rule)
            return refuse_unlisted(legal_actions(state), action)
        if isinstance(action, answer):
            return Refusal(f"{uid} has nothing to answer now", rule)
    if stage is not None and not isinstance(action, (Block, Concede)):
        return Refusal(f"{stage.actor} must first answer the attack (Block or not)", "RS-B-12")
    if isinstance(action, Block):
        if stage is None or uid != stage.actor:
            return Refusal(f"{uid} has no attack to answer now", "RS-B-12")
    elif uid is not None and uid != state.acting.id:
        return Refusal(f"it is {state.acting.id}'s turn, not {uid}'s", "RS-B-17")
    c = state.creatures.get(uid) if uid is not None else None
    t = state.turn
    if isinstance(action, (Move, Shift)) and c is not None:
        if c.has("grappled"):
            return Refusal(f"{uid} is grappled and cannot move", "RS-71")
        if c.has("prone"):
            return Refusal(f"{uid} is prone: stand up first", "RS-B-16")
    if isinstance(action, Move) and c is not None:
        if c.has("mounted") and not mount.may_ride(state, c):
            why = ("its mount refused it this turn" if mount.free_hand(c)
                   else "a rider needs a free hand to steer")
            return Refusal(f"{uid} cannot ride on: {why} (SM-04 on)", "RS-126")
        if (action.x, action.y) not in reach(state, c):
            return Refusal(f"{action.x},{action.y} is beyond {uid}'s {t.move_left} ft of "
                           f"movement", "RS-B-11")
    if isinstance(action, Shift) and c is not None and \
            (action.x, action.y) not in shift_cells(state, c):
        return Refusal(f"{action.x},{action.y} is not a free square next to {uid}", "RS-B-12")
    if isinstance(action, StandUp) and c is not None:
        if not c.has("prone"):
            return Refusal(f"{uid} is not prone", "RS-B-16")
        if t.move_left < c.speed // 2:
            return Refusal(f"standing up costs {c.speed // 2} ft; {uid} has {t.move_left} ft "
                           f"left", "RS-B-12")
    if isinstance(action, (Shove, Finish, Discern)) and c is not None:
        d = state.at(action.x, action.y)
        if d is None or d.side == c.side:
            return Refusal(f"no enemy of {uid} is at {action.x},{action.y}", "RS-B-12")
        if not arith.side_sees(state, c.side, d):
            return Refusal(f"{uid}'s side cannot see anything at {action.x},{action.y}",
                           "RS-99")
        if isinstance(action, (Shove, Finish)) and attack.distance(state, c, d) != 1:
            if cells_distance(c.cells(), d.cells()) == 1:
                what = "a shove" if isinstance(action, Shove) else "a coup de grace"
                return Refusal(heights.out_of_reach(state, c, d, 5, what), "RS-B-25")
            return Refusal(f"{d.id} is not next to {uid}", "RS-B-12")
        if isinstance(action, Finish) and d.status != "unconscious":
            return Refusal(f"{d.id} is not unconscious", "RS-B-32")
        if isinstance(action, Shove) and not d.up:
            return Refusal(f"{d.id} is down", "RS-B-12")
    if isinstance(action, Discern) and c is not None:
        d = state.at(action.x, action.y)
        if not arith.unknown_secrets(state, c.side, d):
            return Refusal(f"{uid}'s side knows every secret of {d.id}", "RS-57")
        if not (can_major(state) if action.scrutinize else can_minor(state)):
            return Refusal(f"{uid} has no {'major' if action.scrutinize else 'minor'} action "
                           f"left", "RS-B-11")
    if isinstance(action, Hide) and c is not None:
        if c.hidden:
            return Refusal(f"{uid} is already hidden", "RS-104")
        if arith.exposed(state, c):
            return Refusal(f"an enemy can see {uid}: hiding needs darkness or full cover",
                           "RS-104")
    if isinstance(action, (Aim, Assail, Avert, Shift)) and not can_minor(state):
        return Refusal(f"{uid} has no minor action left", "RS-B-11")
    if isinstance(action, (Dash, Shove, Hide, Finish)) and not can_major(state):
        return Refusal(f"{uid} has no major action left", "RS-B-11")
    if isinstance(action, Finish) and not house.read(state, "lethal"):
        return Refusal("creatures at 0 HP are captured, not killed (lethal strife is off)",
                       "RS-SM-02")
    if isinstance(action, UseStep) and c is not None:
        if action.step not in {s.id for s in stepacts.activated(state, c)}:
            return Refusal(f"{uid} has no Step {action.step!r} to call on now", "RS-148")
    if isinstance(action, AreaAttack) and c is not None:
        if action.ability not in c.actions or not area.is_area(state, action.ability):
            return Refusal(f"{uid} has no area attack {action.ability!r}", "RS-B-21")
        if not area.usable(state, c, action.ability):
            return Refusal(f"{action.ability} has no use left or is cooling down", "RS-141")
    if isinstance(action, Attack) and c is not None:
        if action.ability not in c.actions or not is_attack(state, action.ability):
            return Refusal(f"{uid} has no attack {action.ability!r}", "RS-B-12")
        p = profile(state, c, action.ability)
        if c.ready_round.get(action.ability, 0) > state.round:
            return Refusal(f"{action.ability} is cooling down until round "
                           f"{c.ready_round[action.ability]}", "RS-97")
        if p.uses and c.uses.get(action.ability, 0) >= p.uses:
            return Refusal(f"{action.ability} has no use left", "RS-141")
        if not (can_major(state) if p.cost == "major" else can_minor(state)):
            return Refusal(f"{uid} has no {p.cost} action left", "RS-B-11")
        if action.part or action.trade:
            why = called_refusal(state, c, p, action)
            if why is not None:
                return why
        if not 1 <= len(action.targets) <= p.targets:
            return Refusal(f"{action.ability} takes 1 to {p.targets} targets", "RS-B-22")
        if p.entry.on_hit.pull_together_ft and not pull_pair(state, action.targets):
            return Refusal(f"{action.ability} pulls two different creatures together",
                           "RS-B-21")
        why = repeat_refusal(state, c, p, action.targets)
        if why is not None:
            return Refusal(why, "RS-84")
        for cell in action.targets:
            if tuple(cell) not in target_cells(state, c):
                return Refusal(f"{uid}'s side knows of no enemy at {cell[0]},{cell[1]}",
                               "RS-B-29")
            flat = attack.distance_to_cell(c, tuple(cell))
            if 1 <= flat <= p.reach and heights.to_cell(state, c, tuple(cell)) > p.reach:
                d = heights.as_seen(state, c, tuple(cell))
                why = (heights.out_of_reach(state, c, d, p.reach * heights.FT, p.name)
                       if d is not None else f"{cell[0]},{cell[1]} is beyond the reach of "
                       f"{p.name} from {c.altitude} ft up")
                return Refusal(why, "RS-B-25")
            if not attack.in_range(state, c, p, tuple(cell)):
                return Refusal(f"{cell[0]},{cell[1]} is out of range or out of sight",
                               "RS-B-29")
    if isinstance(action, Fly) and c is not None:
        why = flight.refusal(state, c, action)
        if why is not None:
            return Refusal(why[0], why[1])
    if isinstance(action, mount.ACTIONS) and c is not None:
        why = mount.refusal(state, c, action)
        if why is not None:
            return Refusal(why[0], why[1])
    if isinstance(action, grapple.ACTIONS) and c is not None:
        why = grapple.refusal(state, c, action, can_major(state))
        if why is not None:
            return Refusal(why[0], why[1])
    if isinstance(action, jumps.ACTIONS) and c is not None:
        why = jumps.refusal(state, c, action)
        if why is not None:
            return Refusal(why[0], why[1])
    if isinstance(action, limbs.ACTIONS) and c is not None:
        why = limbs.refusal(state, c, action)
        if why is not None:
            return Refusal(why[0], why[1])
    if isinstance(action, teleport.ACTIONS) and c is not None:
        why = teleport.refusal(state, c, action, can_major(state), can_minor(state))
        if why is not None:
            return Refusal(why[0], why[1])
    if isinstance(action, tools.ACTIONS) and c is not None:
        why = tools.refusal(state, c, action, can_minor(state))
        if why is not None:
            return Refusal(why[0], why[1])
    if isinstance(action, seize.ACTIONS) and c is not None:
        why = seize.refusal(state, c, action, can_major(state))
        if why is not None:
            return Refusal(why[0], why[1])
    return refuse_unlisted(legal_actions(state), action)


# --- a walk into an unseen enemy ---------------------------------------------------------------
def _bumped_into(state: RpgState, c: Creature, d: Creature | None) -> list:
    """A walk stopped by an enemy its side did not perceive (the legal list shows such a square
    as free, so it never hints where a hidden creature stands): the enemy is found, no longer
    hidden, and the walker's side learns its square."""
    if d is None:
        return []
    d.hidden = False
    state.last_seen.setdefault(str(c.side), {})[d.id] = [d.x, d.y]
    return [Spotted(d.id)]


# --- walking, flying and jumping (B-11, B-25, RS-107; paused for opportunity attacks, B-26) ------
def walk(state: RpgState, c: Creature, goal: Cell, rng: Rng, passed: tuple[str, ...] = ()
         ) -> list:
    """Walk (or fly level, B-25) `c` to `goal` along its cheapest path, paying movement. A step
    into an unseen enemy stops it (our reading: that step is paid); with opportunity attacks on,
    it stops before the first step out of an enemy's reach and the enemies left ask first
    (opportunity.py; the `walk_on` stage carries the walk on, `carry_on`)."""
    t = state.turn
    cost, path = reach(state, c)[goal]
    obeys, steering = mount.steer(state, c, rng)                      # RS-126, SM-04
    if not obeys:                 # the mount stays put; the turn goes on without the ride
        return steering
    events: list = list(steering)
    walker = mount.mount_of(state, c) if c.has("mounted") else c     # RS-110: the mount
    assert walker is not None
    dx, dy = walker.x - c.x, walker.y - c.y
    steps = [(x + dx, y + dy) for x, y in path]
    taken, bumped = arith.unseen_in_way(state, walker, steps)
    movers = [c] if walker is c else [c, walker]
    high = flight.heights_of(state, movers)             # B-25: a level flight keeps its height

    def spot(m: Creature, x: int, y: int) -> tuple[int, int, int]:
        alt = high[m.id] - arith.floor_under(state, m, (x, y)) if m.id in high else m.altitude
        return x, y, alt
    stop, owed = opportunity.pause_point(
        state, movers, [{c.id: spot(c, x, y), walker.id: spot(walker, x + dx, y + dy)}
                        for x, y in path[:taken]], set(passed))
    if owed:
        taken, bumped = stop, None
        cost = arith.path_cost(state, walker, steps[:taken]) if taken else 0
    elif bumped is not None:        # our reading: the step into it is paid, then it stops
        cost = arith.path_cost(state, walker, steps[:taken + 1])
    t.move_left -= cost
    t.walked += cost                                    # a jump's run-up (RS-107)
    start = (c.x, c.y)
    if taken:
        c.x, c.y = path[taken - 1]
    events.append(Moved(c.id, tuple(path[:taken]), "fly" if c.aloft else "walk", False, cost))
    events += mount.carry(state, c, start)
    events += flight.keep_heights(state, high)
    events += grapple.drag(state, c, start, tuple(path[:taken]))
    events += _bumped_into(state, c, bumped)
    events += arith.stealth_after_move(state, c, rng)
    if owed:
        opportunity.provoke(state, owed, {"goal": list(goal), "passed": list(passed)}, c)
    return events


def fly(state: RpgState, c: Creature, altitude: int, passed: tuple[str, ...] = ()) -> list:
    """Rise or sink to `altitude` (flight.py), 5 ft at a time with opportunity attacks on: it
    stops below (or above) the first 5 ft that leave an enemy's reach (B-26)."""
    step = heights.FT if altitude > c.altitude else -heights.FT
    spots = [{c.id: (c.x, c.y, a)} for a in range(c.altitude + step, altitude + step, step)]
    stop, owed = opportunity.pause_point(state, [c], spots, set(passed))
    events: list = []
    if not owed:
        return flight.apply(state, c, Fly(c.id, altitude))
    if stop:
        events += flight.apply(state, c, Fly(c.id, c.altitude + step * stop))
    opportunity.provoke(state, owed, {"altitude": altitude, "passed": list(passed)}, c)
    return events


def leap(state: RpgState, c: Creature, action: LongJump | StretchJump, rng: Rng,
         passed: tuple[str, ...] = ()) -> list:
    """A long jump (jumps.py, RS-107). A jump is movement (the document pays it foot for foot),
    so with opportunity attacks on (B-26) a leap that takes `c` out of an enemy's reach asks
    that enemy first, while `c` still stands where it takes off; the leap goes on afterwards
    if `c` still may (`carry_on`). Ours: the leap is judged from take-off to the square it aims
    at (a straight line leaves a reach once at most)."""
    landing = {c.id: (action.x, action.y, 0)}                  # a jump starts on the ground
    _, owed = opportunity.pause_point(state, [c], [landing], set(passed))
    if owed:
        opportunity.provoke(state, owed, {"jump": [action.x, action.y],
                                          "stretch": isinstance(action, StretchJump),
                                          "passed": list(passed)}, c)
        return []
    return jumps.apply(state, c, action, rng) + arith.stealth_after_move(state, c, rng)


def answer_opportunity(state: RpgState, action: Opportunity, rng: Rng) -> list:
    """B-26 option: the enemy's answer. It is passed for the rest of this move either way."""
    pending.pop(state.pending, opportunity.STAGE)
    opportunity.passed_on(state, action.unit)
    if not action.ability:
        return []
    o, d = state.creatures[action.unit], state.creatures[action.target]
    o.reaction = False                                   # B-11: its one reaction
    return [ActionTaken(o.id, "opportunity", "reaction")] + \
        attack.opportunity(state, o, action.ability, opportunity.aim_at(state, d), rng)


def carry_on(state: RpgState, rng: Rng) -> list:
    """Once every opportunity stage of a paused move is answered, the move goes on to its goal
    if the mover still may (up, free to move, its turn, the goal still in its reach); otherwise
    it stays where it stopped with its movement left."""
    events: list = []
    while True:
        stage = pending.top(state.pending)
        if stage is None or stage.stage != opportunity.WALK_STAGE:
            return events
        pending.pop(state.pending, opportunity.WALK_STAGE)
        c = state.creatures[stage.actor]
        if state.over or state.turn.actor != c.id or not may_move(c):
            continue
        passed = tuple(str(x) for x in stage.data.get("passed", []))
        if "jump" in stage.data:
            x, y = (int(v) for v in stage.data["jump"])
            jump = StretchJump(c.id, x, y) if stage.data["stretch"] else LongJump(c.id, x, y)
            if jumps.refusal(state, c, jump) is None:
                events += leap(state, c, jump, rng, passed)
        elif "goal" in stage.data:
            goal = (int(stage.data["goal"][0]), int(stage.data["goal"][1]))
            if goal in reach(state, c):
                events += walk(state, c, goal, rng, passed)
        else:
            to = int(stage.data["altitude"])
            if flight.refusal(state, c, Fly(c.id, to)) is None:
                events += fly(state, c, to, passed)


# --- apply --------------------------------------------------------------------------------------
def apply(state: RpgState, action: Any, rng: Rng, checked: bool = False) -> list:
    """Carry out `action`. Unless `checked` (the caller has found it in this very position's
    legal list, as Match.submit does before the system's apply), it is refused loudly when
    `validate` refuses it: that check lists the position, which Match has just done."""
    if not checked:
        refusal = validate(state, action)
        if refusal is not None:
            raise IllegalAction(refusal)
    c = state.acting
    t = state.turn
    events: list = []
    if isinstance(action, Block):
        events += attack.answer_block(state, action.unit, action.block, rng)
    elif isinstance(action, Concede):
        pending.clear(state.pending)
        state.over, state.winner = True, 1 - action.seat
        return [MatchEnded(state.winner, f"{state.side_name(action.seat)} conceded")]
    elif isinstance(action, EndTurn):
        events += turns.end_turn(state, rng)
    elif isinstance(action, Move):
        events += walk(state, c, (action.x, action.y), rng)
    elif isinstance(action, Fly):
        events += fly(state, c, action.altitude)
    elif isinstance(action, HoldAloft):
        events += flight.answer(state, action, rng)
    elif isinstance(action, Opportunity):
        events += answer_opportunity(state, action, rng)
    elif isinstance(action, Shift):
        attack.spend_minor(state)
        start = (c.x, c.y)
        high = flight.heights_of(state, [c])
        taken, bumped = arith.unseen_in_way(state, c, [(action.x, action.y)])
        if taken:
            c.x, c.y = action.x, action.y
            t.shifted = True
        went = ((action.x, action.y),)[:taken]
        events.append(Moved(c.id, went, "shift", False, 0))
        events += flight.keep_heights(state, high)
        if went:
            events += grapple.drag(state, c, start, went)
        events += _bumped_into(state, c, bumped)
        events += arith.stealth_after_move(state, c, rng)
    elif isinstance(action, StandUp):
        t.move_left -= c.speed // 2                      # B-12: half speed
        c.conditions = [k for k in c.conditions if k.id != "prone"]
        events += [ActionTaken(c.id, "stand_up", "move"), ConditionChanged(c.id, "prone", False)]
    elif isinstance(action, Attack):
        events += attack.declare(state, c, action.ability, tuple(tuple(x) for x in action.targets),
                                 action.part, action.trade, rng)
    elif isinstance(action, AreaAttack):
        events += area.declare(state, c, action.ability, rng)
    elif isinstance(action, UseStep):
        events += stepacts.use(state, c, content_of(state).steps[action.step])
    elif isinstance(action, Aim):
        attack.spend_minor(state)
        t.aim += 1
        events.append(ActionTaken(c.id, "aim", "minor"))
    elif isinstance(action, Assail):
        attack.spend_minor(state)
        t.assail = True
        events.append(ActionTaken(c.id, "assail", "minor"))
    elif isinstance(action, Avert):
        attack.spend_minor(state)
        c.conditions.append(Condition("averting", source=c.id, until="own_turn"))
        events += [ActionTaken(c.id, "avert", "minor"), ConditionChanged(c.id, "averting", True)]
    elif isinstance(action, Dash):
        t.major = False
        t.move_left += turns.speed_of(c)                 # B-12
        events.append(ActionTaken(c.id, "dash", "major"))
    elif isinstance(action, Shove):
        t.major = False
        events += arith.shove(state, c, state.at(action.x, action.y), action.prone, rng)
    elif isinstance(action, Hide):
        t.major = False
        events += arith.hide(state, c, rng)
    elif isinstance(action, Discern):
        if action.scrutinize:
            t.major = False
        else:
            attack.spend_minor(state)
        events += arith.discern(state, c, state.at(action.x, action.y), action.scrutinize, rng)
    elif isinstance(action, Resist):
        events += grapple.answer(state, action, rng)
    elif isinstance(action, mount.ACTIONS):
        events += mount.apply(state, c, action)
    elif isinstance(action, grapple.ACTIONS):
        events += grapple.apply(state, c, action, rng)
    elif isinstance(action, seize.ACTIONS):
        events += seize.apply(state, c, action, rng)
    elif isinstance(action, jumps.ACTIONS):
        events += leap(state, c, action, rng)
    elif isinstance(action, limbs.ACTIONS):
        events += limbs.swap(state, c, action)
    elif isinstance(action, teleport.ACTIONS):
        events += teleport.apply(state, c, action)
    elif isinstance(action, tools.ACTIONS):
        attack.spend_minor(state)
        events += tools.pick_up(state, c, action)
    elif isinstance(action, Finish):
        t.major = False
        events += turns.kill(state, state.at(action.x, action.y), "coup de grace")   # B-32
        events += turns.check_end(state)
    events += mount.settle(state)                   # RS-128/129: falling off
    events += flight.settle(state, events, rng)     # B-25, RS-75: falling out of the air
    events += carry_on(state, rng)                  # B-26: a move paused for attacks goes on
    return events + arith.update_sight(state)

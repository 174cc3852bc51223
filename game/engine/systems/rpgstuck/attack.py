"""RPGStuck attacks: the B-29 pipeline run by the engine, in the order the log shows it.

Owns: declaring an attack (B-29 step 1), its legality on the map (step 2: sight, full cover,
range), the Block reaction as a pending decision for the defending seat (step 3, B-12, RS-30),
and walking each attack roll through the arithmetic modules (steps 4-11): the d20 with net
advantage, the total, hit and crit, damage, riders, limited-use bookkeeping. An attack's
remaining rolls wait in the pending stage's data while a defender decides, so a Block prompt
can come before any roll of a Multiattack or a Cleave.

Must not: compute a rule the arithmetic modules own (dice, totals, ladders, percentages, temp
HP and Aegis are theirs: `rolls`, `listing`, `damage`), read content files (it gets a `Profile`
from profiles.py), or decide what is legal beyond what legal_actions lists (rules.py).
"""
from __future__ import annotations

from typing import Any, Collection

from game.engine.events import DiceRolled
from game.engine.rng import Rng
from game.engine.tactics import pending
from game.engine.tactics.footprint import cells_distance
from game.engine.tactics.pending import Pending

from . import arith, called, heights, limits, tools, turns
from .rolls import ABDie
from .events import (AttackDeclared, AttackRolled, BlockDeclared, ConditionChanged, Damaged,
                     Spotted)
from .profiles import Profile, block_reaction, profile
from .state import Cell, Condition, Creature, RpgState

BLOCK_STAGE = "block"
AIM_DIE = 4            # B-12: Aim puts a d4 Aim die on the next attack roll (Steps may step it)
AVERT_DIE = 4          # B-12: Avert puts a d4 Block die on the first attack roll against it
DEFENSE_KINDS = {"ac": "AC", "reflex": "Reflex", "will": "Will"}


# --- geometry ---------------------------------------------------------------------------------
def distance(state: RpgState, a: Creature, b: Creature) -> int:
    """Squares between two footprints (Chebyshev, B-14), up and down too once either is in the
    air (B-25, heights.py)."""
    return heights.distance(state, a, b)


def distance_to_cell(a: Creature, cell: Cell) -> int:
    """Squares across the map from `a` to `cell` (B-14), heights aside: where to walk."""
    return cells_distance(a.cells(), [cell])


def in_range(state: RpgState, c: Creature, p: Profile, cell: Cell) -> bool:
    """B-29 step 2: range (melee reach or ranged range, in 5 ft squares, measured with altitude,
    B-25) and line of sight."""
    d = heights.to_cell(state, c, cell)
    if d < 1 or d > p.reach:
        return False
    return arith.sees_cell(state, c, cell)


def target_at(state: RpgState, cell: Cell) -> Creature | None:
    return state.at(*cell)


def reached(state: RpgState, c: Creature, p: Profile, cell: Cell) -> Creature | None:
    """The creature on `cell` the attack can reach: a flier above its reach (one the attacker's
    side did not see, or the legal list would not have offered it) is not met, and the attack
    misses like any miss on an empty square (B-25, RS-103)."""
    d = target_at(state, cell)
    if d is not None and heights.to_cell(state, c, cell, d, measured=True) > p.reach:
        return None
    return d


def can_block(state: RpgState, d: Creature) -> bool:
    """B-12: the Block reaction needs Shieldkind's Block, an unspent reaction (B-11), and a
    creature that may react (up, not Dazed, B-16)."""
    return (d.up and d.reaction and not d.has("daze") and block_reaction(state, d) is not None)


# --- declaring --------------------------------------------------------------------------------
def declare(state: RpgState, c: Creature, ability: str, targets: tuple[Cell, ...], part: str,
            trade: bool, rng: Rng) -> list:
    """B-29 step 1: pay the action, note the cooldown, and queue one roll per target square and
    per attack of a Multiattack (RS-96); then resolve (stopping at a Block prompt)."""
    p = profile(state, c, ability)
    events: list = [AttackDeclared(c.id, ability, tuple(targets), part)]
    if p.cost == "major":
        state.turn.major = False
    else:
        spend_minor(state)
    if p.cooldown:
        c.ready_round[ability] = state.round + p.cooldown + 1          # RS-97
    if c.hidden:                            # attacking gives the hiding place away
        c.hidden = False
        events.append(Spotted(c.id))
    rolls = [list(cell) for cell in targets for _ in range(p.attacks)]
    plan = {"attacker": c.id, "ability": ability, "rolls": rolls, "next": 0, "part": part,
            "trade": trade, "aim": state.turn.aim, "assail": state.turn.assail,
            "asked": [], "blocks": {}, "hit_any": False}
    state.turn.aim, state.turn.assail = 0, False     # B-12: they serve this attack alone
    return events + resume(state, plan, rng)


def opportunity(state: RpgState, c: Creature, ability: str, cell: Cell, rng: Rng) -> list:
    """B-26 (table option): one attack roll of `ability` at `cell` as a reaction, no action
    paid and none of the turn's Aim or Assail (they are the acting creature's)."""
    events: list = [AttackDeclared(c.id, ability, (cell,), "")]
    if c.hidden:                            # attacking gives the hiding place away
        c.hidden = False
        events.append(Spotted(c.id))
    plan = {"attacker": c.id, "ability": ability, "rolls": [list(cell)], "next": 0, "part": "",
            "trade": False, "aim": 0, "assail": False, "asked": [], "blocks": {},
            "hit_any": False}
    return events + resume(state, plan, rng)


def spend_minor(state: RpgState) -> None:
    """B-11: a minor action, or the major standing in for it."""
    if state.turn.minor:
        state.turn.minor = False
    else:
        state.turn.major = False


def resume(state: RpgState, plan: dict[str, Any], rng: Rng) -> list:
    """Walk the remaining rolls of `plan`. Before the first roll against a defender that may
    Block, push the Block stage for its seat and stop (B-29 step 3)."""
    events: list = []
    rolls = plan["rolls"]
    while plan["next"] < len(rolls) and not state.over:
        cell = (rolls[plan["next"]][0], rolls[plan["next"]][1])
        attacker = state.creatures[plan["attacker"]]
        d = reached(state, attacker, profile(state, attacker, plan["ability"]), cell)
        if d is not None and d.id not in plan["asked"] and can_block(state, d) \
                and d.side != state.creatures[plan["attacker"]].side:
            plan["asked"].append(d.id)
            pending.push(state.pending, Pending(BLOCK_STAGE, d.side, d.id, plan))
            return events
        events += roll_one(state, plan, cell, d, rng)
        plan["next"] += 1
    return events + finish(state, plan, rng)


def answer_block(state: RpgState, unit: str, block: bool, rng: Rng) -> list:
    """The defender's answer: a Block die on the coming attack roll(s) (Bonus Block covers 2,
    B-21), paid with its reaction, or nothing; then the attack goes on."""
    stage = pending.pop(state.pending, BLOCK_STAGE)
    plan = stage.data
    events: list = []
    if block:
        d = state.creatures[unit]
        d.reaction = False
        covers = arith.block_covers(state, d)
        die = arith.block_die(state, d, block_reaction(state, d).block_die)
        plan["blocks"][unit] = [die.base, die.steps, covers]
        events.append(BlockDeclared(unit, plan["attacker"], die.label(), covers))
    return events + resume(state, plan, rng)


# --- one roll ---------------------------------------------------------------------------------
def roll_one(state: RpgState, plan: dict[str, Any], cell: Cell, d: Creature | None,
             rng: Rng) -> list:
    """B-29 steps 4-10 for one attack roll at `cell` (`d` the creature there, if any)."""
    c = state.creatures[plan["attacker"]]
    p = profile(state, c, plan["ability"])
    events: list = []
    net = advantage(state, c, d, p, cell)
    aim = [arith.aim_die(state, c)] * plan["aim"]
    plan["aim"] = 0                                  # B-12: the next attack roll only
    block: list[ABDie] = []
    if d is not None:
        held = plan["blocks"].get(d.id)
        if held and held[2] > 0:
            block.append(ABDie(held[0], held[1]))
            held[2] -= 1
        averting = next((k for k in d.conditions if k.id == "averting"), None)
        if averting is not None:                    # B-12 Avert: the first roll against it
            block.append(arith.block_die(state, d, AVERT_DIE))
            d.conditions.remove(averting)
            events.append(ConditionChanged(d.id, "averting", False))
    against = DEFENSE_KINDS[p.vs]
    defense = getattr(d, p.vs) if d is not None else 10
    aimed = called.find(state, c.side, d, p, plan["part"]) \
        if plan["part"] and d is not None else None
    result = arith.attack_roll(rng, state, c, p, net=net, aim=aim, block=block,
                               defense=defense, defense_kind=against,
                               cover=arith.cover(state, c, cell, p.vs), aimed=aimed,
                               trade=bool(plan["trade"]) and aimed is not None)
    for r in result.rolls:
        events.append(DiceRolled(r, c.id, f"{c.name} {r.purpose}: {r.breakdown()}"))
    hit = result.hit and d is not None      # RS-103: nobody there, a plain miss
    crit = result.crit and hit
    events.append(AttackRolled(c.id, d.id if d is not None and hit else None, cell,
                               result.natural, result.total, result.defense, against,
                               tuple(result.terms), hit, crit))
    if not hit or d is None:
        return events
    plan["hit_any"] = True
    plan.setdefault("hit_ids", []).append(d.id)
    if not p.damage:                                 # B-21 Pratfall: its pull is the effect
        return events
    assail = bool(plan["assail"])
    plan["assail"] = False                           # B-12: the next damage roll only
    mode = arith.house.read(state, "horde_damage")
    shared = None
    for n in range(max(1, result.hits)):             # RS-81: a horde's extra hits, AMB-08
        if not d.up and n:
            break
        crit_n = crit and not (mode == "first_crit" and n)
        if shared is None or mode != "one_roll":
            shared = arith.damage_roll(rng, state, c, p, crit=crit_n, assail=assail, target=d,
                                       aimed=aimed)
            for r in shared.rolls:
                events.append(DiceRolled(r, c.id, f"{c.name} {r.purpose}: {r.breakdown()}"))
        events += apply_damage(state, d, shared, p.id, aimed, plan)
    events += arith.mark(state, c, d)                # B-21 Trace: the first hit marks
    if aimed is not None:
        events += called.on_hit(state, c, d, p, aimed, plan, crit=crit, total=result.total,
                                rng=rng)
    if d.up:
        events += riders(state, c, d, p, result.total, rng, aimed)
    return events


def apply_damage(state: RpgState, d: Creature, dmg: arith.DamageResult, source: str,
                 aimed: Any = None, plan: dict[str, Any] | None = None) -> list:
    """B-30 steps 3-8 through the arithmetic module, then 0 HP means Unconscious (RS-03). A
    called shot at a part with its own HP hits the part first (RS-48: the next intact copy)."""
    copy = called.next_copy(d, aimed, plan) if aimed is not None and aimed.hp else None
    part_hp = called.part_hp_left(d, aimed, copy) if copy is not None else None
    out = arith.take_damage(state, d, dmg.pre, dmg.bonus, dmg.halvings, part_hp)
    events: list = []
    if copy is not None and plan is not None:
        events += called.part_damaged(state, state.creatures[plan["attacker"]], d, aimed, copy,
                                      out.to_part, out.part_broken)
    events.append(Damaged(d.id, out.hp_lost, d.hp, source, out.temp_lost, d.temp_hp, dmg.pre,
                          out.percent))
    if plan is not None and aimed is not None and out.hp_lost + out.to_part > 0:
        plan["part_dealt"] = True
    if d.hp == 0 and d.up:
        events += turns.knock_out(state, d)
    return events


def riders(state: RpgState, c: Creature, d: Creature, p: Profile, total: int, rng: Rng,
           aimed: Any = None) -> list:
    """B-29 step 10: an attack's on-hit effects (monster riders, B-22 Shield Bash's push; a push
    at a named Tool knocks the tool away instead, or as well with the table option, AMB-09)."""
    events: list = []
    if p.prone and not d.has("prone"):
        d.conditions.append(Condition("prone", source=c.id))
        events.append(ConditionChanged(d.id, "prone", True))
    if p.daze:
        d.conditions.append(Condition("daze", source=c.id, until=f"turn:{c.id}"))
        events.append(ConditionChanged(d.id, "daze", True))
    if p.cripple:
        d.conditions.append(Condition("cripple", p.cripple, c.id, f"turn:{c.id}"))
        events.append(ConditionChanged(d.id, "cripple", True, p.cripple))
    knocked = bool(p.push_ft) and tools.knocks(aimed)
    if knocked:
        events += tools.knock(state, c, d, aimed, p.push_ft)
    if p.push_ft and (not knocked or tools.both_move(state)):   # RS-119: the same roll
        events += arith.push(state, c, d, p.push_ft, rng,
                             second_hit=lambda o: total >= getattr(o, p.vs))
    return events


def finish(state: RpgState, plan: dict[str, Any], rng: Rng) -> list:
    """B-29 step 11: limited uses (RS-143..145: spent unless every roll failed)."""
    c = state.creatures[plan["attacker"]]
    p = profile(state, c, plan["ability"])
    events: list = []
    if p.entry.on_hit.pull_together_ft and plan.get("hit_ids"):
        events += pull(state, c, p, plan, rng)
    if p.uses and limits.use_spent("limited", [plan["hit_any"]]):
        c.uses[p.id] = c.uses.get(p.id, 0) + 1
    return events + turns.check_end(state)


def pull(state: RpgState, c: Creature, p: Profile, plan: dict[str, Any], rng: Rng) -> list:
    """B-21 Pratfall, after its two rolls: the creatures hit are pulled toward each other (one
    hit: toward the other target) up to the ability's distance (arith.pull_together)."""
    hit = set(plan["hit_ids"])
    named = [state.at(*cell) for cell in dict.fromkeys(tuple(r) for r in plan["rolls"])]
    named = [d for d in named if d is not None]
    pulled = [d for d in named if d.id in hit]
    anchor = next((d for d in named if d.id not in hit), pulled[0])
    return arith.pull_together(state, c, pulled, anchor, p.entry.on_hit.pull_together_ft, rng,
                               second_hit=lambda o: o.id in hit)


# --- advantage ----------------------------------------------------------------------------------
def advantage(state: RpgState, c: Creature, d: Creature | None, p: Profile, cell: Cell,
              unless: Collection[str] = ()) -> int:
    """B-10 net advantage of one attack roll: + for each source of advantage, - for each of
    disadvantage (B-16 Prone and Unconscious, B-22 Shoot up close, RS-102 an unseen target).
    `unless` asks a what-if for the forecast: "close" without B-22's shot within 5 ft,
    "prone" as if neither lay prone."""
    net = 0
    close = heights.to_cell(state, c, cell) <= 1
    prone = "prone" not in unless
    if prone and c.has("prone"):
        net -= 1                                    # B-16: a Prone creature's own attacks
    if p.close_disadvantage and close and "close" not in unless:
        net -= 1                                    # B-22 Shoot within 5 ft
    if not arith.sees_creature(state, c, d, cell):
        net -= 1                                    # RS-102
    if d is not None:
        if d.status == "unconscious":
            net += 1                                # B-16
        elif prone and d.has("prone"):
            net += 1 if (p.melee and close) else -1  # B-16
    return net

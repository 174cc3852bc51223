"""The engine's one door to the arithmetic and terrain modules: every call the engine makes into
rolls.py, listing.py, damage.py, limits.py (the numbers) and terrain.py, sight.py, moves.py
(the map) goes through a function here, which reads the match's house table and passes the
options on as those modules' keyword arguments.

Owns: the adaptation only (creature records in, plain numbers out, dice records back as
events). Where a function below computes a rule itself it is a STAND-IN marked with its owner
module, kept until that module lands, and replaced by a call then.

Must not: hold a rule of its own beyond the stand-ins, or roll except on the Rng it is handed.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Collection

from game.engine.dice import Roll, roll
from game.engine.events import DiceRolled
from game.engine.rng import Rng

from . import damage, house, limits, listing, moves, odds, rolls, sight, terrain
from .events import CheckMade, ConditionChanged, Moved, SecretFound, Spotted
from .state import Cell, Condition, Creature, RpgState, mod


# --- PC and monster numbers (listing.py; max HP: STAND-IN for limits.py) -----------------------
def numbers_of(state: RpgState, c: Creature) -> listing.Numbers:
    """P, Q and Level of a creature for damage listings (B-03..05; B-05's T0 house option)."""
    if c.pc:
        return listing.pc_numbers(c.level)
    return listing.monster_numbers(c.tier, t0_as_one=house.read(state, "t0_min1"))


def proficiency(pc: bool, level: int, tier: int) -> int:
    """B-03 P for PCs (tier + 1); section F: monster proficiency is T + 1."""
    return listing.pc_numbers(level).p if pc else tier + 1


def pc_max_hp(entry: Any) -> int:
    """RS-05/06 for a content entry: limits.pc_max_hp holds the rule (B-19)."""
    return limits.pc_max_hp(max(1, entry.level), mod(entry.scores["CON"]), entry.hit_die or 8)


# --- movement and sight (moves.py, sight.py, terrain.py) ---------------------------------------
def field(state: RpgState) -> terrain.Field:
    return terrain.field_of(state.board)


def _others(state: RpgState, c: Creature, ignore: str = "", known_only: bool = False
            ) -> frozenset[Cell]:
    """The squares other creatures (but `ignore`, a mount's rider) stand on; with `known_only`,
    only those `c`'s side knows of (its own and the enemies it perceives), so a walk's reach
    never hints where an unseen enemy stands."""
    occupied = _occupied(state) if known_only else None
    return frozenset(cell for o in state.creatures.values() if o.id != c.id and o.id != ignore
                     and o.status in ("up", "unconscious")
                     and (not known_only or o.side == c.side
                          or side_sees(state, c.side, o, occupied))
                     for cell in o.cells())


def unseen_in_way(state: RpgState, c: Creature, path: list[Cell]) -> tuple[int, Creature | None]:
    """How many steps of `path` `c` can take before its footprint would enter a square where
    an enemy its side did not perceive stands, and that enemy (None: the whole path is clear).
    The reach already went round every creature the side knows of."""
    size = c.size
    for n, (x, y) in enumerate(path):
        for o in state.creatures.values():
            if o.id == c.id or o.status not in ("up", "unconscious") or o.side == c.side \
                    or side_sees(state, c.side, o):
                continue
            if any(x <= ox < x + size and y <= oy < y + size for ox, oy in o.cells()):
                return n, o
    return len(path), None


def floor_under(state: RpgState, c: Creature, anchor: Cell | None = None) -> int:
    """The floor `c` stands on (or flies over) with its top-left square at `anchor` (default:
    where it is): the highest floor under its footprint, a pit's depth taken off (terrain.py)."""
    f = field(state)
    x, y = anchor if anchor is not None else (c.x, c.y)
    return max(f.floor_at((x + i, y + j)) for j in range(c.size) for i in range(c.size))


def height(state: RpgState, c: Creature) -> int:
    """B-25: the height of `c`'s feet above the map's zero, its floor plus its altitude."""
    return floor_under(state, c) + c.altitude


def move_rules(state: RpgState, c: Creature) -> moves.MoveRules:
    """How `c` moves (B-14 diagonals house rule; climb and swim speeds from its stat block;
    jumping up to 3 + STR ft with a run-up, RS-107); in the air it flies at its height (RS-108,
    B-25)."""
    from .profiles import content_of
    speeds = content_of(state).creatures[c.entry].speed
    return moves.MoveRules(size=c.size,
                           alternating=house.read(state, "diagonals") == "alternating",
                           jump_up_ft=moves.jump(c.scores["STR"], moves.RUN_UP_FT).high_ft,
                           climber=speeds.climb > 0, swimmer=speeds.swim > 0,
                           flying=c.aloft, height=height(state, c) if c.aloft else None)


def reach(state: RpgState, c: Creature, budget: int, free: bool = False, ignore: str = "",
          avoid: Collection[Cell] = frozenset()) -> dict[Cell, tuple[int, list[Cell]]]:
    """Squares `c` can reach with `budget` ft, with cost and path (moves.reach: B-14, RS-106,
    RS-107 jumps, never through another creature but `ignore`, a mount's rider, among those
    its side knows of: a square where an unseen enemy stands is listed like an empty one, and a
    walk into it is stopped when made, `unseen_in_way`). `avoid`: squares a planner means to go
    round as well (a bot's walk map round the squares where its side last knew an enemy)."""
    if budget < 5:
        return {}
    blocked = _others(state, c, ignore, known_only=True)
    return moves.reach(field(state), (c.x, c.y), budget, move_rules(state, c),
                       blocked=blocked | frozenset(avoid) if avoid else blocked)


def path_cost(state: RpgState, c: Creature, path: list[Cell]) -> int:
    """The feet `c` pays to walk `path` from its square (moves.path_cost)."""
    cost = moves.path_cost(field(state), (c.x, c.y), path, move_rules(state, c))
    assert cost is not None, f"{c.id} cannot walk {path}"
    return cost


def _occupied(state: RpgState) -> frozenset[Cell]:
    """The squares creatures that are up stand on. A caller asking many sight questions of one
    position reads it once and hands it on (`occupied`): making it anew for each question was
    a sixth of a listing's time."""
    return frozenset(cell for o in state.standing() for cell in o.cells())


def observe(state: RpgState, a: Creature, cells: list[Cell],
            occupied: frozenset[Cell] | None = None) -> sight.Sight:
    """What creature `a` makes of the squares `cells` (sight.observe: B-23 lines, RS-99
    darkness, RS-114 full cover, B-16 Invisible; the B-23 creature-cover option). `occupied`
    is `_occupied(state)` when the caller holds it."""
    return sight.observe(field(state), a.cells(), cells,
                         occupied=_occupied(state) if occupied is None else occupied,
                         creatures_cover=house.read(state, "creature_cover") == "half",
                         invisible=False)


def sees_cell(state: RpgState, c: Creature, cell: Cell) -> bool:
    """B-29 step 2: an attack may be declared at a square with a line to it and no full cover
    (RS-114); it may be dark (RS-102: then at disadvantage)."""
    return observe(state, c, [cell]).targetable


def sees_creature(state: RpgState, c: Creature, d: Creature | None, cell: Cell,
                  occupied: frozenset[Cell] | None = None) -> bool:
    """Whether `c` perceives `d` (RS-99, RS-104): never a creature that is not there, nor an
    enemy hiding from it."""
    if d is None or (d.hidden and d.side != c.side):
        return False
    if d.has("invisible"):
        return False
    return observe(state, c, d.cells(), occupied).seen


def side_sees(state: RpgState, side: int, d: Creature,
              occupied: frozenset[Cell] | None = None) -> bool:
    """Whether any creature of `side` that is up perceives `d` (its own side always does)."""
    if d.side == side:
        return True
    lookers = state.standing(side)
    if not lookers:
        return False
    if occupied is None:
        occupied = _occupied(state)
    return any(sees_creature(state, o, d, (d.x, d.y), occupied) for o in lookers)


def exposed(state: RpgState, c: Creature) -> bool:
    """Whether an enemy that is up could see `c` were it not hiding (RS-104: hiding needs that
    none can, sight.can_hide)."""
    return not sight.can_hide(observe(state, o, c.cells()) for o in state.standing()
                              if o.side != c.side)


def observers(state: RpgState, c: Creature) -> list[sight.Observer]:
    return [sight.Observer(o.id, tuple(o.cells()), sight.passive_perception(o.skills["perception"]))
            for o in state.standing() if o.side != c.side]


def stealth_after_move(state: RpgState, c: Creature, rng: Rng) -> list:
    """RS-105, SM-09: a hidden creature that ends a move where an enemy could sense it rolls
    Stealth against each one's passive Perception; those it fails against find it (they learn
    its square)."""
    if not c.hidden:
        return []
    obs = observers(state, c)
    due = sight.stealth_due(True, True, obs, c.cells(), mode=house.read(state, "stealth_checks"))
    if due == "none":
        return []
    watchers = sight.sensing(obs, c.cells())
    total, r = check(rng, state, c, "stealth", "stealth")
    found = sight.detected_by(total, watchers, was_hidden=True)
    events: list = [DiceRolled(r, c.id, f"{c.name} stealth: {r.breakdown()}"),
                    CheckMade(c.id, "stealth", total,
                              max((o.passive for o in watchers), default=0), not found,
                              "stay hidden")]
    if found:
        c.hidden = False
        events.append(Spotted(c.id))
        for o in found:
            state.last_seen.setdefault(str(state.creatures[o].side), {})[c.id] = [c.x, c.y]
    return events


def update_sight(state: RpgState) -> list:
    """After every action: a hiding creature an enemy now sees is found (RS-104), and each side
    notes the square of every enemy it perceives (issue #13: last known squares)."""
    events: list = []
    for c in state.creatures.values():
        if c.hidden and (exposed(state, c) or not c.up):
            c.hidden = False
            events.append(Spotted(c.id))
    occupied = _occupied(state)        # (finding a hider moves nobody)
    for side in {c.side for c in state.creatures.values()}:
        known = state.last_seen.setdefault(str(side), {})
        for d in state.creatures.values():
            if d.side != side and d.status in ("up", "unconscious") \
                    and side_sees(state, side, d, occupied):
                known[d.id] = [d.x, d.y]
    return events


def cover(state: RpgState, c: Creature, cell: Cell, vs: str = "ac") -> int:
    """RS-112/113 cover of whatever stands at `cell` against `c` (sight.cover_between by corner
    lines, B-23): 2 for half, 4 for three-quarters; rolls.attack_total applies it to AC and
    Reflex only (RS-114) as a malus or a defence (AMB-17)."""
    d = state.at(*cell)
    name = sight.cover_between(field(state), c.cells(), d.cells() if d else [cell],
                               occupied=_occupied(state),
                               creatures_cover=house.read(state, "creature_cover") == "half")
    return sight.COVER_MALUS[name]


# --- the attack roll (rolls.py) -----------------------------------------------------------------
@dataclass(slots=True)
class AttackResult:
    rolls: list[Roll]
    natural: int
    total: int
    defense: int
    terms: list[tuple[str, int]]
    hit: bool
    crit: bool
    hits: int


def _steps(state: RpgState, c: Creature) -> list[Any]:
    """The Steps that always apply to `c` (B-21); marked-target ones apply through `mark_bonus`,
    activated ones through the actions that use them."""
    from .profiles import content_of
    table = content_of(state).steps
    return [table[s] for s in c.steps if table[s].when == "always"]


def _marking_steps(state: RpgState, c: Creature) -> list[Any]:
    from .profiles import content_of
    table = content_of(state).steps
    return [table[s] for s in c.steps if table[s].when == "marked_target"]


def marked_by(state: RpgState, c: Creature) -> Creature | None:
    """B-21 Trace: the creature `c` has marked, while it is still up."""
    return next((o for o in state.creatures.values() if o.up and any(
        k.id == "marked" and k.source == c.id for k in o.conditions)), None)


def mark_bonus(state: RpgState, c: Creature, d: Creature) -> int:
    """B-21 Trace: the marked-target Steps' bonus percentage, only against the one `c` marked."""
    if not any(k.id == "marked" and k.source == c.id for k in d.conditions):
        return 0
    return sum(s.bonus_pct for s in _marking_steps(state, c))


def mark(state: RpgState, c: Creature, d: Creature) -> list:
    """B-21 Trace, our reading (the document names the Step without saying how it marks): a
    creature with a marked-target Step marks the first creature it hits while it has no mark
    standing; the mark lasts until that creature is down, and counts from the next damage roll."""
    if not d.up or not _marking_steps(state, c) or marked_by(state, c) is not None:
        return []
    d.conditions.append(Condition("marked", source=c.id))
    return [ConditionChanged(d.id, "marked", True)]


def aim_die(state: RpgState, c: Creature) -> rolls.ABDie:
    """B-12 Aim: a d4, moved by the Steps' Aim steps (RS-29)."""
    return rolls.ABDie(4, sum(s.aim_steps for s in _steps(state, c)))


def block_die(state: RpgState, d: Creature, base: int = 4) -> rolls.ABDie:
    """B-12 Block or Avert: a d4 (the reaction's own die), moved by the Steps' Block steps
    (Defensive Stance, Spirit of Mars, B-21)."""
    return rolls.ABDie(base, sum(s.block_steps for s in _steps(state, d)))


def horde_bonus(state: RpgState, c: Creature) -> int:
    """RS-82 Horde Strength, for creatures whose stat block has it."""
    from .profiles import content_of
    if not content_of(state).creatures[c.entry].traits.horde_strength:
        return 0
    return rolls.horde_strength(c.hp, c.max_hp)


def base_crit_range(state: RpgState, c: Creature) -> int:
    """RS-40: the crit range `c`'s Steps give its attacks."""
    return sum(s.crit_range for s in _steps(state, c))


def called_numbers(state: RpgState, c: Creature, defense: int, aimed: Any, trade: bool
                   ) -> tuple[int, int, list[tuple[str, int]]]:
    """A called shot's defense, crit range and extra hit terms (RS-45..47 through rolls.py,
    RS-60 Opening, RS-61 Shatterpoint); `aimed` a called.Aimed or None for a plain attack."""
    crit = base_crit_range(state, c)
    if aimed is None:
        return defense, crit, []
    crit += aimed.kind.crit_range
    shot = rolls.called_shot(defense, crit, aimed.y, trade=trade)
    terms = [(aimed.name, aimed.kind.hit_bonus)] if aimed.kind.hit_bonus else []
    return shot.defense, shot.crit_range, terms


def attack_roll(rng: Rng, state: RpgState, c: Creature, p: Any, *, net: int,
                aim: list[rolls.ABDie], block: list[rolls.ABDie], defense: int,
                defense_kind: str, cover: int, aimed: Any = None,
                trade: bool = False) -> AttackResult:
    """B-29 steps 4-7 through rolls.py: the d20 with net advantage (B-10), the Aim/Block dice
    (RS-27/28, AMB-02/03), the total (B-06 with cover, AMB-17/23), hit, crit, horde hits; a
    called shot's Y, trade and part bonuses (RS-45..47, RS-60/61)."""
    d20 = rolls.roll_d20(rng, net, "attack")
    out = [d20.roll]
    ab = rolls.roll_aim_block(rng, aim, block, pairing=house.read(state, "aimblock_pairing"))
    if ab.roll is not None:
        out.append(ab.roll)
    steps = _steps(state, c)
    to_hit = p.to_hit if p.to_hit is not None else \
        c.mod(p.stat) + proficiency(c.pc, c.level, c.tier)
    defense, crit_range, part_terms = called_numbers(state, c, defense, aimed, trade)
    terms = [(s.name, s.hit_bonus) for s in steps if s.hit_bonus] + part_terms
    strength = horde_bonus(state, c)
    if strength:
        terms.append(("horde strength", strength))
    total = rolls.attack_total(d20.natural, to_hit, defense, hit_terms=terms,
                               aim_block=ab.value, stack=d20.stack, cover=cover,
                               defense_kind=defense_kind,
                               cover_as=house.read(state, "cover_as"),
                               aimblock_as_bonus=house.read(state, "aimblock_as_bonus"))
    result = rolls.outcome(d20.natural, total.total, total.defense,
                           crit_range=crit_range, horde=p.horde_hits)
    return AttackResult(out, d20.natural, total.total, total.defense,
                        [("d20", d20.natural), *total.terms], result.hit, result.crit,
                        result.hits)


# --- damage (listing.py, damage.py) ------------------------------------------------------------
@dataclass(slots=True)
class DamageResult:
    rolls: list[Roll]
    pre: int            # B-30 step 2: after Assail and Weakened, floored at 0
    bonus: int          # the bonus percentages (crit, Steps)
    halvings: int


@dataclass(slots=True)
class Taken:
    hp_lost: int
    temp_lost: int
    percent: int
    to_part: int = 0           # what a called-shot part's own HP took (RS-48)
    part_broken: bool = False


def damage_roll(rng: Rng, state: RpgState, c: Creature, p: Any, *, crit: bool, assail: bool,
                target: Creature, aimed: Any = None) -> DamageResult:
    """B-30 steps 1-2 and the percentages of step 3: the base listing on its ladder with the
    Steps' die steps (RS-20, B-21; the overflow choice SM-18; Empower, B-16), rolled; Assail and
    Weakened with the attack's stat mod or the monster's damage mod (RS-92/93, damage.py);
    crit +100% and the Steps' bonus percentages and halvings (RS-36..38)."""
    steps = _steps(state, c)
    n = numbers_of(state, c)
    base = listing.parse(p.damage)
    choice = house.read(state, "overflow")
    empower = 1 if c.has("empower") else 0
    sized = listing.resize(base, sum(s.die_steps for s in steps) + empower)
    picks = None
    if sized.over and choice != "larger":
        picks = ["2P" if choice == "2p" else "level"] * sized.over
    dice = listing.resolve(sized, n, stat_mod=c.mod(base.stat) if base.stat else 0,
                           overflow=picks)
    r = listing.roll_damage(rng, dice)
    mod_ = c.damage_mod if not c.pc else (c.mod(p.stat) if p.stat else 0)
    pre = damage.pre_multiplier(r.total, mod=mod_, assail=assail, weakened=c.has("weakened"))
    extra = [s.bonus_pct for s in steps if s.bonus_pct] + \
        [b for b in (mark_bonus(state, c, target),) if b]       # B-21 Trace
    bonus = damage.bonus_percent(crit=crit, extra=extra,
                                 **part_bonus(state, aimed))
    return DamageResult([r], pre, bonus, sum(s.halvings for s in steps))


def part_bonus(state: RpgState, aimed: Any) -> dict[str, Any]:
    """RS-51/58: a called shot at the Head or a Psi Core adds its percentage (AMB-01 how a
    head crit adds up), as damage.bonus_percent's keywords."""
    if aimed is None or aimed.kind.effect != "bonus_damage":
        return {}
    head = aimed.kind.id == "head"
    return {"head": head, "psi_core": not head,
            "head_crit_mode": house.read(state, "head_crit_mode")}


def take_damage(state: RpgState, d: Creature, pre: int, bonus: int, halvings: int,
                part_hp: int | None = None) -> Taken:
    """B-30 steps 3-7 through damage.py: the multiplier, Aegis (B-16), a called-shot part's
    own HP first (RS-48), temp HP, HP."""
    inst = damage.instance(pre, bonus=bonus, halvings=halvings, aegis=d.total("aegis"))
    got = damage.take(damage.Vitals(d.hp, d.max_hp, d.temp_hp), inst.amount, part_hp=part_hp)
    d.hp, d.temp_hp = got.vitals.hp, got.vitals.temp_hp
    return Taken(got.to_hp, got.to_temp, inst.multiplier, got.to_part, got.part_broken)


# --- forced movement, checks (STAND-IN: moves.py, rolls.py) ----------------------------------
def push(state: RpgState, c: Creature, d: Creature, ft: int, rng: Rng, *,
         second_hit: Any = None) -> list:
    """Forced movement of `d` straight away from `c` (B-14, moves.push_steps/forced_move): it
    stops at the first square it cannot enter; against a hard surface it takes P (a monster
    pusher: T) per 5 ft unspent (RS-116); into a creature, the collision plan splits that damage
    (RS-119..124, AMB-04): `second_hit(other)` says whether the creature struck is hit by the
    same roll or check; off a ledge or into a pit it falls (RS-115)."""
    if not d.up:
        return []
    steps = moves.push_steps((c.x, c.y), c.size, (d.x, d.y), d.size, ft // terrain.FEET_PER_SQUARE)
    events, went = _forced(state, d, steps, "pushed")
    if went.stop == "drop" and went.fall_ft:
        return events + fall(state, d, went.fall_ft, rng)
    if went.stop:
        events += _collide(state, c, [(d, went)], second_hit)
    return events


def pull_together(state: RpgState, c: Creature, pulled: list[Creature], anchor: Creature,
                  ft: int, rng: Rng, *, second_hit: Any = None) -> list:
    """B-21 Pratfall: each creature of `pulled` (those the attack hit, in initiative order) is
    yanked up to `ft` toward the other target (`anchor` when only one was hit): the first moves
    toward where the other stands, the second toward where the first ended (TV-59). Two pulled
    creatures that meet pool what each would take and split it (RS-121); one pulled into a
    creature that was not hit takes its own (RS-119, `second_hit`); walls and ledges as a push."""
    squares = ft // terrain.FEET_PER_SQUARE
    rank = {cid: n for n, cid in enumerate(state.order)}
    pulled = sorted((d for d in pulled if d.up), key=lambda d: (rank.get(d.id, len(rank)), d.id))
    events: list = []
    ends: list[tuple[Creature, moves.Forced]] = []
    for d in pulled:
        other = next((o for o in pulled if o.id != d.id), anchor)
        steps = moves.push_steps((other.x, other.y), other.size, (d.x, d.y), d.size, squares,
                                 pull=True)
        got, went = _forced(state, d, steps, "pulled")
        events += got
        if went.stop == "drop" and went.fall_ft:
            events += fall(state, d, went.fall_ft, rng)
        elif went.stop:
            ends.append((d, went))
    if ends:
        events += _collide(state, c, ends, second_hit)
    return events


def _forced(state: RpgState, d: Creature, steps: list[Cell], mode: str
            ) -> tuple[list, moves.Forced]:
    """Move `d` by forced movement along `steps` (moves.forced_move), with what a move by force
    does to its holds and its mount (RS-72, AMB-19, RS-129)."""
    from . import grapple, mount
    where: dict[Cell, str] = {cell: o.id for o in state.creatures.values() if o.id != d.id
                              and o.status in ("up", "unconscious") for cell in o.cells()}
    high = height(state, d) if d.aloft else None     # B-25: in the air it keeps its height
    went = moves.forced_move(field(state), (d.x, d.y), d.size, steps,
                             lambda cells: [where[k] for k in cells if k in where],
                             flying=d.aloft, height=high)
    events: list = []
    d.x, d.y = went.path[-1]
    if high is not None:
        d.altitude = high - floor_under(state, d)
    if len(went.path) > 1:
        events.append(Moved(d.id, tuple(went.path[1:]), mode, True,
                            (len(went.path) - 1) * terrain.FEET_PER_SQUARE))
    events += grapple.after_forced(state, d)
    events += mount.after_forced(state, d, went.path[0])
    return events, went


def _collide(state: RpgState, c: Creature, ends: list[tuple[Creature, moves.Forced]],
             second_hit: Any) -> list:
    """The damage of one effect's forced movements that stopped against something: P (a monster
    mover: T) per 5 ft unspent (RS-116), split or pooled among the creatures that collided
    (moves.plan_collisions: RS-119..124, AMB-04), each share lost as HP."""
    from .profiles import content_of
    from . import turns
    rate = moves.impact_rate(p=proficiency(c.pc, c.level, c.tier) if c.pc else None,
                             t=None if c.pc else c.tier, t0_as_one=house.read(state, "t0_min1"))
    cont = content_of(state)
    impacts = []
    immovable: set[str] = set()
    for d, went in ends:
        immovable |= {o for o in went.struck
                      if moves.is_immovable(cont.creatures[state.creatures[o].entry].traits.immovable
                                            or house.read(state, "collision_immovable") == "any",
                                            d.size_index, state.creatures[o].size_index)}
        impacts.append(moves.Impact(d.id, (d.x, d.y), moves.would_take(went, rate), went.struck))
    hits = {(m, o): bool(second_hit(state.creatures[o])) if second_hit else False
            for m, o in moves.to_test(impacts, immovable)}
    plan = moves.plan_collisions(impacts, hits, immovable, state.order)
    events: list = []
    for h in plan.hurts:
        if h.amount:
            events += turns.lose_hp(state, state.creatures[h.target], h.amount,
                                    "collision" if h.with_ else "impact")
    return events


def fall(state: RpgState, d: Creature, feet: int, rng: Rng) -> list:
    """RS-115: 1d6 per full 10 ft fallen (moves.fall_dice), no cap."""
    from . import turns
    n = moves.fall_dice(feet)
    if not n:
        return []
    r = roll(rng, f"{n}d6", "fall")
    return [DiceRolled(r, d.id, f"{d.name} falls {feet} ft: {r.breakdown()}")] + \
        turns.lose_hp(state, d, r.total, "fall")


def check(rng: Rng, state: RpgState, c: Creature, skill: str, purpose: str,
          advantage: int = 0) -> tuple[int, Roll]:
    r = roll(rng, "d20" if not advantage else "2d20", purpose, [(skill, c.skills[skill])])
    face = r.faces[0] if not advantage else max(r.faces)
    return face + c.skills[skill], r


# --- opposed checks (B-08, SM-07, SM-20, AMB-21): grapples, escapes, seizing, shoves ----------------
REROLL_CAP = 20        # AMB-21 "roll again": bounded so a seeded run can never spin


def defence_skill(d: Creature) -> str:
    """SM-20 default: the defender resists with the higher of Athletics and Acrobatics."""
    return "athletics" if d.skills["athletics"] >= d.skills["acrobatics"] else "acrobatics"


def _opposed_table(state: RpgState) -> tuple[str, bool]:
    """The table's reading of opposed checks: AMB-21's tie and SM-07's naturals."""
    return house.read(state, "opposed_tie"), bool(house.read(state, "skill_naturals"))


def opposed_odds(state: RpgState, changer: Creature, c_skill: str, c_net: int,
                 keeper: Creature, k_skill: str, k_bonus: int = 0) -> Fraction:
    """The exact chance `opposed_check` with the same arguments ends in the changer's favour (the
    odds module reads each pair of faces as rolls.opposed does)."""
    tie, nat = _opposed_table(state)
    return odds.opposed(changer.skills[c_skill], keeper.skills[k_skill] + k_bonus,
                        changer_net=c_net, nat_rules=nat, opposed_tie=tie,  # type: ignore[arg-type]
                        rolls=REROLL_CAP)


def opposed_check(state: RpgState, rng: Rng, changer: Creature, c_skill: str, c_net: int,
                  keeper: Creature, k_skill: str, purpose: str, k_bonus: int = 0
                  ) -> tuple[bool, list]:
    """B-08 opposed checks through rolls.py: the changer must beat the keeper (AMB-21: a tie
    keeps the status quo by default; the table option rolls again)."""
    events: list = []
    tie, nat = _opposed_table(state)
    for _ in range(REROLL_CAP):
        a = rolls.roll_d20(rng, c_net, purpose)
        b = rolls.roll_d20(rng, 0, f"resist {purpose}")
        mine = rolls.check_total(a.natural, changer.skills[c_skill], stack=a.stack)
        theirs = rolls.check_total(b.natural, keeper.skills[k_skill] + k_bonus, stack=b.stack)
        events += [DiceRolled(a.roll, changer.id, f"{changer.name} {purpose} ({c_skill}): "
                                                   f"{mine}"),
                   DiceRolled(b.roll, keeper.id, f"{keeper.name} resists ({k_skill}): "
                                                  f"{theirs}")]
        won = rolls.opposed(mine, theirs, changer_natural=a.natural, keeper_natural=b.natural,
                            nat_rules=nat, opposed_tie=tie)
        if won is not None:
            events.append(CheckMade(changer.id, c_skill, mine, theirs, won, purpose))
            return won, events
    events.append(CheckMade(changer.id, c_skill, mine, theirs, False, purpose))
    return False, events


SHOVE_FT = 10          # B-12: a Shove pushes 10 ft


def shove_odds(state: RpgState, c: Creature, d: Creature) -> Fraction:
    """The chance `c`'s Shove moves `d` or knocks it down (the check of `shove`)."""
    return opposed_odds(state, c, "athletics", 0, d, defence_skill(d))


def shove(state: RpgState, c: Creature, d: Creature, prone: bool, rng: Rng) -> list:
    """B-12 Shove: opposed Athletics against Athletics or Acrobatics (the better, SM-20), with
    the table's tie and naturals (AMB-21, SM-07) as for every opposed check."""
    won, events = opposed_check(state, rng, c, "athletics", 0, d, defence_skill(d), "shove")
    if not won:
        return events
    if prone:
        if not d.has("prone"):
            d.conditions.append(Condition("prone", source=c.id))
            events.append(ConditionChanged(d.id, "prone", True))
        return events

    mine = events[-1].total                        # the shove's total, as checked last

    def second(o: Creature) -> bool:               # RS-119: the same check, the other resists
        total, r = check(rng, state, o, defence_skill(o), "resist collision")
        events.append(DiceRolled(r, o.id, f"{o.name} resists: {r.breakdown()}"))
        return mine > total
    return events + push(state, c, d, SHOVE_FT, rng, second_hit=second)


def hide(state: RpgState, c: Creature, rng: Rng) -> list:
    """B-12 Hide: a Stealth check against the best passive Perception (B-08) of the enemies."""
    total, r = check(rng, state, c, "stealth", "hide")
    enemies = [o for o in state.standing() if o.side != c.side]
    best = max((10 + o.skills["perception"] for o in enemies), default=0)
    ok = total >= best
    events: list = [DiceRolled(r, c.id, f"{c.name} hides: {r.breakdown()}"),
                    CheckMade(c.id, "stealth", total, best, ok, "hide")]
    if ok:
        c.hidden = True
    return events


def unknown_secrets(state: RpgState, side: int, d: Creature) -> list[str]:
    """The secret parts of `d` (its stat block, RS-57) its enemies on `side` have not found; the
    `scouted` house rule (SM-13) finds them all before the battle."""
    from .profiles import content_of
    if house.read(state, "scouted"):
        return []
    found = state.secrets.get(str(side), {}).get(d.id, [])
    return [p.part for p in content_of(state).creatures[d.entry].secrets if p.part not in found]


def secret_dc(state: RpgState, d: Creature, part: str) -> int:
    """B-09: the creature's DC; harder for a part whose kind says so (Artery: SM-10's house
    value instead of its listed +5)."""
    from .profiles import content_of
    kind = content_of(state).anatomy[part]
    return d.dc + (house.read(state, "artery_dc") if kind.spot_dc_bonus else 0)


def discern(state: RpgState, c: Creature, d: Creature, scrutinize: bool, rng: Rng) -> list:
    """B-12 Discern (Scrutinize: at advantage): Perception against the DC of the next unfound
    secret of `d`; success tells `c`'s side where it is (RS-57: for this creature only). Dim
    light on the target is a disadvantage (RS-98)."""
    parts = unknown_secrets(state, c.side, d)
    if not parts:
        return []
    part = parts[0]
    dc = secret_dc(state, d, part)
    net = (1 if scrutinize else 0) - sight.perception_disadvantages(observe(state, c, d.cells()).light
                                                                    if sees_creature(state, c, d, (d.x, d.y)) else "bright")
    got = rolls.roll_check(rng, c.skills["perception"], dc=dc, net=net,
                           nat_rules=house.read(state, "skill_naturals"),
                           purpose="scrutinize" if scrutinize else "discern")
    events: list = [DiceRolled(got.d20.roll, c.id, f"{c.name} looks for a weak spot: "
                                                   f"{got.d20.roll.breakdown()}"),
                    CheckMade(c.id, "perception", got.total, dc, bool(got.success),
                              "scrutinize" if scrutinize else "discern")]
    if got.success:
        state.secrets.setdefault(str(c.side), {}).setdefault(d.id, []).append(part)
        events.append(SecretFound(c.id, d.id, part))
    return events



def block_covers(state: RpgState, d: Creature) -> int:
    """How many attack rolls one Block covers: the reaction's own count, or a Step's (Bonus
    Block: 2, B-21)."""
    from .profiles import block_reaction, content_of
    steps = content_of(state).steps
    base = block_reaction(state, d).block_covers or 1
    return max([base] + [steps[s].block_covers for s in d.steps if steps[s].block_covers])


# --- forecasts (odds.py) -------------------------------------------------------------------------
def attack_odds(state: RpgState, c: Creature, p: Any, d: Creature, *, net: int,
                aim: list[rolls.ABDie | int], block: list[rolls.ABDie | int], cover: int,
                assail: bool = False, aimed: Any = None, trade: bool = False) -> odds.Forecast:
    """The exact forecast of one declared attack on `d` (odds.py): the same terms the attack
    would use (net advantage, to-hit, Steps' bonuses, Horde Strength, Aim/Block dice, cover,
    the house options), the damage listing as it would be resolved, temp HP. A die given as
    a plain size (4 for a d4) is that die unstepped."""
    aim = [x if isinstance(x, rolls.ABDie) else rolls.ABDie(x) for x in aim]
    block = [x if isinstance(x, rolls.ABDie) else rolls.ABDie(x) for x in block]
    steps = _steps(state, c)
    to_hit = p.to_hit if p.to_hit is not None else \
        c.mod(p.stat) + proficiency(c.pc, c.level, c.tier)
    defense, crit_range, part_terms = called_numbers(state, c, getattr(d, p.vs), aimed, trade)
    terms = [(s.name, s.hit_bonus) for s in steps if s.hit_bonus] + part_terms
    strength = horde_bonus(state, c)
    if strength:
        terms.append(("horde strength", strength))
    from .attack import DEFENSE_KINDS
    att = odds.attack(to_hit, defense, net=net, aim=aim, block=block,
                      crit_range=crit_range, hit_terms=terms, cover=cover,
                      defense_kind=DEFENSE_KINDS[p.vs], horde=p.horde_hits,
                      cover_as=house.read(state, "cover_as"),
                      aimblock_as_bonus=house.read(state, "aimblock_as_bonus"),
                      pairing=house.read(state, "aimblock_pairing"))
    if not p.damage:                 # B-21 Pratfall: the attack itself deals nothing
        nothing = {0: Fraction(1)}
        return odds.Forecast(att, nothing, nothing, nothing, Fraction(0))
    base = listing.parse(p.damage)
    sized = listing.resize(base, sum(s.die_steps for s in steps) + (1 if c.has("empower") else 0))
    dice = listing.resolve(sized, numbers_of(state, c),
                           stat_mod=c.mod(base.stat) if base.stat else 0)
    mod_ = c.damage_mod if not c.pc else (c.mod(p.stat) if p.stat else 0)
    terms_d = odds.DamageTerms(mod=mod_, assail=assail, weakened=c.has("weakened"),
                               bonus=sum(s.bonus_pct for s in steps) + mark_bonus(state, c, d),
                               halvings=sum(s.halvings for s in steps), aegis=d.total("aegis"),
                               **part_bonus(state, aimed))
    mode = {"per_hit": "separate"}.get(house.read(state, "horde_damage"),
                                       house.read(state, "horde_damage"))
    return odds.forecast(att, dice, terms_d, hp=d.hp, temp_hp=d.temp_hp, horde_mode=mode)

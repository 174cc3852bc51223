"""Gems computer players: "easy", "normal" and "hard", registered with game.engine.ai.base.

Owns: how a gems bot values a position (`evaluate`), an attack (`strike_gain`, from the engine's
own odds in forecast.py), a turn action (a dry run on a COPY of the view, plus the best attack
it opens up), and every pending stage (counter rolls, block assignment, which arm to lose, left
or right). Difficulties:
  * normal: greedy over the acting gem's legal actions; each is dry-run and scored by the
    position it leaves plus the best attack it makes possible this turn (exact forecast odds);
    arms are aimed one at a time, each where the forecast gains most.
  * hard: the same greedy search, a wider exact pass (`HARD_SHORTLIST` candidates where
    normal forecasts five) and the "sharp" evaluation (`sharp=True` everywhere): a
    concave HP term (focus fire on hurt enemies, guard the wounded) and a threat term that caps
    reachable damage at her HP and charges a share of her worth when a poof is in reach. The
    sampled lookahead (`lookahead`, `_expect`) is kept for experiments but hard no longer uses
    it: it cost ~5x the think time and did not win more.
  * easy: normal's scores with noise, and now and then a plain random choice.
Every difficulty charges its own gems for their distance from a fight as a travel cost in
Action Slots across the terrain (travel.py): a river, a wall or a cliff between the sides is
walked round or climbed, where a straight-line distance left each bot waiting on its bank. A
strike whose exact odds are too dear to ask for every candidate (many counter rolls,
`heavy_strike`) is valued by a few seeded dice samples played through the engine instead.
From round LATE_ROUND (10) on, normal counts its own gems' hit points at OWN_HP (0.6) of an
enemy's: counted alike, a healer at the front mended as gladly as she struck, and Mends outlasted
the thirty rounds (hard keeps them alike: its concave term already weighs the wounded).

Must not: mutate the view it is given (gems' view is the live state, so every dry run works on
a deep copy), read the match generator or the true future (dry runs roll only on the bot's
forked generator, and attacks are valued by the forecast, not by rolling the real dice), or
shatter a gemstone unless the house rule "ai_may_shatter" allows it (GEM-GM-31).
"""
from __future__ import annotations

import copy
from typing import Any, Generator

from game.engine.actions import EndTurn
from game.engine.ai.base import run_thinking
from game.engine.rng import Rng
from game.engine.tactics import bots
from game.engine.tactics import pending as stages
from game.engine.tactics.bots import register_bot

from . import actions as A
from . import combat, common
from .forecast import forecast
from .house import house
from .state import GemsState, Unit
from .travel import UNREACHABLE, slots_to_strike

# --- weights of the evaluation (hand-tuned against the random bot and each other) ------------
FORMED = 30.0          # a gem still in the fight
HP = 1.5               # per hit point
OWN_HP = 0.6           # share of HP her own side counts for its own gems (see unit_value)
LATE_ROUND = 10        # ... from this round on
ARM = 6.0              # per working arm (attacks, blocks, holding)
HELD = 1.0             # per held object of a gem with Blocking (a counter roll each, GEM-29)
HELD_NO_BLOCK = 0.3    # ... of a gem without it
WEAPON = 1.0           # plus this per point of damage above bare hands
APPROACH = 0.8         # per tile too far from the nearest enemy to strike her (no way there)
TRAVEL = 3.0           # per Action Slot of travel to striking reach of the nearest enemy
WATER = 4.0            # standing where a current may drag her (GEM-18..20)
THREAT = 0.35          # per point of damage the nearby enemies could deal next turn
BOLD = 0.5             # share of that damage her own side fears (see evaluate)
EFFORT = 0.05         # any action that is not the end of the turn
WIN = 10000.0
# strikes whose exact odds are too dear to ask per candidate are sampled (heavy_strike)
HEAVY_COUNTERS = 4     # counter rolls that make a strike heavy on their own
HEAVY_DICE = 6         # attacks plus counter rolls that make it heavy
SAMPLES = 8            # dice samples of a heavy strike
# hard only ("sharp" evaluation)
CONCAVE = 1.0          # the concave HP term: slope 2*CONCAVE at 0 HP, 0 at full HP
LETHAL = 0.6           # share of her worth lost when the enemies in reach could poof her
THREAT_SHARP = 0.5     # per point of reachable damage, capped at her HP
OWN_HP_SHARP = 1.0     # OWN_HP of the sharp evaluation (its concave term guards the wounded;
                       # 0.6 and 0.8 won no more against normal, benchmarks/ai_gems.py)


def _system():
    from .system import GEMS
    return GEMS


# =============================================================================================
# Valuing positions
# =============================================================================================

def unit_value(state: GemsState, u: Unit, hp: int | None = None, sharp: bool = False,
               own: bool = False) -> float:
    """What a gem is worth to her side: nothing once poofed, else a base plus HP, arms, objects.
    `sharp` (hard) adds a concave HP term, so a point of damage is worth more on a gem already
    hurt: focus fire, and guarding one's own wounded. `own` (she is on the evaluating side)
    counts her HP at OWN_HP (OWN_HP_SHARP when sharp) from round LATE_ROUND on: a point mended
    is then worth less than a point struck off an enemy, so a long fight is finished rather
    than drawn out by trading heals for blows."""
    hp = u.hp if hp is None else hp
    if not u.formed or hp <= 0:
        return 0.0
    share = 1.0
    if own and state.round >= LATE_ROUND:
        share = OWN_HP_SHARP if sharp else OWN_HP
    v = FORMED + HP * share * hp + ARM * len(u.working_arms())
    if sharp:
        top = max(1, u.max_hp)
        v += CONCAVE * min(hp, top) * (2 * top - min(hp, top)) / top
    held = HELD if u.blocking else HELD_NO_BLOCK
    for iid in u.held_objects():
        it = state.items.get(iid)
        if it is not None:
            v += held + WEAPON * max(0, it.damage - combat.UNARMED_DAMAGE)
    return v


def reach_of(state: GemsState, u: Unit) -> int:
    """How far (in tiles) she can strike from where she stands: melee 1, or a held ranged item."""
    best = 1
    for arm in u.working_arms():
        for mode in ("melee", "projectile", "thrown"):
            if mode != "melee" and combat.mode_allowed(state, u, arm, mode):
                continue
            if mode == "thrown":
                continue          # throwing gives the object away: not her standing reach
            best = max(best, combat.attack_profile(state, u, arm, mode)["reach"] * u.size)
    return best


def p_contact(cpr: int) -> float:
    return sum(1 for f in range(1, 21) if f + cpr > combat.CONTACT_ABOVE) / 20


def arm_damage(state: GemsState, u: Unit) -> float:
    """Expected damage of one Ready Action with every arm, ignoring blocks."""
    total = 0.0
    for arm in u.working_arms()[:max(0, u.arm_counter())]:
        total += combat.attack_profile(state, u, arm, "melee")["damage"]
    return total * p_contact(u.cpr)


def surrounded_by_water(state: GemsState, u: Unit) -> bool:
    if u.fms > 0 and u.altitude is not None:
        return False
    tiles = common.footprint(u)
    return all(common.is_water(state, x + dx, y + dy)
               for x, y in tiles for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def _far_enemies(enemies: list[Unit], dists: list[int], reach: int) -> list[Unit]:
    """The enemies approach_cost weighs the way to (a travel field each): all of them, or none
    when one is within reach already."""
    return [] if min(dists) <= reach else enemies


def approach_cost(state: GemsState, u: Unit, enemies: list[Unit], dists: list[int],
                  reach: int) -> float:
    """What it costs her to be far from a fight: TRAVEL per Action Slot she needs to bring the
    nearest enemy within reach across the terrain (travel.py), so a river or a cliff between
    the sides is walked round or climbed rather than stared across; APPROACH per tile of
    straight-line gap (plus a flat charge) where no way on foot or wing exists."""
    far = _far_enemies(enemies, dists, reach)
    if not far:
        return 0.0
    best = min(slots_to_strike(state, u, e, reach) for e in far)
    if best == UNREACHABLE:
        return APPROACH * (min(dists) - reach) + 2 * TRAVEL
    return TRAVEL * best


def _enemies(state: GemsState, formed: list[Unit], prints: dict[str, list], u: Unit
             ) -> tuple[list[Unit], list[int]]:
    """The formed gems `u` fights (other side, no truce) and her footprint distance to each."""
    enemies = [e for e in formed if e.side != u.side
               and not common.truce_between(state, u.id, e.id)]
    return enemies, [common.footprint_distance(prints[u.id], prints[e.id]) for e in enemies]


def travel_ahead(state: GemsState, side: int) -> Generator[None, None, None]:
    """Work out, an enemy a slice, the travel fields `evaluate` (through approach_cost) will
    ask for her own side's gems in this position (travel.py keeps them by terrain and the
    enemy's place, so the dry runs of a decision read them back): a bot thinking in slices
    does this before its first dry run, whose evaluate would otherwise work out every one of
    them in one step (up to 13 ms at the first decision of a match). A field not asked for
    here is only worked out later; nothing is valued here."""
    formed = [u for u in state.units.values() if u.formed and u.carried_by is None]
    prints = {u.id: common.footprint(u) for u in formed}
    for u in formed:
        if u.side != side:
            continue
        enemies, dists = _enemies(state, formed, prints, u)
        if not enemies:
            continue                         # evaluate asks for no approach then
        reach = reach_of(state, u)
        for e in _far_enemies(enemies, dists, reach):
            slots_to_strike(state, u, e, reach)
            yield None


def evaluate(state: GemsState, side: int, sharp: bool = False) -> float:
    """The position's worth to `side` (higher is better). Symmetric between the sides but for
    the approach term, charged to `side`'s own gems only (see approach_cost)."""
    if state.over:
        if state.winner is None:
            return 0.0
        return WIN if state.winner == side else -WIN
    score = 0.0
    formed = [u for u in state.units.values() if u.formed and u.carried_by is None]
    prints = {u.id: common.footprint(u) for u in formed}
    reach = {u.id: reach_of(state, u) for u in formed}
    menace = {u.id: arm_damage(state, u) for u in formed}
    for u in state.units.values():
        if u.formed and u.carried_by is not None:   # carried: still in the fight, still worth
            score += (unit_value(state, u, sharp=sharp, own=u.side == side)
                      * (1.0 if u.side == side else -1.0))
    for u in formed:
        sign = 1.0 if u.side == side else -1.0
        worth = unit_value(state, u, sharp=sharp, own=u.side == side)
        v = worth
        enemies, dists = _enemies(state, formed, prints, u)
        if enemies:
            if u.side == side:
                # only her own side's gems are charged for distance: counted for both sides,
                # her step toward an enemy is also the enemy's step toward her and the two
                # cancel, so nobody would ever advance
                v -= approach_cost(state, u, enemies, dists, reach[u.id])
            # what the enemies within a move and a strike of her could deal her next turn
            incoming = 0.0
            for e, d in zip(enemies, dists):
                if d <= max(1, common.ms_now(state, e)) + reach[e.id]:
                    incoming += menace[e.id]
            if u.side == side:
                # her own side fears only BOLD of what the enemies could deal her: counted in
                # full, a gem outnumbered where the fight was waited at its edge until time
                # was called (quarry, benchmarks/ai_gems.py: knockouts 75% -> 87.5%)
                incoming *= BOLD
            if not sharp:
                v -= THREAT * incoming
            else:
                # several enemies on one gem: damage past her HP is wasted, but a poof in reach
                # costs a share of everything she is worth
                v -= THREAT_SHARP * min(incoming, u.hp)
                if incoming >= u.hp:
                    v -= LETHAL * worth
        if surrounded_by_water(state, u):
            v -= WATER
        score += sign * v
    return score


# =============================================================================================
# Valuing attacks with the engine's exact odds
# =============================================================================================

_GAIN_CACHE: dict[tuple, float] = {}
_GAIN_CACHE_MAX = 50000


def fingerprint(state: GemsState) -> tuple:
    """Everything an attack's odds depend on, as a hashable value (positions, HP, arms, held
    objects, abilities, truces, items, house rules): a memo key for `strike_gain`, so the same
    strike seen from many dry runs is forecast once."""
    units = tuple((u.id, u.x, u.y, u.hp, u.altitude, u.formed, u.carried_by, u.size,
                   tuple((a.disarmed, a.holding, a.load) for a in u.arms), tuple(u.active),
                   tuple((e.get("verb"), e.get("amount")) for e in u.effects),
                   tuple(sorted(u.truces.items())))
                  for u in state.units.values())
    items = tuple((i.id, i.x, i.y, i.held_by) for i in state.items.values())
    return units, items, tuple(sorted(state.house.items()))


def strike_gain(state: GemsState, action: Any, side: int, sharp: bool = False) -> float:
    """Expected change in `evaluate`'s material terms if the Ready Action (with `action`, an
    AssignArm or Strike) resolves, from forecast.forecast: per target, the damage distribution
    against her value (a poof takes all of it) and a disarm costing an arm. Allies caught in an
    area count against. Thrown objects leave the thrower's hand, which costs their value."""
    key = (fingerprint(state), tuple((p.arm, tuple(p.target), p.mode) for p in state.plans),
           action, side, sharp, state.round >= LATE_ROUND)   # unit_value's own share
    cached = _GAIN_CACHE.get(key)
    if cached is not None:
        return cached
    attacker = state.units[action.unit]
    plans = list(state.plans)
    if isinstance(action, A.AssignArm):
        plans = [p for p in plans if p.arm != action.arm] + [_plan(action)]
    if len(_GAIN_CACHE) >= _GAIN_CACHE_MAX:
        _GAIN_CACHE.clear()
    if heavy_strike(state, attacker.id, plans):
        gain = _GAIN_CACHE[key] = sampled_gain(state, action, side, sharp)
        return gain
    f = forecast(state, action)
    gain = 0.0
    for t in f.targets:
        u = state.units[t.target]
        mine = u.side == side
        before = unit_value(state, u, sharp=sharp, own=mine)
        loss = sum(float(p) * (before - unit_value(state, u, u.hp - d, sharp, mine))
                   for d, p in t.damage.items())
        if t.disarm:
            loss += float(t.disarm) * ARM * (1.0 - float(t.poof))
        gain += loss if u.side != side else -loss
    for p in plans:
        if p.mode == "thrown":
            it = combat.arm_item(state, attacker, p.arm)
            if it is not None:
                gain -= ((HELD if attacker.blocking else HELD_NO_BLOCK)
                         + WEAPON * max(0, it.damage - combat.UNARMED_DAMAGE))
    _GAIN_CACHE[key] = gain
    return gain


def heavy_strike(state: GemsState, attacker_id: str, plans: list) -> bool:
    """Whether the exact odds of this strike are too dear to ask for every candidate: the
    forecast counts every face of every attack and counter roll, so a target with three or more
    counter rolls against two or more attacks (or four counters, or six dice in all) costs
    tenths of a second per call (measured: 2 attacks against 4 counters, 0.4 s)."""
    if not plans:
        return False
    for fight in combat.describe_strike(state, attacker_id, plans)["fights"]:
        a, c = len(fight["attacks"]), int(fight["max_counters"])
        if c >= HEAVY_COUNTERS or (c >= HEAVY_COUNTERS - 1 and a >= 2) or a + c >= HEAVY_DICE:
            return True
    return False


def material(state: GemsState, side: int, sharp: bool = False) -> float:
    """The material part of `evaluate`: every formed gem's worth, hers plus, the enemy's minus."""
    return sum(unit_value(state, u, sharp=sharp, own=u.side == side)
               * (1.0 if u.side == side else -1.0)
               for u in state.units.values())


def sampled_gain(state: GemsState, action: Any, side: int, sharp: bool = False) -> float:
    """`strike_gain` estimated by playing the strike SAMPLES times through throwaway matches
    (each stage answered as `settle` does) on generators of fixed seeds: the bot's own dice,
    never the match's, and the same samples for every candidate so they compare fairly. The
    change in `material` includes what the exact path adds by hand (a thrown object leaving
    the hand, an arm lost to a disarm)."""
    system = _system()
    if isinstance(action, A.AssignArm):
        state, _ = bots.step(system, state, action, Rng.from_seed(0))   # aiming rolls nothing
    before = material(state, side, sharp)
    total = 0.0
    for k in range(SAMPLES):
        rng = Rng.from_seed(k + 1)
        after, _ = bots.step(system, state, A.Strike(state.acting), rng)
        after = settle(after, side, rng)
        total += material(after, side, sharp) - before
    return total / SAMPLES


def rough_gain(state: GemsState, side: int, sharp: bool = False) -> float:
    """A quick guess at the best strike from here (the acting gem's arms at the weakest enemy
    in reach, blocks and poofs ignored), for sorting candidates before the exact pass."""
    u = state.units.get(state.acting) if state.acting else None
    if u is None:
        return 0.0
    best = 0.0
    for e in state.units.values():
        if not e.formed or e.side == u.side or e.carried_by is not None:
            continue
        d = common.footprint_distance(common.footprint(u), common.footprint(e))
        if d <= reach_of(state, u):
            expected = arm_damage(state, u)
            best = max(best, unit_value(state, e, sharp=sharp)
                       - unit_value(state, e, e.hp - round(expected), sharp))
    return best


def _plan(action: A.AssignArm):
    from .state import AttackPlan
    return AttackPlan(action.arm, (int(action.target[0]), int(action.target[1])), action.mode)


def best_assignment_steps(state: GemsState, side: int, sharp: bool = False
                          ) -> Generator[None, None, tuple[float, list]]:
    """With a Ready Action open on `state`, aim arms one at a time (each tried through a
    throwaway match, `state` itself is left alone) where the forecast gains most; returns
    (expected gain of the strike, the AssignArm actions). In slices for a bot thinking in
    steps: it pauses after each strike it weighs (an exact count of a big strike's dice takes
    milliseconds); run_thinking runs it in one go."""
    system = _system()
    chosen: list = []
    current = strike_gain(state, A.Strike(state.acting), side, sharp) if state.plans else 0.0
    yield None
    while True:
        options = [a for a in system.legal_actions(state) if isinstance(a, A.AssignArm)]
        if not options:
            break
        # aim the lowest free arm first: arms are interchangeable up to what they hold
        arm = min(a.arm for a in options)
        best, best_gain = None, current
        for a in options:
            if a.arm != arm:
                continue
            g = strike_gain(state, a, side, sharp)
            yield None
            if g > best_gain + 1e-9:
                best, best_gain = a, g
        if best is None:
            # this arm has nothing worth doing; try the others without it
            others = [a for a in options if a.arm != arm]
            if not others:
                break
            improved = None
            for a in others:
                g = strike_gain(state, a, side, sharp)
                yield None
                if g > best_gain + 1e-9:
                    improved, best_gain = a, g
            if improved is None:
                break
            best = improved
        state, _ = bots.step(system, state, best, Rng.from_seed(0))    # aiming rolls nothing
        chosen.append(best)
        current = best_gain
    return current, chosen


# =============================================================================================
# Dry runs
# =============================================================================================

def dry_run(state: GemsState, action: Any, rng: Rng) -> tuple[GemsState | None, list]:
    """`action` submitted on a throwaway match around `state` with the bot's own generator
    (tactics.bots.dry_run); (None, []) if the rules refuse it."""
    tried = bots.dry_run(_system(), state, action, rng)
    return tried.state, tried.events


def settle(state: GemsState, side: int, rng: Rng, limit: int = 40) -> GemsState:
    """The position after answering pending stages from `state` with this policy (each through
    a throwaway match), both sides' stages alike, until the acting gem may act again or the
    turn has passed."""
    system = _system()
    for _ in range(limit):
        if state.over or not state.pending:
            return state
        p = stages.top(state.pending)
        legal = system.legal_actions(state)
        if not legal:
            return state
        action = stage_answer(state, legal, p.seat, rng, quick=True)
        state, _ = bots.step(system, state, action, rng)
    return state


def stage_answer(state: GemsState, legal: list, side: int, rng: Rng, quick: bool = False,
                 sharp: bool = False) -> Any:
    """The answer to a pending stage (choose_counters, assign_blocks, choose_lost_arm,
    choose_side, gm_call) for `side`."""
    stage = stages.top(state.pending).stage if state.pending else "act"
    if stage == "choose_counters":
        # every counter roll helps: more blocks and a higher disarm sum (GEM-29, GEM-33)
        counters = [a for a in legal if isinstance(a, A.Counter)]
        if counters:
            return max(counters, key=lambda a: a.count)
    if quick:
        return legal[0]            # combat.block_options lists the most damage stopped first
    if stage in ("assign_blocks", "choose_lost_arm", "choose_side"):
        best, best_v = legal[0], None
        for a in legal:
            srng = rng.fork(f"stage{a!r}")
            s, _ = dry_run(state, a, srng)
            if s is None:
                continue
            s = settle(s, side, srng)          # see the whole strike through before judging
            v = evaluate(s, side, sharp) + _loose_item_value(s, side)
            if best_v is None or v > best_v + 1e-9:
                best, best_v = a, v
        return best
    return legal[0]                # gm_call and anything new: the first (default) answer


def _loose_item_value(state: GemsState, side: int) -> float:
    """Loose objects near her own gems are a little better than near the enemy's (the dropped
    object of a lost arm, GEM-37)."""
    v = 0.0
    formed = [u for u in state.units.values() if u.formed]
    for it in state.items.values():
        if it.held_by is not None or it.kind == "gemstone" or not it.carriable:
            continue
        near = [(common.chebyshev((it.x, it.y), (u.x, u.y)), u.side) for u in formed]
        if near:
            d, s = min(near)
            v += 0.5 if s == side else -0.5
    return v


# =============================================================================================
# The bots
# =============================================================================================

class GemsBot(bots.BotBase):
    """A gems bot. `noise` (easy) adds uniform noise of that size to every score and
    `random_rate` is the chance of a plain random legal action; `lookahead` (hard) plays out
    that many of the best first actions over the rest of the turn with `samples` dice samples."""

    def __init__(self, name: str, noise: float = 0.0, random_rate: float = 0.0,
                 lookahead: int = 0, samples: int = 3, shortlist: int = 5, sharp: bool = False):
        super().__init__(name, noise, random_rate)
        self.sharp = sharp
        self.shortlist = shortlist
        self.lookahead = lookahead
        self.samples = samples

    # -- protocol --------------------------------------------------------------------------------
    def choose(self, view: GemsState, legal: list, rng: Rng) -> Any:
        return run_thinking(self.think(view, legal, rng))

    def think(self, view: GemsState, legal: list, rng: Rng) -> Generator[None, None, Any]:
        everything = list(legal)
        # never concede; never shatter unless the table allows it (GEM-GM-31), not even at random
        allowed = [a for a in bots.playable(legal)
                   if not (isinstance(a, A.Shatter) and not house(view, "ai_may_shatter"))]
        legal = allowed or list(legal)
        if len(legal) == 1:
            return legal[0]
        decision = _system().decision(view)
        side = decision.seat if decision is not None else 0
        if decision is not None and decision.stage == "gm_call":
            return legal[0]        # GEM-GM-37: a bot never rules for the table; the default
        pick = self.random_pick(legal, rng)
        if pick is not None:
            return pick
        if view.pending:
            yield None
            return stage_answer(view, legal, side, rng, sharp=self.sharp)
        # the dry runs start from a private copy that knows its legal list (the one handed in:
        # the whole list of this very position), so none of them builds it again
        known = copy.deepcopy(view)
        known.known_legal = everything
        if view.ready_open:
            return (yield from self._aim(known, legal, side, rng))
        yield from travel_ahead(known, side)
        return (yield from self._turn(known, legal, side, rng))

    # -- inside a Ready Action -------------------------------------------------------------------
    def _aim(self, view: GemsState, legal: list, side: int, rng: Rng):
        s = copy.deepcopy(view)
        yield None
        current = strike_gain(s, A.Strike(view.acting), side, self.sharp) if s.plans else 0.0
        yield None
        gain, plan = yield from best_assignment_steps(s, side, self.sharp)
        if plan and gain > current + 1e-9:
            return plan[0]
        strike = A.Strike(view.acting)
        if strike in legal:
            return strike
        return legal[0]

    # -- a turn action ---------------------------------------------------------------------------
    def _turn(self, view: GemsState, legal: list, side: int, rng: Rng):
        # a cheap pass over every action (dry run, position, a rough follow-up attack), then the
        # exact pass (forecast odds) over the most promising few, Ready and EndTurn
        rough: list[tuple[float, int, Any]] = []
        for n, action in enumerate(legal):
            value, _ = yield from self._score(view, action, side, rng, exact=False)
            rough.append((value, n, action))
            yield None
        rough.sort(key=lambda t: (-t[0], t[1]))
        shortlist = [t for t in rough[:self.shortlist]]
        shortlist += [t for t in rough[self.shortlist:]
                      if isinstance(t[2], (A.Ready, EndTurn))]
        scored: list[tuple[float, int, Any]] = []
        for _, n, action in shortlist:
            value, _ = yield from self._score(view, action, side, rng)
            value = self.noisy(value, rng)
            scored.append((value, n, action))
            yield None
        scored.sort(key=lambda t: (-t[0], t[1]))
        if self.lookahead and len(scored) > 1:
            best = None
            for value, n, action in scored[:self.lookahead]:
                v = yield from self._expect(view, action, side, rng)
                if best is None or v > best[0] + 1e-9:
                    best = (v, action)
            return best[1]
        return scored[0][2]

    def _score(self, view: GemsState, action: Any, side: int, rng: Rng, exact: bool = True
               ) -> Generator[None, None, tuple[float, GemsState | None]]:
        """One turn action's worth: the position after it (dry run) plus the best attack it
        leaves possible this turn (exact odds; with `exact` False a rough guess that ignores
        blocks and poofs), plus small hints for abilities. In slices (see
        best_assignment_steps)."""
        if isinstance(action, A.Shatter) and not house(view, "ai_may_shatter"):
            return -WIN, None                      # GEM-GM-31: the AI never shatters by default
        if isinstance(action, A.Negotiate):
            return evaluate(view, side, self.sharp) - 1.0, None   # a slot for a truce rarely pays in a fight
        if isinstance(action, EndTurn):
            return evaluate(view, side, self.sharp), None
        if isinstance(action, A.PickUp) and action.item in view.units:
            return -WIN / 2, None       # hauling a gem about (GEM-53) never helps her side here
        if isinstance(action, A.Ready):
            s, _ = dry_run(view, action, rng.fork("ready"))
            if s is None:
                return -WIN, None
            if exact:
                gain, _ = yield from best_assignment_steps(s, side, self.sharp)
            else:
                gain = rough_gain(s, side, self.sharp)
            # with a slot still left after this one, she can strike again (GEM-08)
            again = 0.8 * gain if s.slots >= 1 else 0.0
            # EFFORT: a Ready Action with nothing worth striking loses to ending the turn
            return evaluate(view, side, self.sharp) + gain + again - EFFORT, None
        s, _ = dry_run(view, action, rng.fork("dry"))
        if s is None:
            return -WIN, None
        if s.pending:
            s = settle(s, side, rng.fork("settle"))
        # EFFORT: an action that changes nothing worth having loses to ending the turn
        follow = yield from self._follow_up(s, side, rng, exact)
        value = evaluate(s, side, self.sharp) + follow + _ability_hint(view, action, side) - EFFORT
        if isinstance(action, A.PickUp):
            f = forecast(view, action)
            if f.chance is not None and f.chance < 1:
                value -= 3.0 * float(1 - f.chance)     # a failed carry roll pins her (GEM-GM-27)
        return value, s

    def _follow_up(self, s: GemsState, side: int, rng: Rng, exact: bool = True
                   ) -> Generator[None, None, float]:
        """The best attack still possible this turn after a non-attack action (in slices)."""
        if s.over or s.pending or s.slots < 1 or s.acting is None:
            return 0.0
        u = s.units.get(s.acting)
        if u is None or u.side != side:
            return 0.0
        if not exact:
            return rough_gain(s, side, self.sharp)
        ready = A.Ready(u.id)
        if ready not in _system().legal_actions(s):
            return 0.0
        r, _ = dry_run(s, ready, rng.fork("follow"))
        if r is None:
            return 0.0
        gain, _ = yield from best_assignment_steps(r, side, self.sharp)
        return gain

    # -- hard: expectimax over the rest of her own turn ------------------------------------------
    def _expect(self, view: GemsState, action: Any, side: int, rng: Rng):
        """Average over `samples` dice outcomes of the position after `action` and, while it is
        still her gem's turn, the best next action (one more ply, greedy)."""
        actor = view.acting
        total = 0.0
        n = self.samples if not isinstance(action, (A.Move, A.Climb, EndTurn)) else 1
        for k in range(n):
            srng = rng.fork(f"sample{k}")
            s = copy.deepcopy(view)
            if isinstance(action, A.Ready):
                s = yield from self._play_ready(s, action, side, srng)
            else:
                s2, _ = dry_run(s, action, srng)
                if s2 is None:
                    return -WIN
                s = settle(s2, side, srng)
            yield None
            if not s.over and s.acting == actor and not s.pending and s.slots >= 1:
                legal = _system().legal_actions(s)
                best = evaluate(s, side, self.sharp)
                for a in legal:
                    v, _ = yield from self._score(s, a, side, srng)
                    best = max(best, v)
                total += best
            else:
                total += evaluate(s, side, self.sharp)
        return total / n

    def _play_ready(self, s: GemsState, ready: Any, side: int, rng: Rng
                    ) -> Generator[None, None, GemsState]:
        """The position after opening a Ready Action on `s`, aiming it as `_aim` would, striking
        with the bot's dice and settling the stages (each step through a throwaway match)."""
        system = _system()
        s, _ = bots.step(system, s, ready, rng)
        _, plan = yield from best_assignment_steps(s, side, self.sharp)
        for a in plan:
            s, _ = bots.step(system, s, a, rng)
        s, _ = bots.step(system, s, A.Strike(s.acting), rng)
        return settle(s, side, rng)


def _ability_hint(state: GemsState, action: Any, side: int) -> float:
    """Lasting abilities change nothing `evaluate` can see, so each verb's AI hint (verbs.py)
    gets a small value when its moment has come."""
    if not isinstance(action, A.UseAbility):
        return 0.0
    data = common.content_of(state).abilities.get(action.ability)
    if not data:
        return 0.0
    u = state.units[action.unit]
    enemies = [e for e in state.units.values() if e.formed and e.side != u.side]
    if not enemies:
        return 0.0
    dist = min(common.footprint_distance(common.footprint(u), common.footprint(e))
               for e in enemies)
    verb, amount = data["verb"], int(data.get("amount", 0))
    if verb == "empower":          # worth it just before striking
        return amount * len(u.working_arms()) * p_contact(u.cpr) * HP * (1.0 if dist <= 1 else 0.2)
    if verb == "shield":           # worth it when blows are coming
        return amount * 2.0 * HP * (1.0 if dist <= 2 else 0.2)
    if verb == "haste":            # worth it when far from the fight
        return amount * APPROACH * (1.0 if dist > 3 else 0.1)
    return 0.0                     # heal and leap show in the dry run itself


@register_bot("gems", "normal")
def normal_bot() -> GemsBot:
    return GemsBot("gems-normal")


# hard's exact pass looks at this many of the cheap pass's best actions (normal: 5). The cheap
# pass ranks by a rough strike guess that ignores blocks and poofs, so its top five often miss
# the move that opens the best real strike; twelve finds it for about twice the think time
# (benchmarks/ai_gems.py, seeds 1..4 against normal: see the README's figures)
HARD_SHORTLIST = 12


@register_bot("gems", "hard")
def hard_bot() -> GemsBot:
    return GemsBot("gems-hard", sharp=True, shortlist=HARD_SHORTLIST)


@register_bot("gems", "easy")
def easy_bot() -> GemsBot:
    return GemsBot("gems-easy", noise=6.0, random_rate=0.2)


__all__ = ["GemsBot", "evaluate", "strike_gain", "best_assignment_steps"]

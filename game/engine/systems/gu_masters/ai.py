"""Gu Masters bots: advance on the enemy, strike with the best expected damage (hard: focus the
hurt), use Gu by what their effects do (harm, heal, shield, buff, wings), take flight where the
forecast favours it, answer every reaction prompt by its odds, never stall.

Owns: `GuBot` on tactics.bots.BotBase and its registration for "easy", "normal" and "hard";
`role(gu)`, what a Gu (or killer move) is good for in a bot's eyes, read from its content
effects (one AI hint per verb, STYLE habit 7).

Must not: read the real match or its generator (a bot has its seat's redacted view, the legal
actions and its own forked generator), or compute a rule: chances and damage come from the
engine's forecast (forecast.py: `strike_forecast`, `gu_forecast`, `reaction_odds`,
`area_dodge_odds`, `landing`), what a heal, shield, buff or pair of wings changes from a dry
run of the listed action through the engine (tactics.bots.dry_run), reach and costs from the
legal list and the engine's distance (attack.distance).
"""
from __future__ import annotations

import copy
import dataclasses
from typing import Any

from game.engine.actions import EndTurn
from game.engine.ai.base import Thinking, run_thinking
from game.engine.rng import Rng
from game.engine.tactics import pending
from game.engine.tactics.bots import BotBase, dry_run, register_bot
from game.engine.tactics.footprint import block_at, cells_distance

from . import (areagu, attack, falling, forecast, gu, holding, maneuvers, odds, reactions, terrain,
               ticks, turns)
from .actions import (BITE, DETONATE, DODGE, KICK, MULTI, PARRY, PUNCH, SHIELD, TAKE, WEAPON,
                      Activate, DodgeMove, GoesFirst, Move, Opportunity, React, StandUp, Strike)
from .activate import Killer
from .holding import Hold, UseHeld
from .content import Gu, KillerMove
from .maneuvers import Dive, DiveFinish, DiveStrike, Fly, TakeFlight
from .state import Creature, GuState
from .ticks import OrderEffect
from .system import GU_MASTERS, SYSTEM_ID

PRESSURE = 0.5     # share of the bare hit a blow earns by drawing a shield (see GuBot._worth)

FINISH = 0.5       # a knock-out weighed as this share of the target's full HP
FINISH_HARD = 0.75

HORIZON = 3        # turns a lasting change (a buff, wings) is weighed over
ESSENCE = 0.5      # HP an essence point is worth to a bot (it pays shields and Gu later)
RESCUE = 0.5       # healing a friend out of a final stand or dying: this share of its full HP
ALLY_SHIELD = 0.5  # share of the blows a shield raised on a friend is weighed to meet

# what hard does beyond normal, each a name so it can be measured alone against normal
# (`GuBot(traits=...)`): "finish" weighs a knock-out at FINISH_HARD, "double_finish" doubles a
# blow likely to drop its target, "danger" weighs a foe by the harm it could do next turn,
# "focus" weighs a foe by the HP it has lost (focus fire), "areas" prices an area Gu by the
# caught creatures' answers to an area (forecast.area_forecast), "reserve" keeps a reaction
# for a bigger blow still to come (`_kept_worth`), "thrift" prices a damage Gu's essence.
# Measured and left out (README "Bots"): counting a buff's defence, a longer horizon, evading,
# keeping out of reach, dodging far from every foe, refusing walks that provoke, placing by
# the foes' blows, Gu users keeping their distance.
TRAITS = ("finish", "double_finish", "danger", "focus", "areas", "reserve", "thrift")
HARD = frozenset(TRAITS)

ROLES = ("damage", "shield", "heal", "buff", "flight", "other")
HELD_WORTH = 1.0   # HP a held action set off must be expected to take before a bot fires it


def role(gu: Gu | KillerMove) -> str:
    """What a Gu is for, from its effects: "damage" (harms a creature or an area: damage, soul,
    poison, a status), "shield" (shield points, taken as a reaction), "heal", "flight" (wings),
    "buff" (a lasting change on the user: reduction, resistance, attribute, recoil, conceal,
    divination), else "other"."""
    verbs = {e.verb for e in gu.effects}
    if verbs & {"damage", "soul", "poison"} or (gu.target != "self" and "status" in verbs):
        return "damage"
    if "shield" in verbs:
        return "shield"
    if "heal" in verbs:
        return "heal"
    if "flight" in verbs:
        return "flight"
    if verbs & {"dr", "resistance", "attribute", "recoil", "conceal", "divination"}:
        return "buff"
    return "other"


def uid_of(a: Activate | Killer) -> str:
    """The Gu an activation uses, or `killer:<id>` for a killer move (gu.usable's key)."""
    return a.gu if isinstance(a, Activate) else gu.KILLER + a.move


# --- the bots -------------------------------------------------------------------------------------
# A strike's worth and a reaction's chance are the engine's forecast's (forecast.py: odds.py's
# exact enumeration on the engine's modifiers, the damage from the engine's own landing).


class GuBot(BotBase):
    """"normal": strikes for the best expected damage at any enemy in reach, heals, shields
    and buffs by what a dry run of the Gu changes, takes flight when the foes that could reach
    it on the ground cannot in the air, walks on the nearest enemy, answers every prompt by its
    odds. "hard" also focuses fire on the most hurt and weighs each foe by the harm it could do
    next turn (the dangerous die first), a knock-out higher and a blow likely to drop its target
    double, prices areas by the answers to an area and the essence a damage Gu spends, and
    keeps a reaction for a bigger blow (TRAITS). "easy" is normal with noise and random
    picks."""

    def __init__(self, name: str, noise: float = 0.0, random_rate: float = 0.0,
                 hard: bool = False, traits: frozenset[str] | None = None) -> None:
        super().__init__(name, noise, random_rate)
        # what this bot does beyond normal (TRAITS): hard's set unless named (a benchmark
        # measures them one at a time)
        self.traits = frozenset(traits if traits is not None else HARD if hard else ())
        # forecasts and dry runs of one decision, keyed by the position's id: the positions
        # are kept alive in `_kept` until the next decision so no id is reused meanwhile
        self._memo: dict[Any, Any] = {}
        self._kept: list[GuState] = []
        self._turn: tuple[int, str] | None = None      # the turn `_dangers` was read in
        self._dangers: dict[tuple, float] = {}
        self._threats: dict[tuple, float] = {}      # `_kept_worth`'s blows, read once a turn

    def choose(self, view: GuState, legal: list, rng: Rng) -> Any:
        return run_thinking(self.think(view, legal, rng))

    def think(self, view: GuState, legal: list, rng: Rng) -> Thinking:
        """The choice in slices (yield None between them) for a client thinking in-process
        (the AI seat's fallback): on the own turn one action weighed a slice (a buff's dry run
        and the blows it changes, a strike's forecast), so no slice holds a frame for long. The
        same work in the same order as one call, so the same answer."""
        self._memo, self._kept = {}, [view]
        legal = self.playable(legal)
        picked = self.random_pick(legal, rng)
        if picked is not None:
            return picked
        stage = pending.top(view.pending)
        if any(isinstance(a, EndTurn) for a in legal):
            return (yield from self._own_turn(view, legal, rng))
        return self._answer(view, stage, legal, rng)

    # --- prompts --------------------------------------------------------------------------------
    def _answer(self, view: GuState, stage: pending.Pending | None, legal: list, rng: Rng
                ) -> Any:
        """Every stage the engine may ask a seat (reactions.py, areagu.py, maneuvers.py,
        ticks.py, turns.py); a stage it does not know gets a safe answer (`_safe`). With no
        stage on the view (a hint asked out of play), reactions by their plain tests."""
        name = stage.stage if stage is not None else ""
        fired = [a for a in legal if isinstance(a, UseHeld)]
        if fired:
            return self._held(view, fired)
        reacts = [a for a in legal if isinstance(a, React)]
        if stage is None and reacts:
            return self._react(view, None, reacts)
        if name == reactions.REACT_STAGE and reacts:
            return self._react(view, stage, reacts)
        if name == areagu.AREA_STAGE and reacts:
            return self._area_react(view, stage, reacts)
        steps = [a for a in legal if isinstance(a, DodgeMove)]
        if name in (reactions.DODGE_STAGE, areagu.AREA_STEP, maneuvers.DRIFT_STAGE) and steps:
            return self._dodge_to(view, steps)
        chances = [a for a in legal if isinstance(a, Opportunity)]
        if name in (reactions.OPPORTUNITY_STAGE, reactions.COUNTER_STAGE) and chances:
            # GU-86/88: a free strike is taken when the forecast says it does anything
            return max(chances, key=lambda a: self._opportunity_score(view, a))
        dives = [a for a in legal if isinstance(a, DiveStrike)]
        if name == maneuvers.AFTER_DIVE and dives:
            return max(dives, key=lambda a: self._dive_strike_score(view, a))
        finish = [a for a in legal if isinstance(a, DiveFinish)]
        if name == maneuvers.DIVE_FINISH and finish:
            # GU-33: rise 1 m and stay a flier (landing is a Flying test, prone on a failure)
            # unless the wings are gone
            me = view.creatures[finish[0].actor]
            up = maneuvers.speed(me) > 0
            return next((a for a in finish if a.land != up), finish[0])
        firsts = [a for a in legal if isinstance(a, (GoesFirst, OrderEffect))]
        if name in (ticks.EFFECTS_STAGE, turns.INIT_STAGE) and firsts:
            # GU-16: the order of start-of-turn effects changes nothing a bot weighs (the
            # engine takes a computer seat's in the order gained, ticks.py); asked anyway (a
            # hint for a human seat), the first offered
            return firsts[0]
        return self._safe(legal)

    @staticmethod
    def _safe(legal: list) -> Any:
        """An answer to a stage this bot does not know (one another part of the engine added):
        the one that declines (take the hit, let the chance go, strike nobody), else the first
        offered. Never Concede while anything else is listed (BotBase.playable)."""
        for a in legal:
            if isinstance(a, React) and a.reaction == TAKE:
                return a
            if isinstance(a, (Opportunity, DiveStrike)) and not a.strike:
                return a
        return legal[0]

    def _react(self, view: GuState, stage: pending.Pending | None, reacts: list[React]
               ) -> React:
        """The answer most likely to stop the hit (GU-79: one per trigger): dodge and parry by
        their chance to beat the attack roll already made (GU-81/86: the defender answers after
        seeing it; a tie leaves the hit standing, GU-X-05), parry with its +10; taking it when
        nothing is offered, or when no answer has a real chance (the reaction is kept for a
        later blow, GU-18). With a shield Gu on offer, the answer that leaves least to lose."""
        me = view.creatures[reacts[0].actor]
        if stage is None:                       # no roll to read: the plain tests
            p = forecast.parry_check(me)
            chances = {DODGE: odds.p_success(forecast.dodge_check(me)),
                       PARRY: odds.p_success(odds.Check(p.target,
                                                        p.modifier + odds.PARRY_PENALTY))}
        elif any(a.reaction == SHIELD for a in reacts) or "reserve" in self.traits:
            return self._react_by_loss(view, stage.data, me, reacts,
                                       keep=self._kept_worth(view, me))
        else:
            chances = forecast.reaction_odds(view, stage.data, me)

        def score(a: React) -> float:
            if a.reaction == DETONATE:
                return -1.0                           # GU-91: stops nothing, loses the Gu
            if a.reaction == SHIELD:
                return 0.9
            if a.reaction == TAKE:
                return 0.03                           # worth a reaction kept for later
            chance = float(chances.get(a.reaction, 0))
            # GU-86: a won parry also earns a counter-attack
            return chance + (0.02 if a.reaction == PARRY else 0.0)
        return max(reacts, key=score)

    @staticmethod
    def _react_by_loss(view: GuState, blow: dict[str, Any], me: Creature,
                       reacts: list[React], dodge: float | None = None,
                       keep: float = 0.0) -> React:
        """With a shield Gu on offer (GU-80), the answer that leaves the least HP to lose, as
        the forecast weighs it: the engine's landing with and without each shield, dodge and
        parry by their chance to beat the roll (`dodge` given: an area's); taking it keeps the
        reaction (a small credit, or `keep` HP: hard's worth of the reaction kept for a later
        blow, `_kept_worth`), a parry's counter a small bonus (GU-86)."""
        chances = {k: float(v) for k, v in forecast.reaction_odds(view, blow, me).items()} \
            if dodge is None else {DODGE: dodge}
        bare = float(forecast.landing(view, blow).dealt_mean)
        # a reaction kept meets the later blow with the best chance it has now (a shield alone
        # on offer: half)
        spare = keep * max((v for k, v in chances.items() if k != TAKE), default=0.5)
        finish = 0.0
        if me.condition == "final_stand" or me.hp <= bare:
            finish = me.max_hp * FINISH            # a landing that drops it: worth a reaction

        def loss(a: React) -> float:
            if a.reaction == DETONATE:
                return bare * 2.0 + 1.0               # stops nothing, loses the Gu (GU-91)
            if a.reaction == SHIELD:
                kept = forecast.landing(view, blow, a.gu)
                return float(kept.dealt_mean) + 0.05 + (finish if kept.dealt_mean and
                                                        finish else 0.0)
            if a.reaction == TAKE:
                return (bare + finish) * 0.97 - spare
            stop = chances.get(a.reaction, 0.0)
            return (bare + finish) * (1.0 - stop) - (0.02 * bare if a.reaction == PARRY else 0.0)
        return min(reacts, key=loss)

    def _area_react(self, view: GuState, stage: pending.Pending, reacts: list[React]) -> React:
        """Caught in an area (GU-83/84, GU-161): dodge out by the engine's chance
        (forecast.area_dodge_odds: sure against an area without a test), raise a shield, or
        take it, whichever leaves the least HP to lose."""
        me = view.creatures[reacts[0].actor]
        chance = float(forecast.area_dodge_odds(view, stage.data, me)) \
            if any(a.reaction == DODGE for a in reacts) else 0.0
        return self._react_by_loss(view, stage.data, me, reacts, dodge=chance,
                                   keep=self._kept_worth(view, me))

    def _kept_worth(self, view: GuState, me: Creature) -> float:
        """Hard ("reserve"): the blow a reaction kept now would meet before `me`'s next turn,
        when its reactions come back (GU-18, GU-GM-39). Each foe still to act before then
        (the one acting now among them) may throw its best blow at `me` (the forecast's, with
        no answer left to `me`); spent now, the reactions left meet the larger ones and the
        next largest (the r-th, with r reactions left counting this one) goes unanswered.
        Normal: 0 (an answer with a real chance is always taken)."""
        if "reserve" not in self.traits or me.reactions <= 0 or me.id not in view.order:
            return 0.0
        n = len(view.order)
        steps = (view.order.index(me.id) - view.index) % n
        foes = [c for c in (view.creatures[view.order[(view.index + k) % n]]
                            for k in range(steps)) if c.side != me.side and c.conscious]
        self._this_turn(view)
        bare: GuState | None = None
        blows = []
        for c in foes:
            # read once a turn for each state of the foe and of `me` (as `_danger`): every
            # hit of a turn asks it again
            key = (self._state_key(c), self._state_key(me))
            if key not in self._threats:
                if bare is None:
                    # the foes' blows at `me` with its answers gone: a copy of the view where
                    # it has none
                    bare = copy.copy(view)
                    bare.creatures = {**view.creatures,
                                      me.id: dataclasses.replace(me, reactions=0)}
                    self._kept.append(bare)
                self._threats[key] = self._offense(bare, bare.creatures[c.id],
                                                   bare.creatures[me.id], reach=True)
            blows.append(self._threats[key])
        blows.sort(reverse=True)
        return blows[me.reactions - 1] if len(blows) >= me.reactions else 0.0

    def _dodge_to(self, view: GuState, dodges: list[DodgeMove]) -> DodgeMove:
        """GU-82/83/118: where a creature that dodged (or glides) steps: out of the nearest
        foe's reach."""
        me = view.creatures[dodges[0].actor]
        foes = self._enemies(view, me)
        if not foes:
            return dodges[0]
        near = min(foes, key=lambda f: self._gap(me, me.x, me.y, f))
        return max(dodges, key=lambda a: self._gap(me, a.x, a.y, near))

    def _held(self, view: GuState, answers: list[UseHeld]) -> UseHeld:
        """A held action set off (GU-72/73): the aim worth most by the forecast (a strike's or
        a Gu's expected HP taken, an area's summed over the foes it catches less the friends),
        weighed by the chance of going first (forecast.held_race: after the deed the aim may
        be gone); fired when that is worth at least HELD_WORTH HP, else the trigger passes and
        the action stays held. A held Gu on the user or a friend is fired at once."""
        stage = pending.top(view.pending)
        me = view.creatures[answers[0].actor]
        let_go = next(a for a in answers if not a.fire)
        by = view.creatures.get(stage.data["by"]) if stage is not None else None
        first = float(forecast.held_race(view, me, by).first) if by is not None else 0.5
        best, best_worth = let_go, HELD_WORTH
        for a in answers:
            if not a.fire:
                continue
            worth = self._aim_worth(view, me, a) * (0.5 + 0.5 * first)
            if worth >= best_worth:
                best, best_worth = a, worth
        return best

    def _aim_worth(self, view: GuState, me: Creature, a: UseHeld) -> float:
        target = view.creatures.get(a.target)
        if a.strike and target is not None:
            return self._strike_worth(view, me, target, a.strike, a.weapon)
        u = gu.usable(a.gu)
        if role(u) != "damage":
            return 2 * HELD_WORTH                 # a shield, a cure or wings: when it was held
        if target is not None:
            return self._worth(forecast.gu_forecast(view, me, target, a.gu), target) \
                if target.side != me.side else 0.0
        area = areagu.shape(view, me, u, (a.x, a.y))
        worth = 0.0
        for c in (areagu.caught(view, area) if area is not None else []):
            f = self._worth(forecast.gu_forecast(view, me, c, a.gu), c)
            worth += f if c.side != me.side else -1.5 * f
        return worth

    def _opportunity_score(self, view: GuState, a: Opportunity) -> float:
        if not a.strike:
            return 0.0
        me = view.creatures[a.actor]
        return self._strike_worth(view, me, view.creatures[a.target], a.strike, a.weapon) + 0.01

    def _dive_strike_score(self, view: GuState, a: DiveStrike) -> float:
        if not a.target:
            return 0.0
        me = view.creatures[a.actor]
        return self._strike_worth(view, me, view.creatures[a.target], a.strike, a.weapon) + 0.01

    # --- the own turn ---------------------------------------------------------------------------
    def _own_turn(self, view: GuState, legal: list, rng: Rng) -> Thinking:
        me = view.acting
        stand = [a for a in legal if isinstance(a, StandUp)]
        if stand:                                                   # GU-151: up first
            return stand[0]
        # plain strikes only: a called shot (a.part) is the same blow at a penalty (GU-59)
        strikes = [a for a in legal if isinstance(a, Strike) and not a.part]
        scored: list[tuple[float, int, Any]] = []
        for i, a in enumerate(strikes):
            scored.append((self._strike_score(view, me, a, rng), i, a))
            yield None
        for part in (self._activations, self._support, self._dives):
            n = len(scored)
            found = yield from part(view, me, legal, rng)
            scored += [(s, n + i, a) for i, (s, a) in enumerate(found)]
            yield None
        if scored:
            best = max(scored, key=lambda t: (t[0], -t[1]))
            if best[0] > 0.0 or (strikes and best[2] in strikes):
                return best[2]
        foes = self._enemies(view, me)
        if maneuvers.airborne(me):
            flown = self._fly(view, me, legal, foes)
            if flown is not None:
                return flown
        moves_ = [a for a in legal if isinstance(a, Move)]
        if moves_ and foes:
            walked = self._walk(view, me, moves_, foes)
            if walked is not None:
                return walked
        # nothing to do but wait: hold a strike for the first foe that comes within reach
        # (GU-71, enemy_enters_range at the longest reach it may name)
        holds = [a for a in legal if isinstance(a, Hold) and a.held == holding.STRIKE
                 and a.trigger == "enemy_enters_range"]
        if holds and foes:
            return max(holds, key=lambda a: a.range_m)
        return next(a for a in legal if isinstance(a, EndTurn))

    def _walk(self, view: GuState, me: Creature, moves_: list[Move], foes: list[Creature]
              ) -> Move | None:
        """The walk to the best place (`_place`) if it beats standing still."""
        here = self._place(view, me, me.x, me.y, foes)
        best = max(moves_, key=lambda a: self._place(view, me, a.x, a.y, foes))
        return best if self._place(view, me, best.x, best.y, foes) > here + 1e-9 else None

    def _strike_score(self, view: GuState, me: Creature, a: Strike, rng: Rng) -> float:
        target = view.creatures[a.target]
        worth = self._strike_worth(view, me, target, a.strike, a.weapon)
        if not view.turn.strikes:                       # the first strike commits the action
            if a.strike == MULTI:
                worth *= attack.multi_count(me)         # GU-52: W strikes at +10 W each
            elif a.strike == PUNCH:
                worth *= max(1, attack.punching_arms(view, me))    # GU-53: one punch per arm
        worth *= self._focus(view, me, target)
        if "double_finish" in self.traits and target.hp <= worth:
            worth *= 2.0                                # a likely finish is worth more
        if not target.conscious:
            worth *= 0.01       # GU-113: a dying foe is out of the fight, and only an instant
                                # kill ends it (GU-109): strike the standing first
        return self.noisy(worth, rng)

    def _focus(self, view: GuState, me: Creature, target: Creature) -> float:
        """How much a blow at `target` counts beside its HP: the most hurt first (focus fire);
        hard also weighs the harm the target could do next turn (kill the dangerous first)."""
        focus = 1.0
        if "focus" in self.traits:
            focus += 1.0 - target.hp / max(1, target.max_hp)
        if "danger" in self.traits and target.conscious:
            danger = self._danger(view, target)
            top = max((self._danger(view, f) for f in self._enemies(view, me)), default=0.0)
            focus *= 0.6 + 0.8 * (danger / top if top > 0 else 0.5)
        return focus

    def _this_turn(self, view: GuState) -> None:
        """Forget the per-turn readings (`_dangers`, `_threats`) when a new turn begins."""
        turn = (view.round, view.turn.actor)
        if self._turn != turn:
            self._turn, self._dangers, self._threats = turn, {}, {}

    @staticmethod
    def _state_key(c: Creature) -> tuple:
        return (c.id, c.x, c.y, c.altitude, c.hp, c.shield, c.essence, c.condition,
                tuple(s.id for s in c.statuses))

    def _danger(self, view: GuState, foe: Creature) -> float:
        """The most HP `foe` could take next turn from any of its enemies in reach of its moves
        (the engine's forecast of each of its strikes and damage Gu)."""
        # read once a turn for each state of the foe: its strikes, Gu and walk each ask it
        # again, and a foe that has not changed is as dangerous as at the turn's start
        self._this_turn(view)
        key = self._state_key(foe)
        if key not in self._dangers:
            self._dangers[key] = max((self._offense(view, foe, t, reach=True)
                                      for t in self._enemies(view, foe)), default=0.0)
        return self._dangers[key]

    def _activations(self, view: GuState, me: Creature, legal: list, rng: Rng
                     ) -> Thinking:
        """Damage Gu and killer moves (GU-42..49), each worth its forecast: aimed at a standing
        foe, the chance it lands after the foe's best answer times the HP it takes
        (forecast.gu_forecast, the engine's own aim, blow and landing); set off at a square
        (an area, GU-163/164), that worth summed over the foes the engine's area catches,
        less one and a half times the same over the friends it catches (the user too)."""
        out: list[tuple[float, Any]] = []

        def one(uid: str, target: Creature, anchor: tuple[int, int] | None = None) -> float:
            key = ("gu", uid, target.id, anchor)
            if key not in self._memo:
                f = forecast.gu_forecast(view, me, target, uid) if anchor is None \
                    else forecast.area_forecast(view, me, target, uid, anchor,
                                                self._memo.setdefault(("rooms", id(view)), {}))
                worth = self._worth(f, target) * self._focus(view, me, target)
                if "double_finish" in self.traits and target.hp <= worth:
                    worth *= 2.0
                self._memo[key] = worth
            return self._memo[key]

        for a in legal:
            if not isinstance(a, (Activate, Killer)):
                continue
            uid = uid_of(a)
            u = gu.usable(uid)
            if role(u) != "damage":
                continue
            yield None                              # one damage Gu's forecasts a slice
            # hard ("thrift"): the essence it spends, as a heal's or a shield's is (it pays
            # the shield and dodge answers later)
            spent = ESSENCE * (u.cost if isinstance(u, Gu) else u.essence) \
                if "thrift" in self.traits else 0.0
            if a.target:
                target = view.creatures.get(a.target)
                if target is None or target.side == me.side or not target.conscious:
                    continue
                out.append((self.noisy(one(uid, target) - spent, rng), a))
            elif a.x >= 0 and u.area is not None:
                area = areagu.shape(view, me, u, (a.x, a.y))
                if area is None:
                    continue
                # hard: each caught creature's own answers to an area (a sure step out of
                # an area with no test, GU-84), where normal prices it as an aimed blow
                anchor = (a.x, a.y) if "areas" in self.traits else None
                worth = 0.0
                for c in areagu.caught(view, area):
                    if c.side != me.side and c.conscious:
                        worth += one(uid, c, anchor)
                    elif c.side == me.side:
                        worth -= 1.5 * one(uid, c, anchor)
                out.append((self.noisy(worth - spent, rng), a))
        return out

    # --- heal, shield, buff, wings --------------------------------------------------------------
    def _support(self, view: GuState, me: Creature, legal: list, rng: Rng
                 ) -> Thinking:
        """Gu that help the user's side (GU-42..49), each tried once through the engine
        (tactics.bots.dry_run: no Gu of these rolls a die) and weighed in HP like a blow:
        - heal: the HP the friend regains, and a friend brought back from a final stand or
          dying (GU-112, GU-GM-12) counts a share of its full HP;
        - shield on a friend on the own turn: the points that meet blows before its next turn,
          counted against the harm the foes could do it (only where it has no shield answer of
          its own to raise, GU-80);
        - buff (sustained): over a few turns (HORIZON), what it adds to the user's best blow
          plus what it takes off the foes' best blows at the user, less the essence it costs;
        - wings: the flight Gu with Take Flight after it, worth the foes' harm it puts out of
          reach over a few turns less the blows it can no longer make from the air."""
        out: list[tuple[float, Any]] = []
        horizon = HORIZON
        foes = self._enemies(view, me)
        if not foes:
            return out
        for a in legal:
            if isinstance(a, TakeFlight):
                yield None                          # one dry run (and its blows) a slice
                worth = self._flight_worth(view, me, a, rng, foes, horizon)
                out.append((self.noisy(worth, rng), a))
            if not isinstance(a, (Activate, Killer)):
                continue
            yield None
            uid = uid_of(a)
            u = gu.usable(uid)
            kind = role(u)
            if kind == "heal":
                worth = self._heal_worth(view, me, a, rng)
            elif kind == "shield" and a.target:
                worth = self._shield_worth(view, me, a, rng)
            elif kind == "buff" and (a.target in ("", me.id)):
                worth = self._buff_worth(view, me, a, u, rng, foes, horizon)
            elif kind == "flight" and not maneuvers.airborne(me):
                worth = self._wings_worth(view, me, a, u, rng, foes, horizon)
            else:
                continue
            if worth > 0.0:
                out.append((self.noisy(worth, rng), a))
        return out

    def _tried(self, view: GuState, a: Any, rng: Rng) -> GuState | None:
        """The position after `a`, played through the engine on a copy (None if refused)."""
        key = ("tried", a)
        if key not in self._memo:
            self._memo[key] = self._keep(dry_run(GU_MASTERS, view, a, rng.fork("dry")).state)
        return self._memo[key]

    def _keep(self, state: GuState | None) -> GuState | None:
        if state is not None:
            self._kept.append(state)
        return state

    def _heal_worth(self, view: GuState, me: Creature, a: Activate, rng: Rng) -> float:
        target = view.creatures.get(a.target or me.id)
        if target is None or target.side != me.side or target.condition == "dead" or (
                target.hp >= target.max_hp and target.condition == "up"):
            return 0.0
        after = self._tried(view, a, rng)
        if after is None:
            return 0.0
        healed = after.creatures[target.id]
        worth = float(healed.hp - target.hp)
        if target.condition in ("final_stand", "dying") and healed.condition == "up":
            worth += RESCUE * target.max_hp                          # GU-112, GU-GM-12
        return worth - ESSENCE * gu.usable(uid_of(a)).cost

    def _shield_worth(self, view: GuState, me: Creature, a: Activate, rng: Rng) -> float:
        target = view.creatures.get(a.target)
        if target is None or target.side != me.side or not target.conscious:
            return 0.0
        own = any(role(gu.usable(g)) == "shield" for g in target.gu) and target.reactions > 0
        if own and target.id != me.id or target.id == me.id and me.reactions > 0:
            return 0.0          # it can raise its own when a blow comes (GU-80): wait for it
        harm = sum(self._offense(view, f, target, reach=True) for f in self._enemies(view, target))
        if harm <= 0.0:
            return 0.0
        after = self._tried(view, a, rng)
        if after is None:
            return 0.0
        points = after.creatures[target.id].shield - target.shield
        return ALLY_SHIELD * min(float(points), harm) - ESSENCE * gu.usable(uid_of(a)).cost

    def _buff_worth(self, view: GuState, me: Creature, a: Any, u: Gu | KillerMove, rng: Rng,
                    foes: list[Creature], horizon: int) -> float:
        after = self._tried(view, a, rng)
        if after is None:
            return 0.0
        mine = after.creatures[me.id]
        target = min(foes, key=lambda f: attack.distance(view, me, f))
        gain = self._offense(after, mine, after.creatures[target.id]) \
            - self._offense(view, me, target)
        upkeep, cost = (u.upkeep, u.cost) if isinstance(u, Gu) else (0, u.essence)
        if me.essence - cost < upkeep * horizon:
            return 0.0                        # it could not keep it up (gu.upkeep ends it)
        return horizon * gain - ESSENCE * (cost + upkeep * horizon)

    def _wings_worth(self, view: GuState, me: Creature, a: Activate, u: Gu, rng: Rng,
                     foes: list[Creature], horizon: int) -> float:
        """The flight Gu now, with Take Flight after it (GU-22/30): the two played through the
        engine, then `_flight_gain` on the position reached."""
        if me.essence - u.cost < u.upkeep * horizon:
            return 0.0
        after = self._tried(view, a, rng)
        if after is None:
            return 0.0
        up = next((t for t in maneuvers.legal(after, after.creatures[me.id])
                   if isinstance(t, TakeFlight) and t.wings == a.gu), None)
        if up is None:
            return 0.0
        flown = self._keep(dry_run(GU_MASTERS, after, up, rng.fork("fly")).state)
        if flown is None:
            return 0.0
        return self._flight_gain(view, flown, me, foes, horizon) \
            - ESSENCE * (u.cost + u.upkeep * horizon)

    def _flight_worth(self, view: GuState, me: Creature, a: TakeFlight, rng: Rng,
                      foes: list[Creature], horizon: int) -> float:
        flown = self._tried(view, a, rng)
        if flown is None:
            return 0.0
        return self._flight_gain(view, flown, me, foes, horizon)

    def _flight_gain(self, view: GuState, flown: GuState, me: Creature, foes: list[Creature],
                     horizon: int) -> float:
        """In the air (GU-28..31): the foes' best blows that can reach it on the ground but not
        up there, over `horizon` turns, less the best blow it gives up (a melee strike it could
        make on the ground and not from the air, where its ranged Gu still reach)."""
        up = flown.creatures[me.id]
        saved = 0.0
        for f in foes:
            if self._reaches(view, f, me):
                saved += self._offense(view, f, me, reach=True) \
                    - self._offense(flown, flown.creatures[f.id], up, reach=True)
        lost = max(self._offense(view, me, f, reach=True) for f in foes) \
            - max(self._offense(flown, up, flown.creatures[f.id], reach=True) for f in foes)
        return horizon * (saved - max(0.0, lost))

    def _dives(self, view: GuState, me: Creature, legal: list, rng: Rng
               ) -> Thinking:
        """A Dive (GU-32..34) ending beside a foe: its Flying test's chance (odds.py on the
        diver's Flying, the only modifier the engine puts on it) times the best strike it may
        then make (the forecast); a failed dive that reaches the ground costs its fall."""
        dives = [a for a in legal if isinstance(a, Dive)]
        if not dives:
            return []
        chance = float(odds.p_success(odds.Check(me.skills.get("Flying", 0)),
                                      **forecast._modes(view)))
        w = maneuvers.wings(view, me)
        fail = falling.dive_failure(w.speed if w else 0, me.altitude)
        out: list[tuple[float, Any]] = []
        foes = self._enemies(view, me)
        for a in dives:
            yield None
            best = 0.0
            for f in foes:
                if cells_distance(block_at(a.x, a.y, me.size), f.cells()) <= 1 and a.altitude <= 1:
                    best = max(best, self._offense(view, me, f, melee_only=True)
                               * self._focus(view, me, f))
            if best > 0.0:
                out.append((self.noisy(chance * best - (1 - chance) * fail.damage, rng), a))
        return out

    def _fly(self, view: GuState, me: Creature, legal: list, foes: list[Creature]) -> Any:
        """An airborne creature's move (GU-31): to a square and height where the fewest foes
        can reach it, within its ranged Gu's reach of the nearest foe."""
        flies = [a for a in legal if isinstance(a, Fly)]
        if not flies or not foes:
            return None
        reach = max((gu.usable(g).range_m for g in me.gu
                     if role(gu.usable(g)) == "damage" and gu.usable(g).range_m), default=1)

        def place(x: int, y: int, altitude: int) -> float:
            gaps = [self._gap(me, x, y, f) for f in foes]
            near = min(gaps)
            exposed = sum(1 for f, g in zip(foes, gaps)
                          if g - f.movement <= 1 and altitude <= 2)
            return -3.0 * exposed - abs(near - min(reach, 6)) * 0.5
        here = place(me.x, me.y, me.altitude)
        best = max(flies, key=lambda a: place(a.x, a.y, a.altitude))
        return best if place(best.x, best.y, best.altitude) > here + 1e-9 else None

    # --- what a creature can do to another -----------------------------------------------------
    def _reaches(self, view: GuState, c: Creature, t: Creature) -> bool:
        """Whether `c` could strike `t` after its walk next turn (its movement toward it and its
        longest melee reach, the engine's 3D distance, GU-X-15), or aim a damage Gu at it."""
        return self._offense(view, c, t, reach=True) > 0.0

    def _offense(self, view: GuState, c: Creature, t: Creature, *, reach: bool = False,
                 melee_only: bool = False, at: tuple[int, int] | None = None) -> float:
        """The best worth of one turn's blows `c` could make at `t` (the forecast of each of its
        strikes, punches and multi-weapon attacks counted whole, and each damage Gu it can pay
        for aimed at `t`); with `reach`, only those it could make after walking toward it
        (`at`: with `t` standing on that square instead, on its floor)."""
        key = ("off", id(view), c.id, t.id, reach, melee_only, at)
        if key in self._memo:
            return self._memo[key]
        best = 0.0
        if c.conscious and t.conscious:
            if at is None:
                flat = cells_distance(c.cells(), t.cells())
                rise = abs(attack.height(view, c) - attack.height(view, t))
            else:
                flat = cells_distance(c.cells(), block_at(at[0], at[1], t.size))
                rise = abs(attack.height(view, c) - t.altitude
                           - terrain.ground_of(view.board).elevation_at(at))
            walk = 0 if maneuvers.airborne(c) and not melee_only else c.movement
            walk = max(walk, maneuvers.speed(c))

            def near(r: int) -> bool:
                return not reach or (rise <= r and flat - walk <= r)
            if attack.can_strike(c):
                kinds = [(WEAPON, w, attack.weapon_reach(w)) for w in c.weapons]
                kinds += [(k, "", attack.UNARMED_REACH) for k in (PUNCH, KICK, BITE)
                          if k in c.attacks]
                for kind, w, r in kinds:
                    if not near(r):
                        continue
                    worth = self._strike_worth(view, c, t, kind, w)
                    if kind == PUNCH:
                        worth *= max(1, attack.punching_arms(view, c))
                    best = max(best, worth)
                if attack.multi_count(c) and near(min(attack.weapon_reach(w)
                                                      for w in c.weapons)):
                    best = max(best, attack.multi_count(c) * self._strike_worth(
                        view, c, t, MULTI, c.weapons[0]))
            if not melee_only:
                for g in c.gu:
                    u = gu.usable(g)
                    if role(u) != "damage" or u.target != "creature" or u.cost > c.essence \
                            or not near(max(u.range_m, 1)):
                        continue
                    best = max(best, self._gu_worth(view, c, t, g))
        self._memo[key] = best
        return best

    def _gu_worth(self, view: GuState, c: Creature, t: Creature, uid: str) -> float:
        key = ("guw", id(view), c.id, t.id, uid)
        if key not in self._memo:
            self._memo[key] = self._worth(forecast.gu_forecast(view, c, t, uid), t)
        return self._memo[key]

    def _strike_worth(self, view: GuState, me: Creature, target: Creature, kind: str,
                      weapon: str) -> float:
        """Expected damage of one strike from the engine's forecast: the chance it lands
        after the defender's best reaction times the HP it takes, and the chance to put the
        target out of the fight (a drop, final stand to dying)."""
        key = ("strike", id(view), me.id, target.id, kind, weapon)
        if key not in self._memo:
            self._memo[key] = self._worth(
                forecast.strike_forecast(view, me, target, kind, weapon), target)
        return self._memo[key]

    def _worth(self, f: forecast.StrikeForecast, target: Creature) -> float:
        """A blow's worth: the HP it takes on average (the forecast's landing, halfway between
        its lowest and highest dice) after the defender's best answer. A shield Gu soaks most
        blows whole (GU-80), yet raising it spends one of the target's reactions this round
        (GU-18) and its essence, so the blow that forces it counts a share of the bare hit:
        the team's next blows at that target meet no answer. Every level counts the chance to
        put the target out of the fight (a drop, final stand to dying), hard more."""
        # a creature at 0 HP in final stand loses no more HP, only its footing (GU-94..96):
        # the chance to drop it or push it to dying is what a blow at it is worth
        share = FINISH_HARD if "finish" in self.traits else FINISH
        worth = float(f.hit) * f.landing.dealt_mean
        if f.shield and f.bare is not None:
            # forcing the shield: a share of the bare hit, its fall out of the fight too (a
            # foe at 0 HP that shields every blow is worn down, its reactions and essence)
            worth += PRESSURE * float(f.odds.after_best) * (
                f.bare.dealt_mean + float(f.bare_fall) * target.max_hp * share)
        worth += float(f.drop + f.dying + f.dead) * target.max_hp * share
        return worth

    # --- where to stand -------------------------------------------------------------------------
    @staticmethod
    def _enemies(view: GuState, me: Creature) -> list[Creature]:
        return [c for c in view.creatures.values() if c.side != me.side and c.conscious
                and c.on_board]

    @staticmethod
    def _gap(me: Creature, x: int, y: int, foe: Creature) -> int:
        return cells_distance(block_at(x, y, me.size), foe.cells())

    @staticmethod
    def _gap3(view: GuState, me: Creature, x: int, y: int, foe: Creature) -> int:
        """The engine's distance (GU-X-15: squares and heights) from `me` standing on (x, y)
        to `foe`: a foe on a ledge 3 m up is not beside it."""
        floor = terrain.ground_of(view.board).elevation_at((x, y))
        return max(cells_distance(block_at(x, y, me.size), foe.cells()),
                   abs(floor - attack.height(view, foe)))

    def _place(self, view: GuState, me: Creature, x: int, y: int, foes: list[Creature]
               ) -> float:
        """Standing at (x, y): as close as it gets to the most hurt of the nearest foes."""
        gaps = [(self._gap3(view, me, x, y, f), f.hp / max(1, f.max_hp)) for f in foes]
        near = min(g for g, _ in gaps)
        focus = min(gaps, key=lambda g: (g[1] > 0.5, g[0]))
        return -float(near) - 0.25 * float(focus[0])


for _level, _noise, _random, _hard in (("easy", 2.0, 0.15, False), ("normal", 0.0, 0.0, False),
                                       ("hard", 0.0, 0.0, True)):
    register_bot(SYSTEM_ID, _level)(
        lambda level=_level, noise=_noise, rate=_random, hard=_hard:
        GuBot(f"gu_masters {level}", noise, rate, hard))

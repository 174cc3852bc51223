"""Gu Masters bots: advance on the enemy, strike with the best expected damage, focus the hurt,
use Gu by what their effects do, answer every reaction prompt by its odds, never stall.

Owns: `GuBot` on tactics.bots.BotBase and its registration for "easy", "normal" and "hard";
`role(gu)`, what a Gu (or killer move) is good for in a bot's eyes, read from its content
effects (one AI hint per verb, STYLE habit 7).

Must not: read the real match or its generator (a bot has its seat's redacted view, the legal
actions and its own forked generator), or compute a rule: chances and damage come from the
engine's forecast (forecast.py: `strike_forecast`, `reaction_odds`), reach and costs from the
legal list.
"""
from __future__ import annotations

from typing import Any

from game.engine.actions import EndTurn
from game.engine.rng import Rng
from game.engine.tactics import pending
from game.engine.tactics.bots import BotBase, register_bot
from game.engine.tactics.footprint import block_at, cells_distance

from . import areagu, attack, forecast, gu, holding, odds, reactions
from .actions import (DETONATE, DODGE, MULTI, PARRY, PUNCH, SHIELD, TAKE, Activate, DodgeMove,
                      GoesFirst, Move, Opportunity, React, StandUp, Strike)
from .activate import Killer
from .holding import Hold, UseHeld
from .content import Gu, KillerMove
from .state import Creature, GuState
from .ticks import OrderEffect
from .system import SYSTEM_ID

PRESSURE = 0.5     # share of the bare hit a blow earns by drawing a shield (see GuBot._worth)

FINISH = 0.5       # a knock-out weighed as this share of the target's full HP
FINISH_HARD = 0.75

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


# --- the bots -------------------------------------------------------------------------------------
# A strike's worth and a reaction's chance are the engine's forecast's (forecast.py: odds.py's
# exact enumeration on the engine's modifiers, the damage from the engine's own landing).


class GuBot(BotBase):
    """"normal": strikes for the best expected damage at the most hurt enemy in reach, walks on
    the nearest enemy, answers a hit with the reaction most likely to stop it, always takes an
    attack of opportunity and a counter. "hard" also counts the target's reactions left and
    the chance to finish it, and dodges to the square farthest from its foes. "easy" is
    normal with noise and random picks."""

    def __init__(self, name: str, noise: float = 0.0, random_rate: float = 0.0,
                 hard: bool = False) -> None:
        super().__init__(name, noise, random_rate)
        self.hard = hard

    def choose(self, view: GuState, legal: list, rng: Rng) -> Any:
        legal = self.playable(legal)
        picked = self.random_pick(legal, rng)
        if picked is not None:
            return picked
        fired = [a for a in legal if isinstance(a, UseHeld)]
        if fired:
            return self._held(view, fired)
        reacts = [a for a in legal if isinstance(a, React)]
        if reacts:
            return self._react(view, reacts)
        dodges = [a for a in legal if isinstance(a, DodgeMove)]
        if dodges:
            return self._dodge_to(view, dodges)
        chances = [a for a in legal if isinstance(a, Opportunity)]
        if chances:                          # GU-86/88: a free strike is always worth taking
            return max(chances, key=lambda a: self._opportunity_score(view, a))
        firsts = [a for a in legal if isinstance(a, (GoesFirst, OrderEffect))]
        if firsts:
            # GU-16: the order of start-of-turn effects changes nothing a bot weighs (the
            # engine takes a computer seat's in the order gained, ticks.py); asked anyway (a
            # hint for a human seat), the first offered
            return firsts[0]
        return self._own_turn(view, legal, rng)

    # --- reactions ------------------------------------------------------------------------------
    def _react(self, view: GuState, reacts: list[React]) -> React:
        """The answer most likely to stop the hit (GU-79: one per trigger): a shield Gu takes
        it for sure; dodge and parry by their chance to beat the attack roll already made
        (GU-81/86: the defender answers after seeing it; a tie leaves the hit standing,
        GU-X-05), parry with its +10; taking it when nothing is offered, or when no answer
        has a real chance (the reaction is kept for a later blow, GU-18)."""
        stage = pending.top(view.pending)
        me = view.creatures[reacts[0].actor]
        chances: dict[str, Any] = {}
        if stage is not None and stage.stage == reactions.REACT_STAGE:
            if any(a.reaction == SHIELD for a in reacts):
                return self._react_by_loss(view, stage.data, me, reacts)
            chances = forecast.reaction_odds(view, stage.data, me)

        def score(a: React) -> float:
            if a.reaction == DETONATE:
                return -1.0                           # GU-91: stops nothing, loses the Gu
            if a.reaction == SHIELD:
                return 0.9
            if a.reaction == TAKE:
                return 0.03                           # worth a reaction kept for later
            if a.reaction in chances:
                chance = float(chances[a.reaction])
            elif a.reaction == DODGE:                 # no stage to read: the plain test
                chance = float(odds.p_success(forecast.dodge_check(me)))
            else:
                p = forecast.parry_check(me)
                chance = float(odds.p_success(odds.Check(p.target,
                                                         p.modifier + odds.PARRY_PENALTY)))
            # GU-86: a won parry also earns a counter-attack
            return chance + (0.02 if a.reaction == PARRY else 0.0)
        return max(reacts, key=score)

    @staticmethod
    def _react_by_loss(view: GuState, blow: dict[str, Any], me: Creature,
                       reacts: list[React]) -> React:
        """With a shield Gu on offer (GU-80), the answer that leaves the least HP to lose, as
        the forecast weighs it: the engine's landing with and without each shield, dodge and
        parry by their chance to beat the roll; taking it keeps the reaction (a small
        credit), a parry's counter a small bonus (GU-86)."""
        chances = forecast.reaction_odds(view, blow, me)
        bare = float(forecast.landing(view, blow).dealt_mean)

        def loss(a: React) -> float:
            if a.reaction == DETONATE:
                return bare * 2.0 + 1.0               # stops nothing, loses the Gu (GU-91)
            if a.reaction == SHIELD:
                return float(forecast.landing(view, blow, a.gu).dealt_mean) + 0.05
            if a.reaction == TAKE:
                return bare * 0.97
            stop = float(chances.get(a.reaction, 0))
            return bare * (1.0 - stop) - (0.02 * bare if a.reaction == PARRY else 0.0)
        return min(reacts, key=loss)

    def _dodge_to(self, view: GuState, dodges: list[DodgeMove]) -> DodgeMove:
        """GU-82: the step after a won dodge: hard keeps as far from every enemy as it can,
        normal just steps out of the attacker's reach if it can."""
        me = view.creatures[dodges[0].actor]
        foes = self._enemies(view, me)
        return max(dodges, key=lambda a: min((self._gap(me, a.x, a.y, f) for f in foes),
                                             default=0) if self.hard else
                   min(self._gap(me, a.x, a.y, f) for f in foes[:1]) if foes else 0)

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
            return -1.0
        me = view.creatures[a.actor]
        return self._strike_worth(view, me, view.creatures[a.target], a.strike, a.weapon)

    # --- the own turn ---------------------------------------------------------------------------
    def _own_turn(self, view: GuState, legal: list, rng: Rng) -> Any:
        me = view.acting
        stand = [a for a in legal if isinstance(a, StandUp)]
        if stand:                                                   # GU-151: up first
            return stand[0]
        # plain strikes only: a called shot (a.part) is the same blow at a penalty (GU-59)
        strikes = [a for a in legal if isinstance(a, Strike) and not a.part]
        scored = [(self._strike_score(view, me, a, rng), i, a) for i, a in enumerate(strikes)]
        scored += [(s, len(strikes) + i, a) for i, (s, a) in
                   enumerate(self._activations(view, me, legal, rng))]
        if scored:
            best = max(scored, key=lambda t: (t[0], -t[1]))
            if best[0] > 0.0 or strikes:
                return best[2]
        moves_ = [a for a in legal if isinstance(a, Move)]
        foes = self._enemies(view, me)
        if moves_ and foes:
            here = self._place(me, me.x, me.y, foes)
            best = max(moves_, key=lambda a: self._place(me, a.x, a.y, foes))
            best_value = self._place(me, best.x, best.y, foes)
            if best_value > here + 1e-9:
                return best
        # nothing to do but wait: hold a strike for the first foe that comes within reach
        # (GU-71, enemy_enters_range at the longest reach it may name)
        holds = [a for a in legal if isinstance(a, Hold) and a.held == holding.STRIKE
                 and a.trigger == "enemy_enters_range"]
        if holds and foes:
            return max(holds, key=lambda a: a.range_m)
        return next(a for a in legal if isinstance(a, EndTurn))

    def _strike_score(self, view: GuState, me: Creature, a: Strike, rng: Rng) -> float:
        target = view.creatures[a.target]
        worth = self._strike_worth(view, me, target, a.strike, a.weapon)
        if not view.turn.strikes:                       # the first strike commits the action
            if a.strike == MULTI:
                worth *= attack.multi_count(me)         # GU-52: W strikes at +10 W each
            elif a.strike == PUNCH:
                worth *= max(1, me.arms)                # GU-53: one punch per arm
        worth *= 1.0 + (1.0 - target.hp / max(1, target.max_hp))       # focus fire on the hurt
        if self.hard and target.hp <= worth:
            worth *= 2.0                                # a likely finish is worth more
        if not target.conscious:
            worth *= 0.01       # GU-113: a dying foe is out of the fight, and only an instant
                                # kill ends it (GU-109): strike the standing first
        return self.noisy(worth, rng)

    def _activations(self, view: GuState, me: Creature, legal: list, rng: Rng
                     ) -> list[tuple[float, Any]]:
        """Damage Gu and killer moves (GU-42..49), each worth its forecast: aimed at a standing
        foe, the chance it lands after the foe's best answer times the HP it takes
        (forecast.gu_forecast, the engine's own aim, blow and landing); set off at a square
        (an area, GU-163/164), that worth summed over the foes the engine's area catches,
        less the same over the friends it catches (the user too). Gu aimed at the user or at
        a friend are left alone."""
        out: list[tuple[float, Any]] = []
        each: dict[tuple[str, str], float] = {}

        def one(uid: str, target: Creature) -> float:
            key = (uid, target.id)
            if key not in each:
                f = forecast.gu_forecast(view, me, target, uid)
                worth = self._worth(f, target)
                worth *= 1.0 + (1.0 - target.hp / max(1, target.max_hp))
                if self.hard and target.hp <= worth:
                    worth *= 2.0
                each[key] = worth
            return each[key]

        for a in legal:
            if not isinstance(a, (Activate, Killer)):
                continue
            uid = a.gu if isinstance(a, Activate) else gu.KILLER + a.move
            u = gu.usable(uid)
            if role(u) != "damage":
                continue
            if a.target:
                target = view.creatures.get(a.target)
                if target is None or target.side == me.side or not target.conscious:
                    continue
                out.append((self.noisy(one(uid, target), rng), a))
            elif a.x >= 0 and u.area is not None:
                area = areagu.shape(view, me, u, (a.x, a.y))
                if area is None:
                    continue
                worth = 0.0
                for c in areagu.caught(view, area):
                    if c.side != me.side and c.conscious:
                        worth += one(uid, c)
                    elif c.side == me.side:
                        worth -= 1.5 * one(uid, c)
                out.append((self.noisy(worth, rng), a))
        return out

    def _strike_worth(self, view: GuState, me: Creature, target: Creature, kind: str,
                      weapon: str) -> float:
        """Expected damage of one strike from the engine's forecast: the chance it lands
        after the defender's best reaction times the HP it takes; hard also counts the
        chance to put the target out of the fight (a drop, final stand to dying)."""
        return self._worth(forecast.strike_forecast(view, me, target, kind, weapon), target)

    def _worth(self, f: forecast.StrikeForecast, target: Creature) -> float:
        """A blow's worth: the HP it takes on average (the forecast's landing, halfway between
        its lowest and highest dice) after the defender's best answer. A shield Gu soaks most
        blows whole (GU-80), yet raising it spends one of the target's reactions this round
        (GU-18) and its essence, so the blow that forces it counts a share of the bare hit:
        the team's next blows at that target meet no answer. Every level counts the chance to
        put the target out of the fight (a drop, final stand to dying), hard more."""
        worth = float(f.hit) * f.landing.dealt_mean
        if f.shield and f.bare is not None:
            worth += PRESSURE * float(f.odds.after_best) * f.bare.dealt_mean
        # a creature at 0 HP in final stand loses no more HP, only its footing (GU-94..96):
        # the chance to drop it or push it to dying is what a blow at it is worth
        worth += float(f.drop + f.dying + f.dead) * target.max_hp * (FINISH_HARD if self.hard
                                                                      else FINISH)
        return worth

    # --- where to stand -------------------------------------------------------------------------
    @staticmethod
    def _enemies(view: GuState, me: Creature) -> list[Creature]:
        return [c for c in view.creatures.values() if c.side != me.side and c.conscious]

    @staticmethod
    def _gap(me: Creature, x: int, y: int, foe: Creature) -> int:
        return cells_distance(block_at(x, y, me.size), foe.cells())

    def _place(self, me: Creature, x: int, y: int, foes: list[Creature]) -> float:
        """Standing at (x, y): as close as it gets to the most hurt of the nearest foes."""
        gaps = [(self._gap(me, x, y, f), f.hp / max(1, f.max_hp)) for f in foes]
        near = min(g for g, _ in gaps)
        focus = min(gaps, key=lambda g: (g[1] > 0.5, g[0]))[0]
        return -float(near) - 0.25 * float(focus)


for _level, _noise, _random, _hard in (("easy", 2.0, 0.15, False), ("normal", 0.0, 0.0, False),
                                       ("hard", 0.0, 0.0, True)):
    register_bot(SYSTEM_ID, _level)(
        lambda level=_level, noise=_noise, rate=_random, hard=_hard:
        GuBot(f"gu_masters {level}", noise, rate, hard))

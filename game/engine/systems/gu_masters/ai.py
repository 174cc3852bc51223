"""Gu Masters bots: advance on the enemy, strike with the best expected damage, focus the hurt,
use Gu by what their effects do, answer every reaction prompt by its odds, never stall.

Owns: `GuBot` on tactics.bots.BotBase and its registration for "easy", "normal" and "hard";
`role(gu)`, what a Gu (or killer move) is good for in a bot's eyes, read from its content
effects (one AI hint per verb, STYLE habit 7).

Must not: read the real match or its generator (a bot has its seat's redacted view, the legal
actions and its own forked generator), or compute a rule: chances and damage come from the
engine's offers and forecasts (odds.py, the reaction offers' own odds), reach and costs from
the legal list.
"""
from __future__ import annotations

from typing import Any

from game.engine.actions import EndTurn
from game.engine.rng import Rng
from game.engine.tactics.bots import BotBase, register_bot
from game.engine.tactics.footprint import block_at, cells_distance

from . import attack, damage, gu, moves, odds, reactions
from .actions import (BITE, DODGE, KICK, MULTI, PARRY, PUNCH, SHIELD, WEAPON, DodgeMove,
                      GoesFirst, Move, Opportunity, React, StandUp, Strike)
from .content import Gu, KillerMove, load_content
from .state import Creature, GuState
from .system import SYSTEM_ID

ROLES = ("damage", "shield", "heal", "buff", "flight", "other")


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
# A strike's worth is the chance it lands (odds.py on the engine's own modifiers; for hard, after
# the defender's likeliest reaction) times its damage from damage.py, the numbers' one home.


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
        reacts = [a for a in legal if isinstance(a, React)]
        if reacts:
            return self._react(view, reacts)
        dodges = [a for a in legal if isinstance(a, DodgeMove)]
        if dodges:
            return self._dodge_to(view, dodges)
        chances = [a for a in legal if isinstance(a, Opportunity)]
        if chances:                          # GU-86/88: a free strike is always worth taking
            return max(chances, key=lambda a: self._opportunity_score(view, a))
        firsts = [a for a in legal if isinstance(a, GoesFirst)]
        if firsts:
            return firsts[0]
        return self._own_turn(view, legal, rng)

    # --- reactions ------------------------------------------------------------------------------
    def _react(self, view: GuState, reacts: list[React]) -> React:
        """The answer most likely to stop the hit (GU-79: one per trigger): a shield Gu takes
        it for sure, dodge and parry by their chance to succeed on the engine's modifiers;
        taking it only when nothing else is offered."""
        def score(a: React) -> float:
            me = view.creatures[a.actor]
            if a.reaction == SHIELD:
                return 0.9
            if a.reaction == DODGE:
                return float(odds.p_success(odds.Check(me.skills.get("Dodge", 0),
                                                       _total(moves.dodge_mods(me)))))
            if a.reaction == PARRY:
                # GU-86: +10 on the test, and a won parry also earns a counter-attack
                return float(odds.p_success(odds.Check(me.skills.get("Close Combat", 0),
                                                       reactions.PARRY_PENALTY))) + 0.02
            return -1.0
        return max(reacts, key=score)

    def _dodge_to(self, view: GuState, dodges: list[DodgeMove]) -> DodgeMove:
        """GU-82: the step after a won dodge: hard keeps as far from every enemy as it can,
        normal just steps out of the attacker's reach if it can."""
        me = view.creatures[dodges[0].actor]
        foes = self._enemies(view, me)
        return max(dodges, key=lambda a: min((self._gap(me, a.x, a.y, f) for f in foes),
                                             default=0) if self.hard else
                   min(self._gap(me, a.x, a.y, f) for f in foes[:1]) if foes else 0)

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
        strikes = [a for a in legal if isinstance(a, Strike)]
        if strikes:
            return max(strikes, key=lambda a: self._strike_score(view, me, a, rng))
        moves_ = [a for a in legal if isinstance(a, Move)]
        foes = self._enemies(view, me)
        if moves_ and foes:
            here = self._place(me, me.x, me.y, foes)
            best = max(moves_, key=lambda a: self._place(me, a.x, a.y, foes))
            best_value = self._place(me, best.x, best.y, foes)
            if best_value > here + 1e-9:
                return best
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
        if target.condition != "up":
            worth *= 0.5                                # already out of the fight
        return self.noisy(worth, rng)

    def _strike_worth(self, view: GuState, me: Creature, target: Creature, kind: str,
                      weapon: str) -> float:
        """Expected damage of one strike: the chance its roll succeeds (odds.py on the engine's
        attack modifiers; GU-50: sure against a target that cannot move) times its damage
        (damage.py). Hard also counts the defender's likeliest reaction, which a target
        with no reactions left (GU-18) cannot take."""
        if moves.can_move(target):
            mods = _total(attack.attack_mods(view, me, target, kind))
            p = float(odds.p_success(odds.Check(me.skills.get("Close Combat", 0), mods)))
            if self.hard and target.reactions > 0 and target.conscious:
                p *= 1.0 - self._stop_chance(target)
        else:
            p = 1.0
        return p * self._damage(me, kind, weapon)

    @staticmethod
    def _stop_chance(target: Creature) -> float:
        """The defender's likelier of dodge and parry succeeding (GU-81, GU-86), as a rough
        ceiling on how often it stops a hit (the opposed roll only lowers it)."""
        dodge = odds.p_success(odds.Check(target.skills.get("Dodge", 0),
                                          _total(moves.dodge_mods(target))))
        parry = odds.p_success(odds.Check(target.skills.get("Close Combat", 0),
                                          reactions.PARRY_PENALTY))
        return 0.5 * float(max(dodge, parry))

    @staticmethod
    def _damage(me: Creature, kind: str, weapon: str) -> int:
        strength = gu.attribute(me, "Strength")
        if kind in (WEAPON, MULTI):
            w = load_content().weapons.get(weapon)
            return damage.weapon_damage(w.damage if w is not None else 0, strength)
        if kind == PUNCH:
            return damage.punch_damage(strength) - damage.punch_recoil(
                damage.punch_damage(strength), gu.recoil_cut(me))
        if kind == KICK:
            return damage.kick_damage(strength)
        if kind == BITE:
            return damage.bite_damage(strength)
        return 1

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


def _total(mods: tuple[tuple[str, int], ...]) -> int:
    return sum(v for _, v in mods)


for _level, _noise, _random, _hard in (("easy", 2.0, 0.15, False), ("normal", 0.0, 0.0, False),
                                       ("hard", 0.0, 0.0, True)):
    register_bot(SYSTEM_ID, _level)(
        lambda level=_level, noise=_noise, rate=_random, hard=_hard:
        GuBot(f"gu_masters {level}", noise, rate, hard))

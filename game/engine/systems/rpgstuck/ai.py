"""RPGStuck bots: advance, attack the enemy they can hurt most (focus fire), Aim first, Block
when attacked, Avert with a spare minor action, keep ranged fighters at range and in cover.

Owns: `RpgBot` on tactics.bots.BotBase and its registration per difficulty. "normal" weighs
attacks by expected damage and prefers the weakest target; "hard" also weighs how likely a hit
is to drop the target, takes Assail instead of Aim when the forecast says it pays, and keeps its
ranged fighters in cover and darkness; "easy" is normal with noise and random picks. Without
an enemy in view the bots head for the last known squares, else for the enemy side's spawns.

Must not: read the real match or its generator (it has the seat's redacted view, the legal
actions and its own forked generator), or compute a rule: hit chances and damage come from the
engine's forecast (forecast.py), reach and range from rules.py and attack.py.
"""
from __future__ import annotations

from typing import Any

from game.engine.actions import EndTurn
from game.engine.rng import Rng
from game.engine.tactics.bots import BotBase, register_bot

from . import forecast, house, mount
from .arith import observe, sees_cell
from .attack import distance_to_cell
from .actions import (Aim, Assail, Attack, Avert, Block, Dash, Fly, HoldAloft, Move, Opportunity,
                      Resist, StandUp)
from .profiles import is_attack, profile
from .state import Creature, RpgState
from .system import SYSTEM_ID


class RpgBot(BotBase):
    def __init__(self, name: str, noise: float = 0.0, random_rate: float = 0.0,
                 hard: bool = False) -> None:
        super().__init__(name, noise, random_rate)
        self.hard = hard

    def choose(self, view: RpgState, legal: list, rng: Rng) -> Any:
        legal = self.playable(legal)
        picked = self.random_pick(legal, rng)
        if picked is not None:
            return picked
        resists = [a for a in legal if isinstance(a, Resist)]
        if resists:                              # SM-20 asked: the better skill
            return max(resists, key=lambda a: view.creatures[a.unit].skills[a.skill])
        blocks = [a for a in legal if isinstance(a, Block)]
        if blocks:
            return self._block(view, blocks)
        chances = [a for a in legal if isinstance(a, Opportunity)]
        if chances:                              # B-26 option: the best blow, else let it go
            return max(chances, key=lambda a: self._opportunity_score(view, a, rng))
        holds = [a for a in legal if isinstance(a, HoldAloft)]
        if holds:                                # RS-75 (c): drop a foe, try to save a friend
            held = view.creatures[holds[0].target]
            how = "let_go" if held.side != view.creatures[holds[0].unit].side else "check"
            return next(a for a in holds if a.how == how)
        me = view.acting
        kinds = {type(a) for a in legal}
        if self._flees(view, me):                   # SM-05, RS-130: a lone mount runs
            away = [a for a in legal if isinstance(a, Move)]
            if away:
                return max(away, key=lambda a: self._gap(view, me, a.x, a.y))
            return next(a for a in legal if isinstance(a, EndTurn))
        if StandUp in kinds:
            return next(a for a in legal if isinstance(a, StandUp))
        # an attack at a square where the seat sees nobody is a guess: worth it only when no
        # creature in view can be attacked and there is nowhere better to go
        attacks = [a for a in legal if isinstance(a, Attack)
                   and any(view.at(*cell) is not None for cell in a.targets)]
        if attacks:
            best = max(attacks, key=lambda a: self._attack_score(view, me, a, rng))
            if Aim in kinds and view.turn.aim == 0 and not view.turn.assail \
                    and view.turn.minor:
                if self.hard and self._assail_pays(view, me, best):
                    return Assail(me.id)         # B-12: more damage beats a likelier hit here
                return Aim(me.id)            # B-12: a d4 on the coming roll costs nothing else
            return best
        flight = self._fly(view, me, legal)
        if flight is not None:
            return flight
        moves = [a for a in legal if isinstance(a, Move)]
        if moves:
            here = self._place_score(view, me, me.x, me.y, rng)
            best_move = max(moves, key=lambda a: self._place_score(view, me, a.x, a.y, rng))
            if self._place_score(view, me, best_move.x, best_move.y, rng) > here + 1e-9:
                return best_move
        guesses = [a for a in legal if isinstance(a, Attack) and not a.part
                   and profile(view, me, a.ability).damage
                   and any(cell in self._unseen_known(view, me) for cell in a.targets)]
        if guesses:                # RS-102/103: at disadvantage, and a wrong square just misses
            return max(guesses, key=lambda a: self._guess_score(view, me, a))
        if Dash in kinds and view.turn.move_left < 5 and self._far(view, me):
            return Dash(me.id)
        if Avert in kinds and not me.has("averting"):
            return Avert(me.id)
        return next(a for a in legal if isinstance(a, EndTurn))

    # --- judging ----------------------------------------------------------------------------------
    def _flees(self, view: RpgState, me: Creature) -> bool:
        """SM-05 (table option, on by default): a mount whose rider is down and that has no
        ally left standing tries to get away (RS-130)."""
        return (bool(house.read(view, "mount_flees")) and mount.willing(view, me)
                and not any(c.up and c.side == me.side and c.id != me.id
                            for c in view.creatures.values()))

    def _gap(self, view: RpgState, me: Creature, x: int, y: int) -> int:
        """Squares from (x, y) to the nearest enemy the seat knows of."""
        ox, oy = me.x, me.y
        me.x, me.y = x, y                    # the view is the bot's own copy
        try:
            return min((distance_to_cell(me, (gx, gy)) for gx, gy, _ in self._goals(view, me)),
                       default=0)
        finally:
            me.x, me.y = ox, oy

    def _block(self, view: RpgState, blocks: list) -> Any:
        """Block whenever offered: the reaction comes back at the creature's own turn start and
        no other reaction competes for it (the odds only ever improve, RS-28)."""
        return next(a for a in blocks if a.block)

    def _attack_score(self, view: RpgState, me: Creature, a: Attack, rng: Rng) -> float:
        score = 0.0
        for cell in a.targets:
            d = view.at(*cell)
            if d is None or d.side == me.side:
                continue
            f = forecast.predict(view, me, a.ability, d, aim=1 if view.turn.minor else 0,
                                 part=a.part, trade=a.trade)
            value = f.expected
            if not value:
                continue                  # Pratfall's pull: the forecast prices no collision
            if self.hard:
                value += 2.0 * f.drop * d.max_hp / max(1, d.hp)
            value += 0.5 * (1 - d.hp / max(1, d.max_hp))      # focus fire on the hurt
            score += value
        return self.noisy(score, rng)

    def _opportunity_score(self, view: RpgState, a: Opportunity, rng: Rng) -> float:
        """An opportunity attack's expected damage (the engine's forecast); 0 to let it go."""
        if not a.ability:
            return 0.0
        me, d = view.creatures[a.unit], view.creatures[a.target]
        return 0.01 + self.noisy(forecast.predict(view, me, a.ability, d).expected, rng)

    def _fly(self, view: RpgState, me: Creature, legal: list) -> Fly | None:
        """A flier keeps 5 ft up (B-25): its flying speed, and still within a 5 ft reach of the
        ground; from higher it comes down to there, from the ground it takes off."""
        heights = sorted(a.altitude for a in legal if isinstance(a, Fly))
        if me.altitude == 5 or not heights:
            return None
        if me.altitude > 5 and heights[0] < me.altitude:
            return Fly(me.id, 5 if 5 in heights else heights[0])
        if me.altitude == 0 and 5 in heights and me.fly > me.speed:
            return Fly(me.id, 5)
        return None

    def _assail_pays(self, view: RpgState, me: Creature, a: Attack) -> bool:
        """Whether Assail's extra damage beats Aim's die for this attack (the forecast's
        expected damage of each)."""
        d = view.at(*a.targets[0])
        if d is None:
            return False
        aim = forecast.predict(view, me, a.ability, d, aim=1)
        assail = forecast.predict(view, me, a.ability, d, assail=True)
        return (assail.drop, assail.expected) > (aim.drop, aim.expected)

    def _unseen_known(self, view: RpgState, me: Creature) -> set[tuple[int, int]]:
        """Last known squares of enemies out of the seat's view (a walk that bumped into one,
        or where it was last seen) that nobody of the side sees standing empty."""
        return {(x, y) for x, y, hp in self._goals(view, me) if hp == 999
                and (x, y) in {tuple(v) for v in view.last_seen.get(str(me.side), {}).values()}}

    def _guess_score(self, view: RpgState, me: Creature, a: Attack) -> int:
        known = self._unseen_known(view, me)
        return sum(1 for cell in a.targets if cell in known)

    def _enemies(self, view: RpgState, me: Creature) -> list[Creature]:
        return [d for d in view.creatures.values() if d.side != me.side and d.up]

    def _goals(self, view: RpgState, me: Creature) -> list[tuple[int, int, int]]:
        """Where the enemy is, as the seat knows it: (x, y, hp) of each enemy in view, else the
        last known squares of those out of view, else the enemy side's spawns on the map."""
        seen = [(d.x, d.y, d.hp) for d in self._enemies(view, me)]
        if seen:
            return seen
        mine = [c for c in view.creatures.values() if c.side == me.side and c.up]

        def stale(x: int, y: int) -> bool:       # in plain view and nobody there: moved on
            return any(observe(view, c, [(x, y)]).seen for c in mine)
        known = [(x, y, 999) for cid, (x, y) in view.last_seen.get(str(me.side), {}).items()
                 if cid not in view.creatures and not stale(x, y)]
        if known:
            return known
        spawns = [(o.x, o.y, 999) for side, objs in view.board.spawns_by_side().items()
                  if side != me.side for o in objs if not stale(o.x, o.y)]
        if spawns:
            return spawns
        w, h = view.board.width, view.board.height
        return [(w // 2, h // 2, 999)]

    def _far(self, view: RpgState, me: Creature) -> bool:
        goals = self._goals(view, me)
        return bool(goals) and min(distance_to_cell(me, (x, y)) for x, y, _ in goals) > 2

    def _place_score(self, view: RpgState, me: Creature, x: int, y: int, rng: Rng) -> float:
        """How good standing at (x, y) is: close enough to attack the weakest enemy (melee: next
        to it; ranged: within range but not adjacent), and for hard bots, in cover."""
        goals = self._goals(view, me)
        if not goals:
            return 0.0
        ox, oy = me.x, me.y
        me.x, me.y = x, y                    # the view is the bot's own copy
        try:
            best_reach = max((profile(view, me, aid).reach for aid in me.actions
                              if is_attack(view, aid) and profile(view, me, aid).damage),
                             default=1)            # Pratfall's reach makes nobody an archer
            ranged = best_reach > 1
            score = 0.0
            tx, ty, _hp = min(goals, key=lambda g: (g[2], distance_to_cell(me, (g[0], g[1]))))
            dist = distance_to_cell(me, (tx, ty))
            nearest = min(distance_to_cell(me, (gx, gy)) for gx, gy, _ in goals)
            if ranged:
                score -= max(0, dist - best_reach) * 2
                if nearest <= 1:
                    score -= 3
                if dist <= best_reach and not sees_cell(view, me, (tx, ty)):
                    score -= 2                   # in range but no line to shoot along
            else:
                score -= dist * 2
            if self.hard and ranged:
                score += 0.5 * forecast.shelter(view, me, self._enemies(view, me))
        finally:
            me.x, me.y = ox, oy
        return self.noisy(score, rng)

for _level, _noise, _random, _hard in (("easy", 2.0, 0.15, False), ("normal", 0.0, 0.0, False),
                                       ("hard", 0.0, 0.0, True)):
    register_bot(SYSTEM_ID, _level)(
        lambda level=_level, noise=_noise, rate=_random, hard=_hard:
        RpgBot(f"rpgstuck {level}", noise, rate, hard))

"""toy_grid bots: strike when it can, parry every hit, else walk towards the nearest enemy.

Owns: `ToyBot` on tactics.bots.BotBase (surrender aside, random picks and noise for "easy") and
its registration per difficulty. Must not: read the real match or its generator.
"""
from __future__ import annotations

from typing import Any

from game.engine.actions import EndTurn
from game.engine.boards.square import chebyshev
from game.engine.rng import Rng
from game.engine.tactics.bots import BotBase, register_bot

from .actions import Attack, Move, Parry
from .mapcheck import SYSTEM_ID


class ToyBot(BotBase):
    def choose(self, view: dict, legal: list, rng: Rng) -> Any:
        legal = self.playable(legal)
        picked = self.random_pick(legal, rng)
        if picked is not None:
            return picked
        for a in legal:
            if isinstance(a, (Attack, Parry)) and getattr(a, "parry", True):
                return a
        moves = [a for a in legal if isinstance(a, Move)]
        if not moves:
            return next(a for a in legal if isinstance(a, EndTurn))
        me = view["units"][moves[0].unit]
        foes = [(u["x"], u["y"]) for u in view["units"].values()
                if u["hp"] > 0 and u["side"] != me["side"]]

        def score(a: Move) -> float:
            return -self.noisy(min(chebyshev((a.x, a.y), f) for f in foes), rng)
        best = max(moves, key=score)
        here = min(chebyshev((me["x"], me["y"]), f) for f in foes)
        # standing next to an enemy already (the strike was spent): stay and end the turn
        return best if min(chebyshev((best.x, best.y), f) for f in foes) < here or here > 1 \
            else next(a for a in legal if isinstance(a, EndTurn))


for _level, _noise, _random in (("easy", 2.0, 0.2), ("normal", 0.0, 0.0)):
    register_bot(SYSTEM_ID, _level)(
        lambda level=_level, noise=_noise, rate=_random: ToyBot(f"toy {level}", noise, rate))

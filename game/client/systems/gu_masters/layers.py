"""gu_masters on the battle map, plugged in by `attach(scene)` (this system's `battle_extras`):
the badge colours of its statuses and life states, and the height digits (the E key) reading
the map's `elevation_m` in metres.

Must not: decide a rule or read the state (the presenter gives the badges; the board gives the
heights).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.client.render import sprites
from game.client.systems.gu_masters import looks

if TYPE_CHECKING:
    from game.client.scenes.battle import BattleScene

HEIGHT_PROP = "elevation_m"


def attach(scene: "BattleScene") -> None:
    for letters, colour in list(looks.STATUSES.values()) + list(looks.LIFE.values()):
        sprites.BADGE_COLOURS.setdefault(letters, colour)
    sprites.BADGE_COLOURS.setdefault(looks.INJURY[0], looks.INJURY[1])
    scene.view.elevation_prop = HEIGHT_PROP

"""gu_masters on the battle map, plugged in by `attach(scene)` (this system's `battle_extras`):
the badge colours of its statuses and life states, the height digits (the E key) reading
the map's `elevation_m` in metres, the mark on each square where the viewing seat last saw an
enemy now hidden from it (GU-13), and the Gu bar (gubar.py), a row under the map.

Must not: decide a rule or read the state (the presenter gives the badges, the last-seen
squares and the Gu bar's buttons; the board gives the heights).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.client import resources
from game.client.render import sprites
from game.client.systems.gu_masters import looks

if TYPE_CHECKING:
    from game.client.scenes.battle import BattleScene

HEIGHT_PROP = "elevation_m"
LAST_SEEN = (196, 206, 255)        # cool: information, not danger


class LastSeen:
    """A ring of dots with a question mark where the viewing seat last saw a hidden enemy."""

    def __init__(self, scene: "BattleScene"):
        self.scene = scene

    def __call__(self, surface: pygame.Surface, view: Any) -> None:
        marks = self.scene.ask(self.scene.presenter.last_known)
        if not marks:
            return
        px = max(8, int(view.tile))
        font = resources.font(max(12, px // 2), bold=True)
        dot = max(1, px // 20)
        for cell, size, _name in marks:
            r = view.cell_rect(cell, size)
            radius = r.w * 0.38
            for i in range(16):
                a = i * math.pi / 8
                pygame.draw.circle(surface, LAST_SEEN, (r.centerx + radius * math.cos(a),
                                                        r.centery + radius * math.sin(a)), dot)
            q = font.render("?", True, LAST_SEEN)
            surface.blit(q, q.get_rect(center=r.center))


def attach(scene: "BattleScene") -> None:
    from game.client.systems.gu_masters.gubar import GuBar
    for letters, colour in list(looks.STATUSES.values()) + list(looks.LIFE.values()):
        sprites.BADGE_COLOURS.setdefault(letters, colour)
    sprites.BADGE_COLOURS.setdefault(looks.INJURY[0], looks.INJURY[1])
    sprites.BADGE_COLOURS.setdefault("H", looks.HIDDEN)
    scene.view.elevation_prop = HEIGHT_PROP
    scene.view.layers_above.append(LastSeen(scene))
    scene.widgets.append(GuBar(scene))

"""RPGStuck's own layers on the battle map, plugged in by `attach(scene)` (this system's
`battle_extras`): the light of the map as a veil (dim squares shaded, dark ones shaded deeper,
RS-101 with the map's sources counted), the squares where the viewing side last saw each enemy
it no longer perceives (issue #13), drawn as a dashed outline with a question mark, the tools
knocked out of their wielders' hands lying on the map (AMB-09), and while a
target is being chosen, each target's cover and light in a tag above it.

Must not: decide a rule or read the state itself: the light and the last known squares come from
the presenter, which asks the engine and the engine's view for the viewing seat.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.client import resources
from game.client.render import sprites

if TYPE_CHECKING:
    from game.client.scenes.battle import BattleScene

#: light -> veil colour and alpha (a cool night blue, so a dark square still shows its art)
VEIL = {"dim": ((10, 14, 40), 70), "dark": ((4, 6, 20), 150)}
LAST_SEEN = (255, 212, 138)
TAG_TEXT = (250, 244, 230)
TAG_BACK = (20, 23, 29)
TOOL = (214, 220, 228)
#: badge colours of our conditions (letters as in looks.CONDITIONS)
BADGES = {"R": (60, 130, 80), "P": (200, 120, 50), "KO": (120, 40, 40), "H": (70, 70, 110),
          "D": (60, 110, 170), "G": (150, 110, 40), "Av": (70, 120, 170),
          "Mk": (170, 60, 140)}


class LightVeil:
    """Shades each dim and dark square: one picture of the whole map per zoom (a board's light
    never changes), moved with the camera (one made for the view at every camera move was a few
    hundred fills in the frame the camera followed a unit)."""

    def __init__(self, scene: "BattleScene"):
        self.scene = scene
        self._key: Any = None
        self._pic: pygame.Surface | None = None
        self._light: dict | None = None

    def __call__(self, surface: pygame.Surface, view: Any) -> None:
        if self._light is None:
            self._light = self.scene.presenter.light()      # a board's light never changes
        if not self._light:
            return
        key = (view.zoom, view.world_size())
        if key != self._key or self._pic is None:
            pic = pygame.Surface(view.world_size(), pygame.SRCALPHA)
            for cell, level in self._light.items():
                colour, alpha = VEIL[level]
                pic.fill((*colour, alpha), view.world_rect(cell))
            self._pic, self._key = pic, key
        view.blit_world(surface, self._pic)


class LastSeen:
    """A dashed outline and a question mark where the viewing side last saw an enemy."""

    def __init__(self, scene: "BattleScene"):
        self.scene = scene

    def __call__(self, surface: pygame.Surface, view: Any) -> None:
        marks = self.scene.ask(self.scene.presenter.last_known)
        if not marks:
            return
        px = max(8, int(view.tile))
        font = resources.font(max(12, px // 2), bold=True)
        for cell, size, _name in marks:
            r = view.cell_rect(cell, size).inflate(-max(4, px // 8), -max(4, px // 8))
            _dashed_rect(surface, LAST_SEEN, r, max(2, px // 24), max(4, px // 6))
            q = font.render("?", True, LAST_SEEN)
            surface.blit(q, q.get_rect(center=r.center))


class DroppedTools:
    """A small crossed-blades mark on each square where a tool knocked from its wielder's hands
    lies (AMB-09), so a player sees what can be picked up."""

    def __init__(self, scene: "BattleScene"):
        self.scene = scene

    def __call__(self, surface: pygame.Surface, view: Any) -> None:
        tools = self.scene.ask(self.scene.presenter.dropped_tools)
        if not tools:
            return
        px = max(8, int(view.tile))
        w = max(2, px // 12)
        for cell, _what in tools:
            r = view.cell_rect(cell).inflate(-px // 3, -px // 3)
            pygame.draw.ellipse(surface, TAG_BACK, r.inflate(px // 8, px // 8))
            pygame.draw.line(surface, TOOL, r.topleft, r.bottomright, w)
            pygame.draw.line(surface, TOOL, r.topright, r.bottomleft, w)
            pygame.draw.ellipse(surface, LAST_SEEN, r.inflate(px // 8, px // 8), max(1, w // 2))


class TargetTags:
    """While a target is being chosen, a small tag above each target saying its cover and
    light (drawn over the tokens, so it is never hidden under the one it names)."""

    def __init__(self, scene: "BattleScene"):
        self.scene = scene

    def __call__(self, surface: pygame.Surface, view: Any) -> None:
        scene = self.scene
        if not scene.human_turn():
            return
        tags = scene.ask(scene.presenter.target_tags, scene.effective_mode())
        if not tags:
            return
        px = max(8, int(view.tile))
        font = resources.font(max(10, min(15, px // 3)), bold=True)
        for cell, size, words in tags:
            r = view.cell_rect(cell, size)
            text = font.render(words, True, TAG_TEXT)
            box = text.get_rect().inflate(8, 2)
            box.midbottom = (r.centerx, r.y + 1)
            pygame.draw.rect(surface, TAG_BACK, box, border_radius=4)
            pygame.draw.rect(surface, LAST_SEEN, box, 1, border_radius=4)
            surface.blit(text, text.get_rect(center=box.center))


def _dashed_rect(surface: pygame.Surface, colour, r: pygame.Rect, width: int, dash: int) -> None:
    for (ax, ay), (bx, by) in (((r.left, r.top), (r.right, r.top)),
                               ((r.right, r.top), (r.right, r.bottom)),
                               ((r.right, r.bottom), (r.left, r.bottom)),
                               ((r.left, r.bottom), (r.left, r.top))):
        length = max(abs(bx - ax), abs(by - ay))
        for s in range(0, length, 2 * dash):
            e = min(length, s + dash)
            k0, k1 = s / length, e / length
            pygame.draw.line(surface, colour, (ax + (bx - ax) * k0, ay + (by - ay) * k0),
                             (ax + (bx - ax) * k1, ay + (by - ay) * k1), width)


def attach(scene: "BattleScene") -> None:
    """RPGStuck on the battle screen: the light veil and last known squares under the tokens,
    the targets' tags over them, and the badge colours of its conditions."""
    for glyph, colour in BADGES.items():
        sprites.BADGE_COLOURS.setdefault(glyph, colour)
    scene.view.layers_below.append(LightVeil(scene))
    scene.view.layers_below.append(LastSeen(scene))
    scene.view.layers_below.append(DroppedTools(scene))
    scene.view.layers_above.append(TargetTags(scene))

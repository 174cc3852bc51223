"""Bindings' own parts of the battle screen: the segment timeline in the initiative bar's place
and the things in flight drawn on the map, plugged in by `attach(scene)` (this system's
`battle_extras` in its client registration).

Must not: decide a rule; the timeline and the flight overlay draw what timing.py reads from
the state and the engine's own helpers.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.client.render import sprites
from game.client.systems.bindings import flight, timing
from game.client.systems.bindings.timeline import Timeline

if TYPE_CHECKING:
    from game.client.scenes.battle import BattleScene


class _TimelineBar:
    """The segment timeline (timeline.py) in the initiative bar's place: the same draw and
    unit_at calls the scene makes, plus its own tooltips."""

    def __init__(self, scene: "BattleScene"):
        self.scene = scene
        self.bar = Timeline(scene.text)
        self.hover: str | None = None
        self._key: Any = None
        self._orders: dict = {}
        self._view: Any = None

    @property
    def rect(self) -> pygame.Rect:
        return self.bar.rect

    @rect.setter
    def rect(self, value: pygame.Rect) -> None:
        self.bar.rect = pygame.Rect(value)

    shows_status = False            # the scene puts who decides in a chip on the map

    def preferred_height(self) -> int:
        return self.bar.BASE_HEIGHT

    def draw(self, surface: pygame.Surface, entries, round_no: int, portrait, status: str = "") -> None:
        m = self.scene.match
        key = m.version
        if key != self._key:
            # the orders past segments really had (leads included), from the events so far
            self._key = key
            self._orders = timing.orders_from_events(m.history)
            self._view = timing.timeline_view(m.state, self._orders)
        self.bar.draw(surface, self._view, hover=self.hover)

    def unit_at(self, pos) -> str | None:
        return self.bar.at(pos)

    def tip_at(self, pos):
        return self.bar.tip_at(pos)


class _FlightAnims:
    """The flight overlay as one of the scene's animators: it slides projectiles by itself
    (comparing states), so events need not be played; skipping and the speed setting apply."""

    def __init__(self, overlay: Any):
        self.overlay = overlay

    @property
    def animating(self) -> bool:
        return self.overlay.animating

    def play(self, events: list) -> None:
        pass

    def skip(self) -> None:
        self.overlay.skip()

    @property
    def speed(self) -> float:
        return self.overlay.speed

    @speed.setter
    def speed(self, value: float) -> None:
        self.overlay.speed = value


def attach(scene: "BattleScene") -> None:
    """Bindings on the battle screen: the segment timeline on top, things in flight on the map
    (game.client.systems.bindings.flight), and the badge colours of its conditions."""
    p = scene.presenter
    for cond in p.look.conditions:
        glyph, colour = p.condition_glyph(cond)
        if colour is not None:
            sprites.BADGE_COLOURS.setdefault(glyph, colour)
    for glyph, colour in (("M", (70, 140, 90)), ("P", (200, 120, 50)), ("R", (150, 110, 40)),
                          ("D", (60, 110, 170))):
        sprites.BADGE_COLOURS.setdefault(glyph, colour)
    scene.initiative = _TimelineBar(scene)
    scene.top_height = scene.initiative.preferred_height()

    memo: dict[str, Any] = {"key": None, "line": None}

    def sight_line():
        # the targeting line for the hovered target, drawn by the flight overlay; worked
        # out once per state, mode and hovered hex
        mode = scene.effective_mode()
        # the match changes its state in place: its version names the position
        key = (scene.match.version, mode, scene.selected, scene.hover_cell)
        if key != memo["key"]:
            memo["key"], memo["line"] = key, None
            got = p.sight_query(mode, scene.selected, scene.hover_cell)
            if got is not None:
                memo["line"] = timing.sight_view(scene.match.state, *got)
        return memo["line"]

    seen: dict[str, Any] = {"version": None, "view": None}

    def flight_seen():
        # what is in flight is a function of the position: worked out once per match.version,
        # not every frame (it previews each attack's next hexes)
        if seen["version"] != scene.match.version:
            seen["version"], seen["view"] = scene.match.version, timing.flight_view(scene.match.state)
        return seen["view"]

    def draw(surface, view):
        line = sight_line()
        flight.board_layer(surface, view, scene.match.state, line, flight_seen())
        ov = flight.overlay_for(view)
        if line is None:
            ov.sight = None
    scene.view.layers_below.append(draw)
    scene.anim_extras.append(_FlightAnims(flight.overlay_for(scene.view)))
    p.own_sight = False         # the overlay draws the line, its cover and concealment

"""Between two battles of a series: the rests the rules offer, the numbers to choose for them
(e.g. hit dice per creature, with the gain they are expected to bring), what a rest did, and
the next battle.

Owns: the rest screen of a `game.engine.series.Series` whose last battle is recorded. Every
option, limit and expected gain comes from the series (`rest_options`, the system's hooks);
taking a rest and starting the next battle go through `Series.rest` and `Series.next_battle`.

Must not: decide a rule (what a rest gives, whether it is allowed) or name a system.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game import paths
from game.client.scene import Transition, push, reset
from game.client.ui import draw, saving
from game.client.ui.base import UIScene
from game.client.ui.dialogs import ErrorDialog
from game.engine.carry import RestOption, SeriesError
from game.engine.rules import ConfigError
from game.engine.saves import SaveError
from game.engine.series import Series

if TYPE_CHECKING:
    from game.client.app import App

LINE = 30


def series_file() -> Path:
    """Where the series being played is kept (one at a time; "Continue series" reads it)."""
    return paths.user_data_dir() / "series.json"


def keep(app: "App", series: Series) -> None:
    """Write the series file (atomically); a failure is logged, play goes on."""
    try:
        series.save(series_file())
    except SaveError as exc:
        app.log_exception(exc)


def continue_series(app: "App") -> Transition:
    """Open the kept series: its battle in progress (from that battle's start) or its rest."""
    try:
        series = Series.load(series_file())
    except SaveError as exc:
        return push(ErrorDialog(app, "The series cannot be continued", str(exc)))
    app.series = series
    if series.match is not None:
        return reset(saving.battle_scene(app, series.match))
    return reset(RestScene(app, series))


class RestScene(UIScene):
    def __init__(self, app: "App", series: Series):
        super().__init__(app)
        self.series = series
        self.options: list[RestOption] = series.rest_options()
        # the numbers chosen per option and creature (start at none)
        self.chosen: dict[tuple[str, str], int] = {}
        self.done: list[str] = []          # what the rest taken did
        keep(app, series)

    def box(self) -> pygame.Rect:
        sw, sh = self.app.size
        w, h = min(sw - self.px(64), self.px(1100)), sh - self.px(64)
        return pygame.Rect((sw - w) // 2, (sh - h) // 2, w, h)

    def build(self) -> None:
        px, box = self.px, self.box()
        y = box.y + px(120)
        for opt in self.options:
            y += px(LINE) * (1 + len(opt.lines))
            for cid, _label, most, _gain in opt.counts:
                key = (opt.kind, cid)
                n = self.chosen.get(key, 0)
                x = box.right - px(300)
                self.button(pygame.Rect(x, y, px(40), px(28)), "-",
                            lambda k=key: self._change(k, -1), enabled=n > 0)
                self.button(pygame.Rect(x + px(96), y, px(40), px(28)), "+",
                            lambda k=key, m=most: self._change(k, 1, m), enabled=n < most)
                y += px(LINE + 2)
            y += px(8)
            bw = px(220)
            self.button(pygame.Rect(box.right - px(48) - bw, y, bw, px(40)), opt.label,
                        lambda o=opt: self._rest(o), enabled=opt.allowed,
                        tooltip=opt.why or None)
            y += px(56)
        bw = px(220)
        self.button(pygame.Rect(box.x + px(32), box.bottom - px(72), bw, px(50)), "Menu",
                    self.menu)
        self.button(pygame.Rect(box.right - px(32) - bw, box.bottom - px(72), bw, px(50)),
                    "Next battle", self.next_battle, object_id="#primary",
                    tooltip="The same map and foes; the party as it stands now")

    def draw(self, surface: pygame.Surface) -> None:
        px, box = self.px, self.box()
        surface.fill(draw.BG)
        draw.panel(surface, box, border=draw.WARM_DIM, radius=px(14), width=2)
        s = self.series
        draw.text(surface, "BETWEEN BATTLES", (box.centerx, box.y + px(20)), px(16), draw.WARM,
                  bold=True, anchor="midtop")
        hours, minutes = divmod(s.clock // 60, 60)
        fought = len(s.battles)
        draw.text(surface, f"{fought} battle{'s' if fought != 1 else ''} fought, "
                           f"{hours} h {minutes:02d} min "
                           f"since the series began", (box.centerx, box.y + px(44)), px(26),
                  draw.TEXT, bold=True, anchor="midtop")
        draw.ornament(surface, (box.centerx, box.y + px(94)), px(200))
        x, y = box.x + px(48), box.y + px(120)
        if not self.options and not self.done:
            draw.text(surface, "No rest between these battles", (x, y), px(18), draw.TEXT_DIM)
        for opt in self.options:
            colour = draw.WARM if opt.allowed else draw.TEXT_DIM
            head = opt.label + ("" if opt.allowed else f": {opt.why}")
            draw.text(surface, head, (x, y), px(19), colour, bold=True)
            y += px(LINE)
            for line in opt.lines:
                draw.text(surface, line, (x + px(16), y), px(16), draw.TEXT_DIM, shadow=False)
                y += px(LINE)
            for cid, label, most, gain in opt.counts:
                n = self.chosen.get((opt.kind, cid), 0)
                draw.text(surface, f"{label}: spend", (x + px(16), y + px(4)), px(17), draw.TEXT,
                          shadow=False)
                draw.text(surface, str(n), (box.right - px(232), y + px(4)), px(18), draw.TEXT,
                          bold=True, anchor="midtop", shadow=False)
                draw.text(surface, f"of {most}", (box.right - px(150), y + px(4)), px(16),
                          draw.TEXT_DIM, shadow=False)
                draw.text(surface, f"about +{n * gain:.0f}", (x + px(300), y + px(4)), px(17),
                          draw.COOL, shadow=False)
                y += px(LINE + 2)
            y += px(64)
        for line in self.done:
            draw.text(surface, line, (x, y), px(16), draw.TEXT, shadow=False)
            y += px(LINE - 4)

    def _change(self, key: tuple[str, str], step: int, most: int | None = None) -> None:
        n = self.chosen.get(key, 0) + step
        self.chosen[key] = max(0, n if most is None else min(most, n))
        self.rebuild()

    def _rest(self, opt: RestOption) -> Transition | None:
        choices: dict[str, Any] = {}
        if opt.counts:
            choices["dice"] = {cid: self.chosen.get((opt.kind, cid), 0)
                               for cid, _l, _m, _g in opt.counts}
        try:
            out = self.series.rest(opt.kind, choices)
        except SeriesError as exc:
            return push(ErrorDialog(self.app, "This rest cannot be taken", str(exc)))
        self.done = [f"{opt.label}:"] + list(out.lines or ("Nothing changed.",))
        self.options = self.series.rest_options()       # one rest between two battles
        keep(self.app, self.series)
        self.rebuild()
        return None

    def next_battle(self) -> Transition:
        try:
            match = self.series.next_battle()
        except (ConfigError, SeriesError) as exc:
            return push(ErrorDialog(self.app, "The next battle cannot start", str(exc)))
        self.app.series = self.series
        keep(self.app, self.series)
        return reset(saving.battle_scene(self.app, match))

    def menu(self) -> Transition:
        self.app.series = None
        return reset(self.app.screens.title())

    def on_back(self) -> Transition:
        return self.menu()

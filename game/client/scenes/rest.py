"""Between two battles of a series: the rests the rules offer, the numbers to choose for them
(e.g. hit dice per creature, with the gain they are expected to bring), what a rest did, and
the next battle.

Owns: the rest screen of a `game.engine.series.Series` whose last battle is recorded. Every
option, limit and expected gain comes from the series (`rest_options`, the system's hooks);
taking a rest and starting the next battle go through `Series.rest` and `Series.next_battle`.

Must not: decide a rule (what a rest gives, whether it is allowed) or name a system.
"""
from __future__ import annotations

import copy
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game import paths
from game.client.scene import Transition, push, reset
from game.client.scenes.new_match import maps_for
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
        # the next battle's map and foes, chosen as the new-match screen does (its map list,
        # the system's teams for that map); a battle on an inline board keeps its board
        system = series.system
        self.maps = (maps_for(system, shared_maps=app.screens.shared_maps(str(system.id)))
                     if series.config.map else [])
        self.map_id = series.config.map or ""
        teams = series.config.setup.get("teams")
        self.foe_seat = 1 - series.side
        self.foe = str(teams[self.foe_seat]) if isinstance(teams, list) and len(teams) == 2 \
            else ""
        self._foes: list[tuple[str, str]] = []
        keep(app, series)

    def foes(self) -> list[tuple[str, str]]:
        """(label, team id) the other side may field on the chosen map, but the series' own."""
        if not self.foe or not self.map_id:
            return []
        path = paths.resolve_map(self.map_id)
        own = self.series.config.setup["teams"][self.series.side]
        return [(label, tid) for tid, label in self.series.system.teams_for_map(str(path))
                if tid != own]

    def box(self) -> pygame.Rect:
        sw, sh = self.app.size
        w, h = min(sw - self.px(64), self.px(1100)), sh - self.px(64)
        return pygame.Rect((sw - w) // 2, (sh - h) // 2, w, h)

    def layout(self) -> list[tuple[RestOption, int, list[int], list[int]]]:
        """Per option: the y of its heading row (its button on the right), of each line (shown
        only while it may be taken) and of each number to choose."""
        px, box = self.px, self.box()
        y, out = box.y + px(120), []
        for opt in self.options:
            head = y
            y += px(LINE + 8)
            lines = []
            for _ in opt.lines if opt.allowed else ():
                lines.append(y)
                y += px(LINE - 4)
            counts = []
            for _ in opt.counts:
                counts.append(y)
                y += px(LINE + 2)
            out.append((opt, head, lines, counts))
            y += px(14)
        return out

    def build(self) -> None:
        px, box = self.px, self.box()
        bw = px(220)
        for opt, head, _lines, counts in self.layout():
            self.button(pygame.Rect(box.right - px(48) - bw, head, bw, px(36)), opt.label,
                        lambda o=opt: self._rest(o), enabled=opt.allowed,
                        tooltip=opt.why or None)
            for (cid, _label, most, _gain), y in zip(opt.counts, counts):
                key = (opt.kind, cid)
                n = self.chosen.get(key, 0)
                x = box.right - px(300)
                self.button(pygame.Rect(x, y, px(40), px(28)), "-",
                            lambda k=key: self._change(k, -1), enabled=n > 0)
                self.button(pygame.Rect(x + px(96), y, px(40), px(28)), "+",
                            lambda k=key, m=most: self._change(k, 1, m), enabled=n < most)
        if self.maps:
            self.dropdown(pygame.Rect(box.x + px(260), box.bottom - px(66), px(260), px(40)),
                          [(m.shown, m.id) for m in self.maps], self.map_id, self._pick_map)
        foes = self._foes = self.foes()
        if foes:
            if self.foe not in [t for _, t in foes]:
                self.foe = foes[0][1]
            self.dropdown(pygame.Rect(box.x + px(532), box.bottom - px(66), px(260), px(40)),
                          foes, self.foe, self._pick_foe)
        bw = px(220)
        self.button(pygame.Rect(box.x + px(32), box.bottom - px(72), bw, px(50)), "Menu",
                    self.menu)
        self.button(pygame.Rect(box.right - px(32) - bw, box.bottom - px(72), bw, px(50)),
                    "Next battle", self.next_battle, object_id="#primary",
                    tooltip="On the map and against the foes chosen; the party as it stands now")

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
        for opt, head, lines, counts in self.layout():
            colour = draw.WARM if opt.allowed else draw.TEXT_DIM
            words = opt.label + ("" if opt.allowed else f": {opt.why}")
            draw.text(surface, words, (x, head + px(6)), px(19), colour, bold=True)
            for line, ly in zip(opt.lines, lines):
                draw.text(surface, line, (x + px(16), ly), px(16), draw.TEXT_DIM, shadow=False)
            for (cid, label, most, _gain), cy in zip(opt.counts, counts):
                n = self.chosen.get((opt.kind, cid), 0)
                draw.text(surface, label, (x + px(16), cy + px(4)), px(17), draw.TEXT,
                          shadow=False)
                draw.text(surface, f"about +{opt.expected(cid, n):.0f}",
                          (box.right - px(420), cy + px(4)),
                          px(17), draw.COOL, shadow=False)
                draw.text(surface, str(n), (box.right - px(232), cy + px(4)), px(18), draw.TEXT,
                          bold=True, anchor="midtop", shadow=False)
                draw.text(surface, f"of {most}", (box.right - px(150), cy + px(4)), px(16),
                          draw.TEXT_DIM, shadow=False)
            y = (counts or lines or [head])[-1] + px(LINE + 16)
        if self.maps:
            draw.text(surface, "Next battle on", (box.x + px(260), box.bottom - px(90)), px(15),
                      draw.TEXT_DIM, shadow=False)
        if self._foes:
            draw.text(surface, "Against", (box.x + px(532), box.bottom - px(90)), px(15),
                      draw.TEXT_DIM, shadow=False)
        for line in self.done:
            draw.text(surface, line, (x, y), px(16), draw.TEXT, shadow=False)
            y += px(LINE - 4)

    def _pick_map(self, map_id: str) -> None:
        self.map_id = map_id
        self.rebuild()

    def _pick_foe(self, team: str) -> None:
        self.foe = team

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
            config = None
            if self.map_id:
                config = copy.deepcopy(self.series.config)
                config.map = self.map_id
                if self.foe:
                    teams = list(config.setup["teams"])
                    teams[self.foe_seat] = self.foe
                    config.setup = {**config.setup, "teams": teams}
            match = self.series.next_battle(config)
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

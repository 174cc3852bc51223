"""Load game: every save in the saves folder, newest first, autosaves marked; pick one to see
its details, then Load (or Delete, after a confirmation).

Owns: the list and the detail panel (system, map with its thumbnail, how far the match has gone,
who sits where, when it was saved). Headers and their summaries come from `saves.peek` (cheap,
no replay); a save whose header cannot be read is listed with its problem in red; an older save
without a summary shows what its header has. Loading goes through
`ui.saving.load_match`, which replays the save and shows an error dialog naming the file and
the problem when that fails; the file is never changed by a failed load.

Must not: read or write save files itself.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import paths
from game.client.scene import Transition, pop, push
from game.client.scenes.rest import continue_series, series_file
from game.client.ui import draw
from game.client.ui.base import UIScene
from game.client.ui.dialogs import ConfirmDialog, DialogResult, error
from game.client.ui.saving import SaveEntry, list_saves, load_match, map_label
from game.engine import registry
from game.engine.rules import ConfigError

if TYPE_CHECKING:
    from game.client.app import App

ROW = 74


class LoadScene(UIScene):
    def __init__(self, app: "App", *, from_battle: bool = False):
        super().__init__(app)
        self.entries: list[SaveEntry] = list_saves()
        self.selected = 0
        self.from_battle = from_battle
        self._thumbs: dict[tuple, pygame.Surface | None] = {}
        self.thumb_rect: pygame.Rect | None = None     # where the selected save's map is drawn

    @property
    def entry(self) -> SaveEntry | None:
        return self.entries[self.selected] if 0 <= self.selected < len(self.entries) else None

    def areas(self) -> tuple[pygame.Rect, pygame.Rect]:
        sw, sh = self.app.size
        m, gap = self.px(32), self.px(20)
        top, bottom = self.px(86), sh - self.px(96)
        lw = int((sw - 2 * m - gap) * 0.58)
        return (pygame.Rect(m, top, lw, bottom - top),
                pygame.Rect(m + lw + gap, top, sw - 2 * m - gap - lw, bottom - top))

    def build(self) -> None:
        sw, sh = self.app.size
        px = self.px
        left, right = self.areas()
        self.label(pygame.Rect(px(32), px(22), px(600), px(44)), "Load game", "#heading")
        self.button(pygame.Rect(px(32), sh - px(74), px(150), px(50)), "Back", self.on_back)
        if series_file().is_file():
            self.button(pygame.Rect(sw - px(252), px(22), px(220), px(44)), "Continue series",
                        lambda: continue_series(self.app),
                        tooltip="The series of battles last played, at its rest or battle")
        self.row_buttons = []
        if not self.entries:
            self.textbox(pygame.Rect(left.x + px(20), left.y + px(20), left.w - px(40), px(80)),
                         "No saved games yet. Matches are autosaved as you play, and the pause "
                         "menu saves under a name.", "#small_text")
        else:
            scroller = pygame_gui.elements.UIScrollingContainer(
                left.inflate(-px(16), -px(16)), self.app.ui, container=self.root,
                allow_scroll_x=False)
            inner_w = left.w - px(16) - px(22)
            scroller.set_scrollable_area_dimensions((inner_w, px(ROW) * len(self.entries)))
            for i, e in enumerate(self.entries):
                y = px(ROW) * i
                b = self.button(pygame.Rect(0, y + px(2), inner_w, px(ROW - 6)), e.title,
                                lambda i=i: self.select(i), object_id="#card",
                                container=scroller)
                if i == self.selected:
                    b.select()
                self.row_buttons.append(b)
                if e.autosave:
                    self.label(pygame.Rect(inner_w - px(120), y + px(10), px(104), px(22)),
                               "AUTOSAVE", "#info_tag", container=scroller)
                sub = (f"Cannot be read: {e.problem}" if e.header is None else
                       "  ·  ".join(x for x in (
                           system_label(e.header.get("system")),
                           map_label(_summary(e).get("map", "")),
                           _summary(e).get("progress", ""), e.when) if x))
                self.label(pygame.Rect(px(14), y + px(36), inner_w - px(28), px(26)), sub,
                           "#danger_text" if e.header is None else "#small_text",
                           container=scroller)
        self.label(pygame.Rect(px(200), sh - px(62), sw - px(240), px(26)),
                   f"Saves folder: {paths.saves_dir()}", "#subtle")
        self.build_details(right)

    def build_details(self, area: pygame.Rect) -> None:
        px = self.px
        e = self.entry
        x, w = area.x + px(22), area.w - px(44)
        if e is None:
            return
        self.label(pygame.Rect(x, area.y + px(16), w, px(24)),
                   "AUTOSAVE" if e.autosave else "SAVE", "#section")
        self.label(pygame.Rect(x, area.y + px(42), w, px(40)), e.title, "#heading")
        if e.header is None:
            body = (f"<font color='#ff7a72'><b>This file cannot be read.</b></font><br>"
                    f"{_esc(e.problem)}<br><br><font color='#9aa4b0'>File: {_esc(e.path.name)}"
                    f"</font>")
        else:
            h, s = e.header, _summary(e)
            lines = [("System", system_label(h.get("system")))]
            if s.get("map"):
                lines.append(("Map", map_label(s["map"])))
            if s.get("progress"):
                lines.append(("Progress", s["progress"] + (" (over)" if s.get("over") else "")))
            if s.get("seats"):
                lines.append(("Seats", ", ".join(seat_label(seat) for seat in s["seats"])))
            lines += [("Saved", str(h.get("saved_at") or e.when).replace("T", " ")),
                      ("Actions", str(h.get("actions")))]
            body = "<br>".join(f"<b>{_esc(k)}</b>  {_esc(v)}" for k, v in lines)
            body += f"<br><br><font color='#9aa4b0'>File: {_esc(e.path.name)}</font>"
        top = area.y + px(92)
        self.thumb_rect = None
        if e.header is not None and _summary(e).get("map"):
            self.thumb_rect = pygame.Rect(x, top, w, min(px(170), (area.h - px(300))))
            top = self.thumb_rect.bottom + px(10)
        self.textbox(pygame.Rect(x - px(4), top, w + px(8), area.bottom - px(88) - top), body)
        bw = (w - px(12)) // 2
        self.delete_button = self.button(pygame.Rect(x, area.bottom - px(68), bw, px(48)),
                                         "Delete", self.ask_delete, object_id="#danger")
        self.load_button = self.button(pygame.Rect(x + bw + px(12), area.bottom - px(68), bw,
                                                   px(48)), "Load", self.load,
                                       object_id="#primary")

    def draw(self, surface: pygame.Surface) -> None:
        draw.table_background(surface)
        for area in self.areas():
            draw.panel(surface, area, radius=self.px(10))
        e = self.entry
        if self.thumb_rect is not None and e is not None:
            img = self.thumbnail(_summary(e)["map"], self.thumb_rect.size)
            if img is not None:
                surface.blit(img, img.get_rect(center=self.thumb_rect.center))

    def thumbnail(self, map_name: str, size: tuple[int, int]) -> pygame.Surface | None:
        """The save's map, small; None when the map is not in the maps folder or the player's
        own (`user:NAME`) (a save made with a map that has since gone still loads its own copy
        of nothing: it just has no picture)."""
        key = (map_name, *size)
        if key not in self._thumbs:
            from game.client.render.tilemap import render_thumbnail
            own = map_name.startswith(paths.USER_MAP_PREFIX)
            folder = paths.user_maps_dir() if own else paths.maps_dir()
            path = paths.resolve_map(map_name) if own else folder / map_name
            self._thumbs[key] = (render_thumbnail(path, *size) if map_name and path.is_file()
                                 and path.resolve().parent == folder.resolve()
                                 else None)
        return self._thumbs[key]

    # -- actions ----------------------------------------------------------------------------------
    def select(self, i: int) -> None:
        self.selected = i
        self.rebuild()

    def load(self) -> Transition | None:
        e = self.entry
        return load_match(self.app, e.path) if e is not None else None

    def ask_delete(self) -> Transition | None:
        e = self.entry
        if e is None:
            return None
        return push(ConfirmDialog(self.app, "Delete this save?", f"{e.title}\n{e.path}\n"
                                  "It cannot be brought back.", tag="delete", ok_label="Delete",
                                  danger=True))

    def resumed(self, result: Any) -> Transition | None:
        if isinstance(result, DialogResult) and result.tag == "delete" and result.ok:
            e = self.entry
            problem = None
            if e is not None:
                try:
                    e.path.unlink()
                except OSError as exc:
                    problem = error(self.app, "The save could not be deleted",
                                    f"File: {e.path}\nProblem: {exc.strerror or exc}")
            self.entries = list_saves()
            self.selected = max(0, min(self.selected, len(self.entries) - 1))
            self.rebuild()
            return problem
        return None

    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_UP) and self.entries:
                step = 1 if event.key == pygame.K_DOWN else -1
                self.select(max(0, min(len(self.entries) - 1, self.selected + step)))
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.load()
        return None

    def on_back(self) -> Transition:
        return pop(None)


def system_label(system_id) -> str:
    """A system's display name, or its id when it is not installed (a save of a system this
    build lacks is still listed; a system that fails to import is a bug and says so)."""
    try:
        return str(registry.get(str(system_id)).name)
    except ConfigError:         # the registry's "unknown rule system"
        return str(system_id)


def _summary(e: SaveEntry) -> dict[str, Any]:
    """The save's summary from its header (empty for an older save)."""
    s = e.header.get("summary") if e.header is not None else None
    return s if isinstance(s, dict) else {}


def seat_label(seat: dict[str, Any]) -> str:
    """ "Player 1 (human)", "Computer (AI, hard)". """
    kind = "AI, " + seat.get("difficulty", "") if seat.get("kind") == "ai" else "human"
    return f"{seat.get('name') or 'Seat'} ({kind.rstrip(', ')})"


def _esc(s: str) -> str:
    from html import escape
    return escape(s)

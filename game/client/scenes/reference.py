"""The rules reference screen: a searchable encyclopedia of one rule system, over any scene.

Owns: the layout and the browsing: the system picker, a search line, the sections, the list of
matching entries and the open entry's text with its links (a click on a link, or on "See also",
opens that entry; Back returns to the one before). It opens on the entry a term names when one is
given (F1 over a unit, a log line or a house rule): `ReferenceScene.on_term`. Esc or Close pops it.

Must not: hold any rule or system name: every page comes from game.engine.reference, built from
the system's own data; the screen only lays it out.
"""
from __future__ import annotations

import html
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from game.client.scene import Transition, pop
from game.client.ui import draw
from game.client.ui.base import UIScene
from game.engine import registry
from game.engine.reference import LINK, Entry, Reference, reference

if TYPE_CHECKING:
    from game.client.app import App

ALL = "All sections"
LIST_ROWS = 200           # the list shows at most this many matches (the largest system has ~90)


def help_entry(system_id: str, text: str | None) -> Entry | None:
    """The entry a piece of screen text is about: the one it names exactly, else the longest
    term it mentions (a log line, a tooltip's title), else None."""
    if not text:
        return None
    ref = reference(registry.get(system_id))
    exact = ref.find(text)
    if exact is not None:
        return exact
    found = ref.mentioned(text)
    return found[0] if found else None


class ReferenceScene(UIScene):
    overlay = True

    def __init__(self, app: "App", system_id: str, entry_id: str | None = None):
        super().__init__(app)
        self.system_id = system_id
        self.query = ""
        self.section = ALL
        self.history: list[str] = []
        self.current: str | None = entry_id
        # the widgets `build` makes and `refresh` updates
        self.search_line: UITextEntryLine | None = None
        self.rows: dict[str, UIButton] = {}
        self.heads: dict[str, UILabel] = {}
        self.scroller = self.empty = self.heading = self.body = self.back_button = None
        self.list_h = self.row_h = 0
        if self.current is None or self.current not in self.ref.entries:
            self.current = next(iter(self.ref.entries), None)

    @classmethod
    def on_term(cls, app: "App", system_id: str, text: str | None) -> "ReferenceScene":
        """The reference opened on the entry `text` is about (the first page when none)."""
        found = help_entry(system_id, text)
        return cls(app, system_id, found.id if found else None)

    @property
    def ref(self) -> Reference:
        return reference(registry.get(self.system_id))

    # -- layout -----------------------------------------------------------------------------------
    def box(self) -> pygame.Rect:
        sw, sh = self.app.size
        margin = self.px(24)
        return pygame.Rect(margin, margin, sw - 2 * margin, sh - 2 * margin)

    def matches(self) -> list[Entry]:
        section = None if self.section == ALL else self.section
        return self.ref.search(self.query, section)[:LIST_ROWS]

    def build(self) -> None:
        box = self.box()
        px = self.px
        x, y = box.x + px(20), box.y + px(56)
        systems = [(s.name, s.id) for s in registry.all_systems()]
        self.dropdown(pygame.Rect(x, y, px(220), px(38)), systems, self.system_id,
                      self.pick_system)
        self.dropdown(pygame.Rect(x + px(230), y, px(230), px(38)),
                      [(ALL, ALL)] + [(s, s) for s in self.ref.sections()], self.section,
                      self.pick_section)
        self.search_line = UITextEntryLine(pygame.Rect(x + px(470), y, box.right - x - px(470)
                                                       - px(250), px(38)), self.app.ui,
                                           container=self.root, placeholder_text="Search words")
        self.search_line.set_text(self.query)
        self.back_button = self.button(pygame.Rect(box.right - px(240), y, px(110), px(38)),
                                       "Back", self.back, tooltip="The entry you read before",
                                       enabled=bool(self.history))
        self.button(pygame.Rect(box.right - px(120), y, px(100), px(38)), "Close", self.close_it,
                    object_id="#primary", tooltip="Esc")
        top = y + px(50)
        list_w = max(px(330), box.w // 4)
        self.list_h = box.bottom - top - px(16)
        self.row_h = px(30)
        # the list: a scrolling column with a heading per section and a button per entry, all
        # made once; `refresh` shows and places those that match (a keystroke moves widgets,
        # never makes them: making ~100 buttons took ~0.4 s)
        self.scroller = pygame_gui.elements.UIScrollingContainer(
            pygame.Rect(x, top, list_w, self.list_h), self.app.ui, container=self.root,
            allow_scroll_x=False)
        row = pygame.Rect(0, 0, list_w - px(22), self.row_h - px(2))
        self.heads = {sec: self.label(row, sec.upper(), "#subtle", container=self.scroller)
                      for sec in self.ref.sections()}
        self.rows = {e.id: self.button(row, e.title, lambda eid=e.id: self.open(eid),
                                       container=self.scroller, class_id="@reference_row")
                     for e in self.ref.entries.values()}
        self.empty = self.label(row, "Nothing matches", "#subtle", container=self.scroller)
        # the entry's title as a heading (scaled with the UI), its section and text below
        tx, tw = x + list_w + px(16), box.right - x - list_w - px(36)
        self.heading = self.label(pygame.Rect(tx, top, tw, px(40)), "", "#heading")
        self.body = self.textbox(pygame.Rect(tx - px(4), top + px(42), tw, self.list_h - px(42)),
                                 self.page_html(), object_id="#reference_text")
        self.refresh(scroll=True)

    def refresh(self, scroll: bool = False) -> None:
        """Show the matching rows in order (headings only for the whole list), light the open
        entry, bring it into view when `scroll`, and show its page."""
        rows = self.matches()
        headed = self.section == ALL and not self.query
        if headed:
            # one heading per section: the rows of a section together, sections in their order
            # (a heading placed once per run of its rows ended at its last run, leaving gaps)
            rank = {sec: n for n, sec in enumerate(self.ref.sections())}
            rows = sorted(rows, key=lambda e: rank.get(e.section, len(rank)))
        order: list[object] = []
        last = None
        for e in rows:
            if headed and e.section != last:
                order.append(self.heads[e.section])
            last = e.section
            order.append(self.rows[e.id])
        if not rows:
            order.append(self.empty)
        shown = set(map(id, order))
        for el in (*self.heads.values(), *self.rows.values(), self.empty):
            if id(el) not in shown:
                el.hide()
        lit = 0
        for i, el in enumerate(order):
            el.set_relative_position((0, i * self.row_h))
            el.show()
        for eid, b in self.rows.items():
            if eid == self.current:
                b.select()
                lit = order.index(b) if id(b) in shown else 0
            else:
                b.unselect()
        total = max(1, len(order)) * self.row_h
        self.scroller.set_scrollable_area_dimensions((self.rows_width(), total))
        bar = self.scroller.vert_scroll_bar
        if scroll and bar is not None and total > self.list_h:
            bar.set_scroll_from_start_percentage(max(0, lit - 3) * self.row_h / total)
        e = self.ref.entries.get(self.current) if self.current else None
        self.heading.set_text(e.title if e is not None else "")
        self.body.set_text(self.page_html())
        if self.history:
            self.back_button.enable()
        else:
            self.back_button.disable()

    def rows_width(self) -> int:
        return self.scroller.get_container().get_rect().w

    def page_html(self) -> str:
        if self.current is None:
            return "No entries."
        e = self.ref.entries[self.current]

        def link(m) -> str:
            words = m.group(2) or self.ref.titles.get(m.group(1), m.group(1))
            return f"<a href='{m.group(1)}'>{html.escape(words)}</a>"

        parts = []
        pos = 0
        for m in LINK.finditer(e.text):
            parts.append(html.escape(e.text[pos:m.start()]))
            parts.append(link(m))
            pos = m.end()
        parts.append(html.escape(e.text[pos:]))
        text = "".join(parts).replace("\n", "<br>")
        out = f"<font color='#9aa4b0'>{html.escape(e.section)}</font><br><br>{text}"
        if e.see:
            out += "<br><br><b>See also:</b> " + ", ".join(
                f"<a href='{s}'>{html.escape(self.ref.titles[s])}</a>" for s in e.see)
        # the other names a player may meet (a content id that only repeats the title is noise)
        terms = [t for t in e.terms if t.lower().replace("_", " ") != e.title.lower()]
        if terms:
            out += ("<br><br><font color='#9aa4b0'>Also called: " + html.escape(", ".join(terms))
                    + "</font>")
        return out

    def draw(self, surface: pygame.Surface) -> None:
        draw.dim(surface, 200)
        box = self.box()
        draw.panel(surface, box, border=(74, 86, 102), radius=self.px(14), width=2)
        name = registry.get(self.system_id).name
        draw.text(surface, f"Rules reference: {name}", (box.x + self.px(20), box.y + self.px(14)),
                  self.px(26), draw.TEXT, bold=True)
        draw.text(surface, "Click a link to follow it · F1 over a term opens its entry · Esc closes",
                  (box.right - self.px(20), box.y + self.px(20)), self.px(15), draw.TEXT_DIM,
                  anchor="topright", shadow=False)

    # -- browsing ---------------------------------------------------------------------------------
    def open(self, entry_id: str) -> None:
        if entry_id not in self.ref.entries or entry_id == self.current:
            return
        if self.current is not None:
            self.history.append(self.current)
        self.current = entry_id
        self.refresh(scroll=True)

    def back(self) -> None:
        if self.history:
            self.current = self.history.pop()
            self.refresh(scroll=True)

    def search(self, query: str) -> None:
        self.query = query
        rows = self.matches()
        if rows and query.strip():          # the best match opens as the player types
            self.current = rows[0].id
        self.refresh(scroll=True)

    def pick_system(self, system_id: str) -> None:
        if system_id != self.system_id:
            self.system_id, self.section, self.history = system_id, ALL, []
            self.current = next(iter(self.ref.entries), None)
            self.rebuild()

    def pick_section(self, section: str) -> None:
        self.section = section
        rows = self.matches()
        if rows:
            self.current = rows[0].id
        self.refresh(scroll=True)

    def close_it(self) -> Transition:
        return pop()

    def on_back(self) -> Transition:
        return pop()

    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED:
            self.open(event.link_target)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.search_line:
            self.search(event.text)
        return None

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
from pygame_gui.elements import UITextEntryLine

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
        self.search_line: UITextEntryLine | None = None
        self.body = None
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
        self.button(pygame.Rect(box.right - px(240), y, px(110), px(38)), "Back", self.back,
                    tooltip="The entry you read before", enabled=bool(self.history))
        self.button(pygame.Rect(box.right - px(120), y, px(100), px(38)), "Close", self.close_it,
                    object_id="#primary", tooltip="Esc")
        top = y + px(50)
        list_w = max(px(330), box.w // 4)
        height = box.bottom - top - px(16)
        rows = self.matches()
        # the list: a scrolling column, a heading per section, one button per entry (the open
        # one lit); headings only when the whole list shows, in reading order
        lines: list[tuple[str, Entry | None]] = []
        headed = self.section == ALL and not self.query
        last = None
        for e in rows:
            if headed and e.section != last:
                lines.append((e.section, None))
            last = e.section
            lines.append((e.title, e))
        scroller = pygame_gui.elements.UIScrollingContainer(
            pygame.Rect(x, top, list_w, height), self.app.ui, container=self.root,
            allow_scroll_x=False)
        row_h = px(30)
        scroller.set_scrollable_area_dimensions((list_w - px(20), max(1, len(lines)) * row_h))
        lit = 0
        for i, (words, e) in enumerate(lines):
            r = pygame.Rect(0, i * row_h, list_w - px(22), row_h - px(2))
            if e is None:
                self.label(r, words.upper(), "#subtle", container=scroller)
                continue
            b = self.button(r, words, lambda eid=e.id: self.open(eid), container=scroller,
                            class_id="@reference_row", tooltip=e.section if not headed else None)
            if e.id == self.current:
                b.select()
                lit = i
        # the open entry in view: scroll so it sits a few rows from the top
        bar = scroller.vert_scroll_bar
        if bar is not None and len(lines) * row_h > height:
            start = max(0, lit - 3) * row_h
            bar.set_scroll_from_start_percentage(start / (len(lines) * row_h))
        if not rows:
            self.label(pygame.Rect(0, 0, list_w - px(22), row_h), "Nothing matches",
                       "#subtle", container=scroller)
        # the entry's title as a heading (scaled with the UI), its section and text below
        tx, tw = x + list_w + px(16), box.right - x - list_w - px(36)
        if self.current is not None:
            e = self.ref.entries[self.current]
            self.label(pygame.Rect(tx, top, tw, px(40)), e.title, "#heading")
        self.body = self.textbox(pygame.Rect(tx - px(4), top + px(42), tw, height - px(42)),
                                 self.page_html(), object_id="#reference_text")

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
        self.rebuild()

    def back(self) -> None:
        if self.history:
            self.current = self.history.pop()
            self.rebuild()

    def search(self, query: str) -> None:
        self.query = query
        rows = self.matches()
        if rows and query.strip():          # the best match opens as the player types
            self.current = rows[0].id
        self.rebuild()
        if self.search_line is not None:
            self.search_line.focus()
            self.search_line.edit_position = len(query)

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
        self.rebuild()

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

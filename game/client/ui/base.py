"""`UIScene`: a scene whose pygame-gui elements hang from one root container.

Owns: building the elements in `build()` on every `enter()` (the app calls it again after a
resize or UI-scale change), killing them in `leave()`, and routing button presses, drop-down
changes and check boxes to callbacks registered when the element is made. Escape calls
`on_back()`. Lengths given to the helpers are design pixels at 1280x720 (`px` scales them).

Must not: keep game state in widgets; a scene keeps its choices in attributes and builds the
widgets from them, so a rebuild never loses anything.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIContainer
from pygame_gui.elements import (UIButton, UICheckBox, UIDropDownMenu, UILabel, UIPanel,
                                 UITextBox)

from game.client.scene import Scene, Transition

if TYPE_CHECKING:
    from game.client.app import App

Action = Callable[[], "Transition | None"]


def oid(object_id: str | None = None, class_id: str | None = None) -> ObjectID | None:
    if object_id is None and class_id is None:
        return None
    return ObjectID(object_id=object_id, class_id=class_id)


class UIScene(Scene):
    def __init__(self, app: "App"):
        super().__init__(app)
        self.root: UIContainer | None = None
        self._buttons: dict[Any, Action] = {}
        self._changes: dict[Any, Callable[[str], "Transition | None"]] = {}
        self._checks: dict[Any, Callable[[bool], "Transition | None"]] = {}
        #: buttons reachable with Up/Down and pressed with Enter (menus); kept across rebuilds
        self.nav: list[UIButton] = []
        self.nav_index: int | None = None

    # -- lifecycle ------------------------------------------------------------------------------
    def enter(self) -> None:
        self.leave()
        self.root = UIContainer(pygame.Rect((0, 0), self.app.size), self.app.ui,
                                object_id="#scene_root")
        self.build()

    def leave(self) -> None:
        if self.root is not None:
            self.root.kill()
        self.root = None
        self._buttons.clear()
        self._changes.clear()
        self._checks.clear()
        self.nav = []

    def build(self) -> None:
        """Make the widgets (inside `self.root`) from the scene's attributes."""

    def rebuild(self) -> None:
        if self.root is not None:
            self.enter()

    def on_back(self) -> Transition | None:
        return None

    # -- input ----------------------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            action = self._buttons.get(event.ui_element)
            if action is not None:
                return action()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            change = self._changes.get(event.ui_element)
            if change is not None:
                return change(getattr(event, "selected_option_id", None) or event.text)
        elif event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            check = self._checks.get(event.ui_element)
            if check is not None:
                return check(event.type == pygame_gui.UI_CHECK_BOX_CHECKED)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return self.on_back()
        elif event.type == pygame.KEYDOWN and self.nav:
            if event.key in (pygame.K_DOWN, pygame.K_UP, pygame.K_TAB):
                self.move_nav(-1 if event.key == pygame.K_UP else 1)
                return None
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.nav_index is not None:
                button = self.nav[self.nav_index]
                if button.is_enabled and button in self._buttons:
                    return self._buttons[button]()
        return self.on_event(event)

    def move_nav(self, step: int) -> None:
        """Highlight the next enabled menu button (keyboard play)."""
        enabled = [i for i, b in enumerate(self.nav) if b.is_enabled]
        if not enabled:
            return
        if self.nav_index is None or self.nav_index not in enabled:
            self.nav_index = enabled[0] if step > 0 else enabled[-1]
        else:
            pos = (enabled.index(self.nav_index) + step) % len(enabled)
            self.nav_index = enabled[pos]
        self.show_nav()

    def show_nav(self) -> None:
        for i, b in enumerate(self.nav):
            if not b.is_enabled:
                continue        # unselect() would repaint a disabled button in its normal look
            if i == self.nav_index:
                b.select()
            else:
                b.unselect()

    def on_event(self, event: pygame.event.Event) -> Transition | None:
        return None

    # -- helpers --------------------------------------------------------------------------------
    def px(self, v: float) -> int:
        return self.app.px(v)

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        return pygame.Rect(self.px(x), self.px(y), self.px(w), self.px(h))

    def _parent(self, container):
        return container if container is not None else self.root

    def label(self, rect: pygame.Rect, text: str, object_id: str | None = None,
              container=None, tooltip: str | None = None) -> UILabel:
        el = UILabel(rect, text, self.app.ui, container=self._parent(container),
                     object_id=oid(object_id))
        if tooltip:
            el.set_tooltip(tooltip)
        return el

    def textbox(self, rect: pygame.Rect, html: str, object_id: str | None = None,
                container=None, wrap_to_height: bool = False) -> UITextBox:
        return UITextBox(html, rect, self.app.ui, wrap_to_height=wrap_to_height,
                         container=self._parent(container), object_id=oid(object_id))

    def button(self, rect: pygame.Rect, text: str, action: Action | None = None, *,
               object_id: str | None = None, class_id: str | None = None, container=None,
               tooltip: str | None = None, enabled: bool = True) -> UIButton:
        el = UIButton(rect, text, self.app.ui, container=self._parent(container),
                      object_id=oid(object_id, class_id), tool_tip_text=tooltip)
        if not enabled:
            el.disable()
        if action is not None:
            self._buttons[el] = action
        return el

    def panel(self, rect: pygame.Rect, object_id: str | None = None, container=None) -> UIPanel:
        return UIPanel(rect, starting_height=1, manager=self.app.ui,
                       container=self._parent(container), object_id=oid(object_id))

    def dropdown(self, rect: pygame.Rect, options: list[tuple[str, str]], current: str,
                 on_change: Callable[[str], "Transition | None"], container=None,
                 object_id: str | None = None) -> UIDropDownMenu:
        """`options` are (label, id) pairs; `current` and the callback's argument are ids."""
        start = next((o for o in options if o[1] == current), options[0])
        el = UIDropDownMenu(options, start, rect, self.app.ui, container=self._parent(container),
                            object_id=oid(object_id))
        self._changes[el] = on_change
        return el

    def checkbox(self, rect: pygame.Rect, text: str, checked: bool,
                 on_toggle: Callable[[bool], "Transition | None"], container=None,
                 tooltip: str | None = None) -> UICheckBox:
        el = UICheckBox(rect, text, self.app.ui, container=self._parent(container),
                        initial_state=checked, tool_tip_text=tooltip)
        self._checks[el] = on_toggle
        return el

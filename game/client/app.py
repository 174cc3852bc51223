"""The client application: window, UI scale, the one UIManager, the scene stack and the loop.

Owns:
- the resizable window (never smaller than 1280x720) and fullscreen, applied live from settings;
- the UI scale: the player's setting times an automatic factor for big windows (1920x1080 reads
  like 1280x720, only sharper), exposed as `app.scale` and `app.px(n)`;
- the one `pygame_gui.UIManager` (`app.ui`), themed from assets/theme.json with the bundled font,
  font sizes and paddings multiplied by the scale;
- the scene stack and how Transitions are applied (see below);
- the error trap: any exception escaping a scene is logged with its traceback to
  `<user data>/logs/client.log` and replaces the stack with an error dialog that names the problem
  and leads back to the title. The client never crashes to the desktop;
- `step(events, dt)`, one frame driven from outside (tests, `game shots`), and `run()`, the
  60 fps loop that feeds `step` from the real event queue.

The scene lifecycle, which every scene relies on:
- Only the TOP scene has pygame-gui elements. `enter()` builds them, `leave()` kills them.
- push: top.leave(), new.enter().   pop(result): top.leave(), below.enter(), below.resumed(result).
  replace: top.leave(), new.enter().   reset: top.leave(), stack cleared, new.enter().
  Popping the last scene opens the title (only QUIT ends the app).
  Every scene that leaves the stack for good (the popped one, the replaced one, all of a reset
  stack) then gets `close()`, where it frees AI worker processes and the like; a push never
  closes, so pause -> resume keeps them.
  `resumed` may return a Transition (e.g. a confirm dialog's answer leads on); None is usual.
  A new scene gets `resize(size)` just before its first `enter()`.
- A resize or UI-scale change calls top.leave(), then `resize(size)` on every scene, then
  top.enter() (on a new UIManager when the scale changed).
  So `enter`/`leave` run many times: one-time set-up belongs in `__init__`.
- Drawing: from the highest non-overlay scene up to the top, each `draw(surface)`, then the UI.
- Input: every event goes to the UIManager first; input events it consumes (a click on a
  button, typing in a field) are not passed to the scene; everything else is. pygame-gui's own events (UI_BUTTON_PRESSED...) arrive on the next
  step, since the manager posts them to the queue.

Must not: know any particular scene except the title and the error dialog it falls back to, or
decide any rule.
"""
from __future__ import annotations

import json
import logging
import math
import re
import os
import time
import traceback
import warnings
from pathlib import Path
from typing import Any, Callable, Iterable

import pygame
import pygame_gui

from game import paths
from game.client import resources
from game.client import settings as settings_mod
from game.client.scene import Scene, Transition
from game.client.screens import Screens

log = logging.getLogger(__name__)

FPS = 60
TITLE = "Strife Table"
WINDOW_ICON = "icon/strife-table-64.png"     # drawn by tools/release/icon.py
BASE_SIZE = (1280, 720)

# misc theme values measured in pixels, scaled with the UI
_SCALED_MISC = {"shape_corner_radius", "text_horiz_alignment_padding",
                "text_vert_alignment_padding", "list_item_height", "border_width", "rect_width"}

# table colours the scenes share (the theme holds the widget colours)
BG = (21, 25, 31)
BG_EDGE = (9, 11, 14)
WARM = (232, 163, 61)
COOL = (79, 163, 199)
DANGER = (217, 83, 79)
TEXT = (232, 226, 212)
TEXT_DIM = (154, 164, 176)


_INPUT_EVENTS = {pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL,
                 pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT, pygame.TEXTEDITING}


def _screen_name(scene: Scene | None) -> str:
    """'The battle screen' for BattleScene: how the player knows the screen that failed."""
    if scene is None:
        return "The game"
    words = re.findall(r"[A-Z][a-z0-9]*", type(scene).__name__.replace("Scene", ""))
    return f"The {' '.join(w.lower() for w in words) or 'current'} screen"


def auto_scale(size: tuple[int, int]) -> float:
    """How much bigger than at 1280x720 the UI is drawn in a window of `size`, in 1/8 steps."""
    factor = min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1])
    factor = max(1.0, min(2.0, factor))
    return round(factor * 8) / 8


def build_theme(scale: float) -> dict:
    """assets/theme.json with absolute font paths and every size multiplied by `scale`."""
    raw = json.loads(resources.asset_path("theme.json").read_text(encoding="utf-8"))
    regular, bold = str(resources.font_path(False)), str(resources.font_path(True))

    def scale_px(value: Any) -> str:
        parts = str(value).split(",")
        try:
            return ",".join(str(max(1 if float(p) > 0 else 0, round(float(p) * scale)))
                            for p in parts)
        except ValueError:
            return str(value)

    for block in raw.values():
        if not isinstance(block, dict):
            continue
        font = block.get("font")
        if isinstance(font, dict):
            font["name"] = resources.FONT_NAME
            font["regular_path"] = regular
            font["bold_path"] = bold
            font["size"] = str(max(8, round(int(font.get("size", 18)) * scale)))
        misc = block.get("misc")
        if isinstance(misc, dict):
            for key in _SCALED_MISC & set(misc):
                misc[key] = scale_px(misc[key])
            if "padding" in misc:
                misc["padding"] = scale_px(misc["padding"])
    return raw


class App:
    """The running client. Construct it, then `run(first_scene)` or drive it with `step`."""

    def __init__(self, size: tuple[int, int] | None = None, *,
                 settings: settings_mod.Settings | None = None,
                 fullscreen: bool | None = None) -> None:
        pygame.display.init()   # no mixer: nothing plays sound yet, and it warns without a card
        pygame.font.init()
        pygame.key.set_repeat(350, 40)
        self.settings = settings if settings is not None else settings_mod.load()
        #: the screens scenes lead to (the title, a match's play screen) and the systems'
        #: client registrations, so scenes need not import the scenes above them
        self.screens = Screens(self)
        #: a message for the player shown once by the title (e.g. settings were corrupt)
        self.notice: str = self.settings.notice
        #: the series of battles being played, if any (game.engine.series.Series): the results
        #: of its battle lead to the rest screen instead of a rematch
        self.series: Any = None
        self._saved_settings = self.settings.to_json()
        self.headless = os.environ.get("SDL_VIDEODRIVER") == "dummy"
        want = size or self.settings.window_size
        full = self.settings.fullscreen if fullscreen is None else fullscreen
        self.screen = self._open_window(want, full and not self.headless)
        self.scale = self._scale_for(self.screen.get_size())
        self.ui = self._make_manager()
        self.stack: list[Scene] = []
        self.clock = pygame.time.Clock()
        self.running = True
        self.frame = 0
        self._fatal: str | None = None
        self._failing = False

    # -- window, scale and theme ---------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def px(self, value: float) -> int:
        """A length designed at 1280x720 and UI scale 100%, in real pixels now."""
        return int(round(value * self.scale))

    def _scale_for(self, size: tuple[int, int]) -> float:
        # every screen is designed to fit 1024x576 design pixels, so a scale the window cannot
        # hold (150% in a 1280x720 window) is lowered to the largest that fits
        fit = min(size[0] / 1024, size[1] / 576)
        return max(0.5, math.floor(min(self.settings.ui_scale * auto_scale(size), fit) * 8) / 8)

    def _open_window(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        pygame.display.set_caption(TITLE)
        # before set_mode: some platforms take the icon only when the window is created
        pygame.display.set_icon(resources.image(WINDOW_ICON))
        if fullscreen:
            desktop = pygame.display.get_desktop_sizes()[0]
            screen = pygame.display.set_mode(desktop, pygame.FULLSCREEN)
        else:
            w = max(settings_mod.MIN_WINDOW[0], size[0])
            h = max(settings_mod.MIN_WINDOW[1], size[1])
            screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    pygame.Window.from_display_module().minimum_size = settings_mod.MIN_WINDOW
            except (AttributeError, pygame.error):
                pass    # older SDL: the resize handler enforces the minimum instead
        resources.clear_cache()
        return screen

    def _make_manager(self) -> pygame_gui.UIManager:
        manager = pygame_gui.UIManager(self.size, build_theme(self.scale),
                                       enable_live_theme_updates=False)
        return manager

    def set_window(self, size: tuple[int, int] | None = None,
                   fullscreen: bool | None = None) -> None:
        """Apply a window size and/or fullscreen now, and lay every scene out again."""
        full = self.settings.fullscreen if fullscreen is None else fullscreen
        want = size or self.settings.window_size
        self.settings.fullscreen = full
        if not full:
            self.settings.window_size = (max(settings_mod.MIN_WINDOW[0], want[0]),
                                         max(settings_mod.MIN_WINDOW[1], want[1]))
        self.screen = self._open_window(self.settings.window_size, full and not self.headless)
        self.relayout()

    def set_ui_scale(self, ui_scale: float) -> None:
        self.settings.ui_scale = ui_scale
        self.relayout()

    def relayout(self) -> None:
        """Rebuild the UI for the current window size and scale (see the module docstring)."""
        top = self.top
        if top is not None:
            self._guard(top.leave)
        new_scale = self._scale_for(self.size)
        if new_scale != self.scale:
            self.scale = new_scale
            self.ui = self._make_manager()
        else:
            self.ui.set_window_resolution(self.size)
        for scene in list(self.stack):
            self._guard(scene.resize, self.size)
        if top is not None and top is self.top:
            self._guard(top.enter)

    def save_settings(self) -> str | None:
        """Write the settings; returns a problem to show, or None."""
        try:
            settings_mod.save(self.settings)
        except OSError as exc:
            return f"Settings could not be saved to {settings_mod.settings_path()}: {exc}"
        self._saved_settings = self.settings.to_json()
        return None

    # -- scene stack ------------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def apply(self, t: Transition | None) -> None:
        if t is None:
            return
        if t.op == "quit":
            self.running = False
            return
        if t.op not in ("push", "pop", "replace", "reset"):
            raise ValueError(f"unknown transition {t.op!r}")
        if self.top is not None:
            self.top.leave()
        if t.op == "push":
            self.stack.append(t.scene)
        elif t.op == "pop":
            if self.stack:
                self._close(self.stack.pop())
            if not self.stack:
                # popping the last scene (a battle opened from a save) leads to the title;
                # only QUIT closes the app
                self.stack.append(self.screens.title())
                self.top.resize(self.size)
                self.top.enter()
                return
            self.top.enter()
            # a scene may answer a dialog's result with a transition of its own
            follow = self.top.resumed(t.result)
            if isinstance(follow, Transition):
                self.apply(follow)
            return
        elif t.op == "replace":
            if self.stack:
                self._close(self.stack.pop())
            self.stack.append(t.scene)
        elif t.op == "reset":
            gone, self.stack = self.stack, []
            while gone:                          # e.g. the battle under its pause menu
                self._close(gone.pop())
            self.stack.append(t.scene)
        # nothing here holds a closed scene now: the entering match scene's collection
        # (runtime.settle) finds the last match unreachable instead of freezing it with the new
        t.scene.resize(self.size)
        t.scene.enter()

    def _close(self, scene: Scene) -> None:
        """A scene left the stack for good; a failure to clean up is logged, never raised."""
        close = getattr(scene, "close", None)
        if close is None:
            return
        try:
            close()
        except Exception as exc:     # noqa: BLE001 - leaving must always work
            self.log_exception(exc)

    def _apply_guarded(self, t: Transition | None) -> None:
        if t is not None:
            self._guard(self.apply, t)

    # -- errors ---------------------------------------------------------------------------------
    def _guard(self, fn: Callable, *args) -> Any:
        try:
            return fn(*args)
        except Exception as exc:     # the client never crashes: show it, log it, go on
            self.fail(exc)
            return None

    def log_path(self) -> Path:
        return paths.user_data_dir() / "logs" / "client.log"

    def log_exception(self, exc: BaseException) -> Path | None:
        path = self.log_path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("a", encoding="utf-8") as fh:
                fh.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')} ---\n")
                fh.write("".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))
            return path
        except OSError:
            return None

    def fail(self, exc: BaseException) -> None:
        """An exception escaped a scene: log it and show an error dialog leading to the menu."""
        where = self.log_exception(exc)
        name = _screen_name(self.top)
        problem = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        detail = (f"The full report was written to {where}." if where
                  else "The report could not be written to the log folder.")
        if self._failing:
            # the error dialog itself failed: fall back to plain text drawn by the app
            self._fatal = f"{problem}\n{detail}\nPress any key to quit."
            return
        self._failing = True
        try:
            from game.client.ui.dialogs import ErrorDialog
            for scene in reversed(self.stack):
                try:
                    scene.leave()
                except Exception as left:    # noqa: BLE001 - the failing scene failed again on its way out
                    self.log_exception(left)  # logged next to the first report, never hidden
                break
            self.stack.clear()
            self.ui = self._make_manager()
            dialog = ErrorDialog(self, "Something went wrong",
                                 f"{name} stopped because of an unexpected problem:\n{problem}",
                                 detail=detail, to_menu=True)
            self.stack.append(dialog)
            dialog.resize(self.size)
            dialog.enter()
        except Exception as inner:   # noqa: BLE001 - last resort
            self.log_exception(inner)
            self._fatal = f"{problem}\n{detail}\nPress any key to quit."
        finally:
            self._failing = False

    def show_error(self, title: str, message: str, detail: str = "") -> None:
        """Push an error dialog over the current scene (for expected problems: a bad save or
        map). Closing it returns to the scene below."""
        from game.client.ui.dialogs import ErrorDialog
        self._apply_guarded(Transition("push", ErrorDialog(self, title, message, detail=detail)))

    # -- one frame --------------------------------------------------------------------------------
    def step(self, events: Iterable[pygame.event.Event] | None = None,
             dt: float = 1.0 / FPS, *, draw: bool = True) -> bool:
        """Run one frame: the given events (plus anything pygame-gui posted), update, draw.
        Returns False once the app wants to quit."""
        queued = list(events or []) + pygame.event.get()
        for event in queued:
            if not self.running:
                break
            self._handle_event(event)
        if self._fatal is None and self.top is not None:
            self._guard(self.ui.update, dt)
            if self.top is not None:
                # no local name for the scene: one it replaces must be free to go (see apply)
                self._apply_guarded(self._guard(self.top.update, dt))
        if draw:
            self.draw()
        self.frame += 1
        return self.running

    def _handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if self._fatal is not None:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.running = False
            return
        if event.type == pygame.WINDOWSIZECHANGED and not self.settings.fullscreen:
            self._on_resized((event.x, event.y))
            return
        consumed = bool(self._guard(self.ui.process_events, event))
        # input that a widget took (a click on a button) is not the scene's; pygame-gui's own
        # events (button pressed, drop-down changed) always are
        if self.top is None or (consumed and event.type in _INPUT_EVENTS):
            return
        self._apply_guarded(self._guard(self.top.process_event, event))

    def _on_resized(self, size: tuple[int, int]) -> None:
        w = max(settings_mod.MIN_WINDOW[0], size[0])
        h = max(settings_mod.MIN_WINDOW[1], size[1])
        if (w, h) != tuple(size):
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        else:
            self.screen = pygame.display.get_surface()
        self.settings.window_size = (w, h)
        self.relayout()

    def draw(self) -> None:
        surface = self.screen
        if self._fatal is not None:
            self._draw_fatal(surface)
        else:
            first = len(self.stack) - 1
            while first > 0 and self.stack[first].overlay:
                first -= 1
            if not self.stack or self.stack[max(first, 0)].overlay:
                surface.fill(BG)
            for scene in self.stack[max(first, 0):]:
                self._guard(scene.draw, surface)
            self._guard(self.ui.draw_ui, surface)
        pygame.display.flip()

    def _draw_fatal(self, surface: pygame.Surface) -> None:
        surface.fill((24, 10, 10))
        y = self.px(60)
        for i, line in enumerate((self._fatal or "").splitlines()):
            colour = DANGER if i == 0 else TEXT
            img = resources.font(self.px(20), bold=i == 0).render(line, True, colour)
            surface.blit(img, (self.px(60), y))
            y += img.get_height() + self.px(8)

    # -- the loop ---------------------------------------------------------------------------------
    def run(self, first: Scene | None = None) -> int:
        if first is None:
            first = self.screens.title()
        self._apply_guarded(Transition("reset", first))
        while self.running:
            dt = self.clock.tick(FPS) / 1000.0
            self.step(dt=min(dt, 0.1))
        if self.settings.to_json() != self._saved_settings:
            self.save_settings()    # e.g. the window was resized; an unchanged file is left alone
        pygame.quit()
        return 0

    # -- synthetic input (tests, shots) -----------------------------------------------------------
    def settle(self, frames: int = 2) -> None:
        for _ in range(frames):
            self.step()

    def move_mouse(self, pos: tuple[int, int]) -> None:
        # the dummy video driver does not move the pointer for posted motion events, and
        # pygame-gui reads hover from pygame.mouse.get_pos(), so move it for real
        pygame.mouse.set_pos(pos)
        self.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        """Press and release the mouse at `pos`, then let pygame-gui's events arrive (a drop-down
        choice takes three frames: button pressed, selection made, menu changed)."""
        pos = (int(pos[0]), int(pos[1]))
        self.move_mouse(pos)
        self.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)])
        self.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)])
        self.settle(4)

    def click_element(self, element) -> None:
        self.click(element.get_abs_rect().center)

    def press_key(self, key: int, unicode: str = "", mod: int = 0) -> None:
        self.step([pygame.event.Event(pygame.KEYDOWN, key=key, unicode=unicode, mod=mod,
                                      scancode=0)])
        self.step([pygame.event.Event(pygame.KEYUP, key=key, mod=mod, scancode=0)])
        self.settle(1)

    def screenshot(self, path: str | os.PathLike) -> None:
        self.draw()
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(path))

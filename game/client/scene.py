"""The scene stack's contract.

Owns: `Scene` (one screen: menu, battle, pause...) and `Transition`, the value a scene returns
to ask the app to push, pop or replace scenes. Each frame the app calls, in pygame-gui's order:
`process_event` for every event, then `update(dt)`, then `draw(surface)`.

Must not: let a scene switch scenes by itself; it returns a Transition and the app does it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from .app import App


@dataclass(frozen=True, slots=True)
class Transition:
    op: str                      # "push", "pop", "replace", "reset" (clear stack, then push), "quit"
    scene: "Scene | None" = None
    result: Any = None           # handed to the scene below on "pop" (via `resumed`)


def push(scene: "Scene") -> Transition:
    return Transition("push", scene)


def pop(result: Any = None) -> Transition:
    return Transition("pop", None, result)


def replace(scene: "Scene") -> Transition:
    return Transition("replace", scene)


def reset(scene: "Scene") -> Transition:
    return Transition("reset", scene)


QUIT = Transition("quit")


class Scene:
    """Base scene. Subclasses build their pygame-gui elements in `enter` and kill them in
    `leave`; the app owns the one UIManager (`app.ui`)."""

    #: when True the scene below is drawn first (pause menus, dialogs)
    overlay: bool = False

    def __init__(self, app: "App"):
        self.app = app

    def enter(self) -> None: ...
    def leave(self) -> None: ...

    def close(self) -> None:
        """The scene has left the stack for good (popped, replaced, or cleared by a reset):
        free what it holds (AI worker processes, say). `leave` also runs when something is
        pushed on top, so anything a resume would need is released here, never in `leave`."""
    def resumed(self, result: Any) -> None: ...
    def resize(self, size: tuple[int, int]) -> None: ...

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        return None

    def update(self, dt: float) -> Transition | None:
        return None

    def draw(self, surface: pygame.Surface) -> None: ...

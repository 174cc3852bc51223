"""Loading a long save: the log is replayed a slice per frame while a progress bar shows how far.

Owns: `LoadingScene`, pushed by `ui.saving.load_match` when a save's replay did not finish within
its first slice (QUICK_LOAD seconds). Each frame it replays the log for at most SLICE seconds
(`saves.Replay.step`), so the window keeps drawing and answering; once the replay reaches the
saved position it opens the play screen (replacing the whole stack, as a quick load does). A save
the replay refuses (an illegal or malformed action, a position that does not match) becomes an
error dialog naming the file and the problem: no move can be made on a match before its whole
log has been checked. Esc gives up and goes back to the screen the load started from.

Must not: read or write save files (ui.saving and engine.saves do), import ui.saving (which
imports this), or open the match before the replay has finished and matched its snapshot.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable

import pygame

from game.client.scene import Scene, Transition, pop, replace
from game.client.ui import draw
from game.client.ui.dialogs import ErrorDialog
from game.engine import saves

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.client.app import App

#: seconds of replay in the frame that asked for the load; a save replayed within this opens
#: at once, without a loading screen (the issue's bar: progress for anything over 100 ms)
QUICK_LOAD = 0.1
#: seconds of replay per frame on the loading screen: most of a frame, leaving time to draw
SLICE = 0.012


class LoadingScene(Scene):
    """`opened(match)` is the transition to the play screen once the replay is done (given by
    ui.saving, which owns opening a loaded match)."""

    def __init__(self, app: "App", replay: saves.Replay, path: str | Path,
                 opened: Callable[[Match], Transition]):
        super().__init__(app)
        self.replay = replay
        self.path = Path(path)
        self.opened = opened

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return pop(None)
        return None

    def update(self, dt: float) -> Transition | None:
        try:
            done = self.replay.step(SLICE)
        except saves.SaveError as exc:
            return replace(refused(self.app, exc))
        return self.opened(self.replay.match) if done else None

    def draw(self, surface: pygame.Surface) -> None:
        px = self.app.px
        draw.table_background(surface, (14, 16, 21))
        sw, sh = surface.get_size()
        cy = sh // 2
        draw.text(surface, "Loading", (sw // 2, cy - px(70)), px(40), draw.TEXT, bold=True,
                  anchor="center")
        draw.text(surface, self.path.name, (sw // 2, cy - px(30)), px(18), draw.TEXT_DIM,
                  anchor="center")
        total = max(1, self.replay.total)
        bar = pygame.Rect(0, 0, min(sw - px(160), px(560)), px(14))
        bar.center = (sw // 2, cy + px(10))
        pygame.draw.rect(surface, (47, 56, 69), bar, border_radius=px(7))
        filled = bar.copy()
        filled.w = max(px(14), int(bar.w * self.replay.done / total))
        pygame.draw.rect(surface, draw.WARM, filled, border_radius=px(7))
        draw.text(surface, f"Checking the save: action {self.replay.done:,} of "
                           f"{self.replay.total:,}", (sw // 2, cy + px(40)), px(17),
                  draw.TEXT_DIM, anchor="midtop")


def refused(app: "App", exc: saves.SaveError) -> ErrorDialog:
    """The dialog for a save that cannot be loaded (the file is left as it is)."""
    return ErrorDialog(app, "This save cannot be loaded", f"File: {exc.path}\nProblem: {exc.problem}",
                       detail="The file was left as it is.")

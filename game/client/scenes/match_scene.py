"""The machinery every match scene shares, whatever the rule system draws on screen.

Owns: `MatchScene`, the base of the battle screen and the card table (and of whatever screen the
next rule system brings): which seats are human and which AI, creating, polling, pacing,
cancelling and closing the AI seats (`game.client.seats`), who decides now and whether that is a
human at this table, the one door for actions (`submit`: a refused action becomes a toast with
the engine's reason; an engine or bot failure is a bug and reaches the app's error dialog, never
a quiet toast or a random move), autosave at each turn start, the hotseat hand-off, undo, pause
on Esc, key-repeat and skip-the-animation input filtering, toasts, and the results at the end.
Also owns `digit_of_key`.

Nothing slow runs in a frame: the AI seats are started when the scene first enters (a worker
boots while the opening is shown, not on the first AI turn), and the turn-start autosave is
written by an `AutosaveWriter` thread (the document is taken on the main thread; formatting and
writing happen off it). Opening the scene draws it once off screen, so the first frame does not
make every text and cache at once (a 30-100 ms frame). The objects alive when the match opens (fonts, the map, the UI) live as
long as it does, so the scene moves them out of the collector's reach (`gc.freeze`) when it first
enters and back when it closes: a full collection scanning all of them cost a 20 ms frame.

A subclass supplies what differs through small hooks: how its events are shown (`_show_outcome`),
what a turn start looks like (`_turn_start_key`, `_turn_started`), how it animates (`animating`,
`_skip_animation`, `_tick`), what the curtain recaps (`_recap_for`), what Esc closes first
(`_back_out`), what F1 explains (`help_text`) and its own keys and pointer handling (`_scene_key`, `_pointer_event`).

Must not: decide a rule, or draw anything: every action comes from `match.legal_actions()`
(through a presenter) or from an AI seat and goes through `match.submit`; layout and drawing
belong to the subclass.
"""
from __future__ import annotations

import gc
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.client.scene import Scene, Transition, push
from game.client.ui import battle_widgets as W
from game.client.ui.glyphs import GlyphWarmer
from game.engine.rules import IllegalAction
from game.engine.runtime import settle

if TYPE_CHECKING:
    from game.client.app import App

# what loading glyphs ahead of use (warm_fonts) may take of a frame: a frame at 60 Hz has
# 16.7 ms, a card table's ordinary frame under 8
GLYPH_SLICE = 0.002


class MatchScene(Scene):
    """See the module docstring. `save_path` is where the match was loaded from (the pause
    menu offers it as the default save name)."""

    #: AI seats think in a worker process; tests switch this off to think in-process
    ai_use_process: bool = True
    #: seconds an AI action stays on screen at normal speed before the next one
    pacer_base: float = 0.45
    #: whether a human's turn also needs the table to show her view (hidden information)
    turn_needs_viewer: bool = False
    #: decision stages the board itself asks for; the curtain names any other stage's prompt
    board_stages: tuple[str, ...] = ("act",)
    #: the toast when Ctrl+Z has nothing to take back
    nothing_to_undo: str = "Nothing to undo: the turn passed"

    def __init__(self, app: "App", match: Any, save_path: str | Path | None = None):
        super().__init__(app)
        self.match = match
        self.save_path = save_path
        from game.client.ui.saving import autosave_path_for
        self.autosave_path = autosave_path_for(match, save_path)   # this match's own file
        self.toasts: list[W.Toast] = []
        self.menu: W.ChoicePanel | None = None
        self.prompt_panel: W.ChoicePanel | None = None
        self.mouse = (0, 0)
        self.viewer: int | None = None         # the human seat whose eyes the table is for
        self._turn_key: Any = None             # the last turn start seen (autosave point)
        self._handoff_open = False
        self._handoff_seat: int | None = None
        self._looked: set[int] = set()           # human seats that have seen the table
        self._swallow_up = False               # the release of a click that skipped an animation
        self._held: set[int] = set()            # keys down now (ignores key-repeat presses)
        self._results_shown = False
        self._end_reason = ""
        self.ai_seats: dict[int, Any] = {}
        self.pacer = None
        self.clock = 0.0                        # scene time: pacing follows frames, not the wall
        self.autosaves = 0                      # autosaves written (counted when finished)
        self._autosaver = None                  # ui.saving.AutosaveWriter, made on first use
        self._froze_gc = False                  # this scene froze the collector (see above)
        self._glyphs: GlyphWarmer | None = None  # glyphs loaded ahead of use (see warm_fonts)
        seats = list(getattr(match.config, "seats", []))
        self.human_seats = [i for i, s in enumerate(seats) if getattr(s, "kind", "human") == "human"]
        self.ai_seat_ids = [i for i, s in enumerate(seats) if getattr(s, "kind", "human") == "ai"]
        if not seats:
            self.human_seats = [0, 1]

    # -- hooks ------------------------------------------------------------------------------------
    def _layout(self, size: tuple[int, int]) -> None:
        """Place the scene's widgets for a window of `size`."""

    @property
    def animating(self) -> bool:
        """Events are still being shown: results and AI seats wait, input skips ahead."""
        return False

    def _skip_animation(self) -> None:
        """Jump to the end of whatever is being shown."""

    def _set_anim_speed(self, factor: float) -> None:
        """The animation-speed setting changed (or the scene is entered)."""

    def _tick(self, dt: float) -> bool:
        """Per-frame work of the scene; True holds results and AI seats back this frame."""
        return False

    def _before_submit(self) -> Any:
        """Anything the scene must remember from just before an action (passed back below)."""
        return None

    def _show_outcome(self, action: Any, events: list[Any], before: Any, from_ai: bool) -> None:
        """An action went through: put its events in the log and the animation queue."""

    def _invalidate(self) -> None:
        """The state changed: drop whatever the scene cached from the old one."""

    def _turn_start_key(self) -> Any:
        """A key that changes when a new turn starts, or None outside a turn start."""
        return None

    def _turn_started(self) -> None:
        """A new turn started (after its autosave)."""

    def _undone(self) -> None:
        """The last action was taken back."""

    def decision_words(self, decision: Any) -> str:
        """The engine's question of `decision` as the curtain shows it (a battle screen asks
        its presenter for players' words)."""
        return decision.prompt

    def _curtain_lifted(self, seat: int) -> None:
        """The hand-off curtain went up: `seat` is looking at the table now."""

    def _close_for_curtain(self) -> None:
        """The curtain is coming down: close what the previous player had open."""

    def _recap_for(self, seat: int) -> list[str]:
        """What happened since `seat` last looked (the curtain shows the last few lines)."""
        return []

    def _dialog_answered(self, tag: Any, ok: bool, result: Any) -> None:
        """A dialog of the scene's own (not the curtain or the save dialog) closed."""

    def _back_out(self) -> bool:
        """Esc: close the innermost open thing; False when nothing was open (Esc pauses)."""
        if self.menu is not None:
            self.menu = None
            return True
        return False

    def _scene_key(self, event: pygame.event.Event) -> Transition | None:
        """A key press that is not Esc or Ctrl+Z."""
        return None

    def _pointer_event(self, event: pygame.event.Event) -> Transition | None:
        """A mouse event that got past the animation skipping."""
        return None

    def _swallowed(self, event: pygame.event.Event) -> None:
        """The release of a click that only skipped an animation."""

    # -- lifecycle --------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self._layout(size)
        fonts = self.warm_fonts()
        self._glyphs = GlyphWarmer(fonts) if fonts else None

    def prime(self, surface: pygame.Surface) -> None:
        """The off-screen drawing as the scene opens (see enter): the screen as it stands; a
        scene adds what its later frames would otherwise make for the first time."""
        self.draw(surface)

    def warm_fonts(self) -> list[tuple[int, bool]]:
        """The (size, bold) fonts this screen will draw new words in during play, at its
        current size: their glyphs are loaded a slice of each frame from the start (ui/glyphs),
        so a frame that first shows them does not load them. None by default."""
        return []

    def enter(self) -> None:
        # keys released while another scene was on top sent their KEYUP elsewhere
        pressed = pygame.key.get_pressed()
        self._held = {k for k in self._held if k < len(pressed) and pressed[k]}
        self._set_anim_speed(self._anim_factor())
        if self.pacer is None:
            from game.client.seats import Pacer
            self.pacer = Pacer(self._anim_factor(), base=self.pacer_base)
        elif hasattr(self.pacer, "set_factor"):
            self.pacer.set_factor(self._anim_factor())
        self._start_ai_seats()
        self._on_state_changed()
        if not self._froze_gc:
            # opening the scene (between scenes, not in a frame): draw it once off screen, so
            # the first frame finds its text and the position's legal list made, then clear
            # what the last screen left and keep the long-lived objects (those caches among
            # them) out of every later full collection
            self._froze_gc = True
            self.prime(pygame.Surface(self.app.size))
            settle()

    def _start_ai_seats(self) -> None:
        """Every AI seat of a live match, started now so its worker boots before its first turn
        (starting one on that turn stalled the frame)."""
        if not self.match.over:
            for seat in self.ai_seat_ids:
                self._ai_seat(seat)

    def _ai_seat(self, seat: int) -> Any:
        """The AI seat `seat`, started if it was not yet."""
        ai = self.ai_seats.get(seat)
        if ai is None:
            from game.client.seats import AISeat
            diff = self.match.config.seats[seat].difficulty
            ai = AISeat(self.match.config.system, seat, diff, use_process=self.ai_use_process)
            self.ai_seats[seat] = ai
        return ai

    def leave(self) -> None:
        # a seat's cancel only forgets its open request; stopping a worker already survives a
        # broken pipe (AISeat._stop_process), so anything raised here is a bug and goes to the
        # app's error dialog instead of being swallowed
        for seat in self.ai_seats.values():
            seat.cancel()
        # what is on top may save or load the autosave itself ("Quit to menu", Continue)
        self.finish_autosaves()

    def close(self) -> None:
        """Stop AI worker processes (the scene is going away for good) and finish the autosave."""
        for seat in self.ai_seats.values():
            seat.close()
        self.ai_seats.clear()
        self.finish_autosaves()
        if self._froze_gc:
            self._froze_gc = False
            gc.unfreeze()                # what the match held can be collected again

    def _anim_factor(self) -> float:
        settings = getattr(self.app, "settings", None)
        return float(getattr(settings, "animation_factor", 1.0)) if settings else 1.0

    # -- who decides ------------------------------------------------------------------------------
    @property
    def decision(self):
        return self.match.decision

    def deciding_seat(self) -> int | None:
        d = self.decision
        return d.seat if d is not None else None

    def human_turn(self) -> bool:
        """The deciding seat is a human at this table (and, where hands are hidden, the table
        is showing her view)."""
        seat = self.deciding_seat()
        return (seat is not None and seat in self.human_seats
                and (not self.turn_needs_viewer or seat == self.viewer) and not self.match.over)

    def seat_name(self, seat: int) -> str:
        names = getattr(self.match.config, "seats", [])
        return (names[seat].name if seat < len(names) and getattr(names[seat], "name", "")
                else f"Player {seat + 1}")

    def side_name(self, side: int) -> str:
        """The winning side as the log's last line and the results' headline name it: the seat
        by default; a map battle names its side as its presenter does."""
        return self.seat_name(side)

    # -- the one door -----------------------------------------------------------------------------
    def submit(self, action: Any, *, from_ai: bool = False) -> bool:
        """Submit an action; its events go to the scene to show. Returns success."""
        before = self._before_submit()
        try:
            outcome = self.match.submit(action)
        except IllegalAction as exc:
            self.toast(str(exc) or "That is not allowed now")
            return False
        events = list(outcome.events)
        for e in events:
            if getattr(e, "kind", "") == "match_ended":
                self._end_reason = getattr(e, "reason", "")
        self._show_outcome(action, events, before, from_ai)
        self.menu = None
        self._on_state_changed()
        return True

    def _on_state_changed(self) -> None:
        self._invalidate()
        if self.match.over:
            return
        key = self._turn_start_key()
        if key is not None and key != self._turn_key:
            # a new turn started: a safe point to autosave
            self._turn_key = key
            self._autosave()
            self._turn_started()

    def _autosave(self) -> None:
        if self._autosaver is None:
            from game.client.ui.saving import AutosaveWriter
            self._autosaver = AutosaveWriter(self.autosave_path)
        self._autosaver.write(self.match)

    def _autosaves_done(self) -> None:
        """Count the autosaves written since the last frame; a failed one becomes a toast."""
        if self._autosaver is None:
            return
        for problem in self._autosaver.finished():
            if problem:
                self.toast(f"Autosave failed: {problem}")
            else:
                self.autosaves += 1

    def finish_autosaves(self) -> None:
        """Wait for the autosave being written (leaving the scene, tests) and count it."""
        if self._autosaver is not None:
            self._autosaver.flush()
            self._autosaves_done()

    def toast(self, text: str, colour=W.DANGER) -> None:
        self.toasts = [t for t in self.toasts if t.text != text][-2:]
        self.toasts.append(W.Toast(text, colour))

    # -- input ------------------------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
        if event.type == pygame.KEYUP:
            self._held.discard(event.key)
            return None
        if event.type == pygame.KEYDOWN:
            # the app turns key repeat on; a held Space must not end turn after turn
            if event.key in self._held:
                return None
            self._held.add(event.key)
        # any click or key while events animate (or an AI is pacing) skips ahead
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and self.animating:
            self._skip_animation()
            if self.pacer is not None:
                self.pacer.skip()
            if event.type == pygame.MOUSEBUTTONDOWN:
                self._swallow_up = True
                return None
            if event.key != pygame.K_ESCAPE:
                return None
        if event.type == pygame.MOUSEBUTTONUP and self._swallow_up:
            self._swallow_up = False
            self._swallowed(event)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and not self.human_turn() and self.pacer is not None:
            self.pacer.skip()
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return self._pointer_event(event)

    def _key(self, event: pygame.event.Event) -> Transition | None:
        key, mods = event.key, getattr(event, "mod", 0)
        if key == pygame.K_ESCAPE:
            if self._back_out():
                return None
            return self.pause()
        if key == pygame.K_z and mods & pygame.KMOD_CTRL:
            return self.undo()
        if key == pygame.K_F1:
            return self.open_reference(self.help_text())
        return self._scene_key(event)

    def help_text(self) -> str | None:
        """The screen text under the pointer that F1 explains (a unit's name, a log line, a
        button); None: the reference opens on its first page. A subclass knows its layout."""
        return None

    def results_units(self) -> list[tuple[str, str, int]]:
        """(id, name, side) of every unit, for the results' per-unit table; none by default (a
        game without units on a map)."""
        return []

    def open_reference(self, text: str | None = None) -> Transition:
        """The rules reference of this match's system, on the entry `text` is about."""
        from game.client.scenes.reference import ReferenceScene
        return push(ReferenceScene.on_term(self.app, self.match.system.id, text))

    # -- commands ---------------------------------------------------------------------------------
    def undo(self) -> Transition | None:
        if not self.human_turn() or not self.match.can_undo():
            self.toast(self.nothing_to_undo, W.COOL)
            return None
        try:
            self.match.undo()
        except IllegalAction as exc:
            self.toast(str(exc))
            return None
        self._undone()
        self._on_state_changed()
        return None

    def pause(self) -> Transition | None:
        from game.client.scenes.pause import PauseScene
        return push(PauseScene(self.app, self.match, self.save_path, self.autosave_path))

    def resumed(self, result: Any) -> Transition | None:
        tag = getattr(result, "tag", None)
        ok = getattr(result, "ok", False)
        if tag == "handoff":
            self._handoff_open = False
            self.viewer = self._handoff_seat
            if self.viewer is not None:
                self._looked.add(self.viewer)
            self._curtain_lifted(self.viewer)
        elif tag == "save" and ok:
            self.save_path = getattr(result, "value", self.save_path)
        else:
            self._dialog_answered(tag, ok, result)
        self._set_anim_speed(self._anim_factor())
        if self.pacer is not None and hasattr(self.pacer, "set_factor"):
            self.pacer.set_factor(self._anim_factor())
        return None

    # -- per frame --------------------------------------------------------------------------------
    def update(self, dt: float) -> Transition | None:
        self.clock += dt
        if self._glyphs is not None and not self._glyphs.run(GLYPH_SLICE):
            self._glyphs = None
        self._autosaves_done()
        for t in self.toasts:
            t.age += dt
        self.toasts = [t for t in self.toasts if t.age < t.life]
        if self._tick(dt):
            return None
        if self.match.over:
            if not self._results_shown and not self.animating:
                self._results_shown = True
                self.close()
                from game.client.scenes.results import ResultsScene
                return push(ResultsScene(self.app, self.match, self._end_reason,
                                         self.results_units(), side_name=self.side_name))
            return None
        if self.animating:
            return None
        seat = self.deciding_seat()
        if seat is None:
            return None
        if seat in self.human_seats:
            if seat != self.viewer and not self._handoff_open:
                if len(self.human_seats) > 1:
                    return self._raise_curtain(seat)
                self.viewer = seat      # the only human at the table: nothing to hide
            return None
        return self._drive_ai(seat)

    def _raise_curtain(self, seat: int) -> Transition | None:
        from game.client.scenes.handoff import hand_off
        if self.viewer is not None:
            self._looked.add(self.viewer)       # whoever had the table has seen it
        self._handoff_open = True
        self._handoff_seat = seat
        self.menu = None
        self._close_for_curtain()
        d = self.decision
        sub = self.decision_words(d) if d is not None and d.stage not in self.board_stages \
            else ""
        return hand_off(self.app, self.seat_name(seat), self._recap_for(seat)[-8:], sub,
                        first=seat not in self._looked)

    def _drive_ai(self, seat: int) -> Transition | None:
        if self.pacer is not None and not self.pacer.ready(self.clock):
            return None
        # the seat falls back to thinking in-process by itself when no worker process can
        # start; anything else that goes wrong here is a bug for the app's error dialog
        ai = self._ai_seat(seat)
        if not ai.busy:
            ai.request(self.match)
        action = ai.poll()
        if action is not None:
            self.submit(action, from_ai=True)
            if self.pacer is not None:
                self.pacer.shown(self.clock)
        return None


def digit_of_key(key: int) -> int | None:
    """1-9 for the number keys (top row or keypad), else None."""
    if pygame.K_1 <= key <= pygame.K_9:
        return key - pygame.K_0
    if pygame.K_KP1 <= key <= pygame.K_KP9:
        return key - pygame.K_KP1 + 1
    return None

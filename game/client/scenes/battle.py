"""The battle screen: one match on a square or hex map, played by humans (hotseat) and AI seats.

Owns: the screen layout (initiative bar on top, the map, the right sidebar with the selected or
hovered unit and the hovered tile, the action bar and the combat log at the bottom), turning
input into actions (clicks on the map and buttons, hotkeys 1-9, Space/Enter to end the turn,
Ctrl+Z to undo, Esc to pause), the turn flow around those actions (the unused-slot warning,
shatter confirmation, prompts for pending stages, selecting and centring the acting unit at each
turn start, the recap the hotseat curtain shows), and playing the events' animations before
re-reading state as the truth. AI seats and their pacing, the submit door, autosave, the curtain
itself, undo, pause and the results come from match_scene.MatchScene through its hooks.

Everything system-specific comes from the system's client registration (game.client.systems,
reached through `app.screens`): its presenter, a subclass of game.client.presenters.Presenter
whose methods name every hook this scene calls, with their defaults; and its optional
`battle_extras(scene)`, which may swap in its own top bar and map layers. Everything drawn comes
from render/ and ui/battle_widgets.py, so another system or a hex board plugs in a presenter or
a view instead of forking this scene. This module names no system.

Must not: decide a rule. Every action submitted comes from `match.legal_actions()` (through the
presenter) or from an AI seat, and goes through `match.submit`; an IllegalAction becomes a
toast, never a crash.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.client.presenters import ActionButton, Prompt, SubMenu
from game.client.render import sprites
from game.client.render.board_view import BoardView
from game.client.scene import Transition, push
from game.client.scenes.match_scene import MatchScene, digit_of_key
from game.client.scenes.reference import help_entry
from game.client.ui import battle_widgets as W

if TYPE_CHECKING:
    from game.client.app import App

BG = (20, 23, 29)
# How many past events (set-up, or a loaded match's replayed log) fill the battle log on opening
HISTORY_SHOWN = 300


#: lines of what happened kept per waiting human for the hand-off curtain's recap
RECAP_KEPT = 64

class BattleScene(MatchScene):
    """See the module docstring. `save_path` is where the match was loaded from (the pause
    menu offers it as the default save name). Seats, the action door, autosave, the curtain,
    undo and pause come from MatchScene; this class adds the map, the panels and the turn's
    selection and targeting mode."""

    pacer_base = 0.3
    _decision_at: tuple[int | None, Any] = (None, None)    # see decision (set per instance)
    nothing_to_undo = "Nothing to undo: dice were rolled or the turn passed"

    def __init__(self, app: "App", match: Any, save_path: str | Path | None = None):
        super().__init__(app, match, save_path)
        self._chip_back: pygame.Surface | None = None
        system = app.screens.client_system(match.config.system)
        assert system.load_presenter is not None     # a "map" registration always has one
        self.presenter = system.load_presenter()(match)
        self.side_colour = self.presenter.side_colour
        # stages played on the board itself (a pre-combat action is chosen on the map)
        self.board_stages = tuple(self.presenter.board_stages)
        self.view = BoardView(self.presenter.board(), self._map_path(), self.side_colour,
                              self.presenter.cost_colours, self.presenter.token_emblem)
        self.text = W.Text(app.scale)
        self.initiative = W.InitiativeBar(self.text)
        self.top_height = 62                    # design pixels; a system's timeline may want more
        #: more things that animate events beside the board view (play/skip/animating), e.g.
        #: projectiles sliding along their hexes
        self.anim_extras: list[Any] = []
        self.sidebar = W.Sidebar(self.text)
        #: more widgets a system plugs in (a bar of its own), each keeping a full-width row of
        #: `reserve` design pixels between the map and the action bar (`place(rect)` gives it),
        #: with `rect`, `draw(surface, mouse)`, `at(pos) -> ActionButton | None` (pressed as a
        #: bar button) and `tip_at(pos) -> (title, lines) | None`; drawn under prompts and menus
        self.widgets: list[Any] = []
        if self.presenter.keys_hint:
            self.sidebar.keys = tuple(self.presenter.keys_hint)
        if self.presenter.tile_hint:
            self.sidebar.tile_hint = self.presenter.tile_hint
        if system.battle_extras is not None:
            system.battle_extras(self)
        self.bar = W.ActionBar(self.text)
        self.log = W.CombatLog(self.text)
        self._prompt_key: Any = None
        self.selected: str | None = None
        self.mode: str | None = None            # explicit targeting mode (None: the default)
        self.hover_cell: tuple[int, int] | None = None
        #: shots and tests may pin the pointer to a map cell (the dummy driver has no pointer)
        self.pin_cell: tuple[int, int] | None = None
        self._overlay_key: Any = None
        self._overlay = None
        self._forecast_key: Any = None
        self._forecast: str | None = None
        self._asked: dict[tuple, Any] = {}      # see ask()
        self._asked_key: Any = None
        self._pending_action: Any = None       # waits for a confirm dialog's answer
        # per waiting human: (index of the action in the match log, line), so an action taken
        # back takes its lines out of the recap with it
        self.recap: dict[int, list[tuple[int, str]]] = {}
        self._cursor = pygame.SYSTEM_CURSOR_ARROW
        self.notice = ""
        self.viewer = self.human_seats[0] if self.human_seats else None
        # once, at opening: a loaded match replays its log, so its history holds the earlier
        # rolls too; a new one holds the set-up
        earlier = list(match.history)
        self.log.append(self.presenter.log_lines(earlier[-HISTORY_SHOWN:]))
        if save_path:
            rnd = match.state.round
            self.log.append([W.LogLine(f"Loaded {Path(save_path).name}"
                                       + (f" · round {rnd}" if rnd else ""), W.COOL)])
        self._layout(app.size)
        self._select_default()

    # -- set-up ---------------------------------------------------------------------------------
    def _map_path(self) -> Path | None:
        name = self.match.config.map
        if not name:
            return None
        from game import paths
        return paths.resolve_map(name)

    def _layout(self, size: tuple[int, int]) -> None:
        scale = self.app.scale
        self.text.scale = scale
        self.view.ui_scale = scale
        W_, H = size
        px = lambda v: int(round(v * scale))  # noqa: E731
        top_h, bar_h, log_h, side_w = px(self.top_height), px(54), px(122), px(312)
        self.initiative.rect = pygame.Rect(0, 0, W_, top_h)
        strip = sum(px(w.reserve) for w in self.widgets)    # the systems' own rows
        mid_h = H - top_h - bar_h - log_h - strip
        self.sidebar.rect = pygame.Rect(W_ - side_w, top_h, side_w, mid_h)
        self.view.set_rect(pygame.Rect(0, top_h, W_ - side_w, mid_h))
        y = top_h + mid_h
        for w in self.widgets:
            w.place(pygame.Rect(0, y, W_, px(w.reserve)))
            y += px(w.reserve)
        self.bar.rect = pygame.Rect(0, top_h + mid_h + strip, W_, bar_h)
        self.log.rect = pygame.Rect(0, H - log_h, W_, log_h)
        self.bar._key = None
        self._prompt_key = None
        if self.menu is not None:
            self.menu = None

    # -- MatchScene hooks: the map's animations -----------------------------------------------------
    @property
    def animating(self) -> bool:
        return self.view.animating or any(x.animating for x in self.anim_extras)

    def _skip_animation(self) -> None:
        self.view.skip()
        for x in self.anim_extras:
            x.skip()

    def _set_anim_speed(self, factor: float) -> None:
        self.view.speed = factor
        for x in self.anim_extras:
            x.speed = factor

    def _swallowed(self, event: pygame.event.Event) -> None:
        self.view.handle_event(event)

    def _back_out(self) -> bool:
        if self.menu is not None:
            self.menu = None
            return True
        if self.mode is not None:
            self.mode = None
            return True
        return False

    # -- selection and mode -----------------------------------------------------------------------
    def _select_default(self) -> None:
        acting = self.presenter.acting_unit()
        if acting and self.human_turn():
            self.selected = acting
        elif self.selected is None:
            self.selected = acting

    @property
    def decision(self):
        """The match's decision, worked out once per position (a frame asks a score of times,
        and a system's decision() may scan the whole state)."""
        v = self.match.version
        if self._decision_at[0] != v:
            self._decision_at = (v, self.match.decision)
        return self._decision_at[1]

    def effective_mode(self) -> str | None:
        if (not self.human_turn() or self.decision is None
                or self.decision.stage not in self.board_stages):
            return None
        if self.mode is not None:
            return self.mode
        acting = self.ask(self.presenter.acting_unit)
        if self.selected != acting:
            return None
        return self.ask(self.presenter.default_mode)

    def ask(self, question: Any, *args: Any) -> Any:
        """A presenter answer, worked out once per position: a frame asks for the tokens, the
        panels, the buttons and the mode several times, and some scan every legal action.
        The answers are kept until the position (match.version) or the presenter's own
        preference (preview_key) changes, and a few hundred at most (hovered tiles)."""
        key = (self.match.version, self.presenter.preview_key())
        if key != self._asked_key:
            self._asked.clear()
            self._asked_key = key
        q = (question.__name__, args)
        try:
            return self._asked[q]
        except KeyError:
            if len(self._asked) > 256:
                self._asked.clear()
            got = self._asked[q] = question(*args)
            return got

    # -- showing what happened --------------------------------------------------------------------
    def _show_outcome(self, action: Any, events: list[Any], before: Any, from_ai: bool) -> None:
        """Events go to the log, the other humans' recaps and the animation queue."""
        lines = self.presenter.log_lines(events)
        self.log.append(lines)
        self.log.scroll = 0
        index = len(self.match.log) - 1          # this action's place in the log
        for seat in self.human_seats:
            if seat != self.viewer or from_ai:
                recap = self.recap.setdefault(seat, [])
                recap.extend((index, l.text) for l in lines)
                # the curtain shows the last few lines; against the computer it never comes
                # down, so keep only a short tail (a long match would hold every line)
                del recap[:-RECAP_KEPT]
        self.view.play(self.presenter.animations(events))
        for x in self.anim_extras:
            x.play(events)
        # back to the default mode unless the presenter keeps the chosen one
        if not self.presenter.keep_mode(action, self.mode):
            self.mode = None

    def _invalidate(self) -> None:
        self._overlay_key = None
        self._forecast_key = None
        self.bar._key = None

    def _turn_start_key(self) -> Any:
        d = self.decision
        if d is None or d.stage not in self.board_stages:
            return None
        return self.presenter.turn_key()

    def _turn_started(self) -> None:
        """Select the acting unit and bring her into sight."""
        self.selected = self.presenter.acting_unit()
        self.mode = None
        if self.selected and self.view.rect.w:
            tok = next((t for t in self.presenter.tokens() if t.id == self.selected), None)
            if tok is not None and self.view.can_pan():
                self.view.center_on((tok.x, tok.y), tok.size)

    # -- input ---------------------------------------------------------------------------------------
    def _pointer_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.MOUSEWHEEL:
            if self.log.rect.collidepoint(pygame.mouse.get_pos()) or self.log.rect.collidepoint(self.mouse):
                self.log.on_wheel(event.y)
                return None
            self.view.handle_event(event)
            return None
        if event.type == pygame.MOUSEMOTION:
            self.view.handle_event(event)
            self._hover(event.pos)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1 and self._click_widgets(event.pos, dry=True):
                return None
            self.view.handle_event(event)
            return None
        if event.type == pygame.MOUSEBUTTONUP:
            dragged = self.view.handle_event(event)
            if dragged:
                return None
            if event.button == 3:
                # right click: back out of a mode or menu
                self.menu = None
                self.mode = None
                return None
            if event.button != 1:
                return None
            t = self._click_widgets(event.pos)
            if t is not None:
                return t if isinstance(t, Transition) else None
            cell = self.view.cell_at(event.pos)
            if cell is not None:
                return self._click_map(cell)
        return None

    def _hover(self, pos) -> None:
        cell = self.view.cell_at(pos)
        if cell != self.hover_cell:
            self.hover_cell = cell
            self.view.hover = cell
        self._set_cursor(pos, cell)

    def _set_cursor(self, pos, cell) -> None:
        """A crosshair over something the current mode can target, a hand over buttons."""
        want = pygame.SYSTEM_CURSOR_ARROW
        if cell is not None and self.human_turn():
            ov = self._current_overlay()
            if ov is not None and (cell in ov.targets or cell in ov.cells):
                want = pygame.SYSTEM_CURSOR_CROSSHAIR if cell in ov.targets else pygame.SYSTEM_CURSOR_HAND
        elif self.bar.at(pos) is not None and self.bar.at(pos).enabled:
            want = pygame.SYSTEM_CURSOR_HAND
        if want != self._cursor:
            self._cursor = want
            try:
                pygame.mouse.set_cursor(want)
            except (pygame.error, TypeError):
                pass            # no cursor support (dummy driver): nothing to show anyway

    def _click_widgets(self, pos, dry: bool = False):
        """Handle a click on a widget; returns a Transition, True (handled) or None (not a
        widget). `dry` only answers whether pos is over a widget."""
        # an open menu is drawn over everything (a prompt's answer may open one beside it)
        if self.menu is not None and self.menu.rect.collidepoint(pos):
            if dry:
                return True
            b = self.menu.at(pos)
            if b is not None:
                return self._choose_menu(b.payload) or True
            return True
        if self.prompt_panel is not None and self.prompt_panel.rect.collidepoint(pos):
            if dry:
                return True
            self.menu = None
            b = self.prompt_panel.at(pos)
            if b is not None:
                self._answer(b)
            return True
        if self.menu is not None and not dry:
            self.menu = None
        for w in self.widgets:
            if w.rect.collidepoint(pos):
                if dry:
                    return True
                spec = w.at(pos)
                if spec is not None:
                    return self.press_spec(spec, anchor=w.rect) or True
                return True
        if self.bar.rect.collidepoint(pos):
            if dry:
                return True
            b = self.bar.at(pos)
            if b is not None and b.enabled:
                return self._press(b) or True
            return True
        if self.initiative.rect.collidepoint(pos):
            if dry:
                return True
            uid = self.initiative.unit_at(pos)
            if uid:
                self.selected = uid
                tok = next((t for t in self.presenter.tokens() if t.id == uid), None)
                if tok is not None:
                    self.view.center_on((tok.x, tok.y), tok.size)
            return True
        if self.sidebar.rect.collidepoint(pos) or self.log.rect.collidepoint(pos):
            return True
        return None

    def _press(self, b: W.Button) -> Transition | None:
        spec = b.payload
        if spec == "undo":
            return self.undo()
        if spec == "pause":
            return self.pause()
        if spec == "help":      # the rules reference, on the selected unit's sheet
            return self.open_reference(self._unit_help(self.selected))
        if not isinstance(spec, ActionButton):
            return None
        return self.press_spec(spec, anchor=b.rect)

    def press_spec(self, spec: ActionButton, anchor: pygame.Rect | None = None) -> Transition | None:
        """Act on an action-bar button (also reached by its hotkey)."""
        if not spec.enabled or not self.human_turn():
            return None
        if spec.id == "end_turn":
            return self.end_turn()
        if spec.actions:
            if len(spec.actions) == 1 and not spec.confirm \
                    and not isinstance(spec.actions[0][1], (str, SubMenu)):
                return self._guarded(spec.actions[0][1], spec.confirm)
            opts = [(label, (payload, spec.confirm), "") for label, payload in spec.actions]
            self.menu = W.ChoicePanel(self.text, spec.label, "", opts, W.COOL)
            self.menu.layout(anchor or self.bar.rect, "above")
            return None
        if spec.action is not None:
            return self._guarded(spec.action, spec.confirm)
        if spec.mode is not None:
            self.mode = None if self.mode == spec.mode else spec.mode
            self.selected = self.presenter.acting_unit()
            self._overlay_key = None
            self._mode_entered()
        return None

    def _mode_entered(self) -> None:
        """Say what the mode just chosen will do and how to commit it (a preview first)."""
        note = self.presenter.mode_note(self.mode)
        if note:
            self.toast(note, W.COOL)

    def _answer(self, b: W.Button) -> None:
        """A prompt's answer: submitted, or a further menu beside it (a SubMenu)."""
        if isinstance(b.payload, SubMenu):
            self._open_submenu(b.payload, b.rect)
            return
        self.submit(b.payload)

    def _open_submenu(self, sub: SubMenu, anchor: pygame.Rect, confirm: str = "") -> None:
        opts = [(label, (payload, confirm), "") for label, payload in sub.options]
        self.menu = W.ChoicePanel(self.text, sub.title, sub.text, opts, W.COOL)
        self.menu.layout(anchor, "above")

    def _choose_menu(self, payload) -> Transition | None:
        value, confirm = payload
        anchor = self.menu.rect if self.menu is not None else self.bar.rect
        self.menu = None
        if isinstance(value, SubMenu):       # a choice in steps: the next menu where this was
            self._open_submenu(value, pygame.Rect(anchor.x, anchor.bottom, anchor.w, 0),
                               confirm)
            return None
        if isinstance(value, str):          # a targeting mode (e.g. an ability's target)
            self.mode = value
            self._mode_entered()
            return None
        if isinstance(value, tuple) and len(value) == 2 and value[0] == "steps":
            # a confirmed plan of several actions (an attack: Ready, aims, Strike), in order
            for step in value[1]:
                if not self.submit(step):
                    break
            return None
        if isinstance(value, tuple) and len(value) == 2 and value[0] == "end_with":
            # an end-of-turn choice: its action (if any) and then the end of the turn
            action = value[1]
            if action is not None and not self.submit(action):
                return None
            self._finish_turn()
            return None
        return self._guarded(value, confirm)

    def _guarded(self, action: Any, confirm: str) -> Transition | None:
        if confirm:
            from game.client.ui.dialogs import ConfirmDialog
            self._pending_action = action
            return push(ConfirmDialog(self.app, "Are you sure?", confirm, tag="battle_confirm",
                                      ok_label=self.presenter.describe(action), danger=True))
        self.submit(action)
        return None

    def _click_map(self, cell: tuple[int, int]) -> Transition | None:
        if not self.human_turn() or (self.decision and self.decision.stage not in self.board_stages):
            uid = self.presenter.unit_at(cell)
            self.selected = uid or self.selected
            return None
        res = self.presenter.click(self.effective_mode(), self.selected, cell)
        if res.action is not None:
            self.submit(res.action)
        elif res.menu:
            opts = [(label, (a, ""), "") for label, a in res.menu]
            # with a menu, the message is its heading and words (e.g. an attack's forecast)
            head, _, body = res.message.partition("\n")
            self.menu = W.ChoicePanel(self.text, head or "Choose", body, opts, W.COOL)
            self.menu.layout(self.view.cell_rect(cell), "above")
        elif res.select is not None:
            if res.select != self.selected:
                self.mode = None
            self.selected = res.select
        elif res.message:
            self.toast(res.message, W.COOL)
        if res.mode is not None:
            self.mode = res.mode
        return None

    def _scene_key(self, event: pygame.event.Event) -> Transition | None:
        key = event.key
        mods = getattr(event, "mod", 0)
        if key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.menu is None and self.prompt_panel is None:
                return self.end_turn()
            return None
        if key == pygame.K_e and not mods & pygame.KMOD_CTRL:
            self.view.show_elevation = not self.view.show_elevation
            return None
        if key == pygame.K_t:
            note = self.presenter.cycle_preference()
            if note is not None:
                self._overlay_key = self._forecast_key = None
                self.toast(note, W.COOL)
                return None
        if key == pygame.K_TAB:
            acting = self.presenter.acting_unit()
            tok = next((t for t in self.presenter.tokens() if t.id == acting), None)
            if tok is not None:
                self.selected = acting
                self.view.center_on((tok.x, tok.y), tok.size)
            return None
        digit = digit_of_key(key)
        if digit is not None:
            panel = self.menu if self.menu is not None else (
                self.prompt_panel if self.prompt_panel is not None and self.human_turn() else None)
            if panel is not None:
                if 0 < digit <= len(panel.buttons):
                    b = panel.buttons[digit - 1]
                    if panel is self.prompt_panel:
                        self._answer(b)
                        return None
                    return self._choose_menu(b.payload)
                return None
            for b in self.bar.buttons:
                spec = b.payload
                if isinstance(spec, ActionButton) and spec.hotkey == str(digit):
                    return self.press_spec(spec, b.rect)
        return None

    # -- commands -------------------------------------------------------------------------------------
    def end_turn(self) -> Transition | None:
        if (not self.human_turn() or self.decision is None
                or self.decision.stage not in self.board_stages):
            return None
        legal = self.match.legal_actions()
        end = self.presenter.finish_action()
        if end is None or end not in legal:
            self.toast("The turn cannot end now: finish the open choice first", W.COOL)
            return None
        # a system may offer a choice at the end of the turn (what unused actions buy)
        choices = self.presenter.end_turn_choices()
        if choices:
            opts = [(label, (("end_with", a), ""), tip) for label, a, tip in choices]
            self.menu = W.ChoicePanel(self.text, "End the turn",
                                      self.presenter.end_turn_question(), opts, W.WARM)
            b = self.bar.find("end_turn")
            self.menu.layout(b.rect if b is not None else self.bar.rect, "above")
            return None
        question = self.presenter.unused_actions()
        if question:
            from game.client.ui.dialogs import confirm
            t = confirm(self.app, "end_turn_unused", "End the turn?", question, tag="end_turn",
                        ok_label="End turn")
            if t is not None:
                return t
        self.submit(end)
        return None

    def _undone(self) -> None:
        kept = len(self.match.log)
        for seat, recap in self.recap.items():
            recap[:] = [(i, text) for i, text in recap if i < kept]
        self.view.skip()
        self.log.append([W.LogLine("Undone.", W.DIM)])
        self.mode = None

    def _finish_turn(self) -> None:
        """Submit the end of the turn if it is still legal (a choice made on the way may have
        ended it already)."""
        end = self.presenter.finish_action()
        if end is not None and self.human_turn() and self.match.is_legal(end):
            self.submit(end)

    def _dialog_answered(self, tag: Any, ok: bool, result: Any) -> None:
        if tag == "end_turn" and ok:
            self._finish_turn()
        elif tag == "battle_confirm":
            action, self._pending_action = self._pending_action, None
            if ok and action is not None:
                self.submit(action)

    def decision_words(self, decision: Any) -> str:
        return self.presenter.decision_words(decision)

    def _curtain_lifted(self, seat: int) -> None:
        self.recap[seat] = []
        self.toasts = []            # the last player's notes are not the next one's business
        # nor the square the last pointer rested on (behind the curtain it never moved off):
        # the sheet shows the new player's creature until the pointer moves
        self.hover_cell = self.view.hover = None
        self._select_default()

    def _close_for_curtain(self) -> None:
        self.mode = None

    def _recap_for(self, seat: int) -> list[str]:
        return [text for _, text in self.recap.get(seat, [])]

    # -- per frame -------------------------------------------------------------------------------------
    def _tick(self, dt: float) -> bool:
        self.view.update(dt)
        if self.human_turn() and self.menu is None:
            keys = pygame.key.get_pressed()
            if not (keys[pygame.K_LCTRL] or keys[pygame.K_RCTRL]):
                self.view.update_keys(dt, keys)
        if self.pin_cell is not None:
            self.hover_cell = self.pin_cell
            self.view.hover = self.pin_cell
        return False

    # -- drawing -------------------------------------------------------------------------------------------
    def _current_overlay(self):
        mode = self.effective_mode()
        key = (self.match.version, mode, self.selected, self.hover_cell)
        if key != self._overlay_key:
            self._overlay_key = key
            self._overlay = self.presenter.overlay(mode, self.selected, self.hover_cell)
        return self._overlay

    def _current_forecast(self) -> str | None:
        mode = self.effective_mode()
        if self.hover_cell is None or mode is None:
            return None
        key = (self.match.version, mode, self.selected, self.hover_cell,
               self.presenter.preview_key())
        if key != self._forecast_key:
            self._forecast_key = key
            self._forecast = self.presenter.forecast(mode, self.selected, self.hover_cell)
        return self._forecast

    def _status(self) -> str:
        d = self.decision
        if self.match.over:
            return "The encounter is over"
        if d is None:
            return ""
        who = self.seat_name(d.seat)
        if d.seat in self.ai_seat_ids:
            return f"{who} is thinking…" if not self.view.animating else f"{who} acts"
        actor = self.presenter.unit_name(d.actor) if d.actor else ""
        return f"{who} · {actor}" if actor else who

    def _sync_prompt(self) -> None:
        d = self.decision
        prompt: Prompt | None = None
        if d is not None and d.stage not in self.board_stages and self.human_turn() and d.seat == self.viewer:
            prompt = self.presenter.prompt()
        key = (self.match.version, tuple(self.view.rect), prompt is not None)
        if key == self._prompt_key:
            return
        self._prompt_key = key
        if prompt is None:
            self.prompt_panel = None
            return
        if not prompt.options:
            self.prompt_panel = None
            return
        self.prompt_panel = W.ChoicePanel(self.text, prompt.title, prompt.text,
                                          list(prompt.options), W.WARM)
        # keep the units involved in sight: of a few spots in the map, the one covering least of
        # the fighters (the deciding unit and whoever the presenter names as involved)
        focus = [d.actor] if d is not None and d.actor else []
        focus += list(self.presenter.prompt_focus())
        boxes = [self.view.cell_rect((t.x, t.y), t.size) for t in self.presenter.tokens()
                 if t.id in focus]
        boxes += [self.view.cell_rect(cell) for cell in self.presenter.prompt_focus_cells()]
        w, h = self.prompt_panel.size_for(self.view.rect)
        v, m = self.view.rect, int(12 * self.text.scale)
        spots = [(v.centerx - w // 2, v.y + m), (v.centerx - w // 2, v.bottom - h - m),
                 (v.x + m, v.y + m), (v.right - w - m, v.y + m),
                 (v.x + m, v.bottom - h - m), (v.right - w - m, v.bottom - h - m)]

        def covered(spot) -> int:
            r = pygame.Rect(spot, (w, h))
            return sum(r.clip(b).w * r.clip(b).h for b in boxes)
        where = min(spots, key=covered)
        self.prompt_panel.layout(self.view.rect, where)

    def draw(self, surface: pygame.Surface) -> None:
        mouse = self.mouse
        if self.pin_cell is not None:
            mouse = tuple(int(v) for v in self.view.cell_center(self.pin_cell))
        # no fill of the whole window: the top bar, map, sidebar, action bar and log tile it
        p = self.presenter
        p.seat = self.viewer          # whose eyes the map is for (hidden information)
        ask = self.ask
        tokens = ask(p.tokens, self.viewer)
        items = ask(p.items, self.viewer)
        self.view.selected = self.selected
        d = self.decision
        self.view.marked = (set(ask(p.prompt_focus))
                            if d is not None and d.stage not in self.board_stages else set())
        # a combatant pointed at in the top bar is ringed on the map
        pointed = self.initiative.unit_at(mouse) if self.initiative.rect.collidepoint(mouse) else None
        self.view.lit = {pointed} if pointed else set()
        self.view.draw(surface, tokens, items, self._current_overlay())
        hovered_unit = ask(p.unit_at, self.hover_cell) if self.hover_cell else None
        # the unit under the pointer on the map is lit in the top bar too
        self.initiative.hover = hovered_unit
        entries, rnd = ask(p.initiative)
        self.initiative.draw(surface, entries, rnd, self._portrait, self._status())
        if not self.initiative.shows_status:
            self._status_chip(surface)
        # while a prompt waits, the sheet of the one deciding (a defender) unless hovering
        deciding = d.actor if d is not None and d.stage not in self.board_stages else None
        if deciding not in {t.id for t in tokens}:
            deciding = None
        shown = hovered_unit or deciding or self.selected or ask(p.acting_unit)
        self.sidebar.draw(surface, ask(p.unit_panel, shown) if shown else None,
                          ask(p.tile_panel, self.hover_cell) if self.hover_cell else None,
                          self._panel_portrait)
        extra = [("Undo", "^Z", self.human_turn() and self.match.can_undo(), "undo"),
                 ("?", "F1", True, "help"), ("Menu", "Esc", True, "pause")]
        mode = self.effective_mode()
        # another seat's turn (an AI thinking, a curtain up) shows no action buttons: greying
        # out its actions would make the client work out that seat's legal list in the middle of
        # a frame (25 ms on a bindings board), the very work the AI's own process is doing
        specs = ask(p.buttons, self.selected, mode) if self.human_turn() else []
        self.bar.set(specs, mode, extra)
        self.bar.draw(surface, mouse)
        self.log.draw(surface, mouse)
        for w in self.widgets:
            w.draw(surface, mouse)
        self._sync_prompt()
        if self.prompt_panel is not None:
            self.prompt_panel.draw(surface, mouse)
        elif (self.decision is not None and self.decision.stage not in self.board_stages
              and not self.match.over):
            self._waiting_banner(surface)
        if self.menu is not None:
            self.menu.draw(surface, mouse)
        W.draw_toasts(surface, self.text, self.toasts, self._toast_anchor())
        if not (self in self.app.stack and self.app.top is not self):
            # a dialog over the battle takes the pointer: the last hover's box stays out
            self._tooltips(surface, mouse)

    def _toast_anchor(self) -> pygame.Rect:
        """Where toasts stack: the top of the map, or below an open menu that covers it (a
        mode's note used to sit over the first line of the picker it led to)."""
        area = self.view.rect.copy()
        for panel in (self.menu, self.prompt_panel):     # a prompt's words too (a hotseat's
            if panel is not None and panel.rect.colliderect(     # next seat reads them)
                    pygame.Rect(area.x, area.y, area.w, 80)):
                area.top = max(area.top, panel.rect.bottom + 4)
        return area

    def _status_chip(self, surface: pygame.Surface) -> None:
        """Who decides now, in the map's top-left corner (when the top bar has no room for it)."""
        status = self._status()
        if not status:
            return
        text = self.text.render(status, 14, W.TEXT, True)
        k = self.text.scale
        box = pygame.Rect(0, 0, text.get_width() + int(20 * k), text.get_height() + int(10 * k))
        # bottom right: the legend sits bottom left, toasts and prompts up top
        box.bottomright = (self.view.rect.right - int(8 * k), self.view.rect.bottom - int(8 * k))
        if self._chip_back is None or self._chip_back.get_size() != box.size:
            # the see-through backing, made once per size rather than every frame
            self._chip_back = pygame.Surface(box.size, pygame.SRCALPHA)
            self._chip_back.fill((20, 23, 29, 210))
        surface.blit(self._chip_back, box)
        pygame.draw.rect(surface, W.WARM if self.human_turn() else W.BORDER, box, 1, border_radius=6)
        surface.blit(text, (box.x + int(10 * k), box.y + int(5 * k)))

    def _waiting_banner(self, surface: pygame.Surface) -> None:
        d = self.decision
        who = self.presenter.unit_name(d.actor) if d.actor else ""
        text = self.text.render(f"Waiting: {self.presenter.decision_words(d) or who}", 15,
                                W.TEXT, True)
        box = pygame.Rect(0, 0, text.get_width() + 30, text.get_height() + 14)
        box.midtop = (self.view.rect.centerx, self.view.rect.y + 10)
        W.panel(surface, box, (28, 33, 41), W.COOL, 8)
        surface.blit(text, (box.x + 15, box.y + 7))

    def _tooltips(self, surface: pygame.Surface, mouse) -> None:
        if self.menu is not None and self.menu.rect.collidepoint(mouse):
            return
        if self.prompt_panel is not None and self.prompt_panel.rect.collidepoint(mouse):
            # a prompt answer's own words (what it costs, what it does), beside the panel
            b = self.prompt_panel.at(mouse)
            if b is not None and b.tooltip:
                at = (self.prompt_panel.rect.right - 10, b.rect.y - 20)   # box just right of it
                W.draw_tooltip(surface, self.text, at, b.label, b.tooltip.split("\n"), W.COOL)
            return
        for w in self.widgets:
            tip = w.tip_at(mouse)
            if tip is not None:
                # above the row, over the map: the card pointed at stays in sight
                W.draw_tooltip(surface, self.text, (mouse[0], w.rect.y), tip[0], list(tip[1]),
                               W.COOL, avoid=[w.rect], within=self.view.rect)
                return
        if self.shows_map_forecast(mouse):
            fc = self._current_forecast()
            if fc:
                head, _, rest = fc.partition("\n")
                lines = [ln for part in rest.split("\n") for ln in [part] if ln]
                # beside the hovered tile, not on it: the target stays visible under the odds
                r = self.view.cell_rect(self.hover_cell) if self.hover_cell else None
                at = (r.right - 8, r.y - 24) if r is not None else mouse
                # nor on the map's captions (the cover note at the target, say)
                avoid = [box for _t, box in self.view.labels.placed]
                if r is not None:
                    avoid.append(r)
                W.draw_tooltip(surface, self.text, at, head, lines, W.WARM, avoid=avoid,
                               within=self.view.rect)
            return
        hit = self.log.line_at(mouse)
        if hit is not None and hit[1].terms:
            ln = hit[1]
            W.draw_tooltip(surface, self.text, mouse, ln.text, list(ln.terms), W.COOL)
            return
        b = self.bar.at(mouse)
        if b is not None and b.tooltip:
            W.draw_tooltip(surface, self.text, (mouse[0], b.rect.y - 60), b.label,
                           [b.tooltip] + ([f"Hotkey {b.hotkey}"] if b.hotkey else []), W.COOL)
            return
        tip = self.sidebar.tip_at(mouse)
        if tip is not None:
            W.draw_tooltip(surface, self.text, mouse, tip[0], tip[1].split("\n"), W.COOL)
            return
        tip = self.initiative.tip_at(mouse)
        if tip is not None:
            W.draw_tooltip(surface, self.text, mouse, tip[0], list(tip[1]), W.COOL)
            return
        uid = self.initiative.unit_at(mouse)
        if uid is not None:
            panel = self.presenter.unit_panel(uid)
            if panel is not None:
                lines = [f"{panel.hp} / {panel.max_hp} HP", panel.subtitle]
                if panel.slots is not None:
                    lines.append("Acting now")
                W.draw_tooltip(surface, self.text, mouse, panel.name, lines + ["Click to find her"],
                               W.COOL)

    def shows_map_forecast(self, mouse: tuple[int, int]) -> bool:
        """Whether the hovered square's forecast is drawn: not while a prompt waits, nor while
        a picker opened from that square is up (a height or strike picker: the box covered
        its lines)."""
        return self.view.rect.collidepoint(mouse) and self.prompt_panel is None \
            and self.menu is None

    def _portrait(self, entry, size: int) -> pygame.Surface:
        return sprites.portrait(entry.colour, entry.side, self.side_colour(entry.side), size,
                                down=entry.down, edge=entry.outline,
                                emblem=self.presenter.token_emblem)

    def _panel_portrait(self, panel, size: int) -> pygame.Surface:
        return sprites.portrait(panel.colour, panel.side, self.side_colour(panel.side), size,
                                edge=panel.outline, emblem=self.presenter.token_emblem)

    # -- the rules reference (F1) --------------------------------------------------------------------
    def _unit_help(self, uid: str | None) -> str | None:
        panel = self.presenter.unit_panel(uid) if uid else None
        return panel.subtitle if panel is not None else None     # it names the sheet

    def help_text(self) -> str | None:
        """F1 explains what is under the pointer: a log line, a unit on the map or in the top
        bar, a sidebar stat, a bar button."""
        mouse = self.mouse
        hit = self.log.line_at(mouse)
        if hit is not None:
            return hit[1].text
        if self.view.rect.collidepoint(mouse) and self.hover_cell is not None:
            uid = self.presenter.unit_at(self.hover_cell)
            if uid is not None:
                return self._unit_help(uid)
        if self.initiative.rect.collidepoint(mouse):
            return self._unit_help(self.initiative.unit_at(mouse))
        said = self.sidebar.words_at(mouse)
        if said:
            # a line's text names its subject (an item, a status); a bare one ("empty") its label
            return next((w for w in said if help_entry(self.match.system.id, w) is not None),
                        said[0])
        tip = self.sidebar.tip_at(mouse)
        if tip is not None:
            return tip[0]
        b = self.bar.at(mouse)
        if b is None:
            return None
        spec = b.payload
        return (spec.topic or b.label) if isinstance(spec, ActionButton) else b.label

    def side_name(self, side: int) -> str:
        return self.presenter.side_name(side)

    def results_units(self) -> list[tuple[str, str, int]]:
        """Every unit in the initiative order, then any other the match's tally names (one that
        fell may have left a system's order), for the results' table."""
        out = [(e.id, e.name, e.side) for e in self.presenter.initiative()[0]]
        listed = {uid for uid, _, _ in out}
        t = self.match.tally()
        for uid in dict.fromkeys([*t.taken, *t.downed, *t.dealt]):
            side = self.match.system.side_of(self.match.state, uid)
            if uid not in listed and side is not None:
                out.append((uid, self.presenter.unit_name(uid), side))
        return out

    # -- helpers for tests and shots ------------------------------------------------------------------
    def cell_pos(self, cell: tuple[int, int]) -> tuple[int, int]:
        """Screen position of a cell's centre (tests click there)."""
        x, y = self.view.cell_center(cell)
        return (int(x), int(y))

    def button_pos(self, ident: str) -> tuple[int, int] | None:
        self.bar.set(self.presenter.buttons(self.selected, self.effective_mode()) if self.human_turn()
                     else [], self.effective_mode(),
                     [("Undo", "^Z", self.human_turn() and self.match.can_undo(), "undo"),
                      ("?", "F1", True, "help"), ("Menu", "Esc", True, "pause")])
        b = self.bar.find(ident)
        return b.rect.center if b is not None else None

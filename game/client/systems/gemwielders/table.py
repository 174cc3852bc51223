"""The Gemwielders card table: one match of the deck-builder, hotseat or against an AI seat.

Owns: the table's layout (the opponent's side on top, the shared middle with the draft row,
gem pool, Source stack and gem card deck, your side below it, your hand fanned at the bottom,
the phase tracker on top and the game log on the right), turning clicks and drags into actions,
prompts for stage choices, the attack played as a short skippable sequence, pile viewers and
the recap the hotseat curtain shows. AI seats and their pacing, the submit door, autosave at
each turn start, the curtain itself, undo, pause and the results come from
match_scene.MatchScene through its hooks.

Hidden information: everything drawn comes from `presenter.table(viewer)`, which reads
`match.view(viewer)`; log lines are made per viewer from redacted events. The viewer is the
human whose turn it is (hotseat: changed only when the curtain is lifted) or the one human seat
against an AI.

Must not: decide a rule. Every action comes from `match.legal_actions()` through the presenter
(or from an AI seat) and goes through `match.submit`; a refused action becomes a toast.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.client.scene import Transition
from game.client.systems.gemwielders import cards as R
from game.client.systems.gemwielders.presenter import (GEM_NAMES, AttackStep, CardFace, Choice,
                                                       GemwieldersPresenter, LogEntry, PromptInfo,
                                                       TableInfo)
from game.client.scenes.match_scene import MatchScene, digit_of_key
from game.client.ui import battle_widgets as W
from game.client.systems.gemwielders import widgets as CW
from game.client.ui import draw as D
from game.engine.systems.gemwielders import rules as gw_rules

if TYPE_CHECKING:
    from game.client.app import App

STEP_TIME = 0.32        # seconds per attack beat at normal speed (UX: 200-400 ms)
SHOW_DIM = 120          # how far the attack show dims the table behind it (alpha)


#: how many actions back the recap can take lines out again (undo never reaches further)
MARKS_KEPT = 256

#: the rules reference entry F1 opens over a part of the table that is not a card: a hot
#: spot's kind (a pile by its name) or a zone's name
HELP_TOPICS = {"life": "life", "power": "power", "sockets": "gembearers", "opp_hand": "hand",
               "gem_deck": "gem_card_deck", "sources": "card_source", "deck": "piles",
               "discard": "piles", "scrap": "scrap", "defense": "defense_setup",
               "mods": "modification", "mod": "modification", "mod_opp": "modification",
               "play": "draft", "bearer": "gembearers", "bearer_opp": "gembearers"}


@dataclass
class AttackShow:
    """The attack sequence being played: beats, the one showing now and the time in it."""

    steps: list[AttackStep]
    index: int = 0
    t: float = 0.0
    linger: float = 0.0

    @property
    def done(self) -> bool:
        return self.index >= len(self.steps)

    def shown(self) -> list[AttackStep]:
        return self.steps[: self.index + 1]


@dataclass
class Hot:
    """A clickable/hoverable thing drawn this frame."""

    rect: pygame.Rect
    key: tuple
    face: CardFace | None = None
    tip: str = ""


class CardTableScene(MatchScene):
    """See the module docstring. Seats, the action door, autosave, the curtain, undo and pause
    come from MatchScene; this class adds the table, the cards and the attack sequence."""

    pacer_base = 0.5
    turn_needs_viewer = True        # hands are hidden: only the seat on view may act
    board_stages = ("act", "draft", "main", "attack")
    nothing_to_undo = "Nothing to undo: a card was revealed or the turn passed"

    def __init__(self, app: "App", match: Any, save_path: str | Path | None = None):
        super().__init__(app, match, save_path)
        self.presenter = GemwieldersPresenter(match)
        self.text = W.Text(getattr(app, "scale", 1.0))
        self.hand = CW.Hand(self.text)
        self.log = CW.GameLog(self.text)
        self.events: list[Any] = list(getattr(match, "initial_events", []))
        self.seen: dict[int, int] = {}          # seat -> events index shown to that seat
        self._marks: list[tuple[int, int]] = []     # (log index of an action, its first event)
        self._taken_back: list[range] = []          # event positions of actions undone
        d = match.decision
        if d is not None and d.seat in self.human_seats:
            self.viewer = d.seat
        else:
            self.viewer = self.human_seats[0] if self.human_seats else 0
        if len(self.human_seats) > 1 and d is not None:
            # a hotseat table opens behind the curtain for whoever decides first
            self.viewer = None
        self.hot: list[Hot] = []
        self.buttons: list[CW.Btn] = []
        self.prompt_cards: list[tuple[pygame.Rect, CardFace, Choice | None]] = []
        self.picked: list[str] = []             # cards clicked in a choose-cards prompt
        self.pile_view: CW.PileViewer | None = None
        self.show: AttackShow | None = None
        self.frozen: TableInfo | None = None    # the table as it was when a sequence began
        self.frozen_log: int | None = None      # and how long the log was then
        self.pin_mouse: tuple[int, int] | None = None   # shots pin the pointer
        self.zoom_hand: int | None = None       # shots: hover this hand card
        self.freeze_show = False                # shots: hold the attack sequence still
        self.drag: dict | None = None
        self.flash: dict[tuple[int, str], float] = {}
        self._kept_caches: dict[Any, W.RegionCache] = {}      # see _kept
        self._kept_hits: dict[Any, tuple[list, dict]] = {}
        self._last: dict[tuple[int, str], int] = {}
        self._entries_key: Any = None
        self._table_key: Any = None
        self._table: TableInfo | None = None
        self._choices: dict[tuple, list[Choice]] = {}
        self._prompt: PromptInfo | None = None
        if save_path:
            self.events.append(_Note(f"Loaded {Path(save_path).name}"))
        self.rects: dict[str, pygame.Rect] = {}
        self._layout(app.size if hasattr(app, "size") else (1280, 720))

    # -- geometry ------------------------------------------------------------------------------
    def _layout(self, size: tuple[int, int]) -> None:
        s = getattr(self.app, "scale", 1.0)
        self.text.scale = s
        w, h = size
        px = lambda v: int(round(v * s))  # noqa: E731
        top, right, hand_h = px(44), px(290), px(150)
        main_w = w - right
        rest = h - top - hand_h
        opp_h, mid_h = int(rest * 0.355), int(rest * 0.34)
        me_h = rest - opp_h - mid_h
        r = {
            "top": pygame.Rect(0, 0, w, top),
            "opp": pygame.Rect(0, top, main_w, opp_h),
            "mid": pygame.Rect(0, top + opp_h, main_w, mid_h),
            "me": pygame.Rect(0, top + opp_h + mid_h, main_w, me_h),
            "hand": pygame.Rect(px(60), h - hand_h, main_w - px(120), hand_h),
            "right": pygame.Rect(main_w, top, right, h - top),
        }
        rc = r["right"]
        r["log"] = pygame.Rect(rc.x + px(8), rc.y + px(8), rc.w - px(16), rc.h - px(232))
        r["actions"] = pygame.Rect(rc.x + px(8), r["log"].bottom + px(8), rc.w - px(16), px(160))
        self.rects = r
        self.log.rect = r["log"]
        self.hand.area = r["hand"]
        self.menu = None
        self.prompt_panel = None
        self._table_key = None

    def px(self, v: float) -> int:
        return int(round(v * self.text.scale))

    def prime(self, surface: pygame.Surface) -> None:
        super().prime(surface)
        D.dim(surface, SHOW_DIM)         # the attack show's screen-sized veil, made once

    def warm_fonts(self) -> list[tuple[int, bool]]:
        """Card faces at every width the table's rows, the hand and the attack show draw them
        (the draft row narrows as it fills), then the attack show's sums and titles. The big
        cards of a prompt and a hovered hand card are one card at a time and left out: each
        size of the font holds about half a megabyte once it has loaded any glyph."""
        fonts: set[tuple[int, bool]] = set()
        for w in range(self.px(50), self.px(120) + 1):
            fonts |= R.face_fonts(w)
        show = [(self.px(40), True), (self.px(18), True), (self.px(18), False)]
        return sorted(fonts) + show

    # -- MatchScene hooks: the attack sequence, the cached table, the log -----------------------------
    @property
    def animating(self) -> bool:
        return self.show is not None

    def _skip_animation(self) -> None:
        self.show = None

    def _before_submit(self) -> Any:
        # the table as it stands before the action, if it is read already
        return self._table if self._table_key == self._state_key() else None

    def _show_outcome(self, action: Any, events: list[Any], before: Any, from_ai: bool) -> None:
        """Events join the log; an attack the viewer may see plays as a sequence."""
        n_before = len(self.events)
        self.events.extend(events)
        # where this action's events start, by its place in the match log (undo takes it back)
        self._marks.append((len(self.match.log) - 1, n_before))
        del self._marks[:-MARKS_KEPT]
        self.log.scroll = 0
        if self.viewer is not None:
            steps = self.presenter.attack_steps(events, self.viewer)
            if steps and self._anim_factor() > 0:
                if self.show is not None and not self.show.done:
                    self.show.steps.extend(steps)
                else:
                    self.show = AttackShow(steps)
                    # the table behind the sequence stays as it was when the attack began;
                    # it is read afresh (and changed counters pulse) once the sequence ends
                    self.frozen = before
                    self.frozen_log = n_before
        self.hand.selected.clear()

    def _invalidate(self) -> None:
        self._table_key = None

    def _turn_start_key(self) -> Any:
        st = self.match.state
        if getattr(st, "turn", 0) <= 0:
            return None
        return (getattr(st, "turn", 0), getattr(st, "active", 0))

    def _undone(self) -> None:
        self.show = None
        kept = len(self.match.log)
        gone = [start for index, start in self._marks if index >= kept]
        if gone:
            # the log keeps showing them (then "Undone."); the curtain's recap leaves them out
            self._taken_back.append(range(min(gone), len(self.events)))
            self._marks = [(i, s) for i, s in self._marks if i < kept]
        self.events.append(_Note("Undone."))

    def _curtain_lifted(self, seat: int) -> None:
        self.seen[seat] = len(self.events)
        # a range every seat has seen past can no longer reach a recap
        floor = min((self.seen.get(s, 0) for s in self.human_seats), default=0)
        self._taken_back = [r for r in self._taken_back if r.stop > floor]
        self._table_key = None

    def _close_for_curtain(self) -> None:
        self.pile_view = None
        self.drag = None

    def _recap_for(self, seat: int) -> list[str]:
        start = self.seen.get(seat, 0)
        happened = [e for n, e in enumerate(self.events[start:], start)
                    if not any(n in r for r in self._taken_back)]
        return [e.text for e in self.presenter.log_entries(happened, seat)
                if (e.seat is None or e.seat != seat) and not e.minor]

    def seat_name(self, seat: int) -> str:
        return self.presenter.seat_name(seat)

    def _back_out(self) -> bool:
        if self.pile_view is not None:
            self.pile_view = None
            return True
        return super()._back_out()

    # -- reading the table (cached per state and viewer) --------------------------------------------------
    def _state_key(self) -> tuple:
        return (self.match.version, self.viewer)

    def table(self) -> TableInfo | None:
        if self.viewer is None:
            return None
        if self.show is not None and self.frozen is not None:
            return self.frozen
        self.frozen = None
        key = self._state_key()
        if key != self._table_key:
            self._table_key = key
            self._table = self.presenter.table(self.viewer)
            self._choices = self.presenter.choices(self.viewer) if self.human_turn() else {}
            self._prompt = self.presenter.prompt(self.viewer) if self.human_turn() else None
            self.prompt_panel = None
            self.picked = []
            self._note_changes(self._table)
        return self._table

    def _note_changes(self, t: TableInfo) -> None:
        """Pulse a counter that changed since the last look."""
        for side in (t.me, t.them):
            for what, v in (("life", side.life), ("power", side.power)):
                k = (side.seat, what)
                if k in self._last and self._last[k] != v:
                    self.flash[k] = 1.0
                self._last[k] = v

    def entries(self) -> list[LogEntry]:
        if self.viewer is None:
            return []
        n = len(self.events)
        if self.show is not None and self.frozen_log is not None:
            n = self.frozen_log       # the log catches up when the sequence ends
        else:
            self.frozen_log = None
        key = (n, self.viewer)
        if key != self._entries_key:
            self._entries_key = key
            self._entry_cache = self.presenter.log_entries(self.events[:n], self.viewer)
        return self._entry_cache

    # -- input -------------------------------------------------------------------------------------------
    def _pointer_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.MOUSEWHEEL:
            if self.log.rect.collidepoint(self.mouse):
                self.log.on_wheel(event.y)
            return None
        if event.type == pygame.MOUSEMOTION:
            if self.drag is not None and not self.drag["active"]:
                sx, sy = self.drag["start"]
                if abs(event.pos[0] - sx) + abs(event.pos[1] - sy) > self.px(12):
                    self.drag["active"] = True
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.pile_view is not None or self.menu is not None or self._prompt is not None:
                return None
            hot = self._hot_at(event.pos)
            if hot is not None and hot.key[0] == "hand" and self._choices.get(hot.key):
                self.drag = {"uid": hot.key[1], "start": event.pos, "active": False}
            return None
        if event.type == pygame.MOUSEBUTTONUP:
            if event.button == 3:
                self.menu = None
                self.drag = None
                self.hand.selected.clear()
                return None
            if event.button != 1:
                return None
            drag, self.drag = self.drag, None
            if drag is not None and drag["active"]:
                return self._drop(drag["uid"], event.pos)
            return self._click(event.pos)
        return None

    def _scene_key(self, event: pygame.event.Event) -> Transition | None:
        key = event.key
        if self.pile_view is not None:
            self.pile_view = None
            return None
        digit = digit_of_key(key)
        panel = self.menu or self.prompt_panel
        if digit is not None and panel is not None:
            if 0 < digit <= len(panel.buttons):
                return self._choose(panel.buttons[digit - 1].payload)
            return None
        if digit is not None and self.prompt_cards:
            if 0 < digit <= len(self.prompt_cards):
                _, face, choice = self.prompt_cards[digit - 1]
                if choice is not None:
                    return self._choose(choice)
                self._toggle_pick(face)
            return None
        if (key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self._prompt is not None
                and self._prompt.pick):
            answer = self._prompt.answer_for(self.picked)
            return self._choose(answer) if answer is not None else None
        if key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER) and self.menu is None:
            for name in ("announce", "end_phase"):
                got = self._choices.get(("button", name))
                if got and self.human_turn():
                    return self._choose(got[0])
        return None

    def help_text(self) -> str | None:
        """F1 explains what is under the pointer: a card (a face-down card stays unnamed), a
        card named in the log, else the part of the table (a counter, a pile, a zone, the phase
        tracker) or the log line, as a reference term."""
        mouse = self.mouse
        faces = [face for r, face, _ in self.prompt_cards if r.collidepoint(mouse)]
        hot = self._hot_at(mouse)
        if hot is not None and hot.face is not None:
            faces.append(hot.face)
        named = self.log.card_at(mouse)
        if named is not None:
            faces.append(named)
        shown = [f for f in faces if not f.hidden]
        if shown:
            return shown[0].id
        if hot is not None:
            kind = hot.key[1] if hot.key[0] == "pile" else hot.key[0]
            if kind == "gem":
                return GEM_NAMES[hot.key[1]]
            if kind in HELP_TOPICS:
                return HELP_TOPICS[kind]
        entry = self.log.entry_at(mouse)
        if entry is not None:
            return entry.text
        if self.rects["top"].collidepoint(mouse):
            return "phases"
        for zone, r in self.zones.items():
            if r.collidepoint(mouse):
                t = self._table
                if zone == "play" and t is not None and t.phase == "attack":
                    return "attack"
                return HELP_TOPICS.get(zone)
        return None

    def _hot_at(self, pos) -> Hot | None:
        for h in reversed(self.hot):
            if h.rect.collidepoint(pos):
                return h
        return None

    def _click(self, pos) -> Transition | None:
        if self.pile_view is not None:
            self.pile_view = None
            return None
        if self.menu is not None:
            b = self.menu.at(pos)
            self.menu = None
            if b is not None:
                return self._choose(b.payload)
            return None
        if self.prompt_panel is not None and self.prompt_panel.rect.collidepoint(pos):
            b = self.prompt_panel.at(pos)
            if b is not None:
                return self._choose(b.payload)
            return None
        for r, face, choice in self.prompt_cards:
            if r.collidepoint(pos):
                if choice is not None:
                    return self._choose(choice)
                self._toggle_pick(face)
                return None
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                if not b.enabled:
                    return None
                if b.payload == "undo":
                    return self.undo()
                if b.payload == "pause":
                    return self.pause()
                if b.payload == "help":
                    return self.open_reference()
                if b.payload == "clear":
                    self.picked = []
                    return None
                if isinstance(b.payload, Choice):
                    return self._choose(b.payload)
                return None
        hot = self._hot_at(pos)
        if hot is None:
            return None
        if hot.key[0] == "pile":
            self._open_pile(hot.key)
            return None
        if self._prompt is not None:
            return None
        choices = self._choices.get(hot.key, [])
        if not choices:
            if hot.tip:
                self.toast(hot.tip, W.COOL)
            return None
        if len(choices) == 1:
            return self._choose(choices[0])
        title = hot.face.name if hot.face is not None else "Choose"
        self.menu = W.ChoicePanel(self.text, title, "", [(c.label, c, c.tooltip) for c in choices],
                                  W.COOL)
        self.menu.layout(hot.rect, "above")
        return None

    def _drop(self, uid: str, pos) -> Transition | None:
        """A hand card dropped on the table: the choice that fits the zone it landed in."""
        choices = self._choices.get(("hand", uid), [])
        zone = self._zone_at(pos)
        if zone is None or not choices:
            return None
        fit = [c for c in choices if _zone_of(c.action) == zone]
        if not fit:
            self.toast("That card cannot go there", W.COOL)
            return None
        if len(fit) == 1:
            return self._choose(fit[0])
        self.menu = W.ChoicePanel(self.text, "Play how?", "", [(c.label, c, c.tooltip) for c in fit],
                                  W.COOL)
        self.menu.layout(pygame.Rect(pos[0] - 1, pos[1] - 1, 2, 2), "above")
        return None

    def _zone_at(self, pos) -> str | None:
        if self.zones.get("defense") and self.zones["defense"].collidepoint(pos):
            return "defense"
        for name in ("play", "mods"):
            z = self.zones.get(name)
            if z is not None and z.collidepoint(pos):
                return "play"
        return None

    def _toggle_pick(self, face: CardFace) -> None:
        p = self._prompt
        if p is None or not p.pick or face.uid is None:
            return
        if face.uid in self.picked:
            self.picked.remove(face.uid)
        elif len(self.picked) < p.pick:
            self.picked.append(face.uid)

    def _choose(self, choice: Choice) -> Transition | None:
        self.menu = None
        self.picked = []
        if not self.human_turn():
            return None
        self.submit(choice.action)
        return None

    def _open_pile(self, key: tuple) -> None:
        t = self.table()
        if t is None:
            return
        _, which, seat = key
        side = t.me if seat == t.me.seat else t.them
        mine = seat == t.me.seat
        if which == "discard":
            self.pile_view = CW.PileViewer(self.text, f"{'Your' if mine else side.name + chr(39) + 's'} "
                                           f"discard pile ({len(side.discard)})",
                                           list(reversed(side.discard)), "The discard pile is empty")
        elif which == "deck":
            # a player knows what their own deck holds (sorted by name), never its order
            cards = ([self.presenter.face(cid) for cid in
                      gw_rules.own_deck_contents(self.match.state, seat)] if mine else [])
            note = ("The deck is empty: the discard pile becomes the new deck when a card is "
                    "needed." if not side.deck else
                    f"{side.deck} cards, sorted by name. Nobody knows the order of a deck, not "
                    f"even its owner." if mine else
                    f"{side.deck} cards. Nobody knows the order of a deck, not even its owner.")
            self.pile_view = CW.PileViewer(self.text, f"{'Your' if mine else side.name + chr(39) + 's'} "
                                           f"deck ({side.deck})", cards, note)
        elif which == "scrap":
            self.pile_view = CW.PileViewer(self.text, f"Scrap pile ({len(t.scrap)})",
                                           list(reversed(t.scrap)), "Nothing has been scrapped yet")

    # -- per frame ---------------------------------------------------------------------------------------
    def _tick(self, dt: float) -> bool:
        """Pulses fade; the attack sequence steps on. While it shows, nothing else moves."""
        for k in list(self.flash):
            self.flash[k] = max(0.0, self.flash[k] - dt * 1.5)
            if self.flash[k] <= 0:
                del self.flash[k]
        if self.show is not None and self.freeze_show:
            return True
        if self.show is not None:
            step = STEP_TIME * max(0.05, self._anim_factor())
            self.show.t += dt
            while not self.show.done and self.show.t >= step:
                self.show.t -= step
                self.show.index += 1
            if self.show.done:
                self.show.linger += dt
                if self.show.linger > step * 2.5:
                    self.show = None
            return True
        return False

    # -- drawing -------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        mouse = self.pin_mouse or self.mouse
        D.table_background(surface, (18, 30, 30))
        self.hot = []
        self.buttons = []
        self.prompt_cards = []
        self.zones: dict[str, pygame.Rect] = {}
        t = self.table()
        if t is None:
            return
        r = self.rects
        self._side(surface, t.them, r["opp"], top=True)
        self._middle(surface, t, r["mid"])
        self._side(surface, t.me, r["me"], top=False)
        self._right(surface, t, mouse)
        self._top(surface, t)
        # the hand
        playable = {k[1] for k in self._choices if k[0] == "hand"}
        self.hand.layout(t.me.hand, playable, self.px(104))
        if self.zoom_hand is not None and self.hand.slots:
            sl = self.hand.slots[min(self.zoom_hand, len(self.hand.slots) - 1)]
            mouse = (sl.rect.centerx, sl.rect.y + self.px(30))
        dragging = self.drag["uid"] if self.drag and self.drag["active"] else None
        over = self.hand.at(mouse) if (dragging is None and self.pile_view is None
                                       and self.menu is None) else None
        self.hand.hover = over
        self.hand.draw(surface, dragging)
        for i, sl in enumerate(self.hand.slots):
            rect = self.hand._raised(i) if i == over else sl.rect
            self.hot.append(Hot(rect, ("hand", sl.card.uid), sl.card,
                                "" if sl.playable else self._why_not(t, sl.card)))
        if over is not None:
            # the raised card must win the hit test over its neighbours
            self.hot.append(self.hot.pop(len(self.hot) - len(self.hand.slots) + over))
        if dragging is not None:
            self._draw_drag(surface, t, dragging, mouse)
        if self.show is not None:
            self._attack_show(surface, t)
        if self._prompt is not None and not self.animating:
            self._draw_prompt(surface, self._prompt, mouse)
        if self.menu is not None:
            self.menu.draw(surface, mouse)
        if self.pile_view is not None:
            self.pile_view.draw(surface)
            f = self.pile_view.card_at(mouse)
            if f is not None:
                CW.zoom(surface, f, pygame.Rect(mouse[0], mouse[1], 1, 1), self.text.scale)
        else:
            self._hover(surface, t, mouse, over)
        # last: a toast says what just went wrong, so nothing (a zoomed card) may cover it
        W.draw_toasts(surface, self.text, self.toasts, r["mid"])

    def _why_not(self, t: TableInfo, card: CardFace) -> str:
        if not self.human_turn():
            return "Not your turn"
        if t.phase == "draft":
            return "Cards are played in the Main phase; attack cards in the Attack phase"
        if t.phase == "main" and card.kind == "attack":
            return "Attack cards go down in the Attack phase"
        if t.phase == "attack" and card.kind != "attack":
            return "Only attack cards can be used in the Attack phase"
        return "This card cannot be played now"

    def _top(self, surface: pygame.Surface, t: TableInfo) -> None:
        who = self.presenter.seat_name(t.active_seat) if t.active_seat is not None else ""
        if t.phase == "setup":
            d = self.match.decision
            who = self.presenter.seat_name(d.seat) if d is not None else ""
        if t.active_seat == t.me.seat and t.phase != "setup":
            who = f"{who} (you)"
        first = t.me.seat if t.me.player_one else t.them.seat
        skipped = ("attack",) if (t.turn == 1 and t.active_seat == first) else ()
        CW.phase_tracker(surface, self.text, self.rects["top"], t.turn, who, t.phase, t.phase_hint,
                         skipped)
        # counters of the gem card deck: the game's clock
        r = self.rects["top"]
        label = self.text.render(f"Gem card deck: {t.gem_deck}", 14,
                                 W.DANGER if t.gem_deck <= 5 else W.TEXT, True)
        surface.blit(label, (r.right - label.get_width() - self.px(16),
                             r.centery - label.get_height() // 2))

    def _side(self, surface: pygame.Surface, side, band: pygame.Rect, top: bool) -> None:
        """One player's band, kept as a picture (with its hit regions) while nothing it shows
        changed: it was two fifths of a frame, and it changes only when the match does, a
        counter flashes or a dragged card lights a zone."""
        key = (self._table_key, side, self._table.phase if self._table is not None else None,
               self.viewer, self._drag_zone(), self.flash.get((side.seat, "life"), 0.0),
               self.flash.get((side.seat, "power"), 0.0), bool(self._choices.get(("bearer",))),
               self.text.scale)
        self._kept(("side", top), surface, band, key,
                   lambda: self._draw_side(surface, side, band, top))

    def _kept(self, name: Any, surface: pygame.Surface, rect: pygame.Rect, key: Any,
              draw: Any) -> None:
        """Draw a part of the table through a kept picture: `draw()` runs only when `key`
        changed; otherwise the picture is blitted and the hit regions and drop zones that part
        recorded when it was drawn are recorded again."""
        cache = self._kept_caches.setdefault(name, W.RegionCache())
        if cache.reuse(surface, rect, key):
            hot, zones = self._kept_hits[name]
            self.hot.extend(hot)
            self.zones.update(zones)
            return
        n_hot, before = len(self.hot), dict(self.zones)
        draw()
        cache.keep(surface, rect)
        self._kept_hits[name] = (self.hot[n_hot:],
                                 {k: v for k, v in self.zones.items() if before.get(k) != v})

    def _draw_side(self, surface: pygame.Surface, side, band: pygame.Rect, top: bool) -> None:
        px = self.px
        mine = side.seat == (self.viewer if self.viewer is not None else -1)
        # a band of darker felt for each player, a warm edge for whoever's turn it is
        box = band.inflate(-px(12), -px(8))
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (0, 0, 0, 60 if mine else 80), shade.get_rect(),
                         border_radius=px(12))
        surface.blit(shade, box)
        if side.active:
            pygame.draw.rect(surface, W.WARM, box, max(1, px(2)), border_radius=px(12))
        ch = box.h - px(30)
        cw = int(ch / R.CARD_RATIO)
        x = box.x + px(10)
        y = box.y + px(8)
        # name plate
        order = "goes first" if side.player_one else "goes second (wins ties)"
        if side.seat >= 0 and self._table is not None and self._table.phase == "setup":
            order = order.split(" (")[0]
        title = f"{side.name}{' (you)' if mine else ''}  ·  {order}"
        CW.label(surface, self.text, title, (x, box.bottom - px(20)), 13,
                 W.WARM_HI if side.active else W.TEXT)
        # Gembearer
        if side.gembearer is not None:
            gb = pygame.Rect(x, y, cw, ch)
            # a used Gembearer lies sideways inside the same footprint
            at = gb if side.ready else pygame.Rect(0, 0, int(cw / R.CARD_RATIO), cw).move(
                0, 0)
            at.center = gb.center
            got = R.draw_card(surface, side.gembearer, at, used=not side.ready,
                              glow=W.WARM if mine and self._choices.get(("bearer",)) else None)
            self.hot.append(Hot(got, ("bearer",) if mine else ("bearer_opp",), side.gembearer,
                                "" if side.ready else "Used this turn; readied in the Draw phase"))
            x = max(gb.right, got.right) + px(8)
        else:
            CW.zone_frame(surface, pygame.Rect(x, y, cw, ch), "GEMBEARER", self.text)
            x += cw + px(8)
        # sockets
        r = px(10)
        CW.sockets(surface, x + r, y + px(4), r, side.sockets, side.max_sockets, px(5))
        self.hot.append(Hot(pygame.Rect(x, y, 2 * r, ch), ("sockets", side.seat), None,
                            f"{len(side.sockets)} of {side.max_sockets} sockets filled"))
        x += 2 * r + px(12)
        # counters
        cwid = px(112)
        life = pygame.Rect(x, y, cwid, px(36))
        CW.counter(surface, self.text, life, "life", side.life, side.max_life,
                   self.flash.get((side.seat, "life"), 0.0))
        self.hot.append(Hot(life, ("life", side.seat), None,
                            f"Life {side.life}; it can never go above {side.max_life}"))
        power = pygame.Rect(x, life.bottom + px(6), cwid, px(36))
        CW.counter(surface, self.text, power, "power", side.power, None,
                   self.flash.get((side.seat, "power"), 0.0))
        self.hot.append(Hot(power, ("power", side.seat), None,
                            "Power pays for ⚡ clauses; it never drops below 0"))
        hy = power.bottom + px(8)
        if not mine:
            # the opponent's hand: backs only, and how many
            n = len(side.hand)
            bw = px(18)
            for i in range(min(n, 8)):
                R.draw_card(surface, side.hand[i], pygame.Rect(x + i * px(9), hy, bw, int(bw * 1.4)),
                            shadow=False)
            CW.label(surface, self.text, f"{n} in hand", (x + min(n, 8) * px(9) + bw + px(6),
                                                          hy + px(4)), 12, W.TEXT)
            self.hot.append(Hot(pygame.Rect(x, hy, cwid, int(bw * 1.4)), ("opp_hand",), None,
                                f"{n} cards in hand (hidden)"))
        x += cwid + px(12)
        # piles on the right end
        pw = int(ch * 0.72 / R.CARD_RATIO)
        ph = int(pw * R.CARD_RATIO)
        px_end = box.right - px(10)
        disc = pygame.Rect(px_end - pw, y + px(4), pw, ph)
        deck = pygame.Rect(disc.x - pw - px(16), y + px(4), pw, ph)
        CW.pile(surface, self.text, deck, None, side.deck, "Deck", back=True)
        CW.pile(surface, self.text, disc, side.discard[-1] if side.discard else None,
                len(side.discard), "Discard")
        self.hot.append(Hot(deck, ("pile", "deck", side.seat), None,
                            f"Deck: {side.deck} cards"))
        self.hot.append(Hot(disc, ("pile", "discard", side.seat),
                            side.discard[-1] if side.discard else None,
                            f"Discard: {len(side.discard)} cards (click to see them)"))
        # defense setup and modifications share the space between
        room = deck.x - px(14) - x
        mods_w = max(int(room * 0.36), px(90)) if side.mods else int(room * 0.26)
        dz = pygame.Rect(x, y - px(2), room - mods_w - px(8), ch + px(4))
        mz = pygame.Rect(dz.right + px(8), y - px(2), mods_w, ch + px(4))
        drag_zone = self._drag_zone()
        CW.zone_frame(surface, dz, f"DEFENSE ({len(side.defense)})", self.text,
                      highlight=W.WARM if (mine and drag_zone == "defense") else None)
        CW.zone_frame(surface, mz, "MODIFICATIONS", self.text,
                      highlight=W.WARM if (mine and drag_zone == "play") else None)
        if mine:
            self.zones["defense"] = dz
            self.zones["mods"] = mz
        dw = int((ch - px(18)) / R.CARD_RATIO)
        self._row_of(surface, side.defense, dz, dw, ("defense", side.seat), mine)
        self._row_of(surface, side.mods, mz, dw, ("mod",), mine, sideways=True)

    def _row_of(self, surface, cards: list[CardFace], zone: pygame.Rect, w: int, key: tuple,
                mine: bool, sideways: bool = False) -> None:
        if not cards:
            return
        px = self.px
        h = int(w * R.CARD_RATIO)
        gap = px(6)
        widths = [h if c.used else w for c in cards]    # a used card lies sideways
        need = sum(widths) + gap * (len(cards) - 1)
        room = zone.w - px(12)
        squeeze = min(1.0, room / need) if need else 1.0
        x = zone.x + px(6)
        y = zone.y + px(16)
        for i, c in enumerate(cards):
            rect = pygame.Rect(x, y, w, h)
            if c.used:
                rect = pygame.Rect(0, 0, w, h)
                rect.center = (x + h // 2, y + h // 2)
            x += int((widths[i] + gap) * squeeze)
            glow = None
            if key[0] == "mod" and mine and self._choices.get(("mod", c.uid)):
                glow = W.WARM
            face = c
            if key[0] == "defense" and mine and not c.hidden:
                # your own face-down cards: you may look, so the face shows, marked face down
                got = R.draw_card(surface, c, rect)
                veil = pygame.Surface(got.size, pygame.SRCALPHA)
                veil.fill((20, 26, 50, 70))
                surface.blit(veil, got)
                eye = self.text.render("face down", 9, (200, 210, 240), True)
                pygame.draw.rect(surface, (20, 24, 40), (got.x + 2, got.bottom - eye.get_height() - 4,
                                                         got.w - 4, eye.get_height() + 2))
                surface.blit(eye, eye.get_rect(midbottom=(got.centerx, got.bottom - 3)))
            else:
                got = R.draw_card(surface, c, rect, used=c.used, glow=glow)
            if key[0] == "defense":
                tip = (f"Slot {i + 1} from the left: face down" if c.hidden else
                       f"Slot {i + 1} from the left")
                self.hot.append(Hot(got, ("defense", key[1], i), None if c.hidden else face, tip))
            else:
                self.hot.append(Hot(got, ("mod", c.uid) if mine else ("mod_opp", c.uid), face,
                                    "Used: readied in its owner's Draw phase" if c.used else ""))

    def _middle(self, surface: pygame.Surface, t: TableInfo, band: pygame.Rect) -> None:
        """The pool, the piles and the draft row (or the attack), kept while the table, the
        drag target and the attack sequence stay the same."""
        key = (self._table_key, t, self._drag_zone(), self.show is not None, self.viewer,
               self.text.scale)
        self._kept("middle", surface, band, key, lambda: self._draw_middle(surface, t, band))

    def _draw_middle(self, surface: pygame.Surface, t: TableInfo, band: pygame.Rect) -> None:
        px = self.px
        box = band.inflate(-px(12), -px(4))
        ch = box.h - px(26)
        cw = int(ch / R.CARD_RATIO)
        # gem pool on the left
        pool = pygame.Rect(box.x, box.y + px(4), px(150), ch)
        CW.zone_frame(surface, pool, "GEM POOL", self.text)
        gr = px(14)
        for i, letter in enumerate(("R", "S", "E", "T", "A")):
            col, row = i % 2, i // 2
            c = (pool.x + px(34) + col * px(68), pool.y + px(34) + row * px(40))
            n = t.pool.get(letter, 0)
            if n:
                R.draw_gem_token(surface, c, gr, letter)
            else:
                R.draw_gem(surface, c, gr, letter, empty=True)
            can = bool(self._choices.get(("gem", letter)))
            if can:
                pygame.draw.circle(surface, W.WARM, c, gr + px(4), max(1, px(2)))
            CW.label(surface, self.text, f"×{n}", (c[0] + gr + px(4), c[1]), 13,
                     W.TEXT if n else W.DIM, anchor="midleft")
            hit = pygame.Rect(c[0] - gr, c[1] - gr, px(60), 2 * gr)
            self.hot.append(Hot(hit, ("gem", letter), None,
                                f"{GEM_NAMES[letter]}: {n} left in the pool"
                                + ("" if can else " (gems are taken in draft step 3)")))
        # Source stack, gem card deck and scrap on the right
        pw = int(cw * 0.78)
        ph = int(pw * R.CARD_RATIO)
        right = box.right - px(8)
        scrap = pygame.Rect(right - pw, box.y + px(10), pw, ph)
        gdeck = pygame.Rect(scrap.x - pw - px(18), scrap.y, pw, ph)
        src = pygame.Rect(gdeck.x - pw - px(18), scrap.y, pw, ph)
        source_face = self.presenter.face("source") if t.sources else None
        can_src = bool(self._choices.get(("sources",)))
        CW.pile(surface, self.text, src, source_face, t.sources, "Sources",
                glow=W.WARM if can_src else None)
        self.hot.append(Hot(src, ("sources",), source_face, f"{t.sources} Sources left"))
        CW.pile(surface, self.text, gdeck, None, t.gem_deck, "Gem cards", back=True)
        self.hot.append(Hot(gdeck, ("gem_deck",), None,
                            f"{t.gem_deck} gem cards left: the game ends when they run out"))
        CW.pile(surface, self.text, scrap, t.scrap[-1] if t.scrap else None, len(t.scrap), "Scrap")
        self.hot.append(Hot(scrap, ("pile", "scrap", -1), t.scrap[-1] if t.scrap else None,
                            "Scrapped cards are out of the game (click to see them)"))
        # the draft row (or the attack being put together) in the centre
        row_zone = pygame.Rect(pool.right + px(10), box.y + px(4), src.x - pool.right - px(22), ch)
        self.zones["play"] = row_zone
        att = getattr(self.presenter.view(self.viewer), "attack", None)
        drag_zone = self._drag_zone()
        if t.phase == "attack" and att is not None and att.cards and self.show is None:
            self._attack_zone(surface, t, row_zone)
            return
        CW.zone_frame(surface, row_zone, "DRAFT ROW", self.text,
                      highlight=W.WARM if drag_zone == "play" else None)
        n = max(1, len(t.row))
        gap = px(10)
        rw = min(cw, (row_zone.w - px(20) - gap * (n - 1)) // n)
        rh = int(rw * R.CARD_RATIO)
        x0 = row_zone.centerx - (n * rw + (n - 1) * gap) // 2
        y0 = row_zone.y + px(16)
        for i, c in enumerate(t.row):
            rect = pygame.Rect(x0 + i * (rw + gap), y0, rw, rh)
            if c is None:
                pygame.draw.rect(surface, (255, 255, 255), rect, 1, border_radius=max(3, rw // 14))
                CW.label(surface, self.text, "empty", rect.center, 11, W.DIM, anchor="center")
                continue
            can = bool(self._choices.get(("row", i)))
            blocked = i in t.row_blocked and not can
            got = R.draw_card(surface, c, rect, dim=blocked, glow=W.WARM if can else None)
            self.hot.append(Hot(got, ("row", i), c, t.row_blocked.get(i, "")))

    def _attack_zone(self, surface: pygame.Surface, t: TableInfo, zone: pygame.Rect) -> None:
        px = self.px
        view = self.presenter.view(self.viewer)
        att = view.attack
        mine = att.attacker == t.me.seat
        CW.zone_frame(surface, zone, "YOUR ATTACK" if mine else "INCOMING ATTACK", self.text,
                      highlight=W.DANGER)
        faces = [self.presenter._card(view, c, **self.presenter._value_kw(view, c))
                 for c in att.cards]
        ch = zone.h - px(26)
        cw = int(ch / R.CARD_RATIO)
        x = zone.x + px(12)
        for f in faces:
            got = R.draw_card(surface, f, pygame.Rect(x, zone.y + px(16), cw, ch))
            self.hot.append(Hot(got, ("attack_card", f.uid), f))
            x += int(cw * 0.7)
        total = self.presenter.attack_value(view)
        D.text(surface, f"⚔ {total}".replace("⚔ ", ""), (zone.right - px(90), zone.centery - px(6)),
               px(44), W.WARM_HI, bold=True, anchor="center")
        CW.label(surface, self.text, "attack", (zone.right - px(90), zone.centery + px(24)), 13,
                 W.TEXT, anchor="center")
        R.draw_sword(surface, pygame.Rect(zone.right - px(170), zone.centery - px(22), px(40), px(40)))

    def _drag_zone(self) -> str | None:
        """While a hand card is dragged: the zone name its choices can drop on, else None."""
        if not self.drag or not self.drag["active"]:
            return None
        zones = {_zone_of(c.action) for c in self._choices.get(("hand", self.drag["uid"]), [])}
        zones.discard(None)
        return "defense" if zones == {"defense"} else ("play" if zones == {"play"} else
                                                       ("both" if zones else None))

    def _draw_drag(self, surface, t: TableInfo, uid: str, mouse) -> None:
        zones = {_zone_of(c.action) for c in self._choices.get(("hand", uid), [])}
        for z in zones:
            rect = self.zones.get("defense" if z == "defense" else "play")
            if rect is not None:
                pygame.draw.rect(surface, W.WARM, rect, max(2, self.px(3)), border_radius=self.px(8))
        face = next((sl.card for sl in self.hand.slots if sl.card.uid == uid), None)
        if face is not None:
            w = self.px(110)
            r = pygame.Rect(0, 0, w, int(w * R.CARD_RATIO))
            r.center = mouse
            R.draw_card(surface, face, r, glow=W.WARM)

    def _right(self, surface: pygame.Surface, t: TableInfo, mouse) -> None:
        px = self.px
        rc = self.rects["right"]
        pygame.draw.rect(surface, (17, 20, 25), rc)
        pygame.draw.line(surface, W.BORDER, rc.topleft, rc.bottomleft)
        self.log.set(self.entries())
        self.log.draw(surface)
        a = self.rects["actions"]
        y = a.y
        specs: list[CW.Btn] = []
        mine = self.human_turn()
        if mine and self._prompt is None:
            for name in ("announce", "skip", "end_phase"):
                for c in self._choices.get(("button", name), []):
                    specs.append(CW.Btn(pygame.Rect(a.x, y, a.w, px(40)), c.label, c, c.primary,
                                        hotkey="Space" if name in ("announce", "end_phase") else ""))
                    y += px(46)
        elif mine and self._prompt is not None:
            CW.label(surface, self.text, "Your choice: see the prompt", (a.centerx, y + px(14)), 15,
                     W.WARM, anchor="midtop")
        elif not self.match.over:
            d = self.match.decision
            who = self.presenter.seat_name(d.seat) if d is not None else ""
            status = (f"{who} is thinking…" if d is not None and d.seat in self.ai_seat_ids
                      else f"Waiting for {who}")
            if self.animating:
                status = "Attack resolving · click to skip"
            CW.label(surface, self.text, status, (a.centerx, y + px(14)), 15, W.COOL, anchor="midtop")
        for b in specs:
            b.primary = b.primary and b.payload.label.startswith(("Attack", "To ", "End", "No"))
        bottom = rc.bottom - px(52)
        # Undo, the rules reference and Menu share the bottom row
        third = (a.w - px(16)) // 3
        specs.append(CW.Btn(pygame.Rect(a.x, bottom, third, px(40)), "Undo", "undo",
                            enabled=mine and self.match.can_undo(), hotkey="^Z"))
        specs.append(CW.Btn(pygame.Rect(a.x + third + px(8), bottom, third, px(40)), "?", "help",
                            hotkey="F1", tooltip="Rules reference"))
        specs.append(CW.Btn(pygame.Rect(a.x + 2 * (third + px(8)), bottom, third, px(40)), "Menu",
                            "pause", hotkey="Esc"))
        for b in specs:
            CW.draw_btn(surface, self.text, b, b.rect.collidepoint(mouse) and b.enabled)
        self.buttons = specs

    def _draw_prompt(self, surface: pygame.Surface, p: PromptInfo, mouse) -> None:
        px = self.px
        if p.cards:
            # a full choice of cards (the Gembearer pick): big cards over a dimmed table
            D.dim(surface, 170)
            sw, sh = surface.get_size()
            D.text(surface, p.title, (sw // 2, px(70)), px(34), W.TEXT, bold=True, anchor="center")
            D.text(surface, p.text, (sw // 2, px(106)), px(16), W.COOL, anchor="center")
            n = len(p.cards)
            cw = min(px(200), (sw - px(80)) // max(1, n) - px(20))
            ch = int(cw * R.CARD_RATIO)
            x0 = sw // 2 - (n * cw + (n - 1) * px(24)) // 2
            for i, (face, choice) in enumerate(p.cards):
                r = pygame.Rect(x0 + i * (cw + px(24)), px(140), cw, ch)
                hov = r.collidepoint(mouse)
                picked = face.uid in self.picked
                got = R.draw_card(surface, face, r.move(0, -px(22) if picked else -px(8) if hov else 0),
                                  glow=(255, 120, 90) if picked else W.WARM if hov else None)
                if choice is not None:
                    caption = f"{i + 1}. {choice.label}"
                elif picked:
                    caption = f"#{self.picked.index(face.uid) + 1}" if p.ordered else "Chosen"
                else:
                    caption = f"{i + 1}"
                D.text(surface, caption, (got.centerx, got.bottom + px(14)), px(15),
                       W.WARM_HI if hov or picked else W.TEXT, bold=True, anchor="midtop")
                self.prompt_cards.append((got, face, choice))
            if p.pick:
                answer = p.answer_for(self.picked)
                bw = px(220)
                ok = CW.Btn(pygame.Rect(sw // 2 + px(8), px(150) + ch + px(50), bw, px(44)),
                            f"Confirm ({len(self.picked)}/{p.pick})", answer or "none",
                            primary=True, enabled=answer is not None, hotkey="Enter")
                clear = CW.Btn(pygame.Rect(sw // 2 - bw - px(8), ok.rect.y, bw, px(44)), "Clear",
                               "clear", enabled=bool(self.picked))
                for b in (clear, ok):
                    CW.draw_btn(surface, self.text, b, b.rect.collidepoint(mouse) and b.enabled)
                    self.buttons.append(b)
            return
        if self.prompt_panel is None:
            self.prompt_panel = W.ChoicePanel(self.text, p.title, p.text,
                                              [(c.label, c, c.tooltip) for c in p.options], W.WARM)
            # over your own side: the draft row and the attack in the middle stay in sight
            # (Player 2 decides the redeal by looking at the row)
            self.prompt_panel.layout(self.rects["mid"], "center")
            me = self.rects["me"]
            self.prompt_panel.rect.midbottom = (me.centerx, me.bottom - self.px(4))
            self.prompt_panel.layout(self.rects["mid"], self.prompt_panel.rect.topleft)
        self.prompt_panel.draw(surface, mouse)

    def _attack_show(self, surface: pygame.Surface, t: TableInfo) -> None:
        """The attack sequence so far, over the middle of the table."""
        px = self.px
        show = self.show
        steps = show.shown()
        band = self.rects["mid"].inflate(-px(40), px(30))
        D.dim(surface, SHOW_DIM)
        D.panel(surface, band, border=W.DANGER, radius=px(12), width=2)
        attack = [s for s in steps if s.kind == "attack_card"]
        flips = [s for s in steps if s.kind == "flip"]
        effects = [s for s in steps if s.kind == "effect"]
        result = next((s for s in steps if s.kind == "result"), None)
        damage = next((s for s in steps if s.kind == "damage"), None)
        announce = next((s for s in steps if s.kind == "announce"), None)
        ch = band.h - px(70)
        cw = int(ch / R.CARD_RATIO)
        x = band.x + px(16)
        for s in attack:
            if s.card is not None:
                R.draw_card(surface, s.card, pygame.Rect(x, band.y + px(36), cw, ch))
                x += int(cw * 0.55)
        if announce is not None:
            D.text(surface, announce.text, (band.x + px(16), band.y + px(8)), px(18), W.WARM_HI,
                   bold=True)
        # the defense, flipping one card per beat
        all_flips = [s for s in show.steps if s.kind == "flip"]
        dx = band.right - px(16) - max(1, len(all_flips)) * int(cw * 0.62) - int(cw * 0.4)
        for i, s in enumerate(all_flips):
            r = pygame.Rect(dx + i * int(cw * 0.62), band.y + px(36), cw, ch)
            if s.card is None:
                CW.label(surface, self.text, s.text, (band.right - px(120), band.centery), 15, W.COOL,
                         anchor="center")
                continue
            if i < len(flips):
                flipping = (i == len(flips) - 1 and steps[-1] is s)
                if flipping:
                    k = min(1.0, show.t / max(0.01, STEP_TIME * max(0.05, self._anim_factor())))
                    img = R.face(s.card, cw)
                    wsq = max(2, int(cw * abs(2 * k - 1)))
                    face = img if k >= 0.5 else R.back(cw)
                    squeezed = pygame.transform.smoothscale(face, (wsq, face.get_height()))
                    surface.blit(squeezed, squeezed.get_rect(center=r.center))
                else:
                    R.draw_card(surface, s.card, r)
            else:
                R.draw_card(surface, CW.R_back_face(), r)
        if flips and len(flips) == len(all_flips) and flips[-1].value is not None:
            D.text(surface, f"Defense {flips[-1].value}", (band.right - px(16), band.y + px(8)),
                   px(18), W.COOL, bold=True, anchor="topright")
        # the sums face each other in the middle: sword total against the defense so far
        cx, cy = band.centerx, band.y + px(62)
        sword = announce.value if announce is not None else None
        if result is not None and result.value is not None and result.index is not None:
            sword = result.value + result.index          # the compared totals after effects
        R.draw_sword(surface, pygame.Rect(cx - px(118), cy - px(18), px(36), px(36)))
        D.text(surface, str(sword if sword is not None else "?"), (cx - px(64), cy), px(40),
               W.WARM_HI, bold=True, anchor="center")
        D.text(surface, "vs", (cx, cy), px(18), W.DIM, anchor="center")
        shown = (result.index if result is not None and result.index is not None else
                 flips[-1].value if flips and len(flips) == len(all_flips) else None)
        D.text(surface, str(shown if shown is not None else "?"), (cx + px(64), cy), px(40),
               W.COOL, bold=True, anchor="center")
        R.draw_shield(surface, pygame.Rect(cx + px(92), cy - px(18), px(30), px(36)))
        y = cy + px(30)
        for s in effects[-3:]:
            D.text(surface, s.text, (band.centerx, y), px(14), W.TEXT, anchor="midtop")
            y += px(20)
        if result is not None:
            colour = W.DANGER if result.hit else W.COOL
            D.spaced_title(surface, result.text, (band.centerx, band.bottom - px(50)), px(40), colour)
        if damage is not None:
            D.text(surface, f"{damage.text} life", (band.centerx, band.bottom - px(16)), px(20),
                   W.DANGER, bold=True, anchor="midbottom")
        CW.label(surface, self.text, "Click to skip", (band.centerx, band.bottom + px(4)), 11, W.DIM,
                 False, anchor="midtop")

    def _hover(self, surface: pygame.Surface, t: TableInfo, mouse, hand_over: int | None) -> None:
        """The zoomed card or the tooltip for whatever is under the pointer."""
        panel = self.menu or self.prompt_panel
        if panel is not None:
            b = panel.at(mouse)
            if b is not None and b.tooltip:
                W.draw_tooltip(surface, self.text, mouse, b.label, [b.tooltip], W.COOL)
            if self.menu is not None:
                return
        if self._prompt is not None and self._prompt.cards:
            return
        face = self.log.card_at(mouse)
        if face is not None:
            CW.zoom(surface, face, pygame.Rect(self.log.rect.x - 2, mouse[1] - 150, 1, 300),
                    self.text.scale)
            return
        for b in self.buttons:
            if b.rect.collidepoint(mouse):
                tip = b.payload.tooltip if isinstance(b.payload, Choice) else ""
                if tip:
                    W.draw_tooltip(surface, self.text, mouse, b.label, [tip], W.COOL)
                return
        hot = self._hot_at(mouse)
        if hot is None:
            return
        if hot.key[0] == "hand":
            r = self.hand._raised(hand_over) if hand_over is not None else hot.rect
            choices = self._choices.get(hot.key, [])
            if choices and not self.drag:
                lines = [("Click" if len(choices) == 1 else "Click to choose") + ": " +
                         " / ".join(c.label for c in choices), "Or drag it onto the table"]
                W.draw_tooltip(surface, self.text, (r.right - self.px(10), r.y), "", lines, W.WARM)
            elif hot.tip and self.human_turn():
                W.draw_tooltip(surface, self.text, (r.right - self.px(10), r.y), "", [hot.tip], W.COOL)
            return
        if hot.face is not None and not hot.face.hidden:
            z = CW.zoom(surface, hot.face, hot.rect, self.text.scale)
            tip = hot.tip
            choices = self._choices.get(hot.key, [])
            if choices:
                tip = " / ".join(c.label for c in choices) + " (click)"
            if tip:
                W.draw_tooltip(surface, self.text, (z.x - 18, z.bottom - 10), "", [tip],
                               W.WARM if choices else W.COOL, max_w=z.w)
            return
        if hot.tip:
            choices = self._choices.get(hot.key, [])
            lines = [hot.tip] + ([c.label + " (click)" for c in choices])
            W.draw_tooltip(surface, self.text, mouse, "", lines, W.WARM if choices else W.COOL)

    # -- helpers for tests and shots ------------------------------------------------------------------
    def hot_rect(self, key: tuple) -> pygame.Rect | None:
        """Where the thing with `key` was drawn last frame (tests click there)."""
        for h in self.hot:
            if h.key == key:
                return h.rect
        return None

    def button_rect(self, label_start: str) -> pygame.Rect | None:
        for b in self.buttons:
            if b.label.startswith(label_start):
                return b.rect
        return None


@dataclass(frozen=True)
class _Note:
    """A line the table itself adds to the log (loaded, undone)."""

    text: str
    kind: str = "note"


def _zone_of(action: Any) -> str | None:
    kind = getattr(action, "kind", "")
    if kind == "gw.add_defense":
        return "defense"
    if kind in ("gw.play_skill", "gw.play_source", "gw.play_modification", "gw.add_to_attack"):
        return "play"
    return None


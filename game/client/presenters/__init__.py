"""Presenters: per-system translation between a match and the battle screen.

Owns: the `Presenter` base class, which names every hook the battle scene calls with its
default, and the plain view records a presenter returns (tokens, items, panels, overlays,
buttons, log lines, animation steps). The battle scene, board view and widgets only ever see
these records, so a new map system plugs in a presenter subclass (registered in its own package
under game.client.systems) instead of forking the scene. This module names no system.

Must not: decide a rule. A presenter reads state, `legal_actions`, and the engine's own helper
functions (reachable tiles, forecasts, tile descriptions) and only ever proposes actions taken
from `legal_actions`. It never touches pygame surfaces (the render package draws).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from game.engine.actions import EndTurn

Cell = tuple[int, int]


@dataclass(frozen=True, slots=True)
class TokenInfo:
    """One unit on the board, as drawn."""

    id: str
    name: str
    side: int
    x: int
    y: int
    size: int = 1
    hp: int = 0
    max_hp: int = 0
    colour: tuple[int, int, int] = (200, 200, 200)
    #: one entry per arm: (disarmed, held item kind or None)
    arms: tuple[tuple[bool, str | None], ...] = ()
    #: short status badges: (glyph, tooltip)
    badges: tuple[tuple[str, str], ...] = ()
    altitude: int | None = None       # shown as a lift and a number when airborne
    acting: bool = False
    outline: tuple[int, int, int] | None = None   # the gem's own edge colour, if it has one
    glyph: str = ""                    # one or two letters drawn on the token (what it is)
    #: temporary HP, drawn as a pale segment after the HP on the bar (0: none). Last: presenters
    #: and tests build tokens positionally, and a field added in the middle shifts their values
    temp_hp: int = 0
    #: further meters under the HP bar, each (value, most, colour): a pool a system spends
    #: (essence, mana), drawn as a thin bar in its colour (empty: none)
    bars: tuple[tuple[int, int, tuple[int, int, int]], ...] = ()
    #: (left, of): a small row of pips along the token's foot, one per use a round allows
    #: (reactions), the spent ones hollow ((0, 0): none)
    pips: tuple[int, int] = (0, 0)


@dataclass(frozen=True, slots=True)
class ItemInfo:
    """A loose object on the board (held objects are drawn on their holder's token)."""

    id: str
    name: str
    kind: str                          # "rock", "crate", "weapon", "gemstone", ...
    x: int
    y: int
    colour: tuple[int, int, int] = (170, 170, 170)
    hardlight: bool = False


@dataclass(frozen=True, slots=True)
class InitiativeEntry:
    id: str
    name: str
    side: int
    colour: tuple[int, int, int]
    current: bool = False
    down: bool = False                 # poofed / out of the fight
    outline: tuple[int, int, int] | None = None


@dataclass(slots=True)
class PanelLine:
    """A line of a sidebar panel: `label: text`, optional colour and hover tooltip."""

    text: str
    label: str = ""
    colour: tuple[int, int, int] | None = None
    tooltip: str = ""
    dim: bool = False


@dataclass(slots=True)
class UnitPanel:
    id: str
    name: str
    subtitle: str
    side: int
    colour: tuple[int, int, int]
    hp: int
    max_hp: int
    outline: tuple[int, int, int] | None = None
    stats: list[tuple[str, str, str]] = field(default_factory=list)   # (label, value, tooltip)
    arms: list[PanelLine] = field(default_factory=list)
    statuses: list[PanelLine] = field(default_factory=list)
    slots: int | None = None
    max_slots: int | None = None
    #: titled groups of lines drawn after the stats (replaces Arms/Status when given)
    sections: list[tuple[str, list[PanelLine]]] = field(default_factory=list)


@dataclass(slots=True)
class TilePanel:
    title: str
    lines: list[PanelLine] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class SubMenu:
    """A menu entry (or a prompt's answer) that opens a further menu instead of acting: its
    `title`, a line of `text`, and `options` (label, payload) as an ActionButton's `actions`
    (an action, a targeting mode, or another SubMenu). A choice made in steps stays short."""

    title: str
    options: tuple[tuple[str, Any], ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class ActionButton:
    """A button of the action bar. `mode` names a map-targeting mode the scene enters when it
    is pressed; `actions` is a list of (label, action) the scene offers as a menu; `action` is
    submitted at once. Exactly one of the three is used. An entry of `actions` may be a
    SubMenu (a menu in steps)."""

    id: str
    label: str
    hotkey: str = ""
    enabled: bool = True
    tooltip: str = ""
    mode: str | None = None
    action: Any = None
    actions: tuple[tuple[str, Any], ...] = ()
    confirm: str = ""                  # non-empty: ask this question before submitting
    primary: bool = False
    topic: str = ""                    # the rules reference entry (id or term) F1 opens over
                                       # it; empty: the label itself is looked up


@dataclass(slots=True)
class Overlay:
    """What the map shows for a targeting mode: tinted cells (cell -> cost or tag), a path, the
    cells of the hovered target and its area, and a line."""

    cells: dict[Cell, int] = field(default_factory=dict)     # reachable cells and their cost
    targets: set[Cell] = field(default_factory=set)           # clickable targets
    range_cells: set[Cell] = field(default_factory=set)       # in range, nothing to hit
    path: list[Cell] = field(default_factory=list)
    target_block: list[Cell] = field(default_factory=list)
    area: list[Cell] = field(default_factory=list)
    line: list[Cell] = field(default_factory=list)
    size: int = 1                      # footprint of the unit the overlay is for
    veil: bool = False                 # darken every cell outside `cells` (movement modes)
    #: legend labels per tint key of `cells` (empty: "N slot(s)"); `cost_digits` writes the key
    #: on cells whose key is not 1 (e.g. slot costs)
    legend: tuple[tuple[int, str], ...] = ()
    cost_digits: bool = True
    #: short text drawn on cells (a hex count, a concealment level, "S2")
    marks: dict[Cell, str] = field(default_factory=dict)
    #: lines in map pixels (the art's scale 1), e.g. a line of sight: (start, end, colour)
    pixel_lines: list[tuple[tuple[float, float], tuple[float, float], tuple[int, int, int]]] = \
        field(default_factory=list)
    cover_cells: set[Cell] = field(default_factory=set)      # obstacles giving cover (outlined)
    conceal_cells: set[Cell] = field(default_factory=set)    # cells whose concealment counted


@dataclass(frozen=True, slots=True)
class LogLine:
    """One combat-log line; `terms` (label, value) explain a roll term by term on hover."""

    text: str
    colour: tuple[int, int, int] = (220, 214, 200)
    terms: tuple[tuple[str, str], ...] = ()
    round: int | None = None


@dataclass(frozen=True, slots=True)
class AnimStep:
    """One animation step the board plays before re-reading state.

    kind: "move" (unit slides along `path`), "hit" (unit flashes, `text` floats up),
    "miss" (text floats), "knock" (slide), "poof" (unit fades), "roll" (a die banner)."""

    kind: str
    unit: str | None = None
    path: tuple[Cell, ...] = ()
    text: str = ""
    colour: tuple[int, int, int] = (255, 255, 255)
    cell: Cell | None = None


@dataclass(frozen=True, slots=True)
class Prompt:
    """A pending mid-action choice for the deciding seat: a question and its answers."""

    title: str
    text: str
    options: tuple[tuple[str, Any, str], ...]     # (label, action, tooltip)


@dataclass(frozen=True, slots=True)
class ClickResult:
    """What a map click means: submit `action`, select `select`, enter `mode`, or say
    `message` (a toast). Nothing set: the click did nothing."""

    action: Any = None
    select: str | None = None
    message: str = ""
    mode: str | None = None
    menu: tuple[tuple[str, Any], ...] = ()


class MatchReader:
    """What every map presenter reads the same way: the match's state and board, and its legal
    actions without surrender (the pause menu offers giving up), computed once per state object
    (Match.submit replaces the state object, undo restores an older one). A presenter that keeps
    more caches per state clears them in `_state_changed`."""

    def __init__(self, match: Any):
        self.match = match
        self._legal_key: Any = None
        self._legal: list = []

    @property
    def state(self):
        return self.match.state

    def board(self) -> Any:
        return self.state.board

    def _state_key(self) -> Any:
        return (self.match.version,)

    def _state_changed(self) -> None:
        """Called when legal() sees a new state; drop anything cached for the old one."""

    def legal(self) -> list:
        # an engine error here is a bug: it reaches the app's error dialog, never "no actions"
        key = self._state_key()
        if key != self._legal_key:
            self._legal = [a for a in self.match.legal_actions()
                           if not getattr(a, "surrender", False)]
            self._legal_key = key
            self._state_changed()
        return self._legal


class Presenter(MatchReader):
    """What the battle scene asks of a map system's presenter, every hook with its default.

    The hooks without a sensible default raise NotImplementedError, so a presenter that forgets
    one fails the first time the screen needs it, not by drawing nothing. `seat` is the viewing
    seat (None: everything the rules show to all)."""

    #: reach tint per cost key of Overlay.cells (None: the board view's own three tints)
    cost_colours: dict[int, tuple[int, int, int]] | None = None
    #: decision stages played on the map itself (others are prompts in a panel)
    board_stages: tuple[str, ...] = ("act",)
    #: the sidebar's key help lines (empty: the sidebar's own) and the empty tile panel's hint
    keys_hint: tuple[str, ...] = ()
    tile_hint: str = ""
    #: what every token and portrait of this system wears: one of render.sprites.EMBLEMS
    #: ("disc" a domed disc, "gem" a faceted gem)
    token_emblem: str = "disc"
    #: the seat whose eyes the table is for (the battle scene sets it before each frame; None:
    #: nobody's in particular). A system with hidden information draws only what it may see,
    #: and names it in `preview_key` so answers kept per position follow a hand-off
    seat: int | None = None

    # -- what is drawn -------------------------------------------------------------------------
    def side_colour(self, side: int) -> tuple[int, int, int]:
        raise NotImplementedError

    def side_name(self, side: int) -> str:
        """A side as players read it, the same in the log's last line and the results'
        headline (a system names its ready-made sides or its colours: `team_or_colour`)."""
        return f"Side {side + 1}"

    @staticmethod
    def team_or_colour(names: Sequence[str], colours: Sequence[str], side: int) -> str:
        """The ready-made name the set-up gave the side (the engine's), else its token colour
        ('Red side')."""
        if 0 <= side < len(names):
            return names[side]
        return f"{colours[side % len(colours)]} side"

    def tokens(self, seat: int | None = None) -> list[TokenInfo]:
        raise NotImplementedError

    def items(self, seat: int | None = None) -> list[ItemInfo]:
        raise NotImplementedError

    def initiative(self) -> tuple[list[InitiativeEntry], int]:
        raise NotImplementedError

    def acting_unit(self) -> str | None:
        raise NotImplementedError

    def unit_name(self, uid: str | None) -> str:
        raise NotImplementedError

    def unit_at(self, cell: Cell) -> str | None:
        raise NotImplementedError

    def unit_panel(self, unit_id: str) -> UnitPanel | None:
        raise NotImplementedError

    def tile_panel(self, cell: Cell) -> TilePanel | None:
        raise NotImplementedError

    def buttons(self, selected: str | None, mode: str | None) -> list[ActionButton]:
        raise NotImplementedError

    def overlay(self, mode: str | None, selected: str | None, hover: Cell | None) -> Overlay:
        raise NotImplementedError

    def click(self, mode: str | None, selected: str | None, cell: Cell) -> ClickResult:
        raise NotImplementedError

    def forecast(self, mode: str | None, selected: str | None, cell: Cell) -> str | None:
        raise NotImplementedError

    def prompt(self) -> Prompt | None:
        raise NotImplementedError

    def log_lines(self, events: list) -> list[LogLine]:
        """Log lines for `events`: a presenter hands its words to presenters.eventlog.EventLog,
        which words the core facts the same in every system."""
        raise NotImplementedError

    def animations(self, events: list) -> list[AnimStep]:
        """Animation steps for `events`: presenters.eventlog.Animator plays the core facts."""
        raise NotImplementedError

    def describe(self, action: Any) -> str:
        raise NotImplementedError

    # -- optional hooks ----------------------------------------------------------------------------
    def decision_words(self, decision: Any) -> str:
        """The engine's question of a decision in players' words (the hand-off curtain shows
        it above a reaction asked of the next seat): the prompt as the engine gave it."""
        return decision.prompt

    def default_mode(self) -> str | None:
        """The targeting mode when the acting unit is selected and no mode was chosen."""
        return "move"

    def keep_mode(self, action: Any, mode: str | None) -> bool:
        """Whether the chosen mode stays after `action` was submitted (default: back to the
        default mode)."""
        return False

    def turn_key(self) -> Any:
        """A value that changes exactly when a new turn starts (the scene then selects and
        centres the acting unit)."""
        return (self.state.round, self.acting_unit())

    def finish_action(self) -> Any:
        """What End turn submits (None: nothing can end the turn now)."""
        return EndTurn()

    def end_turn_choices(self) -> list[tuple[str, Any, str]]:
        """(label, action or None, tooltip): a menu offered when the turn ends (what unused
        actions buy); empty: End turn submits `finish_action()` after `unused_actions()`."""
        return []

    def end_turn_question(self) -> str:
        """The words above `end_turn_choices()`."""
        return ""

    def unused_actions(self) -> str | None:
        """A question to confirm before ending a turn that leaves something unused."""
        return None

    def prompt_focus(self) -> list[str]:
        """Units a pending prompt is about besides the deciding one (kept in sight, ringed)."""
        return []

    def prompt_focus_cells(self) -> list[tuple[int, int]]:
        """Cells a pending prompt is about besides its units' (an incoming projectile), which
        the prompt must not cover either."""
        return []

    def mode_note(self, mode: str | None) -> str | None:
        """Words the scene shows (a toast) when a targeting mode is entered: what it will do
        and how to commit (None: nothing to say)."""
        return None

    def preview_key(self) -> Any:
        """Anything besides mode, selection and hovered cell that the forecast depends on."""
        return None

    def cycle_preference(self) -> str | None:
        """The T key: cycle a targeting preference; returns the toast to show (None: the
        system has none)."""
        return None

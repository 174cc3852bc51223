"""Presenters: per-system translation between a match and the battle screen.

Owns: the `Presenter` contract and the plain view records it returns (tokens, items, panels,
overlays, buttons, log lines, animation steps), plus `presenter_for(match)` that picks the
presenter of the match's system. The battle scene, board view and widgets only ever see these
records, so a new system (hex maps, other rules) plugs in a presenter instead of forking the
scene.

Must not: decide a rule. A presenter reads state, `legal_actions`, and the engine's own helper
functions (reachable tiles, forecasts, tile descriptions) and only ever proposes actions taken
from `legal_actions`. It never touches pygame surfaces (the render package draws).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

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
class ActionButton:
    """A button of the action bar. `mode` names a map-targeting mode the scene enters when it
    is pressed; `actions` is a list of (label, action) the scene offers as a menu; `action` is
    submitted at once. Exactly one of the three is used."""

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
    #: on cells whose key is not 1 (gems' slot costs)
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
        return (id(self.match.state), len(self.match.log))

    def _state_changed(self) -> None:
        """Called when legal() sees a new state; drop anything cached for the old one."""

    def legal(self) -> list:
        key = self._state_key()
        if key != self._legal_key:
            try:
                self._legal = [a for a in self.match.legal_actions()
                               if not getattr(a, "surrender", False)]
            except Exception:      # noqa: BLE001 - shown as "no actions", never a crash
                self._legal = []
            self._legal_key = key
            self._state_changed()
        return self._legal


class Presenter(Protocol):
    """What the battle scene asks of a system's presenter. `seat` is the viewing seat."""

    cost_colours: dict[int, tuple[int, int, int]]          # reach tint per Action Slot cost

    def side_colour(self, side: int) -> tuple[int, int, int]: ...
    def board(self) -> Any: ...
    def tokens(self, seat: int) -> list[TokenInfo]: ...
    def items(self, seat: int) -> list[ItemInfo]: ...
    def initiative(self) -> tuple[list[InitiativeEntry], int]: ...
    def acting_unit(self) -> str | None: ...
    def unit_at(self, cell: Cell) -> str | None: ...
    def unit_panel(self, unit_id: str) -> UnitPanel | None: ...
    def tile_panel(self, cell: Cell) -> TilePanel | None: ...
    def buttons(self, selected: str | None, mode: str | None) -> list[ActionButton]: ...
    def overlay(self, mode: str | None, selected: str | None, hover: Cell | None) -> Overlay: ...
    def click(self, mode: str | None, selected: str | None, cell: Cell) -> ClickResult: ...
    def forecast(self, mode: str | None, selected: str | None, cell: Cell) -> str | None: ...
    def prompt(self) -> Prompt | None: ...
    def unused_actions(self) -> str | None: ...
    def log_lines(self, events: list) -> list[LogLine]: ...
    def animations(self, events: list) -> list[AnimStep]: ...
    def describe(self, action: Any) -> str: ...


#: system id -> "module:Class" of its presenter; a new system adds one line (or calls register)
PRESENTERS: dict[str, str] = {"gems": "game.client.presenters.gems:GemsPresenter",
                              "bindings": "game.client.presenters.bindings:BindingsPresenter"}


def register(system_id: str, spec: str) -> None:
    """Name the presenter class ("module:Class") for a rule system."""
    PRESENTERS[system_id] = spec


def presenter_for(match: Any) -> Presenter:
    """The presenter for the match's system. A system without one is a clear error (the
    callers show it in a dialog), never a half-drawn battle."""
    import importlib
    system_id = getattr(match.config, "system", "")
    spec = PRESENTERS.get(system_id)
    if spec is None:
        raise ValueError(f"the battle screen has no presenter for the rule system {system_id!r} "
                         f"(known: {', '.join(sorted(PRESENTERS))})")
    module, _, cls = spec.partition(":")
    return getattr(importlib.import_module(module), cls)(match)

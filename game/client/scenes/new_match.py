"""New match: one screen to choose the rule system, the map, the seats, teams, house rules, then
Start.

Owns: turning the player's choices into a `MatchConfig`, creating the match with `Match.new`, and
handing it to the battle screen (`ui.saving.battle_scene`, imported lazily). Systems come from
`registry.all_systems()`; when that fails (a system that does not import) the error is shown in
place of the list and Start stays off. A system without maps of its own starts from its
`example_config(seed)`. A map or config the system rejects opens an error dialog naming the map
and the problem; the player stays on this screen with every choice kept.

Seats: one row per player seat (name, Human or an AI difficulty, team). A system whose house
rules add seats (its `extra_seats(house_rules) -> [label]` hook, none by default; e.g. a game
master, per its rules) gets one more row per added seat after the players': a name and "Human" only, since
such a seat judges for the table. Its `SeatConfig` goes last, after the players' seats.

Maps belong to a system when their `system` property names it, or (without that property) when
they sit in `maps/<system id>/` or are named `<system id>_*.tmx`; a `title` property names the
map and an optional `description` property is shown under the thumbnail. The templates
(`maps/templates/`) are not offered. The player's own maps (`game.usermaps`, the user maps
folder) follow the shipped ones, marked as theirs, with every problem the map check finds listed
in place of the description (such a map cannot be started); one with a shipped map's file name
is a separate entry. A player's map that names no system is listed under every system, with
that problem. "Open maps folder" shows the folder in the file manager (`usermaps.open_folder`);
"New map" opens `NewMapDialog` and then picks the new map.
Thumbnails come from `game.client.render.tilemap.render_thumbnail(path, w, h)`; until that exists
(or when it fails) a plain placeholder panel names the map instead.

Must not: decide rules or validate maps itself (the system does, through Match.new).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from game import paths, usermaps
from game.client.scene import Transition, pop, push, replace
from game.client import resources
from game.client.ui import draw, saving
from game.client.ui.base import UIScene
from game.client.ui.dialogs import Dialog, DialogResult, ErrorDialog, MessageDialog
from game.engine import registry
from game.engine.boards.tmx import MapProblem
from game.engine.match import Match
from game.engine.rules import MatchConfig, RuleSystem, SeatConfig
from game.usermaps import map_header

if TYPE_CHECKING:
    from game.client.app import App

SEAT_KINDS: list[tuple[str, str]] = [("Human", "human"), ("AI - easy", "ai:easy"),
                                     ("AI - normal", "ai:normal"), ("AI - hard", "ai:hard")]
EXAMPLE = "__example__"
THUMB = (440, 300)      # design pixels


@dataclass(slots=True)
class MapChoice:
    id: str                 # EXAMPLE, the map path relative to the maps folder, or user:<path>
    label: str
    path: Path | None
    info: str = ""          # e.g. "28 x 20 squares"
    description: str = ""   # the map's optional `description` property
    problem: str = ""       # why the system cannot play it (the map check's first problem)
    own: bool = False       # in the player's maps folder
    shadows: bool = False   # the player's map has a shipped map's file name
    problems: tuple[str, ...] = ()   # a player's map: every problem, with its place

    @property
    def shown(self) -> str:
        """The label in the map list: the player's maps and unplayable maps say so."""
        marks = [m for m, on in (("yours", self.own), ("cannot be played", bool(self.problem)))
                 if on]
        return self.label + (f"  ({', '.join(marks)})" if marks else "")


# The map check's answer per (file, its change time and size, system): the list is rebuilt on
# every visit to the screen, and checking a map takes tens of milliseconds.
_CHECKED: dict[tuple[str, int, int, str], tuple[MapProblem, ...]] = {}


def map_problems(path: Path, system_id: str) -> tuple[MapProblem, ...]:
    """Every problem `check-map --system` finds in the map (none when it is playable): the same
    check Start runs, so the list never offers a map Start would refuse without saying so."""
    try:
        st = path.stat()
    except OSError as exc:
        return (MapProblem(str(path), message=f"cannot be read ({exc.strerror or exc})"),)
    key = (str(path), st.st_mtime_ns, st.st_size, system_id)
    if key not in _CHECKED:
        _CHECKED[key] = tuple(registry.check_map_file(path, system_id))
    return _CHECKED[key]


def placed(problem: MapProblem) -> str:
    """A problem as the map list shows it: "layer 'name' (x, y): message", as far as it has a
    place (the file is the map being shown)."""
    return str(problem).removeprefix(f"{problem.file}: ")


def summary(messages: list[str]) -> str:
    """The first problem's message and how many more follow ("" for none)."""
    if not messages:
        return ""
    return messages[0] + (f" (and {len(messages) - 1} more)" if len(messages) > 1 else "")


def map_problem(path: Path, system_id: str) -> str:
    """The first problem's message and how many more follow ("" when the map is playable)."""
    return summary([p.message for p in map_problems(path, system_id)])


@dataclass(slots=True)
class SeatChoice:
    kind: str = "human"     # one of SEAT_KINDS' ids
    name: str = ""
    team: str | None = None

    def to_config(self, index: int) -> SeatConfig:
        name = self.name.strip() or f"Player {index + 1}"
        if self.kind == "human":
            return SeatConfig("human", "normal", name)
        return SeatConfig("ai", self.kind.split(":", 1)[1], name)


def _label(props: dict[str, str], stem: str, sid: str) -> str:
    prefixed = stem.startswith(f"{sid}_")
    short = stem[len(sid) + 1:] if prefixed else stem
    return props.get("title") or short.replace("_", " ").replace("-", " ").strip().title() or stem


def user_maps_for(system: RuleSystem, root: Path | None = None,
                  shipped: Path | None = None) -> list[MapChoice]:
    """The player's own maps offered for `system`: those naming it in their `system` property
    or by their file name, and those naming no system or one not installed (with that as their
    problem); unreadable ones are listed with why. Each is `user:<path>` and carries every
    problem."""
    sid = str(system.id)
    installed = {str(s.id) for s in registry.all_systems()}
    found: list[MapChoice] = []
    for um in usermaps.list_maps(root, shipped):
        named = um.props.get("system", "")
        prefixed = um.path.stem.startswith(f"{sid}_")
        if named and named != sid and named in installed:
            continue
        if not named and not prefixed and any(um.path.stem.startswith(f"{other}_")
                                              for other in installed):
            continue        # named by its file as another system's map
        unread = um.info.startswith("cannot be read")
        if unread:
            messages = [um.info]
            problems: tuple[str, ...] = (um.info,)
        elif named and named != sid:       # a system that is not installed (or misspelt)
            messages = [f"the map is made for the rule system {named!r}, which this game does "
                        f"not have (installed: {', '.join(sorted(installed))})"]
            problems = tuple(messages)
        elif not named and not prefixed:
            messages = ["the map names no rule system: set the map property `system` "
                        f"(for example to {sid})"]
            problems = tuple(messages)
        else:
            checked = map_problems(um.path, sid)
            messages = [p.message for p in checked]
            problems = tuple(placed(p) for p in checked)
        problem = summary(messages)
        found.append(MapChoice(um.name, _label(um.props, um.path.stem, sid), um.path,
                               "" if unread else um.info, um.props.get("description", ""),
                               problem, own=True, shadows=um.shadows, problems=problems))
    return sorted(found, key=lambda m: (m.label, m.id))


def maps_for(system: RuleSystem, root: Path | None = None,
             shared_maps: tuple[str, ...] = (), user_root: Path | None = None) -> list[MapChoice]:
    """The maps made for `system`: in `maps/<system id>/`, named `<system id>_*.tmx`,
    naming the system in their `system` property, or (without that property) listed in
    `shared_maps` (its client registration's); sorted by label (the map's `title` property,
    else its file name), the player's own maps (`user_maps_for`, from `user_root`, by default
    the user maps folder) after the shipped ones made for it, shared maps last. The templates
    folder is skipped."""
    root = root or paths.maps_dir()
    sid = system.id
    found: list[MapChoice] = []
    if root.is_dir():
        for p in sorted(root.rglob("*.tmx")):
            rel = p.relative_to(root)
            if rel.parts[0] == usermaps.TEMPLATES:
                continue
            props, info = map_header(p)
            in_folder = len(rel.parts) > 1 and rel.parts[0] == sid
            prefixed = p.stem.startswith(f"{sid}_")
            shared = rel.as_posix() in shared_maps
            if props.get("system"):
                if props["system"] != sid:
                    continue
            elif not (in_folder or prefixed or shared):
                continue
            label = _label(props, p.stem, sid)
            problem = info if info.startswith("cannot be read") else map_problem(p, sid)
            found.append(MapChoice(rel.as_posix(), label, p, info, props.get("description", ""),
                                   problem))
    # maps made for the system first (the first one is the default), the player's own next,
    # shared ones after
    shared = set(shared_maps)
    ordered = sorted(found, key=lambda m: (m.id in shared, m.label))
    made = [m for m in ordered if m.id not in shared]
    return made + user_maps_for(system, user_root, root) + ordered[len(made):]


def seat_kinds_for(system: RuleSystem) -> list[tuple[str, str]]:
    """Human plus one entry per AI difficulty the system's bots offer (easy, normal, hard when
    it has them; "random" only when it has nothing else)."""
    # a system without an ai.py offers random play only; a broken one is an error, not a
    # quietly shorter list
    from game.engine.ai.base import difficulties
    offered = [d for d in difficulties(system.id) if d != "random"] or ["random"]
    return [("Human", "human")] + [(f"AI - {d}", f"ai:{d}") for d in offered]


def changed_note(labels: list[str], width: int, measure) -> tuple[str, str | None]:
    """The line under the house-rules button: "All at their defaults", or "Changed: " and as
    many changed rules as fit `width` (by `measure(text) -> (w, h)`), then "+N more"; with the
    whole list as a tooltip when some did not fit (#13: the line ran past the column)."""
    if not labels:
        return "All at their defaults", None
    whole = "Changed: " + ", ".join(labels)
    if measure(whole)[0] <= width:
        return whole, None
    for shown in range(len(labels) - 1, -1, -1):
        more = f"+{len(labels) - shown} more"
        text = "Changed: " + ", ".join(labels[:shown] + [more])
        if measure(text)[0] <= width:
            return text, whole
    return f"Changed: {len(labels)}", whole

class NewMatchScene(UIScene):
    def __init__(self, app: "App"):
        super().__init__(app)
        self.systems: list[RuleSystem] = []
        self.systems_error = ""
        try:
            self.systems = list(registry.all_systems())
        except Exception as exc:   # a system that does not import must not close the menu
            where = app.log_exception(exc)
            self.systems_error = (f"{type(exc).__name__}: {exc}" +
                                  (f"\n(details in {where})" if where else ""))
        self.system_index = 0
        self.seed = random.randrange(1, 1_000_000)   # client-side only; the match Rng is seeded from it
        self.maps: list[MapChoice] = []
        self.map_id = EXAMPLE
        self.seats: list[SeatChoice] = []
        self.teams: list[tuple[str, str]] = []
        self.house: dict[str, Any] = {}
        self.last_config: MatchConfig | None = None
        self.match: Match | None = None
        self._thumbs: dict[tuple[str, int, int], tuple[pygame.Surface | None, str]] = {}
        self.name_entries: list[UITextEntryLine] = []
        self.seat_kinds: list[tuple[str, str]] = list(SEAT_KINDS)
        self.extra_names: dict[str, str] = {}      # label of an added seat -> typed name
        self.extra_entries: dict[str, UITextEntryLine] = {}
        self.seed_entry: UITextEntryLine | None = None
        if self.systems:
            ids = [str(s.id) for s in self.systems]
            last = app.settings.last_system
            self.choose_system(ids.index(last) if last in ids else 0, rebuild=False)

    # -- choices --------------------------------------------------------------------------------
    @property
    def system(self) -> RuleSystem | None:
        return self.systems[self.system_index] if self.systems else None

    def choose_system(self, index: int, rebuild: bool = True) -> None:
        self._read_entries()
        self.system_index = index
        system = self.system
        self.maps = maps_for(system, shared_maps=self.app.screens.shared_maps(str(system.id)))
        self.map_id = self.maps[0].id if self.maps else EXAMPLE
        lo, hi = system.seat_count
        old = self.seats
        self.seats = [old[i] if i < len(old) else SeatChoice("human" if i == 0 else "ai:normal")
                      for i in range(max(lo, min(len(old) or lo, hi)))]
        self.house = {h.id: h.default for h in system.house_rules}
        self.seat_kinds = seat_kinds_for(system)
        self._remembered(system)
        ids = [k for _, k in self.seat_kinds]
        for seat in self.seats:
            if seat.kind not in ids:
                seat.kind = ids[min(2, len(ids) - 1)] if seat.kind != "human" else "human"
        self._load_teams()
        if rebuild:
            self.rebuild()

    def _remembered(self, system: RuleSystem) -> None:
        """The choices last started with this system, where they still make sense: a map that
        is still there, seats within the system's count, house rules it still has with a value
        it still offers (teams are checked against the map by _load_teams)."""
        last = self.app.settings.last_matches.get(str(system.id))
        if not last:
            return
        if any(m.id == last.get("map") for m in self.map_choices()):
            self.map_id = last["map"]
        lo, hi = system.seat_count
        seats = last.get("seats") or []
        if lo <= len(seats) <= hi:
            self.seats = [SeatChoice(str(s.get("kind") or "human"), str(s.get("name") or ""),
                                     s.get("team") or None) for s in seats]
        for rule in system.house_rules:
            value = last.get("house", {}).get(rule.id, rule.default)
            if any(value == v and type(value) is type(v) for v, _ in rule.choices):
                self.house[rule.id] = value

    def _remember(self) -> None:
        """Keep this set-up's choices for the next visit (in the settings file)."""
        system = self.system
        if system is None:
            return
        settings = self.app.settings
        settings.last_system = str(system.id)
        settings.last_matches[str(system.id)] = {
            "map": self.map_id,
            "seats": [{"kind": s.kind, "name": s.name, "team": s.team} for s in self.seats],
            "house": {k: v for k, v in self.house.items()
                      if isinstance(v, (str, int, float, bool))}}
        self.app.save_settings()

    def extra_seats(self) -> list[str]:
        """Labels of the seats the chosen house rules add (always human), after the players'."""
        if self.system is None:
            return []
        return [str(label) for label in self.system.extra_seats(dict(self.house))]

    def map_choices(self) -> list[MapChoice]:
        out = list(self.maps)
        if not out and self.system is not None:
            out.append(MapChoice(EXAMPLE, "Standard set-up", None))
        return out

    @property
    def map_choice(self) -> MapChoice | None:
        return next((m for m in self.map_choices() if m.id == self.map_id), None)

    def choose_map(self, map_id: str) -> None:
        self._read_entries()
        self.map_id = map_id
        self._load_teams()
        self.rebuild()

    def _load_teams(self) -> None:
        """Teams the system offers on this map (its `teams_for_map` hook, none by default)."""
        self.teams = []
        choice = self.map_choice
        if self.system is not None and choice is not None and choice.path is not None:
            self.teams = [(str(i), str(label))
                          for i, label in self.system.teams_for_map(str(choice.path))]
        ids = [t[0] for t in self.teams]
        first = (self.system.default_teams(str(choice.path), len(self.seats))
                 if ids and self.system is not None and choice is not None else [])
        for i, seat in enumerate(self.seats):
            if seat.team not in ids:
                seat.team = first[i] if i < len(first) and first[i] in ids else \
                    (ids[i % len(ids)] if ids else None)

    def set_seat_kind(self, i: int, kind: str) -> None:
        self.seats[i].kind = kind
        if self.root is not None:
            self.summary.set_text(self.summary_text())

    def set_seat_team(self, i: int, team: str) -> None:
        self.seats[i].team = team

    def add_seat(self) -> None:
        self._read_entries()
        self.seats.append(SeatChoice("ai:normal"))
        self._load_teams()
        self.rebuild()

    def remove_seat(self) -> None:
        self._read_entries()
        self.seats.pop()
        self.rebuild()

    def reroll_seed(self) -> None:
        self._read_entries()
        self.seed = random.randrange(1, 1_000_000)
        self.rebuild()

    def _read_entries(self) -> None:
        """Copy what was typed into the text fields back into the choices."""
        for seat, entry in zip(self.seats, self.name_entries):
            if entry.alive():
                seat.name = entry.get_text()
        for label, entry in self.extra_entries.items():
            if entry.alive():
                self.extra_names[label] = entry.get_text()
        if self.seed_entry is not None and self.seed_entry.alive():
            text = self.seed_entry.get_text().strip()
            if text.isdigit():
                self.seed = int(text)

    # -- the config and the start --------------------------------------------------------------
    def build_config(self) -> MatchConfig:
        self._read_entries()
        system = self.system
        if system is None:
            raise ValueError("no rule system is available")
        seats = [s.to_config(i) for i, s in enumerate(self.seats)]
        seats += [SeatConfig("human", "normal", self.extra_names.get(label, "").strip() or label)
                  for label in self.extra_seats()]
        choice = self.map_choice
        if choice is None or choice.id == EXAMPLE:
            config = system.example_config(self.seed)
            config.seed = self.seed
            config.seats = seats
        else:
            config = MatchConfig(system.id, self.seed, seats, choice.id)
        config.house_rules = dict(self.house)
        if self.teams:
            config.setup = dict(config.setup)
            config.setup["teams"] = [s.team for s in self.seats]
        return config

    def start(self) -> Transition | None:
        choice = self.map_choice
        if choice is not None and choice.problem:      # Enter on a map the check refuses
            return push(ErrorDialog(self.app, "This map cannot be played",
                                    f"Map: {choice.path}\n" +
                                    "\n".join(choice.problems or (choice.problem,))))
        try:
            config = self.build_config()
        except (ValueError, OSError) as exc:    # a choice the rules refuse; a bug goes to the app's handler
            self.app.log_exception(exc)
            return push(ErrorDialog(self.app, "This match cannot start", f"{exc}"))
        self.last_config = config
        where = self.map_choice.path if self.map_choice and self.map_choice.path else None
        try:
            match = Match.new(config)
        except (ValueError, OSError) as exc:    # a broken map or a config the system refuses
            self.app.log_exception(exc)
            named = f"Map: {where}\n" if where else ""
            return push(ErrorDialog(self.app, "This match cannot start",
                                    f"{named}Problem: {exc}"))
        self.match = match
        self._remember()
        return replace(saving.battle_scene(self.app, match))

    def on_back(self) -> Transition:
        return pop(None)

    def resumed(self, result: Any) -> Transition | None:
        if isinstance(result, DialogResult) and result.tag == "house_rules" and result.ok:
            self.house = dict(result.value)
            self.rebuild()
        if isinstance(result, DialogResult) and result.tag == "new_map" and result.ok:
            system_id, path = result.value
            return self._made_map(system_id, path)
        return None

    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.system is not None:
                return self.start()
        return None

    # -- layout -----------------------------------------------------------------------------------
    def columns(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        sw, sh = self.app.size
        m = self.px(32)
        top, bottom = self.px(86), sh - self.px(96)
        gap = self.px(20)
        inner = sw - 2 * m - 2 * gap
        w1 = int(inner * 0.28)
        w3 = int(inner * 0.30)
        w2 = inner - w1 - w3
        c1 = pygame.Rect(m, top, w1, bottom - top)
        c2 = pygame.Rect(c1.right + gap, top, w2, bottom - top)
        c3 = pygame.Rect(c2.right + gap, top, w3, bottom - top)
        return c1, c2, c3

    def thumb_rect(self) -> pygame.Rect:
        _, c2, _ = self.columns()
        pad = self.px(18)
        w = c2.w - 2 * pad
        # room under it for the caption, the text box and the maps-folder buttons; a map of the
        # player's own with problems gets a smaller picture and room to list them
        choice = self.map_choice
        share = 0.36 if choice is not None and choice.problems else 0.58
        h = min(int(w * share), c2.h - self.px(210))
        return pygame.Rect(c2.x + pad, c2.y + self.px(96), w, h)

    def build(self) -> None:
        sw, sh = self.app.size
        px = self.px
        c1, c2, c3 = self.columns()
        pad = px(18)
        self.label(pygame.Rect(px(32), px(22), px(600), px(44)), "New match", "#heading")
        self.label(pygame.Rect(sw - px(432), px(30), px(400), px(30)),
                   "Choose a system, a map and who plays", "#subtle")
        self.back_button = self.button(pygame.Rect(px(32), sh - px(74), px(150), px(50)), "Back",
                                       self.on_back)
        unplayable = self.map_choice is not None and bool(self.map_choice.problem)
        self.start_button = self.button(pygame.Rect(sw - px(252), sh - px(74), px(220), px(50)),
                                        "Start", self.start, object_id="#primary",
                                        enabled=self.system is not None and not unplayable,
                                        tooltip=("This map cannot be played: see why under it"
                                                 if unplayable else
                                                 "Set up the match and begin (Enter)"))
        self.summary = self.label(pygame.Rect(px(200), sh - px(66), sw - px(470), px(34)),
                                  self.summary_text(), "#info")

        # systems
        self.label(pygame.Rect(c1.x + pad, c1.y + px(12), c1.w - 2 * pad, px(26)), "RULE SYSTEM",
                   "#section")
        self.system_buttons = []
        y = c1.y + px(46)
        if self.systems_error:
            self.textbox(pygame.Rect(c1.x + pad, y, c1.w - 2 * pad, c1.h - px(60)),
                         "<font color='#ff7a72'><b>The rule systems could not be loaded.</b>"
                         f"</font><br>{_esc(self.systems_error)}", "#boxed")
        elif not self.systems:
            self.textbox(pygame.Rect(c1.x + pad, y, c1.w - 2 * pad, px(80)),
                         "No rule system is installed.", "#boxed")
        # one button per system; the chosen one's description under it, in the room the other
        # buttons leave (cut with an ellipsis when it does not fit: the tooltip has it whole)
        line_h = int(resources.font(px(15)).get_linesize() * 1.25)
        room = c1.bottom - px(12) - y - len(self.systems) * px(56)
        for i, system in enumerate(self.systems):
            b = self.button(pygame.Rect(c1.x + pad, y, c1.w - 2 * pad, px(44)), system.name,
                            lambda i=i: self.choose_system(i), object_id="#card",
                            tooltip=system.description)
            y += px(56)
            self.system_buttons.append(b)
            if i != self.system_index:
                continue
            b.select()
            width = c1.w - 2 * pad - px(12)
            lines = draw.wrap(system.description, px(15), width)
            fit = max(1, (room - px(8)) // max(1, line_h))
            if len(lines) > fit:
                rest = " ".join(lines[fit - 1:])
                last = draw.wrap(rest, px(15), width - px(30))[0].rstrip(" ,;.") + " …"
                lines = lines[:fit - 1] + [last]
            desc_h = len(lines) * line_h + px(8)
            self.desc_box = self.textbox(pygame.Rect(c1.x + pad, y - px(10), c1.w - 2 * pad,
                                                     desc_h),
                                         _esc("\n".join(lines)), "#small_text")
            y += desc_h

        # map
        self.label(pygame.Rect(c2.x + pad, c2.y + px(12), c2.w - 2 * pad, px(26)), "MAP",
                   "#section")
        choices = self.map_choices()
        self.map_dropdown = None
        if choices:
            self.map_dropdown = self.dropdown(
                pygame.Rect(c2.x + pad, c2.y + px(44), c2.w - 2 * pad, px(40)),
                [(m.shown, m.id) for m in choices], self.map_id, self.choose_map)
        elif self.system is not None:
            self.label(pygame.Rect(c2.x + pad, c2.y + px(44), c2.w - 2 * pad, px(40)),
                       "This system has no maps", "#danger_text")
        tr = self.thumb_rect()
        choice = self.map_choice
        caption = ""
        if choice is not None and choice.own:
            caption = "  ·  ".join(filter(None, [
                choice.info, "your map: " + choice.id.removeprefix(paths.USER_MAP_PREFIX)]))
        elif choice is not None and choice.path is not None:
            caption = "  ·  ".join(filter(None, [choice.info,
                                                 str(Path(paths.maps_dir().name) / choice.id)]))
        elif choice is not None:
            caption = "The system's own standard set-up"
        if choice is not None and choice.problem:
            caption = "This map cannot be played:"      # the reason fills the box below
        self.label(pygame.Rect(c2.x + pad, tr.bottom + px(8), c2.w - 2 * pad, px(26)), caption,
                   "#danger_text" if choice is not None and choice.problem else "#subtle")
        below = (choice.problem or choice.description) if choice is not None else ""
        if choice is not None and choice.problems:
            # a map of the player's own: every problem, where it is, as check-map lists them
            below = "\n".join(choice.problems)
        if choice is not None and choice.shadows:
            below = ("A shipped map has the same file name; this entry is your own copy.\n"
                     + below)
        # the player's maps folder: show it, and make a new map from a template
        half = (c2.w - 2 * pad - px(10)) // 2
        foot = c2.bottom - px(52)
        self.open_folder_button = self.button(
            pygame.Rect(c2.x + pad, foot, half, px(38)), "Open maps folder", self.open_folder,
            tooltip=f"Your own maps: {paths.user_maps_dir()}")
        self.new_map_button = self.button(
            pygame.Rect(c2.x + pad + half + px(10), foot, half, px(38)), "New map",
            self.open_new_map, enabled=bool(self.template_systems()),
            tooltip="Copy a system's starting map into your maps folder, to edit in Tiled")
        if below:
            room = foot - px(8) - (tr.bottom + px(36))
            if room > px(30):
                self.textbox(pygame.Rect(c2.x + pad - px(4), tr.bottom + px(36),
                                         c2.w - 2 * pad + px(8), room),
                             _esc(below))

        # seats
        self.label(pygame.Rect(c3.x + pad, c3.y + px(12), c3.w - 2 * pad, px(26)), "SEATS",
                   "#section")
        self.name_entries = []
        self.kind_dropdowns = []
        self.team_dropdowns = []
        y = c3.y + px(44)
        inner = c3.w - 2 * pad
        for i, seat in enumerate(self.seats):
            entry = UITextEntryLine(pygame.Rect(c3.x + pad, y, inner, px(38)), self.app.ui,
                                    container=self.root, placeholder_text=f"Player {i + 1}")
            entry.set_text(seat.name)
            entry.set_text_length_limit(24)
            self.name_entries.append(entry)
            # the kind and the team side by side when both longest labels fit (text, padding,
            # the arrow), else the team on a row of its own: nothing is cut
            font = resources.font(px(18))
            need_kind = max(font.size(label)[0] for label, _ in self.seat_kinds) + px(48)
            need_team = max((font.size(label)[0] for _, label in self.teams), default=0) + px(48)
            beside = bool(self.teams) and need_kind + px(6) + need_team <= inner
            kw = need_kind + (inner - need_kind - px(6) - need_team) // 2 if beside else inner
            dd = self.dropdown(pygame.Rect(c3.x + pad, y + px(42), kw, px(36)), self.seat_kinds,
                               seat.kind, lambda v, i=i: self.set_seat_kind(i, v))
            self.kind_dropdowns.append(dd)
            if self.teams:
                team_rect = (pygame.Rect(c3.x + pad + kw + px(6), y + px(42), inner - kw - px(6),
                                         px(36)) if beside else
                             pygame.Rect(c3.x + pad, y + px(82), inner, px(36)))
                self.team_dropdowns.append(self.dropdown(
                    team_rect, [(label, tid) for tid, label in self.teams], seat.team or "",
                    lambda v, i=i: self.set_seat_team(i, v)))
                if not beside:
                    y += px(40)
            y += px(90)
        lo, hi = self.system.seat_count if self.system else (2, 2)
        if hi > lo:
            half = (inner - px(8)) // 2
            self.button(pygame.Rect(c3.x + pad, y, half, px(34)), "+ Add seat", self.add_seat,
                        enabled=len(self.seats) < hi)
            self.button(pygame.Rect(c3.x + pad + half + px(8), y, half, px(34)), "- Remove seat",
                        self.remove_seat, enabled=len(self.seats) > lo)
            y += px(44)
        # seats the house rules add (a game master): a name, and human only
        self.extra_entries = {}
        for label in self.extra_seats():
            entry = UITextEntryLine(pygame.Rect(c3.x + pad, y, inner, px(38)), self.app.ui,
                                    container=self.root, placeholder_text=label)
            entry.set_text(self.extra_names.get(label, ""))
            entry.set_text_length_limit(24)
            self.extra_entries[label] = entry
            self.label(pygame.Rect(c3.x + pad, y + px(42), inner, px(30)),
                       "Human · added by a house rule", "#subtle")
            y += px(80)

        # seed and house rules at the foot of the seats column
        foot = c3.bottom - px(150)
        self.label(pygame.Rect(c3.x + pad, foot, px(80), px(34)), "Seed", "#subtle")
        self.seed_entry = UITextEntryLine(pygame.Rect(c3.x + pad + px(70), foot, inner - px(130),
                                                      px(36)), self.app.ui, container=self.root)
        self.seed_entry.set_text(str(self.seed))
        self.seed_entry.set_allowed_characters("numbers")
        self.button(pygame.Rect(c3.right - pad - px(52), foot, px(52), px(36)), "New",
                    self.reroll_seed, tooltip="Pick another random seed")
        rules = list(self.system.house_rules if self.system else ())
        changed = [h for h in rules if self.house.get(h.id) != h.default]
        text = (f"House rules ({len(rules)})  >" if rules else "No house rules")
        self.house_button = self.button(pygame.Rect(c3.x + pad, foot + px(50), inner, px(40)),
                                        text, self.open_house_rules, object_id="#info_button",
                                        enabled=bool(rules),
                                        tooltip="Game-master calls settled before play")
        note, full = changed_note([h.label for h in changed], inner,
                                  resources.font(px(15)).size)
        self.house_note = self.label(pygame.Rect(c3.x + pad, foot + px(94), inner, px(26)), note,
                                     "#subtle", tooltip=full)

    def summary_text(self) -> str:
        if self.system is None:
            return ""
        choice = self.map_choice
        humans = sum(1 for s in self.seats if s.kind == "human")
        ais = len(self.seats) - humans
        who = " vs ".join(filter(None, [f"{humans} human" + ("s" if humans != 1 else "") if humans else "",
                                        f"{ais} AI" if ais else ""]))
        extra = "".join(f" + {label.lower()}" for label in self.extra_seats())
        return f"{self.system.name}  ·  {choice.label if choice else 'no map'}  ·  {who}{extra}"

    # -- the player's maps folder --------------------------------------------------------------
    def template_systems(self) -> list[tuple[str, str]]:
        """(id, name) of the installed systems that have a map template."""
        have = set(usermaps.template_systems())
        return [(str(s.id), s.name) for s in self.systems if str(s.id) in have]

    def open_folder(self) -> Transition | None:
        try:
            usermaps.open_folder()
        except OSError as exc:      # no file manager, or the folder cannot be made
            return push(ErrorDialog(self.app, "The maps folder could not be opened",
                                    f"Folder: {paths.user_maps_dir()}\n"
                                    f"Problem: {exc.strerror or exc}"))
        return None

    def open_new_map(self) -> Transition | None:
        self._read_entries()
        from game.client.scenes.new_map import NewMapDialog
        current = str(self.system.id) if self.system is not None else None
        return push(NewMapDialog(self.app, self.template_systems(), current))

    def _made_map(self, system_id: str, path: Path) -> Transition:
        """After New map: the new map's system and the map itself chosen, and where it is."""
        ids = [str(s.id) for s in self.systems]
        if system_id in ids:
            self.choose_system(ids.index(system_id), rebuild=False)
        name = usermaps.config_name(path)
        if any(m.id == name for m in self.map_choices()):
            self.choose_map(name)
        else:
            self.rebuild()
        return push(MessageDialog(
            self.app, "Map made",
            f"{path}\n\nOpen strife-table.tiled-project in that folder with Tiled, then this "
            "map. When you save, Tiled lists the map's problems (allow the project's "
            "extensions when Tiled asks); File > Commands > Test in Strife Table plays it. "
            "It is in this list as yours.", tag="map_made"))

    def open_house_rules(self) -> Transition | None:
        if self.system is None or not self.system.house_rules:
            return None
        self._read_entries()
        return push(HouseRulesDialog(self.app, self.system.house_rules, self.house,
                                     system_id=self.system.id))

    # -- drawing ------------------------------------------------------------------------------------
    def thumbnail(self, size: tuple[int, int]) -> tuple[pygame.Surface | None, str]:
        choice = self.map_choice
        if choice is None or choice.path is None:
            return None, ""
        key = (choice.id, *size)
        if key not in self._thumbs:
            from game.client.render.tilemap import render_thumbnail
            try:
                self._thumbs[key] = (render_thumbnail(choice.path, *size), "")
            except Exception as exc:    # a broken map: say so on the placeholder
                self.app.log_exception(exc)
                self._thumbs[key] = (None, f"Preview failed: {exc}")
        return self._thumbs[key]

    def draw(self, surface: pygame.Surface) -> None:
        draw.table_background(surface)
        for col in self.columns():
            draw.panel(surface, col, radius=self.px(10))
        tr = self.thumb_rect()
        img, problem = self.thumbnail(tr.size)
        if img is not None:
            fitted = _fit(img, tr.size)
            surface.blit(fitted, fitted.get_rect(center=tr.center))
            pygame.draw.rect(surface, (58, 68, 82), tr, 1, border_radius=self.px(4))
        else:
            self._placeholder(surface, tr, problem)

    def _placeholder(self, surface: pygame.Surface, rect: pygame.Rect, problem: str) -> None:
        pygame.draw.rect(surface, (17, 21, 26), rect, border_radius=self.px(6))
        cell = self.px(28)
        grid = pygame.Surface(rect.size, pygame.SRCALPHA)
        for x in range(0, rect.w, cell):
            pygame.draw.line(grid, (255, 255, 255, 14), (x, 0), (x, rect.h))
        for y in range(0, rect.h, cell):
            pygame.draw.line(grid, (255, 255, 255, 14), (0, y), (rect.w, y))
        surface.blit(grid, rect)
        pygame.draw.rect(surface, (58, 68, 82), rect, 1, border_radius=self.px(6))
        choice = self.map_choice
        title = choice.label if choice else "No map"
        draw.text(surface, title, (rect.centerx, rect.centery - self.px(14)), self.px(26),
                  draw.TEXT, bold=True, anchor="center")
        sub = problem or ("Map preview not available" if choice and choice.path else
                          "Everything comes from the system's standard set-up")
        draw.text(surface, sub[:80], (rect.centerx, rect.centery + self.px(20)), self.px(15),
                  draw.DANGER if problem else draw.TEXT_DIM, anchor="center")


class HouseRulesDialog(Dialog):
    """Every house rule with its choices and help; Done hands the new values back."""

    width = 880

    def __init__(self, app: "App", rules, values: dict[str, Any], system_id: str | None = None):
        super().__init__(app, "House rules", "Calls a game master would make, settled before "
                                              "play. Hover a rule to read all of its help; ? "
                                              "(or F1 over it) opens its rules reference entry.")
        self.system_id = system_id      # the system whose rules reference "?" opens
        self.rules = list(rules)
        self.values = dict(values)
        self.value_buttons: dict[str, Any] = {}
        self.rule_labels: dict[str, Any] = {}
        # as wide as the window allows: choice labels can be long
        self.width = int(max(720, min(1000, app.size[0] / app.scale - 80)))

    def extra_height(self) -> int:
        sh = self.app.size[1] / self.app.scale
        room = int(sh - 80 - 62 - self.body_height() - 76)
        return max(124, min(room, 62 * len(self.rules) + 10))

    def build_extra(self, y: int) -> None:
        height = self.extra_height()
        scroller = pygame_gui.elements.UIScrollingContainer(
            self.rect(16, y, self.width - 32, height), self.app.ui, container=self.box,
            allow_scroll_x=False)
        inner_w = self.width - 60
        drop_w = max(300, min(500, self.width - 500))
        text_w = inner_w - drop_w - 24 - (46 if self.system_id else 0)
        scroller.set_scrollable_area_dimensions((self.px(inner_w), self.px(62 * len(self.rules))))
        for i, rule in enumerate(self.rules):
            ry = 62 * i
            tip = f"{rule.help} ({rule.rule})" if rule.help else rule.rule
            self.rule_labels[rule.id] = self.label(self.rect(8, ry + 2, text_w, 28),
                                                   self.rule_title(rule), container=scroller,
                                                   tooltip=tip)
            help_line = _first_line(rule.help or rule.rule, self.px(15), self.px(text_w - 8))
            self.label(self.rect(8, ry + 28, text_w, 24), help_line, "#subtle",
                       container=scroller, tooltip=tip)
            if self.system_id:
                self.button(self.rect(inner_w - drop_w - 46, ry + 8, 38, 38), "?",
                            lambda r=rule: self.explain(r.id), container=scroller,
                            tooltip="What this rule changes (rules reference)")
            # arrows that step through the choices: a drop-down would open outside the
            # scrolling list and be cut off
            self.button(self.rect(inner_w - drop_w, ry + 8, 38, 38), "<",
                        lambda r=rule: self.step_rule(r, -1), container=scroller,
                        tooltip="Previous choice")
            self._value_w = drop_w - 84
            self.value_buttons[rule.id] = self.button(
                self.rect(inner_w - drop_w + 42, ry + 8, drop_w - 84, 38),
                self.value_text(rule), lambda r=rule: self.step_rule(r, 1),
                container=scroller, tooltip=self.choice_label(rule))
            self.button(self.rect(inner_w - 38, ry + 8, 38, 38), ">",
                        lambda r=rule: self.step_rule(r, 1), container=scroller,
                        tooltip="Next choice")

    def value_text(self, rule) -> str:
        """The choice as its button shows it: cut with an ellipsis to the button's width (the
        tooltip keeps it whole)."""
        return _first_line(self.choice_label(rule), self.px(18), self.px(self._value_w - 20))

    def choice_label(self, rule) -> str:
        value = self.values.get(rule.id, rule.default)
        return next((str(lab) for v, lab in rule.choices if v == value), str(value))

    def rule_title(self, rule) -> str:
        changed = self.values.get(rule.id, rule.default) != rule.default
        return f"{rule.label}  (changed)" if changed else rule.label

    def step_rule(self, rule, step: int) -> None:
        values = [v for v, _ in rule.choices]
        current = self.values.get(rule.id, rule.default)
        i = values.index(current) if current in values else 0
        self.values[rule.id] = values[(i + step) % len(values)]
        button = self.value_buttons.get(rule.id)
        if button is not None:
            button.set_text(self.value_text(rule))
            button.set_tooltip(self.choice_label(rule))
        label = self.rule_labels.get(rule.id)
        if label is not None:
            label.set_text(self.rule_title(rule))

    def buttons(self):
        return [("Defaults", self._defaults, None),
                ("Cancel", lambda: pop(DialogResult("house_rules", False)), None),
                ("Done", lambda: pop(DialogResult("house_rules", True, dict(self.values))),
                 "#primary")]

    def _defaults(self) -> None:
        self.values = {r.id: r.default for r in self.rules}
        self.rebuild()

    def on_back(self) -> Transition:
        return pop(DialogResult("house_rules", False))

    def explain(self, rule_id: str | None) -> Transition | None:
        """The rules reference on this rule's entry (on the first page when none)."""
        if not self.system_id:
            return None
        from game.client.scenes.reference import ReferenceScene
        return push(ReferenceScene(self.app, self.system_id,
                                   f"house_{rule_id}" if rule_id else None))

    def on_event(self, event: pygame.event.Event) -> Transition | None:
        # F1 over a rule opens its entry; elsewhere, the reference's first page
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            mouse = pygame.mouse.get_pos()
            over = next((rid for rid, lab in self.rule_labels.items()
                         if lab.alive() and lab.get_abs_rect().collidepoint(mouse)), None)
            return self.explain(over)
        return None


def _first_line(text: str, size: int, width: int) -> str:
    """The first wrapped line of `text`, with an ellipsis when more follows."""
    lines = draw.wrap(text, size, width)
    if len(lines) <= 1:
        return lines[0] if lines else ""
    return draw.wrap(text, size, width - size * 2)[0].rstrip(" ,;.") + " …"


def _esc(s: str) -> str:
    from html import escape
    return escape(s).replace("\n", "<br>")


def _fit(img: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    w, h = img.get_size()
    if (w, h) == tuple(size) or w == 0 or h == 0:
        return img
    k = min(size[0] / w, size[1] / h)
    return pygame.transform.smoothscale(img, (max(1, int(w * k)), max(1, int(h * k))))

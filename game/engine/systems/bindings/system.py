"""The bindings rule system object: what Match calls (the RuleSystem protocol in game.engine.rules).

Owns: set-up from a MatchConfig (a hex board from a Tiled map or an inline grid, the set-up's
inline content laid over the shipped content and kept in the state, combatants from sheets with
overrides or from teams at the map's spawns, ambush and initiative, the opening action), routing to rules.py, the end of the battle, JSON of the state (the board is rebuilt
from the config's map or grid, never saved), invariants, the example match and bindings map
checks.

Must not: implement a rule beyond routing; import pygame or the client; use `random`.
"""
from __future__ import annotations

import copy
from typing import Any

from game.engine.boards import Board, BoardError, MapObject
from game.engine.decisions import Decision
from game.engine.rng import Rng
from game.engine.rules import ConfigError, HouseRule, MatchConfig, Refusal, SystemBase
from game.engine.tactics.boardbuild import build_board as tactics_build_board
from game.engine.tactics.boardbuild import example_match, grid_rows, rows_board

from . import reference as reference_pages
from . import events as ev
from . import fatigue, movement, rules, sight, turns
from .content import (BASIC_MOVES, Content, combatant_fields, content, content_of, teams_for_map,
                      with_inline)
from .house import DEFAULTS, HOUSE_RULES
from .mapcheck import check_map
from .state import ABILITIES, BindingsState, Combatant

STATE_VERSION = 1

# The inline grid's default legend (tests and scenarios); `legend` in the grid adds to it.
DEFAULT_LEGEND: dict[str, dict[str, Any]] = {
    ".": {},
    "#": {"solid": True, "terrain": "rock wall"},
    "o": {"cover": True, "terrain": "boulder"},
    "~": {"water": True, "terrain": "water"},
    ":": {"move_cost": 2, "terrain": "rubble"},
    "*": {"conceal": 1, "terrain": "thicket"},
    "D": {"dark": True, "terrain": "darkness"},
}
# Tile sizes Tiled uses for our hex tilesets: pointy tops (stagger y) and flat tops (stagger x).
_TILE = {"y": (28, 32, 16), "x": (32, 28, 16)}

_SETUP_KEYS = {"grid", "teams", "combatants", "opening", "content", "initiative"}
_COMBATANT_KEYS = {"id", "sheet", "side", "x", "y", "name", "scores", "ab", "db", "hp",
                   "base_speed", "swim_speed", "moves", "talents", "unaware", "overrides"}
_OVERRIDE_TYPES: dict[str, Any] = {"name": str, "scores": dict, "ab": int, "db": int, "hp": int,
                                   "base_speed": int, "swim_speed": int, "moves": list,
                                   "talents": list, "unaware": bool}


def _config_error(msg: str) -> ConfigError:
    return ConfigError(f"bindings set-up: {msg}")


# --- boards ----------------------------------------------------------------------------------

def grid_board(grid: dict[str, Any]) -> Board:
    """A hex board from an inline grid: rows of legend characters, stagger axis/index and
    optional spawn objects ({type, x, y, properties})."""
    rows = grid_rows(grid, ("rows", "legend", "stagger_axis", "stagger_index", "objects"),
                     _config_error, need_rows=True)
    legend = dict(DEFAULT_LEGEND)
    for k, v in (grid.get("legend") or {}).items():
        if not isinstance(v, dict):
            raise _config_error(f"grid legend {k!r} must be a table of cell properties")
        legend[str(k)] = dict(v)
    axis = str(grid.get("stagger_axis", "y"))
    index = str(grid.get("stagger_index", "odd"))
    if axis not in _TILE or index not in ("odd", "even"):
        raise _config_error(f"grid stagger must be axis x/y and index odd/even, not "
                            f"{axis!r}/{index!r}")
    objects = []
    for i, o in enumerate(grid.get("objects", []) or []):
        try:
            objects.append(MapObject(i + 1, str(o.get("name", "")), str(o.get("type", "spawn")),
                                     int(o["x"]), int(o["y"]), "spawns",
                                     dict(o.get("properties", {}))))
        except (KeyError, TypeError, ValueError, AttributeError):
            raise _config_error(f"grid object {o!r} needs x and y") from None
    board = rows_board(rows, legend, None, objects, _config_error)
    tw, th, side = _TILE[axis]
    board.orientation = "hexagonal"
    board.tile_width, board.tile_height, board.hex_side_length = tw, th, side
    board.stagger_axis, board.stagger_index = axis, index
    board.properties = {"system": "bindings", "title": "Inline battlefield"}
    return board


def build_board(map_name: str | None, grid: dict[str, Any] | None) -> tuple[Board, str]:
    """The board and its source name, from an inline grid or a hex map file, with what is
    shipped for sight on it read and its movement tables built (sight.prepare,
    movement.prepare: a match's first positions find them ready)."""
    board, source = tactics_build_board(
        map_name, grid, orientation="hexagonal", from_grid=grid_board, error=_config_error,
        missing="needs a hex map or an inline grid (setup.grid)",
        wrong_shape="{path}: bindings plays on hex maps, not {orientation} ones",
        check=check_map)     # the checks check-map runs: a map failing them never starts
    sight.prepare(board)
    movement.prepare(board)
    return board, source


# --- combatants -------------------------------------------------------------------------------

def make_combatant(spec: dict[str, Any], c: Content | None = None) -> Combatant:
    """A combatant from {id, sheet, side, x, y} plus overrides (top level or in `overrides`);
    sheets, moves and talents are looked up in `c` (the match's content; default: shipped)."""
    c = c or content()
    if not isinstance(spec, dict):
        raise _config_error(f"a combatant must be a table, not {spec!r}")
    extra = set(spec) - _COMBATANT_KEYS
    if extra:
        raise _config_error(f"combatant {spec.get('id')!r}: unknown key {sorted(extra)[0]!r}")
    try:
        cid, sheet = str(spec["id"]), str(spec["sheet"])
        side, x, y = int(spec["side"]), int(spec["x"]), int(spec["y"])
    except (KeyError, TypeError, ValueError):
        raise _config_error(f"combatant {spec!r} needs id, sheet, side, x and y") from None
    if side not in (0, 1):
        raise _config_error(f"combatant {cid!r}: side must be 0 or 1")
    try:
        fields = combatant_fields(sheet, c)
    except KeyError as exc:
        raise _config_error(f"combatant {cid!r}: {exc.args[0]}") from None
    over = {k: v for k, v in spec.items() if k in _OVERRIDE_TYPES}
    over.update(spec.get("overrides") or {})
    for key, value in over.items():
        want = _OVERRIDE_TYPES.get(key)
        if want is None:
            raise _config_error(f"combatant {cid!r}: unknown override {key!r}")
        if not isinstance(value, want) or (want is int and isinstance(value, bool)):
            raise _config_error(f"combatant {cid!r}: override {key!r} has the wrong type "
                                f"({value!r})")
    if "scores" in over:
        bad = set(over["scores"]) - set(ABILITIES)
        if bad or not all(isinstance(v, int) for v in over["scores"].values()):
            raise _config_error(f"combatant {cid!r}: scores must map {', '.join(ABILITIES)} to "
                                f"whole numbers")
        fields["scores"].update(over.pop("scores"))
    if "moves" in over:
        moves = [str(m) for m in over.pop("moves")]
        for m in moves:
            if m not in c.moves:
                raise _config_error(f"combatant {cid!r}: unknown move {m!r}")
        fields["moves"] = list(dict.fromkeys([*BASIC_MOVES, *moves]))
    if "talents" in over:
        for t in over["talents"]:
            if t not in c.talents:
                raise _config_error(f"combatant {cid!r}: unknown talent {t!r}")
        fields["talents"] = [str(t) for t in over.pop("talents")]
    if "hp" in over:
        fields["hp"] = fields["max_hp"] = int(over.pop("hp"))
    for key in ("ab", "db", "base_speed", "swim_speed", "name"):
        if key in over:
            fields[key] = over.pop(key)
    unaware = bool(over.pop("unaware", False))
    return Combatant(id=cid, side=side, x=x, y=y, unaware=unaware, **fields)


def _spawns(board: Board) -> dict[int, list[MapObject]]:
    try:
        return board.spawns_by_side()
    except BoardError as exc:
        raise _config_error(str(exc)) from None


def team_specs(board: Board, teams: Any, map_name: str | None,
               c: Content | None = None, names: list[str] | None = None) -> list[dict[str, Any]]:
    """Combatant specs for two teams placed at the map's spawns, slot by slot; the teams'
    names go to `names`."""
    c = c or content()
    if teams is None:
        suits = [t.id for t in teams_for_map(map_name or "", c)]
        if len(suits) < 2:
            raise _config_error("no combatants given and fewer than two teams suit this map")
        teams = suits[:2]
    if not isinstance(teams, list) or len(teams) != 2:
        raise _config_error("teams must list two team ids")
    spawns = _spawns(board)
    out = []
    for side, tid in enumerate(teams):
        team = c.teams.get(str(tid))
        if team is None:
            raise _config_error(f"unknown team {tid!r} (known: {', '.join(sorted(c.teams))})")
        if names is not None:
            names.append(team.name)
        places = spawns.get(side, [])
        if len(places) < len(team.members):
            raise _config_error(f"team {tid!r} has {len(team.members)} members but the map has "
                                f"{len(places)} spawns for side {side}")
        for n, sheet in enumerate(team.members):
            o = places[n]
            spec = {"id": f"{sheet}_{side}_{n}", "sheet": sheet, "side": side, "x": o.x, "y": o.y}
            if o.properties.get("unaware") is True:
                spec["unaware"] = True
            out.append(spec)
    return out


class BindingsSystem(SystemBase):
    id = "bindings"
    name = "Bindings"
    description = ("Hex battles timed in segments: three per round, one started action per "
                   "turn, projectiles in flight, pushbacks and defences declared before a hit.")
    house_rules: tuple[HouseRule, ...] = HOUSE_RULES

    def reference_entries(self) -> list:
        """The rules reference's pages made from this system's content (reference.py)."""
        return reference_pages.entries()
    seat_count = (2, 2)
    state_version = STATE_VERSION
    config_derived_state = ("side_names",)              # the sides' names (saves before them: none)
    rules_version = 2
    rules_changes = {2: "a wall or rock on an attack's way no longer stops it in flight; cover "
                        "is measured at launch (BND-85/86, BND-GM-14)"}
    # prolonged binding (BND-103..106) happens between battles: a scenario checks it as a build
    builder_kinds = ("prolonged_binding",)
    # [start] initiative is read with the set-up: no initiative die, and nobody is delayed for
    # zero sixes (BND-20) before the order arrives; round and segment stay for scenario_start
    setup_shortcuts = ("initiative",)

    def teams_for_map(self, map_path: str) -> list[tuple[str, str]]:
        """(team id, name) pairs suiting a map, for the New game screen's team pickers."""
        return [(t.id, t.name) for t in teams_for_map(map_path)]

    # --- set-up ------------------------------------------------------------------------------
    def setup(self, config: MatchConfig, rng: Rng) -> tuple[BindingsState, list]:
        setup = dict(config.setup or {})
        unknown = set(setup) - _SETUP_KEYS
        if unknown:
            raise _config_error(f"unknown setup key {sorted(unknown)[0]!r}")
        if len(config.seats or []) != 2:
            raise _config_error(f"a battle needs 2 seats (one per side), not {len(config.seats)}")
        grid = setup.get("grid")
        board, source = build_board(config.map, grid)
        inline = copy.deepcopy(setup.get("content"))     # the match keeps its own copy
        rules_content = with_inline(inline)               # checked here: a bad table never starts
        specs = setup.get("combatants")
        side_names: list[str] = []
        if specs is None:
            specs = team_specs(board, setup.get("teams"), config.map, rules_content, side_names)
        if not isinstance(specs, list) or not specs:
            raise _config_error("combatants must be a non-empty list")
        combatants: dict[str, Combatant] = {}
        taken: dict[tuple[int, int], str] = {}
        for spec in specs:
            c = make_combatant(spec, rules_content)
            if c.id in combatants:
                raise _config_error(f"two combatants share the id {c.id!r}")
            if not board.in_bounds(c.x, c.y):
                raise _config_error(f"combatant {c.id!r} stands off the board at ({c.x}, {c.y})")
            props = board.props(c.x, c.y)
            if props.get("solid") or props.get("cover"):
                raise _config_error(f"combatant {c.id!r} stands inside an obstacle at "
                                    f"({c.x}, {c.y})")
            if (c.x, c.y) in taken:
                raise _config_error(f"combatants {taken[(c.x, c.y)]!r} and {c.id!r} share the "
                                    f"hex ({c.x}, {c.y})")
            taken[(c.x, c.y)] = c.id
            combatants[c.id] = c
        if {c.side for c in combatants.values()} != {0, 1}:
            raise _config_error("both sides need at least one combatant")
        # two combatants from one sheet are told apart in the log and the sidebar
        names: dict[str, list[Combatant]] = {}
        for c in combatants.values():
            names.setdefault(c.name, []).append(c)
        for same in names.values():
            if len(same) > 1:
                for n, c in enumerate(same, 1):
                    c.name = f"{c.name} {n}"
        house = dict(DEFAULTS)
        house.update(config.house_rules or {})
        state = BindingsState(combatants=combatants, order=list(combatants), house=house,
                              map_source=source, grid=grid, board=board, content=inline,
                              rules_content=rules_content, side_names=side_names)
        events: list = [ev.BattleStarted(source, tuple(combatants))]
        opener = setup.get("opening")
        if opener is not None and opener not in combatants:
            raise _config_error(f"opening names unknown combatant {opener!r}")
        events += turns.ambush(state, rng)
        if "initiative" in setup:       # ranks given as an order, not rolled: no dice, no delays
            try:
                events += turns.set_initiative(state, setup["initiative"])
            except ConfigError as exc:
                raise _config_error(str(exc)) from exc
        else:
            events += turns.roll_initiative(state, rng)
        opener = turns.choose_opener(state, opener)
        if opener is not None:
            turns.begin_opening(state, opener)
        else:
            events += turns.start_segment(state)
            events += turns.advance(state, rng)
        return state, events

    # --- playing -----------------------------------------------------------------------------
    def legal_actions(self, state: BindingsState) -> list:
        return rules.legal_actions(state)

    def legal_part(self, state: BindingsState, kind: type) -> list | None:
        return rules.legal_part(state, kind)

    def check_build(self, kind: str, table: dict[str, Any], setup: dict[str, Any]
                    ) -> dict[str, Any]:
        """`prolonged_binding = {str_mod, hours, dice, edge, then}`: a creature binds for up to
        `hours` hours (the hourly Strength checks rolled with the forced `dice`, 2d6 each, and
        3d6 more with an `edge`), then, if `then = "night_rest"` or `"break"`, rests
        (fatigue.py); the figures: `hours` bound, `checks` made, `exhausted`, `next_dc`."""
        if kind != "prolonged_binding":
            raise ConfigError(f"the bindings builder checks prolonged_binding, not {kind!r}")
        known = {"str_mod", "hours", "dice", "edge", "then"}
        if set(table) - known:
            raise ConfigError(f"prolonged_binding: unknown key {sorted(set(table) - known)[0]!r} "
                              f"(known: {', '.join(sorted(known))})")
        str_mod, hours = table.get("str_mod", 0), table.get("hours", 1)
        forced, edge, then = table.get("dice", []), table.get("edge", "none"), table.get("then", "")
        if not isinstance(str_mod, int) or not isinstance(hours, int) or not 1 <= hours <= 24:
            raise ConfigError("prolonged_binding: str_mod must be a whole number and hours 1..24")
        if not isinstance(forced, list) or not all(isinstance(d, int) and 1 <= d <= 6
                                                    for d in forced):
            raise ConfigError("prolonged_binding: dice must be a list of d6 faces")
        if edge not in ("none", "advantage", "disadvantage") or then not in ("", "break",
                                                                              "night_rest"):
            raise ConfigError("prolonged_binding: edge is none, advantage or disadvantage; then "
                              "is break or night_rest")
        f = fatigue.Fatigue("binder", str_mod)
        rng = Rng.from_seed(0)
        rng.force(list(forced))
        fatigue.start(f)
        checks = 0
        while f.binding and f.hours < hours:
            fatigue.hour_passed(f, rng, edge)
            checks += 1
        if rng.forced:
            raise ConfigError(f"prolonged_binding: {len(rng.forced)} forced dice were never "
                              f"rolled")
        bound = f.hours
        if then == "break":
            fatigue.take_break(f)
        elif then == "night_rest":
            fatigue.night_rest(f)
        return {"hours": bound, "checks": checks, "exhausted": f.exhausted, "next_dc": f.dc}

    def validate(self, state: BindingsState, action: Any) -> Refusal | str | None:
        return rules.validate(state, action)

    def apply(self, state: BindingsState, action: Any, rng: Rng) -> list:
        return rules.apply(state, action, rng)

    def decision(self, state: BindingsState) -> Decision | None:
        return rules.decision(state)

    def winner(self, state: BindingsState) -> int | None:
        return state.winner if state.over else None

    def is_over(self, state: BindingsState) -> bool:
        return state.over

    def view(self, state: BindingsState, seat: int) -> BindingsState:
        """Bindings hides nothing (positions, budgets and declared defences are all on the
        table); a copy, so a bot's dry runs never touch the match."""
        return copy.deepcopy(state)

    # --- saving ------------------------------------------------------------------------------
    # state_to_json is SystemBase's: the state's to_json() with state_version added
    def state_from_json(self, data: dict) -> BindingsState:
        with self.reading_save():
            if not isinstance(data, dict):
                raise ValueError("state must be an object")
            d = dict(data)
            version = d.pop("version", STATE_VERSION)
            if version != STATE_VERSION:
                raise ValueError(f"unknown bindings state version {version}")
            state = BindingsState.from_json(d)
            source = state.map_source
            state.board, _ = build_board(None if state.grid is not None else source, state.grid)
            content_of(state)    # a saved inline table is checked as a set-up's is
            return state

    # --- checks ------------------------------------------------------------------------------
    def progress(self, state: BindingsState) -> str:
        return f"Round {state.round}, segment {state.segment}"

    def side_of(self, state: BindingsState, who: str) -> int | None:
        c = state.combatants.get(who)
        return c.side if c is not None else None

    def check_invariants(self, state: BindingsState) -> list[str]:
        return check_invariants(state)

    def example_config(self, seed: int) -> MatchConfig:
        return example_match(self.id, seed,
                             ("bindings_pass.tmx", "bindings_grove.tmx", "hex_crossing.tmx"),
                             lambda name: [t.id for t in teams_for_map(name)], example_setup)

    def check_map(self, board: Board) -> list:
        return check_map(board)

    def load_bots(self) -> None:
        """Importing ai.py registers this system's bots (kept out of start-up)."""
        from . import ai  # noqa: F401

    def scenario_start(self, state: BindingsState, shortcuts: dict[str, Any], rng: Rng) -> list:
        return scenario_shortcuts(state, shortcuts, rng)


def example_setup() -> dict[str, Any]:
    """A small inline battlefield: a stream, boulders, a thicket and two teams of two."""
    return {
        "grid": {"rows": ["..........",
                          "...o......",
                          "..**...#..",
                          "~~~~..~~~~",
                          "..#....*..",
                          "......o...",
                          ".........."]},
        "combatants": [
            {"id": "aero", "sheet": "aeromancer", "side": 0, "x": 1, "y": 0},
            {"id": "spear", "sheet": "spear_warden", "side": 0, "x": 3, "y": 0},
            {"id": "pyro", "sheet": "pyromancer", "side": 1, "x": 7, "y": 6},
            {"id": "brawl", "sheet": "brawler", "side": 1, "x": 5, "y": 6},
        ],
    }


def check_invariants(state: BindingsState) -> list[str]:
    """Everything that must hold between actions; an empty list when the state is sound."""
    problems: list[str] = []
    b = state.board
    if b is None:
        return ["the board is missing"]
    if sorted(state.order) != sorted(state.combatants):
        problems.append("the initiative order does not list every combatant exactly once")
    if not 0 <= state.segment <= 3:
        problems.append(f"segment {state.segment} outside 1..3")
    seen: dict[tuple[int, int], str] = {}
    for c in state.combatants.values():
        if not b.in_bounds(c.x, c.y):
            problems.append(f"{c.id}: off the board at ({c.x}, {c.y})")
        if not 0 <= c.hp <= c.max_hp:
            problems.append(f"{c.id}: HP {c.hp} outside 0..{c.max_hp}")
        if c.hp == 0 and not c.down:
            problems.append(f"{c.id}: HP 0 but not down")
        if c.swifts > 2:
            problems.append(f"{c.id}: {c.swifts} Swift actions this round (cap 2, BND-37)")
        if c.spent not in ([], ["full"], ["standard"], ["move"], ["standard", "move"],
                           ["move", "standard"], ["move", "move"]):
            problems.append(f"{c.id}: spent {c.spent} is no budget of BND-36")
        if not c.down:
            here = (c.x, c.y)
            if here in seen:
                problems.append(f"{c.id} and {seen[here]} share the hex {here}")
            seen[here] = c.id
            p = b.props(*here) if b.in_bounds(*here) else {}
            if p.get("solid") or p.get("cover"):
                problems.append(f"{c.id}: stands inside an obstacle at {here}")
    for m in state.movements:
        if m.owner not in state.combatants:
            problems.append(f"movement {m.id} of unknown {m.owner!r}")
        if m.now < 0 or m.bonus < 0 or m.segments_left < 0:
            problems.append(f"movement {m.id} has negative hexes or segments")
    for cid in state.seg_order:
        if cid not in state.combatants:
            problems.append(f"the segment's turn order names unknown {cid!r}")
    if not 0 <= state.turn <= len(state.seg_order):
        problems.append(f"turn index {state.turn} outside the segment's order")
    for c in state.combatants.values():
        if not 1 <= c.first_segment <= 3:
            problems.append(f"{c.id}: first segment {c.first_segment} outside 1..3 (BND-21)")
    for p in state.pushbacks:
        if p.subject not in state.combatants or p.by not in state.combatants:
            problems.append(f"pushback {p.id} names an unknown combatant")
        elif state.combatants[p.subject].down:
            problems.append(f"pushback {p.id} still moves {p.subject}, who is down")
    subjects = [p.subject for p in state.pushbacks]
    if len(subjects) != len(set(subjects)):
        problems.append("two pushbacks on one combatant")
    for p in state.pushbacks:
        if p.remaining <= 0:
            problems.append(f"pushback {p.id} is finished but still listed")
    if not state.over:
        if state.opening is None and not state.pending and state.acting is None:
            problems.append("nobody is acting and nothing is pending")
    return problems


BINDINGS = BindingsSystem()


def scenario_shortcuts(state: BindingsState, shortcuts: dict[str, Any], rng: Rng) -> list:
    """A scenario's [start] shortcuts for bindings, on the freshly set-up battle (before anyone
    has acted). `round = R`, `segment = S`: the clock jumps there with fresh budgets
    (BND-36/37); what expires by then expires (BND-78). Then the segment opens and the clock
    runs to a decision. `initiative` is taken by the set-up itself (BindingsSystem.
    setup_shortcuts); given here, after the set-up has ranked everyone and round 1 has begun,
    it is refused rather than laid over that."""
    known = ("initiative", "round", "segment")
    unknown = sorted(set(shortcuts) - set(known))
    if unknown:
        raise ConfigError(f"[start] {unknown[0]!r}: bindings has no such shortcut (it knows: "
                          f"{', '.join(known)})")
    if "initiative" in shortcuts:
        raise ConfigError("[start] 'initiative' is read with the set-up (scenario_setup), not "
                          "after it")
    if state.round != 1 or state.segment != 1 or state.opening is not None or state.pending:
        raise ConfigError("[start] shortcuts need the battle to begin at round 1, segment 1 "
                          "with nothing pending (not with an opening action)")
    events: list = []
    for key, top in (("round", None), ("segment", 3)):
        value = shortcuts.get(key, 1)
        if not isinstance(value, int) or isinstance(value, bool) or value < 1 or (
                top is not None and value > top):
            raise ConfigError(f"[start] {key!r} must be a whole number from 1"
                              f"{f' to {top}' if top else ''}, not {value!r}")
    state.round, state.segment = shortcuts.get("round", 1), shortcuts.get("segment", 1)
    for c in state.combatants.values():
        turns._reset_budget(c)      # the round's budget, as a new round gives it (BND-36/37)
    return events + turns.start_segment(state) + turns.advance(state, rng)

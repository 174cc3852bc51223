"""The gems rule system object: what Match calls (the RuleSystem protocol in game.engine.rules).

Owns: set-up from a MatchConfig (board from a Tiled map or an inline grid through
tactics.boardbuild, units from sheets with overrides, items, teams at spawns, initiative),
dispatch of actions to movement/turn rules (rules.py) and combat (combat.py), validate (the
specific reason for a refused action), decisions, end of the encounter, JSON of
the state (the board is rebuilt from the config, never saved), invariants, the example match
and gems-specific map checks.

Must not: implement a rule itself beyond routing; import pygame or the client; use `random`.
"""
from __future__ import annotations

import copy
from typing import Any

from game.engine.actions import Concede, EndTurn
from game.engine.boards import Board, BoardError, MapObject
from game.engine.decisions import Decision
from game.engine.events import MatchEnded
from game.engine.rng import Rng
from game.engine.rules import ConfigError, HouseRule, MatchConfig, SystemBase, refuse_concede
from game.engine.tactics import pending as stages
from game.engine.tactics.boardbuild import build_board as tactics_build_board
from game.engine.tactics.boardbuild import example_match, grid_rows, rows_board
from game.engine.tactics.content import as_table, entry
from game.engine.tactics.pending import stack_from_json

from . import reference as reference_pages
from . import actions as A
from . import events as ev
from . import combat, gm, rules
from .common import TILE_CAPACITY, _spot_for_unit, check_end, occupancy_index, occupy_problem
from .content import (NEUTRAL_SHEET, Content, ContentError, SheetEntry, check_sheet, content,
                      content_with, cpr_cost, neutral_sheet)
from .house import DEFAULTS, HOUSE_RULES
from .mapcheck import check_cells, check_map, check_map_properties, check_objects
from .state import Arm, AttackPlan, GemsState, Item, Unit
from .turns import end_turn, roll_initiative, set_initiative, start_turn

STATE_VERSION = 1

# Action kinds resolved by combat.py (GEM-21..43).
COMBAT_ACTIONS: tuple[type, ...] = (A.Ready, A.AssignArm, A.UnassignArm, A.HandOver, A.Strike,
                                    A.Counter, A.AssignBlocks, A.ChooseLostArm, A.ChooseSide)

_UNIT_OVERRIDES = {"name", "cpr", "spr", "ms", "fms", "hp", "max_hp", "size", "blocking",
                   "disarming", "arms", "arm_bonus", "weapons", "abilities", "held"}
_OVERRIDE_TYPES: dict[str, Any] = {
    "name": str, "cpr": int, "spr": int, "ms": int, "fms": int, "hp": int, "max_hp": int,
    "size": int, "blocking": bool, "disarming": bool, "arms": int, "arm_bonus": int,
    "weapons": list, "abilities": list, "held": list}
# every field of an item's content entry but its description, with its type
_ITEM_TYPES: dict[str, Any] = {
    "name": str, "size": (int, float), "carriable": bool, "solid": bool, "damage": int,
    "hardlight": bool, "throwable": bool, "range": int, "projectile": bool, "knockback": int,
    "aoe": int, "melee_range": int}
_STAGE_PROMPTS = {
    "choose_counters": "How many counter rolls will {actor} make?",
    "assign_blocks": "Which held object of {actor} blocks which attack?",
    "choose_lost_arm": "{actor} loses an arm: which one?",
    "choose_side": "Throw the lost arm's object to the left or the right?",
    "gm_call": "The game master decides.",
}


def _config_error(msg: str) -> ConfigError:
    return ConfigError(f"gems set-up: {msg}")


# --- boards ----------------------------------------------------------------------------------

def grid_board(grid: dict[str, Any]) -> Board:
    """A square board from an inline grid: rows of legend characters, optional legend,
    elevation and objects ({name, type, x, y, properties})."""
    rows = grid_rows(grid, ("rows", "legend", "elevation", "objects", "flight_ceiling"),
                     _config_error)
    legend = grid.get("legend")
    if legend is not None:
        legend = {str(k): dict(v) for k, v in legend.items()}
        legend.setdefault(".", {})
    objects = [MapObject(i, str(o.get("name", "")), str(o["type"]), int(o["x"]), int(o["y"]),
                         "objects", dict(o.get("properties", {})))
               for i, o in enumerate(grid.get("objects", []) or [])]
    board = rows_board(rows, legend, grid.get("elevation"), objects, _config_error)
    if "flight_ceiling" in grid:
        board.properties["flight_ceiling"] = grid["flight_ceiling"]
    # the same property and object checks a Tiled map gets, so a typo such as
    # current_dir = "east" is refused here instead of silently doing nothing
    problems = (check_cells(board) + check_map_properties(board)
                + check_objects(board, need_spawns=False))
    if problems:
        more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
        raise _config_error("; ".join(str(p) for p in problems[:3]) + more)
    return board


def build_board(map_name: str | None, grid: dict[str, Any] | None) -> tuple[Board, str]:
    """The board and its source name, from an inline grid or a map file."""
    return tactics_build_board(
        map_name, grid, orientation="orthogonal", from_grid=grid_board, error=_config_error,
        missing="needs a map or an inline grid (setup.grid)",
        wrong_shape="{path}: gems plays on square grids, not {orientation} maps",
        check=check_map)     # the checks check-map runs: a map failing them never starts


# --- units and items from content ------------------------------------------------------------

def make_unit(c: Content, state_items: dict[str, Item], uid: str, sheet_id: str, side: int,
              x: int, y: int, overrides: dict[str, Any], hp_per_size: int) -> Unit:
    if sheet_id != NEUTRAL_SHEET and sheet_id not in c.sheets:
        raise _config_error(f"unit {uid!r}: unknown sheet {sheet_id!r} "
                            f"(known: {', '.join(sorted(c.sheets))} or {NEUTRAL_SHEET!r})")
    unknown = set(overrides) - _UNIT_OVERRIDES
    if unknown:
        raise _config_error(f"unit {uid!r}: unknown override {sorted(unknown)[0]!r}")
    for key, value in overrides.items():
        want = _OVERRIDE_TYPES[key]
        if not isinstance(value, want) or (isinstance(value, bool) and want is int):
            raise _config_error(f"unit {uid!r}: override {key!r} has the wrong type ({value!r})")
        if want is int and value < 0:
            raise _config_error(f"unit {uid!r}: override {key!r} cannot be negative")
    s = neutral_sheet() if sheet_id == NEUTRAL_SHEET else dict(c.sheets[sheet_id])
    s.update(overrides)
    size = int(s["size"])
    if size < 1:
        raise _config_error(f"unit {uid!r}: size must be 1 or more")
    for w in s["weapons"]:
        if w not in c.items or not c.items[w]["hardlight"]:
            raise _config_error(f"unit {uid!r}: {w!r} is not a Hardlight Weapon")
    for ab in s["abilities"]:
        if ab not in c.abilities:
            raise _config_error(f"unit {uid!r}: unknown ability {ab!r}")
    hp = int(s["hp"]) if s.get("hp") else hp_per_size * size     # GEM-GM-03: 20 x Size
    max_hp = int(s.get("max_hp") or hp)
    if hp > max_hp:
        raise _config_error(f"unit {uid!r}: hp {hp} is above max_hp {max_hp}")
    u = Unit(id=uid, name=str(s["name"]), sheet=sheet_id, side=side, x=x, y=y, size=size, hp=hp,
             max_hp=max_hp, cpr=int(s["cpr"]), spr=int(s["spr"]), ms=int(s["ms"]),
             fms=int(s["fms"]), blocking=bool(s["blocking"]), disarming=bool(s["disarming"]),
             arms=[Arm() for _ in range(int(s["arms"]))], arm_bonus=int(s["arm_bonus"]),
             weapons=list(s["weapons"]), abilities=list(s["abilities"]))
    for n, held in enumerate(s["held"]):
        # a held item is a kind, or a table {kind = "...", <item field> = ...} changing this one
        held_over: dict[str, Any] = {}
        if isinstance(held, dict):
            held_over = {k: v for k, v in held.items() if k != "kind"}
            held = held.get("kind")
        kind = held
        if not isinstance(kind, str) or kind not in c.items:
            raise _config_error(f"unit {uid!r}: unknown held item {kind!r} (give a kind, or a "
                                f"table with a kind such as {{kind = \"rock\", damage = 3}})")
        if n >= len(u.arms):
            raise _config_error(f"unit {uid!r}: more held items than arms")
        # each held object is its own item: a second rock must not share the first one's id,
        # or both arms would hold one item and dropping it would empty both
        iid, k = f"{uid}_{kind}", 1
        while iid in state_items:
            k += 1
            iid = f"{uid}_{kind}_{k}"
        state_items[iid] = make_item(c, iid, kind, x, y, held_over)
        state_items[iid].held_by = uid
        u.arms[n].holding = iid
    return u


def make_item(c: Content, iid: str, kind: str, x: int, y: int,
              overrides: dict[str, Any]) -> Item:
    """An item of content kind `kind`, every field copied from its entry, with `overrides`
    (any of those fields) for this one item."""
    d = c.items.get(kind)
    if d is None:
        raise _config_error(f"item {iid!r}: unknown kind {kind!r} "
                            f"(known: {', '.join(sorted(c.items))})")
    unknown = set(overrides) - set(_ITEM_TYPES)
    if unknown:
        raise _config_error(f"item {iid!r}: unknown field {sorted(unknown)[0]!r} "
                            f"(known: {', '.join(sorted(_ITEM_TYPES))})")
    for key, value in overrides.items():
        want = _ITEM_TYPES[key]
        if not isinstance(value, want) or (isinstance(value, bool) and want is not bool):
            raise _config_error(f"item {iid!r}: {key!r} has the wrong type ({value!r})")
        if want is int and value < 0:
            raise _config_error(f"item {iid!r}: {key!r} cannot be negative")
    v = dict(d)
    v.update(overrides)
    return Item(id=iid, kind=kind, name=str(v["name"]), x=x, y=y, size=float(v["size"]),
                carriable=bool(v["carriable"]), solid=bool(v["solid"]), damage=int(v["damage"]),
                hardlight=bool(v["hardlight"]), throwable=bool(v["throwable"]),
                range=int(v["range"]), projectile=bool(v["projectile"]),
                knockback=int(v["knockback"]), aoe=int(v["aoe"]),
                melee_range=int(v["melee_range"]))


def _spawns(board: Board) -> dict[int, list[MapObject]]:
    try:
        return board.spawns_by_side()
    except BoardError as exc:
        raise _config_error(str(exc)) from None


def teams_for_map(map_name: str | None, c: Content | None = None) -> list[str]:
    """Team ids that suit this map (teams with no `maps` list suit every map), from content `c`
    (the shipped content by default)."""
    base = str(map_name).replace("\\", "/").rsplit("/", 1)[-1] if map_name else None
    out = []
    for tid, t in (c or content()).teams.items():
        if not t["maps"] or (base and base in t["maps"]):
            out.append(tid)
    return out


class GemsSystem(SystemBase):
    id = "gems"
    set_up_keys = ("side_names",)  # the names the set-up gives: older saves lack them
    name = "Gems"
    description = ("Gem skirmishes on an elevation grid: two Action Slots a turn, d20 + CPR "
                   "Combat Rolls, blocks, disarms, flight, currents and truces.")
    house_rules: tuple[HouseRule, ...] = HOUSE_RULES

    def reference_entries(self) -> list:
        """The rules reference's pages made from this system's content (reference.py)."""
        return reference_pages.entries()
    seat_count = (2, 2)     # one seat per side; the gm_seat house rule adds one (GEM-GM-37)
    state_version = STATE_VERSION
    builder_kinds = ("sheet",)
    # [start] initiative is read with the set-up: no initiative die, and only the named first
    # unit's turn begins (a water roll at its start, GEM-18, is hers, once)
    setup_shortcuts = ("initiative",)

    def teams_for_map(self, map_path: str) -> list[tuple[str, str]]:
        """(team id, team name) pairs suiting a map, for the New game screen's team pickers
        (the chosen ids become `setup.teams`)."""
        teams = content().teams
        return [(tid, str(teams[tid]["name"])) for tid in teams_for_map(map_path)]

    def extra_seats(self, house_rules: dict[str, Any]) -> list[str]:
        """Labels of the human-only seats these house rules add after the sides' seats."""
        return gm.extra_seat_labels(house_rules)

    # --- set-up ------------------------------------------------------------------------------
    def setup(self, config: MatchConfig, rng: Rng) -> tuple[GemsState, list]:
        setup = dict(config.setup or {})
        unknown = set(setup) - {"units", "items", "grid", "teams", "content", "initiative"}
        if unknown:
            raise _config_error(f"unknown setup key {sorted(unknown)[0]!r}")
        inline = setup.get("content") or None
        c = content_with(inline)        # ContentError (a ConfigError) names the entry and key
        grid = setup.get("grid")
        board, source = build_board(config.map, grid)
        house = dict(DEFAULTS)
        house.update(config.house_rules or {})
        _check_seats(config, house)
        if house.get("gm_seat") == "none":
            # kept out of the state when off, so matches saved before the rule existed replay
            # to the very same snapshot (house() falls back to the default)
            del house["gm_seat"]
        hp_per_size = int(house["hp_per_size"])
        units: dict[str, Unit] = {}
        items: dict[str, Item] = {}
        # loose objects from the map
        for o in board.objects_of("item"):
            kind = str(o.properties.get("kind", ""))
            iid = f"map_{o.name or kind}_{o.id}"
            over = {}
            if "size" in o.properties:
                over["size"] = o.properties["size"]
            if "carriable" in o.properties:
                over["carriable"] = o.properties["carriable"]
            items[iid] = make_item(c, iid, kind, o.x, o.y, over)
        side_names: list[str] = []
        unit_specs = self._unit_specs(c, setup, board, config.map, side_names)
        for spec in unit_specs:
            if not isinstance(spec, dict):
                raise _config_error("every unit must be a table")
            extra = set(spec) - {"id", "sheet", "side", "x", "y", "overrides", "_spawn"}
            if extra:
                raise _config_error(f"unit {spec.get('id')!r}: unknown key {sorted(extra)[0]!r}")
            try:
                uid, sheet = str(spec["id"]), str(spec["sheet"])
                side, x, y = int(spec["side"]), int(spec["x"]), int(spec["y"])
            except (KeyError, TypeError, ValueError):
                raise _config_error(f"unit {spec!r} needs id, sheet, side, x and y") from None
            if uid in units:
                raise _config_error(f"two units share the id {uid!r}")
            if side not in (0, 1):
                raise _config_error(f"unit {uid!r}: side must be 0 or 1")
            units[uid] = make_unit(c, items, uid, sheet, side, x, y,
                                   dict(spec.get("overrides") or {}), hp_per_size)
        item_specs = setup.get("items", []) or []
        if not isinstance(item_specs, list):
            raise _config_error("items must be a list of tables such as {id = \"r\", "
                                "kind = \"rock\", x = 1, y = 1}")
        for spec in item_specs:
            if not isinstance(spec, dict) or not {"id", "kind", "x", "y"} <= set(spec):
                raise _config_error(f"item {spec!r} needs id, kind, x and y")
            iid = str(spec["id"])
            if iid in items or iid in units:
                raise _config_error(f"id {iid!r} is used twice")
            over = {k: v for k, v in spec.items() if k not in ("id", "kind", "x", "y")}
            try:
                x, y = int(spec["x"]), int(spec["y"])
            except (TypeError, ValueError):
                raise _config_error(f"item {iid!r}: x and y must be whole numbers") from None
            items[iid] = make_item(c, iid, str(spec["kind"]), x, y, over)
        if not units:
            raise _config_error("no gems to play with (give units, teams, or a map with spawns)")
        # two gems from the same sheet get told apart in the log and the sidebar
        seen: dict[str, int] = {}
        for u in units.values():
            seen[u.name] = seen.get(u.name, 0) + 1
        counter: dict[str, int] = {}
        for u in units.values():
            if seen[u.name] > 1:
                counter[u.name] = counter.get(u.name, 0) + 1
                u.name = f"{u.name} {counter[u.name]}"
        state = GemsState(units={}, items={}, order=[], house=house, map_source=source,
                          grid=copy.deepcopy(grid) if grid is not None else None, board=board,
                          content=copy.deepcopy(inline), content_set=c, side_names=side_names)
        state.items = {k: v for k, v in items.items()}
        for iid, it in state.items.items():
            if it.held_by is None and not board.in_bounds(it.x, it.y):
                raise _config_error(f"item {iid!r} at ({it.x}, {it.y}) is off the map")
        spawned = {str(sp["id"]) for sp in unit_specs if isinstance(sp, dict) and sp.get("_spawn")}
        for uid, u in units.items():
            problem = occupy_problem(state, u, u.x, u.y)
            if problem and uid in spawned:
                # a spawn only marks where a gem starts: a big gem's footprint just has to cover
                # it (GEM-GM-34), and a blocked spawn falls back to the nearest free place
                spot = None
                for dy in range(u.size):
                    for dx in range(u.size):
                        if spot is None and occupy_problem(state, u, u.x - dx, u.y - dy) is None:
                            spot = (u.x - dx, u.y - dy)
                spot = spot or _spot_for_unit(state, u, u.x, u.y, radius=3)
                if spot is not None:
                    u.x, u.y = spot
                    problem = None
                for it in state.items.values():
                    if it.held_by == uid:
                        it.x, it.y = u.x, u.y
            if problem:
                raise _config_error(f"unit {uid!r} cannot stand at ({u.x}, {u.y}): {problem}")
            state.units[uid] = u
        sides = {u.side for u in units.values()}
        if len(sides) < 2:
            raise _config_error("both sides need at least one gem")
        events: list = [ev.EncounterStarted(source, tuple(units))]
        if "initiative" in setup:       # an order given, not rolled: no dice, no tie-breaks
            events += set_initiative(state, setup["initiative"])
        else:
            events += roll_initiative(state, rng)
        state.turn = 0
        events += start_turn(state, rng)
        return state, events

    def _unit_specs(self, c: Content, setup: dict[str, Any], board: Board,
                    map_name: str | None, names: list[str]) -> list:
        """The set-up's gems: listed one by one, the map's own spawns, or two teams at the
        spawns (the map's first two by default), whose names go to `names`."""
        if setup.get("units"):
            units = setup["units"]
            if not isinstance(units, list) or not all(isinstance(u, dict) for u in units):
                raise _config_error("units must be a list of tables such as {id = \"a\", "
                                    "sheet = \"garnet\", side = 0, x = 1, y = 1}")
            return list(units)
        spawns = _spawns(board)
        teams = setup.get("teams")
        if not teams:
            if spawns and all(o.properties.get("sheet") for s in spawns.values() for o in s):
                out = []
                for side, objs in sorted(spawns.items()):
                    for n, o in enumerate(objs):
                        spec = {"id": f"{o.properties['sheet']}_{side}_{n}",
                                "sheet": o.properties["sheet"], "side": side,
                                "x": o.x, "y": o.y, "_spawn": True}
                        if isinstance(o.properties.get("size"), int):
                            spec["overrides"] = {"size": o.properties["size"]}
                        out.append(spec)
                return out
            suits = teams_for_map(map_name, c)
            if len(suits) < 2:
                raise _config_error("no units given and fewer than two teams suit this map")
            teams = suits[:2]
        if not isinstance(teams, list) or len(teams) != 2:
            raise _config_error("teams must list two team ids")
        out = []
        for side, tid in enumerate(teams):
            team = c.teams.get(str(tid))
            if team is None:
                raise _config_error(f"unknown team {tid!r} (known: "
                                    f"{', '.join(sorted(c.teams))})")
            names.append(str(team["name"]))
            places = spawns.get(side, [])
            if len(places) < len(team["members"]):
                raise _config_error(f"team {tid!r} has {len(team['members'])} gems but the map "
                                    f"has {len(places)} spawns for side {side}")
            for n, sheet in enumerate(team["members"]):
                o = places[n]
                out.append({"id": f"{sheet}_{side}_{n}", "sheet": sheet, "side": side,
                            "x": o.x, "y": o.y, "_spawn": True})
        return out

    # --- playing -----------------------------------------------------------------------------
    def legal_actions(self, state: GemsState) -> list:
        if state.known_legal is not None:
            return list(state.known_legal)     # a bot's copy of a position it was handed
        if state.over:
            return []
        if gm.top(state) is not None:
            return gm.legal(state)          # the game master has no side to give up
        fight = list(combat.legal_actions(state))
        if state.pending or state.ready_open:
            out = fight
        else:
            out = rules.legal_actions(state) + fight + [EndTurn()]
        # the deciding player may always give up; listed last so "the first answer is the
        # default" stays true for every stage
        d = self.decision(state)
        if d is not None and d.seat != gm.seat(state):
            out.append(Concede(d.seat))
        return out

    def legal_part(self, state: GemsState, kind: type) -> list | None:
        """The parts of `legal_actions` by kind: the combat actions (listed the same in every
        branch), EndTurn, and the movement parts of rules.legal_part; None for the rest."""
        if state.known_legal is not None or state.over or gm.top(state) is not None:
            return None
        if kind in COMBAT_ACTIONS:
            return list(combat.legal_actions(state))
        if state.pending or state.ready_open:
            return None
        if kind is EndTurn:
            return [EndTurn()]
        return rules.legal_part(state, kind)

    def validate(self, state: GemsState, action: Any) -> str | None:
        if state.over:
            return "the encounter is over"
        if isinstance(action, Concede):
            why = refuse_concede(action, self.decision(state))
            if why is not None:
                return why
            if action.seat == gm.seat(state):
                return "the game master has no side to concede"
            return None
        if isinstance(action, A.Rule):
            return gm.validate(state, action)
        if isinstance(action, COMBAT_ACTIONS):
            return combat.validate(state, action)
        if state.pending:
            p = stages.top(state.pending)
            return f"waiting for an answer first ({p.stage.replace('_', ' ')})"
        if state.ready_open:
            return "finish the Ready Action first (assign arms and strike)"
        if isinstance(action, EndTurn):
            return None
        return rules.validate(state, action)

    def apply(self, state: GemsState, action: Any, rng: Rng) -> list:
        state.known_legal = None        # the position changes: the list no longer holds
        if isinstance(action, Concede):
            state.over = True
            state.winner = 1 - action.seat
            stages.clear(state.pending)
            return [MatchEnded(state.winner, f"{state.side_name(action.seat)} conceded")]
        if isinstance(action, COMBAT_ACTIONS):
            events = list(combat.apply(state, action, rng))
        elif isinstance(action, A.Rule):
            events = gm.answer(state, action, rng)      # GEM-GM-37
        elif isinstance(action, EndTurn):
            events = end_turn(state, rng)
        else:
            events = rules.apply(state, action, rng)
        events += check_end(state)
        # a gem that poofed on her own turn (a fall, say) cannot go on acting
        if not state.over and not state.pending and not state.ready_open:
            uid = state.acting
            if uid is not None and not state.units[uid].formed:
                events += end_turn(state, rng)
                events += check_end(state)
        return events

    def decision(self, state: GemsState) -> Decision | None:
        if state.over:
            return None
        if state.pending:
            p = stages.top(state.pending)
            actor = state.units[p.actor].name if p.actor in state.units else (p.actor or "")
            if p.stage == gm.STAGE and p.data.get("prompt"):
                return Decision(p.seat, p.stage, p.actor, str(p.data["prompt"]))
            prompt = _STAGE_PROMPTS.get(p.stage, p.stage.replace("_", " ")).format(actor=actor)
            return Decision(p.seat, p.stage, p.actor, prompt)
        uid = state.acting
        if uid is None:
            return None
        u = state.units[uid]
        if state.ready_open:
            return Decision(u.side, "act", uid, f"{u.name}'s Ready Action: assign arms, then strike")
        plural = "s" if state.slots != 1 else ""
        return Decision(u.side, "act", uid, f"{u.name}'s turn: {state.slots} Action Slot{plural} left")

    def winner(self, state: GemsState) -> int | None:
        return state.winner if state.over else None

    def is_over(self, state: GemsState) -> bool:
        return state.over

    def view(self, state: GemsState, seat: int) -> GemsState:
        """Gems hides nothing: every seat sees the whole state (treat it as read-only)."""
        return state

    # --- saving ------------------------------------------------------------------------------
    # state_to_json is SystemBase's: the state's to_json() with state_version added
    def state_from_json(self, data: dict) -> GemsState:
        with self.reading_save():
            return _state_from_json(upgrade_items(data))

    def upgrade_saved_state(self, data: Any) -> Any:
        return upgrade_items(data)

    def progress(self, state: GemsState) -> str:
        return f"Round {state.round}"

    def side_of(self, state: GemsState, who: str) -> int | None:
        u = state.units.get(who)
        return u.side if u is not None else None

    def check_build(self, kind: str, table: dict[str, Any], setup: dict[str, Any]
                    ) -> dict[str, Any]:
        """The gems builder (GEM-03, GEM-GM-11): `sheet` is a sheet as in sheets.toml, priced
        and checked against the set-up's content (its `costs` may change the prices); the
        figures are its total `pp`, the `cpr_pp` part of it and the `budget`."""
        if kind != "sheet":
            raise _config_error(f"the gems builder builds a sheet, not {kind!r}")
        c = content_with((setup or {}).get("content") or None)
        s = as_table(entry(SheetEntry, "build sheet", table, ContentError))
        pp = check_sheet("build sheet", s, c)
        return {"pp": pp, "cpr_pp": cpr_cost(0, s["cpr"], c.costs["cpr_rank"]),
                "budget": c.costs["budget"]}

    # --- checks ------------------------------------------------------------------------------
    def check_invariants(self, state: GemsState) -> list[str]:
        return check_invariants(state)

    def example_config(self, seed: int) -> MatchConfig:
        return example_match(self.id, seed, ("gems_riverbend.tmx", "gems_quarry.tmx"),
                             teams_for_map, example_setup)

    def check_map(self, board: Board) -> list:
        return check_map(board)

    def load_bots(self) -> None:
        """Importing ai.py registers this system's bots (kept out of start-up)."""
        from . import ai  # noqa: F401

    def scenario_start(self, state: GemsState, shortcuts: dict[str, Any], rng: Rng) -> list:
        return scenario_shortcuts(state, shortcuts, rng)


def _check_seats(config: MatchConfig, house: dict[str, Any]) -> None:
    """One seat per side, plus a human game master with the gm_seat house rule (GEM-GM-37)."""
    seats = list(config.seats or [])
    want = gm.seats_needed(house)
    if len(seats) != want:
        if want > 2:
            raise _config_error(f"with a game master the match needs {want} seats (one per side "
                                f"and the game master last), but {len(seats)} are given")
        raise _config_error(f"the match needs {want} seats (one per side), but {len(seats)} are "
                            f"given; a third seat needs the game-master house rule (gm_seat)")
    if want > 2 and getattr(seats[-1], "kind", "human") != "human":
        raise _config_error("the game-master seat (the last seat) must be human")


def example_setup() -> dict[str, Any]:
    """A small inline battlefield: a river with a current, a ledge, rocks and two teams."""
    return {
        "grid": {
            "rows": ["..........",
                     "...##.....",
                     "..........",
                     "~~~~~~~~~~",
                     "~~~~~~~~~~",
                     "~~~~~~~~~~",
                     "..........",
                     ".....##...",
                     ".........."],
            "legend": {".": {}, "#": {"solid": True},
                       "~": {"water": True, "current_dir": "E", "water_penalty": 3,
                             "current_threshold": 12}},
            "elevation": ["2221100000",
                          "2220000000",
                          "1110000000",
                          "0000000000",
                          "0000000000",
                          "0000000000",
                          "0000000111",
                          "0000000122",
                          "0000000123"],
        },
        "units": [
            {"id": "garnet", "sheet": "garnet", "side": 0, "x": 1, "y": 0},
            {"id": "jasper", "sheet": "jasper", "side": 0, "x": 3, "y": 2},
            {"id": "iolite", "sheet": "iolite", "side": 0, "x": 0, "y": 2},
            {"id": "onyx", "sheet": "onyx", "side": 1, "x": 7, "y": 7},
            {"id": "beryl", "sheet": "beryl", "side": 1, "x": 5, "y": 8},
            {"id": "larimar", "sheet": "larimar", "side": 1, "x": 8, "y": 6},
        ],
        "items": [
            {"id": "rock1", "kind": "rock", "x": 4, "y": 2},
            {"id": "crate1", "kind": "crate", "x": 6, "y": 6},
        ],
    }


# the fighting fields items carry since they were copied from content at creation
_ITEM_FIGHT_FIELDS = ("range", "projectile", "knockback", "aoe", "melee_range")


def upgrade_items(data: Any) -> Any:
    """Saves written before items carried their own fighting fields (range, projectile,
    knockback, AoE, melee reach) had them in the shipped content only, and played with shipped
    content only: each such item gets its kind's shipped values (the defaults for a gemstone or
    an enhancer). Anything else is returned as it is."""
    items = data.get("items") if isinstance(data, dict) else None
    if not isinstance(items, dict) or all(
            not isinstance(i, dict) or "range" in i for i in items.values()):
        return data
    shipped = content().items
    plain = Item("", "", "", 0, 0)
    upgraded = {}
    for iid, i in items.items():
        if isinstance(i, dict) and "range" not in i:
            entry = shipped.get(i.get("kind"), {})
            i = {**i, **{f: entry.get(f, getattr(plain, f)) for f in _ITEM_FIGHT_FIELDS}}
        upgraded[iid] = i
    return {**data, "items": upgraded}


def _state_from_json(data: dict) -> GemsState:
    if not isinstance(data, dict):
        raise ValueError("state must be an object")
    version = data.get("version", STATE_VERSION)
    if version != STATE_VERSION:
        raise ValueError(f"unknown gems state version {version}")
    units = {}
    for uid, u in data["units"].items():
        fields = dict(u)
        fields["arms"] = [Arm(**a) for a in fields.get("arms", [])]
        units[uid] = Unit(**fields)
    items = {iid: Item(**i) for iid, i in data["items"].items()}
    plans = [AttackPlan(p["arm"], tuple(p["target"]), p["mode"]) for p in data.get("plans", [])]
    pending = stack_from_json(data.get("pending", []))
    grid = data.get("grid")
    source = data.get("map_source", "inline")
    board, _ = build_board(None if grid is not None else source, grid)
    fields = {k: v for k, v in data.items()
              if k not in ("units", "items", "plans", "pending", "version", "board")}
    state = GemsState(units=units, items=items, plans=plans, pending=pending, board=board,
                      **{k: v for k, v in fields.items()})
    state.order = list(state.order)
    state.content_set = content_with(state.content)   # a damaged table is refused here, by name
    return state


def check_invariants(state: GemsState) -> list[str]:
    """Everything that must hold between actions; an empty list when the state is sound."""
    problems: list[str] = []
    b = state.board
    if b is None:
        return ["the board is missing"]
    if not 0 <= state.slots <= 2:
        problems.append(f"Action Slots {state.slots} outside 0..2")
    if state.order and not 0 <= state.turn < len(state.order):
        problems.append(f"turn index {state.turn} outside the order")
    if sorted(state.order) != sorted(u for u in state.units):
        problems.append("initiative order does not list every unit exactly once")
    for u in state.units.values():
        if u.hp > u.max_hp:
            problems.append(f"{u.id}: HP {u.hp} above maximum {u.max_hp}")
        if u.formed and u.hp <= 0:
            problems.append(f"{u.id}: HP {u.hp} but still formed")
        if u.formed:
            for dx in range(u.size):
                for dy in range(u.size):
                    if not b.in_bounds(u.x + dx, u.y + dy):
                        problems.append(f"{u.id}: covers ({u.x + dx}, {u.y + dy}) off the map")
        if u.poofed and not any(i.gem == u.id for i in state.items.values()) and not u.shattered:
            problems.append(f"{u.id}: poofed but no gemstone item stands for her")
        held_in: dict[str, int] = {}
        for n, arm in enumerate(u.arms):
            if arm.holding is not None:
                it = state.items.get(arm.holding)
                if it is None:
                    problems.append(f"{u.id}: arm {n} holds unknown item {arm.holding!r}")
                elif it.held_by != u.id:
                    problems.append(f"{u.id}: arm {n} holds {arm.holding!r}, not held by her")
                if arm.holding in held_in:
                    problems.append(f"{u.id}: arms {held_in[arm.holding]} and {n} both hold "
                                    f"{arm.holding!r}")
                held_in.setdefault(arm.holding, n)
                if arm.disarmed:
                    problems.append(f"{u.id}: disarmed arm {n} still holds {arm.holding!r}")
        if u.carrying is not None:
            if u.carrying in state.units:
                if state.units[u.carrying].carried_by != u.id:
                    problems.append(f"{u.id}: carries {u.carrying} who does not know it")
            elif u.carrying in state.items:
                if state.items[u.carrying].held_by != u.id:
                    problems.append(f"{u.id}: carries {u.carrying} held by someone else")
            else:
                problems.append(f"{u.id}: carries unknown {u.carrying!r}")
        if u.carried_by is not None and (u.carried_by not in state.units
                                         or state.units[u.carried_by].carrying != u.id):
            problems.append(f"{u.id}: carried by {u.carried_by!r} who is not carrying her")
    for iid, it in state.items.items():
        if it.id != iid:
            problems.append(f"item filed as {iid!r} calls itself {it.id!r}")
        if iid in state.units:
            problems.append(f"item id {iid!r} is also a unit id")
        if it.held_by is not None:
            holder = state.units.get(it.held_by)
            if holder is None or (it.id not in holder.held_objects() and holder.carrying != it.id):
                problems.append(f"{it.id}: held by {it.held_by!r} but in none of her arms")
        elif not b.in_bounds(it.x, it.y):
            problems.append(f"{it.id}: lies off the map at ({it.x}, {it.y})")
    for p in state.pending:
        if p.stage == gm.STAGE and (p.seat != gm.seat(state) or not p.data.get("choices")):
            problems.append(f"a game-master call for {p.data.get('rule')!r} is not put to a "
                            f"game-master seat with choices (GEM-GM-37)")
    for (x, y), here in occupancy_index(state).items():
        if len(here) > TILE_CAPACITY:
            problems.append(f"tile ({x}, {y}) holds {len(here)} (more than {TILE_CAPACITY})")
    return problems


GEMS = GemsSystem()


def scenario_shortcuts(state: GemsState, shortcuts: dict[str, Any], rng: Rng) -> list:
    """A scenario's [start] shortcuts for gems, on a match already set up. `initiative` is
    taken by the set-up itself (setup_shortcuts); given here, on a match whose first
    turn has begun, it is refused rather than played over that turn."""
    if shortcuts:
        raise ConfigError(f"[start] {sorted(shortcuts)[0]!r}: gems has no such shortcut (it "
                          f"knows: initiative)")
    return []

"""The RPGStuck rule system object: what Match calls (the RuleSystem protocol, game.engine.rules).

Owns: set-up from a MatchConfig (the board from a Tiled map or an inline grid through
tactics.boardbuild; creatures from content at the map's spawns by party and encounter, or listed
one by one; initiative, B-17), the dispatch to rules.py, decisions, the redacted view, JSON of
the state (the board is rebuilt, never saved), invariants, the example match, and the small
hooks the client and tools read (teams, sides, progress).

Must not: implement a rule itself beyond routing; import pygame, the client, the registry or
another system; use `random`.
"""
from __future__ import annotations

import copy
from typing import Any

from game.engine.boards import Board, BoardError
from game.engine.decisions import Decision
from game.engine.rng import Rng
from game.engine.rules import ConfigError, HouseRule, MatchConfig, Refusal, SystemBase
from game.engine.tactics import redact, turnhooks
from game.engine.tactics.boardbuild import build_board, example_match, grid_rows, rows_board

from . import arith, carried, mount, rules, terrain, turns
from .content import ContentError, with_inline
from .events import InitiativeSettled
from .house import DEFAULTS, HOUSE_RULES
from .mapcheck import check_cells, check_map
from .profiles import creature_from
from .reference import reference_entries
from .state import Creature, RpgState, Turn

SYSTEM_ID = "rpgstuck"
STATE_VERSION = 1
MAPS = ("rpgstuck_crypt.tmx", "rpgstuck_ravine.tmx")
_SETUP_KEYS = {"grid", "creatures", "teams", "content", "initiative", "carried"}

# the inline grid's characters, unless the set-up gives its own legend: terrain.py's (B-24)
DEFAULT_LEGEND: dict[str, dict[str, Any]] = terrain.LEGEND
_STAGE_PROMPTS = {rules.attack.BLOCK_STAGE: "{actor} is attacked: Block?",
                  rules.grapple.RESIST_STAGE: "{actor} is grabbed: resist with which skill?",
                  rules.flight.HOLD_STAGE: "{actor} holds a falling creature: let go, fall "
                                           "with it, or hold it up?",
                  rules.opportunity.STAGE: "{actor} sees an enemy leave its reach: attack?",
                  rules.opportunity.WALK_STAGE: "{actor} walks on"}


def _config_error(msg: str) -> ConfigError:
    return ConfigError(f"rpgstuck set-up: {msg}")


def grid_board(grid: dict[str, Any]) -> Board:
    rows = grid_rows(grid, ("rows", "legend", "objects"), _config_error, need_rows=True)
    legend = {**DEFAULT_LEGEND, **{str(k): dict(v) for k, v in (grid.get("legend") or {}).items()}}
    board = rows_board(rows, legend, None, [], _config_error)
    # the same square checks a Tiled map gets, so a typo in a legend is refused here
    problems = check_cells(board)
    if problems:
        raise _config_error("; ".join(str(p) for p in problems[:3]))
    return board


def _crowds(c: Creature, other: Creature) -> bool:
    """A creature still in the fight (up or unconscious) takes its squares."""
    return other.status in ("up", "unconscious")


def board_of(map_name: str | None, grid: dict[str, Any] | None) -> Board:
    return build_board(map_name, grid, orientation="orthogonal", from_grid=grid_board,
                       error=_config_error, missing="needs a map or an inline grid (setup.grid)",
                       wrong_shape="{path}: rpgstuck plays on square maps, not {orientation}",
                       check=check_map)[0]   # what check-map runs: a failing map never starts


def _teams(cont: Any, map_name: str | None) -> list[tuple[str, str]]:
    """Parties (side 0 on any map) and the encounters drawn for this map (side 1)."""
    base = str(map_name or "").replace("\\", "/").rsplit("/", 1)[-1].removesuffix(".tmx")
    out = [(pid, p.name) for pid, p in cont.parties.items()]
    out += [(eid, e.name) for eid, e in cont.encounters.items() if e.map == base]
    return out


class RpgStuck(SystemBase):
    id = SYSTEM_ID
    name = "RPGStuck"
    description = ("d20 strife on square maps: attacks against defences, die-size ladders, Aim "
                   "and Block dice, cover, darkness and hiding.")
    house_rules: tuple[HouseRule, ...] = HOUSE_RULES
    seat_count = (2, 2)
    state_version = STATE_VERSION
    config_derived_state = ("sides",)              # the sides' names (saves before them: none)
    setup_shortcuts = ("initiative",)

    # --- set-up --------------------------------------------------------------------------------
    def setup(self, config: MatchConfig, rng: Rng) -> tuple[RpgState, list]:
        setup = dict(config.setup or {})
        unknown = set(setup) - _SETUP_KEYS
        if unknown:
            raise _config_error(f"unknown setup key {sorted(unknown)[0]!r}")
        inline = setup.get("content") or None
        cont = with_inline(inline)
        grid = setup.get("grid")
        board = board_of(config.map, grid)
        house = dict(DEFAULTS)
        house.update(config.house_rules or {})
        saddles: list[tuple[str, str]] = []
        names: list[str] = []
        creatures = self._creatures(cont, setup, board, config.map, saddles, names)
        if "carried" in setup:                      # a strife series' next battle
            carried.apply_carried(creatures, setup["carried"])
            saddles = [(r, m) for r, m in saddles if r in creatures and m in creatures]
        state = RpgState(creatures, list(creatures), house, Turn(""), map=config.map,
                         grid=copy.deepcopy(grid), content=copy.deepcopy(inline), board=board,
                         sides=names)
        turnhooks.check_placement(board, creatures, _crowds, _config_error)
        events: list = []
        order = turnhooks.given_initiative(setup, creatures, _config_error)
        if order is not None:
            state.order = order
            events.append(InitiativeSettled(tuple(order), tuple(0 for _ in order), 0))
        else:
            events += turns.roll_initiative(state, rng)
        mount.saddle(state, saddles)                # RS-125/131: riders that start mounted
        events += arith.update_sight(state)
        events += turns.start_turn(state, rng)
        return state, events

    def _creatures(self, cont: Any, setup: dict[str, Any], board: Board,
                   map_name: str | None, saddles: list[tuple[str, str]] | None = None,
                   names: list[str] | None = None) -> dict[str, Creature]:
        """The set-up's creatures: listed one by one, or the two ready-made sides (`teams`, the
        map's first party and encounter by default), whose names go to `names` and whose
        riders to `saddles`."""
        out: dict[str, Creature] = {}
        specs = setup.get("creatures")
        if specs:
            if not isinstance(specs, list) or not all(isinstance(s, dict) for s in specs):
                raise _config_error("creatures must be a list of tables such as {id = \"a\", "
                                    "entry = \"knight\", side = 0, x = 1, y = 1}")
            for s in specs:
                extra = set(s) - {"id", "entry", "side", "x", "y", "overrides"}
                if extra:
                    raise _config_error(f"creature {s.get('id')!r}: unknown key "
                                        f"{sorted(extra)[0]!r}")
                try:
                    cid, eid = str(s["id"]), str(s["entry"])
                    side, x, y = int(s["side"]), int(s["x"]), int(s["y"])
                except (KeyError, TypeError, ValueError):
                    raise _config_error(f"creature {s!r} needs id, entry, side, x and y") from None
                self._add(cont, out, cid, eid, side, x, y, dict(s.get("overrides") or {}))
            return out
        try:
            spawns = board.spawns_by_side()
        except BoardError as exc:
            raise _config_error(str(exc)) from None
        teams = setup.get("teams")
        if not teams:
            suits = _teams(cont, map_name)
            parties = [t for t, _ in suits if t in cont.parties]
            encounters = [t for t, _ in suits if t in cont.encounters]
            if not parties or not encounters:
                raise _config_error("no creatures given, and no party and encounter suit this map")
            teams = [parties[0], encounters[0]]
        if not isinstance(teams, list) or len(teams) != 2:
            raise _config_error("teams must list two ids (a party, then a party or encounter)")
        for side, tid in enumerate(teams):
            places = {int(o.properties.get("slot", i)): o
                      for i, o in enumerate(spawns.get(side, []))}
            if names is not None and (tid in cont.parties or tid in cont.encounters):
                names.append((cont.parties.get(tid) or cont.encounters[tid]).name)
            if tid in cont.parties:
                members = list(enumerate(cont.parties[tid].members))
                ids = {eid: f"{eid}_{side}_{slot}" for slot, eid in members}
                if saddles is not None:                 # a party's riders (RS-125)
                    saddles += [(ids[r], ids[m]) for r, m in cont.parties[tid].mounted.items()]
            elif tid in cont.encounters:
                members = [(sp.slot, sp.creature) for sp in cont.encounters[tid].monsters]
            else:
                raise _config_error(f"unknown party or encounter {tid!r}")
            for slot, eid in members:
                if slot not in places:
                    raise _config_error(f"{tid!r} needs spawn slot {slot} on side {side}")
                o = places[slot]
                self._add(cont, out, f"{eid}_{side}_{slot}", eid, side, o.x, o.y, {})
        return out

    def _add(self, cont: Any, out: dict[str, Creature], cid: str, eid: str, side: int, x: int,
             y: int, overrides: dict[str, Any]) -> None:
        if cid in out:
            raise _config_error(f"two creatures share the id {cid!r}")
        if side not in (0, 1):
            raise _config_error(f"creature {cid!r}: side must be 0 or 1")
        entry = cont.creatures.get(eid)
        if entry is None:
            raise _config_error(f"creature {cid!r}: unknown entry {eid!r}")
        known = {"hp", "max_hp", "temp_hp", "speed", "fly", "altitude", "ac", "reflex", "will",
                 "name"}
        bad = set(overrides) - known
        if bad:
            raise _config_error(f"creature {cid!r}: unknown override {sorted(bad)[0]!r}")
        c = out[cid] = creature_from(cont, entry, cid, side, x, y, overrides)
        if c.altitude < 0 or c.altitude % 5 or (c.altitude and not c.fly):
            raise _config_error(f"creature {cid!r}: altitude {c.altitude} must be 0, or a "
                                f"multiple of 5 ft for a creature that flies (B-25)")

    # --- playing ---------------------------------------------------------------------------------
    def legal_actions(self, state: RpgState) -> list:
        return rules.legal_actions(state)

    def validate(self, state: RpgState, action: Any) -> Refusal | None:
        return rules.validate(state, action)

    def apply(self, state: RpgState, action: Any, rng: Rng) -> list:
        # SystemBase.apply is handed a validated action (Match.submit checks it against the
        # position's legal list first): listing the position again inside was a fifth of a
        # random game's time and a listing in every frame that applies a move
        return rules.apply(state, action, rng, checked=True)

    def decision(self, state: RpgState) -> Decision | None:
        return turnhooks.turn_decision(state, _STAGE_PROMPTS)

    def winner(self, state: RpgState) -> int | None:
        return state.winner

    def is_over(self, state: RpgState) -> bool:
        return state.over

    def view(self, state: RpgState, seat: int) -> RpgState:
        """What `seat` may see (issue #13, hidden information on a map): a copy (bots dry-run on
        it) without the enemies its creatures cannot perceive. Their last known squares stay in
        `last_seen` (the seat's own entry only, like its found secrets). An unseen enemy whose
        turn it is stays in the order (whose turn it is, is no secret) but stands on its last
        known square, or off the board (-1, -1) if it was never seen, and is marked hidden."""
        out = copy.deepcopy(state)
        key = str(seat)
        out.last_seen = {key: out.last_seen.get(key, {})}
        out.secrets = {key: out.secrets.get(key, {})}
        acting = None if state.over else state.acting.id
        unseen = [c.id for c in state.creatures.values()
                  if c.side != seat and c.status in ("up", "unconscious")
                  and not arith.side_sees(state, seat, c)]
        redact.drop_unseen(out, unseen, acting, out.last_seen[key])
        return out

    def state_from_json(self, data: dict) -> RpgState:
        with self.reading_save():
            return turnhooks.state_from_save(data, RpgState, board_of)

    def progress(self, state: RpgState) -> str:
        return f"Round {state.round}"

    def side_of(self, state: RpgState, who: str) -> int | None:
        return turnhooks.side_of(state.creatures, who)

    def teams_for_map(self, map_path: str) -> list[tuple[str, str]]:
        return _teams(with_inline(None), map_path)

    def check_invariants(self, state: RpgState) -> list[str]:
        problems: list[str] = []
        taken: dict[tuple[int, int], str] = {}
        for c in state.creatures.values():
            if c.status not in ("up", "unconscious"):
                continue
            problems += turnhooks.standing_problems(                   # RS-125: on its mount
                state.board, c.id, [] if c.has("mounted") else c.cells(), taken)
            if not 0 <= c.hp <= c.max_hp or c.temp_hp < 0:
                problems.append(f"{c.id} has {c.hp}/{c.max_hp} HP, {c.temp_hp} temp")
            if (c.hp == 0) == c.up:
                problems.append(f"{c.id} is {c.status} at {c.hp} HP")
            if c.altitude < 0 or c.altitude % 5:
                problems.append(f"{c.id} is {c.altitude} ft up, not a 5 ft step (B-25)")
            if c.aloft and not c.fly and not any(
                    k.id == "grappled" and state.creatures[k.source].aloft for k in c.conditions):
                problems.append(f"{c.id} is {c.altitude} ft up with no wings and no flier "
                                f"holding it (B-25)")
        if not state.over:
            if not state.acting.up:
                problems.append(f"{state.acting.id} acts while {state.acting.status}")
            if state.turn.actor != state.acting.id:
                problems.append("the turn record names another creature")
        elif state.pending:
            problems.append("the battle is over but a stage is pending")
        return problems

    def example_config(self, seed: int) -> MatchConfig:
        return example_match(self.id, seed, MAPS, self._first_teams, example_setup)

    def default_teams(self, map_path: str, seats: int) -> list[str]:
        """A new match's seats: the first party against the map's first encounter (a second
        party of heroes is there to pick, not to meet first)."""
        first = self._first_teams(map_path)
        return [first[min(i, len(first) - 1)] for i in range(seats)] if first else []

    def _first_teams(self, map_name: str) -> list[str]:
        """The first party and the first encounter drawn for the map."""
        cont = with_inline(None)
        teams = [t for t, _ in self.teams_for_map(map_name)]
        parties = [t for t in teams if t in cont.parties]
        encounters = [t for t in teams if t in cont.encounters]
        return parties[:1] + encounters[:1]

    def check_map(self, board: Board) -> list:
        return check_map(board)

    def load_bots(self) -> None:
        from . import ai  # noqa: F401  (its import registers the bots)

    def reference_entries(self) -> list:
        return reference_entries()

    # --- a strife series (issue #13; carried.py) ------------------------------------------------
    offers_series = True

    def elapsed_seconds(self, state: RpgState) -> int:
        return state.round * carried.ROUND_SECONDS               # B-18: a round is 6 s

    def carry_out(self, state: RpgState, side: int, series: Any) -> dict:
        return carried.carry_out(state, side, series.carried, series.clock)

    def carry_in(self, config: MatchConfig, data: dict) -> MatchConfig:
        return carried.carry_in(config, data)

    def rest_options(self, data: dict, series: Any) -> list:
        return carried.rest_options(data, series)

    def rest(self, data: dict, kind: str, rng: Rng, choices: dict[str, Any], series: Any
             ) -> Any:
        return carried.rest(data, kind, rng, choices, series)


def example_setup() -> dict[str, Any]:
    """A small inline battlefield for when the maps are missing: a Knight and a Scout against
    two imps, with pillars and half cover between them."""
    return {
        "grid": {"rows": ["............",
                          "............",
                          "....#...h...",
                          "....#.......",
                          "........#...",
                          "...h....#...",
                          "............",
                          "............"]},
        "creatures": [
            {"id": "knight", "entry": "knight", "side": 0, "x": 1, "y": 3},
            {"id": "scout", "entry": "scout", "side": 0, "x": 1, "y": 5},
            {"id": "imp_a", "entry": "imp", "side": 1, "x": 10, "y": 2},
            {"id": "imp_b", "entry": "imp", "side": 1, "x": 10, "y": 5},
        ],
    }


RPGSTUCK = RpgStuck()

__all__ = ["RPGSTUCK", "RpgStuck", "ContentError"]

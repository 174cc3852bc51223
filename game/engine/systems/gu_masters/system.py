"""The Gu Masters rule system object: what Match calls (the RuleSystem protocol, game.engine.rules).

Owns: set-up from a MatchConfig (the board from a Tiled map or an inline grid through
tactics.boardbuild; creatures from content at given squares or the map's spawns; who is a PC
from the seats, GU-GM-02; initiative through turns.py), the dispatch to rules.py, decisions, the
view, JSON of the state (the board is rebuilt, never saved), invariants, the example match, and
the small hooks the client and tools read (sides, progress).

Must not: implement a rule itself beyond routing; import pygame, the client, the registry or
another system; use `random`.
"""
from __future__ import annotations

import copy
from typing import Any

from game.engine.boards import Board, BoardError
from game.engine.decisions import Decision
from game.engine.rng import Rng
from game.engine.rules import ConfigError, HouseRule, MatchConfig, Refusal, SeatConfig, SystemBase
from game.engine.tactics import turnhooks
from game.engine.tactics.boardbuild import build_board, grid_rows, rows_board

from . import content as C
from . import rules, turns, view
from .events import InitiativeSettled
from .house import DEFAULTS, HOUSE_RULES
from .mapcheck import check_map
from .reference import reference_entries
from .state import SIZES, Creature, GuState, Status, Turn

SYSTEM_ID = "gu_masters"
STATE_VERSION = 1
_SETUP_KEYS = {"grid", "creatures", "initiative", "teams"}
_CREATURE_KEYS = {"id", "entry", "side", "x", "y", "surprised", "overrides"}
_OVERRIDES = {"hp", "max_hp", "essence", "soul", "movement", "altitude", "stones", "name",
              "weapons", "gu", "skills", "attrs", "statuses", "sustained"}

# the inline grid's characters (until terrain.py (G3) lands and owns the legend); digits are
# the floor's height in metres; a set-up's own legend adds more (e.g. climbable faces)
LEGEND: dict[str, dict[str, Any]] = {
    ".": {}, "#": {"wall": True}, "~": {"terrain": "water"}, ",": {"terrain": "difficult"},
    "p": {"cover": "partial"}, "F": {"cover": "full"}, "h": {"hide": True},
    **{str(d): {"elevation_m": d} for d in range(1, 10)},
}
_STAGE_PROMPTS = {
    turns.INIT_STAGE: "Tied initiative: who of them acts first?",
    rules.reactions.REACT_STAGE: "{actor} is hit: dodge, parry, shield or take it?",
    rules.reactions.DODGE_STAGE: "{actor} dodged: where does it step?",
    rules.maneuvers.AFTER_DIVE: "{actor} ends its dive: strike once, or not?",
    rules.maneuvers.DIVE_FINISH: "{actor} ends its dive: land or rise 1 m?",
    rules.reactions.COUNTER_STAGE: "{actor} parried: strike back?",
    rules.reactions.OPPORTUNITY_STAGE: "{actor}: an enemy left its reach: strike at it?",
    rules.areagu.AREA_STAGE: "{actor} is caught in an area: dodge out, shield or take it?",
    rules.areagu.AREA_STEP: "{actor} got out: where does it step?",
    rules.ticks.EFFECTS_STAGE: "{actor}'s turn starts: which of its effects resolves first?",
    rules.maneuvers.DRIFT_STAGE: "{actor} is knocked into the air: where does it glide?",
    rules.holding.HOLD_STAGE: "{actor}'s held action is set off: fire it, or let it pass?",
}


def _config_error(msg: str) -> ConfigError:
    return ConfigError(f"gu_masters set-up: {msg}")


def grid_board(grid: dict[str, Any]) -> Board:
    rows = grid_rows(grid, ("rows", "legend"), _config_error, need_rows=True)
    legend = {**LEGEND, **{str(k): dict(v) for k, v in (grid.get("legend") or {}).items()}}
    return rows_board(rows, legend, None, [], _config_error)


def _crowds(c: Creature, other: Creature) -> bool:
    """Two creatures may not start on one square unless one of them is Tiny."""
    return c.size_class != "Tiny" and other.size_class != "Tiny"


def board_of(map_name: str | None, grid: dict[str, Any] | None) -> Board:
    return build_board(map_name, grid, orientation="orthogonal", from_grid=grid_board,
                       error=_config_error, missing="needs a map or an inline grid (setup.grid)",
                       wrong_shape="{path}: gu_masters plays on square maps, not {orientation}",
                       check=check_map)[0]   # what check-map runs: a failing map never starts


def _display(key: str) -> str:
    """content.py's snake_case names as a creature's record keys them ("close_combat" ->
    "Close Combat", "strength" -> "Strength")."""
    return " ".join(w.capitalize() for w in key.split("_"))


def creature_from(entry_id: str, cid: str, side: int, x: int, y: int, pc: bool,
                  overrides: dict[str, Any]) -> Creature:
    e = C.content().creatures.get(entry_id)
    if e is None:
        raise _config_error(f"creature {cid!r}: unknown entry {entry_id!r}")
    bad = set(overrides) - _OVERRIDES
    if bad:
        raise _config_error(f"creature {cid!r}: unknown override {sorted(bad)[0]!r}")
    size = e.size.capitalize()
    if size not in SIZES:
        raise _config_error(f"creature {cid!r}: unknown size {size!r}")
    o = overrides
    skills = {_display(k): e.skills.get(k, 0) for k in C.SKILLS}
    attrs = {_display(k): v for k, v in e.attributes.items()}
    hp = int(o.get("max_hp", C.max_hp(e)))
    soul, essence = C.max_soul(e), C.essence_max(e)
    c = Creature(cid, str(o.get("name", e.name)), entry_id, side, x, y, size, pc,
                 {**skills, **o.get("skills", {})}, {**attrs, **o.get("attrs", {})},
                 int(o.get("hp", hp)), hp, int(o.get("soul", soul)), soul,
                 int(o.get("essence", essence)), essence, C.essence_regen(e),
                 int(o.get("movement", C.movement(e))), e.weight_kg, e.arms,
                 list(o.get("weapons", e.weapons)), list(o.get("gu", e.gu)),
                 int(o.get("stones", e.primeval_stones)), list(e.unarmed),
                 altitude=int(o.get("altitude", 0)))
    for w in c.weapons:
        if w not in C.content().weapons:
            raise _config_error(f"creature {cid!r}: unknown weapon {w!r}")
    # statuses the battle starts with (a scenario's Prone or Bleeding 2): id, and optionally
    # value, turns (-1: until removed), source and rank
    for st in o.get("statuses", []):
        if not isinstance(st, dict) or "id" not in st:
            raise _config_error(f"creature {cid!r}: a status needs at least an id")
        c.statuses.append(Status(str(st["id"]), int(st.get("value", 0)),
                                 int(st.get("turns", -1)), str(st.get("source", "")),
                                 int(st.get("rank", 0))))
    # a Gu already kept up as the battle starts (wings spread for a battle joined in the air)
    c.sustained = [str(g) for g in o.get("sustained", [])]
    for g in c.sustained:
        if g not in c.gu:
            raise _config_error(f"creature {cid!r}: sustains {g!r}, a Gu it does not carry")
    return c


class GuMasters(SystemBase):
    id = SYSTEM_ID
    name = "Gu Masters"
    description = ("Percentile combat on square maps: degrees of success, two reactions a "
                   "round (dodge, parry, shield Gu), Gu paid in primeval essence, the final "
                   "stand and dying.")
    house_rules: tuple[HouseRule, ...] = HOUSE_RULES
    seat_count = (2, 2)
    state_version = STATE_VERSION
    config_derived_state = ("sides",)              # the sides' names (saves before them: none)
    setup_shortcuts = ("initiative",)

    # --- set-up --------------------------------------------------------------------------------
    def setup(self, config: MatchConfig, rng: Rng) -> tuple[GuState, list]:
        setup = dict(config.setup or {})
        unknown = set(setup) - _SETUP_KEYS
        if unknown:
            raise _config_error(f"unknown setup key {sorted(unknown)[0]!r}")
        grid = setup.get("grid")
        board = board_of(config.map, grid)
        house = dict(DEFAULTS)
        house.update(config.house_rules or {})
        humans = [s.kind == "human" for s in config.seats] + [True, True]
        creatures = self._creatures(setup, board, humans, config.map)
        state = GuState(creatures, list(creatures), house, Turn(""), map=config.map,
                        grid=copy.deepcopy(grid), board=board)
        if not setup.get("creatures") and config.map is not None:
            cont = C.content()
            state.sides = [cont.sides[str(t)].name
                           for t in self._chosen(setup.get("teams"), config.map)[0]]
        turnhooks.check_placement(board, creatures, _crowds, _config_error)
        events: list = []
        order = turnhooks.given_initiative(setup, creatures, _config_error)
        if order is not None:
            state.order = order
            events.append(InitiativeSettled(tuple(order), tuple(0 for _ in order)))
        else:
            events += turns.roll_initiative(state, rng)
        if not state.pending:
            events += turns.start_turn(state, rng)
        return state, events

    def _creatures(self, setup: dict[str, Any], board: Board, humans: list[bool],
                   map_name: str | None = None) -> dict[str, Creature]:
        out: dict[str, Creature] = {}
        specs = setup.get("creatures")
        if not specs and map_name is not None:
            specs = self._side_specs(setup.get("teams"), board, map_name)
        if not specs:
            raise _config_error("no creatures given (setup.creatures), and no map to field "
                                "two sides on")
        if not isinstance(specs, list) or not all(isinstance(s, dict) for s in specs):
            raise _config_error("creatures must be a list of tables such as {id = \"a\", "
                                "entry = \"wolf\", side = 0, x = 1, y = 1}")
        for s in specs:
            extra = set(s) - _CREATURE_KEYS
            if extra:
                raise _config_error(f"creature {s.get('id')!r}: unknown key {sorted(extra)[0]!r}")
            try:
                cid, eid = str(s["id"]), str(s["entry"])
                side, x, y = int(s["side"]), int(s["x"]), int(s["y"])
            except (KeyError, TypeError, ValueError):
                raise _config_error(f"creature {s!r} needs id, entry, side, x and y") from None
            if cid in out:
                raise _config_error(f"two creatures share the id {cid!r}")
            if side not in (0, 1):
                raise _config_error(f"creature {cid!r}: side must be 0 or 1")
            c = creature_from(eid, cid, side, x, y, humans[side], dict(s.get("overrides") or {}))
            c.surprised = bool(s.get("surprised", False))           # GU-GM-03: scenario data
            out[cid] = c
        return out

    @staticmethod
    def _side_specs(teams: Any, board: Board, map_name: str) -> list[dict[str, Any]]:
        """Two ready-made sides (content sides.toml) at the map's spawns, member i of a side on
        that side's spawn slot i: the ones `teams` names, else the map's first encounter (its
        surprised side marked, GU-GM-03), else the first two sides."""
        cont = C.content()
        teams, surprised = GuMasters._chosen(teams, map_name)
        try:
            spawns = board.spawns_by_side()
        except BoardError as exc:
            raise _config_error(str(exc)) from None
        specs: list[dict[str, Any]] = []
        for side, tid in enumerate(teams):
            got = cont.sides.get(str(tid))
            if got is None:
                raise _config_error(f"unknown side {tid!r} (known: {', '.join(cont.sides)})")
            places = {int(o.properties.get("slot", i)): o
                      for i, o in enumerate(spawns.get(side, []))}
            for slot, member in enumerate(got.members):
                if slot not in places:
                    raise _config_error(f"side {tid!r} needs spawn slot {slot} on side {side}")
                spec: dict[str, Any] = {"id": f"{member.creature}_{side}_{slot}",
                                        "entry": member.creature, "side": side,
                                        "x": places[slot].x, "y": places[slot].y}
                if member.name:
                    spec["overrides"] = {"name": member.name}
                if surprised and surprised == tid:
                    spec["surprised"] = True
                specs.append(spec)
        return specs

    @staticmethod
    def _chosen(teams: Any, map_name: str) -> tuple[list[Any], str]:
        """The two side ids that take the field and the surprised one ('' if none): those
        `teams` names, else the map's first encounter, else the first two sides."""
        surprised = ""
        if not teams:
            found = encounters_for(map_name)
            if found:
                teams, surprised = list(found[0].sides), found[0].surprised
            else:
                teams = list(C.content().sides)[:2]
        if not isinstance(teams, list) or len(teams) != 2:
            raise _config_error("teams must list two side ids")
        return teams, surprised

    def teams_for_map(self, map_path: str) -> list[tuple[str, str]]:
        """Every ready-made side may fight on any map; the map's encounters come first."""
        cont = C.content()
        first = [t for e in encounters_for(map_path) for t in e.sides]
        order = list(dict.fromkeys([*first, *cont.sides]))
        return [(t, cont.sides[t].name) for t in order]

    # --- playing ---------------------------------------------------------------------------------
    def legal_actions(self, state: GuState) -> list:
        return rules.legal_actions(state)

    def legal_part(self, state: GuState, kind: type) -> list | None:
        return rules.legal_part(state, kind)

    def validate(self, state: GuState, action: Any) -> Refusal | None:
        return rules.validate(state, action)

    def apply(self, state: GuState, action: Any, rng: Rng) -> list:
        return rules.apply(state, action, rng)

    def decision(self, state: GuState) -> Decision | None:
        return turnhooks.turn_decision(state, _STAGE_PROMPTS)

    def winner(self, state: GuState) -> int | None:
        return state.winner

    def is_over(self, state: GuState) -> bool:
        return state.over

    def view(self, state: GuState, seat: int) -> GuState:
        return view.redacted(state, seat)       # hidden enemies left out (GU-13, view.py)

    def state_from_json(self, data: dict) -> GuState:
        with self.reading_save():
            return turnhooks.state_from_save(data, GuState, board_of)

    def reference_entries(self) -> list:
        """The rules reference's pages made from the content (reference.py)."""
        return reference_entries()

    def progress(self, state: GuState) -> str:
        return f"Round {state.round}"

    def side_of(self, state: GuState, who: str) -> int | None:
        return turnhooks.side_of(state.creatures, who)

    def check_invariants(self, state: GuState) -> list[str]:
        problems: list[str] = []
        taken: dict[tuple[int, int], str] = {}
        for c in state.living():
            room = c.size_class != "Tiny" and rules.grips.holder_of(state, c) is None  # GU-63
            problems += turnhooks.standing_problems(state.board, c.id, c.cells(),
                                                    taken if room else None)
        for c in state.creatures.values():
            if not 0 <= c.hp <= c.max_hp:
                problems.append(f"{c.id} has {c.hp}/{c.max_hp} HP")
            if not 0 <= c.reactions <= 2:
                problems.append(f"{c.id} has {c.reactions} reactions")
            if c.essence < 0 or c.essence > max(c.essence_max, c.essence):
                problems.append(f"{c.id} has {c.essence} essence")
            if c.condition not in ("up", "final_stand", "dying", "dead"):
                problems.append(f"{c.id} is {c.condition!r}")
        if not state.over:
            if not state.pending and not turns.can_act(state.acting):
                problems.append(f"{state.acting.id} acts while {state.acting.condition}")
            if not state.pending and state.turn.actor != state.acting.id:
                problems.append("the turn record names another creature")
        elif state.pending:
            problems.append("the battle is over but a stage is pending")
        return problems

    def example_config(self, seed: int) -> MatchConfig:
        seats = [SeatConfig("human", name="Player 1"), SeatConfig("ai", name="Computer")]
        return MatchConfig(SYSTEM_ID, seed, seats, None, {}, example_setup())

    def check_map(self, board: Board) -> list:
        return check_map(board)

    def load_bots(self) -> None:
        from . import ai  # noqa: F401  (its import registers the bots)


def encounters_for(map_name: str | None) -> list[Any]:
    """The content's encounters drawn for this map (by the map file's base name)."""
    base = str(map_name or "").replace("\\", "/").rsplit("/", 1)[-1].removesuffix(".tmx")
    return [e for e in C.content().encounters.values() if e.map == base]


def example_setup() -> dict[str, Any]:
    """A small inline battlefield for when the maps are missing: two Gu Masters against two
    wolves, with a wall, a pool and rough ground between them."""
    return {
        "grid": {"rows": ["..............",
                          "......,,......",
                          "...#..,,..p...",
                          "...#......p...",
                          "......~~......",
                          "...h..~~...#..",
                          "...........#..",
                          ".............."]},
        "creatures": [
            {"id": "master_a", "entry": "gu_master_r1", "side": 0, "x": 1, "y": 2},
            {"id": "master_b", "entry": "gu_master_r1", "side": 0, "x": 1, "y": 5},
            {"id": "wolf_a", "entry": "wolf", "side": 1, "x": 12, "y": 2},
            {"id": "wolf_b", "entry": "wolf", "side": 1, "x": 12, "y": 5},
        ],
    }


GU_MASTERS = GuMasters()

__all__ = ["GU_MASTERS", "GuMasters"]

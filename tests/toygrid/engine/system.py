"""The toy_grid rule system: the RuleSystem the registry holds, and match set-up.

Owns: `ToyGrid` (set-up from the map's spawns, initiative by tactics.initiative, the decision,
JSON, invariants, the example match) and `TOY_GRID`, the instance registered (by the tests'
fixture; a shipped system is one line in game/engine/systems/__init__.py).

Must not: import the registry or another system.
"""
from __future__ import annotations

from typing import Any

from game.engine.decisions import Decision
from game.engine.dice import roll
from game.engine.events import DiceRolled, TurnStarted
from game.engine.rng import Rng
from game.engine.rules import (ConfigError, MatchConfig, Refusal, SeatConfig, SystemBase,
                               resolve_house_rules)
from game.engine.tactics import initiative, pending
from game.engine.tactics.boardbuild import build_board, grid_rows, rows_board

from . import rules
from .content import SETS
from .house import HOUSE
from .mapcheck import SYSTEM_ID, check_map
from .state import ToyGridState, Unit

SIDES = ("red", "blue")
# the example match names its map relative to the maps folder (game.paths.resolve_map), so a
# save or a stored playthrough reads the same on every checkout; a shipped system's maps are in
# maps/ and are named plainly ("toy_field.tmx")
MAP_NAME = "../tests/toygrid/maps/toy_field.tmx"


def _board(map_name: str | None, grid: dict | None):
    def from_grid(grid: dict) -> Any:
        rows = grid_rows(grid, ("rows", "legend"), ConfigError, need_rows=True)
        return rows_board(rows, grid.get("legend"), None, [], ConfigError)
    return build_board(map_name, grid, orientation="orthogonal",
                       from_grid=from_grid, error=ConfigError,
                       missing="toy_grid needs a map", wrong_shape="{path}: not a square map")[0]


class ToyGrid(SystemBase):
    id = SYSTEM_ID
    name = "Toy grid"
    description = "Soldiers on a square map: move, strike next door, parry. For tests only."
    house_rules = HOUSE.rules
    seat_count = (2, 2)

    def setup(self, config: MatchConfig, rng: Rng) -> tuple[ToyGridState, list]:
        board = _board(config.map, config.setup.get("grid"))
        problems = check_map(board) if config.setup.get("grid") is None else []
        if problems:
            raise ConfigError(f"{config.map}: " + "; ".join(problems))
        hp = SETS.get().get("soldier").hp
        units = {f"{SIDES[side]}{i + 1}": Unit(f"{SIDES[side]}{i + 1}", side, o.x, o.y, hp)
                 for side, spawns in sorted(board.spawns_by_side().items())
                 for i, o in enumerate(spawns)}       # TG-01: a soldier on every spawn
        events: list = []

        def roll_all(ids: list[str]) -> dict[str, int]:      # TG-02: a d6 each, ties roll again
            out = {}
            for uid in ids:
                r = roll(rng, "d6", "initiative")
                events.append(DiceRolled(r, uid, f"{uid} initiative: {r.total}"))
                out[uid] = r.total
            return out
        ids = list(units)
        order = list(initiative.rank(ids, roll_all(ids), roll_all, max_depth=5).order)
        state = ToyGridState(units, order, resolve_house_rules(self, config.house_rules),
                             map=config.map, grid=config.setup.get("grid"), board=board)
        first = state.acting
        return state, events + [TurnStarted(units[first].side, first, 1)]

    def legal_actions(self, state: ToyGridState) -> list:
        return rules.legal_actions(state)

    def validate(self, state: ToyGridState, action: Any) -> Refusal | None:
        return rules.validate(state, action)

    def apply(self, state: ToyGridState, action: Any, rng: Rng) -> list:
        return rules.apply(state, action, rng)

    def decision(self, state: ToyGridState) -> Decision | None:
        if state.over:
            return None
        stage = pending.top(state.pending)
        if stage is not None:
            return Decision(stage.seat, stage.stage, stage.actor, f"{stage.actor} is hit: parry?")
        uid = state.acting
        return Decision(state.units[uid].side, "act", uid, f"{uid}: move, strike or end the turn")

    def winner(self, state: ToyGridState) -> int | None:
        return state.winner

    def is_over(self, state: ToyGridState) -> bool:
        return state.over

    def view(self, state: ToyGridState, seat: int) -> dict:
        return state.to_json()            # nothing is hidden in toy_grid

    def state_to_json(self, state: ToyGridState) -> dict:
        return state.to_json()

    def state_from_json(self, data: dict) -> ToyGridState:
        return ToyGridState.from_json(data, _board(data["map"], data["grid"]))

    def check_invariants(self, state: ToyGridState) -> list[str]:
        problems, seen = [], set()
        for u in state.standing():
            if not state.board.in_bounds(u.x, u.y) or state.board.prop(u.x, u.y, "solid", False):
                problems.append(f"{u.id} stands on {u.x},{u.y}, off the map or in a wall")
            if (u.x, u.y) in seen:
                problems.append(f"two soldiers share {u.x},{u.y}")
            seen.add((u.x, u.y))
        if any(u.hp < 0 for u in state.units.values()):
            problems.append("negative hit points")
        if not state.over and state.units[state.acting].hp <= 0:
            problems.append(f"{state.acting} acts while down")
        if state.over and state.pending:
            problems.append("the match is over but a stage is pending")
        return problems

    def example_config(self, seed: int) -> MatchConfig:
        return MatchConfig(SYSTEM_ID, seed, [SeatConfig("human", name="Red"),
                                             SeatConfig("ai", name="Blue")], map=MAP_NAME)

    def check_map(self, board: Any) -> list:
        return check_map(board)

    def load_bots(self) -> None:
        from . import ai  # noqa: F401  (its import registers the bots)
TOY_GRID = ToyGrid()

"""A tiny two-seat dice race used only by the tests: it exercises every part of the engine contract.

Owns: the `toy_race` rule system (state, actions, events) that tests/engine and tests/contract use
to check Match, undo, saves, scenarios and the contract suite without depending on a real system.

Must not: be registered outside the tests. It is not imported by game/; tests register it through
the `toy_system` fixture (see `registered()`), which removes it again afterwards so other parts'
tests that list every system never see it.

Rules of the race: each seat has a runner on a track starting at 0. On its turn a seat may take up
to two single steps (no dice: undoable), roll one d6 once per turn (moves that many; a 6 opens a
`choose_bonus` stage when the house rule allows it), peek once per match at the other seat's secret
number (reveals hidden information), or end its turn. First to reach `goal` wins.
"""
from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any, Iterator

from game.engine import registry
from game.engine.actions import ACTIONS, EndTurn
from game.engine.decisions import Decision
from game.engine.dice import roll
from game.engine.events import EVENTS, DiceRolled, MatchEnded, TurnEnded, TurnStarted
from game.engine.records import Record
from game.engine.rng import Rng
from game.engine.rules import (ConfigError, HouseRule, IllegalAction, MatchConfig, Refusal,
                               SystemBase, refuse_unlisted)

SYSTEM_ID = "toy_race"


# -- actions and events ---------------------------------------------------------------------------
def _register(registry_, kind: str):
    """Register once: re-importing this module (pytest may) must not raise 'registered twice'."""
    def deco(cls):
        try:
            existing = registry_.cls_for(kind)
        except ValueError:
            existing = None
        if existing is not None:
            return existing
        return registry_.register(kind)(cls)
    return deco


@_register(ACTIONS, "toy_step")
@dataclass(frozen=True, slots=True)
class Step(Record):
    seat: int


@_register(ACTIONS, "toy_roll")
@dataclass(frozen=True, slots=True)
class RollDie(Record):
    seat: int


@_register(ACTIONS, "toy_peek")
@dataclass(frozen=True, slots=True)
class Peek(Record):
    seat: int


@_register(ACTIONS, "toy_bonus")
@dataclass(frozen=True, slots=True)
class Bonus(Record):
    seat: int
    take: bool


@_register(EVENTS, "toy_moved")
@dataclass(frozen=True, slots=True)
class Moved(Record):
    """Seat `seat`'s runner went from `start` to `end`."""

    seat: int
    start: int
    end: int


@_register(EVENTS, "toy_peeked")
@dataclass(frozen=True, slots=True)
class Peeked(Record):
    """Seat `seat` saw the other seat's secret number `secret` (hidden information)."""

    seat: int
    secret: int

    reveals = True          # class attribute, not a field: marks the action as not undoable


# -- state ----------------------------------------------------------------------------------------
@dataclass
class ToyState:
    goal: int
    positions: list[int]
    secrets: list[int]
    peeked: list[bool]
    seat: int = 0
    steps_left: int = 2
    rolled: bool = False
    stage: str = "act"
    round: int = 1
    winner: int | None = None
    over: bool = False
    bonus_on_six: bool = True

    def to_json(self) -> dict:
        return {"goal": self.goal, "positions": list(self.positions), "secrets": list(self.secrets),
                "peeked": list(self.peeked), "seat": self.seat, "steps_left": self.steps_left,
                "rolled": self.rolled, "stage": self.stage, "round": self.round,
                "winner": self.winner, "over": self.over, "bonus_on_six": self.bonus_on_six}

    @classmethod
    def from_json(cls, d: dict) -> "ToyState":
        return cls(**d)


# -- the system -----------------------------------------------------------------------------------
class ToyRace(SystemBase):
    id = SYSTEM_ID
    name = "Toy dice race"
    description = "Two runners, single steps and one d6 a turn; first to the goal wins."
    house_rules = (HouseRule("bonus_on_six", "Bonus on a six", "TOY-GM-01", True,
                             ((True, "a six offers two extra steps"), (False, "no bonus"))),)
    seat_count = (2, 2)

    _SETUP_KEYS = {"goal", "positions", "secrets", "seat"}

    def setup(self, config: MatchConfig, rng: Rng) -> tuple[ToyState, list]:
        unknown = set(config.setup) - self._SETUP_KEYS
        if unknown:
            raise ConfigError(f"toy_race: unknown set-up keys {sorted(unknown)}")
        goal = config.setup.get("goal", 12)
        if not isinstance(goal, int) or goal < 1:
            raise ConfigError(f"toy_race: goal must be a positive integer, not {goal!r}")
        positions = list(config.setup.get("positions", [0, 0]))
        secrets = list(config.setup.get("secrets") or [rng.randint(1, 6), rng.randint(1, 6)])
        seat = int(config.setup.get("seat", 0))
        state = ToyState(goal, positions, secrets, [False, False], seat=seat,
                         bonus_on_six=bool(config.house_rules.get("bonus_on_six", True)))
        return state, [TurnStarted(seat, None, 1)]

    def legal_actions(self, state: ToyState) -> list:
        if state.over:
            return []
        s = state.seat
        if state.stage == "choose_bonus":
            return [Bonus(s, True), Bonus(s, False)]
        out: list = []
        if state.steps_left > 0:
            out.append(Step(s))
        if not state.rolled:
            out.append(RollDie(s))
        if not state.peeked[s]:
            out.append(Peek(s))
        out.append(EndTurn())
        return out

    def load_bots(self) -> None:
        """The toy has no bots of its own: RandomBot plays it."""

    def validate(self, state: ToyState, action: Any) -> Refusal | None:
        """The specific reason first, then exactly what legal_actions lists."""
        seat = getattr(action, "seat", state.seat)
        if seat != state.seat:
            return Refusal(f"it is seat {state.seat + 1}'s turn, not seat {seat + 1}'s", "TOY-01")
        if state.stage == "choose_bonus" and not isinstance(action, Bonus):
            return Refusal("not allowed before taking or refusing the bonus for the six", "TOY-03")
        if isinstance(action, Step) and state.steps_left <= 0:
            return Refusal("no single steps left this turn", "TOY-02")
        if isinstance(action, RollDie) and state.rolled:
            return Refusal("the die was already rolled this turn", "TOY-02")
        if isinstance(action, Peek) and state.peeked[state.seat]:
            return Refusal("each runner peeks once", "TOY-04")
        return refuse_unlisted(self.legal_actions(state), action)

    def _move(self, state: ToyState, by: int, events: list) -> None:
        s = state.seat
        start = state.positions[s]
        state.positions[s] = start + by
        events.append(Moved(s, start, state.positions[s]))
        if state.positions[s] >= state.goal:
            state.over, state.winner = True, s
            events.append(MatchEnded(s, f"seat {s} reached the goal"))

    def apply(self, state: ToyState, action: Any, rng: Rng) -> list:
        if action not in self.legal_actions(state):
            raise IllegalAction(f"{action.kind} is not allowed now")
        events: list = []
        s = state.seat
        if isinstance(action, Step):
            state.steps_left -= 1
            self._move(state, 1, events)
        elif isinstance(action, RollDie):
            state.rolled = True
            r = roll(rng, "d6", "race")
            events.append(DiceRolled(r, f"seat{s}", r.breakdown()))
            self._move(state, r.total, events)
            if r.total == 6 and state.bonus_on_six and not state.over:
                state.stage = "choose_bonus"
        elif isinstance(action, Bonus):
            state.stage = "act"
            if action.take:
                self._move(state, 2, events)
        elif isinstance(action, Peek):
            state.peeked[s] = True
            events.append(Peeked(s, state.secrets[1 - s]))
        elif isinstance(action, EndTurn):
            events.append(TurnEnded(s, None))
            state.seat = 1 - s
            state.steps_left, state.rolled = 2, False
            if state.seat == 0:
                state.round += 1
            events.append(TurnStarted(state.seat, None, state.round))
        return events

    def decision(self, state: ToyState) -> Decision | None:
        if state.over:
            return None
        if state.stage == "choose_bonus":
            return Decision(state.seat, "choose_bonus", None, "Take two extra steps?")
        return Decision(state.seat, "act", None, "Step, roll, peek or end the turn")

    def winner(self, state: ToyState) -> int | None:
        return state.winner

    def is_over(self, state: ToyState) -> bool:
        return state.over

    def view(self, state: ToyState, seat: int) -> dict:
        d = state.to_json()
        other = 1 - seat
        d["secrets"] = [v if i == seat or (i == other and state.peeked[seat]) else None
                        for i, v in enumerate(state.secrets)]
        return d

    def state_to_json(self, state: ToyState) -> dict:
        return state.to_json()

    def state_from_json(self, data: dict) -> ToyState:
        return ToyState.from_json(data)

    def check_invariants(self, state: ToyState) -> list[str]:
        problems = []
        if state.seat not in (0, 1):
            problems.append(f"seat {state.seat} out of range")
        if not 0 <= state.steps_left <= 2:
            problems.append(f"steps_left {state.steps_left} out of range")
        if any(p < 0 for p in state.positions):
            problems.append(f"negative position {state.positions}")
        if state.over != (state.winner is not None):
            problems.append("over and winner disagree")
        if state.winner is not None and state.positions[state.winner] < state.goal:
            problems.append("the winner has not reached the goal")
        return problems

    def example_config(self, seed: int) -> MatchConfig:
        return MatchConfig(SYSTEM_ID, seed, setup={"goal": 12})

    def check_map(self, board: Any) -> list:
        return []


TOY = ToyRace()


@contextlib.contextmanager
def registered(system: Any = TOY) -> Iterator[Any]:
    """Register `system` for the duration of a test, then remove it again."""
    registry.register(system)
    try:
        yield system
    finally:
        registry._SYSTEMS.pop(system.id, None)

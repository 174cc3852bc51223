"""A small table for combat rule tests: a hex board built in the test, combatants from sheets with
overrides, ranks set by hand (no initiative roll), dice forced, and actions applied through the
system's own rules.apply (with rules.validate checking legality first), so the clock, budget and
movement code under test are the real ones.

Positions: on a pointy-top (stagger y) map every row is a straight cube axis, so `(x, ROW)` hexes
are `|dx|` apart; tests that need other shapes build their own.
"""
from __future__ import annotations

from typing import Any

from game.engine.actions import EndTurn
from game.engine.boards.board import Board
from game.engine.boards.hex import HexLayout
from game.engine.rng import Rng
from game.engine.systems.bindings import actions as A
from game.engine.systems.bindings import rules, turns
from game.engine.systems.bindings.content import combatant_fields
from game.engine.systems.bindings.house import DEFAULTS
from game.engine.systems.bindings.state import BindingsState, Combatant

ROW = 4
LEGEND: dict[str, dict[str, Any]] = {
    ".": {}, "#": {"solid": True}, "o": {"cover": True}, "*": {"conceal": 1},
    "D": {"dark": True}, "~": {"water": True},
}


def board(rows: list[str] | None = None, width: int = 16, height: int = 9,
          axis: str = "y", index: str = "odd") -> Board:
    rows = rows or ["." * width] * height
    cells = [[dict(LEGEND[ch]) for ch in row] for row in rows]
    return Board(len(rows[0]), len(rows), "hexagonal", 28, 32, axis, index, 16, cells)


def fighter(cid: str, side: int, x: int, y: int = ROW, sheet: str = "aeromancer",
            **over: Any) -> Combatant:
    f = combatant_fields(sheet)
    scores = dict(f["scores"])
    for ab in ("STR", "DEX", "CON", "INT", "WIS", "CHA"):
        if ab in over:
            scores[ab] = over.pop(ab)
    f["scores"] = scores
    f.update(over)
    f.setdefault("max_hp", f["hp"])
    return Combatant(id=cid, side=side, x=x, y=y, **f)


def score(mod: int) -> int:
    """An ability score with modifier `mod`."""
    return 10 + 2 * mod


class Table:
    """One battle: `order` is the initiative ranking (rank 1 first)."""

    def __init__(self, fighters: list[Combatant], order: list[str] | None = None,
                 rows: list[str] | None = None, house: dict[str, Any] | None = None,
                 seed: int = 7, **board_kw: Any) -> None:
        self.state = BindingsState(combatants={c.id: c for c in fighters},
                                   order=order or [c.id for c in fighters],
                                   house={**DEFAULTS, **(house or {})},
                                   board=board(rows, **board_kw))
        self.rng = Rng.from_seed(seed)
        self.events: list = []
        self.lay = HexLayout.from_board(self.state.board)

    # -- the clock ----------------------------------------------------------------------------
    def start(self) -> "Table":
        self.events += turns.start_round_one(self.state)
        self.events += turns.advance(self.state, self.rng)
        return self

    def force(self, *values: int) -> "Table":
        self.rng.force(list(values))
        return self

    def do(self, action: Any) -> list:
        why = rules.validate(self.state, action)
        assert why is None, f"{action!r} refused: {why}"
        out = rules.apply(self.state, action, self.rng)
        self.events += out
        return out

    def end(self) -> list:
        return self.do(EndTurn())

    def use(self, actor: str, move: str, target: Any = None, reduce: bool = False) -> list:
        if isinstance(target, str):
            c = self.state.combatants[target]
            target = (c.x, c.y)
        return self.do(A.UseMove(actor, move, target, reduce))

    def until_turn(self, cid: str, max_steps: int = 40) -> None:
        """End turns (declining any defence) until it is `cid`'s turn."""
        for _ in range(max_steps):
            if self.state.pending:
                p = self.state.pending[-1]
                if p.stage == "defend":
                    self.do(A.Defend(p.actor, p.data["attack"], None))
                    continue
                raise AssertionError(f"unexpected stage {p.stage}")
            if self.state.acting == cid:
                return
            self.end()
        raise AssertionError(f"never reached {cid}'s turn")

    # -- reading ------------------------------------------------------------------------------
    @property
    def acting(self) -> str | None:
        return self.state.acting

    @property
    def stage(self) -> str:
        return self.state.pending[-1].stage if self.state.pending else "act"

    def c(self, cid: str) -> Combatant:
        return self.state.combatants[cid]

    def at(self, cid: str) -> tuple[int, int]:
        c = self.c(cid)
        return (c.x, c.y)

    def of(self, kind: type, events: list | None = None) -> list:
        return [e for e in (self.events if events is None else events) if isinstance(e, kind)]

    @property
    def when(self) -> tuple[int, int]:
        return (self.state.round, self.state.segment)

"""The toy_grid presenter: what the generic battle screen shows of a toy_grid match.

Owns: tokens, the initiative bar, panels, the move and strike overlays, clicks, the parry
prompt, log lines and animations, all read from the state and `legal_actions`.

Must not: decide a rule: every action it proposes is one of `legal()`; reach and odds come
from the engine (rules.reach, rules.hit_odds).
"""
from __future__ import annotations

from typing import Any

from game.engine.actions import Concede, EndTurn
from game.client.presenters import (ActionButton, AnimStep, Cell, ClickResult, InitiativeEntry,
                                    ItemInfo, LogLine, Overlay, PanelLine, Presenter, Prompt,
                                    TilePanel, TokenInfo, UnitPanel)
from game.client.presenters.eventlog import Animator, EventLog, Wording
from tests.toygrid.engine import rules
from tests.toygrid.engine.actions import Attack, Move, Parry

COLOURS = ((214, 84, 72), (84, 140, 220))        # red side, blue side (looks, not rules)


class ToyGridPresenter(Presenter):
    keys_hint = ("1 move · 2 strike · Space ends the turn", "Wheel zoom · drag or WASD to pan")

    def side_colour(self, side: int) -> tuple[int, int, int]:
        return COLOURS[side % 2]

    def tokens(self, seat: int | None = None) -> list[TokenInfo]:
        st = self.state
        return [TokenInfo(u.id, u.id.capitalize(), u.side, u.x, u.y, 1, u.hp, 2,
                          COLOURS[u.side], acting=u.id == st.acting, glyph="S")
                for u in st.standing()]

    def items(self, seat: int | None = None) -> list[ItemInfo]:
        return []

    def initiative(self) -> tuple[list[InitiativeEntry], int]:
        st = self.state
        return [InitiativeEntry(uid, uid.capitalize(), st.units[uid].side,
                                COLOURS[st.units[uid].side], current=i == st.turn and not st.over,
                                down=st.units[uid].hp <= 0)
                for i, uid in enumerate(st.order)], st.round

    def acting_unit(self) -> str | None:
        return self.state.acting

    def unit_name(self, uid: str | None) -> str:
        return (uid or "?").capitalize()

    def unit_at(self, cell: Cell) -> str | None:
        u = self.state.unit_at(*cell)
        return u.id if u else None

    def unit_panel(self, unit_id: str) -> UnitPanel | None:
        u = self.state.units.get(unit_id)
        if u is None:
            return None
        return UnitPanel(u.id, self.unit_name(u.id), "Soldier", u.side, COLOURS[u.side], u.hp, 2)

    def tile_panel(self, cell: Cell) -> TilePanel | None:
        board = self.board()
        if not board.in_bounds(*cell):
            return None
        solid = board.prop(*cell, "solid", False)
        return TilePanel(f"Tile {cell[0]}, {cell[1]}",
                         [PanelLine(str(board.prop(*cell, "terrain", "ground")), "Terrain"),
                          PanelLine("blocks movement" if solid else "open", "Passage")])

    def buttons(self, selected: str | None, mode: str | None) -> list[ActionButton]:
        legal = self.legal()
        return [ActionButton("move", "Move", "1", any(isinstance(a, Move) for a in legal),
                             mode="move"),
                ActionButton("attack", "Strike", "2", any(isinstance(a, Attack) for a in legal),
                             mode="attack"),
                ActionButton("end", "End turn", "", EndTurn() in legal, action=EndTurn(),
                             primary=True)]

    def overlay(self, mode: str | None, selected: str | None, hover: Cell | None) -> Overlay:
        legal = self.legal()
        if mode in (None, "move"):
            moves = {(a.x, a.y) for a in legal if isinstance(a, Move)}
            uid = self.state.acting
            reach = rules.reach(self.state, uid) if moves and uid else {}
            path = [] if hover not in moves else [(self.state.units[uid].x,
                                                   self.state.units[uid].y)] + reach[hover][1]
            return Overlay(cells={c: int(reach[c][0]) for c in moves}, path=path, veil=True,
                           legend=tuple((n, f"{n} step{'s' if n > 1 else ''}") for n in (1, 2, 3)))
        targets = {(self.state.units[a.target].x, self.state.units[a.target].y)
                   for a in legal if isinstance(a, Attack)}
        return Overlay(targets=targets)

    def click(self, mode: str | None, selected: str | None, cell: Cell) -> ClickResult:
        for a in self.legal():
            if isinstance(a, Move) and mode in (None, "move") and (a.x, a.y) == cell:
                return ClickResult(action=a)
            if isinstance(a, Attack) and self.unit_at(cell) == a.target:
                return ClickResult(action=a)
        on = self.unit_at(cell)
        return ClickResult(select=on) if on else ClickResult(message="Nothing to do there")

    def forecast(self, mode: str | None, selected: str | None, cell: Cell) -> str | None:
        target = self.unit_at(cell)
        if any(isinstance(a, Attack) and a.target == target for a in self.legal()):
            return f"Strike {self.unit_name(target)}: wounds {float(rules.hit_odds(self.state)):.0%}"
        return None

    def prompt(self) -> Prompt | None:
        d = self.match.decision
        if d is None or d.stage != "parry":
            return None
        return Prompt("Parry?", d.prompt, tuple((self.describe(a), a, "") for a in self.legal()
                                                 if isinstance(a, Parry)))

    def describe(self, action: Any) -> str:
        if isinstance(action, Move):
            return f"{self.unit_name(action.unit)} walks to {action.x},{action.y}"
        if isinstance(action, Attack):
            return f"{self.unit_name(action.unit)} strikes {self.unit_name(action.target)}"
        if isinstance(action, Parry):
            return "Parry" if action.parry else "Take the hit"
        if isinstance(action, Concede):
            return "Concede"
        return "End turn"

    def log_lines(self, events: list) -> list[LogLine]:
        # the shared facts (rolls, turns, moves, wounds, the end) are worded by the one formatter;
        # the toy's table only says its own two events
        return EventLog(Wording(
            name=self.unit_name, moves={"walk": "walks"}, downed="falls",
            texts={"tg.struck": lambda e: f"{self.unit_name(e.unit)} "
                                          f"{'hits' if e.hit else 'misses'} "
                                          f"{self.unit_name(e.target)}",
                   "tg.parried": lambda e: f"{self.unit_name(e.unit)} "
                                           f"{'parries' if e.success else 'fails to parry'}"},
        )).lines(events)

    def animations(self, events: list) -> list[AnimStep]:
        return Animator(downed_text="Down").steps(events)

"""The shared hooks of creature-on-a-map systems (tactics.turnhooks): the turn's decision, a
creature's side, a footprint on the map, and a saved state read back onto its board."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine.boards import Board
from game.engine.tactics import pending, turnhooks


@dataclass
class Beast:
    id: str
    name: str
    side: int


@dataclass
class Battle:
    acting: Beast
    over: bool = False
    pending: list = field(default_factory=list)


def test_the_decision_is_the_acting_creatures_turn_then_a_pending_stage_then_none():
    b = Battle(Beast("w", "Wolf", 1))
    d = turnhooks.turn_decision(b, {})
    assert (d.seat, d.stage, d.actor) == (1, "act", "w") and d.prompt.startswith("Wolf")
    pending.push(b.pending, pending.Pending("react", 0, "x"))
    d = turnhooks.turn_decision(b, {"react": "{actor} is hit"})
    assert (d.seat, d.stage, d.actor, d.prompt) == (0, "react", "x", "x is hit")
    b.over = True
    assert turnhooks.turn_decision(b, {"react": ""}) is None


def test_side_of_a_creature_or_a_seat_number():
    creatures = {"w": Beast("w", "Wolf", 1)}
    assert turnhooks.side_of(creatures, "w") == 1
    assert turnhooks.side_of(creatures, "0") == 0
    assert turnhooks.side_of(creatures, "nobody") is None


def test_footprint_off_the_map_or_in_a_wall():
    board = Board.from_rows(["..#", "..."], {".": {}, "#": {"wall": True}})
    assert turnhooks.footprint_problem(board, [(0, 0), (1, 1)]) == ""
    assert turnhooks.footprint_problem(board, [(1, 0), (2, 0)]) == "in a wall"
    assert turnhooks.footprint_problem(board, [(2, 1), (3, 1)]) == "off the map"


def test_a_save_is_read_onto_the_board_its_map_names():
    seen: list[Any] = []

    class State:
        @staticmethod
        def from_json(d: dict, board: Board) -> tuple:
            return d, board

    def board_of(map_name: str | None, grid: dict | None) -> Board:
        seen.append((map_name, grid))
        return Board.from_rows(grid["rows"])

    d, board = turnhooks.state_from_save({"version": 3, "map": None, "grid": {"rows": ["..."]},
                                          "round": 2}, State, board_of)
    assert "version" not in d and d["round"] == 2 and board.width == 3
    assert seen == [(None, {"rows": ["..."]})]

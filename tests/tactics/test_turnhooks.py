"""The shared hooks of creature-on-a-map systems (tactics.turnhooks): the turn's decision, a
creature's side, a footprint on the map, and a saved state read back onto its board."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

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


@dataclass
class Piece:
    id: str
    side: int
    x: int
    y: int
    size: int = 1
    big: bool = True

    def cells(self) -> list[tuple[int, int]]:
        return [(self.x + dx, self.y + dy) for dy in range(self.size) for dx in range(self.size)]


class Refused(Exception):
    pass


def _placed(*pieces: Piece) -> dict[str, Piece]:
    return {p.id: p for p in pieces}


def _refusal(board: Board, creatures: dict[str, Piece]) -> str:
    try:
        turnhooks.check_placement(board, creatures, lambda c, o: c.big and o.big, Refused)
    except Refused as exc:
        return str(exc)
    return ""


def test_placement_refuses_walls_the_edge_crowding_and_a_lone_side():
    board = Board.from_rows(["..#.", "...."], {".": {}, "#": {"wall": True}})
    assert _refusal(board, _placed(Piece("a", 0, 0, 0), Piece("b", 1, 3, 1))) == ""
    assert _refusal(board, _placed(Piece("a", 0, 1, 0, size=2), Piece("b", 1, 0, 1))) == \
        "a cannot stand at 1,0: in a wall"
    assert _refusal(board, _placed(Piece("a", 0, 0, 0), Piece("b", 1, 3, 1, size=2))) == \
        "b cannot stand at 3,1: off the map"
    # a 2x2 creature over a 1x1 one: the first of the two found is refused, naming the other
    assert _refusal(board, _placed(Piece("a", 0, 0, 0, size=2), Piece("b", 1, 1, 1))) == \
        "a cannot stand at 0,0: b is there"
    # the system's own word on who takes room: a small one may share
    assert _refusal(board, _placed(Piece("a", 0, 0, 0, size=2),
                                   Piece("b", 1, 1, 1, big=False))) == ""
    assert _refusal(board, _placed(Piece("a", 0, 0, 0), Piece("b", 0, 3, 1))) == \
        "both sides need at least one creature"


def test_a_given_initiative_names_every_creature_once():
    creatures = _placed(Piece("a", 0, 0, 0), Piece("b", 1, 3, 1))
    assert turnhooks.given_initiative({}, creatures, Refused) is None
    assert turnhooks.given_initiative({"initiative": ["b", "a"]}, creatures, Refused) == ["b", "a"]
    for bad in (["a"], ["a", "a"], ["a", "b", "c"]):
        with pytest.raises(Refused, match="the initiative must list every creature once"):
            turnhooks.given_initiative({"initiative": bad}, creatures, Refused)


def test_standing_invariants_name_walls_the_edge_and_shared_squares():
    board = Board.from_rows(["..#", "..."], {".": {}, "#": {"wall": True}})
    taken: dict[tuple[int, int], str] = {}
    assert turnhooks.standing_problems(board, "a", [(0, 0), (1, 0)], taken) == []
    assert taken == {(0, 0): "a", (1, 0): "a"}
    assert turnhooks.standing_problems(board, "b", [(1, 0), (2, 0), (3, 0)], taken) == [
        "b and a share (1, 0)", "b stands on (2, 0), off the map or in a wall",
        "b stands on (3, 0), off the map or in a wall"]
    # one that takes no room shares freely and claims nothing
    assert turnhooks.standing_problems(board, "c", [(0, 0)], None) == []
    assert taken[(0, 0)] == "a"

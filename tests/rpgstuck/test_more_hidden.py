"""The legal list never hints where an unseen enemy stands: a walk's reach lists its square like
an empty one, and a walk into it is found out when made (the walker stops short, pays the step it
tried, and its side learns the square)."""
from __future__ import annotations

import pytest

from game.engine.systems.rpgstuck.actions import Move, Shift
from game.engine.systems.rpgstuck.events import Moved, Spotted
from tests.rpgstuck.engine_helpers import battle, of


def _hidden_imp():
    m = battle([("knight", "knight", 0, 0, 0), ("imp", "imp", 1, 4, 0)])
    m.state.creatures["imp"].hidden = True          # hiding: the knight's side cannot see it
    m.edited()
    return m


@pytest.mark.rule("RS-104", "RS-99")
def test_the_walk_list_shows_a_hidden_enemys_square_like_an_empty_one():
    m = _hidden_imp()
    moves = {(a.x, a.y) for a in m.legal_actions() if isinstance(a, Move)}
    assert (4, 0) in moves and (5, 0) in moves
    m.state.creatures["imp"].hidden = False         # once seen, its square is taken again
    m.edited()
    moves = {(a.x, a.y) for a in m.legal_actions() if isinstance(a, Move)}
    assert (4, 0) not in moves


@pytest.mark.rule("RS-104", "RS-103")
def test_a_walk_through_a_hidden_enemy_stops_short_and_finds_it():
    m = _hidden_imp()
    events = m.submit(Move("knight", 6, 0)).events       # the straight path crosses 4,0
    knight, imp = m.state.creatures["knight"], m.state.creatures["imp"]
    assert (knight.x, knight.y) == (3, 0)
    moved = of(events, Moved)[0]
    assert moved.path == ((1, 0), (2, 0), (3, 0)) and moved.cost == 20   # the bumped step paid
    assert m.state.turn.move_left == knight.speed - 20
    assert of(events, Spotted)[0].creature == "imp" and not imp.hidden
    assert m.state.last_seen["0"]["imp"] == [4, 0]
    assert (4, 0) not in {(a.x, a.y) for a in m.legal_actions() if isinstance(a, Move)}


@pytest.mark.rule("RS-104", "RS-B-12")
def test_a_shift_into_a_hidden_enemy_stays_put_and_finds_it():
    m = battle([("knight", "knight", 0, 0, 0), ("imp", "imp", 1, 1, 0)])
    m.state.creatures["imp"].hidden = True
    m.edited()
    assert Shift("knight", 1, 0) in m.legal_actions()
    events = m.submit(Shift("knight", 1, 0)).events
    knight = m.state.creatures["knight"]
    assert (knight.x, knight.y) == (0, 0) and not m.state.turn.minor
    assert of(events, Moved)[0].path == () and of(events, Spotted)

"""Pushback (BND-72..76, BND-GM-16/17) and the movement parts of BND-T-01 (Air Blast 5H pushing
30 ft)."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.events import DiceRolled
from game.engine.systems.bindings import events as ev
from game.engine.systems.bindings import movement
from game.engine.systems.bindings.actions import Defend, MoveTo, StartMovement, UseMove

from .bndtools import act, duel, of, run_to, where

A = dict(sheet="aeromancer", x=0, y=0, base_speed=30, ab=1, scores={"INT": 14})
T = dict(sheet="brawler", x=2, y=0, base_speed=30, db=1, scores={"INT": 10})


def blast(m, dice=(4, 3, 2)):
    """A's Air Blast at T; T declines to defend when asked (Reaction DB 1 + INT 0 = 1)."""
    m.force_dice(list(dice))
    out = act(m, UseMove("a", "air_blast", where(m, "b")))
    if m.state.pending:
        out += act(m, Defend("b", m.state.pending[-1].data["attack"], None))
    return out


def moves_left(m, cid="b") -> int:
    return movement.available(m.state, cid)


@pytest.mark.rule("BND-T-01")
@pytest.mark.rule("BND-72")
@pytest.mark.rule("BND-73")
@pytest.mark.rule("BND-74")
@pytest.mark.rule("BND-GM-16")
def test_air_blast_pushes_five_then_one():
    m = duel(a=A, b=T)
    out = blast(m)
    res = of(out, ev.AttackResolved)[0]
    assert (res.outcome, res.offence, res.defence) == ("hit", 10, 1)
    assert [e.amount for e in of(out, ev.DamageDealt)] == [4]
    started = of(out, ev.PushbackStarted)[0]
    assert (started.hexes, started.rate, started.by) == (6, 5, "a")
    assert of(out, ev.CombatantPushed)[0].remaining == 1
    assert where(m, "b") == (7, 0)                            # 5 hexes in the contact segment
    act(m, EndTurn())
    out = act(m, StartMovement("b", "move", (7, 0)))          # T's S1 turn: suspended
    assert of(out, ev.MovementSuspended) and moves_left(m) == 0
    assert not any(isinstance(a, MoveTo) for a in m.legal_actions())
    out = run_to(m, 1, 2, "b")
    assert where(m, "b") == (8, 0)                            # A's S2 turn: the last hex
    assert [e.reason for e in of(out, ev.PushbackEnded)] == ["complete"]
    assert moves_left(m) == 3                                 # T's S2 turn: up to 3 hexes
    run_to(m, 1, 3, "b")
    assert moves_left(m) == 0                                 # the suspended segment was lost


@pytest.mark.rule("BND-T-01")
@pytest.mark.rule("BND-74")
def test_pushed_target_ranked_first_cannot_move_before_the_push_ends():
    m = duel(a=A, b=T, order=["b", "a"])
    act(m, EndTurn())                                          # T passes S1
    blast(m)                                                   # T had its turn: resolves now
    assert where(m, "b") == (7, 0)
    run_to(m, 1, 2, "b")
    act(m, StartMovement("b", "move", (7, 0)))
    assert moves_left(m) == 0 and where(m, "b") == (7, 0)     # still pending in S2
    out = run_to(m, 1, 2, "a")                             # A's S2 turn begins: the last hex
    assert [p.path for p in of(out, ev.CombatantPushed)] == [((8, 0),)]
    assert where(m, "b") == (8, 0)
    run_to(m, 1, 3, "b")
    assert moves_left(m) == 3


@pytest.mark.rule("BND-T-01")
@pytest.mark.rule("BND-73")
def test_contact_in_s3_finishes_next_round():
    m = duel(a=A, b=T)
    run_to(m, 1, 3, "a")
    blast(m)
    assert where(m, "b") == (7, 0)
    out = run_to(m, 2, 1, "b")
    pushed = of(out, ev.CombatantPushed)
    assert [p.path for p in pushed] == [((8, 0),)] and where(m, "b") == (8, 0)
    # it moved on A's R2 S1 turn, which came before T's
    kinds = [type(e).__name__ for e in out]
    assert kinds.index("CombatantPushed") < max(i for i, k in enumerate(kinds)
                                                 if k == "TurnStarted")


@pytest.mark.rule("BND-75")
@pytest.mark.rule("BND-T-01")
def test_pushback_goes_at_the_speed_of_the_move_that_caused_it():
    m = duel(a=A, b=T)
    out = blast(m)
    launched = of(out, ev.AttackLaunched)[0]
    from game.engine.systems.bindings.content import content
    speed = content().moves["air_blast"].speed
    assert of(out, ev.PushbackStarted)[0].rate == speed == 5
    # no action chooses a slower speed: the attack flies at the move's own rate
    assert all(a.rate >= speed for a in m.state.attacks if a.move == "air_blast")
    assert launched.segments == 1


@pytest.mark.rule("BND-76")
@pytest.mark.rule("BND-GM-17")
def test_pushed_into_a_wall_stops_next_to_it():
    rows = ["......#.....", "............", "............", "............",
            "............", "............", "............"]
    m = duel(a=A, b=T, rows=rows)
    out = blast(m)
    assert where(m, "b") == (5, 0)
    ended = of(out, ev.PushbackEnded)
    assert [(e.reason, e.at) for e in ended] == [("blocked", (6, 0))]
    assert m.state.pushbacks == []
    assert not [e for e in out if isinstance(e, DiceRolled) and e.roll.purpose == "collision"]


@pytest.mark.rule("BND-GM-17")
def test_collision_damage_house_rule():
    rows = ["......#.....", "............", "............", "............",
            "............", "............", "............"]
    m = duel(a=A, b=T, rows=rows, house={"pushback_collision": "damage"})
    out = blast(m, dice=(4, 3, 2, 5))
    hits = [e.amount for e in of(out, ev.DamageDealt)]
    assert hits == [4, 5]
    b = m.state.combatants["b"]
    assert b.hp == b.max_hp - 9


@pytest.mark.rule("BND-76")
def test_pushed_into_a_creature_stops_next_to_it():
    from .bndtools import make
    specs = [{"id": "a", **A, "side": 0}, {"id": "b", **T, "side": 1},
             {"id": "c", "sheet": "brawler", "side": 1, "x": 5, "y": 0}]
    m = make(specs, order=["a", "b", "c"])
    out = blast(m)
    assert where(m, "b") == (4, 0) and where(m, "c") == (5, 0)
    assert [(e.reason, e.at) for e in of(out, ev.PushbackEnded)] == [("blocked", (5, 0))]


@pytest.mark.rule("BND-76")
def test_push_runs_straight_away_from_the_source():
    m = duel(a=dict(A, x=2, y=1), b=dict(T, x=3, y=3))
    src = where(m, "a")
    out = blast(m)
    path = of(out, ev.CombatantPushed)[0].path
    d = [movement.distance(m.state, src, h) for h in path]
    assert d == list(range(3, 3 + len(path))) and len(path) >= 3     # one hex further each step
    lay = movement.layout(m.state)
    cubes = [lay.to_cube(*h) for h in ((3, 3),) + path]
    steps = {tuple(b[i] - a[i] for i in range(3)) for a, b in zip(cubes, cubes[1:])}
    assert len(steps) <= 2                                             # a straight hex line


@pytest.mark.rule("BND-GM-16")
def test_deferred_suspension_keeps_the_move_segments():
    m = duel(a=A, b=T, house={"suspended_move": "deferred"})
    blast(m)
    act(m, EndTurn())
    act(m, StartMovement("b", "move", (7, 0)))
    assert moves_left(m) == 0
    run_to(m, 1, 2, "b")
    assert moves_left(m) == 3
    run_to(m, 1, 3, "b")
    assert moves_left(m) == 3                     # the suspended segment came back later


def test_preview_shows_the_next_segment_of_a_push():
    m = duel(a=A, b=T)
    blast(m)
    p = m.state.pushbacks[0]
    assert movement.preview_pushback(m.state, p) == [(8, 0)]
    assert movement.pushed(m.state, "b") and not movement.pushed(m.state, "a")


def test_a_push_whose_pusher_is_down_still_ends():
    from .bndtools import make
    specs = [{"id": "a", **A, "side": 0}, {"id": "b", **T, "side": 1},
             {"id": "c", "sheet": "brawler", "side": 0, "x": 0, "y": 6}]
    m = make(specs, order=["a", "b", "c"])
    blast(m)
    a = m.state.combatants["a"]
    a.down, a.hp = True, 0                      # as if felled before its next turn
    out = run_to(m, 1, 2, "b")
    assert not m.over and where(m, "b") == (8, 0) and m.state.pushbacks == []

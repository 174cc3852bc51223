"""Movement actions (BND-51..57, BND-GM-15/25), paths on the hex board, and round-based penalties
on movement (BND-77..79, BND-GM-26, BND-T-04, T-05, T-21, T-22)."""
from __future__ import annotations

import copy

import pytest

from game.engine.match import Match
from game.engine.rules import IllegalAction, MatchConfig
from game.engine.systems.bindings import events as ev
from game.engine.systems.bindings import movement
from game.engine.systems.bindings.actions import Defend, MoveTo, StartMovement, StopMoving, UseMove
from game.engine.systems.bindings.state import Condition, Feature, tick_of
from game.engine.tactics.memo import Kept, keep

from .bndtools import act, duel, make, of, run_to, where

FAR = dict(x=11, y=6)


def reach(m, mode=None, cid="a") -> set:
    return set(movement.reachable(m.state, cid, mode))


def dests(m, mode=None, cid="a") -> set:
    if mode is None:
        return {a.to for a in m.legal_actions() if isinstance(a, MoveTo) and a.actor == cid}
    return {a.to for a in m.legal_actions()
            if isinstance(a, StartMovement) and a.mode == mode and a.actor == cid}


def dist(m, a, b) -> int:
    return movement.distance(m.state, a, b)


def farthest(m, mode=None, cid="a") -> int:
    here = where(m, cid)
    return max((dist(m, here, h) for h in dests(m, mode, cid)), default=0)


@pytest.mark.rule("BND-52")
@pytest.mark.rule("BND-58")
def test_move_covers_its_rate_in_each_of_two_segments():
    m = duel(a=dict(sheet="petramancer", x=0, y=3), b=FAR)        # base 30: Move 3H
    assert farthest(m, "move") == 3
    act(m, StartMovement("a", "move", (2, 3)))
    assert farthest(m) == 1                    # one hex of this segment's three is left
    act(m, MoveTo("a", (3, 3)))
    assert movement.available(m.state, "a") == 0 and dests(m) == set()
    run_to(m, 1, 2, "a")
    assert farthest(m) == 3
    out = run_to(m, 1, 3, "a")
    assert [e.reason for e in of(out, ev.MovementEnded)] == ["done"]
    assert farthest(m) == 0


@pytest.mark.rule("BND-51")
@pytest.mark.rule("BND-T-21")
def test_bonus_hex_once_per_action_splits_4_3_or_3_4():
    for first, second in ((4, 3), (3, 4)):
        m = duel(a=dict(sheet="aeromancer", x=0, y=3), b=FAR)       # base 35: Move 3H+1
        act(m, StartMovement("a", "move", (first, 3)))
        run_to(m, 1, 2, "a")
        assert farthest(m) == second
        act(m, MoveTo("a", (first + second, 3)))
        assert where(m, "a") == (7, 3)
    m = duel(a=dict(sheet="aeromancer", x=0, y=3), b=FAR)
    assert (5, 3) not in dests(m, "move")               # 5 + 2 is not a split of 3H+1
    with pytest.raises(IllegalAction):
        m.submit(StartMovement("a", "move", (5, 3)))


@pytest.mark.rule("BND-52")
@pytest.mark.rule("BND-T-21")
def test_stopping_forfeits_the_rest():
    m = duel(a=dict(sheet="aeromancer", x=0, y=3), b=FAR)
    act(m, StartMovement("a", "move", (2, 3)))
    out = act(m, StopMoving("a"))
    assert [(e.mode, e.reason) for e in of(out, ev.MovementEnded)] == [("move", "stopped")]
    assert dests(m) == set()
    run_to(m, 1, 2, "a")
    assert dests(m) == set() and m.state.movements == []


@pytest.mark.rule("BND-57")
@pytest.mark.rule("BND-T-22")
def test_two_moves_overlap_and_their_rates_add():
    m = duel(a=dict(sheet="petramancer", x=0, y=3), b=FAR)
    act(m, StartMovement("a", "move", (3, 3)))
    run_to(m, 1, 2, "a")
    act(m, StartMovement("a", "move", (3, 3)))
    assert movement.available(m.state, "a") == 6
    act(m, MoveTo("a", (9, 3)))
    run_to(m, 1, 3, "a")
    assert movement.available(m.state, "a") == 3
    assert farthest(m) == 3
    act(m, MoveTo("a", (11, 2)))
    run_to(m, 2, 1, "a")
    assert movement.available(m.state, "a") == 0


@pytest.mark.rule("BND-57")
@pytest.mark.rule("BND-GM-15")
def test_a_different_movement_replaces_the_ongoing_one():
    m = duel(a=dict(sheet="petramancer", x=0, y=3), b=FAR)
    act(m, StartMovement("a", "move", (1, 3)))
    run_to(m, 1, 2, "a")
    out = act(m, StartMovement("a", "dash", (1, 3)))
    assert [(e.mode, e.reason) for e in of(out, ev.MovementEnded)] == [("move", "replaced")]
    assert movement.available(m.state, "a") == 4                  # the Dash's 4H only


@pytest.mark.rule("BND-GM-15")
def test_stacking_house_rule_runs_them_side_by_side():
    m = duel(a=dict(sheet="petramancer", x=0, y=3), b=FAR, house={"movement_overlap": "stack"})
    act(m, StartMovement("a", "move", (1, 3)))
    run_to(m, 1, 2, "a")
    out = act(m, StartMovement("a", "dash", (1, 3)))
    assert of(out, ev.MovementEnded) == []
    assert movement.available(m.state, "a") == 3 + 4


@pytest.mark.rule("BND-53")
@pytest.mark.rule("BND-GM-25")
def test_dash_follows_the_straight_line():
    rows = ["............", "............", "...o........", "............",
            "............", "............", "............"]
    m = duel(a=dict(sheet="petramancer", x=1, y=1), b=FAR, rows=rows)   # Dash 4H
    assert dist(m, (1, 1), (3, 3)) == 3
    assert (3, 3) not in dests(m, "dash")           # its line crosses the boulder at (3, 2)
    assert (3, 3) in dests(m, "move") or dist(m, (1, 1), (3, 3)) > 3
    loose = duel(a=dict(sheet="petramancer", x=1, y=1), b=FAR, rows=rows,
                 house={"dash_line": "loose"})
    assert (3, 3) in dests(loose, "dash")           # a detour no longer than the line
    assert farthest(m, "dash") == 4
    out = act(m, StartMovement("a", "dash", (5, 1)))
    assert of(out, ev.CombatantMoved)[0].path == ((2, 1), (3, 1), (4, 1), (5, 1))


@pytest.mark.rule("BND-54")
def test_dodge_moves_its_rate_and_marks_the_segment():
    m = duel(a=dict(sheet="petramancer", x=3, y=3), b=FAR)          # Dodge 2H
    assert farthest(m, "dodge") == 2 and (3, 3) in dests(m, "dodge")
    out = act(m, StartMovement("a", "dodge", (3, 3)))
    got = of(out, ev.ConditionGained)
    assert [(e.condition, e.until) for e in got] == [("dodging", 1)]
    c = m.state.combatants["a"]
    assert c.has("dodging", 0) and not c.has("dodging", 1)         # only this segment
    out = run_to(m, 1, 2, "a")
    assert [(e.target, e.condition) for e in of(out, ev.ConditionEnded)] == [("a", "dodging")]


@pytest.mark.rule("BND-55")
def test_swim_only_through_water_over_three_segments():
    rows = ["............", "..~~~~~~~~..", "..~~~~~~~~..", "............",
            "............", "............", "............"]
    m = duel(a=dict(sheet="hydromancer", x=2, y=1), b=FAR, rows=rows)   # swim 30 ft: 2H
    assert not any(h in [(x, y) for x in range(2, 10) for y in (1, 2)] for h in reach(m, "move"))
    swim = dests(m, "swim")
    assert swim and all(m.state.board.prop(*h, "water") for h in swim - {(2, 1)})
    assert farthest(m, "swim") == 2
    act(m, StartMovement("a", "swim", (4, 1)))
    for seg in (2, 3):
        run_to(m, 1, seg, "a")
        assert movement.available(m.state, "a") == 2
    out = run_to(m, 2, 1, "a")
    assert [e.mode for e in of(out, ev.MovementEnded)] == ["swim"]
    dry = duel(a=dict(sheet="hydromancer", x=5, y=5), b=FAR, rows=rows)
    assert "swim" not in {a.mode for a in dry.legal_actions() if isinstance(a, StartMovement)}


@pytest.mark.rule("BND-X-14")
def test_paths_pass_allies_not_enemies_and_never_end_on_anyone():
    specs = [{"id": "a", "sheet": "petramancer", "side": 0, "x": 0, "y": 3},
             {"id": "ally", "sheet": "brawler", "side": 0, "x": 1, "y": 3},
             {"id": "foe", "sheet": "brawler", "side": 1, "x": 1, "y": 0},
             {"id": "far", "sheet": "brawler", "side": 1, "x": 11, "y": 6}]
    m = make(specs, order=["a", "ally", "foe", "far"])
    paths = movement.reachable(m.state, "a", "move")
    assert (2, 3) in paths and paths[(2, 3)] == ((1, 3), (2, 3))    # through the ally
    assert (1, 3) not in paths and (1, 0) not in paths              # nobody's hex
    # the enemy at (1, 0) blocks: (0, 0)..(0, 1) are reached around it, never through it
    assert all((1, 0) not in p for p in paths.values())


def test_difficult_terrain_costs_two_and_obstacles_block():
    rows = ["............", "............", "............", ".::o#.......",
            "............", "............", "............"]
    m = duel(a=dict(sheet="petramancer", x=0, y=3), b=FAR, rows=rows)
    paths = movement.reachable(m.state, "a", "move")
    assert all(sum(movement.terrain_cost(m.state, h) for h in p) <= 3 for p in paths.values())
    assert (1, 3) in paths and movement.terrain_cost(m.state, (1, 3)) == 2
    assert (2, 3) not in paths                                  # rubble too: 4 any way round
    assert (0, 0) in paths                                      # 3 open hexes straight up
    assert (3, 3) not in paths and (4, 3) not in paths              # boulder (cover), rock
    s = copy.deepcopy(m.state)
    s.features.append(Feature("f1", "wall", "b", "earth_wall", cells=[(0, 4), (1, 4)]))
    assert (0, 4) not in movement.reachable(s, "a", "move")


# -- round-based penalties on movement (BND-77..79) -----------------------------------------------

def _stagger_in_s2(order):
    """T (base 30) moves 3 in S1; in S2 X's Quake Stomp staggers it (1 round)."""
    specs = [{"id": "x", "sheet": "petramancer", "side": 0, "x": 4, "y": 3},
             {"id": "t", "sheet": "petramancer", "side": 1, "x": 0, "y": 3}]
    m = make(specs, order=order)
    run_to(m, 1, 1, "t")
    act(m, StartMovement("t", "move", (3, 3)))
    return m


def _stomp(m):
    act(m, UseMove("x", "quake_stomp", where(m, "t")))
    if m.state.pending:
        act(m, Defend("t", m.state.pending[-1].data["attack"], None), dice=[6, 6, 1, 1])
    t = m.state.combatants["t"]
    assert t.has("staggered", m.state.tick)
    return t


@pytest.mark.rule("BND-77")
@pytest.mark.rule("BND-78")
@pytest.mark.rule("BND-T-04")
def test_staggered_in_s2_halves_movement_until_r2s2():
    m = _stagger_in_s2(["x", "t"])
    run_to(m, 1, 2, "x")
    t = _stomp(m)
    assert [c.until for c in t.conditions if c.id == "staggered"] == [tick_of(2, 2)]
    run_to(m, 1, 2, "t")
    assert movement.available(m.state, "t") == 1                   # floor(3 / 2)
    run_to(m, 1, 3, "t")
    assert farthest(m, "dash", "t") == 2                           # Dash 4H halved
    run_to(m, 2, 1, "t")
    act(m, StartMovement("t", "move", where(m, "t")))
    assert movement.available(m.state, "t") == 1
    run_to(m, 2, 2, "t")
    assert movement.available(m.state, "t") == 3                   # restored


@pytest.mark.rule("BND-56")
@pytest.mark.rule("BND-GM-26")
def test_a_staggered_combatant_still_takes_its_one_hex_step():
    m = _stagger_in_s2(["x", "t"])
    run_to(m, 1, 2, "x")
    t = _stomp(m)
    assert any(c.id == "staggered" for c in t.conditions)
    run_to(m, 1, 2, "t")
    start = where(m, "t")
    steps = movement.reachable(m.state, "t", "step")
    assert steps and all(movement.distance(m.state, start, h) == 1 for h in steps)
    to = sorted(steps)[0]
    act(m, StartMovement("t", "step", to))           # halving would make it 0: it stays 1
    assert where(m, "t") == to


@pytest.mark.rule("BND-79")
@pytest.mark.rule("BND-T-04")
def test_movement_done_before_the_hit_is_not_affected():
    m = _stagger_in_s2(["t", "x"])
    run_to(m, 1, 2, "t")
    assert movement.available(m.state, "t") == 3
    act(m, MoveTo("t", (4, 2)))                      # still next to x
    moved_before = where(m, "t")
    run_to(m, 1, 2, "x")
    _stomp(m)
    assert where(m, "t") == moved_before
    run_to(m, 1, 3, "t")
    assert farthest(m, "dash", "t") == 2
    run_to(m, 2, 1, "t")
    act(m, StartMovement("t", "move", where(m, "t")))
    assert movement.available(m.state, "t") == 1
    run_to(m, 2, 2, "t")
    assert movement.available(m.state, "t") == 3


@pytest.mark.rule("BND-78")
@pytest.mark.rule("BND-T-05")
def test_two_round_penalty_from_s3_lasts_six_segments():
    m = duel(a=dict(sheet="petramancer", x=0, y=3), b=FAR)
    run_to(m, 1, 3, "a")
    start = m.state.tick
    m.state.combatants["a"].conditions.append(Condition("staggered", start + 6, "test"))
    active = []
    for r, s in ((1, 3), (2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3)):
        out = run_to(m, r, s, "a")
        active.append(m.state.combatants["a"].has("staggered", m.state.tick))
        if (r, s) == (3, 3):
            assert [e.condition for e in of(out, ev.ConditionEnded)] == ["staggered"]
    assert active == [True] * 6 + [False]


@pytest.mark.rule("BND-GM-26")
def test_halving_house_rule_rounds_up_and_keeps_the_bonus():
    m = duel(a=dict(sheet="aeromancer", x=0, y=3), b=FAR, house={"halving": "ceil"})
    m.state.combatants["a"].conditions.append(Condition("staggered", 30, "test"))
    assert farthest(m, "move") == 2 + 1             # 3H+1 -> 2H+1
    m2 = duel(a=dict(sheet="aeromancer", x=0, y=3), b=FAR)
    m2.state.combatants["a"].conditions.append(Condition("staggered", 30, "test"))
    assert farthest(m2, "move") == 1                # floor: 1H, bonus dropped


@pytest.mark.rule("BND-53")
@pytest.mark.rule("BND-GM-25")
def test_the_rest_of_a_dash_keeps_to_its_line():
    m = duel(a=dict(sheet="petramancer", x=1, y=3), b=FAR)          # Dash 4H
    act(m, StartMovement("a", "dash", (3, 3)))
    lay = movement.layout(m.state)
    rest = dests(m)
    assert {(4, 3), (5, 3)} <= rest and (4, 4) not in rest and (3, 4) not in rest
    assert all((3, 3) in lay.line((1, 3), h) for h in rest)        # one straight run
    act(m, MoveTo("a", (5, 3)))
    assert where(m, "a") == (5, 3) and dests(m) == set()
    loose = duel(a=dict(sheet="petramancer", x=1, y=3), b=FAR, house={"dash_line": "loose"})
    act(loose, StartMovement("a", "dash", (3, 3)))
    assert len(dests(loose)) > 2


@pytest.mark.rule("BND-53")
def test_strict_dash_ends_equal_walking_every_line_from_the_origin():
    # dash_ends tests one hex of each line before walking it; the answer must be the one that
    # walking every line from the origin to every hex of the area gives (ends, paths, order)
    m = Match.new(MatchConfig("bindings", 1, map="bindings_grove.tmx"))
    terrain = movement._terrain(m.state)
    lay, price_of = terrain.layout, terrain.price
    board = m.state.board
    starts = [(x, y) for y in range(0, board.height, 3) for x in range(0, board.width, 4)]
    checked = 0
    for start in starts:
        for origin in (start, *lay.area(start, 2)[1:4]):
            if not board.in_bounds(*origin):
                continue
            for allowance, swim, land in ((4, False, True), (7, False, True), (3, True, False)):
                price = price_of[(swim, land)]
                done = lay.distance(origin, start)
                want = []
                for h in lay.area(start, allowance):
                    if h == start or not board.in_bounds(*h):
                        continue
                    line = tuple(lay.line(origin, h))
                    if line[done:done + 1] != (start,):
                        continue
                    rest = line[done + 1:]
                    steps = [price.get(x) for x in rest]
                    if None not in steps and sum(steps) <= allowance:  # type: ignore[arg-type]
                        want.append((h, rest))
                assert terrain.dash_ends(origin, start, allowance, swim, land) == tuple(want)
                checked += len(want)
    assert checked > 100


def test_the_movement_memos_stay_bounded_and_let_the_oldest_go_one_at_a_time(monkeypatch):
    """Searches and reaches are remembered per board up to a bound; past it the oldest entry
    goes, one per new one (not the whole memo at once: emptying it freed thousands of paths
    inside one listing, the slowest legal_actions of a long match), and the answers stay
    those of a fresh search."""
    from game.engine.ai.base import playable
    from game.engine.ai.runner import example_match
    from game.engine.match import Match
    from game.engine.rng import Rng
    from game.engine.systems.bindings import movement as mv
    monkeypatch.setattr(mv, "_SEARCHES_KEPT", 8)
    monkeypatch.setattr(mv, "_REACHES_KEPT", 8)
    m = Match.new(example_match("bindings", 2, "bindings_pass.tmx", ("random", "random")))
    terrain = mv._terrain(m.state)
    pick = Rng.from_seed(2)
    checked = 0
    full = False
    while not m.over and len(m.log) < 300:
        before = list(terrain.reach)
        legal = m.legal_actions()
        assert len(terrain.reach) <= 8 and len(terrain.searches) <= 8
        if full:
            assert len(terrain.reach) == 8          # never emptied at once
        full = full or len(terrain.reach) == 8
        after = list(terrain.reach)
        # what stayed kept its order, and what went went from the front
        kept = [k for k in before if k in terrain.reach]
        assert after[:len(kept)] == kept and before[len(before) - len(kept):] == kept
        state = m.state
        if state.acting is not None and not state.pending and state.opening is None:
            cid = state.acting
            got = mv.reachable(state, cid, None)
            if got:
                kept = terrain.reach, terrain.searches
                terrain.reach, terrain.searches = Kept(), Kept()   # worked out anew
                assert mv.reachable(state, cid, None) == got
                terrain.reach, terrain.searches = kept
                checked += 1
        pool = playable(legal)
        m.submit(pool[pick.randint(0, len(pool) - 1)])
    assert full and checked > 5


def test_a_movement_memo_lets_its_oldest_entry_go_first_and_one_at_a_time():
    memo = Kept()
    for k in range(5):
        keep(memo, ("k", k), k, 3)
        assert len(memo) == min(k + 1, 3)
    assert list(memo) == [("k", 2), ("k", 3), ("k", 4)]
    keep(memo, ("k", 3), "again", 3)         # a key already kept: replaced, nothing goes
    assert memo == {("k", 2): 2, ("k", 3): "again", ("k", 4): 4}
    keep(memo, ("k", 5), 5, 3)               # the oldest goes, not the one just replaced
    assert list(memo) == [("k", 3), ("k", 4), ("k", 5)]
    memo.clear()
    for k in range(4):
        keep(memo, k, k, 3)
    assert memo == {1: 1, 2: 2, 3: 3}


@pytest.mark.rule("BND-53")
@pytest.mark.rule("BND-GM-25")
def test_reaches_equal_their_definition_at_every_position_of_random_play():
    """paths() cuts its answers from shared tables (a strict Dash's ends less those a position
    closes, a search's hexes less the occupied ones): at every position of seeded random games,
    with the memos emptied so each answer is made anew, each equals the plain definition,
    order included (the ends in the tables' order, then the hexes in the search's)."""
    from tests.randomplay import positions

    checked = {"strict": 0, "walk": 0}
    for seed in (3, 8):
        for m in positions("bindings", seed, 400):
            state = m.state
            cid = state.acting
            if cid is None or state.pending or state.opening is not None:
                continue
            terrain = movement._terrain(state)
            for mode in ("dash", "move", "step", None):
                terrain.reach.clear()
                ground = movement.Ground(state, cid)
                got = movement.reachable(state, cid, mode, ground)
                if not got:
                    continue
                # what reachable hands paths(): the kinds, the allowance and the Dash's origin
                if mode is None:
                    kinds = frozenset(movement._modes_now(state, cid))
                    allowance = movement.available(state, cid)
                    origin = movement._dash_origin(state, cid) or ground.start
                elif mode == "step":
                    kinds, allowance, origin = frozenset({"step"}), 1, ground.start
                else:
                    kinds, allowance = movement.start_allowance(state, cid, mode)
                    origin = ground.start
                swim, land = "swim" in kinds, bool(kinds - {"swim"})
                start, occ, shut = ground.start, ground.occ, ground.shut
                if kinds == frozenset({"dash"}):
                    assert ground.strict
                    want = [(h, rest) for h, rest in
                            terrain.dash_ends(origin, start, allowance, swim, land)
                            if h not in occ and shut.isdisjoint(rest)]
                    checked["strict"] += 1
                else:
                    searched = terrain.searches.get((start, ground.shut_key, swim, land))
                    assert searched is not None and searched[0] >= allowance
                    costs = searched[1]
                    want = [(h, got[h]) for h, cost in costs.items()
                            if cost <= allowance and h != start and h not in occ]
                    checked["walk"] += 1
                assert list(got.items()) == want, (seed, len(m.log), mode)
    assert checked["strict"] > 20 and checked["walk"] > 100

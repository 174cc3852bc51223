"""Gems bots fight: the travel cost finds the way round a wall and over a river where the
straight line does not, a bot crosses to an enemy and strikes her, and it strikes the enemy it
can finish. Small seeded positions (seconds), never strength statistics: those are the
benchmark's (`python -m benchmarks.ai_gems`)."""
from __future__ import annotations

from game.engine.actions import EndTurn
from game.engine.ai.base import make_bot
from game.engine.ai.runner import ask_bot
from game.engine.match import Match
from game.engine.rules import MatchConfig
from game.engine.systems.gems import ai, travel
from game.engine.systems.gems import events as gev

LEGEND = {".": {}, "~": {"water": True}, "#": {"solid": True}}
# a wall down the middle with one gap at the bottom, and a river beyond it
WALLED = {"rows": ["....#.~~....",
                   "....#.~~....",
                   "....#.~~....",
                   "....#.~~....",
                   "......~~...."], "legend": LEGEND}
PLAIN = {".": {}}
FOE = {"blocking": False, "disarming": False, "abilities": [], "held": [], "weapons": []}


def _match(grid: dict, units: list[dict], seed: int = 1) -> Match:
    return Match.new(MatchConfig("gems", seed, setup={"grid": grid, "units": units}))


def test_travel_goes_round_the_wall_where_the_straight_line_does_not():
    m = _match(WALLED, [
        {"id": "garnet", "sheet": "garnet", "side": 0, "x": 3, "y": 0},
        {"id": "onyx", "sheet": "jasper", "side": 1, "x": 10, "y": 0}])
    s = m.state
    g, e = s.units["garnet"], s.units["onyx"]
    here = travel.slots_to_strike(s, g, e, 1)
    # beside the wall, the gap four rows down: more than one Move to get round, none through
    assert here > 1.5
    g.x, g.y = 3, 4                 # at the gap: closer by the travel cost, not by the line
    assert travel.slots_to_strike(s, g, e, 1) < here
    g.x, g.y = 9, 0                 # in reach: nothing to travel
    assert travel.slots_to_strike(s, g, e, 1) == 0.0


def test_a_climb_costs_a_slot():
    grid = {"rows": ["......"] * 3, "legend": PLAIN,
            "elevation": ["001111", "001111", "001111"]}
    m = _match(grid, [
        {"id": "garnet", "sheet": "garnet", "side": 0, "x": 0, "y": 1},
        {"id": "onyx", "sheet": "jasper", "side": 1, "x": 5, "y": 1}])
    s = m.state
    g, e = s.units["garnet"], s.units["onyx"]
    # two level steps and three on the ledge are free steps of Moves (MS 4), the climb a slot
    cost = travel.slots_to_strike(s, g, e, 1)
    assert 1.0 < cost < 2.5


def test_normal_goes_round_the_wall_crosses_the_river_and_strikes():
    m = _match(WALLED, [
        {"id": "garnet", "sheet": "garnet", "side": 0, "x": 1, "y": 1},
        {"id": "idle", "sheet": "jasper", "side": 1, "x": 10, "y": 1, "overrides": FOE}], seed=3)
    bot = make_bot("gems", "normal")
    struck = False
    for _ in range(200):
        if m.over or struck:
            break
        d = m.decision
        if d.seat == 1 and d.stage == "act":
            m.submit(EndTurn())          # the enemy waits where she is
            continue
        out = m.submit(ask_bot(m, bot, d.seat))
        struck = any(isinstance(e, gev.ArmAssigned) and tuple(e.target) == (
            m.state.units["idle"].x, m.state.units["idle"].y) for e in out.events)
    assert struck, "garnet never struck the enemy across the wall and the river"
    assert m.state.round <= 6


def test_normal_strikes_the_enemy_it_can_finish():
    units = [{"id": "garnet", "sheet": "garnet", "side": 0, "x": 3, "y": 2,
              "overrides": {"abilities": []}}]
    for uid, x, hp in (("west", 2, 20), ("east", 4, 3)):
        units.append({"id": uid, "sheet": "jasper", "side": 1, "x": x, "y": 2,
                      "overrides": {**FOE, "hp": hp, "max_hp": 20}})
    m = _match({"rows": ["........"] * 5, "legend": PLAIN}, units, seed=2)
    for _ in range(20):
        if m.state.acting == "garnet" and not m.state.pending:
            break
        m.submit(EndTurn())
    bot = make_bot("gems", "normal")
    for _ in range(6):
        action = ask_bot(m, bot, 0)
        if hasattr(action, "target") and action.kind == "gems.assign_arm":
            assert tuple(action.target) == (4, 2)         # the one a hit may poof
            return
        m.submit(action)
    raise AssertionError("normal never aimed an arm")


def test_approach_is_charged_to_the_evaluating_side_only():
    m = _match({"rows": ["...................."] * 3, "legend": PLAIN}, [
        {"id": "garnet", "sheet": "garnet", "side": 0, "x": 0, "y": 1},
        {"id": "onyx", "sheet": "jasper", "side": 1, "x": 19, "y": 1}])
    s = m.state
    before = ai.evaluate(s, 0)
    s.units["garnet"].x = 4
    m.edited()
    # her step toward the enemy is a step toward her for the enemy too: charged to both sides
    # the two cancelled and a bot never advanced; charged to her own side it is worth a Move
    assert ai.evaluate(s, 0) - before == ai.TRAVEL * 1.0


def test_late_in_the_fight_a_point_struck_outweighs_a_point_mended():
    # from LATE_ROUND on, normal counts its own gems' hit points at OWN_HP of an enemy's:
    # counted alike, a healer at the front mended as gladly as she struck and the fight ran
    # into the round limit (the Quarry, benchmarks/ai_gems.py); before it, alike
    m = _match({"rows": ["........"] * 3, "legend": PLAIN}, [
        {"id": "garnet", "sheet": "garnet", "side": 0, "x": 3, "y": 1,
         "overrides": {"hp": 12, "max_hp": 20}},
        {"id": "foe", "sheet": "jasper", "side": 1, "x": 4, "y": 1,
         "overrides": {**FOE, "hp": 12, "max_hp": 20}}])
    s = m.state

    def mended_and_struck() -> tuple[float, float]:
        before = ai.evaluate(s, 0)
        s.units["garnet"].hp += 5
        mended = ai.evaluate(s, 0) - before
        s.units["garnet"].hp -= 5
        s.units["foe"].hp -= 5
        struck = ai.evaluate(s, 0) - before
        s.units["foe"].hp += 5
        return mended, struck

    mended, struck = mended_and_struck()
    assert s.round < ai.LATE_ROUND and abs(mended - struck) < 1e-9 and mended > 0
    s.round = ai.LATE_ROUND
    m.edited()
    mended, struck = mended_and_struck()
    assert 0 < mended < struck

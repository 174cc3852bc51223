"""Gems bots: legal choices only, the match untouched while they think, sound answers to every
pending stage, real attacks when an enemy is in reach, and the normal bot beating random play."""
from __future__ import annotations

import copy

import pytest

from game.engine.actions import EndTurn
from game.engine.ai.base import make_bot, run_thinking
from game.engine.ai.runner import ask_bot, bot_rng, play_match, run_match
from game.engine.match import Match
from game.engine.rules import MatchConfig
from game.engine.systems.gems import actions as A
from game.engine.systems.gems import ai
from game.engine.systems.gems import events as gev
from tests.thinking import stepped_play

OPEN = {"rows": ["........"] * 6}


def _config(seed: int, units: list[dict], grid: dict | None = None) -> MatchConfig:
    return MatchConfig("gems", seed, setup={"grid": grid or OPEN, "units": units})


def _skirmish(seed: int) -> MatchConfig:
    return _config(seed, [
        {"id": "garnet", "sheet": "garnet", "side": 0, "x": 1, "y": 1},
        {"id": "jasper", "sheet": "jasper", "side": 0, "x": 1, "y": 4},
        {"id": "onyx", "sheet": "onyx", "side": 1, "x": 6, "y": 1},
        {"id": "larimar", "sheet": "larimar", "side": 1, "x": 6, "y": 4}])


def _until_turn_of(m: Match, uid: str) -> None:
    for _ in range(20):
        if m.state.acting == uid and not m.state.pending:
            return
        m.submit(EndTurn())
    raise AssertionError(f"{uid} never got a turn")


@pytest.mark.parametrize("difficulty", ["easy", "normal", "hard"])
def test_bots_choose_legal_and_leave_the_match_alone(difficulty):
    m = Match.new(_skirmish(3))
    bot = make_bot("gems", difficulty)
    seen_stages = set()
    for _ in range(60 if difficulty != "hard" else 25):
        if m.over:
            break
        d = m.decision
        seen_stages.add(d.stage)
        rng_before = m.rng.to_json()
        state_before = m.system.state_to_json(m.state)
        action = bot.choose(m.view(d.seat), m.legal_actions(), bot_rng(m, d.seat))
        assert action in m.legal_actions()
        assert m.rng.to_json() == rng_before               # never the match generator
        assert m.system.state_to_json(m.state) == state_before   # the live view is untouched
        m.submit(action)
    assert "act" in seen_stages


def test_same_seed_same_game():
    bots = lambda: [make_bot("gems", "normal"), make_bot("gems", "random")]  # noqa: E731
    a = play_match(_skirmish(5), bots(), 120)
    b = play_match(_skirmish(5), bots(), 120)
    assert a == b and a["actions"] > 0


def test_normal_strikes_an_enemy_in_reach():
    m = Match.new(_config(2, [
        {"id": "garnet", "sheet": "garnet", "side": 0, "x": 3, "y": 2},
        {"id": "onyx", "sheet": "onyx", "side": 1, "x": 4, "y": 2, "overrides": {"hp": 6}}]))
    _until_turn_of(m, "garnet")
    bot = make_bot("gems", "normal")
    aimed = []
    while m.state.acting == "garnet" and not m.over:
        d = m.decision
        action = ask_bot(m, bot, d.seat) if d.seat == 0 else ask_bot(m, make_bot("gems", "normal"), d.seat)
        out = m.submit(action)
        aimed += [e for e in out.events if isinstance(e, gev.ArmAssigned)]
    assert aimed and all(tuple(e.target) == (4, 2) for e in aimed)


def test_counters_are_all_rolled_and_blocks_stop_the_most_damage():
    m = Match.new(_config(4, [
        {"id": "garnet", "sheet": "garnet", "side": 0, "x": 3, "y": 2,
         "overrides": {"held": ["hardlight_blade"], "cpr": 3, "disarming": False}},
        {"id": "larimar", "sheet": "larimar", "side": 1, "x": 4, "y": 2,
         "overrides": {"blocking": True, "held": ["buckler"], "cpr": 0, "abilities": []}}]))
    _until_turn_of(m, "garnet")
    m.submit(A.Ready("garnet"))
    m.submit(A.AssignArm("garnet", 0, (4, 2), "melee"))     # the blade: 3 damage
    m.submit(A.AssignArm("garnet", 1, (4, 2), "melee"))     # bare hand: 2 damage
    m.force_dice([15, 14, 20])          # attacks 18 and 17 both make contact; counter 20
    m.submit(A.Strike("garnet"))
    bot = make_bot("gems", "normal")
    assert m.decision.stage == "choose_counters"
    counter = ask_bot(m, bot, 1)
    assert counter == A.Counter("larimar", 1)               # every counter roll she may make
    m.submit(counter)
    assert m.decision.stage == "assign_blocks"
    hp = m.state.units["larimar"].hp
    m.submit(ask_bot(m, bot, 1))
    assert m.state.units["larimar"].hp == hp - 2            # the blade was blocked, the hand landed


def test_disarmed_target_gives_up_the_empty_arm():
    m = Match.new(_config(6, [
        {"id": "jasper", "sheet": "jasper", "side": 0, "x": 3, "y": 2, "overrides": {"held": []}},
        {"id": "larimar", "sheet": "larimar", "side": 1, "x": 4, "y": 2,
         "overrides": {"held": ["hardlight_blade"], "blocking": False, "abilities": []}}]))
    _until_turn_of(m, "jasper")
    m.submit(A.Ready("jasper"))
    m.submit(A.AssignArm("jasper", 0, (4, 2), "melee"))
    m.force_dice([5])                   # a miss, yet 7 > 0 disarms as written (GEM-33)
    m.submit(A.Strike("jasper"))
    assert m.decision.stage == "choose_lost_arm"
    choice = ask_bot(m, make_bot("gems", "normal"), 1)
    assert choice == A.ChooseLostArm("larimar", 1)          # arm 0 holds the blade


def test_evaluate_dislikes_water_and_likes_hp():
    grid = {"rows": ["........", ".~~~~~..", ".~~~~~..", ".~~~~~..", "........"],
            "legend": {".": {}, "~": {"water": True, "current_dir": "E"}}}
    units = lambda x, y: [{"id": "garnet", "sheet": "garnet", "side": 0, "x": x, "y": y},  # noqa: E731
                          {"id": "onyx", "sheet": "onyx", "side": 1, "x": 6, "y": 3}]
    wet = Match.new(_config(1, units(3, 2), grid)).state
    dry = Match.new(_config(1, units(3, 0), grid)).state
    assert ai.surrounded_by_water(wet, wet.units["garnet"])
    assert not ai.surrounded_by_water(dry, dry.units["garnet"])
    hurt = copy.deepcopy(dry)
    hurt.units["garnet"].hp -= 5
    assert ai.evaluate(hurt, 0) < ai.evaluate(dry, 0)
    assert ai.evaluate(hurt, 1) > ai.evaluate(dry, 1)


def test_no_shatter_unless_the_house_allows():
    bot = make_bot("gems", "normal")
    m = Match.new(_skirmish(1))
    value, _ = run_thinking(bot._score(m.state, A.Shatter("garnet", "nothing"), 0,
                                       bot_rng(m, 0)))
    assert value <= -ai.WIN / 2


def test_normal_beats_random():
    """A small sample of the evaluate figure (the full 50-game run is reported, not tested)."""
    wins = 0
    for seed in range(1, 11):
        seat = seed % 2
        bots = [make_bot("gems", "random"), make_bot("gems", "random")]
        bots[seat] = make_bot("gems", "normal")
        summary = run_match(Match.new(_skirmish(seed)), bots, 1500)
        wins += summary["winner"] == seat
    assert wins >= 8


def test_the_bot_thinks_in_slices_of_one_strike_each(monkeypatch):
    """A client that cannot start the AI process steps the bot's `think` a slice a frame. A
    decision weighs many strikes (each aimed arm of each candidate Ready Action, and the
    follow-up strike after each move), and an exact count of a big strike's dice takes
    milliseconds: a slice weighs one strike at most. Stepped or run in one go, the bot makes
    the same choices (a twin fed the same positions)."""
    strikes = [0]
    real = ai.forecast

    def counted(state, action):
        if action.kind in ("gems.assign_arm", "gems.strike"):
            strikes[0] += 1
        return real(state, action)

    monkeypatch.setattr(ai, "forecast", counted)
    most_in_slice, most_in_decision = stepped_play("gems", 1, 60, strikes)
    assert most_in_decision >= 5          # decisions that weigh many strikes were met
    assert most_in_slice == 1             # and no slice weighed more than one


def test_travel_ahead_works_out_every_field_the_evaluation_asks_for():
    """A bot thinking in slices works out the travel fields before its first dry run, an enemy
    a slice; the position's evaluation then finds every field it needs already there (on the
    river map the sides start far apart, so every gem needs one per enemy)."""
    from game.engine.ai.runner import example_match
    from game.engine.systems.gems import travel

    m = Match.new(example_match("gems", 1, "gems_riverbend.tmx"))
    state, side = m.state, m.decision.seat
    travel._FIELDS.clear()
    slices = sum(1 for _ in ai.travel_ahead(state, side))
    worked_out = dict(travel._FIELDS)
    assert slices >= 2 and len(worked_out) == slices
    ai.evaluate(state, side)
    assert travel._FIELDS == worked_out                  # nothing new: all were ahead

"""The bot base: surrender left aside, noise and random picks that depend only on the bot's own
generator, and dry runs through a throwaway Match (refusals are None, the state untouched)."""
from __future__ import annotations

import copy

from game.engine.actions import Concede, EndTurn
from game.engine.match import Match
from game.engine.rng import Rng
from game.engine.tactics import bots
from tests.contract import toy


def test_surrender_is_dropped_unless_it_is_the_only_choice():
    assert bots.playable([Concede(0), EndTurn()]) == [EndTurn()]
    assert bots.playable([Concede(1)]) == [Concede(1)]


def test_noise_is_deterministic_for_the_same_stream_and_bounded():
    bot = bots.BotBase("easy", noise=4.0)
    a = [bot.noisy(10.0, r) for r in [Rng.from_seed(5)] for _ in range(50)]
    b = [bot.noisy(10.0, r) for r in [Rng.from_seed(5)] for _ in range(50)]
    assert a == b
    assert all(6.0 <= v <= 14.0 for v in a) and len(set(a)) > 10
    quiet = bots.BotBase("normal")
    r = Rng.from_seed(5)
    before = r.state
    assert quiet.noisy(10.0, r) == 10.0 and r.state == before     # no noise, no draw


def test_random_picks_follow_the_rate_and_the_stream():
    legal = list(range(10))
    never, always = bots.BotBase("n"), bots.BotBase("a", random_rate=1.0)
    r = Rng.from_seed(3)
    assert never.random_pick(legal, r) is None and r.state == Rng.from_seed(3).state
    picks = [always.random_pick(legal, Rng.from_seed(s)) for s in range(40)]
    assert all(p in legal for p in picks) and len(set(picks)) > 3
    assert picks == [always.random_pick(legal, Rng.from_seed(s)) for s in range(40)]


def test_a_dry_run_goes_through_submit_and_leaves_the_position_alone():
    with toy.registered() as system:
        match = Match.new(system.example_config(1))
        before = copy.deepcopy(match.state)
        rng = Rng.from_seed(9)
        tried = bots.dry_run(system, match.state, toy.RollDie(0), rng)
        assert tried.state is not None and tried.state.rolled and tried.events
        assert match.state == before                         # the bot's view is untouched
        assert rng.state != Rng.from_seed(9).state           # the die drew on the bot's stream
        twin = Rng.from_seed(9)
        again = bots.dry_run(system, match.state, toy.RollDie(0), twin)
        assert again.state == tried.state and twin == rng     # same stream, same outcome
        refused = bots.dry_run(system, match.state, toy.Step(1), Rng.from_seed(9))
        assert refused.state is None and "seat" in refused.refusal

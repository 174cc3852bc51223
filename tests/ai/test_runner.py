"""The generic runners: deterministic summaries, legal choices only, the match rng untouched."""
from __future__ import annotations

import copy
import json

import pytest

from game.cli import autoplay, evaluate
from game.engine.ai import base
from game.engine.ai.base import RandomBot, make_bot, run_thinking, think
from game.engine.ai.runner import BotError, bot_rng, play_match, run_match
from game.engine.match import Match
from game.engine.rules import MatchConfig
from tests.contract import toy


class Spy:
    """Records what the bot was shown and checks each choice is among the legal actions."""

    name = "spy"

    def __init__(self):
        self.inner = RandomBot()
        self.calls = []

    def choose(self, view, legal, rng):
        self.calls.append((copy.deepcopy(view), list(legal)))
        action = self.inner.choose(view, legal, rng)
        assert action in legal
        return action


def _config(seed: int) -> MatchConfig:
    return MatchConfig(toy.SYSTEM_ID, seed, setup={"goal": 12})


def test_same_seed_same_summary(toy_system):
    a = play_match(_config(5), [RandomBot(), RandomBot()], 500)
    b = play_match(_config(5), [RandomBot(), RandomBot()], 500)
    assert a == b
    assert a["finished"] and a["winner"] in (0, 1)
    assert a["actions"] == sum(s["actions"] for s in a["seats"].values())
    assert a["rounds"] >= 1


def test_different_seeds_differ(toy_system):
    digests = {play_match(_config(s), [RandomBot(), RandomBot()], 500)["digest"] for s in range(6)}
    assert len(digests) > 1


def test_bots_see_only_their_view(toy_system):
    spies = [Spy(), Spy()]
    m = Match.new(MatchConfig(toy.SYSTEM_ID, 3, setup={"goal": 12, "secrets": [2, 5]}))
    run_match(m, spies, 300)
    assert spies[0].calls and spies[1].calls
    # toy views hide the other seat's secret until peeked: seat 0's first view must not show it
    first_view, _ = spies[0].calls[0]
    assert first_view["secrets"] == [2, None]
    for seat, spy in enumerate(spies):
        for view, legal in spy.calls:
            assert legal and all(getattr(a, "seat", seat) == seat for a in legal)


def test_choose_never_touches_the_match_rng(toy_system):
    m = Match.new(_config(9))
    before = m.rng.to_json()
    for difficulty in ("random", "easy", "normal", "hard"):
        bot = make_bot(toy.SYSTEM_ID, difficulty)
        bot.choose(m.view(0), m.legal_actions(), bot_rng(m, 0))
    assert m.rng.to_json() == before


def test_bot_rng_depends_on_seat_and_position(toy_system):
    m = Match.new(_config(9))
    r0, r1 = bot_rng(m, 0), bot_rng(m, 1)
    assert [r0.randint(1, 10**6) for _ in range(3)] != [r1.randint(1, 10**6) for _ in range(3)]
    again = bot_rng(m, 0)
    first = bot_rng(m, 0).randint(1, 10**6)
    assert again.randint(1, 10**6) == first
    before = bot_rng(m, 0).to_json()
    m.submit(toy.Step(0))                  # no dice: the match rng is unchanged, the log grew
    assert bot_rng(m, 0).to_json() != before


def test_illegal_choice_is_reported(toy_system):
    class Cheat:
        name = "cheat"

        def choose(self, view, legal, rng):
            return toy.Step(1 - view["seat"])

    with pytest.raises(BotError, match="cheat.*not legal"):
        play_match(_config(1), [Cheat(), Cheat()], 10)


def test_action_cap_stops_unfinished(toy_system):
    class Stepper:
        name = "stepper"

        def choose(self, view, legal, rng):
            return legal[-1]          # EndTurn forever: nobody ever wins

    s = play_match(_config(1), [Stepper(), Stepper()], 20)
    assert not s["finished"] and s["winner"] is None and s["actions"] == 20
    assert "20 actions" in s["reason"]


def test_invariant_check_runs(toy_system, monkeypatch):
    monkeypatch.setattr(toy_system, "check_invariants", lambda state: ["broken on purpose"])
    s = play_match(_config(1), [RandomBot(), RandomBot()], 50, check_invariants=True)
    assert s["problems"] == ["broken on purpose"] and s["actions"] == 1


def test_think_generator_matches_choose(toy_system):
    m = Match.new(_config(4))
    bot = RandomBot()
    direct = bot.choose(m.view(0), m.legal_actions(), bot_rng(m, 0))
    sliced = run_thinking(think(bot, m.view(0), m.legal_actions(), bot_rng(m, 0)))
    assert direct == sliced


def test_a_bot_that_only_chooses_thinks_in_one_step(toy_system):
    m = Match.new(_config(4))

    class Last(base.Bot):
        name = "last"

        def choose(self, view, legal, rng):
            return legal[-1]

    gen = think(Last(), m.view(0), m.legal_actions(), bot_rng(m, 0))
    assert next(gen) is None                      # one slice of work, then the answer
    with pytest.raises(StopIteration) as done:
        next(gen)
    assert done.value.value == m.legal_actions()[-1]
    with pytest.raises(NotImplementedError):
        base.Bot().choose(m.view(0), m.legal_actions(), bot_rng(m, 0))


def test_every_registered_bot_is_a_bot():
    from game.engine import registry
    for system in registry.all_systems():
        for difficulty in base.difficulties(system.id):
            assert isinstance(make_bot(system.id, difficulty), base.Bot), (system.id, difficulty)


def test_make_bot_falls_back(toy_system):
    assert isinstance(make_bot(toy.SYSTEM_ID, "hard"), RandomBot)   # toy has no bots of its own
    assert base.difficulties(toy.SYSTEM_ID) == ["random"]


def test_autoplay_cli_is_deterministic(toy_system, capsys):
    assert autoplay.main(["--system", toy.SYSTEM_ID, "--seed", "3", "--difficulty", "random"]) == 0
    first = capsys.readouterr().out
    assert autoplay.main(["--system", toy.SYSTEM_ID, "--seed", "3", "--difficulty", "random"]) == 0
    second = capsys.readouterr().out
    assert first == second
    data = json.loads(first)
    assert {"winner", "rounds", "actions", "finished"} <= set(data)


def test_autoplay_unknown_system(capsys):
    assert autoplay.main(["--system", "no_such_system", "--seed", "1"]) == 2
    assert "no_such_system" in capsys.readouterr().err


def test_evaluate_json(toy_system, capsys):
    assert evaluate.main(["--system", toy.SYSTEM_ID, "--opponent", "random", "--difficulty",
                          "random", "--games", "6", "--seed", "2", "--details"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 6
    assert data["wins"] + data["losses"] + data["draws"] + data["unfinished"] == 6
    assert data["win_rate"] == round(data["wins"] / 6, 4)
    assert [r["seat"] for r in data["results"]] == [0, 1, 0, 1, 0, 1]
    assert [r["seed"] for r in data["results"]] == list(range(2, 8))


def test_gems_autoplay_and_evaluate_commands(capsys):
    args = ["--system", "gems", "--seed", "2", "--max-actions", "40"]
    assert autoplay.main(args) == 0
    first = capsys.readouterr().out
    assert autoplay.main(args) == 0
    assert capsys.readouterr().out == first
    assert json.loads(first)["actions"] == 40
    assert evaluate.main(["--system", "gems", "--games", "2", "--seed", "1",
                          "--max-actions", "30"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 2 and data["opponent"] == "random" and data["unfinished"] == 2
    assert data["win_rate"] == 0.0


def test_selftest_fails_a_match_that_does_not_finish(capsys):
    """A match cut off by --max-actions is a failure, not a pass: selftest promises whole games."""
    from game.cli import selftest
    assert selftest.main(["--max-actions", "20", "--no-process"]) == 1
    out = capsys.readouterr().out
    assert "FAIL gems: 20 actions" in out and "stopped after 20 actions" in out


def test_selftest_passes_with_whole_games_and_the_client(capsys):
    from game.cli import selftest
    assert selftest.main(["--client"]) == 0
    out = capsys.readouterr().out
    assert "ok   gems" in out and "ok   gemwielders" in out and "ok   bindings" in out
    assert "ok   gu_masters" in out and "ok   ai process" in out
    assert ("ok   client: drew battle_forecast, bindings_pass, card_table, gu_masters_battle, "
            "new_match, rpgstuck_battle, title" in out
            and "FAIL" not in out)

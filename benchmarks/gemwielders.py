"""The Gemwielders section of `make bench`: the card game's engine and AI speed (issue goals).

Owns: the measurements of random-legal play (actions per second, set-up included), the cost of
`legal_actions` per call (median, p95, max), of `submit` per action and of a seat's `view`, and
of normal-against-normal AI games (games per second), every figure CPU time of this thread.

Must not: change a rule or a bot to look faster, or measure anything but the public engine
entry points (`Match`, the system object, `play_match`): the figures are what the client, the
bots and a balance run pay.
"""
from __future__ import annotations

import random

from benchmarks.report import Row, cpu, median, percentile
from game.engine.ai.base import make_bot, playable
from game.engine.ai.runner import example_match, play_match
from game.engine.match import Match

SECTION = "engine"
SYSTEM = "gemwielders"


def _warm_up() -> None:
    """Import the systems and load the content before any clock runs (a one-off cost)."""
    play_match(example_match(SYSTEM, 0), [make_bot(SYSTEM, "normal"), make_bot(SYSTEM, "normal")])


def random_play(games: int) -> tuple[float, list[float], list[float], list[float]]:
    """Random-legal games from set-up to the end, the loop a balance run or a fuzz test runs:
    (actions per second of the plain loop, then, from a second pass over the same games,
    legal_actions seconds per call, submit seconds per action, view seconds per call)."""
    total = 0
    t0 = cpu()
    for seed in range(games):
        m = Match.new(example_match(SYSTEM, seed, difficulties=("random", "random")))
        pick = random.Random(seed)
        while not m.over:
            m.submit(pick.choice(playable(m.legal_actions())))
            total += 1
    rate = total / max(cpu() - t0, 1e-9)
    legal: list[float] = []
    submit: list[float] = []
    view: list[float] = []
    for seed in range(games):
        m = Match.new(example_match(SYSTEM, seed, difficulties=("random", "random")))
        pick = random.Random(seed)
        system = m.system
        while not m.over:
            t = cpu()
            system.legal_actions(m.state)        # uncached: what one position costs
            legal.append(cpu() - t)
            t = cpu()
            system.view(m.state, m.decision.seat)
            view.append(cpu() - t)
            action = pick.choice(playable(m.legal_actions()))
            t = cpu()
            m.submit(action)
            submit.append(cpu() - t)
    return rate, legal, submit, view


def ai_games(games: int) -> float:
    """Normal against normal, whole games through play_match: games per second."""
    t0 = cpu()
    for seed in range(games):
        play_match(example_match(SYSTEM, seed),
                   [make_bot(SYSTEM, "normal"), make_bot(SYSTEM, "normal")])
    return games / max(cpu() - t0, 1e-9)


def rows(quick: bool) -> list[Row]:
    _warm_up()
    rate, legal, submit, view = random_play(8 if quick else 60)
    gps = ai_games(10 if quick else 100)
    us = 1e6
    return [
        Row(SECTION, "gemwielders random-legal play", rate, "actions/s", 20_000, "higher",
            note="set-up included"),
        Row(SECTION, "gemwielders legal_actions per call, p95", percentile(legal, 0.95) * us,
            "us", 1000, note=f"median {median(legal) * us:.1f} us, n={len(legal)}"),
        Row(SECTION, "gemwielders legal_actions per call, max", max(legal, default=0.0) * us,
            "us", 5000),
        Row(SECTION, "gemwielders submit per action, median", median(submit) * us, "us", 100,
            note=f"p95 {percentile(submit, 0.95) * us:.0f} us"),
        Row(SECTION, "gemwielders view per call, median", median(view) * us, "us", 100,
            note=f"p95 {percentile(view, 0.95) * us:.0f} us; a bot's and the table's copy"),
        Row("ai", "gemwielders AI against AI (normal)", gps, "games/s", 50, "higher"),
    ]

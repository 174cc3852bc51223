"""gu_masters bots: every choice over a whole seeded game is legal, a hit is answered with the
reaction most likely to stop it, and an autoplay game comes to an end."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from game.engine.ai.base import make_bot
from game.engine.ai.runner import ask_bot
from game.engine.match import Match
from game.engine.rng import Rng
from game.engine.systems.gu_masters import odds
from game.engine.systems.gu_masters.actions import DODGE, PARRY, TAKE, React
from game.engine.systems.gu_masters.ai import GuBot
from game.engine.systems.gu_masters.reactions import PARRY_PENALTY
from game.engine.systems.gu_masters.system import GU_MASTERS


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_bot_only_ever_plays_legal_actions_over_a_seeded_game(level):
    m = Match.new(GU_MASTERS.example_config(3))
    bots = [make_bot("gu_masters", level), make_bot("gu_masters", "normal")]
    assert isinstance(bots[0], GuBot)
    while not m.over and len(m.log) < 1500:
        seat = m.decision.seat
        action = ask_bot(m, bots[seat], seat)
        assert action in m.legal_actions()
        m.submit(action)
    assert m.over


@pytest.mark.rule("GU-79", "GU-81", "GU-86")
def test_a_hit_is_answered_with_the_reaction_most_likely_to_stop_it():
    m = Match.new(GU_MASTERS.example_config(1))
    view = m.view(0)
    me = next(c for c in view.creatures.values() if c.side == 0)
    offered = [React(me.id, DODGE), React(me.id, PARRY), React(me.id, TAKE)]
    dodge = odds.p_success(odds.Check(me.skills["Dodge"], 0))
    parry = odds.p_success(odds.Check(me.skills["Close Combat"], PARRY_PENALTY))
    best = DODGE if dodge > parry + 0.02 else PARRY
    assert GuBot("t").choose(view, offered, Rng.from_seed(1)).reaction == best
    me.skills["Dodge"], me.skills["Close Combat"] = 90, 10
    assert GuBot("t").choose(view, offered, Rng.from_seed(1)).reaction == DODGE
    me.skills["Dodge"], me.skills["Close Combat"] = 10, 90
    assert GuBot("t").choose(view, offered, Rng.from_seed(1)).reaction == PARRY
    assert GuBot("t").choose(view, offered[2:], Rng.from_seed(1)).reaction == TAKE


def test_autoplay_ends_a_game():
    out = subprocess.run([sys.executable, "-m", "game", "autoplay", "--system", "gu_masters",
                          "--seed", "2"], capture_output=True, text=True, check=True, timeout=300)
    summary = json.loads(out.stdout.strip().splitlines()[-1])
    assert summary["finished"] is True


@pytest.mark.rule("GU-81", "GU-86", "GU-X-05")
def test_a_roll_no_answer_can_beat_is_taken_and_the_reaction_kept():
    from game.engine.tactics.pending import Pending
    from game.engine.systems.gu_masters.reactions import REACT_STAGE
    m = Match.new(GU_MASTERS.example_config(1))
    view = m.view(0)
    me = next(c for c in view.creatures.values() if c.side == 0)
    offered = [React(me.id, DODGE), React(me.id, PARRY), React(me.id, TAKE)]
    blow = {"attacker": "x", "target": me.id, "rolled": True, "raw": 1, "dos": 9, "melee": True}
    view.pending.append(Pending(REACT_STAGE, 0, me.id, blow))
    assert GuBot("t").choose(view, offered, Rng.from_seed(1)).reaction == TAKE
    view.pending[-1].data = {**blow, "raw": 44, "dos": 1}      # a bare hit: worth answering
    assert GuBot("t").choose(view, offered, Rng.from_seed(1)).reaction in (DODGE, PARRY)


def test_the_bot_thinks_in_slices_of_an_action_weighed(monkeypatch):
    """A client that cannot start the AI process steps the bot's `think` a slice a frame. An
    own turn weighs every strike, damage Gu, buff, heal, shield and dive by the engine's
    forecasts (each lands the blow on copies of the position); a slice weighs one action, so no
    frame waits on a whole turn's forecasts. Stepped or run in one go, the bot makes the same
    choices (a twin fed the same positions)."""
    from game.engine.systems.gu_masters import forecast
    from tests.thinking import counted, stepped_play

    landings = counted(monkeypatch, forecast, "landing")
    most_in_slice, most_in_decision = stepped_play("gu_masters", 1, 160, landings)
    assert most_in_decision >= 12         # turns that weigh many blows were met
    assert most_in_slice <= 8             # and a slice weighed only one action's blows

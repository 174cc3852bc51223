"""rpgstuck bots and the house table: a seeded game against random play is won, bots decide from
the seat's redacted view, and every game-master call and unclear passage is a table option."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.engine.ai.base import RandomBot, make_bot
from game.engine.ai.runner import ask_bot
from game.engine.match import Match
from game.engine.rng import Rng
from game.engine.systems.rpgstuck import RPGSTUCK
from game.engine.systems.rpgstuck.actions import Block
from tests.thinking import counted, stepped_play
from game.engine.systems.rpgstuck.ai import RpgBot
from game.engine.systems.rpgstuck.house import HOUSE_RULES
from tests.rpgstuck.engine_helpers import battle

README = Path(__file__).resolve().parents[2] / "game/engine/systems/rpgstuck/README.md"


@pytest.mark.rule("RS-B-27")
@pytest.mark.parametrize("seed", [1, 2])
def test_the_normal_bot_beats_random_play(seed):
    RPGSTUCK.load_bots()
    m = Match.new(RPGSTUCK.example_config(seed))
    bot = make_bot("rpgstuck", "normal")
    assert isinstance(bot, RpgBot)
    players = {0: bot, 1: RandomBot()}
    while not m.over:
        seat = m.decision.seat
        m.submit(ask_bot(m, players[seat], seat))
        assert len(m.log) < 3000
    assert m.winner == 0


@pytest.mark.rule("RS-B-12")
def test_the_bot_blocks_when_offered():
    m = battle([("imp", "imp", 1, 2, 1), ("knight", "knight", 0, 1, 1)])
    m.submit(next(a for a in m.legal_actions() if a.kind == "rs.attack"))
    choice = RpgBot("t").choose(m.view(0), m.legal_actions(), Rng.from_seed(1))
    assert choice == Block("knight", True)


@pytest.mark.rule("RS-99")
def test_a_bot_is_handed_the_view_without_unseen_enemies():
    rows = ["..........",
            "....#.....",
            "....#.....",
            "....#.....",
            ".........."]
    m = battle([("knight", "knight", 0, 1, 2), ("imp", "imp", 1, 7, 2)], rows=rows)
    seen: list = []

    class Spy(RpgBot):
        def choose(self, view, legal, rng):
            seen.append(set(view.creatures))
            return super().choose(view, legal, rng)
    ask_bot(m, Spy("spy"), 0)
    assert seen == [{"knight"}]


def test_every_house_rule_names_a_checklist_call_and_the_readme_lists_it():
    text = README.read_text(encoding="utf-8")
    for h in HOUSE_RULES:
        assert re.fullmatch(r"RS-(SM|AMB|B)-\d\d", h.rule), h.rule
        assert h.validate(h.default) == h.default
        assert f"`{h.id}`" in text, f"{h.id} is not in the README's house rule table"
    calls = {h.rule for h in HOUSE_RULES}
    for n in (1, 3, 4, 5, 6, 7, 9, 10, 13, 14, 16, 18, 20, 21):     # SM-02 goes with SM-01
        assert f"RS-SM-{n:02d}" in calls
    for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 17, 19, 20, 21, 23):
        assert f"RS-AMB-{n:02d}" in calls


def test_the_bot_thinks_in_slices_and_a_slice_walks_the_board_a_few_times_at_most(monkeypatch):
    """A client that cannot start the AI process steps the bot's `think` a slice a frame. A
    decision walks the board from many squares (walk maps to each goal, the squares no one
    sees); each slice may do only a few of those walks, so no frame waits on a whole decision.
    Stepped or run in one go, the bot makes the same choices (a twin fed the same positions)."""
    from game.engine.systems.rpgstuck import arith

    walks = counted(monkeypatch, arith, "reach")
    most_in_slice, most_in_decision = stepped_play("rpgstuck", 1, 160, walks)
    assert most_in_decision >= 6          # decisions that walk the board often were met
    assert most_in_slice <= 3             # and none of them walked it more than 3 times a slice


def test_a_walk_map_the_bot_has_not_got_is_said_to_be_long_first(monkeypatch):
    """Placing itself, the bot reads the walk map from each goal; one not yet worked out walks
    the board from there (several ms), so the bot says the step is long (LONG_STEP) and a client
    thinking in slices starts it in a slice of its own. Read from the same position again, a
    map is at hand and nothing is said."""
    import sys

    from game.engine.ai.base import LONG_STEP
    from game.engine.ai.runner import bot_rng

    said: list = [None]             # what the thinking yielded last
    reads = {"new": 0, "new_unsaid": 0, "kept": 0}
    steps = RpgBot._steps

    def watched(self, view, me, goal):
        if sys._getframe(1).f_code.co_name == "_place_score":
            if self._walked(view, me, goal):
                reads["kept"] += 1
            else:
                reads["new"] += 1
                reads["new_unsaid"] += said[0] is not LONG_STEP
        return steps(self, view, me, goal)

    monkeypatch.setattr(RpgBot, "_steps", watched)
    RPGSTUCK.load_bots()
    m = Match.new(RPGSTUCK.example_config(1))
    while not m.over and len(m.log) < 120:
        d = m.decision
        gen = make_bot("rpgstuck", "normal").think(m.view(d.seat), list(m.legal_actions()),
                                                  bot_rng(m, d.seat))
        said[0] = None
        while True:
            try:
                said[0] = next(gen)
            except StopIteration as stop:
                action = stop.value
                break
        m.submit(action)
    assert reads["new"] >= 5 and reads["kept"] >= 5     # both kinds of read were met
    assert reads["new_unsaid"] == 0

"""The card game's log names every card it mentions: a card named by id only (an effect that
resolves) keeps the name an event showed the reader, even when the card has gone face down again
by the time the line is written; it never prints an internal id such as "C58"."""
from __future__ import annotations

import re

from game.client.systems.gemwielders.presenter import GemwieldersPresenter
from game.engine.ai.base import make_bot
from game.engine.ai.runner import ask_bot, example_match
from game.engine.match import Match

RAW_ID = re.compile(r"\bC\d+\b")


def test_effect_lines_name_their_cards_for_both_readers():
    resolving = 0
    for seed in (2, 3):       # games where a revealed defense card resolved, then left the table
        m = Match.new(example_match("gemwielders", seed, difficulties=("random", "random")))
        p = GemwieldersPresenter(m)
        bot = make_bot("gemwielders", "random")
        while not m.over and len(m.log) < 400:
            events = list(m.submit(ask_bot(m, bot, m.decision.seat)).events)
            for viewer in (0, 1):
                for entry in p.log_entries(events, viewer):
                    assert not RAW_ID.search(entry.text), (seed, viewer, entry.text)
                    if " resolves (" in entry.text:
                        resolving += 1
                        assert entry.cards, entry.text       # the line links the face
                        assert "Gembearer resolves" not in entry.text     # named, not generic
    assert resolving > 0

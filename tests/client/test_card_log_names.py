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


def test_small_cards_keep_their_text_readable():
    # at 1280x720 the draft row's cards printed their effects at about 7 px; now the text
    # stays at MIN_TEXT or more and a text too long for the card ends in an ellipsis
    import pygame
    from game.client.systems.gemwielders.cards import MIN_TEXT, draw_text_block
    pygame.font.init()
    surface = pygame.Surface((120, 60))
    long = ["Reveal: if the attack uses 2 or more cards, this card gets +1 sword and more "
            "words than a small card can hold in its little text box at all"]
    used = draw_text_block(surface, pygame.Rect(0, 0, 70, 40), long, 7)
    assert used >= MIN_TEXT
    short = draw_text_block(surface, pygame.Rect(0, 0, 120, 60), ["Gain 1 power."], 14)
    assert short == 14                   # room enough: the size asked for

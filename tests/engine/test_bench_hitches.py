"""The hitches section's in-process rows: AI seats without a process (the client's fallback)
play a match a poll at a time, and every poll is timed."""
from __future__ import annotations

from benchmarks import hitches
from benchmarks.report import temporary_home


def test_in_process_seats_play_the_match_one_timed_poll_at_a_time(monkeypatch):
    from game.client import seats

    made: list = []
    real = seats.AISeat

    def recorded(*args, **kwargs):
        seat = real(*args, **kwargs)
        made.append(seat)
        return seat

    monkeypatch.setattr(seats, "AISeat", recorded)
    with temporary_home():
        polls = hitches.inline_polls("gemwielders", 25)
    assert made and all(s.mode == "inline" for s in made)       # no process was started
    assert {s.seat for s in made} == {0, 1}
    # every decision is at least one poll, each timed
    assert len(polls) >= 25 and all(p >= 0 for p in polls) and max(polls) > 0

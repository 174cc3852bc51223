"""AI seats: a real worker process answers a real match over JSON; the in-process fallback
gives the same answer; stale answers are dropped; the pacer honours the animation speed."""
from __future__ import annotations

import time

import pytest

from game.client.seats import AISeat, Pacer
from game.engine.ai.base import make_bot
from game.engine.ai.runner import ask_bot
from game.engine.match import Match
from game.engine.rules import MatchConfig
from tests.contract import toy

TOY = (toy.TOY,)      # registered at run time only: handed to the worker


def _wait(seat: AISeat, limit: float = 30.0):
    end = time.monotonic() + limit
    while time.monotonic() < end:
        action = seat.poll()
        if action is not None:
            return action
        time.sleep(0.005)
    raise AssertionError(f"no answer within {limit} s (mode {seat.mode}, notice {seat.notice!r})")


@pytest.fixture
def match(toy_system) -> Match:
    m = Match.new(MatchConfig(toy.SYSTEM_ID, 11, setup={"goal": 30}))
    m.submit(toy.RollDie(0))        # a real log to replay, dice included
    return m


def test_process_round_trip_matches_in_process(match):
    seat = AISeat(toy.SYSTEM_ID, 0, "normal", extra_systems=TOY)
    try:
        assert seat.wait_ready(30.0), seat.notice
        assert seat.mode == "process"
        seat.request(match)
        assert seat.busy
        action = _wait(seat)
        assert seat.mode == "process", seat.notice
        assert action in match.legal_actions()
        assert action == ask_bot(match, make_bot(toy.SYSTEM_ID, "normal"), 0)
        assert not seat.busy and seat.poll() is None      # answered exactly once
        # the worker reuses its match: a longer log is answered too
        match.submit(action if action != toy.RollDie(0) else toy.Step(0))
        while match.decision.seat != 0 and not match.over:
            match.submit(match.legal_actions()[-1])
        if not match.over:
            seat.request(match)
            assert _wait(seat) in match.legal_actions()
    finally:
        seat.close()
    assert seat._proc is None


def test_inline_fallback_gives_the_same_choice(match):
    seat = AISeat(toy.SYSTEM_ID, 0, "normal", use_process=False)
    assert seat.mode == "inline"
    seat.request(match)
    assert _wait(seat) == ask_bot(match, make_bot(toy.SYSTEM_ID, "normal"), 0)


def test_dead_process_falls_back(match):
    seat = AISeat(toy.SYSTEM_ID, 0, "normal", extra_systems=TOY)
    try:
        assert seat.wait_ready(30.0)
        seat._proc.kill()
        seat._proc.join(5)
        seat.request(match)
        action = _wait(seat)
        assert seat.mode == "inline" and seat.notice
        assert action in match.legal_actions()
    finally:
        seat.close()


def test_stale_request_is_dropped(match):
    seat = AISeat(toy.SYSTEM_ID, 0, "normal", use_process=False)
    seat.request(match)
    match.submit(toy.Step(0))            # the match moved on before the answer came
    assert seat.poll() is None and not seat.busy


def test_request_for_the_wrong_seat(match):
    seat = AISeat(toy.SYSTEM_ID, 1, "normal", use_process=False)
    with pytest.raises(ValueError, match="seat 1"):
        seat.request(match)


def test_pacer():
    p = Pacer(factor=1.0, base=0.5)
    assert p.ready(0.0)
    p.shown(10.0)
    assert not p.ready(10.2) and p.remaining(10.2) == pytest.approx(0.3)
    assert p.ready(10.5)
    p.shown(20.0)
    p.skip()
    assert p.ready(20.0)
    p.set_factor(0.0)                   # "instant" animation speed: no waiting at all
    p.shown(30.0)
    assert p.ready(30.0)
    p.set_factor(1.6)
    p.shown(40.0)
    assert not p.ready(40.79) and p.ready(40.8)


def test_gems_seat_process_answers_a_real_match():
    """A real worker process rebuilds a gems match from its saved-match JSON and answers with
    the same action the bot picks in-process."""
    from tests.ai.test_gems_ai import _skirmish
    m = Match.new(_skirmish(8))
    seat_no = m.decision.seat
    seat = AISeat("gems", seat_no, "normal")
    try:
        assert seat.wait_ready(30.0), seat.notice
        seat.request(m)
        action = _wait(seat, 60.0)
        assert seat.mode == "process", seat.notice
        assert action == ask_bot(m, make_bot("gems", "normal"), seat_no)
        m.submit(action)                       # and the next decision, from a longer log
        if m.decision.seat == seat_no:
            seat.request(m)
            assert _wait(seat, 60.0) in m.legal_actions()
    finally:
        seat.close()

"""An answer from the AI's process is checked before the scene plays it: a legal one is taken,
checked through the part of the legal list that holds its kind where the system offers one (a
bindings walk is checked without listing combat's sight lines, which can cost a frame), and an
illegal one is refused and thought again in-process (issue #9: no hitch while the AI thinks)."""
from __future__ import annotations

import time

import pytest

from game.client.seats import AISeat
from game.engine.records import to_json
from game.engine.ai.runner import example_match
from game.engine.match import Match
from game.engine.systems.bindings import actions as BA

pytestmark = pytest.mark.client


def _seat_waiting_on(match: Match) -> AISeat:
    seat = AISeat(match.config.system, match.decision.seat, use_process=False)
    seat._match, seat._log_len, seat._pending = match, len(match.log), 1
    return seat


def _to_bindings_act(match: Match) -> None:
    while match.decision.stage != "act":          # the opening, with its first (default) answer
        match.submit(match.legal_actions()[0])


def test_a_legal_walk_is_taken_without_listing_every_action(monkeypatch):
    match = Match.new(example_match("bindings", 5))
    _to_bindings_act(match)
    walk = next(a for a in match.legal_actions() if isinstance(a, BA.StartMovement))
    match.edited()                                 # a new position: nothing listed for it yet
    listed = []
    monkeypatch.setattr(match.system, "legal_actions",
                        lambda state: listed.append(1) or [])
    seat = _seat_waiting_on(match)
    got = seat._deliver({"id": 1, "action": to_json(walk)})
    assert got == walk and seat.notice == ""
    assert listed == [], "the whole legal list was worked out to accept a walk"


def test_an_illegal_answer_is_refused_and_thought_again():
    match = Match.new(example_match("bindings", 5))
    _to_bindings_act(match)
    acting = match.state.acting
    far = BA.MoveTo(acting, (99, 99))
    seat = _seat_waiting_on(match)
    got = seat._deliver({"id": 1, "action": to_json(far)})
    assert got is None and "an illegal answer" in seat.notice
    for _ in range(500):                           # it now thinks in-process, slice by slice
        got = seat.poll()
        if got is not None:
            break
    assert got is not None and match.is_legal(got)


def _waiting_for_a_worker(match: Match, monkeypatch) -> AISeat:
    """A seat whose question is with its worker process, which has not answered yet."""
    seat = _seat_waiting_on(match)
    seat.mode = "process"
    seat._waits = 0
    seat._sent_at = time.monotonic()
    monkeypatch.setattr(seat, "_read_replies", lambda wait: None)
    return seat


@pytest.mark.parametrize("system_id", ["rpgstuck"])
def test_while_the_worker_thinks_a_later_frame_lists_the_position_for_the_answers_check(
        monkeypatch, system_id):
    """A system without legal_part checks an answer against the whole list: the list is made
    in the second frame that waits (not in the frame that sent the question), so the frame the
    answer arrives in only looks it up."""
    match = Match.new(example_match(system_id, 2))
    assert not match.system.checks_by_part
    match.edited()
    seat = _waiting_for_a_worker(match, monkeypatch)      # (reads who decides: made here)
    real = match.system.legal_actions
    listed = []
    monkeypatch.setattr(match.system, "legal_actions",
                        lambda state: listed.append(1) or real(state))
    assert seat.poll() is None and listed == []          # the frame that sent the question
    assert seat.poll() is None and listed == [1]         # the next: the list is made
    assert seat.poll() is None and listed == [1]         # and kept
    answer = match.legal_actions()[-1]
    assert seat._deliver({"id": 1, "action": to_json(answer)}) == answer
    assert listed == [1], "the answer's frame listed the position again"


def test_a_system_that_checks_by_part_lists_nothing_while_the_worker_thinks(monkeypatch):
    match = Match.new(example_match("bindings", 5))
    _to_bindings_act(match)
    assert match.system.checks_by_part
    match.edited()
    seat = _waiting_for_a_worker(match, monkeypatch)
    listed = []
    monkeypatch.setattr(match.system, "legal_actions", lambda state: listed.append(1) or [])
    for _ in range(5):
        assert seat.poll() is None
    assert listed == [], "a bindings position was listed only to check an answer"

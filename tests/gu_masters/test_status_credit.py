"""The harm a status does at its bearer's turn start is counted to the creature that gave it
(the results' damage dealt): a poison Gu's user, not "nobody"; the credit survives a save."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.systems.gu_masters.actions import TAKE, Activate, React
from game.engine.systems.gu_masters.events import Damaged
from game.engine.systems.gu_masters.state import Status
from game.engine.tally import Tally

from .test_gu_activate import events_of, man, match


@pytest.mark.rule("GU-148", "GU-16")
def test_poison_harm_at_the_turn_start_is_counted_to_the_gu_user():
    m = match([man("a", 0, 1, 1, "fire_adept"), man("b", 1, 7, 2)])
    m.submit(Activate("a", "poison_mist", "", 7, 2))
    m.submit(React("b", TAKE))
    assert m.state.creatures["b"].status("poisoned").by == "a"
    out = m.submit(EndTurn())
    harm = [e for e in events_of(out, Damaged) if e.victim == "b"]
    assert harm and harm[0].source == "poison_mist" and harm[0].amount > 0
    assert harm[0].dealer == "a"
    tally = Tally()
    tally.add(out.events)
    assert tally.dealt.get("a") == harm[0].amount and "poison_mist" not in tally.dealt


def test_status_credit_survives_a_save_and_an_old_save_credits_nobody():
    s = Status("bleeding", 3, -1, "a", by="a")
    assert Status.from_json(s.to_json()) == s
    old = {k: v for k, v in s.to_json().items() if k != "by"}
    assert Status.from_json(old).by == ""

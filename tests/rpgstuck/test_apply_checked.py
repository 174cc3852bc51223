"""The rpgstuck system's apply is handed actions Match.submit has already found in the
position's legal list (SystemBase.apply's contract): it does not list the position again, while
the rules' own apply, asked directly, still refuses an unlisted action loudly."""
from __future__ import annotations

import pytest

from game.engine.match import Match
from game.engine.rules import IllegalAction
from game.engine.systems.rpgstuck import rules
from game.engine.systems.rpgstuck.actions import Move
from tests.randomplay import positions


def test_a_submitted_action_lists_its_position_once(monkeypatch):
    real = rules.legal_actions
    listed = []
    monkeypatch.setattr(rules, "legal_actions", lambda state: listed.append(1) or real(state))
    seen = 0
    for _m in positions("rpgstuck", 4, 60):       # each position is listed, then one submitted
        seen += 1
    # the last position yielded was submitted too; one listing each, none inside apply
    assert seen == 60 and len(listed) == seen


def test_the_rules_apply_still_refuses_an_unlisted_action():
    m = next(positions("rpgstuck", 4, 1))
    acting = m.state.acting
    far = Move(acting.id, 999, 999)
    assert far not in m.legal_actions()
    with pytest.raises(IllegalAction):
        rules.apply(m.state, far, m.rng)
    with pytest.raises(IllegalAction):
        Match.submit(m, far)

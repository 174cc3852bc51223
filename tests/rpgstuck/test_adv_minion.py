"""rpgstuck minions through a real match (checklist A13): a Companion minion is a creature of its
controller's side with a turn of its own that the controller's seat plays, an ally to every
creature of that side (it keeps the side in the battle), and outside its master's Steps
(RS-133..135). RS-134's Saddlekind minions are out of scope (SM-17)."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.systems.rpgstuck.actions import Attack, Block
from tests.rpgstuck.engine_helpers import battle


def hound_with_its_knight(**kw):
    return battle([("hound", "hound", 0, 2, 1), ("knight", "knight_l9", 0, 1, 2),
                   ("imp", "imp", 1, 3, 1)], **kw)


@pytest.mark.rule("RS-133", "RS-135")
def test_a_companion_is_played_by_its_controllers_seat_and_attacks_only_enemies():
    m = hound_with_its_knight()
    d = m.decision
    assert (d.seat, d.actor) == (0, "hound")
    attacks = [a for a in m.legal_actions() if isinstance(a, Attack)]
    assert attacks and all(a.targets == ((3, 1),) for a in attacks)     # the imp, never (1,2)


@pytest.mark.rule("RS-135", "RS-B-21")
def test_the_masters_steps_do_not_reach_the_companion():
    m = hound_with_its_knight()
    s = m.state
    assert s.creatures["knight"].steps and s.creatures["hound"].steps == []


@pytest.mark.rule("RS-135", "RS-B-27")
def test_a_standing_companion_keeps_its_side_in_the_battle():
    m = battle([("imp", "imp", 1, 2, 1), ("knight", "knight", 0, 1, 1),
                ("hound", "hound", 0, 5, 5)], overrides={"knight": {"hp": 1}})
    m.rng.force([19, 6])
    m.submit(Attack("imp", "imp_claw", ((1, 1),)))
    if m.decision.stage == "block":
        m.submit(Block("knight", False))
    assert m.state.creatures["knight"].status == "unconscious" and not m.over
    m.submit(EndTurn())
    assert m.decision.actor == "hound"

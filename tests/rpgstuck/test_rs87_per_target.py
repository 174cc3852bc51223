"""One attack per target in range (RS-87): an ability so marked attacks, with one roll each,
every enemy within its reach that the user's side perceives; a horde is met once per square of it
in range (RS-85, RS-87) and a Medium horde on one square three times (RS-86). Friends and unseen
creatures are not targets (our reading). No shipped abilitech has the mark yet, so the tests lay
one over the knight as a match's inline content, as a scenario or a home-made set would."""
from __future__ import annotations

import pytest

from game.engine.rules import IllegalAction
from game.engine.systems.rpgstuck.actions import AreaAttack, Attack
from game.engine.systems.rpgstuck.events import AttackRolled, Damaged
from tests.rpgstuck.engine_helpers import battle, of

SWEEP = {"name": "Sweeping Cut", "action": "major", "specibus": "swordkind", "stat": "STR",
         "vs": "ac", "reach_ft": 5, "dmg": "Qd6+STR", "one_attack_per_target": True,
         "description": "A cut at every foe within reach."}
CONTENT = {"abilitechs": {"sweep": SWEEP},
           "creatures": {"knight": {"actions": ["strike", "cleave", "shield_bash", "block",
                                                "sweep"]}}}
USE = AreaAttack("knight", "sweep")


def _knight_among(*others):
    return battle([("knight", "knight", 0, 2, 2), *others], content=CONTENT)


@pytest.mark.rule("RS-87", "RS-85")
def test_every_enemy_in_reach_is_attacked_once_and_a_horde_once_per_square_in_reach():
    m = _knight_among(("imp", "imp", 1, 3, 2), ("imp2", "imp", 1, 1, 3),
                      ("far", "imp", 1, 5, 2), ("scout", "scout", 0, 2, 3),
                      ("horde", "imp_horde", 1, 2, 0))       # 2x2: (2,1) and (3,1) in reach
    assert USE in m.legal_actions()
    m.rng.force([19, 3] * 3 + [3])
    events = m.submit(USE).events
    rolled = of(events, AttackRolled)
    assert [r.cell for r in rolled] == [(3, 2), (1, 3), (2, 0)]     # one roll each, in order
    assert all(r.hit for r in rolled)
    hurt = [d.victim for d in of(events, Damaged)]
    assert hurt.count("horde") == 2 and hurt.count("imp") == 1 and hurt.count("imp2") == 1
    assert "scout" not in hurt and "far" not in hurt
    assert m.state.creatures["far"].hp == m.state.creatures["far"].max_hp
    assert not m.state.turn.major


@pytest.mark.rule("RS-87", "RS-86")
def test_a_medium_horde_on_one_square_counts_as_three_targets():
    medium = {**CONTENT, "creatures": {**CONTENT["creatures"], "imp_horde": {"size": "medium"}}}
    m = battle([("knight", "knight", 0, 2, 2), ("horde", "imp_horde", 1, 3, 2)], content=medium)
    c = m.state.creatures["horde"]
    assert c.size == 1 and len(c.cells()) == 1
    m.rng.force([19, 3, 3, 3])
    events = m.submit(USE).events
    assert len(of(events, AttackRolled)) == 1
    assert [d.victim for d in of(events, Damaged)] == ["horde"] * 3


@pytest.mark.rule("RS-87")
def test_unseen_enemies_are_not_targets_and_no_target_is_named():
    m = _knight_among(("imp", "imp", 1, 3, 2))
    m.state.creatures["imp"].hidden = True
    m.edited()
    hidden_seen = [r for r in of(m.submit(USE).events, AttackRolled)]
    assert hidden_seen == []
    m2 = _knight_among(("imp", "imp", 1, 3, 2))
    bad = Attack("knight", "sweep", ((3, 2),))
    assert bad not in m2.legal_actions()
    with pytest.raises(IllegalAction):
        m2.submit(bad)

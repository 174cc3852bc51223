"""Steps that act when called on (B-21): Sanguine: Brave gives movement, Aim, Avert and Assail
at once, costs no action, and is spent once per strife (RS-148)."""
from __future__ import annotations

import pytest

from game.engine.rules import IllegalAction
from game.engine.systems.rpgstuck.actions import Attack, UseStep
from game.engine.systems.rpgstuck.events import ActionTaken, AttackRolled, Damaged
from game.engine.systems.rpgstuck.state import Condition
from tests.rpgstuck.engine_helpers import battle, of

BRAVE = UseStep("brawler", "sanguine_brave")


@pytest.mark.rule("RS-B-21", "RS-148", "RS-TV-67")
def test_sanguine_brave_gives_movement_aim_avert_and_assail_once_per_strife():
    m = battle([("brawler", "brawler", 0, 1, 1), ("imp", "imp", 1, 2, 1)])
    brawler = m.state.creatures["brawler"]
    before = m.state.turn.move_left
    assert BRAVE in m.legal_actions()
    events = m.submit(BRAVE).events
    assert [e.what for e in of(events, ActionTaken)] == ["movement", "aim", "avert", "assail"]
    t = m.state.turn
    assert t.move_left == before + brawler.speed and t.aim == 1 and t.assail
    assert brawler.has("averting") and t.major and t.minor          # no action paid
    assert brawler.uses == {"sanguine_brave": 1}
    assert BRAVE not in m.legal_actions()
    with pytest.raises(IllegalAction):
        m.submit(BRAVE)


@pytest.mark.rule("RS-B-21", "RS-B-12")
def test_the_aim_and_assail_from_brave_serve_the_next_attack():
    m = battle([("brawler", "brawler", 0, 1, 1), ("imp", "imp", 1, 2, 1)])
    m.submit(BRAVE)
    m.rng.force([10, 4, 3])          # d20 10, the Aim d4 4, damage 3
    events = m.submit(Attack("brawler", "strike", ((2, 1),))).events
    rolled = of(events, AttackRolled)[0]
    assert ("aim", 4) in rolled.terms and rolled.total == 10 + 5 + 4
    assert of(events, Damaged)[0].amount == 3 + 3 + 3            # 1d8 3 + STR 3 + Assail 3
    assert m.state.turn.aim == 0 and not m.state.turn.assail


@pytest.mark.rule("RS-148")
def test_brave_is_spent_even_when_part_of_it_is_prevented():
    m = battle([("brawler", "brawler", 0, 1, 1), ("imp", "imp", 1, 5, 5)])
    m.state.creatures["brawler"].conditions.append(Condition("grappled", source="imp"))
    m.edited()
    m.submit(BRAVE)                  # no movement while grappled; Aim, Avert, Assail still given
    assert m.state.creatures["brawler"].uses == {"sanguine_brave": 1}

"""Called shots in battle (RS-44..63): which parts an attack may name, the legal list's variants,
and the effects on the map that scenario files do not already say (tests/scenarios/rpgstuck/
tv25, tv31..38 play the checklist's vectors)."""
from __future__ import annotations

import pytest

from game.engine.rules import IllegalAction
from game.engine.systems.rpgstuck import called, forecast
from game.engine.systems.rpgstuck.actions import Attack, Block, Grapple
from game.engine.systems.rpgstuck.events import PartHit
from game.engine.systems.rpgstuck.profiles import profile
from game.engine.systems.rpgstuck.state import RpgState
from tests.rpgstuck.engine_helpers import battle, of

def _parts(m, attacker: str, target: str, ability: str = "strike") -> list[str]:
    st = m.state
    c, d = st.creatures[attacker], st.creatures[target]
    return [a.key for a in called.parts(st, c.side, d, profile(st, c, ability))]


@pytest.mark.rule("RS-44", "RS-45")
def test_the_legal_list_offers_each_part_of_the_one_target_beside_the_plain_attack():
    m = battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 2, 1)])
    strikes = [a for a in m.legal_actions() if isinstance(a, Attack) and a.ability == "strike"]
    assert Attack("knight", "strike", ((2, 1),)) in strikes
    assert {a.part for a in strikes} == {"", "head", "arm", "leg"}
    # no crit range to pay with: no trade is offered (RS-47)
    assert not any(a.trade for a in strikes)


@pytest.mark.rule("RS-44", "RS-84")
def test_a_cleave_on_two_creatures_names_no_part_and_never_twice_on_one():
    m = battle([("knight", "knight", 0, 2, 1), ("imp", "imp", 1, 3, 1), ("imp2", "imp", 1, 1, 1)])
    cleaves = [a for a in m.legal_actions() if isinstance(a, Attack) and a.ability == "cleave"]
    both = [a for a in cleaves if len({tuple(t) for t in a.targets}) == 2]
    assert both and all(a.part == "" for a in both)
    # RS-84 lets a multi-target ability put every attack on one *horde*; an imp is not one
    assert not [a for a in cleaves if a.targets in (((3, 1), (3, 1)), ((1, 1), (1, 1)))]
    with pytest.raises(IllegalAction, match="RS-84"):
        m.submit(Attack("knight", "cleave", ((3, 1), (3, 1))))
    with pytest.raises(IllegalAction, match="RS-84"):
        m.submit(Attack("knight", "cleave", ((3, 1), (3, 1)), "head"))
    with pytest.raises(IllegalAction, match="RS-44"):
        m.submit(Attack("knight", "cleave", ((3, 1), (1, 1)), "head"))


@pytest.mark.rule("RS-84")
def test_cleave_may_strike_one_horde_twice():
    m = battle([("knight", "knight", 0, 1, 1), ("horde", "imp_horde", 1, 2, 1)])
    cleaves = [a for a in m.legal_actions() if isinstance(a, Attack) and a.ability == "cleave"]
    assert Attack("knight", "cleave", ((2, 1), (2, 1))) in cleaves


@pytest.mark.rule("RS-57", "RS-63")
def test_a_secret_part_is_named_only_after_the_side_found_it_on_that_creature():
    m = battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 2, 1), ("imp2", "imp", 1, 2, 2)])
    assert "opening" not in _parts(m, "knight", "imp")
    with pytest.raises(IllegalAction, match="RS-57"):
        m.submit(Attack("knight", "strike", ((2, 1),), "opening"))
    m.state.secrets = {"0": {"imp": ["opening"]}}
    m.edited()
    assert "opening" in _parts(m, "knight", "imp")
    assert "opening" not in _parts(m, "knight", "imp2")        # knowledge is per creature
    assert Attack("knight", "strike", ((2, 1),), "opening") in m.legal_actions()


@pytest.mark.rule("RS-58")
def test_a_psi_core_takes_a_psionic_attack():
    m = battle([("psion", "psion", 0, 1, 1), ("imp", "mind_imp", 1, 2, 1)])
    m.state.secrets = {"0": {"imp": ["psi_core"]}}
    m.edited()
    assert "psi_core" not in _parts(m, "psion", "imp", "strike")
    psionic = [aid for aid, a in called.content_of(m.state).abilitechs.items() if a.psionic
               and a.called_shot_allowed]
    assert psionic, "the content has a psionic attack that may aim"
    assert "psi_core" in [a.key for a in called.parts(
        m.state, 0, m.state.creatures["imp"],
        profile(m.state, m.state.creatures["psion"], psionic[0]))]


@pytest.mark.rule("RS-62")
def test_damaging_the_vitals_dazes_for_a_round():
    m = battle([("imp", "imp", 1, 2, 1), ("knight", "knight", 0, 1, 1)],
               overrides={"knight": {"hp": 60, "max_hp": 60}})
    m.state.secrets = {"1": {"knight": ["vitals"]}}
    m.edited()
    m.submit(Attack("imp", "imp_claw", ((1, 1),), "vitals"))
    assert m.decision.stage == "block"                   # the knight takes the hit unblocked
    m.rng.force([15, 3])
    m.submit(Block("knight", False))
    knight = m.state.creatures["knight"]
    assert knight.has("daze")
    assert [k.until for k in knight.conditions if k.id == "daze"] == ["turn:imp"]


@pytest.mark.rule("RS-53")
def test_a_free_arm_struck_hampers_grappling_for_a_round():
    """The imp (Small) grabbing the knight (Medium) is at disadvantage already (RS-66); with its
    arm struck, one more: the net -2 adds the untouchable -4 stack term (B-10)."""
    from game.engine.actions import EndTurn
    from game.engine.events import DiceRolled
    grapple_rolls = []
    for aimed in ("arm", ""):
        m = battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 2, 1)],
                   overrides={"imp": {"hp": 60, "max_hp": 60}})
        m.rng.force([15, 4] if aimed else [2])
        m.submit(Attack("knight", "strike", ((2, 1),), aimed))
        assert m.state.creatures["imp"].has("loose_grip") == bool(aimed)
        m.submit(EndTurn())
        m.rng.force([18, 2, 17])
        events = m.submit(Grapple("imp", 1, 1)).events
        grapple_rolls.append(next(e.roll for e in of(events, DiceRolled)
                                  if e.roll.purpose == "grapple"))
    struck, plain = grapple_rolls
    assert struck.faces == plain.faces == (18, 2)
    assert struck.modifiers == (("advantage stack", -4),) and plain.modifiers == ()


@pytest.mark.rule("RS-52")
def test_wings_struck_ground_a_flyer_and_destroyed_wings_for_good():
    m = battle([("knight", "knight", 0, 1, 1), ("harpy", "harpy", 1, 2, 1)],
               overrides={"harpy": {"hp": 60, "max_hp": 60}},
               content={"abilitechs": {"maul": {"name": "Maul", "action": "major", "stat": "STR",
                                                "vs": "ac", "reach_ft": 5, "dmg": "2d8+STR"}}})
    m.state.creatures["knight"].actions = ["maul"]
    m.edited()
    m.rng.force([15, 2, 2])                              # 7 damage: the wing (10 HP) holds
    events = m.submit(Attack("knight", "maul", ((2, 1),), "wings")).events
    harpy = m.state.creatures["harpy"]
    hit = of(events, PartHit)[0]
    assert (hit.part, hit.to_part, hit.hp_left, hit.broken) == ("Wings", 7, 3, False)
    assert [k.until for k in harpy.conditions if k.id == "flightless"] == ["turn:knight"]
    assert harpy.hp == 60                                # the part took it all (RS-48)


@pytest.mark.rule("RS-59")
def test_a_destroyed_artery_bleeds_the_attackers_p_every_turn():
    m = battle([("knight", "knight", 0, 1, 1), ("sentry", "clockwork_sentry", 1, 2, 1)],
               content={"abilitechs": {"maul": {"name": "Maul", "action": "major", "stat": "STR",
                                                "vs": "ac", "reach_ft": 5, "dmg": "2d8+STR"}}})
    m.state.creatures["knight"].actions = ["maul"]
    m.state.secrets = {"0": {"sentry": ["artery"]}}
    m.edited()
    m.rng.force([18, 8, 8])                              # 19 against the Fuel Line's 10 HP
    events = m.submit(Attack("knight", "maul", ((2, 1),), "artery")).events
    hit = of(events, PartHit)[0]
    assert hit.part == "Fuel Line" and hit.broken and hit.to_part == 10
    sentry = m.state.creatures["sentry"]
    dot = [k for k in sentry.conditions if k.id == "dot"]
    assert len(dot) == 1 and dot[0].value == 2 and dot[0].until == ""     # the knight's P
    assert "artery" not in _parts(m, "knight", "sentry")    # nothing left to aim at


@pytest.mark.rule("RS-45", "RS-47")
def test_the_forecast_of_a_called_shot_counts_its_y_and_the_trade():
    m = battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 2, 1)],
               content={"steps": {"keen8": {"name": "Keen Eight", "crit_range": 8}}})
    m.state.creatures["knight"].steps = ["keen8"]
    m.edited()
    st, k, imp = m.state, m.state.creatures["knight"], m.state.creatures["imp"]
    plain = forecast.predict(st, k, "strike", imp)
    head = forecast.predict(st, k, "strike", imp, part="head")
    traded = forecast.predict(st, k, "strike", imp, part="head", trade=True)
    assert head.hit < plain.hit == traded.hit                    # +4 AC, or paid for by the range
    assert traded.crit < head.crit < plain.crit                  # crit range 8 -> 4 -> 0
    assert head.expected > 0 and Attack("knight", "strike", ((2, 1),), "head", True) \
        in m.legal_actions()


def test_part_damage_survives_the_save():
    m = battle([("knight", "knight", 0, 1, 1), ("ogre", "ogre", 1, 2, 1)])
    m.state.creatures["ogre"].part_damage = {"tool#0": 7}
    back = RpgState.from_json(m.state.to_json(), m.state.board)
    assert back.creatures["ogre"].part_damage == {"tool#0": 7}

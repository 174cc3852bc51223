"""rpgstuck mounted combat through a real match (checklist A12): mounting and dismounting costs
(TV-52), a rider moving on its mount's speed with the mount under it, the mount keeping to the
rider's turn, and falling off when either is knocked Prone or the rider is pushed."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.rules import IllegalAction
from game.engine.systems.rpgstuck import RPGSTUCK, mount
from game.engine.systems.rpgstuck.actions import Dismount, Mount, Move, Shove
from game.engine.systems.rpgstuck.events import Dismounted, Mounted, Moved
from tests.rpgstuck.engine_helpers import battle, of


def knight_and_horse(**kw):
    """The knight (Medium, speed 30) at (1,1) beside the warhorse (Large, 50 ft) at (2,1)."""
    return battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 8, 4),
                   ("horse", "warhorse", 0, 2, 1)], rows=["." * 10] * 7, **kw)


@pytest.mark.rule("RS-125", "RS-111", "RS-127", "RS-TV-52", "RS-B-12")
def test_mounting_costs_half_the_riders_speed_and_then_it_moves_on_the_mounts():
    m = knight_and_horse()
    assert Mount("knight", "horse") in m.legal_actions()
    events = m.submit(Mount("knight", "horse")).events
    assert of(events, Mounted) == [Mounted("knight", "horse", 15)]     # 30 // 2
    s = m.state
    k, h = s.creatures["knight"], s.creatures["horse"]
    assert (k.x, k.y) == (3, 2) and s.at(3, 2) is k and s.at(2, 1) is h
    assert s.turn.move_left == 35                  # 50 less the 15 spent climbing up
    assert s.order == ["knight", "horse", "imp"]   # RS-131: the mount acts with its rider
    assert RPGSTUCK.check_invariants(s) == []


@pytest.mark.rule("RS-125", "RS-TV-52")
def test_a_medium_rider_cannot_mount_a_medium_creature():
    m = battle([("knight", "knight", 0, 1, 1), ("scout", "scout", 0, 2, 1),
                ("imp", "imp", 1, 8, 4)],
               rows=["." * 10] * 7)
    assert not [a for a in m.legal_actions() if isinstance(a, Mount)]
    with pytest.raises(IllegalAction, match="one size larger"):
        m.submit(Mount("knight", "scout"))


@pytest.mark.rule("RS-111", "RS-TV-52")
def test_dismounting_costs_half_the_mounts_speed():
    m = knight_and_horse(overrides={"horse": {"speed": 40}})
    m.submit(Mount("knight", "horse"))             # 40 - 15 = 25 left
    events = m.submit(Dismount("knight", 4, 2)).events
    assert of(events, Dismounted) == [Dismounted("knight", "horse", "dismounted", 20)]
    k = m.state.creatures["knight"]
    assert (k.x, k.y) == (4, 2) and not k.has("mounted")
    assert m.state.turn.move_left == 5             # min(25, 30) - 20


@pytest.mark.rule("RS-110", "RS-127", "RS-131")
def test_the_mount_goes_under_its_rider_and_has_no_move_of_its_own():
    m = knight_and_horse()
    m.submit(Mount("knight", "horse"))
    events = m.submit(Move("knight", 6, 2)).events            # the horse's anchor to (5,1)
    h = m.state.creatures["horse"]
    assert (h.x, h.y) == (5, 1)
    assert [e.mover for e in of(events, Moved)] == ["knight", "horse"]
    assert m.state.turn.move_left == 35 - 15
    m.submit(EndTurn())
    assert m.state.acting.id == "horse" and m.state.turn.move_left == 0
    assert not [a for a in m.legal_actions() if isinstance(a, Move)]
    m.submit(EndTurn())
    m.submit(EndTurn())
    assert m.state.acting.id == "knight" and m.state.turn.move_left == 50     # RS-127


@pytest.mark.rule("RS-129", "RS-B-12")
def test_a_rider_knocked_prone_is_dismounted():
    m = battle([("knight", "knight", 0, 1, 1), ("horse", "warhorse", 0, 2, 1),
                ("imp", "imp", 1, 4, 2)], rows=["." * 10] * 7)
    m.submit(Mount("knight", "horse"))            # the knight sits at (3,2), next to the imp
    m.submit(EndTurn())
    m.submit(EndTurn())
    m.rng.force([19, 1])                          # imp 19 + 2 against 1 + 5: knocked Prone
    events = m.submit(Shove("imp", 3, 2, True)).events
    assert of(events, Dismounted)[0].why == "fell off"
    k = m.state.creatures["knight"]
    assert not k.has("mounted") and k.has("prone")
    assert not m.state.creatures["horse"].has("ridden")


@pytest.mark.rule("RS-128")
def test_a_mount_knocked_prone_throws_its_rider_who_may_spend_its_reaction_to_land_standing():
    m = battle([("knight", "knight", 0, 1, 1), ("horse", "warhorse", 0, 2, 1),
                ("imp", "imp", 1, 1, 3)], rows=["." * 10] * 7)
    m.submit(Mount("knight", "horse"))
    m.submit(EndTurn())
    m.submit(EndTurn())
    m.rng.force([19, 1])                          # imp against the horse (Athletics +6)
    events = m.submit(Shove("imp", 2, 1, True)).events
    assert of(events, Dismounted)[0].why == "fell off"
    k = m.state.creatures["knight"]
    assert not k.has("prone") and not k.reaction
    assert mount.mount_of(m.state, k) is None


@pytest.mark.rule("RS-67", "RS-TV-39", "RS-AMB-20")
def test_grabbing_a_rider_with_its_mount_is_at_disadvantage():
    from game.engine.events import DiceRolled
    from game.engine.systems.rpgstuck.actions import Grapple
    m = battle([("knight", "knight", 0, 1, 1), ("horse", "warhorse", 0, 2, 1),
                ("ogre", "ogre", 1, 4, 2)], rows=["." * 10] * 7)
    m.submit(Mount("knight", "horse"))            # the knight at (3,2), beside the Large ogre
    m.submit(EndTurn())
    m.submit(EndTurn())
    m.rng.force([12, 5, 1])                       # Large against a rider on a Large horse
    events = m.submit(Grapple("ogre", 3, 2)).events
    assert of(events, DiceRolled)[0].roll.faces == (12, 5)      # disadvantage: keep 5


@pytest.mark.rule("RS-125", "RS-131", "RS-B-17")
def test_a_partys_rider_starts_in_the_saddle_and_its_mount_acts_right_after_it():
    from game.engine.match import Match
    from game.engine.rules import MatchConfig, SeatConfig
    m = Match.new(MatchConfig("rpgstuck", 5, [SeatConfig(), SeatConfig()], "rpgstuck_crypt.tmx",
                              {}, {"teams": ["seasoned", "crypt_ogre"]}))
    s = m.state
    k, h = s.creatures["knight_l5_0_0"], s.creatures["warhorse_0_4"]
    assert mount.mount_of(s, k) is h and (k.x, k.y) == mount.seat(h, k)
    assert s.order.index("warhorse_0_4") == s.order.index("knight_l5_0_0") + 1
    assert RPGSTUCK.check_invariants(s) == []


@pytest.mark.rule("RS-126", "RS-SM-04")
def test_with_mount_handling_on_steering_asks_a_dc_10_check_once_a_turn():
    from game.engine.systems.rpgstuck.events import CheckMade
    m = knight_and_horse(house={"animal_handling": True})
    m.submit(Mount("knight", "horse"))
    skill = m.state.creatures["knight"].skills["animal_handling"]
    m.rng.force([10 - skill])                          # exactly the DC: the horse obeys
    events = m.submit(Move("knight", 5, 2)).events
    assert of(events, CheckMade) == [CheckMade("knight", "animal_handling", 10, 10, True,
                                               "steer")]
    assert (m.state.creatures["horse"].x, m.state.creatures["horse"].y) == (4, 1)
    events = m.submit(Move("knight", 6, 2)).events    # steered this turn: no second check
    assert of(events, CheckMade) == [] and m.state.creatures["horse"].x == 5


@pytest.mark.rule("RS-126", "RS-SM-04")
def test_a_failed_steering_check_keeps_the_mount_still_for_the_turn():
    from game.engine.systems.rpgstuck.events import CheckMade
    m = knight_and_horse(house={"animal_handling": True})
    m.submit(Mount("knight", "horse"))
    skill = m.state.creatures["knight"].skills["animal_handling"]
    m.rng.force([9 - skill])                           # one short of DC 10
    events = m.submit(Move("knight", 6, 2)).events
    assert of(events, CheckMade)[0].success is False and of(events, Moved) == []
    h = m.state.creatures["horse"]
    assert (h.x, h.y) == (2, 1)
    assert not [a for a in m.legal_actions() if isinstance(a, Move)]
    with pytest.raises(IllegalAction, match="refused it this turn"):
        m.submit(Move("knight", 6, 2))
    assert [a for a in m.legal_actions() if isinstance(a, Dismount)]   # it may still get off
    m.submit(EndTurn()), m.submit(EndTurn()), m.submit(EndTurn())
    assert m.state.acting.id == "knight"
    assert [a for a in m.legal_actions() if isinstance(a, Move)]        # a new turn, a new try


@pytest.mark.rule("RS-126", "RS-SM-04")
def test_a_rider_holding_a_grapple_has_no_hand_to_steer_with_only_when_the_option_is_on():
    for on in (False, True):
        m = knight_and_horse(house={"animal_handling": on})
        m.submit(Mount("knight", "horse"))
        from game.engine.systems.rpgstuck.state import Condition
        m.state.creatures["knight"].conditions.append(Condition("grappling", 0, "imp"))
        m.edited()
        from game.engine.systems.rpgstuck import mount as mount_mod
        assert mount_mod.free_hand(m.state.creatures["knight"]) is False
        assert mount_mod.may_ride(m.state, m.state.creatures["knight"]) is (not on)


LANCE = {"abilitechs": {"lance": {"name": "Lance", "action": "major", "specibus": "saddlekind",
                                  "stat": "STR", "vs": "ac", "reach_ft": 5, "dmg": "1d8+STR"}}}


@pytest.mark.rule("RS-132", "RS-SM-17", "RS-126")
def test_a_saddlekind_rider_steers_without_a_check_and_nothing_else_changes():
    from game.engine.systems.rpgstuck.events import CheckMade
    plain = knight_and_horse(house={"animal_handling": True})
    m = knight_and_horse(house={"animal_handling": True}, content=LANCE)
    m.state.creatures["knight"].actions = [*m.state.creatures["knight"].actions, "lance"]
    m.edited()
    assert mount.saddlekind(m.state, m.state.creatures["knight"])
    assert not mount.saddlekind(plain.state, plain.state.creatures["knight"])
    # SM-17: mounting costs the same as for any rider (RS-111) ...
    assert m.submit(Mount("knight", "horse")).events[0] == \
        plain.submit(Mount("knight", "horse")).events[0]
    m.rng.force([1])                                   # would fail a DC 10 check: never rolled
    events = m.submit(Move("knight", 6, 2)).events
    assert of(events, CheckMade) == [] and m.state.creatures["horse"].x == 5
    assert m.rng.forced == [1]                        # the forced die is still waiting

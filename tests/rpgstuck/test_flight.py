"""rpgstuck flight (B-25, RS-108, RS-52, RS-75, RS-115): altitude in 5 ft steps paid from
movement, reach and range measured with it, level flight over the map's floors, falling the
whole altitude when flight is lost, and holds between fliers, through real matches."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.events import DiceRolled
from game.engine.rules import IllegalAction
from game.engine.systems.rpgstuck import RPGSTUCK, heights
from game.engine.systems.rpgstuck.actions import (Attack, Fly, Grapple, HoldAloft, Move, Release,
                                                  Shove)
from game.engine.systems.rpgstuck.events import AltitudeChanged, AttackRolled, HeldAloft
from game.engine.systems.rpgstuck.state import Condition
from tests.rpgstuck.engine_helpers import battle, of

ROOMY = ["." * 12] * 6


def flies(m, cid: str) -> list[int]:
    return [a.altitude for a in m.legal_actions() if isinstance(a, Fly) and a.unit == cid]


def refused(m, action) -> str:
    with pytest.raises(IllegalAction) as got:
        m.submit(action)
    return str(got.value)


@pytest.mark.rule("RS-B-25", "RS-108")
def test_rising_and_landing_cost_a_foot_of_movement_a_foot_and_switch_speeds():
    m = battle([("harpy", "harpy", 1, 3, 1), ("knight", "knight", 0, 8, 1)], rows=ROOMY)
    h = m.state.creatures["harpy"]
    assert (h.speed, h.fly, m.state.turn.move_left) == (20, 40, 20)
    # taking off: the 20 ft of walking become 40 ft of flying, each 5 ft up paid from them
    assert flies(m, "harpy") == [5, 10, 15, 20, 25, 30, 35, 40]
    events = m.submit(Fly("harpy", 15)).events
    assert of(events, AltitudeChanged) == [AltitudeChanged("harpy", 15, 0, "fly", 15)]
    assert (h.altitude, m.state.turn.move_left) == (15, 25)
    assert "5 ft steps" in refused(m, Fly("harpy", 12))
    m.submit(Fly("harpy", 5))                        # 10 ft down: 10 ft paid
    assert m.state.turn.move_left == 15
    m.submit(Fly("harpy", 0))                        # lands: 10 left, walking 20 less flying 40
    assert (h.altitude, m.state.turn.move_left) == (0, 0)
    assert not [a for a in m.legal_actions() if isinstance(a, Move)]


@pytest.mark.rule("RS-B-25", "RS-B-16", "RS-71")
def test_only_a_free_standing_flier_takes_off():
    m = battle([("knight", "knight", 0, 1, 1), ("harpy", "harpy", 1, 5, 1)], rows=ROOMY)
    assert flies(m, "knight") == []
    assert "cannot fly" in refused(m, Fly("knight", 5))
    m.submit(EndTurn())
    h = m.state.creatures["harpy"]
    h.conditions.append(Condition("prone", source="harpy"))
    m.edited()
    assert flies(m, "harpy") == [] and "stand up" in refused(m, Fly("harpy", 5))
    h.conditions = [Condition("flightless", source="knight", until="turn:knight")]
    m.edited()
    assert "lost its flight" in refused(m, Fly("harpy", 5))


@pytest.mark.rule("RS-B-25", "RS-B-29", "RS-B-12")
def test_reach_counts_the_height_once_either_flies():
    m = battle([("knight", "knight", 0, 1, 1), ("harpy", "harpy", 1, 2, 1),
                ("scout", "scout", 0, 1, 3)], rows=ROOMY,
               overrides={"harpy": {"altitude": 5}})
    k, h = m.state.creatures["knight"], m.state.creatures["harpy"]
    # a Medium flier 5 ft up is next to the Medium knight beside it: Strike reaches
    assert heights.distance(m.state, k, h) == 1
    assert Attack("knight", "strike", ((2, 1),)) in m.legal_actions()
    h.altitude = 10
    m.edited()
    assert heights.distance(m.state, k, h) == 2
    assert not [a for a in m.legal_actions() if isinstance(a, Attack) and a.ability == "strike"]
    why = refused(m, Attack("knight", "strike", ((2, 1),)))
    assert "Harpy is 10 ft above Knight" in why and "RS-B-25" in why
    assert "RS-B-25" in refused(m, Shove("knight", 2, 1))
    m.submit(EndTurn())
    m.submit(EndTurn())
    # Shoot (60 ft) still reaches it from below
    assert Attack("scout", "shoot", ((2, 1),)) in m.legal_actions()


@pytest.mark.rule("RS-B-25", "RS-108")
def test_a_level_flight_keeps_its_height_over_pits_and_stops_at_a_higher_floor():
    rows = ["..pp..",
            "..pp.r",
            "......"]
    m = battle([("harpy", "harpy", 1, 0, 1), ("knight", "knight", 0, 0, 2)], rows=rows,
               legend={"p": {"pit_depth_ft": 10}, "r": {"elevation_ft": 10}},
               overrides={"harpy": {"altitude": 10}})
    cells = {(a.x, a.y) for a in m.legal_actions() if isinstance(a, Move)}
    assert (5, 1) not in cells                        # a floor as high as its feet: a face
    events = m.submit(Move("harpy", 2, 1)).events     # over the pit: 20 ft above its bottom
    assert of(events, AltitudeChanged) == [AltitudeChanged("harpy", 20, 10, "flight")]
    m.submit(Move("harpy", 4, 1))                     # and back over the floor: 10 ft
    assert m.state.creatures["harpy"].altitude == 10
    m.submit(Fly("harpy", 15))
    m.submit(Move("harpy", 5, 1))                     # 15 ft up clears the 10 ft ledge: 5 above
    assert m.state.creatures["harpy"].altitude == 5


@pytest.mark.rule("RS-B-25", "RS-115", "RS-52")
def test_shot_wings_bring_a_flier_down_its_whole_altitude():
    m = battle([("scout", "scout", 0, 1, 1), ("harpy", "harpy", 1, 6, 1)], rows=ROOMY,
               overrides={"harpy": {"altitude": 20, "hp": 60, "max_hp": 60}})
    m.rng.force([19, 3, 4, 2])                        # the hit, its damage, then the fall's 2d6
    events = m.submit(Attack("scout", "shoot", ((6, 1),), "wings")).events
    h = m.state.creatures["harpy"]
    assert h.has("flightless") and h.altitude == 0
    assert of(events, AltitudeChanged) == [AltitudeChanged("harpy", 0, 20, "fell")]
    fall = [e for e in of(events, DiceRolled) if e.roll.purpose == "fall"]
    assert [(e.roll.notation, e.roll.total) for e in fall] == [("2d6", 6)]
    assert h.hp == 54


@pytest.mark.rule("RS-B-25", "RS-115", "RS-03")
def test_a_flier_knocked_out_falls_and_one_knocked_prone_falls_too():
    m = battle([("scout", "scout", 0, 1, 1), ("harpy", "harpy", 1, 6, 1)], rows=ROOMY,
               overrides={"harpy": {"altitude": 10, "hp": 3, "max_hp": 18}})
    m.rng.force([19, 3, 5])
    events = m.submit(Attack("scout", "shoot", ((6, 1),))).events
    h = m.state.creatures["harpy"]
    assert h.status == "unconscious" and h.altitude == 0
    assert [e.roll.total for e in of(events, DiceRolled) if e.roll.purpose == "fall"] == [5]
    # a Shove that knocks a flier 5 ft up Prone: it falls, and 5 ft rolls no dice (RS-115)
    m = battle([("knight", "knight", 0, 1, 1), ("harpy", "harpy", 1, 2, 1)], rows=ROOMY,
               overrides={"harpy": {"altitude": 5}})
    m.rng.force([20, 1])
    events = m.submit(Shove("knight", 2, 1, True)).events
    h = m.state.creatures["harpy"]
    assert h.has("prone") and h.altitude == 0
    assert not [e for e in of(events, DiceRolled) if e.roll.purpose == "fall"]
    assert RPGSTUCK.check_invariants(m.state) == []


@pytest.mark.rule("RS-B-25", "RS-64", "RS-71")
def test_a_flier_held_by_a_creature_on_the_ground_is_pulled_down():
    m = battle([("knight", "knight", 0, 1, 1), ("harpy", "harpy", 1, 2, 1)], rows=ROOMY,
               overrides={"harpy": {"altitude": 5}})
    m.rng.force([20, 1])
    events = m.submit(Grapple("knight", 2, 1)).events
    assert m.state.creatures["harpy"].altitude == 0
    assert of(events, AltitudeChanged) == [AltitudeChanged("harpy", 0, 5, "fell")]


def carrying(target: str, target_side: int = 0, target_alt: int = 0, extra=()):
    """The harpy (side 1), 5 ft up at (2,1), grabs `target` at (1,1) and it is the harpy's turn
    again afterwards if `extra` creatures pass."""
    overrides = {"harpy": {"altitude": 5}, "t": {"hp": 80, "max_hp": 80}}
    if target_alt:
        overrides["t"]["altitude"] = target_alt
    m = battle([("harpy", "harpy", 1, 2, 1), ("t", target, target_side, 1, 1), *extra],
               rows=ROOMY, overrides=overrides)
    m.rng.force([20, 1])
    m.submit(Grapple("harpy", 1, 1))
    assert m.state.creatures["t"].has("grappled")
    return m


@pytest.mark.rule("RS-75", "RS-B-25", "RS-69", "RS-115")
def test_RS_75_a_hold_that_ends_drops_what_cannot_fly():
    m = carrying("knight")
    assert m.state.turn.move_left == 20               # 40 ft of flight, halved by the hold
    events = m.submit(Fly("harpy", 25)).events        # carries the knight up with it
    assert of(events, AltitudeChanged)[1] == AltitudeChanged("t", 20, 0, "carried")
    assert RPGSTUCK.check_invariants(m.state) == []
    m.rng.force([3, 4])
    events = m.submit(Release("harpy", "t")).events   # (a) the hold ends: it falls 20 ft
    assert m.state.creatures["t"].altitude == 0
    assert [e.roll.total for e in of(events, DiceRolled) if e.roll.purpose == "fall"] == [7]
    assert m.state.creatures["t"].hp == 73
    # a flier let go keeps flying
    m = carrying("mind_imp", 0, 5)
    m.submit(Release("harpy", "t"))
    assert m.state.creatures["t"].altitude == 5


def fliers_held(answer_dice: list[int]):
    """The harpy (side 0) holds the mind imp (side 1) 20 ft up; the scout (side 0) shoots the
    imp's wings (a natural 12 + 5 = 17 against AC 12 + 4), so the imp is made to fall in the
    harpy's grip."""
    m = battle([("harpy", "harpy", 0, 2, 1), ("scout", "scout", 0, 8, 1),
                ("imp", "mind_imp", 1, 3, 1)], rows=ROOMY,
               overrides={"harpy": {"altitude": 20}, "imp": {"altitude": 20, "hp": 60,
                                                              "max_hp": 60}})
    m.rng.force([20, 1])
    m.submit(Grapple("harpy", 3, 1))
    m.submit(EndTurn())
    m.rng.force([12, 3, *answer_dice])
    events = m.submit(Attack("scout", "shoot", ((3, 1),), "wings")).events
    assert of(events, AttackRolled)[0].hit
    return m, events


@pytest.mark.rule("RS-75", "RS-52", "RS-B-25")
def test_RS_75_c_the_holder_answers_for_a_held_flier_made_to_fall():
    m, events = fliers_held([])
    assert m.state.creatures["imp"].altitude == 20            # waiting on the holder
    d = m.decision
    assert (d.seat, d.stage, d.actor) == (0, "hold_aloft", "harpy")
    answers = [a for a in m.legal_actions() if isinstance(a, HoldAloft)]
    assert {a.how for a in answers} == {"let_go", "fall", "check"}
    total = of(events, AttackRolled)[0].total
    # the check: Athletics (harpy +0) against the attack roll's total; reaching it holds
    assert total == 17
    m.rng.force([total - m.state.creatures["harpy"].skills["athletics"]])
    events = m.submit(HoldAloft("harpy", "imp", "check")).events
    assert of(events, HeldAloft) == [HeldAloft("harpy", "imp", "check", True)]
    imp = m.state.creatures["imp"]
    assert imp.altitude == 20 and imp.has("carried") and not m.state.pending
    m.submit(EndTurn())                                       # still carried: no new question
    assert imp.altitude == 20 and m.decision.stage != "hold_aloft"


@pytest.mark.rule("RS-75", "RS-115")
def test_RS_75_c_a_failed_check_or_falling_with_it_brings_both_down():
    m, _ = fliers_held([])
    m.rng.force([1, 3, 3, 2, 2])                  # fails; then 2d6 each for 20 ft
    events = m.submit(HoldAloft("harpy", "imp", "check")).events
    assert of(events, HeldAloft)[0].kept is False
    assert m.state.creatures["harpy"].altitude == 0 and m.state.creatures["imp"].altitude == 0
    assert len([e for e in of(events, DiceRolled) if e.roll.purpose == "fall"]) == 2
    m, _ = fliers_held([])
    m.rng.force([3, 3, 2, 2])
    m.submit(HoldAloft("harpy", "imp", "fall"))
    assert m.state.creatures["harpy"].altitude == 0 and m.state.creatures["imp"].altitude == 0
    assert m.state.creatures["imp"].has("grappled")          # they land still locked together
    m, _ = fliers_held([])
    m.rng.force([3, 3])
    m.submit(HoldAloft("harpy", "imp", "let_go"))
    assert m.state.creatures["harpy"].altitude == 20 and m.state.creatures["imp"].altitude == 0


@pytest.mark.rule("RS-75", "RS-52")
def test_RS_75_d_a_holder_made_to_fall_takes_what_it_holds_down():
    m = battle([("harpy", "harpy", 0, 2, 1), ("archer", "scout", 1, 8, 1),
                ("imp", "mind_imp", 1, 3, 1)], rows=ROOMY,
               overrides={"harpy": {"altitude": 10, "hp": 60, "max_hp": 60},
                          "imp": {"altitude": 10, "hp": 60, "max_hp": 60}})
    m.rng.force([20, 1])
    m.submit(Grapple("harpy", 3, 1))
    m.submit(EndTurn())
    m.rng.force([19, 3, 2, 2])
    m.submit(Attack("archer", "shoot", ((2, 1),), "wings"))
    # the imp could fly, but its holder fell and it came down with it
    assert m.state.creatures["harpy"].altitude == 0 and m.state.creatures["imp"].altitude == 0
    assert not m.state.pending


@pytest.mark.rule("RS-75", "RS-B-16")
def test_RS_75_b_both_made_to_fall_both_fall():
    m = battle([("harpy", "harpy", 0, 2, 1), ("imp", "mind_imp", 1, 3, 1)], rows=ROOMY,
               overrides={"harpy": {"altitude": 10}, "imp": {"altitude": 10}})
    m.rng.force([20, 1])
    m.submit(Grapple("harpy", 3, 1))
    for cid in ("harpy", "imp"):
        m.state.creatures[cid].conditions.append(Condition("prone", source="x"))
    m.edited()
    m.rng.force([1, 1])
    m.submit(EndTurn())
    assert m.state.creatures["harpy"].altitude == 0 and m.state.creatures["imp"].altitude == 0
    assert not m.state.pending


@pytest.mark.rule("RS-B-25", "RS-103")
def test_an_unseen_flier_is_not_measured_and_a_blow_below_it_misses_plainly():
    rows = ["..%...",
            "......"]
    m = battle([("knight", "knight", 0, 1, 0), ("harpy", "harpy", 1, 2, 0)], rows=rows,
               overrides={"harpy": {"altitude": 15}})
    m.state.last_seen["0"] = {"harpy": [2, 0]}
    m.edited()
    # in the dark the knight's side does not see it, so the square looks like a ground square
    assert Attack("knight", "strike", ((2, 0),)) in m.legal_actions()
    m.rng.force([20, 3])
    events = m.submit(Attack("knight", "strike", ((2, 0),))).events
    rolled = of(events, AttackRolled)[0]
    assert rolled.target is None and not rolled.hit
    assert m.state.creatures["harpy"].hp == m.state.creatures["harpy"].max_hp

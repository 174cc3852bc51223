"""gu_masters status effects: numbers, stacking, fire, ticking, shedding, what they change."""
from __future__ import annotations

import pytest

from game.engine.systems.gu_masters.checks import resolve_test
from game.engine.systems.gu_masters.damage import Affinity, Defender, Reduction, take
from game.engine.systems.gu_masters.statuses import (
    NAMES, Status, ablaze_test_due, activations, affinities, apply, auto_fail, badges,
    bleeding, can_act, can_hear, can_move, can_react, can_see, end_of_next_turn, end_of_turn,
    healed, movement, names, own_modifiers, rested, roll_on_ground, stand_up_cost, start_of_turn,
    stood_up, submerged, target_modifiers,
)


def _add(*items: Status) -> tuple[Status, ...]:
    have: tuple[Status, ...] = ()
    for s in items:
        have = apply(have, s).statuses
    return have


def test_every_status_has_a_rule() -> None:
    assert set(NAMES) >= {"ablaze", "bleeding", "blinded", "burning", "dazed", "deafened",
                          "fatigued", "poisoned", "prone", "restrained", "stunned"}
    with pytest.raises(ValueError):
        Status("petrified")
    with pytest.raises(ValueError):
        Status("dazed", turns=0)


@pytest.mark.rule("GU-108")
def test_immunity_refuses_the_status() -> None:
    r = apply((), Status("stunned", rank=5), immune=("stunned",))
    assert not r.took and r.statuses == () and r.note == "immune to Stunned"


@pytest.mark.rule("GU-134", "GU-T-28")
def test_ablaze_and_burning_exclude_each_other() -> None:
    r = apply(_add(Status("burning")), Status("ablaze", rank=2))
    assert names(r.statuses) == {"ablaze"} and r.note == "ablaze, no longer burning"
    again = apply(r.statuses, Status("burning"))                   # e.g. a heat injury
    assert not again.took and names(again.statuses) == {"ablaze"}


@pytest.mark.rule("GU-135", "GU-137", "GU-106", "GU-107", "GU-T-28")
def test_ablaze_burns_30_at_the_rank_that_lit_it() -> None:
    (hit,) = start_of_turn(_add(Status("ablaze", rank=2)))
    assert (hit.amount, hit.type, hit.rank) == (30, "heat", 2)
    resist = Defender(60, 60, affinities=(Affinity("heat", "resistant", 1),))
    assert take(hit, resist).dealt == 30                           # rank 2 beats the rank-1 Gu
    (natural,) = start_of_turn(_add(Status("ablaze")))
    assert natural.rank == 1 and take(natural, resist).dealt == 15


@pytest.mark.rule("GU-136", "GU-GM-11", "GU-T-28")
def test_ablaze_faint_test() -> None:
    carried = _add(Status("ablaze"))
    assert ablaze_test_due(carried, 30) and not ablaze_test_due(carried, 0)
    test = resolve_test(60, 40, purpose="Perseverance")
    assert not test.success
    out = apply(carried, Status("unconscious")).statuses
    assert not can_act(out) and not can_move(out)
    assert "unconscious" not in names(healed(out, 1))             # wakes on regaining HP


@pytest.mark.rule("GU-138", "GU-144", "GU-T-28")
def test_water_and_rolling() -> None:
    burning = _add(Status("burning"), Status("prone"))
    assert names(roll_on_ground(burning)) == {"prone"}
    ablaze = _add(Status("ablaze"))
    assert names(roll_on_ground(ablaze)) == {"ablaze"}
    assert submerged(ablaze) == () and names(submerged(burning)) == {"prone"}


@pytest.mark.rule("GU-139", "GU-140", "GU-99")
def test_bleeding_stacks_and_hurts_directly() -> None:
    carried = _add(Status("bleeding", stacks=1), Status("bleeding", stacks=5), Status("bleeding", stacks=0))
    assert bleeding(carried) == 6 and len(carried) == 1
    (hit,) = start_of_turn(carried)
    assert (hit.amount, hit.type, hit.direct, hit.reducible) == (6, "none", True, False)
    skin = Defender(20, 40, reductions=(Reduction("Metal Skin", 4, 1),))
    assert take(hit, skin).dealt == 6


@pytest.mark.rule("GU-141", "GU-T-27")
def test_healing_removes_bleeding() -> None:
    carried = _add(Status("bleeding", stacks=4))
    assert bleeding(healed(carried, 3)) == 1
    assert healed(carried, 4) == ()
    assert healed(carried, 0) == carried


@pytest.mark.rule("GU-142")
def test_blinded() -> None:
    blind = _add(Status("blinded"))
    assert own_modifiers(blind, "close_combat") == (("blinded", 50),)
    assert own_modifiers(blind, "ranged_attack") == (("blinded", 50),)
    assert own_modifiers(blind, "dodge") == () and not can_see(blind)


@pytest.mark.rule("GU-143")
def test_burning() -> None:
    (hit,) = start_of_turn(_add(Status("burning", rank=3)))
    assert (hit.amount, hit.type, hit.rank) == (10, "heat", 3)


@pytest.mark.rule("GU-145", "GU-T-30")
def test_dazed() -> None:
    dazed = _add(Status("dazed"))
    assert activations(dazed, 3) == 1 and activations(dazed, 1) == 0
    assert activations(_add(Status("dazed"), Status("dazed")), 3) == 1
    assert end_of_turn(dazed) == ()


@pytest.mark.rule("GU-146")
def test_deafened() -> None:
    deaf = _add(Status("deafened"))
    assert not can_hear(deaf) and can_see(deaf)
    assert affinities(deaf) == (Affinity("sonic", "resistant", None, "deafened"),)


@pytest.mark.rule("GU-147")
def test_fatigued() -> None:
    tired = _add(Status("fatigued"))
    assert movement(tired, 8) == 5
    assert own_modifiers(tired, "dodge") == (("fatigued", 20),)
    assert own_modifiers(tired, "athletics") == (("fatigued", 20),)
    assert end_of_turn(tired) == tired and rested(tired) == ()


@pytest.mark.rule("GU-148", "GU-GM-45")
def test_poisons_are_distinct_and_refresh() -> None:
    one = _add(Status("poisoned", source="mist", amount=6, turns=3))
    ticked = end_of_turn(one)
    assert ticked[0].turns == 2
    renewed = apply(ticked, Status("poisoned", source="mist", amount=6, turns=3)).statuses
    assert len(renewed) == 1 and renewed[0].turns == 3
    two = apply(renewed, Status("poisoned", source="fang", amount=2, turns=2)).statuses
    assert len(two) == 2
    hits = start_of_turn(two)
    assert [(h.amount, h.type, h.source) for h in hits] == [(6, "poison", "mist"), (2, "poison", "fang")]
    assert take(hits[0], Defender(40, 40, fortitude=37)).dealt == 3       # GU-96 still applies


@pytest.mark.rule("GU-149", "GU-150", "GU-T-31")
def test_prone() -> None:
    prone = _add(Status("prone"))
    mods = own_modifiers(prone, "close_combat")
    assert resolve_test(35, 60, mods).modified == 65
    assert own_modifiers(prone, "perseverance") == ()          # skill tests only
    assert auto_fail(prone, "dodge") == "prone"
    assert auto_fail(prone, "athletics") is None
    assert resolve_test(58, 50, target_modifiers(prone, "close_combat")).success
    assert not resolve_test(45, 50, target_modifiers(prone, "ranged_attack")).success


@pytest.mark.rule("GU-151", "GU-GM-28", "GU-T-31")
def test_standing_up() -> None:
    assert stand_up_cost(8) == 4 and stand_up_cost(7) == 4
    assert stood_up(_add(Status("prone"), Status("dazed"))) == _add(Status("dazed"))


@pytest.mark.rule("GU-152")
def test_restrained() -> None:
    held = _add(Status("restrained"))
    assert movement(held, 8) == 0 and not can_move(held)
    assert auto_fail(held, "dodge") == "restrained" and auto_fail(held, "flying") == "restrained"
    assert can_act(held) and can_react(held)


@pytest.mark.rule("GU-153", "GU-154", "GU-GM-10", "GU-T-30")
def test_stunned_becomes_a_dazed_that_lasts_its_next_turn() -> None:
    stunned = _add(Status("stunned"))
    assert not can_move(stunned) and not can_act(stunned) and not can_react(stunned)
    after = end_of_turn(stunned)
    assert names(after) == {"dazed"} and activations(after, 3) == 1
    assert end_of_turn(after) == ()
    with_dazed = end_of_turn(_add(Status("dazed"), Status("stunned")))
    assert names(with_dazed) == {"dazed"}


@pytest.mark.rule("GU-17", "GU-GM-09", "GU-T-40")
def test_durations_tick_at_the_end_of_the_bearers_turns() -> None:
    carried = _add(Status("blinded", turns=3))                  # applied on an enemy's turn
    for _ in range(2):
        carried = end_of_turn(carried)
        assert names(carried) == {"blinded"}
    assert end_of_turn(carried) == ()
    own = _add(Status("blinded", turns=2, fresh=True))
    assert end_of_turn(own)[0].turns == 1                       # default: ticks this turn too
    kept = end_of_turn(own, tick_own_turn=False)
    assert kept[0].turns == 2 and not kept[0].fresh


@pytest.mark.rule("GU-132", "GU-GM-09", "GU-T-09")
def test_until_the_end_of_its_next_turn() -> None:
    for on_own in (False, True):
        for tick in (True, False):
            s = end_of_next_turn("blinded", on_own_turn=on_own, tick_own_turn=tick)
            carried: tuple[Status, ...] = (s,)
            if on_own:                                           # the rest of this turn
                carried = end_of_turn(carried, tick_own_turn=tick)
                assert names(carried) == {"blinded"}
            assert names(carried) == {"blinded"}
            assert end_of_turn(carried, tick_own_turn=tick) == ()


@pytest.mark.rule("GU-GM-45")
def test_same_status_twice_keeps_the_longer() -> None:
    carried = _add(Status("blinded", turns=1), Status("blinded", turns=3), Status("blinded", turns=2))
    assert len(carried) == 1 and carried[0].turns == 3
    fire = _add(Status("burning", rank=1), Status("burning", rank=3))
    assert len(fire) == 1 and fire[0].rank == 3


def test_badges_summarise_the_numbers() -> None:
    b = badges(_add(Status("bleeding", stacks=2), Status("fatigued"), Status("burning")))
    assert b[0].label == "Bleeding 2" and "2 direct damage" in b[0].summary
    assert "-3 m movement" in b[1].summary and "+20 to dodge tests" in b[1].summary
    assert "10 heat at turn start (rank 1)" in b[2].summary

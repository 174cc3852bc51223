"""gu_masters injuries: heavy hits by type, called shots by part, limbs, legs, recovery."""
from __future__ import annotations

import pytest

from game.engine.rng import Rng
from game.engine.systems.gu_masters.damage import Defender, Hit, Shield, take
from game.engine.systems.gu_masters.injuries import (
    BROKEN_LEG, brain_damage, called_injury, heavy_injury, leg_movement, pick_limb,
    roll_injuries, sleep_recovery,
)


def _forced(*faces: int) -> Rng:
    rng = Rng.from_seed(3)
    rng.force(list(faces))
    return rng


@pytest.mark.rule("GU-120", "GU-121", "GU-GM-16", "GU-GM-29", "GU-T-35")
def test_heavy_force_hit_breaks_a_leg() -> None:
    rng = _forced(2)
    assert roll_injuries(rng, kind="force", dealt=20, max_hp=41) == (BROKEN_LEG,)
    assert not rng.forced
    assert leg_movement(8, 1) == 4 and leg_movement(8, 2) == 0 and leg_movement(8, 0) == 8
    assert leg_movement(12, 1, legs=4) == 8
    assert roll_injuries(_forced(), kind="force", dealt=19, max_hp=41) == ()


@pytest.mark.rule("GU-121")
def test_force_table() -> None:
    names = [heavy_injury("force", d).name for d in (1, 2, 3, 4)]
    assert names == ["broken_arm", "broken_leg", "internal_bleeding", "concussion"]
    assert heavy_injury("force", 1).limb == "arm"
    assert heavy_injury("force", 3).bleeding == 1
    concussion = heavy_injury("force", 4)
    assert (concussion.status, concussion.cognition, concussion.cognition_days) == ("dazed", -15, 3)
    with pytest.raises(ValueError):
        heavy_injury("force")
    with pytest.raises(ValueError):
        heavy_injury("force", 5)


@pytest.mark.rule("GU-122", "GU-123", "GU-124", "GU-125", "GU-T-35")
def test_other_types() -> None:
    assert roll_injuries(_forced(), kind="rending", dealt=25, max_hp=41)[0].bleeding == 1
    assert roll_injuries(_forced(), kind="cold", dealt=25, max_hp=41)[0].status == "fatigued"
    assert heavy_injury("heat").status == "burning"
    assert heavy_injury("shock").status == "dazed"


@pytest.mark.rule("GU-126")
def test_poison_sonic_untyped_leave_no_injury_and_direct_uses_its_type() -> None:
    for kind in ("poison", "sonic", "none"):
        assert heavy_injury(kind) is None
        assert roll_injuries(_forced(), kind=kind, dealt=30, max_hp=40) == ()
    direct = take(Hit(25, "rending", direct=True), Defender(41, 41))
    assert roll_injuries(_forced(), kind=direct.hit.type, dealt=direct.dealt, max_hp=41)[0].bleeding == 1


@pytest.mark.rule("GU-127", "GU-GM-20", "GU-T-09")
def test_called_shot_injury_needs_one_hp_not_the_threshold() -> None:
    assert roll_injuries(_forced(3), kind="rending", dealt=1, max_hp=60,
                         called_part="head")[0].bleeding == 5
    shielded = take(Hit(8, "rending"), Defender(60, 60, shields=(Shield("Stone Shell", 12),)))
    assert roll_injuries(_forced(), kind="rending", dealt=shielded.dealt, max_hp=60,
                         called_part="head") == ()
    both = roll_injuries(_forced(4, 3), kind="force", dealt=30, max_hp=60, called_part="head")
    assert [i.name for i in both] == ["concussion", "hemorrhage"]      # force d4 first
    only = roll_injuries(_forced(3), kind="force", dealt=30, max_hp=60, called_part="head",
                         combine="called_only")
    assert [i.name for i in only] == ["hemorrhage"]


@pytest.mark.rule("GU-128", "GU-129", "GU-130", "GU-131")
def test_called_parts() -> None:
    hand = called_injury("hand")
    assert hand.limb == "hand" and hand.disarmed
    assert called_injury("arm").limb == "arm"
    assert called_injury("torso").bleeding == 1
    leg = called_injury("leg")
    assert leg.limb == "leg" and leg.movement == -4
    with pytest.raises(ValueError):
        called_injury("tail")


@pytest.mark.rule("GU-132", "GU-T-09")
def test_head_table() -> None:
    assert called_injury("head", 1).halve_max_soul and brain_damage(19) == 9
    blind = called_injury("head", 2)
    assert (blind.status, blind.status_until) == ("blinded", "end_of_next_turn")
    assert called_injury("head", 3).bleeding == 5
    assert called_injury("head", 4).status == "dazed"


@pytest.mark.rule("GU-GM-19")
def test_limb_pick_is_seeded_among_intact_limbs() -> None:
    assert pick_limb(_forced(1), ["left arm", "right arm"]) == "right arm"
    assert pick_limb(_forced(), ["left arm"]) == "left arm"
    assert pick_limb(_forced(), []) is None
    picks = {pick_limb(Rng.from_seed(s), ["a", "b"]) for s in range(20)}
    assert picks == {"a", "b"}


@pytest.mark.rule("GU-133")
def test_sleep_recovers_one_hp_an_hour() -> None:
    assert sleep_recovery(10, 40, 8) == 18 and sleep_recovery(38, 40, 8) == 40

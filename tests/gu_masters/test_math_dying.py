"""gu_masters Final Stand and Dying: the 0-HP test, the tokens, healing, soul at 0, limits."""
from __future__ import annotations

import pytest

from game.engine.systems.gu_masters.checks import resolve_test
from game.engine.systems.gu_masters.damage import Defender, Hit, heal, take
from game.engine.systems.gu_masters.dying import (
    Life, at_zero, end_of_turn, full_rest, healed, hurt, limits, soul_at_zero,
)

PERSEVERANCE = 40


def _test(raw: int):
    return resolve_test(raw, PERSEVERANCE, purpose="Perseverance")


@pytest.mark.rule("GU-94", "GU-T-15")
def test_zero_hp_test_picks_final_stand_or_dying() -> None:
    assert at_zero(Life(), _test(35)).life.state == "final_stand"
    dying = at_zero(Life(), _test(41)).life
    assert dying.state == "dying" and dying.unconscious
    with pytest.raises(ValueError):
        at_zero(Life(), None)


@pytest.mark.rule("GU-109", "GU-T-14")
def test_instant_death_skips_the_test() -> None:
    r = take(Hit(80), Defender(40, 40))
    change = at_zero(Life(), None, instant_death=r.instant_death)
    assert change.life.state == "dead" and change.note == "died outright"


@pytest.mark.rule("GU-110", "GU-50", "GU-GM-41", "GU-T-18")
def test_final_stand_limits() -> None:
    stand = limits("final_stand")
    assert not stand.move and stand.auto_hit and stand.bonus
    assert stand.actions == {"activate_gu", "hold_activate_gu"}
    assert "dodge" not in stand.reactions and "shield_gu" in stand.reactions
    assert not limits("final_stand", final_stand_bonus=False).bonus
    free = limits("fine")
    assert free.move and free.actions is None and not free.auto_hit


@pytest.mark.rule("GU-111", "GU-113", "GU-T-18")
def test_damage_in_final_stand_means_dying() -> None:
    stand = Life("final_stand")
    bleed = take(Hit(1, "none", direct=True, reducible=False), Defender(0, 40))
    change = hurt(stand, bleed.dealt)
    assert change.life.state == "dying" and change.life.unconscious
    assert hurt(stand, 0).life == stand                  # fully absorbed: still standing
    assert hurt(Life("dying", 1, 2), 5).life == Life("dying", 1, 2)
    assert hurt(Life("dying"), 90, instant_death=True).life.state == "dead"


@pytest.mark.rule("GU-112", "GU-141", "GU-T-18")
def test_healing_ends_final_stand_and_cuts_bleeding() -> None:
    h = heal(0, 40, 3, bleeding=4)
    change = healed(Life("final_stand", 0, 1), h.gained)
    assert change.life == Life("fine", 0, 1) and h.bleeding_after == 1
    assert healed(Life("final_stand"), 0).life.state == "final_stand"


@pytest.mark.rule("GU-113", "GU-114", "GU-115", "GU-T-16")
def test_dying_tokens_lift_to_final_stand() -> None:
    life = Life("dying")
    seen = []
    for raw in (30, 70, 22, 3):
        life = end_of_turn(life, _test(raw)).life
        seen.append((life.state, life.perseverance, life.predicament))
    assert seen == [("dying", 1, 0), ("dying", 1, 1), ("dying", 2, 1), ("final_stand", 0, 1)]


@pytest.mark.rule("GU-114", "GU-116", "GU-T-17")
def test_dying_tokens_to_death() -> None:
    life = Life("dying")
    tokens = []
    for raw in (70, 98, 55, 61):
        life = end_of_turn(life, _test(raw)).life
        tokens.append(life.predicament)
    assert tokens == [1, 3, 4, 5] and life.state == "dead"
    with pytest.raises(ValueError):
        end_of_turn(life, _test(10))


@pytest.mark.rule("GU-GM-12", "GU-GM-13")
def test_healing_a_dying_creature() -> None:
    dying = Life("dying", 2, 3)
    assert healed(dying, 1).life == Life("fine", 0, 3)
    assert healed(dying, 1, predicament_reset="recovery").life == Life("fine", 0, 0)
    assert healed(dying, 5, dying_heal="none").life == dying
    assert full_rest(Life("fine", 0, 3)) == Life("fine", 0, 0)
    with pytest.raises(ValueError):
        healed(dying, 1, dying_heal="maybe")


@pytest.mark.rule("GU-GM-32", "GU-X-14")
def test_soul_at_zero() -> None:
    assert soul_at_zero(Life()).life.state == "dying"
    assert soul_at_zero(Life("final_stand")).life.state == "dying"
    assert soul_at_zero(Life(), soul_zero="death").life.state == "dead"
    assert soul_at_zero(Life("dying", 1, 1)).life == Life("dying", 1, 1)


def test_life_refuses_nonsense() -> None:
    with pytest.raises(ValueError):
        Life("asleep")
    with pytest.raises(ValueError):
        Life("dying", -1)

"""gu_masters called shots: the aimed part's size on the roll and the injury of a hit that harms
(GU-59..61, GU-127, GU-132, GU-T-08, GU-T-09), the called-shot modules working together."""
from __future__ import annotations

import pytest

from game.engine.rng import Rng
from game.engine.systems.gu_masters import called
from game.engine.systems.gu_masters.checks import resolve_test
from game.engine.systems.gu_masters.damage import Defender, Hit, Shield, take
from game.engine.systems.gu_masters.injuries import roll_injuries


def _head_hit(d4: int, shields: tuple[Shield, ...] = ()) -> tuple:
    from game.engine.systems.gu_masters.content import content
    head = called.body_part(content().bodies["humanoid"], "head", "medium")
    roll = resolve_test(39, 60, [(head.label, head.modifier)])
    assert roll.success                                         # GU-T-08: 59 hits
    result = take(Hit(6, "rending"), Defender(60, 60, shields=shields))
    rng = Rng.from_seed(1)
    rng.force([d4])
    hurt = roll_injuries(rng, kind="rending", dealt=result.dealt, max_hp=60,
                         called_part=head.part)
    return result, hurt


@pytest.mark.rule("GU-127", "GU-132", "GU-T-09")
def test_a_called_head_hit_injures_by_its_d4() -> None:
    _, hurt = _head_hit(3)
    assert [i.name for i in hurt] == ["hemorrhage"] and hurt[0].bleeding == 5
    _, hurt = _head_hit(1)
    assert hurt[0].halve_max_soul and 19 // 2 == 9
    _, hurt = _head_hit(2)
    assert hurt[0].status == "blinded" and hurt[0].status_until == "end_of_next_turn"


@pytest.mark.rule("GU-127", "GU-T-09")
def test_a_head_hit_a_shield_swallows_leaves_no_injury() -> None:
    result, hurt = _head_hit(3, (Shield("stone_shell", 12),))
    assert result.dealt == 0 and hurt == ()

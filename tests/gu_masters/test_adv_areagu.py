"""gu_masters area Gu: a dodge out of an area needs a square outside it within half the
movement (GU-82/83, GU-161)."""
from __future__ import annotations

import pytest

from game.engine.systems.gu_masters import areagu, areas
from game.engine.systems.gu_masters.terrain import Ground


def _open(n: int = 11) -> Ground:
    return Ground.from_rows(["." * n] * n)


@pytest.mark.rule("GU-82", "GU-GM-42")
def test_dodge_room_is_half_the_movement() -> None:
    assert areagu.dodge_room(8) == 4
    assert areagu.dodge_room(1) == 0


@pytest.mark.rule("GU-83", "GU-161")
def test_a_dodger_escapes_only_with_room_to_leave() -> None:
    ground = _open()
    blast = areas.radius(ground, (5, 5), 2)
    assert len(blast.cells) == 25
    # at the centre, 3 m of walking is needed to leave: Movement 8 (room 4) escapes ...
    exits = areagu.dodge_exits(ground, blast, (5, 5), 8)
    assert exits and all(max(abs(x - 5), abs(y - 5)) == 3 or max(abs(x - 5), abs(y - 5)) == 4
                         for x, y in exits)
    # ... Movement 5 (room 2) does not: hit regardless
    assert areagu.dodge_exits(ground, blast, (5, 5), 5) == ()
    # on the rim one step is enough
    assert (2, 5) in areagu.dodge_exits(ground, blast, (3, 5), 2)


@pytest.mark.rule("GU-83", "GU-GM-22")
def test_the_area_reaches_a_flier_only_within_its_height() -> None:
    ground = _open()
    blast = areas.radius(ground, (5, 5), 1)
    assert blast.catches([(5, 5)], 1) and not blast.catches([(5, 5)], 2)
    # caught 1 m up with 1 m of room: every square in reach is still inside the area
    assert areagu.dodge_exits(ground, blast, (5, 5), 2, altitude_m=1) == ()
    assert (3, 5) in areagu.dodge_exits(ground, blast, (5, 5), 4, altitude_m=1)

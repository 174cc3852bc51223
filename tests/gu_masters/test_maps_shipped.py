"""The shipped gu_masters maps: they pass the checker and hold what the battles need (heights to
fall and dive from, faces to climb with and without a test, water, difficult ground, partial
and full cover, places to hide, room for Huge beasts), and their brink marks agree with the
heights."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.boards import load_board
from game.engine.systems.gu_masters import mapcheck
from game.engine.systems.gu_masters.terrain import (CLIMB, Mover, ground_of, reach, step,
                                                    steps_of)

ROOT = Path(__file__).resolve().parents[2]
MAPS = [ROOT / "maps" / "gu_cliffs.tmx", ROOT / "maps" / "gu_marsh.tmx"]


@pytest.mark.rule("GU-X-15", "GU-X-16")
@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_the_map_passes_the_checker_and_is_made_for_gu_masters(path):
    board = load_board(path)
    assert mapcheck.check_map(board) == []
    assert board.properties["system"] == "gu_masters"
    assert 26 <= board.width <= 32 and 18 <= board.height <= 22
    assert (board.tile_width, board.tile_height) == (32, 32)


@pytest.mark.rule("GU-37", "GU-38", "GU-39", "GU-41", "GU-13", "GU-156", "GU-158", "GU-GM-05")
@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_the_map_holds_every_kind_of_ground(path):
    g = ground_of(load_board(path))
    cells = g.cells()
    assert any(g.is_water(c) for c in cells)
    assert any(g.terrain_at(c) == "difficult" for c in cells)
    assert {g.cover_at(c) for c in cells} >= {"partial", "full"}
    assert any(g.hides(c) for c in cells)
    mods = {g.climb_test_mod_at(c) for c in cells if g.is_climbable(c)}
    assert 0 in mods and any(m > 0 for m in mods)


@pytest.mark.rule("GU-117", "GU-32", "GU-X-15")
def test_the_cliffs_have_ledges_at_3_6_and_10_m_and_a_dive_into_the_pool():
    g = ground_of(load_board(MAPS[0]))
    heights = {g.elevation_at(c) for c in g.cells()}
    assert {0, 3, 6, 10} <= heights
    # the top of the falls stands 10 m over the water of the falls and pool
    top = next(c for c in g.cells() if g.elevation_at(c) == 10
               and any(g.is_water((c[0] + d, c[1])) for d in (-1, 1)))
    assert top


@pytest.mark.rule("GU-37", "GU-X-15")
def test_the_marsh_huts_stand_3_and_4_m_up_on_climbable_stilts():
    g = ground_of(load_board(MAPS[1]))
    assert {3, 4} <= {g.elevation_at(c) for c in g.cells()}
    ladder = next(c for c in g.cells() if g.is_climbable(c) and g.climb_test_mod_at(c) == 0)
    deck = next(n for n in ((ladder[0] + dx, ladder[1] + dy) for dx in (-1, 0, 1)
                            for dy in (-1, 0, 1)) if g.in_bounds(n) and g.elevation_at(n) >= 3
                and not g.is_solid(n))
    s = step(g, ladder, deck)
    assert s.kind == CLIMB and s.test_mod is None


@pytest.mark.rule("GU-19", "GU-37", "GU-X-11")
@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_a_walker_gets_up_every_height_and_a_huge_beast_crosses_the_map(path):
    board = load_board(path)
    g = ground_of(board)
    spawns = board.spawns_by_side()
    start = (spawns[0][0].x, spawns[0][0].y)
    walked = reach(g, start, 10**6)
    heights = {g.elevation_at((x, y)) for x, y, _ in walked.costs}
    assert heights >= {e for e in (3, 4, 6, 10) if any(g.elevation_at(c) == e for c in g.cells())}
    goal = (spawns[1][0].x, spawns[1][0].y)
    huge = reach(g, start, 10**6, Mover(size=3))
    assert (goal[0], goal[1], 0) in huge.costs
    kinds = {s.kind for s in steps_of(g, huge.path_to((goal[0], goal[1], 0)), Mover(size=3))}
    assert kinds == {"walk"}


@pytest.mark.rule("GU-X-15")
@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_brinks_are_drawn_exactly_where_a_square_drops_more_than_a_metre(path):
    board = load_board(path)
    g = ground_of(board)
    marked = board.layer_cells["edges"]
    for x, y in g.cells():
        if g.is_wall((x, y)):
            continue
        drops = any(g.in_bounds(n) and not g.is_wall(n)
                    and g.elevation_at((x, y)) - g.elevation_at(n) > 1
                    for n in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)))
        assert ((x, y) in marked) == drops, (x, y)

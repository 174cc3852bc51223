"""The gems engine's fast paths answer exactly what the plain rules answer: the per-board
Terrain, `stand_test` (occupy_problem for many tiles), the remembered walk and flight searches,
and the aiming short cut that skips blocks with nobody to hit (GEM-16, GEM-GM-04, GEM-GM-23,
GEM-GM-34, GEM-24..27)."""
from __future__ import annotations

import pytest

from game.engine.match import Match
from game.engine.rng import Rng
from game.engine.ai.base import playable
from game.engine.ai.runner import example_match
from game.engine.systems.gems import combat, common, rules
from game.engine.tactics.footprint import block_offsets, block_anchor

from .gemtools import match, unit


def _positions(seed: int, count: int):
    """Positions of a random-legal game on a shipped map, every few actions."""
    m = Match.new(example_match("gems", seed, difficulties=("random", "random")))
    rng = Rng.from_seed(seed)
    for k in range(count):
        if m.over:
            return
        if k % 3 == 0:
            yield m.state
        legal = playable(m.legal_actions())
        m.submit(legal[rng.randint(0, len(legal) - 1)])


def test_terrain_reads_the_board_as_the_cells_say():
    m = Match.new(example_match("gems", 1))
    s, b = m.state, m.state.board
    for x in range(-1, b.width + 1):
        for y in range(-1, b.height + 1):
            inside = b.in_bounds(x, y)
            assert common.tile_elevation(s, x, y) == (
                int(b.prop(x, y, "elevation", 0) or 0) if inside else 0)
            assert common.is_solid(s, x, y) == (not inside or bool(b.prop(x, y, "solid", False)))
            for size in (1, 2):
                want = max(int(b.prop(tx, ty, "elevation", 0) or 0)
                           for ty in range(y, y + size) for tx in range(x, x + size))
                assert common.ground_elevation(s, x, y, size) == want


def test_stand_test_agrees_with_occupy_problem_everywhere():
    for seed in (1, 2):
        for s in _positions(seed, 60):
            index = common.occupancy_index(s)
            for u in s.units.values():
                if not u.formed:
                    continue
                stands = common.stand_test(s, u, common.full_tiles(s, u, index))
                for x in range(-2, s.board.width + 1):
                    for y in range(-2, s.board.height + 1):
                        plain = common.occupy_problem(s, u, x, y) is None
                        assert stands(x, y) == plain, (u.id, x, y)
                        assert (common.occupy_problem(s, u, x, y, index=index) is None) == plain


@pytest.mark.rule("GEM-16", "GEM-GM-34")
def test_the_occupancy_index_lists_what_stands_on_each_tile():
    """occupancy_index (one pass, a Size-1 gem's tile taken directly) against occupants asked
    tile by tile (GEM-16, GEM-GM-34), and full_tiles against its definition."""
    for s in _positions(4, 60):
        index = common.occupancy_index(s)
        assert all(index.values())
        for x in range(-1, s.board.width + 1):
            for y in range(-1, s.board.height + 1):
                assert index.get((x, y), []) == common.occupants(s, x, y), (x, y)
        for u in s.units.values():
            ignore = {u.id} | ({u.carrying} if u.carrying else set())
            want = {t for t, here in index.items()
                    if any(o in s.items and s.items[o].solid for o in here)
                    or sum(1 for o in here if o not in ignore) >= common.TILE_CAPACITY}
            assert common.full_tiles(s, u, index) == want


def test_a_big_gem_stands_only_where_every_tile_has_room():
    m = match(["....", "..#.", "....", "...."],
              [unit("big", 0, 0, size=2), unit("foe", 3, 3, side=1)],
              items=[{"id": "crate", "kind": "crate", "x": 0, "y": 3}])
    s = m.state
    u = s.units["big"]
    stands = common.stand_test(s, u, common.full_tiles(s, u, common.occupancy_index(s)))
    for x in range(-1, 5):
        for y in range(-1, 5):
            assert stands(x, y) == (common.occupy_problem(s, u, x, y) is None)


def _searched(fn, s, u):
    rules._SEARCHES.clear()
    return fn(s, u)


def test_remembered_walks_are_the_searched_walks():
    for s in _positions(3, 60):
        u = rules._acting(s)
        if u is None:
            continue
        remembered = rules.walk_paths(s, u)
        assert remembered == _searched(rules.walk_paths, s, u)
        rules.fly_paths(s, u)
        assert rules.fly_paths(s, u) == _searched(rules.fly_paths, s, u)
        # the dict handed out is the caller's: emptying it leaves the remembered one alone
        first = rules.walk_paths(s, u)
        first.clear()
        assert rules.walk_paths(s, u) == remembered
        # the module's own readers share the remembered table itself, equal to both
        table = rules._walk_table(s, u)
        assert not table or table is rules._walk_table(s, u)    # {} when she cannot walk
        assert rules._walk_table(s, u) == remembered
        assert rules._fly_table(s, u) == rules.fly_paths(s, u)
        assert rules._fly_table(s, u) == _searched(rules._fly_table, s, u)


def test_a_position_changed_in_place_is_searched_again():
    m = match(["......", "......", "......"],
              [unit("a", 0, 0), unit("b", 5, 2, side=1), unit("c", 4, 2, side=1)])
    s = m.state
    a = s.units["a"]
    assert (1, 1) in rules.walk_paths(s, a)
    # b and c now fill (1, 1) together: a may no longer stop there (GEM-16)
    for uid in ("b", "c"):
        s.units[uid].x, s.units[uid].y = 1, 1
    m.edited()
    walked = rules.walk_paths(s, a)
    assert (1, 1) not in walked
    assert walked == _searched(rules.walk_paths, s, a)


def _all_traced(state, attacker, arm, mode):
    """Aim options by tracing every block in reach, the short cut left out."""
    reach = combat.attack_profile(state, attacker, arm, mode)["reach"]
    out = []
    for i, j in block_offsets(reach):
        if mode != "melee" and (i, j) == (0, 0):
            continue
        anchor = block_anchor((attacker.x, attacker.y), attacker.size, i, j)
        t = combat.trace(state, attacker, anchor, mode)
        if mode == "melee":
            if t["targets"] and t["stop"] == anchor:
                out.append(anchor)
        # a shot is aimed at a block holding a gem she may attack and meets a gem on its way
        # there, not necessarily that one (GEM-26, GEM-GM-22)
        elif combat.targets_in_block(state, attacker, anchor) and t["targets"] \
                and not t["blocked"]:
            out.append(anchor)
    return out


def test_aiming_skips_only_blocks_with_nobody_to_hit():
    for seed in (4, 5):
        for s in _positions(seed, 90):
            for u in s.units.values():
                if not u.formed:
                    continue
                for arm in range(len(u.arms)):
                    assert combat.melee_targets(s, u, arm) == _all_traced(s, u, arm, "melee")
                    for mode in ("thrown", "projectile"):
                        if combat.attack_profile(s, u, arm, mode)["reach"] > 0:
                            assert combat.line_targets(s, u, arm, mode) == \
                                _all_traced(s, u, arm, mode)


def test_a_state_copy_is_equal_and_independent():
    import copy
    for s in _positions(6, 45):
        c = copy.deepcopy(s)
        assert c == s and c.to_json() == s.to_json()
        assert c.board is s.board
        for uid, u in s.units.items():
            cu = c.units[uid]
            assert cu is not u and cu.arms is not u.arms and cu.effects is not u.effects
            assert all(a is not b for a, b in zip(cu.arms, u.arms))
            cu.arms[0].holding = "changed"
            cu.truces["x"] = 1
            cu.weapons.append("x")
            assert u.arms[0].holding != "changed" and "x" not in u.truces
            assert "x" not in u.weapons
        for iid, it in s.items.items():
            c.items[iid].x += 1
            assert c.items[iid] is not it and it.x != c.items[iid].x


def test_a_known_legal_list_is_used_until_the_position_changes():
    from game.engine.systems.gems.system import GEMS
    m = match(["......", "......"], [unit("a", 0, 0), unit("b", 5, 1, side=1)])
    s = m.state
    legal = GEMS.legal_actions(s)
    s.known_legal = legal[:3]
    assert GEMS.legal_actions(s) == legal[:3]
    assert "known_legal" not in s.to_json()
    GEMS.apply(s, legal[0], Rng.from_seed(1))       # any change clears it (GemsSystem.apply)
    assert s.known_legal is None
    assert GEMS.legal_actions(s) == GEMS.legal_actions(GEMS.state_from_json(s.to_json()))


def test_terrain_water_is_the_cells_water():
    m = Match.new(example_match("gems", 2))
    s, b = m.state, m.state.board
    for x in range(-1, b.width + 1):
        for y in range(-1, b.height + 1):
            assert common.is_water(s, x, y) == (b.in_bounds(x, y)
                                                and bool(b.prop(x, y, "water", False)))

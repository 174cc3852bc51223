"""RPGStuck forced movement and collisions: the push line (B-14), hard surfaces (RS-116),
creatures (RS-119..124, AMB-04) and split remainders (B-28); TV-56..61."""
from __future__ import annotations

import pytest

from game.engine.systems.rpgstuck import moves
from game.engine.systems.rpgstuck.moves import (Impact, forced_move, impact_rate, plan_collisions,
                                                push_steps, to_test, would_take)
from game.engine.systems.rpgstuck.terrain import Field
from game.engine.tactics.footprint import block
from game.engine.tactics.forced import DROP, EDGE, OCCUPANT, SOLID

P1 = 2      # PC1's proficiency (B-03)


def nobody(_cells):
    return ()


def standing(**where):
    """occupants() for creatures id=(anchor, size): the ids on the given squares."""
    def occupants(cells):
        out = []
        for who, (anchor, size) in where.items():
            if any(c in block(anchor, size) for c in cells):
                out.append(who)
        return out
    return occupants


@pytest.mark.rule("RS-B-14")
def test_the_push_follows_the_line_from_the_source_through_the_target():
    assert push_steps((0, 0), 1, (1, 0), 1, 3) == [(1, 0)] * 3
    assert push_steps((0, 0), 1, (1, 1), 1, 2) == [(1, 1)] * 2
    steps = push_steps((0, 0), 1, (2, 1), 1, 2)
    assert (2 + sum(s[0] for s in steps), 1 + sum(s[1] for s in steps)) == (4, 2)
    assert push_steps((3, 0), 1, (0, 0), 1, 2, pull=True) == [(1, 0)] * 2
    assert push_steps((0, 0), 1, (0, 0), 1, 2) == []
    # a Huge source (3x3 at (0, 0), centre (1.5, 1.5)) pushing a one-square target at (3, 1)
    assert push_steps((0, 0), 3, (3, 1), 1, 2) == [(1, 0)] * 2


@pytest.mark.rule("RS-116", "RS-TV-56", "RS-B-05")
def test_tv56_a_titachnid_push_cut_short_by_a_wall():
    f = Field.from_rows(["....#..."])
    went = forced_move(f, (1, 0), 1, push_steps((0, 0), 1, (1, 0), 1, 7), nobody)
    assert (went.stop, went.end, went.moved_ft, went.unspent_ft) == (SOLID, (3, 0), 10, 25)
    assert would_take(went, impact_rate(t=3)) == 15


@pytest.mark.rule("RS-116", "RS-TV-57", "RS-B-15")
def test_tv57_a_huge_titachnid_slammed_into_a_wall():
    f = Field.from_rows(["........#.",
                         "..........",
                         ".........."])
    # the PC at (0, 1) slams the 3x3 Titachnid anchored at (1, 0) 30 ft east; its front edge
    # reaches the wall after 20 ft
    went = forced_move(f, (1, 0), 3, push_steps((0, 1), 1, (1, 0), 3, 6), nobody)
    assert (went.stop, went.moved_ft, went.unspent_ft) == (SOLID, 20, 10)
    assert would_take(went, impact_rate(p=P1)) == 2 * P1


@pytest.mark.rule("RS-116", "RS-B-24")
def test_the_map_edge_and_a_ledge_face_are_hard_surfaces():
    f = Field.from_rows(["...u."], {"u": {"elevation_ft": 5}})
    edge = forced_move(Field.from_rows(["...."]), (2, 0), 1, [(1, 0)] * 3, nobody)
    assert (edge.stop, edge.end, edge.unspent_ft) == (EDGE, (3, 0), 10)
    ledge = forced_move(f, (1, 0), 1, [(1, 0)] * 3, nobody)
    assert (ledge.stop, ledge.end, ledge.unspent_ft) == (SOLID, (2, 0), 10)
    flying = forced_move(f, (1, 0), 1, [(1, 0)] * 4, nobody, flying=True)
    assert (flying.stop, flying.end, flying.unspent_ft) == (EDGE, (4, 0), 5)
    # stepping off the ledge is a fall
    off = forced_move(f, (3, 0), 1, [(1, 0)] * 3, nobody)
    assert (off.stop, off.end, off.fall_ft) == (DROP, (4, 0), 5)


@pytest.mark.rule("RS-115", "RS-116")
def test_a_push_into_a_pit_ends_in_a_fall_not_an_impact():
    f = Field.from_rows(["..P.."], {"P": {"pit_depth_ft": 20}})
    went = forced_move(f, (0, 0), 1, [(1, 0)] * 4, nobody)
    assert (went.stop, went.end, went.fall_ft, went.unspent_ft) == (DROP, (2, 0), 20, 0)
    assert moves.fall_dice(went.fall_ft) == 2 and would_take(went, P1) == 0


@pytest.mark.rule("RS-116", "RS-B-05")
def test_impact_rate_is_p_for_a_pc_and_t_for_a_monster():
    assert impact_rate(p=3) == 3 and impact_rate(t=3) == 3
    assert impact_rate(t=0) == 1 and impact_rate(t=0, t0_as_one=False) == 0
    with pytest.raises(ValueError):
        impact_rate(p=2, t=1)


@pytest.mark.rule("RS-119", "RS-124", "RS-TV-58")
def test_tv58_a_shoved_imp_into_another_imp():
    f = Field.from_rows(["....."])
    went = forced_move(f, (1, 0), 1, push_steps((0, 0), 1, (1, 0), 1, 2),
                       standing(imp_b=((2, 0), 1)))
    # A stops where it is, next to B, with all 10 ft unspent: it would take 2P (RS-124)
    assert (went.stop, went.struck, went.end, went.unspent_ft) == (OCCUPANT, ("imp_b",), (1, 0), 10)
    hit = Impact.of("imp_a", went, P1)
    assert hit == Impact("imp_a", (1, 0), 4, ("imp_b",))
    assert to_test([hit]) == [("imp_a", "imp_b")]
    # B fails its opposed check: the damage is split, P each
    failed = plan_collisions([hit], {("imp_a", "imp_b"): True})
    assert (failed.taken("imp_a"), failed.taken("imp_b")) == ([2], [2])
    assert {h.rule for h in failed.hurts} == {"RS-119"}
    # B passes: A takes all of it and stops next to B
    passed = plan_collisions([hit], {("imp_a", "imp_b"): False})
    assert (passed.taken("imp_a"), passed.taken("imp_b")) == ([4], [])
    assert passed.stops == (("imp_a", (1, 0)),)


@pytest.mark.rule("RS-119")
def test_every_struck_creature_needs_its_answer():
    with pytest.raises(KeyError, match="imp_b"):
        plan_collisions([Impact("imp_a", (1, 0), 4, ("imp_b",))])


@pytest.mark.rule("RS-120", "RS-AMB-04", "RS-B-15")
def test_amb04_an_immovable_creature_is_hit_without_a_check():
    medium, large, huge = 2, 3, 4          # B-15 size indexes
    assert moves.is_immovable(False, medium, huge)
    assert not moves.is_immovable(False, medium, large)
    assert moves.is_immovable(True, medium, medium)
    hit = Impact("imp_a", (1, 0), 4, ("statue",))
    assert to_test([hit], immovable={"statue"}) == []
    plan = plan_collisions([hit], immovable={"statue"})
    assert (plan.taken("imp_a"), plan.taken("statue")) == ([2], [2])
    assert {h.rule for h in plan.hurts} == {"RS-119"}


@pytest.mark.rule("RS-121", "RS-TV-59", "RS-B-28")
def test_tv59_two_creatures_pulled_into_each_other():
    # A is pulled 15 ft toward B and B 15 ft toward A (one ability): A goes 10 ft and meets B
    # (5 ft left: 1P); B then meets A at once (15 ft left: 3P). Pool 4P: 2P each.
    f = Field.from_rows(["......"])
    a = forced_move(f, (0, 0), 1, push_steps((3, 0), 1, (0, 0), 1, 3, pull=True),
                    standing(b=((3, 0), 1)))
    b = forced_move(f, (3, 0), 1, push_steps((a.end[0], 0), 1, (3, 0), 1, 3, pull=True),
                    standing(a=(a.end, 1)))
    impacts = [Impact("a", a.end, would_take(a, P1), a.struck),
               Impact("b", b.end, would_take(b, P1), b.struck)]
    assert [i.damage for i in impacts] == [1 * P1, 3 * P1]
    assert to_test(impacts) == []                          # they hit each other automatically
    plan = plan_collisions(impacts, order=["a", "b"])
    assert (plan.taken("a"), plan.taken("b")) == ([2 * P1], [2 * P1])
    assert {h.rule for h in plan.hurts} == {"RS-121"}
    # both would take 2P: 2P each
    even = plan_collisions([Impact("a", (1, 0), 4, ("b",)), Impact("b", (2, 0), 4, ("a",))])
    assert (even.taken("a"), even.taken("b")) == ([4], [4])
    # an odd pool of 5: the remainder to the first moved creature in initiative order
    odd = [Impact("a", (1, 0), 3, ("b",)), Impact("b", (2, 0), 2, ("a",))]
    assert plan_collisions(odd, order=["a", "b"]).taken("a") == [3]
    assert plan_collisions(odd, order=["b", "a"]).taken("b") == [3]


@pytest.mark.rule("RS-122", "RS-TV-60", "RS-B-28")
def test_tv60_three_creatures_colliding_at_once_pool_their_damage():
    impacts = [Impact("a", (0, 0), 4, ("b",)), Impact("b", (1, 0), 4, ("c",)),
               Impact("c", (2, 0), 4, ("a",))]
    plan = plan_collisions(impacts)
    assert [plan.taken(x) for x in "abc"] == [[4], [4], [4]]
    assert {h.rule for h in plan.hurts} == {"RS-122"}
    uneven = plan_collisions([Impact("a", (0, 0), 4, ("b",)), Impact("b", (1, 0), 3, ("c",)),
                              Impact("c", (2, 0), 3, ("a",))], order=["c", "a", "b"])
    assert [uneven.taken(x) for x in "cab"] == [[4], [3], [3]]


@pytest.mark.rule("RS-122", "RS-B-28")
def test_split_remainders_go_to_moved_creatures_before_the_others():
    # a struck b (standing, hit) and c; c (moved too) struck b: three in one collision
    impacts = [Impact("a", (0, 0), 4, ("b", "c")), Impact("c", (2, 0), 4, ("b",))]
    plan = plan_collisions(impacts, {("a", "b"): True, ("c", "b"): True}, order=["b", "c", "a"])
    assert (plan.taken("b"), plan.taken("c"), plan.taken("a")) == ([2], [3], [3])


@pytest.mark.rule("RS-123", "RS-TV-61", "RS-120", "RS-AMB-04")
def test_tv61_four_imps_pushed_into_a_giclops():
    f = Field.from_rows(["........."] * 9)
    giclops = ((3, 3), 3)                                 # Huge: 3x3 over (3..5, 3..5)
    imps = {"n": ((4, 2), (4, 1)), "s": ((4, 6), (4, 7)), "w": ((2, 4), (1, 4)),
            "e": ((6, 4), (7, 4))}                        # imp square, pusher square
    impacts = []
    for who, (at, pusher) in imps.items():
        went = forced_move(f, at, 1, push_steps(pusher, 1, at, 1, 2), standing(giclops=giclops))
        assert went.struck == ("giclops",) and went.unspent_ft == 10
        impacts.append(Impact(who, went.end, would_take(went, P1), went.struck))
    small, huge = 1, 4
    immovable = {"giclops"} if moves.is_immovable(False, small, huge) else set()
    assert to_test(impacts, immovable) == []
    plan = plan_collisions(impacts, immovable=immovable)
    assert all(plan.taken(who) == [P1] for who in imps)
    assert plan.taken("giclops") == [P1] * 4              # four instances (Aegis acts on each)
    assert {h.rule for h in plan.hurts} == {"RS-123"}


@pytest.mark.rule("RS-123", "RS-119")
def test_a_centre_that_passes_one_check_pairs_only_with_the_others():
    impacts = [Impact("n", (1, 0), 4, ("c",)), Impact("s", (1, 2), 4, ("c",)),
               Impact("w", (0, 1), 4, ("c",))]
    hits = {("n", "c"): True, ("s", "c"): False, ("w", "c"): True}
    plan = plan_collisions(impacts, hits)
    assert (plan.taken("n"), plan.taken("s"), plan.taken("w"), plan.taken("c")) == \
        ([2], [4], [2], [2, 2])


@pytest.mark.rule("RS-116")
def test_a_mover_that_met_only_a_wall_takes_its_own_damage():
    plan = plan_collisions([Impact("a", (3, 0), 15)])
    assert plan.hurts == (moves.Hurt("a", 15, "RS-116"),)

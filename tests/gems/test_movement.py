"""Gems ground movement, elevation and falls (GEM-07, 09..14, GEM-GM-04..08)."""
from __future__ import annotations

import pytest

from game.engine.rules import IllegalAction
from game.engine.systems.gems import actions as A
from game.engine.systems.gems import events as ev
from game.engine.systems.gems.common import fall_damage, forced_fall, place_unit
from game.engine.systems.gems.rules import reachable, walk_paths

from .gemtools import match, of, open_field, unit

FOE = unit("foe", 9, 3, side=1)


def moves(m) -> set:
    return {a.to for a in m.legal_actions() if isinstance(a, A.Move)}


@pytest.mark.rule("GEM-09")
@pytest.mark.rule("GEM-GM-04")
def test_GEM_09_eight_neighbour_steps():
    m = match(open_field(10, 5), [unit("a", 2, 2, ms=1), FOE])
    assert moves(m) == {(1, 1), (2, 1), (3, 1), (1, 2), (3, 2), (1, 3), (2, 3), (3, 3)}
    m.submit(A.Move("a", (3, 3)))                # a diagonal step costs 1 like any other
    assert (m.state.units["a"].x, m.state.units["a"].y) == (3, 3)


@pytest.mark.rule("GEM-GM-04")
def test_GM_04_move_covers_ms_tiles_and_alternating_diagonals_option():
    one = match(open_field(10, 8), [unit("a", 0, 0, ms=3), FOE])
    assert (3, 3) in moves(one) and (4, 0) not in moves(one)
    alt = match(open_field(10, 8), [unit("a", 0, 0, ms=3), FOE],
                house={"diagonal_cost": "alternating"})
    assert (3, 3) not in moves(alt)              # 1 + 2 + 1 = 4 > 3
    assert (2, 2) in moves(alt) and (3, 0) in moves(alt) and (3, 1) in moves(alt)
    assert (3, 2) not in moves(alt) and (3, 2) in moves(one)     # two diagonals + one = 4


@pytest.mark.rule("GEM-10")
@pytest.mark.rule("GEM-07")
def test_GEM_TV_08_climb_one_legal_two_impossible():
    m = match(["....", "...."], [unit("a", 0, 0), unit("foe", 3, 1, side=1)],
              elevation=["0100", "2000"])
    assert (1, 0) not in moves(m) and (0, 1) not in moves(m)
    assert A.Climb("a", (1, 0)) in m.legal_actions()
    with pytest.raises(IllegalAction, match="too high"):
        m.submit(A.Climb("a", (0, 1)))
    m.submit(A.Climb("a", (1, 0)))
    assert m.state.slots == 1 and (m.state.units["a"].x, m.state.units["a"].y) == (1, 0)


@pytest.mark.rule("GEM-11")
@pytest.mark.rule("GEM-12")
@pytest.mark.rule("GEM-GM-05")
def test_GEM_TV_09_free_descent_inside_move_and_one_slot_for_two():
    # a stair of 1-steps walks down inside one Move: only the Move's slot is spent (GEM-11)
    m = match(["......", "......"], [unit("a", 0, 0), unit("foe", 5, 1, side=1)],
              elevation=["543210", "530000"])
    assert (3, 0) in moves(m) and (4, 0) in moves(m)
    # (1, 1) is 2 below her: on foot only by way of (1, 0), never straight down
    assert walk_paths(m.state, m.state.units["a"])[(1, 1)][1] == [(1, 0), (1, 1)]
    m.submit(A.Move("a", (3, 0)))
    assert m.state.slots == 1 and m.state.units["a"].hp == 20
    # a 2-level descent is its own 1-slot step (GEM-12)
    m2 = match(["......", "......"], [unit("a", 0, 0), unit("foe", 5, 1, side=1)],
               elevation=["543210", "530000"])
    m2.submit(A.Climb("a", (1, 1)))
    assert m2.state.slots == 1 and m2.state.units["a"].hp == 20
    assert (m2.state.units["a"].x, m2.state.units["a"].y) == (1, 1)


@pytest.mark.rule("GEM-GM-05")
def test_GM_05_in_move_option_lets_a_move_climb():
    sep = match(["....", "...."], [unit("a", 0, 0), unit("foe", 3, 1, side=1)],
                elevation=["0123", "0000"])
    assert (2, 0) not in moves(sep)
    inm = match(["....", "...."], [unit("a", 0, 0), unit("foe", 3, 1, side=1)],
                elevation=["0123", "0000"], house={"move_elevation": "in_move"})
    assert (3, 0) in moves(inm)
    inm.submit(A.Move("a", (3, 0)))
    assert inm.state.slots == 1


@pytest.mark.rule("GEM-13")
@pytest.mark.rule("GEM-14")
def test_GEM_TV_10_drop_seven_costs_two_slots_and_fifteen():
    m = match(["...", "..."], [unit("a", 0, 0), unit("foe", 2, 1, side=1)],
              elevation=["700", "000"])
    assert (1, 0) not in moves(m)
    events = m.submit(A.Drop("a", (1, 0))).events
    assert of(events, ev.SlotsSpent)[0].spent == 2
    fell = of(events, ev.UnitFell)[0]
    assert (fell.height, fell.damage, fell.forced) == (7, 15, False)
    assert m.state.units["a"].hp == 5 and m.state.slots == 0


@pytest.mark.rule("GEM-14")
def test_GEM_TV_11_drop_three_deals_three():
    m = match(["...", "..."], [unit("a", 0, 0), unit("foe", 2, 1, side=1)],
              elevation=["300", "000"])
    events = m.submit(A.Drop("a", (1, 0))).events
    assert of(events, ev.UnitFell)[0].damage == 3 and m.state.units["a"].hp == 17


HIGH = {".": {}, "a": {"elevation": 2}, "b": {"elevation": 3}, "c": {"elevation": 4},
        "d": {"elevation": 5}, "e": {"elevation": 10}, "f": {"elevation": 12}}


def _big(drop_char: str, size: int = 2):
    rows = [drop_char * 2 + "....", drop_char * 2 + "....", "......", "......"]
    return match(rows, [unit("a", 1, 0, sheet="onyx", cpr=0, size=size, hp=40),
                        unit("foe", 5, 3, side=1)], legend=HIGH)


@pytest.mark.rule("GEM-11")
@pytest.mark.rule("GEM-12")
@pytest.mark.rule("GEM-13")
@pytest.mark.rule("GEM-14")
@pytest.mark.rule("GEM-GM-34")
def test_GEM_TV_12_size_two_drops():
    # she straddles the ledge at x=1 (footprint x 1..2); stepping to x=2 leaves it
    m = _big("a")                                    # drop 2: free inside a Move
    assert (2, 0) in moves(m)
    for ch, cost in (("b", 1), ("c", 1)):            # drops 3 and 4: one slot
        m = _big(ch)
        assert (2, 0) not in moves(m)
        m.submit(A.Climb("a", (2, 0)))
        assert m.state.slots == 1 and m.state.units["a"].hp == 40
    for ch, dmg in (("d", 3), ("e", 18)):            # drops 5 and 10: a fall
        m = _big(ch)
        events = m.submit(A.Drop("a", (2, 0))).events
        assert of(events, ev.SlotsSpent)[0].spent == 2
        assert of(events, ev.UnitFell)[0].damage == dmg
        assert m.state.units["a"].hp == 40 - dmg


@pytest.mark.rule("GEM-10")
def test_GEM_TV_13_size_two_climbs_two_not_three():
    rows = ["..aa..", "..bb..", "......", "......"]
    legend = {".": {}, "a": {"elevation": 2}, "b": {"elevation": 3}}
    m = match(rows, [unit("a", 1, 0, sheet="onyx", size=2, hp=40), unit("foe", 5, 3, side=1)],
              legend={**legend})
    # anchor (1,0) covers x 1..2: x=2 is already 2 high there, so she stands at 2 on row 0
    m2 = match(["....aa", "....aa", "......", "......"],
               [unit("a", 2, 0, sheet="onyx", size=2, hp=40), unit("foe", 0, 3, side=1)],
               legend=legend)
    assert A.Climb("a", (3, 0)) in m2.legal_actions()           # up 2 = 1 x Size: 1 slot
    m2.submit(A.Climb("a", (3, 0)))
    assert m2.state.slots == 1
    m3 = match(["....bb", "....bb", "......", "......"],
               [unit("a", 2, 0, sheet="onyx", size=2, hp=40), unit("foe", 0, 3, side=1)],
               legend=legend)
    with pytest.raises(IllegalAction, match="too high"):
        m3.submit(A.Climb("a", (3, 0)))                          # up 3 > 2: impossible
    assert m.state.units["a"].size == 2


@pytest.mark.rule("GEM-14")
def test_GEM_TV_14_size_three_drops_twelve():
    m = match(["......", "......", "......"],
              [unit("a", 0, 0, sheet="onyx", size=3, hp=60), unit("foe", 5, 2, side=1)])
    assert fall_damage(m.state, 3, 12) == 18
    assert fall_damage(m.state, 3, 6) == 0 and fall_damage(m.state, 3, 7) == 3


@pytest.mark.rule("GEM-13")
@pytest.mark.rule("GEM-GM-06")
def test_GEM_TV_15_drop_needs_both_slots_unless_house_rule():
    rows, elev = ["....", "...."], ["4000", "4000"]
    m = match(rows, [unit("a", 0, 0), unit("foe", 3, 1, side=1)], elevation=elev)
    m.submit(A.Move("a", (0, 1)))
    assert A.Drop("a", (1, 1)) not in m.legal_actions()
    with pytest.raises(IllegalAction, match="both Action Slots"):
        m.submit(A.Drop("a", (1, 1)))
    m2 = match(rows, [unit("a", 0, 0), unit("foe", 3, 1, side=1)], elevation=elev,
               house={"fall_slots": "ends_turn"})
    m2.submit(A.Move("a", (0, 1)))
    events = m2.submit(A.Drop("a", (1, 1))).events
    assert of(events, ev.UnitFell)[0].damage == 6 and m2.state.units["a"].hp == 14
    assert m2.decision.actor == "foe" and m2.state.slots == 2     # the fall ended her turn


@pytest.mark.rule("GEM-GM-07")
def test_GEM_TV_16_literal_fall_formula():
    m = match(["...", "..."], [unit("a", 0, 0), unit("foe", 2, 1, side=1)],
              elevation=["700", "000"], house={"fall_formula": "literal"})
    events = m.submit(A.Drop("a", (1, 0))).events
    assert of(events, ev.UnitFell)[0].damage == 1


@pytest.mark.rule("GEM-GM-06")
def test_GM_06_forced_falls_cost_nothing_and_hurt_unless_house_rule():
    m = match(["...", "..."], [unit("a", 0, 0), unit("foe", 2, 1, side=1)],
              elevation=["500", "000"])
    place_unit(m.state, "a", 1, 0)      # as if knocked off the ledge by combat
    events = forced_fall(m.state, "a", 5)
    assert of(events, ev.UnitFell)[0].forced and m.state.units["a"].hp == 11
    assert m.state.slots == 2
    m2 = match(["...", "..."], [unit("a", 0, 0), unit("foe", 2, 1, side=1)],
               elevation=["500", "000"], house={"forced_fall_damage": False})
    events = forced_fall(m2.state, "a", 5)
    assert of(events, ev.UnitFell)[0].damage == 0 and m2.state.units["a"].hp == 20


@pytest.mark.rule("GEM-GM-08")
def test_GM_08_fall_damage_untyped_unless_house_rule_makes_it_melee():
    # Larimar can switch on Bulwark (shield 1): it stops Melee Damage, not untyped falls
    def fall_with(kind_rule):
        m = match(["...", "..."], [unit("a", 0, 0, sheet="larimar", fms=0),
                                   unit("foe", 2, 1, side=1)],
                  elevation=["500", "000"], house={"fall_damage_kind": kind_rule})
        m.submit(A.UseAbility("a", "bulwark"))
        return m
    m = fall_with("untyped")
    hp = m.state.units["a"].hp
    events = forced_fall(m.state, "a", 5)
    assert of(events, ev.DamageTaken)[0].damage_type == "untyped"
    assert m.state.units["a"].hp == hp - 9
    m = fall_with("melee")
    events = forced_fall(m.state, "a", 5)
    taken = of(events, ev.DamageTaken)[0]
    assert taken.damage_type == "melee" and taken.prevented == 1 and taken.amount == 8


@pytest.mark.rule("GEM-GM-03")
@pytest.mark.rule("GEM-GM-32")
def test_falling_to_zero_poofs_ends_her_turn_and_the_encounter():
    m = match(["...", "..."], [unit("a", 0, 0, hp=3), unit("foe", 2, 1, side=1)],
              elevation=["900", "000"])
    events = m.submit(A.Drop("a", (1, 0))).events
    poofed = of(events, ev.UnitPoofed)[0]
    assert poofed.tile == (1, 0) and m.state.items[poofed.gemstone].kind == "gemstone"
    assert m.state.items[poofed.gemstone].gem == "a"
    assert m.over and m.winner == 1


def test_reachable_reports_costs_and_paths_for_the_client():
    m = match(["....", "...."], [unit("a", 0, 0), unit("foe", 3, 1, side=1)],
              elevation=["0150", "0000"])
    r = reachable(m.state, "a")
    assert r[(1, 0)][0] == 1 and r[(1, 0)][1] == [(1, 0)]     # climb
    assert r[(3, 0)][0] == 1 and r[(3, 0)][1] == [(1, 1), (2, 1), (3, 0)]   # walked round
    assert (2, 0) not in r                                     # 5 up: impossible
    assert r[(2, 1)][1][-1] == (2, 1)


def _plateau(height: int):
    """A Size 3 gem standing wholly on a 3x3 plateau `height` high; open ground around it."""
    elev = [str(height) * 3 + "000000"] * 3 + ["000000000"] * 3
    return match(["." * 9] * 6, [unit("a", 0, 0, sheet="onyx", size=3, hp=60),
                                 unit("foe", 8, 5, side=1)], elevation=elev)


@pytest.mark.rule("GEM-GM-01")
@pytest.mark.rule("GEM-12")
def test_a_big_gem_descends_off_a_plateau_onto_the_next_block_with_one_climb():
    """GEM-GM-01 reading: the footprint moves as one block. From wholly on a plateau 6 high
    (2 x Size), one Climb takes her onto the 3x3 block beside it for one slot (GEM-12)."""
    m = _plateau(6)
    assert A.Climb("a", (3, 0)) in m.legal_actions()
    events = m.submit(A.Climb("a", (3, 0))).events
    u = m.state.units["a"]
    assert (u.x, u.y) == (3, 0) and m.state.slots == 1
    assert of(events, ev.UnitMoved)[0].path == ((3, 0),)


@pytest.mark.rule("GEM-GM-01")
@pytest.mark.rule("GEM-13")
def test_a_big_gem_drops_off_a_high_plateau_onto_the_next_block_with_one_drop():
    m = _plateau(9)                                    # 9 > 2 x Size: a fall, both slots
    assert A.Drop("a", (3, 0)) in m.legal_actions()
    events = m.submit(A.Drop("a", (3, 0))).events
    assert (m.state.units["a"].x, m.state.units["a"].y) == (3, 0)
    assert of(events, ev.UnitFell)[0].height == 9


@pytest.mark.rule("GEM-GM-01")
@pytest.mark.rule("GEM-10")
def test_a_big_gem_climbs_onto_a_plateau_as_one_block_and_never_further_than_one():
    elev = ["000333000"] * 3 + ["000000000"] * 3
    m = match(["." * 9] * 6, [unit("a", 0, 0, sheet="onyx", size=3, hp=60),
                              unit("foe", 8, 5, side=1)], elevation=elev)
    assert A.Climb("a", (3, 0)) in m.legal_actions()      # up 3 = 1 x Size
    assert A.Climb("a", (2, 0)) not in m.legal_actions()  # two tiles: neither a tile nor a block
    with pytest.raises(IllegalAction, match="next 3x3 block"):
        m.submit(A.Climb("a", (2, 0)))
    m.submit(A.Climb("a", (3, 0)))
    assert (m.state.units["a"].x, m.state.slots) == (3, 1)

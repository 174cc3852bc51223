"""Gems pick-up reach, tile occupancy, poofed gemstones and shattering (GEM-15..17, GEM-47,
GEM-GM-03, GEM-GM-31, GEM-GM-33..35)."""
from __future__ import annotations

import pytest

from game.engine.rules import IllegalAction
from game.engine.systems.gems import actions as A
from game.engine.systems.gems import events as ev
from game.engine.systems.gems.common import occupancy
from game.engine.systems.gems.rules import describe_tile

from .gemtools import end_turn, match, of, open_field, unit


@pytest.mark.rule("GEM-15")
@pytest.mark.rule("GEM-07")
def test_GEM_TV_18_pick_up_reach_own_adjacent_not_two_away():
    items = [{"id": "r0", "kind": "rock", "x": 2, "y": 2}, {"id": "r1", "kind": "rock", "x": 3, "y": 3},
             {"id": "r2", "kind": "rock", "x": 4, "y": 2}]
    m = match(open_field(), [unit("a", 2, 2), unit("foe", 7, 7, side=1)], items=items)
    legal = m.legal_actions()
    assert A.PickUp("a", "r0") in legal and A.PickUp("a", "r1") in legal
    assert A.PickUp("a", "r2") not in legal
    with pytest.raises(IllegalAction, match="out of reach"):
        m.submit(A.PickUp("a", "r2"))
    events = m.submit(A.PickUp("a", "r1")).events
    assert of(events, ev.SlotsSpent)[0].spent == 1
    assert m.state.items["r1"].held_by == "a" and "r1" in m.state.units["a"].held_objects()
    m.submit(A.PickUp("a", "r0"))
    assert m.state.slots == 0 and len(m.state.units["a"].held_objects()) == 2


@pytest.mark.rule("GEM-GM-35")
def test_GM_35_reach_across_elevation_is_one_size_unless_house_rule():
    items = [{"id": "r1", "kind": "rock", "x": 3, "y": 2}, {"id": "r2", "kind": "rock", "x": 1, "y": 2}]
    elev = ["00000000", "00000000", "01020000", "00000000"]
    m = match(open_field(8, 4), [unit("a", 2, 2), unit("foe", 7, 3, side=1)], items=items,
              elevation=elev)
    legal = m.legal_actions()
    assert A.PickUp("a", "r2") in legal                 # 1 up: within reach
    assert A.PickUp("a", "r1") not in legal             # 2 up: too high
    m2 = match(open_field(8, 4), [unit("a", 2, 2), unit("foe", 7, 3, side=1)], items=items,
               elevation=elev, house={"pickup_reach": "any"})
    assert A.PickUp("a", "r1") in m2.legal_actions()


@pytest.mark.rule("GEM-16")
def test_GEM_TV_20_second_gem_walks_in_two_of_two():
    m = match(open_field(), [unit("a", 1, 1), unit("b", 3, 3, side=1)])
    m.submit(A.Move("a", (3, 2)))
    m.submit(A.Move("a", (3, 3)))
    assert occupancy(m.state, 3, 3) == 2
    assert describe_tile(m.state, 3, 3)["occupancy"] == 2


def _poof_onto(extra_units, x_drop=2):
    """Y (hp 3) stands on a ledge at (2, 0) and drops 3 onto T = (2, 1): she poofs there."""
    rows = ["##.##", ".....", "#####"]
    units = [unit("Y", x_drop, 0, hp=3, cpr=0)] + extra_units
    m = match(rows, units, elevation=["00300", "00000", "00000"],
              setup_dice=[20] + [12 - n for n in range(len(extra_units))])
    events = m.submit(A.Drop("Y", (2, 1))).events
    stone = of(events, ev.UnitPoofed)[0].gemstone
    return m, stone


@pytest.mark.rule("GEM-16")
@pytest.mark.rule("GEM-47")
@pytest.mark.rule("GEM-GM-23")
@pytest.mark.rule("GEM-GM-33")
def test_GEM_TV_19_full_tile_blocks_walkers_fliers_cross_but_not_stop():
    m, stone = _poof_onto([unit("Z", 1, 1, sheet="iolite", cpr=0),
                           unit("X", 2, 1, side=1, cpr=0)])
    assert m.decision.actor == "Z"
    assert occupancy(m.state, 2, 1) == 2 and m.state.items[stone].size == 0.5
    legal = m.legal_actions()
    assert A.Move("Z", (2, 1)) not in legal and A.Move("Z", (3, 1)) not in legal
    with pytest.raises(IllegalAction, match="already holds two"):
        m.submit(A.Move("Z", (2, 1)))
    assert A.Fly("Z", (2, 1)) not in legal
    with pytest.raises(IllegalAction, match="already holds two"):
        m.submit(A.Fly("Z", (2, 1)))
    events = m.submit(A.Fly("Z", (3, 1))).events
    assert (2, 1) in of(events, ev.UnitMoved)[0].path
    assert (m.state.units["Z"].x, m.state.units["Z"].y) == (3, 1)


@pytest.mark.rule("GEM-17")
@pytest.mark.rule("GEM-GM-31")
def test_GEM_TV_21_shatter_only_from_the_same_tile():
    m, stone = _poof_onto([unit("P", 2, 1, cpr=0), unit("Q", 1, 1, side=1, cpr=0)])
    assert m.decision.actor == "P"
    assert A.Shatter("P", stone) in m.legal_actions()
    end_turn(m)
    assert m.decision.actor == "Q"
    assert A.Shatter("Q", stone) not in m.legal_actions()
    with pytest.raises(IllegalAction, match="own tile"):
        m.submit(A.Shatter("Q", stone))
    end_turn(m)                     # Y is skipped: she is poofed
    assert m.decision.actor == "P"
    events = m.submit(A.Shatter("P", stone)).events
    assert of(events, ev.GemstoneShattered)[0].unit == "Y"
    assert m.state.slots == 1 and stone not in m.state.items
    assert m.state.units["Y"].shattered and not m.state.units["Y"].formed
    assert occupancy(m.state, 2, 1) == 1


@pytest.mark.rule("GEM-GM-03")
@pytest.mark.rule("GEM-GM-33")
def test_poofed_gemstone_counts_and_can_be_picked_up_without_a_roll():
    m, stone = _poof_onto([unit("P", 1, 1, cpr=0), unit("Q", 4, 1, side=1, cpr=0)])
    assert m.state.units["Y"].poofed and m.state.units["Y"].hp <= 0
    events = m.submit(A.PickUp("P", stone)).events
    assert not [e for e in events if e.kind == "dice_rolled"]
    assert m.state.items[stone].held_by == "P"


@pytest.mark.rule("GEM-GM-03")
def test_hp_is_twenty_per_size_by_default_and_a_house_rule():
    m = match(open_field(), [unit("a", 0, 0), unit("big", 4, 4, side=1, sheet="onyx")])
    assert m.state.units["a"].hp == 20 and m.state.units["big"].max_hp == 40
    m2 = match(open_field(), [unit("a", 0, 0), unit("big", 4, 4, side=1, sheet="onyx")],
               house={"hp_per_size": 10})
    assert m2.state.units["a"].hp == 10 and m2.state.units["big"].hp == 20


@pytest.mark.rule("GEM-GM-01")
@pytest.mark.rule("GEM-GM-34")
@pytest.mark.rule("GEM-16")
def test_GM_34_size_two_counts_on_each_tile_and_needs_room_everywhere():
    m = match(open_field(), [unit("big", 2, 2, sheet="onyx"), unit("a", 5, 3, side=1),
                             unit("b", 5, 3, side=1)], setup_dice=[20, 5, 3])
    for t in ((2, 2), (3, 2), (2, 3), (3, 3)):
        assert occupancy(m.state, *t) == 1
    assert occupancy(m.state, 5, 3) == 2
    moves = {a.to for a in m.legal_actions() if isinstance(a, A.Move)}
    blocked = {(4, 2), (5, 2), (4, 3), (5, 3)}          # anchors whose footprint covers (5, 3)
    assert not moves & blocked
    assert (4, 1) in moves and (4, 4) in moves          # next to the full tile is fine
    with pytest.raises(IllegalAction, match="already holds two"):
        m.submit(A.Move("big", (4, 2)))


@pytest.mark.rule("GEM-16")
@pytest.mark.rule("GEM-GM-33")
def test_a_carried_gem_that_poofs_never_overfills_the_tile():
    from game.engine.systems.gems.common import apply_damage
    m = match(open_field(), [unit("c", 2, 2, cpr=0), unit("g", 3, 2, hp=4),
                             unit("d", 2, 2, side=1, sheet="jasper")], setup_dice=[20, 5, 4])
    m.force_dice([20])
    m.submit(A.PickUp("c", "g"))
    assert occupancy(m.state, 2, 2) == 2 and m.state.units["g"].carried_by == "c"
    events = apply_damage(m.state, "g", 9, "melee", "d")
    stone = of(events, ev.UnitPoofed)[0].gemstone
    it = m.state.items[stone]
    assert (it.x, it.y) != (2, 2) and occupancy(m.state, 2, 2) == 2
    assert m.state.units["c"].carrying is None and not any(a.load for a in m.state.units["c"].arms)
    from game.engine.systems.gems.system import check_invariants
    assert check_invariants(m.state) == []


@pytest.mark.rule("GEM-GM-02")
def test_GM_02_arms_come_from_the_sheet_and_held_objects_fill_them():
    m = match(open_field(), [unit("b", 1, 1, sheet="beryl"), unit("g", 5, 5, side=1),
                             unit("x", 3, 3, side=1, arms=3, arm_bonus=1)])
    b, x = m.state.units["b"], m.state.units["x"]
    assert len(b.arms) == 4 and b.arm_counter() == 4
    assert b.held_objects() == ["b_buckler"] and m.state.items["b_buckler"].held_by == "b"
    assert len(x.arms) == 3 and x.arm_counter() == 4 and m.state.units["g"].arm_counter() == 2

"""Gems knockback (GEM-40..43, GEM-GM-13/14), through real strikes with the Hardlight Hammer
(damage 4, knockback 2) and, for the test vectors' other distances, through combat.knockback
on a match's state (no content item pushes 3 or 4 tiles)."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.match import Match
from game.engine.rules import MatchConfig
from game.engine.systems.gems import actions as A
from game.engine.systems.gems import combat
from game.engine.systems.gems import events as ev


def gem(uid, side, x, y, **over):
    base = {"name": uid.capitalize(), "cpr": 0, "blocking": False, "disarming": False,
            "held": [], "weapons": [], "abilities": []}
    base.update(over)
    return {"id": uid, "sheet": "garnet", "side": side, "x": x, "y": y, "overrides": base}


def match(units, rows=None, elevation=None, house=None) -> Match:
    rows = rows or ["." * 12] * 10
    grid = {"rows": rows}
    if elevation:
        grid["elevation"] = elevation
    return Match.new(MatchConfig("gems", seed=5, house_rules=house or {},
                                 setup={"grid": grid, "units": units}))


def hammer_strike(m: Match, uid: str, target: tuple[int, int], faces: list[int]):
    for _ in range(12):
        if m.state.acting == uid:
            break
        m.submit(EndTurn())
    m.submit(A.Ready(uid))
    m.submit(A.AssignArm(uid, 0, target, "melee"))
    m.force_dice(faces)
    return m.submit(A.Strike(uid))


def of(events, cls):
    return [e for e in events if isinstance(e, cls)]


def pos(m: Match, uid: str) -> tuple[int, int]:
    u = m.state.units[uid]
    return (u.x, u.y)


def wall_row(wall_x: int | None, width: int = 12, height: int = 10, row: int = 5) -> list[str]:
    rows = ["." * width] * height
    if wall_x is not None:
        r = list(rows[row])
        r[wall_x] = "#"
        rows = rows[:row] + ["".join(r)] + rows[row + 1:]
    return rows


# --- the vectors ---------------------------------------------------------------------------------

@pytest.fixture
def hammer(monkeypatch):
    """Set the Hardlight Hammer's knockback (the bundled one pushes 2) for a vector's distance."""
    from game.engine.systems.gems.content import content

    def setting(n: int) -> None:
        monkeypatch.setitem(content().items["hardlight_hammer"], "knockback", n)
    return setting


def knock_damage(events) -> list[int]:
    """Damage dealt by knockback collisions (after the hammer's own 4)."""
    return [e.amount for e in of(events, ev.DamageTaken)][1:]


@pytest.mark.rule("GEM-40")
@pytest.mark.rule("GEM-41")
@pytest.mark.rule("GEM-42")
@pytest.mark.rule("GEM-GM-13")
def test_GEM_TV_41_stopped_after_one_tile_takes_nine(hammer):
    hammer(4)
    m = match([gem("a", 0, 4, 5, held=["hardlight_hammer"]), gem("t", 1, 5, 5)],
              rows=wall_row(7))
    out = hammer_strike(m, "a", (5, 5), [20])
    assert pos(m, "t") == (6, 5)
    kb = of(out.events, ev.KnockedBack)[0]
    assert (kb.moved, kb.wanted, kb.outcome, kb.hit) == (1, 4, "stop", ("wall",))
    assert knock_damage(out.events) == [9]
    assert of(out.events, ev.DamageTaken)[1].damage_type == "melee"
    assert m.state.units["t"].hp == 20 - 4 - 9


@pytest.mark.rule("GEM-42")
def test_GEM_TV_42_wall_right_behind_takes_nine_without_moving(hammer):
    hammer(3)
    m = match([gem("a", 0, 4, 5, held=["hardlight_hammer"]), gem("t", 1, 5, 5)],
              rows=wall_row(6))
    out = hammer_strike(m, "a", (5, 5), [20])
    assert pos(m, "t") == (5, 5) and knock_damage(out.events) == [9]
    assert of(out.events, ev.KnockedBack)[0].moved == 0


@pytest.mark.rule("GEM-40")
def test_GEM_TV_43_open_ground_full_distance_no_damage(hammer):
    hammer(4)
    m = match([gem("a", 0, 4, 5, held=["hardlight_hammer"]), gem("t", 1, 5, 5)])
    out = hammer_strike(m, "a", (5, 5), [20])
    assert pos(m, "t") == (9, 5) and knock_damage(out.events) == []
    assert m.state.units["t"].hp == 20 - 4


@pytest.mark.rule("GEM-41")
@pytest.mark.rule("GEM-GM-13")
def test_GEM_TV_46_push_along_moves_both_without_damage(hammer):
    hammer(3)
    m = match([gem("a", 0, 4, 5, held=["hardlight_hammer"]), gem("t", 1, 5, 5),
               gem("g", 1, 6, 5)], house={"knockback_collision": "push"})
    # t and g both stand in range; aim at t's tile only
    out = hammer_strike(m, "a", (5, 5), [20])
    assert pos(m, "t") == (8, 5) and pos(m, "g") == (9, 5)
    assert knock_damage(out.events) == [] and m.state.units["g"].hp == 20
    assert of(out.events, ev.KnockedBack)[0].hit == ("g",)


def test_knockback_helper_pushes_the_exact_distance_on_a_match_state():
    # combat.knockback is also what abilities call: 4 tiles, wall after one, as TV-41
    m = match([gem("a", 0, 4, 5), gem("t", 1, 5, 5)], rows=wall_row(7))
    out = combat.knockback(m.state, "t", (1, 0), 4, "a")
    assert pos(m, "t") == (6, 5) and [e.amount for e in of(out, ev.DamageTaken)] == [9]


@pytest.mark.rule("GEM-41")
@pytest.mark.rule("GEM-GM-13")
def test_pass_through_option_and_backing_up_off_a_full_tile():
    m = match([gem("a", 0, 4, 5), gem("t", 1, 5, 5), gem("g", 1, 6, 5)],
              house={"knockback_collision": "pass"})
    combat.knockback(m.state, "t", (1, 0), 3, "a")
    assert pos(m, "t") == (8, 5) and pos(m, "g") == (6, 5)
    assert m.state.units["t"].hp == 20
    # ending inside a full tile is not allowed: she backs up to the last tile with room
    m = match([gem("a", 0, 4, 5), gem("t", 1, 5, 5), gem("g", 1, 7, 5), gem("h", 1, 7, 5)],
              house={"knockback_collision": "pass"})
    combat.knockback(m.state, "t", (1, 0), 2, "a")
    assert pos(m, "t") == (6, 5)
    assert m.system.check_invariants(m.state) == []


@pytest.mark.rule("GEM-41")
def test_default_stop_against_another_gem():
    m = match([gem("a", 0, 4, 5), gem("t", 1, 5, 5), gem("g", 1, 7, 5)])
    out = combat.knockback(m.state, "t", (1, 0), 3, "a")
    assert pos(m, "t") == (6, 5) and pos(m, "g") == (7, 5)
    assert m.state.units["t"].hp == 20 - 6 and m.state.units["g"].hp == 20
    assert of(out, ev.KnockedBack)[0].hit == ("g",)


# --- through real strikes -------------------------------------------------------------------------

@pytest.mark.rule("GEM-40")
@pytest.mark.rule("GEM-GM-14")
def test_GEM_TV_44_diagonal_knockback():
    m = match([gem("a", 0, 4, 4, held=["hardlight_hammer"]), gem("t", 1, 5, 5)])
    out = hammer_strike(m, "a", (5, 5), [20])
    assert pos(m, "t") == (7, 7)
    assert m.state.units["t"].hp == 20 - 4                    # the hammer's 4, no collision
    assert of(out.events, ev.KnockedBack)[0].end == (7, 7)


@pytest.mark.rule("GEM-43")
@pytest.mark.rule("GEM-27")
def test_GEM_TV_45_every_contacted_target_in_the_tile_is_pushed():
    m = match([gem("a", 0, 4, 4, held=["hardlight_hammer"]), gem("p", 1, 5, 4),
               gem("q", 1, 5, 4)])
    out = hammer_strike(m, "a", (5, 4), [20])
    assert pos(m, "p") == (7, 4) and pos(m, "q") == (7, 4)
    assert m.state.units["p"].hp == 16 and m.state.units["q"].hp == 16   # no collision damage
    assert {e.thing for e in of(out.events, ev.KnockedBack)} == {"p", "q"}
    assert m.system.check_invariants(m.state) == []


@pytest.mark.rule("GEM-42")
def test_hammer_into_a_wall_through_a_strike():
    m = match([gem("a", 0, 4, 5, held=["hardlight_hammer"]), gem("t", 1, 5, 5)],
              rows=wall_row(6))
    hammer_strike(m, "a", (5, 5), [20])
    assert pos(m, "t") == (5, 5)
    assert m.state.units["t"].hp == 20 - 4 - 2 * 3


@pytest.mark.rule("GEM-GM-14")
def test_a_miss_or_block_pushes_nobody_unless_the_house_rule_says_everyone():
    m = match([gem("a", 0, 4, 5, held=["hardlight_hammer"]), gem("t", 1, 5, 5)])
    hammer_strike(m, "a", (5, 5), [3])
    assert pos(m, "t") == (5, 5)
    m = match([gem("a", 0, 4, 5, held=["hardlight_hammer"]), gem("t", 1, 5, 5)],
              house={"knockback_targets": "all"})
    hammer_strike(m, "a", (5, 5), [3])
    assert pos(m, "t") == (7, 5) and m.state.units["t"].hp == 20
    # blocked: no push by default
    m = match([gem("a", 0, 4, 5, held=["hardlight_hammer"]),
               gem("t", 1, 5, 5, blocking=True, held=["buckler"], cpr=10)])
    hammer_strike(m, "a", (5, 5), [16])
    m.force_dice([20])
    m.submit(A.Counter("t", 1))
    m.submit(A.AssignBlocks("t", ((0, 0),)))
    assert pos(m, "t") == (5, 5) and m.state.units["t"].hp == 20


@pytest.mark.rule("GEM-GM-14")
@pytest.mark.rule("GEM-GM-06")
@pytest.mark.rule("GEM-40")
def test_pushed_off_a_ledge_is_a_forced_fall_and_the_push_goes_its_full_distance():
    """Knockback 2 from the edge of a 5-high block: she goes over the edge, is carried the
    whole 2 tiles and falls where the push ends (only a solid object stops a push early)."""
    elevation = ["555500000000"] * 10
    m = match([gem("a", 0, 2, 5, held=["hardlight_hammer"]), gem("t", 1, 3, 5)],
              elevation=elevation)
    out = hammer_strike(m, "a", (3, 5), [20])
    assert pos(m, "t") == (5, 5)                              # both tiles, then she lands
    kb = of(out.events, ev.KnockedBack)[0]
    assert (kb.moved, kb.wanted) == (2, 2)
    fell = of(out.events, ev.UnitFell)
    assert len(fell) == 1
    assert (fell[0].height, fell[0].damage, fell[0].forced) == (5, 9, True)
    assert m.state.units["t"].hp == 20 - 4 - 9                # no collision damage (GEM-42)


@pytest.mark.rule("GEM-40")
@pytest.mark.rule("GEM-GM-14")
def test_pushed_over_a_narrow_gap_she_lands_on_the_far_side_without_a_fall():
    elevation = ["555055000000"] * 10
    m = match([gem("a", 0, 1, 5), gem("t", 1, 2, 5)], elevation=elevation)
    out = combat.knockback(m.state, "t", (1, 0), 2, "a")
    assert pos(m, "t") == (4, 5)
    assert of(out, ev.UnitFell) == [] and m.state.units["t"].hp == 20


@pytest.mark.rule("GEM-GM-14")
@pytest.mark.rule("GEM-42")
def test_over_the_edge_and_into_a_wall_she_falls_where_she_stopped_and_takes_the_collision():
    elevation = ["555009000000"] * 10
    m = match([gem("a", 0, 1, 5), gem("t", 1, 2, 5)], elevation=elevation)
    out = combat.knockback(m.state, "t", (1, 0), 3, "a")
    assert pos(m, "t") == (4, 5)                              # stopped by the 9-high block
    fell = of(out, ev.UnitFell)
    assert len(fell) == 1 and fell[0].height == 5
    assert m.state.units["t"].hp == 20 - 9 - 3 * 1            # fall, and 1 tile short


@pytest.mark.rule("GEM-40")
def test_a_cliff_higher_than_her_size_stops_her_like_a_wall():
    elevation = ["000000200000"] * 10
    m = match([gem("a", 0, 4, 5), gem("t", 1, 5, 5)], elevation=elevation)
    combat.knockback(m.state, "t", (1, 0), 2, "a")
    assert pos(m, "t") == (5, 5) and m.state.units["t"].hp == 14


@pytest.mark.rule("GEM-GM-14")
def test_direction_snaps_to_eight_ways():
    assert combat.snap8(2, 1) == (1, 1)          # 26.6 degrees: diagonal
    assert combat.snap8(3, 1) == (1, 0)          # 18.4 degrees: straight
    assert combat.snap8(-1, -3) == (0, -1)
    assert combat.snap8(0, 0) is None


@pytest.mark.rule("GEM-43")
@pytest.mark.rule("GEM-GM-14")
def test_two_gems_pushed_together_never_overfill_the_tile_they_land_on():
    """Found by the soak run (quarry, seed 14): two gems sharing a tile were knocked back onto a
    tile holding a rock, three things on a tile of two. Counting both newcomers, the tile is
    full: a collision (GEM-GM-14), so they stop short and take GEM-42's damage."""
    m = Match.new(MatchConfig("gems", seed=5, setup={
        "grid": {"rows": ["." * 12] * 10},
        "units": [gem("a", 0, 4, 4), gem("p", 1, 5, 4), gem("q", 1, 5, 4)],
        "items": [{"id": "r", "kind": "rock", "x": 7, "y": 4}]}))
    out = combat.knockback(m.state, ["p", "q"], (1, 0), 2, "a")
    assert pos(m, "p") == (6, 4) and pos(m, "q") == (6, 4)
    assert m.state.units["p"].hp == 20 - 3 and m.state.units["q"].hp == 20 - 3
    assert "r" in of(out, ev.KnockedBack)[0].hit
    assert m.system.check_invariants(m.state) == []


def test_two_gems_pushed_together_onto_an_empty_tile_go_the_whole_way():
    m = match([gem("a", 0, 4, 4), gem("p", 1, 5, 4), gem("q", 1, 5, 4)])
    combat.knockback(m.state, ["p", "q"], (1, 0), 2, "a")
    assert pos(m, "p") == (7, 4) and pos(m, "q") == (7, 4)
    assert m.system.check_invariants(m.state) == []

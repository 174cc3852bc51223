"""Walls and veils, self moves and Swift modifiers: Earth Wall grows `speed` hexes a segment on its
owner's turn (BND-49) and blocks movement, sight and projectiles until it fades (BND-78); veils
conceal (BND-88); Stone Skin as a self move and as a declared counter; Tailwind as a slotless
Swift modifier (BND-35); a talent's reduced variant (BND-39)."""
from __future__ import annotations

import pytest

from game.engine.systems.bindings import actions as A
from game.engine.systems.bindings import combat, movement
from game.engine.systems.bindings import events as E
from game.engine.systems.bindings.sight import sight
from game.engine.systems.bindings.state import tick_of
from game.engine.tactics.lines import cube_path

from .combat_kit import ROW, Table, fighter, score


def mason(**kw) -> Table:
    a = fighter("A", 0, 1, sheet="petramancer")
    b = fighter("B", 1, 12, hp=99, max_hp=99, **kw)
    return Table([a, b], width=16).start()


@pytest.mark.rule("BND-49")
@pytest.mark.rule("BND-82")
def test_earth_wall_grows_a_hex_a_segment_on_its_owners_turn_and_fades_after_three_rounds():
    t = mason()
    out = t.use("A", "earth_wall", (6, ROW))
    assert t.of(E.ActionStarted, out)[0].cost == "full"
    placed = t.of(E.FeaturePlaced, out)
    assert [p.cells for p in placed] == [((6, ROW),)]
    wall = t.state.features[0]
    assert wall.until == tick_of(1, 1) + 9                 # 3 rounds counted in segments
    t.end()
    assert len(wall.cells) == 1                            # B's turn: nothing grows
    t.end()
    assert t.when == (1, 2) and len(wall.cells) == 2
    t.until_turn("A")
    t.end()
    t.until_turn("A")
    assert t.when == (1, 3) and len(wall.cells) == 3 and wall.plan == []
    a, b, c = (t.lay.to_cube(*h) for h in (wall.cells[1], wall.cells[0], wall.cells[2]))
    assert cube_path(a, c) == [a, b, c]                    # a straight line through the aim
    assert [h[1] for h in wall.cells] == [ROW, ROW - 1, ROW + 1]   # across the line of sight
    for _ in range(30):
        if t.of(E.FeatureFaded):
            break
        t.end()
    assert t.of(E.FeatureFaded)[-1].feature == wall.id and t.when == (4, 1)
    assert t.state.features == []


def test_a_standing_wall_blocks_sight_and_movement():
    t = mason()
    t.use("A", "earth_wall", (6, ROW))
    for h in t.state.features[0].plan:                     # let it stand complete at once
        t.state.features[0].cells.append(h)
    t.state.features[0].plan = []
    for h in t.state.features[0].cells:
        assert movement.blocks_movement(t.state, h)
    assert not sight(t.state, (5, ROW), (7, ROW)).can_see
    assert combat.attack_targets(t.state, t.c("A"), combat.move_def("stone_bullet")) == []


def test_a_wall_never_grows_into_a_creature():
    t = mason()
    t.c("B").x, t.c("B").y = 6, ROW
    t.use("A", "earth_wall", (5, ROW))
    wall = t.state.features[0]
    t.c("B").x, t.c("B").y = wall.plan[0]
    blocked = wall.plan[0]
    t.end()
    t.end()
    assert blocked not in wall.cells and len(wall.cells) == 2


@pytest.mark.rule("BND-88")
def test_a_dust_veil_conceals_three_hexes_for_two_rounds():
    a = fighter("A", 0, 1)
    b = fighter("B", 1, 9, hp=99, max_hp=99)
    t = Table([a, b]).start()
    assert sight(t.state, (1, ROW), (9, ROW)).concealment == 0
    out = t.use("A", "dust_veil", (5, ROW))
    veil = t.state.features[0]
    assert len(veil.cells) == 3 and (5, ROW) in veil.cells and veil.conceal == 1
    assert t.of(E.FeaturePlaced, out)[0].until == tick_of(1, 1) + 6
    assert sight(t.state, (1, ROW), (9, ROW)).concealment >= 1
    for _ in range(30):
        if t.of(E.FeatureFaded):
            break
        t.end()
    assert t.when == (3, 1)
    assert sight(t.state, (1, ROW), (9, ROW)).concealment == 0


def test_stone_skin_guards_for_a_round_and_answers_a_blow_with_db_plus_con():
    a = fighter("A", 0, 4, ab=1, DEX=score(1))
    b = fighter("B", 1, 5, sheet="petramancer", db=1, CON=score(2), hp=99, max_hp=99)
    t = Table([a, b]).start()
    t.use("A", "unarmed_strike", "B")
    assert "stone_skin" in t.state.pending[-1].data["options"]
    t.do(A.Defend("B", t.state.pending[-1].data["attack"], "stone_skin"))
    t.end()
    gained = t.of(E.ConditionGained)[-1]
    assert (gained.condition, gained.until) == ("guarded", t.state.tick + 3)
    t.force(6, 6, 1, 1, 1, 1, 1).end()
    r = t.of(E.AttackResolved)[-1]
    assert r.defence == 1 + 2 + 2 + 3 and r.offence == 1 + 1 + 12      # guarded: +3d6
    assert r.outcome == "hit"


@pytest.mark.rule("BND-35")
def test_tailwind_boosts_an_ongoing_move_without_using_the_slot():
    a = fighter("A", 0, 1, base_speed=30)
    b = fighter("B", 1, 14, hp=99, max_hp=99)
    t = Table([a, b]).start()
    assert not [x for x in combat.legal(t.state) if x.move == "tailwind"]   # nothing to boost
    t.do(A.StartMovement("A", "move", (1, ROW)))
    before = movement.available(t.state, "A")
    tail = [x for x in combat.legal(t.state) if x.move == "tailwind"]
    assert tail == [A.UseMove("A", "tailwind", None, False)]
    assert not [x for x in combat.legal(t.state) if x.move == "blade"]      # the slot is used
    out = t.use("A", "tailwind")
    started = t.of(E.ActionStarted, out)[0]
    assert (started.cost, started.slot) == ("swift", False)
    assert t.c("A").swifts == 1
    assert movement.available(t.state, "A") == before + 2


@pytest.mark.rule("BND-39")
def test_a_talent_offers_the_reduced_variant_once_a_round():
    a = fighter("A", 0, 1)
    b = fighter("B", 1, 6, hp=99, max_hp=99)
    t = Table([a, b]).start()
    blasts = [x for x in combat.legal(t.state) if x.move == "air_blast"]
    assert {x.reduce for x in blasts} == {False, True}
    out = t.use("A", "air_blast", "B", reduce=True)
    started = t.of(E.ActionStarted, out)[0]
    assert (started.cost, started.reduced) == ("move", True)
    assert t.c("A").reductions == {"quick_gust": 1}

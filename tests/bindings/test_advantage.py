"""Advantage and disadvantage on 2d6 totals: +3d6 / -3d6 (BND-95/96, BND-T-16, GM-20), complete
cancelling (BND-97), both sides of a contest at advantage (BND-98), never on damage unless the
table says so (BND-99, GM-33), from mechanics or the table's call (BND-100, GM-01), and cover
giving disadvantage (BND-85)."""
from __future__ import annotations

import pytest

from game.engine.events import DiceRolled
from game.engine.rng import Rng
from game.engine.systems.bindings import actions as A
from game.engine.systems.bindings import combat
from game.engine.systems.bindings import events as E
from game.engine.systems.bindings.boardcache import forget
from game.engine.systems.bindings.house import DEFAULTS
from game.engine.systems.bindings.state import BindingsState, Condition

from .combat_kit import ROW, Table, fighter, score

MODS = [("AB", 2), ("DEX", 1)]


def roll(edge: str, dice: list[int], **house) -> tuple[int, list]:
    state = BindingsState(combatants={}, order=[], house={**DEFAULTS, **house})
    rng = Rng.from_seed(1)
    rng.force(dice)
    total, events = combat.roll_total(state, rng, "attack", "A", 2, MODS, edge, "test")
    assert rng.forced == [], "every forced die is used"
    return total, events


@pytest.mark.rule("BND-T-16")
@pytest.mark.rule("BND-95")
@pytest.mark.rule("BND-96")
@pytest.mark.rule("BND-GM-20")
def test_advantage_adds_and_disadvantage_subtracts_a_3d6():
    assert roll("none", [3, 4])[0] == 10
    assert roll("advantage", [3, 4, 6, 5, 1])[0] == 22
    assert roll("disadvantage", [3, 4, 2, 2, 2])[0] == 4


@pytest.mark.rule("BND-96")
@pytest.mark.rule("BND-GM-20")
def test_drop_dice_disadvantage_leaves_a_2d6_total_with_no_dice():
    total, events = roll("disadvantage", [], disadv_mode="drop_dice")
    assert total == 3 and events == []


@pytest.mark.rule("BND-T-16")
@pytest.mark.rule("BND-97")
def test_any_advantage_and_any_disadvantage_cancel_completely():
    assert combat._net(["a"], ["d"]) == ("none", ("a", "d"))
    assert combat._net(["a"], ["d1", "d2", "d3"])[0] == "none"
    assert combat._net(["a1", "a2"], [])[0] == "advantage"      # the same kind does not stack
    assert roll(combat._net(["a"], ["d"])[0], [3, 4])[0] == 10


def ranged_vs_prone(**house) -> Table:
    a = fighter("A", 0, 1, ab=1, INT=score(2))
    b = fighter("B", 1, 6, db=0, INT=score(0), hp=99, max_hp=99)
    b.conditions.append(Condition("prone", -1, "trip"))
    return Table([a, b], house=house).start()


@pytest.mark.rule("BND-100")
@pytest.mark.rule("BND-GM-01")
@pytest.mark.rule("BND-97")
@pytest.mark.rule("BND-T-16")
def test_the_tables_call_is_asked_of_the_attacker_and_cancels_a_mechanical_disadvantage():
    t = ranged_vs_prone(gm_adv_prompt=True)
    t.use("A", "air_blast", "B")
    t.do(A.Defend("B", t.state.pending[-1].data["attack"], None))
    assert t.stage == "circumstance" and t.state.pending[-1].seat == 0
    judges = [a for a in combat.legal(t.state) if isinstance(a, A.Judge)]
    assert {j.edge for j in judges} == {"advantage", "none", "disadvantage"}
    t.force(3, 4, 6).do(A.Judge(0, t.state.pending[-1].data["attack"], "advantage"))
    r = t.of(E.AttackResolved)[-1]
    assert r.edge == "none" and set(r.reasons) == {"prone", "circumstances"}
    assert r.offence == 1 + 2 + 7


@pytest.mark.rule("BND-100")
def test_without_the_tables_call_a_prone_target_gives_a_projectile_disadvantage():
    t = ranged_vs_prone()
    t.use("A", "air_blast", "B")
    t.force(3, 4, 1, 1, 1, 6).do(A.Defend("B", t.state.pending[-1].data["attack"], None))
    r = t.of(E.AttackResolved)[-1]
    assert r.edge == "disadvantage" and r.offence == 1 + 2 + 7 - 3


@pytest.mark.rule("BND-98")
def test_in_a_contest_where_both_have_advantage_both_roll_at_advantage():
    a = fighter("A", 0, 4, ab=1, STR=score(2))
    b = fighter("B", 1, 5, db=1, STR=score(0), hp=99, max_hp=99)
    b.conditions += [Condition("prone", -1, "trip"), Condition("guarded", -1, "stone_skin")]
    t = Table([a, b]).start()
    t.c("A").moves.append("shove")
    t.use("A", "shove", "B")
    t.force(1, 1, 1, 1, 1, 2, 2, 2, 2, 2).do(
        A.Defend("B", t.state.pending[-1].data["attack"], None))
    r = t.of(E.AttackResolved)[-1]
    assert r.edge == "advantage"
    assert (r.offence, r.defence) == (1 + 2 + 5, 1 + 0 + 10)
    purposes = [e.roll.purpose for e in t.of(DiceRolled)]
    assert purposes == ["attack", "attack advantage", "contest", "contest advantage"]


@pytest.mark.rule("BND-99")
@pytest.mark.rule("BND-GM-33")
@pytest.mark.parametrize("on", [False, True])
def test_damage_gets_no_advantage_unless_the_table_adds_it(on):
    a = fighter("A", 0, 4, ab=1, DEX=score(0), STR=score(1))
    b = fighter("B", 1, 5, db=0, INT=score(0), hp=99, max_hp=99)
    b.conditions.append(Condition("prone", -1, "trip"))
    t = Table([a, b], house={"damage_advantage": on}).start()
    t.use("A", "unarmed_strike", "B")
    t.force(3, 3, 1, 1, 1, 4, *([2, 2, 2] if on else []))
    t.do(A.Defend("B", t.state.pending[-1].data["attack"], None))
    assert t.of(E.AttackResolved)[-1].edge == "advantage"
    assert t.of(E.DamageDealt)[-1].amount == 1 + 4 + (6 if on else 0)
    assert t.rng.forced == []


@pytest.mark.rule("BND-85")
@pytest.mark.rule("BND-86")
@pytest.mark.rule("BND-T-19")
def test_cover_on_the_centre_line_puts_the_attack_at_disadvantage_unless_next_to_the_attacker():
    for cover_x, expected in ((4, "disadvantage"), (2, "none")):
        a = fighter("A", 0, 1, ab=1, INT=score(2))
        b = fighter("B", 1, 6, db=0, INT=score(0), hp=99, max_hp=99)
        t = Table([a, b]).start()
        t.state.board.cells[ROW][cover_x]["cover"] = True
        forget(t.state.board)       # derived board data is built once per board
        t.use("A", "air_blast", "B")
        assert t.of(E.AttackLaunched)[-1].cover == (expected == "disadvantage")
        t.force(3, 4, *([1, 1, 1] if expected == "disadvantage" else []), 6).do(
            A.Defend("B", t.state.pending[-1].data["attack"], None))
        r = t.of(E.AttackResolved)[-1]
        assert r.edge == expected


@pytest.mark.rule("BND-84")
@pytest.mark.rule("BND-T-19")
def test_a_row_of_walls_blocking_every_line_leaves_nothing_to_attack():
    rows = ["....#..........."] * 9
    a = fighter("A", 0, 1)
    b = fighter("B", 1, 6, hp=99, max_hp=99)
    t = Table([a, b], rows=rows).start()
    assert not [x for x in combat.legal(t.state) if x.move in ("air_blast", "blade")]
    assert combat.check_use_move(t.state, A.UseMove("A", "air_blast", (6, ROW))) is not None

"""Defensive actions: when a target may declare one (BND-10/11, GM-04, GM-05), that it becomes
the slot and defers the attack to the defender's turn (BND-13, BND-T-24), the order at that turn
(GM-06), Brace as a defence (BND-45, BND-T-18, GM-11), Dodge (BND-54, BND-T-23, GM-07, GM-30)."""
from __future__ import annotations

import pytest

from game.engine.events import DiceRolled
from game.engine.systems.bindings import actions as A
from game.engine.systems.bindings import events as E

from .combat_kit import ROW, Table, fighter, score


def duel(order=("A", "B"), b_at: int = 5, **house) -> Table:
    a = fighter("A", 0, 4, ab=1, DEX=score(1), STR=score(0))
    b = fighter("B", 1, b_at, db=1, INT=score(0), DEX=score(0), hp=40, max_hp=40,
                base_speed=30)
    return Table([a, b], order=list(order), house=house).start()


def attack_id(t: Table) -> str:
    return t.state.pending[-1].data["attack"]


@pytest.mark.rule("BND-10")
@pytest.mark.rule("BND-11")
@pytest.mark.rule("BND-T-24")
def test_only_a_target_whose_turn_is_still_to_come_may_declare_a_defence():
    t = duel(order=("A", "B"))
    t.use("A", "unarmed_strike", "B")
    assert t.stage == "defend" and t.state.pending[-1].seat == 1
    # B ranks above A: it already had its S1 turn, so the strike resolves at once (Reaction)
    t = duel(order=("B", "A"))
    t.end()
    assert t.acting == "A"
    t.force(3, 3, 1).use("A", "unarmed_strike", "B")
    assert t.stage == "act"
    r = t.of(E.AttackResolved)[-1]
    assert r.defence == 1 and r.outcome == "hit"                # DB 1 + INT 0


@pytest.mark.rule("BND-11")
def test_a_target_without_budget_for_any_defensive_action_is_not_asked():
    t = duel()
    t.c("B").spent = ["full"]                 # nothing but Swifts left this round
    t.force(1, 1).use("A", "unarmed_strike", "B")
    assert t.stage == "act" and t.of(E.AttackResolved)


@pytest.mark.rule("BND-13")
@pytest.mark.rule("BND-T-24")
@pytest.mark.rule("BND-54")
def test_a_declared_dodge_moves_first_then_the_attack_lands_with_disadvantage():
    t = duel()
    t.use("A", "unarmed_strike", "B")
    t.do(A.Defend("B", attack_id(t), "dodge"))
    started = t.of(E.ActionStarted)[-1]
    assert (started.actor, started.move, started.cost) == ("B", "dodge", "move")
    assert t.c("B").slot_tick == t.state.tick        # the declaration is B's slot (BND-13)
    t.end()
    assert t.acting == "B" and not t.of(E.AttackResolved)
    assert t.c("B").has("dodging", t.state.tick)
    # Dodge at base 30 ft: 2 hexes this segment (BND-58)
    t.do(A.MoveTo("B", (7, ROW)))
    assert t.of(E.CombatantMoved)[-1].path == ((6, ROW), (7, ROW))
    t.force(6, 6, 1, 1, 1, 1).end()
    r = t.of(E.AttackResolved)[-1]
    assert r.edge == "disadvantage" and "dodge" in r.reasons
    assert r.offence == 1 + 1 + 12 - 3                # 2d6 [6,6] less 3d6 [1,1,1]
    # BND-14 / GM-07 default: moving away did not make it miss
    assert r.outcome == "hit" and t.at("B") == (7, ROW)


@pytest.mark.rule("BND-14")
@pytest.mark.rule("BND-GM-07")
def test_with_escapes_on_a_dodge_out_of_reach_makes_the_attack_miss():
    t = duel(defensive_move_escapes=True)
    t.use("A", "unarmed_strike", "B")
    t.do(A.Defend("B", attack_id(t), "dodge"))
    t.end()
    t.do(A.MoveTo("B", (7, ROW)))
    t.end()
    r = t.of(E.AttackResolved)[-1]
    assert r.outcome == "miss" and r.reasons == ("out of reach",)
    assert not [e for e in t.of(DiceRolled) if e.roll.purpose == "attack"]


@pytest.mark.rule("BND-T-18")
@pytest.mark.rule("BND-45")
@pytest.mark.rule("BND-GM-11")
@pytest.mark.rule("BND-GM-06")
def test_a_declared_brace_resolves_first_and_gives_the_reaction_advantage():
    t = duel()
    t.use("A", "unarmed_strike", "B")
    t.do(A.Defend("B", attack_id(t), "brace"))
    t.end()
    assert t.acting == "B"
    gained = t.of(E.ConditionGained)[-1]
    assert (gained.target, gained.condition) == ("B", "braced")
    t.force(1, 1, 2, 3, 4).end()
    r = t.of(E.AttackResolved)[-1]
    assert r.defence == 1 + 0 + 9 == 10                # BND-T-18: Reaction 1 + 3d6 [2,3,4]
    assert r.outcome == "miss"


@pytest.mark.rule("BND-GM-11")
def test_brace_scope_checks_only_leaves_the_reaction_flat():
    t = duel(brace_scope="checks")
    t.use("A", "unarmed_strike", "B")
    t.do(A.Defend("B", attack_id(t), "brace"))
    t.end()
    t.force(1, 1, 2).end()
    assert t.of(E.AttackResolved)[-1].defence == 1


@pytest.mark.rule("BND-GM-06")
def test_attack_first_resolves_the_attack_before_the_brace_takes_hold():
    t = duel(defend_order="attack_first")
    t.use("A", "unarmed_strike", "B")
    t.do(A.Defend("B", attack_id(t), "brace"))
    t.force(1, 1, 2).end()                              # B's turn starts: the attack first
    assert t.acting == "B"
    kinds = [type(e).__name__ for e in t.events]
    assert kinds.index("AttackResolved") < len(kinds) - 1 - kinds[::-1].index("ConditionGained")
    assert t.of(E.AttackResolved)[-1].defence == 1      # no advantage yet


@pytest.mark.rule("BND-22")
@pytest.mark.rule("BND-GM-04")
@pytest.mark.rule("BND-T-10")
@pytest.mark.parametrize("allowed", [False, True])
def test_a_combatant_delayed_in_round_one_keeps_only_its_reaction_unless_the_table_allows(allowed):
    a = fighter("A", 0, 4, ab=1, DEX=score(1))
    b = fighter("B", 1, 5, db=1, INT=score(0), hp=40, max_hp=40, first_segment=2)
    t = Table([a, b], house={"delayed_can_defend": allowed}).start()
    t.force(1, 1, 1).use("A", "unarmed_strike", "B")
    if allowed:
        assert t.stage == "defend"
    else:
        assert t.stage == "act"
        assert t.of(E.AttackResolved)[-1].defence == 1   # the Reaction still worked


@pytest.mark.rule("BND-GM-05")
def test_defend_after_turn_lets_a_target_that_already_acted_declare_and_settle_at_once():
    t = duel(order=("B", "A"), defend_after_turn=True)
    t.end()                                              # B passes its S1 turn unused
    t.use("A", "unarmed_strike", "B")
    assert t.stage == "defend"
    t.force(1, 1, 2, 3, 4).do(A.Defend("B", attack_id(t), "brace"))
    assert t.acting == "A"
    r = t.of(E.AttackResolved)[-1]
    assert r.defence == 10 and t.c("B").has("braced", t.state.tick)


@pytest.mark.rule("BND-GM-30")
@pytest.mark.rule("BND-54")
@pytest.mark.rule("BND-T-23")
@pytest.mark.parametrize("use", [True, False])
def test_a_dodge_started_on_its_own_turn_is_offered_against_an_attack_that_segment(use):
    t = duel(order=("B", "A"))
    t.end()                                              # S1: B idles
    t.end()                                              # S1: A idles
    assert t.when == (1, 2) and t.acting == "B"
    t.do(A.StartMovement("B", "dodge", (6, ROW)))        # S2: B dodges one hex
    t.end()
    t.use("A", "blade", "B")
    assert t.stage == "use_dodge"
    t.force(6, 6, 1, 1, 1, 1, 1).do(A.UseDodge("B", attack_id(t), use))
    r = t.of(E.AttackResolved)[-1]
    assert (r.edge == "disadvantage") == use
    assert t.c("B").has("dodging", t.state.tick) != use   # spent on this attack only


@pytest.mark.rule("BND-T-23")
def test_a_dodge_does_not_help_against_an_attack_arriving_next_segment():
    t = duel(order=("B", "A"), b_at=10)
    t.end()
    t.end()
    t.do(A.StartMovement("B", "dodge", (11, ROW)))       # S2
    t.end()
    t.c("A").moves.append("stone_bullet")
    t.use("A", "stone_bullet", "B")                      # 7 hexes at 3H: contact in S4 = R2 S1
    assert t.stage == "act" and not t.of(E.AttackContacted)
    t.end()
    t.until_turn("A")
    assert t.when == (1, 3)
    t.end()
    t.end()
    # R2 S1 (B ranks first): B idles, then A's stone arrives; B's turn has passed
    assert t.of(E.AttackContacted) and t.stage == "act"
    r = t.of(E.AttackResolved)[-1]
    assert "dodge" not in r.reasons


def test_a_defend_prompt_survives_a_save_and_resumes_to_the_same_result():
    import json

    from game.engine.systems.bindings.state import BindingsState

    def play(save: bool) -> tuple:
        t = duel()
        t.use("A", "unarmed_strike", "B")
        t.do(A.Defend("B", attack_id(t), "brace"))
        if save:
            board = t.state.board
            t.state = BindingsState.from_json(json.loads(json.dumps(t.state.to_json())))
            t.state.board = board
        t.end()
        t.force(5, 5, 2, 3, 4).end()
        r = t.of(E.AttackResolved)[-1]
        return r.outcome, r.offence, r.defence, t.c("B").hp, t.when, t.acting

    assert play(True) == play(False)


@pytest.mark.rule("BND-GM-07")
@pytest.mark.parametrize("escapes", [False, True])
def test_a_projectile_that_landed_misses_a_dodger_who_left_the_hex_only_with_escapes(escapes):
    a = fighter("A", 0, 1, ab=1, INT=score(2))
    b = fighter("B", 1, 5, db=1, INT=score(0), hp=40, max_hp=40, base_speed=30)
    t = Table([a, b], house={"defensive_move_escapes": escapes}).start()
    t.use("A", "air_blast", "B")
    t.do(A.Defend("B", attack_id(t), "dodge"))
    t.end()
    t.do(A.MoveTo("B", (5, ROW + 1)))
    t.force(6, 6, 1, 1, 1, 3).end()
    r = t.of(E.AttackResolved)[-1]
    assert (r.outcome == "miss" and r.reasons == ("out of reach",)) == escapes

"""Bindings attacks on the real clock: Unarmed Strike (BND-41..44, BND-T-14), the hit rule and
its tie option (BND-47, GM-13), the Reaction (BND-46, BND-T-15, GM-12), damage and going down,
conditions on a hit (BND-77/78) and the combat maneuvers standing in for BND-48."""
from __future__ import annotations

import pytest

from game.engine.events import DiceRolled
from game.engine.systems.bindings import actions as A
from game.engine.systems.bindings import combat
from game.engine.systems.bindings import events as E

from .combat_kit import ROW, Table, fighter, score


def strike_table(**house) -> Table:
    """A (AB 1, DEX +1, STR +2) rank 1 next to B (DB 1, DEX +2) rank 2 (BND-T-14's numbers)."""
    a = fighter("A", 0, 4, ab=1, DEX=score(1), STR=score(2), INT=10)
    b = fighter("B", 1, 5, db=1, DEX=score(2), INT=10, hp=30, max_hp=30)
    return Table([a, b], house=house).start()


@pytest.mark.rule("BND-41")
def test_unarmed_strike_is_a_standard_action_reaching_only_the_next_hex():
    a = fighter("A", 0, 4)
    b = fighter("B", 1, 6)
    t = Table([a, b]).start()
    strikes = [x for x in combat.legal(t.state) if x.move == "unarmed_strike"]
    assert strikes == []                         # two hexes away: out of reach
    t.c("B").x = 5
    strikes = [x for x in combat.legal(t.state) if x.move == "unarmed_strike"]
    assert [s.target for s in strikes] == [(5, ROW)]
    out = t.force(1, 1).use("A", "unarmed_strike", "B")
    assert t.of(E.ActionStarted, out)[0].cost == "standard"
    # speed 2H, one hex away: contact in the launch segment (BND-50)
    assert t.stage == "defend" and t.when == (1, 1)


@pytest.mark.rule("BND-T-14")
@pytest.mark.rule("BND-42")
@pytest.mark.rule("BND-43")
@pytest.mark.rule("BND-44")
@pytest.mark.rule("BND-47")
def test_unarmed_strike_against_a_declared_unarmed_counter_hits_for_six():
    t = strike_table()
    t.use("A", "unarmed_strike", "B")
    assert t.stage == "defend"
    aid = t.state.pending[-1].data["attack"]
    assert "unarmed_strike" in t.state.pending[-1].data["options"]
    t.do(A.Defend("B", aid, "unarmed_strike"))
    assert t.of(E.AttackContacted)[-1].deferred
    t.end()                                           # A's turn ends; B's turn begins
    assert t.acting == "B"
    assert not t.of(E.AttackResolved)                 # BND-13: it waits for B's turn to end
    t.force(4, 5, 3, 3, 4).end()
    r = t.of(E.AttackResolved)[-1]
    assert (r.outcome, r.offence, r.defence) == ("hit", 11, 9)
    d = t.of(E.DamageDealt)[-1]
    assert (d.target, d.amount, d.hp) == ("B", 6, 24)


@pytest.mark.rule("BND-T-14")
@pytest.mark.rule("BND-47")
@pytest.mark.rule("BND-GM-13")
@pytest.mark.parametrize("tie_hits", [False, True])
def test_offence_equal_to_defence_misses_unless_the_table_says_ties_hit(tie_hits):
    t = strike_table(tie_hits=tie_hits)
    t.use("A", "unarmed_strike", "B")
    t.do(A.Defend("B", t.state.pending[-1].data["attack"], "unarmed_strike"))
    t.end()
    t.force(4, 5, 4, 4, 3).end()
    r = t.of(E.AttackResolved)[-1]
    assert (r.offence, r.defence) == (11, 11)
    assert r.outcome == ("hit" if tie_hits else "miss")
    assert bool(t.of(E.DamageDealt)) == tie_hits


def reaction_table(**house) -> Table:
    """BND-T-15: defender DB 2, INT +1; attacker AB 0, DEX -1."""
    a = fighter("A", 0, 4, ab=0, DEX=score(-1), STR=10)
    b = fighter("B", 1, 5, db=2, INT=score(1), hp=30, max_hp=30)
    return Table([a, b], house=house).start()


@pytest.mark.rule("BND-T-15")
@pytest.mark.rule("BND-46")
@pytest.mark.rule("BND-12")
@pytest.mark.parametrize("faces,total,outcome", [((1, 1), 1, "miss"), ((2, 2), 3, "miss"),
                                                 ((2, 3), 4, "hit")])
def test_declining_leaves_the_flat_reaction_and_the_attack_resolves_at_once(faces, total, outcome):
    t = reaction_table()
    t.use("A", "unarmed_strike", "B")
    t.force(*faces, 1).do(A.Defend("B", t.state.pending[-1].data["attack"], None))
    r = t.of(E.AttackResolved)[-1]
    assert (r.offence, r.defence, r.outcome) == (total, 3, outcome)
    assert t.acting == "A"                         # resolved now, still A's turn (BND-12)
    # the Reaction rolled no dice: only the attack (and damage on a hit) did
    rolls = [e.roll.purpose for e in t.of(DiceRolled)]
    assert "defence" not in rolls and rolls.count("attack") == 1


@pytest.mark.rule("BND-GM-12")
def test_reaction_as_damage_reduction_subtracts_db_plus_int_from_the_damage():
    t = reaction_table(reaction_mode="damage_reduction")
    t.use("A", "unarmed_strike", "B")
    # offence 0 + -1 + 2 = 1 > 0: a hit; damage STR 0 + 6 = 6, less DB 2 + INT 1 = 3
    t.force(1, 1, 6).do(A.Defend("B", t.state.pending[-1].data["attack"], None))
    r = t.of(E.AttackResolved)[-1]
    assert (r.outcome, r.defence) == ("hit", 0)
    assert t.of(E.DamageDealt)[-1].amount == 3


def test_a_hit_that_empties_the_hit_points_downs_the_target_and_ends_the_battle():
    t = strike_table()
    t.c("B").hp = 5
    t.use("A", "unarmed_strike", "B")
    t.force(6, 6, 6).do(A.Defend("B", t.state.pending[-1].data["attack"], None))
    assert t.of(E.DamageDealt)[-1].hp == 0
    assert t.of(E.CombatantDowned)[-1].target == "B"
    assert t.c("B").down and t.state.over and t.state.winner == 0


@pytest.mark.rule("BND-77")
@pytest.mark.rule("BND-78")
def test_a_condition_from_a_hit_applies_at_once_and_lasts_three_segments_per_round():
    a = fighter("A", 0, 4, sheet="petramancer")
    b = fighter("B", 1, 5, hp=40, max_hp=40, db=0, INT=10)
    t = Table([a, b]).start()
    t.until_turn("A")
    t.end()
    t.until_turn("A")                                  # R1 S2
    t.use("A", "quake_stomp", "B")
    t.force(6, 6, 1, 1).do(A.Defend("B", t.state.pending[-1].data["attack"], None))
    g = t.of(E.ConditionGained)[-1]
    assert (g.target, g.condition, g.until) == ("B", "staggered", 1 + 3)
    assert t.c("B").has("staggered", t.state.tick)


@pytest.mark.rule("BND-48")
def test_shove_is_a_contest_the_target_always_rolls_and_pushes_two_hexes():
    a = fighter("A", 0, 4, sheet="brawler", ab=1, STR=score(2))
    b = fighter("B", 1, 5, db=1, STR=score(0), INT=score(4))
    t = Table([a, b]).start()
    if "shove" not in t.c("A").moves:
        t.c("A").moves.append("shove")
    t.use("A", "shove", "B")
    # declining a defence does not spare the contest roll: DB 1 + STR 0 + 2d6 (not Reaction 5)
    t.force(5, 5, 1, 1).do(A.Defend("B", t.state.pending[-1].data["attack"], None))
    r = t.of(E.AttackResolved)[-1]
    assert (r.outcome, r.offence, r.defence) == ("hit", 1 + 2 + 10, 1 + 0 + 2)
    assert not t.of(E.DamageDealt)
    assert t.of(E.PushbackStarted)[-1].hexes == 2
    assert t.at("B") == (7, ROW)


@pytest.mark.rule("BND-48")
def test_trip_knocks_prone_and_melee_against_the_prone_has_advantage():
    a = fighter("A", 0, 4, ab=1, DEX=score(2))
    b = fighter("B", 1, 5, db=1, DEX=score(0), hp=40, max_hp=40)
    c = fighter("C", 0, 6, ab=1, DEX=score(2))
    t = Table([a, b, c]).start()
    t.c("A").moves.append("trip")
    t.use("A", "trip", "B")
    t.force(5, 5, 1, 1).do(A.Defend("B", t.state.pending[-1].data["attack"], None))
    assert t.of(E.ConditionGained)[-1].condition == "prone"
    t.end()
    t.end()                                            # B's turn passes; C strikes the prone B
    assert t.acting == "C"
    t.force(1, 1, 1, 1, 1).use("C", "unarmed_strike", "B")
    assert t.stage == "act"                            # B already had its turn: no defence
    r = t.of(E.AttackResolved)[-1]
    assert r.edge == "advantage" and "prone" in r.reasons
    assert r.offence == 1 + 2 + 2 + 3                  # 2d6 [1,1] + advantage 3d6 [1,1,1]


@pytest.mark.rule("BND-GM-31")
@pytest.mark.parametrize("allowed", [True, False])
def test_allies_are_targets_only_when_the_table_allows_friendly_fire(allowed):
    a = fighter("A", 0, 4)
    ally = fighter("C", 0, 5)
    foe = fighter("B", 1, 12)
    t = Table([a, ally, foe], house={"friendly_fire": allowed}).start()
    strikes = {x.target for x in combat.legal(t.state) if x.move == "unarmed_strike"}
    assert strikes == ({(5, ROW)} if allowed else set())
    why = combat.check_use_move(t.state, A.UseMove("A", "unarmed_strike", (5, ROW)))
    assert (why is None) == allowed


@pytest.mark.rule("BND-25")
def test_a_readied_answer_to_being_attacked_fires_before_the_attack_flies():
    a = fighter("A", 0, 1, ab=1, INT=score(2))
    b = fighter("B", 1, 6, hp=40, max_hp=40)
    t = Table([a, b], order=["B", "A"]).start()
    t.do(A.Ready("B", "blade", None, "attacked"))
    t.end()
    assert t.acting == "A"
    out = t.use("A", "air_blast", "B")
    kinds = [type(e).__name__ for e in out]
    assert kinds.index("ReadiedFired") < kinds.index("AttackAdvanced")
    fired = [x for x in t.of(E.AttackLaunched, out) if x.actor == "B"]
    assert fired and fired[0].target == "A"
    assert any(x.readied for x in t.state.attacks if x.attacker == "B")


@pytest.mark.rule("BND-GM-06")
@pytest.mark.rule("BND-GM-01")
def test_attack_first_with_the_tables_call_still_resolves_the_declared_action_afterwards():
    a = fighter("A", 0, 4, ab=1, DEX=score(1))
    b = fighter("B", 1, 5, db=1, INT=score(0), hp=40, max_hp=40)
    t = Table([a, b], house={"defend_order": "attack_first", "gm_adv_prompt": True}).start()
    t.use("A", "unarmed_strike", "B")
    t.do(A.Defend("B", t.state.pending[-1].data["attack"], "brace"))
    t.end()                                       # B's turn starts: the attack comes first
    assert t.stage == "circumstance" and t.acting == "B"
    assert not t.c("B").has("braced", t.state.tick)
    t.force(1, 1).do(A.Judge(0, t.state.pending[-1].data["attack"], "none"))
    assert t.of(E.AttackResolved)[-1].defence == 1           # before the Brace took hold
    assert t.c("B").has("braced", t.state.tick)              # ...which then resolved
    assert t.stage == "act" and t.acting == "B"

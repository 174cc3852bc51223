"""d20 advantage, Aim/Block dice, attack totals, crits, called shots, hordes and checks
(B-06, B-08, B-10, RS-26..35, RS-40..47, RS-60/61, RS-81/82, AMB-02/03/11/17/21/23, SM-07)."""
from __future__ import annotations

import pytest

from game.engine.rng import Rng
from game.engine.systems.rpgstuck import rolls as R
from game.engine.systems.rpgstuck.rolls import ABDie


def forced(*faces: int) -> Rng:
    rng = Rng.from_seed(7)
    rng.force(list(faces))
    return rng


@pytest.mark.rule("RS-B-10", "RS-42")
@pytest.mark.parametrize("adv,dis,faces,natural,stack", [
    (0, 0, (11,), 11, 0),
    (1, 0, (4, 15), 15, 0),
    (0, 1, (4, 15), 4, 0),
    (2, 0, (4, 15), 15, 4),
    (3, 1, (4, 15), 15, 4),
    (0, 3, (12, 5), 5, -8),
    (2, 2, (9,), 9, 0),
])
def test_net_advantage(adv: int, dis: int, faces: tuple[int, ...], natural: int, stack: int) -> None:
    net = R.net_advantage(adv, dis)
    d = R.roll_d20(forced(*faces), net)
    assert d.faces == faces and d.natural == natural and d.stack == stack
    assert d.roll.total == natural + stack


@pytest.mark.rule("RS-32", "RS-B-10", "RS-TV-22")
def test_RS_TV_22_stack_is_untouchable() -> None:
    d = R.roll_d20(forced(4, 15), 2)
    assert d.natural + d.stack == 19
    # Double disadvantage: an "ignore all maluses" effect keeps the -4.
    dd = R.roll_d20(forced(4, 15), -2)
    t = R.attack_total(dd.natural, 5, 10, stack=dd.stack, hit_terms=[("prone", -2)],
                       ignore_maluses=True)
    assert t.total == 4 + 5 - 4
    assert ("advantage stack", -4) in t.terms


@pytest.mark.rule("RS-26", "RS-28", "RS-30", "RS-TV-17")
def test_RS_TV_17_aim_keeps_highest() -> None:
    ab = R.roll_aim_block(forced(3), [ABDie(4)], [])
    assert ab.value == 3
    ab = R.roll_aim_block(forced(2, 5), [ABDie(4), ABDie(6)], [])
    assert ab.value == 5 and ab.faces == (2, 5)


@pytest.mark.rule("RS-27", "RS-AMB-02", "RS-TV-18")
def test_RS_TV_18_cancellation() -> None:
    assert R.cancel([ABDie(6)], [ABDie(4)]) == ("none", ())
    assert R.cancel([ABDie(4), ABDie(8)], [ABDie(6)]) == ("aim", (ABDie(4),))
    # AMB-02 option: smallest first.
    assert R.cancel([ABDie(4), ABDie(8)], [ABDie(6)], pairing="smallest") == ("aim", (ABDie(8),))
    assert R.cancel([ABDie(8), ABDie(4)], [ABDie(6)], pairing="given") == ("aim", (ABDie(4),))
    assert R.cancel([ABDie(4), ABDie(8)], [ABDie(6)], pairing="given") == ("aim", (ABDie(8),))
    ab = R.roll_aim_block(forced(), [ABDie(6)], [ABDie(4)])
    assert ab.value == 0 and ab.roll is None


@pytest.mark.rule("RS-26", "RS-30", "RS-TV-19")
def test_RS_TV_19_shieldkind_block() -> None:
    ab = R.roll_aim_block(forced(3), [], [ABDie(4)])
    assert ab.value == -3
    assert R.attack_total(0, 15, 10, aim_block=ab.value).total == 12


@pytest.mark.rule("RS-29", "RS-TV-20")
def test_RS_TV_20_block_d8_on_two_attacks() -> None:
    die = ABDie(4, steps=2)          # Defensive Stance + Spirit of Mars: two steps up
    assert die.sides == 8
    first = R.roll_aim_block(forced(5), [], [die])
    second = R.roll_aim_block(forced(2), [], [die])
    assert R.attack_total(0, 18, 10, aim_block=first.value).total == 13
    assert R.attack_total(0, 16, 10, aim_block=second.value).total == 14


@pytest.mark.rule("RS-29", "RS-AMB-03", "RS-TV-21")
def test_RS_TV_21_cap_and_floor() -> None:
    up = ABDie(10, steps=2)
    assert (up.sides, up.adjust) == (10, 2)
    assert R.roll_aim_block(forced(7), [up], []).value == 9
    down = ABDie(2, steps=-1)
    assert R.roll_aim_block(forced(2), [], [down]).value == -1
    assert R.roll_aim_block(forced(2), [], [ABDie(2, steps=-3)]).value == 0


@pytest.mark.rule("RS-31", "RS-AMB-23")
def test_hit_bonus_and_malus_categories() -> None:
    t = R.attack_total(10, 5, 15, hit_terms=[("opening", 2), ("stance", -1)], aim_block=-3)
    assert t.total == 10 + 5 + 2 - 1 - 3
    ign = R.attack_total(10, 5, 15, hit_terms=[("opening", 2), ("stance", -1)], aim_block=-3,
                         ignore_maluses=True)
    assert ign.total == 10 + 5 + 2 - 3        # AMB-23 default: the Block die stays
    opt = R.attack_total(10, 5, 15, hit_terms=[("stance", -1)], aim_block=-3,
                         ignore_maluses=True, aimblock_as_bonus=True)
    assert opt.total == 15
    nob = R.attack_total(10, 5, 15, hit_terms=[("opening", 2)], aim_block=3,
                         ignore_bonuses=True, aimblock_as_bonus=True)
    assert nob.total == 15


@pytest.mark.rule("RS-B-06", "RS-AMB-17", "RS-31")
def test_cover_as_malus_or_defense() -> None:
    # TV-53 numbers: total 15 vs AC 14.
    assert R.attack_total(10, 5, 14).total == 15
    half = R.attack_total(10, 5, 14, cover=R.COVER_MALUS["half"])
    assert (half.total, half.defense) == (13, 14)
    assert not R.is_hit(10, half.total, half.defense)
    three = R.attack_total(9, 5, 12, cover=4, defense_kind="Reflex")
    assert three.total == 10
    will = R.attack_total(10, 5, 14, cover=2, defense_kind="Will")
    assert will.total == 15 and R.is_hit(10, will.total, will.defense)
    as_def = R.attack_total(10, 5, 14, cover=2, cover_as="defense")
    assert (as_def.total, as_def.defense) == (15, 16)
    # As a malus it is ignored by "ignore maluses"; as defense it is not.
    assert R.attack_total(10, 5, 14, cover=2, ignore_maluses=True).total == 15
    assert R.attack_total(10, 5, 14, cover=2, cover_as="defense", ignore_maluses=True).defense == 16


@pytest.mark.rule("RS-33", "RS-34")
@pytest.mark.parametrize("crit_range,threshold", [(0, 20), (2, 18), (-3, 20), (19, 1), (9, 11)])
def test_crit_threshold(crit_range: int, threshold: int) -> None:
    assert R.crit_threshold(crit_range) == threshold


@pytest.mark.rule("RS-34", "RS-35", "RS-TV-29")
def test_RS_TV_29_crit_range_needs_the_hit() -> None:
    assert R.outcome(18, 20, 15, crit_range=2).crit
    assert not R.outcome(17, 20, 15, crit_range=2).crit
    o = R.outcome(18, 14, 15, crit_range=2)
    assert not o.hit and not o.crit


@pytest.mark.rule("RS-40", "RS-41", "RS-AMB-11", "RS-TV-30")
def test_RS_TV_30_natural_overrides() -> None:
    o = R.outcome(20, 12, 30)
    assert o.hit and o.crit
    o = R.outcome(1, 31, 10)
    assert not o.hit and not o.crit
    o = R.outcome(1, 31, 10, crit_range=19)
    assert not o.hit and not o.crit
    # AMB-11: only an ability that says so hits on a natural 1, and it is still no crit.
    o = R.outcome(1, 31, 10, crit_range=19, nat1_can_hit=True)
    assert o.hit and not o.crit


@pytest.mark.rule("RS-45", "RS-46", "RS-TV-31")
def test_RS_TV_31_head_shot_numbers() -> None:
    cs = R.called_shot(14, 2, 4)
    assert (cs.defense, cs.crit_range) == (18, -2)
    assert R.crit_threshold(cs.crit_range) == 20
    o = R.outcome(19, 24, cs.defense, crit_range=cs.crit_range)
    assert o.hit and not o.crit


@pytest.mark.rule("RS-47", "RS-TV-32")
def test_RS_TV_32_trade() -> None:
    plain = R.called_shot(20, 9, 4)
    assert (plain.defense, plain.crit_range) == (24, 5)
    traded = R.called_shot(20, 9, 4, trade=True)
    assert (traded.defense, traded.crit_range, traded.traded) == (20, 1, True)
    assert R.outcome(19, 20, traded.defense, crit_range=traded.crit_range).crit


@pytest.mark.rule("RS-47", "RS-SM-19", "RS-TV-33")
def test_RS_TV_33_trade_legality() -> None:
    assert not R.trade_allowed(5, 4)
    with pytest.raises(ValueError):
        R.called_shot(14, 5, 4, trade=True)
    assert R.trade_allowed(8, 4)
    cs = R.called_shot(14, 8, 4, trade=True)
    assert (cs.defense, cs.crit_range) == (14, 0)
    assert R.trade_allowed(0, 0)
    assert R.called_shot(14, 0, 0, trade=True) == R.CalledShot(14, 0, True)


@pytest.mark.rule("RS-60", "RS-61", "RS-TV-34")
def test_RS_TV_34_opening_and_shatterpoint_numbers() -> None:
    # Opening (+0): +2 hit bonus; Shatterpoint (+0): +2 crit range.
    assert R.attack_total(10, 3, 15, hit_terms=[("opening", 2)]).total == 15
    sp = R.called_shot(15, 0 + 2, 0)
    assert R.crit_threshold(sp.crit_range) == 18
    assert R.outcome(18, 25, 15, crit_range=sp.crit_range).crit


@pytest.mark.rule("RS-81", "RS-82", "RS-TV-43")
def test_RS_TV_43_horde_hits() -> None:
    strength = R.horde_strength(60, 60)
    t = R.attack_total(16, 1, 14, hit_terms=[("horde strength", strength)])
    assert t.total == 27
    assert R.outcome(16, 27, 14, horde=True).hits == 3
    assert R.outcome(16, 27, 27, horde=True).hits == 1
    assert R.outcome(16, 27, 28, horde=True).hits == 0
    assert R.outcome(20, 10, 28, horde=True).hits == 1


@pytest.mark.rule("RS-82", "RS-TV-44")
@pytest.mark.parametrize("hp,strength", [(60, 10), (41, 10), (40, 5), (21, 5), (20, 0), (0, 0)])
def test_RS_TV_44_horde_strength(hp: int, strength: int) -> None:
    assert R.horde_strength(hp, 60) == strength


@pytest.mark.rule("RS-B-08", "RS-43", "RS-SM-07")
def test_skill_checks() -> None:
    c = R.roll_check(forced(12), 3, dc=15)
    assert c.total == 15 and c.success
    c = R.roll_check(forced(12), 3, dc=15, proficient=True, p=2)
    assert c.total == 17
    # RS-43: natural 20 / 1 mean nothing on a check by default ...
    assert not R.passes_dc(20, 14, 15)
    assert R.passes_dc(1, 15, 15)
    # ... SM-07 turns them on.
    assert R.passes_dc(20, 14, 15, nat_rules=True)
    assert not R.passes_dc(1, 15, 15, nat_rules=True)
    c = R.roll_check(forced(3, 18), 0, dc=10, net=1)
    assert c.d20.natural == 18 and c.success


@pytest.mark.rule("RS-B-08", "RS-AMB-21", "RS-53", "RS-64", "RS-65", "RS-TV-38")
def test_opposed_status_quo_wins_ties() -> None:
    # RS-64: a grapple starts only if the grappler's Athletics beats the target's check.
    assert not R.opposed(12, 12)
    assert R.opposed(13, 12)
    # RS-65: an escape needs the escaper to beat the grappler's Athletics; a tie holds.
    assert not R.opposed(14, 14) and R.opposed(15, 14)
    # TV-38: the Arm/Tail check: the attack (total 19) tries to break the grapple.
    assert R.opposed(19, 18)        # Basilisk 18 -> grapple ends
    assert not R.opposed(19, 19)    # Basilisk 19 -> holds
    assert not R.opposed(25, 3, changer_natural=1, nat_rules=True)
    assert R.opposed(3, 25, changer_natural=20, nat_rules=True)
    assert not R.opposed(3, 25, changer_natural=20, keeper_natural=20, nat_rules=True)


@pytest.mark.rule("RS-29")
def test_bad_aim_block_die() -> None:
    with pytest.raises(ValueError):
        ABDie(12)


@pytest.mark.rule("RS-49", "RS-TV-35")
def test_RS_TV_35_called_shot_bans() -> None:
    assert R.called_shot_allowed()
    assert not R.called_shot_allowed(area=True)
    assert not R.called_shot_allowed(auto_hit=True)
    assert not R.called_shot_allowed(effect_on_miss=True)      # Psi Pulse: half on a miss
    assert not R.called_shot_allowed(skill_check=True)


@pytest.mark.rule("RS-50", "RS-55")
def test_copies_needed() -> None:
    # TV-36 arithmetic: a Basilisk's Leg (4) needs 2 legs in one use; a biped needs one.
    assert R.copies_needed(4, half_at=4) == 2
    assert R.copies_needed(8, half_at=4) == 4
    assert R.copies_needed(5, half_at=4) == 3
    assert R.copies_needed(2, half_at=4) == 1
    assert R.copies_needed(2) == 1


@pytest.mark.rule("RS-57", "RS-59", "RS-B-09", "RS-SM-10")
def test_secret_dc() -> None:
    assert R.secret_dc(15) == 15
    assert R.secret_dc(15, artery=True) == 20      # Titachnid artery spot DC 20
    assert R.secret_dc(15, artery=True, artery_extra=3) == 18


@pytest.mark.rule("RS-84", "RS-85", "RS-86", "RS-87", "RS-TV-45")
def test_RS_TV_45_horde_area_hits() -> None:
    assert R.horde_area_hits(3) == 3                             # cube over 3 of 4 squares
    assert R.horde_area_hits(1, single_square_medium=True) == 3  # burst on a one-square horde
    assert R.horde_area_hits(0, single_square_medium=True) == 0
    # Cleave: two attacks, each may pick the same horde, so two independent rolls (RS-84).
    assert R.outcome(15, 20, 12, horde=True).hits == 2


@pytest.mark.rule("RS-29", "RS-AMB-03", "RS-TV-21")
def test_aim_block_literal_option() -> None:
    lit = {"aimblock_floor": "literal"}
    # Past the cap the roll gains +1 per step whoever owns the die; below the floor it loses 1.
    assert R.roll_aim_block(forced(7), [ABDie(10, 2)], [], **lit).value == 9
    assert R.roll_aim_block(forced(7), [], [ABDie(10, 2)], **lit).value == -7 + 2
    assert R.roll_aim_block(forced(2), [], [ABDie(2, -3)], **lit).value == -2 - 3
    assert R.roll_aim_block(forced(1), [ABDie(2, -1)], [], **lit).value == 0
    # The highest face is the die used; on equal faces the owner's better die.
    assert R.ab_value("aim", [ABDie(10, 1), ABDie(10)], [5, 5], aimblock_floor="literal") == 6
    assert R.ab_value("block", [ABDie(10, 1), ABDie(10)], [5, 5], aimblock_floor="literal") == -5
    with pytest.raises(ValueError):
        R.ab_value("aim", [ABDie(4)], [1], aimblock_floor="bogus")  # type: ignore[arg-type]


@pytest.mark.rule("RS-B-08", "RS-AMB-21")
def test_opposed_tie_reroll_option() -> None:
    assert R.opposed(12, 12, opposed_tie="reroll") is None
    assert R.opposed(13, 12, opposed_tie="reroll") is True
    assert R.opposed(11, 12, opposed_tie="reroll") is False

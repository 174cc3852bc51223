"""RPGStuck content: everything bundled loads, and the numbers the checklist fixes (the bestiary
and test PCs of section F, sizes, PC defences, DCs, CR values, the default abilitechs, the
anatomy kinds) are the numbers in game/data/rpgstuck."""
from __future__ import annotations

import pytest

from game.engine.systems.rpgstuck import content as C
from game.engine.systems.rpgstuck.content import content, load_content


def test_bundled_content_loads_and_is_cached():
    c = content()
    assert content() is c
    assert load_content() == c


def test_the_bestiary_of_section_f_is_all_there():
    c = content()
    for cid in ("imp", "imp_t0", "imp_horde", "ogre", "basilisk", "giclops", "titachnid",
                "knight", "scout"):
        assert cid in c.creatures
    kinds = {cr.kind for cr in c.creatures.values()}
    assert kinds == {"pc", "monster", "mount", "minion"}


# (id, tier, cr, size, hp, ac, reflex, will, dc, walk, climb, damage base, damage mod)
BESTIARY = [
    ("imp", 1, 1, "small", 16, 13, 13, 11, 12, 30, 0, "1d6", 2),
    ("imp_t0", 0, 1, "small", 10, 12, 12, 10, 11, 30, 0, "1d4", 1),
    ("imp_horde", 1, 1, "large", 60, 12, 12, 10, 11, 30, 0, "1d4", 1),
    ("ogre", 1, 2, "large", 45, 13, 11, 11, 11, 40, 0, "2d8", 3),
    ("basilisk", 1, 2, "large", 40, 15, 12, 11, 13, 35, 20, "1d10", 3),
    ("giclops", 1, 3, "huge", 90, 14, 11, 12, 12, 40, 0, "2d10", 4),
    ("titachnid", 3, 2, "huge", 120, 19, 17, 15, 15, 40, 40, "2d10", 6),
]


@pytest.mark.rule("RS-88", "RS-91", "RS-B-05", "RS-B-13")
@pytest.mark.parametrize("row", BESTIARY, ids=[r[0] for r in BESTIARY])
def test_stat_blocks_match_section_f(row):
    cid, tier, cr, size, hp, ac, reflex, will, dc, walk, climb, base, dmod = row
    m = C.creature(cid)
    assert (m.tier, m.cr, m.size, m.hp) == (tier, cr, size, hp)
    assert (m.ac, m.reflex, m.will, m.dc) == (ac, reflex, will, dc)
    assert (m.speed.walk, m.speed.climb) == (walk, climb)
    assert m.damage is not None and (m.damage.base, m.damage.mod) == (base, dmod)


@pytest.mark.rule("RS-88")
def test_cr_values_follow_the_source_examples():
    # CR 1 ordinary (imps), CR 2 tougher (ogres, basilisks), CR 3 minibosses
    assert C.creature("imp").cr == C.creature("imp_horde").cr == 1
    assert C.creature("ogre").cr == C.creature("basilisk").cr == 2
    assert C.creature("giclops").cr == 3


@pytest.mark.rule("RS-B-15")
def test_sizes_give_the_footprints_of_b15():
    assert C.FOOTPRINT == {"tiny": 1, "small": 1, "medium": 1, "large": 2, "huge": 3,
                           "gargantuan": 4}
    assert [C.SIZE_INDEX[s] for s in C.SIZES] == [0, 1, 2, 3, 4, 5]
    assert C.creature("imp_horde").footprint == 2
    assert C.creature("titachnid").footprint == 3
    assert C.creature("knight").footprint == 1
    # the size difference is the index difference: Medium to Gargantuan is 3 (RS-66)
    assert C.SIZE_INDEX["gargantuan"] - C.SIZE_INDEX["medium"] == 3


@pytest.mark.rule("RS-B-02", "RS-B-03", "RS-B-07", "RS-B-01")
def test_test_pcs_of_section_f_get_their_defences_from_b07():
    k, s = C.creature("knight"), C.creature("scout")
    assert (k.level, k.tier, k.hit_die) == (1, 1, 8)
    assert (k.ac, k.reflex, k.will) == (14, 14, 13)
    assert (s.ac, s.reflex, s.will) == (15, 15, 14)
    assert k.scores == {"STR": 16, "DEX": 14, "CON": 14, "INT": 10, "WIS": 12, "CHA": 10}
    assert s.scores == {"STR": 10, "DEX": 16, "CON": 12, "INT": 12, "WIS": 14, "CHA": 10}
    assert set(s.trained) == {"stealth", "perception"}
    assert k.speed.walk == s.speed.walk == 30


@pytest.mark.rule("RS-B-02")
def test_pcs_come_at_several_levels_and_tiers():
    pcs = [cr for cr in content().creatures.values() if cr.kind == "pc"]
    assert {1, 3, 5, 9} <= {p.level for p in pcs}
    assert {p.tier for p in pcs} == {1, 2, 3}
    for p in pcs:
        assert p.tier == 1 + (p.level - 1) // 4


@pytest.mark.rule("RS-B-09")
def test_listed_dcs_are_the_b09_default():
    for cr in content().creatures.values():
        if cr.kind == "monster":
            top = max(C.mod(cr.scores[s]) for s in ("INT", "WIS", "CHA"))
            assert cr.dc == 10 + cr.tier + 1 + top, cr.id


@pytest.mark.rule("RS-55", "RS-50")
def test_leg_counts_need_half_from_four():
    c = content()
    leg = c.anatomy["leg"]
    basilisk = [p for p in C.creature("basilisk").anatomy if p.part == "leg"][0]
    titachnid = [p for p in C.creature("titachnid").anatomy if p.part == "leg"][0]
    ogre = [p for p in C.creature("ogre").anatomy if p.part == "leg"][0]
    assert (basilisk.count, C.copies_needed(basilisk, leg)) == (4, 2)
    assert (titachnid.count, C.copies_needed(titachnid, leg)) == (8, 4)
    assert (ogre.count, C.copies_needed(ogre, leg)) == (2, 1)


@pytest.mark.rule("RS-B-22", "RS-B-12", "RS-30")
def test_default_pc_abilitechs_are_b22():
    a = content().abilitechs
    assert (a["strike"].dmg, a["strike"].vs, a["strike"].reach_ft) == ("Qd8+STR", "ac", 5)
    assert (a["shoot"].dmg, a["shoot"].range_ft, a["shoot"].disadvantage_within_ft) == \
        ("Qd8+DEX", 60, 5)
    assert (a["cleave"].dmg, a["cleave"].targets, a["cleave"].same_target) == ("Qd6+STR", 2, True)
    assert (a["shield_bash"].dmg, a["shield_bash"].on_hit.push_ft) == ("Qd4+STR", 10)
    assert (a["block"].action, a["block"].block_die, a["block"].block_covers) == \
        ("reaction", 4, 1)
    assert (a["aim"].aim_die, a["avert"].block_die, a["shift"].move_ft) == (4, 4, 5)
    assert a["shove"].on_hit.push_ft == 10 and a["shove"].on_hit.choose_one
    for basic in C.BASIC_ACTIONS:
        assert a[basic].category == "basic"


@pytest.mark.rule("RS-05", "RS-06", "RS-B-19")
def test_test_pcs_max_hp_from_their_hit_die():
    from game.engine.systems.rpgstuck.limits import pc_max_hp
    k, s = C.creature("knight"), C.creature("scout")
    assert pc_max_hp(k.level, C.mod(k.scores["CON"]), k.hit_die) == 20
    assert pc_max_hp(s.level, C.mod(s.scores["CON"]), s.hit_die) == 19

"""RPGStuck content: the monster actions of section F, the invented Steps of B-21 and the
anatomy part kinds of RS-51..63 carry the checklist's numbers."""
from __future__ import annotations

import pytest

from game.engine.systems.rpgstuck import content as C
from game.engine.systems.rpgstuck.content import content
from game.engine.systems.rpgstuck.listing import parse

# (creature, abilitech, to_hit, vs, reach, range, dmg, cooldown)
ACTIONS = [
    ("imp", "imp_claw", 4, "ac", 5, 0, "1d6+2", 0),
    ("imp", "imp_pounce", 4, "reflex", 5, 0, "1d4+2", 1),
    ("imp_t0", "imp_t0_claw", 3, "ac", 5, 0, "1d4+1", 0),
    ("imp_horde", "swarming_claws", 1, "ac", 5, 0, "1d4+1", 0),
    ("ogre", "club_smash", 6, "ac", 5, 0, "2d8+3", 0),
    ("ogre", "sweeping_swat", 6, "ac", 5, 0, "1d8+3", 1),
    ("ogre", "ogre_fist", 6, "ac", 5, 0, "1d6+3", 0),
    ("basilisk", "basilisk_bite", 5, "ac", 5, 0, "1d10+3", 0),
    ("basilisk", "tail_whip", 5, "reflex", 10, 0, "1d6+3", 0),
    ("basilisk", "stony_glare", 5, "will", 0, 30, "1d4+3", 2),
    ("giclops", "crushing_fist", 7, "ac", 10, 0, "2d10+4", 0),
    ("giclops", "stomp", 7, "reflex", 10, 0, "1d10+4", 1),
    ("giclops", "boulder_hurl", 7, "ac", 0, 60, "2d6+4", 2),
    ("titachnid", "fang_bite", 10, "ac", 10, 0, "2d10+6", 0),
    ("titachnid", "battering_charge", 10, "reflex", 10, 0, "1d10+6", 1),
    ("titachnid", "web_spit", 10, "reflex", 0, 30, "1d8+6", 2),
]


@pytest.mark.rule("RS-97", "RS-95", "RS-B-06")
@pytest.mark.parametrize("row", ACTIONS, ids=[r[1] for r in ACTIONS])
def test_monster_actions_match_section_f(row):
    cid, aid, to_hit, vs, reach, rng, dmg, cooldown = row
    assert aid in C.creature(cid).actions
    a = C.abilitech(aid)
    assert (a.to_hit, a.vs, a.reach_ft, a.range_ft, a.dmg, a.cooldown) == \
        (to_hit, vs, reach, rng, dmg, cooldown)
    assert a.action == "major"


@pytest.mark.rule("RS-94", "RS-AMB-13", "RS-81", "RS-B-16")
def test_monster_riders_match_section_f():
    a = content().abilitechs
    assert a["imp_pounce"].on_hit.prone and a["stomp"].on_hit.prone
    assert a["sweeping_swat"].on_hit.push_ft == 15
    assert a["tail_whip"].on_hit.push_ft == 10 and a["tail_whip"].unavailable_while == "Tail"
    assert a["boulder_hurl"].on_hit.push_ft == 10
    assert a["battering_charge"].on_hit.push_ft == 35                 # TV-56
    for aid in ("stony_glare", "web_spit"):
        assert (a[aid].on_hit.cripple, a[aid].on_hit.cripple_rounds) == (10, 1)
    bite = a["basilisk_bite"].on_hit.grapple
    assert bite is not None and (bite.limb, bite.max_size) == ("Tail", "large")
    assert a["club_smash"].requires_tool == "Club"
    assert a["swarming_claws"].horde_extra_hits
    # AMB-13: riders cost damage, so the Tail Whip (push) sits below the Bite (grapple)
    whip, bite_dmg = parse(a["tail_whip"].dmg), parse(a["basilisk_bite"].dmg)
    assert whip.per * whip.die < bite_dmg.per * bite_dmg.die


@pytest.mark.rule("RS-48", "RS-56", "RS-82")
def test_parts_and_traits_of_section_f():
    ogre = C.creature("ogre")
    club = [p for p in ogre.anatomy if p.part == "tool"][0]
    assert (club.name, club.y, club.hp, club.disables) == ("Club", 2, 12, ("club_smash",))
    arm = [p for p in ogre.anatomy if p.part == "arm"][0]
    assert (arm.count, arm.strikable, arm.grapple_limb) == (2, True, True)
    artery = [p for p in C.creature("titachnid").secrets if p.part == "artery"][0]
    assert artery.hp == 25
    horde = C.creature("imp_horde")
    assert horde.traits.horde and horde.traits.horde_strength
    assert not horde.anatomy and not horde.secrets


# (kind, Y, secret, grappleable, effect)
PARTS = [
    ("head", 4, False, "never", "bonus_damage"),
    ("wings", 4, False, "always", "ground"),
    ("arm", 2, False, "with_hp", "loosen_grip"),
    ("leg", 2, False, "with_hp", "cripple"),
    ("tool", 2, False, "with_hp", "disarm"),
    ("psi_core", 2, True, "never", "bonus_damage"),
    ("artery", 4, True, "with_hp", "bleed"),
    ("opening", 0, True, "never", "hit_bonus"),
    ("shatterpoint", 0, True, "never", "crit_daze"),
    ("vitals", 2, True, "always", "daze"),
]


@pytest.mark.rule("RS-45", "RS-51", "RS-52", "RS-53", "RS-54", "RS-56", "RS-58", "RS-59",
                  "RS-60", "RS-61", "RS-62", "RS-63", "RS-AMB-14")
@pytest.mark.parametrize("row", PARTS, ids=[r[0] for r in PARTS])
def test_anatomy_kinds_carry_their_y_and_effect(row):
    kid, y, secret, grappleable, effect = row
    k = content().anatomy[kid]
    assert (k.y, k.secret, k.grappleable, k.effect) == (y, secret, grappleable, effect)
    assert k.effect in C.PART_EFFECTS


@pytest.mark.rule("RS-51", "RS-53", "RS-54", "RS-58", "RS-59", "RS-60", "RS-61", "RS-62",
                  "RS-63", "RS-SM-10")
def test_anatomy_numbers():
    a = content().anatomy
    assert a["head"].bonus_pct == a["psi_core"].bonus_pct == 50
    assert a["psi_core"].psionic_only
    assert (a["tool"].y, a["tool"].y_max, a["tool"].hp, a["tool"].may_be_secret) == \
        (2, 6, "required", True)
    assert a["artery"].hp == "required" and a["artery"].spot_dc_bonus == 5
    assert a["opening"].hit_bonus == 2
    assert (a["shatterpoint"].crit_range, a["shatterpoint"].daze_rounds) == (2, 1)
    assert a["vitals"].daze_rounds == 1
    assert (a["leg"].cripple, a["leg"].rounds, a["leg"].half_needed_from) == (10, 1, 4)
    assert a["tail"].acts_as == a["jaws"].acts_as == "arm"            # RS-53
    assert a["wings"].hp == "optional"                                # SM-12


@pytest.mark.rule("RS-B-21", "RS-148", "RS-SM-11")
def test_steps_of_b21():
    s = content().steps
    assert (s["trace"].bonus_pct, s["trace"].when) == (100, "marked_target")
    assert s["defensive_stance"].block_steps == s["spirit_of_mars"].block_steps == 1
    assert s["bonus_block"].block_covers == 2
    assert s["psi_pulse"].grants == "psi_pulse"
    pulse = content().abilitechs["psi_pulse"]
    assert (pulse.area, pulse.area_ft, pulse.vs, pulse.dmg, pulse.damage_on_miss) == \
        ("burst", 10, "will", "Qd6+INT", "half")
    assert (pulse.uses.per, pulse.uses.count) == ("short_rest", 1)
    brave = s["sanguine_brave"]
    assert (brave.uses.per, brave.uses.count) == ("strife", 1)
    assert set(brave.free_actions) == {"movement", "aim", "avert", "assail"}
    pratfall = content().abilitechs[s["pratfall"].grants]
    assert (pratfall.vs, pratfall.range_ft, pratfall.targets,
            pratfall.on_hit.pull_together_ft) == ("reflex", 15, 2, 15)
    assert {cr.traits.nature for cr in content().creatures.values()} <= set(C.NATURES)


@pytest.mark.rule("RS-49")
def test_called_shot_bans_read_from_the_flags():
    a = content().abilitechs
    assert a["strike"].called_shot_allowed and a["imp_claw"].called_shot_allowed
    assert not a["psi_pulse"].called_shot_allowed          # area and damage on a miss
    assert not a["shove"].called_shot_allowed              # a skill check
    assert not a["block"].called_shot_allowed


@pytest.mark.rule("RS-52", "RS-SM-12", "RS-108")
def test_a_winged_flyer_with_wings_that_have_hp():
    harpy = C.creature("harpy")
    assert harpy.speed.fly == 40
    wings = [p for p in harpy.anatomy if p.part == "wings"][0]
    assert (wings.count, wings.hp) == (2, 10)
    assert content().anatomy["wings"].effect == "ground"


def _top(dmg: str) -> int:
    """The largest a plain listing ("1d10+3") can roll."""
    got = parse(dmg)
    return got.per * got.die + got.flat


def _has_rider(a) -> bool:
    o = a.on_hit
    return bool(o.prone or o.push_ft or o.pull_together_ft or o.cripple or o.daze_rounds
                or o.grapple)


@pytest.mark.rule("RS-94")
def test_attacks_with_riders_deal_less_than_the_plain_ones():
    c = content()
    for cr in c.creatures.values():
        if cr.kind == "pc":
            continue
        attacks = [c.abilitechs[a] for a in cr.actions if c.abilitechs[a].dmg]
        plain = [_top(a.dmg) for a in attacks if not _has_rider(a)]
        if not plain:
            continue
        for a in attacks:
            if _has_rider(a):
                assert _top(a.dmg) < max(plain), (cr.id, a.id)


@pytest.mark.rule("RS-83", "RS-80")
def test_the_horde_hits_softer_and_lasts_longer_than_its_peers():
    c = content()
    horde = c.creatures["imp_horde"]
    peers = [cr for cr in c.creatures.values() if cr.kind == "monster" and not cr.traits.horde
             and cr.tier == horde.tier and cr.cr == horde.cr]
    assert peers
    per_hit = _top(c.abilitechs["swarming_claws"].dmg)
    for p in peers:
        assert horde.hp > 2 * p.hp, p.id
        assert per_hit < max(_top(c.abilitechs[a].dmg) for a in p.actions
                             if c.abilitechs[a].dmg), p.id         # its damaging actions


@pytest.mark.rule("RS-96", "RS-50")
def test_a_multiattack_that_can_hit_two_legs_in_one_use():
    flurry = content().abilitechs["flurry"]
    assert flurry.multiattack == 2 and flurry.on_hit.cripple   # a non-damage rider (RS-54)
    assert "flurry" in C.creature("brawler").actions


@pytest.mark.rule("RS-95", "RS-B-12")
def test_every_creature_knows_the_basic_actions():
    for cid in content().creatures:
        known = C.known_actions(cid)
        assert set(C.BASIC_ACTIONS) <= set(known), cid
        assert "aim" in known and "assail" in known          # a minor action every turn


@pytest.mark.rule("RS-B-08")
def test_skills_name_the_b08_list():
    assert C.SKILLS["athletics"] == "STR" and C.SKILLS["stealth"] == "DEX"
    assert C.SKILLS["perception"] == "WIS" and C.SKILLS["occult"] == "INT"
    for cr in content().creatures.values():
        assert set(cr.skills) | set(cr.trained) <= set(C.SKILLS), cr.id


@pytest.mark.rule("RS-133", "RS-134", "RS-135", "RS-125")
def test_the_mount_and_the_minion():
    hound, horse = C.creature("hound"), C.creature("warhorse")
    assert (hound.kind, hound.minion_source) == ("minion", "companion")
    assert horse.kind == "mount" and horse.traits.willing_mount
    assert horse.size_index - C.creature("knight").size_index >= 1


@pytest.mark.rule("RS-SM-11", "RS-59", "RS-58")
def test_artery_variants_and_a_psionic_monster():
    sentry, mind = C.creature("clockwork_sentry"), C.creature("mind_imp")
    assert sentry.traits.nature == "mechanical"
    line = [p for p in sentry.secrets if p.part == "artery"][0]
    assert (line.name, line.hp) == ("Fuel Line", 10)
    assert mind.traits.psionic and any(p.part == "psi_core" for p in mind.secrets)
    assert content().abilitechs["mind_lash"].psionic


@pytest.mark.rule("RS-108", "RS-B-25")
def test_every_winged_monster_gains_movement_by_taking_off():
    """A flier has a reason to fly: its flying speed is above its walking one, so rising
    leaves it more movement than it had on the ground. (RS-108's fly = walk is for a
    dreamself, which the bestiary has none of.)"""
    fliers = {cid: cr for cid, cr in content().creatures.items() if cr.speed.fly}
    assert {"harpy", "mind_imp"} <= set(fliers)
    for cid, cr in fliers.items():
        assert cr.speed.fly > cr.speed.walk, cid


@pytest.mark.rule("RS-108", "RS-B-25")
def test_the_mind_imp_flies_further_than_it_walks():
    from game.engine.systems.rpgstuck.actions import Fly
    from tests.rpgstuck.engine_helpers import battle
    m = battle([("imp", "mind_imp", 1, 3, 1), ("knight", "knight", 0, 10, 1)],
               rows=["." * 12] * 6)
    walk = m.state.turn.move_left
    m.submit(Fly("imp", 5))
    # 5 ft paid to rise, and still more left than the whole walk
    assert m.state.turn.move_left > walk

"""RPGStuck parties and encounters: two ready-made parties, two encounters on each map, every
creature fitting the spawn it is given (footprints, B-15), and each encounter's stored CR the
one the arithmetic gives (RS-89, AMB-10)."""
from __future__ import annotations

from collections import Counter

import pytest

from game import paths
from game.engine.boards.tmx import load_board
from game.engine.systems.rpgstuck.content import content

MAPS = ("rpgstuck_crypt", "rpgstuck_ravine")


def spawn_sizes(map_name: str) -> dict[int, dict[int, int]]:
    """side -> slot -> the footprint room of that spawn."""
    board = load_board(paths.maps_dir() / f"{map_name}.tmx")
    return {side: {o.properties.get("slot", 0): o.properties.get("size", 1) for o in objs}
            for side, objs in board.spawns_by_side().items()}


def test_two_parties_and_two_encounters_per_map():
    c = content()
    assert len(c.parties) >= 2
    per_map = Counter(e.map for e in c.encounters.values())
    for m in MAPS:
        assert per_map[m] >= 2, m


@pytest.mark.rule("RS-B-25", "RS-108")
@pytest.mark.parametrize("map_name", MAPS)
def test_each_map_has_an_encounter_with_a_flier(map_name):
    """A player meets flight (altitude, falling, reach up and down) on every shipped map."""
    c = content()
    fliers = {e.id for e in c.encounters.values() if e.map == map_name
              and any(c.creatures[sp.creature].speed.fly for sp in e.monsters)}
    assert fliers, map_name


@pytest.mark.rule("RS-B-15")
@pytest.mark.parametrize("map_name", MAPS)
def test_encounter_monsters_fit_their_spawns(map_name):
    c = content()
    room = spawn_sizes(map_name)[1]
    for e in c.encounters.values():
        if e.map != map_name:
            continue
        for sp in e.monsters:
            assert sp.slot in room, (e.id, sp.slot)
            assert c.creatures[sp.creature].footprint <= room[sp.slot], (e.id, sp.creature)


@pytest.mark.rule("RS-B-15")
@pytest.mark.parametrize("map_name", MAPS)
def test_party_members_fit_the_party_spawns(map_name):
    c = content()
    room = spawn_sizes(map_name)[0]
    for p in c.parties.values():
        assert len(p.members) <= len(room)
        for slot, member in enumerate(p.members):
            assert c.creatures[member].footprint <= room[slot], (p.id, member)


@pytest.mark.rule("RS-125", "RS-133")
def test_the_parties_bring_a_mount_and_a_minion():
    c = content()
    kinds = {c.creatures[m].kind for p in c.parties.values() for m in p.members}
    assert {"pc", "mount", "minion"} <= kinds
    horse = c.creatures["warhorse"]
    assert horse.traits.willing_mount and horse.size == "large"


@pytest.mark.rule("RS-89", "RS-AMB-10", "RS-SM-14")
def test_each_encounter_cr_is_the_one_the_arithmetic_gives():
    from game.engine.systems.rpgstuck.limits import encounter_cr
    c = content()
    for e in c.encounters.values():
        party = [c.creatures[m] for m in c.parties[e.party].members]
        tiers = [p.tier for p in party if p.kind == "pc"]
        monsters = [(c.creatures[sp.creature].cr, c.creatures[sp.creature].tier)
                    for sp in e.monsters]
        assert encounter_cr(monsters, tiers) == e.cr, e.id


@pytest.mark.rule("RS-89")
def test_encounters_mix_tiers_both_ways():
    # a Tier 0 monster against a Tier 1 party (x0.5) and a Tier 3 one against Tier 2 (x2)
    c = content()
    tiers = {c.creatures[sp.creature].tier for e in c.encounters.values() for sp in e.monsters}
    assert {0, 1, 3} <= tiers


@pytest.mark.rule("RS-125", "RS-127")
def test_the_seasoned_knight_starts_mounted():
    p = content().parties["seasoned"]
    assert p.mounted == {"knight_l5": "warhorse"}


def test_every_monster_meets_the_party_in_some_encounter():
    """Content a player can never meet is dead weight: each monster stat block is in at least
    one encounter (the mind imp, sentry and giclops once were in none)."""
    c = content()
    met = {sp.creature for e in c.encounters.values() for sp in e.monsters}
    monsters = {cid for cid, cr in c.creatures.items() if cr.kind == "monster"}
    assert monsters - met == set()

"""A battle on a shipped map with no creatures listed: the engine fields two ready-made sides
(content sides.toml) at the map's spawns, the map's first encounter by default with its
surprised side marked (GU-GM-03), or the sides the seats picked (the new-match team picker)."""
from __future__ import annotations

import pytest

from game.engine import registry
from game.engine.match import Match
from game.engine.rules import ConfigError, MatchConfig, SeatConfig
from game.engine.systems.gu_masters.content import content

SEATS = [SeatConfig("human"), SeatConfig("ai")]


def _new(map_name: str, setup: dict) -> Match:
    return Match.new(MatchConfig("gu_masters", 3, SEATS, map_name, {}, setup))


@pytest.mark.parametrize("map_name", ["gu_cliffs.tmx", "gu_marsh.tmx"])
def test_the_maps_first_encounter_takes_the_field(map_name):
    enc = next(e for e in content().encounters.values() if e.map == map_name[:-4])
    m = _new(map_name, {})
    for side, sid in enumerate(enc.sides):
        members = content().sides[sid].members
        mine = sorted(c.entry for c in m.state.creatures.values() if c.side == side)
        assert mine == sorted(x.creature for x in members)


@pytest.mark.rule("GU-GM-03", "GU-11")
def test_an_encounters_surprised_side_starts_surprised():
    enc = content().encounters["marsh_ambush"]
    m = _new("gu_marsh.tmx", {})
    side = enc.sides.index(enc.surprised)
    assert all(c.surprised for c in m.state.creatures.values() if c.side == side)
    assert not any(c.surprised for c in m.state.creatures.values() if c.side != side)


def test_the_seats_may_pick_any_two_sides():
    system = registry.get("gu_masters")
    offered = [t for t, _ in system.teams_for_map("gu_cliffs.tmx")]
    assert set(offered) == set(content().sides)
    m = _new("gu_cliffs.tmx", {"teams": ["iron_bone", "cliff_beasts"]})
    assert {c.entry for c in m.state.creatures.values() if c.side == 1} == \
        {x.creature for x in content().sides["cliff_beasts"].members}
    with pytest.raises(ConfigError, match="unknown side"):
        _new("gu_cliffs.tmx", {"teams": ["iron_bone", "nobody"]})

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


@pytest.mark.rule("GU-GM-46")
def test_the_end_of_the_battle_names_the_beaten_side_as_the_seats_picked_it():
    from game.client.systems.gu_masters.presenter import GuMastersPresenter
    from game.engine.actions import Concede
    from game.engine.events import MatchEnded
    from game.engine.systems.gu_masters import turns
    m = _new("gu_cliffs.tmx", {"teams": ["iron_bone", "cliff_beasts"]})
    for c in m.state.creatures.values():
        if c.side == 1:
            c.condition, c.hp = "dying", 0
    events: list = []
    assert turns.check_end(m.state, events)
    end = events[-1]
    assert isinstance(end, MatchEnded) and end.winner == 0
    assert end.reason == "Beasts of the Cliffs has no conscious creature left"
    line = GuMastersPresenter(m).log_lines([end])[0].text
    assert line == "Iron Bone Clan wins: Beasts of the Cliffs has no conscious creature left"
    # a concession names the side too, and the names live in the state's JSON
    m = _new("gu_cliffs.tmx", {"teams": ["iron_bone", "cliff_beasts"]})
    seat = m.decision.seat
    out = m.submit(Concede(seat))
    loser = content().sides[["iron_bone", "cliff_beasts"][seat]].name
    assert [e.reason for e in out.events if isinstance(e, MatchEnded)] == [f"{loser} conceded"]
    again = type(m.state).from_json(m.state.to_json(), m.state.board)
    assert again.sides == ["Iron Bone Clan", "Beasts of the Cliffs"]

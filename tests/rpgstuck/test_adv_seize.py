"""rpgstuck seizing a part of a creature already held (RS-68): the ogre's club wrested away with
the abilitech it carries, a harpy's wings held (grounded while the hold lasts), its vitals held
(Dazed while it lasts), the part's bonus on the defender's check, and what may not be seized."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.rules import IllegalAction
from game.engine.systems.rpgstuck import RPGSTUCK
from game.engine.systems.rpgstuck.actions import Grapple, Release, Seize
from game.engine.systems.rpgstuck.events import CheckMade, PartSeized
from game.engine.systems.rpgstuck.state import Creature
from tests.rpgstuck.engine_helpers import battle, of


def holding(target_entry: str, **kw):
    """The brawler (Athletics +5) at (1,1) holds the `target_entry` creature at (2,1)."""
    m = battle([("brawler", "brawler", 0, 1, 1), ("foe", target_entry, 1, 2, 1)],
               order=["brawler", "foe"], **kw)
    foe = m.state.creatures["foe"]
    # the grab: 20 + 5 against 1 + the foe's best (a larger foe: two d20s for the brawler)
    m.rng.force([20, 20, 1] if foe.size_index > 2 else [20, 1])
    m.submit(Grapple("brawler", foe.x, foe.y))
    assert m.state.creatures["foe"].has("grappled")
    m.submit(EndTurn())
    m.submit(EndTurn())                          # the foe does nothing; the brawler's turn again
    assert m.state.acting.id == "brawler"
    return m


@pytest.mark.rule("RS-68", "RS-56")
def test_a_seized_club_is_wrested_away_with_its_abilitech_and_stays_taken():
    m = holding("ogre")
    seizes = [a for a in m.legal_actions() if isinstance(a, Seize)]
    # the club (a tool with HP) and its arms (HP? none: not seizable); vitals are secret and
    # not found yet (RS-57), the head has no HP
    assert seizes == [Seize("brawler", "foe", "tool")]
    skill = m.state.creatures["brawler"].skills["athletics"]
    foe_best = max(m.state.creatures["foe"].skills["athletics"],
                   m.state.creatures["foe"].skills["acrobatics"])
    # the club's +2 goes on the ogre's side: exactly equal totals keep the status quo (AMB-21)
    m.rng.force([10, 10 + skill - foe_best - 2])
    events = m.submit(Seize("brawler", "foe", "tool")).events
    check = of(events, CheckMade)[0]
    assert check.against == check.total and check.success is False
    assert "club_smash" in m.state.creatures["foe"].actions
    m.submit(EndTurn()), m.submit(EndTurn())
    m.rng.force([10, 10 + skill - foe_best - 3])   # one better: won
    events = m.submit(Seize("brawler", "foe", "tool")).events
    assert of(events, PartSeized) == [PartSeized("brawler", "foe", "Club")]
    foe = m.state.creatures["foe"]
    assert "club_smash" not in foe.actions and foe.seized == {"tool": "brawler"}
    m.submit(EndTurn()), m.submit(EndTurn())
    m.submit(Release("brawler", "foe"))
    assert m.state.creatures["foe"].seized == {"tool": "brawler"}     # ours: it stays taken
    assert "club_smash" not in m.state.creatures["foe"].actions
    assert RPGSTUCK.check_invariants(m.state) == []


@pytest.mark.rule("RS-68", "RS-52")
def test_held_wings_ground_a_harpy_while_the_hold_lasts():
    m = holding("harpy")
    assert Seize("brawler", "foe", "wings") in m.legal_actions()
    m.rng.force([20, 1])
    events = m.submit(Seize("brawler", "foe", "wings")).events
    assert of(events, PartSeized)[0].part == "Wings"
    foe = m.state.creatures["foe"]
    assert foe.has("flightless")
    m.submit(EndTurn()), m.submit(EndTurn())
    assert m.state.creatures["foe"].has("flightless")   # not one round: as long as it is held
    events = m.submit(Release("brawler", "foe")).events
    assert of(events, PartSeized) == [PartSeized("brawler", "foe", "Wings", False)]
    assert not m.state.creatures["foe"].has("flightless") and m.state.creatures["foe"].seized == {}


@pytest.mark.rule("RS-68", "RS-62", "RS-57")
def test_found_vitals_may_be_seized_without_hp_and_daze_while_held():
    m = holding("ogre")
    m.state.secrets = {"0": {"foe": ["vitals"]}}
    m.edited()
    assert Seize("brawler", "foe", "vitals") in m.legal_actions()
    m.rng.force([20, 1])
    m.submit(Seize("brawler", "foe", "vitals"))
    assert m.state.creatures["foe"].has("daze")


@pytest.mark.rule("RS-68")
def test_nothing_is_seized_from_a_creature_not_held_and_a_part_only_once():
    m = battle([("brawler", "brawler", 0, 1, 1), ("foe", "ogre", 1, 2, 1)])
    assert not [a for a in m.legal_actions() if isinstance(a, Seize)]
    with pytest.raises(IllegalAction, match="does not hold"):
        m.submit(Seize("brawler", "foe", "tool"))
    m = holding("ogre")
    m.rng.force([20, 1])
    m.submit(Seize("brawler", "foe", "tool"))
    m.submit(EndTurn()), m.submit(EndTurn())
    assert not [a for a in m.legal_actions() if isinstance(a, Seize)]
    with pytest.raises(IllegalAction, match="RS-68|already seized"):
        m.submit(Seize("brawler", "foe", "tool"))


def test_a_seized_part_saves_and_loads_and_an_empty_one_is_not_written():
    m = holding("ogre")
    m.rng.force([20, 1])
    m.submit(Seize("brawler", "foe", "tool"))
    foe = m.state.creatures["foe"]
    assert Creature.from_json(foe.to_json()).seized == {"tool": "brawler"}
    brawler = m.state.creatures["brawler"]
    assert "seized" not in brawler.to_json()          # states from before RS-68 stay the same
    assert Creature.from_json(brawler.to_json()).seized == {}


@pytest.mark.rule("RS-68")
def test_the_battle_screen_offers_the_seize_by_the_parts_stat_block_name_and_logs_it():
    from game.client.systems.rpgstuck.presenter import RpgStuckPresenter
    m = holding("ogre")
    p = RpgStuckPresenter(m)
    more = next(b for b in p.buttons("brawler", None) if b.id == "more")
    from game.client.systems.rpgstuck.presenter import pct
    from game.engine.systems.rpgstuck import seize
    s = m.state
    chance = seize.seize_odds(s, s.creatures["brawler"], s.creatures["foe"], "tool")
    assert (f"Seize Ogre's club ({pct(chance)})", Seize("brawler", "foe", "tool")) in more.actions
    m.rng.force([20, 1])
    events = m.submit(Seize("brawler", "foe", "tool")).events
    assert "Brawler seizes Ogre's club" in [line.text for line in p.log_lines(events)]

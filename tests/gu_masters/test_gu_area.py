"""gu_masters area Gu and area killer moves on the map: anchors in range that catch a foe,
who is caught, dodging out of an area (with a test against an aimed area, with none against
one that is not an attack, GU-84), no dodge when half the movement cannot get out (GU-83),
shields and taking it."""
from __future__ import annotations

import pytest

from game.engine.systems.gu_masters.actions import DODGE, SHIELD, TAKE, Activate, DodgeMove, React
from game.engine.systems.gu_masters.activate import Killer
from game.engine.systems.gu_masters.areagu import AreaStruck
from game.engine.systems.gu_masters.events import Damaged, Tested

from .test_gu_activate import events_of, man, match


def adept(cid: str, x: int, y: int, **over) -> dict:
    return man(cid, 0, x, y, "fire_adept", **over)


@pytest.mark.rule("GU-84", "GU-161", "GU-164", "GU-148")
def test_an_area_with_no_attack_is_stepped_out_of_without_a_test():
    m = match([adept("a", 1, 1), man("b", 1, 7, 2)])
    legal = m.legal_actions()
    mist = [x for x in legal if isinstance(x, Activate) and x.gu == "poison_mist"]
    assert Activate("a", "poison_mist", "", 7, 2) in mist
    assert all(max(abs(x.x - 7), abs(x.y - 2)) <= 1 for x in mist)   # each catches b
    out = m.submit(Activate("a", "poison_mist", "", 7, 2))
    area = events_of(out, AreaStruck)[0]
    assert area.caught == ("b",) and len(area.cells) == 9
    assert m.decision.stage == "area_react"
    assert {React("b", DODGE), React("b", TAKE)} <= set(m.legal_actions())
    out = m.submit(React("b", DODGE))
    assert not events_of(out, Tested) and m.decision.stage == "area_step"   # GU-84: no test
    steps = m.legal_actions()
    assert DodgeMove("b", 9, 2) in steps and DodgeMove("b", 8, 2) not in steps  # still inside
    m.submit(DodgeMove("b", 9, 2))
    b = m.state.creatures["b"]
    assert not b.has("poisoned") and b.reactions == 1
    # taken: poisoned by this source for 3 turns, 6 a turn
    m = match([adept("a", 1, 1), man("b", 1, 7, 2)])
    m.submit(Activate("a", "poison_mist", "", 7, 2))
    m.submit(React("b", TAKE))
    p = m.state.creatures["b"].status("poisoned")
    assert (p.value, p.turns, p.source) == (6, 3, "poison_mist")


@pytest.mark.rule("GU-83", "GU-82", "GU-GM-42")
def test_no_dodge_when_half_the_movement_cannot_get_out():
    m = match([man("a", 0, 1, 1, "thunder_elder"), man("b", 1, 6, 2, movement=2)])
    m.submit(Activate("a", "heaven_thunder", "", 6, 2))          # radius 2, b can step 1 m
    answers = m.legal_actions()
    assert React("b", DODGE) not in answers and React("b", TAKE) in answers
    assert React("b", SHIELD, "stone_shell") in answers
    m.submit(React("b", SHIELD, "stone_shell"))
    b = m.state.creatures["b"]
    assert b.hp == b.max_hp - (20 - 12)


@pytest.mark.rule("GU-81", "GU-161", "GU-47")
def test_an_aimed_area_killer_move_is_dodged_against_its_roll():
    m = match([man("a", 0, 1, 1, "moon_captain"), man("b", 1, 8, 2), man("c", 1, 8, 3)])
    assert Killer("a", "burning_moon_volley", "", 8, 2) in m.legal_actions()
    m.force_dice([30])                                           # Ranged Attack 60: DoS 4
    out = m.submit(Killer("a", "burning_moon_volley", "", 8, 2))
    assert events_of(out, AreaStruck)[0].caught == ("b", "c")
    assert m.decision.actor == "b"                               # first in initiative order
    m.force_dice([35])                                           # Dodge 40: DoS 1, loses
    out = m.submit(React("b", DODGE))
    hurt = events_of(out, Damaged)
    assert hurt and hurt[0].victim == "b" and hurt[0].amount == 18
    assert m.state.creatures["b"].has("ablaze")                  # hurt in its HP
    assert m.decision.actor == "c"
    m.submit(React("c", TAKE))
    assert m.state.creatures["c"].hp == m.state.creatures["c"].max_hp - 18


@pytest.mark.rule("GU-162", "GU-163")
def test_lines_from_next_to_the_user_and_from_a_chosen_source():
    m = match([adept("a", 1, 2), man("b", 1, 5, 2)])
    legal = m.legal_actions()
    breath = {(x.x, x.y) for x in legal if isinstance(x, Activate) and x.gu == "frost_breath"}
    assert breath == {(2, 2)}                       # the one adjacent square whose line hits b
    curtain = {(x.x, x.y) for x in legal if isinstance(x, Activate) and x.gu == "fire_curtain"}
    assert (5, 2) in curtain and (2, 2) in curtain
    why = m.system.validate(m.state, Activate("a", "frost_breath", "", 0, 0))
    assert why is not None and why.rule == "GU-163"
    out = m.submit(Activate("a", "frost_breath", "", 2, 2))
    assert events_of(out, AreaStruck)[0].cells == ((2, 2), (3, 2), (4, 2), (5, 2), (6, 2))


@pytest.mark.rule("GU-42")
def test_an_expendable_gu_is_gone_after_its_use():
    m = match([adept("a", 1, 1), man("b", 1, 6, 1)])
    m.submit(Activate("a", "blast_worm", "", 6, 1))
    assert "blast_worm" not in m.state.creatures["a"].gu


@pytest.mark.rule("GU-GM-22", "GU-164")
def test_a_radius_reaches_a_flier_only_within_its_height_unless_the_table_says_flat():
    flier = man("b", 1, 7, 2, altitude=3, sustained=["wind_wings"])
    m = match([adept("a", 1, 1), flier])
    assert not any(isinstance(x, Activate) and x.gu == "poison_mist" for x in m.legal_actions())
    m = match([adept("a", 1, 1), flier], house={"area_height": "flat"})
    out = m.submit(Activate("a", "poison_mist", "", 7, 2))
    assert events_of(out, AreaStruck)[0].caught == ("b",)


@pytest.mark.rule("GU-83")
def test_a_memo_of_dodge_rooms_gives_the_same_exits_and_is_filled_once():
    """A bot pricing many anchors hands the area code one memo of dodge rooms: the exits are
    the ones worked out afresh, and the caught creature's room is searched once."""
    from game.engine.systems.gu_masters import areagu, gu
    m = match([adept("a", 1, 1), man("b", 1, 7, 2)])
    b = m.state.creatures["b"]
    rooms: dict = {}
    for anchor in ((7, 2), (6, 2), (8, 3)):
        area = areagu.shape(m.state, m.state.creatures["a"], gu.usable("poison_mist"), anchor)
        data = areagu.area_data(area)
        assert areagu.exits(m.state, b, data, rooms) == areagu.exits(m.state, b, data)
    assert list(rooms) == ["b"] and rooms["b"]

"""The gu_masters log in players' words (found in the #14 playtest): essence spent names the
Gu, not its id; a test's purpose reads "strike at X" / "Moonlight Gu at X"; a Gu's blow names
the Gu; a flight is one line with its height; soul paid for a killer move is soul lost, not
"0 damage"; a shield raised says so; a final stand is not said twice; the strike forecast
counts a shield once."""
from __future__ import annotations

import pytest

from game.client.systems.gu_masters.presenter import GuMastersPresenter
from game.engine.match import Match
from game.engine.rules import MatchConfig, SeatConfig
from game.engine.systems.gu_masters.actions import TAKE, Activate, React, Strike
from game.engine.systems.gu_masters.activate import Killer
from game.engine.systems.gu_masters.content import content
from game.engine.systems.gu_masters.events import ConditionChanged, Damaged, StatusChanged
from game.engine.systems.gu_masters.maneuvers import Fly, TakeFlight

ROWS = ["." * 10] * 6
C = content()


def match(creatures: list[dict], order: list[str]) -> Match:
    setup = {"grid": {"rows": ROWS}, "initiative": order, "creatures": creatures}
    return Match.new(MatchConfig("gu_masters", 3, [SeatConfig("human"), SeatConfig("human")],
                                 None, {}, setup))


def lines(p: GuMastersPresenter, out) -> list[str]:
    return [ln.text for ln in p.log_lines(out.events)]


@pytest.mark.rule("GU-42", "GU-45", "GU-01")
def test_essence_tests_and_gu_blows_read_with_names():
    m = match([{"id": "cap", "entry": "moon_captain", "side": 0, "x": 1, "y": 1},
               {"id": "wolf", "entry": "wolf", "side": 1, "x": 2, "y": 1}], ["cap", "wolf"])
    p = GuMastersPresenter(m)
    cap, wolf = C.creatures["moon_captain"].name, C.creatures["wolf"].name
    m.force_dice([10])
    got = lines(p, m.submit(Activate("cap", "moonlight", "wolf")))
    assert f"{cap} spends 2 essence on Moonlight Gu · 43 left" in got
    assert any(t.startswith(f"{cap} Ranged Attack (Moonlight Gu at {wolf}): 10 vs")
               for t in got)
    assert f"{cap}: Moonlight Gu at {wolf} hits" in got
    assert not any("moonlight" in t or "(gu " in t.lower() for t in got)


@pytest.mark.rule("GU-50", "GU-01")
def test_a_strike_test_says_strike_at_its_target():
    m = match([{"id": "cap", "entry": "moon_captain", "side": 0, "x": 1, "y": 1},
               {"id": "wolf", "entry": "wolf", "side": 1, "x": 2, "y": 1}], ["cap", "wolf"])
    p = GuMastersPresenter(m)
    m.force_dice([90])
    got = lines(p, m.submit(Strike("cap", "wolf", "weapon", "sword")))
    wolf = C.creatures["wolf"].name
    assert any(f"Close Combat (strike at {wolf}): 90 vs" in t for t in got)


@pytest.mark.rule("GU-31", "GU-45")
def test_a_flight_is_one_line_and_upkeep_names_its_gu():
    m = match([{"id": "cap", "entry": "moon_captain", "side": 0, "x": 1, "y": 1,
                "overrides": {"sustained": ["cloud_wings"]}},
               {"id": "wolf", "entry": "wolf", "side": 1, "x": 8, "y": 4}], ["cap", "wolf"])
    p = GuMastersPresenter(m)
    cap = C.creatures["moon_captain"].name
    m.submit(TakeFlight("cap", "cloud_wings"))
    fly = next(a for a in m.legal_actions() if isinstance(a, Fly) and (a.x, a.y) == (3, 1))
    got = lines(p, m.submit(fly))
    assert got == [f"{cap} flies to 3,1 at {fly.altitude} m"]
    from game.engine.actions import EndTurn
    m.submit(EndTurn())
    out = m.submit(EndTurn())                                  # the wolf passes: cap's turn
    assert f"{cap} pays 2 essence to keep up Cloud Wings Gu · 43 left" in lines(p, out)


@pytest.mark.rule("GU-48")
def test_soul_paid_for_a_killer_move_is_soul_lost():
    m = match([{"id": "b", "entry": "bone_brawler", "side": 0, "x": 1, "y": 1},
               {"id": "wolf", "entry": "wolf", "side": 1, "x": 8, "y": 4}], ["b", "wolf"])
    p = GuMastersPresenter(m)
    name = C.creatures["bone_brawler"].name
    got = lines(p, m.submit(next(a for a in m.legal_actions() if isinstance(a, Killer))))
    assert f"{name} spends 7 essence on Iron Body Stance · 23 left" in got
    assert f"{name} loses 1 soul (killer move)" in got
    assert not any("0 damage" in t for t in got)


@pytest.mark.rule("GU-80", "GU-110")
def test_a_shield_and_a_final_stand_in_plain_words():
    m = match([{"id": "cap", "entry": "moon_captain", "side": 0, "x": 1, "y": 1},
               {"id": "wolf", "entry": "wolf", "side": 1, "x": 2, "y": 1}], ["cap", "wolf"])
    p = GuMastersPresenter(m)
    cap, wolf = C.creatures["moon_captain"].name, C.creatures["wolf"].name
    got = [ln.text for ln in p.log_lines([StatusChanged("cap", "shield", True, 25, -1),
                                          ConditionChanged("wolf", "final_stand", False,
                                                           "made a final stand"),
                                          ConditionChanged("wolf", "dying", True,
                                                           "fell unconscious, dying")])]
    assert got == [f"{cap} has a shield of 25 until its next turn",
                   f"{wolf} makes a final stand", f"{wolf} is dying (fell unconscious)"]


@pytest.mark.rule("GU-80")
def test_the_strike_forecast_counts_the_shield_once():
    m = match([{"id": "cap", "entry": "moon_captain", "side": 0, "x": 1, "y": 1},
               {"id": "wolf", "entry": "wolf", "side": 1, "x": 2, "y": 1}], ["wolf", "cap"])
    p = GuMastersPresenter(m)
    bite = next(a for a in m.legal_actions() if isinstance(a, Strike) and not a.part)
    text = p.strike_forecast([bite])
    damage = next(t for t in text.split("\n") if t.startswith("Damage"))
    assert damage.count("shield -") == 1


@pytest.mark.rule("GU-111", "GU-109")
def test_a_blow_at_0_hp_says_what_got_through_not_0_damage():
    # found in the session-10 playtest: "takes 0 damage (8 rending, moonlight) · 0 HP left",
    # then "is dying": the HP cannot fall below 0, but 8 got through and that is what counts
    m = match([{"id": "cap", "entry": "moon_captain", "side": 0, "x": 1, "y": 1},
               {"id": "wolf", "entry": "wolf", "side": 1, "x": 2, "y": 1,
                "overrides": {"hp": 0}}], ["cap", "wolf"])
    m.state.creatures["wolf"].condition = "final_stand"
    m.edited()
    p = GuMastersPresenter(m)
    wolf = C.creatures["wolf"].name
    m.force_dice([10])
    got = lines(p, m.submit(Activate("cap", "moonlight", "wolf")))
    assert m.state.creatures["wolf"].condition == "dying"
    hit = next(t for t in got if t.startswith(f"{wolf} takes"))
    assert hit.startswith(f"{wolf} takes 8 damage at 0 HP (rending, Moonlight Gu)"), got
    assert not [t for t in got if "takes 0 damage" in t]


@pytest.mark.rule("GU-42", "GU-93")
def test_gu_damage_is_dealt_by_its_user_in_the_tally_and_names_the_gu_in_the_log():
    # found in the session-10 playtest: the results said "dealt 0" for every Gu Master, since
    # a Gu's damage named the Gu as its source, not the creature using it
    m = match([{"id": "cap", "entry": "moon_captain", "side": 0, "x": 1, "y": 1},
               {"id": "wolf", "entry": "wolf", "side": 1, "x": 2, "y": 1}], ["cap", "wolf"])
    p = GuMastersPresenter(m)
    wolf = C.creatures["wolf"].name
    m.force_dice([10])
    m.submit(Activate("cap", "moonlight", "wolf"))
    out = m.submit(React("wolf", TAKE)) if m.decision.stage == "react" else None
    hurt = [e for e in (out.events if out else m.history) if isinstance(e, Damaged)]
    assert hurt and hurt[-1].source == "cap" and hurt[-1].gu == "moonlight"
    assert m.tally().dealt == {"cap": hurt[-1].amount} and hurt[-1].amount > 0
    line = next(t for t in lines(p, out) if t.startswith(f"{wolf} takes"))
    assert "(rending, Moonlight Gu)" in line and "from" not in line, line

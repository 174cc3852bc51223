"""The gu_masters Gu bar and Gu targeting (no window): each Gu and killer move of the selected
creature with its cost, reach and state, what pressing it does (a targeting mode, an action at
once, Release for one kept up) and the engine's reason when it may not be used; the area
template under the pointer (areagu.shape) and the forecast of a Gu (forecast.gu_forecast); the
prompts of a creature caught in an area, a shield Gu and the order of start-of-turn effects;
and words for every event kind the engine registers."""
from __future__ import annotations

import dataclasses
import typing

import pytest

from game.client.systems.gu_masters.presenter import GuMastersPresenter, pct
from game.engine.events import EVENTS
from game.engine.match import Match
from game.engine.rules import MatchConfig, SeatConfig
from game.engine.systems.gu_masters import areagu, forecast, killer, statuses
from game.engine.systems.gu_masters import gu as gu_rules
from game.engine.systems.gu_masters.actions import Activate, React, Release
from game.engine.systems.gu_masters.content import content
from game.engine.systems.gu_masters.state import Status
from game.engine.systems.gu_masters.ticks import OrderEffect

GRID = {"rows": ["............", "............", "............", "............",
                 "............"]}


def duel(entry: str = "fire_adept", *, over: dict | None = None, wolf_at: tuple = (6, 2),
         second: bool = False) -> Match:
    creatures = [{"id": "adept", "entry": entry, "side": 0, "x": 1, "y": 2,
                  "overrides": over or {}},
                 {"id": "wolf", "entry": "wolf", "side": 1, "x": wolf_at[0], "y": wolf_at[1]}]
    if second:
        creatures.append({"id": "wolf2", "entry": "wolf", "side": 1, "x": 7, "y": 2})
    setup = {"grid": GRID, "initiative": ["adept", "wolf"] + (["wolf2"] if second else []),
             "creatures": creatures}
    return Match.new(MatchConfig("gu_masters", 3, [SeatConfig("human"), SeatConfig("human")],
                                 None, {}, setup))


def slots(p: GuMastersPresenter, uid: str = "adept") -> dict:
    return {s.id: s for s in p.gu_bar(uid)[1]}


@pytest.mark.rule("GU-42", "GU-45")
def test_the_gu_bar_lists_each_gu_with_cost_reach_and_what_pressing_it_does():
    m = duel()
    p = GuMastersPresenter(m)
    head, got = p.gu_bar("adept")
    adept = m.state.creatures["adept"]
    assert list(dict.fromkeys(adept.gu)) == [s.id for s in got]
    assert head == f"{adept.essence}/{adept.essence_max} essence · 3 activations left"
    pellet = slots(p)["fire_pellet"]
    assert pellet.line == "2 ess · 15 m" and pellet.spec.mode == "gu:fire_pellet"
    assert pellet.spec.enabled and "Does: 6 heat damage" in pellet.tip
    # the hover names the best aim with the engine's forecast (asked when pointed at)
    f = forecast.gu_forecast(m.state, adept, m.state.creatures["wolf"], "fire_pellet")
    assert p.best_aim("gu:fire_pellet") == f"Best now: {p.unit_name('wolf')}: " \
                                           f"Hit {pct(f.hit)} · {f.landing.dealt} dmg"
    assert p.best_aim("gu:poison_mist") == ""             # an area has no one aim
    # another seat's turn: read only, and its legal list is not asked for
    assert not any(s.spec.enabled for s in p.gu_bar("adept", live=False)[1])
    ember = slots(p)["ember_scale"]                      # on itself: at once, no targeting
    assert ember.spec.mode is None and isinstance(ember.spec.action, Activate)
    assert ember.spec.action in m.legal_actions()
    assert slots(p)["fire_curtain"].line == "5 ess · line 12 m"
    assert slots(p)["poison_mist"].line == "4 ess · area 10 m"
    # another creature's bar is read only; a beast has none
    m2 = duel("gu_master_r1")
    p2 = GuMastersPresenter(m2)
    assert p2.gu_bar("wolf") == ("", [])


@pytest.mark.rule("GU-42")
def test_a_gu_the_engine_refuses_is_greyed_with_the_engines_reason():
    m = duel()
    m.state.creatures["adept"].essence = 1
    m.edited()
    p = GuMastersPresenter(m)
    pellet = slots(p)["fire_pellet"]
    assert not pellet.spec.enabled
    assert pellet.tip[-1] == "Not now: needs 2 essence for Fire Pellet Gu, has 1 (GU-42)"
    assert slots(p)["blast_worm"].spec.enabled          # 1 essence is enough for it


@pytest.mark.rule("GU-45")
def test_a_gu_kept_up_reads_kept_up_and_its_card_releases_it():
    m = duel("gu_master_r1", over={"sustained": ["wind_wings"], "altitude": 2})
    p = GuMastersPresenter(m)
    wings = slots(p)["wind_wings"]
    assert wings.kept and wings.line == "kept up · 1 a turn"
    assert wings.spec.action == Release("adept", "wind_wings") and wings.spec.enabled
    assert not any(isinstance(a, Release) for _l, a in next(
        b for b in p.buttons("adept", None) if b.id == "more").actions)     # not under More


@pytest.mark.rule("GU-47", "GU-48")
def test_a_killer_move_shows_its_essence_and_soul_cost_and_why_not():
    m = duel("moon_captain")
    p = GuMastersPresenter(m)
    c = m.state.creatures["adept"]
    k = content().killer_moves["burning_moon_volley"]
    volley = slots(p)["burning_moon_volley"]
    price = killer.cost(k, c.gu, c.essence, gu_rules.activations(c))
    assert volley.killer and volley.line == f"{price.essence} ess · {price.soul} soul"
    assert price.soul == 1                               # 4 activations against its 3
    assert volley.spec.enabled and volley.spec.mode == "km:burning_moon_volley"
    assert "Killer move built from Moonlight Gu x2, Fire Pellet Gu x2" in volley.tip
    c.essence = 7                                        # 8 essence needed
    m.edited()
    volley = slots(p)["burning_moon_volley"]
    why = killer.cost(k, c.gu, c.essence, gu_rules.activations(c)).refused
    assert not volley.spec.enabled and volley.tip[-1] == f"Not now: {why[0]} ({why[1]})"


@pytest.mark.rule("GU-161", "GU-163", "GU-164")
def test_an_area_gu_tints_its_anchors_and_draws_its_area_under_the_pointer():
    m = duel(second=True)
    p = GuMastersPresenter(m)
    adept = m.state.creatures["adept"]
    anchors = {(a.x, a.y) for a in m.legal_actions()
               if isinstance(a, Activate) and a.gu == "poison_mist"}
    ov = p.overlay("gu:poison_mist", "adept", None)
    assert set(ov.cells) == anchors and ov.veil and not ov.area
    ov = p.overlay("gu:poison_mist", "adept", (6, 2))
    area = areagu.shape(m.state, adept, content().gu["poison_mist"], (6, 2))
    assert sorted(ov.area) == sorted(area.cells) and (6, 2) in ov.target_block
    text = p.forecast("gu:poison_mist", "adept", (6, 2))
    assert text.startswith("Activate Poison Mist Gu at 6,2")
    assert "Catches: Grey Wolf 1, Grey Wolf 2" in text
    got = p.click("gu:poison_mist", "adept", (6, 2)).action
    assert got == Activate("adept", "poison_mist", "", 6, 2) and got in m.legal_actions()
    assert p.click("gu:poison_mist", "adept", (1, 0)).action is None


@pytest.mark.rule("GU-42")
def test_a_gu_aimed_at_a_creature_shows_the_engines_forecast_and_clicks_to_it():
    m = duel()
    p = GuMastersPresenter(m)
    ov = p.overlay("gu:fire_pellet", "adept", (6, 2))
    assert (6, 2) in ov.targets and ov.target_block == [(6, 2)]
    assert (5, 2) in ov.range_cells
    f = forecast.gu_forecast(m.state, m.state.creatures["adept"], m.state.creatures["wolf"],
                             "fire_pellet")
    text = p.forecast("gu:fire_pellet", "adept", (6, 2))
    assert text.split("\n")[1].startswith(f"Hit {pct(f.hit)} · {f.landing.dealt} dmg")
    assert "Roll d100 under: Ranged Attack 60" in text
    assert p.click("gu:fire_pellet", "adept", (6, 2)).action == \
        Activate("adept", "fire_pellet", "wolf")


@pytest.mark.rule("GU-80", "GU-81", "GU-83", "GU-161")
def test_caught_in_an_area_the_prompt_gives_the_dodge_odds_and_the_shield_cost():
    m = duel(wolf_at=(3, 2))
    # the wolf is the one caught: give the adept's target a shield Gu to raise
    m.state.creatures["wolf"].gu.append("stone_shell")
    m.state.creatures["wolf"].essence = m.state.creatures["wolf"].essence_max = 10
    m.edited()
    act = next(a for a in m.legal_actions() if isinstance(a, Activate)
               and a.gu == "blast_worm" and (a.x, a.y) == (4, 2))
    m.submit(act)
    d = m.decision
    assert d.stage == "area_react" and d.actor == "wolf"
    p = GuMastersPresenter(m)
    got = p.prompt()
    assert got.title == "Caught in an area"
    blow = m.state.pending[-1].data
    # (the detonation of its Gu, GU-91, is one answer opening a menu: not a React)
    labels = {a.reaction: label for label, a, _tip in got.options if isinstance(a, React)}
    odds = forecast.area_dodge_odds(m.state, blow, m.state.creatures["wolf"])
    assert odds == 1                                     # GU-84: no test to beat
    assert labels["dodge"] == f"Dodge out — gets out {pct(odds)}"
    shielded = forecast.landing(m.state, blow, "stone_shell")
    assert labels["shield"] == f"Stone Shell Gu — {shielded.dealt} dmg gets through"
    tip = next(t for _l, a, t in got.options if isinstance(a, React) and a.reaction == "shield")
    assert tip.startswith("Shield Gu: costs 3 essence (has 10) and a reaction (2 left")
    plain = forecast.landing(m.state, blow)
    assert labels["take"] == f"Take it — {plain.dealt} dmg"
    # the step out is played on the map
    m.submit(React("wolf", "dodge"))
    assert m.decision.stage == "area_step" and m.decision.stage in p.board_stages
    assert p.overlay(None, None, None).cells


@pytest.mark.rule("GU-16")
def test_the_order_of_start_of_turn_effects_is_a_prompt_with_each_damage():
    m = duel("gu_master_r1")
    c = m.state.creatures["adept"]
    c.statuses += [Status("bleeding", 2), Status("burning", 0, 2)]
    m.edited()
    from game.engine.actions import EndTurn
    m.submit(EndTurn())
    m.submit(EndTurn())
    assert m.decision.stage == "turn_effects"
    p = GuMastersPresenter(m)
    got = p.prompt()
    labels = [label for label, a, _t in got.options]
    assert got.title == "Which effect first?"
    burn = statuses.RULES["burning"].start_damage
    assert labels == ["Bleeding first — 2 dmg", f"Burning first — {burn} heat dmg"]
    assert all(isinstance(a, OrderEffect) for _l, a, _t in got.options)


def _sample(cls: type) -> object:
    hints = typing.get_type_hints(cls)
    words = {"path": ((5, 2), (6, 2)), "cell": (6, 2), "cells": ((5, 2), (6, 2)),
             "order": ("adept", "wolf"), "scores": (3, 1), "modifiers": (("prone", 30),),
             "raws": (40, 72), "stages": (("shield", 3),), "skill": "Close Combat",
             "purpose": "bite adept", "strike": "bite", "reaction": "dodge",
             "condition": "final_stand", "status": "bleeding", "gu": "moonlight",
             "why": "regen", "weapon": "sword", "dtype": "rending", "mode": "walk", "auto": "",
             "caught": ("wolf",), "spotted_by": ("wolf",), "maneuver": "dive",
             "dropped": ("sword",), "limb": "arm:1", "label": "Broken arm", "effect": "bleeding"}
    who = ("who", "attacker", "target", "victim", "mover", "against", "source", "grappler",
           "thrower", "held")
    kw: dict = {}
    for f in dataclasses.fields(cls):
        t = hints[f.name]
        if f.name in words:
            kw[f.name] = words[f.name]
        elif f.name in who and t is str:
            kw[f.name] = "wolf" if f.name != "attacker" else "adept"
        elif t is bool:
            kw[f.name] = True
        elif t is int or set(typing.get_args(t)) == {int, type(None)}:
            kw[f.name] = 2
        elif t is str:
            kw[f.name] = "wolf"
        else:
            kw[f.name] = words.get(f.name, ())
    return cls(**kw)


def test_every_event_kind_the_engine_registers_reads_as_our_own_words(monkeypatch):
    """Each `gu.*` event kind (those of every module, not only events.py) gets a written line,
    never the generic field dump, and no id shows through."""
    p = GuMastersPresenter(duel("gu_master_r1"))

    def generic(e):
        raise AssertionError(f"{type(e).__name__} fell through to the generic words")
    monkeypatch.setattr(p.event_log(), "fields_text", generic)
    kinds = [k for k in EVENTS.kinds() if k.startswith("gu.")]
    assert {"gu.area", "gu.hid", "gu.revealed", "gu.flew", "gu.thrown"} <= set(kinds)
    for kind in kinds:
        e = _sample(EVENTS.cls_for(kind))
        lines = p.log_lines([e])
        assert lines, kind
        for line in lines:
            assert line.text and "_" not in line.text and "adept" not in line.text, \
                (kind, line.text)


@pytest.mark.rule("GU-33")
def test_the_dive_strike_prompt_gives_each_strike_the_engines_odds():
    from tests.gu_masters.test_adv_map import flier
    from game.engine.systems.gu_masters.maneuvers import Dive, DiveStrike
    m = flier(altitude=8)
    m.state.creatures["w"].x, m.state.creatures["w"].y = 5, 2
    m.edited()
    m.rng.force([10])
    m.submit(Dive("a", 4, 2, 1))
    assert m.decision.stage == "dive_strike"
    p = GuMastersPresenter(m)
    got = p.prompt()
    a, w = m.state.creatures["a"], m.state.creatures["w"]
    f = forecast.strike_forecast(m.state, a, w, "weapon", "sword")
    assert got.title == "Strike at the dive's end?"
    assert got.text.startswith(p.unit_name("a") + " ends its dive")
    label, action, _tip = got.options[0]
    assert action == DiveStrike("a", "w", "weapon", "sword")
    assert label.endswith(f"— Hit {pct(f.hit)} · {f.landing.dealt} dmg")
    assert got.options[-1][1] == DiveStrike("a")


@pytest.mark.rule("GU-25", "GU-26", "GU-117")
def test_the_jump_square_mode_shows_the_engines_jump_forecast():
    from game.engine.systems.gu_masters.actions import Jump
    from tests.gu_masters.test_jump_map import ROWS, man, match
    m = match(ROWS, ["99900000", "99900000", "99900000"],
              [man("a", 0, 2, 1, hp=20), man("b", 1, 7, 2)])
    p = GuMastersPresenter(m)
    assert any(b.id == "jump" for b in p.buttons("a", None))
    assert (3, 1) in p.overlay("jump", "a", None).cells
    f = forecast.jump_forecast(m.state, m.state.creatures["a"], Jump("a", 3, 1))
    text = p.forecast("jump", "a", (3, 1))
    assert text.split("\n")[:3] == [
        "Jump to 3,1", f"Standing jump: {f.cost} m of movement, 1 m across · lands 100%",
        f"falls 9 m: {f.damage} dmg · 0 of 20 HP left · {pct(f.dying)} to be left dying"]
    assert p.click("jump", "a", (3, 1)).action == Jump("a", 3, 1)


@pytest.mark.rule("GU-118")
def test_a_glide_after_a_knock_off_a_ledge_is_played_on_the_map():
    from game.engine.systems.gu_masters.actions import DodgeMove
    from tests.gu_masters.test_jump_ledges import ROWS, kick, man, match
    m = match(ROWS, ["44400000", "44400000", "44400000"],
              [man("a", 0, 1, 1), man("b", 1, 2, 1, gu=["wind_wings"], sustained=["wind_wings"])])
    kick(m, [])
    assert m.decision.stage == "drift"
    p = GuMastersPresenter(m)
    assert "drift" in p.board_stages and p.prompt() is None
    glides = {(a.x, a.y) for a in m.legal_actions() if isinstance(a, DodgeMove)}
    ov = p.overlay(None, None, None)
    assert set(ov.cells) == glides and (3, 1) in glides
    assert p.forecast(None, None, (3, 1)).startswith("Stay at 3,1")
    far = next(c for c in sorted(glides) if c != (3, 1))
    assert p.forecast(None, None, far).startswith(f"Glide to {far[0]},{far[1]}\nUp to 4 m")
    assert p.click(None, None, far).action == DodgeMove("b", *far)
